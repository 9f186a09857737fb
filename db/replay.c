/*
 * replay: `umpire check`'s proof that the game is its journal.  The
 * entries in force must form one chain (each made on the entries in force
 * before it, what undo and redo keep true); their effects, applied from
 * nothing in event order, must give every running total the journal
 * recorded, and every unit's kept state (its state word, tactical
 * formation, flags and ledgers, which the commands keep beside the
 * journal so that reading a unit never grows with it) must be what the
 * replay leaves.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "journal.h"
#include "text.h"
#include "unit.h"

/* A unit's ledger or flag as the replay leaves it (or as it is kept). */
struct item {
	char key[40];		/* the ledger's kind, or the flag's name */
	long total, amount, turn;
	long long ref;
	long long last;		/* the effect that set it last (flags' order) */
	int on;			/* a flag: set */
	int started;		/* a ledger: an effect has been replayed on it */
};

struct items {
	struct item *v;
	size_t n, room;
};

/* A unit of the game, replayed and as kept. */
struct runit {
	long long id;
	char name[UNIT_NAME];
	char tactical[UNIT_WORD];	/* where it started */
	char state[UNIT_WORD], formation[UNIT_WORD];
	long carried;		/* its first ledger's total before any entry
				 * (brought from the campaign's last battle) */
	int formed;		/* a formation effect in force */
	struct items ledgers, flags;
	int kept;		/* it has a unit_state row */
	char kept_state[UNIT_WORD], kept_formation[UNIT_WORD];
	char *kept_flags;
	struct items kept_ledgers;
};

struct replay {
	struct db *db;
	const struct db_tallies *t;
	void (*report)(void *ctx, const char *problem);
	void *ctx;
	int *problems;
	struct runit *u;
	size_t n;
};

