/* db internals shared by the db modules: the handle and the named statements. */
#ifndef UMPIRE_DB_INTERNAL_H
#define UMPIRE_DB_INTERNAL_H

#include <sqlite3.h>

#include "db.h"
#include "sql.h"

struct db {
	sqlite3 *h;
	char *path;		/* where the game lives */
	char *tmp;		/* db_create: the file being made, renamed at commit */
	int in_tx;
	sqlite3_stmt *stmt[STMT_COUNT];
	struct loaded *tables;	/* rule tables read from the game */
};

/* Frees the cache of rule tables read from the game. */
void db_tables_free(struct db *db);

/* The prepared statement id, reset and with its bindings cleared. */
sqlite3_stmt *db_stmt(struct db *db, enum stmt id);

/* Records SQLite's error as the last error and returns the status. */
int db_fail(struct db *db, int rc, const char *what);

/* Sets the last error sentence and returns status. */
int db_set_error(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Steps a statement that returns no row; DB_OK or a status. */
int db_step_done(struct db *db, sqlite3_stmt *st, const char *what);

/* Binds text, or NULL when s is NULL. */
void db_bind_text(sqlite3_stmt *st, int i, const char *s);

#endif
