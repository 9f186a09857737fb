/* result: the record of one adjudication. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"
#include "text.h"

void
result_init(struct result *r)
{
	/* Only what a ruling reads back is cleared: a result is large, and
	 * views and fills make scratch ones by the hundred. */
	r->legal = 1;
	r->reason[0] = r->summary[0] = '\0';
	error_clear(&r->error);
	r->nmods = r->nwork = r->neffects = 0;
	r->nfields = r->ntext = 0;
	r->work = r->work_in;
	r->work_cap = RESULT_WORK;
	r->field = r->field_in;
	r->field_cap = RESULT_FIELDS;
	r->text = r->text_in;
	r->text_cap = RESULT_TEXT;
	r->open = -1;
	r->overflow = r->no_memory = r->quiet = 0;
	r->memo = NULL;
	r->nnamed = 0;
}

void
result_free(struct result *r)
{
	if (r->work != r->work_in)
		free(r->work);
	if (r->field != r->field_in)
		free(r->field);
	if (r->text != r->text_in)
		free(r->text);
	result_init(r);
}

int
result_finish(struct result *r)
{
	if (r->open != -1)
		r->overflow = 1;
	return r->overflow || r->no_memory ? -1 : 0;
}

/*
 * Room for NEED more of the SIZE-byte items at ITEMS (n of *cap held, in
 * the result's own storage INSIDE at first): twice as many on the heap
 * when they are full.  Returns where the items are now, or NULL with
 * r->no_memory set.
 */
static void *
room(struct result *r, void *items, const void *inside, int n, int *cap,
    size_t size, int need)
{
	void *grown;
	int cap2 = *cap;

	if (n + need <= *cap)
		return items;
	while (cap2 < n + need)
		cap2 *= 2;
	grown = items == inside ? malloc((size_t)cap2 * size) :
	    realloc(items, (size_t)cap2 * size);
	if (grown == NULL) {
		r->no_memory = 1;
		return NULL;
	}
	if (items == inside)
		memcpy(grown, inside, (size_t)n * size);
	*cap = cap2;
	return grown;
}

/* The field named KEY in the record open (the top when none), or -1. */
static int
sibling(const struct result *r, const char *key)
{
	for (int i = r->open + 1; i < r->nfields; i++)
		if (r->field[i].parent == r->open && strcmp(r->field[i].key, key) == 0)
			return i;
	return -1;
}

/* A new field under the record or list open, or NULL (r->overflow). */
static struct result_field *
new_field(struct result *r, const char *key, enum field_type type)
{
	struct result_field *f, *grown;
	size_t len = key != NULL ? strlen(key) : 0;

	if (len >= RESULT_KEY) {
		r->overflow = 1;
		return NULL;
	}
	/* A field of a record has a key, an element of a list none, and a
	 * key is written once in its record. */
	assert((key == NULL) == (r->open >= 0 && r->field[r->open].type == FIELD_LIST));
	assert(key == NULL || sibling(r, key) < 0);
	if ((grown = room(r, r->field, r->field_in, r->nfields, &r->field_cap,
	    sizeof *r->field, 1)) == NULL)
		return NULL;
	r->field = grown;
	f = &r->field[r->nfields++];
	memcpy(f->key, key != NULL ? key : "", len + 1);
	f->type = type;
	f->parent = r->open;
	return f;
}

void
result_int(struct result *r, const char *key, long v)
{
	struct result_field *f = new_field(r, key, FIELD_INT);

	if (f != NULL)
		f->v.n = v;
}

void
result_number(struct result *r, const char *key, double v)
{
	struct result_field *f = new_field(r, key, FIELD_NUMBER);

	if (f != NULL)
		f->v.d = v;
}

void
result_word(struct result *r, const char *key, const char *word)
{
	struct result_field *f;
	char *text;
	size_t len;

	if (word == NULL) {
		result_null(r, key);
		return;
	}
	len = strlen(word);
	if (len >= RESULT_TEXT) {
		r->overflow = 1;
		return;
	}
	if ((text = room(r, r->text, r->text_in, r->ntext, &r->text_cap, 1,
	    (int)len + 1)) == NULL)
		return;
	r->text = text;
	if ((f = new_field(r, key, FIELD_WORD)) == NULL)
		return;
	f->v.word = r->ntext;
	memcpy(r->text + r->ntext, word, len + 1);
	r->ntext += (int)len + 1;
}

void
result_bool(struct result *r, const char *key, int v)
{
	struct result_field *f = new_field(r, key, FIELD_BOOL);

	if (f != NULL)
		f->v.n = v != 0;
}

void
result_null(struct result *r, const char *key)
{
	new_field(r, key, FIELD_NULL);
}

/* Opens a record or list: the fields written next are its own. */
static void
open_field(struct result *r, const char *key, enum field_type type)
{
	if (new_field(r, key, type) != NULL)
		r->open = r->nfields - 1;
}

/* Closes the record or list open, if it is of TYPE. */
static void
close_field(struct result *r, enum field_type type)
{
	if (r->open < 0 || r->field[r->open].type != type) {
		r->overflow = 1;	/* a close without its open */
		return;
	}
	r->open = r->field[r->open].parent;
}

void
result_open(struct result *r, const char *key)
{
	open_field(r, key, FIELD_RECORD);
}

void
result_close(struct result *r)
{
	close_field(r, FIELD_RECORD);
}

