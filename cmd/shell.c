/* shell: reading a command line as bash does, quoting words for it. */
#include <string.h>

#include "shell.h"
#include "text.h"

/* Characters that end an unquoted word: blanks and bash's metacharacters. */
static int
separates(char c)
{
	return c != '\0' && strchr(" \t\n;&|<>()", c) != NULL;
}

/* The character $'\c' stands for (bash's ANSI-C escapes), or 0 when
 * the backslash stays (an escape bash does not know). */
static char
ansi_escape(char c)
{
	static const char from[] = "abeEfnrtv\\'\"?";
	static const char to[] = "\a\b\033\033\f\n\r\t\v\\'\"?";
	const char *p = strchr(from, c);

	return c != '\0' && p != NULL ? to[p - from] : 0;
}

/* A buffer being written. */
struct out {
	char *buf;
	size_t cap, len;
	int full;
};

static void
put(struct out *o, char c)
{
	if (o->len + 1 >= o->cap) {
		o->full = 1;
		return;
	}
	o->buf[o->len++] = c;
	o->buf[o->len] = '\0';
}

static void
puts_out(struct out *o, const char *s)
{
	while (*s != '\0')
		put(o, *s++);
}

/*
 * Reads one word of s (len bytes) as the shell does, up to an unquoted
 * separator: what it reads as into o, the quoting open at its end into
 * *q.  Returns the bytes read.
 */
static size_t
read_word(const char *s, size_t len, struct out *o, enum shell_quote *q)
{
	size_t i = 0;

	*q = SHELL_PLAIN;
	for (; i < len; i++) {
		char c = s[i], next = i + 1 < len ? s[i + 1] : '\0';

		switch (*q) {
		case SHELL_PLAIN:
			if (separates(c))
				return i;
			if (c == '\\' && next != '\0')
				put(o, s[++i]);
			else if (c == '\'')
				*q = SHELL_SINGLE;
			else if (c == '"')
				*q = SHELL_DOUBLE;
			else if (c == '$' && (next == '\'' || next == '"'))
				*q = next == '\'' ? SHELL_ANSI : SHELL_DOUBLE, i++;
			else if (c != '\\')
				put(o, c);
			break;
		case SHELL_SINGLE:
			if (c == '\'')
				*q = SHELL_PLAIN;
			else
				put(o, c);
			break;
		case SHELL_DOUBLE:
			if (c == '"')
				*q = SHELL_PLAIN;
			else if (c == '\\' && next != '\0' && strchr("$`\"\\\n", next) != NULL)
				put(o, s[++i]);
			else if (c != '\\' || next != '\0')
				put(o, c);
			break;
		case SHELL_ANSI:
			if (c == '\'')
				*q = SHELL_PLAIN;
			else if (c == '\\' && ansi_escape(next) != 0)
				put(o, ansi_escape(s[++i]));
			else if (c != '\\' || next != '\0')
				put(o, c);
			break;
		}
	}
	return i;
}

/*
 * Where readline starts the text it completes in the word w (len bytes):
 * after the last quote still open, else after the last unquoted
 * word-break character (readline's _rl_find_completion_word; quote
 * characters themselves never break, as bash's char_is_quoted says).
 */
static size_t
readline_start(const char *w, size_t len, const char *breaks)
{
	size_t open_at = 0, broken_at = 0;
	char quote = '\0';

	for (size_t i = 0; i < len; i++) {
		char c = w[i];

		if (quote != '\'' && c == '\\') {
			i++;
		} else if (quote != '\0') {
			if (c == quote)
				quote = '\0';
		} else if (c == '\'' || c == '"') {
			quote = c;
			open_at = i + 1;
		} else if (strchr(breaks, c) != NULL) {
			broken_at = i + 1;
		}
	}
	return quote != '\0' ? open_at : broken_at;
}

