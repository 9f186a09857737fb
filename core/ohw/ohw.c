/*
 * ohw: One Hour Wargame Napoleonic mods.  A d6 plus modifiers is the
 * fatigue points (FP) a unit takes; a unit is tired at half its break
 * point, exhausted at three quarters, broken at it; higher formations
 * break at a percentage of their units' break points.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "num.h"
#include "ruleset.h"
#include "keep.h"
#include "text.h"

#define OHW "ohw"
#define FIRERS "line|column|square|skirmishers|foot-artillery|horse-artillery"
#define MELEE_TYPES "cavalry|heavy-cavalry|infantry|skirmishers|square"

/* The unit types, each of its arm: skirmishers are infantry always in
 * skirmish order. */
static const struct unit_type ohw_types[] = {
	{ "general", "command", NULL, NULL },
	{ "infantry", "infantry", NULL, NULL },
	{ "skirmishers", "infantry", "open-order", NULL },
	{ "cavalry", "cavalry", NULL, NULL },
	{ "foot-artillery", "artillery", "foot", "unlimbered" },
	{ "horse-artillery", "artillery", "horse", "unlimbered" },
	{ NULL, NULL, NULL, NULL },
};

static const struct roster ohw_roster;

/* True when TYPE is a unit type of ARM (and KIND, unless NULL). */
static int
is_arm(const char *type, const char *arm, const char *kind)
{
	return roster_is(&ohw_roster, type, arm, kind);
}

/* A number of the rules table; a missing one fails r. */
static double
number(const struct tableset *ts, const char *name, struct result *r)
{
	return rule_value(ts, OHW, "rules", name, r);
}

/* "At about 50% of Break Point the unit becomes Tired ... at about 75% it
 * becomes Exhausted"; broken at the break point (compared exactly). */
static const char *
fp_state(const struct tableset *ts, long fp, long bp, int pyrrhic,
    struct result *r)
{
	if (pyrrhic && fp >= (long)number(ts, "pyrrhic", r))
		return "destroyed";
	if (!pyrrhic && fp >= bp)
		return "broken";
	if ((double)fp >= (double)bp * number(ts, "exhausted", r))
		return "exhausted";
	if ((double)fp >= (double)bp * number(ts, "tired", r))
		return "tired";
	return "fresh";
}

/* A named condition with no value of its own (halving, stubborn...). */
static int
is_condition(const struct table *t, const char *name)
{
	double v = 0;

	return rule_modifier(t, name, NULL, &v) == MOD_NUMBER && v == 0;
}

/* Half, rounded up. */
static long
half_up(long v)
{
	return (v + 1) / 2;
}

/* ---- fire ------------------------------------------------------------ */

