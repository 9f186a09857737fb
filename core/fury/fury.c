/*
 * fury: Napoleonic Fury, a Fire & Fury adaptation.  All rolls are 2d6 and
 * the modifiers to one roll are capped at +/-3 (the working shows the
 * uncapped sum).  Fire on the fire table by fire points, melee by the
 * difference of two rolls, maneuver on the good order or disorder tables,
 * brigade freshness, division/corps/army fatigue.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fury.h"
#include "num.h"
#include "text.h"

/* A number of the rules table; a missing one fails r. */
static long
number(const struct tableset *ts, const char *name, struct result *r)
{
	return rule_count(ts, FURY, "rules", name, r);
}

/* Caps the sum of modifiers at +/- the rules' cap, saying so. */
static long
cap(const struct tableset *ts, long sum, const char *what, struct result *r)
{
	long c = number(ts, "modifier-cap", r), capped = sum > c ? c : sum < -c ? -c : sum;

	if (capped != sum)
		result_work(r, "%s modifiers %+ld, capped at %+ld", what, sum, capped);
	else if (sum != 0)
		result_work(r, "%s modifiers %+ld (within the cap of %ld)", what, sum, c);
	return capped;
}

/* Two d6; returns their sum, or -1. */
static int
two_d6(struct dice *d, const char *who)
{
	static const enum die_kind two[] = { DIE_D6, DIE_D6 };
	int a, b;

	/* Every roll of the rules reads the sum: the odds weigh 11 sums. */
	dice_sum_pool(d, two, 2);
	if ((a = dice_take(d, DIE_D6, "%s first d6", who)) < 0 ||
	    (b = dice_take(d, DIE_D6, "%s second d6", who)) < 0)
		return -1;
	return a + b;
}

static int
band(const struct table *t, long v)
{
	return table_band(t, "min", "max", (double)v);
}

/* ---- fire ------------------------------------------------------------ */

#define FIRERS "infantry|light-infantry|dismounted-cavalry|horse-battery|heavy-battery|russian-heavy-battery"

