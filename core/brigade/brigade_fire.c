/*
 * brigade fire: infantry (carry back), moving and firing, artillery
 * (misfires, per-gun bonuses, direct read), small arms at a battery,
 * counter-battery defence, and rockets.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "brigade.h"
#include "odds.h"
#include "num.h"
#include "text.h"

const struct input_decl brigade_fire_inputs[] = {
	{ "firers", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "infantry: figures in the front two ranks firing", 0 },
	{ "weapon", IN_CHOICE, "musket|rifle", 0, 0, "musket|rifle", "musket",
	  NULL, "infantry weapon", 0 },
	{ "moving", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "infantry moving and firing: a d6 before the average die", 0 },
	{ "guns", IN_COUNT, "N", 1, 100000, NULL, NULL, NULL,
	  "artillery: pieces in the battery firing", 0 },
	{ "gun", IN_CHOICE, "field|howitzer", 0, 0, "field|howitzer", "field",
	  NULL, "artillery piece", 0 },
	{ "ammo", IN_CHOICE, "roundshot|shrapnel|canister|shell", 0, 0,
	  "roundshot|shrapnel|canister|shell", NULL, NULL,
	  "ammunition (roundshot for field guns, shell for howitzers)", 0 },
	{ "heavy", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "12pdr or heavier: +1 per gun", 0 },
	{ "crew", IN_COUNTS, "N[,N...]", 0, 100000, NULL, NULL, NULL,
	  "crew serving each gun (one number for all, or one per gun); 3 when not given", 0 },
	{ "rocket", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "fire a rocket", 0 },
	{ "points", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "rocket: effective points where it lands (3 when not given)", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL,
	  "measured distance to the target (inches, or 11.5cm)", 0 },
	{ "target-type", IN_CHOICE, "infantry|cavalry|battery", 0, 0,
	  "infantry|cavalry|battery", "infantry", NULL,
	  "the target: small arms at a battery hit its gunners; artillery at a battery is counter-battery fire", 0 },
	{ "defence", IN_COUNTS, "V[,V...]", 0, 100000, NULL, NULL, NULL,
	  "counter-battery: the target gun's defence value before this fire (one per gun of a battery)", 0 },
	{ "target-crew", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "small arms at a battery: the crew left at its guns (at most so many gunners fall)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fire-modifiers",
	  "situational modifiers (repeat, or a comma list)", IN_REPEAT },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the target, a unit of the game: its losses are recorded", IN_ENEMY },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the firing unit of the game: its figures (front two ranks) or guns and crews", IN_OWN },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The result fields every brigade fire carries; -1 writes null. */
static void
fire_fields(struct result *r, long casualties, const char *range, long row,
    long carried, long guns_fired, long misfires)
{
	result_int(r, "casualties", casualties);
	result_word(r, "range", range);
	if (row < 0)
		result_null(r, "row");
	else
		result_int(r, "row", row);
	if (carried < 0)
		result_null(r, "carried_row");
	else
		result_int(r, "carried_row", carried);
	if (guns_fired < 0)
		result_null(r, "guns_fired");
	else
		result_int(r, "guns_fired", guns_fired);
	if (misfires < 0)
		result_null(r, "misfires");
	else
		result_int(r, "misfires", misfires);
}

/* A forbidden fire: no dice are needed and nothing happens. */
static int
forbidden(struct result *r, struct dice *d, const char *why)
{
	fire_fields(r, 0, NULL, -1, -1, -1, -1);
	return rule_refused(r, d, "no fire", why);
}

/* Out of range: the dice are accepted and unused, nothing happens. */
static void
out_of_range(struct result *r, struct dice *d, const char *what,
    double distance, double min, double max)
{
	char dist[32], lim[32];

	num_format(distance, dist, sizeof dist);
	if (distance < min) {
		num_format(min, lim, sizeof lim);
		result_reason(r, "out of range: %s\" is inside the %s's minimum of %s\"",
		    dist, what, lim);
	} else {
		num_format(max, lim, sizeof lim);
		result_reason(r, "out of range: %s\" is beyond the %s's maximum of %s\"",
		    dist, what, lim);
	}
	result_summary(r, "no effect: %s", r->reason);
	dice_end_early(d);
}

/* ---- infantry ------------------------------------------------------- */

/* "An ordinary dice must be rolled before any movement: 3 or 6 scored the
 * brigade will move 3" and fire, 2 or 5 ... 2", 1 or 4 ... 1"." */
static int
moving_die(const struct tableset *ts, struct dice *d, struct result *r,
    double *moved)
{
	const struct table *t = rule_table(ts, BRIGADE, "moving-fire", r);
	char key[16];
	int face, row;

	if (t == NULL)
		return RULE_DATA;
	if ((face = dice_take(d, DIE_D6, "moving and firing d6")) < 0)
		return RULE_DATA;
	snprintf(key, sizeof key, "%d", face);
	row = table_row(t, "face", key);
	if (row < 0 || table_number(t, row, "inches", moved) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %d",
		    t->title, face);
	dice_note(d, dice_last(d), "moves %g\" and fires", *moved);
	result_work(r, "%s [%s]: d6 %d -> move %g\" and fire", t->title,
	    t->provenance, face, *moved);
	return RULE_OK;
}