static void
problem(struct replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
problem(struct replay *r, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	r->report(r->ctx, line);
	(*r->problems)++;
}

/* The item KEY of list l, added when absent (NULL: out of memory). */
static struct item *
item_of(struct items *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return &l->v[i];
	if (l->n == l->room) {
		size_t room = l->room ? 2 * l->room : 4;
		struct item *v = realloc(l->v, room * sizeof *v);

		if (v == NULL)
			return NULL;
		l->v = v;
		l->room = room;
	}
	memset(&l->v[l->n], 0, sizeof l->v[l->n]);
	text_copy(l->v[l->n].key, sizeof l->v[l->n].key, key);
	return &l->v[l->n++];
}

static struct runit *
unit_of(struct replay *r, long long id)
{
	size_t lo = 0, hi = r->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->u[mid].id == id)
			return &r->u[mid];
		if (r->u[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Where kind is in LIST. */
static int
listed(const char *const *list, const char *kind)
{
	for (int i = 0; list != NULL && list[i] != NULL; i++)
		if (strcmp(list[i], kind) == 0)
			return 1;
	return 0;
}

/* Reads every unit with its kept words, in id order. */
static int
load_units(struct replay *r)
{
	sqlite3_stmt *st;
	size_t room = 0;
	int rc, status;

	if ((status = db_prepare(r->db, STMT_CHECK_UNITS, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct runit *u;
		int col = SQLITE_OK;

		if (r->n == room) {
			size_t more = room ? 2 * room : 64;
			struct runit *v = realloc(r->u, more * sizeof *v);

			if (v == NULL) {
				rc = SQLITE_NOMEM;
				break;
			}
			r->u = v;
			room = more;
		}
		u = &r->u[r->n];
		memset(u, 0, sizeof *u);
		r->n++;
		u->id = sqlite3_column_int64(st, 0);
		col = db_column_copy(st, 1, u->name, sizeof u->name);
		if (col == SQLITE_OK)
			col = db_column_copy(st, 2, u->tactical, sizeof u->tactical);
		u->kept = sqlite3_column_int(st, 3);
		if (col == SQLITE_OK)
			col = db_column_copy(st, 4, u->kept_state, sizeof u->kept_state);
		if (col == SQLITE_OK)
			col = db_column_copy(st, 5, u->kept_formation, sizeof u->kept_formation);
		/* It starts as it came into the battle: in the state it
		 * brought, its first ledger at the total it brought. */
		if (col == SQLITE_OK)
			col = db_column_copy(st, 7, u->state, sizeof u->state);
		u->carried = (long)sqlite3_column_int64(st, 8);
		if (col == SQLITE_OK) {
			const char *flags = db_column_text(st, 6, &col);

			if (col == SQLITE_OK && (u->kept_flags = strdup(flags != NULL ? flags : "")) == NULL)
				col = SQLITE_NOMEM;
		}
		if (col != SQLITE_OK) {
			rc = col;
			break;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(r->db, rc, "checking the journal");
}

/* Reads the kept ledgers onto their units. */
static int
load_kept_ledgers(struct replay *r)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(r->db, STMT_ARMY_LEDGERS, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct runit *u = unit_of(r, sqlite3_column_int64(st, 0));
		int col = SQLITE_OK;
		const char *kind = db_column_text(st, 1, &col);
		struct item *l;

		if (col != SQLITE_OK || kind == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		if (u == NULL)
			continue;	/* a foreign key's problem, told by SQLite's check */
		if ((l = item_of(&u->kept_ledgers, kind)) == NULL) {
			rc = SQLITE_NOMEM;
			break;
		}
		l->total = (long)sqlite3_column_int64(st, 2);
		l->amount = (long)sqlite3_column_int64(st, 3);
		l->turn = (long)sqlite3_column_int64(st, 4);
		l->ref = sqlite3_column_int64(st, 5);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(r->db, rc, "checking the journal");
}

/* One effect of a ledger, chained: a summed total is the previous total
 * plus its change, a counted one one more; a ledger kept as its latest
 * word is not chained. */
static int
replay_ledger(struct replay *r, struct runit *u, const char *kind, long amount,
    long total, long long ref, long turn, long long event)
{
	struct item *l = item_of(&u->ledgers, kind);
	long sum;

	if (l == NULL)
		return DB_NOMEM;
	if (!l->started && r->t->first != NULL && strcmp(kind, r->t->first) == 0)
		l->total = u->carried;
	l->started = 1;
	sum = listed(r->t->latest, kind) ? total :
	    listed(r->t->counted, kind) ? l->total + 1 : l->total + amount;
	if (total != sum || total < 0)
		problem(r, "unit '%s': the %s ledger says %ld at event %lld, its effects add up to %ld",
		    u->name, kind, total, event, sum);
	l->total = sum;		/* the replay goes on from what the effects add up to */
	l->amount = amount;
	l->turn = turn;
	l->ref = ref;
	return DB_OK;
}

/* One word of a unit: its state, tactical formation or a flag. */
static int
replay_word(struct runit *u, const char *kind, const char *name, long amount,
    long total, long long effect)
{
	struct item *f;

	if (strcmp(kind, "state") == 0)
		text_copy(u->state, sizeof u->state, name);
	else if (strcmp(kind, "formation") == 0) {
		text_copy(u->formation, sizeof u->formation, name);
		u->formed = 1;
	} else if (strcmp(kind, "flag") == 0) {
		if ((f = item_of(&u->flags, name)) == NULL)
			return DB_NOMEM;
		f->on = amount != 0;
		f->total = total;	/* the last turn it lasts, 0 for good */
		f->last = effect;
	}
	return DB_OK;	/* a part and an act are records, not a state */
}

/* The kinds of effect that are words or records, not ledgers. */
static int
is_word(const char *kind)
{
	return strcmp(kind, "state") == 0 || strcmp(kind, "formation") == 0 ||
	    strcmp(kind, "flag") == 0 || strcmp(kind, "part") == 0 ||
	    strcmp(kind, "act") == 0;
}

/* Applies every effect in force, in event order, from nothing. */
static int
replay_effects(struct replay *r)
{
	sqlite3_stmt *st;
	int rc, status = DB_OK;

	if ((status = db_prepare(r->db, STMT_CHECK_REPLAY, &st)) != DB_OK)
		return status;
	while (status == DB_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct runit *u = unit_of(r, sqlite3_column_int64(st, 0));
		int col = SQLITE_OK;
		const char *kind = db_column_text(st, 1, &col);
		const char *name = db_column_text(st, 2, &col);
		long amount = (long)sqlite3_column_int64(st, 3);
		long total = (long)sqlite3_column_int64(st, 4);

		if (col != SQLITE_OK || kind == NULL || name == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		if (u == NULL)
			continue;	/* a foreign key's problem */
		status = is_word(kind) ?
		    replay_word(u, kind, name, amount, total, sqlite3_column_int64(st, 7)) :
		    replay_ledger(r, u, kind, amount, total, sqlite3_column_int64(st, 5),
		    (long)sqlite3_column_int64(st, 6), sqlite3_column_int64(st, 8));
	}
	sqlite3_reset(st);
	if (status != DB_OK)
		return status == DB_NOMEM ? db_set_error(r->db, DB_NOMEM, "checking the journal: out of memory") :
		    status;
	return rc == SQLITE_DONE ? DB_OK : db_fail(r->db, rc, "checking the journal");
}

static int
by_last_set(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a;
	const struct item *y = *(const struct item *const *)b;

	return (x->last > y->last) - (x->last < y->last);
}

/* The flags the replay leaves set, in the order they were last set, each
 * with the last turn it lasts ("rallying@4,moved"), as they are kept. */
static char *
flags_text(const struct items *l)
{
	const struct item **set = calloc(l->n + 1, sizeof *set);
	size_t len = 1, n = 0;
	char *s;

	if (set == NULL)
		return NULL;
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].on) {
			set[n++] = &l->v[i];
			len += strlen(l->v[i].key) + 24;
		}
	qsort(set, n, sizeof *set, by_last_set);
	if ((s = malloc(len)) != NULL) {
		s[0] = '\0';
		for (size_t i = 0; i < n; i++) {
			snprintf(s + strlen(s), len - strlen(s), "%s%s", i ? "," : "", set[i]->key);
			if (set[i]->total > 0)
				snprintf(s + strlen(s), len - strlen(s), "@%ld", set[i]->total);
		}
	}
	free(set);
	return s;
}

/* "'disordered'", or "none" for no word. */
static const char *
said(const char *word, char *buf, size_t n)
{
	if (word[0] == '\0')
		return "none";
	snprintf(buf, n, "'%s'", word);
	return buf;
}

/* A unit's kept words against the replay. */
static int
compare_words(struct replay *r, struct runit *u)
{
	const char *formation = u->formed ? u->formation : u->tactical;
	char a[UNIT_WORD + 2], b[UNIT_WORD + 2], *flags;

	if (!u->kept) {
		problem(r, "unit '%s' has no kept state (it is missing from the game file)", u->name);
		return DB_OK;
	}
	if (strcmp(u->kept_state, u->state) != 0)
		problem(r, "unit '%s': its kept state is %s, the journal replayed gives %s", u->name,
		    said(u->kept_state, a, sizeof a), said(u->state, b, sizeof b));
	if (strcmp(u->kept_formation, formation) != 0)
		problem(r, "unit '%s': its kept formation is %s, the journal replayed gives %s",
		    u->name, said(u->kept_formation, a, sizeof a), said(formation, b, sizeof b));
	if ((flags = flags_text(&u->flags)) == NULL)
		return db_set_error(r->db, DB_NOMEM, "checking the journal: out of memory");
	if (strcmp(u->kept_flags, flags) != 0)
		problem(r, "unit '%s': its kept flags are '%s', the journal replayed gives '%s'",
		    u->name, u->kept_flags, flags);
	free(flags);
	return DB_OK;
}

/* A unit's kept ledgers against the replay. */
static void
compare_ledgers(struct replay *r, const struct runit *u)
{
	for (size_t i = 0; i < u->ledgers.n; i++) {
		const struct item *l = &u->ledgers.v[i], *k = NULL;

		for (size_t j = 0; j < u->kept_ledgers.n; j++)
			if (strcmp(u->kept_ledgers.v[j].key, l->key) == 0)
				k = &u->kept_ledgers.v[j];
		if (k == NULL)
			problem(r, "unit '%s': its %s ledger is not kept; the journal replayed gives %ld",
			    u->name, l->key, l->total);
		else if (k->total != l->total || k->amount != l->amount ||
		    k->turn != l->turn || k->ref != l->ref)
			problem(r, "unit '%s': its kept %s ledger is %ld (last change %+ld in turn %ld), the journal replayed gives %ld (last change %+ld in turn %ld)",
			    u->name, l->key, k->total, k->amount, k->turn, l->total,
			    l->amount, l->turn);
	}
	for (size_t j = 0; j < u->kept_ledgers.n; j++) {
		int found = 0;

		for (size_t i = 0; i < u->ledgers.n; i++)
			found |= strcmp(u->ledgers.v[i].key, u->kept_ledgers.v[j].key) == 0;
		if (!found)
			problem(r, "unit '%s': a kept %s ledger of %ld that no entry in force gives",
			    u->name, u->kept_ledgers.v[j].key, u->kept_ledgers.v[j].total);
	}
}

/* The entries in force are one chain, and what may be redone comes after
 * them all. */
static int
check_chain(struct replay *r)
{
	long long live = 0, redoable = 0;
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(r->db, STMT_CHECK_CHAIN, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		int undone = sqlite3_column_int(st, 2);

		if (undone == 1 && redoable == 0)
			redoable = id;
		if (undone != 0)
			continue;
		if (redoable != 0)
			problem(r, "event %lld may be redone, but event %lld in force was made after it",
			    redoable, id);
		if (sqlite3_column_type(st, 1) != SQLITE_NULL &&
		    sqlite3_column_int64(st, 1) != live)
			problem(r, "event %lld was made on event %lld, but the entry in force before it is %lld: the journal's undo marks do not agree",
			    id, sqlite3_column_int64(st, 1), live);
		live = id;
		redoable = 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(r->db, rc, "checking the journal");
}

static void
replay_free(struct replay *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->u[i].ledgers.v);
		free(r->u[i].flags.v);
		free(r->u[i].kept_ledgers.v);
		free(r->u[i].kept_flags);
	}
	free(r->u);
}

int
db_check_replay(struct db *db, const struct db_tallies *t,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
{
	struct replay r = { db, t, report, ctx, problems, NULL, 0 };
	int rc;

	if ((rc = check_chain(&r)) == DB_OK && (rc = load_units(&r)) == DB_OK &&
	    (rc = load_kept_ledgers(&r)) == DB_OK && (rc = replay_effects(&r)) == DB_OK)
		for (size_t i = 0; i < r.n && rc == DB_OK; i++) {
			if ((rc = compare_words(&r, &r.u[i])) == DB_OK)
				compare_ledgers(&r, &r.u[i]);
		}
	replay_free(&r);
	return rc;
}
