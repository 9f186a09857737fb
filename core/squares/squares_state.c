/*
 * squares: the game's side of the rules: unit ratings, filling a ruling's
 * options from the units named, applying its effects, a unit's view.
 */
#include <stdio.h>
#include <string.h>

#include "keep.h"
#include "squares.h"
#include "text.h"

/* The unit types: a mixed brigade (infantry with its cavalry) is rated
 * and assaults as infantry. */
static const struct unit_type squares_types[] = {
	{ "infantry", "infantry", NULL, NULL },
	{ "cavalry", "cavalry", NULL, NULL },
	{ "mixed", "infantry", "mixed", NULL },
	{ "foot-artillery", "artillery", "foot", NULL },
	{ "horse-artillery", "artillery", "horse", NULL },
	{ NULL, NULL, NULL, NULL },
};

/* True when TYPE is a unit type of ARM. */
static int
is_arm(const char *type, const char *arm)
{
	return roster_is(&squares_roster, type, arm, NULL);
}

/* A command's rating: its general's die. */
static const struct input_decl formation_inputs[] = {
	{ "quality", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "the general's die for the dice-off (d6, d8, d10, d12)", 0 },
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units' (kept, unused)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct input_decl rating_inputs[] = {
	{ "skirmish", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "skirmish die (infantry, mixed)", 0 },
	{ "quality", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "quality die (infantry, mixed, cavalry)", 0 },
	{ "morale", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL, "morale die", 0 },
	{ "heavy", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "heavy cavalry", 0 },
	{ "light", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "light cavalry", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
squares_rate(const struct tableset *ts, const char *type,
    const struct inputs *rt, long *start, double *cost, struct result *r)
{
	int artillery = is_arm(type, "artillery");
	int cavalry = is_arm(type, "cavalry");
	const char *an = strchr("aeiou", type[0]) != NULL ? "an" : "a";

	(void)ts;
	*start = 0;
	*cost = 0;
	if (!in_given(rt, "morale"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --morale dN", an, type);
	if (!artillery && !in_given(rt, "quality"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --quality dN", an, type);
	if (!artillery && !cavalry && !in_given(rt, "skirmish"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --skirmish dN", an, type);
	if ((artillery || cavalry) && in_given(rt, "skirmish"))
		return result_fail(r, RULE_DATA, "--skirmish is for infantry and mixed brigades");
	if (artillery && in_given(rt, "quality"))
		return result_fail(r, RULE_DATA, "artillery is rated for morale only");
	if ((in_flag(rt, "heavy") || in_flag(rt, "light")) && !cavalry)
		return result_fail(r, RULE_DATA, "--heavy and --light are for cavalry");
	if (in_flag(rt, "heavy") && in_flag(rt, "light"))
		return result_fail(r, RULE_DATA, "cavalry is heavy or light, not both");
	return RULE_OK;
}

/* The assault spec of a unit as typed parts: inf:dS/dQ, heavy-cav:dQ,
 * foot-art...; returns the number of parts. */
static int
unit_parts(const struct unit *u, struct spec_part *p, const char **words)
{
	enum die_kind s = DIE_D6, q = DIE_D6;

	memset(p, 0, SPEC_PARTS * sizeof *p);
	p[0].kind = PART_WORD;
	die_parse(in_text(u->ratings, "skirmish") ? in_text(u->ratings, "skirmish") : "", &s);
	die_parse(in_text(u->ratings, "quality") ? in_text(u->ratings, "quality") : "", &q);
	if (is_arm(u->type, "artillery")) {
		words[0] = roster_is(&squares_roster, u->type, "artillery", "foot") ?
		    "foot-art" : "horse-art";
		return 1;
	}
	p[1].kind = PART_DIE;
	if (is_arm(u->type, "cavalry")) {
		words[0] = in_flag(u->ratings, "heavy") ? "heavy-cav" :
		    in_flag(u->ratings, "light") ? "light-cav" : "cav";
		p[1].die = (unsigned char)q;
		return 2;
	}
	words[0] = roster_is(&squares_roster, u->type, "infantry", "mixed") ? "mixed" : "inf";
	p[1].die = (unsigned char)s;
	p[2].kind = PART_DIE;
	p[2].die = (unsigned char)q;
	return 3;
}

/* The spec as text, for the sheet. */
static void
unit_spec(const struct unit *u, char *buf, size_t n)
{
	struct spec_part p[SPEC_PARTS];
	const char *words[SPEC_PARTS] = { NULL };
	int np = unit_parts(u, p, words);

	if (np == 1)
		text_copy(buf, n, words[0]);
	else if (np == 2)
		snprintf(buf, n, "%s:%s", words[0], die_name((enum die_kind)p[1].die));
	else
		snprintf(buf, n, "%s:%s/%s", words[0], die_name((enum die_kind)p[1].die),
		    die_name((enum die_kind)p[2].die));
}

static const char *
test_type(const struct unit *u)
{
	return is_arm(u->type, "artillery") ? u->type : "brigade";
}

/* The specs of every unit in ROLE into OPT, unless the umpire typed it;
 * each unit named for the working by its place ("attacker:0"). */
static void
fill_specs(const struct ruling_units *ru, const char *role, struct inputs *in,
    const char *opt, struct result *r)
{
	int n = 0;

	if (in_given(in, opt))
		return;
	for (int i = 0; i < ru->n; i++) {
		struct spec_part p[SPEC_PARTS];
		const char *words[SPEC_PARTS] = { NULL };
		char placed[EFFECT_ROLE];
		int np;

		if (strcmp(ru->role[i], role) != 0)
			continue;
		snprintf(placed, sizeof placed, "%s:%d", role, n++);
		result_name(r, placed, ru->unit[i]->name);
		np = unit_parts(ru->unit[i], p, words);
		if (in->failed == 0 && inputs_add_spec(in, opt, p, words, np) != 0)
			in->failed = RULE_DATA;
	}
}

static void
fill_morale(const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	int tested = 0, mates = 0;

	if (in_given(in, "test"))
		return;
	for (int i = 0; i < ru->n; i++) {
		const struct unit *u = ru->unit[i];
		struct spec_part p[3];
		const char *words[3] = { test_type(u), NULL, NULL };
		char placed[EFFECT_ROLE];
		enum die_kind k = DIE_D6;

		if (strcmp(ru->role[i], "square-mates") == 0) {
			mates++;
			continue;
		}
		memset(p, 0, sizeof p);
		die_parse(in_text(u->ratings, "morale"), &k);
		p[0].kind = PART_WORD;
		p[1].kind = PART_DIE;
		p[1].die = (unsigned char)k;
		p[2].kind = PART_COUNT;
		p[2].n = unit_lost(u);
		if (in->failed == 0 && inputs_add_spec(in, "test", p, words, 3) != 0)
			in->failed = RULE_DATA;
		snprintf(placed, sizeof placed, "unit:%d", tested++);
		result_name(r, placed, u->name);
	}
	if (mates > 0)
		inputs_default_count(in, "square-units", tested + mates);
}

/* turn --general A --general B: the dice-off from their generals' dice. */
static int
fill_dice_off(const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	int n = 0;

	if (in_given(in, "dice-off"))
		return RULE_OK;
	for (int i = 0; i < ru->n; i++) {
		const struct unit *u = ru->unit[i];
		struct spec_part p;
		const char *words[1] = { NULL };
		char placed[EFFECT_ROLE];
		enum die_kind k;

		if (strcmp(ru->role[i], "general") != 0)
			continue;
		if (in_text(u->ratings, "quality") == NULL ||
		    die_parse(in_text(u->ratings, "quality"), &k) != 0)
			return result_fail(r, RULE_DATA,
			    "'%s' has no general's die: give it one with 'unit set \"%s\" --quality dN'",
			    u->name, u->name);
		memset(&p, 0, sizeof p);
		p.kind = PART_DIE;
		p.die = (unsigned char)k;
		if (inputs_add_spec(in, "dice-off", &p, words, 1) != 0)
			return result_fail(r, RULE_DATA, "%s", in->error.text);
		snprintf(placed, sizeof placed, "general:%d", n++);
		result_name(r, placed, u->name);
	}
	if (n != 2)
		return result_fail(r, RULE_USAGE, "a dice-off is between two generals: --general A --general B");
	return RULE_OK;
}

/* turn --action-dice in a game: "one d3 per command", the commands of
 * its order of battle (formations of type command, both sides). */
static int
fill_commands(const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	long n = 0;

	if (in_given(in, "commands"))
		return RULE_OK;
	for (int i = 0; i < ru->army->n; i++)
		n += ru->army->u[i].formation && strcmp(ru->army->u[i].type, "command") == 0;
	if (n == 0)
		return result_fail(r, RULE_DATA,
		    "the game has no commands: add them ('unit add NAME --type command --side S') or give --commands N");
	inputs_default_count(in, "commands", n);
	result_work(r, "--commands %ld: the game's command formations", n);
	return RULE_OK;
}

/* Every command in a game: a destroyed unit does nothing. */
static int
none_destroyed(const struct ruling_units *ru, struct result *r)
{
	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->unit[i]->state, "destroyed") == 0)
			return result_fail(r, RULE_DATA, "'%s' is destroyed", ru->unit[i]->name);
	return RULE_OK;
}

/* A flag the unit carries this turn as the option the rule reads (the
 * bar on acting after a rally lifted by --overrule). */
static void
carry_flag(const struct unit *u, const char *flag, struct inputs *in, const char *option)
{
	if (unit_flag(u, flag) && (strcmp(flag, "rallied") != 0 || !in_given(in, "overrule")))
		inputs_default_flag(in, option);
}

static int
melee_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	fill_specs(ru, "attacker", in, "attacker-spec", r);
	fill_specs(ru, "defender", in, "defender-spec", r);
	for (int i = 0; i < ru->n; i++) {
		if (strcmp(ru->role[i], "attacker") != 0)
			continue;
		carry_flag(ru->unit[i], "bombarded", in, "attacker-bombarded");
		carry_flag(ru->unit[i], "rallied", in, "attacker-rallied");
	}
	return RULE_OK;
}

static int
morale_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	fill_morale(ru, in, r);
	return RULE_OK;
}

static int
turn_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	return in_flag(in, "action-dice") ? fill_commands(ru, in, r) :
	    fill_dice_off(ru, in, r);
}

static int
fire_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	if (u == NULL)
		return RULE_OK;
	if (!is_arm(u->type, "artillery"))
		return result_fail(r, RULE_DATA, "'%s' is not artillery: only artillery bombards", u->name);
	inputs_default_word(in, "artillery", roster_kind(&squares_roster, u->type));
	carry_flag(u, "moved", in, "moved");
	carry_flag(u, "rallied", in, "rallied");
	return RULE_OK;
}

static int
rally_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	if (u != NULL) {
		inputs_default_count(in, "hits", unit_lost(u));
		inputs_default_word(in, "morale", in_text(u->ratings, "morale"));
	}
	return RULE_OK;
}

static int
move_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	(void)ts;
	if (none_destroyed(ru, r) != RULE_OK)
		return RULE_DATA;
	if (u == NULL)
		return RULE_OK;
	inputs_default_word(in, "type", is_arm(u->type, "cavalry") &&
	    in_flag(u->ratings, "light") ? "light-cavalry" : u->type);
	carry_flag(u, "bombarded", in, "bombarded");
	carry_flag(u, "rallied", in, "rallied");
	return RULE_OK;
}

