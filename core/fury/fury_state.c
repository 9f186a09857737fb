/*
 * fury in a game: brigades with stands and a BEL (or their battalions'),
 * batteries, leaders with their command ranges, formations with a quality;
 * the effects of rulings (stands, disorder, routs, battery states) and the
 * fatigue of divisions, corps and armies summed up the formation tree.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fury.h"
#include "keep.h"
#include "text.h"

/* The unit types: brigades of the three arms and their weights, and a
 * leader (a general and his staff, no stands). */
static const struct unit_type fury_types[] = {
	{ "infantry", "infantry", NULL, NULL },
	{ "light-infantry", "infantry", "light", NULL },
	{ "heavy-cavalry", "cavalry", "heavy", NULL },
	{ "light-cavalry", "cavalry", "light", NULL },
	{ "horse-battery", "artillery", "horse", "unlimbered" },
	{ "heavy-battery", "artillery", "heavy", "unlimbered" },
	{ "russian-heavy-battery", "artillery", "heavy", "unlimbered" },
	{ "leader", "command", NULL, NULL },
	{ NULL, NULL, NULL, NULL },
};
#define NATIONS "france|britain|austria|russia|prussia|other"
#define BELS "militia|conscript|regular|veteran|guard"

static const struct input_decl rating_inputs[] = {
	{ "stands", IN_COUNT, "N", 1, 100, NULL, NULL, NULL, "a brigade's stands", 0 },
	{ "bel", IN_CHOICE, BELS, 0, 0, BELS, NULL, NULL,
	  "brigade effectiveness level", 0 },
	{ "battalions", IN_SPEC, "LIST", 0, 0, BELS, NULL,
	  "one of militia, conscript, regular, veteran, guard",
	  "a mixed brigade's battalion classes (its BEL is their mean)", 0 },
	{ "cavalry", IN_CHOICE, "elite|good|line|poor", 0, 0, "elite|good|line|poor",
	  NULL, NULL, "a cavalry brigade's rating", 0 },
	{ "nation", IN_CHOICE, NATIONS, 0, 0, NATIONS, "other", NULL,
	  "nation (French infantry move 5\" in line; British guards count single)", 0 },
	{ "irregular", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "cossacks, guerrillas, militia cavalry: not counted against the army", 0 },
	{ "rank", IN_CHOICE, "division|corps|wing|army", 0, 0, "division|corps|wing|army",
	  NULL, NULL, "a leader's rank", 0 },
	{ "rating", IN_CHOICE, "excellent|good|average|poor", 0, 0,
	  "excellent|good|average|poor", NULL, NULL,
	  "a corps or army commander's rating", 0 },
	{ "exceptional", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "an exceptional leader", 0 },
	{ "replacement", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "a replacement officer", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct input_decl formation_inputs[] = {
	{ "quality", IN_CHOICE, "good|average|poor", 0, 0, "good|average|poor",
	  "average", NULL, "the formation's quality (fatigue: 60%, 50%, 40%)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
is_battery(const char *type)
{
	return roster_is(&fury_roster, type, "artillery", NULL);
}

static int
is_cavalry(const char *type)
{
	return roster_is(&fury_roster, type, "cavalry", NULL);
}

static int
is_leader(const struct unit *u)
{
	return roster_is(&fury_roster, u->type, "command", NULL);
}

/* The brigade's BEL: its own, or its battalions' mean. */
static const char *
unit_bel(const struct tableset *ts, const struct unit *u, struct result *r)
{
	if (in_nitems(u->ratings, "battalions") > 0)
		return fury_mixed_bel(ts, u->ratings, "battalions", r);
	return in_text(u->ratings, "bel");
}

static int
fury_rate(const struct tableset *ts, const char *type, const struct inputs *rt,
    long *start, double *cost, struct result *r)
{
	*cost = 0;
	*start = 0;
	if (strcmp(type, "leader") == 0) {
		if (!in_given(rt, "rank"))
			return result_fail(r, RULE_DATA, "a leader needs --rank division|corps|wing|army");
		return RULE_OK;
	}
	if (in_given(rt, "rank") || in_given(rt, "rating"))
		return result_fail(r, RULE_DATA, "--rank and --rating are for leaders");
	if (is_battery(type)) {
		*start = 1;
		return RULE_OK;
	}
	if (!in_given(rt, "stands"))
		return result_fail(r, RULE_DATA, "a brigade needs --stands N");
	if (!in_given(rt, "bel") && !in_given(rt, "battalions"))
		return result_fail(r, RULE_DATA, is_cavalry(type) ?
		    "a cavalry brigade needs --bel B (its melee class), with --cavalry elite|good|line|poor for its freshness" :
		    "a brigade needs --bel B or --battalions LIST");
	if (in_given(rt, "battalions") &&
	    fury_mixed_bel(ts, rt, "battalions", r) == NULL)
		return RULE_DATA;
	if (in_given(rt, "cavalry") && !is_cavalry(type))
		return result_fail(r, RULE_DATA, "--cavalry is for cavalry brigades");
	*start = in_count(rt, "stands");
	return RULE_OK;
}

/*
 * The brigade's freshness now, or NULL (batteries, leaders, a brigade off
 * the chart: the chart covers 3 to 7 stands).  The working goes to a
 * scratch result: a sheet or a fill does not print it.
 */
static const char *
freshness(const struct tableset *ts, const struct unit *u)
{
	struct result scratch;
	const char *bel;

	result_init(&scratch);
	bel = unit_bel(ts, u, &scratch);
	if (bel == NULL || is_battery(u->type) || is_leader(u))
		return NULL;
	return fury_freshness(ts, fury_class(bel, in_text(u->ratings, "cavalry")),
	    u->start_strength, u->start_strength - unit_lost(u), &scratch);
}

static const char *
arm(const struct unit *u)
{
	return is_battery(u->type) ? "artillery" : is_cavalry(u->type) ? "cavalry" : "infantry";
}

/* Stands in melee: "Artillery batteries count as 1/2 a stand (round down)." */
static long
melee_stands(const struct unit *u)
{
	long n = u->start_strength - unit_lost(u);

	return is_battery(u->type) ? n / 2 : n;
}

/* The tactical formation the game keeps for u (its type's until
 * changed: line, a battery unlimbered). */
static const char *
formation_of(const struct unit *u)
{
	return u->tactical[0] != '\0' ? u->tactical :
	    roster_type_formation(&fury_roster, u->type);
}

/* What the target's formation and arm make true of a fire at it (the
 * fire chart's modifiers): a column +1; a march column or a square +2 to
 * artillery fire only (GUNS: every firer a battery); mounted cavalry in
 * the open +1 (not when the umpire names cover). */
static void
fill_target(const struct tableset *ts, int guns, const struct unit *t,
    struct inputs *in, struct result *r)
{
	const char *form = formation_of(t);

	inputs_default_word(in, "target-type", arm(t));
	if (strcmp(form, "column") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-column"));
	/* "+1 target is limbered artillery" (the fire chart) */
	if (strcmp(form, "limbered") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-limbered"));
	if (guns && strcmp(form, "march-column") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-march-column"));
	if (guns && strcmp(form, "square") == 0 &&
	    rule_formation_refused(ts, FURY, arm(t), "square", r) == NULL)
		inputs_keep(in, inputs_add_mod(in, "mod", "target-square"));
	if (is_cavalry(t->type) && !in_mod(in, "mod", "target-woods") &&
	    !in_mod(in, "mod", "target-works") && !in_mod(in, "mod", "target-town"))
		inputs_keep(in, inputs_add_mod(in, "mod", "target-cavalry"));
}

/* The chart's firer type of a unit. */
static const char *
firer_type(const struct unit *f)
{
	return is_battery(f->type) ? f->type : is_cavalry(f->type) ? "dismounted-cavalry" :
	    f->type;
}

/* The fire-point multipliers a firer's states make true: disordered,
 * a damaged or suppressed battery. */
static const char *const point_states[][2] = {
	{ "disordered", "firer-disordered" },
	{ "damaged", "battery-damaged" },
	{ "suppressed", "battery-suppressed" },
};

static int
in_point_state(const struct unit *f, int i)
{
	return i == 0 ? unit_flag(f, "disordered") : strcmp(f->state, point_states[i][0]) == 0;
}

static void
fill_one_firer(const struct tableset *ts, const struct unit *f, struct inputs *in)
{
	const char *fresh = freshness(ts, f);

	inputs_default_word(in, "firer-type", firer_type(f));
	inputs_default_count(in, "stands", f->start_strength - unit_lost(f));
	inputs_default_choice(in, "formation", formation_of(f));
	for (size_t i = 0; i < sizeof point_states / sizeof point_states[0]; i++)
		if (in_point_state(f, (int)i))
			inputs_keep(in, inputs_add_mod(in, "mod", point_states[i][1]));
	if (fresh != NULL && strcmp(fresh, "fresh") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "firer-fresh"));
	if (fresh != NULL && strcmp(fresh, "spent") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "firer-spent"));
}

/* l.222: "add all possible points up from all eligible firing units and
 * combine them into a total": each firer's points from the chart at the
 * one --distance, its own multipliers applied to its own points; the die
 * modifiers of freshness when every brigade firing is fresh (firer-fresh)
 * or any is spent (firer-spent). */
static int
fill_combined(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct table *mods = rule_table(ts, FURY, "fire-modifiers", r);
	int all_fresh = 1, any_spent = 0, brigades = 0;
	long total = 0;

	if (mods == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE,
		    "combined fire needs --distance D (or the total as --fire-points P)");
	for (int i = 0; i < ru->n; i++) {
		const struct unit *f = ru->unit[i];
		const char *fresh = freshness(ts, f);
		double reach = 0;
		long points;
		int rc;

		if (strcmp(ru->role[i], "unit") != 0)
			continue;
		if ((rc = fury_firer_points(ts, firer_type(f), f->start_strength - unit_lost(f),
		    formation_of(f), in_number(in, "distance"), &points, &reach, r)) != RULE_OK)
			return rc;
		for (size_t k = 0; k < sizeof point_states / sizeof point_states[0]; k++)
			if (in_point_state(f, (int)k)) {
				points = (long)floor((double)points * rule_cell(mods,
				    table_row(mods, "name", point_states[k][1]), "value", r));
				result_work(r, "%s is %s: its points x%g -> %ld", f->name,
				    point_states[k][0], rule_cell(mods, table_row(mods, "name",
				    point_states[k][1]), "value", r), points);
			}
		result_work(r, "%s adds %ld fire point%s%s", f->name, points,
		    points == 1 ? "" : "s", points == 0 ? " (out of range)" : "");
		total += points;
		/* a battery has no freshness: it neither gives nor takes it */
		all_fresh &= fresh == NULL || strcmp(fresh, "fresh") == 0;
		any_spent |= fresh != NULL && strcmp(fresh, "spent") == 0;
		brigades += fresh != NULL;
	}
	result_work(r, "combined fire: %ld fire points in all", total);
	inputs_default_count(in, "fire-points", total);
	if (all_fresh && brigades > 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "firer-fresh"));
	if (any_spent)
		inputs_keep(in, inputs_add_mod(in, "mod", "firer-spent"));
	return RULE_OK;
}

static int
fill_fire(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *t = ruling_unit(ru, "target");
	int firers = 0, guns = 1, rc;

	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->role[i], "unit") == 0) {
			firers++;
			guns &= is_battery(ru->unit[i]->type);
		}
	if (firers == 0)
		guns = in_given(in, "firer-type") &&
		    is_battery(in_text(in, "firer-type"));
	if (firers == 1 && !in_given(in, "fire-points"))
		fill_one_firer(ts, ruling_unit(ru, "unit"), in);
	if (firers > 1 && !in_given(in, "fire-points") &&
	    (rc = fill_combined(ts, ru, in, r)) != RULE_OK)
		return rc;
	if (t != NULL)
		fill_target(ts, guns, t, in, r);
	return RULE_OK;
}

/* What the two arms and formations make true of a side in melee: a
 * square against cavalry +3; cavalry charging infantry not in square +2,
 * and that infantry -3 unless the umpire names its cover; heavy cavalry
 * against light +1; French and Russian infantry attacking in column, the
 * national column +1. */
static void
fill_arms(const struct unit *u, const struct unit *enemy, const char *side,
    struct inputs *in, const char *opt)
{
	int attacking = strcmp(side, "attacker") == 0;
	int infantry = strcmp(arm(u), "infantry") == 0;

	if (infantry && is_cavalry(enemy->type) && !attacking) {
		if (strcmp(formation_of(u), "square") == 0)
			inputs_keep(in, inputs_add_mod(in, opt, "square-vs-cavalry"));
		else if (!in_mod(in, opt, "defending-cover"))
			inputs_keep(in, inputs_add_mod(in, opt, "versus-cavalry"));
	}
	if (is_cavalry(u->type) && attacking && strcmp(arm(enemy), "infantry") == 0 &&
	    strcmp(formation_of(enemy), "square") != 0)
		inputs_keep(in, inputs_add_mod(in, opt, "cavalry-charging-infantry"));
	if (roster_is(&fury_roster, u->type, "cavalry", "heavy") &&
	    roster_is(&fury_roster, enemy->type, "cavalry", "light"))
		inputs_keep(in, inputs_add_mod(in, opt, "heavy-v-light"));
	if (infantry && attacking && strcmp(formation_of(u), "column") == 0 &&
	    (in_is(u->ratings, "nation", "france") || in_is(u->ratings, "nation", "russia")))
		inputs_keep(in, inputs_add_mod(in, opt, "national-column"));
}

static void
fill_side(const struct tableset *ts, const struct unit *u,
    const struct unit *enemy, const char *side, struct inputs *in)
{
	const char *fresh = freshness(ts, u), *bel;
	struct result scratch;
	char opt[40];

	result_init(&scratch);
	bel = unit_bel(ts, u, &scratch);
	snprintf(opt, sizeof opt, "%s-type", side);
	inputs_default_word(in, opt, arm(u));
	snprintf(opt, sizeof opt, "%s-mod", side);
	if (melee_stands(u) >= 2 * melee_stands(enemy) && melee_stands(enemy) > 0)
		inputs_keep(in, inputs_add_mod(in, opt, "twice-stands"));
	else if (melee_stands(u) > melee_stands(enemy))
		inputs_keep(in, inputs_add_mod(in, opt, "more-stands"));
	if (fresh != NULL)
		inputs_keep(in, inputs_add_mod(in, opt, fresh));
	if (bel != NULL && strcmp(bel, "guard") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, "guard"));
	if (bel != NULL && strcmp(bel, "militia") == 0)
		inputs_keep(in, inputs_add_mod(in, opt, "militia"));
	if (unit_flag(u, "disordered"))
		inputs_keep(in, inputs_add_mod(in, opt, "disordered"));
	fill_arms(u, enemy, side, in, opt);
}

/* l.108: "Any time an infantry brigade is charged by cavalry and it is not
 * defending in or along cover, (wall, works, etc) deployed in a town,
 * already in square formation or already in contact with another enemy
 * unit; it must immediately roll on the Emergency Formation Change table
 * in an attempt to form square."  The melee is still ruled (the umpire
 * may know of cover or contact the game does not), but the working says
 * the roll comes first when none was made this turn. */
static void
efc_first(const struct unit *a, const struct unit *d, const struct inputs *in,
    struct result *r)
{
	if (is_cavalry(a->type) && strcmp(arm(d), "infantry") == 0 &&
	    strcmp(formation_of(d), "square") != 0 && !unit_flag(d, "tried-square") &&
	    !in_mod(in, "defender-mod", "defending-cover"))
		result_work(r, "%s must first roll on the emergency formation change table (move --efc), unless in or along cover, in a town or already in contact with another enemy",
		    d->name);
}

/* The leader of RANK who commands formation f (a leader with a rating
 * whose formation is f), or NULL. */
static const struct unit *
leader_of(const struct army *a, const struct unit *f, const char *rank)
{
	for (int i = 0; i < a->n; i++) {
		const struct unit *l = &a->u[i];

		if (is_leader(l) && l->up >= 0 && &a->u[l->up] == f &&
		    in_is(l->ratings, "rank", rank) && in_given(l->ratings, "rating"))
			return l;
	}
	return NULL;
}

/* RULES.md: "--quality is the rating of the brigade's corps commander
 * (the army commander's where there is no corps)": up the brigade's
 * formations to its corps, else its army, and that formation's leader of
 * that rank.  NULL when the game has none to say. */
static const struct unit *
commander(const struct army *a, const struct unit *u)
{
	const struct unit *army = NULL;

	for (int up = u->up; up >= 0; up = a->u[up].up) {
		if (strcmp(a->u[up].type, "corps") == 0)
			return leader_of(a, &a->u[up], "corps");
		if (strcmp(a->u[up].type, "army") == 0 && army == NULL)
			army = &a->u[up];
	}
	return army != NULL ? leader_of(a, army, "army") : NULL;
}

/* --quality from the brigade's commander, unless typed, said in the
 * working. */
static void
fill_quality(const struct army *a, const struct unit *u, struct inputs *in,
    struct result *r)
{
	const struct unit *l = commander(a, u);

	/* the emergency formation change, evasion and the disorder table
	 * read no commander */
	if (l == NULL || in_given(in, "quality") || inputs_get(in, "quality") == NULL ||
	    in_flag(in, "efc") || in_flag(in, "evasion") || in_given(in, "prolong") ||
	    in_flag(in, "disordered"))
		return;
	inputs_default_word(in, "quality", in_text(l->ratings, "rating"));
	result_work(r, "--quality %s: %s's rating, the %s commander", in_text(l->ratings,
	    "rating"), l->name, in_text(l->ratings, "rank"));
}

/* What the brigade's ratings and states make true of its emergency
 * formation change (the EFC modifiers). */
static void
fill_efc(const struct tableset *ts, const struct unit *u, struct inputs *in)
{
	static const char *const bels[] = { "guard", "veteran", "conscript", "militia", NULL };
	const char *fresh = freshness(ts, u), *bel;
	struct result scratch;

	result_init(&scratch);
	bel = unit_bel(ts, u, &scratch);
	for (int i = 0; bel != NULL && bels[i] != NULL; i++)
		if (strcmp(bel, bels[i]) == 0)
			inputs_keep(in, inputs_add_mod(in, "efc-mod", bel));
	if (strcmp(formation_of(u), "column") == 0)
		inputs_keep(in, inputs_add_mod(in, "efc-mod", "column"));
	if (fresh != NULL && strcmp(fresh, "worn") != 0)
		inputs_keep(in, inputs_add_mod(in, "efc-mod", fresh));
	if (unit_flag(u, "disordered"))
		inputs_keep(in, inputs_add_mod(in, "efc-mod", "disordered"));
}

/* The inputs of a move (MOVING) or a rally of brigade u. */
static void
fill_move(const struct tableset *ts, const struct army *a, const struct unit *u,
    int moving, struct inputs *in, struct result *r)
{
	const char *fresh = freshness(ts, u);

	inputs_default_word(in, "type", roster_is(&fury_roster, u->type, "infantry", "") &&
	    in_is(u->ratings, "nation", "france") ? "french-infantry" :
	    is_battery(u->type) ? (roster_is(&fury_roster, u->type, "artillery", "horse") ?
	    "horse-artillery" : "foot-artillery") : u->type);
	if (moving && unit_flag(u, "disordered"))
		inputs_default_flag(in, "disordered");
	if (!moving && !unit_flag(u, "disordered"))
		inputs_keep(in, inputs_add_mod(in, "mod", "in-good-order"));
	/* a battery limbers and moves without the maneuver table (l.172) */
	if (moving && !is_battery(u->type))
		fill_quality(a, u, in, r);
	/* The tactical formation the game keeps (a square may not enter
	 * rough terrain, l.166); another typed is a formation change, "a
	 * brigade ... must receive a result on the maneuver table that allows
	 * formation changes" (l.74). */
	if (in_typed(in, "formation") && !in_is(in, "formation", formation_of(u)) &&
	    !in_flag(in, "efc"))
		inputs_default_flag(in, "change-formation");
	inputs_default_choice(in, "formation", formation_of(u));
	if (strcmp(formation_of(u), "march-column") == 0)
		inputs_keep(in, inputs_add_mod(in, "mod", "march-column"));
	if (in_flag(in, "efc"))
		fill_efc(ts, u, in);
	if (fresh != NULL && strcmp(fresh, "worn") != 0)
		inputs_keep(in, inputs_add_mod(in, "mod", fresh));
	if (roster_is(&fury_roster, u->type, "infantry", "light"))
		inputs_keep(in, inputs_add_mod(in, "mod", "light-infantry"));
	if (is_cavalry(u->type))
		inputs_keep(in, inputs_add_mod(in, "mod", "cavalry"));
}

static void
fill_morale(const struct tableset *ts, const struct unit *u, struct inputs *in)
{
	struct result scratch;

	result_init(&scratch);
	inputs_default_count(in, "stands-start", u->start_strength);
	inputs_default_count(in, "stands", u->start_strength - unit_lost(u));
	inputs_default_word(in, "bel", unit_bel(ts, u, &scratch));
	inputs_default_word(in, "cavalry", in_text(u->ratings, "cavalry"));
}

static int in_fatigued_division(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct result *r);

/* l.136: a leader attaches to a brigade of his side. */
static int
fill_attach(const struct unit *leader, const struct unit *b, struct result *r)
{
	if (leader == NULL || !is_leader(leader))
		return result_fail(r, RULE_USAGE,
		    "--attach BRIGADE goes with --unit LEADER: the leader who attaches");
	if (b->formation || is_leader(b))
		return result_fail(r, RULE_DATA, "'%s' is not a brigade: a leader attaches to a brigade or battery",
		    b->name);
	if (strcmp(leader->side, b->side) != 0)
		return result_fail(r, RULE_DATA, "'%s' and '%s' are not of one side: a leader attaches to a unit of his own side",
		    leader->name, b->name);
	return RULE_OK;
}

static int
fatigue_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	(void)ts;
	(void)r;
	if (ruling_unit(ru, "unit") == NULL)
		inputs_default_flag(in, "every");
	return RULE_OK;
}

