/* inputs: the generic parser of declared rule inputs. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "inputs.h"
#include "num.h"

static int
fail(struct inputs *in, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(in->error, sizeof in->error, fmt, ap);
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

/* "musket|rifle" as "musket, rifle" for messages. */
static void
choices_list(const char *choices, char *buf, size_t n)
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

/* Copies len bytes of s into the inputs' own store; NULL if full. */
static const char *
keep(struct inputs *in, const char *s, size_t len)
{
	char *p;

	if (in->used + len + 1 > sizeof in->store)
		return NULL;
	p = in->store + in->used;
	memcpy(p, s, len);
	p[len] = '\0';
	in->used += len + 1;
	return p;
}

static struct input_value *
find(struct inputs *in, const char *name, size_t len)
{
	for (int i = 0; i < in->n; i++) {
		const char *dn = in->v[i].decl->name;

		if (strlen(dn) == len && strncmp(dn, name, len) == 0)
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
	    decls++)
		in->v[in->n++].decl = decls;
}

static int
count_error(struct inputs *in, const char *opt, const char *s,
    enum num_status st, long min, long max)
{
	switch (st) {
	case NUM_NEGATIVE:
		return fail(in, 65, "--%s: %s is negative; expected a whole number from %ld to %ld",
		    opt, s, min, max);
	case NUM_RANGE:
		return fail(in, 65, "--%s: %s is out of range; expected a whole number from %ld to %ld",
		    opt, s, min, max);
	default:
		return fail(in, 65, "--%s: '%s' is not a whole number; expected %ld to %ld",
		    opt, s, min, max);
	}
}

static int
parse_count(struct inputs *in, struct input_value *v, const char *s)
{
	const struct input_decl *d = v->decl;
	enum num_status st = num_parse_long(s, d->min, d->max, &v->n);

	return st == NUM_OK ? 0 : count_error(in, d->name, s, st, d->min, d->max);
}

