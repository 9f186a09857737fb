/*
 * table: read-only views of the rule tables.  A table is a grid of text
 * cells under named columns, with a title and a provenance label.  Core
 * never knows whether a table came from the compiled-in stock data or from
 * a game's own copy: it asks a tableset, which the caller provides.
 */
#ifndef UMPIRE_TABLE_H
#define UMPIRE_TABLE_H

#include <stddef.h>

struct table {
	const char *ruleset;	/* "brigade" */
	const char *name;	/* "melee-firing" */
	const char *title;	/* "Melee/Firing Table" */
	const char *provenance;	/* "text", "reconstructed", "published", ... */
	const char *note;	/* further explanation, may be "" */
	int ncols;
	int nrows;
	const char *const *cells;	/* ncols column names, then the rows */
	const char *const *kinds;	/* what each column holds (core/kind.h) */
	unsigned long long hash;	/* the cells' fingerprint (kind_cells_hash) */
};

struct tableset {
	/* The table NAME of RULESET, or NULL when there is none. */
	const struct table *(*find)(void *ctx, const char *ruleset,
	    const char *name);
	void *ctx;
};

/* The stock tables compiled into the binary from schema/ (generated). */
extern const struct table table_stock[];
extern const int table_stock_count;

/* A tableset over the stock tables. */
struct tableset table_stock_set(void);

/* The stock table NAME of RULESET, or NULL. */
const struct table *table_stock_find(const char *ruleset, const char *name);

/* Column names and cells; row is 0-based, col 0-based. */
const char *table_colname(const struct table *t, int col);
const char *table_cell(const struct table *t, int row, int col);

/* Index of column NAME, or -1. */
int table_col(const struct table *t, const char *name);

/* First row whose column COL holds exactly KEY, or -1. */
int table_row(const struct table *t, const char *col, const char *key);

/* As table_row for a key column (whose keys are unique: table_check),
 * looking first at row NEAR: where a table lists its keys in order (the
 * rows of the Melee/Firing Table, 1 at row 0), a read of a row by its
 * number finds it at once. */
int table_row_near(const struct table *t, const char *col, const char *key, int near);

/* First row whose columns match both keys, or -1. */
int table_row2(const struct table *t, const char *col1, const char *key1,
    const char *col2, const char *key2);

/*
 * First row with min <= v <= max in the named columns; an empty min or max
 * cell is open-ended.  Returns the row or -1.
 */
int table_band(const struct table *t, const char *mincol, const char *maxcol,
    double v);

/*
 * The cell of ROW under column COL as a number into *out.  Returns 0, or -1
 * when the column is missing or the cell is empty or not a number.
 */
int table_number(const struct table *t, int row, const char *col, double *out);

/* The text of ROW under column COL, or "" when the column is missing. */
const char *table_text(const struct table *t, int row, const char *col);

/*
 * Checks a group's own table T against the stock table's columns, the
 * kinds of its cells and the rows of its key column.  Returns 0, or -1
 * with err naming the line and the cell.
 */
int table_check(const struct table *stock, const struct table *t, char *err,
    size_t n);

#endif
