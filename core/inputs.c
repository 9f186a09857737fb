/* inputs: the generic parser and typed setters of declared rule inputs. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "inputs.h"
#include "kind.h"
#include "num.h"
#include "text.h"

static int fail(struct inputs *in, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(struct inputs *in, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(&in->error, code, fmt, ap);
	va_end(ap);
	return code;
}

int
choice_has(const char *choices, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = choices; p != NULL && *p != '\0';) {
		size_t len = strcspn(p, "|");

		if (len == n && strncmp(p, word, n) == 0)
			return 1;
		p += len;
		if (*p == '|')
			p++;
	}
	return 0;
}

/* ---- the store: strings kept as offsets ------------------------------ */

static struct input_item *
items_of(struct inputs *in)
{
	return (struct input_item *)((char *)in + in->items_at);
}

static const struct input_item *
items_in(const struct inputs *in)
{
	return (const struct input_item *)((const char *)in + in->items_at);
}

static char *
store_of(struct inputs *in)
{
	return (char *)in + in->store_at;
}

/* Copies len bytes of s into the store; returns its offset, 0 when full
 * (offset 0 is the empty string every inputs holds). */
static unsigned short
keep(struct inputs *in, const char *s, size_t len)
{
	size_t at = in->used;

	if (at == 0)
		at = 1;		/* store[0] stays "" */
	if (at + len + 1 > INPUT_STORE)
		return 0;
	memcpy(store_of(in) + at, s, len);
	store_of(in)[at + len] = '\0';
	in->used = (unsigned short)(at + len + 1);
	return (unsigned short)at;
}

static const char *
text_at(const struct inputs *in, unsigned short off)
{
	return (const char *)in + in->store_at + off;
}

/* ---- declarations ---------------------------------------------------- */

static struct input_value *
find(struct inputs *in, const char *name, size_t len)
{
	/* Looked up by name thousands of times a sheet: the first letter
	 * rules most declarations out without a call. */
	for (int i = 0; i < in->n; i++) {
		const char *dn = in->v[i].decl->name;

		if (len > 0 && dn[0] == name[0] && strncmp(dn, name, len) == 0 &&
		    dn[len] == '\0')
			return &in->v[i];
	}
	return NULL;
}

const struct input_value *
inputs_get(const struct inputs *in, const char *name)
{
	return find((struct inputs *)in, name, strlen(name));
}

static void
add_decls(struct inputs *in, const struct input_decl *decls)
{
	for (; decls != NULL && decls->name != NULL && in->n < INPUTS_MAX;
	    decls++) {
		memset(&in->v[in->n], 0, sizeof in->v[0]);
		in->v[in->n++].decl = decls;
	}
}

void
inputs_init(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra)
{
	/* The header and the values declared only (add_decls clears each):
	 * the rest is written before it is read. */
	memset(in, 0, offsetof(struct inputs, v));
	in->items_at = offsetof(struct inputs, items);
	in->store_at = offsetof(struct inputs, store);
	in->nitems = 0;
	in->used = 1;
	in->store[0] = '\0';
	in->failed = 0;
	error_clear(&in->error);
	in->ruleset = ruleset;
	in->command = command;
	add_decls(in, decls);
	add_decls(in, extra);
}

/* The bytes of the header and the n values declared. */
static size_t
head_size(const struct inputs *in)
{
	return offsetof(struct inputs, v) + (size_t)in->n * sizeof in->v[0];
}

size_t
inputs_packed_size(const struct inputs *in)
{
	size_t size = head_size(in) + (size_t)in->nitems * sizeof in->items[0] + in->used;

	return (size + 7) / 8 * 8;
}

const struct inputs *
inputs_pack(const struct inputs *in, void *to)
{
	struct inputs *p = to;
	size_t head = head_size(in), items = (size_t)in->nitems * sizeof in->items[0];

	memcpy(p, in, head);
	p->items_at = (unsigned int)head;
	p->store_at = (unsigned int)(head + items);
	memcpy((char *)p + p->items_at, items_in(in), items);
	memcpy((char *)p + p->store_at, (const char *)in + in->store_at, in->used);
	return p;
}

static int
value_index(const struct inputs *in, const struct input_value *v)
{
	return (int)(v - in->v);
}

/* A new item of v; NULL (with in->error) when the inputs are full. */
static struct input_item *
new_item(struct inputs *in, struct input_value *v, const char *text,
    size_t len)
{
	struct input_item *it;

	if (in->nitems == INPUT_ITEMS) {
		fail(in, INPUTS_DATA, "--%s: too many values in one command",
		    v->decl->name);
		return NULL;
	}
	it = &items_of(in)[in->nitems];
	memset(it, 0, sizeof *it);
	it->owner = (unsigned char)value_index(in, v);
	if (len > 0 && (it->name = keep(in, text, len)) == 0) {
		fail(in, INPUTS_DATA, "--%s: too much text in one command",
		    v->decl->name);
		return NULL;
	}
	in->nitems++;
	v->nitems++;
	return it;
}

/* Drops every item of v (the items of other options move down). */
static void
drop_items(struct inputs *in, struct input_value *v)
{
	struct input_item *items = items_of(in);
	int owner = value_index(in, v), j = 0;

	for (int i = 0; i < in->nitems; i++)
		if (items[i].owner != owner)
			items[j++] = items[i];
	in->nitems = j;
	v->nitems = 0;
}

