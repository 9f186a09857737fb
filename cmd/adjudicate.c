/*
 * adjudicate: the one driver of fire, melee, morale, rally, fatigue and
 * move for every rule set.  It picks the rule set, finds the command,
 * parses the inputs by the command's declaration, takes the dice (--dice,
 * --roll, or none), calls the rule function and renders the one result.
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
#include "jsonw.h"
#include "help.h"
#include "num.h"
#include "render.h"
#include "ruleset.h"

static const struct input_decl dice_inputs[] = {
	{ "dice", IN_TEXT, "LIST", 0, 0, NULL, NULL, NULL,
	  "the faces shown, comma-separated", 0 },
	{ "roll", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "umpire rolls", 0 },
	{ "seed", IN_TEXT, "N", 0, 0, NULL, NULL, NULL, "seed for --roll", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/*
 * The rule set: --rules, else the game's (the game file is read only to
 * learn it).  Returns 0 or an exit status after printing the error.
 */
static int
resolve_rules(const struct global *g, const struct ruleset **rs)
{
	char name[32];
	int rc;

	if (g->rules != NULL) {
		*rs = ruleset_find(g->rules);
		return 0;
	}
	rc = db_peek_rules(g->db_path, name, sizeof name);
	if (rc == DB_NOFILE)
		return cmd_error(g, EXIT_USAGE,
		    "no rule set: give --rules NAME (brigade, squares, fury, 2x2, ohw) or start a game with 'umpire new --rules NAME'");
	if (rc != DB_OK)
		return cmd_error(g, db_exit_status(rc), "%s", db_last_error());
	*rs = ruleset_find(name);
	if (*rs == NULL)
		return cmd_error(g, EXIT_DATA, "the game's rule set '%s' is unknown",
		    name);
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
	return seed;
}

/* Sets up the dice from --dice, --roll and --seed (probing when none). */
static int
setup_dice(const struct global *g, const struct inputs *in, struct dice *d,
    int *rolled)
{
	const char *list = in_text(in, "dice"), *seed = in_text(in, "seed");
	int roll = in_flag(in, "roll") || seed != NULL;
	unsigned long long s;

	*rolled = 0;
	if (list != NULL && roll)
		return cmd_error(g, EXIT_USAGE,
		    "--dice and --roll/--seed do not go together");
	if (list != NULL)
		return dice_parse_list(d, list) == 0 ? 0 :
		    cmd_error(g, EXIT_DATA, "--dice: %s", d->error);
	if (!roll) {
		dice_set_probe(d);
		return 0;
	}
	if (seed == NULL)
		s = fresh_seed();
	else if (num_parse_u64(seed, &s) != NUM_OK)
		return cmd_error(g, EXIT_DATA,
		    "--seed: '%s' is not a whole number from 0 to 18446744073709551615",
		    seed);
	dice_set_roll(d, (uint64_t)s);
	*rolled = 1;
	return 0;
}

/* "fire needs dice: ..." listing the dice a probe asked for. */
static int
missing_dice(const struct global *g, const struct dice *d)
{
	char list[1024] = "";

	for (int i = 0; i < d->nused && strlen(list) + 100 < sizeof list; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s (%s)", i ? ", " : "", d->used[i].label,
		    die_name(d->used[i].kind));
	return cmd_error(g, EXIT_USAGE,
	    "needs dice: %s; give the faces with --dice or let umpire roll with --roll",
	    list);
}

/* A command over formations (fury fatigue) given nothing, in a game: every
 * formation of the game. */
static int
bare_over_formations(const struct global *g, const struct inputs *in, int argc)
{
	if (argc > 0 || !db_file_exists(g->db_path))
		return 0;
	for (int i = 0; i < in->n; i++)
		if (in->v[i].decl->kind == IN_UNIT &&
		    (in->v[i].decl->flags & IN_FORMATION))
			return 1;
	return 0;
}

/* True when the ruling names units of the game (the stateful form). */
static int
names_units(const struct inputs *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->v[i].given && ((in->v[i].decl->kind == IN_UNIT &&
		    !(in->v[i].decl->flags & IN_SECONDARY)) ||
		    (in->v[i].decl->flags & IN_GAME)))
			return 1;
	return 0;
}

/* Every unit of the game, for rule sets whose rulings need the whole
 * order of battle (a standing: victory, fatigue). */
