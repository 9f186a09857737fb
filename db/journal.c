/* journal: events, their units and effects, undo and redo, the log, check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "journal.h"
#include "text.h"
#include "unit.h"

/* The turn counted through the journal: one past the latest `turn next`
 * in force. */
static int
turn_counted(struct db *db, long *turn)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_TURN, &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	*turn = rc == SQLITE_ROW ? 1 + (long)sqlite3_column_int64(st, 0) : 1;
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the turn");
}

/*
 * The turn from the journal's head when the head is in force, as it is
 * in play: the entries in force before it are those in force when it was
 * made (undo takes the latest in force first, and a new entry clears what
 * could be redone), so it was made in the turn now current, or ended it
 * if it is a `turn next`.  Its id gives the next event's, and nothing
 * after it could be redone.  *known is 0 after an undo (the head undone).
 */
static int
turn_from_head(struct db *db, long *turn, int *known)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_EVENT_HEAD, &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	*known = rc == SQLITE_DONE || (rc == SQLITE_ROW && sqlite3_column_int(st, 3) == 0);
	if (rc == SQLITE_ROW && *known) {
		db->last_live = sqlite3_column_int64(st, 0);
		*turn = (long)sqlite3_column_int64(st, 1) + sqlite3_column_int(st, 2);
	} else if (rc == SQLITE_DONE) {
		db->last_live = 0;
		*turn = 1;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, rc, "reading the turn");
	db->next_id = db->last_live + 1;
	db->redo = *known ? 0 : -1;
	db->head_known = *known;
	return DB_OK;
}

int
db_turn(struct db *db, long *turn)
{
	int known = 0, status;

	if ((status = turn_from_head(db, turn, &known)) != DB_OK || known)
		return status;
	return turn_counted(db, turn);
}

int
db_turn_result(struct db *db, long turn, const char *command, const char *field,
    long *v, int room, int *n)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	*n = 0;
	if ((status = db_prepare(db, STMT_TURN_RESULT, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, command, &rc);
	db_bind_int(st, 2, turn, &rc);
	db_bind_text(st, 3, field, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the turn");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (*n < room)
			v[(*n)++] = (long)sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the turn");
}

int
db_event_next_id(struct db *db, long long *id)
{
	sqlite3_stmt *st;
	int rc, status;

	if (db->head_known) {
		*id = db->next_id;
		return DB_OK;
	}
	if ((status = db_prepare(db, STMT_EVENT_NEXT_ID, &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	db->redo = rc == SQLITE_ROW ? sqlite3_column_int(st, 1) : -1;
	db->last_live = rc == SQLITE_ROW ? sqlite3_column_int64(st, 2) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "recording the ruling");
}

int
db_event_record(struct db *db, const struct db_record *rec)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	/* "Any new entry clears what could be redone" (CLI.md), a ruling
	 * that changed nothing too: the entries in force stay one chain, each
	 * made on the ones before it (db_event_next_id says whether anything
	 * could be redone, and the last entry in force). */
	if (db->redo != 0) {
		if ((status = db_prepare(db, STMT_EVENT_CLEAR_REDO, &st)) != DB_OK ||
		    (status = db_step_done(db, st, "recording the ruling")) != DB_OK)
			return status;
	}
	db->head_known = 0;
	if ((status = db_prepare(db, STMT_EVENT_INSERT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, rec->id, &rc);
	db_bind_int(st, 2, rec->turn, &rc);
	db_bind_text(st, 3, rec->command, &rc);
	db_bind_text(st, 4, rec->args, &rc);
	db_bind_text(st, 5, rec->dice, &rc);
	db_bind_text(st, 6, rec->output, &rc);
	db_bind_text(st, 7, rec->summary, &rc);
	db_bind_int(st, 8, rec->changes != 0, &rc);
	db_bind_int(st, 9, db->last_live, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "recording the ruling");
	return db_step_done(db, st, "recording the ruling");
}

/* Runs statement which, with the event id bound when id > 0. */
static int
refresh(struct db *db, enum stmt which, long long id)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, which, &st)) != DB_OK)
		return status;
	if (id > 0)
		db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping the units' state");
	return db_step_done(db, st, "keeping the units' state");
}

/* Rewrites the kept state of the units of event id from the journal. */
static int
refresh_event(struct db *db, long long id)
{
	int rc;

	if ((rc = refresh(db, STMT_STATE_REFRESH_EVENT, id)) != DB_OK ||
	    (rc = refresh(db, STMT_LEDGER_CLEAR_EVENT, id)) != DB_OK)
		return rc;
	return refresh(db, STMT_LEDGER_REFRESH_EVENT, id);
}

int
db_state_refresh_all(struct db *db)
{
	int rc;

	if ((rc = refresh(db, STMT_STATE_REFRESH_ALL, 0)) != DB_OK ||
	    (rc = refresh(db, STMT_LEDGER_CLEAR_ALL, 0)) != DB_OK)
		return rc;
	return refresh(db, STMT_LEDGER_REFRESH_ALL, 0);
}

int
db_event_unit(struct db *db, long long event, long long unit, const char *role)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_EVENT_UNIT_INSERT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, event, &rc);
	db_bind_int(st, 2, unit, &rc);
	db_bind_text(st, 3, role, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "recording the ruling");
	return db_step_done(db, st, "recording the ruling");
}

