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

/*
 * Every edge of the states (l.143-145: "At about 50% of Break Point ...
 * Tired ... At about 75% ... Exhausted"; broken at the break point), at,
 * just below and just above each, where the fraction is whole and where it
 * is not.  Worked by hand:
 *   16: half 8, three quarters 12 (whole): tired from 8, exhausted from 12;
 *   15: half 7.5, three quarters 11.25: tired from 8, exhausted from 12;
 *   13: half 6.5, three quarters 9.75: tired from 7, exhausted from 10;
 *   pyrrhic 20: tired from 10, exhausted from 15, no break: destroyed at 24.
 */
static void
state_band_edges(void **state)
{
	static const struct {
		int bp, fp;
		const char *mod, *state;
	} cases[] = {
		{ 16, 7, "", "fresh" }, { 16, 8, "", "tired" }, { 16, 9, "", "tired" },
		{ 16, 11, "", "tired" }, { 16, 12, "", "exhausted" }, { 16, 13, "", "exhausted" },
		{ 16, 15, "", "exhausted" }, { 16, 16, "", "broken" }, { 16, 17, "", "broken" },
		{ 15, 7, "", "fresh" }, { 15, 8, "", "tired" }, { 15, 9, "", "tired" },
		{ 15, 11, "", "tired" }, { 15, 12, "", "exhausted" }, { 15, 13, "", "exhausted" },
		{ 15, 14, "", "exhausted" }, { 15, 15, "", "broken" }, { 15, 16, "", "broken" },
		{ 13, 6, "", "fresh" }, { 13, 7, "", "tired" }, { 13, 8, "", "tired" },
		{ 13, 9, "", "tired" }, { 13, 10, "", "exhausted" }, { 13, 11, "", "exhausted" },
		{ 13, 12, "", "exhausted" }, { 13, 13, "", "broken" }, { 13, 14, "", "broken" },
		{ 20, 9, " --mod pyrrhic", "fresh" }, { 20, 10, " --mod pyrrhic", "tired" },
		{ 20, 14, " --mod pyrrhic", "tired" }, { 20, 15, " --mod pyrrhic", "exhausted" },
		{ 20, 20, " --mod pyrrhic", "exhausted" }, { 20, 23, " --mod pyrrhic", "exhausted" },
		{ 20, 24, " --mod pyrrhic", "destroyed" }, { 20, 25, " --mod pyrrhic", "destroyed" },
	};
	char args[128], want[32];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(args, sizeof args, "--fp %d --break-point %d%s", cases[i].fp,
		    cases[i].bp, cases[i].mod);
		snprintf(want, sizeof want, "\"%s\"", cases[i].state);
		assert_field(call_rule("ohw", "fatigue", args, NULL), "state", want);
	}
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

/* l.41: "Horse gun deduct 1/4 move for such actions" (moving, limbering,
 * unlimbering), whatever the drill: 12" less 3" is 9", under the older
 * drill as under the French; evading, 9" too (l.122). */
static void
horse_battery_quarter(void **state)
{
	(void)state;
	assert_field(call_rule("ohw", "move", "--type horse-artillery --formation-change older", NULL),
	    "inches", "9");
	assert_field(call_rule("ohw", "move", "--type horse-artillery --formation-change french", NULL),
	    "inches", "9");
	assert_field(call_rule("ohw", "move", "--type horse-artillery", NULL), "inches", "12");
	assert_field(call_rule("ohw", "move", "--type horse-artillery --evade", NULL), "inches", "9");
	/* infantry keep their drill: a line 4" less 1/2 is 2" */
	assert_field(call_rule("ohw", "move", "--type infantry --formation-change older", NULL),
	    "inches", "2");
}

/* The effect of kind WHAT (a word effect) on ROLE, or NULL. */
static const struct effect *
effect_of(const struct call *c, const char *role, const char *what)
{
	for (int i = 0; i < c->r.neffects; i++)
		if (strcmp(c->r.effects[i].role, role) == 0 &&
		    strcmp(c->r.effects[i].what, what) == 0)
			return &c->r.effects[i];
	return NULL;
}

