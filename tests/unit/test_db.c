/* Unit tests of db/: a game in a temporary file, units and the army, the
 * journal's ledgers and the state kept with them, undo and redo, the
 * game's tables, check, and the refusals. */
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"
#include "db.h"
#include "journal.h"
#include "rtables.h"
#include "units.h"

static char path[64];
/* Where a failure to open or create a game is told. */
static struct error err;

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
	if (db_create(path, 0, &err, &db) != DB_OK || db_begin(db) != DB_OK ||
	    db_game_insert(db, "brigade", "test", "{}", "table") != DB_OK ||
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

	assert_int_equal(db_open(path, DB_OPEN_WRITE, &err, &db), DB_OK);
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
	snprintf(u.ratings, sizeof u.ratings,
	    "{\"class\":\"british\",\"units\":4,\"elite\":true}");
	u.start_strength = 64;
	assert_int_equal(db_unit_add(db, &u, &id), DB_OK);
	return id;
}

static const struct input_decl ratings[] = {
	{ "class", IN_TEXT, "C", 0, 0, NULL, NULL, NULL, "", 0 },
	{ "units", IN_COUNT, "N", 1, 100, NULL, NULL, NULL, "", 0 },
	{ "elite", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static void
init(void *ctx, const struct unit *u, struct inputs *in)
{
	(void)ctx;
	(void)u;
	inputs_init(in, "brigade", "unit", ratings, NULL);
}

/* Writes an event of one effect on unit id. */
static long long
event(struct db *db, const char *command, long long unit, const char *kind,
    const char *name, long amount, long total)
{
	struct db_record rec = { 0, 1, command, "[]", "[]", "{}", command, 1 };

	assert_int_equal(db_event_next_id(db, &rec.id), DB_OK);
	rec.changes = unit != 0;
	assert_int_equal(db_event_record(db, &rec), DB_OK);
	if (unit != 0) {
		assert_int_equal(db_event_unit(db, rec.id, unit, "unit"), DB_OK);
		struct effect_record e = { .unit = unit, .kind = kind, .name = name,
			.amount = amount, .total = total, .note = "" };

		assert_int_equal(db_effect_add(db, rec.id, &e), DB_OK);
		/* A writer keeps the state; here the journal's own answer. */
		assert_int_equal(db_state_refresh_all(db), DB_OK);
	}
	return rec.id;
}

/* The ledgers of these tests' units, as a rule set declares them. */
static const char *const ledgers[] = { "loss", "pushback", NULL };
static const char *const counted[] = { "pushback", NULL };
static const struct db_tallies tallies = { counted, NULL, "loss" };

/* The state of unit id as the army reads it. */
static void
state_of(struct db *db, long long id, struct unit *out)
{
	struct army a;

	assert_int_equal(db_army_load(db, &a, ledgers, init, NULL), DB_OK);
	for (int i = 0; i < a.n; i++)
		if (a.u[i].id == id)
			*out = a.u[i];
	out->ratings = NULL;	/* freed with the army */
	db_army_free(&a);
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
	assert_int_equal(db_peek_rules(path, rules, sizeof rules, &err), DB_OK);
	assert_string_equal(rules, "brigade");
	assert_int_equal(db_open(path, DB_OPEN_READ, &err, &db), DB_OK);
	assert_int_equal(db_game_get(db, &g), DB_OK);
	assert_string_equal(g.title, "test");
	assert_int_equal(db_tables_load(db, "brigade"), DB_OK);
	ts = db_tableset(db);
	t = ts.find(ts.ctx, "brigade", "melee-firing");
	assert_non_null(t);
	assert_int_equal(t->nrows, 150);
	/* An unchanged copy is the stock table itself. */
	assert_ptr_equal(t->cells, table_stock_find("brigade", "melee-firing")->cells);
	assert_string_equal(table_cell(t, 18, 4), "7");
	assert_null(ts.find(ts.ctx, "brigade", "nonsense"));
	db_close(db);
}

static void
units_duplicates_and_the_army(void **state)
{
	struct db *db = open_write();
	struct db_unit row;
	struct army a;
	long long id, found;

	(void)state;
	id = add_unit(db, "Pack's Brigade");
	add_unit(db, "Picton");
	assert_int_equal(db_unit_get(db, id, &row), DB_OK);
	assert_int_equal(db_unit_add(db, &row, &found), DB_CONFLICT);
	/* The ratings come back typed: a count is a number, a flag a flag. */
	assert_int_equal(db_army_load(db, &a, ledgers, init, NULL), DB_OK);
	assert_int_equal(a.n, 2);
	assert_string_equal(a.u[0].name, "Pack's Brigade");
	assert_int_equal(in_count(a.u[0].ratings, "units"), 4);
	assert_true(in_flag(a.u[0].ratings, "elite"));
	assert_string_equal(in_text(a.u[0].ratings, "class"), "british");
	db_army_free(&a);
	db_rollback(db);
	db_close(db);
}

/* The problems check reports, one a line. */
struct problems {
	char text[1024];
};

static void
report_problem(void *ctx, const char *problem)
{
	struct problems *p = ctx;
	size_t used = strlen(p->text);

	snprintf(p->text + used, sizeof p->text - used, "%s\n", problem);
}

/* Loss effects carry running totals; the state is the latest in force,
 * kept by the game's triggers through undo and redo. */
static void
ledgers_undo_redo(void **state)
{
	struct db *db = open_write();
	struct unit u;
	long long id;
	int done, problems;
	struct problems seen = { "" };

	(void)state;
	id = add_unit(db, "Kempt");
	event(db, "fire", id, "loss", "figures", 2, 2);
	event(db, "fire", id, "loss", "figures", 3, 5);
	event(db, "move", id, "flag", "disordered", 1, 0);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 5);
	assert_true(unit_flag(&u, "disordered"));
	assert_int_equal(db_undo_mark(db, 2, 0, &done), DB_OK);
	assert_int_equal(done, 2);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 2);
	assert_false(unit_flag(&u, "disordered"));
	/* to 0: the one entry next */
	assert_int_equal(db_undo_mark(db, 0, 1, &done), DB_OK);
	assert_int_equal(done, 1);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 5);
	/* A new event after an undo clears what could be redone. */
	assert_int_equal(db_undo_mark(db, 0, 0, &done), DB_OK);
	event(db, "fire", id, "loss", "figures", 1, 3);
	assert_int_equal(db_undo_mark(db, 0, 1, &done), DB_OK);
	assert_int_equal(done, 0);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 3);
	assert_int_equal(db_check(db, &tallies, report_problem, &seen, &problems), DB_OK);
	assert_int_equal(problems, 0);
	assert_string_equal(seen.text, "");
	db_rollback(db);
	db_close(db);
}

