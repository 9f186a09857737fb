/* rtables: the game's copy of the rule tables: copy, load, replace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "jsonw.h"
#include "rtables.h"

/* A table loaded from the game, owned by the game's cache. */
struct loaded {
	struct table t;
	char **cells;		/* ncols + nrows * ncols strings */
	char *strings[3];	/* title, provenance and note copies */
	struct loaded *next;
};

/* The cells of row (-1: the column names) as a JSON array of strings. */
static int
cells_json(const struct table *t, int row, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_array(&w, NULL);
	for (int c = 0; c < t->ncols; c++)
		jsonw_string(&w, NULL, row < 0 ? table_colname(t, c) :
		    table_cell(t, row, c));
	jsonw_array_end(&w);
	return w.overflow ? -1 : 0;
}

static int
insert_table(struct db *db, const struct table *t)
{
	sqlite3_stmt *st = db_stmt(db, STMT_TABLE_INSERT);
	char json[8192];
	int rc;

	if (st == NULL)
		return DB_BUG;
	if (cells_json(t, -1, json, sizeof json) != 0)
		return db_set_error(DB_CONFLICT, "table '%s' has too many columns", t->name);
	db_bind_text(st, 1, t->ruleset);
	db_bind_text(st, 2, t->name);
	db_bind_text(st, 3, t->title);
	db_bind_text(st, 4, t->provenance);
	db_bind_text(st, 5, t->note);
	db_bind_text(st, 6, json);
	if ((rc = db_step_done(db, st, "copying the rule tables")) != DB_OK)
		return rc;
	for (int r = 0; r < t->nrows; r++) {
		if ((st = db_stmt(db, STMT_ROW_INSERT)) == NULL)
			return DB_BUG;
		if (cells_json(t, r, json, sizeof json) != 0)
			return db_set_error(DB_CONFLICT, "a row of '%s' is too long", t->name);
		db_bind_text(st, 1, t->ruleset);
		db_bind_text(st, 2, t->name);
		sqlite3_bind_int(st, 3, r);
		db_bind_text(st, 4, json);
		if ((rc = db_step_done(db, st, "copying the rule tables")) != DB_OK)
			return rc;
	}
	return DB_OK;
}

int
db_tables_copy(struct db *db, const char *ruleset)
{
	for (int i = 0; i < table_stock_count; i++) {
		int rc;

		if (strcmp(table_stock[i].ruleset, ruleset) != 0)
			continue;
		if ((rc = insert_table(db, &table_stock[i])) != DB_OK)
			return rc;
	}
	return DB_OK;
}

int
db_table_replace(struct db *db, const struct table *t)
{
	sqlite3_stmt *st = db_stmt(db, STMT_TABLE_DELETE);
	int rc;

	if (st == NULL)
		return DB_BUG;
	db_bind_text(st, 1, t->ruleset);
	db_bind_text(st, 2, t->name);
	if ((rc = db_step_done(db, st, "replacing a rule table")) != DB_OK)
		return rc;
	db_tables_free(db);
	return insert_table(db, t);
}

void
db_tables_free(struct db *db)
{
	struct loaded *l = db->tables, *next;

	for (; l != NULL; l = next) {
		next = l->next;
		if (l->cells != NULL)
			for (int i = 0; i < (l->t.nrows + 1) * l->t.ncols; i++)
				free(l->cells[i]);
		free(l->cells);
		for (int i = 0; i < 3; i++)
			free(l->strings[i]);
		free((char *)l->t.ruleset);
		free((char *)l->t.name);
		free(l);
	}
	db->tables = NULL;
}

static char *
column_dup(sqlite3_stmt *st, int col)
{
	const unsigned char *s = sqlite3_column_text(st, col);

	return strdup(s != NULL ? (const char *)s : "");
}

/* Reads every cell (column names first) of a table into l->cells. */
static int
load_cells(struct db *db, struct loaded *l)
{
	size_t n = (size_t)(l->t.nrows + 1) * (size_t)l->t.ncols, i = 0;
	enum stmt ids[2] = { STMT_TABLE_COLUMNS, STMT_TABLE_CELLS };

	l->cells = calloc(n > 0 ? n : 1, sizeof *l->cells);
	if (l->cells == NULL)
		return DB_BUG;
	for (int k = 0; k < 2; k++) {
		sqlite3_stmt *st = db_stmt(db, ids[k]);
		int rc;

		if (st == NULL)
			return DB_BUG;
		db_bind_text(st, 1, l->t.ruleset);
		db_bind_text(st, 2, l->t.name);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW && i < n)
			if ((l->cells[i++] = column_dup(st, 0)) == NULL)
				rc = SQLITE_NOMEM;
		sqlite3_reset(st);
		if (rc != SQLITE_DONE && rc != SQLITE_ROW)
			return db_fail(db, rc, "reading a rule table");
	}
	if (i != n)
		return db_set_error(DB_IO, "the game's table '%s' is damaged", l->t.name);
	l->t.cells = (const char *const *)l->cells;
	return DB_OK;
}

static struct loaded *
load(struct db *db, const char *ruleset, const char *name)
{
	sqlite3_stmt *st = db_stmt(db, STMT_TABLE_GET);
	struct loaded *l;
	int rc;

	if (st == NULL || (l = calloc(1, sizeof *l)) == NULL)
		return NULL;
	db_bind_text(st, 1, ruleset);
	db_bind_text(st, 2, name);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		l->strings[0] = column_dup(st, 0);
		l->strings[1] = column_dup(st, 1);
		l->strings[2] = column_dup(st, 2);
		l->t.ncols = sqlite3_column_int(st, 3);
		l->t.nrows = sqlite3_column_int(st, 4);
	}
	sqlite3_reset(st);
	l->t.ruleset = strdup(ruleset);
	l->t.name = strdup(name);
	l->t.title = l->strings[0];
	l->t.provenance = l->strings[1];
	l->t.note = l->strings[2];
	l->next = db->tables;
	db->tables = l;
	if (rc != SQLITE_ROW || l->t.title == NULL || l->t.ruleset == NULL ||
	    l->t.name == NULL || load_cells(db, l) != DB_OK)
		return NULL;
	return l;
}

static const struct table *
find(void *ctx, const char *ruleset, const char *name)
{
	struct db *db = ctx;
	struct loaded *l;

	for (l = db->tables; l != NULL; l = l->next)
		if (strcmp(l->t.ruleset, ruleset) == 0 && strcmp(l->t.name, name) == 0)
			return l->t.cells != NULL ? &l->t : NULL;
	l = load(db, ruleset, name);
	return l != NULL ? &l->t : NULL;
}

struct tableset
db_tableset(struct db *db)
{
	struct tableset ts = { find, db };

	return ts;
}
