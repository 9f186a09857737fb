/*
 * unit: a unit of the game as the rules see it, with its state derived
 * from the journal, the army that holds every unit of a game, and the
 * effects a ruling has on units.  Filled by the caller (from the database);
 * read and produced by the rule sets' pure stateful hooks.
 */
#ifndef UMPIRE_UNIT_H
#define UMPIRE_UNIT_H

#include "inputs.h"

#define UNIT_NAME 128
#define UNIT_SIDE 64
#define UNIT_WORD 32
#define UNIT_FLAGS 8

#define UNIT_LEDGERS 6	/* the most ledgers a rule set declares */
#define UNIT_ACTS 16	/* the acts of one turn a unit remembers */

/* What a unit did this turn (the journal's acts in force): the act's
 * word, the first event that did it and the unit it was done against,
 * and what the unit lost of its measure in all the rulings of the act
 * this turn (the figures lost to small arms that may still fire back). */
struct unit_act {
	char word[UNIT_WORD];
	long long event;
	long long ref;
	long lost;
};

/* A ledger of one unit as the journal leaves it: the latest change in
 * force (struct ledger_decl in ruleset.h says what each ledger counts). */
struct ledger_value {
	long total;		/* the running total */
	long amount;		/* the latest change (or mark: a push back's
				 * number in its run) */
	long turn;		/* the turn of the latest change */
	long long ref;		/* the opposing unit of the latest change, or 0 */
};

/* A unit or formation.  Its ratings are in the army's allocation, which
 * nothing moves while the army lives.  What the game keeps for it is
 * generic: the rule set's declared ledgers, in the order it declares them
 * (the first is its measure), its state word, its tactical formation and
 * its flags. */
struct unit {
	long long id;
	char name[UNIT_NAME];
	char side[UNIT_SIDE];
	char type[UNIT_WORD];
	int formation;		/* a division, corps... rather than a unit */
	long long parent;	/* its formation's id, or 0 */
	int up;			/* its formation's index in the army, or -1 */
	long start_strength;
	struct ledger_value ledger[UNIT_LEDGERS];
	char state[UNIT_WORD];	/* the last state recorded, "" for none */
	char tactical[UNIT_WORD];	/* its tactical formation, "" for the
					 * rule set's first */
	char tactical_start[UNIT_WORD];	/* the one it started in (set-up) */
	char flags[UNIT_FLAGS][UNIT_WORD];	/* flags set (disordered, broken) */
	long flag_until[UNIT_FLAGS];	/* the last turn each lasts, 0: for good */
	unsigned char flag_over[UNIT_FLAGS];	/* past its last turn: kept in
						 * the journal, no longer in force */
	int nflags;
	struct unit_act acts[UNIT_ACTS];	/* this turn's, in order */
	int nacts;
	/* What it brought from the campaign's last battle (set-up, not a
	 * ruling): its measure lost there and not recovered, which its first
	 * ledger's total starts at; and whether it came in gone (destroyed
	 * and not recovered), its state the rule set's most severe before
	 * any ruling. */
	long carried;
	int brought_out;
	const struct inputs *ratings;	/* the rating options, packed in the
					 * army's allocation */
};

/* What u has lost of (or taken on) its rule set's measure: the total of
 * its first ledger. */
static inline long
unit_lost(const struct unit *u)
{
	return u->ledger[0].total;
}

/* What u brought into this battle of a measure that counts down (its
 * start, less what it carried lost from the campaign's last battle), and
 * what it has lost of it in this battle. */
static inline long
unit_start(const struct unit *u)
{
	return u->start_strength - u->carried;
}

static inline long
unit_lost_here(const struct unit *u)
{
	return unit_lost(u) - u->carried;
}

/* Every unit and formation of a game, in the order they were added (so
 * by id, which army_find relies on): one allocation, made once per
 * command and never reallocated, holding the units and their ratings. */
struct army {
	struct unit *u;
	int n;
	long turn;		/* the game's current turn */
};

/* True when the flag NAME is set on u (and in force). */
int unit_flag(const struct unit *u, const char *name);
/* True when flag i of u is in force. */
int unit_flag_in_force(const struct unit *u, int i);
/* The act WORD of u this turn, or NULL. */
const struct unit_act *unit_act(const struct unit *u, const char *word);
/* Adds act WORD (of EVENT, against REF, losing LOST) to u's acts of the
 * turn: a second of the same word adds its loss to the first's. */
void unit_add_act(struct unit *u, const char *word, long long event, long long ref,
    long lost);

/* The unit with id, or NULL (a binary search: the army is in id order). */
const struct unit *army_find(const struct army *a, long long id);

/* True when u sits somewhere under the formation with id in the tree. */
int army_under(const struct army *a, const struct unit *u, long long id);

/* Sets every unit's `up` from its parent id; call once after loading. */
void army_link(struct army *a);

/* Marks the flags whose last turn is before the army's turn as over (a
 * brigade rallying for two moves is no longer rallying on the third). */
void army_expire_flags(struct army *a);

/* What an effect writes into the journal: a change of one of the rule
 * set's declared ledgers (a running total), or one of the words every game
 * keeps.  The journal names them by the ledger's declared name, or by
 * keep_kind_name(). */
