/* keep: the one engine that keeps a ruling's effects (see keep.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "keep.h"
#include "text.h"

/* Consequences of consequences go no deeper than this. */
#define KEEP_DEPTH 4

int
keeps_ledger(const struct keeps *k, const char *name)
{
	for (int i = 0; k->ledgers != NULL && k->ledgers[i].name != NULL; i++)
		if (strcmp(k->ledgers[i].name, name) == 0)
			return i;
	return -1;
}

const struct word_decl *
keeps_word(const struct word_decl *list, const char *word)
{
	for (; list != NULL && list->word != NULL; list++)
		if (strcmp(list->word, word) == 0)
			return list;
	return NULL;
}

int
keeps_same_word(const char *word, const char *typed)
{
	for (; *word != '\0' && *typed != '\0'; word++, typed++) {
		int a = strchr(" -_", *word) != NULL ? ' ' : tolower((unsigned char)*word);
		int b = strchr(" -_", *typed) != NULL ? ' ' : tolower((unsigned char)*typed);

		if (a != b)
			return 0;
	}
	return *word == *typed;
}

const struct word_decl *
keeps_word_typed(const struct word_decl *list, const char *typed)
{
	for (; list != NULL && list->word != NULL; list++)
		if (keeps_same_word(list->word, typed))
			return list;
	return NULL;
}

const char *
keeps_flag_said(const struct word_decl *list, const char *flag)
{
	const struct word_decl *d = keeps_word(list, flag);

	return d != NULL && d->said != NULL ? d->said : flag;
}

int
keeps_severity(const struct keeps *k, const char *word)
{
	int i = 0;

	for (; k->states != NULL && k->states[i].word != NULL; i++)
		if (word != NULL && strcmp(k->states[i].word, word) == 0)
			return i + 1;
	return word == NULL ? i : 0;
}

const struct counter_decl *
keeps_cost_counter(const struct keeps *k)
{
	for (const struct counter_decl *c = k->counters; c != NULL && c->name != NULL; c++)
		if (c->of_cost)
			return c;
	return NULL;
}

const char *
keeps_words(const struct word_decl *list, char *buf, size_t n)
{
	struct text_line l;

	line_init(&l, buf, n);
	for (int i = 0; list != NULL && list[i].word != NULL; i++) {
		if (i > 0)
			line_char(&l, '|');
		line_text(&l, list[i].word, 0);
	}
	return buf;
}

/* Runs the rule set's consequence hook on an entry just kept. */
static void
follow(struct keeper *k, int ui, struct unit_effect *e)
{
	if (k->ro->consequence != NULL && k->depth < KEEP_DEPTH) {
		k->depth++;
		k->ro->consequence(k, ui, e);
		k->depth--;
	}
}

/* Adds an entry (NULL when the list is full: the ruling then fails). */
static struct unit_effect *
add(struct keeper *k, int ui, enum keep_kind kind, int ledger, const char *name,
    long amount)
{
	return effect_add(k->fx, ui, kind, ledger, name, amount);
}

/* Applies an entry to its unit as the journal will read it back, then
 * asks the rule set what follows. */
static void
apply(struct keeper *k, int ui, struct unit_effect *e)
{
	unit_apply_effect(k->ru->unit[ui], e, k->ru->turn);
	follow(k, ui, e);
}

/* "Kempt loses 2 figures (62 left)", "Piré takes 2 hit markers (3 now)". */
static void
ledger_note(const struct ledger_decl *d, const struct unit *u,
    struct unit_effect *e)
{
	long n = e->amount < 0 ? -e->amount : e->amount;
	const char *what = n == 1 ? d->one : d->word;

	if (d->tally != TALLY_SUM)
		return;
	if (d->of_start)
		snprintf(e->note, sizeof e->note, "%s %s %ld %s (%ld left)", u->name,
		    e->amount > 0 ? "loses" : "regains", n, what,
		    u->start_strength - e->total);
	else
		snprintf(e->note, sizeof e->note, "%s %s %ld %s (%ld now)", u->name,
		    e->amount > 0 ? "takes" : "removes", n, what, e->total);
}

/* The ledger NAME's index, failing the ruling when the rules keep none. */
static int
ledger_of(struct keeper *k, const char *name)
{
	int i = keeps_ledger(&k->ro->keeps, name);

	if (i < 0 || i >= UNIT_LEDGERS)
		result_fail(k->r, RULE_BUG, "the rules keep no ledger '%s'", name);
	return i < UNIT_LEDGERS ? i : -1;
}

