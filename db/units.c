/* units: the order of battle, name look-up, and the army with its state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "internal.h"
#include "units.h"

/* Binds a unit's columns ?1..?8 and runs the statement. */
static int
write_unit(struct db *db, sqlite3_stmt *st, const struct db_unit *u,
    const char *what)
{
	int rc = SQLITE_OK;

	db_bind_text(st, 1, u->name, &rc);
	db_bind_text(st, 2, u->side, &rc);
	db_bind_text(st, 3, u->type, &rc);
	db_bind_int(st, 4, u->formation, &rc);
	db_bind_int(st, 5, u->parent_id, &rc);
	db_bind_text(st, 6, u->ratings, &rc);
	db_bind_int(st, 7, u->start_strength, &rc);
	db_bind_text(st, 8, u->tactical, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, what);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		return db_set_error(db, DB_CONFLICT, "a unit named '%s' is already in the game",
		    u->name);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, what);
}

static int state_new(struct db *db, long long id, const char *what);

int
db_unit_add(struct db *db, const struct db_unit *u, long long *id)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = db_prepare(db, STMT_UNIT_INSERT, &st)) != DB_OK ||
	    (rc = write_unit(db, st, u, "adding a unit")) != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->h);
	return state_new(db, *id, "adding a unit");
}

/* A unit's kept words as its record and the journal give them. */
static int
state_new(struct db *db, long long id, const char *what)
{
	sqlite3_stmt *st;
	int rc, b = SQLITE_OK;

	if ((rc = db_prepare(db, STMT_STATE_NEW, &st)) != DB_OK)
		return rc;
	db_bind_int(st, 1, id, &b);
	if (b != SQLITE_OK)
		return db_fail(db, b, what);
	return db_step_done(db, st, what);
}

static int
read_unit(sqlite3_stmt *st, struct db_unit *u)
{
	int rc = SQLITE_OK;

	memset(u, 0, sizeof *u);
	u->id = sqlite3_column_int64(st, 0);
	rc = db_column_copy(st, 1, u->name, sizeof u->name);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 2, u->side, sizeof u->side);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 3, u->type, sizeof u->type);
	u->formation = sqlite3_column_int(st, 4);
	u->parent_id = sqlite3_column_int64(st, 5);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 6, u->parent, sizeof u->parent);
	u->start_strength = (long)sqlite3_column_int64(st, 7);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 8, u->ratings, sizeof u->ratings);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 9, u->tactical, sizeof u->tactical);
	return rc;
}

int
db_unit_get(struct db *db, long long id, struct db_unit *u)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_UNIT_GET, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading a unit");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && (status = read_unit(st, u)) != SQLITE_OK)
		rc = status;
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(db, DB_NOTFOUND, "unit %lld not found", id);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading a unit");
}

int
db_unit_update(struct db *db, const struct db_unit *u)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_UNIT_UPDATE, &st)) != DB_OK)
		return status;
	db_bind_int(st, 9, u->id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "changing a unit");
	if ((status = write_unit(db, st, u, "changing a unit")) != DB_OK)
		return status;
	return state_new(db, u->id, "changing a unit");
}

int
db_unit_remove(struct db *db, long long id)
{
	sqlite3_stmt *st;
	long long events = 0, children = 0;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_UNIT_IN_USE, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "removing a unit");
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		events = sqlite3_column_int64(st, 0);
		children = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, rc, "removing a unit");
	if (events > 0)
		return db_set_error(db, DB_CONFLICT,
		    "the journal names this unit; it stays (change it with 'unit set')");
	if (children > 0)
		return db_set_error(db, DB_CONFLICT,
		    "%lld unit%s to this formation; remove them or move them with 'unit set NAME --parent OTHER' first",
		    children, children == 1 ? " belongs" : "s belong");
	if ((status = db_prepare(db, STMT_UNIT_DELETE, &st)) != DB_OK)
		return status;
	rc = SQLITE_OK;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "removing a unit");
	return db_step_done(db, st, "removing a unit");
}

