/* Unit tests of core/result.c: a ruling's record holds what it says,
 * however large (a ruling on every unit of an army). */
#include "unit.h"
#include "result.h"

/* Past what a result holds in itself, its working, fields and words grow,
 * in order and whole, and result_free gives them back. */
static void
grows_whole(void **state)
{
	static struct result r;
	char name[32];
	int n = 5000;

	(void)state;
	result_init(&r);
	result_list(&r, "units");
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "unit %d", i);
		result_open(&r, NULL);
		result_word(&r, "name", name);
		result_int(&r, "losses", i);
		result_close(&r);
		result_work(&r, "%s: %d lost", name, i);
	}
	result_list_end(&r);
	assert_int_equal(result_finish(&r), 0);
	assert_int_equal(r.nwork, n);
	assert_int_equal(r.nfields, 1 + 3 * n);
	assert_true(r.work_cap >= n && r.field_cap >= 1 + 3 * n);
	assert_string_equal(r.work[0], "unit 0: 0 lost");
	assert_string_equal(r.work[RESULT_WORK], "unit 80: 80 lost");
	assert_string_equal(r.work[n - 1], "unit 4999: 4999 lost");
	assert_string_equal(result_word_of(&r, &r.field[2]), "unit 0");
	assert_string_equal(result_word_of(&r, &r.field[3 * (n - 1) + 2]), "unit 4999");
	assert_int_equal(r.field[3 * (n - 1) + 3].v.n, n - 1);
	assert_int_equal(r.field[3 * (n - 1) + 1].parent, 0);
	result_free(&r);
	assert_int_equal(r.nwork, 0);
	assert_ptr_equal(r.work, r.work_in);
	/* and it is a result again, held in itself */
	result_work(&r, "again");
	assert_int_equal(result_finish(&r), 0);
	assert_string_equal(r.work[0], "again");
	assert_ptr_equal(r.work, r.work_in);
}

/* A line cut short is the line's room, not the result's: a key too long
 * and a record left open still fail the ruling. */
static void
overflows_fail(void **state)
{
	static struct result r;
	char key[RESULT_KEY + 1];	/* a key longer than any field's key */

	(void)state;
	memset(key, 'k', RESULT_KEY);
	key[RESULT_KEY] = '\0';
	result_init(&r);
	result_int(&r, key, 1);
	assert_int_equal(result_finish(&r), -1);
	assert_false(r.no_memory);
	result_init(&r);
	result_open(&r, "attacker");
	assert_int_equal(result_finish(&r), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_whole),
		cmocka_unit_test(overflows_fail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
