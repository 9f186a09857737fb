/* csvfile: reading a whole CSV file (libcsv) into rows of cells. */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "csvfile.h"
#include "text.h"

/* Grows an array of size_t to hold one more; 0, or -1 out of memory. */
static int
grow(size_t **a, size_t n, size_t *cap)
{
	size_t want = *cap ? *cap * 2 : 256;
	size_t *p;

	if (n < *cap)
		return 0;
	if ((p = realloc(*a, want * sizeof *p)) == NULL)
		return -1;
	*a = p;
	*cap = want;
	return 0;
}

static void
csv_cell(void *s, size_t len, void *data)
{
	struct csv_rows *c = data;

	if (c->oom || c->nul_row)
		return;
	if (memchr(s, '\0', len) != NULL) {
		c->nul_row = c->nrows + 1;
		c->nul_col = c->cur + 1;
		return;
	}
	while (c->tlen + len + 1 > c->tcap) {
		size_t cap = c->tcap ? c->tcap * 2 : 4096;
		char *p = realloc(c->text, cap);

		if (p == NULL) {
			c->oom = 1;
			return;
		}
		c->text = p;
		c->tcap = cap;
	}
	if (grow(&c->cell, c->n, &c->cap) != 0) {
		c->oom = 1;
		return;
	}
	for (const char *p = s; (p = memchr(p, '\n', len - (size_t)(p - (const char *)s))) != NULL;
	    p++)
		c->newlines++;
	if (len > 0)
		memcpy(c->text + c->tlen, s, len);
	c->text[c->tlen + len] = '\0';
	c->cell[c->n++] = c->tlen;
	c->tlen += len + 1;
	c->cur++;
}

static void
csv_row(int term, void *data)
{
	struct csv_rows *c = data;
	size_t cap;

	(void)term;
	if (c->oom || c->nul_row)
		return;
	cap = c->rcap;
	if (grow(&c->row_start, c->nrows, &cap) != 0 ||
	    (cap = c->rcap, grow(&c->row_len, c->nrows, &cap)) != 0 ||
	    (cap = c->rcap, grow(&c->row_line, c->nrows, &cap)) != 0) {
		c->oom = 1;
		return;
	}
	c->rcap = cap;
	c->row_start[c->nrows] = c->n - c->cur;
	c->row_len[c->nrows] = c->cur;
	/* the row ends on the line being read: it began as many lines up as
	 * its cells hold line breaks */
	c->row_line[c->nrows++] = c->line - c->newlines;
	c->cur = 0;
	c->newlines = 0;
}

void
csv_rows_free(struct csv_rows *c)
{
	free(c->text);
	free(c->cell);
	free(c->row_start);
	free(c->row_len);
	free(c->row_line);
	memset(c, 0, sizeof *c);
}

/* Every cell is clean text (UTF-8, no control characters): cells are
 * stored as names, sides and ratings, or as rule-table cells. */
static int
check_cells(const char *path, const struct csv_rows *c, struct error *err)
{
	for (size_t row = 0; row < c->nrows; row++)
		for (size_t col = 0; col < c->row_len[row]; col++)
			if (text_unclean(csv_cell_at(c, row, col), err, EXIT_DATA) != 0)
				return error_set(err, EXIT_DATA, "%s: line %zu, column %zu %s",
				    path, csv_row_line(c, row), col + 1, err->text);
	return 0;
}

/* Why the parser stopped, in err: out of memory, or the file's fault. */
static int
csv_failed(struct csv_parser *p, const char *path, size_t line, struct error *err)
{
	if (csv_error(p) == CSV_ENOMEM)
		return error_set(err, EXIT_BUG, "out of memory reading '%s'", path);
	return error_set(err, EXIT_DATA, "'%s' is not valid CSV: %s (line %zu)", path,
	    csv_strerror(csv_error(p)), line);
}

/* One parse: the text fed in pieces (feed_piece) and finished
 * (feed_end), a line at a time so that each row knows its line; a UTF-8
 * byte order mark (spreadsheets write one) at the start of the first
 * piece is skipped. */
struct csv_feed {
	struct csv_parser p;
	struct csv_rows *c;
	const char *path;
	int first;
	size_t bytes;		/* fed so far */
	size_t line_bytes;	/* of the line being read */
};

static int
feed_begin(struct csv_feed *f, const char *path, struct csv_rows *c,
    struct error *err)
{
	memset(c, 0, sizeof *c);
	c->line = 1;
	f->c = c;
	f->path = path;
	f->first = 1;
	f->bytes = f->line_bytes = 0;
	if (csv_init(&f->p, CSV_STRICT | CSV_APPEND_NULL | CSV_STRICT_FINI) != 0)
		return error_set(err, EXIT_BUG, "out of memory");
	return 0;
}

/* A cell the parser gave that holds a NUL byte, or a limit passed: 65
 * with the line; else 0. */
