/*
 * db: opening, creating and migrating a game file, transactions, and the
 * named-statement cache.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "migrate.h"
#include "num.h"

#define BUSY_TIMEOUT_MS 5000

static char last_error[512];

const char *
db_last_error(void)
{
	return last_error;
}

int
db_set_error(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return status;
}

int
db_exit_status(int status)
{
	switch (status) {
	case DB_OK: return 0;
	case DB_NOFILE: return 66;
	case DB_NOTGAME: case DB_NEWER: case DB_NOTFOUND: case DB_CONFLICT:
		return 65;
	case DB_EXISTS: case DB_CANTCREATE: return 73;
	case DB_READONLY: case DB_IO: return 74;
	case DB_LOCKED: return 75;
	default: return 70;
	}
}

/* Maps an SQLite result code to a db status. */
static int
status_of(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_BUSY: case SQLITE_LOCKED: return DB_LOCKED;
	case SQLITE_READONLY: case SQLITE_PERM: case SQLITE_CANTOPEN:
		return (rc & 0xff) == SQLITE_CANTOPEN ? DB_IO : DB_READONLY;
	case SQLITE_NOTADB: return DB_NOTGAME;
	case SQLITE_CONSTRAINT: return DB_CONFLICT;
	case SQLITE_IOERR: case SQLITE_FULL: case SQLITE_CORRUPT:
	case SQLITE_PROTOCOL:
		return DB_IO;
	default: return DB_BUG;
	}
}

int
db_fail(struct db *db, int rc, const char *what)
{
	int st = status_of(rc);
	const char *path = db != NULL && db->path != NULL ? db->path : "the game";
	const char *msg = db != NULL && db->h != NULL ? sqlite3_errmsg(db->h) :
	    sqlite3_errstr(rc);

	switch (st) {
	case DB_LOCKED:
		return db_set_error(st, "the game '%s' is locked by another writer; try again", path);
	case DB_READONLY:
		return db_set_error(st, "cannot write the game '%s': it is read-only", path);
	case DB_NOTGAME:
		return db_set_error(st, "'%s' is not an umpire game", path);
	case DB_IO:
		return db_set_error(st, "%s failed on the game '%s': %s", what, path, msg);
	default:
		return db_set_error(st, "%s: %s", what, msg);
	}
}

int
db_file_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

sqlite3_stmt *
db_stmt(struct db *db, enum stmt id)
{
	sqlite3_stmt *st = db->stmt[id];

	if (st == NULL) {
		if (sqlite3_prepare_v3(db->h, db_sql[id], -1,
		    SQLITE_PREPARE_PERSISTENT, &db->stmt[id], NULL) != SQLITE_OK) {
			db_fail(db, sqlite3_errcode(db->h), "preparing a statement");
			return NULL;
		}
		return db->stmt[id];
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return st;
}

int
db_step_done(struct db *db, sqlite3_stmt *st, const char *what)
{
	int rc;

	if (st == NULL)
		return DB_BUG;
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_DONE || rc == SQLITE_ROW)
		return DB_OK;
	return db_fail(db, rc, what);
}

void
db_bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s == NULL)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
}

/* Runs SQL without results. */
static int
exec(struct db *db, const char *sql, const char *what)
{
	int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? DB_OK : db_fail(db, rc, what);
}

/* Reads an integer PRAGMA. */
static int
pragma_int(struct db *db, const char *pragma, long *out)
{
	char sql[64];
	sqlite3_stmt *st;
	int rc;

	snprintf(sql, sizeof sql, "PRAGMA %s", pragma);
	rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the game");
	rc = sqlite3_step(st);
	*out = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, rc, "reading the game");
}

static int
latest_version(void)
{
	int v = 0;

	for (int i = 0; i < db_migration_count; i++)
		if (db_migrations[i].version > v)
			v = db_migrations[i].version;
	return v;
}

/* Refuses a file that is not an umpire game or is from a newer umpire. */
static int
check_identity(struct db *db)
{
	long app, version;
	int rc;

	if ((rc = pragma_int(db, "application_id", &app)) != DB_OK)
		return rc;
	if (app != DB_APPLICATION_ID)
		return db_set_error(DB_NOTGAME, "'%s' is not an umpire game",
		    db->path);
	if ((rc = pragma_int(db, "user_version", &version)) != DB_OK)
		return rc;
	if (version > latest_version())
		return db_set_error(DB_NEWER,
		    "'%s' is from a newer umpire (schema %ld; this umpire knows %d): upgrade umpire",
		    db->path, version, latest_version());
	return DB_OK;
}

/* How long a writer waits for another: $UMPIRE_BUSY_TIMEOUT ms, or 5 s. */
static int
busy_timeout(void)
{
	const char *env = getenv("UMPIRE_BUSY_TIMEOUT");
	long ms;

	if (env != NULL && num_parse_long(env, 0, 600000, &ms) == NUM_OK)
		return (int)ms;
	return BUSY_TIMEOUT_MS;
}