/* The units of a ruling are brigades, none routed or wrecked unless ANY
 * (morale tells a brigade's state, whatever it is). */
static int
brigades_only(const struct ruling_units *ru, int any, struct result *r)
{
	for (int i = 0; i < ru->n; i++) {
		if (is_leader(ru->unit[i]))
			return result_fail(r, RULE_DATA, "'%s' is a leader, not a brigade",
			    ru->unit[i]->name);
		if (!any && (strcmp(ru->unit[i]->state, "routed") == 0 ||
		    strcmp(ru->unit[i]->state, "wrecked") == 0))
			return result_fail(r, RULE_DATA, "'%s' is %s", ru->unit[i]->name,
			    ru->unit[i]->state);
	}
	return RULE_OK;
}

static int
fire_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	int rc = brigades_only(ru, 0, r);

	return rc != RULE_OK ? rc : fill_fire(ts, ru, in, r);
}

static int
melee_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *a = ruling_unit(ru, "attacker"), *d = ruling_unit(ru, "defender");
	int rc = brigades_only(ru, 0, r);

	if (rc != RULE_OK)
		return rc;
	if (a == NULL || d == NULL)
		return result_fail(r, RULE_USAGE,
		    "give both --attacker NAME and --defender NAME: a melee in the game names both sides");
	fill_side(ts, a, d, "attacker", in);
	fill_side(ts, d, a, "defender", in);
	if (in_fatigued_division(ts, ru->army, a, r))
		inputs_default_flag(in, "attacker-fatigued");
	efc_first(a, d, in, r);
	return RULE_OK;
}

