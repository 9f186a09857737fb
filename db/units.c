/* units: the order of battle, name look-up, and the army with its state. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "inputs.h"
#include "internal.h"
#include "units.h"

/* Binds a unit's columns ?1..?7 and runs the statement. */
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
	if (rc != SQLITE_OK)
		return db_fail(db, rc, what);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		return db_set_error(DB_CONFLICT, "a unit named '%s' is already in the game",
		    u->name);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, what);
}

int
db_unit_add(struct db *db, const struct db_unit *u, long long *id)
{
	sqlite3_stmt *st;
	int rc;

	int b = SQLITE_OK;

	if ((rc = db_prepare(db, STMT_UNIT_INSERT, &st)) != DB_OK ||
	    (rc = write_unit(db, st, u, "adding a unit")) != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->h);
	/* Its state: nothing lost, no state word, no flags. */
	if ((rc = db_prepare(db, STMT_STATE_NEW, &st)) != DB_OK)
		return rc;
	db_bind_int(st, 1, *id, &b);
	if (b != SQLITE_OK)
		return db_fail(db, b, "adding a unit");
	return db_step_done(db, st, "adding a unit");
}

/* The unit whose name is exactly NAME: DB_OK with *id, or DB_NOTFOUND. */
static int
exact_name(struct db *db, const char *name, long long *id)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_UNIT_BY_NAME, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, name, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "finding a unit");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NOTFOUND : db_fail(db, rc, "finding a unit");
}

