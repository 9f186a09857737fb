/* units: the order of battle, name look-up, and each unit's ledgers. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "units.h"

static void
copy_text(char *dst, size_t n, sqlite3_stmt *st, int col)
{
	const unsigned char *s = sqlite3_column_text(st, col);

	snprintf(dst, n, "%s", s != NULL ? (const char *)s : "");
}

/* Binds a unit's columns ?1..?7 and runs the statement. */
static int
write_unit(struct db *db, sqlite3_stmt *st, const struct db_unit *u,
    const char *what)
{
	int rc;

	db_bind_text(st, 1, u->name);
	db_bind_text(st, 2, u->side);
	db_bind_text(st, 3, u->type);
	sqlite3_bind_int(st, 4, u->formation);
	if (u->parent_id > 0)
		sqlite3_bind_int64(st, 5, u->parent_id);
	db_bind_text(st, 6, u->ratings);
	sqlite3_bind_int64(st, 7, u->start_strength);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if ((rc & 0xff) == SQLITE_CONSTRAINT)
		return db_set_error(DB_CONFLICT, "a unit named '%s' is already in the game",
		    u->name);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, what);
}

int
db_unit_add(struct db *db, const struct db_unit *u, long long *id)
{
	sqlite3_stmt *st = db_stmt(db, STMT_UNIT_INSERT);
	int rc;

	if (st == NULL)
		return DB_BUG;
	if ((rc = write_unit(db, st, u, "adding a unit")) != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->h);
	return DB_OK;
}

int
db_unit_find(struct db *db, const char *name, long long *id)
{
	sqlite3_stmt *st = db_stmt(db, STMT_UNIT_BY_NAME);
	char names[512] = "";
	int rc, n = 0;

	if (st == NULL)
		return DB_BUG;
	db_bind_text(st, 1, name);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
		return DB_OK;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, rc, "finding a unit");
	if ((st = db_stmt(db, STMT_UNIT_BY_PREFIX)) == NULL)
		return DB_BUG;
	db_bind_text(st, 1, name);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		snprintf(names + strlen(names), sizeof names - strlen(names),
		    "%s'%s'", n++ ? ", " : "", sqlite3_column_text(st, 1));
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, rc, "finding a unit");
	if (n == 1 && *name != '\0')
		return DB_OK;
	if (n == 0 || *name == '\0')
		return db_set_error(DB_NOTFOUND, "unit '%s' not found", name);
	return db_set_error(DB_CONFLICT, "unit '%s' is ambiguous: %s%s", name,
	    names, n > 5 ? ", ..." : "");
}

static void
read_unit(sqlite3_stmt *st, struct db_unit *u)
{
	memset(u, 0, sizeof *u);
	u->id = sqlite3_column_int64(st, 0);
	copy_text(u->name, sizeof u->name, st, 1);
	copy_text(u->side, sizeof u->side, st, 2);
	copy_text(u->type, sizeof u->type, st, 3);
	u->formation = sqlite3_column_int(st, 4);
	u->parent_id = sqlite3_column_int64(st, 5);
	copy_text(u->parent, sizeof u->parent, st, 6);
	u->start_strength = (long)sqlite3_column_int64(st, 7);
	copy_text(u->ratings, sizeof u->ratings, st, 8);
}

int
db_unit_get(struct db *db, long long id, struct db_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, STMT_UNIT_GET);
	int rc;

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_unit(st, u);
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(DB_NOTFOUND, "unit %lld not found", id);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading a unit");
}

int
db_unit_update(struct db *db, const struct db_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, STMT_UNIT_UPDATE);

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 8, u->id);
	return write_unit(db, st, u, "changing a unit");
}

int
db_unit_remove(struct db *db, long long id)
{
	sqlite3_stmt *st = db_stmt(db, STMT_UNIT_IN_USE);
	long long events = 0, children = 0;
	int rc;

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		events = sqlite3_column_int64(st, 0);
		children = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, rc, "removing a unit");
	if (events > 0)
		return db_set_error(DB_CONFLICT,
		    "the journal names this unit; it stays (set it aside with 'unit set')");
	if (children > 0)
		return db_set_error(DB_CONFLICT,
		    "%lld unit%s belong to this formation; remove or move them first",
		    children, children == 1 ? "" : "s");
	if ((st = db_stmt(db, STMT_UNIT_DELETE)) == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	return db_step_done(db, st, "removing a unit");
}

int
db_unit_each(struct db *db, int (*fn)(void *ctx, const struct db_unit *u),
    void *ctx)
{
	sqlite3_stmt *st;
	struct db_unit u;
	int rc, stop = 0;

	/* A fresh statement: fn may use the cached ones. */
	rc = sqlite3_prepare_v2(db->h, db_sql[STMT_UNIT_ALL], -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "listing units");
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_unit(st, &u);
		stop = fn(ctx, &u);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "listing units");
}