static int
parse_counts(struct inputs *in, struct input_value *v, const char *s)
{
	const struct input_decl *d = v->decl;

	v->nitems = 0;
	for (const char *p = s;;) {
		size_t len = strcspn(p, ",");
		const char *item = keep(in, p, len);
		enum num_status st;
		long n;

		if (item == NULL || v->nitems == INPUT_ITEMS)
			return fail(in, 65, "--%s: too many values", d->name);
		st = num_parse_long(item, d->min, d->max, &n);
		if (st != NUM_OK)
			return count_error(in, d->name, item, st, d->min, d->max);
		v->items[v->nitems].name = item;
		v->items[v->nitems++].n = n;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	v->n = v->items[0].n;
	return 0;
}

static int
parse_distance(struct inputs *in, struct input_value *v, const char *s)
{
	switch (num_parse_distance(s, &v->d)) {
	case NUM_OK:
		return 0;
	case NUM_NEGATIVE:
		return fail(in, 65, "--%s: %s is negative; a distance is 0 to 1000 inches",
		    v->decl->name, s);
	case NUM_RANGE:
		return fail(in, 65, "--%s: %s is too far; a distance is 0 to 1000 inches",
		    v->decl->name, s);
	default:
		return fail(in, 65, "--%s: '%s' is not a distance; expected inches such as 4.5, 4in or 11.5cm",
		    v->decl->name, s);
	}
}

static int
parse_number(struct inputs *in, struct input_value *v, const char *s)
{
	const struct input_decl *d = v->decl;

	if (num_parse_decimal(s, (double)d->min, (double)d->max, &v->d) != NUM_OK)
		return fail(in, 65, "--%s: '%s' is not a number from %ld to %ld",
		    d->name, s, d->min, d->max);
	v->n = (long)v->d;
	return 0;
}

static int
parse_choice(struct inputs *in, struct input_value *v, const char *s)
{
	char list[200];

	if (choice_has(v->decl->choices, s))
		return 0;
	choices_list(v->decl->choices, list, sizeof list);
	return fail(in, 65, "--%s: '%s' is not one of %s", v->decl->name, s,
	    list);
}

/* Checks one modifier NAME[=V] against its table's row. */
static int
check_mod(struct inputs *in, const struct input_decl *d,
    const struct table *t, struct input_item *item)
{
	int row = table_row(t, "name", item->name);
	const char *arg;
	char list[200];
	long n;

	if (row < 0 || strcmp(table_text(t, row, "source"), "auto") == 0)
		return fail(in, 65, "--%s: '%s' is not a %s %s modifier (see 'umpire %s --rules %s --help')",
		    d->name, item->name, in->ruleset, in->command, in->command,
		    in->ruleset);
	arg = table_text(t, row, "arg");
	if (*arg == '\0' && item->value != NULL)
		return fail(in, 65, "--%s: modifier '%s' takes no value",
		    d->name, item->name);
	if (*arg == '\0')
		return 0;
	if (item->value == NULL)
		return fail(in, 65, "--%s: modifier '%s' needs a value: %s=%s",
		    d->name, item->name, item->name, arg);
	if (strcmp(arg, "N") == 0) {
		if (num_parse_long(item->value, 0, NUM_COUNT_MAX, &n) != NUM_OK)
			return fail(in, 65, "--%s: %s=%s is not a whole number",
			    d->name, item->name, item->value);
		item->n = n;
		return 0;
	}
	if (!choice_has(arg, item->value)) {
		choices_list(arg, list, sizeof list);
		return fail(in, 65, "--%s: %s=%s is not one of %s", d->name,
		    item->name, item->value, list);
	}
	return 0;
}

/* Splits a comma list of modifiers into items; validated later. */
static int
add_mods(struct inputs *in, struct input_value *v, const char *s)
{
	for (const char *p = s;;) {
		size_t len = strcspn(p, ",");
		const char *item = keep(in, p, len);
		char *eq;

		if (item == NULL || v->nitems == INPUT_ITEMS)
			return fail(in, 65, "--%s: too many modifiers",
			    v->decl->name);
		if (len == 0)
			return fail(in, 65, "--%s: an empty modifier name",
			    v->decl->name);
		eq = strchr(item, '=');
		v->items[v->nitems].value = NULL;
		if (eq != NULL) {
			*eq = '\0';
			v->items[v->nitems].value = eq + 1;
		}
		v->items[v->nitems++].name = item;
		if (p[len] == '\0')
			return 0;
		p += len + 1;
	}
}

static int
check_mods(struct inputs *in, struct input_value *v,
    const struct tableset *ts)
{
	const struct table *t = ts->find(ts->ctx, in->ruleset, v->decl->table);

	if (t == NULL)
		return fail(in, 65, "the %s rules have no table '%s'",
		    in->ruleset, v->decl->table);
	for (int i = 0; i < v->nitems; i++) {
		int rc = check_mod(in, v->decl, t, &v->items[i]);

		if (rc != 0)
			return rc;
		for (int j = 0; j < i; j++)
			if (strcmp(v->items[j].name, v->items[i].name) == 0)
				return fail(in, 65, "--%s: modifier '%s' is named twice",
				    v->decl->name, v->items[i].name);
	}
	return 0;
}

/* Validates and stores one value of v. */
static int
set_value(struct inputs *in, struct input_value *v, const char *typed)
{
	/* Values are copied: the inputs outlive the strings they came from. */
	const char *s = keep(in, typed, strlen(typed));

	if (s == NULL)
		return fail(in, 65, "--%s: too much text in the options", v->decl->name);
	v->text = s;
	v->set = 1;
	switch (v->decl->kind) {
	case IN_FLAG:
		v->n = 1;
		return 0;
	case IN_COUNT:
		return parse_count(in, v, s);
	case IN_COUNTS:
		return parse_counts(in, v, s);
	case IN_DISTANCE:
		return parse_distance(in, v, s);
	case IN_NUMBER:
		return parse_number(in, v, s);
	case IN_CHOICE:
		return parse_choice(in, v, s);
	case IN_MODS:
		return add_mods(in, v, s);
	case IN_UNIT:
	case IN_TEXT:
		if (v->nitems == INPUT_ITEMS)
			return fail(in, 65, "--%s: given too many times",
			    v->decl->name);
		v->items[v->nitems++].name = s;
		return 0;
	}
	return 0;
}

/* Pass one: option names and arguments; records where each value is. */
static int
scan(struct inputs *in, int argc, char **argv, const char **values,
    struct input_value **targets, int *nvalues)
{
	*nvalues = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *eq, *val = NULL;
		struct input_value *v;
		size_t len;

		if ((strncmp(a, "--", 2) != 0 || a[2] == '\0') &&
		    in->allow_positional && in->npos < INPUT_POSITIONALS) {
			in->pos[in->npos++] = a;
			continue;
		}
		if (strncmp(a, "--", 2) != 0 || a[2] == '\0')
			return fail(in, 64, "unexpected argument '%s' (see 'umpire %s --help')",
			    a, in->command);
		eq = strchr(a + 2, '=');
		len = eq != NULL ? (size_t)(eq - a - 2) : strlen(a + 2);
		v = find(in, a + 2, len);
		if (v == NULL && in->ruleset == NULL)
			return fail(in, 64, "unknown option '%.*s' (see 'umpire %s --help')",
			    (int)len + 2, a, in->command);
		if (v == NULL)
			return fail(in, 64, "unknown option '%.*s' for %s %s (see 'umpire %s --rules %s --help')",
			    (int)len + 2, a, in->ruleset, in->command,
			    in->command, in->ruleset);
		if (v->decl->kind == IN_FLAG) {
			if (eq != NULL)
				return fail(in, 64, "option '--%s' takes no value",
				    v->decl->name);
		} else if (eq != NULL) {
			val = eq + 1;
		} else if (i + 1 < argc) {
			val = argv[++i];
		} else {
			return fail(in, 64, "option '--%s' needs a value (%s)",
			    v->decl->name, v->decl->arg);
		}
		if (v->given && !(v->decl->flags & IN_REPEAT) &&
		    v->decl->kind != IN_MODS)
			return fail(in, 64, "option '--%s' is given twice",
			    v->decl->name);
		v->given = 1;
		values[*nvalues] = val != NULL ? val : "";
		targets[(*nvalues)++] = v;
	}
	return 0;
}

