/* acts: the engine of the turn's memory (see acts.h). */
#include <stdio.h>
#include <string.h>

#include "text.h"
#include "acts.h"

const struct act_decl *
acts_decl(const struct keeps *k, const char *word)
{
	for (const struct act_decl *d = k->acts; d != NULL && d->word != NULL; d++)
		if (strcmp(d->word, word) == 0)
			return d;
	return NULL;
}

/* The unit of rule RULE's role in the ruling that meets its conditions:
 * its type, and the type of the unit it is against. */
static const struct unit *
unit_for(const struct act_rule *rule, const struct ruling_units *ru)
{
	const struct unit *u = ruling_unit(ru, rule->role), *other;

	if (u == NULL || (rule->type != NULL && strcmp(u->type, rule->type) != 0))
		return NULL;
	if (rule->other == NULL)
		return u;
	other = ruling_unit(ru, rule->other);
	if (other == NULL || (rule->other_type != NULL && strcmp(other->type, rule->other_type) != 0))
		return NULL;
	return u;
}

const char *
acts_standing_word(const struct act_rule *rule)
{
	if (strncmp(rule->act, "flag:", 5) == 0)
		return rule->act + 5;
	if (strncmp(rule->act, "formation:", 10) == 0)
		return rule->act + 10;
	return NULL;
}

/* The act of this turn (or, "flag:WORD", the flag in force; or
 * "formation:WORD", the tactical formation u stands in) a rule asks of u:
 * *act the act (NULL for a flag or a formation); 0 when u has neither. */
static int
holds(const struct act_rule *rule, const struct unit *u, const struct unit_act **act)
{
	*act = NULL;
	if (strncmp(rule->act, "flag:", 5) == 0)
		return unit_flag(u, rule->act + 5);
	if (strncmp(rule->act, "formation:", 10) == 0)
		return strcmp(u->tactical, rule->act + 10) == 0;
	*act = unit_act(u, rule->act);
	return *act != NULL;
}

int
acts_imply(const struct keeps *k, const char *command,
    const struct ruling_units *ru, struct inputs *in, struct acts_implied *imp)
{
	imp->n = 0;
	for (const struct act_rule *rule = k->act_rules; rule != NULL && rule->act != NULL; rule++) {
		const struct unit_act *act;
		const struct unit *u;
		int rc;

		if (strcmp(rule->command, command) != 0 || (u = unit_for(rule, ru)) == NULL ||
		    !holds(rule, u, &act))
			continue;
		if ((rc = inputs_add_mod(in, rule->opt, rule->mod)) != INPUTS_OK)
			return rc;
		if (imp->n < ACTS_IMPLIED) {
			imp->v[imp->n].rule = rule;
			imp->v[imp->n].unit = u;
			imp->v[imp->n].act = act;
			imp->n++;
		}
	}
	return RULE_OK;
}

/* "(brigade.txt l.128; Kempt changed formation in event #3)" */
static void
source_of(const struct keeps *k, const struct acts_implied *imp, int i, char *buf,
    size_t n)
{
	const struct act_decl *d;
	char w[UNIT_WORD];

	if (imp->v[i].act == NULL) {
		snprintf(buf, n, " (%s; %s is %s)", imp->v[i].rule->rule, imp->v[i].unit->name,
		    text_spoken(acts_standing_word(imp->v[i].rule), w, sizeof w));
		return;
	}
	d = acts_decl(k, imp->v[i].act->word);
	snprintf(buf, n, " (%s; %s %s in event #%lld)", imp->v[i].rule->rule,
	    imp->v[i].unit->name, d != NULL && d->said != NULL ? d->said :
	    text_spoken(imp->v[i].act->word, w, sizeof w), imp->v[i].act->event);
}

/* Appends s to buf, cut to fit. */
static void
append(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);

	if (len + 1 < n)
		snprintf(buf + len, n - len, "%s", s);
}

int
acts_explain(const struct keeps *k, const struct acts_implied *imp,
    const struct tableset *ts, const char *ruleset, const struct inputs *in,
    struct result *r)
{
	char source[RESULT_LINE];

	if (r->legal)
		return 0;
	for (int i = 0; i < imp->n; i++) {
		const struct input_value *v = inputs_get(in, imp->v[i].rule->opt);
		const struct table *t = v != NULL && v->decl->detail != NULL ?
		    ts->find(ts->ctx, ruleset, v->decl->detail) : NULL;

		/* (the rule set may have said more after the modifier's words) */
		if (t == NULL || strncmp(r->reason, rule_mod_help(t, imp->v[i].rule->mod),
		    strlen(rule_mod_help(t, imp->v[i].rule->mod))) != 0)
			continue;
		source_of(k, imp, i, source, sizeof source);
		append(r->reason, sizeof r->reason, source);
		append(r->summary, sizeof r->summary, source);
		return 1;
	}
	return 0;
}