static int
infantry_range(const struct tableset *ts, const char *weapon, double dist,
    struct result *r, const char **range, double *max)
{
	const struct table *t = rule_table(ts, BRIGADE, "weapon-ranges", r);
	double close;
	int row;

	if (t == NULL)
		return RULE_DATA;
	row = table_row(t, "weapon", weapon);
	if (row < 0 || table_number(t, row, "close", &close) != 0 ||
	    table_number(t, row, "max", max) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s",
		    t->title, weapon);
	*range = dist <= close ? "close" : dist <= *max ? "long" : "out";
	result_work(r, "%s [%s]: %s close %g\", maximum %g\"", t->title,
	    t->provenance, weapon, close, *max);
	return RULE_OK;
}

/* Small arms at a battery: gunners always count as in hard cover, "each
 * gunner lost represents a deduction of four points in the gun's defence
 * value" (in a game, the loss of each takes them from his own gun: the
 * brigade's consequence of a battery's loss). */
static void
gunner_losses(const struct tableset *ts, const struct inputs *in,
    long casualties, struct result *r)
{
	long per = rule_count(ts, BRIGADE, "battery", "gunner-defence", r);
	long gunners = casualties;

	/* Only the gunners who are there can fall. */
	if (in_given(in, "target-crew") && gunners > in_count(in, "target-crew")) {
		gunners = in_count(in, "target-crew");
		result_work(r, "only %ld gunner%s left at the guns", gunners,
		    gunners == 1 ? "" : "s");
	}
	result_int(r, "defence_lost", gunners * per);
	result_work(r, "%ld gunner%s lost: -%ld from the guns' defence value (%ld per gunner, from his own gun's)",
	    gunners, gunners == 1 ? "" : "s", gunners * per, per);
}

static int
fire_infantry(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, BRIGADE, "fire-modifiers", r);
	const char *weapon = in_text(in, "weapon"), *range = "out", *forbid;
	long firers = in_count(in, "firers"), total, carried, casualties;
	int battery = in_is(in, "target-type", "battery"), rc, die;
	double moved = 0, max;

	if (mods == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "give --distance D (inches)");
	total = firers;
	forbid = rule_named_mods(in, "mod", mods, "infantry", 1, NULL, &total, r);
	if (forbid != NULL)
		return forbidden(r, d, forbid);
	if (in_flag(in, "moving") && (rc = moving_die(ts, d, r, &moved)) != RULE_OK)
		return rc;
	if ((rc = infantry_range(ts, weapon, in_number(in, "distance"), r,
	    &range, &max)) != RULE_OK)
		return rc;
	if (strcmp(range, "out") == 0) {
		fire_fields(r, 0, "out", -1, -1, -1, -1);
		out_of_range(r, d, weapon, in_number(in, "distance"), 0, max);
		return RULE_OK;
	}
	if (strcmp(range, "close") == 0)
		rule_auto_mod(mods, "close", "infantry", 1, NULL, &total, r);
	/* A modifier is applied at most once: named hard cover is implied. */
	if (battery && !in_mod(in, "mod", "hard-cover"))
		rule_auto_mod(mods, "gunners", "infantry", 1, NULL, &total, r);
	result_work(r, "%ld figures firing, %ld after modifiers", firers, total);
	if ((die = dice_take(d, DIE_AVG, "firers' average die")) < 0)
		return RULE_DATA;
	if ((rc = brigade_carry_back(ts, total, die, r, &carried,
	    &casualties)) != RULE_OK)
		return rc;
	fire_fields(r, casualties, range, total, carried, -1, -1);
	result_ledger(r, "target", "loss", casualties);
	if (in_flag(in, "moving"))
		result_number(r, "moved_inches", moved);
	if (battery)
		gunner_losses(ts, in, casualties, r);
	result_summary(r, "%ld casualt%s%s", casualties,
	    casualties == 1 ? "y" : "ies", battery ? " (gunners)" : "");
	return RULE_OK;
}

/* ---- artillery ------------------------------------------------------ */

/* "An ordinary dice is rolled for each piece to see if it misfires"; the
 * guns that fire roll one average die for the battery. */
#define MISFIRE_DIE DIE_D6
#define BATTERY_DIE DIE_AVG

struct battery_fire {
	long guns;
	long crew[INPUT_ITEMS + 1];	/* per gun; beyond the list, crew[0] */
	long fired, misfires, crew_firing;
	const struct table *mods;	/* the fire as aimed (battery_aim) */
	const char *gun, *ammo, *range;
};

static long
gun_crew(const struct battery_fire *b, long gun)
{
	return gun < INPUT_ITEMS ? b->crew[gun] : b->crew[0];
}

/* A gun with no crew left takes no misfire die and does not fire. */
static int
gun_served(const struct battery_fire *b, long gun)
{
	return gun_crew(b, gun) > 0;
}

