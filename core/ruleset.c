/* ruleset: the registry of rule sets and helpers they share. */
#include <stdio.h>
#include <string.h>

#include "ruleset.h"

const char *const ruleset_commands[] = {
	"fire", "melee", "morale", "rally", "fatigue", "move", NULL
};

static const struct ruleset *const all[] = {
	&ruleset_brigade, &ruleset_squares, &ruleset_fury, &ruleset_2x2,
	&ruleset_ohw, NULL
};

static const struct input_decl default_formation_inputs[] = {
	{ "quality", IN_CHOICE, "good|average|poor", 0, 0, "good|average|poor",
	  NULL, NULL, "the formation's quality", 0 },
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units'", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

const struct input_decl *
roster_formation_inputs(const struct roster *ro)
{
	return ro->formation_inputs != NULL ? ro->formation_inputs :
	    default_formation_inputs;
}

const struct ruleset *const *
ruleset_all(void)
{
	return all;
}

const struct ruleset *
ruleset_find(const char *name)
{
	for (int i = 0; all[i] != NULL; i++)
		if (strcmp(all[i]->name, name) == 0)
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

enum mod_kind
rule_modifier(const struct table *t, const char *name, const char *applies,
    double *value)
{
	int has_applies = table_col(t, "applies") >= 0;

	for (int row = 0; row < t->nrows; row++) {
		const char *a;

		if (strcmp(table_text(t, row, "name"), name) != 0)
			continue;
		a = table_text(t, row, "applies");
		if (has_applies && applies != NULL && strcmp(a, "all") != 0 &&
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

const char *
rule_forbids(const struct inputs *in, const char *opt, const struct table *t,
    const char *applies)
{
	const struct input_value *v = inputs_get(in, opt);
	double value;

	for (int i = 0; v != NULL && i < v->nitems; i++)
		if (rule_modifier(t, v->items[i].name, applies, &value) == MOD_FORBID)
			return rule_mod_help(t, v->items[i].name);
	return NULL;
}

static void
record_mod(struct result *r, const char *prefix, const char *name, double v)
{
	char full[RESULT_NAME];

	if (prefix != NULL)
		snprintf(full, sizeof full, "%s:%s", prefix, name);
	else
		snprintf(full, sizeof full, "%s", name);
	result_mod(r, full, v);
}

const char *
rule_named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r)
{
	const struct input_value *v = inputs_get(in, opt);
	const char *forbid = NULL;

	for (int i = 0; v != NULL && i < v->nitems; i++) {
		const struct input_item *it = &v->items[i];
		long times = it->value != NULL ? it->n : 1;
		double value;

		switch (rule_modifier(t, it->name, applies, &value)) {
		case MOD_FORBID:
			if (forbid == NULL)
				forbid = rule_mod_help(t, it->name);
			break;
		case MOD_NUMBER:
			*total += (long)value * per * times;
			record_mod(r, prefix, it->name, value * (double)(per * times));
			break;
		case MOD_MISSING:
			result_work(r, "%s does not apply to %s: ignored", it->name,
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

	if (rule_modifier(t, name, applies, &v) == MOD_NUMBER) {
		*total += (long)v * per;
		record_mod(r, prefix, name, v * (double)per);
	}
}

double
rule_constant(const struct table *t, const char *name, double def)
{
	int row = table_row(t, "name", name);
	double v;

	if (row < 0 || table_number(t, row, "value", &v) != 0)
		return def;
	return v;
}
