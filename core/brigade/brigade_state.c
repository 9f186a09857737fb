/*
 * brigade in a game: the order of battle (a brigade and its battalions,
 * regiments or guns), spreading losses over the units, filling a ruling's
 * inputs from the units named, and the effects of a ruling on them: losses,
 * morale re-evaluated per unit, push-back runs, breaking, melees that stay
 * open.
 */
#include <stdio.h>
#include <string.h>

#include "brigade.h"
#include "keep.h"
#include "text.h"

/* The brigade's arms (RULES.md); skirmishers are infantry in open order,
 * never "infantry" where the text says formed infantry. */
static const struct unit_type brigade_types[] = {
	{ "infantry", "infantry", NULL, NULL },
	{ "cavalry", "cavalry", NULL, NULL },
	{ "foot-artillery", "artillery", "foot", "unlimbered" },
	{ "horse-artillery", "artillery", "horse", "unlimbered" },
	{ "skirmishers", "infantry", "open-order", NULL },
	{ NULL, NULL, NULL, NULL },
};

static const struct input_decl rating_inputs[] = {
	{ "class", IN_TEXT, "CLASS", 0, 0, NULL, NULL, NULL,
	  "class of identical units (morale-bands: guards, british, french, prussian, cavalry, divcav)", 0 },
	{ "units", IN_COUNT, "N", 1, 100, NULL, NULL, NULL,
	  "units in the brigade (default 4 infantry, 3 cavalry, 1 skirmishers)", 0 },
	{ "figures", IN_COUNT, "N", 1, 100000, NULL, NULL, NULL,
	  "figures per unit (default the class's full strength)", 0 },
	{ "battalion", IN_SPEC, "NAME:CLASS[:FIGURES]", 0, 0, "*:W|*:W:N", NULL,
	  "NAME:CLASS[:FIGURES]", "one unit of a mixed brigade (repeat)", IN_REPEAT },
	{ "guns", IN_COUNT, "N", 1, 100, NULL, NULL, NULL,
	  "artillery: model guns in the brigade (default 2)", 0 },
	{ "gun", IN_CHOICE, "field|howitzer", 0, 0, "field|howitzer", NULL, NULL,
	  "artillery piece", 0 },
	{ "heavy", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "12pdr or heavier guns", 0 },
	{ "weapon", IN_CHOICE, "musket|rifle", 0, 0, "musket|rifle", NULL, NULL,
	  "infantry weapon", 0 },
	{ "elite", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "an elite brigade", 0 },
	{ "cavalry", IN_CHOICE, "heavy|medium|light", 0, 0,
	  "heavy|medium|light", NULL, NULL, "cavalry weight", 0 },
	{ "lancers", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "lancers (+1 in a melee's first round)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* True when TYPE is a brigade type of ARM. */
static int
is_arm(const char *type, const char *arm)
{
	return roster_is(&brigade_roster, type, arm, NULL);
}

static int
is_artillery(const char *type)
{
	return is_arm(type, "artillery");
}

/* Formed infantry: of the infantry arm, not in open order. */
static int
is_formed_infantry(const char *type)
{
	return roster_is(&brigade_roster, type, "infantry", "");
}

/* The full strength of CLASS from the morale bands, or -1 when the table
 * has no such class. */
static long
class_full(const struct tableset *ts, const char *cls, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "morale-bands", r);
	int row = t != NULL ? table_row(t, "class", cls) : -1;

	return row < 0 ? -1 : (long)rule_cell(t, row, "full", r);
}

static const char *
ordinal(int n)
{
	return n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 == 1 ? "st" :
	    n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* One "NAME:CLASS[:FIGURES]", its parts read by the spec parser. */
static int
read_battalion(const struct tableset *ts, const struct inputs *rt,
    const struct in_item *it, struct battalion *b, struct result *r)
{
	long full;

	text_copy(b->name, sizeof b->name, in_part_word(rt, &it->part[0]));
	text_copy(b->cls, sizeof b->cls, in_part_word(rt, &it->part[1]));
	if ((full = class_full(ts, b->cls, r)) < 0)
		return result_fail(r, RULE_DATA,
		    "--battalion: '%s' is not a class of the morale-bands table", b->cls);
	b->figures = it->nparts > 2 ? it->part[2].n : full;
	if (b->figures < 1 || b->figures > full)
		return result_fail(r, RULE_DATA,
		    "--battalion: '%ld' is not a figure count from 1 to %ld (a full %s unit)",
		    b->figures, full, b->cls);
	return RULE_OK;
}

/* The row of the order-of-battle table for TYPE. */
static int
oob_row(const struct tableset *ts, const char *type, struct result *r,
    const struct table **t)
{
	int row;

	if ((*t = rule_table(ts, BRIGADE, "order-of-battle", r)) == NULL)
		return -1;
	if ((row = table_row(*t, "type", type)) < 0)
		result_fail(r, RULE_DATA, "the %s has no row for %s", (*t)->title, type);
	return row;
}

static int
identical_units(const struct tableset *ts, const char *type,
    const struct inputs *rt, struct brigade_units *bu, struct result *r)
{
	const struct table *t;
	int row = oob_row(ts, type, r, &t);
	const char *cls = in_text(rt, "class"), *part;
	long full, n, figures;

	if (row < 0)
		return RULE_DATA;
	if (cls == NULL && *table_text(t, row, "class") != '\0')
		cls = table_text(t, row, "class");
	if (cls == NULL)
		return result_fail(r, RULE_DATA,
		    "give --class CLASS (with --units N and --figures N) or --battalion NAME:CLASS:FIGURES");
	if ((full = class_full(ts, cls, r)) < 0)
		return result_fail(r, RULE_DATA,
		    "--class: '%s' is not a class of the morale-bands table", cls);
	n = in_given(rt, "units") ? in_count(rt, "units") :
	    (long)rule_cell(t, row, "units", r);
	figures = in_given(rt, "figures") ? in_count(rt, "figures") : full;
	if (figures > full)
		return result_fail(r, RULE_DATA,
		    "--figures: %ld is more than a full %s unit (%ld)", figures, cls, full);
	if (n > BRIGADE_UNITS)
		return result_fail(r, RULE_DATA, "--units: at most %d", BRIGADE_UNITS);
	part = table_text(t, row, "part");
	for (long i = 0; i < n; i++) {
		struct battalion *b = &bu->b[bu->n++];
		struct text_line name;

		line_init(&name, b->name, sizeof b->name);	/* "2nd Battalion" */
		line_long(&name, i + 1, 0);
		line_text(&name, ordinal((int)(i + 1)), 0);
		line_char(&name, ' ');
		line_text(&name, part, 0);
		text_copy(b->cls, sizeof b->cls, cls);
		b->figures = figures;
	}
	return RULE_OK;
}

/* A battery's guns, each a unit with its crew. */
static int
battery_units(const struct tableset *ts, const char *type,
    const struct inputs *rt, struct brigade_units *bu, struct result *r)
{
	const struct table *t;
	int row = oob_row(ts, type, r, &t);
	long crew = rule_count(ts, BRIGADE, "battery", "crew", r), guns;

	if (row < 0)
		return RULE_DATA;
	guns = in_given(rt, "guns") ? in_count(rt, "guns") :
	    (long)rule_cell(t, row, "units", r);
	if (in_nitems(rt, "battalion") > 0 || in_given(rt, "class"))
		return result_fail(r, RULE_DATA,
		    "an artillery brigade is rated by --guns N, not by class");
	if (guns > BRIGADE_UNITS)
		return result_fail(r, RULE_DATA, "--guns: at most %d in a brigade",
		    BRIGADE_UNITS);
	for (long i = 0; i < guns; i++) {
		struct battalion *b = &bu->b[bu->n++];
		struct text_line name;

		line_init(&name, b->name, sizeof b->name);	/* "gun 2" */
		line_text(&name, table_text(t, row, "part"), 0);
		line_char(&name, ' ');
		line_long(&name, i + 1, 0);
		text_copy(b->cls, sizeof b->cls, "battery");
		b->figures = crew;
	}
	return RULE_OK;
}

int
brigade_units_of(const struct tableset *ts, const char *type,
    const struct inputs *rt, struct brigade_units *bu, struct result *r)
{
	int battalions = in_nitems(rt, "battalion"), rc;
	struct in_item it;

	/* Each unit made below is filled whole: the 4 KB of room is not
	 * cleared (a sheet makes hundreds). */
	bu->n = 0;
	bu->total = 0;
	if (is_artillery(type)) {
		if ((rc = battery_units(ts, type, rt, bu, r)) != RULE_OK)
			return rc;
	} else if (battalions > 0) {
		if (in_given(rt, "class") || in_given(rt, "units") ||
		    in_given(rt, "figures"))
			return result_fail(r, RULE_DATA,
			    "give either --battalion (repeated) or --class with --units and --figures");
		if (battalions > BRIGADE_UNITS)
			return result_fail(r, RULE_DATA, "--battalion: at most %d in a brigade",
			    BRIGADE_UNITS);
		for (int i = 0; in_item(rt, "battalion", i, &it); i++)
			if ((rc = read_battalion(ts, rt, &it, &bu->b[bu->n++],
			    r)) != RULE_OK)
				return rc;
	} else if ((rc = identical_units(ts, type, rt, bu, r)) != RULE_OK) {
		return rc;
	}
	for (int i = 0; i < bu->n; i++) {
		bu->total += bu->b[i].figures;
		bu->b[i].left = bu->b[i].figures;
		bu->b[i].state = "ok";
	}
	return r->error.code ? r->error.code : RULE_OK;
}

/*
 * "Unless the firing is specific, casualties are allocated evenly across
 * the brigade": each unit loses an equal share, the remainder to the first
 * units (three losses leave 1,1,1,0 lost); a unit cannot lose more than it
 * has, and what it cannot take goes to the others the same way.
 */
void
brigade_spread(struct brigade_units *bu, long losses)
{
	long left = losses;

	for (int i = 0; i < bu->n; i++)
		bu->b[i].left = bu->b[i].figures;
	while (left > 0) {
		int open = 0, k = 0;
		long share, rest;

		for (int i = 0; i < bu->n; i++)
			open += bu->b[i].left > 0;
		if (open == 0)
			return;
		share = left / open;
		rest = left % open;
		for (int i = 0; i < bu->n; i++) {
			struct battalion *b = &bu->b[i];
			long take;

			if (b->left == 0)
				continue;
			take = share + (k++ < rest ? 1 : 0);
			if (take > b->left)
				take = b->left;
			b->left -= take;
			left -= take;
		}
	}
}

/* Each unit's morale state from its figures left; the brigade's worst. */
const char *
brigade_morale_states(const struct tableset *ts, struct brigade_units *bu,
    struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "morale-bands", r);
	static const char *const order[] = { "ok", "halt", "fall_back" };
	int worst = 0;

	for (int i = 0; i < bu->n; i++) {
		struct battalion *b = &bu->b[i];
		int row = t != NULL ? table_row(t, "class", b->cls) : -1;
		double ok, halt;

		/* Batteries have no morale bands. */
		b->state = "ok";
		if (row < 0)
			continue;
		ok = rule_cell(t, row, "ok_min", r);
		halt = rule_cell(t, row, "halt_min", r);
		b->state = b->left >= ok ? "ok" : b->left >= halt ? "halt" : "fall_back";
		for (int s = 0; s < 3; s++)
			if (strcmp(b->state, order[s]) == 0 && s > worst)
				worst = s;
	}
	return order[worst];
}

static int
brigade_rate(const struct tableset *ts, const char *type,
    const struct inputs *rt, long *start, double *cost, struct result *r)
{
	struct brigade_units bu;
	int rc;

	if (in_given(rt, "cavalry") && !is_arm(type, "cavalry"))
		return result_fail(r, RULE_DATA, "--cavalry is for cavalry brigades");
	if ((in_given(rt, "guns") || in_given(rt, "gun")) && !is_artillery(type))
		return result_fail(r, RULE_DATA, "--guns and --gun are for artillery brigades");
	if ((rc = brigade_units_of(ts, type, rt, &bu, r)) != RULE_OK)
		return rc;
	*start = bu.total;
	*cost = 0;
	return RULE_OK;
}

/* Figures in the front two ranks: a three-rank block fires with two. */
static long
front_ranks(const struct brigade_units *bu)
{
	long n = 0;

	for (int i = 0; i < bu->n; i++)
		n += strcmp(bu->b[i].cls, "french") == 0 ?
		    bu->b[i].left * 2 / 3 : bu->b[i].left;
	return n;
}

/* "A run continues while the same melee is pushed back in consecutive
 * turns": a turn without a push back ends it. */
static long
run_now(const struct unit *u, long turn)
{
	return turn - u->ledger[BRIGADE_PUSHBACK].turn <= 1 ? u->ledger[BRIGADE_PUSHBACK].amount : 0;
}

/* The tactical formation the game keeps for u (its type's until
 * changed: line, a battery unlimbered). */
static const char *
formation_of(const struct unit *u)
{
	return u->tactical[0] != '\0' ? u->tactical :
	    roster_type_formation(&brigade_roster, u->type);
}

/* The modifiers of the states the game keeps: disordered, rallying ("units
 * rallying are disordered, cannot fire and are -6 in melee"), broken; and
 * of its formation: "Marching columns cannot fire or fight whilst
 * marching" (l.41). */
static void
add_state_mods(const struct unit *u, struct inputs *in, const char *opt)
{
	static const char *const states[] = { "disordered", "rallying", "broken", NULL };

	for (int i = 0; states[i] != NULL; i++)
		if (unit_flag(u, states[i]))
			inputs_keep(in, inputs_add_mod(in, opt, states[i]));
	if (strcmp(u->tactical, "march-column") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, "march-column"));
}

