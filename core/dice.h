/*
 * dice: the kinds of dice the rule sets ask for, the stream of faces one
 * adjudication consumes (typed by the umpire, or rolled), and the fixed
 * generator behind --roll (xoshiro256** seeded through splitmix64).
 *
 * A rule function asks for each die in the documented order with
 * dice_take(); the stream checks the face against the die's kind and keeps
 * a labelled record of every die used, which the renderer prints.
 */
#ifndef UMPIRE_DICE_H
#define UMPIRE_DICE_H

#include <stdint.h>

#include "error.h"

enum die_kind {
	DIE_AVG,		/* the average die: 2, 3, 3, 4, 4, 5 */
	DIE_D3,
	DIE_D6,
	DIE_D8,
	DIE_D10,
	DIE_D12
};

#define DICE_MAX 256
#define DICE_POOL 16
/* A die's name in the working: a unit's whole name (UNIT_NAME) and the
 * die's words ("skirmish d8 of ..."). */
#define DICE_LABEL 192

enum dice_mode {
	DICE_GIVEN,		/* faces typed with --dice */
	DICE_ROLL,		/* faces rolled by the generator */
	DICE_PROBE,		/* no faces: record what would be asked */
	DICE_EXPLORE		/* typed faces, then stop at the first die
				 * past them and say which kind it is (odds) */
};

struct rng {
	uint64_t s[4];
};

struct die_use {
	int face;
	enum die_kind kind;
	unsigned mask;		/* as asked: dice_take_split's mask (0: none), */
	int group;		/* its group, */
	int pool;		/* 1: first of a max pool, 2: a later one, 0 */
	char label[DICE_LABEL];
	char note[DICE_LABEL];
};

struct dice {
	enum dice_mode mode;
	int given[DICE_MAX];
	int ngiven;
	struct rng rng;
	uint64_t seed;
	struct die_use used[DICE_MAX];
	int nused;
	int ended_early;	/* the ruling stopped before dice it would need */
	int wanting;		/* DICE_EXPLORE: a die past the faces was asked */
	enum die_kind wanted;	/* ... its kind */
	unsigned wanted_mask;	/* ... the faces it splits on (0: every face) */
	int wanted_group;	/* ... its exchangeable group (0: none) */
	int wanted_pool;	/* ... 1: the first die of a max pool, 2: a later one */
	enum die_kind pool[DICE_POOL];	/* a pool declared, */
	int npool, pool_at;	/* its size and the dice of it taken, */
	int pool_sum;		/* read through its sum (else its highest) */
	struct error error;	/* set when a die cannot be taken: RULE_DATA
				 * and why */
};

/* Smallest and largest face of a die kind. */
int die_min(enum die_kind k);
int die_max(enum die_kind k);
/* How many sides of a die of kind k there are, and how many show need
 * or more (the average die: 2, 3, 3, 4, 4, 5). */
int die_sides(enum die_kind k);
int die_sides_from(enum die_kind k, long need);
/* How many sides of k show a face in MASK (bit f for face f). */
int die_sides_in(enum die_kind k, unsigned mask);
/* The distinct faces of k, lowest first, and how many of its sides show
 * each (the average die: 2, 3, 4, 5 on 1, 2, 2, 1 sides); returns how
 * many there are (at most 12). */
int die_faces(enum die_kind k, int *face, int *sides);
/* Short name of a die kind: "average die", "d6", ... */
const char *die_name(enum die_kind k);
/* Whether LABEL already names its die as a word ("misfire d6 for gun 1",
 * "the battery's average die"): a message then says the die once. */
int die_named_in(const char *label, enum die_kind k);
/* Parses "d6", "d8", ... into *k; returns 0, or -1 if not a die type. */
int die_parse(const char *s, enum die_kind *k);
/* The dN with N faces (3, 6, 8, 10, 12) into *k; returns 0, or -1. */
int die_with_faces(long faces, enum die_kind *k);

/* Seeds the generator with splitmix64 from seed. */
void rng_seed(struct rng *r, uint64_t seed);
/* Next 64 bits of xoshiro256**. */
uint64_t rng_next(struct rng *r);
/* One face of a die of kind k, uniformly. */
int rng_die(struct rng *r, enum die_kind k);

/*
 * Parses a --dice list ("4", "6,6,3") into d as typed faces.  Returns 0,
 * or -1 with d->error set ("'x' is not a die face").
 */
int dice_parse_list(struct dice *d, const char *list);
/* Sets d up to roll with the generator seeded by seed. */
void dice_set_roll(struct dice *d, uint64_t seed);
/* Sets d up to record the dice asked for without faces. */
void dice_set_probe(struct dice *d);

/* Sets d up to run a ruling on the faces given (n of them), stopping at
 * the next die it asks for (d->wanting, d->wanted), or at a die whose
 * given face it cannot show (the odds guess a face before they know the
 * die: a wrong guess stops there as a missing face would). */
void dice_set_explore(struct dice *d, const int *faces, int n);

/*
 * Takes the next die of kind k, labelled by the printf-style format (what
 * the die is for, e.g. "misfire d6 for gun 2").  Returns the face, or -1
 * with d->error set when no die is left or the typed face is not a face of
 * that die.
 */
int dice_take(struct dice *d, enum die_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * As dice_take, for a die the rule reads only as "one of the faces in
 * MASK or not" (bit f for face f): the odds weigh the two classes rather
 * than every face.  GROUP > 0 marks dice that follow one another and that
 * the rule only counts (the hits of one unit's pool): the odds count how
 * many fall in MASK instead of ordering them.
 */
int dice_take_split(struct dice *d, enum die_kind k, unsigned mask, int group,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * Declares that the next n dice (of kinds[0..n-1], n <= DICE_POOL) are
 * read only through their highest face (the best skirmish die): the odds
 * weigh the highest face once instead of every combination.
 */
void dice_max_pool(struct dice *d, const enum die_kind *kinds, int n);

/*
 * Declares that the next n dice (of kinds[0..n-1], n <= DICE_POOL) are
 * read only through their sum (a side's 2d6 in a fury melee): the odds
 * weigh each sum once instead of every combination (11 sums of 2d6, not
 * 36 faces).
 */
void dice_sum_pool(struct dice *d, const enum die_kind *kinds, int n);

/* The MASK of the faces of k from `need` up (a hit on need+). */
unsigned dice_mask_from(enum die_kind k, long need);

/* Adds a note to a die already taken ("hit", "rerolled", "misfire"). */
void dice_note(struct dice *d, int index, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Index of the die most recently taken. */
int dice_last(const struct dice *d);

/*
 * Marks that the ruling ended before dice it would otherwise need (out of
 * range, a forbidden action, every gun misfired): further typed faces are
 * then accepted and unused (CLI.md).
 */
void dice_end_early(struct dice *d);

/* Number of typed faces left over after the ruling. */
int dice_unused(const struct dice *d);

#endif