/* What befalls a unit of an assault or a morale test, told. */
static void
squares_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const char *name = k->ru->unit[ui]->name;

	if (e->kind != KEEP_PART)
		return;
	if (strcmp(e->name, "dice-off") == 0)
		snprintf(e->note, sizeof e->note,
		    "%s activates his command (l.45: \"Winning general activates his command\")", name);
	else if (strcmp(e->name, "must-retreat") == 0)
		snprintf(e->note, sizeof e->note,
		    "%s must retreat: more than half of its square has gone", name);
	else
		snprintf(e->note, sizeof e->note, "%s %s to an adjacent square to its rear",
		    name, e->name);
}

/* l.46-47: each dice-off gives its winner the highest die left; "Once one
 * side's generals have all activated any remaining action dice are
 * allocated to inactive generals on the opposing side".  A side's dice
 * left are the pool's rest while one of its commands has not acted. */
static void
squares_dice_left(const struct army *a, const long *pool, int npool,
    void (*fn)(void *ctx, const char *side, const long *dice, int n), void *ctx)
{
	int won = 0;

	for (int i = 0; i < a->n; i++)
		won += unit_act(&a->u[i], "activated") != NULL;
	for (int i = 0; i < a->n; i++) {
		const struct unit *u = &a->u[i];
		int seen = 0, waiting = 0;

		for (int j = 0; j < i && !seen; j++)
			seen = strcmp(a->u[j].side, u->side) == 0;
		if (seen)
			continue;	/* each side once, where it first stands */
		for (int j = i; j < a->n; j++)
			waiting |= strcmp(a->u[j].side, u->side) == 0 && a->u[j].formation &&
			    strcmp(a->u[j].type, "command") == 0 && unit_act(&a->u[j], "activated") == NULL;
		fn(ctx, u->side, pool + (won < npool ? won : npool),
		    waiting && won < npool ? npool - won : 0);
	}
}