/* "Brigades falling back" (l.431: "-6 in melee and may not fire"): its
 * morale says FALL BACK (bu spread with its losses).  Being pushed back or
 * following up is the turn's (brigade_act_rules). */
static void
add_falling_back(const struct tableset *ts, struct brigade_units *bu,
    struct inputs *in, const char *opt, struct result *r)
{
	if (bu->n > 0 && strcmp(brigade_morale_states(ts, bu, r), "fall_back") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, "falling-back"));
}

/* The figures u lost this turn to small arms: they "may fire back in the
 * same move ... before they are removed" (l.108). */
static long
shot_this_turn(const struct unit *u)
{
	const struct unit_act *a = unit_act(u, "shot-at");

	return a != NULL ? a->lost : 0;
}

static int
fill_firer(const struct tableset *ts, const struct unit *u, struct inputs *in,
    struct result *r)
{
	struct brigade_units bu;
	int rc;

	if ((rc = brigade_units_of(ts, u->type, u->ratings, &bu, r)) != RULE_OK)
		return rc;
	brigade_spread(&bu, unit_lost(u));
	if (is_arm(u->type, "cavalry"))
		inputs_keep(in, inputs_add_mod(in, "mod", "cavalry"));
	add_state_mods(u, in, "mod");
	if (!is_artillery(u->type))
		add_falling_back(ts, &bu, in, "mod", r);
	if (!is_artillery(u->type)) {
		/* the front two ranks as they stood at the start of the move's
		 * fire: its losses to small arms this move still fire */
		brigade_spread(&bu, unit_lost(u) - shot_this_turn(u));
		inputs_default_count(in, "firers", front_ranks(&bu));
		inputs_default_word(in, "weapon", in_text(u->ratings, "weapon"));
		return RULE_OK;
	}
	if (!in_given(in, "guns") && !in_given(in, "firers")) {
		inputs_default_count(in, "guns", bu.n);
		if (!in_given(in, "crew"))
			for (int i = 0; i < bu.n && i < INPUT_ITEMS / 2; i++)
				inputs_keep(in, inputs_add_count(in, "crew", bu.b[i].left));
	}
	inputs_default_word(in, "gun", in_text(u->ratings, "gun"));
	if (in_flag(u->ratings, "heavy"))
		inputs_default_flag(in, "heavy");
	return RULE_OK;
}

