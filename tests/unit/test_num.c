/* Unit tests of core/num: counts, distances, seeds, formatting. */
#include "unit.h"
#include "num.h"

static void
counts(void **state)
{
	long v;

	(void)state;
	assert_int_equal(num_parse_long("16", 0, 100000, &v), NUM_OK);
	assert_int_equal(v, 16);
	assert_int_equal(num_parse_long("+3", 0, 10, &v), NUM_OK);
	assert_int_equal(num_parse_long("100000", 0, 100000, &v), NUM_OK);
	assert_int_equal(num_parse_long("100001", 0, 100000, &v), NUM_RANGE);
	assert_int_equal(num_parse_long("-1", 0, 10, &v), NUM_NEGATIVE);
	assert_int_equal(num_parse_long("-1", -5, 10, &v), NUM_OK);
	assert_int_equal(v, -1);
	assert_int_equal(num_parse_long("", 0, 10, &v), NUM_SYNTAX);
	assert_int_equal(num_parse_long("1.5", 0, 10, &v), NUM_SYNTAX);
	assert_int_equal(num_parse_long(" 1", 0, 10, &v), NUM_SYNTAX);
	assert_int_equal(num_parse_long("0x10", 0, 100, &v), NUM_SYNTAX);
	assert_int_equal(num_parse_long("99999999999999999999999", 0, 10, &v), NUM_RANGE);
}

static void
distances(void **state)
{
	double d;

	(void)state;
	assert_int_equal(num_parse_distance("4.5", &d), NUM_OK);
	assert_true(d == 4.5);
	assert_int_equal(num_parse_distance("4in", &d), NUM_OK);
	assert_true(d == 4);
	assert_int_equal(num_parse_distance("4\"", &d), NUM_OK);
	assert_int_equal(num_parse_distance("25.4mm", &d), NUM_OK);
	assert_true(d > 0.9999 && d < 1.0001);
	assert_int_equal(num_parse_distance("2.54cm", &d), NUM_OK);
	assert_true(d > 0.9999 && d < 1.0001);
	assert_int_equal(num_parse_distance(".5", &d), NUM_OK);
	assert_int_equal(num_parse_distance("1000", &d), NUM_OK);
	assert_int_equal(num_parse_distance("0", &d), NUM_OK);
	assert_int_equal(num_parse_distance("1000.01", &d), NUM_RANGE);
	assert_int_equal(num_parse_distance("-2", &d), NUM_NEGATIVE);
	assert_int_equal(num_parse_distance("nan", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance("inf", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance("1e3", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance("5x", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance("", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance(".", &d), NUM_SYNTAX);
	assert_int_equal(num_parse_distance("0x10", &d), NUM_SYNTAX);
}

static void
seeds(void **state)
{
	unsigned long long s;

	(void)state;
	assert_int_equal(num_parse_u64("18446744073709551615", &s), NUM_OK);
	assert_true(s == 18446744073709551615ULL);
	assert_int_equal(num_parse_u64("18446744073709551616", &s), NUM_RANGE);
	assert_int_equal(num_parse_u64("-1", &s), NUM_NEGATIVE);
	assert_int_equal(num_parse_u64("", &s), NUM_SYNTAX);
}

static void
formatting(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(num_format(3, buf, sizeof buf), "3");
	assert_string_equal(num_format(1.5, buf, sizeof buf), "1.5");
	assert_string_equal(num_format(0.25, buf, sizeof buf), "0.25");
	assert_string_equal(num_format(-2, buf, sizeof buf), "-2");
	assert_string_equal(num_format(-0.0, buf, sizeof buf), "0");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts),
		cmocka_unit_test(distances),
		cmocka_unit_test(seeds),
		cmocka_unit_test(formatting),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
