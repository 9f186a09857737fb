/* ruling: the army, the units of a stateful ruling and the effects on them. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "unit.h"

int
unit_flag(const struct unit *u, const char *name)
{
	for (int i = 0; i < u->nflags; i++)
		if (strcmp(u->flags[i], name) == 0)
			return !u->flag_over[i];
	return 0;
}

int
unit_flag_in_force(const struct unit *u, int i)
{
	return i >= 0 && i < u->nflags && !u->flag_over[i];
}

const struct unit_act *
unit_act(const struct unit *u, const char *word)
{
	for (int i = 0; i < u->nacts; i++)
		if (strcmp(u->acts[i].word, word) == 0)
			return &u->acts[i];
	return NULL;
}

void
unit_add_act(struct unit *u, const char *word, long long event, long long ref,
    long lost)
{
	struct unit_act *a = (struct unit_act *)unit_act(u, word);

	if (a != NULL) {	/* the first of the turn names it */
		a->lost += lost;
		return;
	}
	if (u->nacts == UNIT_ACTS)
		return;	/* not reached: every act came through keep_act,
			 * which refuses a ruling past UNIT_ACTS */
	a = &u->acts[u->nacts++];
	text_copy(a->word, sizeof a->word, word);
	a->event = event;
	a->ref = ref;
	a->lost = lost;
}

