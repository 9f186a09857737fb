/*
 * brigade move: dice by type and formation, skirmishers' 1.5 dice,
 * charges, roads, terrain, obstacles, turns, fleeing and pursuing at full
 * speed, push-back and follow-up speeds, follow up and fire, manhandling,
 * retiring, and the delay of a changed general order.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "brigade.h"
#include "num.h"
#include "text.h"

#define TYPES "infantry|cavalry|foot-artillery|horse-artillery|skirmishers"

const struct input_decl brigade_move_inputs[] = {
	{ "type", IN_CHOICE, TYPES, 0, 0, TYPES, NULL, NULL,
	  "the brigade's type", 0 },
	{ "formation", IN_CHOICE, "line|march-column|attack-column|square|limbered|unlimbered", 0, 0,
	  "line|march-column|attack-column|square|limbered|unlimbered", "line", NULL,
	  "tactical formation (a battery: limbered or unlimbered given is a complete move to limber up or unlimber)", 0 },
	{ "charge", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "a charge move (cavalry, infantry in column; horse artillery 'charge')", 0 },
	{ "target-type", IN_CHOICE, "infantry|cavalry|artillery", 0, 0,
	  "infantry|cavalry|artillery", "infantry", NULL,
	  "what a charge is made against (cavalry charging cavalry: 2.5 dice)", 0 },
	{ "road", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "on a road (+50% in march column)", 0 },
	{ "terrain", IN_CHOICE, "open|difficult|very-difficult", 0, 0,
	  "open|difficult|very-difficult", "open", NULL,
	  "terrain crossed (difficult 1/2, very difficult 1/4)", 0 },
	{ "obstacle", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "crossing a hedge, fence, wall or trench: 1/2 and disordered", 0 },
	{ "turn", IN_COUNT, "DEGREES", 0, 360, NULL, "0", NULL,
	  "degrees of turn, in multiples of 90 (each 90 costs 25%)", 0 },
	{ "fleeing", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "fleeing or routing: full speed for type, no dice", 0 },
	{ "pursuit", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "pursuing: full speed for type, no dice, disordered", 0 },
	{ "pushback", IN_COUNT, "1|2|3", 1, 3, NULL, NULL, NULL,
	  "the loser's push back: its number in the run", 0 },
	{ "follow-up", IN_COUNT, "1|2|3", 1, 3, NULL, NULL, NULL,
	  "the winner's follow up: its number", 0 },
	{ "and-fire", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "with --follow-up: follow up and fire (infantry only)", 0 },
	{ "manhandle", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "manhandling a gun (1\", 0.5\" with --heavy)", 0 },
	{ "heavy", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "with --manhandle: a 12pdr or heavier", 0 },
	{ "retire", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "ordered to retire (infantry two moves, cavalry four; disordered)", 0 },
	{ "order-change", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "a changed general order: a d6 gives the moves of delay", 0 },
	{ "rallying", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the brigade spends this move rallying: it does not move", 0 },
	{ "half-speed", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the moves after a rally: half speed, as many as it rallied", 0 },
	{ "halted", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "a battalion of the brigade is at HALT: the brigade may not advance (the game knows it)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the moving unit of the game (its type; disorder is recorded)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct move {
	const char *type;
	double inches;
	int disordered;
	long disordered_moves;	/* the moves it stays so (0: until a move
				 * that does not disorder it) */
};