enum keep_kind {
	KEEP_LEDGER,		/* ledger `ledger` of the rule set */
	KEEP_STATE,		/* the unit's state word */
	KEEP_FLAG,		/* a flag set (amount 1) or cleared (0); total:
				 * the last turn it lasts, 0 for good */
	KEEP_FORMATION,		/* the unit's tactical formation */
	KEEP_PART,		/* a part of the unit (a battalion, a gun)
				 * changed: a record, no total */
	KEEP_ACT		/* an act of the turn (fired, moved): a record
				 * the turn's rules read, ref the other unit */
};

/* A note names at most two units with some forty words of its own (the
 * melee of A and B stays open: round N next turn): never cut. */
#define EFFECT_NOTE (2 * UNIT_NAME + 128)

/* What a ruling does to one unit of the game. */
struct unit_effect {
	int unit;		/* index into the ruling's units */
	enum keep_kind kind;
	int ledger;		/* KEEP_LEDGER: the index of the ledger */
	char name[UNIT_NAME];	/* the flag, state, formation or part */
	long amount;		/* the change; push back: its number in the run */
	long total;		/* the ledger's total afterwards; melee: round */
	long long ref;		/* the opposing unit, or 0 */
	char state[UNIT_WORD];	/* the unit's state afterwards (for output) */
	char note[EFFECT_NOTE];	/* a sentence for the output, or "" */
};

/*
 * One effect as the game keeps and tells it, the one shape for every
 * reader: the journal writes it and reads it back (db/journal.c), the
 * ruling's output lists it (cmd/render.c), a side's log reads it
 * (cmd/seen.c).  A ruling's working effects (unit_effect, which the
 * engine and the rule sets' hooks fill) become records once kept
 * (game_effect_record).  Its strings are borrowed from what it was made
 * or read from; what the journal does not keep is NULL or 0 read back.
 */
struct effect_record {
	long long unit;		/* the unit's id in the game */
	const char *unit_name;	/* its name */
	const char *kind;	/* the journal's word: a ledger's name, or
				 * state, flag, formation, part, act */
	const char *what;	/* the output's word: the measure's name, a
				 * flag's word, else the kind */
	const char *name;	/* the flag, state, formation or part, or "" */
	long amount;		/* the change */
	long total;		/* a ledger's total afterwards; melee: round */
	long long ref;		/* the opposing unit, or 0 */
	int has_left;		/* a ledger's change: left says what it leaves */
	long left;		/* what is left of the measure (a ledger counting
				 * down from the start), or its total now */
	long until;		/* a flag set for some turns: the last, else 0 */
	const char *state;	/* the unit's state afterwards, or "" */
	const char *part;	/* the part of the unit changed, or "" */
	const char *formation;	/* the tactical formation taken up, or "" */
	const char *note;	/* its sentence, or "" */
};

/*
 * The units of one stateful ruling, each in its role.  A ruling may reach
 * the whole army (a fatigued army disorders all its brigades): the arrays
 * grow as units are enlisted (ruling_enlist allocates with realloc;
 * ruling_units_free frees).  A zeroed struct is empty.
 */
struct ruling_units {
	struct army *army;	/* the game's units and formations (those the
				 * ruling reads: see roster.reads_army) */
	struct unit **unit;	/* into army->u */
	const char **role;	/* "target", "unit", "attacker", ... */
	int n, cap;
	long turn;		/* the game's current turn */
	int new_melee;		/* melee --new: a new run of push backs */
};

/* The effects of one ruling, in blocks that never move (a hook may hold
 * an effect while it keeps more): effect_add allocates a block when one
 * is full, ruling_effects_free frees them.  A zeroed struct is empty. */
#define EFFECT_BLOCK 64

struct ruling_effects {
	struct unit_effect **block;	/* each of EFFECT_BLOCK effects */
	int nblocks;
	int n;
	int no_memory;		/* an effect could not be kept (out of
				 * memory): the ruling fails */
};

/* Effect i (0 <= i < fx->n) of the ruling. */
struct unit_effect *ruling_effect(const struct ruling_effects *fx, int i);

/* Frees what the ruling's arrays hold; the struct is empty again. */
void ruling_units_free(struct ruling_units *ru);
void ruling_effects_free(struct ruling_effects *fx);

/* The index of the unit in ROLE: "attacker" the first attacker,
 * "attacker:2" the third; -1 when there is none. */
int ruling_index(const struct ruling_units *ru, const char *role);

/* Adds u (a unit of ru->army) in ROLE, unless it is in the ruling
 * already; returns its index, or -1 when there is no memory for it
 * (fx->no_memory set: the ruling fails). */
int ruling_enlist(struct ruling_units *ru, struct unit *u, const char *role,
    struct ruling_effects *fx);

/* The unit in ROLE, or NULL. */
struct unit *ruling_unit(const struct ruling_units *ru, const char *role);

/* Applies effect e (made in TURN) to u's state as the journal will read
 * it back: a loss's new total, a state, a flag set or cleared... */
void unit_apply_effect(struct unit *u, const struct unit_effect *e, long turn);

/* The journal's word for a kind other than a ledger: "state", "flag",
 * "formation", "part". */
const char *keep_kind_name(enum keep_kind k);

/* Adds an effect of KIND (KEEP_LEDGER: on ledger index LEDGER); returns
 * it, or NULL when there is no memory for it (fx->no_memory set). */
struct unit_effect *effect_add(struct ruling_effects *fx, int unit,
    enum keep_kind kind, int ledger, const char *name, long amount);

#endif
