/*
 * kind: what a rule table's column may hold, declared beside the stock
 * data ("# kinds:" in schema/tables/RULESET/NAME.csv) and checked on every
 * cell: at build time for the stock tables, at `tables import` for a
 * group's own.  Also the one parser of a numeric cell.
 *
 * A kind is alternatives separated by '|': the first may be a type,
 * `int[LO..HI]`, `num[LO..HI]` (decimals, or exact fractions such as
 * 1/3), `word` (non-empty) or `text` (anything); the others are literal
 * words.  `?` after the type (or before a list of words) allows an empty
 * cell; a leading `*` marks the table's key column, whose stock rows a
 * group's table must keep.
 */
#ifndef UMPIRE_KIND_H
#define UMPIRE_KIND_H

#include <stddef.h>
#include <stdint.h>

/*
 * Checks one cell against a column's kind.  Returns 0, or -1 with a
 * sentence in why ("'2.5' is not a whole number from -100 to 100").
 */
int kind_check(const char *kind, const char *cell, char *why, size_t n);

/* True when the kind marks a key column. */
int kind_is_key(const char *kind);

/* True when the kind is a syntax this module reads. */
int kind_valid(const char *kind);

/*
 * A numeric cell: a whole number, a decimal (4.5, .25) or a fraction
 * (1/3), finite.  Returns 0 and *out, or -1 (an empty cell included).
 */
int kind_number(const char *cell, double *out);

/* FNV-1a over a table's title, provenance, note and n cells (each with its
 * terminating NUL): the fingerprint that tells a game's copy of a table is
 * the stock one. */
uint64_t kind_table_hash(const char *title, const char *provenance,
    const char *note, const char *const *cells, size_t n);

/* A choice list "musket|rifle" as "musket, rifle" for messages, cut to
 * fit n bytes. */
void choice_list(const char *choices, char *buf, size_t n);

#endif