struct unit_effect *
keep_change(struct keeper *k, int ui, const char *ledger, long amount,
    long long ref)
{
	const struct unit *u = k->ru->unit[ui];
	const struct ledger_decl *d;
	struct unit_effect *e;
	long now, next;
	int i;

	if ((i = ledger_of(k, ledger)) < 0)
		return NULL;
	d = &k->ro->keeps.ledgers[i];
	if (d->tally != TALLY_SUM)
		return keep_mark(k, ui, ledger, amount, 0, ref, NULL);
	now = u->ledger[i].total;
	next = now + amount;
	if (next < d->floor)
		next = d->floor;
	if (d->of_start && next > u->start_strength)
		next = u->start_strength > now ? u->start_strength : now;
	if (d->limit != NULL && next > d->limit(k->ts, u, k->r))
		next = d->limit(k->ts, u, k->r) > now ? d->limit(k->ts, u, k->r) : now;
	if (next == now || (e = add(k, ui, KEEP_LEDGER, i, d->name, next - now)) == NULL)
		return NULL;
	e->total = next;
	e->ref = ref;
	ledger_note(d, u, e);
	apply(k, ui, e);
	return e;
}

struct unit_effect *
keep_mark(struct keeper *k, int ui, const char *ledger, long mark, long total,
    long long ref, const char *word)
{
	const struct unit *u = k->ru->unit[ui];
	const struct ledger_decl *d;
	struct unit_effect *e;
	int i;

	if ((i = ledger_of(k, ledger)) < 0)
		return NULL;
	d = &k->ro->keeps.ledgers[i];
	if (d->tally == TALLY_SUM)
		return keep_change(k, ui, ledger, mark, ref);
	if ((e = add(k, ui, KEEP_LEDGER, i, word != NULL ? word : d->name, mark)) == NULL)
		return NULL;
	e->total = d->tally == TALLY_COUNT ? u->ledger[i].total + 1 : total;
	e->ref = ref;
	apply(k, ui, e);
	return e;
}

/* A word the rule set declares in LIST, failing the ruling otherwise. */
static int
declared(struct keeper *k, const struct word_decl *list, const char *what,
    const char *word)
{
	if (keeps_word(list, word) != NULL)
		return 1;
	result_fail(k->r, RULE_BUG, "the rules keep no %s '%s'", what, word);
	return 0;
}

struct unit_effect *
keep_state(struct keeper *k, int ui, const char *word, int only_worse)
{
	const struct keeps *kp = &k->ro->keeps;
	const struct unit *u = k->ru->unit[ui];
	struct unit_effect *e;
	char a[UNIT_WORD], b[UNIT_WORD];

	if (*word != '\0' && !declared(k, kp->states, "state", word))
		return NULL;
	if (strcmp(word, u->state) == 0 ||
	    (only_worse && keeps_severity(kp, word) <= keeps_severity(kp, u->state)))
		return NULL;
	if ((e = add(k, ui, KEEP_STATE, -1, word, 0)) == NULL)
		return NULL;
	text_copy(e->state, sizeof e->state, *word ? word : kp->good_state);
	if (*word != '\0')
		snprintf(e->note, sizeof e->note, "%s is now %s", u->name,
		    text_spoken(word, a, sizeof a));
	else
		snprintf(e->note, sizeof e->note, "%s is no longer %s", u->name,
		    text_spoken(u->state, b, sizeof b));
	apply(k, ui, e);
	return e;
}

/* Whether u holds FLAG, in force or not (a flag set again takes its
 * place). */
static int
holds_flag(const struct unit *u, const char *flag)
{
	for (int i = 0; i < u->nflags; i++)
		if (strcmp(u->flags[i], flag) == 0)
			return 1;
	return 0;
}

struct unit_effect *
keep_flag(struct keeper *k, int ui, const char *flag, int on, long moves)
{
	const struct unit *u = k->ru->unit[ui];
	const struct word_decl *d = keeps_word(k->ro->keeps.flags, flag);
	struct unit_effect *e;
	char w[UNIT_WORD];

	if (!declared(k, k->ro->keeps.flags, "flag", flag))
		return NULL;
	if ((moves == 0 || !on) && unit_flag(u, flag) == (on != 0))
		return NULL;
	if (on && u->nflags == UNIT_FLAGS && !holds_flag(u, flag)) {
		result_fail(k->r, RULE_BUG, "%s would hold more than %d flags at once",
		    u->name, UNIT_FLAGS);
		return NULL;
	}
	if ((e = add(k, ui, KEEP_FLAG, -1, flag, on != 0)) == NULL)
		return NULL;
	text_spoken(flag, w, sizeof w);
	if (on && moves > 0) {
		e->total = k->ru->turn + moves - 1;
		snprintf(e->note, sizeof e->note, "%s %s%s until the end of turn %ld",
		    u->name, d->said != NULL ? "" : "is ", d->said != NULL ? d->said : w,
		    e->total);
	} else if (d->said != NULL) {
		snprintf(e->note, sizeof e->note, "%s %s", u->name, on ? d->said : d->unsaid);
	} else {
		snprintf(e->note, sizeof e->note, "%s %s %s", u->name,
		    on ? "is now" : "is no longer", w);
	}
	apply(k, ui, e);
	return e;
}

