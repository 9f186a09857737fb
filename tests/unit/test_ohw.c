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

/* l.137: the lodgement on the FP the defender takes, after the halving. */
static void
bua_lodgement(void **state)
{
	struct call *c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --defender-mod bua", "4,1");

	(void)state;
	assert_field(c, "defender_fp", "2");
	assert_field(c, "outcome", "\"attacker_retires\"");
	c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --defender-mod bua", "5,1");
	assert_field(c, "defender_fp", "3");
	assert_field(c, "outcome", "\"lodgement\"");
}

/* l.145 exhausted infantry may not charge; l.143 a broken unit neither
 * fires nor fights. */
static void
refused_melee_and_fire(void **state)
{
	static const char *const refused[][2] = {
		{ "melee", "--attacker-type infantry --defender-type infantry --attacker-mod exhausted" },
		{ "melee", "--attacker-type infantry --defender-type infantry --attacker-mod broken" },
		{ "melee", "--attacker-type cavalry --defender-type infantry --defender-mod broken" },
		{ "melee", "--attacker-type cavalry --defender-type infantry --defender-fp 15" },
		{ "fire", "--firer line --distance 5 --mod broken" },
	};
	struct call *c;

	(void)state;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		c = call_rule("ohw", refused[i][0], refused[i][1],
		    strcmp(refused[i][0], "fire") == 0 ? "4" : "4,1");
		assert_int_equal(c->rc, 0);
		assert_false(c->r.legal);
		assert_int_equal(c->dice.nused, 0);
		assert_int_equal(c->r.neffects, 0);
	}
	c = call_rule("ohw", "melee", "--attacker-type cavalry --defender-type square --attacker-mod exhausted", "4,1");
	assert_true(c->r.legal);
	assert_field(c, "defender_fp", "2");
	c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --defender-fp 15 --defender-mod pyrrhic", "4,1");
	assert_true(c->r.legal);
}

static void
moves(void **state)
{
	(void)state;
	assert_field(call_rule("ohw", "move", "--type infantry --formation column --road", NULL),
	    "inches", "9");
	assert_field(call_rule("ohw", "move", "--type cavalry --out-of-command", NULL), "inches", "6");
	/* l.40: foot artillery, 1/2 per action: limber and move is 3" of 6". */
	assert_field(call_rule("ohw", "move", "--type foot-artillery", NULL), "inches", "3");
	assert_field(call_rule("ohw", "move", "--type foot-artillery --formation-change french", NULL),
	    "inches", "3");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(state_edges),
		cmocka_unit_test(fire_bands),
		cmocka_unit_test(melee_rules),
		cmocka_unit_test(bua_lodgement),
		cmocka_unit_test(refused_melee_and_fire),
		cmocka_unit_test(moves),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
