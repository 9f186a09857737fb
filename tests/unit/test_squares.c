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
		cmocka_unit_test(skirmish_cases),
		cmocka_unit_test(morale_fails),
		cmocka_unit_test(action_points),
		cmocka_unit_test(rally_never_the_last),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
