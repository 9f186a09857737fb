/* Unit tests of the fury rules: fatigue, BEL, freshness, fire, melee. */
#include "unit.h"
#include "fury/fury.h"

static void
fatigue_rounding(void **state)
{
	(void)state;
	assert_int_equal(fury_fatigue_level(10, 50), 5);
	assert_int_equal(fury_fatigue_level(33, 60), 20);	/* 19.8 */
	assert_int_equal(fury_fatigue_level(5, 50), 2);		/* 2.5 down */
	assert_int_equal(fury_fatigue_level(11, 60), 7);	/* 6.6 up */
	assert_int_equal(fury_fatigue_level(21, 50), 10);	/* 10.5 down */
	assert_int_equal(fury_fatigue_level(3, 40), 1);		/* 1.2 down */
	assert_int_equal(fury_fatigue_level(0, 60), 0);
}

/* The BEL of battalions typed as one --battalions list. */
static const char *
bel_of(const char *list)
{
	static const struct input_decl decls[] = {
		{ "battalions", IN_SPEC, "LIST", 0, 0, "W", NULL, "a class", "", 0 },
		{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
	};
	static struct inputs in;
	struct tableset ts = table_stock_set();
	struct result r;

	result_init(&r);
	inputs_init(&in, "fury", "morale", decls, NULL);
	assert_int_equal(inputs_set_text(&in, "battalions", list), 0);
	return fury_mixed_bel(&ts, &in, "battalions", &r);
}

static void
mixed_bel(void **state)
{
	(void)state;
	/* 2,2,2,3: mean 2.25 -> regular; 2,3,3,3,2: 2.6 -> veteran ("round .6
	 * or better up"); 0,1: 0.5 -> militia. */
	assert_string_equal(bel_of("regular,regular,regular,veteran"), "regular");
	assert_string_equal(bel_of("regular,veteran,veteran,veteran,regular"), "veteran");
	assert_string_equal(bel_of("militia,conscript"), "militia");
	assert_null(bel_of("regular,hussar"));
}

static void
freshness_chart(void **state)
{
	struct tableset ts = table_stock_set();
	struct result r;

	(void)state;
	result_init(&r);
	assert_string_equal(fury_freshness(&ts, "regular", 6, 6, &r), "fresh");
	assert_string_equal(fury_freshness(&ts, "regular", 6, 5, &r), "worn");
	assert_string_equal(fury_freshness(&ts, "regular", 6, 3, &r), "spent");
	assert_string_equal(fury_freshness(&ts, "militia", 5, 4, &r), "spent");
	assert_string_equal(fury_freshness(&ts, "guard", 4, 3, &r), "fresh");
	assert_null(fury_freshness(&ts, "regular", 8, 8, &r));
	assert_string_equal(fury_class("regular", "elite"), "veteran");
	assert_string_equal(fury_class("regular", "poor"), "militia");
}

static void
fire_cells_and_cap(void **state)
{
	struct call *c = call_rule("fury", "fire", "--fire-points 13", "1,1");

	(void)state;
	assert_field(c, "cell", "\"D\"");
	c = call_rule("fury", "fire", "--fire-points 1 --mod target-column,enfilade,grand-battery", "6,6");
	assert_field(c, "score", "15");
	assert_field(c, "cell", "\"1\"");
	c = call_rule("fury", "fire", "--firer-type infantry --stands 4 --distance 4", "3,3");
	assert_int_equal(c->rc, 0);
	assert_field(c, "cell", "null");
	assert_true(c->dice.ended_early);
}

static void
melee_bands(void **state)
{
	struct call *c = call_rule("fury", "melee", "", "4,4,4,4");

	(void)state;
	assert_field(c, "difference", "0");
	c = call_rule("fury", "melee", "--attacker-type cavalry", "6,6,1,2");
	/* difference 9: the defender routs, the attacker must break through */
	assert_field(c, "difference", "9");
	assert_field(c, "defender.routs", "true");
	assert_field(c, "attacker.routs", "false");
	assert_field(c, "attacker.breakthrough", "\"required\"");
	assert_field(c, "defender.breakthrough", "\"none\"");
	assert_field(c, "defender.stands_lost", "3");
}

/* l.166: a square "may not enter rough terrain while in square". */
static void
square_not_into_rough(void **state)
{
	struct call *c = call_rule("fury", "move",
	    "--quality good --type infantry --formation square --rough", "5,4");

	(void)state;
	assert_int_equal(c->rc, 0);
	assert_false(c->r.legal);
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.reason, "infantry in square may not enter rough terrain");
	c = call_rule("fury", "move", "--quality good --type infantry --formation square", "5,4");
	assert_true(c->r.legal);
	assert_field(c, "inches", "2");
}