static const struct input_decl fire_inputs[] = {
	{ "firer", IN_CHOICE, "TYPE", 0, 0, FIRERS, NULL, NULL,
	  "the firer: an infantry formation or a battery", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL, "measured distance (inches)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fire-modifiers", "modifiers", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the firing unit of the game", IN_OWN },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the target unit of the game (its FP are recorded)", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The range band of an artillery firer, with its modifier. */
static const char *
gun_band(const struct table *t, const char *gun, double dist, long *mod, double *reach,
    struct result *r)
{
	const char *band = "out";

	*reach = 0;
	for (int row = 0; row < t->nrows; row++) {
		double over = -1, upto = 0, m = 0;

		if (strcmp(table_text(t, row, "gun"), gun) != 0)
			continue;
		table_number(t, row, "over", &over);
		table_number(t, row, "upto", &upto);
		m = rule_cell(t, row, "modifier", r);
		if (upto > *reach)
			*reach = upto;
		if (dist > over && dist <= upto && strcmp(band, "out") == 0) {
			band = table_text(t, row, "band");
			*mod = (long)m;
		}
	}
	return band;
}

static int
fire_range(const struct tableset *ts, const char *firer, double dist,
    struct result *r, const char **range, long *total)
{
	int guns = is_arm(firer, "artillery", NULL);
	const struct table *t = rule_table(ts, OHW, guns ? "artillery-ranges" :
	    "musket-ranges", r);
	double reach = 0;
	long mod = 0;

	if (t == NULL)
		return RULE_DATA;
	if (guns) {
		*range = gun_band(t, strcmp(firer, "foot-artillery") == 0 ? "foot" : "horse",
		    dist, &mod, &reach, r);
		if (strcmp(*range, "out") != 0) {
			char name[32];

			snprintf(name, sizeof name, "%s-range", *range);
			*total += mod;
			result_mod(r, name, (double)mod);
		}
	} else {
		reach = rule_cell(t, table_row(t, "formation", firer), "range", r);
		*range = dist <= reach ? "in" : "out";
	}
	result_work(r, "%s [%s]: %s reaches %g\": %g\" is %s", t->title, t->provenance,
	    firer, reach, dist, *range);
	if (strcmp(*range, "out") == 0)
		result_reason(r, "out of range: %g\" is beyond the %s's %g\"", dist, firer, reach);
	return RULE_OK;
}

/* The modifiers a firer gets, with the rifles and stubborn readings. */
static void
fire_mods(const struct table *t, const struct inputs *in, const char *firer,
    long *total, struct result *r)
{
	int guns = is_arm(firer, "artillery", NULL);
	struct in_item it;

	if (!guns && strcmp(firer, "skirmishers") == 0)
		rule_auto_mod(t, "skirmishers-firing", NULL, 1, NULL, total, r);
	if (!guns && (strcmp(firer, "column") == 0 || strcmp(firer, "square") == 0))
		rule_auto_mod(t, "column-or-square", NULL, 1, NULL, total, r);
	for (int i = 0; in_item(in, "mod", i, &it); i++) {
		const char *m = it.name;

		/* "Rifles: these troops only take a -1 when shooting at
		 * dispersed targets." "Stubborn ... do not suffer the -1 for
		 * being tired." */
		if (strcmp(m, "rifles") == 0 && !in_mod(in, "mod", "target-skirmishers"))
			continue;
		if (strcmp(m, "tired") == 0 && in_mod(in, "mod", "stubborn")) {
			result_work(r, "stubborn troops ignore being tired");
			continue;
		}
		if (strcmp(m, "moving") == 0 && guns)
			continue;
		if (is_condition(t, m))
			continue;
		rule_auto_mod(t, m, NULL, 1, NULL, total, r);
	}
}

static int
ohw_fire(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *t = rule_table(ts, OHW, "fire-modifiers", r);
	const char *firer = in_text(in, "firer"), *range = "out", *forbid;
	long total = 0, fp;
	int die, rc;

	if (t == NULL)
		return RULE_DATA;
	if (firer == NULL || !in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "give --firer TYPE and --distance D (inches)");
	/* l.143: "Units break when they receive a number of fatigue points":
	 * a broken unit neither fires nor fights (RULES.md). */
	if ((forbid = rule_forbids(in, "mod", t, NULL)) != NULL) {
		result_int(r, "fatigue_points", 0);
		result_null(r, "range");
		return rule_refused(r, d, "no fire", forbid);
	}
	if ((rc = fire_range(ts, firer, in_number(in, "distance"), r, &range, &total)) != RULE_OK)
		return rc;
	if (strcmp(range, "out") == 0) {
		result_int(r, "fatigue_points", 0);
		result_word(r, "range", "out");
		result_summary(r, "no effect: %s", r->reason);
		dice_end_early(d);
		return RULE_OK;
	}
	fire_mods(t, in, firer, &total, r);
	if ((die = dice_take(d, DIE_D6, "shooting d6")) < 0)
		return RULE_DATA;
	fp = die + total < 0 ? 0 : die + total;
	result_work(r, "d6 %d %+ld = %ld fatigue point%s%s", die, total, fp, fp == 1 ? "" : "s",
	    die + total < 0 ? " (never below 0)" : "");
	/* "Targets in woods or towns suffer half casualties (round up)." */
	if (in_mod(in, "mod", "target-in-cover")) {
		fp = half_up(fp);
		result_factor(r, "target-in-cover", 0.5);
		result_work(r, "the target in woods or a town takes half, rounded up: %ld", fp);
	}
	result_int(r, "fatigue_points", fp);
	result_word(r, "range", range);
	result_ledger(r, "target", "loss", fp);
	result_summary(r, "%ld fatigue point%s", fp, fp == 1 ? "" : "s");
	return RULE_OK;
}

/* ---- melee ----------------------------------------------------------- */

static const struct input_decl melee_inputs[] = {
	{ "attacker-type", IN_CHOICE, "TYPE", 0, 0, MELEE_TYPES, NULL, NULL,
	  "the attacker", 0 },
	{ "defender-type", IN_CHOICE, "TYPE", 0, 0, MELEE_TYPES, NULL, NULL,
	  "the defender (infantry: a line or column that stood)", 0 },
	{ "attacker-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the attacker's modifiers", IN_REPEAT },
	{ "defender-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the defender's modifiers", IN_REPEAT },
	{ "defender-fp", IN_COUNT, "N", 0, 100000, NULL, "0", NULL,
	  "the defender's fatigue points before the melee", 0 },
	{ "defender-break-point", IN_COUNT, "B", 1, 100000, NULL, "15", NULL,
	  "the defender's break point", 0 },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the attacking unit of the game", IN_OWN },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the defending unit of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
is_cav(const char *t)
{
	return strstr(t, "cavalry") != NULL;
}

/* The base of a side's roll against the other. */
static long
base(const struct table *t, const char *me, const char *enemy, struct result *r)
{
	const char *m = is_cav(me) ? "cavalry" : me, *e = is_cav(enemy) ? "cavalry" : enemy;
	double v = 0;
	int row = table_row2(t, "attacker", m, "defender", e);

	if (row < 0)
		row = table_row2(t, "attacker", m, "defender", "any");
	v = rule_cell(t, row, "base", r);
	return (long)v;
}

/* A side's roll: d6 (heavy cavalry reroll a 1, given after the pair). */
struct melee_side {
	const char *name, *type, *opt;
	int die;
	long inflicted;
};

/* The base in the working, named by what meets what: "defender:square-v-
 * cavalry +2" says the square is why. */
static void
base_mod(const struct table *t, const struct melee_side *s,
    const struct melee_side *enemy, struct result *r)
{
	char name[RESULT_NAME];

	snprintf(name, sizeof name, "%s:%s-v-%s", s->name,
	    is_cav(s->type) ? "cavalry" : s->type, is_cav(enemy->type) ? "cavalry" : enemy->type);
	result_mod(r, name, (double)base(t, s->type, enemy->type, r));
}

static long
side_mods(const struct table *t, const struct inputs *in, const struct melee_side *s,
    struct result *r)
{
	struct in_item it;
	long total = 0;

	for (int i = 0; in_item(in, s->opt, i, &it); i++) {
		const char *m = it.name;

		if (strcmp(m, "tired") == 0 && in_mod(in, s->opt, "stubborn"))
			continue;
		if (is_condition(t, m))
			continue;
		rule_auto_mod(t, m, NULL, 1, s->name, &total, r);
	}
	return total;
}

/* Infantry defending a built-up area: "infantry defending one take half
 * (round up), as [in-cover]" (RULES.md). */
static int
holds_bua(const struct inputs *in, const struct melee_side *s)
{
	return strcmp(s->name, "defender") == 0 && !is_cav(s->type) &&
	    in_mod(in, "defender-mod", "bua");
}

/* Fatigue points a side takes: half in cover or a built-up area
 * (infantry) or always for cavalry (round up, once); double in flank or
 * rear. */
static long
taken(const struct inputs *in, const struct melee_side *s, long fp, struct result *r)
{
	if (fp < 0)
		fp = 0;
	if (is_cav(s->type) || in_mod(in, s->opt, "in-cover") || holds_bua(in, s)) {
		fp = half_up(fp);
		result_work(r, "the %s takes half, rounded up (%s)", s->name,
		    is_cav(s->type) ? "cavalry always" : holds_bua(in, s) ?
		    "holding a built-up area" : "holding terrain");
	}
	if (in_mod(in, s->opt, "flank-or-rear")) {
		fp *= 2;
		result_work(r, "the %s, engaged in flank or rear, takes double", s->name);
	}
	return fp;
}

/* An infantry attacker that charged in column (--attacker-mod column). */
static int
charged_in_column(const struct inputs *in, const struct melee_side *a)
{
	return strcmp(a->type, "infantry") == 0 && in_mod(in, "attacker-mod", "column");
}

/* ASSESSED: the points each side's roll inflicts, before the cavalry's
 * halving (RULES.md: "compared as assessed"). */
static const char *
melee_outcome(const struct tableset *ts, const struct inputs *in,
    const struct melee_side *a, const struct melee_side *def,
    const long assessed[2], long def_fp, struct result *r)
{
	long before = in_count(in, "defender-fp"), bp = in_count(in, "defender-break-point");

	/* "If the infantry inflict more Fatigue Points on the cavalry than they
	 * receive they have won ... in any other circumstances the infantry
	 * unit is destroyed." */
	if (is_cav(a->type) && strcmp(def->type, "infantry") == 0) {
		result_work(r, "the infantry stood: it inflicted %ld FP as assessed and received %ld",
		    assessed[1], assessed[0]);
		if (assessed[1] > assessed[0]) {
			result_work(r, "the infantry stood and inflicted more than it took: the cavalry retire %g\"",
			    number(ts, "retire-cavalry", r));
			return "cavalry_retires";
		}
		result_work(r, "the infantry stood and did not inflict more: destroyed; the cavalry may break through %g\"",
		    number(ts, "breakthrough", r));
		return "infantry_destroyed";
	}
	if (before + def_fp >= bp)
		return "defender_broken";
	/* l.137: "if the number of Fatigue Points inflicted on the defender is
	 * less than or equal to two the attacking unit will retire ... three or
	 * more ... a lodgement": the points the defender takes, after the
	 * built-up area's halving (RULES.md). */
	if (in_mod(in, "defender-mod", "bua")) {
		int lodged = def_fp >= (long)number(ts, "lodgement", r);

		result_work(r, "the defender takes %ld FP in the built-up area: %s %g, %s",
		    def_fp, lodged ? "at least" : "fewer than", number(ts, "lodgement", r),
		    lodged ? "the attacker gains a lodgement in its near edge" :
		    "the attacker retires");
		return lodged ? "lodgement" : "attacker_retires";
	}
	if (!charged_in_column(in, a))
		result_work(r, "the defender is not broken: the attacker retires %g\"%s",
		    number(ts, is_cav(a->type) ? "retire-cavalry" : "retire-infantry", r),
		    is_cav(a->type) ? " facing the enemy" : "");
	return "attacker_retires";
}

/* l.130: "In the case of an Infantry column having charged they will
 * retreat two inches and be formed into a line facing their target"
 * (l.189: "Infantry attacking in column that do not defeat their enemy");
 * the game keeps it in line. */
static void
column_retreats(const struct tableset *ts, struct result *r)
{
	result_work(r, "the column did not break the defender: it retreats %g\" and forms line facing its target",
	    number(ts, "retire-column", r));
	result_formation(r, "attacker", "line");
}

/* A melee's outcome as a sentence says it. */
static const char *
outcome_words(const char *outcome)
{
	static const char *const words[][2] = {
		{ "cavalry_retires", "the cavalry retire" },
		{ "infantry_destroyed", "the infantry are destroyed" },
		{ "defender_broken", "the defender breaks" },
		{ "lodgement", "the attacker gains a lodgement" },
		{ "attacker_retires", "the attacker retires" },
	};

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i][0], outcome) == 0)
			return words[i][1];
	return outcome;
}