struct unit_effect *
keep_formation(struct keeper *k, int ui, const char *word)
{
	const struct word_decl *list = k->ro->keeps.formations, *d;
	const struct unit *u = k->ru->unit[ui];
	const char *now = u->tactical[0] ? u->tactical : roster_type_formation(k->ro, u->type);
	struct unit_effect *e;
	char w[UNIT_WORD];

	if (!declared(k, list, "formation", word) || (now != NULL && strcmp(word, now) == 0) ||
	    (e = add(k, ui, KEEP_FORMATION, -1, word, 0)) == NULL)
		return NULL;
	/* (a formation said as a state of the unit: "is now limbered") */
	if ((d = keeps_word(list, word)) != NULL && d->said != NULL)
		snprintf(e->note, sizeof e->note, "%s %s", u->name, d->said);
	else
		snprintf(e->note, sizeof e->note, "%s is now in %s", u->name,
		    text_spoken(word, w, sizeof w));
	apply(k, ui, e);
	return e;
}

struct unit_effect *
keep_part(struct keeper *k, int ui, const char *word)
{
	struct unit_effect *e = add(k, ui, KEEP_PART, -1, word, 0);

	if (e != NULL)
		apply(k, ui, e);
	return e;
}

struct unit_effect *
keep_act(struct keeper *k, int ui, const char *word, long long ref, long lost)
{
	const struct unit *u = k->ru->unit[ui];
	struct unit_effect *e;

	/* the turn remembers an act once, by its first ruling */
	if (u->nacts == UNIT_ACTS && unit_act(u, word) == NULL) {
		result_fail(k->r, RULE_BUG, "%s would remember more than %d acts in a turn",
		    u->name, UNIT_ACTS);
		return NULL;
	}
	if ((e = add(k, ui, KEEP_ACT, -1, word, 1)) != NULL) {
		e->ref = ref;
		e->total = lost;
		apply(k, ui, e);
	}
	return e;
}

/* Keeps one effect of the result on the unit at ui. */
static void
keep_one(struct keeper *k, const struct effect *re, int ui)
{
	int ref = re->ref[0] != '\0' ? ruling_index(k->ru, re->ref) : -1;
	long long ref_id = ref >= 0 ? k->ru->unit[ref]->id : 0;

	if (strcmp(re->what, "state") == 0)
		keep_state(k, ui, re->word, re->amount != 0);
	else if (strcmp(re->what, "flag") == 0)
		keep_flag(k, ui, re->word, re->amount != 0, re->moves);
	else if (strcmp(re->what, "formation") == 0)
		keep_formation(k, ui, re->word);
	else if (strcmp(re->what, "part") == 0)
		keep_part(k, ui, re->word);
	else
		keep_mark(k, ui, re->what, re->amount, re->total, ref_id,
		    re->word[0] != '\0' ? re->word : NULL);
}

/* Every unit an effect's role names: "attacker", "attacker:2", or
 * "square-mates:*" for each unit in that role. */
static void
keep_effect(struct keeper *k, const struct effect *re)
{
	size_t len = strlen(re->role);
	int every = len > 2 && strcmp(re->role + len - 2, ":*") == 0, ui;

	if (!every) {
		if ((ui = ruling_index(k->ru, re->role)) >= 0)
			keep_one(k, re, ui);
		return;
	}
	for (int i = 0; i < k->ru->n; i++)
		if (strlen(k->ru->role[i]) == len - 2 &&
		    strncmp(k->ru->role[i], re->role, len - 2) == 0)
			keep_one(k, re, i);
}

int
keep_ruling(const struct roster *ro, const struct tableset *ts,
    struct ruling_units *ru, struct result *r, struct ruling_effects *fx)
{
	struct keeper k = { ro, ts, ru, fx, r, 0 };

	for (int i = 0; i < r->neffects && !r->error.code; i++)
		keep_effect(&k, &r->effects[i]);
	if (ro->settle != NULL && !r->error.code)
		ro->settle(&k);
	return r->error.code ? r->error.code : RULE_OK;
}
