/*
 * 2x2: 2 by 2 Napoleonics (Rod Humble).  Units have a type and a size and
 * a state: pinned < disrupted < routed < destroyed.  Shooting and melee
 * are one d6 each plus modifiers on a result ladder; a routing unit rolls
 * a d6 and may take guards and militia with it; rallying needs 5+.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "keep.h"
#include "ruleset.h"
#include "text.h"

#define R2 "2x2"
#define TYPES "hq|line|infantry|guards|light-infantry|militia|heavy-cavalry|" \
	"light-cavalry|foot-artillery|horse-artillery"
#define SIZES "large|common|small"

/* "infantry" is accepted for line. */
static const char *
canon(const char *type)
{
	return type != NULL && strcmp(type, "infantry") == 0 ? "line" : type;
}

/* The unit types, each of its arm: the hq is the commander's stand;
 * "infantry" is accepted for line. */
static const struct unit_type twobytwo_types[] = {
	{ "hq", "command", NULL, NULL },
	{ "line", "infantry", NULL, NULL },
	{ "infantry", "infantry", NULL, NULL },
	{ "guards", "infantry", "guard", NULL },
	{ "light-infantry", "infantry", "light", NULL },
	{ "militia", "infantry", "militia", NULL },
	{ "heavy-cavalry", "cavalry", "heavy", NULL },
	{ "light-cavalry", "cavalry", "light", NULL },
	{ "foot-artillery", "artillery", "foot", NULL },
	{ "horse-artillery", "artillery", "horse", NULL },
	{ NULL, NULL, NULL, NULL },
};

static const struct roster twobytwo_roster;

static int
is_artillery(const char *t)
{
	return roster_is(&twobytwo_roster, t, "artillery", NULL);
}

static int
is_cavalry(const char *t)
{
	return roster_is(&twobytwo_roster, t, "cavalry", NULL);
}

static int
is_infantry(const char *t)
{
	return roster_is(&twobytwo_roster, t, "infantry", NULL);
}

static int
is_hq(const char *t)
{
	return roster_is(&twobytwo_roster, t, "command", NULL);
}

/* The states a unit takes, least severe first (its markers on the table):
 * "a result replaces a unit's state only when it is worse". */
