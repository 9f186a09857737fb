/*
 * floor: the least a stateful ruling can cost, for tests/bench/run.sh to
 * measure umpire against.  It opens the game GAME with the settings
 * umpire's writers use (db/db.c: its VFS, single-thread SQLite, the same
 * pragmas and connection flags, the WAL kept and checkpointed at the same
 * size), inserts one journal row, reads one sum, commits and closes: what
 * a ruling must do at the least, without reading a rule, a unit or an
 * argument.  Linked as umpire is (statically).
 *   floor GAME
 */
#include <sqlite3.h>
#include <stdio.h>

#include "db.h"
#include "internal.h"

static int frames;

static int
committed(void *ctx, sqlite3 *h, const char *name, int n)
{
	(void)ctx;
	(void)h;
	(void)name;
	frames = n;
	return SQLITE_OK;
}

/* Runs sql; 0 or 1 after printing SQLite's error. */
static int
run(sqlite3 *h, const char *sql)
{
	if (sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	fprintf(stderr, "floor: %s\n", sqlite3_errmsg(h));
	return 1;
}

int
main(int argc, char **argv)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	int rc = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: floor GAME\n");
		return 64;
	}
	sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	if (db_vfs_register() != SQLITE_OK ||
	    sqlite3_open_v2(argv[1], &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
		goto out;
	sqlite3_wal_hook(h, committed, NULL);
	sqlite3_extended_result_codes(h, 1);
	sqlite3_busy_timeout(h, 5000);
	sqlite3_db_config(h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	if (run(h, "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; "
	    "PRAGMA cell_size_check = ON; BEGIN IMMEDIATE; "
	    "INSERT INTO event (turn, command, args, summary, created) "
	    "VALUES (1, 'floor', '[]', 'floor', 'now')") != 0 ||
	    sqlite3_prepare_v2(h, "SELECT sum(total) FROM unit_ledger WHERE kind = 'loss'",
	    -1, &st, NULL) != SQLITE_OK || sqlite3_step(st) != SQLITE_ROW)
		goto out;
	printf("%lld\n", (long long)sqlite3_column_int64(st, 0));
	sqlite3_finalize(st);
	st = NULL;
	if (run(h, "COMMIT") != 0)
		goto out;
	if (frames >= DB_WAL_FRAMES) {
		sqlite3_busy_timeout(h, 0);
		sqlite3_wal_checkpoint_v2(h, "main", SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
	}
	rc = 0;
out:
	if (rc != 0 && h != NULL)
		fprintf(stderr, "floor: %s\n", sqlite3_errmsg(h));
	sqlite3_finalize(st);
	sqlite3_close(h);
	return rc;
}