/* The value of the coloured die halved: 1->0, 2->1, 3->1, 4->2, 5->2, 6->3. */
static int
halved(const struct tableset *ts, int face, struct result *r, double *out)
{
	const struct table *t = rule_table(ts, BRIGADE, "skirmisher-half", r);
	char key[16];
	int row;

	if (t == NULL)
		return RULE_DATA;
	snprintf(key, sizeof key, "%d", face);
	row = table_row(t, "face", key);
	if (row < 0 || table_number(t, row, "value", out) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row %d", t->title, face);
	return RULE_OK;
}

/*
 * "N dice speed": whole dice in full; a half die after a whole one is a
 * coloured die halved (skirmisher rule); a fraction alone is one die times
 * the fraction, unrounded.  When FULL, every die shows its maximum.
 */
static int
dice_speed(const struct tableset *ts, struct dice *d, struct result *r,
    double count, int full, double *inches)
{
	long whole = (long)floor(count);
	double frac = count - (double)whole, part;
	int face, rc;

	*inches = 0;
	for (long i = 0; i < whole; i++) {
		face = full ? 6 : dice_take(d, DIE_D6, whole > 1 || frac > 0 ?
		    "white movement d6" : "movement d6");
		if (face < 0)
			return RULE_DATA;
		*inches += face;
	}
	if (frac <= 0)
		return RULE_OK;
	face = full ? 6 : dice_take(d, DIE_D6, whole >= 1 && frac == 0.5 ?
	    "coloured movement d6 (halved)" : "movement d6");
	if (face < 0)
		return RULE_DATA;
	if (whole >= 1 && frac == 0.5) {
		if ((rc = halved(ts, face, r, &part)) != RULE_OK)
			return rc;
		if (!full)
			dice_note(d, dice_last(d), "halved: %g", part);
	} else {
		part = face * frac;
	}
	*inches += part;
	return RULE_OK;
}

/* The dice and bonus of TYPE in FORMATION from the movement table. */
static int
movement_row(const struct tableset *ts, const char *type, const char *formation,
    struct result *r, double *dice, double *plus)
{
	const struct table *t = rule_table(ts, BRIGADE, "movement", r);
	int row;

	if (t == NULL)
		return RULE_DATA;
	row = table_row2(t, "type", type, "formation", formation);
	if (row < 0)
		row = table_row2(t, "type", type, "formation", "any");
	if (row < 0 || table_number(t, row, "dice", dice) != 0 ||
	    table_number(t, row, "plus", plus) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s in %s",
		    t->title, type, formation);
	result_work(r, "%s [%s]: %s in %s: %s", t->title, t->provenance, type,
	    formation, table_text(t, row, "help"));
	return RULE_OK;
}

/* A factor of the movement factors table; a missing one fails r. */
static double
factor(const struct tableset *ts, const char *name, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "move-factors", r);

	return t != NULL ? rule_cell(t, table_row(t, "name", name), "factor", r) : 0;
}

static int
normal_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r, struct move *m, int full)
{
	double dice, plus;
	int rc;

	if ((rc = movement_row(ts, m->type, in_text(in, "formation"), r, &dice,
	    &plus)) != RULE_OK)
		return rc;
	if ((rc = dice_speed(ts, d, r, dice, full, &m->inches)) != RULE_OK)
		return rc;
	m->inches += plus;
	if (plus != 0)
		result_mod(r, "formation", plus);
	result_work(r, "%s: %g dice%s = %g\"", full ? "full speed for type" :
	    "dice speed", dice, plus != 0 ? " + bonus" : "", m->inches);
	return RULE_OK;
}

/* "Charging cavalry still roll two dice ... charging infantry (in column
 * only) still roll one dice"; 2.5 dice against cavalry. */
static int
charge_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r, struct move *m)
{
	const struct table *t = rule_table(ts, BRIGADE, "charge", r);
	double dice, plus, f;
	int row, rc;

	if (t == NULL)
		return RULE_DATA;
	if (roster_is(&brigade_roster, m->type, "infantry", "") &&
	    !in_is(in, "formation", "attack-column")) {
		result_forbid(r, "infantry charge in column only (--formation attack-column)");
		return RULE_OK;
	}
	row = table_row2(t, "type", m->type, "against", in_text(in, "target-type"));
	if (row < 0)
		row = table_row2(t, "type", m->type, "against", "any");
	if (row < 0) {
		result_forbid(r, "the rules give %s no charge move", m->type);
		return RULE_OK;
	}
	dice = rule_cell(t, row, "dice", r);
	plus = rule_cell(t, row, "plus", r);
	f = rule_cell(t, row, "factor", r);
	if ((rc = dice_speed(ts, d, r, dice, 0, &m->inches)) != RULE_OK)
		return rc;
	m->inches = (m->inches + plus) * f;
	if (plus != 0)
		result_mod(r, "charge", plus);
	if (f != 1)
		result_factor(r, "charge", f);
	result_work(r, "%s [%s]: %s", t->title, t->provenance, table_text(t, row, "help"));
	result_work(r, "a charge must end in contact and be followed by two moves at normal speed; a charge that falls short leaves the chargers disorganised for this move and the next");
	return RULE_OK;
}

/* Push back and follow up: "N dice speed" from the table for the type. */
static int
table_speed(const struct tableset *ts, const char *name, long n,
    struct dice *d, struct result *r, struct move *m)
{
	const struct table *t = rule_table(ts, BRIGADE, name, r);
	char key[16];
	double dice;
	int row;