static int
roll_side(const struct inputs *in, struct melee_side *s, struct dice *d)
{
	(void)in;
	s->die = dice_take(d, DIE_D6, "%s's d6", s->name);
	return s->die < 0 ? RULE_DATA : RULE_OK;
}

/* "Heavy Cavalry, reroll all 1s in Melee." */
static int
reroll(struct melee_side *s, struct dice *d)
{
	int f;

	if (strcmp(s->type, "heavy-cavalry") != 0 || s->die != 1)
		return RULE_OK;
	if ((f = dice_take(d, DIE_D6, "%s's reroll of a 1", s->name)) < 0)
		return RULE_DATA;
	s->die = f;
	return RULE_OK;
}

/* A melee the rules forbid: no dice, nothing taken. */
static int
no_melee(struct result *r, struct dice *d, const char *why)
{
	result_int(r, "attacker_fp", 0);
	result_int(r, "defender_fp", 0);
	result_word(r, "outcome", "attacker_retires");
	return rule_refused(r, d, "no melee", why);
}

/* A melee one side may not fight, or NULL (WHY written into BUF).
 * "Units break when they receive a number of fatigue points" (l.143), and
 * a melee ends once "the attacking units has ... broken the defender"
 * (l.128): a broken unit neither fires nor fights (RULES.md).  Exhausted
 * "infantry may not move closer to the enemy, cavalry may still charge"
 * (l.145). */
static const char *
melee_forbidden(const struct table *t, const struct inputs *in,
    const struct melee_side *a, const struct melee_side *def, char *buf,
    size_t n)
{
	long fp = in_count(in, "defender-fp"), bp = in_count(in, "defender-break-point");
	const struct melee_side *who = a;
	const char *forbid = rule_forbids(in, a->opt, t, NULL);

	if (forbid == NULL) {
		forbid = rule_forbids(in, def->opt, t, NULL);
		who = def;
	}
	if (forbid != NULL) {
		snprintf(buf, n, "%s (the %s)", forbid, who->name);
		return buf;
	}
	/* Pyrrhic troops "die to the last man": they do not break. */
	if (fp >= bp && !in_mod(in, def->opt, "pyrrhic")) {
		snprintf(buf, n, "the defender has broken (%ld FP, its break point %ld): it neither fires nor fights",
		    fp, bp);
		return buf;
	}
	if (!is_cav(a->type) && in_mod(in, a->opt, "exhausted"))
		return "exhausted infantry may not move closer to the enemy: it may not charge";
	/* "The unit must stand for a full turn to reorganize" (l.147). */
	if (in_mod(in, a->opt, "saving-themselves"))
		return "a unit saving itself must stand a full turn to reorganise: it may not charge";
	return NULL;
}

/* A unit saving itself contacted before it has reorganised: destroyed,
 * no die rolled. */
static int
contacted_saving(struct result *r, struct dice *d)
{
	result_int(r, "attacker_fp", 0);
	result_int(r, "defender_fp", 0);
	result_word(r, "outcome", "defender_destroyed");
	result_state(r, "defender", "destroyed", 0);
	result_work(r, "ohw.txt l.147: a unit saving itself, contacted during the turn after it fled or the turn spent reorganising, is destroyed");
	result_summary(r, "the defender, saving itself, is contacted before it has reorganised: it is destroyed");
	dice_end_early(d);
	return RULE_OK;
}

