/*
 * text: the checks and foldings names need.  Clean text (UTF-8, no control
 * characters), a folded form for matching names without regard to case or
 * accents (Piré, pire and PIRE fold alike, by Unicode with utf8proc), the
 * one name look-up, and an edit distance for "did you mean".
 */
#ifndef UMPIRE_TEXT_H
#define UMPIRE_TEXT_H

#include <stddef.h>

#include "error.h"

/*
 * Whether s cannot be stored as text: 0 when it is clean, else -1 with e
 * (unless NULL) set to CODE and a phrase that completes a sentence naming
 * s: "is not valid UTF-8 (byte 3)" (overlong forms, surrogates and stray
 * bytes included) or "holds a control character (U+001B)" (C0, DEL or C1:
 * they would break the sheet, the terminal and JSON output).  The caller
 * names s in front of the phrase: error_set(e, code, "--title %s", e->text).
 */
int text_unclean(const char *s, struct error *e, int code);

/* True when s begins or ends with white space (a space, a no-break or
 * other Unicode space). */
int text_padded(const char *s);

/* The columns s takes on a terminal (wide East Asian letters 2, combining
 * marks 0; a byte that is not UTF-8 1). */
int text_width(const char *s);

/* The bytes a folded name may take (text_fold cuts it there). */
#define TEXT_FOLDED 512

/*
 * Writes s folded into out (n bytes, cut at a whole character, always
 * NUL-terminated), for names that match regardless of case and accents:
 * Unicode NFKC, case folded, marks stripped (é typed precomposed or as e
 * and U+0301 alike), ignorable characters dropped, typographic apostrophes
 * and hyphens as ' and - (d’Erlon is d'Erlon), œ and æ spelt oe and ae
 * (Œuvre), ß as ss, and Ł, Ø, Đ, Ħ, Ŧ, ı as l, o, d, h, t, i.  Text that
 * is not UTF-8 is folded by ASCII case only.
 */
void text_fold(const char *s, char *out, size_t n);

/* The edit distance of a and b (bytes: an insertion, a deletion, a
 * change or two neighbours swapped are one edit each), at most LIMIT + 1. */
int text_distance(const char *a, const char *b, int limit);

/* Copies s into out (n bytes), cut short when it does not fit; always
 * NUL-terminated.  snprintf's "%s" without its cost (a sheet copies
 * thousands of names). */
void text_copy(char *out, size_t n, const char *s);

/*
 * Finds NAME among n names, the i-th at first + i * stride (the name field
 * of an array of structs).  A name acts only when whole: the byte-equal
 * one, else the one whose folding (text_fold) is NAME's.  Returns its
 * index, or -1 with err set to CODE and the sentence, WHAT naming the
 * thing: "no unit is named 'kemp': did you mean 'Kempt'?" (names NAME begins
 * or near it by edit distance, nearest first, at most three), or, where
 * several fold to NAME (names kept by an older umpire), that it must be
 * typed exactly.
 */
int text_find_name(const char *what, const char *name, const char *first,
    size_t stride, int n, struct error *err, int code);

/*
 * The names near NAME among n names laid out as text_find_name reads
 * them, as a "did you mean" says them ("'fire'", "'fire' or 'fatigue'"),
 * into out (outn bytes); "" when none is near.  Returns out.
 */
const char *text_near_names(const char *name, const char *first, size_t stride,
    int n, char *out, size_t outn);

/* A line built in a fixed buffer, piece by piece, each padded to a width
 * in bytes (> 0 right-aligned, < 0 left, 0 as is) as printf's "%-9s" and
 * "%3ld" pad; what does not fit is cut off.  Sheets of hundreds of units
 * build thousands of lines: this is a tenth of snprintf's cost.  A line
 * begun by line_init_growing grows instead: nothing is cut off. */
struct text_line {
	char *buf;
	size_t cap, len;
	int grows;		/* line_init_growing's: buf is malloc'd */
	int no_memory;		/* a growth failed: the line is short */
};

void line_init(struct text_line *l, char *buf, size_t cap);
/* An empty line that grows as it needs; 0, or -1 out of memory.  The
 * caller frees l->buf. */
int line_init_growing(struct text_line *l)
    __attribute__((warn_unused_result));
void line_text(struct text_line *l, const char *s, int width);
/* line_text padded to WIDTH columns of the terminal, not bytes: é,
 * e + U+0301 and Œ take one, 拿 two. */
void line_cell(struct text_line *l, const char *s, int width);
void line_char(struct text_line *l, char c);
void line_long(struct text_line *l, long v, int width);

/* A stored word as text says it, into out (n bytes): "good_order" as
 * "good order".  Returns out. */
const char *text_words(const char *word, char *out, size_t n);

/* A kept word as a message says it: "good_order" as "good order",
 * "saving-themselves" as "saving themselves". */
const char *text_spoken(const char *word, char *out, size_t n);

/* Writes v in decimal into out (n bytes), as snprintf's "%ld". */
void text_long(char *out, size_t n, long v);

#endif
