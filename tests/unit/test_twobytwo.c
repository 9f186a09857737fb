/* Unit tests of the 2x2 rule functions and tables. */
#include "unit.h"

static void
movement_table_rows(void **state)
{
	static const struct {
		const char *type;
		int rate, road;
	} rows[] = {
		{ "hq", 6, 7 }, { "line", 3, 4 }, { "guards", 3, 4 },
		{ "light-infantry", 3, 4 }, { "militia", 3, 4 },
		{ "heavy-cavalry", 4, 5 }, { "light-cavalry", 5, 6 },
		{ "foot-artillery", 2, 3 }, { "horse-artillery", 4, 4 },
	};
	char args[64], want[16];

	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		snprintf(args, sizeof args, "--type %s", rows[i].type);
		snprintf(want, sizeof want, "%d", rows[i].rate);
		assert_field(call_rule("2x2", "move", args, NULL), "inches", want);
		snprintf(args, sizeof args, "--type %s --road", rows[i].type);
		snprintf(want, sizeof want, "%d", rows[i].road);
		assert_field(call_rule("2x2", "move", args, NULL), "inches", want);
	}
}

static void
shooting_ladder(void **state)
{
	static const char *const outcomes[] = {
		"\"no_effect\"", "\"no_effect\"", "\"no_effect\"", "\"pinned\"",
		"\"disrupted\"", "\"routs\""
	};
	char faces[12];	/* an int, whole */

	(void)state;
	/* Muskets at 1": first volley +1, so a face f scores f + 1. */
	for (int f = 1; f <= 6; f++) {
		snprintf(faces, sizeof faces, "%d", f);
		assert_field(call_rule("2x2", "fire", "--firer line --distance 1", faces),
		    "outcome", outcomes[f - 1]);
	}
	assert_field(call_rule("2x2", "fire",
	    "--firer line --distance 1 --mod target-cavalry", "5"), "outcome",
	    "\"destroyed\"");
}

static void
melee_bands(void **state)
{
	struct call *c;

	(void)state;
	c = call_rule("2x2", "melee", "--attacker-type line --defender-type line", "4,4");
	assert_field(c, "outcome", "\"reroll\"");
	assert_int_equal(c->r.neffects, 0);
	c = call_rule("2x2", "melee", "--attacker-type line --defender-type line", "4,2");
	assert_field(c, "outcome", "\"routs\"");
	c = call_rule("2x2", "melee", "--attacker-type line --defender-type line", "4,1");
	assert_field(c, "outcome", "\"destroyed\"");
	assert_field(c, "follow_up", "\"optional\"");
	c = call_rule("2x2", "melee", "--attacker-type heavy-cavalry --defender-type line", "3,1");
	assert_field(c, "follow_up", "\"mandatory\"");
}

/*
 * Every band edge of the shooting ladder (<=4 none, 5 pinned, 6 disrupted,
 * 7 routs, 8+ destroyed: a line at 1" scores the face +1, its first
 * volley), the melee differences (0 reroll, 1-2 routs, 3 destroyed with an
 * optional follow up, 4+ mandatory; two lines score their faces), the
 * rally (5+; a line unmodified) and the victory (fast: lost at 5
 * destroyed; decisive: 5 or more and 2 more than the opponent).
 */
