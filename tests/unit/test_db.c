/* Unit tests of db/: a game in a temporary file, units, the journal's
 * ledgers, undo and redo, the game's tables, and the refusals. */
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"
#include "db.h"
#include "journal.h"
#include "rtables.h"
#include "units.h"

static char path[64];

static int
setup(void **state)
{
	struct db *db;
	int fd;

	(void)state;
	snprintf(path, sizeof path, "/tmp/umpire-test-XXXXXX");
	if ((fd = mkstemp(path)) < 0)
		return -1;
	close(fd);
	unlink(path);
	if (db_create(path, 0, &db) != DB_OK || db_begin(db) != DB_OK ||
	    db_game_insert(db, "brigade", "test", "{}") != DB_OK ||
	    db_tables_copy(db, "brigade") != DB_OK || db_commit(db) != DB_OK)
		return -1;
	db_close(db);
	return 0;
}

static int
teardown(void **state)
{
	char side[80];

	(void)state;
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
	return 0;
}

static struct db *
open_write(void)
{
	struct db *db;

	assert_int_equal(db_open(path, DB_OPEN_WRITE, &db), DB_OK);
	assert_int_equal(db_begin(db), DB_OK);
	return db;
}

static long long
add_unit(struct db *db, const char *name)
{
	struct db_unit u;
	long long id;

	memset(&u, 0, sizeof u);
	snprintf(u.name, sizeof u.name, "%s", name);
	snprintf(u.side, sizeof u.side, "British");
	snprintf(u.type, sizeof u.type, "infantry");
	snprintf(u.ratings, sizeof u.ratings, "{\"class\":\"british\",\"elite\":true}");
	u.start_strength = 64;
	assert_int_equal(db_unit_add(db, &u, &id), DB_OK);
	return id;
}

static void
game_row_and_tables(void **state)
{
	struct db_game g;
	struct db *db;
	struct tableset ts;
	const struct table *t;
	char rules[32];

	(void)state;
	assert_int_equal(db_peek_rules(path, rules, sizeof rules), DB_OK);
	assert_string_equal(rules, "brigade");
	assert_int_equal(db_open(path, DB_OPEN_READ, &db), DB_OK);
	assert_int_equal(db_game_get(db, &g), DB_OK);
	assert_string_equal(g.title, "test");
	ts = db_tableset(db);
	t = ts.find(ts.ctx, "brigade", "melee-firing");
	assert_non_null(t);
	assert_int_equal(t->nrows, 150);
	assert_string_equal(table_cell(t, 18, 4), "7");
	assert_null(ts.find(ts.ctx, "brigade", "nonsense"));
	db_close(db);
}

static void
units_and_prefixes(void **state)
{
	struct db *db = open_write();
	struct db_unit row;
	struct rating_args ra;
	long long id, found;

	(void)state;
	id = add_unit(db, "Pack's Brigade");
	add_unit(db, "Picton");
	assert_int_equal(db_unit_find(db, "Pack", &found), DB_OK);
	assert_true(found == id);
	assert_int_equal(db_unit_find(db, "P", &found), DB_CONFLICT);
	assert_int_equal(db_unit_find(db, "Wellington", &found), DB_NOTFOUND);
	assert_int_equal(db_unit_get(db, id, &row), DB_OK);
	assert_int_equal(db_rating_args(db, row.ratings, &ra), DB_OK);
	assert_int_equal(ra.argc, 3);
	assert_string_equal(ra.argv[0], "--class");
	assert_string_equal(ra.argv[1], "british");
	assert_string_equal(ra.argv[2], "--elite");
	assert_int_equal(db_unit_add(db, &row, &found), DB_CONFLICT);
	db_rollback(db);
	db_close(db);
}

static void
report_nothing(void *ctx, const char *problem)
{
	int *seen = ctx;

	(void)problem;
	(*seen)++;
}

