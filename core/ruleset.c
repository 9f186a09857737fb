/* ruleset: the registry of rule sets and helpers they share. */
#include <string.h>

#include "ruleset.h"

const char *const ruleset_commands[] = {
	"fire", "melee", "morale", "rally", "fatigue", "move", NULL
};

static const struct ruleset *const all[] = {
	&ruleset_brigade, &ruleset_squares, &ruleset_fury, &ruleset_2x2,
	&ruleset_ohw, NULL
};

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

double
rule_constant(const struct table *t, const char *name, double def)
{
	int row = table_row(t, "name", name);
	double v;

	if (row < 0 || table_number(t, row, "value", &v) != 0)
		return def;
	return v;
}