static const struct word_decl twobytwo_states[] = {
	{ .word = "pinned", .sight = SIGHT_TABLE },
	{ .word = "disrupted", .sight = SIGHT_TABLE },
	{ .word = "routed", .sight = SIGHT_TABLE },
	{ .word = "destroyed", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

/* The index of the game's melee ledger (twobytwo_ledgers). */
enum { TWOBYTWO_MELEE };

/* A state's severity: 1 the least, 0 for none. */
static int
severity(const char *state)
{
	for (int i = 0; twobytwo_states[i].word != NULL; i++)
		if (strcmp(state, twobytwo_states[i].word) == 0)
			return i + 1;
	return 0;
}

/* The state a result sets: shooting and melee outcomes as states. */
static const char *
outcome_state(const char *outcome)
{
	return strcmp(outcome, "routs") == 0 ? "routed" : outcome;
}

/* A number of the rules table; a missing one fails r. */
static long
rule_number(const struct tableset *ts, const char *name, struct result *r)
{
	return rule_count(ts, R2, "rules", name, r);
}

/* Size modifiers "apply to infantry for firing and melee and cavalry for
 * melee only". */
static void
size_mod(const struct table *t, const char *size, const char *prefix,
    const char *large, const char *small, long *total, struct result *r)
{
	if (strcmp(size, "large") == 0)
		rule_auto_mod(t, large, NULL, 1, prefix, total, r);
	else if (strcmp(size, "small") == 0)
		rule_auto_mod(t, small, NULL, 1, prefix, total, r);
}

/* ---- fire ------------------------------------------------------------ */

static const struct input_decl fire_inputs[] = {
	{ "firer", IN_CHOICE, "TYPE", 0, 0, TYPES, NULL, NULL,
	  "the firing unit's type (artillery and muskets shoot)", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL,
	  "measured distance to the target (inches, or 7.5cm)", 0 },
	{ "firer-size", IN_CHOICE, SIZES, 0, 0, SIZES, "common", NULL,
	  "the firer's size (infantry)", 0 },
	{ "firer-pinned", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the firer is pinned (no first volley)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "shooting-modifiers",
	  "shooting modifiers (repeat, or a comma list)", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the firing unit of the game (an infantry unit that shoots is pinned)", IN_OWN },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the target, a unit of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static void
fire_fields(struct result *r, const char *outcome, long score, int has_score,
    const char *range)
{
	result_word(r, "outcome", outcome);
	if (has_score)
		result_int(r, "score", score);
	else
		result_null(r, "score");
	result_word(r, "range", range);
}

/* The range band of FIRER at DIST; "out" beyond its reach. */
static int
fire_range(const struct tableset *ts, const char *firer, double dist,
    struct result *r, const char **range, double *reach)
{
	const struct table *t = rule_table(ts, R2, "ranges", r);
	double close = 1, shrt, lng;
	int row;

	if (t == NULL)
		return RULE_DATA;
	row = table_row(t, "firer", firer);
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s", t->title, firer);
	table_number(t, row, "close", &close);
	*reach = close;
	if (!is_artillery(firer)) {
		*range = dist <= close ? "close" : "out";
		result_work(r, "%s [%s]: muskets %g\"", t->title, t->provenance, close);
		return RULE_OK;
	}
	table_number(t, row, "short", &shrt);
	table_number(t, row, "long", &lng);
	*reach = lng;
	*range = dist <= close ? "close" : dist <= shrt ? "short" :
	    dist <= lng ? "long" : "out";
	result_work(r, "%s [%s]: %s short %g\", long %g\" (+1 at %g\" or less)",
	    t->title, t->provenance, firer, shrt, lng, close);
	return RULE_OK;
}

/* The firer's own modifiers: range, first volley, size. */
static void
firer_mods(const struct table *t, const struct inputs *in, const char *firer,
    const char *range, long *total, struct result *r)
{
	if (is_artillery(firer) && strcmp(range, "close") == 0)
		rule_auto_mod(t, "artillery-short", NULL, 1, NULL, total, r);
	if (is_artillery(firer) && strcmp(range, "long") == 0)
		rule_auto_mod(t, "artillery-long", NULL, 1, NULL, total, r);
	/* "Muskets firing 'first volley' i.e.: unit is not pinned". */
	if (!is_artillery(firer) && !in_flag(in, "firer-pinned"))
		rule_auto_mod(t, "first-volley", NULL, 1, NULL, total, r);
	else if (!is_artillery(firer))
		result_work(r, "no first volley: the firer is pinned (an infantry unit that shoots is pinned)");
	if (is_infantry(firer))
		size_mod(t, in_text(in, "firer-size"), NULL, "firer-large",
		    "firer-small", total, r);
}

static const char *
ladder(const struct table *t, long score, struct result *r)
{
	int row = table_band(t, "min", "max", (double)score);

	if (row < 0)
		return NULL;
	result_work(r, "%s [%s]: %ld -> %s", t->title, t->provenance, score,
	    table_text(t, row, "help"));
	return table_text(t, row, "outcome");
}

static int
twobytwo_fire(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, R2, "shooting-modifiers", r);
	const struct table *res = rule_table(ts, R2, "shooting-results", r);
	const char *firer = canon(in_text(in, "firer")), *range = "out", *forbid, *outcome;
	long total = 0, score;
	double reach = 0;
	int die, rc;

	if (mods == NULL || res == NULL)
		return RULE_DATA;
	if (firer == NULL || !in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "give --firer TYPE and --distance D (inches)");
	forbid = rule_forbids(in, "mod", mods, NULL);
	if (forbid == NULL && !is_artillery(firer) && !is_infantry(firer))
		forbid = rule_mod_help(mods, "firer-cannot-shoot");
	if (forbid != NULL) {
		fire_fields(r, "no_effect", 0, 0, NULL);
		result_forbid(r, "%s", forbid);
		result_summary(r, "no fire: %s", forbid);
		dice_end_early(d);
		return RULE_OK;
	}
	if ((rc = fire_range(ts, firer, in_number(in, "distance"), r, &range,
	    &reach)) != RULE_OK)
		return rc;
	if (strcmp(range, "out") == 0) {
		fire_fields(r, "no_effect", 0, 0, "out");
		result_reason(r, "out of range: %g\" is beyond the %s's %g\"",
		    in_number(in, "distance"), firer, reach);
		result_summary(r, "no effect: %s", r->reason);
		dice_end_early(d);
		return RULE_OK;
	}
	firer_mods(mods, in, firer, range, &total, r);
	rule_named_mods(in, "mod", mods, NULL, 1, NULL, &total, r);
	if ((die = dice_take(d, DIE_D6, "shooting d6")) < 0)
		return RULE_DATA;
	score = die + total;
	if ((outcome = ladder(res, score, r)) == NULL)
		return result_fail(r, RULE_DATA, "the %s has no band for %ld", res->title, score);
	/* "Light Infantry treats any result due to shooting as a PINNED
	 * result": a modified 5 or more is pinned. */
	if (in_mod(in, "mod", "target-light-infantry") &&
	    strcmp(outcome, "no_effect") != 0 && strcmp(outcome, "pinned") != 0) {
		result_work(r, "light infantry take any effect as pinned");
		outcome = "pinned";
	}
	fire_fields(r, outcome, score, 1, range);
	if (strcmp(outcome, "no_effect") != 0)
		result_state(r, "target", outcome_state(outcome), 1);
	/* "Any infantry unit that shoots is automatically pinned." */
	if (is_infantry(firer))
		result_state(r, "unit", "pinned", 1);
	result_summary(r, "%s (d6 %d %+ld = %ld)%s", strcmp(outcome, "no_effect") == 0 ?
	    "no effect" : strcmp(outcome, "routs") == 0 ? "target routs" :
	    strcmp(outcome, "pinned") == 0 ? "target pinned" :
	    strcmp(outcome, "disrupted") == 0 ? "target disrupted" :
	    "target destroyed", die, total, score,
	    strcmp(outcome, "routs") == 0 ? "; roll its rout die next (morale --rout)" : "");
	return RULE_OK;
}

/* ---- melee ----------------------------------------------------------- */

static const struct input_decl melee_inputs[] = {
	{ "attacker-type", IN_CHOICE, "TYPE", 0, 0, TYPES, NULL, NULL,
	  "the attacker's type", 0 },
	{ "defender-type", IN_CHOICE, "TYPE", 0, 0, TYPES, NULL, NULL,
	  "the defender's type", 0 },
	{ "attacker-size", IN_CHOICE, SIZES, 0, 0, SIZES, "common", NULL,
	  "the attacker's size", 0 },
	{ "defender-size", IN_CHOICE, SIZES, 0, 0, SIZES, "common", NULL,
	  "the defender's size", 0 },
	{ "attacker-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the attacker's modifiers", IN_REPEAT },
	{ "attacker-state", IN_CHOICE, "pinned|disrupted|routed", 0, 0,
	  "pinned|disrupted|routed", NULL, NULL,
	  "the attacker's state: such a unit may not move into contact", 0 },
	{ "defender-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the defender's modifiers", IN_REPEAT },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the attacking unit of the game", IN_OWN },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the defending unit of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A side's modifiers from its type and size (the guards bonus is
 * cumulative with type and size). */
static void
type_mods(const struct table *t, const char *type, const char *size,
    const char *prefix, long *total, struct result *r)
{
	if (strcmp(type, "light-cavalry") == 0)
		rule_auto_mod(t, "light-cavalry", NULL, 1, prefix, total, r);
	if (strcmp(type, "guards") == 0)
		rule_auto_mod(t, "guards", NULL, 1, prefix, total, r);
	if (strcmp(type, "heavy-cavalry") == 0)
		rule_auto_mod(t, "heavy-cavalry", NULL, 1, prefix, total, r);
	if (is_artillery(type) || is_hq(type) ||
	    strcmp(type, "light-infantry") == 0)
		rule_auto_mod(t, "artillery-hq-light-infantry", NULL, 1, prefix, total, r);
	if (is_infantry(type) || is_cavalry(type))
		size_mod(t, size, prefix, "large", "small", total, r);
}

/* The arm of a type, as the modifier tables' applies column names it. */
static const char *
arm(const char *type)
{
	return is_cavalry(type) ? "cavalry" : is_artillery(type) ? "artillery" : "infantry";
}

/* Why the attacker may not move into contact (l.26: "any unit which is
 * not pinned or disrupted may move"; a routed unit makes only its rout
 * move), as the movement table says it; NULL when it may. */
static const char *
attacker_held(const struct tableset *ts, const struct inputs *in, struct result *r)
{
	const char *state = in_text(in, "attacker-state");
	const struct table *tt;
	double value;

	if (state == NULL || (tt = rule_table(ts, R2, "move-terrain", r)) == NULL)
		return NULL;
	return rule_modifier(tt, state, NULL, &value) == MOD_FORBID ?
	    rule_mod_help(tt, state) : NULL;
}

/* A melee the rules forbid: no dice, nothing happens. */
static int
melee_refused(struct result *r, struct dice *d, const char *why)
{
	result_null(r, "difference");
	result_word(r, "loser", "none");
	result_null(r, "outcome");
	result_word(r, "follow_up", "none");
	return rule_refused(r, d, "no melee", why);
}

static int
twobytwo_melee(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, R2, "melee-modifiers", r);
	const struct table *res = rule_table(ts, R2, "melee-results", r);
	const char *at = canon(in_text(in, "attacker-type"));
	const char *dt = canon(in_text(in, "defender-type"));
	const char *loser, *outcome, *follow, *why;
	long am = 0, dm = 0, as, ds, diff;
	int adie, ddie, row;

	if (mods == NULL || res == NULL)
		return RULE_DATA;
	if (at == NULL || dt == NULL)
		return result_fail(r, RULE_USAGE,
		    "give --attacker-type TYPE and --defender-type TYPE");
	if ((why = attacker_held(ts, in, r)) != NULL)
		return melee_refused(r, d, why);
	/* "Unit is Cavalry in town -2" (l.264): the table's applies column
	 * keeps it to cavalry. */
	type_mods(mods, at, in_text(in, "attacker-size"), "attacker", &am, r);
	rule_named_mods(in, "attacker-mod", mods, arm(at), 1, "attacker", &am, r);
	type_mods(mods, dt, in_text(in, "defender-size"), "defender", &dm, r);
	rule_named_mods(in, "defender-mod", mods, arm(dt), 1, "defender", &dm, r);
	if ((adie = dice_take(d, DIE_D6, "attacker's d6")) < 0 ||
	    (ddie = dice_take(d, DIE_D6, "defender's d6")) < 0)
		return RULE_DATA;
	as = adie + am;
	ds = ddie + dm;
	diff = as > ds ? as - ds : ds - as;
	row = table_band(res, "min", "max", (double)diff);
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no band for %ld", res->title, diff);
	outcome = table_text(res, row, "outcome");
	follow = table_text(res, row, "follow_up");
	loser = diff == 0 ? "none" : as > ds ? "defender" : "attacker";
	result_work(r, "attacker %d %+ld = %ld, defender %d %+ld = %ld", adie, am,
	    as, ddie, dm, ds);
	result_work(r, "%s [%s]: difference %ld -> %s", res->title, res->provenance,
	    diff, table_text(res, row, "help"));
	result_int(r, "difference", diff);
	result_word(r, "loser", loser);
	result_word(r, "outcome", outcome);
	result_word(r, "follow_up", follow);
	result_int(r, "attacker_score", as);
	result_int(r, "defender_score", ds);
	if (diff == 0) {
		result_summary(r, "a draw (%ld each): roll again", as);
		return RULE_OK;
	}
	result_state(r, loser, outcome_state(outcome), 1);
	if (strcmp(loser, "defender") == 0)
		result_mark(r, "attacker", "melee", 2, 0, "defender", follow);
	/* A follow up the result makes mandatory is the winner's to make
	 * (l.258), kept until it moves or attacks again. */
	if (strcmp(follow, "mandatory") == 0)
		result_flag(r, strcmp(loser, "defender") == 0 ? "attacker" : "defender",
		    "must-follow-up", 1);
	result_summary(r, "the %s %s (%ld to %ld); follow up %s%s", loser,
	    strcmp(outcome, "routs") == 0 ? "routs" : "is destroyed",
	    as > ds ? as : ds, as > ds ? ds : as, follow,
	    strcmp(outcome, "routs") == 0 ? "; roll its rout die next (morale --rout)" : "");
	return RULE_OK;
}

/* ---- morale: the rout roll and the state ------------------------------ */

static const struct input_decl morale_inputs[] = {
	{ "rout", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the rout roll of a unit that routs", 0 },
	{ "type", IN_CHOICE, "TYPE", 0, 0, TYPES, "line", NULL,
	  "the routing unit's type (guards take others with them)", 0 },
	{ "passed", IN_UNIT, "NAME[:TYPE]", 0, 0, "*:W", NULL, "NAME:TYPE",
	  "a unit the router passed (or routed) within 1\" (repeat); in a game its name, else NAME:TYPE",
	  IN_REPEAT | IN_SECONDARY },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "rout-modifiers",
	  "touched-enemy: the router touched an enemy on its way", IN_REPEAT },
	{ "victory", IN_CHOICE, "fast|decisive", 0, 0, "fast|decisive", NULL, NULL,
	  "the game's victory state: which game (in a game: the game's setting unless given, and without counts the game's units)",
	  IN_GAME_ALONE | IN_SETTING },
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL,
	  "in a game: the side judged (default: the side with most units destroyed)", IN_GAME },
	{ "destroyed", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "units this side has had destroyed", 0 },
	{ "enemy-destroyed", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "units the other side has had destroyed", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a unit of the game: its state, or (with --rout) the router", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A passed unit's name and type: "NAME:TYPE" read by the spec parser, or
 * a name alone (a line unit). */
static const char *
passed_type(const struct inputs *in, const struct in_item *it)
{
	return it->nparts == 2 ? canon(in_part_word(in, &it->part[1])) : "line";
}

static const char *
passed_name(const struct inputs *in, const struct in_item *it)
{
	return it->nparts == 2 ? in_part_word(in, &it->part[0]) : it->name;
}

/* "If a Guards unit routs then ANY unit it passes within 1" of during its
 * rout also routs"; "A Militia unit automatically routs if any other unit
 * routs within 1" of it or passes by within 1" when routing." */
static void
also_rout(const struct inputs *in, const char *router, int moved,
    struct result *r)
{
	struct in_item it;

	result_list(r, "also_rout");
	for (int i = 0; in_item(in, "passed", i, &it); i++) {
		const char *t = passed_type(in, &it), *name = passed_name(in, &it);
		char role[24];

		if (!(strcmp(t, "militia") == 0 || (moved && strcmp(router, "guards") == 0)))
			continue;
		result_word(r, NULL, name);
		snprintf(role, sizeof role, "passed:%d", i);
		result_state(r, role, "routed", 1);
		result_work(r, "%s (%s) now routs: its rout die next (umpire morale --rout --unit '%s')",
		    name, t, name);
	}
	result_list_end(r);
}

static int
rout(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *mv = rule_table(ts, R2, "movement", r);
	const char *type = canon(in_text(in, "type"));
	long limit = rule_number(ts, "rout-destroyed", r);
	int face, destroyed, row;
	double inches = 0;

	if (mv == NULL)
		return RULE_DATA;
	if ((face = dice_take(d, DIE_D6, "rout d6")) < 0)
		return RULE_DATA;
	destroyed = face <= limit;
	result_work(r, "rout d6 %d: %s", face, destroyed ? "1-2: destroyed" :
	    "3-6: a full move away, then disrupted");
	if (!destroyed && in_mod(in, "mod", "touched-enemy")) {
		destroyed = 1;
		result_work(r, "it touched an enemy unit during the rout: destroyed");
	}
	row = table_row(mv, "type", type);
	if (!destroyed && row >= 0)
		table_number(mv, row, "rate", &inches);
	result_bool(r, "destroyed", destroyed);
	result_word(r, "outcome", destroyed ? "destroyed" : "disrupted");
	result_number(r, "inches", inches);
	also_rout(in, type, !destroyed, r);
	result_state(r, "unit", destroyed ? "destroyed" : "disrupted", 0);
	if (destroyed)
		result_summary(r, "the routing unit is destroyed (d6 %d)", face);
	else
		result_summary(r, "the unit routs %g\" away and is disrupted (d6 %d)", inches, face);
	return RULE_OK;
}

/* The victory rule of GAME: lost at *at destroyed and *margin more than
 * the opponent ("fast": 5 and 0; "decisive": 5 and 2). */
static void
victory_rule(const struct tableset *ts, const char *game, long *at,
    long *margin, struct result *r)
{
	const struct table *t = rule_table(ts, R2, "victory", r);
	int row = t != NULL ? table_row(t, "game", game) : -1;

	*at = (long)rule_cell(t, row, "destroyed", r);
	*margin = (long)rule_cell(t, row, "margin", r);
}

/* The victory state of one side: "fast" lost at 5 destroyed; "decisive"
 * at 5 or more and 2 more than the opponent. */
static int
has_lost(const struct tableset *ts, const char *game, long mine, long theirs,
    struct result *r)
{
	long at, margin;

	victory_rule(ts, game, &at, &margin, r);
	return mine >= at && mine - theirs >= margin;
}

/* The victory rule in the working, once a ruling. */
static void
victory_work(const struct tableset *ts, const char *game, struct result *r)
{
	long at, margin;

	victory_rule(ts, game, &at, &margin, r);
	if (margin > 0)
		result_work(r, "%s game: lost at %ld destroyed and %ld more than the opponent",
		    game, at, margin);
	else
		result_work(r, "%s game: lost at %ld destroyed", game, at);
}

/* morale asks for the victory state: --victory typed, or in a game (the
 * game's setting filled in) for no unit. */
static int
asks_victory(const struct inputs *in)
{
	return !in_flag(in, "rout") && in_given(in, "victory") &&
	    (in_typed(in, "victory") || !in_given(in, "unit"));
}

static int
twobytwo_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	int lost;

	if (in_flag(in, "rout"))
		return rout(ts, in, d, r);
	if (asks_victory(in)) {
		victory_work(ts, in_text(in, "victory"), r);
		lost = has_lost(ts, in_text(in, "victory"), in_count(in, "destroyed"),
		    in_count(in, "enemy-destroyed"), r);
		result_bool(r, "lost", lost);
		result_int(r, "destroyed", in_count(in, "destroyed"));
		result_int(r, "enemy_destroyed", in_count(in, "enemy-destroyed"));
		if (in_given(in, "side"))
			result_word(r, "side", in_text(in, "side"));
		else
			result_null(r, "side");
		result_summary(r, "%s %s (%ld destroyed, the opponent %ld)",
		    in_given(in, "side") ? in_text(in, "side") : "this side",
		    lost ? "has lost the game" : "has not lost", in_count(in, "destroyed"),
		    in_count(in, "enemy-destroyed"));
		return RULE_OK;
	}
	if (in_given(in, "unit"))
		return RULE_OK;		/* the unit's state is written by apply */
	return result_fail(r, RULE_USAGE,
	    "give --rout (the rout roll), --victory fast|decisive with --destroyed N, or --unit UNIT");
}

/* ---- rally ----------------------------------------------------------- */

static const struct input_decl rally_inputs[] = {
	{ "type", IN_CHOICE, "TYPE", 0, 0, TYPES, "line", NULL, "the unit's type", 0 },
	{ "size", IN_CHOICE, SIZES, 0, 0, SIZES, "common", NULL, "the unit's size", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "rally-modifiers",
	  "rally modifiers and the not-possible cases", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the rallying unit of the game (a rally clears pinned or disrupted)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Why a rally may not be tried, or NULL. */
static const char *
rally_not_possible(const struct table *t, const struct inputs *in,
    const char *type)
{
	int self = is_hq(type);
	const char *why = rule_forbids(in, "mod", t, NULL);

	/* "A HQ may always attempt to rally itself." */
	if (why != NULL && self && !in_mod(in, "mod", "enemy-contact"))
		why = NULL;
	if (why != NULL)
		return why;
	/* "...impossible for a unit to rally if an enemy is within 2" of it.
	 * Exceptions being Guards units and units whom the HQ is in base to
	 * base contact." */
	if (in_mod(in, "mod", "enemy-within-2") && !self &&
	    strcmp(type, "guards") != 0 && !in_mod(in, "mod", "hq-contact"))
		return "not with an enemy within 2 inches, unless guards or with the HQ in contact";
	return NULL;
}

static int
twobytwo_rally(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, R2, "rally-modifiers", r);
	const char *type = canon(in_text(in, "type")), *why;
	long total = 0, need = rule_number(ts, "rally", r), score;
	int die;

	if (t == NULL)
		return RULE_DATA;
	if ((why = rally_not_possible(t, in, type)) != NULL) {
		result_bool(r, "rallied", 0);
		result_null(r, "score");
		return rule_refused(r, d, "may not rally", why);
	}
	if (strcmp(type, "guards") == 0)
		rule_auto_mod(t, "guards", NULL, 1, NULL, &total, r);
	if (strcmp(type, "militia") == 0 || in_is(in, "size", "small"))
		rule_auto_mod(t, "militia-or-small", NULL, 1, NULL, &total, r);
	if (is_hq(type))
		rule_auto_mod(t, "hq-self", NULL, 1, NULL, &total, r);
	rule_named_mods(in, "mod", t, NULL, 1, NULL, &total, r);
	if ((die = dice_take(d, DIE_D6, "rally d6")) < 0)
		return RULE_DATA;
	score = die + total;
	result_bool(r, "rallied", score >= need);
	result_int(r, "score", score);
	result_work(r, "%s [%s]: d6 %d %+ld = %ld, %ld+ rallies", t->title,
	    t->provenance, die, total, score, need);
	if (score >= need)
		result_state(r, "unit", "", 0);
	result_summary(r, score >= need ? "rallies (%ld): pinned or disrupted removed" :
	    "fails to rally (%ld)", score);
	return RULE_OK;
}

/* ---- move ------------------------------------------------------------ */

static const struct input_decl move_inputs[] = {
	{ "type", IN_CHOICE, "TYPE", 0, 0, TYPES, NULL, NULL, "the unit's type", 0 },
	{ "road", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "moving on a road", 0 },
	{ "terrain", IN_CHOICE, "stream|woods|town", 0, 0, "stream|woods|town",
	  NULL, NULL, "terrain crossed", 0 },
	{ "sideways", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "moving sideways (double cost)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "move-terrain",
	  "pinned, disrupted: such units may not move", IN_REPEAT },
	{ "reinforcement", IN_CHOICE, "rear|flank", 0, 0, "rear|flank", NULL, NULL,
	  "dice for a reinforcement (3+ rear, 4+ flank)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the moving unit of the game", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
reinforcement(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	int rear = in_is(in, "reinforcement", "rear"), face;
	long need = rule_number(ts, rear ? "reinforce-rear" : "reinforce-flank", r);

	if ((face = dice_take(d, DIE_D6, "reinforcement d6")) < 0)
		return RULE_DATA;
	result_bool(r, "arrives", face >= need);
	result_int(r, "score", face);
	result_work(r, "reinforcement from the %s: %ld+ needed, rolled %d",
	    rear ? "rear" : "flank", need, face);
	result_summary(r, face >= need ? "the reinforcement arrives" :
	    "no reinforcement this time");
	return RULE_OK;
}

static int
twobytwo_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mv = rule_table(ts, R2, "movement", r);
	const struct table *tt = rule_table(ts, R2, "move-terrain", r);
	const char *type = canon(in_text(in, "type")), *forbid;
	int town = in_is(in, "terrain", "town"), row;
	double inches, road, f;
	char buf[32];

	if (mv == NULL || tt == NULL)
		return RULE_DATA;
	if (in_given(in, "reinforcement"))
		return reinforcement(ts, in, d, r);
	if (type == NULL)
		return result_fail(r, RULE_USAGE, "give --type TYPE");
	forbid = rule_forbids(in, "mod", tt, NULL);
	if (forbid == NULL && in_is(in, "terrain", "woods") &&
	    strcmp(type, "light-infantry") != 0)
		forbid = rule_mod_help(tt, "woods");
	if (forbid != NULL) {
		result_number(r, "inches", 0);
		result_forbid(r, "%s", forbid);
		result_summary(r, "may not move: %s", forbid);
		return RULE_OK;
	}
	row = table_row(mv, "type", type);
	if (row < 0 || table_number(mv, row, "rate", &inches) != 0 ||
	    table_number(mv, row, "road", &road) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s", mv->title, type);
	result_work(r, "%s [%s]: %s %g\", %g\" on roads", mv->title, mv->provenance,
	    type, inches, road);
	/* "Towns: all units move at 1/2 rate and do not receive the road
	 * bonus." */
	if (in_flag(in, "road") && !town) {
		result_mod(r, "road", road - inches);
		inches = road;
	}
	if (town && table_number(tt, table_row(tt, "name", "town"), "value", &f) == 0) {
		inches *= f;
		result_factor(r, "town", f);
	}
	if (in_is(in, "terrain", "stream") &&
	    table_number(tt, table_row(tt, "name", "stream"), "value", &f) == 0) {
		inches += f;
		result_mod(r, "stream", f);
	}
	if (in_flag(in, "sideways") &&
	    table_number(tt, table_row(tt, "name", "sideways"), "value", &f) == 0) {
		inches *= f;
		result_factor(r, "sideways", f);
	}
	if (inches < 0)
		inches = 0;
	result_number(r, "inches", inches);
	result_summary(r, "moves up to %s\"", num_format(inches, buf, sizeof buf));
	return RULE_OK;
}

#define SIDES 16

/* Destroyed units per side of the game, in the order the sides appear. */
struct side_tally {
	const char *side[SIDES];
	long destroyed[SIDES];
	int n;
};

/* Each side's losses, as the roster declares them (its units destroyed):
 * the sheet, the report and the victory check count the same.  A game of
 * more than SIDES sides fails r (never a side left uncounted). */
static int
tally_sides(const struct army *a, struct side_tally *t, struct result *r)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < a->n; i++) {
		const struct unit *u = &a->u[i];
		int s = 0;

		if (u->formation)
			continue;
		while (s < t->n && strcmp(t->side[s], u->side) != 0)
			s++;
		if (s == SIDES)
			return result_fail(r, RULE_DATA, "the game has more than %d sides: the 2x2 rules count no more",
			    SIDES);
		if (s == t->n)
			t->side[t->n++] = u->side;
		t->destroyed[s] += roster_unit_loss(&twobytwo_roster, u);
	}
	return RULE_OK;
}

/* The most units any other side than S has had destroyed. */
static long
most_other(const struct side_tally *t, int s)
{
	long most = 0;

	for (int o = 0; o < t->n; o++)
		if (o != s && t->destroyed[o] > most)
			most = t->destroyed[o];
	return most;
}

/* ---- the game: order of battle, effects, victory --------------------- */

static const struct input_decl rating_inputs[] = {
	{ "size", IN_CHOICE, SIZES, 0, 0, SIZES, NULL, NULL,
	  "large (over 2000), common (800-1999) or small (under 800)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct input_decl game_inputs[] = {
	{ "victory", IN_CHOICE, "fast|decisive", 0, 0, "fast|decisive", "fast",
	  NULL, "fast: lost at 5 destroyed; decisive: 5 and 2 more than the enemy", 0 },
	{ "points", IN_COUNT, "AP", 1, 100000, NULL, NULL, NULL,
	  "each side's army points limit (the standard army is 40)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const char *
unit_size(const struct unit *u)
{
	const char *s = in_text(u->ratings, "size");

	return s != NULL ? s : "common";
}

/* "Unit is large +1AP; small -0.5AP (no militia unit may be small)". */
static int
twobytwo_rate(const struct tableset *ts, const char *type,
    const struct inputs *rt, long *start, double *cost, struct result *r)
{
	const struct table *t = rule_table(ts, R2, "points", r);
	const char *size = in_text(rt, "size");
	int row;

	if (t == NULL)
		return RULE_DATA;
	type = canon(type);
	if (size != NULL && strcmp(size, "small") == 0 && strcmp(type, "militia") == 0)
		return result_fail(r, RULE_DATA, "--size: no militia unit may be small");
	row = table_row(t, "type", type);
	if (row < 0 || table_number(t, row, "points", cost) != 0)
		return result_fail(r, RULE_DATA, "the %s has no cost for %s", t->title, type);
	if (size != NULL && strcmp(size, "common") != 0)
		*cost += rule_cell(t, table_row(t, "type", size), "points", r);
	*start = 0;
	return RULE_OK;
}


/* A unit that is destroyed takes no part in rulings. */
static int
check_alive(const struct unit *u, struct result *r)
{
	if (u != NULL && strcmp(u->state, "destroyed") == 0)
		return result_fail(r, RULE_DATA, "'%s' is destroyed", u->name);
	return RULE_OK;
}

static void
fill_fire(const struct ruling_units *ru, struct inputs *in)
{
	const struct unit *f = ruling_unit(ru, "unit"), *t = ruling_unit(ru, "target");

	if (f != NULL) {
		inputs_default_word(in, "firer", canon(f->type));
		inputs_default_word(in, "firer-size", unit_size(f));
		if (strcmp(f->state, "pinned") == 0)
			inputs_default_flag(in, "firer-pinned");
		if (strcmp(f->state, "routed") == 0)
			inputs_keep(in, inputs_add_mod(in, "mod", "firer-routed"));
		else if (severity(f->state) >= severity("disrupted"))
			inputs_keep(in, inputs_add_mod(in, "mod", "firer-disrupted"));
	}
	if (t != NULL) {
		if (is_cavalry(t->type))
			inputs_keep(in, inputs_add_mod(in, "mod", "target-cavalry"));
		if (strcmp(t->type, "light-infantry") == 0)
			inputs_keep(in, inputs_add_mod(in, "mod", "target-light-infantry"));
		if (strcmp(t->state, "disrupted") == 0)
			inputs_keep(in, inputs_add_mod(in, "mod", "target-disrupted"));
	}
}

static void
fill_side(const struct unit *u, const struct unit *enemy, const char *side,
    const struct ruling_units *ru, struct inputs *in)
{
	char opt[40];

	snprintf(opt, sizeof opt, "%s-type", side);
	inputs_default_word(in, opt, canon(u->type));
	snprintf(opt, sizeof opt, "%s-size", side);
	inputs_default_word(in, opt, unit_size(u));
	snprintf(opt, sizeof opt, "%s-mod", side);
	if (strcmp(enemy->state, "disrupted") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, "enemy-disrupted"));
	if (strcmp(side, "attacker") == 0 && severity(u->state) > 0)
		inputs_default_word(in, "attacker-state", u->state);
	/* "Subsequent melee: if the attacker 'followed up' and contacted
	 * another unit, a -1 would apply." */
	if (strcmp(side, "attacker") == 0 && u->ledger[TWOBYTWO_MELEE].amount == 2 &&
	    u->ledger[TWOBYTWO_MELEE].turn == ru->turn &&
	    u->ledger[TWOBYTWO_MELEE].ref != enemy->id)
		inputs_keep(in, inputs_add_mod(in, opt, "subsequent"));
}

/* The units passed, named in the game: their names and types. */
static void
fill_passed(const struct ruling_units *ru, struct inputs *in)
{
	inputs_clear(in, "passed");
	for (int i = 0; i < ru->n; i++) {
		struct spec_part p[2];
		const char *words[2] = { ru->unit[i]->name, canon(ru->unit[i]->type) };

		if (strcmp(ru->role[i], "passed") != 0)
			continue;
		memset(p, 0, sizeof p);
		p[0].kind = p[1].kind = PART_WORD;
		if (in->failed == 0 && inputs_add_spec(in, "passed", p, words, 2) != 0)
			in->failed = RULE_DATA;
	}
}

/* A rally of unit u: its type, size and state. */
static void
fill_rally(const struct unit *u, struct inputs *in)
{
	inputs_default_word(in, "type", canon(u->type));
	inputs_default_word(in, "size", unit_size(u));
	if (strcmp(u->state, "disrupted") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "disrupted"));
	if (strcmp(u->state, "routed") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "routed"));
	else if (severity(u->state) == 0 || severity(u->state) > severity("disrupted"))
		inputs_keep(in, inputs_add_mod(in, "mod", "in-good-order"));
}

/* morale --victory in a game: the side's destroyed units and the most
 * of any opponent, counted from the game. */
static int
fill_victory(const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	struct side_tally t;
	int s = 0;

	if (tally_sides(ru->army, &t, r) != RULE_OK)
		return r->error.code;
	if (t.n == 0)
		return result_fail(r, RULE_DATA, "the game has no units to judge");
	if (in_given(in, "side")) {
		while (s < t.n && strcmp(t.side[s], in_text(in, "side")) != 0)
			s++;
		if (s == t.n)
			return result_fail(r, RULE_DATA, "the game has no side '%s'",
			    in_text(in, "side"));
	} else {
		for (int o = 1; o < t.n; o++)
			if (t.destroyed[o] > t.destroyed[s])
				s = o;
		inputs_keep(in, inputs_set_text(in, "side", t.side[s]));
	}
	inputs_default_count(in, "destroyed", t.destroyed[s]);
	inputs_default_count(in, "enemy-destroyed", most_other(&t, s));
	return RULE_OK;
}

/* Every side's count and verdict (morale --victory in a game). */
static void
victory_sides(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	struct side_tally t;

	if (tally_sides(ru->army, &t, r) != RULE_OK)
		return;
	result_list(r, "sides");
	for (int s = 0; s < t.n; s++) {
		int lost = has_lost(ts, in_text(in, "victory"), t.destroyed[s],
		    most_other(&t, s), r);

		result_open(r, NULL);
		result_word(r, "side", t.side[s]);
		result_int(r, "destroyed", t.destroyed[s]);
		result_bool(r, "lost", lost);
		result_close(r);
		/* every side's verdict in the working; the summary tells the
		 * side asked, or the one nearest to losing */
		result_work(r, "%s: %ld destroyed, %s", t.side[s], t.destroyed[s],
		    lost ? "has lost the game" : "has not lost");
	}
	result_list_end(r);
}

/* The units a ruling names (those passed through aside) are still on
 * the table: checked unless ANY. */
static int
all_alive(const struct ruling_units *ru, int any, struct result *r)
{
	int rc;

	for (int i = 0; i < ru->n && !any; i++)
		if (strcmp(ru->role[i], "passed") != 0 &&
		    (rc = check_alive(ru->unit[i], r)) != RULE_OK)
			return rc;
	return RULE_OK;
}

static int
fire_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	int rc = all_alive(ru, 0, r);

	(void)ts;
	if (rc == RULE_OK)
		fill_fire(ru, in);
	return rc;
}

static int
melee_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *a = ruling_unit(ru, "attacker");
	const struct unit *d = ruling_unit(ru, "defender");
	int rc = all_alive(ru, 0, r);

	(void)ts;
	if (rc != RULE_OK)
		return rc;
	if (a == NULL || d == NULL)
		return result_fail(r, RULE_USAGE,
		    "give both --attacker NAME and --defender NAME: a melee in the game names both sides");
	fill_side(a, d, "attacker", ru, in);
	fill_side(d, a, "defender", ru, in);
	return RULE_OK;
}

/* morale tells a unit's state, whatever it is: a destroyed unit is
 * answered, never refused (but it takes no rout roll). */
static int
morale_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = all_alive(ru, !in_flag(in, "rout"), r);

	(void)ts;
	if (rc != RULE_OK)
		return rc;
	if (u != NULL)
		inputs_default_word(in, "type", canon(u->type));
	if (in_given(in, "passed"))
		fill_passed(ru, in);
	return asks_victory(in) ? fill_victory(ru, in, r) : RULE_OK;
}