/*
 * The defence value of each gun of a battery that has lost LOST figures
 * (its gunners) and DEFENCE points in all.  "Each gunner lost represents a
 * deduction of four points in the gun's defence value" (l.138): his own
 * gun's, the gun whose crew lost him (RULES.md), the crews' losses spread
 * as the game spreads them.  What is left of DEFENCE is the artillery's
 * (counter-battery: a point a casualty), each point to the gun with the
 * most left, the first on a tie, as the ruling gave it (so every ruling's
 * guns are the sheet's after it).  Returns the number of guns, each one's
 * start and defence left in guns->b[i].figures and .left.
 */
static int
gun_defences_at(const struct tableset *ts, const struct unit *u, long lost,
    long defence, struct brigade_units *guns, struct result *r)
{
	long start = rule_count(ts, BRIGADE, "battery", "defence", r);
	long per = rule_count(ts, BRIGADE, "battery", "gunner-defence", r);
	struct brigade_units crews;

	if (brigade_units_of(ts, u->type, u->ratings, guns, r) != RULE_OK)
		return 0;
	crews = *guns;
	brigade_spread(&crews, lost);
	for (int i = 0; i < guns->n; i++) {
		long gunners = (crews.b[i].figures - crews.b[i].left) * per;

		guns->b[i].figures = start;
		guns->b[i].left = start > gunners ? start - gunners : 0;
		defence -= gunners;
	}
	for (; defence > 0; defence--) {
		int most = 0;

		for (int i = 1; i < guns->n; i++)
			if (guns->b[i].left > guns->b[most].left)
				most = i;
		if (guns->n == 0 || guns->b[most].left == 0)
			break;
		guns->b[most].left--;
	}
	return guns->n;
}

/* The defence value of each gun of battery u as the journal leaves it. */
static int
gun_defences(const struct tableset *ts, const struct unit *u,
    struct brigade_units *guns, struct result *r)
{
	return gun_defences_at(ts, u, unit_lost(u), u->ledger[BRIGADE_DEFENCE].total,
	    guns, r);
}

/* A target battery: its crew left for small arms, each gun's defence for
 * counter-battery fire; every gun knocked out, it is not a target. */
static void
fill_battery_target(const struct tableset *ts, const struct unit *target,
    struct inputs *in, struct result *r)
{
	struct brigade_units guns, crews;
	int n = gun_defences(ts, target, &guns, r), standing = 0;

