/* csvfile: a whole CSV file read into rows of cells (libcsv, RFC 4180). */
#ifndef UMPIRE_CSVFILE_H
#define UMPIRE_CSVFILE_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* The most a file may hold, and a line of it: past them the file is
 * refused (65) with the line, so that no endless pipe or /dev/zero grows
 * memory without bound. */
#define CSV_FILE_MAX (16 * 1024 * 1024)
#define CSV_LINE_MAX 65536

struct csv_rows {
	char *text;		/* every cell's text, each ended by a NUL */
	size_t tlen, tcap;
	size_t *cell;		/* where each cell's text starts in text */
	size_t n, cap;
	size_t *row_start;	/* index of each row's first cell */
	size_t *row_len;
	size_t *row_line;	/* the line each row starts on */
	size_t nrows, rcap, cur;
	size_t line;		/* the line being read */
	size_t newlines;	/* the line breaks in the cells of the row being
				 * read */
	int oom;
	size_t nul_row, nul_col;	/* a cell holding a NUL byte (row + 1), or 0 */
};

/* Reads the CSV file at path.  Returns 0, or an exit status with err set
 * (66 when it cannot be read, 65 when it is not CSV, holds a NUL or is
 * past a limit, 70 out of memory). */
int csv_rows_read(const char *path, struct csv_rows *c, struct error *err);
/* Reads CSV text held in memory (NAME says where it came from, for
 * messages) as csv_rows_read reads a file. */
int csv_rows_parse(const char *name, const char *text, struct csv_rows *c,
    struct error *err);
/* Frees the rows; accepts cleared rows. */
void csv_rows_free(struct csv_rows *c);
/* Writes one cell, quoted only when it needs to be (RFC 4180). */
void csv_put(FILE *out, const char *cell);
/*
 * Writes a cell of free text (a name) as csv_put does, but one that
 * starts with '=', '+', '-', '@', a tab or a carriage return, which a
 * spreadsheet would run as a formula, or with a quote ', is written quoted
 * with a ' before it ("'=SUM(A1)", "''t Hooft"): the spreadsheet shows it
 * as text, and csv_text_of takes the ' back off.
 */
void csv_put_text(FILE *out, const char *cell);
/* A cell of free text as it was before csv_put_text: its first ' taken
 * off, if it has one. */
const char *csv_text_of(const char *cell);

/* The cell at row, col ("" past the row's end). */
const char *csv_cell_at(const struct csv_rows *c, size_t row, size_t col);
/* The line of the file row starts on (1 for the first). */
size_t csv_row_line(const struct csv_rows *c, size_t row);

#endif