/*
 * l.74-76: "Formation changes cost 1/2 of the units movement allowance ...
 * measured against the brigade's line movement allowance.  The brigade may
 * then move any remaining movement that remains.  [Ex: A French line
 * brigade changes from line to column formation.  If it has rolled a 'well
 * handled' ... the brigade would still have 2 1/2 inches of movement
 * left.]"  Worked by hand from the movement chart's line allowances:
 * French infantry 5 - 2.5 = 2.5 into column, line, square or march column;
 * infantry 4 - 2 = 2; light cavalry 12 - 6 = 6 into column.  A half-move
 * result spends the whole move on the change.
 */
static void
formation_change_costs_line(void **state)
{
	static const struct {
		const char *args, *dice, *inches;
	} cases[] = {
		{ "--type french-infantry --formation column", "6,6", "2.5" },
		{ "--type french-infantry --formation line", "6,6", "2.5" },
		{ "--type french-infantry --formation square", "6,6", "2.5" },
		{ "--type french-infantry --formation march-column", "6,6", "2.5" },
		{ "--type infantry --formation column", "6,6", "2" },
		{ "--type light-cavalry --formation column", "6,6", "6" },
		{ "--type french-infantry --formation column", "4,4", "0" },
	};
	char args[160];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(args, sizeof args, "--quality good --change-formation %s", cases[i].args);
		assert_field(call_rule("fury", "move", args, cases[i].dice), "inches",
		    cases[i].inches);
	}
}

/*
 * The freshness chart's edges: a brigade is worn at or below the worn
 * number, spent at or below the spent number (regular 6: fresh 6, worn 5
 * and 4, spent 3 and below; conscript 7: worn 6, spent 4; militia 5 is
 * never worn, spent at 4; guard 5 is worn at 3, never spent).
 */
static void
freshness_edges(void **state)
{
	static const struct {
		const char *cls;
		long start, stands;
		const char *want;
	} cases[] = {
		{ "regular", 6, 6, "fresh" }, { "regular", 6, 5, "worn" },
		{ "regular", 6, 4, "worn" }, { "regular", 6, 3, "spent" },
		{ "regular", 6, 2, "spent" }, { "conscript", 7, 7, "fresh" },
		{ "conscript", 7, 6, "worn" }, { "conscript", 7, 5, "worn" },
		{ "conscript", 7, 4, "spent" }, { "militia", 5, 5, "fresh" },
		{ "militia", 5, 4, "spent" }, { "guard", 5, 4, "fresh" },
		{ "guard", 5, 3, "worn" }, { "guard", 5, 0, "worn" },
	};
	struct tableset ts = table_stock_set();
	struct result r;

	(void)state;
	result_init(&r);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = fury_freshness(&ts, cases[i].cls, cases[i].start,
		    cases[i].stands, &r);

		if (got == NULL || strcmp(got, cases[i].want) != 0)
			fail_msg("%s %ld at %ld: want %s, got %s", cases[i].cls, cases[i].start,
			    cases[i].stands, cases[i].want, got != NULL ? got : "(none)");
	}
}

/*
 * l.48, l.68-70: a formation is fatigued once its losses reach its level:
 * at the level, not one below it, and past it.  Levels worked by hand: 10
 * average 5 (whole); 11 average 5.5 -> 5; 11 good 6.6 -> 7; 9 poor 3.6 ->
 * 4; 6 poor 2.4 -> 2.
 */
static void
fatigue_edges(void **state)
{
	static const struct {
		const char *args;
		long level;
	} cases[] = {
		{ "--stands 10 --quality average", 5 }, { "--stands 11 --quality average", 5 },
		{ "--stands 11 --quality good", 7 }, { "--stands 9 --quality poor", 4 },
		{ "--stands 6 --quality poor", 2 },
	};
	char args[128], level[16];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (long losses = cases[i].level - 1; losses <= cases[i].level + 1; losses++) {
			struct call *c;

			snprintf(args, sizeof args, "%s --losses %ld", cases[i].args, losses);
			c = call_rule("fury", "fatigue", args, NULL);
			snprintf(level, sizeof level, "%ld", cases[i].level);
			assert_field(c, "level", level);
			assert_field(c, "fatigued", losses >= cases[i].level ? "true" : "false");
		}
}

/* l.92: "Artillery batteries are either limbered or unlimbered"; l.172:
 * "An artillery battery may always limber and move without use of the
 * maneuver tables. In order to unlimber however ...": a move limbers it,
 * --formation unlimbered unlimbers it in place, no dice either way; no
 * battery stands in line; l.240: a silenced (R) or damaged (1, 1R)
 * battery "is immediately limbered up"; l.218: a limbered battery named
 * as such does not fire. */