/* ---- values by kind -------------------------------------------------- */

static int
count_error(struct inputs *in, const char *opt, const char *s,
    enum num_status st, long min, long max)
{
	switch (st) {
	case NUM_NEGATIVE:
		return fail(in, INPUTS_DATA, "--%s: %s is negative; expected a whole number from %ld to %ld",
		    opt, s, min, max);
	case NUM_RANGE:
		return fail(in, INPUTS_DATA, "--%s: %s is out of range; expected a whole number from %ld to %ld",
		    opt, s, min, max);
	default:
		return fail(in, INPUTS_DATA, "--%s: '%s' is not a whole number; expected %ld to %ld",
		    opt, s, min, max);
	}
}

/* Marks v as having a value; typed when the umpire gave it. */
static void
mark(struct input_value *v, int typed)
{
	v->given = v->set = 1;
	v->typed |= (unsigned char)typed;
}

static int
put_count(struct inputs *in, struct input_value *v, long n)
{
	const struct input_decl *d = v->decl;
	char s[32];

	if (n < d->min || n > d->max) {
		text_long(s, sizeof s, n);
		return count_error(in, d->name, s, n < 0 && d->min >= 0 ?
		    NUM_NEGATIVE : NUM_RANGE, d->min, d->max);
	}
	v->n = n;
	v->d = (double)n;
	return INPUTS_OK;
}

static int
add_count_item(struct inputs *in, struct input_value *v, long n)
{
	char s[32];
	struct input_item *it;
	int rc;

	text_long(s, sizeof s, n);
	if ((rc = put_count(in, v, n)) != INPUTS_OK)
		return rc;
	if ((it = new_item(in, v, s, strlen(s))) == NULL)
		return INPUTS_DATA;
	it->n = n;
	return INPUTS_OK;
}