static int
rally_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = all_alive(ru, 0, r);

	(void)ts;
	if (rc == RULE_OK && u != NULL)
		fill_rally(u, in);
	return rc;
}

static int
move_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = all_alive(ru, 0, r);

	(void)ts;
	if (rc != RULE_OK || u == NULL)
		return rc;
	inputs_default_word(in, "type", canon(u->type));
	if (severity(u->state) > 0)
		inputs_keep(in, inputs_add_mod(in, "mod", u->state));
	return RULE_OK;
}

/* A follow up the melee allows, told. */
static void
twobytwo_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	if (e->kind == KEEP_LEDGER && e->ledger == TWOBYTWO_MELEE)
		snprintf(e->note, sizeof e->note, "%s %s follow up",
		    k->ru->unit[ui]->name, strcmp(e->name, "mandatory") == 0 ? "must" : "may");
}

static int
morale_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	if (asks_victory(in))
		victory_sides(ts, ru, in, r);
	if (u != NULL && !in_flag(in, "rout")) {
		result_word(r, "state", u->state[0] ? u->state : "ok");
		result_summary(r, "%s: %s", u->name, u->state[0] ? u->state : "in good order");
	}
	return RULE_OK;
}

static void
twobytwo_view(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct unit_view *v, struct result *r)
{
	double cost = 0;
	long start;

	(void)a;
	text_copy(v->state, sizeof v->state, u->state[0] ? u->state : "ok");
	if (u->formation)
		return;
	view_word(v, 0, unit_size(u));
	result_word(r, "size", unit_size(u));
	if (twobytwo_rate(ts, u->type, u->ratings, &start, &cost, r) == RULE_OK) {
		result_number(r, "points", cost);
		view_number(v, 2, cost);
	}
}