static void
battery_limbers(void **state)
{
	struct call *c = call_rule("fury", "move", "--type foot-artillery", "6,6");
	const struct effect *e = NULL;

	(void)state;
	assert_field(c, "result", "\"limbers_and_moves\"");
	assert_field(c, "inches", "8");
	for (int i = 0; i < c->r.neffects; i++)
		if (strcmp(c->r.effects[i].what, "formation") == 0)
			e = &c->r.effects[i];
	assert_non_null(e);
	assert_string_equal(e->word, "limbered");
	c = call_rule("fury", "move", "--type horse-artillery --formation unlimbered", "6,6");
	assert_field(c, "result", "\"unlimbers\"");
	assert_field(c, "inches", "0");
	assert_int_equal(c->dice.nused, 0);
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "unlimbered");
	c = call_rule("fury", "move", "--type foot-artillery --formation line", "6,6");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason, "artillery batteries are either limbered or unlimbered (l.92)");
	c = call_rule("fury", "move", "--quality good --type infantry --formation limbered", "6,6");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason, "only artillery batteries limber (l.92)");
	/* 4 points at a limbered target, 4+5 +1 = 10: R, silenced, limbered */
	c = call_rule("fury", "fire", "--fire-points 4 --target-type artillery --mod target-limbered",
	    "4,5");
	assert_field(c, "artillery_result", "\"silenced\"");
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "limbered");
	/* 4 points, 6+6 = 12: damaged, and so limbered */
	c = call_rule("fury", "fire", "--fire-points 4 --target-type artillery", "6,6");
	assert_field(c, "artillery_result", "\"damaged\"");
	assert_string_equal(c->r.effects[c->r.neffects - 1].what, "formation");
	assert_string_equal(c->r.effects[c->r.neffects - 1].word, "limbered");
	c = call_rule("fury", "fire", "--fire-points 4 --mod limbered", "6,6");
	assert_false(c->r.legal);
	assert_string_equal(c->r.reason,
	    "only infantry, dismounted cavalry and unlimbered artillery are eligible to fire");
}

/*
 * l.90: "Square. (infantry only)".  Cavalry and batteries may not move in
 * square, form it by an emergency formation change, or be fired on as a
 * square (the square's +2, cell D where '-' is right), and no cavalry side
 * of a melee is a square against cavalry.
 */
static void
square_infantry_only(void **state)
{
	static const char *const moves[] = {
		"--quality good --type heavy-cavalry --formation square",
		"--quality good --type light-cavalry --formation square --change-formation",
		"--type heavy-cavalry --efc",
	};
	struct call *c;

	(void)state;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		c = call_rule("fury", "move", moves[i], "6,6");
		assert_int_equal(c->rc, 0);
		assert_false(c->r.legal);
		assert_int_equal(c->dice.nused, 0);
		assert_string_equal(c->r.reason, "square is infantry only (l.90)");
	}
	assert_true(call_rule("fury", "move", "--quality good --type infantry --formation square",
	    "6,6")->r.legal);
	/* 4 points, 3+4 = 7: '-' in column 4; a square's +2 would make it D */
	c = call_rule("fury", "fire", "--fire-points 4 --target-type cavalry --mod target-square", "3,4");
	assert_int_equal(c->rc, RULE_DATA);
	c = call_rule("fury", "fire", "--fire-points 4 --target-type cavalry", "3,4");
	assert_field(c, "cell", "\"-\"");
	assert_int_equal(call_rule("fury", "fire",
	    "--fire-points 4 --target-type artillery --mod target-square", "3,4")->rc, RULE_DATA);
	assert_int_equal(call_rule("fury", "fire", "--fire-points 4 --mod target-square", "3,4")->rc, 0);
	assert_int_equal(call_rule("fury", "melee",
	    "--attacker-type cavalry --defender-type cavalry --defender-mod square-vs-cavalry",
	    "4,4,4,4")->rc, RULE_DATA);
	assert_int_equal(call_rule("fury", "melee",
	    "--attacker-type cavalry --defender-mod square-vs-cavalry", "4,4,4,4")->rc, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fatigue_rounding),
		cmocka_unit_test(mixed_bel),
		cmocka_unit_test(freshness_chart),
		cmocka_unit_test(fire_cells_and_cap),
		cmocka_unit_test(melee_bands),
		cmocka_unit_test(square_not_into_rough),
		cmocka_unit_test(formation_change_costs_line),
		cmocka_unit_test(freshness_edges),
		cmocka_unit_test(fatigue_edges),
		cmocka_unit_test(square_infantry_only),
		cmocka_unit_test(battery_limbers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