static const struct input_decl fire_inputs[] = {
	{ "fire-points", IN_COUNT, "P", 0, 1000, NULL, NULL, NULL,
	  "total fire points (instead of --firer-type, --stands, --distance)", 0 },
	{ "firer-type", IN_CHOICE, "TYPE", 0, 0, FIRERS, NULL, NULL,
	  "the firer: the chart gives its range and fire points", 0 },
	{ "stands", IN_COUNT, "N", 1, 100, NULL, NULL, NULL,
	  "stands (or batteries) of the firer", 0 },
	{ "formation", IN_CHOICE, "line|column|march-column", 0, 0,
	  "line|column|march-column", "line", NULL,
	  "line: all stands fire; column: the front stands; march column: one", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL,
	  "measured distance to the target (inches)", 0 },
	{ "target-type", IN_CHOICE, "infantry|cavalry|artillery", 0, 0,
	  "infantry|cavalry|artillery", "infantry", NULL,
	  "the target (artillery results differ)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fire-modifiers",
	  "die modifiers and fire-point multipliers", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a firing unit of the game; repeat for combined fire (l.222: \"add all possible points up from all eligible firing units\")",
	  IN_OWN | IN_REPEAT },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the target unit of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Fire points per stand (or battery) of FIRER at DIST; 0 when out. */
static int
chart_points(const struct table *t, const char *firer, double dist,
    long *points, double *reach, struct result *r)
{
	*points = 0;
	*reach = 0;
	for (int row = 0; row < t->nrows; row++) {
		double over = -1, upto = 0, p = 0;

		if (strcmp(table_text(t, row, "firer"), firer) != 0)
			continue;
		table_number(t, row, "over", &over);
		table_number(t, row, "upto", &upto);
		p = rule_cell(t, row, "points", r);
		if (upto > *reach)
			*reach = upto;
		if (dist > over && dist <= upto && *points == 0)
			*points = (long)p;
	}
	return *reach > 0 ? 0 : -1;
}

/* Stands that fire: "Only the front stands of infantry in column
 * formation may fire. Only the very front stand of a unit in march column
 * may fire. All stands of a unit in line formation may fire."  And (l.86)
 * "Any unit reduced to 2 or fewer stands cannot form column. It is in line
 * formation only." */
static long
firing_stands(long n, const char *formation)
{
	if (n <= 2)
		return n;
	if (strcmp(formation, "march-column") == 0)
		return 1;
	if (strcmp(formation, "column") == 0)
		return (n + 1) / 2;
	return n;
}

int
fury_firer_points(const struct tableset *ts, const char *firer, long stands,
    const char *formation, double dist, long *points, double *reach,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "ranges", r);
	int battery = roster_is(&fury_roster, firer, "artillery", NULL);
	long per, firing = battery ? stands : firing_stands(stands, formation);

	*points = 0;
	if (t == NULL)
		return RULE_DATA;
	if (chart_points(t, firer, dist, &per, reach, r) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s", t->title, firer);
	if (per == 0)
		return RULE_OK;
	*points = per * firing;
	result_work(r, "%s [%s]: %s at %g\": %ld point%s a %s, %ld firing -> %ld", t->title,
	    t->provenance, firer, dist, per, per == 1 ? "" : "s",
	    battery ? "battery" : "stand", firing, *points);
	return RULE_OK;
}

static int
fire_points(const struct tableset *ts, const struct inputs *in,
    struct result *r, long *points, const char **range)
{
	const char *firer = in_text(in, "firer-type");
	double reach = 0;
	int rc;

	*range = "in";
	if (in_given(in, "fire-points")) {
		*points = in_count(in, "fire-points");
		return RULE_OK;
	}
	if (firer == NULL || !in_given(in, "stands") || !in_given(in, "distance"))
		return result_fail(r, RULE_USAGE,
		    "give --fire-points P, or --firer-type T --stands N --distance D (inches)");
	if ((rc = fury_firer_points(ts, firer, in_count(in, "stands"),
	    in_text(in, "formation"), in_number(in, "distance"), points, &reach, r)) != RULE_OK)
		return rc;
	if (*points == 0) {
		*range = "out";
		result_reason(r, "out of range: %g\" is beyond the %s's %g\"",
		    in_number(in, "distance"), firer, reach);
	}
	return RULE_OK;
}

/* Applies the named modifiers of KIND (die: sum; points: multiply). */
static long
fire_mods(const struct table *t, const struct inputs *in, const char *kind,
    long value, struct result *r)
{
	struct in_item it;

	for (int i = 0; in_item(in, "mod", i, &it); i++) {
		int row = table_row(t, "name", it.name);
		double x;

		if (row < 0 || strcmp(table_text(t, row, "kind"), kind) != 0 ||
		    strcmp(table_text(t, row, "value"), "forbid") == 0)
			continue;
		x = rule_cell(t, row, "value", r);
		if (strcmp(kind, "die") == 0) {
			if (x != (double)(long)x) {
				result_fail(r, RULE_DATA, "the %s table's '%s' is not a whole number",
				    t->name, it.name);
				return value;
			}
			value += (long)x;
			if (x != 0)
				result_mod(r, it.name, x);
		} else {
			value = (long)floor((double)value * x);
			result_factor(r, it.name, x);
		}
	}
	return value;
}

/* "On a natural roll of a 12 ... roll again and on a result of 2-9 the
 * attached officer is considered wounded/killed." */
static int
leader_check(const struct tableset *ts, const struct inputs *in, int natural,
    struct dice *d, struct result *r)
{
	int roll;

	if (!in_mod(in, "mod", "leader-attached")) {
		result_null(r, "leader_hit");
		return RULE_OK;
	}
	if (natural != 12) {	/* fury-charts.md: null unless a natural 12 */
		result_null(r, "leader_hit");
		return RULE_OK;
	}
	if ((roll = two_d6(d, "leader check")) < 0)
		return RULE_DATA;
	result_bool(r, "leader_hit", roll <= number(ts, "leader-hit-max", r));
	result_work(r, "a natural 12: the attached leader is hit on 2-%ld, rolled %d",
	    number(ts, "leader-hit-max", r), roll);
	if (roll <= number(ts, "leader-hit-max", r))
		result_part(r, "target", "leader-hit");
	return RULE_OK;
}

static void
no_fire(struct result *r, struct dice *d, const char *why)
{
	result_int(r, "stands_lost", 0);
	result_bool(r, "retreat", 0);
	result_bool(r, "disorder", 0);
	result_null(r, "leader_hit");
	result_null(r, "artillery_result");
	result_null(r, "cell");
	result_summary(r, "no effect: %s", why);
	dice_end_early(d);
}

/* Writes the cell's result for the target. */
static void
fire_outcome(const struct table *res, const char *code, const struct inputs *in,
    struct result *r)
{
	int row = table_row(res, "code", code);
	int artillery = in_is(in, "target-type", "artillery");
	int retreat = strcmp(table_text(res, row, "retreat"), "yes") == 0;
	double stands = 0;

	stands = rule_cell(res, row, "stands", r);
	/* "Should a unit not be able to retreat, the unit stays in place and
	 * losses an additional stand." */
	if (retreat && !artillery && in_mod(in, "mod", "cannot-retreat")) {
		stands += 1;
		retreat = 0;
		result_work(r, "it cannot retreat: it loses another stand instead");
	}
	result_int(r, "stands_lost", artillery ? 0 : (long)stands);
	result_bool(r, "retreat", artillery ? 0 : retreat);
	result_bool(r, "disorder", strcmp(code, "-") != 0);
	if (artillery)
		result_word(r, "artillery_result", table_text(res, row, "artillery"));
	else
		result_null(r, "artillery_result");
	result_word(r, "cell", code);
	if (artillery) {
		if (strcmp(code, "-") != 0)
			result_state(r, "target", table_text(res, row, "artillery"), 0);
		/* l.240: "An artillery battery that is silenced is immediately
		 * limbered up"; a damaged one "follows the effects of a
		 * silenced result" (l.242). */
		if (strcmp(table_text(res, row, "artillery"), "silenced") == 0 ||
		    strcmp(table_text(res, row, "artillery"), "damaged") == 0)
			result_formation(r, "target", "limbered");
		result_summary(r, "the battery is %s (fire result %s)",
		    strcmp(code, "-") == 0 ? "unharmed" : table_text(res, row, "artillery"), code);
		return;
	}
	if (stands > 0)
		result_ledger(r, "target", "loss", (long)stands);
	if (strcmp(code, "-") != 0)
		result_flag(r, "target", "disordered", 1);
	if (stands > 0)
		result_summary(r, "%g stand%s lost, %s (fire result %s)", stands,
		    stands == 1 ? "" : "s", retreat ? "retreat 3\" and disordered" :
		    "disordered", code);
	else
		result_summary(r, "%s (fire result %s)", table_text(res, row, "help"), code);
}

static int
fury_fire(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *mods = rule_table(ts, FURY, "fire-modifiers", r);
	const struct table *ft = rule_table(ts, FURY, "fire-table", r);
	const struct table *cols = rule_table(ts, FURY, "fire-columns", r);
	const struct table *res = rule_table(ts, FURY, "fire-results", r);
	const char *range, *code;
	long points = 0, sum, capped, score;
	int roll, row, col, rc;
	char key[16];

	if (mods == NULL || ft == NULL || cols == NULL || res == NULL)
		return RULE_DATA;
	if ((code = rule_forbids(in, "mod", mods, NULL)) != NULL) {
		result_forbid(r, "%s", code);
		no_fire(r, d, code);
		result_summary(r, "no fire: %s", code);
		return RULE_OK;
	}
	/* l.90: "Square. (infantry only)": no cavalry or battery square. */
	if ((rc = rule_mod_formation(ts, FURY, in, "mod", "target-square", "square", "target",
	    in_text(in, "target-type"), r)) != RULE_OK)
		return rc;
	if ((rc = fire_points(ts, in, r, &points, &range)) != RULE_OK)
		return rc;
	if (strcmp(range, "out") == 0) {
		no_fire(r, d, r->reason);
		return RULE_OK;
	}
	points = fire_mods(mods, in, "points", points, r);
	if (points <= 0) {
		no_fire(r, d, "no fire points");
		return RULE_OK;
	}
	sum = fire_mods(mods, in, "die", 0, r);
	capped = cap(ts, sum, "fire", r);
	if ((roll = two_d6(d, "fire")) < 0)
		return RULE_DATA;
	score = roll + capped;
	text_long(key, sizeof key, score < 4 ? 4 : score > 14 ? 14 : score);
	row = table_row(ft, "score", key);
	col = band(cols, points);
	if (row < 0 || col < 0)
		return result_fail(r, RULE_DATA, "the %s has no cell for %ld at %ld points",
		    ft->title, score, points);
	code = table_text(ft, row, table_text(cols, col, "column"));
	result_work(r, "%s [%s]: 2d6 %d %+ld = %ld, %ld fire point%s -> '%s'", ft->title,
	    ft->provenance, roll, capped, score, points, points == 1 ? "" : "s", code);
	fire_outcome(res, code, in, r);
	result_int(r, "points", points);
	result_int(r, "score", score);
	return leader_check(ts, in, roll, d, r);
}

/* ---- melee ----------------------------------------------------------- */

static const struct input_decl melee_inputs[] = {
	{ "attacker-type", IN_CHOICE, "infantry|cavalry|artillery", 0, 0,
	  "infantry|cavalry|artillery", "infantry", NULL, "the attacker's arm", 0 },
	{ "defender-type", IN_CHOICE, "infantry|cavalry|artillery", 0, 0,
	  "infantry|cavalry|artillery", "infantry", NULL, "the defender's arm", 0 },
	{ "attacker-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the attacker's modifiers", IN_REPEAT },
	{ "defender-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the defender's modifiers", IN_REPEAT },
	{ "attacker-fatigued", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the attacker's division is fatigued: it may not charge (cavalry may react)", 0 },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the attacking brigade of the game", IN_OWN },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the defending brigade of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct side {
	const char *name, *opt, *arm;
	long sum, capped, score;
};

/* What one side suffers in a melee. */
struct melee_loss {
	long stands;
	int retreat, disordered, routs;
	const char *breakthrough;
};

/* Applies the rules that bend a table result for one side: the square's
 * cap, no line of retreat, towns and woods. */
static void
bend_loss(struct result *r, const struct inputs *in, const struct side *s,
    const struct side *enemy, struct melee_loss *l)
{
	const char *opt = s->opt;

	/* "Cavalry involved in melee with infantry in square can lose no more
	 * than 1 stand." */
	if (strcmp(s->arm, "cavalry") == 0 && l->stands > 1 &&
	    in_mod(in, enemy->opt, "square-vs-cavalry")) {
		l->stands = 1;
		result_work(r, "%s cavalry against a square loses at most 1 stand", s->name);
	}
	if (l->retreat && in_mod(in, opt, "cannot-retreat")) {
		l->stands++;
		l->retreat = 0;
		result_work(r, "the %s cannot retreat: it loses a further stand", s->name);
	}
	/* "Line infantry or cavalry that melee into a town or woods are
	 * disordered at the conclusion of the melee." */
	if (in_mod(in, opt, "in-town-or-woods"))
		l->disordered = 1;
}

/* One side's outcome object and its effects on the unit in that role. */
static void
outcome(struct result *r, const struct side *s, const struct melee_loss *l)
{
	result_open(r, s->name);
	result_int(r, "stands_lost", l->stands);
	result_bool(r, "retreat", l->retreat);
	result_bool(r, "disordered", l->disordered);
	result_bool(r, "routs", l->routs);
	result_word(r, "breakthrough", l->breakthrough);
	result_close(r);
	if (l->stands > 0)
		result_ledger(r, s->name, "loss", l->stands);
	if (l->disordered)
		result_flag(r, s->name, "disordered", 1);
	if (l->routs)
		result_state(r, s->name, "routed", 0);
	/* "Breakthrough required" is kept on the brigade until its next
	 * melee (l.256: "the brigade immediately carries out the movement
	 * portion of the breakthrough ... then the melee itself takes place
	 * after all regular melees are done"). */
	if (strcmp(l->breakthrough, "required") == 0)
		result_flag(r, s->name, "breakthrough", 1);
}

/* The headline, from what the loser actually suffers. */
static void
melee_summary(struct result *r, const struct side *win, const struct side *lose,
    long diff, const struct melee_loss *l, const struct melee_loss *w)
{
	char what[160];
	size_t n;

	if (r->quiet)	/* weighing odds: the summary is not kept */
		return;
	n = (size_t)snprintf(what, sizeof what, "loses %ld stand%s", l->stands,
	    l->stands == 1 ? "" : "s");
	if (l->routs)
		n += (size_t)snprintf(what + n, sizeof what - n, " and routs");
	else if (l->retreat)
		n += (size_t)snprintf(what + n, sizeof what - n, ", retreats a full move");
	if (l->disordered && !l->routs && n < sizeof what)
		snprintf(what + n, sizeof what - n, ", disordered");
	if (strcmp(w->breakthrough, "none") == 0)
		result_summary(r, "the %s wins by %ld: the %s %s; no breakthrough",
		    win->name, diff, lose->name, what);
	else
		result_summary(r, "the %s wins by %ld: the %s %s; breakthrough %s",
		    win->name, diff, lose->name, what, w->breakthrough);
}

static int
melee_refused(struct result *r, struct dice *d, const char *why)
{
	result_null(r, "difference");
	result_null(r, "attacker");
	result_null(r, "defender");
	return rule_refused(r, d, "no melee", why);
}

static int
side_roll(const struct tableset *ts, const struct table *t,
    const struct inputs *in, struct side *s, struct dice *d, struct result *r)
{
	int roll;

	s->sum = 0;
	rule_named_mods(in, s->opt, t, NULL, 1, s->name, &s->sum, r);
	s->capped = cap(ts, s->sum, s->name, r);
	if ((roll = two_d6(d, s->name)) < 0)
		return RULE_DATA;
	s->score = roll + s->capped;
	result_work(r, "%s: 2d6 %d %+ld = %ld", s->name, roll, s->capped, s->score);
	return RULE_OK;
}

static int
fury_melee(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *mods = rule_table(ts, FURY, "melee-modifiers", r);
	const struct table *t = rule_table(ts, FURY, "melee-table", r);
	struct side a = { "attacker", "attacker-mod", in_text(in, "attacker-type"), 0, 0, 0 };
	struct side def = { "defender", "defender-mod", in_text(in, "defender-type"), 0, 0, 0 };
	struct melee_loss wl = { 0, 0, 0, 0, "none" }, ll = { 0, 0, 1, 0, "none" };
	struct side *win, *lose;
	const char *why;
	long diff;
	int row, rc;

	if (mods == NULL || t == NULL)
		return RULE_DATA;
	/* l.90: "Square. (infantry only)": no cavalry square against cavalry. */
	if ((rc = rule_mod_formation(ts, FURY, in, "attacker-mod", "square-vs-cavalry", "square",
	    "attacker", a.arm, r)) != RULE_OK ||
	    (rc = rule_mod_formation(ts, FURY, in, "defender-mod", "square-vs-cavalry", "square",
	    "defender", def.arm, r)) != RULE_OK)
		return rc;
	/* l.188: "Artillery batteries may never move into contact with enemy
	 * units." */
	if (strcmp(a.arm, "artillery") == 0)
		return melee_refused(r, d, "artillery batteries may never move into contact with the enemy");
	/* l.50: "A division that has suffered fatigue may not move any of its
	 * brigades to within 3\" inches of an enemy unit. Defending cavalry of
	 * a fatigued division may still react into contact however." */
	if (in_flag(in, "attacker-fatigued") && !(strcmp(a.arm, "cavalry") == 0 &&
	    in_mod(in, "attacker-mod", "reacting")))
		return melee_refused(r, d, "its division is fatigued: its brigades may not move within 3\" of the enemy (its cavalry may react into contact)");
	if ((why = rule_forbids(in, "attacker-mod", mods, NULL)) != NULL ||
	    (why = rule_forbids(in, "defender-mod", mods, NULL)) != NULL)
		return melee_refused(r, d, why);
	if ((rc = side_roll(ts, mods, in, &a, d, r)) != RULE_OK ||
	    (rc = side_roll(ts, mods, in, &def, d, r)) != RULE_OK)
		return rc;
	diff = labs(a.score - def.score);
	if ((row = band(t, diff)) < 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %ld", t->title, diff);
	if (!r->quiet)
		result_work(r, "%s [%s]: difference %ld -> %s", t->title, t->provenance,
		    diff, table_text(t, row, "help"));
	result_int(r, "difference", diff);
	if (diff == 0) {
		struct melee_loss la = { 0, 0, 1, 0, "none" }, ld = la;

		bend_loss(r, in, &a, &def, &la);
		bend_loss(r, in, &def, &a, &ld);
		outcome(r, &a, &la);
		outcome(r, &def, &ld);
		result_summary(r, "both disordered; the melee stays locked (%ld each)", a.score);
		return RULE_OK;
	}
	win = a.score > def.score ? &a : &def;
	lose = win == &a ? &def : &a;
	ll.stands = (long)rule_cell(t, row, "loser_stands", r);
	ll.retreat = strcmp(table_text(t, row, "loser_retreat"), "yes") == 0;
	ll.routs = strcmp(table_text(t, row, "loser_routs"), "yes") == 0;
	wl.breakthrough = table_text(t, row, strcmp(win->arm, "cavalry") == 0 ?
	    "breakthrough_cavalry" : "breakthrough_infantry");
	if (strcmp(win->arm, "artillery") == 0)
		wl.breakthrough = "none";
	/* "Reacting cavalry that get a 4+ result in melee may not
	 * breakthrough." */
	if (strcmp(wl.breakthrough, "none") != 0 && in_mod(in, win->opt, "reacting")) {
		wl.breakthrough = "none";
		result_work(r, "reacting cavalry: no breakthrough; stay with a free facing change or withdraw 6\"");
	}
	bend_loss(r, in, win, lose, &wl);
	bend_loss(r, in, lose, win, &ll);
	outcome(r, &a, win == &a ? &wl : &ll);
	outcome(r, &def, win == &a ? &ll : &wl);
	melee_summary(r, win, lose, diff, &ll, &wl);
	return RULE_OK;
}

/* ---- maneuver: move and rally ---------------------------------------- */

#define UNITS "french-infantry|infantry|light-infantry|light-cavalry|heavy-cavalry|horse-artillery|foot-artillery|leader"
#define QUALITIES "excellent|good|average|poor"

static const struct input_decl move_inputs[] = {
	{ "quality", IN_CHOICE, QUALITIES, 0, 0, QUALITIES, NULL, NULL,
	  "the corps commander's rating (the army commander's where there is no corps)", 0 },
	{ "no-command-path", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "no valid command path: one column lower", 0 },
	{ "disordered", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "a disordered brigade: the disorder table", 0 },
	{ "type", IN_CHOICE, "TYPE", 0, 0, UNITS, NULL, NULL,
	  "the brigade's type (for the inches allowed)", 0 },
	{ "formation", IN_CHOICE, "line|column|march-column|square|limbered|unlimbered", 0, 0,
	  "line|column|march-column|square|limbered|unlimbered", "line", NULL,
	  "its formation (a battery: unlimbered typed unlimbers it)", 0 },
	{ "road", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "march column along a road", 0 },
	{ "rough", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "moving in rough terrain", 0 },
	{ "ford", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "fording a stream (-3\")", 0 },
	{ "pass-through", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "passing through other units (-3\"; light troops free)", 0 },
	{ "about-face", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "an about face (1/2)", 0 },
	{ "change-formation", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "changing formation (1/2 the line allowance)", 0 },
	{ "reacting", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "a cavalry reaction move (needs a 1/2-move result; 1/2 allowance)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "maneuver-modifiers",
	  "maneuver modifiers", IN_REPEAT },
	{ "evasion", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "disordered cavalry or unlimbered horse artillery evading: the evasion table", 0 },
	{ "silenced", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "evasion: a silenced horse battery (-1)", 0 },
	{ "efc", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "infantry charged by cavalry: the emergency formation change table", 0 },
	{ "efc-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "efc-modifiers",
	  "emergency formation change modifiers", IN_REPEAT },
	{ "prolong", IN_CHOICE, "horse|heavy", 0, 0, "horse|heavy", NULL, NULL,
	  "an unlimbered battery prolonging", 0 },
	{ "division-fatigued", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "its division is fatigued: it may not move within 3\" of the enemy", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the brigade of the game (or, with --attach, a leader)", 0 },
	{ "attach", IN_UNIT, "BRIGADE", 0, 0, NULL, NULL, NULL,
	  "in a game, the leader --unit attaches to this brigade for the turn (l.136: he stays with it the whole turn)",
	  IN_SECONDARY },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A factor of the movement factors table; a missing one fails r. */
static double
factor(const struct tableset *ts, const char *name, struct result *r)
{
	return rule_value(ts, FURY, "move-factors", name, r);
}

/* The brigade's allowance in its formation (square 1/2 of line; march
 * column on a road twice the column allowance). */
static int
allowance(const struct tableset *ts, const struct inputs *in, const char *form,
    double *inches, struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "movement", r);
	const char *type = in_text(in, "type");
	const char *col = strcmp(form, "square") == 0 ? "line" :
	    strcmp(form, "march-column") == 0 && in_flag(in, "road") ? "road" : form;
	int row;

	if (t == NULL)
		return RULE_DATA;
	row = table_row(t, "unit", type);
	if (row < 0 || table_number(t, row, col, inches) != 0)
		return result_fail(r, RULE_DATA, "the %s gives %s no %s allowance",
		    t->title, type, col);
	if (strcmp(form, "square") == 0)
		*inches *= factor(ts, "square", r);
	result_work(r, "%s [%s]: %s in %s%s: %g\"", t->title, t->provenance, type,
	    form, strcmp(col, "road") == 0 ? " on a road" : "", *inches);
	return RULE_OK;
}

/* What the ground takes of a move of *out inches: rough terrain, a ford,
 * passing through other units; never below nothing. */
static void
terrain_costs(const struct tableset *ts, const struct inputs *in, double *out,
    struct result *r)
{
	const char *type = in_text(in, "type");

	if (in_flag(in, "rough")) {
		const char *kind = strstr(type, "cavalry") ? "rough-cavalry" :
		    strstr(type, "artillery") ? "rough-artillery" : "rough-infantry";

		*out *= factor(ts, kind, r);
		result_factor(r, "rough", factor(ts, kind, r));
	}
	if (in_flag(in, "ford")) {
		*out += factor(ts, "ford", r);
		result_mod(r, "ford", factor(ts, "ford", r));
	}
	if (in_flag(in, "pass-through") && strcmp(type, "light-infantry") != 0) {
		*out += factor(ts, "pass-through", r);
		result_mod(r, "pass-through", factor(ts, "pass-through", r));
	}
	if (*out < 0)
		*out = 0;
}

/* The inches a result allows the brigade, with terrain and costs. */
static int
inches_allowed(const struct tableset *ts, const struct inputs *in,
    const struct table *moves, int mrow, struct result *r, double *out)
{
	const char *result = table_text(moves, mrow, "result");
	double frac = 0, line = 0, full;
	int rc;

	frac = rule_cell(moves, mrow, "fraction", r);
	/* "Full move retreats are the column movement allowance." */
	if ((rc = allowance(ts, in, strcmp(result, "broken") == 0 ? "column" :
	    in_text(in, "formation"), &full, r)) != RULE_OK)
		return rc;
	if (strcmp(result, "wavering") == 0) {
		*out = factor(ts, "wavering", r);
		return RULE_OK;
	}
	*out = full * frac;
	if (in_flag(in, "change-formation")) {
		if (strcmp(table_text(moves, mrow, "formation_change"), "no") == 0) {
			result_forbid(r, "the result does not allow a formation change");
			return RULE_OK;
		}
		if (allowance(ts, in, "line", &line, r) != RULE_OK)
			line = full;
		/* "Formation changes cost 1/2 of the units movement allowance
		 * (unless it's the only option ... or the unit only has 1/2
		 * movement allowance, in which case it would cost the unit all
		 * of its movement.) measured against the brigade's line
		 * movement allowance": a French brigade well handled from line
		 * into column "would still have 2 1/2 inches" (l.76), half its
		 * line's 5", not its column's 7" less 2 1/2. */
		*out = frac < 1 ? 0 : line * (frac - factor(ts, "formation-change", r));
		result_work(r, "a formation change costs %s", frac < 1 ? "the whole move" :
		    "half the line allowance, and what remains is measured against it");
	}
	if (in_flag(in, "reacting")) {
		if (frac < 0.5) {
			result_forbid(r, "a reaction needs at least a 1/2-move result");
			return RULE_OK;
		}
		*out = full * factor(ts, "reacting", r);
		result_factor(r, "reacting", factor(ts, "reacting", r));
	}
	if (in_flag(in, "about-face")) {
		*out -= full * factor(ts, "about-face", r);
		result_work(r, "an about face costs half the allowance");
	}
	terrain_costs(ts, in, out, r);
	return RULE_OK;
}

/* l.172: "In order to unlimber however, a battery must either: a. Be
 * attached to a brigade within its command. b. Be within the command
 * range of its division officer or its artillery officer. c. Be within
 * command range of its Corp commander or Army commander": the umpire
 * measures it; the battery stands unlimbered, no dice. */
static int
battery_unlimbers(struct dice *d, struct result *r)
{
	result_word(r, "result", "unlimbers");
	result_number(r, "inches", 0);
	result_formation(r, "unit", "unlimbered");
	result_work(r, "to unlimber it is attached to a brigade within its command, or within the command range of its division or artillery officer, its corps or army commander (fury.txt l.174-180)");
	result_summary(r, "unlimbers (no maneuver roll for a battery)");
	dice_end_early(d);
	return RULE_OK;
}

/* "An artillery battery may always limber and move without use of the
 * maneuver tables" (l.172): limbered, at its column allowance (march
 * column along a road: the road's), the ground's costs taken; no dice. */
static int
battery_move(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	double inches;
	int rc;

	if (in_typed(in, "formation") && in_is(in, "formation", "unlimbered"))
		return battery_unlimbers(d, r);
	if ((rc = allowance(ts, in, in_is(in, "formation", "march-column") ?
	    "march-column" : "column", &inches, r)) != RULE_OK)
		return rc;
	terrain_costs(ts, in, &inches, r);
	result_word(r, "result", "limbers_and_moves");
	result_number(r, "inches", inches);
	result_formation(r, "unit", "limbered");
	result_summary(r, "limbers and moves up to %g\" (no maneuver roll for a battery)",
	    inches);
	dice_end_early(d);	/* dice rolled all the same are told unused */
	return RULE_OK;
}

/* The column of the good order table: the rating, one lower without a
 * command path. */
static const char *
column(const struct inputs *in)
{
	static const char *const order[] = { "excellent", "good", "average", "poor" };
	const char *q = in_text(in, "quality");

	for (int i = 0; i < 3; i++)
		if (strcmp(q, order[i]) == 0 && in_flag(in, "no-command-path"))
			return order[i + 1];
	return q;
}

static long
maneuver_mods(const struct tableset *ts, const struct inputs *in,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "maneuver-modifiers", r);
	const struct table *army = rule_table(ts, FURY, "army-commanders", r);
	const char *ac = in_mod_value(in, "mod", "army-commander");
	long sum = 0;

	if (t == NULL || army == NULL)
		return 0;
	rule_named_mods(in, "mod", t, NULL, 1, NULL, &sum, r);
	if (ac != NULL) {
		double v = rule_cell(army, table_row(army, "rating", ac), "modifier", r);

		sum += (long)v;
		result_mod(r, "army-commander", v);
	}
	return cap(ts, sum, "maneuver", r);
}

/* A move the text forbids in the terrain given, or NULL. */
static const char *
move_forbidden(const struct inputs *in)
{
	/* l.160: "Heavy cavalry may not enter woods unless in march column
	 * along a road." */
	if (in_is(in, "type", "heavy-cavalry") && in_mod(in, "mod", "woods") &&
	    !(in_is(in, "formation", "march-column") && in_flag(in, "road")))
		return "heavy cavalry may not enter woods unless in march column along a road";
	/* l.166: "Infantry in square formation ... may not enter rough
	 * terrain while in square." */
	if (in_is(in, "formation", "square") && in_flag(in, "rough"))
		return "infantry in square may not enter rough terrain";
	return NULL;
}

static int
maneuver(const struct tableset *ts, const struct inputs *in, int disordered,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, FURY, disordered ? "disorder-table" :
	    "good-order-table", r);
	const struct table *moves = rule_table(ts, FURY, "result-moves", r);
	const char *result, *why;
	long mods, score;
	int roll, row = -1, mrow, rc;
	double inches = 0;

	if (t == NULL || moves == NULL)
		return RULE_DATA;
	if (!disordered && !in_given(in, "quality"))
		return result_fail(r, RULE_USAGE,
		    "give --quality %s (the corps commander's rating), or --disordered", QUALITIES);
	if ((why = move_forbidden(in)) != NULL) {
		result_null(r, "result");
		result_null(r, "inches");
		return rule_refused(r, d, "no move", why);
	}
	mods = maneuver_mods(ts, in, r);
	if ((roll = two_d6(d, "maneuver")) < 0)
		return RULE_DATA;
	if (in_flag(in, "division-fatigued"))	/* l.50: the umpire measures it */
		result_work(r, "its division is fatigued: it may not move to within 3\" of an enemy unit");
	score = roll + mods;
	for (int i = 0; i < t->nrows && row < 0; i++) {
		double min = -1000, max = 1000;

		if (!disordered && strcmp(table_text(t, i, "quality"), column(in)) != 0)
			continue;
		table_number(t, i, "min", &min);
		table_number(t, i, "max", &max);
		if (score >= min && score <= max)
			row = i;
	}
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no line for %ld", t->title, score);
	result = table_text(t, row, "result");
	result_work(r, "%s [%s]%s%s: 2d6 %d %+ld = %ld -> %s", t->title, t->provenance,
	    disordered ? "" : ", column ", disordered ? "" : column(in), roll, mods, score,
	    table_text(t, row, "help"));
	result_word(r, "result", result);
	mrow = table_row(moves, "result", result);
	if (in_given(in, "type") && mrow >= 0) {
		if ((rc = inches_allowed(ts, in, moves, mrow, r, &inches)) != RULE_OK)
			return rc;
		result_number(r, "inches", r->legal ? inches : 0);
	} else {
		result_null(r, "inches");
	}
	if (mrow >= 0) {
		result_word(r, "formation_change", table_text(moves, mrow, "formation_change"));
		result_bool(r, "backward", strcmp(table_text(moves, mrow, "backward"), "1") == 0);
		if (strcmp(table_text(moves, mrow, "rallies"), "yes") == 0)
			result_flag(r, "unit", "disordered", 0);
		if (strcmp(table_text(moves, mrow, "disorders"), "yes") == 0)
			result_flag(r, "unit", "disordered", 1);
	}
	if (strcmp(result, "routs") == 0)
		result_state(r, "unit", "routed", 0);
	/* l.82: "Any non-light class unit that changes formation while in
	 * woods is disordered at the end of the formation change." */
	if (r->legal && in_flag(in, "change-formation") && in_mod(in, "mod", "woods") &&
	    in_given(in, "type") && strncmp(in_text(in, "type"), "light-", 6) != 0) {
		result_work(r, "a non-light unit changing formation in woods is disordered");
		result_flag(r, "unit", "disordered", 1);
	}
	if (strcmp(result, "broken") == 0)
		result_ledger(r, "unit", "loss", 1);
	/* A formation change the result allows leaves the brigade in its
	 * new formation. */
	if (r->legal && in_flag(in, "change-formation") && mrow >= 0 &&
	    strcmp(table_text(moves, mrow, "formation_change"), "no") != 0)
		result_formation(r, "unit", in_text(in, "formation"));
	if (in_given(in, "type") && r->legal) {
		char buf[32];

		result_summary(r, "%s: %s\"", table_text(t, row, "help"),
		    num_format(inches, buf, sizeof buf));
	} else {
		result_summary(r, "%s", table_text(t, row, "help"));
	}
	return RULE_OK;
}

/* "Disordered cavalry or unlimbered horse artillery may attempt to get
 * away but must roll on the evasion table." */
static int
evasion(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "evasion", r);
	long mods = in_flag(in, "silenced") ? -1 : 0, score;
	int roll, row;

	if (t == NULL)
		return RULE_DATA;
	if (mods != 0)
		result_mod(r, "silenced", (double)mods);
	if ((roll = two_d6(d, "evasion")) < 0)
		return RULE_DATA;
	score = roll + mods;
	if ((row = band(t, score)) < 0)
		return result_fail(r, RULE_DATA, "the %s has no line for %ld", t->title, score);
	result_word(r, "result", table_text(t, row, "result"));
	result_null(r, "inches");
	result_work(r, "%s [%s]: 2d6 %d %+ld = %ld -> %s", t->title, t->provenance, roll,
	    mods, score, table_text(t, row, "help"));
	result_summary(r, "%s", table_text(t, row, "help"));
	return RULE_OK;
}

/* "It must immediately roll on the Emergency Formation Change table in an
 * attempt to form square." */
static int
efc(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "efc-table", r);
	const struct table *m = rule_table(ts, FURY, "efc-modifiers", r);
	long sum = 0, capped, score;
	int roll, row;

	if (t == NULL || m == NULL)
		return RULE_DATA;
	/* l.108: "... already in square formation ...": no roll. */
	if (in_is(in, "formation", "square")) {
		result_null(r, "result");
		result_null(r, "inches");
		return rule_refused(r, d, "no emergency formation change",
		    "the brigade is already in square");
	}
	rule_named_mods(in, "efc-mod", m, NULL, 1, NULL, &sum, r);
	capped = cap(ts, sum, "formation change", r);
	if ((roll = two_d6(d, "formation change")) < 0)
		return RULE_DATA;
	score = roll + capped;
	if ((row = band(t, score)) < 0)
		return result_fail(r, RULE_DATA, "the %s has no line for %ld", t->title, score);
	result_word(r, "result", table_text(t, row, "result"));
	result_null(r, "inches");
	result_work(r, "%s [%s]: 2d6 %d %+ld = %ld -> %s", t->title, t->provenance, roll,
	    capped, score, table_text(t, row, "help"));
	if (strcmp(table_text(t, row, "result"), "square") != 0)
		result_flag(r, "unit", "disordered", 1);
	/* "forms square" (disordered or not): the game keeps it in square;
	 * caught, it stays as it was, and the game keeps that it has tried
	 * this turn (the melee that follows need not ask for the roll). */
	if (strncmp(table_text(t, row, "result"), "square", 6) == 0)
		result_formation(r, "unit", "square");
	else
		result_flag(r, "unit", "tried-square", 1);
	result_summary(r, "%s", table_text(t, row, "help"));
	return RULE_OK;
}

/* True when the move's --type is a battery's (the chart's names). */
static int
moves_a_battery(const struct inputs *in)
{
	return in_is(in, "type", "foot-artillery") || in_is(in, "type", "horse-artillery");
}

/* The formation the unit moves in: the one given, else a battery's
 * limbered (it moves so; the input's own default is line). */
static const char *
move_formation(const struct inputs *in)
{
	return !in_given(in, "formation") && moves_a_battery(in) ? "limbered" :
	    in_text(in, "formation");
}

static int
fury_move(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const char *why;
	struct in_item it;

	/* l.136: "When making an attachment/detachment, the player must
	 * announce the action and ... which unit the officer is actually
	 * attaching to ... A leader attached to a unit will stay with that unit
	 * for the entire turn." */
	if (in_item(in, "attach", 0, &it)) {
		result_null(r, "result");
		result_null(r, "inches");
		result_summary(r, "attaches to %s for the turn", it.name);
		result_work(r, "fury.txt l.136: an attached leader stays with the unit for the entire turn and may only affect it");
		dice_end_early(d);
		return RULE_OK;
	}
	if (in_given(in, "prolong")) {
		double v = factor(ts, in_is(in, "prolong", "horse") ? "prolong-horse" :
		    "prolong-heavy", r);

		result_word(r, "result", "prolong");
		result_number(r, "inches", v);
		result_summary(r, "prolongs %g\" (level ground only, then fires at -1 unless a guard battery)", v);
		return RULE_OK;
	}
	/* l.90: "Square. (infantry only)": no other moves in it or forms it;
	 * l.92: a battery is limbered or unlimbered. */
	if ((why = rule_formation_refused(ts, FURY, in_text(in, "type"),
	    in_flag(in, "efc") ? "square" : move_formation(in), r)) != NULL) {
		result_null(r, "result");
		result_null(r, "inches");
		return rule_refused(r, d, in_flag(in, "efc") ? "no emergency formation change" :
		    "no move", why);
	}
	if (in_flag(in, "evasion"))
		return evasion(ts, in, d, r);
	if (in_flag(in, "efc"))
		return efc(ts, in, d, r);
	if (moves_a_battery(in))
		return battery_move(ts, in, d, r);
	return maneuver(ts, in, in_flag(in, "disordered"), d, r);
}

/* "Disordered brigades rally through the Disorder maneuver table."  A
 * brigade in good order has nothing to rally from (in a game the
 * maneuver modifiers' in-good-order says so, as 2x2's rally does). */
static int
fury_rally(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "maneuver-modifiers", r);
	const char *why;

	if (t == NULL)
		return RULE_DATA;
	if ((why = rule_forbids(in, "mod", t, NULL)) != NULL) {
		result_null(r, "result");
		result_null(r, "inches");
		return rule_refused(r, d, "may not rally", why);
	}
	return maneuver(ts, in, 1, d, r);
}

