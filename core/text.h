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

#endif