static int
refused(struct csv_feed *f, struct error *err)
{
	const struct csv_rows *c = f->c;

	if (c->nul_row)
		return error_set(err, EXIT_DATA, "%s: line %zu, column %zu holds a NUL byte",
		    f->path, c->line, c->nul_col);
	if (f->line_bytes > CSV_LINE_MAX)
		return error_set(err, EXIT_DATA, "%s: line %zu is longer than %d bytes",
		    f->path, c->line, CSV_LINE_MAX);
	if (f->bytes > CSV_FILE_MAX)
		return error_set(err, EXIT_DATA, "%s: larger than %d MiB at line %zu", f->path,
		    CSV_FILE_MAX / (1024 * 1024), c->line);
	return 0;
}

static int
feed_piece(struct csv_feed *f, const char *buf, size_t got, struct error *err)
{
	size_t skip = f->first && got >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	int rc;

	f->first = 0;
	for (size_t at = skip; at < got; ) {
		const char *nl = memchr(buf + at, '\n', got - at);
		size_t len = nl != NULL ? (size_t)(nl - (buf + at)) + 1 : got - at;

		f->bytes += len;
		f->line_bytes += len;
		if ((rc = refused(f, err)) != 0)
			return rc;
		if (csv_parse(&f->p, buf + at, len, csv_cell, csv_row, f->c) != len)
			return csv_failed(&f->p, f->path, f->c->line, err);
		if ((rc = refused(f, err)) != 0)
			return rc;
		at += len;
		if (nl != NULL) {
			f->c->line++;
			f->line_bytes = 0;
		}
	}
	return 0;
}

/* Finishes the parse (rc: how the feeding went) and checks the cells;
 * the rows are freed unless it returns 0. */
static int
feed_end(struct csv_feed *f, int rc, struct error *err)
{
	/* (a last line without its line break is still this line) */
	if (rc == 0 && f->line_bytes == 0 && f->c->line > 1)
		f->c->line--;
	if (rc == 0 && csv_fini(&f->p, csv_cell, csv_row, f->c) != 0)
		rc = csv_failed(&f->p, f->path, f->c->line, err);
	if (rc == 0)
		rc = refused(f, err);
	if (rc == 0 && f->c->oom)
		rc = error_set(err, EXIT_BUG, "out of memory reading '%s'", f->path);
	csv_free(&f->p);
	if (rc == 0)
		rc = check_cells(f->path, f->c, err);
	if (rc != 0)
		csv_rows_free(f->c);
	return rc;
}

int
csv_rows_read(const char *path, struct csv_rows *c, struct error *err)
{
	struct csv_feed feed;
	char buf[8192];
	int stdin_path = strcmp(path, "-") == 0;
	FILE *f = stdin_path ? stdin : fopen(path, "rb");
	size_t got;
	int rc;

	memset(c, 0, sizeof *c);
	if (f == NULL)
		return error_set(err, EXIT_NOGAME, "cannot read '%s': %s", path, strerror(errno));
	if ((rc = feed_begin(&feed, path, c, err)) != 0) {
		if (!stdin_path)
			fclose(f);
		return rc;
	}
	while (rc == 0 && (got = fread(buf, 1, sizeof buf, f)) > 0)
		rc = feed_piece(&feed, buf, got, err);
	if (rc == 0 && ferror(f))
		rc = error_set(err, EXIT_IO, "cannot read '%s': %s", path, strerror(errno));
	if (!stdin_path)
		fclose(f);
	return feed_end(&feed, rc, err);
}

int
csv_rows_parse(const char *name, const char *text, struct csv_rows *c,
    struct error *err)
{
	struct csv_feed feed;
	int rc;

	if ((rc = feed_begin(&feed, name, c, err)) != 0)
		return rc;
	return feed_end(&feed, feed_piece(&feed, text, strlen(text), err), err);
}

const char *
csv_cell_at(const struct csv_rows *c, size_t row, size_t col)
{
	return col < c->row_len[row] ? c->text + c->cell[c->row_start[row] + col] : "";
}

size_t
csv_row_line(const struct csv_rows *c, size_t row)
{
	return c->row_line[row];
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

/* The first characters that make a spreadsheet run a cell as a formula
 * (OWASP, "CSV Injection": '=', '+', '-', '@', a tab, a carriage return),
 * and the quote that marks a cell so written. */
#define CSV_FORMULA_START "=+-@\t\r'"

void
csv_put_text(FILE *out, const char *cell)
{
	if (cell[0] == '\0' || strchr(CSV_FORMULA_START, cell[0]) == NULL) {
		csv_put(out, cell);
		return;
	}
	fputs("\"'", out);
	for (const char *p = cell; *p != '\0'; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
}

const char *
csv_text_of(const char *cell)
{
	return cell[0] == '\'' ? cell + 1 : cell;
}