	if (t == NULL)
		return RULE_DATA;
	text_long(key, sizeof key, n);
	row = table_row(t, "n", key);
	if (row < 0 || table_number(t, row, m->type, &dice) != 0)
		return result_fail(r, RULE_DATA, "the %s has no %s speed for %ld",
		    t->title, m->type, n);
	result_work(r, "%s [%s]: %s %ld: %g dice speed", t->title,
	    t->provenance, m->type, n, dice);
	return dice_speed(ts, d, r, dice, 0, &m->inches);
}

/* "For each of the three possible follow up moves a dice is rolled." */
static int
follow_up_and_fire(const struct tableset *ts, long n, struct dice *d,
    struct result *r, struct move *m)
{
	const struct table *t = rule_table(ts, BRIGADE, "follow-up-fire", r);
	char key[16];
	int face;

	if (t == NULL)
		return RULE_DATA;
	if (!roster_is(&brigade_roster, m->type, "infantry", "")) {
		result_forbid(r, "follow up and fire is for winning infantry only");
		return RULE_OK;
	}
	if ((face = dice_take(d, DIE_D6, "follow up and fire d6")) < 0)
		return RULE_DATA;
	text_long(key, sizeof key, n);
	for (int row = 0; row < t->nrows; row++) {
		double min, max;

		if (strcmp(table_text(t, row, "n"), key) != 0 ||
		    table_number(t, row, "min", &min) != 0 ||
		    table_number(t, row, "max", &max) != 0 ||
		    face < min || face > max)
			continue;
		m->inches = rule_cell(t, row, "inches", r);
		result_work(r, "%s [%s]: follow up %ld, d6 %d -> %g\" and fire",
		    t->title, t->provenance, n, face, m->inches);
		return RULE_OK;
	}
	return result_fail(r, RULE_DATA, "the %s has no row for follow up %ld, die %d",
	    t->title, n, face);
}

static int
manhandle(const struct inputs *in, const struct tableset *ts,
    struct result *r, struct move *m)
{
	int heavy = in_flag(in, "heavy");

	if (!roster_is(&brigade_roster, m->type, "artillery", NULL)) {
		result_forbid(r, "only guns are manhandled");
		return RULE_OK;
	}
	/* Horse artillery pieces are field guns: 1" a turn. */
	if (heavy && roster_is(&brigade_roster, m->type, "artillery", "horse"))
		heavy = 0;
	m->inches = factor(ts, heavy ? "manhandle-heavy" : "manhandle", r);
	result_work(r, "manhandled %s: %g\" a turn, and may not fire", heavy ?
	    "12pdr or heavier" : "gun", m->inches);
	return RULE_OK;
}

/* "This takes two game moves for infantry brigades, four moves for cavalry
 * brigades ... The brigade is disordered during this sequence." */
static int
retire(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r, struct move *m)
{
	int cavalry = roster_is(&brigade_roster, m->type, "cavalry", NULL);
	double f = cavalry ? 1 - factor(ts, "turn-90", r) : factor(ts, "retire", r);
	int rc;

	if ((rc = normal_move(ts, in, d, r, m, 0)) != RULE_OK)
		return rc;
	m->inches *= f;
	m->disordered = 1;
	m->disordered_moves = 2;	/* this move's turn and the next */
	result_factor(r, "retire", f);
	result_int(r, "retire_moves", cavalry ? 4 : 2);
	result_work(r, cavalry ?
	    "cavalry retire: a 90 degree turn this move and the next, normal moves, then two more 90 degree turns; disordered while turning" :
	    "infantry retire: turn 180 degrees and move at half speed, then another 180 degree turn next move; disordered");
	return RULE_OK;
}

/* Road, terrain, obstacle and turn factors, which multiply. */
static int
apply_factors(const struct tableset *ts, const struct inputs *in,
    struct result *r, struct move *m)
{
	int march = in_is(in, "formation", "march-column");
	long turn = in_count(in, "turn");
	double f;

	if (turn % 90 != 0)
		return result_fail(r, RULE_DATA, "--turn: %ld is not a multiple of 90 degrees", turn);
	if (in_flag(in, "road") && march) {
		f = factor(ts, "road", r);
		m->inches *= f;
		result_factor(r, "road", f);
	} else if (in_flag(in, "road")) {
		result_work(r, "road: the +50%% needs march column; no bonus");
	}
	if (!in_is(in, "terrain", "open")) {
		if (march) {
			result_forbid(r, "marching columns cannot move through difficult terrain and must halt at it");
			return RULE_OK;
		}
		f = factor(ts, in_text(in, "terrain"), r);
		m->inches *= f;
		result_factor(r, in_text(in, "terrain"), f);
	}
	if (in_flag(in, "obstacle")) {
		if (roster_is(&brigade_roster, m->type, "artillery", NULL)) {
			result_forbid(r, "artillery cannot cross linear obstacles");
			return RULE_OK;
		}
		f = factor(ts, "obstacle", r);
		m->inches *= f;
		m->disordered = 1;
		result_factor(r, "obstacle", f);
	}
	if (turn > 0) {
		f = 1 - factor(ts, "turn-90", r) * (double)(turn / 90);
		if (f < 0)
			f = 0;
		m->inches *= f;
		result_factor(r, "turn", f);
	}
	if (in_flag(in, "half-speed")) {
		f = factor(ts, "half-speed", r);
		m->inches *= f;
		result_factor(r, "half-speed", f);
	}
	return RULE_OK;
}

