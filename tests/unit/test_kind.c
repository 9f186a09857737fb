/* Unit tests of core/kind.c and table_check: what a rule table's cells may
 * hold, numeric cells, and the checks of a group's own table. */
#include "unit.h"
#include "kind.h"

static int
ok(const char *kind, const char *cell)
{
	char why[200];

	return kind_check(kind, cell, why, sizeof why) == 0;
}

static void
kinds(void **state)
{
	char why[200];

	(void)state;
	assert_true(ok("int[0..150]", "150"));
	assert_false(ok("int[0..150]", "151"));
	assert_false(ok("int[0..150]", "2.5"));
	assert_false(ok("int[0..150]", "1/2"));
	assert_false(ok("int[0..150]", ""));
	assert_true(ok("int?[0..150]", ""));
	assert_true(ok("int[-100..100]|forbid", "forbid"));
	assert_true(ok("int[-100..100]|forbid", "-6"));
	assert_false(ok("int[-100..100]|forbid", "never"));
	assert_true(ok("num[0..1000]", "1/3"));
	assert_true(ok("num[0..1000]", ".25"));
	assert_false(ok("num[0..1000]", "nan"));
	assert_false(ok("num[0..1000]", "inf"));
	assert_false(ok("num[0..1000]", "1e3"));
	assert_false(ok("num[0..1000]", "1/0"));
	assert_false(ok("num[0..1000]", "4."));
	assert_true(ok("yes|no", "no"));
	assert_false(ok("yes|no", "maybe"));
	assert_true(ok("?yes|no", ""));
	assert_true(ok("*word", "close"));
	assert_false(ok("word", ""));
	assert_false(ok("text", "a\x1b[2Jb"));
	assert_true(ok("text", ""));
	assert_true(kind_is_key("*int[1..6]"));
	assert_false(kind_is_key("int[1..6]"));
	assert_false(kind_valid("int[1..6"));
	assert_false(kind_valid("num[a..b]"));
	kind_check("int[0..4]", "-3", why, sizeof why);
	assert_string_equal(why, "'-3' is not a whole number from 0 to 4");
}

static void
numeric_cells(void **state)
{
	double v;

	(void)state;
	assert_int_equal(kind_number("1/3", &v), 0);
	assert_true(12 * v == 4);
	assert_int_equal(kind_number("-2.5", &v), 0);
	assert_true(v == -2.5);
	assert_int_equal(kind_number("", &v), -1);
	assert_int_equal(kind_number("-", &v), -1);
	assert_int_equal(kind_number("0x10", &v), -1);
	/* Whole numbers take the short road; the long one agrees. */
	assert_int_equal(kind_number("007", &v), 0);
	assert_true(v == 7);
	assert_int_equal(kind_number("-12", &v), 0);
	assert_true(v == -12);
	assert_int_equal(kind_number("+3", &v), 0);
	assert_true(v == 3);
	assert_int_equal(kind_number("999999999", &v), 0);
	assert_true(v == 999999999);
	assert_int_equal(kind_number("1234567890", &v), 0);
	assert_true(v == 1234567890);
	assert_int_equal(kind_number("12a", &v), -1);
	assert_int_equal(kind_number("1 ", &v), -1);
}

/* The fury BEL table with one cell changed. */
static int
check_bel(int row, int col, const char *cell, char *err, size_t n)
{
	const struct table *stock = table_stock_find("fury", "bel");
	const char *cells[64];
	struct table t = *stock;

	for (int i = 0; i < (stock->nrows + 1) * stock->ncols; i++)
		cells[i] = stock->cells[i];
	cells[(row + 1) * stock->ncols + col] = cell;
	t.cells = cells;
	return table_check(stock, &t, err, n);
}

static void
group_tables(void **state)
{
	char err[400];

	(void)state;
	assert_int_equal(check_bel(0, 1, "0", err, sizeof err), 0);
	assert_int_equal(check_bel(2, 1, "-3", err, sizeof err), -1);
	assert_string_equal(err, "line 4, column 'points': '-3' is not a whole number from 0 to 4");
	assert_int_equal(check_bel(2, 1, "nan", err, sizeof err), -1);
	/* The key column keeps the stock rows: a renamed row loses one. */
	assert_int_equal(check_bel(2, 0, "regulars", err, sizeof err), -1);
	assert_string_equal(err, "the row 'regular' of the stock table is missing (a house rule changes a row's values; it keeps the row)");
	assert_int_equal(check_bel(3, 0, "regular", err, sizeof err), -1);
}

/* Every stock table declares a kind for every column. */
static void
stock_tables_declare_kinds(void **state)
{
	(void)state;
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *t = &table_stock[i];
		char err[400];

		for (int c = 0; c < t->ncols; c++)
			assert_true(kind_valid(t->kinds[c]));
		if (table_check(t, t, err, sizeof err) != 0)
			fail_msg("%s/%s: %s", t->ruleset, t->name, err);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds),
		cmocka_unit_test(numeric_cells),
		cmocka_unit_test(group_tables),
		cmocka_unit_test(stock_tables_declare_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