static int
ohw_melee(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *m = rule_table(ts, OHW, "melee-modifiers", r);
	const struct table *b = rule_table(ts, OHW, "melee-bases", r);
	struct melee_side a = { "attacker", in_text(in, "attacker-type"), "attacker-mod", 0, 0 };
	struct melee_side def = { "defender", in_text(in, "defender-type"), "defender-mod", 0, 0 };
	long am, dm, att_fp, def_fp, assessed[2];
	const char *outcome, *why;
	char whybuf[RESULT_LINE];
	int rc;

	if (m == NULL || b == NULL)
		return RULE_DATA;
	if (a.type == NULL || def.type == NULL)
		return result_fail(r, RULE_USAGE, "give --attacker-type TYPE and --defender-type TYPE");
	/* Only infantry charge in column; the column is the attacker's. */
	if (in_mod(in, "defender-mod", "column"))
		return result_fail(r, RULE_DATA,
		    "--defender-mod column: the column is the attacker's, the infantry that charged in it");
	if (in_mod(in, "attacker-mod", "column") && strcmp(a.type, "infantry") != 0)
		return result_fail(r, RULE_DATA,
		    "--attacker-mod column: only infantry charge in column (the attacker is %s)", a.type);
	if ((why = melee_forbidden(m, in, &a, &def, whybuf, sizeof whybuf)) != NULL)
		return no_melee(r, d, why);
	/* l.147: "If contacted during the turn after it fled, or during the
	 * turn spent reorganizing, the unit is destroyed." */
	if (in_mod(in, def.opt, "saving-themselves"))
		return contacted_saving(r, d);
	/* "Only Infantry can attack a Built Up Area." */
	if (in_mod(in, "defender-mod", "bua") && is_cav(a.type))
		return no_melee(r, d, "only infantry can attack a built-up area");
	/* l.46: "Skirmishers may only charge other skirmishers or Exhausted
	 * units." */
	if (strcmp(a.type, "skirmishers") == 0 && strcmp(def.type, "skirmishers") != 0 &&
	    !in_mod(in, "defender-mod", "exhausted"))
		return no_melee(r, d, "skirmishers may only charge other skirmishers or exhausted units");
	am = base(b, a.type, def.type, r) + side_mods(m, in, &a, r);
	dm = base(b, def.type, a.type, r) + side_mods(m, in, &def, r);
	base_mod(b, &a, &def, r);
	base_mod(b, &def, &a, r);
	if ((rc = roll_side(in, &a, d)) != RULE_OK || (rc = roll_side(in, &def, d)) != RULE_OK ||
	    (rc = reroll(&a, d)) != RULE_OK || (rc = reroll(&def, d)) != RULE_OK)
		return rc;
	assessed[0] = a.die + am > 0 ? a.die + am : 0;
	assessed[1] = def.die + dm > 0 ? def.die + dm : 0;
	def_fp = taken(in, &def, assessed[0], r);
	att_fp = taken(in, &a, assessed[1], r);
	result_work(r, "attacker d6 %d %+ld: the defender takes %ld FP; defender d6 %d %+ld: the attacker takes %ld FP",
	    a.die, am, def_fp, def.die, dm, att_fp);
	outcome = melee_outcome(ts, in, &a, &def, assessed, def_fp, r);
	result_int(r, "attacker_fp", att_fp);
	result_int(r, "defender_fp", def_fp);
	result_word(r, "outcome", outcome);
	result_ledger(r, "attacker", "loss", att_fp);
	result_ledger(r, "defender", "loss", def_fp);
	if (strcmp(outcome, "infantry_destroyed") == 0)
		result_state(r, "defender", "destroyed", 0);
	if (strcmp(outcome, "attacker_retires") == 0 && charged_in_column(in, &a)) {
		column_retreats(ts, r);
		result_summary(r, "the column retreats %g\" and forms line: the attacker takes %ld FP, the defender %ld",
		    number(ts, "retire-column", r), att_fp, def_fp);
		return RULE_OK;
	}
	result_summary(r, "%s: the attacker takes %ld FP, the defender %ld",
	    outcome_words(outcome), att_fp, def_fp);
	return RULE_OK;
}

/* ---- fatigue and morale ---------------------------------------------- */