static int
load_all(const struct global *g, struct game *gm, struct ruling_units *ru)
{
	static struct unit *units;
	static struct unit **ptrs;
	int n, rc;

	ru->all = NULL;
	ru->nall = 0;
	if (gm->rs->roster->standing == NULL)
		return 0;
	free(units);
	free(ptrs);
	units = NULL;
	ptrs = NULL;
	if ((rc = game_all_units(g, gm, &units, &n)) != 0)
		return rc;
	if ((ptrs = malloc(((size_t)n + 1) * sizeof *ptrs)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	for (int i = 0; i < n; i++)
		ptrs[i] = &units[i];
	ru->all = ptrs;
	ru->nall = n;
	return 0;
}

/* The units named, in their roles, loaded from the game. */
static int
load_units(const struct global *g, struct game *gm, const struct inputs *in,
    struct ruling_units *ru)
{
	static struct unit units[RULING_UNITS];
	struct db_unit row;
	int rc;

	ru->n = 0;
	ru->turn = gm->turn;
	ru->new_melee = in_flag(in, "new");
	for (int i = 0; i < in->n; i++) {
		const struct input_value *v = &in->v[i];

		if (v->decl->kind != IN_UNIT || !v->given)
			continue;
		for (int k = 0; k < v->nitems; k++) {
			if (ru->n == RULING_UNITS)
				return cmd_error(g, EXIT_USAGE, "too many units in one ruling");
			memset(&units[ru->n], 0, sizeof units[ru->n]);
			if ((rc = game_unit(g, gm, v->items[k].name, &row,
			    &units[ru->n])) != 0)
				return rc;
			if (row.formation && !(v->decl->flags & IN_FORMATION))
				return cmd_error(g, EXIT_DATA,
				    "'%s' is a formation; name one of its units", row.name);
			if (!row.formation && (v->decl->flags & IN_FORMATION) &&
			    !(v->decl->flags & IN_EITHER))
				return cmd_error(g, EXIT_DATA,
				    "'%s' is a unit; name a formation", row.name);
			for (int j = 0; j < ru->n; j++)
				if (ru->unit[j]->id == units[ru->n].id)
					return cmd_error(g, EXIT_DATA,
					    "'%s' is named twice in one ruling", row.name);
			ru->unit[ru->n] = &units[ru->n];
			ru->role[ru->n++] = v->decl->name;
		}
	}
	return 0;
}

static const char *const ledger_kinds[] = {
	[LEDGER_LOSS] = "loss", [LEDGER_DEFENCE] = "defence",
	[LEDGER_STATE] = "state", [LEDGER_FLAG] = "flag",
	[LEDGER_PUSHBACK] = "pushback", [LEDGER_MELEE] = "melee",
	[LEDGER_MORALE] = "morale",
};

/* The JSON array of the command line, for the journal. */
static void
args_json(const char *command, int argc, char **argv, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_array(&w, NULL);
	jsonw_string(&w, NULL, command);
	for (int i = 0; i < argc; i++)
		jsonw_string(&w, NULL, argv[i]);
	jsonw_array_end(&w);
}

static void
dice_json(const struct dice *d, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_array(&w, NULL);
	for (int i = 0; i < d->nused; i++)
		jsonw_int(&w, NULL, d->used[i].face);
	jsonw_array_end(&w);
}

/* The effects as the output lists them. */
static void
describe_effects(const struct ruleset *rs, const struct ruling_units *ru,
    const struct ruling_effects *fx, struct ruling *out)
{
	for (int i = 0; i < fx->n && out->napplied < RULING_APPLIED; i++) {
		const struct unit_effect *e = &fx->e[i];
		struct applied *a = &out->applied[out->napplied++];

		snprintf(a->unit, sizeof a->unit, "%s", ru->unit[e->unit]->name);
		snprintf(a->what, sizeof a->what, "%s",
		    e->ledger == LEDGER_LOSS ? rs->measure :
		    e->ledger == LEDGER_FLAG ? e->name : ledger_kinds[e->ledger]);
		if (e->ledger == LEDGER_MORALE)
			snprintf(a->part, sizeof a->part, "%s", e->name);
		a->amount = e->amount;
		snprintf(a->state, sizeof a->state, "%s", e->state);
		snprintf(a->note, sizeof a->note, "%s", e->note);
	}
}

/* The standing before this ruling, kept to see whether it changed. */
static char standing_before[256];

/* Sets out->standing when the ruling changed who has lost. */
static int
standing_change(const struct global *g, struct game *gm, struct ruling *out)
{
	int rc = game_standing(g, gm, NULL, out->standing, sizeof out->standing);

	if (rc == 0 && strcmp(out->standing, standing_before) == 0)
		out->standing[0] = '\0';
	return rc;
}

/* Writes the event, its units and its effects; sets ru_out->event. */
static int
record(const struct global *g, struct game *gm, const struct ruling_units *ru,
    const struct ruling_effects *fx, int argc, char **argv, struct ruling *out)
{
	static char args[16384], dice[2048], json[RESULT_JSON + 65536];
	long long id;
	int st, rc;

	args_json(g->command, argc, argv, args, sizeof args);
	if ((st = db_event_add(gm->db, gm->turn, g->command, args,
	    out->result->summary, &id)) != DB_OK)
		return game_fail(g, st);
	for (int i = 0; i < ru->n; i++)
		if ((st = db_event_unit(gm->db, id, ru->unit[i]->id, ru->role[i])) != DB_OK)
			return game_fail(g, st);
	for (int i = 0; i < fx->n; i++) {
		const struct unit_effect *e = &fx->e[i];

		if ((st = db_effect_add(gm->db, id, ru->unit[e->unit]->id,
		    ledger_kinds[e->ledger], e->name, e->amount, e->total, e->ref,
		    e->note)) != DB_OK)
			return game_fail(g, st);
	}
	out->event = id;
	if ((rc = standing_change(g, gm, out)) != 0)
		return rc;
	dice_json(out->dice, dice, sizeof dice);
	if (render_json(out, json, sizeof json) != 0)
		return cmd_error(g, EXIT_BUG, "the ruling is too large to record");
	if ((st = db_event_finish(gm->db, id, dice, json)) != DB_OK)
		return game_fail(g, st);
	return 0;
}

static int
print_ruling(const struct global *g, const struct ruling *ru)
{
	static char json[RESULT_JSON + 65536];

	if (!g->json) {
		render_text(stdout, ru);
		return EXIT_DONE;
	}
	if (render_json(ru, json, sizeof json) != 0)
		return cmd_error(g, EXIT_BUG, "the output is too large to write");
	puts(json);
	return EXIT_DONE;
}

/*
 * Runs the rule function with the dice and checks what it left: missing
 * dice (a probe that asked for some), unused dice, an oversized result.
 */
static int
rule(const struct global *g, const struct rule_cmd *c, const struct tableset *ts,
    struct inputs *in, struct dice *d, struct result *r)
{
	int rc = c->adjudicate(ts, in, d, r);

	if (rc != RULE_OK)
		return cmd_error(g, rc, "%s", r->error[0] ? r->error : d->error);
	if (d->mode == DICE_PROBE && d->nused > 0)
		return missing_dice(g, d);
	if (dice_unused(d) > 0 && !d->ended_early)
		return cmd_error(g, EXIT_DATA,
		    "too many dice: %d given, the ruling uses %d", d->ngiven,
		    d->nused);
	return 0;
}

/* The stateful form: units from the game, the result applied and recorded
 * in one transaction. */
static int
run_in_game(const struct global *g, const struct ruleset *rs,
    const struct rule_cmd *c, int argc, char **argv, struct inputs *in,
    struct dice *d, struct result *r, struct ruling *out)
{
	static struct ruling_units ru;
	static struct ruling_effects fx;
	struct game gm;
	int rc;

	if ((rc = game_open(g, 1, &gm)) != 0)
		return rc;
	if (rs->roster == NULL)
		return game_close(g, &gm, cmd_error(g, EXIT_USAGE,
		    "not implemented yet in a game for %s", rs->name));
	/* Modifier names are checked against the game's own tables. */
	rc = inputs_parse(in, rs->name, c->name, c->inputs, dice_inputs, argc,
	    argv, &gm.ts);
	if (rc != 0)
		return game_close(g, &gm, cmd_error(g, rc, "%s", in->error));
	memset(&fx, 0, sizeof fx);
	result_init(r);
	if ((rc = game_standing(g, &gm, NULL, standing_before,
	    sizeof standing_before)) != 0)
		return game_close(g, &gm, rc);
	if ((rc = load_units(g, &gm, in, &ru)) != 0 ||
	    (rc = load_all(g, &gm, &ru)) != 0 ||
	    (rs->roster->fill(&gm.ts, c->name, &ru, in, r) != RULE_OK &&
	    (rc = cmd_error(g, RULE_DATA, "%s", r->error)) != 0) ||
	    (rc = rule(g, c, &gm.ts, in, d, r)) != 0)
		return game_close(g, &gm, rc);
	if (rs->roster->apply(&gm.ts, c->name, &ru, in, r, &fx) != RULE_OK)
		return game_close(g, &gm, cmd_error(g, EXIT_DATA, "%s", r->error));
	if (result_finish(r) != 0)
		return game_close(g, &gm, cmd_error(g, EXIT_BUG, "the result is too large to write"));
	describe_effects(rs, &ru, &fx, out);
	if ((rc = record(g, &gm, &ru, &fx, argc, argv, out)) != 0)
		return game_close(g, &gm, rc);
	if ((rc = game_close(g, &gm, 0)) != 0)
		return rc;
	return print_ruling(g, out);
}

static int
run(const struct global *g, const struct ruleset *rs,
    const struct rule_cmd *c, int argc, char **argv)
{
	struct tableset ts = table_stock_set();
	static struct inputs in;
	static struct result r;
	static struct ruling ru;
	static struct dice d;
	int rc, rolled;

	/* Modifier names are checked once the tables are known: the stock
	 * ones here, the game's own in the stateful form. */
	rc = inputs_parse(&in, rs->name, c->name, c->inputs, dice_inputs,
	    argc, argv, NULL);
	/* Without a game the stock tables judge the modifiers: a bad one (65)
	 * is reported before the missing game (66). */
	if (rc == 0 && (!names_units(&in) || !db_file_exists(g->db_path)))
		rc = inputs_parse(&in, rs->name, c->name, c->inputs, dice_inputs,
		    argc, argv, &ts);
	if (rc != 0)
		return cmd_error(g, rc, "%s", in.error);
	if ((rc = setup_dice(g, &in, &d, &rolled)) != 0)
		return rc;
	memset(&ru, 0, sizeof ru);
	ru.rules = rs->name;
	ru.command = c->name;
	ru.dice = &d;
	ru.rolled = rolled;
	ru.result = &r;
	if (names_units(&in) || bare_over_formations(g, &in, argc))
		return run_in_game(g, rs, c, argc, argv, &in, &d, &r, &ru);
	result_init(&r);
	if ((rc = rule(g, c, &ts, &in, &d, &r)) != 0)
		return rc;
	if (result_finish(&r) != 0)
		return cmd_error(g, EXIT_BUG, "the result is too large to write");
	return print_ruling(g, &ru);
}

int
adjudicate_named(struct global *g, const char *name, int argc, char **argv)
{
	const struct ruleset *rs = NULL;
	const struct rule_cmd *c;
	int rc;

	if ((rc = resolve_rules(g, &rs)) != 0)
		return rc;
	if ((c = ruleset_cmd(rs, name)) == NULL || c->adjudicate == NULL)
		return cmd_error(g, EXIT_USAGE, "the %s rules have no %s dice", rs->name, name);
	return run(g, rs, c, argc, argv);
}

static int
adjudicate(struct global *g, int argc, char **argv)
{
	const struct ruleset *rs = NULL;
	struct tableset ts = table_stock_set();
	const struct rule_cmd *c;
	int rc;

	if (g->help && g->rules == NULL && !db_file_exists(g->db_path)) {
		help_command_any(stdout, g->command);
		return EXIT_DONE;
	}
	if ((rc = resolve_rules(g, &rs)) != 0)
		return rc;
	c = ruleset_cmd(rs, g->command);
	if (c->undefined != NULL)
		return cmd_error(g, EXIT_USAGE, "%s", c->undefined);
	if (c->adjudicate == NULL)
		return cmd_error(g, EXIT_USAGE, "not implemented yet for %s",
		    rs->name);
	if (g->help) {
		help_rule_command(stdout, rs, c, &ts);
		return EXIT_DONE;
	}
	return run(g, rs, c, argc, argv);
}

const struct cmd_entry cmd_fire_entry = {
	"fire", "fire --rules R [OPTIONS]", "musketry, artillery, bombardment",
	0, adjudicate,
};
const struct cmd_entry cmd_melee_entry = {
	"melee", "melee --rules R [OPTIONS]", "melee, assault, charge",
	0, adjudicate,
};
const struct cmd_entry cmd_morale_entry = {
	"morale", "morale --rules R [OPTIONS]",
	"a unit's morale state or a morale check", 0, adjudicate,
};
const struct cmd_entry cmd_rally_entry = {
	"rally", "rally --rules R [OPTIONS]", "a rally attempt", 0, adjudicate,
};
const struct cmd_entry cmd_fatigue_entry = {
	"fatigue", "fatigue --rules R [OPTIONS]",
	"fatigue of formations (fury), fatigue points (ohw)", 0, adjudicate,
};
const struct cmd_entry cmd_move_entry = {
	"move", "move --rules R [OPTIONS]",
	"how far a unit may move", 0, adjudicate,
};