/* A ruling that changed nothing is logged, and undo takes it back like
 * any other entry: undo is the last thing typed. */
static void
undo_takes_back_lookups(void **state)
{
	struct db *db = open_write();
	struct unit u;
	long long id;
	int done;

	(void)state;
	id = add_unit(db, "Kempt");
	event(db, "fire", id, "loss", "figures", 2, 2);
	event(db, "morale", 0, NULL, NULL, 0, 0);
	assert_int_equal(db_undo_mark(db, 0, 0, &done), DB_OK);
	assert_int_equal(done, 1);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 2);
	assert_int_equal(db_undo_mark(db, 0, 0, &done), DB_OK);
	assert_int_equal(done, 1);
	state_of(db, id, &u);
	assert_int_equal(unit_lost(&u), 0);
	db_rollback(db);
	db_close(db);
}

static void
check_finds_a_bad_ledger(void **state)
{
	struct db *db = open_write();
	long long id;
	int problems;
	struct problems seen = { "" };

	(void)state;
	id = add_unit(db, "Kempt");
	event(db, "fire", id, "loss", "figures", 2, 9);
	assert_int_equal(db_check(db, &tallies, report_problem, &seen, &problems), DB_OK);
	assert_int_equal(problems, 2);
	assert_string_equal(seen.text,
	    "unit 'Kempt': the loss ledger says 9 at event 1, its effects add up to 2\n"
	    "unit 'Kempt': its kept loss ledger is 9 (last change +2 in turn 1), "
	    "the journal replayed gives 2 (last change +2 in turn 1)\n");
	db_rollback(db);
	db_close(db);
}

/* A counted ledger (push backs: the mark is the number in the run) adds
 * one an effect; the kept ledger is the latest in force. */
static void
counted_ledgers_chain_by_one(void **state)
{
	struct db *db = open_write();
	struct unit u;
	long long id;
	int problems;
	struct problems seen = { "" };

	(void)state;
	id = add_unit(db, "Kempt");
	event(db, "melee", id, "pushback", "", 1, 1);
	event(db, "melee", id, "pushback", "", 2, 2);
	state_of(db, id, &u);
	assert_int_equal(u.ledger[1].total, 2);
	assert_int_equal(u.ledger[1].amount, 2);
	assert_int_equal(u.ledger[1].turn, 1);
	assert_int_equal(db_check(db, &tallies, report_problem, &seen, &problems), DB_OK);
	assert_int_equal(problems, 0);
	assert_string_equal(seen.text, "");
	/* summed, as a ledger not declared counted is, it would not add up */
	{
		const struct db_tallies summed = { NULL, NULL, NULL };

		assert_int_equal(db_check(db, &summed, report_problem, &seen, &problems),
		    DB_OK);
		assert_int_equal(problems, 2);
		assert_string_equal(seen.text,
		    "unit 'Kempt': the pushback ledger says 2 at event 2, its effects add up to 3\n"
		    "unit 'Kempt': its kept pushback ledger is 2 (last change +2 in turn 1), "
		    "the journal replayed gives 3 (last change +2 in turn 1)\n");
	}
	db_rollback(db);
	db_close(db);
}