static const struct input_decl fatigue_inputs[] = {
	{ "fp", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL, "the unit's fatigue points", 0 },
	{ "break-point", IN_COUNT, "B", 1, 100000, NULL, "15", NULL,
	  "its break point (15 for an average unit)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fatigue-modifiers",
	  "stubborn, pyrrhic, save-yourselves", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a unit or higher formation of the game", IN_FORMATION | IN_EITHER },
	{ "every", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "in a game: every unit and higher formation (what fatigue with no options does in a game)",
	  IN_GAME },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
ohw_fatigue(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	long fp = in_count(in, "fp"), bp = in_count(in, "break-point");
	int pyrrhic = in_mod(in, "mod", "pyrrhic");
	const char *state;

	(void)d;
	if (!in_given(in, "fp"))
		return in_given(in, "unit") || in_flag(in, "every") ? RULE_OK :
		    result_fail(r, RULE_USAGE,
		    "give --fp N (and --break-point B), or, in a game, --unit NAME");
	/* "A unit in dire straits may declare 'Save Yourselves'. It suffers 2
	 * Fatigue Points. It then makes a double move away from the enemy." */
	if (in_mod(in, "mod", "save-yourselves")) {
		long extra = (long)number(ts, "save-yourselves", r);

		fp += extra;
		result_mod(r, "save-yourselves", (double)extra);
		result_ledger(r, "unit", "loss", extra);
		/* "The unit must stand for a full turn to reorganize": this turn
		 * and the next it is saving itself, then it has reorganised. */
		result_flag_for(r, "unit", "saving-themselves", 2);
		result_work(r, "Save Yourselves: +%ld FP and a double move away; it must stand a full turn to reorganise and is destroyed if contacted before then",
		    extra);
	}
	state = fp_state(ts, fp, bp, pyrrhic, r);
	if (pyrrhic)
		result_work(r, "break point %ld: tired from %g, exhausted from %g, pyrrhic: destroyed at %g",
		    bp, ceil((double)bp * number(ts, "tired", r)),
		    ceil((double)bp * number(ts, "exhausted", r)),
		    number(ts, "pyrrhic", r));
	else
		result_work(r, "break point %ld: tired from %g, exhausted from %g, broken at the break point",
		    bp, ceil((double)bp * number(ts, "tired", r)),
		    ceil((double)bp * number(ts, "exhausted", r)));
	result_int(r, "fatigue_points", fp);
	result_int(r, "break_point", bp);
	result_word(r, "state", state);
	result_summary(r, "%s (%ld FP of %ld)", state, fp, bp);
	return RULE_OK;
}

/* ---- move ------------------------------------------------------------ */

#define MOVE_TYPES "general|infantry|cavalry|foot-artillery|horse-artillery"

static const struct input_decl move_inputs[] = {
	{ "type", IN_CHOICE, MOVE_TYPES, 0, 0, MOVE_TYPES, NULL, NULL, "the unit's type", 0 },
	{ "formation", IN_CHOICE, "line|column|square|skirmishers|limbered|unlimbered", 0, 0,
	  "line|column|square|skirmishers|limbered|unlimbered", "line", NULL,
	  "infantry formation; a battery's limbered or unlimbered typed is its limber or unlimber action", 0 },
	{ "road", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "the whole move on a road (+3\")", 0 },
	{ "charging", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "a charge (no road bonus)", 0 },
	{ "formation-change", IN_CHOICE, "french|older", 0, 0, "french|older", NULL, NULL,
	  "a formation change: 1/4 of the move (French drill) or 1/2 (older drill); a battery's limber or unlimber: foot 1/2, horse 1/4, whatever the drill", 0 },
	{ "out-of-command", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "out of command: half speed", 0 },
	{ "prolong", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "artillery prolonging (1\")", 0 },
	{ "evade", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "skirmishers or artillery firing and evading: a full move away, 1 FP", 0 },
	{ "caught", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "with --evade: horse artillery caught in the first quarter of the enemy's move", 0 },
	{ "radius", IN_CHOICE, "brigadier|division|corps|army", 0, 0,
	  "brigadier|division|corps|army", NULL, NULL,
	  "a command radius check: the commander's rank (with --distance)", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL,
	  "with --radius: the measured distance to the commander", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the moving unit of the game", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
radius_check(const struct tableset *ts, const struct inputs *in, struct result *r)
{
	const struct table *t = rule_table(ts, OHW, "command-radius", r);
	double radius = 0;

	if (t == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "--radius needs --distance D (inches)");
	radius = rule_cell(t, table_row(t, "rank", in_text(in, "radius")), "radius", r);
	result_bool(r, "in_command", in_number(in, "distance") <= radius);
	result_number(r, "radius", radius);
	result_summary(r, in_number(in, "distance") <= radius ? "in command (%g\" of %g\")" :
	    "out of command (%g\" is beyond %g\"): previous orders, half speed",
	    in_number(in, "distance"), radius);
	return RULE_OK;
}

/* "Skirmishers and Artillery more than Two Inches from the enemy may
 * choose to Fire and Evade ... Suffer 1 Fatigue Point each time they
 * evade. Horse Artillery ... if caught in this first quarter of the
 * enemy's move they are destroyed." */
static int
evade(const struct tableset *ts, const struct inputs *in, double inches,
    struct result *r)
{
	long fp = (long)number(ts, "evade", r);

	if (in_flag(in, "caught") && in_is(in, "type", "horse-artillery")) {
		result_number(r, "inches", 0);
		result_state(r, "unit", "destroyed", 0);
		result_summary(r, "caught limbering in the first quarter of the enemy's move: destroyed");
		return RULE_OK;
	}
	/* "Horse Artillery may Fire and Evade but lose 1/4 of their movement
	 * while limbering up" (l.122). */
	if (in_is(in, "type", "horse-artillery"))
		inches *= 1 - number(ts, "horse-artillery-action", r);
	if (is_arm(in_text(in, "type"), "artillery", NULL))
		result_formation(r, "unit", "limbered");
	result_number(r, "inches", inches);
	result_int(r, "fatigue_points", fp);
	result_ledger(r, "unit", "loss", fp);
	result_summary(r, "fires (at -3) and evades %g\" away, taking %ld FP", inches, fp);
	return RULE_OK;
}

/* l.40: "Foot Artillery is 1/2 per action (move/unlimber/limber)": a
 * limber or unlimber spends its share of the move in place of the drill's,
 * and the move spends its own share, or what is left (RULES.md: "limber
 * and move is all of it, and it moves 3""). *INCHES is the move's
 * distance, the table's move times the share. */
static void
limber_and_move(const struct tableset *ts, struct result *r, double *inches)
{
	double share = number(ts, "foot-artillery-action", r);
	double left = 1 - share < 0 ? 0 : 1 - share;

	result_work(r, "limbering or unlimbering spends %g of the move; the move has %g of it left",
	    share, left);
	if (left < share && share > 0) {
		*inches *= left / share;
		result_factor(r, "formation-change", left / share);
	}
}

/* A battery's limber or unlimber action: --formation limbered or
 * unlimbered typed for artillery (l.40: "move/unlimber/limber"). */
static int
limber_action(const struct inputs *in, const char *type)
{
	return is_arm(type, "artillery", NULL) && in_typed(in, "formation") &&
	    (in_is(in, "formation", "limbered") || in_is(in, "formation", "unlimbered"));
}

static int
ohw_move(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	const struct table *t = rule_table(ts, OHW, "movement", r);
	const char *type = in_text(in, "type"), *why;
	double inches = 0, f;
	char buf[32];
	int row, action;

	if (t == NULL)
		return RULE_DATA;
	if (in_given(in, "radius"))
		return radius_check(ts, in, r);
	if (type == NULL)
		return result_fail(r, RULE_USAGE, "give --type TYPE");
	if (in_given(in, "formation") &&
	    (why = rule_formation_refused(ts, OHW, type, in_text(in, "formation"), r)) != NULL) {
		result_null(r, "inches");
		return rule_refused(r, d, "no move", why);
	}
	row = table_row2(t, "type", in_flag(in, "prolong") ? "prolong" : type, "formation",
	    in_text(in, "formation"));
	if (row < 0)
		row = table_row2(t, "type", in_flag(in, "prolong") ? "prolong" : type,
		    "formation", "any");
	if (row < 0 || table_number(t, row, "inches", &inches) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s", t->title, type);
	result_work(r, "%s [%s]: %s: %g\"", t->title, t->provenance,
	    in_flag(in, "prolong") ? "prolong" : type, inches);
	if (in_flag(in, "evade"))
		return evade(ts, in, inches, r);
	/* RULES.md: "Foot artillery spend 1/2 of their move on each action
	 * (move, unlimber, limber)". */
	if (strcmp(type, "foot-artillery") == 0 && !in_flag(in, "prolong")) {
		f = number(ts, "foot-artillery-action", r);
		inches *= f;
		result_factor(r, "foot-artillery-action", f);
	}
	action = in_given(in, "formation-change") || limber_action(in, type);
	if (action && strcmp(type, "foot-artillery") == 0 && !in_flag(in, "prolong")) {
		limber_and_move(ts, r, &inches);
	} else if (action && strcmp(type, "horse-artillery") == 0 && !in_flag(in, "prolong")) {
		/* l.41: "Horse gun deduct 1/4 move for such actions" (move,
		 * unlimber, limber): a limber or unlimber, whatever the drill. */
		f = number(ts, "horse-artillery-action", r);
		inches *= 1 - f;
		result_factor(r, "horse-artillery-action", 1 - f);
		result_work(r, "a horse battery limbering or unlimbering deducts %g of its move, whatever the drill",
		    f);
	} else if (in_given(in, "formation-change")) {
		f = number(ts, in_is(in, "formation-change", "french") ? "french-drill" :
		    "older-drill", r);
		inches *= 1 - f;
		result_factor(r, "formation-change", 1 - f);
	}
	/* "Roads: add 3" to movement if entire move on road, bonus does not
	 * apply to charging." */
	if (in_flag(in, "road") && !in_flag(in, "charging")) {
		inches += number(ts, "road", r);
		result_mod(r, "road", number(ts, "road", r));
	}
	if (in_flag(in, "out-of-command")) {
		f = number(ts, "out-of-command", r);
		inches *= f;
		result_factor(r, "out-of-command", f);
	}
	result_number(r, "inches", inches);
	/* Infantry move in the formation given, and stand in it after. */
	if ((strcmp(type, "infantry") == 0 && !in_flag(in, "evade")) || limber_action(in, type))
		result_formation(r, "unit", in_text(in, "formation"));
	result_summary(r, "moves up to %s\"", num_format(inches, buf, sizeof buf));
	return RULE_OK;
}

/* ---- the game -------------------------------------------------------- */

static const struct input_decl rating_inputs[] = {
	{ "break-point", IN_COUNT, "B", 1, 1000, NULL, NULL, NULL,
	  "fatigue points at which it breaks (15 for an average unit)", 0 },
	{ "stubborn", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "no -1 for being tired", 0 },
	{ "pyrrhic", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "never routs; destroyed at 24 FP", 0 },
	{ "impetuous", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "must pursue any fleeing opponent", 0 },
	{ "en-tirailleur", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "may disperse and act as skirmishers (and not reform)", 0 },
	{ "heavy-cavalry", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "rerolls 1s in melee", 0 },
	{ "rifles", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "only -1 shooting at skirmishers", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct input_decl formation_inputs[] = {
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units' break points (the rules table's break-percent when not given)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static long
break_point(const struct tableset *ts, const struct unit *u, struct result *r)
{
	return in_given(u->ratings, "break-point") ? in_count(u->ratings, "break-point") :
	    (long)number(ts, "break-point", r);
}

static const char *
unit_state(const struct tableset *ts, const struct unit *u, struct result *r)
{
	if (strcmp(u->state, "destroyed") == 0)
		return "destroyed";
	return fp_state(ts, unit_lost(u), break_point(ts, u, r),
	    in_flag(u->ratings, "pyrrhic"), r);
}

static int
ohw_rate(const struct tableset *ts, const char *type, const struct inputs *rt,
    long *start, double *cost, struct result *r)
{
	*cost = 0;
	*start = in_given(rt, "break-point") ? in_count(rt, "break-point") :
	    (long)number(ts, "break-point", r);
	if (in_flag(rt, "heavy-cavalry") && !is_arm(type, "cavalry", NULL))
		return result_fail(r, RULE_DATA, "--heavy-cavalry is for cavalry");
	if (in_flag(rt, "rifles") && is_arm(type, "artillery", NULL))
		return result_fail(r, RULE_DATA, "--rifles is for infantry and skirmishers");
	return RULE_OK;
}

/* tired, exhausted, broken and the special rules that temper them. */
static void
fill_condition(const struct tableset *ts, const struct unit *u, struct inputs *in,
    const char *opt, struct result *r)
{
	const char *s = unit_state(ts, u, r);

	if (strcmp(s, "tired") == 0 || strcmp(s, "exhausted") == 0 ||
	    strcmp(s, "broken") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, s));
	if (in_flag(u->ratings, "stubborn"))
		inputs_keep(in, inputs_add_mod(in, opt, "stubborn"));
	if (strcmp(opt, "mod") != 0 && unit_flag(u, "saving-themselves"))
		inputs_keep(in, inputs_add_mod(in, opt, "saving-themselves"));
}

/* The tactical formation the game keeps for u: skirmishers are always
 * in skirmish order; others in their type's (line, a battery unlimbered)
 * unless changed. */
static const char *
formation_of(const struct unit *u)
{
	if (is_arm(u->type, "infantry", "open-order"))
		return "skirmishers";
	return u->tactical[0] != '\0' ? u->tactical :
	    roster_type_formation(&ohw_roster, u->type);
}

/* A unit in melee: cavalry by its weight; infantry in square or in
 * skirmish order fights as such (l.107-108: "Cav vs Skirmishers +3,
 * Cavalry vs Square +0"). */
static const char *
melee_type(const struct unit *u)
{
	if (is_arm(u->type, "cavalry", NULL))
		return in_flag(u->ratings, "heavy-cavalry") ? "heavy-cavalry" : "cavalry";
	if (is_arm(u->type, "infantry", NULL))
		return strcmp(formation_of(u), "square") == 0 ? "square" :
		    strcmp(formation_of(u), "skirmishers") == 0 ? "skirmishers" : "infantry";
	return "infantry";
}

static void
fill_fire(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit"), *t = ruling_unit(ru, "target");

	if (u != NULL) {
		/* muskets fire as their formation stands (column or square -2) */
		inputs_default_word(in, "firer", is_arm(u->type, "artillery", NULL) ?
		    u->type : formation_of(u));
		fill_condition(ts, u, in, "mod", r);
		if (in_flag(u->ratings, "rifles"))
			inputs_keep(in, inputs_add_mod(in, "mod", "rifles"));
	}
	if (t != NULL && strcmp(formation_of(t), "skirmishers") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-skirmishers"));
}

static void
fill_move(const struct unit *u, struct inputs *in)
{
	if (is_arm(u->type, "infantry", "open-order"))
		inputs_default_word(in, "type", "infantry");
	else
		inputs_default_word(in, "type", u->type);
	inputs_default_choice(in, "formation", formation_of(u));
}

/* Every command in a game: a destroyed unit does nothing. */
static int
none_destroyed(const struct tableset *ts, const struct ruling_units *ru,
    struct result *r)
{
	for (int i = 0; i < ru->n; i++)
		if (!ru->unit[i]->formation &&
		    strcmp(unit_state(ts, ru->unit[i], r), "destroyed") == 0)
			return result_fail(r, RULE_DATA, "'%s' is destroyed", ru->unit[i]->name);
	return RULE_OK;
}

static int
fire_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	int rc = none_destroyed(ts, ru, r);

	if (rc == RULE_OK)
		fill_fire(ts, ru, in, r);
	return rc;
}

static int
melee_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *a = ruling_unit(ru, "attacker"), *d = ruling_unit(ru, "defender");
	int rc = none_destroyed(ts, ru, r);

	if (rc != RULE_OK)
		return rc;
	if (a == NULL || d == NULL)
		return result_fail(r, RULE_USAGE,
		    "give both --attacker NAME and --defender NAME: a melee in the game names both sides");
	inputs_default_word(in, "attacker-type", melee_type(a));
	inputs_default_word(in, "defender-type", melee_type(d));
	fill_condition(ts, a, in, "attacker-mod", r);
	fill_condition(ts, d, in, "defender-mod", r);
	/* an infantry column charging: if it fails it forms line (l.130) */
	if (strcmp(melee_type(a), "infantry") == 0 && strcmp(formation_of(a), "column") == 0)
		inputs_keep(in, inputs_add_mod(in, "attacker-mod", "column"));
	if (in_flag(d->ratings, "pyrrhic"))
		inputs_keep(in, inputs_add_mod(in, "defender-mod", "pyrrhic"));
	inputs_default_count(in, "defender-fp", unit_lost(d));
	inputs_default_count(in, "defender-break-point", break_point(ts, d, r));
	return RULE_OK;
}

/* fatigue and morale: a unit's fatigue points, or every one's. */
static int
fatigue_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc;

	if (u == NULL)
		inputs_default_flag(in, "every");
	if ((rc = none_destroyed(ts, ru, r)) != RULE_OK || u == NULL || u->formation)
		return rc;
	inputs_default_count(in, "fp", unit_lost(u));
	inputs_default_count(in, "break-point", break_point(ts, u, r));
	if (in_flag(u->ratings, "pyrrhic"))
		inputs_keep(in, inputs_add_mod(in, "mod", "pyrrhic"));
	return RULE_OK;
}

static int
move_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = none_destroyed(ts, ru, r);

	if (rc == RULE_OK && u != NULL)
		fill_move(u, in);
	return rc;
}

/* "Higher Formation Morale is a predetermined percentage of the Break
 * Points of all the elements"; a unit saving itself "counts as broken for
 * higher formation morale purposes". */
static void
formation_fp(const struct tableset *ts, const struct army *a,
    const struct unit *f, long *fp, long *bp, struct result *r)
{
	long sum_bp = 0, sum_fp = 0, pct = in_given(f->ratings, "break-percent") ?
	    in_count(f->ratings, "break-percent") : (long)number(ts, "break-percent", r);

	for (int i = 0; i < a->n; i++) {
		const struct unit *u = &a->u[i];
		const char *state;
		long ubp;

		if (u->formation || strcmp(u->type, "general") == 0 ||
		    !army_under(a, u, f->id))
			continue;
		ubp = break_point(ts, u, r);
		state = unit_state(ts, u, r);
		sum_bp += ubp;
		sum_fp += unit_flag(u, "saving-themselves") ||
		    strcmp(state, "broken") == 0 || strcmp(state, "destroyed") == 0 ||
		    unit_lost(u) > ubp ? ubp : unit_lost(u);
	}
	*bp = (sum_bp * pct + 99) / 100;
	*fp = sum_fp;
}

static const char *
formation_state(const struct tableset *ts, long fp, long bp, struct result *r)
{
	return fp_state(ts, fp, bp > 0 ? bp : 1, 0, r);
}

static void
formation_fields(const struct tableset *ts, const struct army *a,
    const struct unit *f, int counts, struct result *r)
{
	long fp, bp;

	formation_fp(ts, a, f, &fp, &bp, r);
	result_open(r, NULL);
	result_word(r, "name", f->name);
	if (counts) {
		result_int(r, "fatigue_points", fp);
		result_int(r, "break_point", bp);
	}
	result_word(r, "state", formation_state(ts, fp, bp, r));
	result_close(r);
}

/* FP taken: "5 of 15", and the state it brings ("now tired"); pyrrhic
 * troops at 24 FP are destroyed. */
static void
fp_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const struct unit *u = k->ru->unit[ui];
	long bp = break_point(k->ts, u, k->r);
	int pyrrhic = in_flag(u->ratings, "pyrrhic");
	const char *before = fp_state(k->ts, e->total - e->amount, bp, pyrrhic, k->r);
	const char *after = fp_state(k->ts, e->total, bp, pyrrhic, k->r);
	int changed = strcmp(before, after) != 0;
	struct unit_effect *d;

	text_copy(e->state, sizeof e->state, after);
	snprintf(e->note, sizeof e->note, "%s %s %ld FP (%ld of %ld)%s%s", u->name,
	    e->amount > 0 ? "takes" : "sheds", e->amount > 0 ? e->amount : -e->amount,
	    e->total, bp, changed ? ": now " : "", changed ? after : "");
	if (strcmp(after, "destroyed") == 0 &&
	    (d = keep_state(k, ui, "destroyed", 1)) != NULL)
		text_copy(d->state, sizeof d->state, "destroyed");
}

/* A unit destroyed in the ruling that also gave it FP: the FP note says
 * no state it passed through on the way ("now tired", then "is
 * destroyed"). */
static void
unsay_passing_state(struct keeper *k, int ui)
{
	for (int i = 0; i < k->fx->n; i++) {
		struct unit_effect *f = ruling_effect(k->fx, i);
		char *now;

		if (f->unit == ui && f->kind == KEEP_LEDGER &&
		    (now = strstr(f->note, ": now ")) != NULL &&
		    strcmp(now + 6, "destroyed") != 0)
			*now = '\0';
	}
}

static void
ohw_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const char *name = k->ru->unit[ui]->name;

	if (e->kind == KEEP_LEDGER)
		fp_consequence(k, ui, e);
	else if (e->kind == KEEP_STATE && strcmp(e->name, "destroyed") == 0)
		unsay_passing_state(k, ui);
	if (e->kind == KEEP_STATE)
		snprintf(e->note, sizeof e->note, "%s is %s", name, e->name);
	else if (e->kind == KEEP_FLAG)
		snprintf(e->note, sizeof e->note, "%s is %s", name, e->amount ?
		    "saving itself (counts as broken until reorganised)" : "reorganised");
}

/* fatigue of a higher formation in a game. */
static void
formation_fatigue(const struct tableset *ts, const struct ruling_units *ru,
    const struct unit *f, struct result *r)
{
	long fp, bp;
	const char *state;

	formation_fp(ts, ru->army, f, &fp, &bp, r);
	state = formation_state(ts, fp, bp, r);
	result_int(r, "fatigue_points", fp);
	result_int(r, "break_point", bp);
	result_word(r, "state", state);
	result_summary(r, "%s: %s (%ld FP of %ld)", f->name, state, fp, bp);
	result_work(r, "a higher formation: its break point is its percentage of its units' break points; a unit broken or saving itself counts its whole break point");
}

/* One item of the game's fatigue list: a unit's or formation's name,
 * FP, break point and state. */
static void
fatigue_item(const struct unit *u, long fp, long bp, const char *state,
    struct result *r)
{
	result_open(r, NULL);
	result_word(r, "name", u->name);
	result_word(r, "type", u->type);
	result_int(r, "fatigue_points", fp);
	result_int(r, "break_point", bp);
	result_word(r, "state", state);
	result_close(r);
	result_work(r, "%s (%s): %ld FP of %ld, %s", u->name, u->type, fp, bp, state);
}

static void
unit_fatigue_item(const struct tableset *ts, const struct unit *u, struct result *r)
{
	long fp = unit_lost(u), bp = break_point(ts, u, r);

	fatigue_item(u, fp, bp, unit_state(ts, u, r), r);
}

static void
formation_fatigue_item(const struct tableset *ts, const struct army *a,
    const struct unit *f, struct result *r)
{
	long fp, bp;

	formation_fp(ts, a, f, &fp, &bp, r);
	fatigue_item(f, fp, bp, formation_state(ts, fp, bp, r), r);
}

/* fatigue with nothing named, in a game: every unit's fatigue points
 * against its break point, then every higher formation's (RULES.md:
 * "Higher formations break at a set percentage of their units' break
 * points").  Generals take no fatigue points. */
static void
every_fatigue(const struct tableset *ts, const struct army *a, struct result *r)
{
	result_list(r, "units");
	for (int i = 0; i < a->n; i++)
		if (!a->u[i].formation && strcmp(a->u[i].type, "general") != 0)
			unit_fatigue_item(ts, &a->u[i], r);
	result_list_end(r);
	result_list(r, "formations");
	for (int i = 0; i < a->n; i++)
		if (a->u[i].formation)
			formation_fatigue_item(ts, a, &a->u[i], r);
	result_list_end(r);
	result_summary(r, "the fatigue of every unit and higher formation");
}

static int
fatigue_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	if (u != NULL && u->formation)
		formation_fatigue(ts, ru, u, r);
	else if (in_flag(in, "every"))
		every_fatigue(ts, ru->army, r);
	return RULE_OK;
}