int
db_effect_add(struct db *db, long long event, const struct effect_record *e)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_EFFECT_INSERT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, event, &rc);
	db_bind_int(st, 2, e->unit, &rc);
	db_bind_text(st, 3, e->kind, &rc);
	db_bind_text(st, 4, e->name != NULL ? e->name : "", &rc);
	db_bind_int(st, 5, e->amount, &rc);
	db_bind_int(st, 6, e->total, &rc);
	db_bind_int(st, 7, e->ref, &rc);
	db_bind_text(st, 8, e->note != NULL ? e->note : "", &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "recording an effect");
	return db_step_done(db, st, "recording an effect");
}

/* One ledger of u kept, when the journal holds a change of it (a change
 * is always made in a turn, from 1). */
static int
ledger_put(struct db *db, const struct unit *u, const char *kind,
    const struct ledger_value *l)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if (l->turn == 0)
		return DB_OK;
	if ((status = db_prepare(db, STMT_LEDGER_PUT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, u->id, &rc);
	db_bind_text(st, 2, kind, &rc);
	db_bind_int(st, 3, l->total, &rc);
	db_bind_int(st, 4, l->amount, &rc);
	db_bind_int(st, 5, l->turn, &rc);
	db_bind_int(st, 6, l->ref, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping the units' state");
	return db_step_done(db, st, "keeping the units' state");
}

int
db_state_put(struct db *db, const struct unit *u, const char *const *ledgers)
{
	char flags[UNIT_FLAGS * UNIT_WORD] = "";
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	for (int i = 0; i < u->nflags; i++)
		if (u->flag_until[i] > 0)
			snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
			    "%s%s@%ld", i ? "," : "", u->flags[i], u->flag_until[i]);
		else
			snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
			    "%s%s", i ? "," : "", u->flags[i]);
	if ((status = db_prepare(db, STMT_STATE_PUT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, u->id, &rc);
	db_bind_text(st, 2, u->state, &rc);
	db_bind_text(st, 3, u->tactical, &rc);
	db_bind_text(st, 4, flags, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping the units' state");
	if ((status = db_step_done(db, st, "keeping the units' state")) != DB_OK)
		return status;
	if (sqlite3_changes(db->h) != 1)
		return db_set_error(db, DB_IO, "unit '%s' has no kept state in the game", u->name);
	for (int i = 0; ledgers[i] != NULL && i < UNIT_LEDGERS; i++)
		if ((status = ledger_put(db, u, ledgers[i], &u->ledger[i])) != DB_OK)
			return status;
	return DB_OK;
}

/* The text of column col, NULL only on a failure (*rc says it). */
static const char *
column_text(sqlite3_stmt *st, int col, int *rc)
{
	const char *s = db_column_text(st, col, rc);

	return s != NULL ? s : *rc == SQLITE_OK ? "" : NULL;
}

/* The row's event into e; its texts are the row's (see db_event). */
static int
read_event(sqlite3_stmt *st, struct db_event *e)
{
	int rc;

	memset(e, 0, sizeof *e);
	e->id = sqlite3_column_int64(st, 0);
	e->turn = (long)sqlite3_column_int64(st, 1);
	rc = db_column_copy(st, 2, e->command, sizeof e->command);
	if (rc == SQLITE_OK)
		e->summary = column_text(st, 3, &rc);
	e->undone = sqlite3_column_int(st, 4);
	if (rc == SQLITE_OK)
		e->units = column_text(st, 5, &rc);
	e->changes = sqlite3_column_int(st, 6);
	if (rc == SQLITE_OK)
		e->who = column_text(st, 7, &rc);
	e->advance = sqlite3_column_int(st, 8);
	return rc;
}

/* e's texts copied into one block of its own (db_event_output's e
 * outlives its row). */
static int
own_texts(struct db_event *e)
{
	size_t ns = strlen(e->summary) + 1, nu = strlen(e->units) + 1,
	    nw = strlen(e->who) + 1;

	if ((e->owned = malloc(ns + nu + nw)) == NULL)
		return SQLITE_NOMEM;
	memcpy(e->owned, e->summary, ns);
	memcpy(e->owned + ns, e->units, nu);
	memcpy(e->owned + ns + nu, e->who, nw);
	e->summary = e->owned;
	e->units = e->owned + ns;
	e->who = e->owned + ns + nu;
	return SQLITE_OK;
}

void
db_event_free(struct db_event *e)
{
	free(e->owned);
	e->owned = NULL;
	e->summary = e->units = e->who = "";
}

/* Runs a listing statement with fn per event (a fresh statement: fn may
 * query). */
static int
each_event(struct db *db, enum stmt id, long long a, long long b,
    int nbind, int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	sqlite3_stmt *st;
	struct db_event e;
	int rc, stop = 0;

	if (db->in_tx && sqlite3_get_autocommit(db->h))
		return db_set_error(db, DB_IO,
		    "the game's transaction was ended by an earlier failure; nothing was saved");
	rc = sqlite3_prepare_v2(db->h, db_sql[id], -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	rc = SQLITE_OK;
	db_bind_int(st, 1, a, &rc);
	if (nbind > 1)
		db_bind_int(st, 2, b, &rc);
	if (rc != SQLITE_OK) {
		sqlite3_finalize(st);
		return db_fail(db, rc, "reading the journal");
	}
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((rc = read_event(st, &e)) != SQLITE_OK)
			break;
		stop = fn(ctx, &e);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the journal");
}

/* Binds undo's or redo's reach: event TO and on, or the one entry next. */
static int
each_candidate(struct db *db, long long to, int redo,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	long long from = to > 0 ? to : redo ? (long long)1 << 62 : 0;

	return each_event(db, redo ? STMT_REDO_CANDIDATES : STMT_UNDO_CANDIDATES,
	    from, to > 0 ? -1 : 1, 2, fn, ctx);
}

int
db_undo_candidates(struct db *db, long long to, int redo,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	return each_candidate(db, to, redo, fn, ctx);
}

/* The ids undo or redo takes, gathered before any is marked. */
struct marks {
	long long *ids;
	size_t n, room;
	int no_memory;
};

static int
collect(void *ctx, const struct db_event *e)
{
	struct marks *m = ctx;

	if (m->n == m->room) {
		size_t room = m->room ? 2 * m->room : 64;
		long long *ids = realloc(m->ids, room * sizeof *ids);

		if (ids == NULL) {
			m->no_memory = 1;
			return 1;
		}
		m->ids = ids;
		m->room = room;
	}
	m->ids[m->n++] = e->id;
	return 0;
}

/* Marks event id undone (1) or in force again (0), and rewrites the kept
 * state of its units from the journal. */
static int
mark_one(struct db *db, long long id, int redo)
{
	sqlite3_stmt *st;
	int b = SQLITE_OK, rc;

	db->head_known = 0;
	if ((rc = db_prepare(db, STMT_EVENT_SET_UNDONE, &st)) != DB_OK)
		return rc;
	db_bind_int(st, 1, id, &b);
	db_bind_int(st, 2, redo ? 0 : 1, &b);
	if (b != SQLITE_OK)
		return db_fail(db, b, redo ? "redoing" : "undoing");
	if ((rc = db_step_done(db, st, redo ? "redoing" : "undoing")) != DB_OK)
		return rc;
	return refresh_event(db, id);
}

int
db_undo_mark(struct db *db, long long to, int redo, int *done)
{
	struct marks m = { NULL, 0, 0, 0 };
	int rc;

	*done = 0;
	rc = each_candidate(db, to, redo, collect, &m);
	if (m.no_memory)
		rc = db_set_error(db, DB_NOMEM, "%s: out of memory", redo ? "redoing" : "undoing");
	/* Newest first for undo, oldest first for redo: each event's units
	 * are refreshed with the journal as it then stands. */
	for (size_t i = 0; rc == DB_OK && i < m.n; i++)
		rc = mark_one(db, m.ids[i], redo);
	if (rc == DB_OK)
		*done = (int)m.n;
	free(m.ids);
	return rc;
}

int
db_event_undone(struct db *db, long long id, int *undone)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_EVENT_UNDONE, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	rc = sqlite3_step(st);
	*undone = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(db, DB_NOTFOUND, "there is no event %lld in the journal ('umpire log' lists them)", id);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading the journal");
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
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	*output = NULL;
	memset(e, 0, sizeof *e);
	db_event_free(e);
	if ((status = db_prepare(db, STMT_EVENT_OUTPUT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int col = read_event(st, e);
		const char *out = db_column_text(st, 9, &col);

		if (col == SQLITE_OK)
			col = own_texts(e);
		if (col != SQLITE_OK)
			rc = col;
		else if (out == NULL || text_unclean(out, NULL, 0) != 0) {
			/* (NULL: the output kept is not JSON; nor is one of
			 * bytes that are not UTF-8) */
			sqlite3_reset(st);
			db_event_free(e);
			return db_set_error(db, DB_IO,
			    "the game '%s' is damaged: event %lld's output is not JSON: see 'umpire check'",
			    db->path, id);
		} else if ((*output = strdup(out)) == NULL)
			rc = SQLITE_NOMEM;
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(db, DB_NOTFOUND, "there is no event %lld in the journal ('umpire log' lists them)", id);
	if (rc != SQLITE_ROW) {
		free(*output);
		*output = NULL;
		db_event_free(e);
		return db_fail(db, rc, "reading the journal");
	}
	return DB_OK;
}

int
db_event_lines(struct db *db, long long id, int with_working,
    void (*fn)(void *ctx, const char *line), void *ctx)
{
	enum stmt ids[2] = { STMT_EVENT_WORKING, STMT_EVENT_EFFECTS };

	for (int k = with_working ? 0 : 1; k < 2; k++) {
		sqlite3_stmt *st;
		int rc = SQLITE_OK, status;

		if ((status = db_prepare(db, ids[k], &st)) != DB_OK)
			return status;
		db_bind_int(st, 1, id, &rc);
		if (rc != SQLITE_OK)
			return db_fail(db, rc, "reading the journal");
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			int col = SQLITE_OK;
			const char *s = db_column_text(st, 0, &col);

			if (col != SQLITE_OK) {
				rc = col;
				break;
			}
			if (s != NULL)
				fn(ctx, s);
		}
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return db_fail(db, rc, "reading the journal");
	}
	return DB_OK;
}

int
db_event_effects(struct db *db, long long id,
    void (*fn)(void *ctx, const struct effect_record *e), void *ctx)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_EVENT_EFFECT_ROWS, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct effect_record e = { 0 };
		int col = SQLITE_OK;

		e.unit = sqlite3_column_int64(st, 0);
		e.kind = db_column_text(st, 1, &col);
		e.name = db_column_text(st, 2, &col);
		e.amount = (long)sqlite3_column_int64(st, 3);
		e.total = (long)sqlite3_column_int64(st, 4);
		e.note = db_column_text(st, 5, &col);
		if (col != SQLITE_OK || e.kind == NULL || e.name == NULL || e.note == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		fn(ctx, &e);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the journal");
}

int
db_event_roles(struct db *db, long long id,
    void (*fn)(void *ctx, long long unit, const char *role), void *ctx)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_EVENT_UNIT_ROWS, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the journal");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int col = SQLITE_OK;
		const char *role = db_column_text(st, 1, &col);

		if (col != SQLITE_OK || role == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		fn(ctx, sqlite3_column_int64(st, 0), role);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the journal");
}

/* Runs a check that answers "ok", nothing, or one row per problem; the
 * row's first column says what. */
static int
rows_check(struct db *db, enum stmt id, const char *what,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
{
	sqlite3_stmt *st;
	char line[512];
	int rc, status;

	if ((status = db_prepare(db, id, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int col = SQLITE_OK;
		const char *s = db_column_text(st, 0, &col);
		const char *t = sqlite3_column_count(st) > 1 ?
		    db_column_text(st, 1, &col) : NULL;

		if (col != SQLITE_OK) {
			rc = col;
			break;
		}
		if (s != NULL && strcmp(s, "ok") == 0)
			continue;
		snprintf(line, sizeof line, "%s: %s%s%s", what,
		    s != NULL ? s : "a row breaks a foreign key", t != NULL ? " " : "",
		    t != NULL ? t : "");
		report(ctx, line);
		(*problems)++;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, what);
}

/* A check a damaged game cannot answer (rc DB_IO) is one problem found,
 * and the next check goes on: `check` reports what it finds rather than
 * fail at the first unreadable row.  Other failures stand. */
static int
damage_found(struct db *db, int rc, const char *what, void (*report)(void *ctx, const char *problem),
    void *ctx, int *problems)
{
	char line[700];

	if (rc != DB_IO)
		return rc;
	snprintf(line, sizeof line, "%s could not be checked: %s", what, db->error.text);
	report(ctx, line);
	(*problems)++;
	return DB_OK;
}

int
db_check(struct db *db, const struct db_tallies *t,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
{
	static const struct {
		enum stmt id;
		const char *what, *checked;
	} checks[] = {
		{ STMT_CHECK_INTEGRITY, "integrity", "the file's integrity" },
		{ STMT_CHECK_FOREIGN_KEYS, "foreign keys", "the foreign keys" },
		{ STMT_CHECK_JSON, "JSON not valid in", "the JSON columns" },
		{ STMT_CHECK_LINKS, "an effect not linked to its event's units: event",
		  "the effects' links" },
	};
	int rc;

	*problems = 0;
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
		if ((rc = damage_found(db, rows_check(db, checks[i].id, checks[i].what, report,
		    ctx, problems), checks[i].checked, report, ctx, problems)) != DB_OK)
			return rc;
	return damage_found(db, db_check_replay(db, t, report, ctx, problems),
	    "the journal replayed", report, ctx, problems);
}

int
db_losses(struct db *db, const char *kind, const char *state,
    void (*fn)(void *ctx, long turn, long long unit, long total), void *ctx)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_LOSSES, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, kind, &rc);
	db_bind_text(st, 2, state != NULL ? state : "", &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the losses by turn");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		fn(ctx, (long)sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
		    (long)sqlite3_column_int64(st, 2));
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the losses by turn");
}

int
db_turn_events(struct db *db,
    int (*fn)(void *ctx, const struct db_report_event *e), void *ctx)
{
	struct db_report_event e;
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_TURN_EVENTS, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int col = SQLITE_OK;

		memset(&e, 0, sizeof e);
		e.id = sqlite3_column_int64(st, 0);
		e.turn = (long)sqlite3_column_int64(st, 1);
		col = db_column_copy(st, 2, e.command, sizeof e.command);
		if (col == SQLITE_OK)
			e.summary = column_text(st, 3, &col);
		if (col == SQLITE_OK)
			e.who = column_text(st, 4, &col);
		if (col == SQLITE_OK)
			e.effects = column_text(st, 5, &col);
		e.advance = sqlite3_column_int(st, 6);
		if (col != SQLITE_OK) {
			rc = col;
			break;
		}
		if (fn(ctx, &e) != 0) {
			sqlite3_reset(st);
			return DB_OK;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the journal");
}
