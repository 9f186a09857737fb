/* text: UTF-8 checks, folding for name matching, edit distance. */
#include <string.h>

#include "text.h"

/* The length of the UTF-8 sequence at p and its code point, or 0 when
 * it is not well formed. */
static int
decode(const unsigned char *p, unsigned long *cp)
{
	int len;
	unsigned long min;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xe0) == 0xc0) {
		len = 2, min = 0x80, *cp = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		len = 3, min = 0x800, *cp = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		len = 4, min = 0x10000, *cp = p[0] & 0x07;
	} else {
		return 0;
	}
	for (int i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (p[i] & 0x3f);
	}
	if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return len;
}

int
utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	int len;

	while (*p != '\0') {
		if ((len = decode(p, &cp)) == 0)
			return 0;
		p += len;
	}
	return 1;
}

/* The base letters of U+00C0..U+017F, lower case ('?' where none). */
static const char latin[] =
    "aaaaaaaceeeeiiii"	/* C0-CF */
    "dnooooo?ouuuuyts"	/* D0-DF (D7 x, DE thorn, DF sharp s) */
    "aaaaaaaceeeeiiii"	/* E0-EF */
    "dnooooo?ouuuuyty"	/* F0-FF */
    "aaaaaaccccccccdd"	/* 100-10F */
    "ddeeeeeeeeeegggg"	/* 110-11F */
    "gggghhhhiiiiiiii"	/* 120-12F */
    "iijjjjkkklllllll"	/* 130-13F */
    "lllnnnnnnnnnoooo"	/* 140-14F */
    "oooorrrrrrssssss"	/* 150-15F */
    "ssttttttuuuuuuuu"	/* 160-16F */
    "uuuuwwyyyzzzzzzs";	/* 170-17F */

void
text_fold(const char *s, char *out, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k = 0;
	unsigned long cp;
	int len;

	if (n == 0)
		return;
	while (*p != '\0' && k + 1 < n) {
		len = decode(p, &cp);
		if (len == 0)
			len = 1, cp = *p;
		if (cp < 0x80) {
			out[k++] = (char)(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp);
		} else if (cp >= 0xc0 && cp <= 0x17f && latin[cp - 0xc0] != '?') {
			out[k++] = latin[cp - 0xc0];
		} else if (k + (size_t)len < n) {
			memcpy(out + k, p, (size_t)len);
			k += (size_t)len;
		} else {
			break;
		}
		p += len;
	}
	out[k] = '\0';
}

int
text_distance(const char *a, const char *b, int limit)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[130];

	if (lb >= sizeof row / sizeof row[0] || la >= sizeof row / sizeof row[0])
		return limit + 1;
	if ((la > lb ? la - lb : lb - la) > (size_t)limit)
		return limit + 1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0], best;

		row[0] = (int)i;
		best = row[0];
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j], cost = a[i - 1] == b[j - 1] ? 0 : 1;
			int v = diag + cost;

			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			diag = up;
			row[j] = v;
			if (v < best)
				best = v;
		}
		if (best > limit)
			return limit + 1;
	}
	return row[lb] > limit ? limit + 1 : row[lb];
}

void
text_copy(char *out, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (n == 0)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

void
text_long(char *out, size_t n, long v)
{
	struct text_line l;

	line_init(&l, out, n);
	line_long(&l, v, 0);
}

void
line_init(struct text_line *l, char *buf, size_t cap)
{
	l->buf = buf;
	l->cap = cap;
	l->len = 0;
	if (cap > 0)
		buf[0] = '\0';
}

static void
line_bytes(struct text_line *l, const char *s, size_t n)
{
	if (l->len + 1 >= l->cap)
		return;
	if (n > l->cap - 1 - l->len)
		n = l->cap - 1 - l->len;
	memcpy(l->buf + l->len, s, n);
	l->len += n;
	l->buf[l->len] = '\0';
}

static void
line_pad(struct text_line *l, size_t n)
{
	if (l->len + 1 >= l->cap)
		return;
	if (n > l->cap - 1 - l->len)
		n = l->cap - 1 - l->len;
	memset(l->buf + l->len, ' ', n);
	l->len += n;
	l->buf[l->len] = '\0';
}

/* len bytes of s, padded to width. */
static void
line_piece(struct text_line *l, const char *s, size_t len, int width)
{
	size_t w = (size_t)(width < 0 ? -width : width);

	if (width > 0 && len < w)
		line_pad(l, w - len);
	line_bytes(l, s, len);
	if (width < 0 && len < w)
		line_pad(l, w - len);
}

void
line_text(struct text_line *l, const char *s, int width)
{
	line_piece(l, s, strlen(s), width);
}

void
line_char(struct text_line *l, char c)
{
	if (l->len + 1 >= l->cap)
		return;
	l->buf[l->len++] = c;
	l->buf[l->len] = '\0';
}

void
line_long(struct text_line *l, long v, int width)
{
	char buf[24], *end = buf + sizeof buf, *p = end;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		*--p = '-';
	line_piece(l, p, (size_t)(end - p), width);
}