static int
move_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc;

	if (ruling_unit(ru, "attach") != NULL)
		return fill_attach(u, ruling_unit(ru, "attach"), r);
	if ((rc = brigades_only(ru, 0, r)) != RULE_OK || u == NULL)
		return rc;
	fill_move(ts, ru->army, u, 1, in, r);
	if (in_fatigued_division(ts, ru->army, u, r))
		inputs_default_flag(in, "division-fatigued");
	return RULE_OK;
}

static int
rally_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = brigades_only(ru, 0, r);

	if (rc == RULE_OK && u != NULL)
		fill_move(ts, ru->army, u, 0, in, r);
	return rc;
}

static int
morale_fill(const struct tableset *ts, const struct ruling_units *ru,
    struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");
	int rc = brigades_only(ru, 1, r);

	if (rc == RULE_OK && u != NULL)
		fill_morale(ts, u, in);
	return rc;
}

/* ---- fatigue up the formation tree ---------------------------------- */

struct tally {
	long stands, losses;		/* division and corps counts */
	long army_stands, army_losses;	/* the army's (guard double, no irregulars) */
};

/* "Do not count artillery batteries"; "all guard and grenadier (except
 * British) infantry stands when lost count as double when figured against
 * army fatigue"; "Cossacks, Guerilla's, and Militia cavalry do not count
 * against army fatigue."  Brigade u's count, for every formation above it:
 * l.48, "each division, Corp and Army must figure its fatigue level for the
 * battle ... based upon the total amount of stands that are assigned to
 * that division", so in a campaign's later battle the stands it brought
 * and what it loses in this one. */