static int
count_modes(const struct inputs *in)
{
	static const char *const modes[] = {
		"charge", "fleeing", "pursuit", "pushback", "follow-up",
		"manhandle", "retire", "order-change", NULL
	};
	int n = 0;

	for (int i = 0; modes[i] != NULL; i++)
		n += in_given(in, modes[i]);
	return n;
}

/* "Such orders can only be altered by the C-in-C, the alteration being
 * implemented after a delay of a number of moves indicated by the roll of
 * one ordinary dice." */
static int
order_change(struct dice *d, struct result *r)
{
	int face = dice_take(d, DIE_D6, "order delay d6");

	if (face < 0)
		return RULE_DATA;
	result_number(r, "inches", 0);
	result_bool(r, "disordered", 0);
	result_int(r, "delay_moves", face);
	result_summary(r, "the changed general order takes effect after %d move%s",
	    face, face == 1 ? "" : "s");
	return RULE_OK;
}

static int
move_distance(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r, struct move *m)
{
	if (in_flag(in, "charge"))
		return charge_move(ts, in, d, r, m);
	if (in_flag(in, "fleeing") || in_flag(in, "pursuit")) {
		m->disordered = in_flag(in, "pursuit");
		result_work(r, in_flag(in, "pursuit") ?
		    "pursuing troops move at full speed and are disordered" :
		    "fleeing troops move at full speed for type until they reach the table edge");
		return normal_move(ts, in, d, r, m, 1);
	}
	if (in_given(in, "pushback"))
		return table_speed(ts, "pushback", in_count(in, "pushback"), d, r, m);
	if (in_given(in, "follow-up") && in_flag(in, "and-fire"))
		return follow_up_and_fire(ts, in_count(in, "follow-up"), d, r, m);
	if (in_given(in, "follow-up"))
		return table_speed(ts, "follow-up", in_count(in, "follow-up"), d, r, m);
	if (in_flag(in, "manhandle"))
		return manhandle(in, ts, r, m);
	if (in_flag(in, "retire"))
		return retire(ts, in, d, r, m);
	return normal_move(ts, in, d, r, m, 0);
}

/* The formation the brigade moves in: the one given, else a battery's
 * limbered (it moves so: the input's own default is line). */
static const char *
move_formation(const struct inputs *in, const char *type)
{
	if (!in_given(in, "formation") && roster_is(&brigade_roster, type, "artillery", NULL))
		return "limbered";
	return in_text(in, "formation");
}

/* A battery's ordinary move with --formation limbered or unlimbered
 * typed: it limbers up or unlimbers, and that is its move. */
static int
limbers_or_unlimbers(const struct inputs *in, const char *type)
{
	return count_modes(in) == 0 && in_typed(in, "formation") &&
	    roster_is(&brigade_roster, type, "artillery", NULL) &&
	    (in_is(in, "formation", "limbered") || in_is(in, "formation", "unlimbered"));
}

/* l.90, l.94: artillery "takes a complete move to unlimber or limber up,
 * during which time it may not move or fire". */
static void
limber_move(const struct inputs *in, struct dice *d, struct result *r)
{
	result_work(r, "a battery takes a complete move to %s, during which time it may not move or fire (brigade.txt l.90, l.94)",
	    in_is(in, "formation", "limbered") ? "limber up" : "unlimber");
	dice_end_early(d);
}

/* The formation the brigade stands in after the move: a horse battery
 * that 'charges' unlimbers at its end (l.94: "moving at half speed and
 * then unlimbering in the same move, being ready to fire next turn"). */
static const char *
formation_after(const struct inputs *in, const char *type, const char *formation)
{
	return in_flag(in, "charge") && roster_is(&brigade_roster, type, "artillery", NULL) ?
	    "unlimbered" : formation;
}