/* Fills each gun's crew from --crew (one number, or one per gun). */
static int
read_crews(const struct tableset *ts, const struct inputs *in,
    struct battery_fire *b, struct result *r)
{
	long full = rule_count(ts, BRIGADE, "battery", "crew", r);
	int n = in_nitems(in, "crew");
	struct in_item it;

	for (int i = 0; i <= INPUT_ITEMS; i++)
		b->crew[i] = full;
	if (n == 0)
		return RULE_OK;
	if (n > 1 && n != b->guns)
		return result_fail(r, RULE_DATA,
		    "--crew: %d numbers for %ld guns; give one number, or one per gun",
		    n, b->guns);
	for (int i = 0; in_item(in, "crew", i, &it); i++)
		if (it.n > full)
			return result_fail(r, RULE_DATA,
			    "--crew: %ld is more than a gun's crew of %ld", it.n, full);
	for (int i = 0; i <= INPUT_ITEMS; i++)
		if (in_item(in, "crew", n == 1 ? 0 : i, &it))
			b->crew[i] = it.n;
	return RULE_OK;
}

/* The guns with a crew to serve them ("gun 2 has no crew and does not
 * fire"). */
static long
crewed_guns(const struct battery_fire *b)
{
	long n = 0;

	for (long g = 0; g < b->guns; g++)
		n += gun_served(b, g);
	return n;
}

/* True when the misfire table says a gun showing FACE fires. */
static int
gun_fires(const struct table *t, int face)
{
	char key[16];
	int row;

	text_long(key, sizeof key, face);
	row = table_row(t, "face", key);
	return row >= 0 && strcmp(table_text(t, row, "fires"), "yes") == 0;
}

/* The faces of the misfire die on which a gun fires (bit f for face f),
 * by the misfire table, which *t gets. */
static int
firing_faces(const struct tableset *ts, struct result *r, const struct table **t,
    unsigned *fires)
{
	*fires = 0;
	if ((*t = rule_table(ts, BRIGADE, "misfire", r)) == NULL)
		return RULE_DATA;
	for (int f = die_min(MISFIRE_DIE); f <= die_max(MISFIRE_DIE); f++)
		if (gun_fires(*t, f))
			*fires |= 1u << f;
	return RULE_OK;
}

/* "An ordinary dice is rolled for each piece to see if it misfires. Any
 * scoring a 1 or 6 are discounted." */
static int
misfire_dice(const struct tableset *ts, struct dice *d, struct result *r,
    struct battery_fire *b)
{
	const struct table *t;
	unsigned fires;
	int rc;

	if ((rc = firing_faces(ts, r, &t, &fires)) != RULE_OK)
		return rc;
	for (long g = 0; g < b->guns; g++) {
		int face;

		if (!gun_served(b, g)) {
			result_work(r, "gun %ld has no crew and does not fire", g + 1);
			continue;
		}
		/* Only "fires or not" counts, and guns of one crew are alike:
		 * the odds count them rather than order them. */
		if ((face = dice_take_split(d, MISFIRE_DIE, fires, (int)gun_crew(b, g) + 1,
		    "misfire d6 for gun %ld", g + 1)) < 0)
			return RULE_DATA;
		if ((fires >> face) & 1u) {
			b->fired++;
			b->crew_firing += gun_crew(b, g);
			dice_note(d, dice_last(d), "fires");
		} else {
			b->misfires++;
			dice_note(d, dice_last(d), "misfire");
		}
	}
	result_work(r, "%s [%s]: %ld of %ld guns fire, %ld misfire%s", t->title,
	    t->provenance, b->fired, b->guns, b->misfires,
	    b->misfires == 1 ? "" : "s");
	return RULE_OK;
}

static int
artillery_range(const struct tableset *ts, const char *gun, const char *ammo,
    double dist, struct result *r, const char **range, double *min,
    double *max)
{
	const struct table *t = rule_table(ts, BRIGADE, "artillery-ranges", r);
	double close = -1;
	int row;

	if (t == NULL)
		return RULE_DATA;
	row = table_row2(t, "gun", gun, "ammo", ammo);
	if (row < 0)
		return result_fail(r, RULE_DATA,
		    "--ammo: a %s gun does not fire %s (the artillery-ranges table)",
		    gun, ammo);
	*min = rule_cell(t, row, "min", r);
	*max = rule_cell(t, row, "max", r);
	if (table_number(t, row, "close", &close) != 0)
		close = -1;
	*range = dist < *min || dist > *max ? "out" :
	    dist <= close ? "close" : "long";
	result_work(r, "%s [%s]: %s %s minimum %g\", maximum %g\"%s%s", t->title,
	    t->provenance, gun, ammo, *min, *max,
	    *table_text(t, row, "note") ? "; " : "", table_text(t, row, "note"));
	return RULE_OK;
}

/* The fire rate of a defence value on the sliding scale. */
static const char *
fire_rate(const struct table *t, long defence, struct result *r, int *row)
{
	*row = table_band(t, "min", "max", (double)defence);
	if (*row < 0) {
		result_fail(r, RULE_DATA, "the %s has no band for %ld", t->title, defence);
		return "";
	}
	return table_text(t, *row, "rate");
}

