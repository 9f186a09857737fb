/* kind: the declared kinds of rule-table columns, and numeric cells. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kind.h"

/* Digits only (at least one). */
static int
digits(const char *s, size_t len)
{
	if (len == 0)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* A whole number of at most 9 digits, read without strtod (most cells are;
 * a sheet reads thousands).  Returns 0 and *v, or -1 for anything else. */
static int
small_whole(const char *s, double *v)
{
	long n = 0;
	int i = 0;

	for (; s[i] >= '0' && s[i] <= '9' && i < 10; i++)
		n = n * 10 + (s[i] - '0');
	if (i == 0 || i > 9 || s[i] != '\0')
		return -1;
	*v = (double)n;
	return 0;
}

int
kind_number(const char *cell, double *out)
{
	const char *s = cell, *slash, *dot;
	size_t len;
	double v;

	if (*s == '-' || *s == '+')
		s++;
	if (small_whole(s, &v) == 0) {
		*out = *cell == '-' ? -v : v;
		return 0;
	}
	len = strlen(s);
	if (len == 0 || len > 32)
		return -1;
	if ((slash = strchr(s, '/')) != NULL) {
		double p, q;

		if (!digits(s, (size_t)(slash - s)) || !digits(slash + 1, strlen(slash + 1)))
			return -1;
		p = strtod(s, NULL);
		q = strtod(slash + 1, NULL);
		if (q == 0)
			return -1;
		v = p / q;
	} else {
		dot = strchr(s, '.');
		if (dot != NULL ? !(digits(s, (size_t)(dot - s)) || dot == s) ||
		    !digits(dot + 1, strlen(dot + 1)) : !digits(s, len))
			return -1;
		v = strtod(s, NULL);
	}
	if (!isfinite(v))
		return -1;
	*out = *cell == '-' ? -v : v;
	return 0;
}

int
kind_is_key(const char *kind)
{
	return *kind == '*';
}

/* Reads "int[LO..HI]" or "num[LO..HI]" (either bound may be empty). */
static int
read_range(const char *p, size_t len, double *lo, double *hi)
{
	char buf[64], *dots;

	*lo = -HUGE_VAL;
	*hi = HUGE_VAL;
	if (len == 0)
		return 0;
	if (len < 4 || p[0] != '[' || p[len - 1] != ']' || len >= sizeof buf)
		return -1;
	snprintf(buf, sizeof buf, "%.*s", (int)(len - 2), p + 1);
	if ((dots = strstr(buf, "..")) == NULL)
		return -1;
	*dots = '\0';
	if (buf[0] != '\0' && kind_number(buf, lo) != 0)
		return -1;
	if (dots[2] != '\0' && kind_number(dots + 2, hi) != 0)
		return -1;
	return 0;
}

struct base {
	enum { BASE_NONE, BASE_INT, BASE_NUM, BASE_WORD, BASE_TEXT } type;
	int optional;
	double lo, hi;
	const char *words;	/* the literal alternatives, '|'-separated */
};

/* Splits a kind into its base type and its literal words. */
static int
read_kind(const char *kind, struct base *b)
{
	const char *p = kind;
	size_t len;

	memset(b, 0, sizeof *b);
	if (*p == '*')
		p++;
	if (*p == '?') {
		b->optional = 1;
		p++;
	}
	len = strcspn(p, "|");
	b->words = p;
	if (strncmp(p, "int", 3) == 0 || strncmp(p, "num", 3) == 0) {
		const char *q = p + 3;

		b->type = strncmp(p, "int", 3) == 0 ? BASE_INT : BASE_NUM;
		if (*q == '?') {
			b->optional = 1;
			q++;
		}
		if (read_range(q, len - (size_t)(q - p), &b->lo, &b->hi) != 0)
			return -1;
	} else if (len == 4 && strncmp(p, "word", 4) == 0) {
		b->type = BASE_WORD;
	} else if (len == 4 && strncmp(p, "text", 4) == 0) {
		b->type = BASE_TEXT;
	} else {
		return len > 0 ? 0 : -1;	/* words only */
	}
	b->words = p[len] == '|' ? p + len + 1 : "";
	return 0;
}

int
kind_valid(const char *kind)
{
	struct base b;

	return read_kind(kind, &b) == 0;
}

static int
has_word(const char *words, const char *cell)
{
	size_t n = strlen(cell);

	for (const char *p = words; *p != '\0';) {
		size_t len = strcspn(p, "|");

		if (len == n && strncmp(p, cell, n) == 0)
			return 1;
		p += len;
		if (*p == '|')
			p++;
	}
	return 0;
}

static int
printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

static int
why_not(char *why, size_t n, const char *cell, const struct base *b)
{
	char words[160], range[96] = "";

	choice_list(b->words, words, sizeof words);
	if (b->type == BASE_INT || b->type == BASE_NUM) {
		if (isfinite(b->lo) && isfinite(b->hi))
			snprintf(range, sizeof range, " from %g to %g", b->lo, b->hi);
		else if (isfinite(b->lo))
			snprintf(range, sizeof range, " of %g or more", b->lo);
		else if (isfinite(b->hi))
			snprintf(range, sizeof range, " of %g or less", b->hi);
		snprintf(why, n, "'%s' is not %s%s%s%s%s", cell,
		    b->type == BASE_INT ? "a whole number" : "a number", range,
		    *words ? " or " : "", words, b->optional ? " (or empty)" : "");
	} else if (b->type == BASE_WORD) {
		snprintf(why, n, "'%s' is not a word (empty, or a control character)", cell);
	} else {
		snprintf(why, n, "'%s' is not one of %s%s", cell, words,
		    b->optional ? " (or empty)" : "");
	}
	return -1;
}

int
kind_check(const char *kind, const char *cell, char *why, size_t n)
{
	struct base b;
	double v;

	if (read_kind(kind, &b) != 0) {
		snprintf(why, n, "the column's kind '%s' is not readable", kind);
		return -1;
	}
	if (!printable(cell)) {
		snprintf(why, n, "the cell holds a control character");
		return -1;
	}
	if (*cell == '\0')
		return b.optional || b.type == BASE_TEXT ? 0 : why_not(why, n, cell, &b);
	if (has_word(b.words, cell))
		return 0;
	switch (b.type) {
	case BASE_TEXT:
		return 0;
	case BASE_WORD:
		return 0;
	case BASE_INT:
		if (kind_number(cell, &v) != 0 || v != floor(v) || strchr(cell, '/') ||
		    strchr(cell, '.') || v < b.lo || v > b.hi)
			return why_not(why, n, cell, &b);
		return 0;
	case BASE_NUM:
		if (kind_number(cell, &v) != 0 || v < b.lo || v > b.hi)
			return why_not(why, n, cell, &b);
		return 0;
	case BASE_NONE:
		break;
	}
	return why_not(why, n, cell, &b);
}

static uint64_t
fnv(uint64_t h, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s;; p++) {
		h ^= *p;
		h *= 0x100000001b3ULL;
		if (*p == '\0')
			return h;
	}
}

uint64_t
kind_table_hash(const char *title, const char *provenance, const char *note,
    const char *const *cells, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	h = fnv(fnv(fnv(h, title), provenance), note);
	for (size_t i = 0; i < n; i++)
		h = fnv(h, cells[i]);
	return h;
}

void
choice_list(const char *choices, char *buf, size_t n)
{
	size_t j = 0;

	for (const char *p = choices; *p != '\0' && j + 3 < n; p++) {
		if (*p == '|') {
			buf[j++] = ',';
			buf[j++] = ' ';
		} else {
			buf[j++] = *p;
		}
	}
	buf[j] = '\0';
}