	inputs_default_word(in, "target-type", "battery");
	if (brigade_units_of(ts, target->type, target->ratings, &crews, r) == RULE_OK) {
		brigade_spread(&crews, unit_lost(target));
		inputs_default_count(in, "target-crew", crews.total - unit_lost(target));
	}
	for (int i = 0; i < n; i++)
		standing += guns.b[i].left > 0;
	if (n > 0 && standing == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-knocked-out"));
	if (in_given(in, "guns") && !in_given(in, "defence"))
		for (int i = 0; i < n && i < INPUT_ITEMS / 2; i++)
			inputs_keep(in, inputs_add_count(in, "defence", guns.b[i].left));
}

static int
fill_fire(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *target = ruling_unit(ru, "target");
	const struct unit *firer = ruling_unit(ru, "unit");
	int rc;

	if (firer != NULL && (rc = fill_firer(ts, firer, in, r)) != RULE_OK)
		return rc;
	/* Guns firing at a square or a column: +1 a piece (l.170). */
	if (firer != NULL && target != NULL && is_artillery(firer->type)) {
		if (strcmp(formation_of(target), "square") == 0 &&
		    rule_formation_refused(ts, BRIGADE, target->type, "square", r) == NULL)
			inputs_keep(in, inputs_add_mod(in, "mod", "target-square"));
		if (strstr(formation_of(target), "column") != NULL)
			inputs_keep(in, inputs_add_mod(in, "mod", "target-column"));
	}
	if (target != NULL && is_artillery(target->type))
		fill_battery_target(ts, target, in, r);
	else if (target != NULL && is_arm(target->type, "cavalry"))
		inputs_default_word(in, "target-type", "cavalry");
	return RULE_OK;
}

/* The continuous push backs a unit has taken from ENEMY, if the run goes on:
 * "A run continues while the same melee is pushed back in consecutive
 * turns." */
static long
run_so_far(const struct unit *u, const struct unit *enemy,
    const struct ruling_units *ru)
{
	if (ru->new_melee || u->ledger[BRIGADE_PUSHBACK].amount == 0 || u->ledger[BRIGADE_PUSHBACK].ref != enemy->id)
		return 0;
	if (ru->turn - u->ledger[BRIGADE_PUSHBACK].turn > 1 || ru->turn < u->ledger[BRIGADE_PUSHBACK].turn)
		return 0;
	return u->ledger[BRIGADE_PUSHBACK].amount >= 2 ? 2 : u->ledger[BRIGADE_PUSHBACK].amount;
}

static long
melee_figures(const struct tableset *ts, const struct unit *u, long strength,
    struct result *r)
{
	/* "All purely cavalry brigades count as 36 figures ... less any
	 * casualties, in a melee." */
	if (is_arm(u->type, "cavalry"))
		return rule_count(ts, BRIGADE, "melee", "cavalry-brigade", r) - unit_lost(u);
	return strength;
}

/* Cavalry weights: heavy v medium +3, heavy v light +6, medium v light +3. */
static void
fill_weights(const struct unit *a, const struct unit *d, struct inputs *in)
{
	const char *wa = in_text(a->ratings, "cavalry");
	const char *wd = in_text(d->ratings, "cavalry");
	static const struct {
		const char *mine, *theirs, *mod;
	} pairs[] = {
		{ "heavy", "medium", "heavy-v-medium" },
		{ "heavy", "light", "heavy-v-light" },
		{ "medium", "light", "medium-v-light" },
	};

	if (wa == NULL || wd == NULL)
		return;
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		if (strcmp(wa, pairs[i].mine) == 0 && strcmp(wd, pairs[i].theirs) == 0)
			inputs_keep(in, inputs_add_mod(in, "attacker-mod", pairs[i].mod));
		if (strcmp(wd, pairs[i].mine) == 0 && strcmp(wa, pairs[i].theirs) == 0)
			inputs_keep(in, inputs_add_mod(in, "defender-mod", pairs[i].mod));
	}
}

/* Infantry (skirmishers too) in line. */
static int
in_line(const struct unit *u)
{
	return is_arm(u->type, "infantry") &&
	    strcmp(formation_of(u), "line") == 0;
}

/* What the formations make true in melee (l.278, l.243): "Properly formed
 * infantry squares have +9 bonus in melee against cavalry"; "Infantry
 * charging in column ... have a +20 ... impact bonus": an attack column's
 * first round, unless the umpire names buildings or defences ("no impetus
 * against troops within courtyards or buildings"). */
static void
fill_formations(const struct unit *a, const struct unit *d, struct inputs *in)
{
	/* l.243: "Melees are not permitted between infantry in line ... (and
	 * this includes skirmishers)"; the +20 is for "Infantry charging in
	 * column". */
	if (in_line(a) && in_line(d))
		inputs_keep(in, inputs_add_mod(in, "attacker-mod", "line-v-line"));
	if (in_mod(in, "attacker-mod", "column-charge") &&
	    strcmp(formation_of(a), "attack-column") != 0)
		inputs_keep(in, inputs_add_mod(in, "attacker-mod", "charge-not-in-column"));
	if (is_arm(a->type, "cavalry") && is_formed_infantry(d->type) &&
	    strcmp(formation_of(d), "square") == 0)
		inputs_keep(in, inputs_add_mod(in, "defender-mod", "square-vs-cavalry"));
	if (is_formed_infantry(a->type) && strcmp(formation_of(a), "attack-column") == 0 &&
	    in_count(in, "round") <= 1 &&
	    !in_mod(in, "defender-mod", "buildings") && !in_mod(in, "defender-mod", "defences"))
		inputs_keep(in, inputs_add_mod(in, "attacker-mod", "column-charge"));
}

/* The arm of a brigade as melee knows it. */
static const char *
arm(const struct unit *u)
{
	return is_artillery(u->type) ? "artillery" : u->type;
}

static int
fill_side(const struct tableset *ts, const struct unit *u,
    const struct unit *enemy, const char *side, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	char figures[40], mods[40], pushbacks[40];
	struct brigade_units bu;
	int rc;

	if ((rc = brigade_units_of(ts, u->type, u->ratings, &bu, r)) != RULE_OK)
		return rc;
	snprintf(figures, sizeof figures, "%s-figures", side);
	snprintf(mods, sizeof mods, "%s-mod", side);
	snprintf(pushbacks, sizeof pushbacks, "%s-pushbacks", side);
	inputs_default_count(in, figures, melee_figures(ts, u, bu.total - unit_lost(u), r));
	inputs_default_count(in, pushbacks, run_so_far(u, enemy, ru));
	snprintf(pushbacks, sizeof pushbacks, "%s-pushbacks-game", side);
	inputs_default_count(in, pushbacks, u->ledger[BRIGADE_PUSHBACK].total);
	snprintf(figures, sizeof figures, "%s-type", side);
	inputs_default_word(in, figures, arm(u));
	if (in_flag(u->ratings, "elite"))
		inputs_keep(in, inputs_add_mod(in, mods, "elite"));
	if (in_flag(u->ratings, "lancers"))
		inputs_keep(in, inputs_add_mod(in, mods, "lancers"));
	add_state_mods(u, in, mods);
	if (!is_artillery(u->type)) {
		brigade_spread(&bu, unit_lost(u));
		add_falling_back(ts, &bu, in, mods, r);
	}
	return RULE_OK;
}

static int
fill_melee(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *a = ruling_unit(ru, "attacker");
	const struct unit *d = ruling_unit(ru, "defender");
	int rc;

	if (a == NULL || d == NULL)
		return result_fail(r, RULE_USAGE,
		    "give both --attacker NAME and --defender NAME: a melee in the game names both sides");
	if ((rc = fill_side(ts, a, d, "attacker", ru, in, r)) != RULE_OK ||
	    (rc = fill_side(ts, d, a, "defender", ru, in, r)) != RULE_OK)
		return rc;
	if (is_arm(a->type, "cavalry") && is_arm(d->type, "cavalry"))
		fill_weights(a, d, in);
	/* "Melees that end in a draw stay open and the next round is the same
	 * melee"; so is the next round of a melee whose push backs run on ("A
	 * run continues while the same melee is pushed back in consecutive
	 * turns"). */
	if (!ru->new_melee && a->ledger[BRIGADE_MELEE].ref == d->id &&
	    (a->ledger[BRIGADE_MELEE].amount == 1 || run_so_far(a, d, ru) > 0 ||
	    run_so_far(d, a, ru) > 0))
		inputs_default_count(in, "round", a->ledger[BRIGADE_MELEE].total + 1);
	fill_formations(a, d, in);
	return RULE_OK;
}