/*
 * "Each piece is given a defence value of 20 points that is reduced by
 * the effect of artillery fire", read against the sliding scale.  A
 * battery's guns (one --defence value each) share the points as the game
 * spreads losses: each point to the gun with the most defence left, the
 * first on a tie; a knocked-out gun takes no more.  The gun hit first is
 * the one reported.
 */
static int
counter_battery(const struct tableset *ts, const struct inputs *in,
    long casualties, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "counter-battery", r);
	long per = rule_count(ts, BRIGADE, "battery", "artillery-defence", r);
	long d[INPUT_ITEMS], before[INPUT_ITEMS], points = casualties * per;
	int n = in_nitems(in, "defence"), first = -1, row;
	struct in_item it;

	if (t == NULL)
		return RULE_DATA;
	if (n == 0) {
		n = 1;
		d[0] = rule_count(ts, BRIGADE, "battery", "defence", r);
	}
	for (int i = 0; in_item(in, "defence", i, &it) && i < INPUT_ITEMS; i++)
		d[i] = it.n;
	memcpy(before, d, sizeof d);
	for (long p = 0; p < points; p++) {
		int most = 0;

		for (int i = 1; i < n; i++)
			if (d[i] > d[most])
				most = i;
		if (d[most] == 0)
			break;
		d[most]--;
		if (first < 0)
			first = most;
	}
	if (first < 0)
		first = 0;
	result_int(r, "defence", d[first]);
	result_word(r, "fire_rate", fire_rate(t, d[first], r, &row));
	result_work(r, "%s [%s]: %sdefence %ld - %ld = %ld: %s", t->title,
	    t->provenance, n > 1 ? "the gun hit first: " : "", before[first],
	    before[first] - d[first], d[first], row >= 0 ? table_text(t, row, "help") : "");
	if (n == 1)
		return RULE_OK;
	result_list(r, "guns");
	for (int i = 0; i < n; i++) {
		result_open(r, NULL);
		result_int(r, "defence", d[i]);
		result_word(r, "fire_rate", fire_rate(t, d[i], r, &row));
		result_close(r);
		result_work(r, "gun %d: defence %ld: %s", i + 1, d[i],
		    row >= 0 ? table_text(t, row, "help") : "");
	}
	result_list_end(r);
	return RULE_OK;
}

/* Adds the per-gun bonuses of the pieces that fire. */
static void
gun_bonuses(const struct inputs *in, const struct table *mods,
    const char *range, const char *ammo, long fired, long *points,
    struct result *r)
{
	if (strcmp(range, "close") == 0)
		rule_auto_mod(mods, "close", "artillery", fired, NULL, points, r);
	if (in_flag(in, "heavy"))
		rule_auto_mod(mods, "heavy", "artillery", fired, NULL, points, r);
	if (strcmp(ammo, "canister") == 0 || strcmp(ammo, "shrapnel") == 0)
		rule_auto_mod(mods, ammo, "artillery", fired, NULL, points, r);
	/* The forbidding states were turned away before the dice. */
	rule_named_mods(in, "mod", mods, "artillery", fired, NULL, points, r);
}

/*
 * All a battery's fire settles before its misfire dice: the crews, the
 * range, what forbids it.  *ready is 1 when the misfire dice follow, 0
 * when the ruling is done without them (forbidden, out of range).
 */
static int
battery_aim(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r, struct battery_fire *b, int *ready)
{
	const char *forbid;
	double min = 0, max = 0;
	int rc;

	*ready = 0;
	memset(b, 0, sizeof *b);
	b->range = "out";
	if ((b->mods = rule_table(ts, BRIGADE, "fire-modifiers", r)) == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "give --distance D (inches)");
	b->gun = in_text(in, "gun");
	b->ammo = in_text(in, "ammo");
	if (b->ammo == NULL)
		b->ammo = strcmp(b->gun, "howitzer") == 0 ? "shell" : "roundshot";
	b->guns = in_count(in, "guns");
	if ((rc = read_crews(ts, in, b, r)) != RULE_OK)
		return rc;
	if ((rc = artillery_range(ts, b->gun, b->ammo, in_number(in, "distance"), r,
	    &b->range, &min, &max)) != RULE_OK)
		return rc;
	if (in_flag(in, "moving"))
		return forbidden(r, d, rule_mod_help(b->mods, "moved"));
	if ((forbid = rule_forbids(in, "mod", b->mods, "artillery")) != NULL)
		return forbidden(r, d, forbid);
	/* No gunner left at any gun: no misfire die, nothing fires. */
	if (crewed_guns(b) == 0)
		return forbidden(r, d, b->guns == 1 ? "the gun has no crew left to fire it" :
		    "the battery has no crew left: none of its guns can fire");
	if (strcmp(b->range, "out") == 0) {
		fire_fields(r, 0, "out", -1, -1, 0, 0);
		out_of_range(r, d, b->gun, in_number(in, "distance"), min, max);
		return RULE_OK;
	}
	*ready = 1;
	return RULE_OK;
}

/* The points of the guns that fire: their crews and per-gun bonuses. */
static long
battery_points(const struct inputs *in, const struct battery_fire *b,
    struct result *r)
{
	long points = b->crew_firing;