static void
band_edges(void **state)
{
	/* by the score, 4 to 8 */
	static const char *const shots[] = {
		"\"no_effect\"", "\"pinned\"", "\"disrupted\"", "\"routs\"", "\"destroyed\""
	};
	static const struct {
		const char *faces, *outcome, *follow_up;
	} melees[] = {
		{ "4,4", "\"reroll\"", "\"none\"" }, { "5,4", "\"routs\"", "\"optional\"" },
		{ "6,4", "\"routs\"", "\"optional\"" }, { "5,2", "\"destroyed\"", "\"optional\"" },
		{ "6,2", "\"destroyed\"", "\"mandatory\"" }, { "6,1", "\"destroyed\"", "\"mandatory\"" },
	};
	static const struct {
		const char *args, *lost;
	} victories[] = {
		{ "--victory fast --destroyed 4", "false" }, { "--victory fast --destroyed 5", "true" },
		{ "--victory fast --destroyed 6", "true" },
		{ "--victory decisive --destroyed 5 --enemy-destroyed 3", "true" },
		{ "--victory decisive --destroyed 5 --enemy-destroyed 4", "false" },
		{ "--victory decisive --destroyed 4 --enemy-destroyed 2", "false" },
		{ "--victory decisive --destroyed 4 --enemy-destroyed 0", "false" },
		{ "--victory decisive --destroyed 6 --enemy-destroyed 4", "true" },
		{ "--victory decisive --destroyed 6 --enemy-destroyed 5", "false" },
	};
	char faces[12];	/* an int, whole */

	(void)state;
	/* faces 3..6 score 4..7; with the target disrupted (+1), 6 scores 8 */
	for (int f = 3; f <= 6; f++) {
		snprintf(faces, sizeof faces, "%d", f);
		assert_field(call_rule("2x2", "fire", "--firer line --distance 1", faces),
		    "outcome", shots[f + 1 - 4]);
	}
	assert_field(call_rule("2x2", "fire", "--firer line --distance 1 --mod target-disrupted",
	    "6"), "outcome", shots[8 - 4]);
	for (size_t i = 0; i < sizeof melees / sizeof melees[0]; i++) {
		struct call *c = call_rule("2x2", "melee", "--attacker-type line --defender-type line",
		    melees[i].faces);

		assert_field(c, "outcome", melees[i].outcome);
		assert_field(c, "follow_up", melees[i].follow_up);
	}
	assert_field(call_rule("2x2", "rally", "", "4"), "rallied", "false");
	assert_field(call_rule("2x2", "rally", "", "5"), "rallied", "true");
	assert_field(call_rule("2x2", "rally", "", "6"), "rallied", "true");
	for (size_t i = 0; i < sizeof victories / sizeof victories[0]; i++)
		assert_field(call_rule("2x2", "morale", victories[i].args, NULL), "lost",
		    victories[i].lost);
}

static void
rally_cases(void **state)
{
	struct call *c = call_rule("2x2", "rally", "--mod enemy-within-2", "6");

	(void)state;
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
	c = call_rule("2x2", "rally", "--type guards --mod enemy-within-2", "6");
	assert_true(c->r.legal);
	assert_field(c, "score", "5");
	c = call_rule("2x2", "rally", "--type hq", "3");
	assert_field(c, "rallied", "true");
}

static void
rout_chain(void **state)
{
	struct call *c = call_rule("2x2", "morale",
	    "--rout --type guards --passed A:line --passed B:militia", "3");

	(void)state;
	assert_field(c, "also_rout", "[\"A\",\"B\"]");
	c = call_rule("2x2", "morale", "--rout --type line --passed A:line", "3");
	assert_field(c, "also_rout", "[]");
	c = call_rule("2x2", "morale", "--rout --type line", "2");
	assert_field(c, "destroyed", "true");
}

static void
army_points(void **state)
{
	const struct ruleset *rs = ruleset_find("2x2");
	struct tableset ts = table_stock_set();
	struct inputs in;
	struct result r;
	double cost;
	long start;
	char size_opt[] = "--size", size_large[] = "large";
	char *argv[] = { size_opt, size_large };

	(void)state;
	assert_int_equal(inputs_parse(&in, "2x2", "unit", rs->roster->inputs, NULL,
	    2, argv, NULL), 0);
	result_init(&r);
	assert_int_equal(rs->roster->rate(&ts, "horse-artillery", &in, &start, &cost, &r), 0);
	assert_true(cost == 5);
	assert_int_equal(inputs_parse(&in, "2x2", "unit", rs->roster->inputs, NULL,
	    0, NULL, NULL), 0);
	assert_int_equal(rs->roster->rate(&ts, "militia", &in, &start, &cost, &r), 0);
	assert_true(cost == 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(movement_table_rows),
		cmocka_unit_test(shooting_ladder),
		cmocka_unit_test(melee_bands),
		cmocka_unit_test(band_edges),
		cmocka_unit_test(rally_cases),
		cmocka_unit_test(rout_chain),
		cmocka_unit_test(army_points),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