void
result_list(struct result *r, const char *key)
{
	open_field(r, key, FIELD_LIST);
}

void
result_list_end(struct result *r)
{
	close_field(r, FIELD_LIST);
}

const struct result_field *
result_top(const struct result *r, const char *key)
{
	for (int i = 0; i < r->nfields; i++)
		if (r->field[i].parent == -1 && strcmp(r->field[i].key, key) == 0)
			return &r->field[i];
	return NULL;
}

const char *
result_word_of(const struct result *r, const struct result_field *f)
{
	return f->type == FIELD_WORD ? r->text + f->v.word : "";
}

static struct modifier *
new_mod(struct result *r, const char *name)
{
	struct modifier *m;

	if (r->quiet)		/* weighing odds: not shown, not kept */
		return NULL;
	if (r->nmods == RESULT_MODS) {
		r->overflow = 1;
		return NULL;
	}
	m = &r->mods[r->nmods++];
	memset(m, 0, sizeof *m);
	text_copy(m->name, sizeof m->name, name);
	return m;
}

void
result_mod(struct result *r, const char *name, double value)
{
	struct modifier *m = new_mod(r, name);

	if (m != NULL) {
		m->has_value = 1;
		m->value = value;
	}
}

void
result_factor(struct result *r, const char *name, double factor)
{
	struct modifier *m = new_mod(r, name);

	if (m != NULL) {
		m->has_factor = 1;
		m->factor = factor;
	}
}

void
result_work(struct result *r, const char *fmt, ...)
{
	char (*work)[RESULT_LINE];
	va_list ap;

	if (r->quiet)
		return;
	if ((work = room(r, r->work, r->work_in, r->nwork, &r->work_cap,
	    sizeof *r->work, 1)) == NULL)
		return;
	r->work = work;
	va_start(ap, fmt);
	vsnprintf(r->work[r->nwork++], RESULT_LINE, fmt, ap);
	va_end(ap);
}

void
result_summary(struct result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(r->summary, sizeof r->summary, fmt, ap);
	va_end(ap);
}

void
result_reason(struct result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof r->reason, fmt, ap);
	va_end(ap);
}

void
result_forbid(struct result *r, const char *fmt, ...)
{
	va_list ap;

	r->legal = 0;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof r->reason, fmt, ap);
	va_end(ap);
}

int
result_fail(struct result *r, int code, const char *fmt, ...)
{
	va_list ap;

	if (r->error.code != 0)
		return code;
	va_start(ap, fmt);
	error_vset(&r->error, code, fmt, ap);
	va_end(ap);
	return code;
}

/* A new effect on the unit in ROLE, or NULL when the list is full. */
static struct effect *
new_effect(struct result *r, const char *role, const char *what)
{
	struct effect *e;

	if (r->quiet)		/* weighing odds: only the fields count */
		return NULL;
	if (r->neffects == RESULT_EFFECTS) {
		r->overflow = 1;
		return NULL;
	}
	e = &r->effects[r->neffects++];
	memset(e, 0, sizeof *e);
	text_copy(e->role, sizeof e->role, role);
	text_copy(e->what, sizeof e->what, what);
	return e;
}

void
result_ledger(struct result *r, const char *role, const char *ledger, long amount)
{
	struct effect *e = new_effect(r, role, ledger);

	if (e != NULL)
		e->amount = amount;
}

void
result_mark(struct result *r, const char *role, const char *ledger, long mark,
    long total, const char *ref, const char *word)
{
	struct effect *e = new_effect(r, role, ledger);

	if (e == NULL)
		return;
	e->amount = mark;
	e->total = total;
	text_copy(e->ref, sizeof e->ref, ref != NULL ? ref : "");
	text_copy(e->word, sizeof e->word, word != NULL ? word : "");
}

/* An effect carrying a word. */
static struct effect *
word_effect(struct result *r, const char *role, const char *what,
    const char *word, long amount)
{
	struct effect *e = new_effect(r, role, what);

	if (e == NULL)
		return NULL;
	text_copy(e->word, sizeof e->word, word != NULL ? word : "");
	e->amount = amount;
	return e;
}

void
result_state(struct result *r, const char *role, const char *word, int only_worse)
{
	word_effect(r, role, "state", word, only_worse);
}

void
result_flag(struct result *r, const char *role, const char *flag, int on)
{
	word_effect(r, role, "flag", flag, on != 0);
}

void
result_flag_for(struct result *r, const char *role, const char *flag,
    long moves)
{
	struct effect *e = word_effect(r, role, "flag", flag, 1);

	if (e != NULL)
		e->moves = moves;
}

void
result_formation(struct result *r, const char *role, const char *word)
{
	word_effect(r, role, "formation", word, 0);
}

void
result_part(struct result *r, const char *role, const char *word)
{
	word_effect(r, role, "part", word, 0);
}

void
result_name(struct result *r, const char *role, const char *name)
{
	if (r->nnamed == RESULT_NAMED)
		return;		/* the working says what the unit is instead */
	text_copy(r->named[r->nnamed].role, sizeof r->named[0].role, role);
	r->named[r->nnamed++].name = name;
}

const char *
result_named(const struct result *r, const char *role)
{
	for (int i = 0; i < r->nnamed; i++)
		if (strcmp(r->named[i].role, role) == 0)
			return r->named[i].name;
	return NULL;
}