static void
brigade_count(const struct tableset *ts, const struct unit *u, struct tally *c)
{
	struct result scratch;
	const char *bel;
	long lost = unit_lost_here(u);
	int weight;

	memset(c, 0, sizeof *c);
	result_init(&scratch);
	bel = unit_bel(ts, u, &scratch);
	weight = bel != NULL && strcmp(bel, "guard") == 0 && !is_cavalry(u->type) &&
	    !in_is(u->ratings, "nation", "britain") ? 2 : 1;
	c->stands = unit_start(u);
	c->losses = lost;
	if (in_flag(u->ratings, "irregular"))
		return;
	c->army_stands = unit_start(u);
	c->army_losses = lost * weight;
}

/* Every formation's tally, by its index in the army, in one pass: each
 * brigade counted once, into every formation above it.  NULL, with
 * r->no_memory set, when there is no room. */
static struct tally *
tally_all(const struct tableset *ts, const struct army *a, struct result *r)
{
	struct tally *t = calloc(a->n > 0 ? (size_t)a->n : 1, sizeof *t), c;

	if (t == NULL) {
		r->no_memory = 1;
		return NULL;
	}
	for (int i = 0; i < a->n; i++) {
		const struct unit *u = &a->u[i];

		if (u->formation || is_battery(u->type) || is_leader(u))
			continue;
		brigade_count(ts, u, &c);
		/* (the tree is acyclic; the bound guards a damaged file) */
		for (int up = u->up, steps = 0; up >= 0 && steps < a->n;
		    up = a->u[up].up, steps++) {
			t[up].stands += c.stands;
			t[up].losses += c.losses;
			t[up].army_stands += c.army_stands;
			t[up].army_losses += c.army_losses;
		}
	}
	return t;
}