/* What a ruling in a game fills and adds, command by command: morale is
 * the same reading of the fatigue points (ohw.txt l.143: "Units break
 * when they receive a number of fatigue points"). */
static const struct cmd_hooks ohw_hooks[] = {
	{ .command = "fire", .fill = fire_fill },
	{ .command = "melee", .fill = melee_fill },
	{ .command = "morale", .fill = fatigue_fill, .judge = fatigue_judge,
	  .answers_the_lost = 1 },
	{ .command = "fatigue", .fill = fatigue_fill, .judge = fatigue_judge },
	{ .command = "move", .fill = move_fill },
	{ .command = NULL },
};

static void
ohw_view(const struct tableset *ts, const struct army *a, const struct unit *u,
    struct unit_view *v, struct result *r)
{
	long fp, bp;

	if (u->formation) {
		formation_fp(ts, a, u, &fp, &bp, r);
		result_int(r, "fatigue_points", fp);
		result_int(r, "break_point", bp);
		text_copy(v->state, sizeof v->state, formation_state(ts, fp, bp, r));
		return;
	}
	bp = break_point(ts, u, r);
	text_copy(v->state, sizeof v->state, unit_state(ts, u, r));
	view_int(v, 0, bp);
	view_int(v, 1, bp - unit_lost(u) > 0 ? bp - unit_lost(u) : 0);
	view_int(v, 2, unit_lost(u));
	result_int(r, "fatigue_points", unit_lost(u));
	result_int(r, "break_point", bp);
}