/* ---- morale: freshness and BEL --------------------------------------- */

#define BELS "militia|conscript|regular|veteran|guard"

static const struct input_decl morale_inputs[] = {
	{ "stands-start", IN_COUNT, "N", 1, 100, NULL, NULL, NULL,
	  "stands the brigade started with (the chart covers 3 to 7)", 0 },
	{ "stands", IN_COUNT, "N", 0, 100, NULL, NULL, NULL, "stands it has now", 0 },
	{ "bel", IN_CHOICE, BELS, 0, 0, BELS, NULL, NULL, "brigade effectiveness level", 0 },
	{ "battalions", IN_SPEC, "LIST", 0, 0, BELS, NULL, "one of militia, conscript, regular, veteran, guard",
	  "a mixed brigade: its battalions' classes (e.g. regular,regular,veteran,guard)", 0 },
	{ "cavalry", IN_CHOICE, "elite|good|line|poor", 0, 0, "elite|good|line|poor",
	  NULL, NULL, "a cavalry brigade's rating", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "a brigade of the game", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

const char *
fury_mixed_bel(const struct tableset *ts, const struct inputs *in,
    const char *opt, struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "bel", r);
	long sum = 0, n = 0, level;
	struct in_item it;
	char key[16];
	int row;

	if (t == NULL)
		return NULL;
	for (; in_item(in, opt, (int)n, &it); n++) {
		if ((row = table_row(t, "bel", it.name)) < 0) {
			result_fail(r, RULE_DATA, "--%s: '%s' is not a BEL of the %s",
			    opt, it.name, t->title);
			return NULL;
		}
		sum += (long)rule_cell(t, row, "points", r);
	}
	if (n == 0) {
		result_fail(r, RULE_DATA, "--%s: no battalions", opt);
		return NULL;
	}
	/* The mean, "(round .6 or better up.)": in tenths, exactly. */
	level = sum / n + ((sum % n) * 10 >= 6 * n ? 1 : 0);
	text_long(key, sizeof key, level);
	if ((row = table_row(t, "points", key)) < 0) {
		result_fail(r, RULE_DATA, "the %s has no BEL worth %ld points", t->title,
		    level);
		return NULL;
	}
	result_work(r, "%s [%s]: %ld battalions, %ld points, mean %.2f -> %s", t->title,
	    t->provenance, n, sum, (double)sum / (double)n, table_text(t, row, "bel"));
	return table_text(t, row, "bel");
}

const char *
fury_class(const char *bel, const char *cavalry)
{
	if (cavalry == NULL)
		return bel;
	return strcmp(cavalry, "elite") == 0 ? "veteran" : strcmp(cavalry, "good") == 0 ?
	    "regular" : strcmp(cavalry, "line") == 0 ? "conscript" : "militia";
}

const char *
fury_freshness(const struct tableset *ts, const char *cls, long start,
    long stands, struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "freshness", r);
	char key[16], fresh_to[16];
	double worn = -1, spent = -1;
	int row;

	/* An empty worn or spent cell: "-", never. */

	if (t == NULL)
		return NULL;
	text_long(key, sizeof key, start);
	row = table_row2(t, "stands", key, "class", cls);
	if (row < 0) {
		result_fail(r, RULE_DATA, "the %s covers brigades of 3 to 7 stands, not %ld",
		    t->title, start);
		return NULL;
	}
	table_number(t, row, "worn", &worn);
	table_number(t, row, "spent", &spent);
	/* Fire & Fury's reading, which the chart adapts: a brigade starts
	 * fresh and stays so until its losses bring it to the worn number
	 * (militia: "straight from fresh to spent"). */
	text_long(fresh_to, sizeof fresh_to, worn >= 0 ? (long)worn + 1 :
	    spent >= 0 ? (long)spent + 1 : 1);
	result_work(r, "%s [%s]: %ld stands, %s: fresh down to %s, %s%s, %s%s", t->title,
	    t->provenance, start, cls, fresh_to, worn >= 0 ? "worn at " : "never worn",
	    worn >= 0 ? table_text(t, row, "worn") : "",
	    spent >= 0 ? "spent at " : "never spent",
	    spent >= 0 ? table_text(t, row, "spent") : "");
	if (spent >= 0 && stands <= (long)spent)
		return "spent";
	if (worn >= 0 && stands <= (long)worn)
		return "worn";
	return "fresh";
}