struct fatigue {
	long level, losses;
	int fatigued;		/* by its own losses */
	int from_above;		/* with a fatigued corps or army above it */
	const char *above;	/* ... that one's name */
};

/* Formation f's fatigue by its own losses, from its tally t. */
static void
own_fatigue(const struct tableset *ts, const struct unit *f, const struct tally *t,
    struct fatigue *out, struct result *r)
{
	const char *q = in_text(f->ratings, "quality");
	long pct = fury_quality_percent(ts, q != NULL ? q : "average", r);
	int army = strcmp(f->type, "army") == 0;

	if (pct < 0)
		result_fail(r, RULE_DATA, "the fatigue table has no quality '%s'", q);
	out->level = fury_fatigue_level(army ? t->army_stands : t->stands, pct);
	out->losses = army ? t->army_losses : t->losses;
	out->fatigued = out->level > 0 && out->losses >= out->level;
	out->from_above = 0;
	out->above = NULL;
}

/* The fatigue of formation i of the army (ALL: every formation's tally);
 * "when a Corp suffers fatigue, all of its divisions suffer fatigue" (and
 * a fatigued army is broken). */
static void
formation_fatigue(const struct tableset *ts, const struct army *a,
    const struct tally *all, int i, struct fatigue *out, struct result *r)
{
	own_fatigue(ts, &a->u[i], &all[i], out, r);
	for (int up = a->u[i].up, steps = 0; up >= 0 && steps < a->n && !out->from_above;
	    up = a->u[up].up, steps++) {
		struct fatigue above;

		own_fatigue(ts, &a->u[up], &all[up], &above, r);
		out->from_above = above.fatigued;
		out->above = a->u[up].name;
	}
}

/* The fatigue of formation i of the army alone (formation_fatigue, its
 * tallies made for it): 0, or -1 out of memory (r->no_memory). */
static int
one_fatigue(const struct tableset *ts, const struct army *a, int i,
    struct fatigue *ft, struct result *r)
{
	struct tally *all = tally_all(ts, a, r);

	if (all == NULL)
		return -1;
	formation_fatigue(ts, a, all, i, ft, r);
	free(all);
	return 0;
}

/* True when brigade u's division is fatigued, by its own losses or with
 * its corps or army (l.50, l.52, l.54). */
static int
in_fatigued_division(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct result *r)
{
	struct fatigue ft;

	return u->up >= 0 && one_fatigue(ts, a, u->up, &ft, r) == 0 &&
	    (ft.fatigued || ft.from_above);
}

/* A formation's fatigue as a record of a result (a ruling's, or the
 * standing's); the stands behind it only with COUNTS: a side at fog
 * hidden knows its own counts only as band words. */
static void
fatigue_fields(const struct unit *f, const struct fatigue *ft, int counts,
    struct result *r)
{
	result_open(r, NULL);
	result_word(r, "name", f->name);
	result_word(r, "type", f->type);
	if (counts) {
		result_int(r, "level", ft->level);
		result_int(r, "losses", ft->losses);
	}
	result_bool(r, "fatigued", ft->fatigued || ft->from_above);
	result_close(r);
}

/* A formation's fatigue as a line of working. */
static void
fatigue_work(const struct unit *f, const struct fatigue *ft, struct result *r)
{
	result_work(r, "%s (%s): level %ld, %ld lost%s%s", f->name, f->type, ft->level,
	    ft->losses, ft->fatigued ? ": FATIGUED" : ft->from_above ? ": fatigued with " : "",
	    !ft->fatigued && ft->from_above ? ft->above : "");
}

/* fatigue in a game: the formation named, or every one. */
static void
apply_fatigue(const struct tableset *ts, const struct ruling_units *ru,
    struct result *r)
{
	const struct unit *named = ruling_unit(ru, "unit");
	const struct army *a = ru->army;
	struct tally *all = tally_all(ts, a, r);
	struct fatigue ft;
	int at = -1;