static int
fill_morale(const struct tableset *ts, const struct unit *u,
    struct inputs *in, struct result *r)
{
	struct brigade_units bu;
	const char *worst;
	int rc, pick = 0;

	if ((rc = brigade_units_of(ts, u->type, u->ratings, &bu, r)) != RULE_OK)
		return rc;
	brigade_spread(&bu, unit_lost(u));
	worst = brigade_morale_states(ts, &bu, r);
	for (int i = 0; i < bu.n; i++)
		if (strcmp(bu.b[i].state, worst) == 0) {
			pick = i;
			break;
		}
	if (bu.n == 0 || strcmp(bu.b[pick].cls, "battery") == 0)
		return result_fail(r, RULE_DATA,
		    "'%s' is artillery: its crews have no morale bands", u->name);
	inputs_default_word(in, "class", bu.b[pick].cls);
	inputs_default_count(in, "figures", bu.b[pick].left);
	return RULE_OK;
}

/* True when ledger i of u changed this turn or the last (a melee's push
 * back and follow up are made the turn after it). */
static int
recent(const struct unit *u, int i, long turn)
{
	return u->ledger[i].amount > 0 && turn - u->ledger[i].turn <= 1;
}

/* A move of none of the kinds the umpire may type (a charge, a retirement,
 * ...): the one a push back or follow up owed fills. */
static int
plain_move(const struct inputs *in)
{
	static const char *const kinds[] = {
		"charge", "fleeing", "pursuit", "pushback", "follow-up", "manhandle",
		"retire", "order-change", NULL
	};

	for (int i = 0; kinds[i] != NULL; i++)
		if (in_given(in, kinds[i]))
			return 0;
	return 1;
}

/* A move as the game knows the brigade: its type, formation, the moves it
 * spends rallying or at half speed, a push back or follow up it owes (its
 * number in the run), and a battalion at HALT. */
static int
fill_move(const struct tableset *ts, const struct unit *u, struct inputs *in,
    struct result *r)
{
	struct brigade_units bu;
	int rc;

	inputs_default_word(in, "type", u->type);
	inputs_default_choice(in, "formation", formation_of(u));
	if (unit_flag(u, "rallying"))
		inputs_default_flag(in, "rallying");
	else if (unit_flag(u, "half-speed"))
		inputs_default_flag(in, "half-speed");
	if (unit_flag(u, "pushed-back") && plain_move(in))
		inputs_default_count(in, "pushback", u->ledger[BRIGADE_PUSHBACK].amount);
	else if (unit_flag(u, "following-up") && plain_move(in))
		inputs_default_count(in, "follow-up", u->ledger[BRIGADE_FOLLOWUP].total);
	if ((rc = brigade_units_of(ts, u->type, u->ratings, &bu, r)) != RULE_OK)
		return rc;
	brigade_spread(&bu, unit_lost(u));
	/* l.13: a battalion at HALT immobilises the brigade (--overrule
	 * rules the move anyway) */
	if (!is_artillery(u->type) && bu.n > 0 &&
	    strcmp(brigade_morale_states(ts, &bu, r), "ok") != 0) {
		if (!in_given(in, "overrule"))
			inputs_default_flag(in, "halted");
		else
			result_work(r, "overruled (%s): a battalion at HALT immobilises the brigade (brigade.txt l.13)",
			    in_text(in, "overrule"));
	}
	return RULE_OK;
}

/* What a brigade may not do for its state: l.13, a battalion at HALT;
 * l.66, disordered; l.352, rallying; l.311, broken. */
static void
brigade_may_not(const struct tableset *ts, const struct unit *u,
    void (*fn)(void *ctx, const char *what, const char *rule, const char *why),
    void *ctx, struct result *r)
{
	struct brigade_units bu;

	if (unit_flag(u, "broken"))
		fn(ctx, "fire or fight", "brigade.txt l.311", "it has broken and fled the field");
	if (unit_flag(u, "rallying"))
		fn(ctx, "fire or move", "brigade.txt l.352", "it is rallying");
	if (unit_flag(u, "disordered"))
		fn(ctx, "fire", "brigade.txt l.66", "it is disordered");
	if (is_artillery(u->type) || brigade_units_of(ts, u->type, u->ratings, &bu, r) != RULE_OK)
		return;
	brigade_spread(&bu, unit_lost(u));
	if (bu.n > 0 && strcmp(brigade_morale_states(ts, &bu, r), "ok") != 0)
		fn(ctx, "advance", "brigade.txt l.13", "a battalion is at HALT");
}

static int
fill_unit_morale(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	return u != NULL ? fill_morale(ts, u, in, r) : RULE_OK;
}

static int
fill_rally(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	(void)ts;
	(void)r;
	if (u == NULL)
		return RULE_OK;
	inputs_default_word(in, "type", is_arm(u->type, "cavalry") ? "cavalry" : "infantry");
	/* A rally after being pushed back: the push backs of its run. */
	inputs_default_count(in, "pushbacks", run_now(u, ru->turn));
	/* After following up: the attempt is the follow up just made. */
	if (in_is(in, "after", "follow-up") && recent(u, BRIGADE_FOLLOWUP, ru->turn))
		inputs_default_count(in, "attempt", u->ledger[BRIGADE_FOLLOWUP].total);
	return RULE_OK;
}

static int
fill_unit_move(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	return u != NULL ? fill_move(ts, u, in, r) : RULE_OK;
}

/* ---- effects -------------------------------------------------------- */

/* The battalions whose morale changed with a loss: each a part of the
 * brigade, its new state told.  e->state becomes the worst. */
static void
loss_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const struct unit *u = k->ru->unit[ui];
	struct brigade_units before, after;
	const char *worst;

	if (brigade_units_of(k->ts, u->type, u->ratings, &before, k->r) != RULE_OK)
		return;
	after = before;
	brigade_spread(&before, e->total - e->amount);
	brigade_morale_states(k->ts, &before, k->r);
	brigade_spread(&after, e->total);
	worst = brigade_morale_states(k->ts, &after, k->r);
	text_copy(e->state, sizeof e->state, worst);
	for (int i = 0; i < after.n; i++) {
		struct unit_effect *m;

		if (strcmp(before.b[i].state, after.b[i].state) == 0 ||
		    (m = keep_part(k, ui, after.b[i].name)) == NULL)
			continue;
		text_copy(m->state, sizeof m->state, after.b[i].state);
		snprintf(m->note, sizeof m->note, "%s, %s now %s", u->name,
		    after.b[i].name, strcmp(after.b[i].state, "ok") == 0 ? "OK" :
		    strcmp(after.b[i].state, "halt") == 0 ? "HALT" : "FALL BACK");
	}
}

