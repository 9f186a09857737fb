/*
 * stmt: the named-statement cache, binding and reading a statement, and
 * the failure of any of them told as one sentence (db_fail).  Every db
 * module calls it; it calls none of them (db.c opens the game and calls
 * the journal and the rule tables, which call this).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "text.h"

const struct error *
db_error(const struct db *db)
{
	return &db->error;
}

int
db_set_error(struct db *db, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(&db->error, status, fmt, ap);
	va_end(ap);
	return status;
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
	case SQLITE_NOMEM: return DB_NOMEM;
	case SQLITE_IOERR: case SQLITE_FULL: case SQLITE_CORRUPT:
	case SQLITE_PROTOCOL:
		return DB_IO;
	default: return DB_BUG;
	}
}

/* The directory of path into dir. */
void
db_dir_of(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');

	snprintf(dir, n, "%.*s", slash == NULL ? 1 : (int)(slash - path + 1),
	    slash == NULL ? "." : path);
}

/* True when the file at path and its directory may be written: a game
 * SQLite could only open for reading failed for another reason. */
int
db_path_writable(const char *path)
{
	char dir[4096];

	db_dir_of(path, dir, sizeof dir);
	return access(path, W_OK) == 0 && access(dir, W_OK) == 0;
}

/* An open for writing that failed where the file may be written: an I/O
 * error, told as one (SQLite opens a file it cannot open for writing for
 * reading, and says it is read-only). */
int
db_io_failed(struct db *db, const char *path, const char *what)
{
	int e = db != NULL && db->h != NULL ? sqlite3_system_errno(db->h) : 0;

	if (e != ENOSPC && e != EDQUOT && e != EMFILE && e != ENFILE && e != ENOMEM)
		e = EIO;
	return db_set_error(db, DB_IO, "%s failed on the game '%s': %s", what, path, strerror(e));
}

/* True when SQLite's plain error comes from what the file holds, not
 * from umpire's SQL: a JSON column that is not JSON, a header naming a
 * schema format no SQLite knows.  The file is damaged. */
static int
from_the_file(const char *msg)
{
	static const char *const damage[] = {
		"malformed JSON", "JSON cannot hold BLOB values", "unsupported file format",
	};

	for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++)
		if (strcmp(msg, damage[i]) == 0)
			return 1;
	return 0;
}

int
db_fail(struct db *db, int rc, const char *what)
{
	const char *path = db != NULL && db->path != NULL ? db->path : "the game";
	const char *msg = db != NULL && db->h != NULL ? sqlite3_errmsg(db->h) :
	    sqlite3_errstr(rc);
	int st = status_of((rc & 0xff) == SQLITE_ERROR && from_the_file(msg) ?
	    SQLITE_CORRUPT : rc);

	switch (st) {
	case DB_LOCKED:
		return db_set_error(db, st, "the game '%s' is locked by another writer; try again", path);
	case DB_READONLY:
		if (db != NULL && db->rw && db->path != NULL && db_path_writable(db->path))
			return db_io_failed(db, path, "opening the game for writing");
		return db_set_error(db, st, "cannot write the game '%s': it is read-only (make it writable, or play on a copy)", path);
	case DB_NOTGAME:
		return db_set_error(db, st, "'%s' is not an umpire game", path);
	case DB_IO:
		if ((rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_ERROR)
			return db_set_error(db, st, "the game '%s' is damaged (%s)%s: see 'umpire check'",
			    path, msg, db != NULL && db->in_tx && db->rw ? "; nothing was written" : "");
		/* (SQLite's word on a failed open comes after its own retries:
		 * the system's then is not the cause) */
		if ((rc & 0xff) == SQLITE_IOERR && db != NULL && db->h != NULL &&
		    sqlite3_system_errno(db->h) != 0)
			return db_set_error(db, st, "%s failed on the game '%s': %s (%s)", what, path,
			    msg, strerror(sqlite3_system_errno(db->h)));
		return db_set_error(db, st, "%s failed on the game '%s': %s", what, path, msg);
	case DB_NOMEM:
		return db_set_error(db, st, "%s: out of memory", what);
	default:
		return db_set_error(db, st, "%s: %s", what, msg);
	}
}

int
db_prepare(struct db *db, enum stmt id, sqlite3_stmt **out)
{
	sqlite3_stmt *st = db->stmt[id];
	int rc;

	*out = NULL;
	/* A failed statement may have made SQLite roll the transaction back
	 * on its own: nothing runs after that as if it were still open. */
	if (db->in_tx && sqlite3_get_autocommit(db->h))
		return db_set_error(db, DB_IO,
		    "the game's transaction was ended by an earlier failure; nothing was saved");
	if (st == NULL) {
		rc = sqlite3_prepare_v3(db->h, db_sql[id], -1,
		    SQLITE_PREPARE_PERSISTENT, &db->stmt[id], NULL);
		if (rc != SQLITE_OK)
			return db_fail(db, rc, "preparing a statement");
		*out = db->stmt[id];
		return DB_OK;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	*out = st;
	return DB_OK;
}

int
db_step_done(struct db *db, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return DB_OK;
	return db_fail(db, rc == SQLITE_ROW ? SQLITE_MISUSE : rc, what);
}

void
db_bind_text(sqlite3_stmt *st, int i, const char *s, int *rc)
{
	if (*rc != SQLITE_OK)
		return;
	/* Not copied: every statement is stepped while the text it is given
	 * lives, and db_prepare clears the bindings before its next use. */
	*rc = s == NULL ? sqlite3_bind_null(st, i) :
	    sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
}

void
db_bind_int(sqlite3_stmt *st, int i, long long v, int *rc)
{
	if (*rc == SQLITE_OK)
		*rc = sqlite3_bind_int64(st, i, v);
}

const char *
db_column_text(sqlite3_stmt *st, int col, int *rc)
{
	const char *s = (const char *)sqlite3_column_text(st, col);

	if (s == NULL && sqlite3_column_type(st, col) != SQLITE_NULL && *rc == SQLITE_OK)
		*rc = SQLITE_NOMEM;
	return s;
}

int
db_column_copy(sqlite3_stmt *st, int col, char *dst, size_t n)
{
	int rc = SQLITE_OK;
	const char *s = db_column_text(st, col, &rc);

	text_copy(dst, n, s != NULL ? s : "");
	return rc;
}