	if (all == NULL)
		return;
	result_list(r, "formations");
	for (int i = 0; i < a->n; i++) {
		const struct unit *f = &a->u[i];

		if (!f->formation || (named != NULL && f->id != named->id))
			continue;
		formation_fatigue(ts, a, all, i, &ft, r);
		fatigue_fields(f, &ft, 1, r);
		fatigue_work(f, &ft, r);
		at = i;
	}
	result_list_end(r);
	free(all);
	if (named == NULL || at < 0) {
		result_summary(r, "the fatigue of every formation");
		return;
	}
	result_int(r, "level", ft.level);
	result_int(r, "losses", ft.losses);
	result_bool(r, "fatigued", ft.fatigued || ft.from_above);
	result_summary(r, "%s: %s (%ld of %ld)", named->name, ft.fatigued ?
	    "fatigued" : "not fatigued", ft.losses, ft.level);
}

/* The leader attached to a unit hit at a natural 12 (l.230: "the attached
 * officer is considered wounded/killed and is immediately removed"): the
 * one the game knows attached this turn is named and removed. */
static void
fury_consequence(struct keeper *k, int ui, struct unit_effect *e)
{
	const struct unit_act *led = unit_act(k->ru->unit[ui], "led");
	struct unit *leader = led != NULL ? (struct unit *)army_find(k->ru->army, led->ref) : NULL;
	int li;

	if (e->kind != KEEP_PART || strcmp(e->name, "leader-hit") != 0)
		return;
	if (leader == NULL) {
		snprintf(e->note, sizeof e->note,
		    "the leader attached to %s is wounded or killed", k->ru->unit[ui]->name);
		return;
	}
	snprintf(e->note, sizeof e->note, "%s, attached to %s, is wounded or killed",
	    leader->name, k->ru->unit[ui]->name);
	if ((li = ruling_enlist(k->ru, leader, "leader", k->fx)) >= 0)
		keep_state(k, li, "destroyed", 1);
}

/* Disorders brigade u of a fatigued army. */
static void
disorder_brigade(struct keeper *k, struct unit *u)
{
	struct unit_effect *e;
	int ui;

	if (u->formation || is_battery(u->type) || is_leader(u) ||
	    unit_flag(u, "disordered") || strcmp(u->state, "routed") == 0 ||
	    unit_lost(u) >= u->start_strength)
		return;
	if ((ui = ruling_enlist(k->ru, u, "brigade", k->fx)) < 0 ||
	    (e = keep_flag(k, ui, "disordered", 1, 0)) == NULL)
		return;
	snprintf(e->note, sizeof e->note, "%s is now disordered: its army is fatigued",
	    u->name);
}

/* l.54: "When an Army suffers Fatigue, It is considered broken and all
 * remaining brigades are immediately disordered."  Checked after every
 * ruling, with its losses kept. */
static void
fury_settle(struct keeper *k)
{
	struct army *a = k->ru->army;
	struct tally *all = NULL;

	for (int i = 0; i < a->n && !k->fx->no_memory; i++) {
		struct unit *f = &a->u[i];
		struct unit_effect *e;
		struct fatigue ft;
		int ui;

		if (!f->formation || strcmp(f->type, "army") != 0 || unit_flag(f, "broken"))
			continue;
		if (all == NULL && (all = tally_all(k->ts, a, k->r)) == NULL)
			return;
		own_fatigue(k->ts, f, &all[i], &ft, k->r);
		if (!ft.fatigued)
			continue;
		if ((ui = ruling_enlist(k->ru, f, "army", k->fx)) < 0 ||
		    (e = keep_flag(k, ui, "broken", 1, 0)) == NULL)
			break;
		snprintf(e->note, sizeof e->note,
		    "%s is fatigued (%ld of %ld): the army is broken", f->name, ft.losses,
		    ft.level);
		result_work(k->r, "%s reaches army fatigue: broken, all its brigades disordered",
		    f->name);
		for (int j = 0; j < a->n; j++)
			if (army_under(a, &a->u[j], f->id))
				disorder_brigade(k, &a->u[j]);
	}
	free(all);
}

/* morale in a game: the brigade's order "and its division/corps/army
 * fatigue". */
static void
morale_standing(const struct tableset *ts, const struct ruling_units *ru,
    const struct unit *u, struct result *r)
{
	const struct army *a = ru->army;
	struct tally *all;
	char said[RESULT_LINE];

	int disordered = unit_flag(u, "disordered"), state = u->state[0] != '\0';

	result_word(r, "order", disordered ? "disordered" : "good_order");
	result_word(r, "state", state ? u->state : "good_order");
	/* the brigade's order first, and a routed brigade or a wrecked
	 * battery says so */
	text_copy(said, sizeof said, r->summary);
	result_summary(r, "%s is %s%s%s; %s", u->name, state ? u->state : "",
	    state && disordered ? " and " : "",
	    disordered ? "disordered" : state ? "" : "in good order", said);
	if ((all = tally_all(ts, a, r)) == NULL)
		return;
	result_list(r, "formations");
	for (int up = u->up, steps = 0; up >= 0 && steps < a->n;
	    up = a->u[up].up, steps++) {
		struct fatigue ft;

		formation_fatigue(ts, a, all, up, &ft, r);
		fatigue_fields(&a->u[up], &ft, 1, r);
		fatigue_work(&a->u[up], &ft, r);
	}
	result_list_end(r);
	free(all);
}

/* "An artillery battery that is suppressed fires in its next eligible fire
 * phase with [half] fire points" (l.238): once it has, it is suppressed no
 * more.  Each firer of the ruling that fired suppressed. */
static void
suppression_spent(const struct ruling_units *ru, struct result *r)
{
	const struct result_field *cell = result_top(r, "cell");
	char role[EFFECT_ROLE];
	int nth = 0;

	if (cell == NULL || cell->type == FIELD_NULL)
		return;		/* out of range: nothing was fired */
	for (int i = 0; i < ru->n; i++) {
		if (strcmp(ru->role[i], "unit") != 0)
			continue;
		if (strcmp(ru->unit[i]->state, "suppressed") == 0) {
			snprintf(role, sizeof role, "unit:%d", nth);
			result_state(r, role, "", 0);
			result_work(r, "%s fired its suppressed fire phase at half points: no longer suppressed",
			    ru->unit[i]->name);
		}
		nth++;
	}
}

static int
fire_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	(void)ts;
	(void)in;
	if (r->legal)
		suppression_spent(ru, r);
	return RULE_OK;
}

static int
fatigue_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	(void)in;
	apply_fatigue(ts, ru, r);
	return RULE_OK;
}