int
db_brought_put(struct db *db, long long id, const struct db_brought *b)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	db->brought = 1;
	if ((status = db_prepare(db, STMT_BROUGHT_PUT, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	db_bind_int(st, 2, b->lost, &rc);
	db_bind_int(st, 3, b->recovered, &rc);
	db_bind_int(st, 4, b->gone, &rc);
	db_bind_int(st, 5, b->out, &rc);
	db_bind_text(st, 6, b->state, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "keeping what a unit brought");
	if ((status = db_step_done(db, st, "keeping what a unit brought")) != DB_OK)
		return status;
	return state_new(db, id, "keeping what a unit brought");
}

int
db_brought_get(struct db *db, long long id, struct db_brought *b, int *found)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	memset(b, 0, sizeof *b);
	*found = 0;
	if (db->version < DB_CAMPAIGN_VERSION)
		return DB_OK;
	if ((status = db_prepare(db, STMT_BROUGHT_GET, &st)) != DB_OK)
		return status;
	db_bind_int(st, 1, id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading what a unit brought");
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*found = 1;
		b->lost = (long)sqlite3_column_int64(st, 0);
		b->recovered = (long)sqlite3_column_int64(st, 1);
		b->gone = sqlite3_column_int(st, 2);
		b->out = sqlite3_column_int(st, 3);
		status = db_column_copy(st, 4, b->state, sizeof b->state);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return status == SQLITE_OK ? DB_OK : db_fail(db, status,
		    "reading what a unit brought");
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading what a unit brought");
}

/* ---- the army ----------------------------------------------------------- */

void
db_army_free(struct army *a)
{
	free(a->u);
	a->u = NULL;
	a->n = 0;
}

static int
count_units(struct db *db, int *n)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_UNIT_COUNT, &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	*n = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading the order of battle");
}

/* "disordered,rallying@5" into the unit's flags: a flag, and the last
 * turn it lasts when it does not last for good. */
static void
read_flags(struct unit *u, const char *list)
{
	u->nflags = 0;
	for (const char *p = list; *p != '\0' && u->nflags < UNIT_FLAGS;) {
		size_t len = strcspn(p, ","), name = strcspn(p, "@,");

		snprintf(u->flags[u->nflags], UNIT_WORD, "%.*s", (int)name, p);
		u->flag_over[u->nflags] = 0;
		u->flag_until[u->nflags++] = name < len ? strtol(p + name + 1, NULL, 10) : 0;
		p += len;
		if (*p == ',')
			p++;
	}
}

/* Whether a unit may have been brought from a campaign's last battle: the
 * game's schema keeps them, and db_game_get did not find none. */
static int
may_have_brought(const struct db *db)
{
	return db->version >= DB_CAMPAIGN_VERSION && db->brought != 0;
}

/* One row of STMT_ARMY_UNITS into u. */
static int
read_army_unit(sqlite3_stmt *st, struct unit *u)
{
	int rc = SQLITE_OK;
	const char *flags;

	u->id = sqlite3_column_int64(st, 0);
	rc = db_column_copy(st, 1, u->name, sizeof u->name);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 2, u->side, sizeof u->side);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 3, u->type, sizeof u->type);
	u->formation = sqlite3_column_int(st, 4);
	u->parent = sqlite3_column_int64(st, 5);
	u->start_strength = (long)sqlite3_column_int64(st, 6);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 7, u->state, sizeof u->state);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 8, u->tactical, sizeof u->tactical);
	flags = db_column_text(st, 9, &rc);
	read_flags(u, flags != NULL ? flags : "");
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 11, u->tactical_start, sizeof u->tactical_start);
	/* What it brought: its first ledger's total before any entry of the
	 * journal (the kept ledgers read next hold that total and more once
	 * an entry has changed it). */
	memset(u->ledger, 0, sizeof u->ledger);
	u->carried = (long)sqlite3_column_int64(st, 12);
	u->ledger[0].total = u->carried;
	u->brought_out = sqlite3_column_int(st, 13);
	return rc;
}

/* Where a unit's stored ratings are read: its inputs, and its name for
 * the messages. */
struct rating_read {
	struct db *db;
	const struct unit *u;
	struct inputs *in;
};

/* One stored rating into the unit's inputs; 1 (stop) with the error set
 * when it is not one the unit's rule set takes. */
static int
rating_leaf(void *ctx, const char *key, enum json_leaf type, const char *text,
    long long i, double d)
{
	struct rating_read *rr = ctx;

	if (inputs_set_json(rr->in, key, type, text, i, d) == 0)
		return 0;
	db_set_error(rr->db, DB_IO, "unit '%s': its stored rating '%s' is not valid: %s",
	    rr->u->name, key, rr->in->error.text);
	return 1;
}

/* The unit's ratings (column 10, a JSON object) into in, which init has
 * declared, with the defaults of what is not stored. */