	gun_bonuses(in, b->mods, b->range, b->ammo, b->fired, &points, r);
	return points;
}

/* The battery's fire once its misfire dice have said which guns fire. */
static int
battery_volley(const struct tableset *ts, const struct inputs *in,
    const struct battery_fire *b, struct dice *d, struct result *r)
{
	int battery = in_is(in, "target-type", "battery"), rc, die;
	long points, casualties;

	if (b->fired == 0) {
		fire_fields(r, 0, b->range, 0, -1, 0, b->misfires);
		/* the target battery as it stood: every key of the result */
		if (battery && (rc = counter_battery(ts, in, 0, r)) != RULE_OK)
			return rc;
		result_summary(r, "no casualties: every gun %smisfired",
		    b->misfires < b->guns ? "with a crew " : "");
		dice_end_early(d);
		return RULE_OK;
	}
	result_mod(r, "crew", (double)b->crew_firing);
	points = battery_points(in, b, r);
	result_work(r, "%ld crew of %ld firing gun%s, %ld points after per-gun bonuses",
	    b->crew_firing, b->fired, b->fired == 1 ? "" : "s", points);
	if ((die = dice_take(d, BATTERY_DIE, "battery's average die")) < 0)
		return RULE_DATA;
	if ((rc = brigade_direct(ts, points, die, r, &casualties)) != RULE_OK)
		return rc;
	fire_fields(r, casualties, b->range, points, -1, b->fired, b->misfires);
	if (battery)
		result_ledger(r, "target", "defence", casualties *
		    rule_count(ts, BRIGADE, "battery", "artillery-defence", r));
	else
		result_ledger(r, "target", "loss", casualties);
	if (battery && (rc = counter_battery(ts, in, casualties, r)) != RULE_OK)
		return rc;
	result_summary(r, "%ld casualt%s", casualties, casualties == 1 ? "y" : "ies");
	return RULE_OK;
}

static int
fire_artillery(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	struct battery_fire b;
	int rc, ready;

	if ((rc = battery_aim(ts, in, d, r, &b, &ready)) != RULE_OK || !ready)
		return rc;
	if ((rc = misfire_dice(ts, d, r, &b)) != RULE_OK)
		return rc;
	return battery_volley(ts, in, &b, d, r);
}

/* ---- rockets -------------------------------------------------------- */

/* The outcome word of a rocket die at STAGE (launch or section). */
static const char *
rocket_outcome(const struct table *t, const char *stage, int face)
{
	char key[16];
	int row;

	snprintf(key, sizeof key, "%d", face);
	row = table_row2(t, "stage", stage, "face", key);
	return row < 0 ? NULL : table_text(t, row, "outcome");
}

/* "Roll one ordinary dice - a 1 and the rocket and crew are lost. The range
 * ... is then divided into 6" sections, to a maximum of four." */
static int
rocket_flight(const struct tableset *ts, double dist, struct dice *d,
    struct result *r, const char **outcome, long *flown)
{
	const struct table *t = rule_table(ts, BRIGADE, "rocket-flight", r);
	const struct table *k = rule_table(ts, BRIGADE, "rocket", r);
	long sections, limit;
	double section;
	int face;

	if (t == NULL || k == NULL)
		return RULE_DATA;
	section = rule_value(ts, BRIGADE, "rocket", "section", r);
	limit = rule_count(ts, BRIGADE, "rocket", "sections", r);
	if (section <= 0)
		return result_fail(r, RULE_DATA, "the rocket table's section must be above 0");
	sections = dist <= 0 ? 1 : (long)ceil(dist / section);
	if (sections > limit)
		sections = limit;
	result_list(r, "flight");
	if ((face = dice_take(d, DIE_D6, "rocket launch d6")) < 0)
		return RULE_DATA;
	*outcome = rocket_outcome(t, "launch", face);
	if (*outcome == NULL)
		return result_fail(r, RULE_DATA, "the %s has no launch row %d", t->title, face);
	dice_note(d, dice_last(d), "%s", *outcome);
	result_word(r, NULL, *outcome);
	*flown = 0;
	if (strcmp(*outcome, "lost") == 0) {
		*outcome = "lost_at_launch";
		return RULE_OK;
	}
	for (long s = 1; s <= sections; s++) {
		if ((face = dice_take(d, DIE_D6, "rocket section %ld d6", s)) < 0)
			return RULE_DATA;
		*outcome = rocket_outcome(t, "section", face);
		if (*outcome == NULL)
			return result_fail(r, RULE_DATA, "the %s has no section row %d", t->title, face);
		dice_note(d, dice_last(d), "%s", *outcome);
		result_word(r, NULL, *outcome);
		*flown = s;
		if (strcmp(*outcome, "lost") == 0 || strcmp(*outcome, "explodes") == 0)
			break;
	}
	if (strcmp(*outcome, "lost") != 0 && strcmp(*outcome, "explodes") != 0)
		*outcome = "lands";
	result_work(r, "%s [%s]: %ld section%s of %g\" rolled, %ld flown", t->title,
	    t->provenance, sections, sections == 1 ? "" : "s", section, *flown);
	return RULE_OK;
}

