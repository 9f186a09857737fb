/* Unit tests of the squares rule functions and tables. */
#include "unit.h"

static void
bombardment_dice_types(void **state)
{
	static const struct {
		const char *args, *faces;
	} ok[] = {
		{ "--artillery foot --range close", "10" },
		{ "--artillery foot --range long", "8" },
		{ "--artillery horse --range close", "8" },
		{ "--artillery horse --range long", "6" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		struct call *c = call_rule("squares", "fire", ok[i].args, ok[i].faces);

		assert_int_equal(c->rc, 0);
		assert_field(c, "hits", "1");
	}
	assert_int_equal(call_rule("squares", "fire", "--artillery horse --range long", "7")->rc, RULE_DATA);
}

static void
thresholds(void **state)
{
	(void)state;
	assert_field(call_rule("squares", "fire", "--artillery foot --range close", "5"), "hits", "1");
	assert_field(call_rule("squares", "fire", "--artillery foot --range close", "4"), "hits", "0");
	assert_field(call_rule("squares", "fire", "--artillery foot --range close --mod woods", "5"), "hits", "0");
	assert_field(call_rule("squares", "fire", "--artillery foot --range close --mod woods", "6"), "hits", "1");
}

/*
 * The scores needed (the thresholds table) at, below and above each: a
 * hit on 5+ (6+ in woods, 6+ against the skirmish advantage), a morale
 * die passing on 5+ (one fail retreats, two destroy), a battlefield rally
 * on 5+; and the rally's own edge, "only with 2+ hits".  Faces on a d8
 * bombardment: 4, 5, 6; in woods 5, 6, 7.
 */
static void
threshold_edges(void **state)
{
	static const struct {
		const char *args, *faces, *field, *want;
	} cases[] = {
		{ "--artillery foot --range long", "4", "hits", "0" },
		{ "--artillery foot --range long", "5", "hits", "1" },
		{ "--artillery foot --range long", "6", "hits", "1" },
		{ "--artillery foot --range long --mod woods", "5", "hits", "0" },
		{ "--artillery foot --range long --mod woods", "6", "hits", "1" },
		{ "--artillery foot --range long --mod woods", "7", "hits", "1" },
		{ "--morale d8 --hits 1", "4", "outcome", "\"retreats\"" },
		{ "--morale d8 --hits 1", "5", "outcome", "\"holds\"" },
		{ "--morale d8 --hits 1", "6", "outcome", "\"holds\"" },
		{ "--morale d8 --hits 2", "4,5", "outcome", "\"retreats\"" },
		{ "--morale d8 --hits 3", "4,4,5", "outcome", "\"destroyed\"" },
		{ "--morale d8 --hits 2", "4", "hits_after", "2" },
		{ "--morale d8 --hits 2", "5", "hits_after", "1" },
		{ "--morale d8 --hits 3", "6", "hits_after", "2" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *cmd = strcmp(cases[i].field, "hits") == 0 ? "fire" :
		    strcmp(cases[i].field, "outcome") == 0 ? "morale" : "rally";
		struct call *c = call_rule("squares", cmd, cases[i].args, cases[i].faces);

		assert_int_equal(c->rc, 0);
		assert_field(c, cases[i].field, cases[i].want);
	}
	/* "If more than half of the units in an OPEN square retreat or are
	 * destroyed": 2 of 4 is half (no), 3 of 4 and 2 of 3 are more; d8
	 * faces 4 fail, 5 hold, one die a hit marker */
	assert_field(call_rule("squares", "morale",
	    "--test brigade:d8:1 --test brigade:d8:1 --square-units 4", "4,4"),
	    "square_must_retreat", "false");
	assert_field(call_rule("squares", "morale",
	    "--test brigade:d8:1 --test brigade:d8:1 --test brigade:d8:1 --square-units 4",
	    "4,4,4"), "square_must_retreat", "true");
	assert_field(call_rule("squares", "morale",
	    "--test brigade:d8:1 --test brigade:d8:1 --square-units 3", "4,4"),
	    "square_must_retreat", "true");
	assert_field(call_rule("squares", "morale",
	    "--test brigade:d8:1 --test brigade:d8:1 --square-units 3", "4,5"),
	    "square_must_retreat", "false");
	/* "only with 2+ hits": one hit may not rally, two may */
	assert_false(call_rule("squares", "rally", "--morale d8 --hits 1", "8")->r.legal);
	assert_true(call_rule("squares", "rally", "--morale d8 --hits 2", "8")->r.legal);
}

static void
skirmish_cases(void **state)
{
	struct call *c;

	(void)state;
	c = call_rule("squares", "melee", "--attacker-spec inf:d8/d8 --defender-spec inf:d6/d8",
	    "3,6,1,1,1,1");
	assert_field(c, "skirmish_advantage", "\"defender\"");
	c = call_rule("squares", "melee", "--attacker-spec cav:d8 --defender-spec cav:d8",
	    "1,1,1,1");
	assert_field(c, "skirmish_advantage", "\"none\"");
	assert_int_equal(c->dice.nused, 4);
}

static void
morale_fails(void **state)
{
	(void)state;
	assert_field(call_rule("squares", "morale", "--morale d6 --hits 2", "5,6"), "outcome", "\"holds\"");
	assert_field(call_rule("squares", "morale", "--morale d6 --hits 2", "5,4"), "outcome", "\"retreats\"");
	assert_field(call_rule("squares", "morale", "--morale d6 --hits 2", "1,4"), "outcome", "\"destroyed\"");
	assert_field(call_rule("squares", "morale", "--morale d6 --hits 1 --type foot-artillery", "4"),
	    "outcome", "\"destroyed\"");
}

static void
action_points(void **state)
{
	(void)state;
	assert_field(call_rule("squares", "move", "--path ne,ne,ne", NULL), "ap_cost", "5");
	assert_field(call_rule("squares", "move", "--path n,n --terrain woods,river", NULL), "ap_cost", "4");
	assert_int_equal(call_rule("squares", "move", "--path up", NULL)->rc, RULE_DATA);
}

static void
rally_never_the_last(void **state)
{
	struct call *c = call_rule("squares", "rally", "--morale d8 --hits 1", "8");

	(void)state;
	assert_false(c->r.legal);
	assert_field(call_rule("squares", "rally", "--overnight --hits 2", NULL), "hits_after", "1");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bombardment_dice_types),
		cmocka_unit_test(thresholds),
		cmocka_unit_test(threshold_edges),
		cmocka_unit_test(skirmish_cases),
		cmocka_unit_test(morale_fails),
		cmocka_unit_test(action_points),
		cmocka_unit_test(rally_never_the_last),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
