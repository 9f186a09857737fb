/* battles: the battles a game keeps before its own. */
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "internal.h"

/* A room for one battle more at the end of *out: its address, or NULL
 * when there is no memory for it. */
static struct db_battle *
one_more(struct db_battle **out, int *n, int *room)
{
	struct db_battle *b;

	if (*n == *room) {
		int more = *room > 0 ? 2 * *room : 4;

		if ((b = realloc(*out, (size_t)more * sizeof *b)) == NULL)
			return NULL;
		*out = b;
		*room = more;
	}
	b = &(*out)[(*n)++];
	memset(b, 0, sizeof *b);
	return b;
}

/* The row st stands on into the battles: a new battle when its id is not
 * the last one's, and its side (a row of a battle with no side has none). */
static int
take_row(sqlite3_stmt *st, struct db_battle **out, int *n, int *room, long long *last)
{
	long long id = sqlite3_column_int64(st, 0);
	struct db_battle *b = *n > 0 && id == *last ? &(*out)[*n - 1] : NULL;
	struct db_battle_side *s;
	int rc = SQLITE_OK;

	if (b == NULL) {
		if ((b = one_more(out, n, room)) == NULL)
			return SQLITE_NOMEM;
		*last = id;
		rc = db_column_copy(st, 1, b->title, sizeof b->title);
		b->turns = (long)sqlite3_column_int64(st, 2);
	}
	if (rc != SQLITE_OK || sqlite3_column_type(st, 3) == SQLITE_NULL)
		return rc;
	if (b->nsides == DB_BATTLE_SIDES)
		return SQLITE_CORRUPT;
	s = &b->side[b->nsides++];
	rc = db_column_copy(st, 3, s->side, sizeof s->side);
	s->losses = (long)sqlite3_column_int64(st, 4);
	s->start = (long)sqlite3_column_int64(st, 5);
	return rc;
}

int
db_battles(struct db *db, struct db_battle **out, int *n)
{
	sqlite3_stmt *st;
	long long last = 0;
	int rc, status, room = 0;

	*out = NULL;
	*n = 0;
	if (db->version < DB_CAMPAIGN_VERSION)
		return DB_OK;
	if ((status = db_prepare(db, STMT_BATTLES, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if ((rc = take_row(st, out, n, &room, &last)) != SQLITE_OK)
			break;
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return DB_OK;
	free(*out);
	*out = NULL;
	*n = 0;
	return db_fail(db, rc, "reading the campaign");
}

int
db_battle_add(struct db *db, const struct db_battle *b)
{
	sqlite3_stmt *st;
	long long id;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_BATTLE_INSERT, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, b->title, &rc);
	db_bind_int(st, 2, b->turns, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping the campaign");
	if ((status = db_step_done(db, st, "keeping the campaign")) != DB_OK)
		return status;
	id = sqlite3_last_insert_rowid(db->h);
	for (int i = 0; i < b->nsides; i++) {
		if ((status = db_prepare(db, STMT_BATTLE_SIDE_INSERT, &st)) != DB_OK)
			return status;
		db_bind_int(st, 1, id, &rc);
		db_bind_int(st, 2, i, &rc);
		db_bind_text(st, 3, b->side[i].side, &rc);
		db_bind_int(st, 4, b->side[i].losses, &rc);
		db_bind_int(st, 5, b->side[i].start, &rc);
		if (rc != SQLITE_OK)
			return db_fail(db, rc, "keeping the campaign");
		if ((status = db_step_done(db, st, "keeping the campaign")) != DB_OK)
			return status;
	}
	return DB_OK;
}