/* True when LINE is a line of the call's working, whole. */
static int
has_work(const struct call *c, const char *line)
{
	for (int i = 0; i < c->r.nwork; i++)
		if (strcmp(c->r.work[i], line) == 0)
			return 1;
	return 0;
}

/* l.40: "Foot Artillery is 1/2 per action (move/unlimber/limber)": a
 * battery's --formation limbered or unlimbered is that action, and it
 * stands so after (6" halved for the move, the limber taking the other
 * half: 3"); a battery that fires and evades limbers up (l.122); no other
 * troops limber, and no battery stands in line. */
static void
battery_limbers(void **state)
{
	struct call *c = call_rule("ohw", "move", "--type foot-artillery --formation limbered", NULL);
	const struct effect *e;

	(void)state;
	assert_field(c, "inches", "3");
	assert_non_null(e = effect_of(c, "unit", "formation"));
	assert_string_equal(e->word, "limbered");
	c = call_rule("ohw", "move", "--type horse-artillery --formation unlimbered", NULL);
	assert_field(c, "inches", "9");
	assert_non_null(e = effect_of(c, "unit", "formation"));
	assert_string_equal(e->word, "unlimbered");
	assert_non_null(e = effect_of(call_rule("ohw", "move", "--type horse-artillery --evade",
	    NULL), "unit", "formation"));
	assert_string_equal(e->word, "limbered");
	assert_null(effect_of(call_rule("ohw", "move", "--type foot-artillery", NULL), "unit",
	    "formation"));
	c = call_rule("ohw", "move", "--type cavalry --formation limbered", NULL);
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason, "only artillery limbers up (l.40)");
	c = call_rule("ohw", "move", "--type foot-artillery --formation line", NULL);
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason,
	    "artillery limbers or unlimbers: it stands in no line (l.36, l.40)");
	/* a limbered battery's fire: the game names it (ohw.txt l.40) */
	c = call_rule("ohw", "fire", "--firer foot-artillery --distance 10 --mod limbered", "4");
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
}

/* l.130, l.189: "In the case of an Infantry column having charged they will
 * retreat two inches and be formed into a line facing their target"; a
 * line retires 6" and stays as it was; a column that breaks its defender
 * stays in column. */
static void
column_charge_fails(void **state)
{
	struct call *c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --attacker-mod column", "2,2");
	const struct effect *e;

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_field(c, "outcome", "\"attacker_retires\"");
	assert_non_null(e = effect_of(c, "attacker", "formation"));
	assert_string_equal(e->word, "line");
	assert_true(has_work(c, "the column did not break the defender: it retreats 2\" and forms line facing its target"));
	assert_false(has_work(c, "the defender is not broken: the attacker retires 6\""));
	c = call_rule("ohw", "melee", "--attacker-type infantry --defender-type infantry", "2,2");
	assert_field(c, "outcome", "\"attacker_retires\"");
	assert_null(effect_of(c, "attacker", "formation"));
	assert_true(has_work(c, "the defender is not broken: the attacker retires 6\""));
	/* 6 FP on a defender at 10 of 15: broken; the column stays as it is */
	c = call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --attacker-mod column --defender-fp 10", "6,2");
	assert_field(c, "outcome", "\"defender_broken\"");
	assert_null(effect_of(c, "attacker", "formation"));
	/* only infantry charge in column, and the column is the attacker's */
	assert_int_equal(call_rule("ohw", "melee",
	    "--attacker-type cavalry --defender-type infantry --attacker-mod column", "2,2")->rc, RULE_DATA);
	assert_int_equal(call_rule("ohw", "melee",
	    "--attacker-type infantry --defender-type infantry --defender-mod column", "2,2")->rc, RULE_DATA);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(state_edges),
		cmocka_unit_test(state_band_edges),
		cmocka_unit_test(fire_bands),
		cmocka_unit_test(melee_rules),
		cmocka_unit_test(bua_lodgement),
		cmocka_unit_test(refused_melee_and_fire),
		cmocka_unit_test(moves),
		cmocka_unit_test(horse_battery_quarter),
		cmocka_unit_test(battery_limbers),
		cmocka_unit_test(column_charge_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
