/* text: UTF-8 checks, folding for name matching, edit distance. */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

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
text_unclean(const char *s, struct error *e, int code)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	int len;

	for (; *p != '\0'; p += len) {
		if ((len = decode(p, &cp)) == 0) {
			if (e != NULL)
				error_set(e, code, "is not valid UTF-8 (byte %zu)",
				    (size_t)(p - (const unsigned char *)s) + 1);
			return -1;
		}
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
			if (e != NULL)
				error_set(e, code, "holds a control character (U+%04lX)", cp);
			return -1;
		}
	}
	return 0;
}

/* True when cp is white space: ASCII's, or a Unicode space (no-break,
 * em, ideographic...). */
static int
is_space(unsigned long cp)
{
	return cp == ' ' || (cp >= '\t' && cp <= '\r') ||
	    utf8proc_category((utf8proc_int32_t)cp) == UTF8PROC_CATEGORY_ZS;
}

int
text_padded(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp = 0;
	int len;

	for (int first = 1; *p != '\0'; p += len, first = 0) {
		if ((len = decode(p, &cp)) == 0)
			len = 1, cp = *p;
		if (first && is_space(cp))
			return 1;
	}
	return p != (const unsigned char *)s && is_space(cp);
}

int
text_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	int len, w = 0;

	for (; *p != '\0'; p += len) {
		if (*p < 0x80 || (len = decode(p, &cp)) == 0) {
			len = 1;
			w++;
			continue;
		}
		w += utf8proc_charwidth((utf8proc_int32_t)cp);
	}
	return w;
}

/*
 * Folding: NFKC (compatibility forms as their plain letters: ﬁ as fi,
 * full-width Ａ as A), case folded (ß as ss, Σ as σ), marks stripped (é
 * as e, whether typed precomposed or as e and U+0301), default-ignorable
 * characters dropped (soft hyphens, zero-width spaces), and punctuation
 * lumped (UTF8PROC_LUMP: ’ ‘ ′ ´ as ', ‐ – — as -, no-break spaces as a
 * space: a person types either).
 */
#define FOLD_OPTIONS (UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE | \
	UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK | UTF8PROC_IGNORE | UTF8PROC_LUMP)
/* The code points folded at most (a unit's name is under 128 bytes). */
#define FOLD_MAX 1024

/* Letters Unicode does not decompose, though a person types them without
 * their stroke: Łódź as Lodz, Ørsted as Orsted, Đakovo as Dakovo. */
static utf8proc_int32_t
plain_letter(utf8proc_int32_t cp, void *data)
{
	(void)data;
	switch (cp) {
	case 0x141: case 0x142:	/* Ł ł */
		return 'l';
	case 0xd8: case 0xf8:	/* Ø ø */
		return 'o';
	case 0xd0: case 0xf0: case 0x110: case 0x111:	/* Ð ð Đ đ */
		return 'd';
	case 0x126: case 0x127:	/* Ħ ħ */
		return 'h';
	case 0x166: case 0x167:	/* Ŧ ŧ */
		return 't';
	case 0x131:		/* dotless ı */
		return 'i';
	default:
		return cp;
	}
}

/* s with ASCII letters lower-cased, the rest as is: the folding of text
 * utf8proc cannot fold (not UTF-8, or too long). */
static void
fold_ascii(const char *s, char *out, size_t n)
{
	size_t k = 0;

	for (; s[k] != '\0' && k + 1 < n; k++)
		out[k] = (char)(s[k] >= 'A' && s[k] <= 'Z' ? s[k] - 'A' + 'a' : s[k]);
	out[k] = '\0';
}

/* Copies the folded UTF-8 in into out (n bytes), the ligatures œ and æ
 * (Œuvre, Ægidius) spelt out as a person types them; a character that
 * does not fit whole is left out, with all after it. */
static void
spell_out(const unsigned char *in, char *out, size_t n)
{
	size_t k = 0;

	while (*in != '\0') {
		const char *put = (const char *)in;
		size_t len = (*in & 0xe0) == 0xc0 ? 2 : (*in & 0xf0) == 0xe0 ? 3 :
		    (*in & 0xf8) == 0xf0 ? 4 : 1;

		if (in[0] == 0xc5 && in[1] == 0x93)
			put = "oe";
		else if (in[0] == 0xc3 && in[1] == 0xa6)
			put = "ae";
		if (k + len >= n)
			break;
		memcpy(out + k, put, len);
		k += len;
		in += len;
	}
	out[k] = '\0';
}

