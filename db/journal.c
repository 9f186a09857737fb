/* journal: events, their units and effects, undo and redo, the log, check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "journal.h"

int
db_turn(struct db *db, long *turn)
{
	sqlite3_stmt *st = db_stmt(db, STMT_TURN);
	int rc;

	if (st == NULL)
		return DB_BUG;
	rc = sqlite3_step(st);
	*turn = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 1;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading the turn");
}

int
db_event_add(struct db *db, long turn, const char *command, const char *args,
    const char *summary, long long *id)
{
	sqlite3_stmt *st;
	int rc;

	/* "Anything new on the undo stack clears what could be redone." */
	if ((rc = db_step_done(db, db_stmt(db, STMT_EVENT_CLEAR_REDO),
	    "recording the ruling")) != DB_OK)
		return rc;
	if ((st = db_stmt(db, STMT_EVENT_INSERT)) == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, turn);
	db_bind_text(st, 2, command);
	db_bind_text(st, 3, args);
	db_bind_text(st, 4, summary);
	if ((rc = db_step_done(db, st, "recording the ruling")) != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->h);
	return DB_OK;
}

int
db_event_finish(struct db *db, long long id, const char *dice,
    const char *output)
{
	sqlite3_stmt *st = db_stmt(db, STMT_EVENT_FINISH);

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, dice);
	db_bind_text(st, 3, output);
	return db_step_done(db, st, "recording the ruling");
}

int
db_event_unit(struct db *db, long long event, long long unit, const char *role)
{
	sqlite3_stmt *st = db_stmt(db, STMT_EVENT_UNIT_INSERT);

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_int64(st, 2, unit);
	db_bind_text(st, 3, role);
	return db_step_done(db, st, "recording the ruling");
}

int
db_effect_add(struct db *db, long long event, long long unit, const char *kind,
    const char *name, long amount, long total, long long ref,
    const char *detail)
{
	sqlite3_stmt *st = db_stmt(db, STMT_EFFECT_INSERT);

	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_int64(st, 2, unit);
	db_bind_text(st, 3, kind);
	db_bind_text(st, 4, name != NULL ? name : "");
	sqlite3_bind_int64(st, 5, amount);
	sqlite3_bind_int64(st, 6, total);
	sqlite3_bind_int64(st, 7, ref);
	db_bind_text(st, 8, detail != NULL ? detail : "");
	return db_step_done(db, st, "recording an effect");
}

static void
read_event(sqlite3_stmt *st, struct db_event *e)
{
	const unsigned char *s;

	memset(e, 0, sizeof *e);
	e->id = sqlite3_column_int64(st, 0);
	e->turn = (long)sqlite3_column_int64(st, 1);
	s = sqlite3_column_text(st, 2);
	snprintf(e->command, sizeof e->command, "%s", s ? (const char *)s : "");
	s = sqlite3_column_text(st, 3);
	snprintf(e->summary, sizeof e->summary, "%s", s ? (const char *)s : "");
	e->undone = sqlite3_column_int(st, 4);
}

