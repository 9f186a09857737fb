/*
 * acts: the one engine of the turn's memory (CLI.md "The turn, as the
 * rules run it").  A rule set declares the acts a unit does in a turn, the
 * obligations a result leaves (flags with a `must`), and what an act or a
 * flag makes true in a later ruling (struct act_rule: a modifier of the
 * command's table, a number for a consequence, 'forbid' for a
 * prohibition).  The caller loads each unit's acts of the turn from the
 * journal in force; this engine implies the modifiers into a ruling, says
 * which earlier event a refusal comes from, keeps the acts a ruling did,
 * and tells what each unit did, must do and may not do.  Pure: no I/O.
 */
#ifndef UMPIRE_ACTS_H
#define UMPIRE_ACTS_H

#include "keep.h"

/* What the turn implied into one ruling. */
#define ACTS_IMPLIED 32

struct acts_implied {
	struct {
		const struct act_rule *rule;
		const struct unit *unit;
		const struct unit_act *act;	/* NULL: a flag in force */
	} v[ACTS_IMPLIED];
	int n;
};

/*
 * Adds to IN the modifiers that the acts of this turn and the flags in
 * force of the units of RU make true for COMMAND (k's act_rules), each
 * noted in *imp.  Returns RULE_OK, or the inputs' failure.
 */
int acts_imply(const struct keeps *k, const char *command,
    const struct ruling_units *ru, struct inputs *in, struct acts_implied *imp);

/*
 * When r was refused for a modifier the turn implied (its reason is the
 * modifier's help in the table its option names, in TS), appends to the
 * reason and the summary the rule and the event that did the act
 * ("(brigade.txt l.128; Kempt changed formation in event #3)").  Returns
 * 1 when it did.
 */
int acts_explain(const struct keeps *k, const struct acts_implied *imp,
    const struct tableset *ts, const char *ruleset, const struct inputs *in,
    struct result *r);

/*
 * Keeps the acts a ruling of COMMAND did for the units of its roles (a
 * legal ruling only: a refused act was not done) into the keeper's
 * effects, after the ruling's own, and clears each obligation an act
 * discharges.
 */
void acts_keep(struct keeper *k, const char *command, const struct inputs *in);

/* The word a rule asks of a unit that is not an act of the turn: after
 * "flag:" the flag in force, after "formation:" the formation it stands
 * in ("limbered"); NULL for an act. */
const char *acts_standing_word(const struct act_rule *rule);

/* The act declared as WORD, or NULL. */
const struct act_decl *acts_decl(const struct keeps *k, const char *word);

/* What unit u may not do now, as `turn` tells it: calls fn with each
 * act_rule that says so (may_not) whose act u did this turn (or whose
 * flag is set), with the act behind it (NULL: a flag), when FORBIDS says
 * the game's table still forbids it (a house rule may make it a number). */
void acts_may_not(const struct keeps *k, const struct unit *u,
    int (*forbids)(void *ctx, const struct act_rule *rule), void *ctx,
    void (*fn)(void *ctx, const struct act_rule *rule, const struct unit_act *act));

#endif