/* What a unit may not do for its state this turn (l.97, l.118, l.152). */
static void
squares_may_not(const struct tableset *ts, const struct unit *u,
    void (*fn)(void *ctx, const char *what, const char *rule, const char *why),
    void *ctx, struct result *r)
{
	(void)ts;
	(void)r;
	if (unit_flag(u, "rallied"))
		fn(ctx, "move, bombard or assault", "squares.txt l.152", "it rallied: that takes all its actions");
	if (roster_is(&squares_roster, u->type, "artillery", "foot") && unit_flag(u, "moved"))
		fn(ctx, "bombard", "squares.txt l.97", "foot artillery that moved");
	if (roster_is(&squares_roster, u->type, "artillery", "foot") && unit_flag(u, "bombarded"))
		fn(ctx, "move or join an attack", "squares.txt l.97", "foot artillery that bombarded");
}

/* A dice-off in a game says who won by name. */
static int
turn_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	(void)ts;
	(void)in;
	for (int i = 0; i < r->neffects; i++) {
		int ui = ruling_index(ru, r->effects[i].role);

		if (ui >= 0 && strcmp(r->effects[i].word, "dice-off") == 0)
			result_summary(r, "%s wins the dice-off", ru->unit[ui]->name);
	}
	return RULE_OK;
}

