/* jsonr: the stored JSON objects read back, leaf by leaf. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonr.h"

#define JSONR_KEY 256
#define JSONR_TEXT 4096

struct reader {
	const char *start, *p;
	char *why;
	size_t n;
	jsonr_leaf fn;
	void *ctx;
	char key[JSONR_KEY];
	char text[JSONR_TEXT];
};

static int
fail(struct reader *r, const char *what)
{
	snprintf(r->why, r->n, "%s at byte %ld", what, (long)(r->p - r->start) + 1);
	return -1;
}

static void
skip_space(struct reader *r)
{
	while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
		r->p++;
}

static int
hex4(struct reader *r, unsigned long *cp)
{
	*cp = 0;
	for (int i = 0; i < 4; i++, r->p++) {
		char c = *r->p;
		int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
		    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (digit < 0)
			return fail(r, "a \\u escape without four hex digits");
		*cp = *cp * 16 + (unsigned long)digit;
	}
	return 0;
}

/* Fails at the escape that began at "at" (its backslash). */
static int
bad_escape(struct reader *r, const char *at, const char *what)
{
	r->p = at;
	return fail(r, what);
}

/* A \uXXXX escape (r->p after the u), a surrogate pair joined. */
static int
unicode_escape(struct reader *r, unsigned long *cp)
{
	const char *at = r->p - 2;
	unsigned long low;

	if (hex4(r, cp) != 0)
		return -1;
	if (*cp >= 0xdc00 && *cp <= 0xdfff)
		return bad_escape(r, at, "a lone low surrogate");
	if (*cp < 0xd800 || *cp > 0xdbff)
		return *cp == 0 ? bad_escape(r, at, "a NUL character") : 0;
	if (r->p[0] != '\\' || r->p[1] != 'u')
		return bad_escape(r, at, "a lone high surrogate");
	r->p += 2;
	if (hex4(r, &low) != 0)
		return -1;
	if (low < 0xdc00 || low > 0xdfff)
		return bad_escape(r, at, "a high surrogate without its low half");
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (low - 0xdc00);
	return 0;
}

/* Appends code point cp as UTF-8. */
static int
put_utf8(struct reader *r, char *out, size_t cap, size_t *len, unsigned long cp)
{
	unsigned char b[4];
	size_t k;

	if (cp < 0x80) {
		b[0] = (unsigned char)cp, k = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | cp >> 6), k = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | cp >> 12), k = 3;
	} else {
		b[0] = (unsigned char)(0xf0 | cp >> 18), k = 4;
	}
	for (size_t i = 1; i < k; i++)
		b[i] = (unsigned char)(0x80 | ((cp >> (6 * (k - 1 - i))) & 0x3f));
	if (*len + k >= cap)
		return fail(r, "a string too long");
	memcpy(out + *len, b, k);
	*len += k;
	return 0;
}

static int
escape(struct reader *r, char *out, size_t cap, size_t *len)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *at;
	unsigned long cp;

	if (*r->p == 'u') {
		r->p++;
		return unicode_escape(r, &cp) != 0 ? -1 : put_utf8(r, out, cap, len, cp);
	}
	if (*r->p == '\0' || (at = strchr(from, *r->p)) == NULL)
		return fail(r, "a bad escape in a string");
	r->p++;
	return put_utf8(r, out, cap, len, (unsigned char)to[at - from]);
}

/* A string into out (cap bytes), unescaped. */
static int
string(struct reader *r, char *out, size_t cap)
{
	size_t len = 0;

	if (*r->p != '"')
		return fail(r, "a string expected");
	for (r->p++; *r->p != '"'; ) {
		unsigned char c = (unsigned char)*r->p;

		if (c == '\0')
			return fail(r, "an unterminated string");
		if (c < 0x20)
			return fail(r, "a control character in a string");
		if (c == '\\') {
			r->p++;
			if (escape(r, out, cap, &len) != 0)
				return -1;
			continue;
		}
		if (len + 1 >= cap)
			return fail(r, "a string too long");
		out[len++] = (char)c;
		r->p++;
	}
	r->p++;
	out[len] = '\0';
	return 0;
}

