/*
 * inputs: each command of each rule set declares its inputs in a table;
 * one generic parser turns "--name value" pairs into filled values and
 * rejects what the declaration does not allow, with the sentence and exit
 * status of CLI.md.  --help is generated from the same declarations.
 */
#ifndef UMPIRE_INPUTS_H
#define UMPIRE_INPUTS_H

#include <stddef.h>

#include "table.h"

enum input_kind {
	IN_FLAG,		/* --moving */
	IN_COUNT,		/* a whole number in [min, max] */
	IN_COUNTS,		/* a comma list of whole numbers in [min, max] */
	IN_DISTANCE,		/* inches, decimals or a unit suffix */
	IN_NUMBER,		/* a plain decimal in [min, max] */
	IN_CHOICE,		/* one word of `choices` */
	IN_MODS,		/* modifier names from the table `table` */
	IN_UNIT,		/* a unit of the game: the stateful form */
	IN_TEXT			/* free text */
};

/* May be given more than once (units, lists of names). */
#define IN_REPEAT 0x1
/* A unit option that does not by itself make a ruling stateful (units
 * passed, square mates): stateless, it is text the rule set reads. */
#define IN_SECONDARY 0x2
/* A unit option that names a formation (fury fatigue). */
#define IN_FORMATION 0x4
/* An option that makes a ruling stateful by itself (fury fatigue --every). */
#define IN_GAME 0x8
/* With IN_FORMATION: a unit or a formation (ohw fatigue). */
#define IN_EITHER 0x10

struct input_decl {
	const char *name;	/* option name without the dashes */
	enum input_kind kind;
	const char *arg;	/* what the help shows after the name */
	long min, max;		/* IN_COUNT, IN_COUNTS, IN_NUMBER */
	const char *choices;	/* IN_CHOICE: "musket|rifle" */
	const char *def;	/* default, as typed; NULL for none */
	const char *table;	/* IN_MODS: the modifier table's name */
	const char *help;
	int flags;
};

#define INPUTS_MAX 48
#define INPUT_ITEMS 32
#define INPUT_STORE 8192

struct input_item {
	const char *name;	/* a modifier name, unit name, list element */
	const char *value;	/* a modifier's "=V", or NULL */
	long n;			/* IN_COUNTS: the number */
};

struct input_value {
	const struct input_decl *decl;
	int given;		/* typed on the command line */
	int set;		/* given, or filled from the default */
	const char *text;	/* as typed (or the default) */
	long n;
	double d;
	struct input_item items[INPUT_ITEMS];
	int nitems;
};

#define INPUT_POSITIONALS 8

struct inputs {
	const char *ruleset;
	const char *command;
	int allow_positional;	/* game keeping: NAME, N ... */
	const char *pos[INPUT_POSITIONALS];
	int npos;
	int n;
	struct input_value v[INPUTS_MAX];
	char store[INPUT_STORE];
	size_t used;
	char error[240];
};

/*
 * Parses argv against decls (and the extra declarations, which may be
 * NULL; each array ends with a zero entry).  Option names are checked first
 * (64 for an unknown or incomplete option), then values (65 for a value the
 * declaration does not allow; modifier names are checked against their
 * tables in ts).  Returns 0, 64 or 65 with in->error set to one sentence.
 */
int inputs_parse(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv, const struct tableset *ts);

/*
 * Parses the options of a game-keeping command: like inputs_parse, but
 * arguments that are not options are kept in in->pos (at most
 * INPUT_POSITIONALS) and no modifier table is consulted.
 */
int inputs_parse_command(struct inputs *in, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv);

/* The value of option NAME, or NULL if it is not declared. */
const struct input_value *inputs_get(const struct inputs *in,
    const char *name);
/* True when NAME was typed. */
int in_given(const struct inputs *in, const char *name);
/* True when the flag NAME was typed. */
int in_flag(const struct inputs *in, const char *name);
/* The whole number of NAME (typed or default), 0 if unset. */
long in_count(const struct inputs *in, const char *name);
/* The distance or decimal of NAME (typed or default), 0 if unset. */
double in_number(const struct inputs *in, const char *name);
/* The text of NAME (typed or default), NULL if unset. */
const char *in_text(const struct inputs *in, const char *name);
/* True when the choice NAME is set to WORD. */
int in_is(const struct inputs *in, const char *name, const char *word);
/* The modifier MOD named in option OPT, or NULL. */
const struct input_item *in_mod(const struct inputs *in, const char *opt,
    const char *mod);

/*
 * Adds a value to option NAME as if it had been typed (the stateful form
 * fills inputs from a unit).  Returns 0, or -1 if NAME is not declared or
 * the value is not valid (in->error set).
 */
int inputs_fill(struct inputs *in, const char *name, const char *value);

/* Fills option NAME with V unless it was typed (or V is NULL): a stored
 * value a typed option overrides. */
void inputs_default(struct inputs *in, const char *name, const char *v);

/* Adds modifier MOD to option OPT unless it is already named (a modifier
 * is applied at most once, whether named or implied by a rating). */
void inputs_add_mod(struct inputs *in, const char *opt, const char *mod);

/* Forgets what option NAME was given (to fill it anew). */
void inputs_clear(struct inputs *in, const char *name);

/* True when `word` is one of the '|'-separated `choices`. */
int choice_has(const char *choices, const char *word);

#endif