/* Parses argv into in, already cleared and named. */
static int
parse(struct inputs *in, const struct input_decl *decls,
    const struct input_decl *extra, int argc, char **argv,
    const struct tableset *ts)
{
	const char *values[256];
	struct input_value *targets[256];
	int nvalues, rc;

	add_decls(in, decls);
	add_decls(in, extra);
	if (argc > 256)
		return fail(in, 64, "too many arguments");
	rc = scan(in, argc, argv, values, targets, &nvalues);
	if (rc != 0)
		return rc;
	for (int i = 0; i < nvalues; i++)
		if ((rc = set_value(in, targets[i], values[i])) != 0)
			return rc;
	for (int i = 0; i < in->n; i++) {
		struct input_value *v = &in->v[i];

		if (v->decl->kind == IN_MODS && v->given && ts != NULL &&
		    (rc = check_mods(in, v, ts)) != 0)
			return rc;
		if (!v->set && v->decl->def != NULL &&
		    (rc = set_value(in, v, v->decl->def)) != 0)
			return rc;
	}
	return 0;
}

int
inputs_parse(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv, const struct tableset *ts)
{
	memset(in, 0, sizeof *in);
	in->ruleset = ruleset;
	in->command = command;
	return parse(in, decls, extra, argc, argv, ts);
}

int
inputs_parse_command(struct inputs *in, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv)
{
	memset(in, 0, sizeof *in);
	in->command = command;
	in->allow_positional = 1;
	return parse(in, decls, extra, argc, argv, NULL);
}

int
inputs_fill(struct inputs *in, const char *name, const char *value)
{
	struct input_value *v = find(in, name, strlen(name));

	if (v == NULL)
		return -1;
	if (v->decl->kind == IN_MODS || v->decl->kind == IN_TEXT ||
	    v->decl->kind == IN_UNIT) {
		if (!v->given)
			v->nitems = 0;
	}
	v->given = 1;
	return set_value(in, v, value) == 0 ? 0 : -1;
}

void
inputs_default(struct inputs *in, const char *name, const char *v)
{
	if (!in_given(in, name) && v != NULL)
		inputs_fill(in, name, v);
}

void
inputs_add_mod(struct inputs *in, const char *opt, const char *mod)
{
	if (in_mod(in, opt, mod) == NULL)
		inputs_fill(in, opt, mod);
}

void
inputs_clear(struct inputs *in, const char *name)
{
	struct input_value *v = find(in, name, strlen(name));

	if (v != NULL) {
		v->given = v->set = 0;
		v->nitems = 0;
		v->text = NULL;
	}
}

int
in_given(const struct inputs *in, const char *name)
{
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->given;
}

int
in_flag(const struct inputs *in, const char *name)
{
	return in_given(in, name);
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
	const struct input_value *v = inputs_get(in, name);

	return v != NULL && v->set ? v->text : NULL;
}

int
in_is(const struct inputs *in, const char *name, const char *word)
{
	const char *s = in_text(in, name);

	return s != NULL && strcmp(s, word) == 0;
}

const struct input_item *
in_mod(const struct inputs *in, const char *opt, const char *mod)
{
	const struct input_value *v = inputs_get(in, opt);

	if (v == NULL)
		return NULL;
	for (int i = 0; i < v->nitems; i++)
		if (strcmp(v->items[i].name, mod) == 0)
			return &v->items[i];
	return NULL;
}