const struct unit *
army_find(const struct army *a, long long id)
{
	int lo = 0, hi = a->n - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (a->u[mid].id == id)
			return &a->u[mid];
		if (a->u[mid].id < id)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

void
army_link(struct army *a)
{
	for (int i = 0; i < a->n; i++) {
		const struct unit *p = a->u[i].parent != 0 ?
		    army_find(a, a->u[i].parent) : NULL;

		a->u[i].up = p != NULL ? (int)(p - a->u) : -1;
	}
}

int
army_under(const struct army *a, const struct unit *u, long long id)
{
	/* The tree is acyclic (db refuses a formation inside itself); the
	 * bound guards a damaged file all the same. */
	for (int up = u->up, steps = 0; up >= 0 && steps < a->n; steps++) {
		if (a->u[up].id == id)
			return 1;
		up = a->u[up].up;
	}
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

const char *
keep_kind_name(enum keep_kind k)
{
	static const char *const kinds[] = {
		[KEEP_LEDGER] = "ledger", [KEEP_STATE] = "state", [KEEP_FLAG] = "flag",
		[KEEP_FORMATION] = "formation", [KEEP_PART] = "part", [KEEP_ACT] = "act",
	};

	return kinds[k];
}

/* Makes room for one more of n items of size `size` in *items (capacity
 * *cap, doubled): 0, or -1 out of memory (nothing changed). */
static int
grow(void **items, int n, int *cap, size_t size)
{
	int want = *cap > 0 ? *cap * 2 : 16;
	void *p;

	if (n < *cap)
		return 0;
	if (*cap > INT_MAX / 2 || (p = realloc(*items, (size_t)want * size)) == NULL)
		return -1;
	*items = p;
	*cap = want;
	return 0;
}

int
ruling_enlist(struct ruling_units *ru, struct unit *u, const char *role,
    struct ruling_effects *fx)
{
	int units_cap = ru->cap, roles_cap = ru->cap;
	void *units = ru->unit, *roles = ru->role;

	for (int i = 0; i < ru->n; i++)
		if (ru->unit[i] == u)
			return i;
	/* Both arrays grow to the same capacity, or the ruling fails. */
	if (grow(&units, ru->n, &units_cap, sizeof *ru->unit) != 0) {
		fx->no_memory = 1;
		return -1;
	}
	ru->unit = units;
	if (grow(&roles, ru->n, &roles_cap, sizeof *ru->role) != 0) {
		fx->no_memory = 1;
		return -1;
	}
	ru->role = roles;
	ru->cap = units_cap;
	ru->unit[ru->n] = u;
	ru->role[ru->n] = role;
	return ru->n++;
}

void
ruling_units_free(struct ruling_units *ru)
{
	free(ru->unit);
	free(ru->role);
	ru->unit = NULL;
	ru->role = NULL;
	ru->n = ru->cap = 0;
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
ruling_effect(const struct ruling_effects *fx, int i)
{
	return &fx->block[i / EFFECT_BLOCK][i % EFFECT_BLOCK];
}

/* Room for one more effect: a new block when the last is full.  0, or -1
 * out of memory. */
static int
effect_room(struct ruling_effects *fx)
{
	struct unit_effect **blocks;

	if (fx->n < fx->nblocks * EFFECT_BLOCK)
		return 0;
	if (fx->nblocks >= INT_MAX / EFFECT_BLOCK - 1 ||
	    (blocks = realloc(fx->block, (size_t)(fx->nblocks + 1) * sizeof *blocks)) == NULL)
		return -1;
	fx->block = blocks;
	if ((blocks[fx->nblocks] = malloc(EFFECT_BLOCK * sizeof **blocks)) == NULL)
		return -1;
	fx->nblocks++;
	return 0;
}

struct unit_effect *
effect_add(struct ruling_effects *fx, int unit, enum keep_kind kind, int ledger,
    const char *name, long amount)
{
	struct unit_effect *e;

	if (effect_room(fx) != 0) {
		fx->no_memory = 1;
		return NULL;
	}
	e = ruling_effect(fx, fx->n++);
	memset(e, 0, sizeof *e);
	e->unit = unit;
	e->kind = kind;
	e->ledger = ledger;
	text_copy(e->name, sizeof e->name, name != NULL ? name : "");
	e->amount = amount;
	return e;
}

void
ruling_effects_free(struct ruling_effects *fx)
{
	for (int i = 0; i < fx->nblocks; i++)
		free(fx->block[i]);
	free(fx->block);
	memset(fx, 0, sizeof *fx);
}

/* Removes flag i of u. */
static void
drop_flag(struct unit *u, int i)
{
	memmove(u->flags[i], u->flags[i + 1], (size_t)(u->nflags - i - 1) * UNIT_WORD);
	memmove(&u->flag_until[i], &u->flag_until[i + 1],
	    (size_t)(u->nflags - i - 1) * sizeof u->flag_until[0]);
	memmove(&u->flag_over[i], &u->flag_over[i + 1],
	    (size_t)(u->nflags - i - 1) * sizeof u->flag_over[0]);
	u->nflags--;
}

/* Sets (until the turn UNTIL, 0 for good) or clears flag NAME on u.  The
 * flags stay in the order they were last set, as the journal gives them
 * back. */
static void
set_flag(struct unit *u, const char *name, int on, long until)
{
	for (int i = 0; i < u->nflags; i++)
		if (strcmp(u->flags[i], name) == 0) {
			drop_flag(u, i);
			break;
		}
	/* keep_flag refuses a ruling that would pass UNIT_FLAGS */
	if (on && u->nflags < UNIT_FLAGS) {
		u->flag_until[u->nflags] = until;
		u->flag_over[u->nflags] = 0;
		text_copy(u->flags[u->nflags++], UNIT_WORD, name);
	}
}

void
army_expire_flags(struct army *a)
{
	for (int k = 0; k < a->n; k++) {
		struct unit *u = &a->u[k];

		for (int i = 0; i < u->nflags; i++)
			u->flag_over[i] = u->flag_until[i] > 0 && u->flag_until[i] < a->turn;
	}
}

void
unit_apply_effect(struct unit *u, const struct unit_effect *e, long turn)
{
	struct ledger_value *l;

	switch (e->kind) {
	case KEEP_LEDGER:
		if (e->ledger < 0 || e->ledger >= UNIT_LEDGERS)
			return;
		l = &u->ledger[e->ledger];
		l->total = e->total;
		l->amount = e->amount;
		l->turn = turn;
		l->ref = e->ref;
		break;
	case KEEP_STATE:
		text_copy(u->state, sizeof u->state, e->name);
		break;
	case KEEP_FLAG:
		set_flag(u, e->name, e->amount != 0, e->total);
		break;
	case KEEP_FORMATION:
		text_copy(u->tactical, sizeof u->tactical, e->name);
		break;
	case KEEP_PART:
		break;
	case KEEP_ACT:
		unit_add_act(u, e->name, 0, e->ref, e->total);
		break;
	}
}