static int
fury_morale(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const char *bel = in_text(in, "bel"), *fresh;
	long start = in_count(in, "stands-start"), stands = in_count(in, "stands");

	(void)d;
	if (in_given(in, "battalions") && (bel = fury_mixed_bel(ts, in,
	    "battalions", r)) == NULL)
		return RULE_DATA;
	if (bel == NULL || !in_given(in, "stands-start") || !in_given(in, "stands"))
		return result_fail(r, RULE_USAGE,
		    "give --stands-start N --stands N and --bel B (or --battalions LIST)");
	if (stands > start)
		return result_fail(r, RULE_DATA, "--stands: %ld is more than the %ld it started with",
		    stands, start);
	fresh = fury_freshness(ts, fury_class(bel, in_text(in, "cavalry")), start, stands, r);
	if (fresh == NULL)
		return RULE_DATA;
	result_word(r, "freshness", fresh);
	result_int(r, "stands", stands);
	result_word(r, "bel", bel);
	/* a cavalry brigade's freshness is read by its cavalry rating */
	result_summary(r, "%s (%ld of %ld stands, %s%s)", fresh, stands, start,
	    in_given(in, "cavalry") ? in_text(in, "cavalry") : bel,
	    in_given(in, "cavalry") ? " cavalry" : "");
	return RULE_OK;
}