static int
read_ratings(struct db *db, sqlite3_stmt *st, const struct unit *u, struct inputs *in)
{
	struct rating_read rr = { db, u, in };
	int col = SQLITE_OK, rc;
	const char *json = db_column_text(st, 10, &col);
	char why[200];

	if (col != SQLITE_OK)
		return db_fail(db, col, "reading the order of battle");
	rc = jsonr_leaves(json != NULL ? json : "{}", rating_leaf, &rr, why, sizeof why);
	if (rc < 0)
		return db_set_error(db, DB_IO, "unit '%s': its stored ratings are not valid: %s",
		    u->name, why);
	if (rc > 0)
		return DB_IO;
	if (inputs_defaults(in) != 0)
		return db_set_error(db, DB_IO, "unit '%s': its ratings' defaults are not valid: %s",
		    u->name, in->error.text);
	return DB_OK;
}

/* How the army's rows are read: the units and their packed ratings. */
struct army_load {
	struct army *a;
	int cap;		/* the units room was made for */
	char *room;		/* where the next unit's ratings are packed */
	void (*init)(void *ctx, const struct unit *u, struct inputs *ratings);
	void *ctx;
};

/*
 * The row st stands on as the army's next unit, its ratings read into one
 * full inputs then packed after the units (a few hundred bytes each, where
 * a full inputs is 10 KB: 300 units take some 100 pages, not 500).  The
 * room is reserved for the worst case; what is not used is never touched.
 * Returns a db status.
 */
static int
take_row(struct db *db, sqlite3_stmt *st, struct army_load *l)
{
	static struct inputs full;	/* one unit's ratings as they are read */
	struct unit *u = &l->a->u[l->a->n];
	int rc, status;

	if (l->a->n == l->cap)	/* more rows than count(*) said */
		return db_fail(db, SQLITE_CORRUPT, "reading the order of battle");
	if ((rc = read_army_unit(st, u)) != SQLITE_OK)
		return db_fail(db, rc, "reading the order of battle");
	l->init(l->ctx, u, &full);
	if ((status = read_ratings(db, st, u, &full)) != DB_OK)
		return status;
	u->ratings = inputs_pack(&full, l->room);
	l->room += inputs_packed_size(&full);
	l->a->n++;
	return DB_OK;
}