static int
parse_counts(struct inputs *in, struct input_value *v, const char *s)
{
	const struct input_decl *d = v->decl;

	drop_items(in, v);
	for (const char *p = s;;) {
		size_t len = strcspn(p, ",");
		char item[32];
		enum num_status st;
		long n;
		int rc;

		if (len >= sizeof item)
			return count_error(in, d->name, p, NUM_SYNTAX, d->min, d->max);
		snprintf(item, sizeof item, "%.*s", (int)len, p);
		st = num_parse_long(item, d->min, d->max, &n);
		if (st != NUM_OK)
			return count_error(in, d->name, item, st, d->min, d->max);
		if ((rc = add_count_item(in, v, n)) != INPUTS_OK)
			return rc;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	{
		struct in_item first;

		in_item(in, d->name, 0, &first);
		v->n = first.n;
	}
	return INPUTS_OK;
}

static int
parse_distance(struct inputs *in, struct input_value *v, const char *s)
{
	switch (num_parse_distance(s, &v->d)) {
	case NUM_OK:
		return INPUTS_OK;
	case NUM_NEGATIVE:
		return fail(in, INPUTS_DATA, "--%s: %s is negative; a distance is 0 to 1000 inches",
		    v->decl->name, s);
	case NUM_RANGE:
		return fail(in, INPUTS_DATA, "--%s: %s is too far; a distance is 0 to 1000 inches",
		    v->decl->name, s);
	default:
		return fail(in, INPUTS_DATA, "--%s: '%s' is not a distance; expected inches such as 4.5, 4in or 11.5cm",
		    v->decl->name, s);
	}
}

static int
put_number(struct inputs *in, struct input_value *v, double d)
{
	const struct input_decl *dc = v->decl;
	double lo = dc->kind == IN_DISTANCE ? 0 : (double)dc->min;
	double hi = dc->kind == IN_DISTANCE ? NUM_DISTANCE_MAX : (double)dc->max;

	if (!isfinite(d) || d < lo || d > hi)
		return fail(in, INPUTS_DATA, "--%s: %g is not a number from %g to %g",
		    dc->name, d, lo, hi);
	v->d = d;
	v->n = (long)d;
	return INPUTS_OK;
}

static int
parse_number(struct inputs *in, struct input_value *v, const char *s)
{
	const struct input_decl *d = v->decl;

	if (num_parse_decimal(s, (double)d->min, (double)d->max, &v->d) != NUM_OK)
		return fail(in, INPUTS_DATA, "--%s: '%s' is not a number from %ld to %ld",
		    d->name, s, d->min, d->max);
	v->n = (long)v->d;
	return INPUTS_OK;
}

static int
check_choice(struct inputs *in, const struct input_value *v, const char *s)
{
	char list[240];

	if (choice_has(v->decl->choices, s))
		return INPUTS_OK;
	choice_list(v->decl->choices, list, sizeof list);
	return fail(in, INPUTS_DATA, "--%s: '%s' is not one of %s", v->decl->name, s,
	    list);
}

/* Adds one modifier NAME[=V] as an item (validated against its table by
 * inputs_check_mods). */
static int
add_mod_item(struct inputs *in, struct input_value *v, const char *s,
    size_t len)
{
	const char *eq = memchr(s, '=', len);
	struct input_item *it;

	if (len == 0)
		return fail(in, INPUTS_DATA, "--%s: an empty modifier name",
		    v->decl->name);
	if ((it = new_item(in, v, s, eq != NULL ? (size_t)(eq - s) : len)) == NULL)
		return INPUTS_DATA;
	if (eq != NULL && (it->value = keep(in, eq + 1,
	    len - (size_t)(eq - s) - 1)) == 0 && eq + 1 < s + len)
		return fail(in, INPUTS_DATA, "--%s: too much text", v->decl->name);
	if (eq != NULL && it->value == 0)
		it->value = keep(in, "", 0);
	return INPUTS_OK;
}

/* Adds each item of the comma list s to v with add. */
static int
add_items(struct inputs *in, struct input_value *v, const char *s,
    int (*add)(struct inputs *, struct input_value *, const char *, size_t))
{
	for (const char *p = s;;) {
		size_t len = strcspn(p, ",");
		int rc = add(in, v, p, len);

		if (rc != INPUTS_OK)
			return rc;
		if (p[len] == '\0')
			return INPUTS_OK;
		p += len + 1;
	}
}

/* ---- spec items ------------------------------------------------------ */

/* Matches one token of a shape (literal, D, N, W, *) against text. */
static int
match_token(struct inputs *in, const char *tok, size_t tlen,
    const char *text, size_t len, struct spec_part *part)
{
	char buf[64];

	memset(part, 0, sizeof *part);
	if (len == 0 || len >= sizeof buf)
		return 0;
	snprintf(buf, sizeof buf, "%.*s", (int)len, text);
	if (tlen == 1 && *tok == 'D') {
		enum die_kind k;

		if (die_parse(buf, &k) != 0 || k == DIE_D3)
			return 0;
		part->kind = PART_DIE;
		part->die = (unsigned char)k;
		return 1;
	}
	if (tlen == 1 && *tok == 'N') {
		long n;

		part->kind = PART_COUNT;
		if (num_parse_long(buf, 0, NUM_COUNT_MAX, &n) != NUM_OK)
			return 0;
		part->n = (int)n;
		return 1;
	}
	if (!(tlen == 1 && (*tok == 'W' || *tok == '*')) &&
	    (tlen != len || strncmp(tok, text, len) != 0))
		return 0;
	part->kind = PART_WORD;
	part->word = keep(in, text, len);
	return part->word != 0;
}

/*
 * Matches an item against one shape; fills parts.  The first token of a
 * '*' shape takes the text up to the first ':' (names may hold '/').
 */
static int
match_shape(struct inputs *in, const char *shape, size_t slen,
    const char *item, size_t len, struct spec_part *parts, int *nparts)
{
	const char *s = shape, *p = item, *send = shape + slen, *pend = item + len;

	*nparts = 0;
	while (s < send) {
		size_t tlen = strcspn(s, ":/|");
		const char *stop_set = tlen == 1 && *s == '*' ? ":" : ":/";
		size_t plen = 0;

		if (tlen > (size_t)(send - s))
			tlen = (size_t)(send - s);
		while (p + plen < pend && strchr(stop_set, p[plen]) == NULL)
			plen++;
		if (*nparts == SPEC_PARTS ||
		    !match_token(in, s, tlen, p, plen, &parts[*nparts]))
			return 0;
		(*nparts)++;
		s += tlen;
		p += plen;
		if (s == send)
			return p == pend;
		if (p == pend || *p != *s)
			return 0;
		s++;
		p++;
	}
	return p == pend;
}

static int
add_spec_item(struct inputs *in, struct input_value *v, const char *s,
    size_t len)
{
	const char *shapes = v->decl->choices;
	unsigned short mark_used = in->used;
	struct spec_part parts[SPEC_PARTS];
	struct input_item *it;
	int nparts;

	for (const char *p = shapes; *p != '\0';) {
		size_t slen = strcspn(p, "|");

		if (match_shape(in, p, slen, s, len, parts, &nparts)) {
			if ((it = new_item(in, v, s, len)) == NULL)
				return INPUTS_DATA;
			memcpy(it->part, parts, sizeof parts);
			it->nparts = (unsigned char)nparts;
			return INPUTS_OK;
		}
		in->used = mark_used;	/* forget the words of a failed match */
		p += slen;
		if (*p == '|')
			p++;
	}
	return fail(in, INPUTS_DATA, "--%s: '%.*s' is not %s", v->decl->name,
	    (int)len, s, v->decl->detail != NULL ? v->decl->detail : v->decl->arg);
}

/* ---- setting values -------------------------------------------------- */

/* Replaces v's text; lists and repeated options keep their items. */
static int
put_text(struct inputs *in, struct input_value *v, const char *s)
{
	size_t len = strlen(s);

	if (len == 0) {
		v->text = keep(in, "", 0);
		return INPUTS_OK;
	}
	if ((v->text = keep(in, s, len)) == 0)
		return fail(in, INPUTS_DATA, "--%s: too much text in the options",
		    v->decl->name);
	return INPUTS_OK;
}

/* Whether a new value replaces what v holds (single values) or adds to
 * it (repeated options and lists). */
static int
adds(const struct input_value *v)
{
	return (v->decl->flags & IN_REPEAT) || v->decl->kind == IN_MODS;
}

/* The one text parser: stores s as v's value by its kind. */
static int
set_text(struct inputs *in, struct input_value *v, const char *s, int typed)
{
	int rc;

	/* What the umpire types may be stored (a title, a reason, a name in
	 * a spec) and is echoed in messages: it must be clean text. */
	if (typed && text_unclean(s, &in->error, INPUTS_DATA) != 0)
		return fail(in, INPUTS_DATA, "--%s %s", v->decl->name, in->error.text);
	if (!adds(v) && v->decl->kind != IN_FLAG)
		drop_items(in, v);
	if ((rc = put_text(in, v, s)) != INPUTS_OK)
		return rc;
	switch (v->decl->kind) {
	case IN_FLAG:
		v->n = 1;
		break;
	case IN_COUNT: {
		enum num_status st = num_parse_long(s, v->decl->min, v->decl->max, &v->n);

		if (st != NUM_OK)
			return count_error(in, v->decl->name, s, st, v->decl->min,
			    v->decl->max);
		v->d = (double)v->n;
		break;
	}
	case IN_COUNTS:
		rc = parse_counts(in, v, s);
		break;
	case IN_DISTANCE:
		rc = parse_distance(in, v, s);
		break;
	case IN_NUMBER:
		rc = parse_number(in, v, s);
		break;
	case IN_CHOICE:
		rc = check_choice(in, v, s);
		break;
	case IN_MODS:
		rc = add_items(in, v, s, add_mod_item);
		break;
	case IN_SPEC:
		rc = add_items(in, v, s, add_spec_item);
		break;
	case IN_UNIT:
		if (v->decl->choices != NULL && strchr(s, ':') != NULL)
			rc = add_spec_item(in, v, s, strlen(s));
		else
			rc = new_item(in, v, s, strlen(s)) != NULL ? INPUTS_OK :
			    INPUTS_DATA;
		break;
	case IN_TEXT:
		if (adds(v))
			rc = new_item(in, v, s, strlen(s)) != NULL ? INPUTS_OK :
			    INPUTS_DATA;
		break;
	}
	if (rc == INPUTS_OK)
		mark(v, typed);
	return rc;
}

static struct input_value *
lookup(struct inputs *in, const char *name)
{
	struct input_value *v = find(in, name, strlen(name));

	if (v == NULL)
		fail(in, INPUTS_USAGE, "no option '--%s' for %s", name,
		    in->command != NULL ? in->command : "this command");
	return v;
}

int
inputs_set_text(struct inputs *in, const char *name, const char *text)
{
	struct input_value *v = lookup(in, name);

	return v == NULL ? INPUTS_USAGE : set_text(in, v, text, 1);
}

int
inputs_set_count(struct inputs *in, const char *name, long n)
{
	struct input_value *v = lookup(in, name);
	char s[32];
	int rc;

	if (v == NULL)
		return INPUTS_USAGE;
	if (v->decl->kind == IN_COUNTS)
		drop_items(in, v);
	if (v->decl->kind == IN_COUNTS)
		return inputs_add_count(in, name, n);
	if (v->decl->kind == IN_DISTANCE || v->decl->kind == IN_NUMBER)
		return inputs_set_number(in, name, (double)n);
	if (v->decl->kind != IN_COUNT)
		return fail(in, INPUTS_DATA, "--%s does not take a number", name);
	text_long(s, sizeof s, n);
	if ((rc = put_count(in, v, n)) != INPUTS_OK ||
	    (rc = put_text(in, v, s)) != INPUTS_OK)
		return rc;
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_add_count(struct inputs *in, const char *name, long n)
{
	struct input_value *v = lookup(in, name);
	char s[32];
	int rc;

	if (v == NULL)
		return INPUTS_USAGE;
	if (v->decl->kind != IN_COUNTS)
		return inputs_set_count(in, name, n);
	if ((rc = add_count_item(in, v, n)) != INPUTS_OK)
		return rc;
	if (v->nitems == 1) {
		text_long(s, sizeof s, n);
		if ((rc = put_text(in, v, s)) != INPUTS_OK)
			return rc;
	} else {
		char buf[INPUT_STORE / 4];
		struct in_item it;
		size_t used = 0;

		for (int i = 0; in_item(in, name, i, &it) && used + 24 < sizeof buf; i++)
			used += (size_t)snprintf(buf + used, sizeof buf - used,
			    "%s%ld", i ? "," : "", it.n);
		if ((rc = put_text(in, v, buf)) != INPUTS_OK)
			return rc;
	}
	{
		struct in_item first;

		in_item(in, name, 0, &first);
		v->n = first.n;
	}
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_set_number(struct inputs *in, const char *name, double d)
{
	struct input_value *v = lookup(in, name);
	char s[48];
	int rc;

	if (v == NULL)
		return INPUTS_USAGE;
	if (v->decl->kind == IN_COUNT) {
		if (d != floor(d))
			return fail(in, INPUTS_DATA, "--%s: %g is not a whole number", name, d);
		return inputs_set_count(in, name, (long)d);
	}
	if (v->decl->kind != IN_DISTANCE && v->decl->kind != IN_NUMBER)
		return fail(in, INPUTS_DATA, "--%s does not take a number", name);
	if ((rc = put_number(in, v, d)) != INPUTS_OK)
		return rc;
	num_format(d, s, sizeof s);
	if ((rc = put_text(in, v, s)) != INPUTS_OK)
		return rc;
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_set_word(struct inputs *in, const char *name, const char *word)
{
	struct input_value *v = lookup(in, name);
	int rc;

	if (v == NULL)
		return INPUTS_USAGE;
	switch (v->decl->kind) {
	case IN_CHOICE:
		if ((rc = check_choice(in, v, word)) != INPUTS_OK)
			return rc;
		break;
	case IN_TEXT:
	case IN_UNIT:
		break;
	default:
		return set_text(in, v, word, 0);
	}
	if (adds(v) || v->decl->kind == IN_UNIT) {
		if (new_item(in, v, word, strlen(word)) == NULL)
			return INPUTS_DATA;
	}
	if ((rc = put_text(in, v, word)) != INPUTS_OK)
		return rc;
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_set_flag(struct inputs *in, const char *name)
{
	struct input_value *v = lookup(in, name);

	if (v == NULL)
		return INPUTS_USAGE;
	if (v->decl->kind != IN_FLAG)
		return fail(in, INPUTS_DATA, "--%s is not a flag", name);
	v->n = 1;
	v->text = 0;
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_add_mod(struct inputs *in, const char *opt, const char *mod)
{
	struct input_value *v = lookup(in, opt);
	int rc;

	if (v == NULL)
		return INPUTS_USAGE;
	if (in_mod(in, opt, mod))
		return INPUTS_OK;
	if ((rc = add_mod_item(in, v, mod, strlen(mod))) != INPUTS_OK)
		return rc;
	items_of(in)[in->nitems - 1].implied = 1;
	mark(v, 0);
	return INPUTS_OK;
}

int
inputs_drop_mod(struct inputs *in, const char *opt, const char *mod)
{
	struct input_value *v = lookup(in, opt);
	struct input_item *items = items_of(in);
	int owner, j = 0, dropped = 0;

	if (v == NULL)
		return INPUTS_USAGE;
	owner = value_index(in, v);
	for (int i = 0; i < in->nitems; i++) {
		if (items[i].owner == owner &&
		    strcmp(store_of(in) + items[i].name, mod) == 0) {
			dropped++;
			continue;
		}
		items[j++] = items[i];
	}
	in->nitems = j;
	v->nitems = (unsigned short)(v->nitems - dropped);
	return INPUTS_OK;
}

int
inputs_add_spec(struct inputs *in, const char *opt,
    const struct spec_part *parts, const char *const *words, int nparts)
{
	struct input_value *v = lookup(in, opt);
	char text[160] = "";
	struct input_item *it;
	size_t used = 0;

	if (v == NULL)
		return INPUTS_USAGE;
	if (nparts < 1 || nparts > SPEC_PARTS)
		return fail(in, INPUTS_DATA, "--%s: a spec has 1 to %d parts", opt,
		    SPEC_PARTS);
	/* The item's text, for the journal and messages: parts joined. */
	for (int i = 0; i < nparts && used + 40 < sizeof text; i++) {
		const char *sep = i == 0 ? "" : i == 2 && parts[1].kind == PART_DIE &&
		    parts[2].kind == PART_DIE ? "/" : ":";

		if (parts[i].kind == PART_DIE)
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%s",
			    sep, die_name((enum die_kind)parts[i].die));
		else if (parts[i].kind == PART_COUNT)
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%d",
			    sep, parts[i].n);
		else
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%s",
			    sep, words[i] != NULL ? words[i] : "");
	}
	if ((it = new_item(in, v, text, used)) == NULL)
		return INPUTS_DATA;
	for (int i = 0; i < nparts; i++) {
		it->part[i] = parts[i];
		if (parts[i].kind == PART_WORD &&
		    (it->part[i].word = keep(in, words[i], strlen(words[i]))) == 0)
			return fail(in, INPUTS_DATA, "--%s: too much text", opt);
	}
	it->nparts = (unsigned char)nparts;
	mark(v, 0);
	return INPUTS_OK;
}

void
inputs_clear(struct inputs *in, const char *name)
{
	struct input_value *v = find(in, name, strlen(name));

	if (v != NULL) {
		drop_items(in, v);
		v->given = v->set = v->typed = 0;
		v->text = 0;
		v->n = 0;
		v->d = 0;
	}
}

int
inputs_copy(struct inputs *in, const struct inputs *src, const char *name)
{
	const struct input_value *sv = inputs_get(src, name);
	struct input_value *v = lookup(in, name);
	struct in_item it;

	if (v == NULL)
		return INPUTS_USAGE;
	inputs_clear(in, name);
	if (sv == NULL)
		return INPUTS_OK;
	if (!sv->given)
		return INPUTS_OK;
	if (sv->decl->kind == IN_FLAG)
		return inputs_set_flag(in, name);
	/* A comma list is copied whole, as its text (item by item, each
	 * would replace the one before). */
	if (sv->nitems == 0 || sv->decl->kind == IN_COUNTS ||
	    (sv->decl->kind == IN_SPEC && !adds(sv)))
		return set_text(in, v, text_at(src, sv->text), sv->typed);
	for (int i = 0; in_item(src, name, i, &it); i++) {
		char buf[INPUT_STORE / 4];
		int rc;

		if (it.value != NULL)
			snprintf(buf, sizeof buf, "%s=%s", it.name, it.value);
		else
			text_copy(buf, sizeof buf, it.name);
		if ((rc = set_text(in, v, buf, sv->typed)) != INPUTS_OK)
			return rc;
	}
	return INPUTS_OK;
}

/* ---- stateful fills --------------------------------------------------- */

static int
may_fill(struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && !v->given;
}

void
inputs_keep(struct inputs *in, int rc)
{
	if (rc != INPUTS_OK && in->failed == 0)
		in->failed = rc;
}

void
inputs_default_count(struct inputs *in, const char *name, long n)
{
	if (may_fill(in, name) && in->failed == 0)
		inputs_keep(in, inputs_set_count(in, name, n));
}

void
inputs_default_number(struct inputs *in, const char *name, double d)
{
	if (may_fill(in, name) && in->failed == 0)
		inputs_keep(in, inputs_set_number(in, name, d));
}

void
inputs_default_word(struct inputs *in, const char *name, const char *word)
{
	if (word != NULL && may_fill(in, name) && in->failed == 0)
		inputs_keep(in, inputs_set_word(in, name, word));
}

void
inputs_default_flag(struct inputs *in, const char *name)
{
	if (may_fill(in, name) && in->failed == 0)
		inputs_keep(in, inputs_set_flag(in, name));
}

void
inputs_default_choice(struct inputs *in, const char *name, const char *word)
{
	const struct input_value *v = inputs_get(in, name);

	if (v != NULL && word != NULL && v->decl->kind == IN_CHOICE &&
	    choice_has(v->decl->choices, word))
		inputs_default_word(in, name, word);
}

void
inputs_default_from(struct inputs *in, const struct inputs *src,
    const char *name)
{
	const struct input_value *sv = inputs_get(src, name);
	struct input_value *v = lookup(in, name);

	if (v == NULL || v->given || sv == NULL || !sv->set || in->failed != 0 ||
	    (sv->decl->kind == IN_FLAG && !sv->given))
		return;
	inputs_keep(in, sv->decl->kind == IN_FLAG ? inputs_set_flag(in, name) :
	    set_text(in, v, text_at(src, sv->text), 0));
}

/* ---- argv -------------------------------------------------------------- */

/* True when a game setting stands at i without a value: the last word,
 * or another option follows. */
static int
bare_setting(const struct input_value *v, int i, int argc, char **argv)
{
	return (v->decl->flags & IN_SETTING) &&
	    (i + 1 >= argc || strncmp(argv[i + 1], "--", 2) == 0);
}

/* The options of the command near the unknown "--NAME" A (LEN bytes of
 * NAME), as a "did you mean" says them ("'--firers' or '--guns'"), into
 * out; "" for none.  The names are compared without their dashes. */
static void
near_options(const struct inputs *in, const char *a, size_t len, char *out, size_t n)
{
	char names[INPUTS_MAX][48], typed[64], list[160];
	size_t at = 0;
	int k = 0, quotes = 0;

	for (int i = 0; i < in->n && k < INPUTS_MAX; i++)
		text_copy(names[k++], sizeof names[0], in->v[i].decl->name);
	snprintf(typed, sizeof typed, "%.*s", (int)len, a + 2);
	text_near_names(typed, names[0], sizeof names[0], k, list, sizeof list);
	for (const char *p = list; *p != '\0' && at + 3 < n; p++) {
		out[at++] = *p;
		if (*p == '\'' && quotes++ % 2 == 0)
			out[at++] = '-', out[at++] = '-';
	}
	out[at] = '\0';
}

/* Whether argv[i] is an option of the command: the option before it then
 * lacks its value ("--firers --distance 5"). */
static int
is_option(struct inputs *in, const char *a)
{
	return strncmp(a, "--", 2) == 0 && find(in, a + 2, strcspn(a + 2, "=")) != NULL;
}

/* Pass one: option names and arguments; records where each value is. */
static int
scan(struct inputs *in, int argc, char **argv, const char **values,
    struct input_value **targets, int *nvalues)
{
	*nvalues = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *eq, *val = NULL;
		char near[200];
		struct input_value *v;
		size_t len;

		if ((strncmp(a, "--", 2) != 0 || a[2] == '\0') &&
		    in->allow_positional && in->npos < INPUT_POSITIONALS) {
			in->pos[in->npos++] = a;
			continue;
		}
		if (strncmp(a, "--", 2) != 0 || a[2] == '\0')
			return fail(in, INPUTS_USAGE, "unexpected argument '%s' (see 'umpire %s --help')",
			    a, in->command);
		eq = strchr(a + 2, '=');
		len = eq != NULL ? (size_t)(eq - a - 2) : strlen(a + 2);
		v = find(in, a + 2, len);
		if (v == NULL)
			near_options(in, a, len, near, sizeof near);
		if (v == NULL && in->ruleset == NULL)
			return fail(in, INPUTS_USAGE, "unknown option '%.*s' (%s%s%ssee 'umpire %s --help')",
			    (int)len + 2, a, near[0] ? "did you mean " : "", near,
			    near[0] ? "? " : "", in->command);
		if (v == NULL)
			return fail(in, INPUTS_USAGE, "unknown option '%.*s' for %s %s (%s%s%ssee 'umpire %s --rules %s --help')",
			    (int)len + 2, a, in->ruleset, in->command,
			    near[0] ? "did you mean " : "", near, near[0] ? "? " : "",
			    in->command, in->ruleset);
		if (v->decl->kind == IN_FLAG) {
			if (eq != NULL)
				return fail(in, INPUTS_USAGE, "option '--%s' takes no value",
				    v->decl->name);
		} else if (eq != NULL) {
			val = eq + 1;
		} else if (bare_setting(v, i, argc, argv)) {
			if (v->typed)
				return fail(in, INPUTS_USAGE, "option '--%s' is given twice",
				    v->decl->name);
			v->typed = v->bare = 1;
			continue;
		} else if (i + 1 < argc && !is_option(in, argv[i + 1])) {
			val = argv[++i];
		} else {
			return fail(in, INPUTS_USAGE, "option '--%s' needs a value: --%s %s",
			    v->decl->name, v->decl->name, v->decl->arg);
		}
		if (v->typed && !adds(v))
			return fail(in, INPUTS_USAGE, "option '--%s' is given twice",
			    v->decl->name);
		v->typed = 1;
		values[*nvalues] = val != NULL ? val : "";
		targets[(*nvalues)++] = v;
	}
	return INPUTS_OK;
}

int
inputs_parse_argv(struct inputs *in, int argc, char **argv)
{
	const char *values[256];
	struct input_value *targets[256];
	int nvalues, rc;

	if (argc > 256)
		return fail(in, INPUTS_USAGE, "too many arguments");
	if ((rc = scan(in, argc, argv, values, targets, &nvalues)) != INPUTS_OK)
		return rc;
	for (int i = 0; i < nvalues; i++)
		if ((rc = set_text(in, targets[i], values[i], 1)) != INPUTS_OK)
			return rc;
	return inputs_defaults(in);
}

int
inputs_defaults(struct inputs *in)
{
	for (int i = 0; i < in->n; i++) {
		struct input_value *v = &in->v[i];
		int rc;

		if (v->set || v->decl->def == NULL)
			continue;
		if ((rc = set_text(in, v, v->decl->def, 0)) != INPUTS_OK)
			return rc;
		v->given = 0;	/* a default is set, not given */
	}
	return INPUTS_OK;
}

/* True when NAME is among the first k of names. */
static int
named_before(char names[][48], int k, const char *name)
{
	for (int i = 0; i < k; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* The modifiers of table t one may name that are near NAME, as a "did
 * you mean" says them, into out; "" for none.  A modifier of several rows
 * (one a case it applies to) is named once. */
static void
near_mods(const struct table *t, const char *name, char *out, size_t n)
{
	char names[64][48];
	int k = 0;

	for (int row = 0; row < t->nrows && k < 64; row++) {
		const char *row_name = table_text(t, row, "name");

		if (strcmp(table_text(t, row, "source"), "auto") != 0 &&
		    !named_before(names, k, row_name))
			text_copy(names[k++], sizeof names[0], row_name);
	}
	text_near_names(name, names[0], sizeof names[0], k, out, n);
}

/* Checks one modifier NAME[=V] against its table's row. */
static int
check_mod(struct inputs *in, const struct input_decl *d,
    const struct table *t, struct input_item *item)
{
	const char *name = text_at(in, item->name);
	const char *val = item->value ? text_at(in, item->value) : NULL;
	int row = table_row(t, "name", name);
	const char *arg;
	char list[200];
	long n;

	/* An implied modifier may be one the rules apply themselves (source
	 * "auto"): its table has only to hold it. */
	if (item->implied)
		return row >= 0 ? INPUTS_OK : fail(in, INPUTS_DATA,
		    "the %s table has no modifier '%s'", t->name, name);
	if (row < 0 || strcmp(table_text(t, row, "source"), "auto") == 0) {
		near_mods(t, name, list, sizeof list);
		return fail(in, INPUTS_DATA, "--%s: '%s' is not a %s %s modifier (%s%s%ssee 'umpire %s --rules %s --help')",
		    d->name, name, in->ruleset, in->command,
		    list[0] ? "did you mean " : "", list, list[0] ? "? " : "",
		    in->command, in->ruleset);
	}
	arg = table_text(t, row, "arg");
	if (*arg == '\0' && val != NULL)
		return fail(in, INPUTS_DATA, "--%s: modifier '%s' takes no value",
		    d->name, name);
	if (*arg == '\0')
		return INPUTS_OK;
	if (val == NULL)
		return fail(in, INPUTS_DATA, "--%s: modifier '%s' needs a value: %s=%s",
		    d->name, name, name, arg);
	if (strcmp(arg, "N") == 0) {
		if (num_parse_long(val, 0, NUM_COUNT_MAX, &n) != NUM_OK)
			return fail(in, INPUTS_DATA, "--%s: %s=%s is not a whole number",
			    d->name, name, val);
		item->n = n;
		return INPUTS_OK;
	}
	if (!choice_has(arg, val)) {
		choice_list(arg, list, sizeof list);
		return fail(in, INPUTS_DATA, "--%s: %s=%s is not one of %s", d->name,
		    name, val, list);
	}
	return INPUTS_OK;
}

int
inputs_check_mods(struct inputs *in, const struct tableset *ts)
{
	for (int i = 0; i < in->n; i++) {
		struct input_value *v = &in->v[i];
		const struct table *t;

		if (v->decl->kind != IN_MODS || v->nitems == 0)
			continue;
		if ((t = ts->find(ts->ctx, in->ruleset, v->decl->detail)) == NULL)
			return fail(in, INPUTS_DATA, "the %s rules have no table '%s'",
			    in->ruleset, v->decl->detail);
		for (int k = 0; k < in->nitems; k++) {
			struct input_item *it = &items_of(in)[k];
			int rc;

			if (it->owner != i)
				continue;
			if ((rc = check_mod(in, v->decl, t, it)) != INPUTS_OK)
				return rc;
			for (int j = 0; j < k; j++)
				if (items_of(in)[j].owner == i && strcmp(text_at(in,
				    items_of(in)[j].name), text_at(in, it->name)) == 0)
					return fail(in, INPUTS_DATA, "--%s: modifier '%s' is named twice",
					    v->decl->name, text_at(in, it->name));
		}
	}
	return INPUTS_OK;
}

int
inputs_parse(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv, const struct tableset *ts)
{
	int rc;

	inputs_init(in, ruleset, command, decls, extra);
	if ((rc = inputs_parse_argv(in, argc, argv)) != INPUTS_OK)
		return rc;
	return ts != NULL ? inputs_check_mods(in, ts) : INPUTS_OK;
}

int
inputs_parse_command(struct inputs *in, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv)
{
	inputs_init(in, NULL, command, decls, extra);
	in->allow_positional = 1;
	return inputs_parse_argv(in, argc, argv);
}

/* ---- JSON ---------------------------------------------------------------- */

/* A further element of a stored comma list (kept as a JSON array, its
 * elements read one by one): it joins the elements before it, never
 * replaces them, and the value's text is the list as typed. */
static int
add_element(struct inputs *in, struct input_value *v, const char *s)
{
	char joined[INPUT_STORE];
	int rc;

	if ((size_t)snprintf(joined, sizeof joined, "%s,%s", text_at(in, v->text),
	    s) >= sizeof joined)
		return fail(in, INPUTS_DATA, "--%s: too much text in the options",
		    v->decl->name);
	if ((rc = add_spec_item(in, v, s, strlen(s))) != INPUTS_OK)
		return rc;
	return put_text(in, v, joined);
}

int
inputs_set_json(struct inputs *in, const char *key, enum json_leaf type,
    const char *text, long long i, double d)
{
	struct input_value *v = lookup(in, key);

	if (v == NULL)
		return INPUTS_DATA;
	switch (type) {
	case JSON_LEAF_FALSE:
	case JSON_LEAF_NULL:
		return INPUTS_OK;
	case JSON_LEAF_TRUE:
		return inputs_set_flag(in, key);
	case JSON_LEAF_INTEGER:
		if (v->decl->kind == IN_COUNTS)
			return inputs_add_count(in, key, (long)i);
		if (v->decl->kind == IN_COUNT || v->decl->kind == IN_DISTANCE ||
		    v->decl->kind == IN_NUMBER)
			return inputs_set_count(in, key, (long)i);
		break;
	case JSON_LEAF_REAL:
		return inputs_set_number(in, key, d);
	case JSON_LEAF_TEXT:
		if (v->decl->kind == IN_SPEC && !adds(v) && v->given)
			return add_element(in, v, text != NULL ? text : "");
		break;
	}
	/* Words, specs and modifiers are text; so were every value of a game
	 * stored by umpire 0.1. */
	return set_text(in, v, text != NULL ? text : "", 0);
}

int
inputs_listed(const struct input_value *v)
{
	return adds(v) || v->decl->kind == IN_COUNTS || v->decl->kind == IN_SPEC;
}

/* ---- reading ------------------------------------------------------------- */

const char *
inputs_text(const struct inputs *in, const struct input_value *v)
{
	return v != NULL && v->set ? text_at(in, v->text) : NULL;
}

int
in_given(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->given;
}

int
in_typed(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->typed;
}

int
in_flag(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->given && v->decl->kind == IN_FLAG;
}

long
in_count(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->set ? v->n : 0;
}

double
in_number(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->set ? v->d : 0;
}

const char *
in_text(const struct inputs *in, const char *name)
{
	return inputs_text(in, inputs_get(in, name));
}

int
in_is(const struct inputs *in, const char *name, const char *word)
{
	const char *s = in_text(in, name);

	return s != NULL && strcmp(s, word) == 0;
}

int
in_nitems(const struct inputs *in, const char *opt)
{
	const struct input_value *v = inputs_get(in, opt);

	return v != NULL ? v->nitems : 0;
}

int
in_item(const struct inputs *in, const char *opt, int i, struct in_item *out)
{
	const struct input_value *v = inputs_get(in, opt);
	int owner, seen = 0;

	if (v == NULL || i < 0 || i >= v->nitems)
		return 0;
	owner = value_index(in, v);
	for (int k = 0; k < in->nitems; k++) {
		const struct input_item *it = &items_in(in)[k];

		if (it->owner != owner || seen++ != i)
			continue;
		out->name = text_at(in, it->name);
		out->value = it->value ? text_at(in, it->value) : NULL;
		out->n = it->n;
		out->nparts = it->nparts;
		out->part = it->part;
		return 1;
	}
	return 0;
}

int
in_mod(const struct inputs *in, const char *opt, const char *mod)
{
	const struct input_value *v = inputs_get(in, opt);
	int owner;

	/* One pass over the items: rulings ask this by the thousand (odds). */
	if (v == NULL || v->nitems == 0)
		return 0;
	owner = value_index(in, v);
	for (int k = 0; k < in->nitems; k++) {
		const struct input_item *it = &items_in(in)[k];

		const char *name = text_at(in, it->name);

		if (it->owner == owner && name[0] == mod[0] && strcmp(name, mod) == 0)
			return 1;
	}
	return 0;
}

const char *
in_mod_value(const struct inputs *in, const char *opt, const char *mod)
{
	struct in_item it;

	for (int i = 0; in_item(in, opt, i, &it); i++)
		if (strcmp(it.name, mod) == 0)
			return it.value;
	return NULL;
}

const char *
in_part_word(const struct inputs *in, const struct spec_part *p)
{
	return p->kind == PART_WORD ? text_at(in, p->word) : "";
}
