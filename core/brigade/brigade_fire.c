/*
 * brigade fire: infantry (carry back), moving and firing, artillery
 * (misfires, per-gun bonuses, direct read), small arms at a battery,
 * counter-battery defence, and rockets.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "brigade.h"
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
		return result_fail(r, RULE_USAGE, "fire needs --distance D (inches)");
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

struct battery_fire {
	long guns;
	long crew[INPUT_ITEMS + 1];	/* per gun; beyond the list, crew[0] */
	long fired, misfires, crew_firing;
};

static long
gun_crew(const struct battery_fire *b, long gun)
{
	return gun < INPUT_ITEMS ? b->crew[gun] : b->crew[0];
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
		n += gun_crew(b, g) > 0;
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

/* "An ordinary dice is rolled for each piece to see if it misfires. Any
 * scoring a 1 or 6 are discounted." */
static int
misfire_dice(const struct tableset *ts, struct dice *d, struct result *r,
    struct battery_fire *b)
{
	const struct table *t = rule_table(ts, BRIGADE, "misfire", r);
	unsigned fires = 0;

	if (t == NULL)
		return RULE_DATA;
	for (int f = die_min(DIE_D6); f <= die_max(DIE_D6); f++)
		if (gun_fires(t, f))
			fires |= 1u << f;
	for (long g = 0; g < b->guns; g++) {
		int face;

		if (gun_crew(b, g) == 0) {
			result_work(r, "gun %ld has no crew and does not fire", g + 1);
			continue;
		}
		/* Only "fires or not" counts, and guns of one crew are alike:
		 * the odds count them rather than order them. */
		if ((face = dice_take_split(d, DIE_D6, fires, (int)gun_crew(b, g) + 1,
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

static int
fire_artillery(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, BRIGADE, "fire-modifiers", r);
	const char *gun = in_text(in, "gun"), *ammo = in_text(in, "ammo");
	const char *range = "out", *forbid;
	struct battery_fire b;
	long points, casualties;
	double min = 0, max = 0;
	int rc, die;

	if (mods == NULL)
		return RULE_DATA;
	if (!in_given(in, "distance"))
		return result_fail(r, RULE_USAGE, "fire needs --distance D (inches)");
	if (ammo == NULL)
		ammo = strcmp(gun, "howitzer") == 0 ? "shell" : "roundshot";
	memset(&b, 0, sizeof b);
	b.guns = in_count(in, "guns");
	if ((rc = read_crews(ts, in, &b, r)) != RULE_OK)
		return rc;
	if ((rc = artillery_range(ts, gun, ammo, in_number(in, "distance"), r,
	    &range, &min, &max)) != RULE_OK)
		return rc;
	if (in_flag(in, "moving"))
		return forbidden(r, d, rule_mod_help(mods, "moved"));
	if ((forbid = rule_forbids(in, "mod", mods, "artillery")) != NULL)
		return forbidden(r, d, forbid);
	/* No gunner left at any gun: no misfire die, nothing fires. */
	if (crewed_guns(&b) == 0)
		return forbidden(r, d, b.guns == 1 ? "the gun has no crew left to fire it" :
		    "the battery has no crew left: none of its guns can fire");
	if (strcmp(range, "out") == 0) {
		fire_fields(r, 0, "out", -1, -1, 0, 0);
		out_of_range(r, d, gun, in_number(in, "distance"), min, max);
		return RULE_OK;
	}
	if ((rc = misfire_dice(ts, d, r, &b)) != RULE_OK)
		return rc;
	if (b.fired == 0) {
		fire_fields(r, 0, range, 0, -1, 0, b.misfires);
		/* the target battery as it stood: every key of the result */
		if (in_is(in, "target-type", "battery") &&
		    (rc = counter_battery(ts, in, 0, r)) != RULE_OK)
			return rc;
		result_summary(r, "no casualties: every gun %smisfired",
		    b.misfires < b.guns ? "with a crew " : "");
		dice_end_early(d);
		return RULE_OK;
	}
	points = b.crew_firing;
	result_mod(r, "crew", (double)b.crew_firing);
	gun_bonuses(in, mods, range, ammo, b.fired, &points, r);
	result_work(r, "%ld crew of %ld firing gun%s, %ld points after per-gun bonuses",
	    b.crew_firing, b.fired, b.fired == 1 ? "" : "s", points);
	if ((die = dice_take(d, DIE_AVG, "battery's average die")) < 0)
		return RULE_DATA;
	if ((rc = brigade_direct(ts, points, die, r, &casualties)) != RULE_OK)
		return rc;
	fire_fields(r, casualties, range, points, -1, b.fired, b.misfires);
	if (in_is(in, "target-type", "battery"))
		result_ledger(r, "target", "defence", casualties *
		    rule_count(ts, BRIGADE, "battery", "artillery-defence", r));
	else
		result_ledger(r, "target", "loss", casualties);
	if (in_is(in, "target-type", "battery") &&
	    (rc = counter_battery(ts, in, casualties, r)) != RULE_OK)
		return rc;
	result_summary(r, "%ld casualt%s", casualties, casualties == 1 ? "y" : "ies");
	return RULE_OK;
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
		return result_fail(r, RULE_USAGE, "fire --rocket needs --distance D (inches)");
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
		    "fire takes one of --firers (infantry), --guns (artillery) or --rocket");
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
	    "fire needs --firers N (infantry), --guns N (artillery) or --rocket");
}
