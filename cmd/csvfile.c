/* csvfile: reading a whole CSV file (libcsv) into rows of cells. */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "csvfile.h"
#include "text.h"

static void
csv_cell(void *s, size_t len, void *data)
{
	struct csv_rows *c = data;
	char *copy;

	if (c->oom)
		return;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		char **p = realloc(c->cells, cap * sizeof *p);

		if (p == NULL) {
			c->oom = 1;
			return;
		}
		c->cells = p;
		c->cap = cap;
	}
	copy = malloc(len + 1);
	if (copy == NULL) {
		c->oom = 1;
		return;
	}
	if (len > 0)
		memcpy(copy, s, len);
	copy[len] = '\0';
	c->cells[c->n++] = copy;
	c->cur++;
}

static void
csv_row(int term, void *data)
{
	struct csv_rows *c = data;

	(void)term;
	if (c->oom)
		return;
	if (c->nrows == c->rcap) {
		size_t cap = c->rcap ? c->rcap * 2 : 64;
		size_t *a = realloc(c->row_start, cap * sizeof *a);
		size_t *b = a != NULL ? realloc(c->row_len, cap * sizeof *b) : NULL;

		if (a != NULL)
			c->row_start = a;
		if (b == NULL) {
			c->oom = 1;
			return;
		}
		c->row_len = b;
		c->rcap = cap;
	}
	c->row_start[c->nrows] = c->n - c->cur;
	c->row_len[c->nrows++] = c->cur;
	c->cur = 0;
}

void
csv_rows_free(struct csv_rows *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->cells[i]);
	free(c->cells);
	free(c->row_start);
	free(c->row_len);
	memset(c, 0, sizeof *c);
}

/* Every cell is clean text (UTF-8, no control characters): cells are
 * stored as names, sides and ratings, or as rule-table cells. */
static int
check_cells(const char *path, const struct csv_rows *c, char *err, size_t n)
{
	char why[80];

	for (size_t row = 0; row < c->nrows; row++)
		for (size_t col = 0; col < c->row_len[row]; col++)
			if (text_unclean(csv_cell_at(c, row, col), why, sizeof why) != NULL) {
				snprintf(err, n, "%s: line %zu, column %zu %s", path, row + 1,
				    col + 1, why);
				return EXIT_DATA;
			}
	return 0;
}

/* Why the parser stopped, in err: out of memory, or the file's fault. */
static int
csv_failed(struct csv_parser *p, const char *path, char *err, size_t n)
{
	if (csv_error(p) == CSV_ENOMEM) {
		snprintf(err, n, "out of memory reading '%s'", path);
		return EXIT_BUG;
	}
	snprintf(err, n, "'%s' is not valid CSV: %s", path, csv_strerror(csv_error(p)));
	return EXIT_DATA;
}

/* One parse: the text fed in pieces (feed_piece) and finished
 * (feed_end); a UTF-8 byte order mark (spreadsheets write one) at the
 * start of the first piece is skipped. */
struct csv_feed {
	struct csv_parser p;
	struct csv_rows *c;
	const char *path;
	int first;
};

static int
feed_begin(struct csv_feed *f, const char *path, struct csv_rows *c, char *err,
    size_t n)
{
	memset(c, 0, sizeof *c);
	f->c = c;
	f->path = path;
	f->first = 1;
	if (csv_init(&f->p, CSV_STRICT | CSV_APPEND_NULL | CSV_STRICT_FINI) != 0) {
		snprintf(err, n, "out of memory");
		return EXIT_BUG;
	}
	return 0;
}

static int
feed_piece(struct csv_feed *f, const char *buf, size_t got, char *err, size_t n)
{
	size_t skip = f->first && got >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	f->first = 0;
	if (csv_parse(&f->p, buf + skip, got - skip, csv_cell, csv_row, f->c) != got - skip)
		return csv_failed(&f->p, f->path, err, n);
	return 0;
}

/* Finishes the parse (rc: how the feeding went) and checks the cells;
 * the rows are freed unless it returns 0. */
static int
feed_end(struct csv_feed *f, int rc, char *err, size_t n)
{
	if (rc == 0 && csv_fini(&f->p, csv_cell, csv_row, f->c) != 0)
		rc = csv_failed(&f->p, f->path, err, n);
	if (rc == 0 && f->c->oom) {
		snprintf(err, n, "out of memory reading '%s'", f->path);
		rc = EXIT_BUG;
	}
	csv_free(&f->p);
	if (rc == 0)
		rc = check_cells(f->path, f->c, err, n);
	if (rc != 0)
		csv_rows_free(f->c);
	return rc;
}

int
csv_rows_read(const char *path, struct csv_rows *c, char *err, size_t n)
{
	struct csv_feed feed;
	char buf[8192];
	int stdin_path = strcmp(path, "-") == 0;
	FILE *f = stdin_path ? stdin : fopen(path, "rb");
	size_t got;
	int rc;

	memset(c, 0, sizeof *c);
	if (f == NULL) {
		snprintf(err, n, "cannot read '%s': %s", path, strerror(errno));
		return EXIT_NOGAME;
	}
	if ((rc = feed_begin(&feed, path, c, err, n)) != 0) {
		if (!stdin_path)
			fclose(f);
		return rc;
	}
	while (rc == 0 && (got = fread(buf, 1, sizeof buf, f)) > 0)
		rc = feed_piece(&feed, buf, got, err, n);
	if (rc == 0 && ferror(f)) {
		snprintf(err, n, "cannot read '%s': %s", path, strerror(errno));
		rc = EXIT_IO;
	}
	if (!stdin_path)
		fclose(f);
	return feed_end(&feed, rc, err, n);
}

int
csv_rows_parse(const char *name, const char *text, struct csv_rows *c, char *err,
    size_t n)
{
	struct csv_feed feed;
	int rc;

	if ((rc = feed_begin(&feed, name, c, err, n)) != 0)
		return rc;
	return feed_end(&feed, feed_piece(&feed, text, strlen(text), err, n), err, n);
}

const char *
csv_cell_at(const struct csv_rows *c, size_t row, size_t col)
{
	return col < c->row_len[row] ? c->cells[c->row_start[row] + col] : "";
}


void
csv_put(FILE *out, const char *cell)
{
	size_t len = strlen(cell);

	if (strpbrk(cell, ",\"\r\n") == NULL && (len == 0 ||
	    (cell[0] != ' ' && cell[len - 1] != ' '))) {
		fputs(cell, out);
		return;
	}
	csv_fwrite(out, cell, len);
}