static int
fire_rocket(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, BRIGADE, "fire-modifiers", r);
	const struct table *k = rule_table(ts, BRIGADE, "rocket", r);
	double dist = in_number(in, "distance"), max;
	long points, casualties = 0, flown = 0;
	const char *outcome = "lost", *forbid;
	int rc, die;

	if (mods == NULL || k == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "--rocket needs --distance D (inches)");
	max = rule_value(ts, BRIGADE, "rocket", "max-range", r);
	points = in_given(in, "points") ? in_count(in, "points") :
	    rule_count(ts, BRIGADE, "rocket", "points", r);
	forbid = rule_named_mods(in, "mod", mods, "rocket", 1, NULL, &points, r);
	if (forbid != NULL)
		return forbidden(r, d, forbid);
	if (dist > max) {
		fire_fields(r, 0, "out", -1, -1, -1, -1);
		out_of_range(r, d, "rocket", dist, 0, max);
		return RULE_OK;
	}
	if ((rc = rocket_flight(ts, dist, d, r, &outcome, &flown)) != RULE_OK)
		return rc;
	result_list_end(r);
	if (strcmp(outcome, "lands") == 0 || strcmp(outcome, "explodes") == 0) {
		result_work(r, "rockets are treated as shells: %ld points where it lands", points);
		if ((die = dice_take(d, DIE_AVG, "rocket's average die")) < 0)
			return RULE_DATA;
		if ((rc = brigade_direct(ts, points, die, r, &casualties)) != RULE_OK)
			return rc;
		fire_fields(r, casualties, "long", points, -1, -1, -1);
		result_ledger(r, "target", "loss", casualties);
		result_summary(r, "the rocket %s after %ld\": %ld casualt%s",
		    strcmp(outcome, "lands") == 0 ? "lands" : "explodes",
		    flown * rule_count(ts, BRIGADE, "rocket", "section", r), casualties,
		    casualties == 1 ? "y" : "ies");
	} else {
		fire_fields(r, 0, "long", -1, -1, -1, -1);
		result_summary(r, "the rocket is lost%s: no casualties",
		    strcmp(outcome, "lost_at_launch") == 0 ? " with its crew" : "");
		dice_end_early(d);
	}
	result_word(r, "outcome", outcome);
	result_number(r, "lands_at",
	    (double)flown * rule_value(ts, BRIGADE, "rocket", "section", r));
	return RULE_OK;
}

int
brigade_fire(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	int modes = in_given(in, "firers") + in_given(in, "guns") +
	    in_flag(in, "rocket");

	int rc;

	if (modes > 1)
		return result_fail(r, RULE_USAGE,
		    "give only one of --firers (infantry), --guns (artillery) and --rocket");
	/* l.171: "+1 per piece firing against infantry in square": only
	 * infantry forms square (l.276-280). */
	if ((rc = rule_mod_formation(ts, BRIGADE, in, "mod", "target-square", "square",
	    "target", in_text(in, "target-type"), r)) != RULE_OK)
		return rc;
	if (in_flag(in, "rocket"))
		return fire_rocket(ts, in, d, r);
	if (in_given(in, "guns"))
		return fire_artillery(ts, in, d, r);
	if (in_given(in, "firers"))
		return fire_infantry(ts, in, d, r);
	return result_fail(r, RULE_USAGE,
	    "give --firers N (infantry), --guns N (artillery) or --rocket; in a game, --unit NAME reads them");
}

/* ---- the odds of a battery, gun by gun --------------------------------- */

/*
 * The exact odds of a battery's fire without trying every roll of its
 * misfire dice.  Each gun is a part of its own: it fires on the faces the
 * misfire table gives (the ruling's own look-up), adding one gun to the
 * guns firing and its crew and bonuses to the points, or adds nothing.
 * The guns are independent, so the guns firing and the points are each
 * the sum of the parts' (odds_dist: the guns of one crew at once).  The
 * rest of the ruling is its own code, run once for each distinct value it
 * reads: the Melee/Firing Table for each row and face of the average die,
 * the counter-battery for each count of casualties.  Its fields are
 * fire_fields' and counter_battery's, in their order; proven equal to
 * enumerating every die in tests/unit/test_odds.c.
 */

struct volley_odds {
	struct odds_dist fired;	/* the guns firing */
	struct odds_dist points;	/* the row read: the points (0 when no
					 * gun fires) */
	mpz_t silent;		/* the ways no gun fires, of points' */
	struct odds_dist casualties;	/* over the dice and the average die */
};

static void
volley_init(struct volley_odds *v)
{
	odds_dist_init(&v->fired);
	odds_dist_init(&v->points);
	mpz_init(v->silent);
	odds_dist_init(&v->casualties);
}

static void
volley_clear(struct volley_odds *v)
{
	odds_dist_clear(&v->fired);
	odds_dist_clear(&v->points);
	mpz_clear(v->silent);
	odds_dist_clear(&v->casualties);
}

/*
 * The bonuses a gun adds when it fires.  The rules give them per piece
 * firing ("+1 per piece firing at close range"): the ruling's own bonuses
 * of each count of guns are that count times one gun's, which is checked
 * here (a rule set that broke it would be told, not weighed wrong).
 */