/* True when the ruling kept an effect of KIND on unit ui (named NAME,
 * when not NULL). */
static int
kept(const struct keeper *k, int ui, enum keep_kind kind, const char *name)
{
	for (int i = 0; i < k->fx->n; i++) {
		const struct unit_effect *e = ruling_effect(k->fx, i);

		if (e->unit == ui && e->kind == kind && (name == NULL || strcmp(e->name, name) == 0))
			return 1;
	}
	return 0;
}

/* True when the first unit of another role than ui's is of TYPE (fire
 * by small arms: the firer is infantry). */
static int
other_is(const struct ruling_units *ru, int ui, const char *type)
{
	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->role[i], ru->role[ui]) != 0)
			return strcmp(ru->unit[i]->type, type) == 0;
	return 0;
}

/* Whether act d's condition holds for unit ui of the ruling. */
static int
done(const struct act_decl *d, const struct keeper *k, int ui, const struct inputs *in)
{
	if (d->when == NULL)
		return 1;
	if (strcmp(d->when, "formation") == 0)
		return kept(k, ui, KEEP_FORMATION, NULL);
	if (strncmp(d->when, "part:", 5) == 0)
		return kept(k, ui, KEEP_PART, d->when + 5);
	if (strncmp(d->when, "other:", 6) == 0)
		return other_is(k->ru, ui, d->when + 6);
	if (strncmp(d->when, "option:", 7) == 0) {
		const struct input_value *v = inputs_get(in, d->when + 7);

		return v != NULL && v->given && (v->decl->kind != IN_FLAG || v->n != 0) &&
		    (v->decl->kind != IN_COUNT || v->n != 0);
	}
	return 0;
}

/* What unit ui lost of its measure in the ruling. */
static long
measure_lost(const struct keeper *k, int ui)
{
	long lost = 0;

	for (int i = 0; i < k->fx->n; i++) {
		const struct unit_effect *e = ruling_effect(k->fx, i);

		if (e->unit == ui && e->kind == KEEP_LEDGER && e->ledger == 0)
			lost += e->amount;
	}
	return lost;
}

/* The unit the act of ui is done against: the first of another role. */
static long long
other_of(const struct ruling_units *ru, int ui)
{
	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->role[i], ru->role[ui]) != 0)
			return ru->unit[i]->id;
	return 0;
}

/* True when ACT is one of the '|' list ENDS. */
static int
ends_with(const char *ends, const char *act)
{
	size_t n = strlen(act);

	for (const char *p = ends; p != NULL; p = strchr(p, '|'), p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, act, n) == 0 && (p[n] == '\0' || p[n] == '|'))
			return 1;
	return 0;
}

/* Clears every obligation of unit ui that ACT discharges. */
static void
discharge(struct keeper *k, int ui, const char *act)
{
	const struct unit *u = k->ru->unit[ui];

	for (int f = 0; f < u->nflags; f++) {
		const struct word_decl *d = keeps_word(k->ro->keeps.flags, u->flags[f]);
		char flag[UNIT_WORD];

		/* (an obligation this very ruling left stays) */
		if (d == NULL || d->ends == NULL || !ends_with(d->ends, act) ||
		    !unit_flag_in_force(u, f) || kept(k, ui, KEEP_FLAG, u->flags[f]))
			continue;
		text_copy(flag, sizeof flag, u->flags[f--]);	/* it leaves the list */
		keep_flag(k, ui, flag, 0, 0);
	}
}

void
acts_keep(struct keeper *k, const char *command, const struct inputs *in)
{
	const struct keeps *kp = &k->ro->keeps;

	if (!k->r->legal)
		return;
	for (const struct act_decl *d = kp->acts; d != NULL && d->word != NULL; d++) {
		if (strcmp(d->command, command) != 0)
			continue;
		for (int ui = 0; ui < k->ru->n; ui++)
			if (strcmp(k->ru->role[ui], d->role) == 0 && done(d, k, ui, in)) {
				keep_act(k, ui, d->word, other_of(k->ru, ui), measure_lost(k, ui));
				discharge(k, ui, d->word);
			}
	}
}

void
acts_may_not(const struct keeps *k, const struct unit *u,
    int (*forbids)(void *ctx, const struct act_rule *rule), void *ctx,
    void (*fn)(void *ctx, const struct act_rule *rule, const struct unit_act *act))
{
	for (const struct act_rule *rule = k->act_rules; rule != NULL && rule->act != NULL; rule++) {
		const struct unit_act *act;

		if (rule->may_not == NULL || (rule->type != NULL && strcmp(u->type, rule->type) != 0) ||
		    !holds(rule, u, &act) || !forbids(ctx, rule))
			continue;
		fn(ctx, rule, act);
	}
}