/* Destroyed units per side, and who has lost under the game's victory:
 * every side's, to every reader (a destroyed unit's state stands on the
 * table, and the count is of those states), the counts where the reader
 * reads counts. */
static void
twobytwo_standing(const struct tableset *ts, const struct inputs *options,
    const struct army *a, const struct standing_for *who,
    struct standing_view *said, struct result *r)
{
	const char *game = in_text(options, "victory");
	struct side_tally t;
	struct result scratch;

	result_init(&scratch);
	if (game == NULL)
		game = "fast";
	if (tally_sides(a, &t, r) != RULE_OK)
		return;
	result_open(r, "standing");
	result_word(r, "victory", game);
	if (standing_counts(who)) {
		result_open(r, "destroyed");
		for (int s = 0; s < t.n; s++)
			result_int(r, t.side[s], t.destroyed[s]);
		result_close(r);
	}
	result_list(r, "lost");
	for (int s = 0; s < t.n; s++) {
		if (!has_lost(ts, game, t.destroyed[s], most_other(&t, s), &scratch))
			continue;
		result_word(r, NULL, t.side[s]);
		if (standing_counts(who))
			standing_fact(said, r, "{} lose: {} units destroyed", 2,
			    sheet_word(t.side[s]), sheet_int(t.destroyed[s]));
		else
			standing_fact(said, r, "{} lose", 1, sheet_word(t.side[s]));
	}
	result_list_end(r);
	result_close(r);
	if (scratch.error.code)
		result_fail(r, scratch.error.code, "%s", scratch.error.text);
	if (said->nfacts == 0)
		standing_fact(said, r, "nobody has lost yet", 0);
}