static void
turns_count_turn_events(void **state)
{
	struct db *db = open_write();
	struct db_record rec = { 0, 1, "turn", "[\"turn\",\"next\"]", "[]", "{}", "turn 2", 1 };
	long turn;
	int done;

	(void)state;
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 1);
	assert_int_equal(db_event_next_id(db, &rec.id), DB_OK);
	assert_int_equal(db_event_record(db, &rec), DB_OK);
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 2);
	assert_int_equal(db_undo_mark(db, 1, 0, &done), DB_OK);
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 1);
	/* A rule set's own turn ruling (squares' dice-off) is inside a turn. */
	rec.args = "[\"turn\",\"--general\",\"A\",\"--general\",\"B\"]";
	assert_int_equal(db_event_next_id(db, &rec.id), DB_OK);
	assert_int_equal(db_event_record(db, &rec), DB_OK);
	assert_int_equal(db_turn(db, &turn), DB_OK);
	assert_int_equal(turn, 1);
	db_rollback(db);
	db_close(db);
}

/* A house table replaces the stock copy; its fingerprint follows it. */
static void
house_table(void **state)
{
	struct db *db = open_write();
	const struct table *stock = table_stock_find("brigade", "melee");
	const char *cells[64];
	struct table t = *stock;
	struct tableset ts;
	int problems = 0;
	struct problems seen = { "" };

	(void)state;
	for (int i = 0; i < (stock->nrows + 1) * stock->ncols; i++)
		cells[i] = stock->cells[i];
	cells[stock->ncols + 1] = "3";	/* decision-margin 2 -> 3 */
	t.cells = cells;
	assert_int_equal(db_table_replace(db, &t), DB_OK);
	assert_int_equal(db_tables_load(db, "brigade"), DB_OK);
	ts = db_tableset(db);
	assert_string_equal(table_cell(ts.find(ts.ctx, "brigade", "melee"), 0, 1), "3");
	assert_int_equal(db_tables_check(db, "brigade", report_problem, &seen,
	    &problems), DB_OK);
	assert_int_equal(problems, 0);
	assert_string_equal(seen.text, "");
	db_rollback(db);
	db_close(db);
}

static void
refusals(void **state)
{
	struct db *db;
	FILE *f;

	(void)state;
	assert_int_equal(db_open("/nonexistent/x.db", DB_OPEN_READ, &err, &db), DB_NOFILE);
	assert_int_equal(err.code, DB_NOFILE);
	assert_string_equal(err.text,
	    "there is no game at '/nonexistent/x.db': start one with 'umpire new --rules NAME', or give the game's path with --db PATH");
	assert_int_equal(db_create(path, 0, &err, &db), DB_EXISTS);
	assert_int_equal(err.code, DB_EXISTS);
	f = fopen("/tmp/umpire-not-a-game.db", "w");
	assert_non_null(f);
	fputs("a shopping list", f);
	fclose(f);
	assert_int_equal(db_open("/tmp/umpire-not-a-game.db", DB_OPEN_WRITE, &err, &db), DB_NOTGAME);
	assert_string_equal(err.text, "'/tmp/umpire-not-a-game.db' is not an umpire game");
	assert_int_equal(db_create("/tmp/umpire-not-a-game.db", 1, &err, &db), DB_NOTGAME);
	unlink("/tmp/umpire-not-a-game.db");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(game_row_and_tables, setup, teardown),
		cmocka_unit_test_setup_teardown(units_duplicates_and_the_army, setup, teardown),
		cmocka_unit_test_setup_teardown(ledgers_undo_redo, setup, teardown),
		cmocka_unit_test_setup_teardown(undo_takes_back_lookups, setup, teardown),
		cmocka_unit_test_setup_teardown(check_finds_a_bad_ledger, setup, teardown),
		cmocka_unit_test_setup_teardown(counted_ledgers_chain_by_one, setup, teardown),
		cmocka_unit_test_setup_teardown(turns_count_turn_events, setup, teardown),
		cmocka_unit_test_setup_teardown(house_table, setup, teardown),
		cmocka_unit_test_setup_teardown(refusals, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