/* Runs a listing statement with fn per event (fresh: fn may query). */
static int
each_event(struct db *db, enum stmt id, long long a, long long b,
    int nbind, int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	sqlite3_stmt *st;
	struct db_event e;
	int rc, stop = 0;

	rc = sqlite3_prepare_v2(db->h, db_sql[id], -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	sqlite3_bind_int64(st, 1, a);
	if (nbind > 1)
		sqlite3_bind_int64(st, 2, b);
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_event(st, &e);
		stop = fn(ctx, &e);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the journal");
}

int
db_undo_candidates(struct db *db, int n, int redo,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	return each_event(db, redo ? STMT_REDO_CANDIDATES : STMT_UNDO_CANDIDATES,
	    n, 0, 1, fn, ctx);
}

struct marks {
	long long ids[1024];
	int n;
};

static int
collect(void *ctx, const struct db_event *e)
{
	struct marks *m = ctx;

	if (m->n < (int)(sizeof m->ids / sizeof m->ids[0]))
		m->ids[m->n++] = e->id;
	return 0;
}

int
db_undo_mark(struct db *db, int n, int redo, int *done)
{
	struct marks m = { { 0 }, 0 };
	int rc;

	*done = 0;
	if ((rc = db_undo_candidates(db, n, redo, collect, &m)) != DB_OK)
		return rc;
	for (int i = 0; i < m.n; i++) {
		sqlite3_stmt *st = db_stmt(db, STMT_EVENT_SET_UNDONE);

		if (st == NULL)
			return DB_BUG;
		sqlite3_bind_int64(st, 1, m.ids[i]);
		sqlite3_bind_int(st, 2, redo ? 0 : 1);
		if ((rc = db_step_done(db, st, redo ? "redoing" : "undoing")) != DB_OK)
			return rc;
	}
	*done = m.n;
	return DB_OK;
}

int
db_log(struct db *db, long long unit, long turn,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	return each_event(db, STMT_LOG, unit, turn, 2, fn, ctx);
}

int
db_event_output(struct db *db, long long id, struct db_event *e, char **output)
{
	sqlite3_stmt *st = db_stmt(db, STMT_EVENT_OUTPUT);
	int rc;

	*output = NULL;
	if (st == NULL)
		return DB_BUG;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		read_event(st, e);
		*output = strdup((const char *)sqlite3_column_text(st, 5));
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(DB_NOTFOUND, "there is no event %lld in the journal", id);
	if (rc != SQLITE_ROW)
		return db_fail(db, rc, "reading the journal");
	return *output != NULL ? DB_OK : db_set_error(DB_BUG, "out of memory");
}

int
db_event_lines(struct db *db, long long id, int with_working,
    void (*fn)(void *ctx, const char *line), void *ctx)
{
	enum stmt ids[2] = { STMT_EVENT_WORKING, STMT_EVENT_EFFECTS };

	for (int k = with_working ? 0 : 1; k < 2; k++) {
		sqlite3_stmt *st = db_stmt(db, ids[k]);
		int rc;

		if (st == NULL)
			return DB_BUG;
		sqlite3_bind_int64(st, 1, id);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *s = (const char *)sqlite3_column_text(st, 0);

			if (s != NULL)
				fn(ctx, s);
		}
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return db_fail(db, rc, "reading the journal");
	}
	return DB_OK;
}

/* Runs a PRAGMA check that answers "ok" or one row per problem. */
static int
pragma_check(struct db *db, enum stmt id, const char *what,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
{
	sqlite3_stmt *st = db_stmt(db, id);
	char line[512];
	int rc;

	if (st == NULL)
		return DB_BUG;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *s = (const char *)sqlite3_column_text(st, 0);

		if (s != NULL && strcmp(s, "ok") == 0)
			continue;
		snprintf(line, sizeof line, "%s: %s", what, s != NULL ? s : "a row breaks a foreign key");
		report(ctx, line);
		(*problems)++;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, what);
}

/*
 * Every ledger in force must add up: a loss or defence effect's total is
 * the previous total plus its amount; a push back's total counts them.
 */
static int
check_ledgers(struct db *db, void (*report)(void *ctx, const char *problem),
    void *ctx, int *problems)
{
	sqlite3_stmt *st = db_stmt(db, STMT_CHECK_LEDGERS);
	long long unit = -1;
	char kind[32] = "", line[512];
	long sum = 0;
	int rc;

	if (st == NULL)
		return DB_BUG;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long u = sqlite3_column_int64(st, 0);
		const char *k = (const char *)sqlite3_column_text(st, 1);
		long amount = (long)sqlite3_column_int64(st, 2);
		long total = (long)sqlite3_column_int64(st, 3);

		if (u != unit || strcmp(k, kind) != 0) {
			unit = u;
			snprintf(kind, sizeof kind, "%s", k);
			sum = 0;
		}
		sum += strcmp(k, "pushback") == 0 ? 1 : amount;
		if (total == sum && total >= 0)
			continue;
		snprintf(line, sizeof line,
		    "unit '%s': the %s ledger says %ld at event %lld, its effects add up to %ld",
		    sqlite3_column_text(st, 5), k, total,
		    (long long)sqlite3_column_int64(st, 4), sum);
		report(ctx, line);
		(*problems)++;
		sum = total;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "checking the journal");
}

int
db_check(struct db *db, void (*report)(void *ctx, const char *problem),
    void *ctx, int *problems)
{
	int rc;

	*problems = 0;
	if ((rc = pragma_check(db, STMT_CHECK_INTEGRITY, "integrity", report,
	    ctx, problems)) != DB_OK ||
	    (rc = pragma_check(db, STMT_CHECK_FOREIGN_KEYS, "foreign keys",
	    report, ctx, problems)) != DB_OK ||
	    (rc = pragma_check(db, STMT_CHECK_JSON, "JSON not valid in",
	    report, ctx, problems)) != DB_OK)
		return rc;
	return check_ledgers(db, report, ctx, problems);
}
