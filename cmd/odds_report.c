/*
 * The odds report: the exact distribution of an adjudication before its
 * dice are thrown, for `umpire odds fire ...` (cmd/odds_command.c) and
 * `fire ... --odds` (cmd/adjudicate.c), stateless or naming units of the
 * game (read, never written).  It prints every scalar field of the
 * ruling's result with its probability as a fraction, the expected value
 * of the numeric ones, and a bar chart of the headline field.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "jsonw.h"
#include "odds.h"
#include "ruleset.h"
#include "text.h"

/* A value as JSON: a word of the odds escaped at worst (\u0001); a word
 * is shorter than ODDS_TEXT, which core/odds.c checks as it counts. */
#define VALUE_JSON (ODDS_TEXT * 6 + 8)

/* Rule runs allowed for one question (an 8-gun battery is ~2 million). */
#define ODDS_RUNS 4000000L

struct odds_ctx {
	const struct rule_cmd *c;
	const struct tableset *ts;
	const struct inputs *in;
};

static int
one_run(void *ctx, struct dice *d, struct result *r)
{
	const struct odds_ctx *o = ctx;

	return o->c->adjudicate(o->ts, o->in, d, r);
}

/* A field's name as a reader sees it: words rather than keys
 * ("attacker.stands_lost": "attacker stands lost"). */
static void
name_words(const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s", name);
	for (char *p = buf; *p != '\0'; p++)
		if (*p == '_' || *p == '.')
			*p = ' ';
}

/* A value of the odds as JSON text: 3, 2.5, "routs", true, null. */
static void
value_json(const struct odds_value *v, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	switch (v->type) {
	case FIELD_INT:
		jsonw_int(&w, NULL, v->n);
		break;
	case FIELD_NUMBER:
		jsonw_number(&w, NULL, v->d);
		break;
	case FIELD_WORD:
		jsonw_string(&w, NULL, v->word);
		break;
	case FIELD_BOOL:
		jsonw_bool(&w, NULL, (int)v->n);
		break;
	default:
		jsonw_null(&w, NULL);
		break;
	}
}

/* A value as the ruling prints it: a number as it is (2.5), a word
 * without its quotes or underscores ("every move"), null as none. */
static void
value_words(const struct odds_value *v, char *buf, size_t n)
{
	if (v->type == FIELD_WORD) {
		snprintf(buf, n, "%s", v->word);
		for (char *p = buf; *p != '\0'; p++)
			if (*p == '_')
				*p = ' ';
	} else if (v->type == FIELD_NULL) {
		snprintf(buf, n, "none");
	} else {
		value_json(v, buf, n);
	}
}

/* The chance of v in percent to a tenth; one that is not nil never reads
 * 0.0% ("<0.1%"). */
static void
percent(const struct odds_value *v, char *buf, size_t n)
{
	double pc = 100 * odds_p(v);

	if (mpq_sgn(v->p) == 0) {
		text_copy(buf, n, "0.0%");
		return;
	}
	/* (well under it, as most rows of a large battery are: no printf) */
	if (pc >= 0.04)
		snprintf(buf, n, "%.1f%%", pc);
	if (pc < 0.04 || strcmp(buf, "0.0%") == 0)
		text_copy(buf, n, "<0.1%");
}

/* The odds as one JSON object into w. */
static void
write_json(struct jsonw *w, const char *rules, const char *command,
    const struct odds *o)
{
	char num[40], value[VALUE_JSON];
	double mean;

	jsonw_object(w, NULL);
	jsonw_string(w, "rules", rules);
	jsonw_string(w, "command", command);
	jsonw_object(w, "odds");
	for (int i = 0; i < o->n && !w->overflow; i++) {
		const struct odds_field *f = &o->f[i];

		jsonw_array(w, f->name);
		for (int k = 0; k < f->n && !w->overflow; k++) {
			size_t size = odds_fraction_size(&f->v[k]);
			char *frac = malloc(size);

			if (frac == NULL) {
				w->overflow = 1;
				break;
			}
			odds_fraction(&f->v[k], frac, size);
			jsonw_object(w, NULL);
			value_json(&f->v[k], value, sizeof value);
			jsonw_raw(w, "value", value);
			/* p as close as a double holds it; fraction is exact */
			snprintf(num, sizeof num, "%.17g", odds_p(&f->v[k]));
			jsonw_raw(w, "p", num);
			jsonw_string(w, "fraction", frac);
			jsonw_object_end(w);
			free(frac);
		}
		jsonw_array_end(w);
	}
	jsonw_object_end(w);
	jsonw_object(w, "expected");
	for (int i = 0; i < o->n; i++)
		if (odds_expected(&o->f[i], &mean))
			jsonw_number(w, o->f[i].name, mean);
	jsonw_object_end(w);
	jsonw_int(w, "outcomes", o->leaves);
	jsonw_int(w, "runs", o->runs);
	jsonw_object_end(w);
}

