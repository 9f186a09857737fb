/*
 * keep: the one engine that keeps a ruling's effects in a game.  It turns
 * each effect of a result into journal entries on the units named, by the
 * rule set's declaration (struct keeps): a ledger's change with its
 * running total, within the ledger's floor and the unit's start; a state
 * replacing a less severe one; a flag set for good or for some turns; a
 * tactical formation; a record of a part.  It skips what changes nothing,
 * writes each entry's sentence, applies it to the unit as the journal will
 * read it back, and asks the rule set what follows.  Pure: no I/O.
 */
#ifndef UMPIRE_KEEP_H
#define UMPIRE_KEEP_H

#include "ruleset.h"

/* A ruling being kept: what the rule set's hooks are handed. */
struct keeper {
	const struct roster *ro;
	const struct tableset *ts;
	struct ruling_units *ru;
	struct ruling_effects *fx;
	struct result *r;	/* a failure here fails the ruling */
	int depth;		/* consequences of consequences, bounded */
};

/*
 * Keeps every effect of r on the units of ru into fx, then the rule set's
 * settle hook.  Returns RULE_OK, or the failure (an effect on a ledger or
 * word the rule set does not declare is a bug: RULE_DATA with r->error).
 */
int keep_ruling(const struct roster *ro, const struct tableset *ts,
    struct ruling_units *ru, struct result *r, struct ruling_effects *fx);

/*
 * Keeps one entry on unit ui of the ruling, as keep_ruling does for an
 * effect of the result (for hooks that draw consequences).  Each returns
 * the entry kept, or NULL when it changes nothing or the list is full.
 */
struct unit_effect *keep_change(struct keeper *k, int ui, const char *ledger,
    long amount, long long ref);
struct unit_effect *keep_mark(struct keeper *k, int ui, const char *ledger,
    long mark, long total, long long ref, const char *word);
struct unit_effect *keep_state(struct keeper *k, int ui, const char *word,
    int only_worse);
struct unit_effect *keep_flag(struct keeper *k, int ui, const char *flag,
    int on, long moves);
struct unit_effect *keep_formation(struct keeper *k, int ui, const char *word);
struct unit_effect *keep_part(struct keeper *k, int ui, const char *word);
/* An act of the turn (struct act_decl), against the unit with id REF,
 * in which the unit lost LOST of its measure. */
struct unit_effect *keep_act(struct keeper *k, int ui, const char *word, long long ref,
    long lost);

#endif