/* Every unit of the game, in id order. */
static int
load_units(struct db *db, struct army_load *l)
{
	sqlite3_stmt *st;
	int rc, status = DB_OK;

	if ((status = db_prepare(db, may_have_brought(db) ? STMT_ARMY_UNITS :
	    STMT_ARMY_UNITS_BEFORE, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if ((status = take_row(db, st, l)) != DB_OK)
			break;
	sqlite3_reset(st);
	if (status != DB_OK)
		return status;
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the order of battle");
}

/* The index of kind in LEDGERS (NULL-ended), or -1: a ledger the rule set
 * no longer declares is not read. */
static int
ledger_index(const char *const *ledgers, const char *kind)
{
	for (int i = 0; ledgers[i] != NULL && i < UNIT_LEDGERS; i++)
		if (strcmp(ledgers[i], kind) == 0)
			return i;
	return -1;
}

/* Every kept ledger into its unit (the army is in id order): of every
 * unit (UNIT 0), or of the unit with id UNIT. */
static int
load_ledgers(struct db *db, struct army *a, const char *const *ledgers, long long unit)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, unit == 0 ? STMT_ARMY_LEDGERS : STMT_UNIT_LEDGERS,
	    &st)) != DB_OK)
		return status;
	if (unit != 0)
		db_bind_int(st, 1, unit, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the order of battle");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct unit *u = (struct unit *)army_find(a, sqlite3_column_int64(st, 0));
		int col = SQLITE_OK, i;
		const char *kind = db_column_text(st, 1, &col);
		struct ledger_value *l;

		if (col != SQLITE_OK || kind == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		if (u == NULL || (i = ledger_index(ledgers, kind)) < 0)
			continue;
		l = &u->ledger[i];
		l->total = (long)sqlite3_column_int64(st, 2);
		l->amount = (long)sqlite3_column_int64(st, 3);
		l->turn = (long)sqlite3_column_int64(st, 4);
		l->ref = sqlite3_column_int64(st, 5);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the order of battle");
}

/* True when the unit with id is among the first units read (a few). */
static int
army_find_linear(const struct army *a, long long id)
{
	for (int i = 0; i < a->n; i++)
		if (a->u[i].id == id)
			return 1;
	return 0;
}

/* Room for n units and their ratings, at most a full inputs each (both
 * sizes are multiples of 8, so the ratings are aligned). */
static int
army_room(struct db *db, struct army *a, int n, struct army_load *l)
{
	size_t units = (size_t)(n > 0 ? n : 1) * sizeof(struct unit);
	size_t room = (size_t)(n > 0 ? n : 1) * sizeof(struct inputs);

	a->u = NULL;
	a->n = 0;
	/* The ratings' room is written before it is read: only the units are
	 * cleared (a batch reads a few for each line). */
	if ((a->u = malloc(units + room)) == NULL)
		return db_set_error(db, DB_NOMEM, "reading the order of battle: out of memory");
	memset(a->u, 0, units);
	l->a = a;
	l->cap = n;
	l->room = (char *)a->u + units;
	return DB_OK;
}

int
db_army_load(struct db *db, struct army *a, const char *const *ledgers,
    void (*init)(void *ctx, const struct unit *u, struct inputs *ratings), void *ctx)
{
	struct army_load l = { NULL, 0, NULL, init, ctx };
	int n, rc;

	a->u = NULL;
	a->n = 0;
	if ((rc = count_units(db, &n)) != DB_OK || (rc = army_room(db, a, n, &l)) != DB_OK)
		return rc;
	if ((rc = load_units(db, &l)) != DB_OK ||
	    (rc = load_ledgers(db, a, ledgers, 0)) != DB_OK) {
		db_army_free(a);
		return rc;
	}
	army_link(a);
	return DB_OK;
}

/* An army of this many units or fewer (a ruling's) reads its acts unit by
 * unit; a larger one reads the turn's. */
#define ACTS_BY_UNIT 8

/* Adds the acts statement st (bound) gives to the units of a they are of. */
static int
take_acts(struct db *db, struct army *a, sqlite3_stmt *st)
{
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct unit *u = (struct unit *)army_find(a, sqlite3_column_int64(st, 0));
		int col = SQLITE_OK;
		const char *word = db_column_text(st, 1, &col);

		if (col != SQLITE_OK || word == NULL) {
			rc = col != SQLITE_OK ? col : SQLITE_CORRUPT;
			break;
		}
		if (u != NULL)
			unit_add_act(u, word, sqlite3_column_int64(st, 2),
			    sqlite3_column_int64(st, 3), (long)sqlite3_column_int64(st, 4));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the turn's acts");
}

int
db_army_acts(struct db *db, struct army *a, long turn)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;
	int by_unit = a->n <= ACTS_BY_UNIT;

	if ((status = db_prepare(db, by_unit ? STMT_UNIT_ACTS : STMT_ARMY_ACTS, &st)) != DB_OK)
		return status;
	for (int i = 0; i < (by_unit ? a->n : 1) && status == DB_OK; i++) {
		sqlite3_clear_bindings(st);
		if (by_unit) {
			db_bind_int(st, 1, a->u[i].id, &rc);
			db_bind_int(st, 2, turn, &rc);
		} else {
			db_bind_int(st, 1, turn, &rc);
		}
		if (rc != SQLITE_OK)
			return db_fail(db, rc, "reading the turn's acts");
		status = take_acts(db, a, st);
	}
	return status;
}

static int
by_id(const void *a, const void *b)
{
	long long x = ((const struct unit *)a)->id, y = ((const struct unit *)b)->id;

	return x < y ? -1 : x > y;
}

/* The unit whole-named NAME as the army's next unit, unless it is there
 * already; *found 0 when no unit has that name. */
static int
take_named(struct db *db, const char *name, struct army_load *l, int *found)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, may_have_brought(db) ? STMT_ARMY_UNIT :
	    STMT_ARMY_UNIT_BEFORE, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, name, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the order of battle");
	*found = 0;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*found = 1;
		status = army_find_linear(l->a, sqlite3_column_int64(st, 0)) ? DB_OK :
		    take_row(db, st, l);
	} else if (rc != SQLITE_DONE) {
		status = db_fail(db, rc, "reading the order of battle");
	}
	sqlite3_reset(st);
	return status;
}

int
db_army_load_named(struct db *db, struct army *a, const char *const *names,
    int nnames, const char *const *ledgers,
    void (*init)(void *ctx, const struct unit *u, struct inputs *ratings), void *ctx)
{
	struct army_load l = { NULL, 0, NULL, init, ctx };
	int rc, found = 1;

	if ((rc = army_room(db, a, nnames, &l)) != DB_OK)
		return rc;
	for (int i = 0; i < nnames && found && rc == DB_OK; i++)
		rc = take_named(db, names[i], &l, &found);
	/* In id order, as army_find looks for them. */
	qsort(a->u, (size_t)a->n, sizeof *a->u, by_id);
	for (int i = 0; i < a->n && found && rc == DB_OK; i++)
		rc = load_ledgers(db, a, ledgers, a->u[i].id);
	if (rc != DB_OK || !found) {
		db_army_free(a);
		return rc;
	}
	army_link(a);
	return DB_OK;
}