/* The latest effect of KIND in force for unit id; 0 when there is none. */
static int
ledger(struct db *db, long long id, const char *kind, char *name, size_t n,
    long *amount, long *total, long long *ref, long *turn)
{
	sqlite3_stmt *st = db_stmt(db, STMT_LEDGER_LATEST);
	int rc;

	*amount = *total = 0;
	*ref = 0;
	*turn = 0;
	if (name != NULL)
		name[0] = '\0';
	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, kind);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		if (name != NULL)
			copy_text(name, n, st, 0);
		*amount = (long)sqlite3_column_int64(st, 1);
		*total = (long)sqlite3_column_int64(st, 2);
		*ref = sqlite3_column_int64(st, 3);
		*turn = (long)sqlite3_column_int64(st, 4);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, rc, "reading a unit's state");
}

/* The flags set on a unit: the last word on each flag wins. */
static int
flags(struct db *db, struct unit *u)
{
	sqlite3_stmt *st = db_stmt(db, STMT_FLAGS);
	int rc;

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, u->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		int on = sqlite3_column_int(st, 1) != 0, at = -1;

		for (int i = 0; i < u->nflags; i++)
			if (strcmp(u->flags[i], name) == 0)
				at = i;
		if (on && at < 0 && u->nflags < UNIT_FLAGS)
			snprintf(u->flags[u->nflags++], UNIT_WORD, "%s", name);
		if (!on && at >= 0) {
			memmove(u->flags[at], u->flags[at + 1],
			    (size_t)(u->nflags - at - 1) * UNIT_WORD);
			u->nflags--;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading a unit's flags");
}

int
db_unit_state(struct db *db, const struct db_unit *row, struct unit *u)
{
	long amount, total, turn;
	long long ref;
	int rc;

	u->id = row->id;
	u->formation = row->formation;
	u->parent = row->parent_id;
	snprintf(u->name, sizeof u->name, "%s", row->name);
	snprintf(u->side, sizeof u->side, "%s", row->side);
	snprintf(u->type, sizeof u->type, "%s", row->type);
	u->start_strength = row->start_strength;
	u->nflags = 0;
	if ((rc = ledger(db, u->id, "loss", NULL, 0, &amount, &u->losses, &ref,
	    &turn)) != DB_OK ||
	    (rc = ledger(db, u->id, "defence", NULL, 0, &amount,
	    &u->defence_lost, &ref, &turn)) != DB_OK ||
	    (rc = ledger(db, u->id, "state", u->state, sizeof u->state, &amount,
	    &total, &ref, &turn)) != DB_OK ||
	    (rc = ledger(db, u->id, "pushback", NULL, 0, &u->pb_run,
	    &u->pb_total, &u->pb_ref, &u->pb_turn)) != DB_OK ||
	    (rc = ledger(db, u->id, "melee", NULL, 0, &amount, &u->melee_round,
	    &u->melee_ref, &u->melee_turn)) != DB_OK)
		return rc;
	u->melee_open = (int)amount;
	return flags(db, u);
}

/* Appends s to the buffer and the vector; -1 when full. */
static int
push_arg(struct rating_args *ra, size_t *used, const char *s)
{
	size_t len = strlen(s) + 1;

	if (*used + len > sizeof ra->buf ||
	    ra->argc == (int)(sizeof ra->argv / sizeof ra->argv[0]))
		return -1;
	memcpy(ra->buf + *used, s, len);
	ra->argv[ra->argc++] = ra->buf + *used;
	*used += len;
	return 0;
}

int
db_rating_args(struct db *db, const char *ratings, struct rating_args *ra)
{
	sqlite3_stmt *st = db_stmt(db, STMT_RATING_ARGS);
	size_t used = 0;
	int rc, full = 0;

	ra->argc = 0;
	if (st == NULL)
		return DB_BUG;
	db_bind_text(st, 1, ratings);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 0);
		const char *type = (const char *)sqlite3_column_text(st, 1);
		const char *atom = (const char *)sqlite3_column_text(st, 2);
		char opt[128];

		if (strcmp(type, "false") == 0 || key == NULL)
			continue;
		snprintf(opt, sizeof opt, "--%s", key);
		full |= push_arg(ra, &used, opt);
		if (strcmp(type, "true") != 0)
			full |= push_arg(ra, &used, atom != NULL ? atom : "");
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, rc, "reading a unit's ratings");
	return full ? db_set_error(DB_BUG, "a unit's ratings are too long") : DB_OK;
}