/* Each formation's fatigue points and state (a side's own only, to its
 * commander, the points only where it reads its counts); the facts
 * name the exhausted and broken ones. */
static void
ohw_standing(const struct tableset *ts, const struct inputs *options,
    const struct army *a, const struct standing_for *who,
    struct standing_view *s, struct result *r)
{
	(void)options;
	result_open(r, "standing");
	result_list(r, "formations");
	for (int i = 0; i < a->n; i++) {
		const struct unit *f = &a->u[i];
		const char *state;
		long fp, bp;

		if (!f->formation || !standing_knows(who, f->side))
			continue;
		formation_fields(ts, a, f, standing_counts(who), r);
		formation_fp(ts, a, f, &fp, &bp, r);
		state = formation_state(ts, fp, bp, r);
		if (bp <= 0 || (strcmp(state, "broken") != 0 && strcmp(state, "exhausted") != 0))
			continue;
		if (standing_counts(who))
			standing_fact(s, r, "{} is {} ({} FP of {})", 4, sheet_word(f->name),
			    sheet_word(state), sheet_int(fp), sheet_int(bp));
		else
			standing_fact(s, r, "{} is {}", 2, sheet_word(f->name),
			    sheet_word(state));
	}
	result_list_end(r);
	result_close(r);
	if (s->nfacts == 0)
		standing_fact(s, r, "no formation is exhausted or broken", 0);
}

