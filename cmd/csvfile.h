/* csvfile: a whole CSV file read into rows of cells (libcsv, RFC 4180). */
#ifndef UMPIRE_CSVFILE_H
#define UMPIRE_CSVFILE_H

#include <stddef.h>
#include <stdio.h>

struct csv_rows {
	char **cells;
	size_t n, cap;
	size_t *row_start;	/* index of each row's first cell */
	size_t *row_len;
	size_t nrows, rcap, cur;
	int oom;
};

/* Reads the CSV file at path.  Returns 0, or an exit status with err set
 * (66 when it cannot be read, 65 when it is not CSV). */
int csv_rows_read(const char *path, struct csv_rows *c, char *err, size_t n);
/* Reads CSV text held in memory (NAME says where it came from, for
 * messages) as csv_rows_read reads a file. */
int csv_rows_parse(const char *name, const char *text, struct csv_rows *c,
    char *err, size_t n);
/* Frees the rows; accepts cleared rows. */
void csv_rows_free(struct csv_rows *c);
/* Writes one cell, quoted only when it needs to be (RFC 4180). */
void csv_put(FILE *out, const char *cell);

/* The cell at row, col ("" past the row's end). */
const char *csv_cell_at(const struct csv_rows *c, size_t row, size_t col);

#endif
