/*
 * squares: the Napoleonic "squares" grid rules.  Private to
 * core/squares/: the shared look-ups, the assault's entry points and
 * the game's roster.
 */
#ifndef UMPIRE_SQUARES_H
#define UMPIRE_SQUARES_H

#include "ruleset.h"

#define SQ "squares"
#define DIE_TYPES "d6|d8|d10|d12"
/* Units on one side of an assault; testing morale together, the units of
 * both sides of a drawn one. */
#define SIDE_UNITS 8
#define MORALE_TESTERS (2 * SIDE_UNITS)

/* Exchangeable groups of dice for the odds (dice_take_split): each unit's
 * hits, rerolls and saves, the bombardment, the town saves, each tester's
 * morale dice.  Only how many hit counts within one. */
enum {
	GROUP_TOWN = 1,
	GROUP_BOMBARD = 2,
	GROUP_MORALE = 16,	/* + the unit's number */
	GROUP_RETEST = 32,	/* + the unit's number: a retest's dice, rolled
				 * only as the first test's fell */
	GROUP_UNITS = 64	/* + side, unit and stage */
};

/* A threshold of the thresholds table (the `min` of row NAME); a missing
 * one fails r and gives 0. */
long squares_threshold(const struct tableset *ts, const char *name,
    struct result *r);
/* The die kind named by s ("d8"); d6 when it names none. */
enum die_kind squares_die_of(const char *s);

/* The assault: skirmish, hits, rerolls, saves (squares_assault.c). */
int squares_melee(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r);
/* The assault's exact odds, side by side, without enumerating its dice. */
int squares_melee_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r);

extern const struct input_decl squares_melee_inputs[];

/* Morale: one unit, or several in turn (squares_morale.c). */
int squares_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r);
/* The test's exact odds, unit by unit, without enumerating its dice. */
int squares_morale_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r);
extern const struct input_decl squares_morale_inputs[];
/* The game's side: ratings, fill, apply, view (squares_state.c). */
extern const struct roster squares_roster;

#endif