/* ---- fatigue --------------------------------------------------------- */

static const struct input_decl fatigue_inputs[] = {
	{ "stands", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "the formation's stands (artillery not counted)", 0 },
	{ "quality", IN_CHOICE, "good|average|poor", 0, 0, "good|average|poor", NULL,
	  NULL, "the formation's quality", 0 },
	{ "losses", IN_COUNT, "L", 0, 100000, NULL, "0", NULL, "stands lost so far", 0 },
	{ "unit", IN_UNIT, "FORMATION", 0, 0, NULL, NULL, NULL,
	  "a division, corps or army of the game", IN_FORMATION },
	{ "every", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "in a game: every formation (what fatigue with no options does in a game)", IN_GAME },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

long
fury_fatigue_level(long stands, long percent)
{
	long hundredths = stands * percent;

	/* "(Round .1 -.5 down, .6+ up.)" */
	return hundredths / 100 + (hundredths % 100 >= 60 ? 1 : 0);
}

long
fury_quality_percent(const struct tableset *ts, const char *quality,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "fatigue", r);
	int row = t != NULL ? table_row(t, "quality", quality) : -1;

	return row < 0 ? -1 : (long)rule_cell(t, row, "percent", r);
}

static int
fury_fatigue(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	long pct, level, losses = in_count(in, "losses");

	(void)d;
	if (!in_given(in, "stands") || !in_given(in, "quality"))
		return in_given(in, "unit") || in_flag(in, "every") ? RULE_OK : result_fail(r, RULE_USAGE,
		    "give --stands N and --quality good|average|poor (or, in a game, --unit FORMATION)");
	if ((pct = fury_quality_percent(ts, in_text(in, "quality"), r)) < 0)
		return result_fail(r, RULE_DATA, "the fatigue table has no %s", in_text(in, "quality"));
	level = fury_fatigue_level(in_count(in, "stands"), pct);
	result_int(r, "level", level);
	result_int(r, "losses", losses);
	result_bool(r, "fatigued", losses >= level);
	result_work(r, "%ld stands x %ld%% = %ld.%02ld -> %ld (.1-.5 down, .6+ up)",
	    in_count(in, "stands"), pct, in_count(in, "stands") * pct / 100,
	    in_count(in, "stands") * pct % 100, level);
	result_summary(r, losses >= level ? "fatigued: %ld stands lost of a level of %ld" :
	    "not fatigued: %ld stands lost of a level of %ld", losses, level);
	return RULE_OK;
}

static const struct rule_cmd fury_cmds[] = {
	{ "fire", "fire points on the fire table", NULL, fire_inputs,
	  "2d6 (with a leader attached and a natural 12: 2d6 more)", fury_fire, NULL },
	{ "melee", "melee: each side 2d6 + capped modifiers", NULL, melee_inputs,
	  "the attacker's 2d6, the defender's 2d6", fury_melee, NULL },
	{ "morale", "a brigade's fresh, worn or spent state", NULL, morale_inputs,
	  "none", fury_morale, NULL },
	{ "rally", "a disordered brigade on the disorder table", NULL, move_inputs,
	  "2d6", fury_rally, NULL },
	{ "fatigue", "division, corps and army fatigue", NULL, fatigue_inputs, "none",
	  fury_fatigue, NULL },
	{ "move", "the maneuver roll and the inches it allows; evasion; emergency formation change",
	  NULL, move_inputs, "2d6 (none to prolong)", fury_move, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_fury = {
	FURY, "Napoleonic Fury, a Fire & Fury adaptation", "stands", fury_cmds,
	&fury_roster,
};
