/*
 * brigade: the Melee/Firing Table of the Asquith & Spires Brigade Rules,
 * read directly or by carrying back, for fire (brigade_fire.c) and melee
 * (brigade_melee.c).  It stands apart from the rule set's command list
 * (brigade.c), which names fire and melee, so that no file calls back
 * into one that calls it.
 */
#include <limits.h>

#include "brigade.h"
#include "kind.h"
#include "text.h"

#define TABLE_NAME "melee-firing"

/* The column of the average die showing DIE ("d4"): made without a
 * printf, as the odds read it for every row and face. */
static void
die_column(char *col, size_t n, int die)
{
	struct text_line l;

	line_init(&l, col, n);
	line_char(&l, 'd');
	line_long(&l, die, 0);
}

/* The number in the table's row ROW under COL into *out: 0, or -1 when
 * there is none. */
static int
cell_number(const struct table *t, long row, const char *col, long *out)
{
	char key[32];
	double v;
	int i;

	text_long(key, sizeof key, row);
	i = table_row_near(t, "row", key, row <= INT_MAX ? (int)row - 1 : -1);
	if (i < 0 || table_number(t, i, col, &v) != 0)
		return -1;
	*out = (long)v;
	return 0;
}

/* The cell of the table's row ROW (1..length) under COL. */
static int
cell(const struct table *t, long row, const char *col, struct result *r,
    long *out)
{
	if (cell_number(t, row, col, out) != 0)
		return result_fail(r, RULE_DATA,
		    "the %s has no number in row %ld under '%s'", t->title,
		    row, col);
	return RULE_OK;
}

/* The table's length: the largest row number it holds (kept in r's memo
 * while the odds read the table row by row). */
static long
table_length(const struct table *t, struct result *r)
{
	int col = table_col(t, "row");
	double v, max = 0;

	if (rule_memo_find(r, t, "(length)", &max) == 0)
		return (long)max;
	for (int i = 0; col >= 0 && i < t->nrows; i++)
		if (kind_number(table_cell(t, i, col), &v) == 0 && v > max)
			max = v;
	rule_memo_keep(r, t, "(length)", max);
	return (long)max;
}

/*
 * Reads ROW under COL of the table, splitting a row past its end (its
 * LENGTH, table_length, found when first needed) into full blocks of the
 * length and a remainder, and adding their results.  A row the table
 * holds is within its length: it is read at once.
 */
static int
read_row(const struct table *t, long *length, long row, const char *col,
    struct result *r, long *out)
{
	long blocks, rest, block_value = 0, rest_value = 0;
	double kept;
	int rc;

	*out = 0;
	if (row <= 0)
		return RULE_OK;
	/* (the odds read rows by the hundred: past a length they keep, a row
	 * is not looked for) */
	if (*length < 0 && rule_memo_find(r, t, "(length)", &kept) == 0)
		*length = (long)kept;
	if ((*length < 0 || row <= *length) && cell_number(t, row, col, out) == 0)
		return RULE_OK;
	if (*length < 0)
		*length = table_length(t, r);
	if (*length <= 0)
		return result_fail(r, RULE_DATA, "the %s has no rows", t->title);
	if (row <= *length)
		return cell(t, row, col, r, out);
	blocks = row / *length;
	rest = row % *length;
	if ((rc = cell(t, *length, col, r, &block_value)) != RULE_OK)
		return rc;
	if (rest > 0 && (rc = cell(t, rest, col, r, &rest_value)) != RULE_OK)
		return rc;
	*out = blocks * block_value + rest_value;
	result_work(r, "row %ld is past the table's %ld rows: %ld blocks of %ld (%ld each) + row %ld (%ld) = %ld",
	    row, *length, blocks, *length, block_value, rest, rest_value, *out);
	return RULE_OK;
}

int
brigade_direct(const struct tableset *ts, long row, int die,
    struct result *r, long *casualties)
{
	const struct table *t = rule_table(ts, BRIGADE, TABLE_NAME, r);
	long length = -1;
	char col[16];
	int rc;

	if (t == NULL)
		return RULE_DATA;
	die_column(col, sizeof col, die);
	if ((rc = read_row(t, &length, row, col, r, casualties)) != RULE_OK)
		return rc;
	result_work(r, "%s [%s], direct read: row %ld, die %d -> %ld",
	    t->title, t->provenance, row, die, *casualties);
	return RULE_OK;
}

int
brigade_carry_back(const struct tableset *ts, long figures, int die,
    struct result *r, long *carried, long *casualties)
{
	const struct table *t = rule_table(ts, BRIGADE, TABLE_NAME, r);
	const char *last;
	char col[16];
	long length;
	int rc;

	if (t == NULL)
		return RULE_DATA;
	last = table_colname(t, t->ncols - 1);
	length = -1;
	die_column(col, sizeof col, die);
	if ((rc = read_row(t, &length, figures, last, r, carried)) != RULE_OK ||
	    (rc = read_row(t, &length, *carried, col, r, casualties)) != RULE_OK)
		return rc;
	result_work(r, "%s [%s], carry back: row %ld, last column -> %ld; row %ld, die %d -> %ld",
	    t->title, t->provenance, figures, *carried, *carried, die,
	    *casualties);
	return RULE_OK;
}
