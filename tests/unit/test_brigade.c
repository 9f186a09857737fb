/* Unit tests of the brigade rule functions against the stock tables. */
#include "unit.h"

static void
infantry_worked_example(void **state)
{
	struct call *c = call_rule("brigade", "fire", "--firers 16 --distance 2", "4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_field(c, "casualties", "2");
	assert_field(c, "row", "19");
	assert_field(c, "carried_row", "7");
	assert_int_equal(c->r.nmods, 1);
	assert_string_equal(c->r.mods[0].name, "close");
}

static void
artillery_worked_example(void **state)
{
	struct call *c = call_rule("brigade", "fire",
	    "--guns 2 --ammo canister --distance 4", "3,4,5");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_field(c, "casualties", "4");
	assert_field(c, "row", "10");
	assert_field(c, "guns_fired", "2");
}

static void
out_of_range_ends_early(void **state)
{
	struct call *c = call_rule("brigade", "fire", "--firers 16 --distance 7", "4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_field(c, "range", "\"out\"");
	assert_true(c->dice.ended_early);
	assert_int_equal(c->dice.nused, 0);
	assert_true(c->r.legal);
	assert_non_null(strstr(c->r.reason, "out of range"));
}

static void
forbidden_fire(void **state)
{
	struct call *c = call_rule("brigade", "fire",
	    "--firers 16 --distance 2 --mod rallying", "4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason, "units rallying cannot fire");
}

static void
carry_back_blocks(void **state)
{
	/* 320 = 150 + 150 + 20: last column 62 + 62 + 8 = 132; 132 at die 4 = 44. */
	struct call *c = call_rule("brigade", "fire", "--firers 320 --distance 5", "4");

	(void)state;
	assert_field(c, "carried_row", "132");
	assert_field(c, "casualties", "44");
}

static void
zero_figures_inflict_nothing(void **state)
{
	struct call *c = call_rule("brigade", "fire",
	    "--firers 0 --distance 5 --mod hard-cover", "5");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_field(c, "casualties", "0");
}

static void
melee_decision(void **state)
{
	struct call *c = call_rule("brigade", "melee",
	    "--attacker-figures 24 --defender-figures 16", "4,3");

	(void)state;
	assert_field(c, "outcome", "\"attacker_wins\"");
	assert_field(c, "pushback", "1");
	c = call_rule("brigade", "melee",
	    "--attacker-figures 16 --defender-figures 16", "5,3");
	assert_field(c, "outcome", "\"draw\"");
	assert_field(c, "pushback", "null");
}

static void
melee_rear_takes_one_die(void **state)
{
	struct call *c = call_rule("brigade", "melee",
	    "--attacker-figures 16 --defender-figures 16 --attacker-mod rear", "4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_int_equal(c->dice.nused, 1);
	assert_field(c, "attacker_casualties", "0");
}

/* l.41: "Marching columns cannot fire or fight whilst marching": attacked,
 * they inflict nothing (one die); attacking, they are refused. */
static void
melee_march_column(void **state)
{
	struct call *c = call_rule("brigade", "melee",
	    "--attacker-figures 24 --defender-figures 16 --defender-mod march-column", "4,4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_true(c->r.legal);
	assert_int_equal(c->dice.nused, 1);
	assert_field(c, "attacker_casualties", "0");
	assert_field(c, "defender_casualties", "3");
	c = call_rule("brigade", "melee",
	    "--attacker-figures 24 --defender-figures 16 --attacker-mod march-column", "4,4");
	assert_int_equal(c->rc, 0);
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.reason, "marching columns cannot fire or fight whilst marching");
}

/* l.256: lancers +1 in the first round only; a push back in this melee
 * makes it round 2 at least. */
static void
melee_lancers_round(void **state)
{
	struct call *c = call_rule("brigade", "melee",
	    "--attacker-figures 36 --defender-figures 36 --attacker-mod lancers", "4,4");

	(void)state;
	assert_field(c, "attacker_total", "37");
	c = call_rule("brigade", "melee",
	    "--attacker-figures 36 --defender-figures 36 --attacker-mod lancers --round 2", "4,4");
	assert_field(c, "attacker_total", "36");
	c = call_rule("brigade", "melee",
	    "--attacker-figures 36 --defender-figures 36 --attacker-mod lancers --defender-pushbacks 1", "4,4");
	assert_field(c, "attacker_total", "36");
	assert_int_equal(c->r.neffects, 4);
	assert_string_equal(c->r.effects[2].what, "melee");
	assert_int_equal(c->r.effects[2].total, 2);
}

/* No crew at any gun: refused before a die, not "every gun misfired". */
static void
battery_without_crew(void **state)
{
	struct call *c = call_rule("brigade", "fire", "--guns 2 --crew 0 --distance 20", "2,3,4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.reason, "the battery has no crew left: none of its guns can fire");
}

static void
morale_bands(void **state)
{
	static const struct {
		const char *args, *state;
	} cases[] = {
		{ "--class british --figures 11", "\"ok\"" },
		{ "--class british --figures 10", "\"halt\"" },
		{ "--class british --figures 7", "\"fall_back\"" },
		{ "--class guards --figures 16", "\"ok\"" },
		{ "--class guards --figures 7", "\"fall_back\"" },
		{ "--class french --figures 6", "\"halt\"" },
		{ "--class french --figures 5", "\"fall_back\"" },
		{ "--class prussian --figures 5", "\"halt\"" },
		{ "--class divcav --figures 1", "\"fall_back\"" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct call *c = call_rule("brigade", "morale", cases[i].args, NULL);

		assert_int_equal(c->rc, 0);
		assert_field(c, "state", cases[i].state);
	}
	assert_int_equal(call_rule("brigade", "morale", "--class british --figures 17", NULL)->rc, RULE_DATA);
}

/*
 * Every class's bands (l.392-417) at, just below and just above each edge:
 * OK from ok_min, HALT from halt_min, FALL BACK below it.  From the text:
 * guards 24-16 / 15-8 / 7-0, british 16-11 / 10-8 / 7-0, french 18-12 /
 * 11-6 / 5-0, prussian and cavalry 12-8 / 7-5 / 4-0, divcav 6-4 / 3-2 / 1-0.
 */
static void
morale_band_edges(void **state)
{
	static const struct {
		const char *cls;
		int full, ok_min, halt_min;
	} classes[] = {
		{ "guards", 24, 16, 8 }, { "british", 16, 11, 8 }, { "french", 18, 12, 6 },
		{ "prussian", 12, 8, 5 }, { "cavalry", 12, 8, 5 }, { "divcav", 6, 4, 2 },
	};
	char args[64];

	(void)state;
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		for (int f = 0; f <= classes[i].full; f++) {
			const char *want = f >= classes[i].ok_min ? "\"ok\"" :
			    f >= classes[i].halt_min ? "\"halt\"" : "\"fall_back\"";
			int edge = f == 0 || f == classes[i].full ||
			    (f >= classes[i].ok_min - 1 && f <= classes[i].ok_min + 1) ||
			    (f >= classes[i].halt_min - 1 && f <= classes[i].halt_min + 1);
			struct call *c;

			if (!edge)
				continue;
			snprintf(args, sizeof args, "--class %s --figures %d", classes[i].cls, f);
			c = call_rule("brigade", "morale", args, NULL);
			assert_int_equal(c->rc, 0);
			assert_field(c, "state", want);
		}
}

/*
 * The counter-battery sliding scale read as bands (l.197-203): 20-16 every
 * move, 15-11 alternate, 10-6 every 2nd, 5-1 every 3rd, 0 knocked out;
 * each edge at and either side.  The gun misfires (a 1): the defence
 * given is the defence after.
 */
static void
counter_battery_bands(void **state)
{
	static const struct {
		const char *defence, *rate;
	} cases[] = {
		{ "20", "every_move" }, { "17", "every_move" }, { "16", "every_move" },
		{ "15", "alternate_moves" }, { "14", "alternate_moves" },
		{ "12", "alternate_moves" }, { "11", "alternate_moves" },
		{ "10", "every_2nd_move" }, { "9", "every_2nd_move" }, { "7", "every_2nd_move" },
		{ "6", "every_2nd_move" }, { "5", "every_3rd_move" }, { "4", "every_3rd_move" },
		{ "2", "every_3rd_move" }, { "1", "every_3rd_move" }, { "0", "knocked_out" },
	};
	char args[96], want[32];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct call *c;

		snprintf(args, sizeof args, "--guns 1 --distance 20 --target-type battery --defence %s",
		    cases[i].defence);
		c = call_rule("brigade", "fire", args, "1,4");
		assert_int_equal(c->rc, 0);
		assert_field(c, "defence", cases[i].defence);
		snprintf(want, sizeof want, "\"%s\"", cases[i].rate);
		assert_field(c, "fire_rate", want);
	}
}

/*
 * Only infantry forms square (l.276-280; l.171: +1 a piece "against
 * infantry in square"; l.278: "Properly formed infantry squares have +9").
 * 2 guns, 6 crew, the average die 5: row 6 is 2 casualties (floor(6 x 5
 * / 12)); a square's +1 a gun reads row 8, 3 (floor(40 / 12)), which a
 * cavalry target never earns.
 */
static void
square_infantry_only(void **state)
{
	struct call *c = call_rule("brigade", "move", "--type cavalry --formation square", "3,4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.reason, "only infantry forms square (l.276-280)");
	assert_false(call_rule("brigade", "move", "--type foot-artillery --formation square",
	    "3")->r.legal);
	assert_field(call_rule("brigade", "move", "--type infantry --formation square", "3"),
	    "inches", "1.5");
	c = call_rule("brigade", "fire",
	    "--guns 2 --distance 20 --target-type cavalry --mod target-square", "2,2,5");
	assert_int_equal(c->rc, RULE_DATA);
	assert_string_equal(c->r.error.text,
	    "--mod target-square: the target is cavalry, and only infantry forms square (l.276-280)");
	c = call_rule("brigade", "fire", "--guns 2 --distance 20 --target-type cavalry", "2,2,5");
	assert_field(c, "row", "6");
	assert_field(c, "casualties", "2");
	c = call_rule("brigade", "fire", "--guns 2 --distance 20 --mod target-square", "2,2,5");
	assert_field(c, "row", "8");
	assert_field(c, "casualties", "3");
	assert_int_equal(call_rule("brigade", "fire",
	    "--guns 2 --distance 20 --target-type battery --mod target-square", "2,2,5")->rc, RULE_DATA);
	assert_int_equal(call_rule("brigade", "melee",
	    "--attacker-figures 36 --defender-figures 36 --attacker-type cavalry --defender-type cavalry --defender-mod square-vs-cavalry",
	    "4,4")->rc, RULE_DATA);
	assert_int_equal(call_rule("brigade", "melee",
	    "--attacker-figures 36 --defender-figures 16 --attacker-type cavalry --defender-mod square-vs-cavalry",
	    "4,4")->rc, 0);
}

static void
rally_cases(void **state)
{
	struct call *c = call_rule("brigade", "rally", "--after follow-up --attempt 2", "4");

	(void)state;
	assert_field(c, "rallied", "true");
	c = call_rule("brigade", "rally", "--after follow-up --attempt 3", NULL);
	assert_int_equal(c->dice.nused, 0);
	assert_field(c, "rallied", "true");
	c = call_rule("brigade", "rally", "--after push-back --pushbacks 1", NULL);
	assert_field(c, "moves_half_speed", "1");
}

static void
movement_cases(void **state)
{
	static const struct {
		const char *args, *faces, *inches;
	} cases[] = {
		{ "--type infantry", "4", "4" },
		{ "--type infantry --formation attack-column", "4", "6" },
		{ "--type infantry --formation square", "3", "1.5" },
		{ "--type skirmishers", "4,5", "6" },
		{ "--type cavalry --charge --target-type cavalry", "3,4,5", "9" },
		{ "--type infantry --formation march-column --road", "4", "6" },
		{ "--type cavalry --obstacle --terrain difficult", "4,4", "2" },
		{ "--type infantry --turn 270", "4", "1" },
		{ "--type cavalry --fleeing", NULL, "12" },
		{ "--type cavalry --pushback 2", "4,5", "6" },
		{ "--type infantry --follow-up 2 --and-fire", "5", "2" },
		{ "--type foot-artillery --manhandle --heavy", NULL, "0.5" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct call *c = call_rule("brigade", "move", cases[i].args,
		    cases[i].faces);

		assert_int_equal(c->rc, 0);
		assert_field(c, "inches", cases[i].inches);
	}
}

static void
inputs_reject(void **state)
{
	struct call *c = call_rule("brigade", "fire", "--firers 16 --bogus", "4");

	(void)state;
	assert_int_equal(c->rc, RULE_USAGE);
	c = call_rule("brigade", "fire", "--firers x --distance 2", "4");
	assert_int_equal(c->rc, RULE_DATA);
	c = call_rule("brigade", "fire", "--firers 16 --distance 2 --mod nope", "4");
	assert_int_equal(c->rc, RULE_DATA);
}

/* l.90, l.94: artillery "takes a complete move to unlimber or limber up,
 * during which time it may not move or fire": --formation limbered or
 * unlimbered is that move (no dice, 0"), and the battery stands so after;
 * a battery moves limbered at one die (foot) or two (horse), in march
 * column on a road; it stands in no line or attack column. */
static void
battery_limbers(void **state)
{
	struct call *c = call_rule("brigade", "move", "--type foot-artillery --formation limbered", "4");

	(void)state;
	assert_true(c->r.legal);
	assert_field(c, "inches", "0");
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.summary, "limbers up: a complete move");
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "limbered");
	c = call_rule("brigade", "move", "--type horse-artillery --formation unlimbered", "4,5");
	assert_string_equal(c->r.summary, "unlimbers: a complete move");
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "unlimbered");
	c = call_rule("brigade", "move", "--type foot-artillery", "4");
	assert_field(c, "inches", "4");
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "limbered");
	assert_field(call_rule("brigade", "move",
	    "--type horse-artillery --formation march-column --road", "4,5"), "inches", "13.5");
	c = call_rule("brigade", "move", "--type foot-artillery --formation line", "4");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason,
	    "artillery stands limbered or unlimbered, not in line (l.90, l.94)");
	c = call_rule("brigade", "move", "--type cavalry --formation limbered", "4,5");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason, "only artillery limbers up (l.90-94)");
	/* a horse battery's 'charge' unlimbers at its end (l.94) */
	c = call_rule("brigade", "move", "--type horse-artillery --charge", "4,5");
	assert_true(c->r.legal);
	for (int i = 0; i < c->r.neffects; i++)
		if (strcmp(c->r.effects[i].what, "formation") == 0)
			assert_string_equal(c->r.effects[i].word, "unlimbered");
	c = call_rule("brigade", "fire", "--guns 2 --distance 20 --mod limbered", "2,2,5");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason,
	    "limbered artillery may not fire: it takes a complete move to unlimber");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(infantry_worked_example),
		cmocka_unit_test(artillery_worked_example),
		cmocka_unit_test(out_of_range_ends_early),
		cmocka_unit_test(forbidden_fire),
		cmocka_unit_test(carry_back_blocks),
		cmocka_unit_test(zero_figures_inflict_nothing),
		cmocka_unit_test(melee_decision),
		cmocka_unit_test(melee_rear_takes_one_die),
		cmocka_unit_test(melee_march_column),
		cmocka_unit_test(melee_lancers_round),
		cmocka_unit_test(battery_without_crew),
		cmocka_unit_test(morale_bands),
		cmocka_unit_test(morale_band_edges),
		cmocka_unit_test(counter_battery_bands),
		cmocka_unit_test(square_infantry_only),
		cmocka_unit_test(rally_cases),
		cmocka_unit_test(movement_cases),
		cmocka_unit_test(battery_limbers),
		cmocka_unit_test(inputs_reject),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
