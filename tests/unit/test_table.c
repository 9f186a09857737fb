/* Unit tests of core/table and the stock brigade tables. */
#include "unit.h"

static const struct table *
stock(const char *name)
{
	const struct table *t = table_stock_find("brigade", name);

	assert_non_null(t);
	return t;
}

/* Every cell of the reconstructed table: floor(row x die / 12). */
static void
melee_firing_every_cell(void **state)
{
	const struct table *t = stock("melee-firing");

	(void)state;
	assert_string_equal(t->provenance, "reconstructed");
	assert_int_equal(t->nrows, 150);
	assert_int_equal(t->ncols, 5);
	for (int row = 1; row <= 150; row++) {
		char key[16], col[16];
		int i;

		snprintf(key, sizeof key, "%d", row);
		i = table_row(t, "row", key);
		assert_int_equal(i, row - 1);
		for (int die = 2; die <= 5; die++) {
			double v;

			snprintf(col, sizeof col, "d%d", die);
			assert_int_equal(table_number(t, i, col, &v), 0);
			assert_int_equal((long)v, row * die / 12);
		}
	}
}

/* The text's own cells: 19/5 -> 7, 7/4 -> 2, 10/5 -> 4. */
static void
melee_firing_text_cells(void **state)
{
	const struct table *t = stock("melee-firing");
	double v;

	(void)state;
	assert_int_equal(table_number(t, table_row(t, "row", "19"), "d5", &v), 0);
	assert_true(v == 7);
	assert_int_equal(table_number(t, table_row(t, "row", "7"), "d4", &v), 0);
	assert_true(v == 2);
	assert_int_equal(table_number(t, table_row(t, "row", "10"), "d5", &v), 0);
	assert_true(v == 4);
}

static void
bands(void **state)
{
	const struct table *t = stock("counter-battery");

	(void)state;
	assert_string_equal(table_text(t, table_band(t, "min", "max", 20), "rate"), "every_move");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 16), "rate"), "every_move");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 15), "rate"), "alternate_moves");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 6), "rate"), "every_2nd_move");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 1), "rate"), "every_3rd_move");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 0), "rate"), "knocked_out");
	assert_int_equal(table_band(t, "min", "max", 21), -1);
	t = stock("defenders-fire");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 1), "range"), "none");
	assert_string_equal(table_text(t, table_band(t, "min", "max", 7), "range"), "close");
}

static void
two_keys_and_missing(void **state)
{
	const struct table *t = stock("artillery-ranges");
	double v;

	(void)state;
	assert_int_equal(table_row2(t, "gun", "howitzer", "ammo", "canister"), -1);
	assert_int_equal(table_number(t, table_row2(t, "gun", "howitzer", "ammo", "shell"), "min", &v), 0);
	assert_true(v == 6);
	assert_int_equal(table_number(t, table_row2(t, "gun", "howitzer", "ammo", "shell"), "close", &v), -1);
	assert_int_equal(table_col(t, "nonsense"), -1);
	assert_string_equal(table_text(t, 0, "nonsense"), "");
	assert_null(table_stock_find("brigade", "nonsense"));
}

static void
modifier_rows(void **state)
{
	const struct table *t = stock("fire-modifiers");
	double v = 0;

	(void)state;
	assert_int_equal(rule_modifier(t, "hard-cover", "infantry", &v), MOD_NUMBER);
	assert_true(v == -2);
	assert_int_equal(rule_modifier(t, "hard-cover", "artillery", &v), MOD_NUMBER);
	assert_true(v == -2);
	assert_int_equal(rule_modifier(t, "close", "artillery", &v), MOD_NUMBER);
	assert_true(v == 1);
	assert_int_equal(rule_modifier(t, "disordered", "infantry", &v), MOD_FORBID);
	assert_int_equal(rule_modifier(t, "enfilade", "infantry", &v), MOD_MISSING);
}

/* Every stock table has a title, a provenance and full rows. */
static void
every_table_well_formed(void **state)
{
	(void)state;
	assert_true(table_stock_count > 20);
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *t = &table_stock[i];

		assert_true(t->title[0] != '\0');
		assert_true(t->provenance[0] != '\0');
		assert_true(t->ncols > 0);
		assert_true(t->nrows > 0);
	}
}

/* Every rule set has its bands table (the fog reads it) and every
 * modifier table an option of its adjudications names. */
static void
every_rule_set_has_its_tables(void **state)
{
	(void)state;
	for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++) {
		if (table_stock_find((*rs)->name, "bands") == NULL)
			fail_msg("the %s rules have no bands table", (*rs)->name);
		for (const struct rule_cmd *c = (*rs)->cmds; c->name != NULL; c++)
			for (const struct input_decl *d = c->undefined == NULL ? c->inputs : NULL;
			    d != NULL && d->name != NULL; d++)
				if (d->kind == IN_MODS && table_stock_find((*rs)->name, d->detail) == NULL)
					fail_msg("%s %s --%s names the table '%s', which the %s rules lack",
					    (*rs)->name, c->name, d->name, d->detail, (*rs)->name);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(melee_firing_every_cell),
		cmocka_unit_test(melee_firing_text_cells),
		cmocka_unit_test(bands),
		cmocka_unit_test(two_keys_and_missing),
		cmocka_unit_test(modifier_rows),
		cmocka_unit_test(every_table_well_formed),
		cmocka_unit_test(every_rule_set_has_its_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