static const struct sheet_column twobytwo_columns[] = {
	{ "size", "size", -8, 1, SHEET_BOTH },
	{ "state", "state", -10, 1, SHEET_BOTH },
	{ "AP", "points", 0, 1, SHEET_BOTH },
	{ NULL, NULL, 0, 0, SHEET_BOTH },
};

/* The last melee a unit won: follow up (2), in which turn, against whom
 * ("subsequent melee" -1). */
static const struct ledger_decl twobytwo_ledgers[] = {
	[TWOBYTWO_MELEE] = { .name = "melee", .word = "melees won", .one = "melee won",
	    .tally = TALLY_LATEST, .sight = SIGHT_UMPIRE },
	{ .name = NULL },
};

/* "Army lists": a side's army points, within the game's --points.  "Fast
 * Play Game: The first side to lose 5 units destroyed loses": a side's
 * losses are its units destroyed, on the table for all to see. */
static const struct counter_decl twobytwo_counters[] = {
	{ .name = "points", .word = "AP", .per_side = 1, .sight = SIGHT_UMPIRE, .of_cost = 1,
	  .limit_option = "points" },
	{ .name = "destroyed", .word = "units destroyed", .one = "unit destroyed", .per_side = 1,
	  .sight = SIGHT_TABLE, .state = "destroyed", .loss = 1 },
	{ .name = NULL },
};

