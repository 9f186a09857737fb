/*
 * result: the one record an adjudication produces.  Rendering (text and
 * JSON) and recording (the journal) both read it.  It holds the result
 * fields of RULES.md as typed, named fields (numbers, words, flags, and
 * records and lists of them), the modifiers applied, the working as short
 * lines, whether the action was legal, and the effects on the units taking
 * part (by role: "target", "attacker", ...).  core fills it; cmd/ alone
 * writes it out as text or JSON; the odds read its fields as they are.
 */
#ifndef UMPIRE_RESULT_H
#define UMPIRE_RESULT_H

#include "error.h"

struct rule_memo;

#define RESULT_MODS 48
#define RESULT_LINE 240
#define RESULT_EFFECTS 64
#define RESULT_NAME 48
/* A key: a field's name, or a side's (2x2's standing counts its units
 * destroyed under each side's name: UNIT_SIDE). */
#define RESULT_KEY 64
#define RESULT_NAMED 32
/* The working lines, fields and words a result holds in itself; past
 * them (a ruling on every unit of a large army) they grow on the heap,
 * which result_free gives back. */
#define RESULT_WORK 80
#define RESULT_FIELDS 1024
#define RESULT_TEXT 16384

struct modifier {
	char name[RESULT_NAME];
	int has_value;
	double value;		/* the signed amount it added */
	int has_factor;
	double factor;		/* a multiplier (0.5, 2), when it is one */
};

#define EFFECT_ROLE 24
#define EFFECT_WORD 32

/*
 * What a ruling does to the unit in a role ("target"; "attacker:1" the
 * second attacker; "square-mates:*" every unit in that role): a change of
 * one of the ledgers its rule set declares, or one of the words every game
 * keeps.  core/keep.c applies it.
 */
struct effect {
	char role[EFFECT_ROLE];
	char what[EFFECT_WORD];	/* a declared ledger ("loss", "pushback"), or
				 * "state", "flag", "formation", "part" */
	long amount;		/* a ledger: its change (a counted ledger: its
				 * mark); a flag: set 1, clear 0; a state: 1
				 * when it replaces only a less severe one */
	long total;		/* a ledger kept as its latest word: its total */
	char word[EFFECT_WORD];	/* the state, flag, formation or part */
	long moves;		/* a flag: the turns it lasts, 0 for good */
	char ref[EFFECT_ROLE];	/* the role of the opposing unit, or "" */
};

enum field_type {
	FIELD_NULL,		/* written as null: the value does not apply */
	FIELD_INT,
	FIELD_NUMBER,		/* inches, a radius: may be fractional */
	FIELD_WORD,		/* an outcome, a state, a unit's name */
	FIELD_BOOL,
	FIELD_RECORD,		/* named fields of its own (fury's attacker) */
	FIELD_LIST		/* fields without names (squares' units) */
};

/* One field of a ruling's result.  Records and lists hold the fields
 * whose parent they are; a field's children follow it (and each other's
 * children) in r->field, in the order written. */
struct result_field {
	char key[RESULT_KEY];	/* "" for an element of a list */
	enum field_type type;
	int parent;		/* index of its record or list, -1 at the top */
	union {
		long n;		/* FIELD_INT; FIELD_BOOL: 0 or 1 */
		double d;	/* FIELD_NUMBER */
		int word;	/* FIELD_WORD: offset of its text in r->text */
	} v;
};

/* Return codes of the rule functions (the command layer maps them to
 * exit statuses, once). */
enum rule_status {
	RULE_OK = 0,
	RULE_USAGE = 1,		/* a missing or conflicting option */
	RULE_DATA = 2,		/* a value the rules cannot take, bad dice, a
				 * rule table without the value asked for */
	RULE_BUG = 3		/* the rule set broke its own declaration */
};

