/* rtables: the game's copy of the rule tables: copy, load, replace. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "kind.h"
#include "rtables.h"
#include "text.h"

/* A table of the game.  A stock copy points at the stock table; another
 * owns its strings. */
struct loaded {
	struct table t;
	const struct table *stock;	/* the stock table of the same name */
	int own;			/* read from the rows: the strings below */
	char **cells;			/* ncols + nrows * ncols strings */
	char *strings[3];		/* title, provenance and note */
	char hash[20];			/* the kept fingerprint, "" unknown */
	struct loaded *next;
};

/* The fingerprint h as 16 hex digits (buf holds 17 bytes or more). */
static void
hash_text(unsigned long long h, char *buf, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	if (n < 17)
		return;
	for (int i = 15; i >= 0; i--, h >>= 4)
		buf[i] = digits[h & 0xf];
	buf[16] = '\0';
}

/* The statements that keep a table's column names and each of its rows:
 * the SQL before the array of cells, which SQLite's json_array writes
 * from the cells bound one a parameter (its own quoting), and the number
 * of the first cell's parameter. */
#define TABLE_INSERT "INSERT INTO rule_table (ruleset, name, title, provenance, note, hash, " \
	"columns) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
#define TABLE_FIRST_CELL 7
#define ROW_INSERT "INSERT INTO rule_row (ruleset, name, ord, cells) VALUES (?1, ?2, ?3, "
#define ROW_FIRST_CELL 4

/* HEAD then "json_array(?FIRST, ...))", a parameter for each of NCOLS
 * cells (SQLite takes 127 arguments to a function: a table has its stock
 * table's columns, far fewer), prepared into *st (NULL when it is not;
 * the caller finalizes it). */
static int
prepare_cells(struct db *db, const char *head, int first, int ncols,
    sqlite3_stmt **st)
{
	size_t n = strlen(head) + 16 + (size_t)ncols * 16, len;
	char *sql = malloc(n);
	int rc;

	*st = NULL;
	if (sql == NULL)
		return db_set_error(db, DB_NOMEM, "out of memory");
	len = (size_t)snprintf(sql, n, "%sjson_array(", head);
	for (int c = 0; c < ncols; c++)
		len += (size_t)snprintf(sql + len, n - len, "%s?%d", c > 0 ? ", " : "",
		    first + c);
	snprintf(sql + len, n - len, "))");
	rc = sqlite3_prepare_v2(db->h, sql, -1, st, NULL);
	free(sql);
	return rc == SQLITE_OK ? DB_OK : db_fail(db, rc, "copying the rule tables");
}

/* Binds the cells of row (-1: the column names) from parameter FIRST. */
static void
bind_cells(sqlite3_stmt *st, int first, const struct table *t, int row, int *rc)
{
	for (int c = 0; c < t->ncols; c++)
		db_bind_text(st, first + c, row < 0 ? table_colname(t, c) :
		    table_cell(t, row, c), rc);
}

/* Runs a copying statement whose binding ended in rc. */
static int
copy_step(struct db *db, sqlite3_stmt *st, int rc)
{
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "copying the rule tables");
	return db_step_done(db, st, "copying the rule tables");
}

static int
insert_rows(struct db *db, const struct table *t)
{
	sqlite3_stmt *st;
	int status = prepare_cells(db, ROW_INSERT, ROW_FIRST_CELL, t->ncols, &st);

	for (int r = 0; r < t->nrows && status == DB_OK; r++) {
		int rc = SQLITE_OK;

		db_bind_text(st, 1, t->ruleset, &rc);
		db_bind_text(st, 2, t->name, &rc);
		db_bind_int(st, 3, r, &rc);
		bind_cells(st, ROW_FIRST_CELL, t, r, &rc);
		status = copy_step(db, st, rc);
	}
	sqlite3_finalize(st);
	return status;
}

static int
insert_table(struct db *db, const struct table *t)
{
	sqlite3_stmt *st;
	char hash[20];
	int rc = SQLITE_OK, status;

	status = prepare_cells(db, TABLE_INSERT, TABLE_FIRST_CELL, t->ncols, &st);
	if (status != DB_OK)
		return status;
	hash_text(t->hash, hash, sizeof hash);
	db_bind_text(st, 1, t->ruleset, &rc);
	db_bind_text(st, 2, t->name, &rc);
	db_bind_text(st, 3, t->title, &rc);
	db_bind_text(st, 4, t->provenance, &rc);
	db_bind_text(st, 5, t->note, &rc);
	db_bind_text(st, 6, hash, &rc);
	bind_cells(st, TABLE_FIRST_CELL, t, -1, &rc);
	status = copy_step(db, st, rc);
	sqlite3_finalize(st);
	return status != DB_OK ? status : insert_rows(db, t);
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

/* Deletes the game's table named as t and keeps t in its place, with
 * the fingerprint of its cells. */
static int
delete_insert(struct db *db, const struct table *t)
{
	sqlite3_stmt *st;
	struct table copy = *t;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_TABLE_DELETE, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, t->ruleset, &rc);
	db_bind_text(st, 2, t->name, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "replacing a rule table");
	if ((status = db_step_done(db, st, "replacing a rule table")) != DB_OK)
		return status;
	copy.hash = kind_table_hash(t->title, t->provenance, t->note, t->cells,
	    (size_t)(t->nrows + 1) * (size_t)t->ncols);
	return insert_table(db, &copy);
}