void
text_fold(const char *s, char *out, size_t n)
{
	utf8proc_int32_t cps[FOLD_MAX];
	utf8proc_ssize_t len;

	if (n == 0)
		return;
	len = utf8proc_decompose_custom((const utf8proc_uint8_t *)s,
	    (utf8proc_ssize_t)strlen(s), cps, FOLD_MAX - 1, FOLD_OPTIONS,
	    plain_letter, NULL);
	/* Re-encoding in place needs a byte more than the UTF-8 it writes:
	 * at most 4 bytes a code point, within FOLD_MAX of them. */
	if (len < 0 || len >= FOLD_MAX ||
	    utf8proc_reencode(cps, len, FOLD_OPTIONS) < 0) {
		fold_ascii(s, out, n);
		return;
	}
	spell_out((const unsigned char *)cps, out, n);
}

int
text_distance(const char *a, const char *b, int limit)
{
	enum { MAX = 130 };
	size_t la = strlen(a), lb = strlen(b);
	int rows[3][MAX], *before = rows[0], *prev = rows[1], *row = rows[2];

	if (lb >= MAX || la >= MAX)
		return limit + 1;
	if ((la > lb ? la - lb : lb - la) > (size_t)limit)
		return limit + 1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int best = row[0] = (int)i, *t;

		for (size_t j = 1; j <= lb; j++) {
			int v = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);

			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			/* two neighbours swapped ("frie" for "fire") are one edit */
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    before[j - 2] + 1 < v)
				v = before[j - 2] + 1;
			row[j] = v;
			if (v < best)
				best = v;
		}
		if (best > limit)
			return limit + 1;
		t = before, before = prev, prev = row, row = t;
	}
	return prev[lb] > limit ? limit + 1 : prev[lb];
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
	l->grows = l->no_memory = 0;
	if (cap > 0)
		buf[0] = '\0';
}

int
line_init_growing(struct text_line *l)
{
	char *buf = malloc(64);

	if (buf == NULL)
		return -1;
	line_init(l, buf, 64);
	l->grows = 1;
	return 0;
}

/* How many of n more bytes the line takes: all of them where it grows
 * (or none, out of memory), what is left of a fixed buffer. */
static size_t
line_room(struct text_line *l, size_t n)
{
	if (l->grows && l->len + n + 1 > l->cap && !l->no_memory) {
		size_t cap = l->cap;
		char *buf;

		while (l->len + n + 1 > cap)
			cap *= 2;
		if ((buf = realloc(l->buf, cap)) == NULL)
			l->no_memory = 1;
		else {
			l->buf = buf;
			l->cap = cap;
		}
	}
	if (l->len + 1 >= l->cap)
		return 0;
	return n < l->cap - 1 - l->len ? n : l->cap - 1 - l->len;
}

static void
line_bytes(struct text_line *l, const char *s, size_t n)
{
	if ((n = line_room(l, n)) == 0)
		return;
	memcpy(l->buf + l->len, s, n);
	l->len += n;
	l->buf[l->len] = '\0';
}