/* The JSON of the odds, in a buffer as large as it takes. */
static int
print_json(struct cmd_ctx *g, const char *rules, const char *command,
    const struct odds *o)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	write_json(&w, rules, command, o);
	return cmd_print_json(g, &w);
}

/* The headline: the result's first field that varies, else its first. */
static const struct odds_field *
headline(const struct odds *o)
{
	for (int i = 0; i < o->n; i++)
		if (o->f[i].n > 1)
			return &o->f[i];
	return o->n > 0 ? &o->f[0] : NULL;
}

static void
print_text(FILE *out, const char *rules, const struct rule_cmd *c,
    const struct odds *o)
{
	const char *command = c->name;
	const struct odds_field *h = headline(o);
	char word[VALUE_JSON], frac[96], bar[41], name[ODDS_NAME], pc[16];
	double mean;

	if (o->how != NULL)
		fprintf(out, "odds of %s %s: exact, %s\n", rules, command, o->how);
	else
		fprintf(out, "odds of %s %s: %ld outcome%s weighed exactly\n", rules, command,
		    o->leaves, o->leaves == 1 ? "" : "s");
	if (h == NULL)
		return;
	name_words(h->name, name, sizeof name);
	fprintf(out, "\n  %-20s %9s  %-14s\n", name, "chance", "fraction");
	for (int k = 0; k < h->n; k++) {
		int len = (int)(odds_p(&h->v[k]) * 40 + 0.5);

		value_words(&h->v[k], word, sizeof word);
		odds_fraction(&h->v[k], frac, sizeof frac);
		percent(&h->v[k], pc, sizeof pc);
		memset(bar, '#', (size_t)len);
		bar[len] = '\0';
		fprintf(out, "  %-20s %9s  %-14s %s\n", word, pc, frac, bar);
	}
	if (odds_expected(h, &mean))
		fprintf(out, "  expected %s: %.3f\n", name, mean);
	/* The other fields that vary, each outcome's chance in words. */
	for (int i = 0; i < o->n; i++) {
		const struct odds_field *f = &o->f[i];

		if (f == h || f->n < 2)
			continue;
		name_words(f->name, name, sizeof name);
		fprintf(out, "  %s:", name);
		for (int k = 0; k < f->n; k++) {
			value_words(&f->v[k], word, sizeof word);
			percent(&f->v[k], pc, sizeof pc);
			fprintf(out, "%s %s %s", k ? "," : "", word, pc);
		}
		if (odds_expected(f, &mean))
			fprintf(out, " (expected %.3f)", mean);
		fputc('\n', out);
	}
}

int
odds_report(struct cmd_ctx *g, const char *rules, const struct rule_cmd *c,
    const struct tableset *ts, const struct inputs *in)
{
	static struct odds o;
	static struct dice d;
	static struct result r;
	struct odds_ctx ctx = { c, ts, in };
	int rc;

	rc = ODDS_BY_DICE;
	if (c->odds != NULL) {
		result_init(&r);
		r.quiet = 1;
		rc = c->odds(ts, in, &o, &r);
		r.quiet = 0;
	}
	if (rc == ODDS_BY_DICE) {
		result_free(&r);
		rc = odds_enumerate(one_run, &ctx, &d, &r, &o, ODDS_RUNS);
	}
	if (rc != RULE_OK) {
		odds_free(&o);
		rc = cmd_error(g, exit_of_rule(rc), "%s", ruling_error(&r, &d)->text);
		result_free(&r);	/* (a batch weighs again on its next line) */
		return rc;
	}
	rc = 0;
	if (g->json)
		rc = print_json(g, rules, c->name, &o);
	else
		print_text(g->out, rules, c, &o);
	odds_free(&o);
	result_free(&r);
	return rc;
}