static int
gun_bonus(const struct inputs *in, const struct battery_fire *b, long *bonus,
    struct result *r)
{
	struct battery_fire shot = *b;
	long crewed = crewed_guns(b);

	shot.crew_firing = 0;
	for (shot.fired = 1; shot.fired <= crewed && r->error.code == 0; shot.fired++) {
		long points = battery_points(in, &shot, r);

		if (shot.fired == 1)
			*bonus = points;
		else if (points != shot.fired * *bonus)
			return result_fail(r, RULE_BUG,
			    "the bonuses of %ld guns are not %ld times one gun's", shot.fired,
			    shot.fired);
	}
	return r->error.code;
}

/* A gun's part: nothing in the ways of the faces that misfire, VALUE in
 * those that fire (HITS of the die's sides). */
static void
gun_part(struct odds_dist *gun, long value, int hits)
{
	odds_dist_init(gun);
	odds_dist_put_ui(gun, 0, (unsigned long)(die_sides(MISFIRE_DIE) - hits));
	odds_dist_put_ui(gun, value, (unsigned long)hits);
	mpz_set_ui(gun->den, (unsigned long)die_sides(MISFIRE_DIE));
}

/* The guns firing and their points: each crew's guns at once. */
static int
shot_odds(const struct tableset *ts, const struct inputs *in,
    const struct battery_fire *b, struct volley_odds *v, struct odds *o, struct result *r)
{
	static long crew[INPUT_ITEMS + 1], guns[INPUT_ITEMS + 1];
	const struct table *t;
	struct odds_dist gun;
	unsigned fires;
	int ncrews = 0, rc, hits;
	long bonus = 0;

	if ((rc = firing_faces(ts, r, &t, &fires)) != RULE_OK ||
	    (rc = gun_bonus(in, b, &bonus, r)) != RULE_OK)
		return rc;
	o->runs += crewed_guns(b);
	hits = die_sides_in(MISFIRE_DIE, fires);
	for (long g = 0; g < b->guns; g++) {
		int k = 0;

		if (!gun_served(b, g))
			continue;
		while (k < ncrews && crew[k] != gun_crew(b, g))
			k++;
		if (k == ncrews) {
			crew[ncrews] = gun_crew(b, g);
			guns[ncrews++] = 0;
		}
		guns[k]++;
	}
	odds_dist_put_ui(&v->fired, 0, 1);
	gun_part(&gun, 1, hits);
	odds_dist_add_times(&v->fired, &gun, crewed_guns(b));
	odds_dist_clear(&gun);
	odds_dist_put_ui(&v->points, 0, 1);
	for (int k = 0; k < ncrews; k++) {
		gun_part(&gun, crew[k] + bonus, hits);
		odds_dist_add_times(&v->points, &gun, guns[k]);
		odds_dist_clear(&gun);
	}
	return RULE_OK;
}

/* The casualties: the table read for each row and face of the average
 * die, when some gun fires; none when none does (all misfire, the points
 * then 0: their ways of the points' whole are the guns' none firing,
 * silent). */
static int
casualty_odds(const struct tableset *ts, struct volley_odds *v, struct odds *o,
    struct result *r)
{
	int face[12], sides[12], nf = die_faces(BATTERY_DIE, face, sides), rc = RULE_OK;
	mpz_t ways, firing;

	mpz_init(ways);
	mpz_init(firing);
	for (int i = 0; i < v->fired.n; i++)
		if (v->fired.v[i] == 0) {
			mpz_mul(v->silent, v->fired.w[i], v->points.den);
			mpz_divexact(v->silent, v->silent, v->fired.den);
		}
	mpz_mul_ui(ways, v->silent, (unsigned long)die_sides(BATTERY_DIE));
	odds_dist_put(&v->casualties, 0, ways);
	o->leaves += mpz_sgn(v->silent) != 0;
	for (int i = 0; i < v->points.n && rc == RULE_OK; i++) {
		mpz_set(firing, v->points.w[i]);
		if (v->points.v[i] == 0)
			mpz_sub(firing, firing, v->silent);
		for (int k = 0; k < nf && mpz_sgn(firing) > 0; k++) {
			long casualties;

			if ((rc = brigade_direct(ts, v->points.v[i], face[k], r,
			    &casualties)) != RULE_OK)
				break;
			mpz_mul_ui(ways, firing, (unsigned long)sides[k]);
			odds_dist_put(&v->casualties, casualties, ways);
			o->runs++;
			o->leaves++;
		}
	}
	mpz_mul_ui(v->casualties.den, v->points.den, (unsigned long)die_sides(BATTERY_DIE));
	mpz_clear(firing);
	mpz_clear(ways);
	return rc;
}

/* What a field of the battery's fire tells. */
enum volley_field {
	VOLLEY_CASUALTIES,
	VOLLEY_ROW,
	VOLLEY_FIRED,
	VOLLEY_MISFIRES
};

/* The fields the ruling writes (fire_fields) with X in the place of what
 * field KEY tells, the rest nil. */