static int
morale_judge(const struct tableset *ts, const struct ruling_units *ru,
    const struct inputs *in, struct result *r)
{
	(void)in;
	if (ruling_unit(ru, "unit") != NULL)
		morale_standing(ts, ru, ruling_unit(ru, "unit"), r);
	return RULE_OK;
}

/* What a ruling in a game fills and adds, command by command. */
static const struct cmd_hooks fury_hooks[] = {
	{ .command = "fire", .fill = fire_fill, .judge = fire_judge },
	{ .command = "melee", .fill = melee_fill },
	{ .command = "morale", .fill = morale_fill, .judge = morale_judge,
	  .answers_the_lost = 1 },
	{ .command = "rally", .fill = rally_fill },
	{ .command = "fatigue", .fill = fatigue_fill, .judge = fatigue_judge },
	{ .command = "move", .fill = move_fill },
	{ .command = NULL },
};

/* A nation's word as a name: "britain" is Britain. */
static const char *
capitalised(const char *word, char *buf, size_t n)
{
	text_copy(buf, n, word);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return buf;
}

/* A leader's command range from the published chart. */
static void
leader_view(const struct tableset *ts, const struct unit *u, struct unit_view *v,
    struct result *r)
{
	const struct table *t = rule_table(ts, FURY, "command-ranges", r);
	const struct table *a = rule_table(ts, FURY, "army-commanders", r);
	const char *nation = in_text(u->ratings, "nation"), *rank = in_text(u->ratings, "rank");
	const char *rating = in_text(u->ratings, "rating");
	char name[UNIT_WORD];
	double range;
	int row;

	if (t == NULL || a == NULL || rank == NULL)
		return;
	if ((row = table_row(t, "nation", nation)) < 0)
		row = table_row(t, "nation", "other");
	range = rule_cell(t, row, rank, r);
	if (in_flag(u->ratings, "exceptional") && strcmp(rank, "division") != 0)
		range += rule_value(ts, FURY, "rules", "exceptional-range", r);
	if (in_flag(u->ratings, "replacement"))
		range += rule_value(ts, FURY, "rules", "replacement-range", r);
	result_number(r, "command_range", range);
	if (nation != NULL)
		view_fact(v, r, "{} commander of {}: command range {}\"", 3, sheet_word(rank),
		    sheet_word(capitalised(nation, name, sizeof name)), sheet_number(range));
	else
		view_fact(v, r, "{} commander: command range {}\"", 2, sheet_word(rank),
		    sheet_number(range));
	if (strcmp(rank, "army") == 0 && rating != NULL) {
		int ar = table_row(a, "rating", rating);
		double reach = rule_cell(a, ar, "range", r);
		double mod = rule_cell(a, ar, "modifier", r);

		result_number(r, "maneuver_range", reach);
		result_number(r, "maneuver_modifier", mod);
		view_fact(v, r, "army commander ({}): maneuver effects {}\", {}", 3,
		    sheet_word(rating), sheet_number(reach), sheet_modifier(mod));
	}
}

/* What befalls a fatigued formation of f's type (l.50-54). */
static const char *
fatigue_effect(const struct unit *f)
{
	return strcmp(f->type, "army") == 0 ? "broken, all its brigades disordered" :
	    strcmp(f->type, "division") == 0 ?
	    "its brigades may not move within 3\" of the enemy" :
	    "all its divisions are fatigued";
}

/* A formation's fact under it: whether it is fatigued, and what that
 * does (as the standing says it); a failure to keep it into r. */
static void
formation_view(const struct tableset *ts, const struct army *a, const struct unit *u,
    struct unit_view *v, struct result *r, struct result *scratch)
{
	struct fatigue ft;
	int at = 0;

	/* (found by id: a view may be of a copy of the unit) */
	while (at < a->n && a->u[at].id != u->id)
		at++;
	if (at == a->n || one_fatigue(ts, a, at, &ft, scratch) != 0)
		return;
	if (ft.fatigued || ft.from_above)
		text_copy(v->state, sizeof v->state, "fatigued");
	if (ft.fatigued)
		view_fact(v, r, "fatigued: {}", 1, sheet_word(fatigue_effect(u)));
	else if (ft.from_above)
		view_fact(v, r, "fatigued with {}: {}", 2, sheet_word(ft.above),
		    sheet_word(fatigue_effect(u)));
	else
		view_fact(v, r, "not fatigued", 0);
}

static void
fury_view(const struct tableset *ts, const struct army *a, const struct unit *u,
    struct unit_view *v, struct result *r)
{
	const char *fresh = freshness(ts, u), *bel;
	struct result scratch;

	result_init(&scratch);
	if (u->formation) {
		formation_view(ts, a, u, v, r, &scratch);
		return;
	}
	bel = unit_bel(ts, u, &scratch);
	/* In a campaign's later battle it starts at what it brought. */
	view_int(v, 0, unit_start(u));
	view_int(v, 1, u->start_strength - unit_lost(u));
	view_int(v, 2, unit_lost_here(u));
	result_int(r, "start_strength", unit_start(u));
	result_int(r, "strength", u->start_strength - unit_lost(u));
	result_int(r, "losses", unit_lost_here(u));
	snprintf(v->state, sizeof v->state, "%s", u->state[0] ? u->state :
	    unit_flag(u, "disordered") ? "disordered" : "good_order");
	if (is_leader(u)) {
		leader_view(ts, u, v, r);
		return;
	}
	result_word(r, "freshness", fresh);
	result_word(r, "bel", bel);
	if (bel != NULL && fresh != NULL)
		view_fact(v, r, "{}, {}", 2, sheet_word(bel), sheet_word(fresh));
	else if (bel != NULL)
		view_fact(v, r, "{}", 1, sheet_word(bel));
}

/* Every formation's fatigue (a side's own only, to its commander); the
 * facts name the fatigued ones and what that does. */
static void
fury_standing(const struct tableset *ts, const struct inputs *options,
    const struct army *a, const struct standing_for *who,
    struct standing_view *s, struct result *r)
{
	struct tally *all = tally_all(ts, a, r);

