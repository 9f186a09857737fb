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
#include "unit.h"

/*
 * Adjudicates one ruling.  Takes its dice from d in the documented order,
 * fills r, and returns RULE_OK, or RULE_USAGE / RULE_DATA with r->error
 * set (or, for dice, d->error).
 */
typedef int (*adjudicate_fn)(const struct tableset *ts,
    const struct inputs *in, struct dice *d, struct result *r);

struct odds;

/* A rule set's own exact odds of a command, where enumerating its dice
 * would take too long (squares assaults): fills o (odds_add, odds_finish). */
typedef int (*odds_fn)(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r);

struct rule_cmd {
	const char *name;	/* fire, melee, morale, rally, fatigue, move */
	const char *summary;	/* one line for --help */
	const char *undefined;	/* set when the text defines no such command */
	const struct input_decl *inputs;
	const char *dice;	/* the dice taken, in order, for --help */
	adjudicate_fn adjudicate;	/* NULL: not implemented yet */
	odds_fn odds;		/* NULL: the odds enumerate the dice */
};

/* How a unit of the game looks on the casualty sheet. */
#define VIEW_LINES 40
#define VIEW_LINE 160
#define VIEW_JSON 8192
#define VIEW_CELLS 8
#define VIEW_CELL 48

struct unit_view {
	char state[UNIT_WORD];	/* its state word: ok, halt, broken, ... */
	long strength;		/* what is left of the measure */
	char cells[VIEW_CELLS][VIEW_CELL];	/* the roster's sheet columns */
	char lines[VIEW_LINES][VIEW_LINE];	/* text lines under the unit */
	int nlines;
	char json[VIEW_JSON];	/* the rule set's own fields of its sheet
				 * object (members of an open object) */
	struct jsonw w;
};

/* Where a sheet column shows. */
enum {
	SHEET_BOTH,
	SHEET_TEXT,		/* the text sheet only */
	SHEET_CSV		/* the CSV sheet only */
};

/* A column of the casualty sheet after the unit's name and type. */
struct sheet_column {
	const char *head;	/* the text sheet's heading */
	const char *key;	/* the CSV column */
	int width;		/* text width: > 0 right-aligned, < 0 left, 0 as is */
	int gap;		/* spaces before it */
	int where;		/* SHEET_BOTH, SHEET_TEXT or SHEET_CSV */
};

/*
 * The order of battle and the stateful form of a rule set.  All pure: the
 * caller reads units from the game and records the effects.
 */
struct roster {
	const char *unit_types;		/* --type of a unit: "infantry|..." */
	const char *formation_types;	/* --type of a formation */
	const struct input_decl *inputs;	/* the rating options */
	/* Checks the ratings of a unit of TYPE; sets its starting strength
	 * and its army-list cost (0 where the rules have none). */
	int (*rate)(const struct tableset *ts, const char *type,
	    const struct inputs *ratings, long *start, double *cost,
	    struct result *r);
	/* Fills COMMAND's inputs from the units in their roles; options
	 * the umpire typed are kept (they override the stored values). */
	int (*fill)(const struct tableset *ts, const char *command,
	    const struct ruling_units *ru, struct inputs *in, struct result *r);
	/* Turns the result's role effects into effects on the units; may add
	 * result fields and working lines (r is still open), and may enlist
	 * more of the army's units when the rules reach them. */
	int (*apply)(const struct tableset *ts, const char *command,
	    struct ruling_units *ru, const struct inputs *in,
	    struct result *r, struct ruling_effects *fx);
	/* How unit u of army a looks on the sheet. */
	void (*view)(const struct tableset *ts, const struct army *a,
	    const struct unit *u, struct unit_view *v, struct result *r);
	/* The options of `new` for this rule set (stored with the game). */
	const struct input_decl *game_inputs;
	/* The game's standing (who has lost) from every unit: JSON members
	 * into w, and a sentence when a side has lost (else ""). NULL when
	 * the rules have no such state. */
	void (*standing)(const struct tableset *ts, const struct inputs *options,
	    const struct army *a, struct jsonw *w, char *sentence, size_t len,
	    struct result *r);
	/* The rating options of a formation (fury --quality, ohw
	 * --break-percent); NULL when formations have none. */
	const struct input_decl *formation_inputs;
	/* The sheet's columns after name and type, ending with a NULL head. */
	const struct sheet_column *columns;
	/* adjust: the option naming the measure (figures, stands, hits, fp)
	 * and whether the measure counts down (a strength) or up (damage). */
	const char *measure_option;
	int counts_down;
	/* adjust --state: the state words the rules keep (the state ledger),
	 * the flags they set and clear, and the word for a unit with neither
	 * ("good_order", "ok"), which clears them. */
	const char *states;
	const char *flags;
	const char *good_state;
	/* A word the rules never use for a unit type: the message when it is
	 * given (brigade: "the brigade is the unit"), or NULL. */
	const char *not_a_type;
	const char *not_a_type_message;
};

