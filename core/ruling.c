/* ruling: the units of a stateful ruling and the effects on them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

int
unit_flag(const struct unit *u, const char *name)
{
	for (int i = 0; i < u->nflags; i++)
		if (strcmp(u->flags[i], name) == 0)
			return 1;
	return 0;
}

int
ruling_index(const struct ruling_units *ru, const char *role)
{
	const char *colon = strchr(role, ':');
	size_t len = colon != NULL ? (size_t)(colon - role) : strlen(role);
	long nth = colon != NULL ? strtol(colon + 1, NULL, 10) : 0;

	for (int i = 0; i < ru->n; i++)
		if (strlen(ru->role[i]) == len && strncmp(ru->role[i], role, len) == 0 &&
		    nth-- == 0)
			return i;
	return -1;
}

int
ruling_under(struct unit *const *all, int n, const struct unit *u,
    long long formation)
{
	for (long long p = u->parent; p != 0;) {
		int found = 0;

		if (p == formation)
			return 1;
		for (int i = 0; i < n && !found; i++)
			if (all[i]->id == p) {
				p = all[i]->parent;
				found = 1;
			}
		if (!found)
			return 0;
	}
	return 0;
}

struct unit *
ruling_unit(const struct ruling_units *ru, const char *role)
{
	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->role[i], role) == 0)
			return ru->unit[i];
	return NULL;
}

struct unit_effect *
effect_add(struct ruling_effects *fx, int unit, enum ledger ledger,
    const char *name, long amount)
{
	struct unit_effect *e;

	if (fx->n == RULING_EFFECTS)
		return NULL;
	e = &fx->e[fx->n++];
	memset(e, 0, sizeof *e);
	e->unit = unit;
	e->ledger = ledger;
	snprintf(e->name, sizeof e->name, "%s", name != NULL ? name : "");
	e->amount = amount;
	return e;
}
