/*
 * brigade: the Asquith & Spires Napoleonic Brigade Rules (Mark 9).
 * Private to core/brigade/: the shared look-ups of the Melee/Firing
 * Table and the commands' adjudicate functions.
 */
#ifndef UMPIRE_BRIGADE_H
#define UMPIRE_BRIGADE_H

#include "ruleset.h"

#define BRIGADE "brigade"

/*
 * Direct read (artillery, rockets): the casualties in ROW of the
 * Melee/Firing Table under the average die's column.  Rows past the end are
 * split into blocks of the table's length and added (brigade-table.md).
 * Returns RULE_OK and *casualties, or an error with r->error set.
 */
int brigade_direct(const struct tableset *ts, long row, int die,
    struct result *r, long *casualties);

/*
 * Carry back (infantry fire, melee): row = figures, take the number in the
 * last column, use it as the new row, read the die's column.  Sets
 * *carried to the new row and *casualties.
 */
int brigade_carry_back(const struct tableset *ts, long figures, int die,
    struct result *r, long *carried, long *casualties);

int brigade_fire(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r);
/* The exact odds of a battery's fire, gun by gun (other fire: the dice
 * are enumerated, ODDS_BY_DICE). */
int brigade_fire_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r);
int brigade_melee(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r);
int brigade_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r);

/* A brigade's units (battalions, regiments, guns) and what is left. */
#define BRIGADE_UNITS 32

struct battalion {
	char name[64];
	char cls[32];		/* morale-bands class, or "battery" */
	long figures;		/* at the start */
	long left;
	const char *state;	/* ok, halt, fall_back */
};

struct brigade_units {
	struct battalion b[BRIGADE_UNITS];
	int n;
	long total;
};

/* The units of a brigade of TYPE rated by RATINGS (unit add options). */
int brigade_units_of(const struct tableset *ts, const char *type,
    const struct inputs *ratings, struct brigade_units *bu, struct result *r);
/* Spreads LOSSES evenly over the units, the remainder to the first. */
void brigade_spread(struct brigade_units *bu, long losses);
/* Sets each unit's morale state; returns the worst. */
const char *brigade_morale_states(const struct tableset *ts,
    struct brigade_units *bu, struct result *r);

extern const struct roster brigade_roster;

extern const struct input_decl brigade_fire_inputs[];
extern const struct input_decl brigade_melee_inputs[];

/* The ledgers a brigade game keeps, in the order brigade_state.c declares
 * them (struct unit's ledger[]). */
enum {
	BRIGADE_LOSS,		/* figures lost */
	BRIGADE_DEFENCE,	/* a battery's defence points lost */
	BRIGADE_PUSHBACK,	/* push backs: the mark its number in the run */
	BRIGADE_MELEE,		/* the last melee round: open (1) or decided */
	BRIGADE_FOLLOWUP	/* the winner's follow up: its number, as the
				 * loser's push back in the run */
};
extern const struct input_decl brigade_move_inputs[];

#endif