struct ruleset {
	const char *name;	/* brigade, squares, fury, 2x2, ohw */
	const char *title;
	const char *measure;	/* figures, hits, stands, states, fatigue points */
	const struct rule_cmd *cmds;	/* ends with a NULL name */
	const struct roster *roster;	/* NULL: no game keeping yet */
};

/* A formation's rating options: the rule set's own, else quality and
 * break-percent (CLI.md lists them for every rule set; kept, unused). */
const struct input_decl *roster_formation_inputs(const struct roster *ro);

/* The five adjudication commands, in the order of CLI.md, NULL-ended. */
extern const char *const ruleset_commands[];

/* "brigade, squares, fury, 2x2, ohw": the rule sets' names, for messages. */
const char *ruleset_names(void);

/* The rule set NAME, or NULL. */
const struct ruleset *ruleset_find(const char *name);
/* All rule sets, NULL-ended. */
const struct ruleset *const *ruleset_all(void);
/* The command NAME of rs, or NULL. */
const struct rule_cmd *ruleset_cmd(const struct ruleset *rs,
    const char *name);

/*
 * Looks up table NAME of RULESET in ts; when it is missing, fails r (the
 * failure sticks: the ruling fails) and returns NULL.
 */
const struct table *rule_table(const struct tableset *ts,
    const char *ruleset, const char *name, struct result *r);

/*
 * The one way to read a rule value: the number in row NAME of a
 * name,value table.  A missing table, row or number fails r loudly (the
 * stock table is the only default) and gives 0.
 */
double rule_value(const struct tableset *ts, const char *ruleset,
    const char *table, const char *name, struct result *r);
/* rule_value as a whole number. */
long rule_count(const struct tableset *ts, const char *ruleset,
    const char *table, const char *name, struct result *r);
/* The number in ROW under COL of T, failing r loudly when it is not one. */
double rule_cell(const struct table *t, int row, const char *col,
    struct result *r);

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

/* The help text of modifier NAME in T (for reasons), or NAME. */
const char *rule_mod_help(const struct table *t, const char *name);

/* A ruling the rules forbid: WHY as the ruling's reason, "WHAT: WHY" as
 * its summary, and no more dice.  Returns RULE_OK (a forbidden action is
 * a ruling, not an error). */
int rule_refused(struct result *r, struct dice *d, const char *what,
    const char *why);

/* The help text of the first modifier named in OPT that forbids the
 * action (rows applying to APPLIES), or NULL. */
const char *rule_forbids(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies);

/*
 * Adds the modifiers named in OPT from table T (rows that apply to
 * APPLIES), each value times PER (and times N for a NAME=N modifier), to
 * *total, recording each in r as PREFIX:NAME (or NAME when PREFIX is
 * NULL).  Modifier values are whole numbers (the tables declare them so).
 * Returns the help text of a named modifier that forbids the action, or
 * NULL.
 */
const char *rule_named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r);

/*
 * What the rule look-ups found, kept while the odds weigh one question
 * (r->memo): the modifiers named and the tables do not change from one
 * run of the ruling to the next, so each list of modifiers
 * (rule_named_mods) and each named value (rule_value) is looked up once,
 * not once a run.  Keys are copied; what does not fit is looked up again.
 */
#define RULE_MEMO 16
#define RULE_MEMO_KEY 32

struct rule_memo {
	struct {
		const struct inputs *in;
		const struct table *t;
		char opt[RULE_MEMO_KEY], applies[RULE_MEMO_KEY];	/* "": NULL */
		long per;
		long sum;		/* what the list added to *total */
		const char *forbid;	/* into the table */
	} mods[RULE_MEMO];
	int nmods;
	struct {
		const struct table *t;
		char name[RULE_MEMO_KEY];
		double v;
	} value[RULE_MEMO];
	int nvalues;
};

/* Adds the modifier NAME of T (one umpire applies itself), times PER;
 * a missing row fails r. */
void rule_auto_mod(const struct table *t, const char *name,
    const char *applies, long per, const char *prefix, long *total,
    struct result *r);

extern const struct ruleset ruleset_brigade;
extern const struct ruleset ruleset_squares;
extern const struct ruleset ruleset_fury;
extern const struct ruleset ruleset_2x2;
extern const struct ruleset ruleset_ohw;

#endif
