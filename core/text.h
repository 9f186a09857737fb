/*
 * text: the checks and foldings names need.  UTF-8 validity, a folded
 * form for matching names without regard to case or accents (Piré, pire
 * and PIRE fold alike), and an edit distance for "did you mean".
 */
#ifndef UMPIRE_TEXT_H
#define UMPIRE_TEXT_H

#include <stddef.h>

/* True when s is well-formed UTF-8 (no overlong forms, no surrogates). */
int utf8_valid(const char *s);

/* Writes s folded into out (n bytes): ASCII letters lower-cased, Latin
 * letters with accents (U+00C0-U+017F) as their base letter, anything
 * else kept.  Always NUL-terminated. */
void text_fold(const char *s, char *out, size_t n);

/* The Levenshtein distance of a and b (bytes), at most LIMIT + 1. */
int text_distance(const char *a, const char *b, int limit);

/* Copies s into out (n bytes), cut short when it does not fit; always
 * NUL-terminated.  snprintf's "%s" without its cost (a sheet copies
 * thousands of names). */
void text_copy(char *out, size_t n, const char *s);

/* A line built in a fixed buffer, piece by piece, each padded to a width
 * in bytes (> 0 right-aligned, < 0 left, 0 as is) as printf's "%-9s" and
 * "%3ld" pad; what does not fit is cut off.  Sheets of hundreds of units
 * build thousands of lines: this is a tenth of snprintf's cost. */
struct text_line {
	char *buf;
	size_t cap, len;
};

void line_init(struct text_line *l, char *buf, size_t cap);
void line_text(struct text_line *l, const char *s, int width);
void line_char(struct text_line *l, char c);
void line_long(struct text_line *l, long v, int width);

/* Writes v in decimal into out (n bytes), as snprintf's "%ld". */
void text_long(char *out, size_t n, long v);

#endif