static const struct sheet_column ohw_columns[] = {
	{ "BP", "break_point", 5, 1, SHEET_BOTH },
	{ "left", "fp_left", 5, 1, SHEET_BOTH },
	{ "FP", "fatigue_points", 6, 1, SHEET_BOTH },
	{ "state, flags", "state", 0, 2, SHEET_BOTH },
	{ NULL, NULL, 0, 0, SHEET_BOTH },
};

static const struct ledger_decl ohw_ledgers[] = {
	{ .name = "loss", .word = "FP", .one = "FP", .tally = TALLY_SUM,
	  .sight = SIGHT_BAND },
	{ .name = NULL },
};

static const struct word_decl ohw_states[] = {
	{ .word = "destroyed", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

static const struct word_decl ohw_flags[] = {
	{ .word = "saving-themselves", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

static const struct word_decl ohw_formations[] = {
	{ .word = "line", .sight = SIGHT_TABLE },
	{ .word = "column", .sight = SIGHT_TABLE },
	{ .word = "square", .sight = SIGHT_TABLE },
	{ .word = "skirmishers", .sight = SIGHT_TABLE },
	/* a battery's: limbered to move, unlimbered to fire */
	{ .word = "limbered", .sight = SIGHT_TABLE, .said = "is now limbered" },
	{ .word = "unlimbered", .sight = SIGHT_TABLE, .said = "is now unlimbered" },
	{ .word = NULL },
};

/* What a unit does in its turn: the journal keeps each act with its
 * ruling; the rules below read them. */
static const struct act_decl ohw_acts[] = {
	{ "fired", "fired", "fire", "unit", NULL },
	{ "fired-on", "was fired on", "fire", "target", NULL },
	{ "charged", "charged", "melee", "attacker", NULL },
	{ "charged-by", "was charged", "melee", "defender", NULL },
	{ "moved", "moved", "move", "unit", NULL },
	{ "changed-formation", "changed formation", "move", "unit", "option:formation-change" },
	{ NULL, NULL, NULL, NULL, NULL },
};

static const struct act_rule ohw_act_rules[] = {
	/* l.65: "Only one attacking unit may engage any given defending unit
	 * per turn" */
	{ "charged-by", "melee", "defender", NULL, NULL, NULL, "defender-mod", "engaged",
	  "ohw.txt l.65", "be charged again this turn" },
	/* l.40: "Foot Artillery is 1/2 per action (move/unlimber/limber)":
	 * a battery unlimbers to fire, and limbers up to move (l.122). */
	{ "formation:limbered", "fire", "unit", NULL, NULL, NULL, "mod", "limbered",
	  "ohw.txt l.40", "fire" },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

/* Who may stand in each formation, by the formations table: a battery
 * limbers and unlimbers (l.40), only infantry forms square (l.35). */
static const char *
ohw_formation_refused(const struct tableset *ts, const char *type,
    const char *word, struct result *r)
{
	return rule_formation_refused(ts, OHW, type, word, r);
}

static const struct roster ohw_roster = {
	.types = ohw_types,
	.formation_types = "brigade|division|corps|army|command",
	.inputs = rating_inputs,
	.keeps = {
		.ledgers = ohw_ledgers,
		.measure_option = "fp",
		.measure_one = "fatigue point",
		.counts_down = 0,
		.states = ohw_states,
		.flags = ohw_flags,
		.formations = ohw_formations,
		.good_state = "reorganised",
		.acts = ohw_acts,
		.act_rules = ohw_act_rules,
	},
	.rate = ohw_rate,
	.hooks = ohw_hooks,
	.consequence = ohw_consequence,
	.view = ohw_view,
	.standing = ohw_standing,
	.reads_army = 1,
	.formation_inputs = formation_inputs,
	.formation_refused = ohw_formation_refused,
	.columns = ohw_columns,
};

static const struct rule_cmd ohw_cmds[] = {
	{ "fire", "fatigue points from fire: 1d6 + modifiers", NULL, fire_inputs,
	  "one d6", ohw_fire, NULL },
	{ "melee", "fatigue points from melee: each side 1d6 + base", NULL, melee_inputs,
	  "the attacker's d6, the defender's d6, then a heavy cavalry reroll of a 1",
	  ohw_melee, NULL },
	{ "morale", "a unit's state from its fatigue points", NULL, fatigue_inputs, "none",
	  ohw_fatigue, NULL },
	{ "rally", NULL,
	  "the ohw rules have no rally roll; see 'umpire fatigue --unit NAME --mod save-yourselves' in a game, or 'umpire fatigue --rules ohw --fp N --mod save-yourselves' without one (+2 FP and a double move), and the reorganising turn on the sheet",
	  NULL, NULL, NULL, NULL },
	{ "fatigue", "fatigue points and their effects (tired, exhausted, broken)", NULL,
	  fatigue_inputs, "none", ohw_fatigue, NULL },
	{ "move", "movement rates; command radius; fire and evade", NULL, move_inputs,
	  "none", ohw_move, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_ohw = {
	OHW, "One Hour Wargame Napoleonic mods", "fatigue points", ohw_cmds, &ohw_roster,
};