/* What a ruling in a game fills and adds, command by command. */
static const struct cmd_hooks squares_hooks[] = {
	{ .command = "fire", .fill = fire_fill },
	{ .command = "melee", .fill = melee_fill },
	{ .command = "morale", .fill = morale_fill, .answers_the_lost = 1 },
	{ .command = "rally", .fill = rally_fill },
	{ .command = "move", .fill = move_fill },
	{ .command = "turn", .fill = turn_fill, .judge = turn_judge },
	{ .command = NULL },
};

static void
squares_view(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct unit_view *v, struct result *r)
{
	char spec[64];

	(void)ts;
	(void)a;
	if (u->formation)
		return;
	text_copy(v->state, sizeof v->state, u->state[0] ? u->state : "ok");
	view_int(v, 0, unit_lost(u));
	result_int(r, "hits", unit_lost(u));
	unit_spec(u, spec, sizeof spec);
	result_word(r, "spec", spec);
	view_fact(v, r, "{}, morale {}", 2, sheet_word(spec),
	    sheet_word(in_text(u->ratings, "morale")));
}

static const struct sheet_column squares_columns[] = {
	{ "hits", "hits", 4, 1, SHEET_BOTH },
	{ "state", "state", 0, 2, SHEET_BOTH },
	{ NULL, NULL, 0, 0, SHEET_BOTH },
};

