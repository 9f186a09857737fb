/* viewers: the tokens of the pages `umpire serve` gives, and the sides. */
#include <string.h>

#include "internal.h"
#include "text.h"
#include "viewers.h"

int
db_sides_each(struct db *db, int (*fn)(void *ctx, const char *side), void *ctx)
{
	sqlite3_stmt *st;
	int rc, status, copy = SQLITE_OK, stop = 0;

	if ((status = db_prepare(db, STMT_SIDES, &st)) != DB_OK)
		return status;
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *side = db_column_text(st, 0, &copy);

		if (copy != SQLITE_OK)
			break;
		stop = fn(ctx, side != NULL ? side : "");
	}
	sqlite3_reset(st);
	if (copy != SQLITE_OK)
		return db_fail(db, copy, "reading the sides");
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the sides");
}

int
db_viewer_get(struct db *db, const char *side, char *token)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	token[0] = '\0';
	if ((status = db_prepare(db, STMT_VIEWER_GET, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, side, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the pages' tokens");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		status = db_column_copy(st, 0, token, VIEWER_TOKEN) == SQLITE_OK ? DB_OK :
		    db_fail(db, SQLITE_NOMEM, "reading the pages' tokens");
	else if (rc == SQLITE_DONE)
		status = db_set_error(db, DB_NOTFOUND, "no page for '%s'", side);
	else
		status = db_fail(db, rc, "reading the pages' tokens");
	sqlite3_reset(st);
	return status;
}

int
db_viewer_put(struct db *db, const char *side, const char *token)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_VIEWER_PUT, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, side, &rc);
	db_bind_text(st, 2, token, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping the pages' tokens");
	return db_step_done(db, st, "keeping the pages' tokens");
}

int
db_viewer_clear(struct db *db)
{
	sqlite3_stmt *st;
	int status;

	if ((status = db_prepare(db, STMT_VIEWER_CLEAR, &st)) != DB_OK)
		return status;
	return db_step_done(db, st, "replacing the pages' tokens");
}

/* True (1) when the game has the viewer table: a game of an umpire older
 * than the pages has none. */
static int
has_viewers(struct db *db, int *yes)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_VIEWER_TABLE, &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	*yes = rc == SQLITE_ROW && sqlite3_column_int(st, 0) > 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading the game");
}

int
db_viewer_find(struct db *db, const char *side, char *token)
{
	int rc, yes = 0;

	token[0] = '\0';
	if ((rc = has_viewers(db, &yes)) != DB_OK)
		return rc;
	return yes ? db_viewer_get(db, side, token) :
	    db_set_error(db, DB_NOTFOUND, "the game '%s' keeps no pages", db->path);
}