/* Defence points off a battery's guns (gun_defences_at); a gun at 0 is
 * knocked out. */
static void
defence_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const struct unit *u = k->ru->unit[ui];
	struct brigade_units before, after;
	int n = gun_defences(k->ts, u, &after, k->r);

	gun_defences_at(k->ts, u, unit_lost(u), e->total - e->amount, &before, k->r);
	snprintf(e->note, sizeof e->note, "%s's guns lose %ld defence point%s",
	    u->name, e->amount, e->amount == 1 ? "" : "s");
	for (int i = 0; i < n; i++) {
		struct unit_effect *m;

		if (before.b[i].left == 0 || after.b[i].left > 0 ||
		    (m = keep_part(k, ui, after.b[i].name)) == NULL)
			continue;
		snprintf(m->state, sizeof m->state, "knocked_out");
		snprintf(m->note, sizeof m->note, "%s, %s is knocked out for the rest of the game",
		    u->name, after.b[i].name);
	}
}

/* A push back, its number in the run and the game's count; three
 * continuous or six cumulative break the brigade. */
static void
pushback_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	long run_limit = rule_count(k->ts, BRIGADE, "melee", "continuous-pushbacks", k->r);
	long total_limit = rule_count(k->ts, BRIGADE, "melee", "cumulative-pushbacks", k->r);
	const struct unit *u = k->ru->unit[ui];
	struct unit_effect *b;

	snprintf(e->note, sizeof e->note,
	    "%s is pushed back: push back %ld of this run, %ld in the game",
	    u->name, e->amount, e->total);
	if ((e->amount < run_limit && e->total < total_limit) ||
	    (b = keep_flag(k, ui, "broken", 1, 0)) == NULL)
		return;
	snprintf(b->state, sizeof b->state, "broken");
	snprintf(b->note, sizeof b->note, "%s breaks and flees the field (%s)",
	    u->name, e->amount >= run_limit ? "three continuous push backs" :
	    "six cumulative push backs");
}

/* "Melees that end in a draw stay open and the next round is the same
 * melee": said once, by the attacker's entry. */
static void
melee_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const struct unit *u = k->ru->unit[ui];
	const struct unit *other = army_find(k->ru->army, e->ref);

	if (e->amount == 1 && other != NULL && strcmp(k->ru->role[ui], "attacker") == 0)
		snprintf(e->note, sizeof e->note,
		    "the melee of %s and %s stays open: round %ld next turn",
		    u->name, other->name, e->total + 1);
}

/* "Each gunner lost represents a deduction of four points in the gun's
 * defence value" (l.138; l.205: "three figures at 4 points each"): every
 * figure a battery loses is a gunner, whatever took him, and one
 * regained gives them back. */
static void
gunner_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	long per = rule_count(k->ts, BRIGADE, "battery", "gunner-defence", k->r);

	if (is_artillery(k->ru->unit[ui]->type) && e->amount != 0)
		keep_change(k, ui, "defence", e->amount * per, e->ref);
}

static void
brigade_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	if (e->kind != KEEP_LEDGER)
		return;
	switch (e->ledger) {
	case BRIGADE_LOSS:
		loss_consequence(k, ui, e);
		gunner_consequence(k, ui, e);
		break;
	case BRIGADE_DEFENCE:
		defence_consequence(k, ui, e);
		break;
	case BRIGADE_PUSHBACK:
		pushback_consequence(k, ui, e);
		break;
	case BRIGADE_MELEE:
		melee_consequence(k, ui, e);
		break;
	}
}

static const char *
state_word(const char *state)
{
	return strcmp(state, "ok") == 0 ? "OK" : strcmp(state, "halt") == 0 ?
	    "HALT" : "FALL BACK";
}

/* morale --unit: every unit of the brigade with its state. */
static void
morale_units(const struct tableset *ts, const struct unit *u, struct result *r)
{
	struct brigade_units bu;
	const char *worst;

	if (brigade_units_of(ts, u->type, u->ratings, &bu, r) != RULE_OK)
		return;
	brigade_spread(&bu, unit_lost(u));
	worst = brigade_morale_states(ts, &bu, r);
	result_list(r, "units");
	for (int i = 0; i < bu.n; i++) {
		result_open(r, NULL);
		result_word(r, "name", bu.b[i].name);
		result_int(r, "figures_left", bu.b[i].left);
		result_word(r, "state", bu.b[i].state);
		result_close(r);
		result_work(r, "%s: %s, %ld figures left: %s", bu.b[i].name,
		    bu.b[i].cls, bu.b[i].left, bu.b[i].state);
	}
	result_list_end(r);
	result_summary(r, "%s: %s (its worst unit)", u->name, state_word(worst));
}

static int
judge_morale(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	(void)in;
	if (ruling_unit(ru, "unit") != NULL)
		morale_units(ts, ruling_unit(ru, "unit"), r);
	return RULE_OK;
}

/* What a ruling in a game fills and adds, command by command. */
static const struct cmd_hooks brigade_hooks[] = {
	{ .command = "fire", .fill = fill_fire },
	{ .command = "melee", .fill = fill_melee },
	{ .command = "morale", .fill = fill_unit_morale, .judge = judge_morale,
	  .answers_the_lost = 1 },
	{ .command = "rally", .fill = fill_rally },
	{ .command = "move", .fill = fill_unit_move },
	{ .command = NULL },
};

/* A gun's defence value and what it lets the gun fire (the
 * counter-battery table's help, empty off the table), after its state. */
static void
gun_defence(struct view_part *p, long left, const char *help)
{
	p->more = "defence {}: {}";
	p->more_values[0] = sheet_int(left);
	p->more_values[1] = sheet_word(help != NULL ? help : "");
	p->nmore = 2;
}

/* A battery's guns on the sheet: each one's defence value and fire rate
 * after its state (parts from PART). */
static void
gun_lines(const struct tableset *ts, const struct unit *u, struct unit_view *v,
    int part, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "counter-battery", r);
	struct brigade_units guns;
	int n = gun_defences(ts, u, &guns, r);

	result_int(r, "defence_lost", u->ledger[BRIGADE_DEFENCE].total);
	result_list(r, "defence");
	for (int i = 0; i < n && t != NULL; i++) {
		int row = table_band(t, "min", "max", (double)guns.b[i].left);

		result_int(r, NULL, guns.b[i].left);
		if (part + i < v->nparts)
			gun_defence(&v->parts[part + i], guns.b[i].left,
			    row >= 0 ? table_text(t, row, "help") : NULL);
	}
	result_list_end(r);
}

/* A battalion as a part of the brigade on the sheet: what is left of what
 * it started the battle with; a part with every figure lost is
 * "destroyed" (the brigade's state word for it, brigade_states), whatever
 * its band would say of none left. */