/* The connection settings every game gets, before anything is read. */
static int
configure(struct db *db)
{
	int on = 1, off = 0;

	sqlite3_extended_result_codes(db->h, 1);
	sqlite3_busy_timeout(db->h, busy_timeout());
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_DEFENSIVE, on, NULL);
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, off, NULL);
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, off, NULL);
	return exec(db, "PRAGMA foreign_keys = ON; PRAGMA trusted_schema = OFF",
	    "configuring the game");
}

/* Applies the migrations past the file's user_version, one transaction each. */
static int
migrate(struct db *db)
{
	long version;
	int rc;

	if ((rc = pragma_int(db, "user_version", &version)) != DB_OK)
		return rc;
	for (int i = 0; i < db_migration_count; i++) {
		const struct migration *m = &db_migrations[i];
		char set[64];

		if (m->version <= version)
			continue;
		snprintf(set, sizeof set, "PRAGMA user_version = %d", m->version);
		if ((rc = exec(db, "BEGIN IMMEDIATE", "migrating the game")) != DB_OK)
			return rc;
		if ((rc = exec(db, m->sql, "migrating the game")) != DB_OK ||
		    (rc = exec(db, set, "migrating the game")) != DB_OK ||
		    (rc = exec(db, "COMMIT", "migrating the game")) != DB_OK) {
			exec(db, "ROLLBACK", "migrating the game");
			return rc;
		}
	}
	return DB_OK;
}

static struct db *
db_new(const char *path)
{
	struct db *db = calloc(1, sizeof *db);

	if (db == NULL)
		return NULL;
	db->path = strdup(path);
	if (db->path == NULL) {
		free(db);
		return NULL;
	}
	return db;
}

void
db_close(struct db *db)
{
	if (db == NULL)
		return;
	db_tables_free(db);
	for (int i = 0; i < STMT_COUNT; i++)
		sqlite3_finalize(db->stmt[i]);
	if (db->in_tx)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db->h);
	if (db->tmp != NULL) {
		unlink(db->tmp);
		free(db->tmp);
	}
	free(db->path);
	free(db);
}

/* Opens path with SQLite flags and checks it is ours. */
static int
open_checked(const char *path, int flags, struct db **out)
{
	struct db *db = db_new(path);
	int rc;

	*out = NULL;
	if (db == NULL)
		return db_set_error(DB_BUG, "out of memory");
	rc = sqlite3_open_v2(path, &db->h, flags, NULL);
	if (rc != SQLITE_OK) {
		rc = db_fail(db, rc, "opening the game");
		db_close(db);
		return rc;
	}
	if ((rc = configure(db)) != DB_OK || (rc = check_identity(db)) != DB_OK) {
		db_close(db);
		return rc;
	}
	*out = db;
	return DB_OK;
}

int
db_peek_rules(const char *path, char *name, size_t n)
{
	struct db *db;
	sqlite3_stmt *st;
	int rc;

	if (!db_file_exists(path))
		return db_set_error(DB_NOFILE, "there is no game at '%s'", path);
	if ((rc = open_checked(path, SQLITE_OPEN_READONLY, &db)) != DB_OK)
		return rc;
	st = db_stmt(db, STMT_GAME_RULES);
	rc = st != NULL ? sqlite3_step(st) : SQLITE_ERROR;
	if (rc == SQLITE_ROW) {
		snprintf(name, n, "%s", (const char *)sqlite3_column_text(st, 0));
		rc = DB_OK;
	} else {
		rc = db_set_error(DB_NOTGAME, "'%s' is not an umpire game (it has no game row)",
		    path);
	}
	db_close(db);
	return rc;
}

int
db_open(const char *path, int mode, struct db **out)
{
	int rc;

	*out = NULL;
	if (!db_file_exists(path))
		return db_set_error(DB_NOFILE,
		    "there is no game at '%s' (start one with 'umpire new --rules NAME')",
		    path);
	rc = open_checked(path, mode == DB_OPEN_WRITE ? SQLITE_OPEN_READWRITE :
	    SQLITE_OPEN_READONLY, out);
	if (rc != DB_OK || mode != DB_OPEN_WRITE)
		return rc;
	if (sqlite3_db_readonly((*out)->h, "main") == 1 ||
	    access(path, W_OK) != 0) {
		db_close(*out);
		*out = NULL;
		return db_set_error(DB_READONLY,
		    "cannot write the game '%s': it is read-only", path);
	}
	if ((rc = exec(*out, "PRAGMA journal_mode = WAL", "opening the game")) != DB_OK ||
	    (rc = migrate(*out)) != DB_OK) {
		db_close(*out);
		*out = NULL;
	}
	return rc;
}

