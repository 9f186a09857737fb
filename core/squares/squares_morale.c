/*
 * squares: the morale test of one unit or several in turn.
 */
#include <stdio.h>
#include <string.h>

#include "squares.h"
#include "text.h"

#define TEST_SHAPES "brigade:D:N|horse-artillery:D:N|foot-artillery:D:N"

/* ---- morale --------------------------------------------------------- */

const struct input_decl squares_morale_inputs[] = {
	{ "morale", IN_CHOICE, DIE_TYPES, 0, 0, DIE_TYPES, NULL, NULL,
	  "the unit's morale die", 0 },
	{ "hits", IN_COUNT, "N", 0, 100, NULL, NULL, NULL,
	  "hit markers the unit carries", 0 },
	{ "type", IN_CHOICE, "brigade|horse-artillery|foot-artillery", 0, 0,
	  "brigade|horse-artillery|foot-artillery", "brigade", NULL,
	  "the unit's type (one fail destroys foot artillery)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "morale-modifiers",
	  "hill, town: one die fewer; cannot-retreat", IN_REPEAT },
	{ "square-units", IN_COUNT, "N", 0, 6, NULL, NULL, NULL,
	  "units in the tester's open square (more than half retreating forces the rest)", 0 },
	{ "test", IN_SPEC, "TYPE:dN:HITS", 0, 0, TEST_SHAPES, NULL, "TYPE:dN:HITS",
	  "several units testing in turn (brigade:d8:2 ...), instead of --morale/--hits", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a testing unit of the game (repeat for several)", IN_REPEAT },
	{ "square-mates", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the other units in the testers' open square (repeat)", IN_REPEAT | IN_SECONDARY },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Rolls one morale die per hit (one fewer on a hill or in a town). */
static int
morale_dice(const struct tableset *ts, const struct inputs *in, int group,
    const char *label, enum die_kind k, long hits, struct dice *d, long *fails,
    struct result *r)
{
	long need = squares_threshold(ts, "morale", r);
	long dice = hits - ((in_mod(in, "mod", "hill") || in_mod(in, "mod", "town")) ? 1 : 0);

	*fails = 0;
	for (long i = 1; i <= dice; i++) {
		int f = dice_take_split(d, k, dice_mask_from(k, need), group,
		    "morale %s of %s (%ld of %ld)", die_name(k), label, i, dice);

		if (f < 0)
			return RULE_DATA;
		*fails += f < need;
		dice_note(d, dice_last(d), f >= need ? "pass" : "fail");
	}
	return RULE_OK;
}

/* "One fail causes a brigade or horse artillery to retreat ... One fail
 * will destroy a foot artillery unit. Two or more fails will destroy any
 * unit." */
static const char *
morale_outcome(long fails, const char *type)
{
	if (fails >= 2 || (fails == 1 && strcmp(type, "foot-artillery") == 0))
		return "destroyed";
	return fails == 1 ? "retreats" : "holds";
}

/* Tests one unit; "a unit compelled to retreat but unable to do so must
 * take one additional hit and recheck its morale (it may ignore a second
 * retreat result)." */
static int
test_unit(const struct tableset *ts, const struct inputs *in, int unit,
    const char *type, enum die_kind k, long hits, struct dice *d,
    struct result *r, long *fails, const char **outcome, int *extra)
{
	char placed[EFFECT_ROLE], label[160];
	int rc;

	/* In a game the unit's name, else its place among the testers. */
	snprintf(placed, sizeof placed, "unit:%d", unit - 1);
	if (result_named(r, placed) != NULL)
		text_copy(label, sizeof label, result_named(r, placed));
	else
		snprintf(label, sizeof label, "unit %d", unit);
	*extra = 0;
	if ((rc = morale_dice(ts, in, GROUP_MORALE + unit, label, k, hits, d, fails,
	    r)) != RULE_OK)
		return rc;
	*outcome = morale_outcome(*fails, type);
	result_work(r, "%s (%s, %s, %ld hit%s): %ld fail%s: %s", label, type,
	    die_name(k), hits, hits == 1 ? "" : "s", *fails, *fails == 1 ? "" : "s", *outcome);
	if (strcmp(*outcome, "retreats") != 0 || !in_mod(in, "mod", "cannot-retreat"))
		return RULE_OK;
	*extra = 1;
	/* (a pool of its own: these dice are rolled only as the first fell) */
	if ((rc = morale_dice(ts, in, GROUP_RETEST + unit, label, k, hits + 1, d, fails,
	    r)) != RULE_OK)
		return rc;
	*outcome = *fails >= 2 ? "destroyed" : "holds";
	result_work(r, "%s cannot retreat: one more hit, tests again with %ld: %ld fail%s: %s",
	    label, hits + 1, *fails, *fails == 1 ? "" : "s", *outcome);
	return RULE_OK;
}

/* One unit testing: its type, morale die and hit markers. */
struct tester {
	char type[32];
	enum die_kind die;
	long hits;
};

/* The units testing: --test specs, or one from --morale/--hits/--type. */
static int
testers(const struct inputs *in, struct tester *t, int *n, struct result *r)
{
	struct in_item it;

	*n = 0;
	if (in_nitems(in, "test") > SIDE_UNITS)
		return result_fail(r, RULE_DATA, "--test: at most %d units", SIDE_UNITS);
	for (int i = 0; in_item(in, "test", i, &it); i++, (*n)++) {
		text_copy(t[*n].type, sizeof t[*n].type, in_part_word(in, &it.part[0]));
		t[*n].die = (enum die_kind)it.part[1].die;
		t[*n].hits = it.part[2].n;
		if (t[*n].hits > 100)
			return result_fail(r, RULE_DATA, "--test: '%s' has more than 100 hits", it.name);
	}
	if (*n > 0)
		return RULE_OK;
	if (!in_given(in, "morale") || !in_given(in, "hits"))
		return result_fail(r, RULE_USAGE, "morale needs --morale dN and --hits N");
	text_copy(t[0].type, sizeof t[0].type, in_text(in, "type"));
	die_parse(in_text(in, "morale"), &t[0].die);
	t[0].hits = in_count(in, "hits");
	*n = 1;
	return RULE_OK;
}

int
squares_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	struct tester t[SIDE_UNITS];
	long fails = 0, gone = 0;
	const char *outcome = "holds";
	int n, rc, extra;

	if ((rc = testers(in, t, &n, r)) != RULE_OK)
		return rc;
	result_list(r, "units");
	for (int i = 0; i < n; i++) {
		char role[24];

		if ((rc = test_unit(ts, in, i + 1, t[i].type, t[i].die, t[i].hits, d,
		    r, &fails, &outcome, &extra)) != RULE_OK)
			return rc;
		gone += strcmp(outcome, "holds") != 0;
		result_open(r, NULL);
		result_int(r, "fails", fails);
		result_word(r, "outcome", outcome);
		result_bool(r, "extra_hit", extra);
		result_close(r);
		snprintf(role, sizeof role, "unit:%d", i);
		if (extra)
			result_ledger(r, role, "loss", 1);
		if (strcmp(outcome, "destroyed") == 0)
			result_state(r, role, "destroyed", 0);
		if (strcmp(outcome, "retreats") == 0)
			result_part(r, role, "retreats");
	}
	result_list_end(r);
	result_int(r, "fails", fails);
	result_word(r, "outcome", outcome);
	/* "If more than half of the units in an OPEN square retreat or are
	 * destroyed then the remaining units in the square must retreat." */
	if (in_given(in, "square-units")) {
		int forced = gone * 2 > in_count(in, "square-units");

		result_bool(r, "square_must_retreat", forced);
		if (forced) {
			result_work(r, "%ld of the square's %ld units retreat or are destroyed: the rest must retreat",
			    gone, in_count(in, "square-units"));
			result_part(r, "square-mates:*", "must-retreat");
		}
	}
	if (n == 1)
		result_summary(r, "%s (%ld fail%s)", outcome, fails, fails == 1 ? "" : "s");
	else
		result_summary(r, "%d units tested: %ld retreat or are destroyed", n, gone);
	return RULE_OK;
}
