/* result: the record of one adjudication. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "result.h"
#include "text.h"

void
result_init(struct result *r)
{
	/* Only what a ruling reads back is cleared: a result is large, and
	 * views and fills make scratch ones by the hundred. */
	r->legal = 1;
	r->reason[0] = r->summary[0] = r->error[0] = '\0';
	r->nmods = r->nwork = r->neffects = 0;
	r->nfields = r->ntext = 0;
	r->open = -1;
	r->failed = r->overflow = r->quiet = 0;
	r->memo = NULL;
}

int
result_finish(struct result *r)
{
	if (r->open != -1)
		r->overflow = 1;
	return r->overflow ? -1 : 0;
}

/* A new field under the record or list open, or NULL (r->overflow). */
static struct result_field *
new_field(struct result *r, const char *key, enum field_type type)
{
	struct result_field *f;
	size_t len = key != NULL ? strlen(key) : 0;

	if (r->nfields == RESULT_FIELDS || len >= RESULT_KEY) {
		r->overflow = 1;
		return NULL;
	}
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
	size_t len;

	if (word == NULL) {
		result_null(r, key);
		return;
	}
	len = strlen(word);
	if (len >= (size_t)(RESULT_TEXT - r->ntext)) {
		r->overflow = 1;
		return;
	}
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
	va_list ap;

	if (r->quiet)
		return;
	if (r->nwork == RESULT_WORK) {
		r->overflow = 1;
		return;
	}
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

	if (r->failed != 0)
		return code;
	r->failed = code;
	va_start(ap, fmt);
	vsnprintf(r->error, sizeof r->error, fmt, ap);
	va_end(ap);
	return code;
}

void
result_effect(struct result *r, const char *role, enum effect_kind kind,
    long amount, const char *state)
{
	struct effect *e;

	if (r->quiet)		/* weighing odds: only the fields count */
		return;
	if (r->neffects == RESULT_EFFECTS) {
		r->overflow = 1;
		return;
	}
	e = &r->effects[r->neffects++];
	memset(e, 0, sizeof *e);
	text_copy(e->role, sizeof e->role, role);
	e->kind = kind;
	e->amount = amount;
	text_copy(e->state, sizeof e->state, state != NULL ? state : "");
}

void
result_flag_for(struct result *r, const char *role, const char *flag,
    long moves)
{
	result_effect(r, role, EFFECT_FLAG, 1, flag);
	if (r->neffects > 0 && !r->overflow)
		r->effects[r->neffects - 1].moves = moves;
}