int
db_table_replace(struct db *db, const struct table *t)
{
	db_tables_free(db);
	return delete_insert(db, t);
}

/* The stock table's first key column, or -1 when it has none. */
static int
key_col(const struct table *stock)
{
	for (int c = 0; c < stock->ncols; c++)
		if (kind_is_key(stock->kinds[c]))
			return c;
	return -1;
}

/* The row of stock that row r of the game's table g stands for: the one
 * with its key, else (no key column) the row in its place; -1 none. */
static int
stock_row_of(const struct table *g, int r, const struct table *stock)
{
	int k = key_col(stock), gk;

	if (k < 0)
		return r < stock->nrows ? r : -1;
	gk = table_col(g, table_colname(stock, k));
	return gk < 0 ? -1 : table_row(stock, table_colname(stock, k), table_cell(g, r, gk));
}

/* True when the stock table's row r is one the game's table g lacks:
 * by its key, else (no key column) by its place past g's last row. */
static int
missing_row(const struct table *g, const struct table *stock, int r)
{
	int k = key_col(stock);

	return k < 0 ? r >= g->nrows :
	    table_row(g, table_colname(stock, k), table_cell(stock, r, k)) < 0;
}

/* True when the game's table g lacks a column or a row of the stock
 * table (a table made by an earlier umpire). */
static int
behind_stock(const struct table *g, const struct table *stock)
{
	if (g->ncols != stock->ncols)
		return 1;
	for (int c = 0; c < stock->ncols; c++)
		if (strcmp(table_colname(g, c), table_colname(stock, c)) != 0)
			return 1;
	for (int r = 0; r < stock->nrows; r++)
		if (missing_row(g, stock, r))
			return 1;
	return 0;
}

/*
 * The game's table g in the stock table's shape: the stock's columns and
 * words (title, note), every row of g with its values (a house rule
 * keeps its values), a column g lacks taken from the stock's same row,
 * and the stock's rows g lacks added at the end (a table without a key
 * column: the rows past g's last, as a stock table grows at its end).
 */
static int
upgrade_table(struct db *db, const struct table *g, const struct table *stock)
{
	int k = key_col(stock), nrows = g->nrows, n = 0, rc;
	const char **cells;
	struct table t = *stock;

	if (k >= 0 && table_col(g, table_colname(stock, k)) < 0)
		return delete_insert(db, stock);	/* no row can be matched */
	for (int r = 0; r < stock->nrows; r++)
		if (missing_row(g, stock, r))
			nrows++;
	cells = calloc((size_t)(nrows + 1) * (size_t)stock->ncols, sizeof *cells);
	if (cells == NULL)
		return db_set_error(db, DB_NOMEM, "bringing the rule tables up to date: out of memory");
	for (int c = 0; c < stock->ncols; c++)
		cells[n++] = table_colname(stock, c);
	for (int r = 0; r < g->nrows; r++) {
		int sr = stock_row_of(g, r, stock);

		for (int c = 0; c < stock->ncols; c++) {
			int gc = table_col(g, table_colname(stock, c));

			cells[n++] = gc >= 0 ? table_cell(g, r, gc) :
			    table_cell(stock, sr >= 0 ? sr : 0, c);
		}
	}
	for (int r = 0; r < stock->nrows; r++)
		if (missing_row(g, stock, r))
			for (int c = 0; c < stock->ncols; c++)
				cells[n++] = table_cell(stock, r, c);
	t.nrows = nrows;
	t.cells = cells;
	rc = delete_insert(db, &t);
	free(cells);
	return rc;
}

int
db_tables_copy_game(struct db *dst, struct db *src, const char *ruleset)
{
	int rc;

	if ((rc = db_tables_load(src, ruleset)) != DB_OK) {
		dst->error = src->error;	/* (the caller reads dst's) */
		return rc;
	}
	for (const struct loaded *l = src->tables; l != NULL && rc == DB_OK; l = l->next) {
		struct table copy = l->t;

		copy.hash = kind_table_hash(copy.title, copy.provenance, copy.note, copy.cells,
		    (size_t)(copy.nrows + 1) * (size_t)copy.ncols);
		rc = insert_table(dst, &copy);
	}
	return rc == DB_OK ? db_tables_upgrade(dst, ruleset) : rc;
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
		free(l);
	}
	db->tables = NULL;
	memset(db->found, 0, sizeof db->found);
	db->tables_loaded = 0;
}