/* What a result obliges (l.258, 4+: "Loser Destroyed (mandatory follow
 * up)"): the winner must make it, until it moves or attacks again. */
static const struct word_decl twobytwo_flags[] = {
	{ .word = "must-follow-up", .sight = SIGHT_TABLE, .said = "must follow up",
	  .unsaid = "has followed up", .must = "follow up: up to a full move directly ahead",
	  .rule = "2x2.txt l.258", .ends = "moved|attacked" },
	{ .word = NULL },
};

/* What a unit does in its turn: the journal keeps each act with its
 * ruling; the rules below read them. */
static const struct act_decl twobytwo_acts[] = {
	{ "fired", "shot", "fire", "unit", NULL },
	{ "fired-on", "was shot at", "fire", "target", NULL },
	{ "attacked", "attacked", "melee", "attacker", NULL },
	{ "meleed", "was attacked", "melee", "defender", NULL },
	{ "moved", "moved", "move", "unit", NULL },
	{ "rallied", "rallied", "rally", "unit", NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static const struct act_rule twobytwo_act_rules[] = {
	/* l.47: "A unit may shoot only ONCE during its turn." */
	{ "fired", "fire", "unit", NULL, NULL, NULL, "mod", "fired", "2x2.txt l.47",
	  "shoot again this turn" },
	/* l.54: "if the attacker 'followed up' and contacted another unit, a
	 * -1 would apply" */
	{ "attacked", "melee", "attacker", NULL, NULL, NULL, "attacker-mod", "subsequent",
	  "2x2.txt l.54", NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

/* What a ruling in a game fills and adds, command by command. */
static const struct cmd_hooks twobytwo_hooks[] = {
	{ .command = "fire", .fill = fire_fill },
	{ .command = "melee", .fill = melee_fill },
	{ .command = "morale", .fill = morale_fill, .judge = morale_judge,
	  .answers_the_lost = 1 },
	{ .command = "rally", .fill = rally_fill },
	{ .command = "move", .fill = move_fill },
	{ .command = NULL },
};

static const struct roster twobytwo_roster = {
	.types = twobytwo_types,
	.formation_types = "brigade|division|corps|army|command",
	.inputs = rating_inputs,
	.keeps = {
		/* No tactical formations: l.74 "unit formations are not shown
		 * on the table", the unit commanders change them at their
		 * discretion. */
		.ledgers = twobytwo_ledgers,
		.states = twobytwo_states,
		.flags = twobytwo_flags,
		.counters = twobytwo_counters,
		.good_state = "ok",
		.acts = twobytwo_acts,
		.act_rules = twobytwo_act_rules,
	},
	.rate = twobytwo_rate,
	.hooks = twobytwo_hooks,
	.consequence = twobytwo_consequence,
	.view = twobytwo_view,
	.game_inputs = game_inputs,
	.standing = twobytwo_standing,
	.reads_army = 1,
	.columns = twobytwo_columns,
};

static const struct rule_cmd twobytwo_cmds[] = {
	{ "fire", "shooting: 1d6 + modifiers on the result ladder", NULL,
	  fire_inputs, "one d6", twobytwo_fire, NULL },
	{ "melee", "melee: each side 1d6 + modifiers, the difference decides", NULL,
	  melee_inputs, "the attacker's d6, the defender's d6", twobytwo_melee, NULL },
	{ "morale", "the rout roll (--rout), a unit's state, the game's victory state", NULL,
	  morale_inputs, "with --rout: one d6; otherwise none", twobytwo_morale, NULL },
	{ "rally", "rallying a pinned or disrupted unit: 1d6 + modifiers, 5+", NULL,
	  rally_inputs, "one d6 (none when a rally is not possible)", twobytwo_rally, NULL },
	{ "fatigue", NULL, "the 2x2 rules have no fatigue", NULL, NULL, NULL, NULL },
	{ "move", "movement rates; reinforcement dice", NULL, move_inputs,
	  "none; with --reinforcement: one d6", twobytwo_move, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_2x2 = {
	R2, "2 by 2 Napoleonics, Rod Humble", "states", twobytwo_cmds,
	&twobytwo_roster,
};