int
db_unit_find(struct db *db, const char *name, long long *id)
{
	sqlite3_stmt *st;
	char names[512] = "";
	int rc = SQLITE_OK, n = 0, status;

	if ((status = exact_name(db, name, id)) != DB_NOTFOUND)
		return status;
	if ((status = db_prepare(db, STMT_UNIT_BY_PREFIX, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, name, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "finding a unit");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int col = SQLITE_OK;
		const char *s = db_column_text(st, 1, &col);

		if (col != SQLITE_OK) {
			rc = col;
			break;
		}
		*id = sqlite3_column_int64(st, 0);
		snprintf(names + strlen(names), sizeof names - strlen(names),
		    "%s'%s'", n++ ? ", " : "", s != NULL ? s : "");
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
		return db_set_error(DB_NOTFOUND, "unit %lld not found", id);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc, "reading a unit");
}

int
db_unit_update(struct db *db, const struct db_unit *u)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_UNIT_UPDATE, &st)) != DB_OK)
		return status;
	db_bind_int(st, 8, u->id, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "changing a unit");
	return write_unit(db, st, u, "changing a unit");
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
		return db_set_error(DB_CONFLICT,
		    "the journal names this unit; it stays (change it with 'unit set')");
	if (children > 0)
		return db_set_error(DB_CONFLICT,
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

/* ---- the army ----------------------------------------------------------- */

/*
 * The army's one allocation.  A unit is ~11 KB (its ratings have room for
 * any command's options) of which a sheet touches ~2 KB, so 300 units
 * fault in some 400 separate 4 KB pages: 0.7 ms here, a quarter of the
 * sheet.  A big army is therefore mapped on a 2 MB boundary, in whole
 * 2 MB pages, and offered to the kernel's transparent huge pages: two
 * faults.  The advice is only advice: where the kernel does not take it,
 * the pages are ordinary and everything works the same (so its answer is
 * not needed).
 */
#define HUGE_PAGE ((size_t)2 << 20)

static struct unit *
army_alloc(size_t n, size_t *mapped)
{
	size_t size = n * sizeof(struct unit), len, skip;
	unsigned char *p;

	*mapped = 0;
#ifdef __SANITIZE_ADDRESS__
	size = 0;	/* AddressSanitizer guards what malloc gives, not a mapping */
#endif
	if (size < HUGE_PAGE)
		return calloc(n, sizeof(struct unit));
	size = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;	/* whole huge pages */
	len = size + HUGE_PAGE;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* Keep the aligned part; give back the head and the tail. */
	skip = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
	if (skip > 0)
		munmap(p, skip);
	len -= skip;
	p += skip;
	if (len > size)
		munmap(p + size, len - size);
	(void)madvise(p, size, MADV_HUGEPAGE);
	*mapped = size;
	return (struct unit *)p;
}

void
db_army_free(struct army *a)
{
	if (a->mapped > 0)
		munmap(a->u, a->mapped);
	else
		free(a->u);
	a->u = NULL;
	a->n = 0;
	a->mapped = 0;
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
	u->losses = (long)sqlite3_column_int64(st, 7);
	u->defence_lost = (long)sqlite3_column_int64(st, 8);
	if (rc == SQLITE_OK)
		rc = db_column_copy(st, 9, u->state, sizeof u->state);
	flags = db_column_text(st, 10, &rc);
	read_flags(u, flags != NULL ? flags : "");
	u->pb_run = (long)sqlite3_column_int64(st, 11);
	u->pb_total = (long)sqlite3_column_int64(st, 12);
	u->pb_turn = (long)sqlite3_column_int64(st, 13);
	u->pb_ref = sqlite3_column_int64(st, 14);
	u->melee_open = sqlite3_column_int(st, 15);
	u->melee_round = (long)sqlite3_column_int64(st, 16);
	u->melee_ref = sqlite3_column_int64(st, 17);
	u->melee_turn = (long)sqlite3_column_int64(st, 18);
	return rc;
}

/* One stored rating into the unit's inputs; 1 (stop) with the error set
 * when it is not one the unit's rule set takes. */
static int
rating_leaf(void *ctx, const char *key, enum json_leaf type, const char *text,
    long long i, double d)
{
	struct unit *u = ctx;

	if (inputs_set_json(&u->ratings, key, type, text, i, d) == 0)
		return 0;
	db_set_error(DB_IO, "unit '%s': its stored rating '%s' is not valid: %s",
	    u->name, key, u->ratings.error);
	return 1;
}

/* The unit's ratings (column 19, a JSON object) into its inputs, which
 * init has declared. */
static int
read_ratings(struct db *db, sqlite3_stmt *st, struct unit *u)
{
	int col = SQLITE_OK, rc;
	const char *json = db_column_text(st, 19, &col);
	char why[200];

	if (col != SQLITE_OK)
		return db_fail(db, col, "reading the order of battle");
	rc = jsonr_leaves(json != NULL ? json : "{}", rating_leaf, u, why, sizeof why);
	if (rc < 0)
		return db_set_error(DB_IO, "unit '%s': its stored ratings are not valid: %s",
		    u->name, why);
	return rc > 0 ? DB_IO : DB_OK;
}

static int
load_units(struct db *db, struct army *a, int cap,
    void (*init)(void *ctx, struct unit *u), void *ctx)
{
	sqlite3_stmt *st;
	int rc, status;

	if ((status = db_prepare(db, STMT_ARMY_UNITS, &st)) != DB_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct unit *u = &a->u[a->n];

		if (a->n == cap) {
			rc = SQLITE_CORRUPT;	/* more rows than count(*) said */
			break;
		}
		if ((rc = read_army_unit(st, u)) != SQLITE_OK)
			break;
		init(ctx, u);
		if ((status = read_ratings(db, st, u)) != DB_OK) {
			sqlite3_reset(st);
			return status;
		}
		a->n++;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, rc, "reading the order of battle");
}

int
db_army_load(struct db *db, struct army *a,
    void (*init)(void *ctx, struct unit *u), void *ctx)
{
	int n, rc;

	a->u = NULL;
	a->n = 0;
	a->mapped = 0;
	if ((rc = count_units(db, &n)) != DB_OK)
		return rc;
	if ((a->u = army_alloc(n > 0 ? (size_t)n : 1, &a->mapped)) == NULL)
		return db_set_error(DB_NOMEM, "reading the order of battle: out of memory");
	if ((rc = load_units(db, a, n, init, ctx)) != DB_OK) {
		db_army_free(a);
		return rc;
	}
	for (int i = 0; i < a->n; i++)
		if (inputs_defaults(&a->u[i].ratings) != 0) {
			rc = db_set_error(DB_IO, "unit '%s': its ratings' defaults are not valid: %s",
			    a->u[i].name, a->u[i].ratings.error);
			db_army_free(a);
			return rc;
		}
	army_link(a);
	return DB_OK;
}