/* Reads every cell (column names first) of a table into l->cells. */
static int
load_cells(struct db *db, struct loaded *l)
{
	size_t n = (size_t)(l->t.nrows + 1) * (size_t)l->t.ncols, i = 0;
	enum stmt ids[2] = { STMT_TABLE_COLUMNS, STMT_TABLE_CELLS };

	if ((l->cells = calloc(n > 0 ? n : 1, sizeof *l->cells)) == NULL)
		return db_set_error(db, DB_NOMEM, "reading a rule table: out of memory");
	for (int k = 0; k < 2; k++) {
		sqlite3_stmt *st;
		int rc = SQLITE_OK, status;

		if ((status = db_prepare(db, ids[k], &st)) != DB_OK)
			return status;
		db_bind_text(st, 1, l->t.ruleset, &rc);
		db_bind_text(st, 2, l->t.name, &rc);
		if (rc != SQLITE_OK)
			return db_fail(db, rc, "reading a rule table");
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			int col = SQLITE_OK;
			const char *s = db_column_text(st, 0, &col);

			if (col != SQLITE_OK) {
				rc = col;
				break;
			}
			if (i == n) {
				rc = SQLITE_CORRUPT;
				break;
			}
			if ((l->cells[i++] = strdup(s != NULL ? s : "")) == NULL) {
				rc = SQLITE_NOMEM;
				break;
			}
		}
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return db_fail(db, rc, "reading a rule table");
	}
	if (i != n)
		return db_set_error(db, DB_IO, "the game's table '%s' is damaged", l->t.name);
	l->t.cells = (const char *const *)l->cells;
	return DB_OK;
}

/* A table that is not its stock copy: its title, provenance, note and
 * size from the game. */
static int
load_meta(struct db *db, struct loaded *l)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_TABLE_META, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, l->t.ruleset, &rc);
	db_bind_text(st, 2, l->t.name, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading a rule table");
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int col = SQLITE_OK;

		for (int k = 0; k < 3 && col == SQLITE_OK; k++) {
			const char *s = db_column_text(st, k, &col);

			if (col == SQLITE_OK &&
			    (l->strings[k] = strdup(s != NULL ? s : "")) == NULL)
				col = SQLITE_NOMEM;
		}
		l->t.title = l->strings[0];
		l->t.provenance = l->strings[1];
		l->t.note = l->strings[2];
		l->t.ncols = sqlite3_column_int(st, 3);
		l->t.nrows = sqlite3_column_int(st, 4);
		rc = col == SQLITE_OK ? SQLITE_DONE : col;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, rc, "reading a rule table");
	return l->t.title != NULL ? load_cells(db, l) :
	    db_set_error(db, DB_IO, "the game's table '%s' is damaged", l->t.name);
}

/* One row of the game's table list: a stock copy, or a table to read. */
static int
list_one(struct db *db, sqlite3_stmt *st, const char *ruleset)
{
	struct loaded *l;
	int col = SQLITE_OK;
	const char *name = db_column_text(st, 0, &col);
	char stock_hash[20];

	if (col != SQLITE_OK || name == NULL)
		return db_fail(db, col != SQLITE_OK ? col : SQLITE_CORRUPT,
		    "reading the rule tables");
	if ((l = calloc(1, sizeof *l)) == NULL)
		return db_set_error(db, DB_NOMEM, "reading the rule tables: out of memory");
	l->next = db->tables;
	db->tables = l;
	if ((l->stock = table_stock_find(ruleset, name)) == NULL)
		return db_set_error(db, DB_IO, "the game holds a table '%s' the %s rules do not have",
		    name, ruleset);
	l->t = *l->stock;
	if ((col = db_column_copy(st, 1, l->hash, sizeof l->hash)) != SQLITE_OK)
		return db_fail(db, col, "reading the rule tables");
	hash_text(l->stock->hash, stock_hash, sizeof stock_hash);
	if (strcmp(l->hash, stock_hash) == 0)
		return DB_OK;
	l->own = 1;
	l->t.cells = NULL;
	return DB_OK;
}

/* Reads the list of the game's tables (db_tables_load), whichever they
 * are. */
static int
load_list(struct db *db, const char *ruleset)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	/* A batch's lines share the connection and read them once (a
	 * table replaced, db_table_replace drops what was read). */
	if (db->tables_loaded && strcmp(db->ruleset, ruleset) == 0)
		return DB_OK;
	db_tables_free(db);
	text_copy(db->ruleset, sizeof db->ruleset, ruleset);
	if ((status = db_prepare(db, STMT_TABLE_LIST, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, ruleset, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the rule tables");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if ((status = list_one(db, st, ruleset)) != DB_OK) {
			sqlite3_reset(st);
			return status;
		}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, rc, "reading the rule tables");
	for (struct loaded *l = db->tables; l != NULL; l = l->next)
		if (l->own && (status = load_meta(db, l)) != DB_OK)
			return status;
	db->tables_loaded = 1;
	return DB_OK;
}

