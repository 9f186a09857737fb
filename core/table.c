/* table: look-ups in the rule tables. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kind.h"
#include "table.h"

/* The tables a ruling asked for last: a ruling asks for a few, many
 * times (the odds run it by the thousand). */
#define RECENT 8

const struct table *
table_stock_find(const char *ruleset, const char *name)
{
	static const struct table *recent[RECENT];
	static unsigned next;

	for (int i = 0; i < RECENT; i++)
		if (recent[i] != NULL && recent[i]->name[0] == name[0] &&
		    strcmp(recent[i]->name, name) == 0 && strcmp(recent[i]->ruleset, ruleset) == 0)
			return recent[i];
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *t = &table_stock[i];

		if (t->name[0] == name[0] && strcmp(t->name, name) == 0 &&
		    strcmp(t->ruleset, ruleset) == 0) {
			recent[next++ % RECENT] = t;
			return t;
		}
	}
	return NULL;
}

static const struct table *
stock_find(void *ctx, const char *ruleset, const char *name)
{
	(void)ctx;
	return table_stock_find(ruleset, name);
}

struct tableset
table_stock_set(void)
{
	struct tableset ts = { stock_find, NULL };

	return ts;
}

const char *
table_colname(const struct table *t, int col)
{
	assert(col >= 0 && col < t->ncols);
	return t->cells[col];
}

const char *
table_cell(const struct table *t, int row, int col)
{
	/* A row or column not found (-1) is the caller's to check first. */
	assert(row >= 0 && row < t->nrows && col >= 0 && col < t->ncols);
	return t->cells[(size_t)(row + 1) * (size_t)t->ncols + (size_t)col];
}

int
table_col(const struct table *t, const char *name)
{
	/* Asked by name at every cell a ruling reads (the odds: by the
	 * thousand): the first letter rules most columns out without a call. */
	for (int c = 0; c < t->ncols; c++)
		if (t->cells[c][0] == name[0] && strcmp(t->cells[c], name) == 0)
			return c;
	return -1;
}

int
table_row(const struct table *t, const char *col, const char *key)
{
	int c = table_col(t, col);

	if (c < 0)
		return -1;
	for (int r = 0; r < t->nrows; r++)
		if (strcmp(table_cell(t, r, c), key) == 0)
			return r;
	return -1;
}

int
table_row_near(const struct table *t, const char *col, const char *key, int near)
{
	int c = table_col(t, col);

	if (c >= 0 && near >= 0 && near < t->nrows && strcmp(table_cell(t, near, c), key) == 0)
		return near;
	return table_row(t, col, key);
}

int
table_row2(const struct table *t, const char *col1, const char *key1,
    const char *col2, const char *key2)
{
	int c1 = table_col(t, col1), c2 = table_col(t, col2);

	if (c1 < 0 || c2 < 0)
		return -1;
	for (int r = 0; r < t->nrows; r++)
		if (strcmp(table_cell(t, r, c1), key1) == 0 &&
		    strcmp(table_cell(t, r, c2), key2) == 0)
			return r;
	return -1;
}

/* Parses a cell (a fraction such as 1/3 is exact); an empty cell is "no
 * number". */
static int
cell_number(const char *s, double *out)
{
	return kind_number(s, out);
}

int
table_band(const struct table *t, const char *mincol, const char *maxcol,
    double v)
{
	int lo = table_col(t, mincol), hi = table_col(t, maxcol);

	if (lo < 0 || hi < 0)
		return -1;
	for (int r = 0; r < t->nrows; r++) {
		double min, max;

		if (cell_number(table_cell(t, r, lo), &min) == 0 && v < min)
			continue;
		if (cell_number(table_cell(t, r, hi), &max) == 0 && v > max)
			continue;
		return r;
	}
	return -1;
}

int
table_number(const struct table *t, int row, const char *col, double *out)
{
	int c = table_col(t, col);

	if (c < 0 || row < 0 || row >= t->nrows)
		return -1;
	return cell_number(table_cell(t, row, c), out);
}

const char *
table_text(const struct table *t, int row, const char *col)
{
	int c = table_col(t, col);

	if (c < 0 || row < 0 || row >= t->nrows)
		return "";
	return table_cell(t, row, c);
}

int
table_check(const struct table *stock, const struct table *t, char *err,
    size_t n)
{
	char why[200];

	if (t->ncols != stock->ncols) {
		snprintf(err, n, "line 1: the header has %d columns, the table %d",
		    t->ncols, stock->ncols);
		return -1;
	}
	for (int c = 0; c < stock->ncols; c++)
		if (strcmp(table_colname(t, c), table_colname(stock, c)) != 0) {
			snprintf(err, n, "line 1: column %d is '%s', the table's is '%s'",
			    c + 1, table_colname(t, c), table_colname(stock, c));
			return -1;
		}
	if (t->nrows == 0) {
		snprintf(err, n, "the table has no rows");
		return -1;
	}
	for (int r = 0; r < t->nrows; r++)
		for (int c = 0; c < t->ncols; c++)
			if (kind_check(stock->kinds[c], table_cell(t, r, c), why,
			    sizeof why) != 0) {
				snprintf(err, n, "line %d, column '%s': %s", r + 2,
				    table_colname(t, c), why);
				return -1;
			}
	for (int c = 0; c < stock->ncols; c++) {
		if (!kind_is_key(stock->kinds[c]))
			continue;
		for (int r = 0; r < stock->nrows; r++) {
			const char *key = table_cell(stock, r, c);

			if (table_row(t, table_colname(t, c), key) < 0) {
				snprintf(err, n, "the row '%s' of the stock table is missing (a house rule changes a row's values; it keeps the row)",
				    key);
				return -1;
			}
		}
		for (int r = 0; r < t->nrows; r++)
			if (table_row(t, table_colname(t, c), table_cell(t, r, c)) != r) {
				snprintf(err, n, "line %d: the row '%s' is given twice", r + 2,
				    table_cell(t, r, c));
				return -1;
			}
	}
	return 0;
}
