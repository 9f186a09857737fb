/* units: the order of battle in the game file, and each unit's state. */
#ifndef UMPIRE_DB_UNITS_H
#define UMPIRE_DB_UNITS_H

#include "db.h"
#include "unit.h"

#define DB_RATINGS 4096

/* A unit or formation as stored. */
struct db_unit {
	long long id;
	char name[UNIT_NAME];
	char side[UNIT_SIDE];
	char type[UNIT_WORD];
	int formation;		/* a brigade, division, corps, army or command */
	long long parent_id;	/* 0 for none */
	char parent[UNIT_NAME];
	long start_strength;
	char ratings[DB_RATINGS];	/* JSON object of the rating options */
	char tactical[UNIT_WORD];	/* the tactical formation it starts in,
					 * "" for its rule set's first */
};

/* Adds a unit; DB_CONFLICT when the name is taken. */
int db_unit_add(struct db *db, const struct db_unit *u, long long *id)
    DB_CHECKED;

/* Reads unit id. */
int db_unit_get(struct db *db, long long id, struct db_unit *u)
    DB_CHECKED;

/* Rewrites a unit's record. */
int db_unit_update(struct db *db, const struct db_unit *u)
    DB_CHECKED;

/* Removes a unit that no event names and no unit has as parent. */
int db_unit_remove(struct db *db, long long id)
    DB_CHECKED;

/*
 * Loads every unit and formation of the game with its state into one
 * allocation (a->u, freed by db_army_free): the units, then their
 * ratings packed.  LEDGERS names the rule set's ledgers in the order of
 * struct unit's ledger[] (NULL-ended).  init is called for each unit once
 * its record is read, to declare its ratings in `ratings` (inputs_init);
 * the stored ratings then come in as typed JSON leaves.  A rating the
 * declarations refuse is DB_IO naming the unit.
 */
int db_army_load(struct db *db, struct army *a, const char *const *ledgers,
    void (*init)(void *ctx, const struct unit *u, struct inputs *ratings),
    void *ctx)
    DB_CHECKED;

/* Each unit of a's acts of TURN, from the journal in force, in order
 * (units a holds only; the first of each act names its event). */
int db_army_acts(struct db *db, struct army *a, long turn)
    DB_CHECKED;

/*
 * db_army_load for a ruling that reads only the units it names: the units
 * with the NNAMES whole names NAMES (byte for byte), in id order, without
 * the formations above them (each unit's `up` is -1).  An empty army
 * (a->n 0, DB_OK) when a name is not a unit's whole name: the caller reads
 * the whole army and matches it there (folded names, "did you mean").
 */
int db_army_load_named(struct db *db, struct army *a, const char *const *names,
    int nnames, const char *const *ledgers,
    void (*init)(void *ctx, const struct unit *u, struct inputs *ratings),
    void *ctx)
    DB_CHECKED;

/* What a unit brought from the campaign's last battle (new --from): its
 * measure lost there (or taken: hit markers, fatigue points), of which it
 * recovered some; whether it ended that battle gone and stays out of this
 * one; the state it comes in with ("" or its rule set's most severe). */
struct db_brought {
	long lost, recovered;
	int gone, out;
	char state[UNIT_WORD];
};

/* Keeps what unit id brought (set-up, in the caller's transaction), and
 * its kept state made again from it. */
int db_brought_put(struct db *db, long long id, const struct db_brought *b)
    DB_CHECKED;

/* What unit id brought into *b: DB_OK, with *found 0 when it brought
 * nothing (a game that is no campaign's, a unit added since). */
int db_brought_get(struct db *db, long long id, struct db_brought *b, int *found)
    DB_CHECKED;

/* Frees the army's units; accepts an empty army. */
void db_army_free(struct army *a);

#endif
