/*
 * ruleset: the engine interface every rule set implements.  A rule set is
 * a name and a list of commands; each command declares its inputs, says
 * what dice it takes, and adjudicates: tables + inputs + dice -> result.
 * No I/O, no SQLite, no printing, no globals.
 */
#ifndef UMPIRE_RULESET_H
#define UMPIRE_RULESET_H

#include "dice.h"
#include "inputs.h"
#include "result.h"
#include "table.h"

/*
 * Adjudicates one ruling.  Takes its dice from d in the documented order,
 * fills r, and returns RULE_OK, or RULE_USAGE / RULE_DATA with r->error
 * set (or, for dice, d->error).
 */
typedef int (*adjudicate_fn)(const struct tableset *ts,
    const struct inputs *in, struct dice *d, struct result *r);

struct rule_cmd {
	const char *name;	/* fire, melee, morale, rally, fatigue, move */
	const char *summary;	/* one line for --help */
	const char *undefined;	/* set when the text defines no such command */
	const struct input_decl *inputs;
	const char *dice;	/* the dice taken, in order, for --help */
	adjudicate_fn adjudicate;	/* NULL: not implemented yet */
};

struct ruleset {
	const char *name;	/* brigade, squares, fury, 2x2, ohw */
	const char *title;
	const char *measure;	/* figures, hits, stands, states, fatigue points */
	const struct rule_cmd *cmds;	/* ends with a NULL name */
};

/* The five adjudication commands, in the order of CLI.md, NULL-ended. */
extern const char *const ruleset_commands[];

/* The rule set NAME, or NULL. */
const struct ruleset *ruleset_find(const char *name);
/* All rule sets, NULL-ended. */
const struct ruleset *const *ruleset_all(void);
/* The command NAME of rs, or NULL. */
const struct rule_cmd *ruleset_cmd(const struct ruleset *rs,
    const char *name);

/*
 * Looks up table NAME of RULESET in ts; when it is missing, sets r->error
 * and returns NULL.
 */
const struct table *rule_table(const struct tableset *ts,
    const char *ruleset, const char *name, struct result *r);

/* What a modifier row says. */
enum mod_kind {
	MOD_MISSING = -1,	/* no such row */
	MOD_NUMBER = 0,		/* value holds its number */
	MOD_FORBID = 1		/* the action is forbidden */
};

/*
 * The modifier NAME of a modifier table: its number in *value, or that it
 * forbids the action.  When the table has an `applies` column, only rows
 * whose applies list holds APPLIES (or "all") match.
 */
enum mod_kind rule_modifier(const struct table *t, const char *name,
    const char *applies, double *value);

/* A number from a name,value table ("constants"); def when missing. */
double rule_constant(const struct table *t, const char *name, double def);

extern const struct ruleset ruleset_brigade;
extern const struct ruleset ruleset_squares;
extern const struct ruleset ruleset_fury;
extern const struct ruleset ruleset_2x2;
extern const struct ruleset ruleset_ohw;

#endif