static void
battalion_part(const struct battalion *b, long start, struct view_part *p)
{
	text_copy(p->name, sizeof p->name, b->name);
	text_copy(p->note, sizeof p->note, b->cls);
	p->more = NULL;
	p->nmore = 0;
	p->start = start;
	p->left = b->left;
	text_copy(p->state, sizeof p->state, b->state);
	p->gone = b->figures > 0 && b->left <= 0;
}

/* The heads of the battalions' rows: "battalion", "regiment" or "gun" as
 * the unit's parts are, their class, and a gun's defence. */
static void
battalion_heads(const char *type, struct unit_view *v)
{
	int guns = is_artillery(type);

	text_copy(v->part_head, sizeof v->part_head, guns ? "gun" :
	    is_arm(type, "cavalry") ? "regiment" : "battalion");
	text_copy(v->note_head, sizeof v->note_head, "class");
	text_copy(v->more_head, sizeof v->more_head, guns ? "defence" : "");
}

/* What each unit of bu started the battle with: its figures less its
 * share of what the brigade brought lost from the campaign's last battle,
 * spread as the game spreads losses. */
static void
battalion_starts(struct brigade_units *bu, const struct unit *u, long *start)
{
	brigade_spread(bu, u->carried);
	for (int i = 0; i < bu->n; i++)
		start[i] = bu->b[i].left;
}

static void
brigade_view(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct unit_view *v, struct result *r)
{
	long turn = a->turn, start[BRIGADE_UNITS];
	/* In a campaign's later battle it starts at what it brought. */
	long strength = u->start_strength - unit_lost(u);
	struct brigade_units bu;
	const char *worst;
	int part;

	if (u->formation)
		return;
	view_int(v, 0, unit_start(u));
	view_int(v, 1, strength);
	view_int(v, 2, unit_lost_here(u));
	view_fraction(v, 4, run_now(u, turn), u->ledger[BRIGADE_PUSHBACK].total);
	view_int(v, 5, run_now(u, turn));
	view_int(v, 6, u->ledger[BRIGADE_PUSHBACK].total);
	result_int(r, "start_strength", unit_start(u));
	result_int(r, "strength", strength);
	result_int(r, "losses", unit_lost_here(u));
	result_open(r, "pushbacks");
	result_int(r, "run", run_now(u, turn));
	result_int(r, "total", u->ledger[BRIGADE_PUSHBACK].total);
	result_close(r);
	if (brigade_units_of(ts, u->type, u->ratings, &bu, r) != RULE_OK)
		return;
	battalion_starts(&bu, u, start);
	brigade_spread(&bu, unit_lost(u));
	worst = brigade_morale_states(ts, &bu, r);
	text_copy(v->state, sizeof v->state, unit_flag(u, "broken") ?
	    "broken" : unit_flag(u, "rallying") ? "rallying" : worst);
	battalion_heads(u->type, v);
	part = v->nparts;
	result_list(r, "units");
	for (int i = 0; i < bu.n; i++) {
		result_open(r, NULL);
		result_word(r, "name", bu.b[i].name);
		result_word(r, "class", bu.b[i].cls);
		result_int(r, "start_strength", start[i]);
		result_int(r, "strength", bu.b[i].left);
		result_word(r, "state", bu.b[i].state);
		result_close(r);
		if (v->nparts < VIEW_PARTS)
			battalion_part(&bu.b[i], start[i], &v->parts[v->nparts++]);
	}
	result_list_end(r);
	if (is_artillery(u->type))
		gun_lines(ts, u, v, part, r);
}

static const struct sheet_column brigade_columns[] = {
	{ "start", "start_strength", 5, 1, SHEET_BOTH },
	{ "now", "strength", 5, 1, SHEET_BOTH },
	{ "lost", "losses", 6, 1, SHEET_BOTH },
	{ "state", "state", -9, 2, SHEET_BOTH },
	{ "push backs run/all, flags", "pushbacks", 0, 1, SHEET_TEXT },
	{ NULL, "pushback_run", 0, 0, SHEET_CSV },
	{ NULL, "pushback_total", 0, 0, SHEET_CSV },
	{ NULL, NULL, 0, 0, 0 },
};

/* The most defence a battery can lose: every gun's value. */
static long
defence_limit(const struct tableset *ts, const struct unit *u, struct result *r)
{
	struct brigade_units guns;

	return gun_defences(ts, u, &guns, r) * rule_count(ts, BRIGADE, "battery",
	    "defence", r);
}

/* What a brigade game keeps; the order of the ledgers is brigade.h's. */
static const struct ledger_decl brigade_ledgers[] = {
	[BRIGADE_LOSS] = { .name = "loss", .word = "figures", .one = "figure",
	    .tally = TALLY_SUM, .of_start = 1, .sight = SIGHT_BAND },
	[BRIGADE_DEFENCE] = { .name = "defence", .word = "defence points",
	    .one = "defence point", .tally = TALLY_SUM, .limit = defence_limit,
	    .sight = SIGHT_UMPIRE },
	/* A push back's number in its run is its mark; the total counts
	 * them over the game. */
	[BRIGADE_PUSHBACK] = { .name = "pushback", .word = "push backs",
	    .one = "push back", .tally = TALLY_COUNT, .sight = SIGHT_UMPIRE },
	/* A melee's round, open (1) or decided (0), against whom. */
	[BRIGADE_MELEE] = { .name = "melee", .word = "melee rounds",
	    .one = "melee round", .tally = TALLY_LATEST, .sight = SIGHT_UMPIRE },
	/* The winner's follow up, numbered as the loser's push back: the
	 * game fills move --follow-up N and rally --attempt N from it. */
	[BRIGADE_FOLLOWUP] = { .name = "followup", .word = "follow ups",
	    .one = "follow up", .tally = TALLY_LATEST, .sight = SIGHT_UMPIRE },
	{ .name = NULL },
};

