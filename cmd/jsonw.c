/* jsonw: JSON writer into a fixed buffer, or one that grows. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "num.h"

void
jsonw_init(struct jsonw *w, char *buf, size_t cap)
{
	w->buf = buf;
	w->cap = cap;
	w->len = 0;
	w->overflow = 0;
	w->grows = 0;
	w->depth = 0;
	w->count[0] = 0;
	if (cap > 0)
		buf[0] = '\0';
}

void
jsonw_init_growing(struct jsonw *w)
{
	static char empty[1];

	jsonw_init(w, empty, 0);
	w->grows = 1;
}

void
jsonw_init_if(struct jsonw *w, int wanted)
{
	if (wanted)
		jsonw_init_growing(w);
	else
		jsonw_init(w, NULL, 0);
}

void
jsonw_free(struct jsonw *w)
{
	if (w->grows && w->cap > 0)
		free(w->buf);
	w->grows = 0;
	w->buf = NULL;
	w->cap = 0;
}

char *
jsonw_take(struct jsonw *w)
{
	char *text = w->cap > 0 && !w->overflow ? w->buf : NULL;

	if (w->cap == 0 && !w->overflow)
		text = calloc(1, 1);
	if (text == NULL)
		jsonw_free(w);
	w->grows = 0;
	w->buf = NULL;
	w->cap = 0;
	return text;
}

/* Makes room for n more bytes and the NUL in a growing buffer. */
static int
grow(struct jsonw *w, size_t n)
{
	size_t cap = w->cap ? w->cap : 256;
	char *buf;

	while (cap < w->len + n + 1) {
		if (cap > ((size_t)-1) / 2)
			return -1;
		cap *= 2;
	}
	if ((buf = realloc(w->cap ? w->buf : NULL, cap)) == NULL)
		return -1;
	w->buf = buf;
	w->cap = cap;
	return 0;
}

static void
put(struct jsonw *w, const char *s, size_t n)
{
	if (w->overflow)
		return;
	if (w->len + n + 1 > w->cap && (!w->grows || grow(w, n) != 0)) {
		w->overflow = 1;
		return;
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

static void
puts_(struct jsonw *w, const char *s)
{
	put(w, s, strlen(s));
}

static void
put_escaped(struct jsonw *w, const char *s)
{
	put(w, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		size_t plain = strcspn((const char *)p,
		    "\"\\\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
		    "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f");
		char esc[8];

		if (plain > 0) {
			put(w, (const char *)p, plain);
			p += plain - 1;
			continue;
		}
		switch (*p) {
		case '"':
			puts_(w, "\\\"");
			break;
		case '\\':
			puts_(w, "\\\\");
			break;
		case '\n':
			puts_(w, "\\n");
			break;
		case '\t':
			puts_(w, "\\t");
			break;
		case '\r':
			puts_(w, "\\r");
			break;
		default:
			if (*p < 0x20) {
				snprintf(esc, sizeof esc, "\\u%04x", *p);
				puts_(w, esc);
			} else {
				put(w, (const char *)p, 1);
			}
		}
	}
	put(w, "\"", 1);
}

/* Writes the separator and the key before a value. */
static void
begin_value(struct jsonw *w, const char *key)
{
	if (w->count[w->depth]++ > 0)
		put(w, ",", 1);
	if (key != NULL) {
		put_escaped(w, key);
		put(w, ":", 1);
	}
}

static void
open_(struct jsonw *w, const char *key, const char *bracket)
{
	if (w->len > 0 || w->depth > 0)
		begin_value(w, key);
	puts_(w, bracket);
	if (w->depth + 1 < JSONW_DEPTH) {
		w->depth++;
		w->count[w->depth] = 0;
	} else {
		w->overflow = 1;
	}
}

static void
close_(struct jsonw *w, const char *bracket)
{
	puts_(w, bracket);
	if (w->depth > 0)
		w->depth--;
}

void
jsonw_object(struct jsonw *w, const char *key)
{
	if (w->buf == NULL)
		return;
	open_(w, key, "{");
}

void
jsonw_object_end(struct jsonw *w)
{
	if (w->buf == NULL)
		return;
	close_(w, "}");
}

void
jsonw_array(struct jsonw *w, const char *key)
{
	if (w->buf == NULL)
		return;
	open_(w, key, "[");
}

void
jsonw_array_end(struct jsonw *w)
{
	if (w->buf == NULL)
		return;
	close_(w, "]");
}

void
jsonw_int(struct jsonw *w, const char *key, long v)
{
	char buf[32], *p = buf + sizeof buf;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	if (w->buf == NULL)
		return;
	begin_value(w, key);
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		*--p = '-';
	put(w, p, (size_t)(buf + sizeof buf - p));
}

void
jsonw_number(struct jsonw *w, const char *key, double v)
{
	char buf[48];

	if (w->buf == NULL)
		return;
	begin_value(w, key);
	puts_(w, num_format(v, buf, sizeof buf));
}

void
jsonw_string(struct jsonw *w, const char *key, const char *s)
{
	if (w->buf == NULL)
		return;
	begin_value(w, key);
	if (s == NULL)
		puts_(w, "null");
	else
		put_escaped(w, s);
}

void
jsonw_bool(struct jsonw *w, const char *key, int v)
{
	if (w->buf == NULL)
		return;
	begin_value(w, key);
	puts_(w, v ? "true" : "false");
}

void
jsonw_null(struct jsonw *w, const char *key)
{
	if (w->buf == NULL)
		return;
	begin_value(w, key);
	puts_(w, "null");
}

void
jsonw_members(struct jsonw *w, const char *object)
{
	size_t len = strlen(object);

	if (w->buf == NULL)
		return;
	if (len <= 2 || object[0] != '{' || object[len - 1] != '}')
		return;
	if (w->count[w->depth]++ > 0)
		put(w, ",", 1);
	put(w, object + 1, len - 2);
}

void
jsonw_raw(struct jsonw *w, const char *key, const char *json)
{
	if (w->buf == NULL)
		return;
	begin_value(w, key);
	puts_(w, json);
}