/* Hit markers lie on the table beside the unit (squares.txt). */
static const struct ledger_decl squares_ledgers[] = {
	/* Four hit markers make four morale dice, of which two failing
	 * destroy the unit: four is told as spent (fog hidden). */
	{ .name = "loss", .word = "hit markers", .one = "hit marker",
	  .tally = TALLY_SUM, .sight = SIGHT_TABLE, .band_start = 4 },
	{ .name = NULL },
};

static const struct word_decl squares_states[] = {
	{ .word = "destroyed", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

/* What a unit did this turn: l.97, the turn's memory, cleared at the
 * next turn whoever set it. */
static const struct word_decl squares_flags[] = {
	{ .word = "moved", .sight = SIGHT_TABLE, .turn_clears = 1,
	  .said = "has moved", .unsaid = "may move again" },
	{ .word = "bombarded", .sight = SIGHT_TABLE, .turn_clears = 1,
	  .said = "has bombarded", .unsaid = "may bombard again" },
	/* l.152: a battlefield rally "takes all of a unit's actions" */
	{ .word = "rallied", .sight = SIGHT_TABLE, .turn_clears = 1,
	  .said = "has rallied (all its actions this turn)", .unsaid = "may act again" },
	{ .word = NULL },
};

/* The actions a unit spends in a turn (l.68: "These actions may be used
 * to move, bombard with artillery, or launch an assault"), and the
 * general whose command won an action die. */
static const struct act_decl squares_acts[] = {
	{ "moved", "moved", "move", "unit", NULL },
	{ "bombarded", "bombarded", "fire", "unit", NULL },
	{ "bombarded-by", "was bombarded", "fire", "target", NULL },
	{ "assaulted", "launched an assault", "melee", "attacker", NULL },
	{ "defended", "defended an assault", "melee", "defender", NULL },
	{ "tested", "tested its morale", "morale", "unit", NULL },
	{ "rallied", "rallied", "rally", "unit", NULL },
	{ "activated", "won an action die", "turn", "general", "part:dice-off" },
	{ NULL, NULL, NULL, NULL, NULL },
};

/* l.152: "Battlefield rallying takes all of a unit's actions for the turn":
 * a unit that has spent one may not rally on the battlefield. */
static const struct act_rule squares_act_rules[] = {
	{ "moved", "rally", "unit", NULL, NULL, NULL, "mod", "acted", "squares.txt l.152",
	  "rally (it has spent an action)" },
	{ "bombarded", "rally", "unit", NULL, NULL, NULL, "mod", "acted", "squares.txt l.152",
	  "rally (it has spent an action)" },
	{ "assaulted", "rally", "unit", NULL, NULL, NULL, "mod", "acted", "squares.txt l.152",
	  "rally (it has spent an action)" },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct roster squares_roster = {
	.types = squares_types,
	.formation_types = "brigade|division|corps|army|command",
	.inputs = rating_inputs,
	.keeps = {
		.ledgers = squares_ledgers,
		.measure_option = "hits",
		.measure_one = "hit",
		.counts_down = 0,
		.states = squares_states,
		.flags = squares_flags,
		.good_state = "good_order",
		.acts = squares_acts,
		.act_rules = squares_act_rules,
	},
	.rate = squares_rate,
	.hooks = squares_hooks,
	.consequence = squares_consequence,
	.view = squares_view,
	.columns = squares_columns,
	.formation_inputs = formation_inputs,
	.may_not = squares_may_not,
	.dice_left = squares_dice_left,
};
