/*
 * squares: the look-ups every ruling of the rule set shares (a threshold,
 * a die named).  They stand apart from the command list (squares.c),
 * which names the assault and morale that call them, so that no file
 * calls back into one that calls it.
 */
#include "squares.h"

long
squares_threshold(const struct tableset *ts, const char *name, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "thresholds", r);

	return t != NULL ? (long)rule_cell(t, table_row(t, "name", name), "min", r) : 0;
}

enum die_kind
squares_die_of(const char *s)
{
	enum die_kind k = DIE_D6;

	die_parse(s, &k);
	return k;
}
