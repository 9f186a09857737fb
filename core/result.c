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
	r->failed = r->overflow = 0;
	jsonw_init(&r->fields, r->json, sizeof r->json);
	jsonw_object(&r->fields, NULL);
}

int
result_finish(struct result *r)
{
	jsonw_object_end(&r->fields);
	return r->fields.overflow || r->overflow ? -1 : 0;
}

static struct modifier *
new_mod(struct result *r, const char *name)
{
	struct modifier *m;

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

/* A new effect on the unit in ROLE, or NULL when the list is full. */
static struct effect *
new_effect(struct result *r, const char *role, const char *what)
{
	struct effect *e;

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