/* Loss effects carry running totals; the state is the latest in force. */
static void
ledgers_undo_redo(void **state)
{
	struct db *db = open_write();
	struct db_unit row;
	struct unit u;
	long long id, e1, e2, e3;
	int done, problems;

	(void)state;
	id = add_unit(db, "Kempt");
	assert_int_equal(db_event_add(db, 1, "fire", "[]", "one", &e1), DB_OK);
	assert_int_equal(db_effect_add(db, e1, id, "loss", "figures", 2, 2, 0, ""), DB_OK);
	assert_int_equal(db_event_add(db, 1, "fire", "[]", "two", &e2), DB_OK);
	assert_int_equal(db_effect_add(db, e2, id, "loss", "figures", 3, 5, 0, ""), DB_OK);
	assert_int_equal(db_effect_add(db, e2, id, "flag", "disordered", 1, 0, 0, ""), DB_OK);
	assert_int_equal(db_unit_get(db, id, &row), DB_OK);
	assert_int_equal(db_unit_state(db, &row, &u), DB_OK);
	assert_int_equal(u.losses, 5);
	assert_true(unit_flag(&u, "disordered"));
	assert_int_equal(db_undo_mark(db, 1, 0, &done), DB_OK);
	assert_int_equal(done, 1);
	assert_int_equal(db_unit_state(db, &row, &u), DB_OK);
	assert_int_equal(u.losses, 2);
	assert_false(unit_flag(&u, "disordered"));
	assert_int_equal(db_undo_mark(db, 1, 1, &done), DB_OK);
	assert_int_equal(db_unit_state(db, &row, &u), DB_OK);
	assert_int_equal(u.losses, 5);
	/* A new event after an undo clears what could be redone. */
	assert_int_equal(db_undo_mark(db, 1, 0, &done), DB_OK);
	assert_int_equal(db_event_add(db, 1, "fire", "[]", "three", &e3), DB_OK);
	assert_int_equal(db_effect_add(db, e3, id, "loss", "figures", 1, 3, 0, ""), DB_OK);
	assert_int_equal(db_undo_mark(db, 5, 1, &done), DB_OK);
	assert_int_equal(done, 0);
	assert_int_equal(db_unit_state(db, &row, &u), DB_OK);
	assert_int_equal(u.losses, 3);
	assert_int_equal(db_check(db, report_nothing, &done, &problems), DB_OK);
	assert_int_equal(problems, 0);
	db_rollback(db);
	db_close(db);
}

static void
check_finds_a_bad_ledger(void **state)
{
	struct db *db = open_write();
	long long id, e1;
	int problems, seen = 0;

	(void)state;
	id = add_unit(db, "Kempt");
	assert_int_equal(db_event_add(db, 1, "fire", "[]", "one", &e1), DB_OK);
	assert_int_equal(db_effect_add(db, e1, id, "loss", "figures", 2, 9, 0, ""), DB_OK);
	assert_int_equal(db_check(db, report_nothing, &seen, &problems), DB_OK);
	assert_int_equal(problems, 1);
	assert_int_equal(seen, 1);
	db_rollback(db);
	db_close(db);
}

static void
turns_count_turn_events(void **state)
{
	struct db *db = open_write();
	long long e;
	long turn;
	int done;

	(void)state;
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 1);
	assert_int_equal(db_event_add(db, 1, "turn", "[]", "turn 2", &e), DB_OK);
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 2);
	assert_int_equal(db_undo_mark(db, 1, 0, &done), DB_OK);
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 1);
	db_rollback(db);
	db_close(db);
}

static void
refusals(void **state)
{
	struct db *db;
	FILE *f;

	(void)state;
	assert_int_equal(db_open("/nonexistent/x.db", DB_OPEN_READ, &db), DB_NOFILE);
	assert_int_equal(db_create(path, 0, &db), DB_EXISTS);
	f = fopen("/tmp/umpire-not-a-game.db", "w");
	assert_non_null(f);
	fputs("a shopping list", f);
	fclose(f);
	assert_int_equal(db_open("/tmp/umpire-not-a-game.db", DB_OPEN_WRITE, &db), DB_NOTGAME);
	assert_int_equal(db_create("/tmp/umpire-not-a-game.db", 1, &db), DB_NOTGAME);
	unlink("/tmp/umpire-not-a-game.db");
	assert_int_equal(db_exit_status(DB_LOCKED), 75);
	assert_int_equal(db_exit_status(DB_READONLY), 74);
	assert_int_equal(db_exit_status(DB_NOFILE), 66);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(game_row_and_tables, setup, teardown),
		cmocka_unit_test_setup_teardown(units_and_prefixes, setup, teardown),
		cmocka_unit_test_setup_teardown(ledgers_undo_redo, setup, teardown),
		cmocka_unit_test_setup_teardown(check_finds_a_bad_ledger, setup, teardown),
		cmocka_unit_test_setup_teardown(turns_count_turn_events, setup, teardown),
		cmocka_unit_test_setup_teardown(refusals, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
