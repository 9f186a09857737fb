/* ruleset: the registry of rule sets and helpers they share. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"
#include "text.h"

const char *const ruleset_commands[] = {
	"fire", "melee", "morale", "rally", "fatigue", "move", NULL
};

/* The registry: one line a rule set (and room for those a program adds,
 * such as a test's stub). */
#define RULESETS 16

static const struct ruleset *all[RULESETS + 1] = {
	&ruleset_brigade, &ruleset_squares, &ruleset_fury, &ruleset_2x2,
	&ruleset_ohw, NULL
};

int
ruleset_register(const struct ruleset *rs)
{
	int n = 0;

	while (all[n] != NULL)
		if (strcasecmp(all[n++]->name, rs->name) == 0)
			return -1;
	if (n == RULESETS)
		return -1;
	all[n] = rs;
	all[n + 1] = NULL;
	return 0;
}

static const struct input_decl default_formation_inputs[] = {
	{ "quality", IN_CHOICE, "good|average|poor", 0, 0, "good|average|poor",
	  NULL, NULL, "the formation's quality", 0 },
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units'", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct sheet_column no_columns[] = {
	{ NULL, NULL, 0, 0, 0 },
};

const struct unit_type *
roster_type(const struct roster *ro, const char *name)
{
	for (const struct unit_type *t = ro->types; t != NULL && t->name != NULL; t++)
		if (name != NULL && strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

const char *
roster_arm(const struct roster *ro, const char *type)
{
	const struct unit_type *t = roster_type(ro, type);

	return t != NULL ? t->arm : NULL;
}

const char *
roster_kind(const struct roster *ro, const char *type)
{
	const struct unit_type *t = roster_type(ro, type);

	return t != NULL ? t->kind : NULL;
}

int
roster_is(const struct roster *ro, const char *type, const char *arm,
    const char *kind)
{
	const struct unit_type *t = roster_type(ro, type);

	if (t == NULL || strcmp(t->arm, arm) != 0)
		return 0;
	return kind == NULL || strcmp(t->kind != NULL ? t->kind : "", kind) == 0;
}

const char *
roster_type_names(const struct roster *ro, char *buf, size_t n)
{
	struct text_line l;

	line_init(&l, buf, n);
	for (const struct unit_type *t = ro->types; t != NULL && t->name != NULL; t++) {
		if (t != ro->types)
			line_char(&l, '|');
		line_text(&l, t->name, 0);
	}
	return buf;
}

const struct cmd_hooks *
roster_hooks(const struct roster *ro, const char *command)
{
	static const struct cmd_hooks none = { .command = NULL };

	for (const struct cmd_hooks *h = ro->hooks; h != NULL && h->command != NULL; h++)
		if (strcmp(h->command, command) == 0)
			return h;
	return &none;
}

struct sheet_cell
sheet_int(long n)
{
	return (struct sheet_cell){ .kind = CELL_INT, .n = n };
}

struct sheet_cell
sheet_number(double d)
{
	return (struct sheet_cell){ .kind = CELL_NUMBER, .d = d };
}

struct sheet_cell
sheet_modifier(double d)
{
	return (struct sheet_cell){ .kind = CELL_MODIFIER, .d = d };
}

struct sheet_cell
sheet_word(const char *word)
{
	struct sheet_cell c = { .kind = word != NULL ? CELL_WORD : CELL_EMPTY };

	text_copy(c.word, sizeof c.word, word != NULL ? word : "");
	return c;
}

struct sheet_cell
sheet_fraction(long n, long of)
{
	return (struct sheet_cell){ .kind = CELL_FRACTION, .n = n, .of = of };
}

/* Cell COL of v becomes c (past the last it is not kept). */
static void
view_cell(struct unit_view *v, int col, struct sheet_cell c)
{
	if (col >= 0 && col < VIEW_CELLS)
		v->cells[col] = c;
}

void
view_int(struct unit_view *v, int col, long n)
{
	view_cell(v, col, sheet_int(n));
}

void
view_number(struct unit_view *v, int col, double d)
{
	view_cell(v, col, sheet_number(d));
}

void
view_word(struct unit_view *v, int col, const char *word)
{
	view_cell(v, col, sheet_word(word));
}

void
view_fraction(struct unit_view *v, int col, long n, long of)
{
	view_cell(v, col, sheet_fraction(n, of));
}

/* The values SAY places: its "{}". */
static int
fact_places(const char *say)
{
	int n = 0;

	for (const char *p = strstr(say, "{}"); p != NULL; p = strstr(p + 2, "{}"))
		n++;
	return n;
}

/* Room for one more fact in *facts (*n of *room kept): 0, or -1 when
 * there is no memory. */
static int
fact_room(struct sheet_fact **facts, int *n, int *room)
{
	struct sheet_fact *grown;
	int more = *room > 0 ? 2 * *room : 4;

	if (*n < *room)
		return 0;
	if ((grown = realloc(*facts, (size_t)more * sizeof *grown)) == NULL)
		return -1;
	*facts = grown;
	*room = more;
	return 0;
}

/* Adds the fact SAY with its N values (ap) after the *n in *facts. */
static void
add_fact(struct sheet_fact **facts, int *n, int *room, struct result *r,
    const char *say, int nvalues, va_list ap)
{
	struct sheet_fact *f;

	if (nvalues != fact_places(say)) {
		result_fail(r, RULE_BUG, "the sheet's fact '%s' is given %d value%s", say,
		    nvalues, nvalues == 1 ? "" : "s");
		return;
	}
	if (fact_room(facts, n, room) != 0) {
		r->no_memory = 1;
		return;
	}
	f = &(*facts)[*n];
	f->say = say;
	f->nvalues = nvalues;
	f->values = NULL;
	if (nvalues > 0 && (f->values = malloc((size_t)nvalues * sizeof *f->values)) == NULL) {
		r->no_memory = 1;
		return;
	}
	for (int i = 0; i < nvalues; i++)
		f->values[i] = va_arg(ap, struct sheet_cell);
	(*n)++;
}

static void
free_facts(struct sheet_fact **facts, int *n, int *room)
{
	for (int i = 0; i < *n; i++)
		free((*facts)[i].values);
	free(*facts);
	*facts = NULL;
	*n = *room = 0;
}

void
view_fact(struct unit_view *v, struct result *r, const char *say, int n, ...)
{
	va_list ap;

	va_start(ap, n);
	add_fact(&v->facts, &v->nfacts, &v->facts_room, r, say, n, ap);
	va_end(ap);
}

void
view_free(struct unit_view *v)
{
	free_facts(&v->facts, &v->nfacts, &v->facts_room);
}

void
standing_fact(struct standing_view *s, struct result *r, const char *say, int n, ...)
{
	va_list ap;

	va_start(ap, n);
	add_fact(&s->facts, &s->nfacts, &s->facts_room, r, say, n, ap);
	va_end(ap);
}

void
standing_free(struct standing_view *s)
{
	free_facts(&s->facts, &s->nfacts, &s->facts_room);
}

const struct sheet_column *
roster_columns(const struct roster *ro)
{
	return ro->columns != NULL ? ro->columns : no_columns;
}

int
roster_rate(const struct roster *ro, const struct tableset *ts, const char *type,
    const struct inputs *ratings, long *start, double *cost, struct result *r)
{
	*start = 0;
	*cost = 0;
	return ro->rate != NULL ? ro->rate(ts, type, ratings, start, cost, r) : RULE_OK;
}

const char *
roster_formation(const struct roster *ro, const struct unit *u)
{
	const struct word_decl *list = ro->keeps.formations;

	if (u->formation || list == NULL || list[0].word == NULL)
		return NULL;
	/* A unit with none of a measure that counts down (fury's leaders:
	 * a general and his staff, no stands) stands in no formation. */
	if (ro->keeps.counts_down && u->start_strength == 0 && u->tactical[0] == '\0')
		return NULL;
	return u->tactical[0] != '\0' ? u->tactical : roster_type_formation(ro, u->type);
}

const char *
roster_type_formation(const struct roster *ro, const char *type)
{
	const struct unit_type *t = roster_type(ro, type);
	const struct word_decl *list = ro->keeps.formations;

	if (t != NULL && t->formation != NULL)
		return t->formation;
	return list != NULL ? list[0].word : NULL;
}

const struct counter_decl *
roster_loss_counter(const struct roster *ro)
{
	for (const struct counter_decl *c = ro->keeps.counters;
	    c != NULL && c->name != NULL; c++)
		if (c->loss)
			return c;
	return NULL;
}

long
roster_unit_loss(const struct roster *ro, const struct unit *u)
{
	const struct counter_decl *c = roster_loss_counter(ro);
	long in_state;

	if (u->formation)
		return 0;
	if (c == NULL)
		return unit_lost_here(u);
	in_state = c->state != NULL && strcmp(u->state, c->state) == 0;
	/* One that came in destroyed was lost in an earlier battle. */
	return u->brought_out ? in_state - 1 : in_state;
}

long
roster_unit_start(const struct roster *ro, const struct unit *u)
{
	const struct keeps *k = &ro->keeps;

	if (u->formation)
		return 0;
	if (roster_loss_counter(ro) != NULL)
		return !u->brought_out;
	if (k->counts_down)
		return unit_start(u);
	return u->start_strength > 0 ? u->start_strength :
	    k->ledgers != NULL ? k->ledgers[0].band_start : 0;
}

const char *
ruleset_loss_word(const struct ruleset *rs)
{
	const struct counter_decl *c = roster_loss_counter(rs->roster);

	return c != NULL && c->word != NULL ? c->word : rs->measure;
}

const char *
ruleset_measure_words(const struct ruleset *rs, long n)
{
	const char *one = rs->roster->keeps.measure_one;

	return (n == 1 || n == -1) && one != NULL ? one : rs->measure;
}

const char *
ruleset_loss_words(const struct ruleset *rs, long n)
{
	const struct counter_decl *c = roster_loss_counter(rs->roster);

	if (c == NULL || c->word == NULL)
		return ruleset_measure_words(rs, n);
	return (n == 1 || n == -1) && c->one != NULL ? c->one : c->word;
}

const struct input_decl *
roster_formation_inputs(const struct roster *ro)
{
	return ro->formation_inputs != NULL ? ro->formation_inputs :
	    default_formation_inputs;
}

const char *
ruleset_names(void)
{
	static char names[256];	/* made again each time: a rule set may be added */

	names[0] = '\0';
	for (int i = 0; all[i] != NULL; i++)
		snprintf(names + strlen(names), sizeof names - strlen(names),
		    "%s%s", i ? ", " : "", all[i]->name);
	return names;
}

const struct ruleset *const *
ruleset_all(void)
{
	return (const struct ruleset *const *)all;
}

const struct ruleset *
ruleset_find(const char *name)
{
	for (int i = 0; all[i] != NULL; i++)
		if (strcasecmp(all[i]->name, name) == 0)	/* Brigade, 2X2 */
			return all[i];
	return NULL;
}

const struct rule_cmd *
ruleset_cmd(const struct ruleset *rs, const char *name)
{
	for (const struct rule_cmd *c = rs->cmds; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

const struct error *
ruling_error(const struct result *r, const struct dice *d)
{
	return r->error.text[0] != '\0' ? &r->error : &d->error;
}

const struct table *
rule_table(const struct tableset *ts, const char *ruleset, const char *name,
    struct result *r)
{
	const struct table *t = ts->find(ts->ctx, ruleset, name);

	if (t == NULL)
		result_fail(r, RULE_DATA, "the %s rules have no table '%s'",
		    ruleset, name);
	return t;
}

double
rule_cell(const struct table *t, int row, const char *col, struct result *r)
{
	double v;

	if (t == NULL)
		return 0;
	if (row < 0 || table_number(t, row, col, &v) != 0) {
		result_fail(r, RULE_DATA, "the %s table ('%s') has no number %s%s%s under '%s'",
		    t->title, t->name, row >= 0 ? "in row " : "",
		    row >= 0 ? table_cell(t, row, 0) : "where it is needed",
		    "", col);
		return 0;
	}
	return v;
}

int
rule_memo_find(const struct result *r, const struct table *t, const char *name,
    double *v)
{
	const struct rule_memo *m = r->memo;

	for (int i = 0; m != NULL && i < m->nvalues; i++)
		if (m->value[i].t == t && strcmp(m->value[i].name, name) == 0) {
			*v = m->value[i].v;
			return 0;
		}
	return -1;
}

void
rule_memo_keep(struct result *r, const struct table *t, const char *name, double v)
{
	struct rule_memo *m = r->memo;

	if (m != NULL && m->nvalues < RULE_MEMO && strlen(name) < RULE_MEMO_KEY) {
		m->value[m->nvalues].t = t;
		text_copy(m->value[m->nvalues].name, RULE_MEMO_KEY, name);
		m->value[m->nvalues++].v = v;
	}
}

double
rule_value(const struct tableset *ts, const char *ruleset, const char *table,
    const char *name, struct result *r)
{
	const struct table *t = rule_table(ts, ruleset, table, r);
	int row;
	double v;

	if (t == NULL)
		return 0;
	if (rule_memo_find(r, t, name, &v) == 0)
		return v;
	row = table_row(t, "name", name);
	if (row < 0 || table_number(t, row, "value", &v) != 0) {
		result_fail(r, RULE_DATA, "the %s table ('%s') has no number for '%s'",
		    t->title, t->name, name);
		return 0;
	}
	rule_memo_keep(r, t, name, v);
	return v;
}

long
rule_count(const struct tableset *ts, const char *ruleset, const char *table,
    const char *name, struct result *r)
{
	double v = rule_value(ts, ruleset, table, name, r);

	if (v != (double)(long)v) {
		result_fail(r, RULE_DATA, "the %s rules' '%s' in table '%s' is %g, not a whole number",
		    ruleset, name, table, v);
		return 0;
	}
	return (long)v;
}

enum mod_kind
rule_modifier(const struct table *t, const char *name, const char *applies,
    double *value)
{
	int name_col = table_col(t, "name"), applies_col = table_col(t, "applies");

	for (int row = 0; name_col >= 0 && row < t->nrows; row++) {
		const char *a;

		if (strcmp(table_cell(t, row, name_col), name) != 0)
			continue;
		a = applies_col >= 0 ? table_cell(t, row, applies_col) : "";
		if (applies_col >= 0 && applies != NULL && strcmp(a, "all") != 0 &&
		    !choice_has(a, applies))
			continue;
		if (strcmp(table_text(t, row, "value"), "forbid") == 0)
			return MOD_FORBID;
		if (table_number(t, row, "value", value) != 0)
			return MOD_MISSING;
		return MOD_NUMBER;
	}
	return MOD_MISSING;
}

const char *
rule_mod_help(const struct table *t, const char *name)
{
	int row = table_row(t, "name", name);

	return row < 0 ? name : table_text(t, row, "help");
}

int
rule_refused(struct result *r, struct dice *d, const char *what, const char *why)
{
	result_forbid(r, "%s", why);
	result_summary(r, "%s: %s", what, why);
	dice_end_early(d);
	return RULE_OK;
}

const char *
rule_forbids(const struct inputs *in, const char *opt, const struct table *t,
    const char *applies)
{
	struct in_item it;
	double value;

	for (int i = 0; in_item(in, opt, i, &it); i++)
		if (rule_modifier(t, it.name, applies, &value) == MOD_FORBID)
			return rule_mod_help(t, it.name);
	return NULL;
}

static void
record_mod(struct result *r, const char *prefix, const char *name, double v)
{
	char full[RESULT_NAME];

	if (r->quiet)		/* weighing odds: the modifiers are not kept */
		return;
	if (prefix != NULL)
		snprintf(full, sizeof full, "%s:%s", prefix, name);
	else
		text_copy(full, sizeof full, name);
	result_mod(r, full, v);
}

/* The index of the memo's entry for these modifiers, or -1. */
static int
memo_find(const struct rule_memo *m, const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per)
{
	for (int i = 0; i < m->nmods; i++)
		if (m->mods[i].in == in && m->mods[i].t == t && m->mods[i].per == per &&
		    strcmp(m->mods[i].opt, opt) == 0 &&
		    strcmp(m->mods[i].applies, applies != NULL ? applies : "") == 0)
			return i;
	return -1;
}

/* Keeps what the modifiers came to, when the memo has room for them. */
static void
memo_keep(struct rule_memo *m, const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, long sum,
    const char *forbid)
{
	if (m->nmods == RULE_MEMO || strlen(opt) >= RULE_MEMO_KEY ||
	    (applies != NULL && strlen(applies) >= RULE_MEMO_KEY))
		return;
	m->mods[m->nmods].in = in;
	m->mods[m->nmods].t = t;
	text_copy(m->mods[m->nmods].opt, RULE_MEMO_KEY, opt);
	text_copy(m->mods[m->nmods].applies, RULE_MEMO_KEY, applies != NULL ? applies : "");
	m->mods[m->nmods].per = per;
	m->mods[m->nmods].sum = sum;
	m->mods[m->nmods++].forbid = forbid;
}

static const char *named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r);

const char *
rule_named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r)
{
	struct rule_memo *m = r->memo;
	long before = *total;
	int failed = r->error.code, i;
	const char *forbid;

	if (m == NULL)
		return named_mods(in, opt, t, applies, per, prefix, total, r);
	if ((i = memo_find(m, in, opt, t, applies, per)) >= 0) {
		*total += m->mods[i].sum;
		return m->mods[i].forbid;
	}
	forbid = named_mods(in, opt, t, applies, per, prefix, total, r);
	if (r->error.code == failed)
		memo_keep(m, in, opt, t, applies, per, *total - before, forbid);
	return forbid;
}

static const char *
named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r)
{
	const char *forbid = NULL;
	struct in_item it;

	for (int i = 0; in_item(in, opt, i, &it); i++) {
		long times = it.value != NULL ? it.n : 1;
		double value;

		switch (rule_modifier(t, it.name, applies, &value)) {
		case MOD_FORBID:
			if (forbid == NULL)
				forbid = rule_mod_help(t, it.name);
			break;
		case MOD_NUMBER:
			if (value != (double)(long)value) {
				result_fail(r, RULE_DATA, "modifier '%s' of the %s table is %g, not a whole number",
				    it.name, t->name, value);
				break;
			}
			*total += (long)value * per * times;
			record_mod(r, prefix, it.name, value * (double)(per * times));
			break;
		case MOD_MISSING:
			result_work(r, "%s does not apply to %s: ignored", it.name,
			    applies != NULL ? applies : "this ruling");
			break;
		}
	}
	return forbid;
}

void
rule_auto_mod(const struct table *t, const char *name, const char *applies,
    long per, const char *prefix, long *total, struct result *r)
{
	double v;

	switch (rule_modifier(t, name, applies, &v)) {
	case MOD_NUMBER:
		if (v != (double)(long)v) {
			result_fail(r, RULE_DATA, "modifier '%s' of the %s table is %g, not a whole number",
			    name, t->name, v);
			return;
		}
		*total += (long)v * per;
		record_mod(r, prefix, name, v * (double)per);
		return;
	case MOD_MISSING:
		if (table_row(t, "name", name) < 0)
			result_fail(r, RULE_DATA, "the %s table has no modifier '%s'",
			    t->name, name);
		return;
	case MOD_FORBID:
		return;
	}
}

const char *
rule_formation_refused(const struct tableset *ts, const char *ruleset,
    const char *type, const char *word, struct result *r)
{
	const struct table *t = ts->find(ts->ctx, ruleset, "formations");
	int row = t != NULL && word != NULL ? table_row(t, "formation", word) : -1;
	const char *types;

	if (t == NULL && r != NULL)
		rule_table(ts, ruleset, "formations", r);	/* fails r */
	if (row < 0 || type == NULL)
		return NULL;
	types = table_text(t, row, "types");
	return strcmp(types, "any") == 0 || choice_has(types, type) ? NULL :
	    table_text(t, row, "help");
}

int
rule_mod_formation(const struct tableset *ts, const char *ruleset,
    const struct inputs *in, const char *opt, const char *mod, const char *word,
    const char *who, const char *type, struct result *r)
{
	const char *why;

	if (!in_mod(in, opt, mod) ||
	    (why = rule_formation_refused(ts, ruleset, type, word, r)) == NULL)
		return r->error.code ? r->error.code : RULE_OK;
	return result_fail(r, RULE_DATA, "--%s %s: the %s is %s, and %s", opt, mod, who,
	    type, why);
}

int
standing_knows(const struct standing_for *who, const char *side)
{
	return who == NULL || who->side == NULL || strcmp(who->side, side) == 0;
}

int
standing_counts(const struct standing_for *who)
{
	return who == NULL || who->side == NULL || who->counts;
}
