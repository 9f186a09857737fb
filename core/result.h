/*
 * result: the one record an adjudication produces.  Rendering (text and
 * JSON) and recording (the journal) both read it.  It holds the result
 * fields of RULES.md as a JSON object, the modifiers applied, the working
 * as short lines, whether the action was legal, and the effects on the
 * units taking part (by role: "target", "attacker", ...).
 */
#ifndef UMPIRE_RESULT_H
#define UMPIRE_RESULT_H

#include "jsonw.h"

#define RESULT_MODS 48
#define RESULT_WORK 80
#define RESULT_LINE 240
#define RESULT_EFFECTS 64
#define RESULT_JSON 16384
#define RESULT_NAME 48

struct modifier {
	char name[RESULT_NAME];
	int has_value;
	double value;		/* the signed amount it added */
	int has_factor;
	double factor;		/* a multiplier (0.5, 2), when it is one */
};

enum effect_kind {
	EFFECT_LOSS,		/* lose amount of the rule set's measure */
	EFFECT_STATE,		/* the unit's state becomes `state` */
	EFFECT_FLAG,		/* set (amount 1) or clear (0) the flag `state` */
	EFFECT_PUSHBACK,	/* pushed back; amount is its number in the run */
	EFFECT_MELEE		/* a melee opened (amount 1) or closed (0) */
};

struct effect {
	char role[24];		/* the unit role the effect falls on */
	enum effect_kind kind;
	long amount;
	char state[32];
	long moves;		/* EFFECT_FLAG: the turns it lasts, 0 for good */
};

/* Return codes of the rule functions (the command layer maps them to
 * exit statuses, once). */
enum rule_status {
	RULE_OK = 0,
	RULE_USAGE = 1,		/* a missing or conflicting option */
	RULE_DATA = 2		/* a value the rules cannot take, bad dice, a
				 * rule table without the value asked for */
};

struct result {
	int legal;
	char reason[RESULT_LINE];
	char summary[RESULT_LINE];
	struct modifier mods[RESULT_MODS];
	int nmods;
	char work[RESULT_WORK][RESULT_LINE];
	int nwork;
	char json[RESULT_JSON];
	struct jsonw fields;	/* the `result` object, open until finished */
	struct effect effects[RESULT_EFFECTS];
	int neffects;
	char error[RESULT_LINE];	/* the sentence when a rule fails */
	int failed;		/* the first failure's status: once set, the
				 * ruling fails whatever its function returns */
	int overflow;		/* a list outgrew its room: the ruling fails */
	int quiet;		/* weighing odds: no working or summary is
				 * written (result_init keeps it) */
};

/* Clears r and opens its `result` object. */
void result_init(struct result *r);
/* Closes the `result` object; returns 0, or -1 if a buffer or list
 * overflowed. */
int result_finish(struct result *r);

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
 * the first failure is kept (r->failed). */
int result_fail(struct result *r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Adds an effect on the unit in role. */
void result_effect(struct result *r, const char *role, enum effect_kind kind,
    long amount, const char *state);
/* Sets flag FLAG on the unit in role for MOVES turns, this one included
 * (rallying for two moves). */
void result_flag_for(struct result *r, const char *role, const char *flag,
    long moves);

#endif