static void
line_pad(struct text_line *l, size_t n)
{
	if ((n = line_room(l, n)) == 0)
		return;
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
line_cell(struct text_line *l, const char *s, int width)
{
	int extra = (int)strlen(s) - text_width(s);

	line_text(l, s, width > 0 ? width + extra : width < 0 ? width - extra : 0);
}

void
line_char(struct text_line *l, char c)
{
	line_bytes(l, &c, 1);
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

/* The near names of a lookup, nearest first: a name the one typed begins
 * (a prefix: "kemp" for Kempt) counts as nearest. */
struct near_names {
	int index[3], score[3], n;
};

static void
near_add(struct near_names *nn, int index, int score)
{
	int at = nn->n < 3 ? nn->n++ : 3;

	while (at > 0 && nn->score[at - 1] > score) {
		if (at < 3)
			nn->index[at] = nn->index[at - 1], nn->score[at] = nn->score[at - 1];
		at--;
	}
	if (at < 3)
		nn->index[at] = index, nn->score[at] = score;
}

static const char *
name_at(const char *first, size_t stride, int i)
{
	return first + (size_t)i * stride;
}

/* "'A'", "'A' or 'B'", "'A', 'B' or 'C'" into line. */
static void
near_list(struct text_line *l, const struct near_names *nn, const char *first,
    size_t stride)
{
	for (int i = 0; i < nn->n; i++) {
		line_text(l, i == 0 ? "'" : i + 1 < nn->n ? ", '" : " or '", 0);
		line_text(l, name_at(first, stride, nn->index[i]), 0);
		line_char(l, '\'');
	}
}

/* True when a word of HAVE after its first begins with WANT (LEN bytes):
 * "ricard" is said of "brigade ricard". */
static int
later_word_begins(const char *have, const char *want, size_t len)
{
	for (const char *p = strchr(have, ' '); p != NULL; p = strchr(p + 1, ' '))
		if (strncmp(p + 1, want, len) == 0)
			return 1;
	return 0;
}

/* The names near WANT (folded) into nn: those it begins, then those
 * within an edit distance that grows with its length, or one of whose
 * later words it begins. */
static void
near_names(const char *want, const char *first, size_t stride, int n,
    struct near_names *nn)
{
	char have[TEXT_FOLDED];
	size_t len = strlen(want);
	int limit = len < 6 ? 1 : len < 12 ? 2 : 3;

	for (int i = 0; i < n && len > 0; i++) {
		int d;

		text_fold(name_at(first, stride, i), have, sizeof have);
		if (strcmp(have, want) == 0)
			continue;
		if (strncmp(have, want, len) == 0)
			near_add(nn, i, 0);
		else if ((d = text_distance(have, want, limit)) <= limit)
			near_add(nn, i, d);
		else if (len >= 3 && later_word_begins(have, want, len))
			near_add(nn, i, limit + 1);
	}
}

const char *
text_near_names(const char *name, const char *first, size_t stride, int n,
    char *out, size_t outn)
{
	char want[TEXT_FOLDED];
	struct near_names nn = { { 0 }, { 0 }, 0 };
	struct text_line l;

	line_init(&l, out, outn);
	text_fold(name, want, sizeof want);
	near_names(want, first, stride, n, &nn);
	near_list(&l, &nn, first, stride);
	return out;
}

int
text_find_name(const char *what, const char *name, const char *first,
    size_t stride, int n, struct error *err, int code)
{
	char want[TEXT_FOLDED], have[TEXT_FOLDED];
	struct near_names nn = { { 0 }, { 0 }, 0 };
	struct text_line l;
	int whole = -1, nwhole = 0, other = -1;

	for (int i = 0; i < n; i++)
		if (strcmp(name_at(first, stride, i), name) == 0)
			return i;
	if (text_unclean(name, err, code) != 0) {
		error_set(err, code, "%s name %s", what, err->text);
		return -1;
	}
	err->code = code;
	line_init(&l, err->text, sizeof err->text);
	text_fold(name, want, sizeof want);
	for (int i = 0; i < n && want[0] != '\0'; i++) {
		text_fold(name_at(first, stride, i), have, sizeof have);
		if (strcmp(have, want) == 0 && nwhole++ == 0)
			whole = i;
		else if (strcmp(have, want) == 0 && nwhole == 2)
			other = i;
	}
	if (nwhole == 1)
		return whole;
	near_names(want, first, stride, n, &nn);
	if (nwhole > 1) {
		/* Only an older game holds names that fold alike. */
		line_text(&l, what, 0);
		line_text(&l, " '", 0);
		line_text(&l, name, 0);
		line_text(&l, "' is ambiguous: it matches both '", 0);
		line_text(&l, name_at(first, stride, whole), 0);
		line_text(&l, "' and '", 0);
		line_text(&l, name_at(first, stride, other), 0);
		line_text(&l, "' (an older umpire let both in); type the name exactly", 0);
		return -1;
	}
	line_text(&l, "no ", 0);
	line_text(&l, what, 0);
	line_text(&l, " is named '", 0);
	line_text(&l, name, 0);
	if (nn.n > 0) {
		line_text(&l, "': did you mean ", 0);
		near_list(&l, &nn, first, stride);
		line_char(&l, '?');
	} else {
		line_text(&l, "' ('umpire ", 0);
		line_text(&l, what, 0);
		line_text(&l, " list' lists them)", 0);
	}
	return -1;
}

const char *
text_spoken(const char *word, char *out, size_t n)
{
	text_copy(out, n, word);
	for (char *p = out; *p != '\0'; p++)
		if (*p == '_' || *p == '-')
			*p = ' ';
	return out;
}

const char *
text_words(const char *word, char *out, size_t n)
{
	text_copy(out, n, word);
	for (char *p = out; *p != '\0'; p++)
		if (*p == '_')
			*p = ' ';
	return out;
}