static void
fields_of(struct result *r, enum volley_field key, long x, const char *range)
{
	result_init(r);
	r->quiet = 1;
	fire_fields(r, key == VOLLEY_CASUALTIES ? x : 0, range, key == VOLLEY_ROW ? x : 0, -1,
	    key == VOLLEY_FIRED ? x : 0, key == VOLLEY_MISFIRES ? x : 0);
}

/* Each value x of a distribution, FROM + SIGN * x, as the ruling writes
 * field NAME of it (a row below 0 is null), weighing x's chance. */
static void
add_counts(struct odds *o, const char *name, enum volley_field key,
    struct odds_dist *dist, long from, int sign, const char *range)
{
	static struct result fields;
	mpq_t p;

	odds_dist_sort(dist);	/* (listed in order, each value is new) */
	mpq_init(p);
	for (int i = 0; i < dist->n; i++) {
		int k = sign > 0 ? i : dist->n - 1 - i;

		odds_dist_p(dist, k, p);
		fields_of(&fields, key, from + sign * dist->v[k], range);
		odds_add_field(o, &fields, name, p);
	}
	result_free(&fields);
	mpq_clear(p);
}

/* The target battery's defence after each count of casualties, as the
 * counter-battery rule tells it. */
static int
defence_odds(const struct tableset *ts, const struct inputs *in,
    const struct odds_dist *casualties, struct odds *o, struct result *r)
{
	static struct result part;
	int rc = RULE_OK;
	mpq_t p;

	mpq_init(p);
	for (int i = 0; i < casualties->n && rc == RULE_OK; i++) {
		result_init(&part);
		part.quiet = 1;
		if ((rc = counter_battery(ts, in, casualties->v[i], &part)) == RULE_OK &&
		    (rc = part.error.code) == RULE_OK) {
			odds_dist_p(casualties, i, p);
			odds_add_result(o, &part, p);
			o->runs++;
		}
		if (rc != RULE_OK)
			result_fail(r, rc, "%s", part.error.text);
		result_free(&part);
	}
	mpq_clear(p);
	return rc;
}

static int
volley_fields(const struct tableset *ts, const struct inputs *in,
    const struct battery_fire *b, struct volley_odds *v, struct odds *o,
    struct result *r)
{
	static struct result fields;
	mpq_t one;

	mpq_init(one);
	mpq_set_ui(one, 1, 1);
	add_counts(o, "casualties", VOLLEY_CASUALTIES, &v->casualties, 0, 1, b->range);
	fields_of(&fields, VOLLEY_ROW, 0, b->range);
	odds_add_field(o, &fields, "range", one);
	add_counts(o, "row", VOLLEY_ROW, &v->points, 0, 1, b->range);
	odds_add_field(o, &fields, "carried_row", one);
	add_counts(o, "guns_fired", VOLLEY_FIRED, &v->fired, 0, 1, b->range);
	add_counts(o, "misfires", VOLLEY_MISFIRES, &v->fired, crewed_guns(b), -1, b->range);
	result_free(&fields);
	mpq_clear(one);
	return in_is(in, "target-type", "battery") ?
	    defence_odds(ts, in, &v->casualties, o, r) : RULE_OK;
}

/* The battery's odds once it is ready to roll its misfire dice. */
static int
volley_odds(const struct tableset *ts, const struct inputs *in,
    const struct battery_fire *b, struct odds *o, struct result *r)
{
	static struct rule_memo memo;
	struct volley_odds v;
	int rc;

	memo.nmods = memo.nvalues = 0;
	r->memo = &memo;	/* (the rule's look-ups, once a question) */
	volley_init(&v);
	if ((rc = shot_odds(ts, in, b, &v, o, r)) != RULE_OK ||
	    (rc = casualty_odds(ts, &v, o, r)) != RULE_OK)
		goto done;
	if (v.fired.no_memory || v.points.no_memory || v.casualties.no_memory) {
		rc = result_fail(r, RULE_DATA, "out of memory weighing the odds");
		goto done;
	}
	rc = volley_fields(ts, in, b, &v, o, r);
done:
	volley_clear(&v);
	r->memo = NULL;
	return rc;
}

int
brigade_fire_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r)
{
	static struct battery_fire b;
	static struct dice probe;
	int ready, rc;

	if (!in_given(in, "guns") || in_given(in, "firers") || in_flag(in, "rocket"))
		return ODDS_BY_DICE;
	odds_reset(o);
	dice_set_probe(&probe);
	if ((rc = battery_aim(ts, in, &probe, r, &b, &ready)) != RULE_OK || r->error.code)
		return rc != RULE_OK ? rc : r->error.code;
	if (!ready)
		return ODDS_BY_DICE;	/* no dice to weigh: as the ruling goes */
	/* a misfire die a gun and the average die */
	if (crewed_guns(&b) + 1 > DICE_MAX)
		return result_fail(r, RULE_DATA, "the ruling asks for more than %d dice", DICE_MAX);
	o->how = "each gun's misfire die convolved";
	if ((rc = volley_odds(ts, in, &b, o, r)) != RULE_OK)
		return rc;
	return odds_finish(o, r);
}