/* Refuses to replace anything but an umpire game, and a game unless force. */
static int
may_replace(const char *path, int force)
{
	struct db *old;
	int rc;

	if (!db_file_exists(path))
		return DB_OK;
	rc = open_checked(path, SQLITE_OPEN_READONLY, &old);
	db_close(old);
	if (rc == DB_NOTGAME)
		return db_set_error(DB_NOTGAME,
		    "'%s' exists and is not an umpire game; not replacing it", path);
	if (rc != DB_OK && rc != DB_NEWER)
		return rc;
	if (!force)
		return db_set_error(DB_EXISTS,
		    "a game exists at '%s'; give --force to replace it", path);
	return DB_OK;
}

int
db_create(const char *path, int force, struct db **out)
{
	struct db *db;
	char id[64];
	size_t len = strlen(path) + 32;
	int rc, fd;

	*out = NULL;
	if ((rc = may_replace(path, force)) != DB_OK)
		return rc;
	if ((db = db_new(path)) == NULL || (db->tmp = malloc(len)) == NULL) {
		db_close(db);
		return db_set_error(DB_BUG, "out of memory");
	}
	snprintf(db->tmp, len, "%s.new-%ld", path, (long)getpid());
	fd = open(db->tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		rc = db_set_error(DB_CANTCREATE, "cannot create the game '%s': %s",
		    path, strerror(errno));
		free(db->tmp);
		db->tmp = NULL;
		db_close(db);
		return rc;
	}
	close(fd);
	rc = sqlite3_open_v2(db->tmp, &db->h, SQLITE_OPEN_READWRITE, NULL);
	snprintf(id, sizeof id, "PRAGMA application_id = %d", DB_APPLICATION_ID);
	if (rc != SQLITE_OK || (rc = configure(db)) != DB_OK ||
	    (rc = exec(db, id, "creating the game")) != DB_OK ||
	    (rc = migrate(db)) != DB_OK) {
		rc = rc == SQLITE_CANTOPEN ? db_set_error(DB_CANTCREATE,
		    "cannot create the game '%s'", path) :
		    db_set_error(DB_CANTCREATE, "cannot create the game '%s': %s",
		    path, db_last_error());
		db_close(db);
		return rc;
	}
	*out = db;
	return DB_OK;
}

int
db_game_insert(struct db *db, const char *rules, const char *title,
    const char *options)
{
	sqlite3_stmt *st = db_stmt(db, STMT_GAME_INSERT);

	if (st == NULL)
		return DB_BUG;
	db_bind_text(st, 1, rules);
	db_bind_text(st, 2, title);
	db_bind_text(st, 3, options);
	return db_step_done(db, st, "creating the game");
}

int
db_game_get(struct db *db, struct db_game *g)
{
	sqlite3_stmt *st = db_stmt(db, STMT_GAME_GET);
	int rc;

	if (st == NULL)
		return DB_BUG;
	memset(g, 0, sizeof *g);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		snprintf(g->rules, sizeof g->rules, "%s", sqlite3_column_text(st, 0));
		snprintf(g->title, sizeof g->title, "%s", sqlite3_column_text(st, 1));
		snprintf(g->options, sizeof g->options, "%s", sqlite3_column_text(st, 2));
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(DB_NOTGAME, "'%s' is not an umpire game (it has no game row)",
		    db->path);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading the game");
}

int
db_begin(struct db *db)
{
	int rc = exec(db, "BEGIN IMMEDIATE", "starting a transaction");

	if (rc == DB_OK)
		db->in_tx = 1;
	return rc;
}

/* Removes what a replaced game may have left beside it. */
static void
remove_sidecars(const char *path)
{
	static const char *const suffix[] = { "-wal", "-shm", "-journal" };
	char buf[4096];

	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(buf, sizeof buf, "%s%s", path, suffix[i]);
		unlink(buf);
	}
}

/* Moves a created game into place (after its transaction committed). */
static int
install(struct db *db)
{
	char *tmp = db->tmp;

	sqlite3_close(db->h);
	db->h = NULL;
	for (int i = 0; i < STMT_COUNT; i++)
		db->stmt[i] = NULL;
	db->tmp = NULL;
	remove_sidecars(db->path);
	if (rename(tmp, db->path) != 0) {
		int e = errno;

		unlink(tmp);
		free(tmp);
		return db_set_error(DB_CANTCREATE, "cannot create the game '%s': %s",
		    db->path, strerror(e));
	}
	free(tmp);
	return DB_OK;
}

int
db_commit(struct db *db)
{
	int rc;

	if (!db->in_tx)
		return DB_OK;
	rc = exec(db, "COMMIT", "saving the game");

	if (rc != DB_OK)
		return rc;
	db->in_tx = 0;
	if (db->tmp == NULL)
		return DB_OK;
	for (int i = 0; i < STMT_COUNT; i++) {
		sqlite3_finalize(db->stmt[i]);
		db->stmt[i] = NULL;
	}
	return install(db);
}

void
db_rollback(struct db *db)
{
	if (db != NULL && db->in_tx) {
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
		db->in_tx = 0;
	}
}