int
shell_split(const char *line, const char *breaks, struct shell_line *sl)
{
	struct out o = { sl->store, sizeof sl->store, 0, 0 };
	size_t len = strlen(line), i = 0, start, t;
	enum shell_quote q;

	sl->n = 0;
	if (len >= SHELL_LINE)
		return -1;
	for (;;) {
		while (i < len && separates(line[i]))
			i++;
		start = i;
		sl->cur = o.buf + o.len;
		i += read_word(line + i, len - i, &o, &q);
		put(&o, '\0');
		if (i == len)
			break;
		if (sl->n == SHELL_WORDS)
			return -1;
		sl->word[sl->n++] = sl->cur;
	}
	/* The quoting open where readline's text starts is the one its
	 * replacement is written in. */
	t = readline_start(line + start, len - start, breaks);
	sl->kept = o.buf + o.len;
	read_word(line + start, t, &o, &sl->quote);
	put(&o, '\0');
	return o.full ? -1 : 0;
}

/* Quotes s for the shell in quoting q, onto o. */
static void
quote(const char *s, enum shell_quote q, struct out *o)
{
	for (; *s != '\0'; s++) {
		switch (q) {
		case SHELL_PLAIN:
			if (strchr(" \t\\'\"`$&|;<>()*?[]{}#~!^", *s) != NULL)
				put(o, '\\');
			put(o, *s);
			break;
		case SHELL_SINGLE:
			if (*s == '\'')
				puts_out(o, "'\\''");
			else
				put(o, *s);
			break;
		case SHELL_DOUBLE:
			/* A backslash keeps history expansion off a '!' inside
			 * double quotes but stays itself: the '!' goes in
			 * single quotes between two double-quoted parts. */
			if (*s == '!') {
				puts_out(o, "\"'!'\"");
				break;
			}
			if (strchr("\\\"$`", *s) != NULL)
				put(o, '\\');
			put(o, *s);
			break;
		case SHELL_ANSI:
			if (*s == '\\' || *s == '\'')
				put(o, '\\');
			put(o, *s);
			break;
		}
	}
}

/* The bytes of the UTF-8 character that begins with byte c. */
static size_t
char_len(unsigned char c)
{
	return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* VALUE past its beginning that reads as KEPT, exactly or regardless of
 * case and accents; NULL when it does not begin so. */
static const char *
past_kept(const char *value, const char *kept)
{
	char fk[SHELL_LINE], part[SHELL_LINE], fp[SHELL_LINE];
	size_t klen = strlen(kept), len = strlen(value), want;

	if (strncmp(value, kept, klen) == 0)
		return value + klen;
	text_fold(kept, fk, sizeof fk);
	want = strlen(fk);
	for (size_t j = 0; j < len && j < sizeof part;) {
		j += char_len((unsigned char)value[j]);
		if (j > len || j >= sizeof part)
			return NULL;
		memcpy(part, value, j);
		part[j] = '\0';
		text_fold(part, fp, sizeof fp);
		if (strlen(fp) >= want)
			return strcmp(fp, fk) == 0 ? value + j : NULL;
	}
	return NULL;
}

int
shell_replacement(const struct shell_line *sl, const char *value, char *out,
    size_t n)
{
	struct out o = { out, n, 0, 0 };
	const char *rest = past_kept(value, sl->kept);
	char closing = sl->quote == SHELL_DOUBLE ? '"' :
	    sl->quote == SHELL_PLAIN ? '\0' : '\'';

	if (n == 0)
		return -1;
	out[0] = '\0';
	for (const unsigned char *p = (const unsigned char *)value; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return -1;
	if (rest == NULL)
		return -1;
	quote(rest, sl->quote, &o);
	/* Readline adds the closing quote only when the text does not end
	 * with that character already (an escaped one, here): close it. */
	if (closing != '\0' && o.len > 0 && out[o.len - 1] == closing)
		put(&o, closing);
	return o.full ? -1 : 0;
}
