/*
 * adjudicate: the one driver of fire, melee, morale, rally, fatigue and
 * move for every rule set.  It picks the rule set and the command, then
 * follows the ruling's path (ruling_path), each stage once: read the
 * inputs (parsed by the command's declaration, the dice taken), fill them
 * from the game (the units named, the modifiers their state implies),
 * check (what the turn's acts imply, every modifier against the game's
 * tables, --overrule), rule (the rule function), apply (the effects kept
 * on the units), record (the event, in the dispatcher's one transaction)
 * and render (printed only once it is kept).  A ruling without a game
 * skips what needs one; weighing the odds stops after check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "db.h"
#include "game.h"
#include "journal.h"
#include "acts.h"
#include "keep.h"
#include "jsonw.h"
#include "help.h"
#include "num.h"
#include "render.h"
#include "ruleset.h"
#include "text.h"
#include "view.h"

/* Seeds are kept below 2^53 so that every JSON reader holds them exactly. */
#define SEED_MAX ((1ULL << 53) - 1)

const struct input_decl cmd_dice_inputs[] = {
	{ "dice", IN_TEXT, "LIST", 0, 0, NULL, NULL, NULL,
	  "the faces shown, comma-separated", 0 },
	{ "roll", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "umpire rolls", 0 },
	{ "seed", IN_TEXT, "N", 0, 0, NULL, NULL, NULL, "seed for --roll", 0 },
	{ "odds", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "no dice: the exact odds of every outcome (as 'umpire odds')", 0 },
	{ "overrule", IN_TEXT, "REASON", 0, 0, NULL, NULL, NULL,
	  "in a game: rule an act the rules forbid in the unit's state or turn anyway (kept with the reason)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A ruling that names units of the game is applied and recorded in it;
 * its odds only read it.  (A stateless ruling opens no game.) */
static const struct cmd_sub ruling_forms[] = {
	{ "rule", CMD_WRITES, NULL },
	{ "weigh", CMD_GAME, NULL },
	{ NULL, 0, NULL },
};

/* Everything one ruling works in: too large for the stack, made for each
 * command (nothing carries over from one command to the next). */
struct work {
	const struct ruleset *rs;
	const struct rule_cmd *c;
	struct tableset stock;	/* the stock tables */
	const struct tableset *ts;	/* the tables that rule: stock, or
					 * the game's */
	struct game *gm;	/* the game a ruling in it works in, or NULL */
	int stateful;		/* it names units of the game, or asks it */
	int weighing;		/* --odds or `umpire odds`: no dice thrown */
	char before[256];	/* the game's standing before the effects */
	struct inputs in;
	struct result r;
	struct ruling out;
	struct dice d;
	struct ruling_units ru;
	struct ruling_effects fx;
	struct acts_implied implied;	/* what the turn's acts implied */
	unsigned short typed[INPUTS_MAX];	/* each option's items the
						 * umpire typed */
	char *args;		/* the journal's record of the ruling, made */
	char *dice;		/* as it is recorded (NULL until then) */
	char *json;
};

/*
 * The rule set: --rules, else the game's (connecting to the game, which
 * the dispatcher closes).  Returns 0 or an exit status after printing the
 * error.
 */
static int
resolve_rules(struct cmd_ctx *g, const struct ruleset **rs)
{
	struct game *gm;
	int rc;

	if (g->rules != NULL) {
		*rs = ruleset_find(g->rules);
		return 0;
	}
	if (!game_exists(g))
		return cmd_error(g, EXIT_USAGE,
		    "no rule set: there is no game at '%s' to take it from; give --rules NAME (%s), or start a game with 'umpire new --rules NAME'",
		    g->db_path, ruleset_names());
	if ((rc = game_peek(g, &gm)) != 0)
		return rc;
	*rs = gm->rs;
	return 0;
}

static uint64_t
fresh_seed(void)
{
	uint64_t seed = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (f == NULL || fread(&seed, sizeof seed, 1, f) != 1)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if (f != NULL)
		fclose(f);
	return seed & SEED_MAX;
}

/* Sets up the dice from --dice, --roll and --seed (probing when none). */
static int
setup_dice(struct cmd_ctx *g, const struct inputs *in, struct dice *d,
    int *rolled)
{
	const char *list = in_text(in, "dice"), *seed = in_text(in, "seed");
	int roll = in_flag(in, "roll") || seed != NULL;
	unsigned long long s;

	*rolled = 0;
	if (list != NULL && roll)
		return cmd_error(g, EXIT_USAGE,
		    "give --dice (the faces shown) or --roll, not both");
	if (list != NULL)
		return dice_parse_list(d, list) == 0 ? 0 :
		    cmd_error(g, exit_of_rule(d->error.code), "--dice: %s",
		    d->error.text);
	if (!roll) {
		dice_set_probe(d);
		return 0;
	}
	if (seed == NULL)
		s = fresh_seed();
	else if (num_parse_u64(seed, &s) != NUM_OK || s > SEED_MAX)
		return cmd_error(g, EXIT_DATA,
		    "--seed: '%s' is not a whole number from 0 to %llu", seed,
		    (unsigned long long)SEED_MAX);
	dice_set_roll(d, (uint64_t)s);
	*rolled = 1;
	return 0;
}

/* "fire needs dice: ..." listing the dice a probe asked for. */
static int
missing_dice(struct cmd_ctx *g, const struct dice *d)
{
	char list[1024] = "";

	for (int i = 0; i < d->nused && strlen(list) + 100 < sizeof list; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    die_named_in(d->used[i].label, d->used[i].kind) ? "%s%s" : "%s%s (%s)",
		    i ? ", " : "", d->used[i].label, die_name(d->used[i].kind));
	return cmd_error(g, EXIT_USAGE,
	    "needs dice: %s; give the faces with --dice or let umpire roll with --roll",
	    list);
}

/* A command over formations (fury fatigue) given nothing, in a game: every
 * formation of the game. */
static int
bare_over_formations(struct cmd_ctx *g, const struct inputs *in, int argc)
{
	if (argc > 0 || !game_exists(g))
		return 0;
	for (int i = 0; i < in->n; i++)
		if (in->v[i].decl->kind == IN_UNIT &&
		    (in->v[i].decl->flags & IN_FORMATION))
			return 1;
	return 0;
}

/* An option that asks the game when no counts are typed (IN_GAME_ALONE). */
static int
asks_game(struct cmd_ctx *g, const struct inputs *in)
{
	int asks = 0;

	for (int i = 0; i < in->n; i++) {
		if (!in->v[i].given)
			continue;
		if (in->v[i].decl->kind == IN_COUNT)
			return 0;
		if (in->v[i].decl->flags & IN_GAME_ALONE)
			asks = 1;
	}
	return asks && game_exists(g);
}

/* True when the ruling names units of the game, or asks for a game
 * setting (the stateful form). */
static int
names_units(const struct inputs *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->v[i].bare || (in->v[i].given && ((in->v[i].decl->kind == IN_UNIT &&
		    !(in->v[i].decl->flags & IN_SECONDARY)) ||
		    (in->v[i].decl->flags & IN_GAME))))
			return 1;
	return 0;
}

/* The game's settings fill the options that are settings (IN_SETTING)
 * unless the umpire typed a value: "a game setting can fill is filled
 * from it; an option given on the command line wins". */
static int
fill_settings(struct cmd_ctx *g, const struct game *gm, struct inputs *in)
{
	for (int i = 0; i < in->n; i++) {
		const struct input_value *v = &in->v[i];

		if (!(v->decl->flags & IN_SETTING))
			continue;
		inputs_default_from(in, &gm->options, v->decl->name);
		if (in->failed)
			return cmd_error(g, EXIT_DATA, "the game's setting '%s' does not fit this ruling: %s",
			    v->decl->name, in->error.text);
		if (v->bare && !v->given)
			return cmd_error(g, EXIT_USAGE,
			    "option '--%s' needs a value (%s): the game has no such setting",
			    v->decl->name, v->decl->arg);
	}
	return 0;
}

/* One unit named in ROLE: checks it may take that role. */
static int
take_role(struct cmd_ctx *g, struct ruling_units *ru, struct ruling_effects *fx,
    struct unit *u, const struct input_decl *d)
{
	if (u->formation && !(d->flags & IN_FORMATION))
		return cmd_error(g, EXIT_DATA,
		    "'%s' is a formation; name one of its units", u->name);
	if (!u->formation && (d->flags & IN_FORMATION) && !(d->flags & IN_EITHER))
		return cmd_error(g, EXIT_DATA, "'%s' is a unit; name a formation",
		    u->name);
	for (int j = 0; j < ru->n; j++)
		if (ru->unit[j] == u)
			return cmd_error(g, EXIT_DATA,
			    "'%s' is named twice in one ruling: a unit takes one part in it", u->name);
	return ruling_enlist(ru, u, d->name, fx) < 0 ? cmd_error(g, EXIT_BUG, "out of memory") :
	    0;
}

/* Reads the army as far as the ruling needs it: the units its options
 * name (game_army_named). */
static int
read_army(struct cmd_ctx *g, struct game *gm, const struct inputs *in)
{
	const char **names = NULL;
	int n = 0, rc;

	for (int i = 0; i < in->n; i++)
		if (in->v[i].decl->kind == IN_UNIT && in->v[i].given)
			n += in->v[i].nitems;
	if (n > 0 && (names = calloc((size_t)n, sizeof *names)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	n = 0;
	for (int i = 0; i < in->n; i++) {
		struct in_item it;

		if (in->v[i].decl->kind != IN_UNIT || !in->v[i].given)
			continue;
		for (int k = 0; in_item(in, in->v[i].decl->name, k, &it); k++)
			names[n++] = it.name;
	}
	rc = game_army_named(g, gm, names, n);
	free(names);
	return rc;
}

/* The side flags (IN_OWN, IN_ENEMY) of the role of unit i. */
static int
role_side(const struct inputs *in, const struct ruling_units *ru, int i)
{
	const struct input_value *v = inputs_get(in, ru->role[i]);

	return v != NULL ? v->decl->flags & (IN_OWN | IN_ENEMY) : 0;
}

/* CLI.md: "A fire or melee between units of the same side is refused
 * (65, naming both units and their side) unless --friendly is given."
 * Which roles oppose which is the declarations' (IN_OWN against
 * IN_ENEMY), never a rule set's words. */
static int
check_sides(struct cmd_ctx *g, const struct inputs *in,
    const struct ruling_units *ru)
{
	if (in_flag(in, "friendly"))
		return 0;
	for (int i = 0; i < ru->n; i++) {
		if (role_side(in, ru, i) != IN_OWN)
			continue;
		for (int j = 0; j < ru->n; j++)
			if (role_side(in, ru, j) == IN_ENEMY &&
			    strcmp(ru->unit[i]->side, ru->unit[j]->side) == 0)
				return cmd_error(g, EXIT_DATA,
				    "'%s' and '%s' are both of side '%s': a %s between units of the same side is refused (give --friendly to rule it)",
				    ru->unit[i]->name, ru->unit[j]->name, ru->unit[i]->side,
				    g->command);
	}
	return 0;
}

/* The first role a unit of the ruling acts against (target, defender). */
static const struct input_decl *
enemy_role(const struct inputs *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->v[i].decl->kind == IN_UNIT && (in->v[i].decl->flags & IN_ENEMY))
			return in->v[i].decl;
	return NULL;
}

/* CLI.md: "In a game, a ruling that inflicts losses names whom it hits:
 * fire --unit A without --target is refused (64) unless --no-target says
 * the shot hits nothing on the roster." */
static int
check_target(struct cmd_ctx *g, const struct inputs *in,
    const struct ruling_units *ru)
{
	const struct input_decl *enemy = enemy_role(in);
	int own = 0, against = 0;

	for (int i = 0; i < ru->n; i++) {
		own |= role_side(in, ru, i) == IN_OWN;
		against |= role_side(in, ru, i) == IN_ENEMY;
	}
	if (against && in_flag(in, "no-target"))
		return cmd_error(g, EXIT_USAGE, "--no-target and --%s do not go together",
		    enemy->name);
	if (enemy == NULL || !own || against || in_flag(in, "no-target"))
		return 0;
	if (strcmp(enemy->name, "defender") == 0)
		return cmd_error(g, EXIT_USAGE, "give both --attacker NAME and --defender NAME: a melee in the game names both sides");
	return cmd_error(g, EXIT_USAGE,
	    "the %s names no --%s: name the unit it hits with --%s NAME, or give --no-target when it hits nothing on the roster",
	    g->command, enemy->name, enemy->name);
}

/* The units named, in their roles, from the game's army. */
static int
load_units(struct cmd_ctx *g, struct game *gm, const struct inputs *in,
    struct ruling_units *ru, struct ruling_effects *fx)
{
	int rc;

	if ((rc = read_army(g, gm, in)) != 0)
		return rc;
	ru->n = 0;
	ru->army = &gm->army;
	ru->turn = gm->turn;
	ru->new_melee = in_flag(in, "new");
	for (int i = 0; i < in->n; i++) {
		const struct input_value *v = &in->v[i];
		struct in_item it;

		if (v->decl->kind != IN_UNIT || !v->given)
			continue;
		for (int k = 0; in_item(in, v->decl->name, k, &it); k++) {
			struct unit *u = game_unit(g, gm, it.name, &rc);

			if (u == NULL || (rc = take_role(g, ru, fx, u, v->decl)) != 0)
				return rc != 0 ? rc : EXIT_BUG;
		}
	}
	if ((rc = check_target(g, in, ru)) != 0)
		return rc;
	return check_sides(g, in, ru);
}

/* The dice used as a JSON array, for the caller to free; NULL when
 * memory ran out. */
static char *
dice_json(const struct dice *d)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_array(&w, NULL);
	for (int i = 0; i < d->nused; i++)
		jsonw_int(&w, NULL, d->used[i].face);
	jsonw_array_end(&w);
	return jsonw_take(&w);
}

/* The effects as the output lists them, every one but the turn's acts
 * (its memory: `umpire turn` tells them). */
static int
describe_effects(struct cmd_ctx *g, const struct game *gm,
    const struct ruling_units *ru, const struct ruling_effects *fx, struct ruling *out)
{
	if (fx->n > 0 && (out->effects = calloc((size_t)fx->n, sizeof *out->effects)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	for (int i = 0; i < fx->n; i++) {
		const struct unit_effect *e = ruling_effect(fx, i);

		if (e->kind != KEEP_ACT)
			game_effect_record(gm, ru, e, &out->effects[out->neffects++]);
	}
	return 0;
}

/* Sets out->standing when the ruling changed who has lost (BEFORE the
 * standing before its effects were kept). */
static int
standing_change(struct cmd_ctx *g, struct game *gm, const char *before,
    struct ruling *out)
{
	int rc;

	if ((rc = game_standing(g, gm, NULL, NULL, out->standing,
	    sizeof out->standing)) != 0)
		return rc;
	if (strcmp(out->standing, before) == 0)
		out->standing[0] = '\0';
	return 0;
}

/* Writes the event whole, its units, its effects and their state. */
static int
write_event(struct cmd_ctx *g, struct work *w, int argc, char **argv)
{
	struct game *gm = w->gm;
	struct ruling *out = &w->out;
	struct db_record rec;
	int st;

	if ((st = db_event_next_id(gm->db, &out->event)) != DB_OK)
		return game_fail(g, gm->db, st);
	if ((w->args = game_args_json(g->command, argc, argv)) == NULL ||
	    (w->dice = dice_json(out->dice)) == NULL ||
	    (w->json = render_json(out)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	memset(&rec, 0, sizeof rec);
	rec.id = out->event;
	rec.turn = gm->turn;
	rec.command = g->command;
	rec.args = w->args;
	rec.dice = w->dice;
	rec.output = w->json;
	rec.summary = out->result->summary;
	rec.changes = w->fx.n > 0;
	return game_journal(g, gm, &rec, &w->ru, &w->fx);
}

/* The error of a result that could not be finished (result_finish). */
static int
unfinished(struct cmd_ctx *g, const struct result *r)
{
	return cmd_error(g, EXIT_BUG, r->no_memory ? "out of memory" :
	    "the result is too large to write");
}

/*
 * Runs the rule function with the dice and checks what it left: a failure
 * (even one a rule recovered from: a rule value missing), missing dice (a
 * probe that asked for some), unused dice.
 */
static int
call_rule(struct cmd_ctx *g, const struct rule_cmd *c, const struct tableset *ts,
    struct inputs *in, struct dice *d, struct result *r)
{
	int rc = c->adjudicate(ts, in, d, r);

	if (rc == RULE_OK && r->error.code)
		rc = r->error.code;
	if (rc != RULE_OK)
		return cmd_error(g, exit_of_rule(rc), "%s",
		    ruling_error(r, d)->text);
	if (d->mode == DICE_PROBE && d->nused > 0)
		return missing_dice(g, d);
	if (dice_unused(d) > 0 && !d->ended_early)
		return cmd_error(g, EXIT_DATA,
		    "too many dice: %d given, the ruling uses %d (drop the ones after it)", d->ngiven,
		    d->nused);
	return 0;
}

/* The rule set's hook said no, or a value it filled was refused. */
static int
hook_failed(struct cmd_ctx *g, int rc, const struct result *r,
    const struct inputs *in)
{
	if (rc == RULE_OK && r->error.code)
		rc = r->error.code;
	if (rc != RULE_OK)
		return cmd_error(g, exit_of_rule(rc), "%s", r->error.text);
	if (in->failed)
		return cmd_error(g, EXIT_DATA, "a unit's stored values do not fit this ruling: %s",
		    in->error.text);
	return 0;
}

/* Every ruling says what it decided: one with no summary is a rule set's
 * bug, never recorded nor printed as an empty line. */
static int
unsaid(struct cmd_ctx *g, const struct rule_cmd *c, const struct result *r)
{
	if (r->summary[0] == '\0')
		return cmd_error(g, EXIT_BUG, "the %s ruling decided nothing it can say",
		    c->name);
	return 0;
}

/* A unit that has lost the whole of a measure that counts down (a brigade
 * with no figure left, a battery with no gunner, a fury brigade with no
 * stand) is out of the fight, as a destroyed unit: only its morale is
 * answered.  One destroyed in an earlier battle of the campaign and not
 * recovered is not on the table at all: nothing is. */
static int
in_the_fight(struct cmd_ctx *g, const struct game *gm, const struct rule_cmd *c,
    const struct ruling_units *ru)
{
	for (int i = 0; i < ru->n; i++)
		if (view_brought_out(gm, ru->unit[i]))
			return cmd_error(g, EXIT_DATA,
			    "'%s' was lost in an earlier battle of the campaign and not recovered: it is out of the fight",
			    ru->unit[i]->name);
	if (roster_hooks(gm->rs->roster, c->name)->answers_the_lost)
		return 0;
	for (int i = 0; i < ru->n; i++)
		if (view_all_lost(gm, ru->unit[i]))
			return cmd_error(g, EXIT_DATA, "'%s' has no %s left: it is out of the fight",
			    ru->unit[i]->name, gm->rs->measure);
	return 0;
}

/* What a ruling in the game takes from it: the units named (none out of
 * the fight), its settings. */
static int
game_inputs(struct cmd_ctx *g, struct game *gm, const struct rule_cmd *c,
    struct work *w)
{
	int rc;

	if ((rc = load_units(g, gm, &w->in, &w->ru, &w->fx)) != 0 ||
	    (rc = in_the_fight(g, gm, c, &w->ru)) != 0)
		return rc;
	return fill_settings(g, gm, &w->in);
}

/* --overrule REASON: every modifier the game implied (from a unit's state,
 * flags or acts of the turn) whose table forbids the act is taken out, and
 * the working says so; what the umpire typed stays. */
static int
overrule(struct cmd_ctx *g, struct game *gm, struct work *w)
{
	const char *reason = in_text(&w->in, "overrule");
	struct inputs *in = &w->in;

	for (int i = 0; reason != NULL && i < in->n; i++) {
		const struct input_decl *d = in->v[i].decl;
		const struct table *t;

		if (d->kind != IN_MODS || d->detail == NULL ||
		    (t = rule_table(&gm->ts, gm->rs->name, d->detail, &w->r)) == NULL)
			continue;
		for (int k = w->typed[i]; k < in->v[i].nitems; k++) {
			char name[RESULT_NAME];
			struct in_item it;
			double v;

			if (!in_item(in, d->name, k, &it) ||
			    rule_modifier(t, it.name, NULL, &v) != MOD_FORBID)
				continue;
			text_copy(name, sizeof name, it.name);
			result_work(&w->r, "overruled (%s): %s", reason, rule_mod_help(t, name));
			if (inputs_drop_mod(in, d->name, name) != INPUTS_OK)
				return cmd_error(g, EXIT_BUG, "cannot overrule '%s'", name);
			k--;
		}
	}
	if (w->r.error.code)
		return cmd_error(g, exit_of_rule(w->r.error.code), "%s", w->r.error.text);
	return 0;
}

/* The acts a legal ruling did, kept with its effects (core/acts.c). */
static int
keep_acts(struct game *gm, const struct rule_cmd *c, struct work *w)
{
	struct keeper k = { gm->rs->roster, &gm->ts, &w->ru, &w->fx, &w->r, 0 };

	acts_keep(&k, c->name, &w->in);
	return w->r.error.code;
}

/* ---- the ruling's path, stage by stage ---------------------------- */

/* The dice (--dice, --roll or none), and the ruling's output told what
 * it renders. */
static int
take_dice(struct cmd_ctx *g, struct work *w)
{
	int rc, rolled;

	if ((rc = setup_dice(g, &w->in, &w->d, &rolled)) != 0)
		return rc;
	w->out.rules = w->rs->name;
	w->out.command = w->c->name;
	w->out.dice = &w->d;
	w->out.rolled = rolled;
	w->out.result = &w->r;
	return 0;
}

/* 1. Read the inputs: the options by the command's declaration, whether
 * the ruling is in the game, the modifiers judged by the stock tables
 * when it is not (in the game, check judges them by its tables), and the
 * dice (none to weigh the odds). */
static int
read_inputs(struct cmd_ctx *g, struct work *w, int argc, char **argv)
{
	struct inputs *in = &w->in;
	int rc;

	inputs_init(in, w->rs->name, w->c->name, w->c->inputs, cmd_dice_inputs);
	if ((rc = inputs_parse_argv(in, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	w->stateful = names_units(in) || bare_over_formations(g, in, argc) ||
	    asks_game(g, in);
	w->weighing = g->odds || in_flag(in, "odds");
	w->stock = table_stock_set();
	w->ts = &w->stock;
	/* Without a game the stock tables judge the modifiers: a bad one (65)
	 * is reported before the missing game (66). */
	if ((!w->stateful || !game_exists(g)) &&
	    (rc = inputs_check_mods(in, w->ts)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (!w->weighing)
		return take_dice(g, w);
	if (in_given(in, "dice") || in_flag(in, "roll") || in_given(in, "seed"))
		return cmd_error(g, EXIT_USAGE,
		    "drop --dice, --roll and --seed: the odds weigh every face the dice can show");
	return 0;
}

/* 2. Fill from the game (a ruling in it): the game opened as the ruling's
 * form says, what the ruling takes from it (game_inputs), the standing
 * before the effects, and the rule set's fill hook (the modifiers the
 * units' state implies). */
static int
fill_from_game(struct cmd_ctx *g, struct work *w)
{
	const struct cmd_hooks *h;
	struct inputs *in = &w->in;
	int rc;

	if (!w->stateful)
		return 0;
	if ((rc = cmd_form(g, ruling_forms, w->weighing ? "weigh" : "rule")) != 0 ||
	    (rc = game_get(g, &w->gm)) != 0)
		return rc;
	w->ts = &w->gm->ts;
	w->fx.n = w->fx.no_memory = 0;	/* the effects are filled as they come */
	if ((rc = game_inputs(g, w->gm, w->c, w)) != 0 || (!w->weighing &&
	    (rc = game_standing(g, w->gm, NULL, NULL, w->before, sizeof w->before)) != 0))
		return rc;
	result_init(&w->r);
	for (int i = 0; i < in->n; i++)
		w->typed[i] = in->v[i].nitems;
	h = roster_hooks(w->gm->rs->roster, w->c->name);
	if (h->fill == NULL)
		return 0;
	return hook_failed(g, h->fill(w->ts, &w->ru, in, &w->r), &w->r, in);
}

/* Weighing instead of stages 4 to 7: the exact odds, nothing written. */
static int
weigh(struct cmd_ctx *g, struct work *w)
{
	return odds_report(g, w->gm != NULL ? w->gm->rs->name : w->rs->name, w->c,
	    w->ts, &w->in);
}

/* 3. Check (in the game): the modifiers the turn's acts imply (a ruling:
 * its odds weigh the units as they stand), then every modifier, typed or
 * implied, against the game's tables, once they are all in; and
 * --overrule taking out those the rules forbid. */
static int
check(struct cmd_ctx *g, struct work *w)
{
	int rc;

	if (w->gm == NULL)
		return 0;
	if (!w->weighing && (rc = hook_failed(g, acts_imply(&w->gm->rs->roster->keeps,
	    w->c->name, &w->ru, &w->in, &w->implied), &w->r, &w->in)) != 0)
		return rc;
	if ((rc = inputs_check_mods(&w->in, &w->gm->ts)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", w->in.error.text);
	return w->weighing ? 0 : overrule(g, w->gm, w);
}

/* 4. Rule: the rule function with the dice; in the game, the acts'
 * working explained and the rule set's judge hook. */
static int
rule_it(struct cmd_ctx *g, struct work *w)
{
	const struct cmd_hooks *h;
	int rc;

	if ((rc = call_rule(g, w->c, w->ts, &w->in, &w->d, &w->r)) != 0 || w->gm == NULL)
		return rc;
	acts_explain(&w->gm->rs->roster->keeps, &w->implied, w->ts, w->gm->rs->name,
	    &w->in, &w->r);
	h = roster_hooks(w->gm->rs->roster, w->c->name);
	if (h->judge == NULL)
		return 0;
	return hook_failed(g, h->judge(w->ts, &w->ru, &w->in, &w->r), &w->r, &w->in);
}

/* 5. Apply: in the game, the effects kept on the units by the engine
 * (core/keep.c) and the acts the ruling did; then the result finished,
 * and saying what it decided. */
static int
apply(struct cmd_ctx *g, struct work *w)
{
	int rc;

	if (w->gm != NULL && ((rc = hook_failed(g, keep_ruling(w->gm->rs->roster, w->ts,
	    &w->ru, &w->r, &w->fx), &w->r, &w->in)) != 0 ||
	    (rc = hook_failed(g, keep_acts(w->gm, w->c, w), &w->r, &w->in)) != 0))
		return rc;
	if (w->fx.no_memory)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (result_finish(&w->r) != 0)
		return unfinished(g, &w->r);
	return unsaid(g, w->c, &w->r);
}

/* 6. Record (in the game): the effects as the output lists them, the
 * change in who has lost, and the event written in the dispatcher's
 * transaction. */
static int
record(struct cmd_ctx *g, struct work *w, int argc, char **argv)
{
	int rc;

	if (w->gm == NULL)
		return 0;
	if ((rc = describe_effects(g, w->gm, &w->ru, &w->fx, &w->out)) != 0 ||
	    (rc = standing_change(g, w->gm, w->before, &w->out)) != 0 ||
	    (rc = write_event(g, w, argc, argv)) != 0)
		return rc;
	g->recorded = w->out.event;
	return 0;
}

/* 7. Render: the ruling as text, or its JSON (made already when it was
 * recorded); printed once the game keeps it. */
static int
render(struct cmd_ctx *g, struct work *w)
{
	if (!g->json) {
		render_text(g->out, &w->out);
		return EXIT_DONE;
	}
	if (w->json == NULL && (w->json = render_json(&w->out)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	fprintf(g->out, "%s\n", w->json);
	return EXIT_DONE;
}

/* The ruling's path: each stage once, in order.  A ruling without a game
 * passes through fill, check, apply and record with nothing to do there;
 * weighing the odds stops after check. */
static int
ruling_path(struct cmd_ctx *g, struct work *w, int argc, char **argv)
{
	int rc;

	if ((rc = read_inputs(g, w, argc, argv)) != 0 ||
	    (rc = fill_from_game(g, w)) != 0 || (rc = check(g, w)) != 0)
		return rc;
	if (w->weighing)
		return weigh(g, w);
	if ((rc = rule_it(g, w)) != 0 ||
	    (rc = apply(g, w)) != 0 || (rc = record(g, w, argc, argv)) != 0)
		return rc;
	return render(g, w);
}

/* One ruling of command c, in a workspace of its own.  Its parts are
 * cleared as they start (inputs_init, result_init, the dice's set-up), so
 * the workspace is not cleared here: a batch makes one for each line. */
static int
rule_command(struct cmd_ctx *g, const struct ruleset *rs, const struct rule_cmd *c,
    int argc, char **argv)
{
	struct work *w = malloc(sizeof *w);
	int rc;

	if (w == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	w->rs = rs;
	w->c = c;
	w->gm = NULL;
	result_init(&w->r);
	memset(&w->out, 0, sizeof w->out);
	memset(&w->ru, 0, sizeof w->ru);
	memset(&w->fx, 0, sizeof w->fx);
	w->args = w->dice = w->json = NULL;
	rc = ruling_path(g, w, argc, argv);
	ruling_units_free(&w->ru);
	ruling_effects_free(&w->fx);
	result_free(&w->r);
	free(w->out.effects);
	free(w->args);
	free(w->dice);
	free(w->json);
	free(w);
	return rc;
}

int
adjudicate_named(struct cmd_ctx *g, const char *name, int argc, char **argv)
{
	const struct ruleset *rs = NULL;
	const struct rule_cmd *c;
	int rc;

	if ((rc = resolve_rules(g, &rs)) != 0)
		return rc;
	if ((c = ruleset_cmd(rs, name)) == NULL)
		rc = cmd_error(g, EXIT_USAGE, "the %s rules have no %s dice", rs->name, name);
	else if (c->undefined != NULL)
		rc = cmd_error(g, EXIT_USAGE, "%s", c->undefined);
	else if (c->adjudicate == NULL)
		rc = cmd_error(g, EXIT_USAGE, "not implemented yet for %s", rs->name);
	else
		rc = rule_command(g, rs, c, argc, argv);
	return rc;
}

static int
adjudicate(struct cmd_ctx *g, int argc, char **argv)
{
	const struct ruleset *rs = NULL;
	struct tableset ts = table_stock_set();
	const struct rule_cmd *c;
	int rc;

	if (g->help && g->rules == NULL && !game_exists(g)) {
		help_command_any(g->out, g->command);
		return EXIT_DONE;
	}
	if ((rc = resolve_rules(g, &rs)) != 0)
		return rc;
	c = ruleset_cmd(rs, g->command);
	if (g->help && (c == NULL || c->undefined != NULL || c->adjudicate == NULL))
		/* Help says why there is none, and succeeds. */
		fprintf(g->out, "%s: %s%s%s%s\n", g->command,
		    c == NULL ? "the " : c->undefined != NULL ? c->undefined : "not implemented yet",
		    c == NULL ? rs->name : "", c == NULL ? " rules have no " : "",
		    c == NULL ? g->command : "");
	else if (c == NULL)
		rc = cmd_error(g, EXIT_USAGE, "the %s rules have no %s", rs->name, g->command);
	else if (c->undefined != NULL)
		rc = cmd_error(g, EXIT_USAGE, "%s", c->undefined);
	else if (c->adjudicate == NULL)
		rc = cmd_error(g, EXIT_USAGE, "not implemented yet for %s", rs->name);
	else if (g->help)
		help_rule_command(g->out, rs, c, &ts);
	else
		rc = rule_command(g, rs, c, argc, argv);
	return rc;
}

const struct cmd_entry cmd_fire_entry = {
	"fire", "--rules NAME fire" DICE_USAGE, "musketry, artillery, bombardment",
	CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_melee_entry = {
	"melee", "--rules NAME melee" DICE_USAGE, "melee, assault, charge",
	CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_morale_entry = {
	"morale", "--rules NAME morale" DICE_USAGE,
	"a unit's morale state or a morale check", CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_rally_entry = {
	"rally", "--rules NAME rally" DICE_USAGE, "a rally attempt", CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_fatigue_entry = {
	"fatigue", "--rules NAME fatigue" DICE_USAGE,
	"fatigue: of formations, or a unit's fatigue points", CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_move_entry = {
	"move", "--rules NAME move" DICE_USAGE,
	"how far a unit may move", CMD_ADJUDICATES, adjudicate,
	NULL, NULL, NULL,
};