	(void)options;
	if (all == NULL)
		return;
	result_open(r, "standing");
	result_list(r, "fatigue");
	for (int i = 0; i < a->n; i++) {
		const struct unit *f = &a->u[i];
		struct fatigue ft;

		if (!f->formation || !standing_knows(who, f->side))
			continue;
		formation_fatigue(ts, a, all, i, &ft, r);
		fatigue_fields(f, &ft, standing_counts(who), r);
		if (ft.fatigued)
			standing_fact(s, r, "{} is fatigued: {}", 2, sheet_word(f->name),
			    sheet_word(fatigue_effect(f)));
	}
	result_list_end(r);
	result_close(r);
	free(all);
	if (s->nfacts == 0)
		standing_fact(s, r, "no formation is fatigued", 0);
}

static const struct sheet_column fury_columns[] = {
	{ "start", "start_strength", 5, 1, SHEET_BOTH },
	{ "now", "strength", 5, 1, SHEET_BOTH },
	{ "lost", "losses", 6, 1, SHEET_BOTH },
	{ "state, flags", "state", 0, 2, SHEET_BOTH },
	{ NULL, NULL, 0, 0, SHEET_BOTH },
};

static const struct ledger_decl fury_ledgers[] = {
	{ .name = "loss", .word = "stands", .one = "stand", .tally = TALLY_SUM,
	  .of_start = 1, .sight = SIGHT_TABLE },
	{ .name = NULL },
};

/* A battery's results (fury-charts.md: D suppressed, R silenced, 1 and 1R
 * damaged, 2 wrecked), then a brigade's, least severe first. */
static const struct word_decl fury_states[] = {
	{ .word = "suppressed", .sight = SIGHT_TABLE },
	{ .word = "silenced", .sight = SIGHT_TABLE },
	{ .word = "damaged", .sight = SIGHT_TABLE },
	{ .word = "wrecked", .sight = SIGHT_TABLE },
	{ .word = "routed", .sight = SIGHT_TABLE },
	{ .word = "destroyed", .sight = SIGHT_TABLE },
	{ .word = NULL },
};

static const struct word_decl fury_flags[] = {
	{ .word = "disordered", .sight = SIGHT_TABLE },
	{ .word = "broken", .sight = SIGHT_TABLE },
	/* it rolled on the emergency formation change table this turn */
	{ .word = "tried-square", .sight = SIGHT_TABLE, .turn_clears = 1,
	  .said = "has tried to form square", .unsaid = "may try to form square again" },
	/* An obligation: a breakthrough required, until its next melee. */
	{ .word = "breakthrough", .sight = SIGHT_TABLE, .said = "must break through",
	  .unsaid = "has made its breakthrough melee", .must = "make its breakthrough melee",
	  .rule = "fury.txt l.256", .ends = "meleed" },
	{ .word = NULL },
};

/* What a brigade does in a turn (the journal keeps each act with its
 * ruling; the rules below read them). */
static const struct act_decl fury_acts[] = {
	{ "fired", "fired", "fire", "unit", NULL },
	{ "fired-on", "was fired on", "fire", "target", NULL },
	{ "meleed", "fought a melee", "melee", "attacker", NULL },
	{ "meleed", "fought a melee", "melee", "defender", NULL },
	{ "moved", "moved", "move", "unit", NULL },
	{ "changed-formation", "changed formation", "move", "unit", "formation" },
	{ "changed-formation", "changed formation", "move", "unit", "option:change-formation" },
	{ "attached", "attached to a brigade", "move", "unit", "option:attach" },
	{ "led", "had a leader attach to it", "move", "attach", NULL },
	{ "rallied", "rallied", "rally", "unit", NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static const struct act_rule fury_act_rules[] = {
	/* l.78: "A brigade may not change formation and move into melee
	 * during the same movement phase." */
	{ "changed-formation", "melee", "attacker", NULL, NULL, NULL, "attacker-mod",
	  "changed-formation", "fury.txt l.78", "move into melee" },
	/* l.218: "Only infantry, dismounted cavalry and unlimbered artillery
	 * are eligible to fire"; l.92: "Limbered formation allows movement
	 * ... but no combat." */
	{ "formation:limbered", "fire", "unit", NULL, NULL, NULL, "mod", "limbered",
	  "fury.txt l.218", "fire" },
	/* l.222: "A target unit may only be fired upon once per fire phase." */
	{ "fired-on", "fire", "target", NULL, NULL, NULL, "mod", "fired-on",
	  "fury.txt l.222", "be fired upon again this fire phase" },
	/* l.136: the leader attached for the turn; at a natural 12 he may be
	 * hit (l.230), and in melee he is the side's +1. */
	{ "led", "fire", "target", NULL, NULL, NULL, "mod", "leader-attached",
	  "fury.txt l.230", NULL },
	{ "led", "melee", "attacker", NULL, NULL, NULL, "attacker-mod", "leader-attached",
	  "fury.txt l.136", NULL },
	{ "led", "melee", "defender", NULL, NULL, NULL, "defender-mod", "leader-attached",
	  "fury.txt l.136", NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

static const struct word_decl fury_formations[] = {
	{ .word = "line", .sight = SIGHT_TABLE },
	{ .word = "column", .sight = SIGHT_TABLE },
	{ .word = "march-column", .sight = SIGHT_TABLE },
	{ .word = "square", .sight = SIGHT_TABLE },
	/* a battery's: limbered to move, unlimbered to fire */
	{ .word = "limbered", .sight = SIGHT_TABLE, .said = "is now limbered" },
	{ .word = "unlimbered", .sight = SIGHT_TABLE, .said = "is now unlimbered" },
	{ .word = NULL },
};

/* l.90: "Square. (infantry only)", by the formations table. */
static const char *
fury_formation_refused(const struct tableset *ts, const char *type,
    const char *word, struct result *r)
{
	return rule_formation_refused(ts, FURY, type, word, r);
}

const struct roster fury_roster = {
	.types = fury_types,
	.formation_types = "brigade|division|corps|wing|army|command",
	.inputs = rating_inputs,
	.keeps = {
		.ledgers = fury_ledgers,
		.measure_option = "stands",
		.measure_one = "stand",
		.counts_down = 1,
		.states = fury_states,
		.flags = fury_flags,
		.formations = fury_formations,
		.good_state = "good_order",
		.acts = fury_acts,
		.act_rules = fury_act_rules,
	},
	.rate = fury_rate,
	.hooks = fury_hooks,
	.consequence = fury_consequence,
	.settle = fury_settle,
	.view = fury_view,
	.standing = fury_standing,
	.reads_army = 1,
	.formation_inputs = formation_inputs,
	.formation_refused = fury_formation_refused,
	.columns = fury_columns,
};