static size_t
digits(const char *p)
{
	size_t n = 0;

	while (p[n] >= '0' && p[n] <= '9')
		n++;
	return n;
}

/* A number as JSON writes it: an integer when it has neither fraction nor
 * exponent and fits 64 bits (as SQLite reads it), else a real. */
static int
number(struct reader *r)
{
	const char *s = r->p, *p = s + (*s == '-');
	size_t int_len = digits(p), len;
	int whole = 1;
	long long i = 0;

	if (int_len == 0 || (p[0] == '0' && int_len > 1))
		return fail(r, "a bad number");
	p += int_len;
	if (*p == '.') {
		whole = 0;
		if (digits(++p) == 0)
			return fail(r, "a bad number");
		p += digits(p);
	}
	if (*p == 'e' || *p == 'E') {
		whole = 0;
		p += p[1] == '+' || p[1] == '-' ? 2 : 1;
		if (digits(p) == 0)
			return fail(r, "a bad number");
		p += digits(p);
	}
	if ((len = (size_t)(p - s)) >= sizeof r->text)
		return fail(r, "a number too long");
	memcpy(r->text, s, len);
	r->text[len] = '\0';
	r->p = p;
	if (whole) {
		errno = 0;
		i = strtoll(r->text, NULL, 10);
		whole = errno == 0;
	}
	return r->fn(r->ctx, r->key, whole ? JSON_LEAF_INTEGER : JSON_LEAF_REAL,
	    r->text, whole ? i : 0, strtod(r->text, NULL));
}

static int
word(struct reader *r, const char *w, enum json_leaf type)
{
	size_t len = strlen(w);

	if (strncmp(r->p, w, len) != 0)
		return fail(r, "a value expected");
	r->p += len;
	return r->fn(r->ctx, r->key, type, w, 0, 0);
}

/* One scalar under r->key. */
static int
scalar(struct reader *r)
{
	switch (*r->p) {
	case '"':
		if (string(r, r->text, sizeof r->text) != 0)
			return -1;
		return r->fn(r->ctx, r->key, JSON_LEAF_TEXT, r->text, 0, 0);
	case 't':
		return word(r, "true", JSON_LEAF_TRUE);
	case 'f':
		return word(r, "false", JSON_LEAF_FALSE);
	case 'n':
		return word(r, "null", JSON_LEAF_NULL);
	case '[':
	case '{':
		return fail(r, "a value nested too deep");
	default:
		return number(r);
	}
}

/* The items of a list whose opening bracket r->p is on, each read by
 * item and followed by ',' or the closing bracket. */
static int
list(struct reader *r, int (*item)(struct reader *), char close)
{
	char expected[] = "',' or 'X' expected";
	int rc;

	r->p++;
	skip_space(r);
	if (*r->p == close) {
		r->p++;
		return 0;
	}
	for (;;) {
		skip_space(r);
		if ((rc = item(r)) != 0)
			return rc;
		skip_space(r);
		if (*r->p == close) {
			r->p++;
			return 0;
		}
		if (*r->p != ',') {
			*strchr(expected, 'X') = close;
			return fail(r, expected);
		}
		r->p++;
	}
}

static int
member(struct reader *r)
{
	if (string(r, r->key, sizeof r->key) != 0)
		return -1;
	skip_space(r);
	if (*r->p != ':')
		return fail(r, "':' expected");
	r->p++;
	skip_space(r);
	/* An array's elements, each a scalar, come under the member's key. */
	return *r->p == '[' ? list(r, scalar, ']') : scalar(r);
}

static int
object(struct reader *r)
{
	skip_space(r);
	if (*r->p != '{')
		return fail(r, "an object expected");
	return list(r, member, '}');
}

int
jsonr_leaves(const char *json, jsonr_leaf fn, void *ctx, char *why, size_t n)
{
	struct reader r;
	int rc;

	r.start = r.p = json;
	r.why = why;
	r.n = n;
	r.fn = fn;
	r.ctx = ctx;
	if (n > 0)
		why[0] = '\0';
	if ((rc = object(&r)) != 0)
		return rc;
	skip_space(&r);
	return *r.p == '\0' ? 0 : fail(&r, "text after the object");
}