static const struct word_decl brigade_states[] = {
	{ .word = "destroyed", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

static const struct word_decl brigade_flags[] = {
	{ .word = "disordered", .sight = SIGHT_TABLE },
	{ .word = "rallying", .sight = SIGHT_TABLE },
	/* the moves after a rally, at half speed */
	{ .word = "half-speed", .sight = SIGHT_TABLE, .said = "moves at half speed",
	  .unsaid = "moves at its own speed again" },
	{ .word = "broken", .sight = SIGHT_TABLE },
	/* What a result obliges, in the turn of the melee and the next. */
	{ .word = "pushed-back", .sight = SIGHT_TABLE, .said = "must be pushed back",
	  .unsaid = "no longer owes a push back", .must = "be pushed back",
	  .rule = "brigade.txt l.299", .ends = "pushed-back" },
	{ .word = "following-up", .sight = SIGHT_TABLE, .said = "must follow up",
	  .unsaid = "no longer owes a follow up", .must = "follow up at least one move",
	  .rule = "brigade.txt l.315", .ends = "followed-up" },
	/* "A charge move ... must be followed by two moves at normal speed." */
	{ .word = "charging", .sight = SIGHT_TABLE, .said = "has charged",
	  .unsaid = "has made its moves after the charge",
	  .must = "follow the charge with two moves at normal speed", .rule = "brigade.txt l.249" },
	{ .word = NULL },
};

/* What a brigade does in a turn: the journal keeps each act with its
 * ruling, and the rules below read them. */
static const struct act_decl brigade_acts[] = {
	{ "fired", "fired", "fire", "unit", NULL },
	{ "fired-on", "was fired on", "fire", "target", NULL },
	/* small arms (l.108: "Troops killed by infantry fire may fire back in
	 * the same move"), not artillery ("removed at once without the right
	 * to reply") */
	{ "shot-at", "was shot at by small arms", "fire", "target", "other:infantry" },
	{ "shot-at", "was shot at by small arms", "fire", "target", "other:skirmishers" },
	{ "meleed", "fought a melee", "melee", "attacker", NULL },
	{ "meleed", "fought a melee", "melee", "defender", NULL },
	{ "moved", "moved", "move", "unit", NULL },
	{ "changed-formation", "changed formation", "move", "unit", "formation" },
	{ "turned", "changed direction", "move", "unit", "option:turn" },
	{ "charged", "charged", "move", "unit", "option:charge" },
	{ "pushed-back", "was pushed back", "move", "unit", "option:pushback" },
	{ "followed-up", "followed up", "move", "unit", "option:follow-up" },
	{ "fled", "fled", "move", "unit", "option:fleeing" },
	{ "pursued", "pursued", "move", "unit", "option:pursuit" },
	{ "retired", "retired", "move", "unit", "option:retire" },
	{ "rallied", "rallied", "rally", "unit", NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

/* What the acts of the turn and the obligations make true in a later
 * ruling: the modifiers of the fire and melee tables (a 'forbid' row is a
 * prohibition, a number a consequence). */
static const struct act_rule brigade_act_rules[] = {
	/* l.128: "Brigades may not fire in the same move in which they
	 * changed direction or formation." */
	{ "changed-formation", "fire", "unit", NULL, NULL, NULL, "mod", "changed-formation",
	  "brigade.txt l.128", "fire" },
	{ "turned", "fire", "unit", NULL, NULL, NULL, "mod", "changed-formation",
	  "brigade.txt l.128", "fire" },
	/* l.142: "infantry columns charging to contact may not fire" */
	{ "charged", "fire", "unit", "infantry", NULL, NULL, "mod", "charging",
	  "brigade.txt l.142", "fire" },
	/* l.209: "Artillery may not move and fire." */
	{ "moved", "fire", "unit", "foot-artillery", NULL, NULL, "mod", "moved",
	  "brigade.txt l.209", "fire" },
	{ "moved", "fire", "unit", "horse-artillery", NULL, NULL, "mod", "moved",
	  "brigade.txt l.209", "fire" },
	/* l.90, l.94: artillery "takes a complete move to unlimber or limber
	 * up, during which time it may not move or fire": limbered, it does
	 * not fire. */
	{ "formation:limbered", "fire", "unit", NULL, NULL, NULL, "mod", "limbered",
	  "brigade.txt l.90", "fire" },
	/* "-6 brigade falling back after melee (may not fire)" (l.235) */
	{ "flag:pushed-back", "fire", "unit", NULL, NULL, NULL, "mod", "falling-back",
	  "brigade.txt l.235", "fire" },
	{ "pushed-back", "fire", "unit", NULL, NULL, NULL, "mod", "falling-back",
	  "brigade.txt l.235", "fire" },
	/* A recorded charge carries its bonuses into the melee that follows:
	 * "All charging cavalry have a +3 melee bonus per brigade" (l.251),
	 * "+3 cavalry charging infantry" (l.229). */
	{ "charged", "melee", "attacker", "cavalry", NULL, NULL, "attacker-mod",
	  "charging-cavalry", "brigade.txt l.251", NULL },
	{ "charged", "melee", "attacker", "cavalry", "defender", "infantry", "attacker-mod",
	  "cavalry-charging-infantry", "brigade.txt l.229", NULL },
	/* l.342: "Any brigades contacted by their pursuers or other enemy
	 * formations whilst falling back, being pushed back or following up,
	 * are -6 in melee" (and l.362, l.431). */
	{ "flag:pushed-back", "melee", "defender", NULL, NULL, NULL, "defender-mod",
	  "falling-back", "brigade.txt l.342", NULL },
	{ "pushed-back", "melee", "defender", NULL, NULL, NULL, "defender-mod",
	  "falling-back", "brigade.txt l.342", NULL },
	{ "flag:following-up", "melee", "defender", NULL, NULL, NULL, "defender-mod",
	  "falling-back", "brigade.txt l.342", NULL },
	{ "followed-up", "melee", "defender", NULL, NULL, NULL, "defender-mod",
	  "falling-back", "brigade.txt l.342", NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

static const struct word_decl brigade_formations[] = {
	{ .word = "line", .sight = SIGHT_TABLE },
	{ .word = "march-column", .sight = SIGHT_TABLE },
	{ .word = "attack-column", .sight = SIGHT_TABLE },
	{ .word = "square", .sight = SIGHT_TABLE },
	/* a battery's: limbered to move, unlimbered to fire */
	{ .word = "limbered", .sight = SIGHT_TABLE, .said = "is now limbered" },
	{ .word = "unlimbered", .sight = SIGHT_TABLE, .said = "is now unlimbered" },
	{ .word = NULL },
};

/* "Only infantry forms square" (RULES.md; l.276-280), by the formations
 * table. */
static const char *
brigade_formation_refused(const struct tableset *ts, const char *type,
    const char *word, struct result *r)
{
	return rule_formation_refused(ts, BRIGADE, type, word, r);
}

const struct roster brigade_roster = {
	.types = brigade_types,
	.formation_types = "division|corps|army|command",
	.inputs = rating_inputs,
	.keeps = {
		.ledgers = brigade_ledgers,
		.measure_option = "figures",
		.measure_one = "figure",
		.counts_down = 1,
		.states = brigade_states,
		.flags = brigade_flags,
		.formations = brigade_formations,
		.good_state = "good_order",
		.acts = brigade_acts,
		.act_rules = brigade_act_rules,
	},
	.rate = brigade_rate,
	.hooks = brigade_hooks,
	.consequence = brigade_consequence,
	.may_not = brigade_may_not,
	.view = brigade_view,
	.formation_refused = brigade_formation_refused,
	.columns = brigade_columns,
	.not_a_type = "brigade",
	.not_a_type_message = "under the brigade rules the brigade is the unit: give its arm",
};