/* A move forward: an ordinary move, a charge, a follow up or a pursuit. */
static int
advances(const struct inputs *in)
{
	return count_modes(in) == 0 || in_flag(in, "charge") || in_given(in, "follow-up") ||
	    in_flag(in, "pursuit");
}

int
brigade_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	struct move m = { in_text(in, "type"), 0, 0, 0 };
	const char *why, *formation;
	char inches[32];
	int rc;

	if (count_modes(in) > 1)
		return result_fail(r, RULE_USAGE,
		    "give only one of --charge, --fleeing, --pursuit, --pushback, --follow-up, --manhandle, --retire and --order-change");
	if (in_flag(in, "order-change"))
		return order_change(d, r);
	if (m.type == NULL)
		return result_fail(r, RULE_USAGE, "give --type %s",
		    "infantry|cavalry|foot-artillery|horse-artillery|skirmishers");
	if (in_flag(in, "and-fire") && !in_given(in, "follow-up"))
		return result_fail(r, RULE_USAGE, "--and-fire goes with --follow-up N");
	/* "Only infantry forms square" (l.276-280: "Infantry in square may
	 * move at half dice speed"). */
	formation = move_formation(in, m.type);
	if ((why = rule_formation_refused(ts, BRIGADE, m.type, formation, r)) != NULL) {
		result_forbid(r, "%s", why);
		dice_end_early(d);
	} else if (limbers_or_unlimbers(in, m.type)) {
		limber_move(in, d, r);
	} else if (count_modes(in) == 0 && strcmp(formation, "unlimbered") == 0) {
		result_forbid(r, "an unlimbered battery takes a complete move to limber up before it moves (--formation limbered), or is manhandled (brigade.txt l.90)");
		dice_end_early(d);
	/* "Infantry in square who win a melee cannot follow up as per normal
	 * 'winning brigade' rules, but may hold their position." */
	} else if (in_given(in, "follow-up") && in_is(in, "formation", "square")) {
		result_forbid(r, "infantry in square who win a melee cannot follow up; they may hold their position");
		dice_end_early(d);
	} else if (in_flag(in, "rallying") && (count_modes(in) == 0 || in_flag(in, "charge"))) {
		/* "... and then spending that move rallying" (l.352) */
		result_forbid(r, "the brigade spends this move rallying");
		dice_end_early(d);
	} else if (in_flag(in, "halted") && advances(in)) {
		/* l.13: "if one unit in a brigade is unable to advance due to
		 * morale or terrain - then the entire brigade is immobilised"
		 * (a forced move, a retirement or flight is still made) */
		result_forbid(r, "one of its battalions is at HALT: the entire brigade is immobilised and may not advance (brigade.txt l.13)");
		dice_end_early(d);
	} else if ((rc = move_distance(ts, in, d, r, &m)) != RULE_OK) {
		return rc;
	}
	if (r->legal && !in_flag(in, "manhandle") &&
	    (rc = apply_factors(ts, in, r, &m)) != RULE_OK)
		return rc;
	if (!r->legal) {
		result_number(r, "inches", 0);
		result_bool(r, "disordered", 0);
		result_summary(r, "may not move: %s", r->reason);
		dice_end_early(d);
		return RULE_OK;
	}
	result_number(r, "inches", m.inches);
	result_bool(r, "disordered", m.disordered);
	/* "Infantry crossing the walls are disordered whilst any part of their
	 * brigade/unit is in contact with that obstacle": a move that does not
	 * disorder it again leaves the brigade in order. */
	if (m.disordered && m.disordered_moves > 0)
		result_flag_for(r, "unit", "disordered", m.disordered_moves);
	else
		result_flag(r, "unit", "disordered", m.disordered);
	/* An ordinary move or a charge is made in the formation given: the
	 * brigade stands in it afterwards (a march column stays one). */
	if ((count_modes(in) == 0 || in_flag(in, "charge")) &&
	    (in_given(in, "formation") || strcmp(formation, "limbered") == 0))
		result_formation(r, "unit", formation_after(in, m.type, formation));
	/* "A charge move ... must be followed by two moves at normal speed"
	 * (l.249): this move and the two after it. */
	if (in_flag(in, "charge"))
		result_flag_for(r, "unit", "charging", 3);
	if (limbers_or_unlimbers(in, m.type))
		result_summary(r, "%s: a complete move", in_is(in, "formation", "limbered") ?
		    "limbers up" : "unlimbers");
	else
		result_summary(r, "moves %s\"%s", num_format(m.inches, inches, sizeof inches),
		    m.disordered ? ", disordered" : "");
	return RULE_OK;
}
