/* Unit tests of the ohw rules: FP from fire and melee, states, moves. */
#include "unit.h"

static void
state_edges(void **state)
{
	static const struct {
		const char *fp, *state;
	} cases[] = {
		{ "--fp 7", "\"fresh\"" }, { "--fp 8", "\"tired\"" },
		{ "--fp 11", "\"tired\"" }, { "--fp 12", "\"exhausted\"" },
		{ "--fp 15", "\"broken\"" }, { "--fp 23 --mod pyrrhic", "\"exhausted\"" },
		{ "--fp 24 --mod pyrrhic", "\"destroyed\"" },
		{ "--fp 10 --break-point 20", "\"tired\"" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_field(call_rule("ohw", "fatigue", cases[i].fp, NULL), "state", cases[i].state);
}

static void
fire_bands(void **state)
{
	(void)state;
	assert_field(call_rule("ohw", "fire", "--firer foot-artillery --distance 12", "4"),
	    "fatigue_points", "3");
	assert_field(call_rule("ohw", "fire", "--firer foot-artillery --distance 12.1", "4"),
	    "fatigue_points", "2");
	assert_field(call_rule("ohw", "fire", "--firer foot-artillery --distance 24.1", "4"),
	    "fatigue_points", "1");
	assert_field(call_rule("ohw", "fire", "--firer line --distance 1 --mod target-skirmishers", "1"),
	    "fatigue_points", "0");
	assert_field(call_rule("ohw", "fire", "--firer line --distance 1 --mod target-in-cover", "3"),
	    "fatigue_points", "2");
}

static void
melee_rules(void **state)
{
	struct call *c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --defender-mod flank-or-rear", "3,1");

	(void)state;
	assert_field(c, "defender_fp", "6");
	c = call_rule("ohw", "melee", "--attacker-type heavy-cavalry --defender-type square", "1,2,4");
	assert_int_equal(c->dice.nused, 3);
	assert_field(c, "defender_fp", "4");
	assert_field(c, "attacker_fp", "2");
}

static void
moves(void **state)
{
	(void)state;
	assert_field(call_rule("ohw", "move", "--type infantry --formation column --road", NULL),
	    "inches", "9");
	assert_field(call_rule("ohw", "move", "--type cavalry --out-of-command", NULL), "inches", "6");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(state_edges),
		cmocka_unit_test(fire_bands),
		cmocka_unit_test(melee_rules),
		cmocka_unit_test(moves),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