struct result {
	int legal;
	char reason[RESULT_LINE];
	char summary[RESULT_LINE];
	struct modifier mods[RESULT_MODS];
	int nmods;
	char (*work)[RESULT_LINE];	/* the working: work_in, or grown */
	int nwork, work_cap;
	struct result_field *field;	/* field_in, or grown */
	int nfields, field_cap;
	int open;		/* the record or list being written, or -1 */
	char *text;		/* the words of FIELD_WORD fields: text_in, or grown */
	int ntext, text_cap;
	char work_in[RESULT_WORK][RESULT_LINE];
	struct result_field field_in[RESULT_FIELDS];
	char text_in[RESULT_TEXT];
	struct effect effects[RESULT_EFFECTS];
	int neffects;
	struct error error;	/* the first failure: its status (enum
				 * rule_status) and sentence; once set, the
				 * ruling fails whatever its function returns */
	int overflow;		/* a line or key outgrew its room, a record was
				 * left open: the ruling fails */
	int no_memory;		/* the working, fields or words could not grow */
	int quiet;		/* weighing odds: no working, summary,
				 * modifier or effect is kept (set after
				 * result_init) */
	struct rule_memo *memo;	/* weighing odds: look-ups kept from run
				 * to run (ruleset.h), or NULL */
	struct {		/* in a game: the units' names by role */
		char role[EFFECT_ROLE];
		const char *name;
	} named[RESULT_NAMED];
	int nnamed;
};

/* Clears r for a ruling, quiet and memo too (odds set them after).  What
 * r grew on the heap before must have been given back (result_free). */
void result_init(struct result *r);
/* Gives back what r grew on the heap; r is cleared (result_init). */
void result_free(struct result *r);
/* Checks the record once the ruling is done; returns 0, or -1 if a key or
 * line overflowed, a record or list is still open, or (r->no_memory)
 * memory ran out. */
int result_finish(struct result *r);

/*
 * The result fields.  KEY names the field within its record (the top of
 * the result, or the record opened last); inside a list it is NULL.  A
 * key is copied; it must be shorter than RESULT_KEY.  Running out of room
 * sets r->overflow, and the ruling then fails.
 */
void result_int(struct result *r, const char *key, long v);
void result_number(struct result *r, const char *key, double v);
/* A word (copied); NULL writes a null field. */
void result_word(struct result *r, const char *key, const char *word);
void result_bool(struct result *r, const char *key, int v);
void result_null(struct result *r, const char *key);
/* Opens a record (named fields) or a list (unnamed ones); the fields that
 * follow go into it until result_close or result_list_end. */
void result_open(struct result *r, const char *key);
void result_close(struct result *r);
void result_list(struct result *r, const char *key);
void result_list_end(struct result *r);

/* The text of a FIELD_WORD field. */
const char *result_word_of(const struct result *r, const struct result_field *f);
/* The field KEY at the top of the result, or NULL. */
const struct result_field *result_top(const struct result *r, const char *key);

/* Records a modifier that added value. */
void result_mod(struct result *r, const char *name, double value);
/* Records a modifier that multiplied by factor. */
void result_factor(struct result *r, const char *name, double factor);
/* Adds a line of working. */
void result_work(struct result *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Sets the one-line summary. */
void result_summary(struct result *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Gives the reason a ruling had no effect (out of range); still legal. */
void result_reason(struct result *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Marks the action forbidden by the rules, with the reason. */
void result_forbid(struct result *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Sets the error sentence and returns code, for `return result_fail(...)`;
 * the first failure is kept (r->error). */
int result_fail(struct result *r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A change of AMOUNT to ledger LEDGER of the unit in ROLE. */
void result_ledger(struct result *r, const char *role, const char *ledger,
    long amount);
/* A mark on a counted or latest-word ledger, against the unit in REF
 * (a push back numbered in its run; a melee round left open), with a word
 * for its rule set to tell (or NULL). */
void result_mark(struct result *r, const char *role, const char *ledger,
    long mark, long total, const char *ref, const char *word);
/* The unit's state becomes WORD ("" for none); when ONLY_WORSE, only a
 * less severe state is replaced. */
void result_state(struct result *r, const char *role, const char *word,
    int only_worse);
/* Sets (ON 1) or clears (0) flag FLAG of the unit, for good. */
void result_flag(struct result *r, const char *role, const char *flag, int on);
/* Sets flag FLAG on the unit in role for MOVES turns, this one included
 * (rallying for two moves). */
void result_flag_for(struct result *r, const char *role, const char *flag,
    long moves);
/* The unit takes up tactical formation WORD (forms square). */
void result_formation(struct result *r, const char *role, const char *word);
/* A record of what befell a part of the unit or the unit itself (a
 * leader hit, a retreat), for its rule set to tell. */
void result_part(struct result *r, const char *role, const char *word);

/* In a game, a fill says which unit plays ROLE ("attacker:1", the second
 * attacker; NAME must outlast the ruling), so that the working names it;
 * result_named gives the name, or NULL (no game: the working says what
 * the unit is instead). */
void result_name(struct result *r, const char *role, const char *name);
const char *result_named(const struct result *r, const char *role);

#endif