/* The game's copy of a stock table, or NULL. */
static const struct loaded *
loaded_named(const struct db *db, const char *name)
{
	for (const struct loaded *l = db->tables; l != NULL; l = l->next)
		if (strcmp(l->t.name, name) == 0)
			return l;
	return NULL;
}

/* A game holds every stock table of its rule set from `new` on (the
 * migrations of tables_versions bring those of a later umpire): one
 * missing is a damaged game, refused before a ruling or a sheet asks for
 * it. */
int
db_tables_load(struct db *db, const char *ruleset)
{
	int rc;

	if ((rc = load_list(db, ruleset)) != DB_OK)
		return rc;
	for (int i = 0; i < table_stock_count; i++)
		if (strcmp(table_stock[i].ruleset, ruleset) == 0 &&
		    loaded_named(db, table_stock[i].name) == NULL)
			return db_set_error(db, DB_IO,
			    "the game '%s' is damaged: its copy of the %s rules' table '%s' is missing",
			    db->path, ruleset, table_stock[i].name);
	return DB_OK;
}

int
db_tables_upgrade(struct db *db, const char *ruleset)
{
	int rc;

	if ((rc = load_list(db, ruleset)) != DB_OK)
		return rc;
	for (int i = 0; i < table_stock_count && rc == DB_OK; i++) {
		const struct table *stock = &table_stock[i];
		const struct loaded *l;

		if (strcmp(stock->ruleset, ruleset) != 0)
			continue;
		if ((l = loaded_named(db, stock->name)) == NULL)
			rc = insert_table(db, stock);
		else if (l->own && behind_stock(&l->t, stock))
			rc = upgrade_table(db, &l->t, stock);
	}
	db_tables_free(db);
	return rc;
}

static int
is_table(const struct loaded *l, const char *ruleset, const char *name)
{
	return strcmp(l->t.name, name) == 0 && strcmp(l->t.ruleset, ruleset) == 0;
}

/* A rule asks for a few tables again and again (a sheet, three for each
 * unit): each is remembered in a slot picked by its name's first letters,
 * so a look-up is mostly one comparison, not one per table. */
static const struct table *
find(void *ctx, const char *ruleset, const char *name)
{
	struct db *db = ctx;
	struct loaded **slot = &db->found[(unsigned char)(name[0] ^ (name[0] ? name[1] : 0)) % 8];

	if (*slot != NULL && is_table(*slot, ruleset, name))
		return (*slot)->t.cells != NULL ? &(*slot)->t : NULL;
	for (struct loaded *l = db->tables; l != NULL; l = l->next)
		if (is_table(l, ruleset, name)) {
			*slot = l;
			return l->t.cells != NULL ? &l->t : NULL;
		}
	return NULL;
}

struct tableset
db_tableset(struct db *db)
{
	struct tableset ts = { find, db };

	return ts;
}

int
db_tables_check(struct db *db, const char *ruleset,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
{
	char line[600], err[400], hash[20];
	int rc;

	/* Read every table from its rows, whatever its fingerprint says. */
	db_tables_free(db);
	if ((rc = db_tables_load(db, ruleset)) != DB_OK)
		return rc;
	for (struct loaded *l = db->tables; l != NULL; l = l->next) {
		if (!l->own) {
			l->own = 1;
			l->t.cells = NULL;
			if ((rc = load_meta(db, l)) == DB_IO) {
				/* a damaged table: a problem, and the next */
				snprintf(line, sizeof line, "table '%s' could not be read: %s",
				    l->t.name, db->error.text);
				report(ctx, line);
				(*problems)++;
				continue;
			}
			if (rc != DB_OK)
				return rc;
		}
		hash_text(kind_table_hash(l->t.title, l->t.provenance, l->t.note,
		    l->t.cells, (size_t)(l->t.nrows + 1) * (size_t)l->t.ncols), hash,
		    sizeof hash);
		if (l->hash[0] != '\0' && strcmp(hash, l->hash) != 0) {
			snprintf(line, sizeof line,
			    "table '%s': its rows do not match the fingerprint kept with it",
			    l->t.name);
			report(ctx, line);
			(*problems)++;
		}
		if (table_check(l->stock, &l->t, err, sizeof err) != 0) {
			snprintf(line, sizeof line, "table '%s': %s", l->t.name, err);
			report(ctx, line);
			(*problems)++;
		}
	}
	db_tables_free(db);
	return DB_OK;
}
