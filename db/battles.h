/*
 * battles: the battles a game of a campaign keeps before its own (CLI.md
 * "A campaign"), copied in by `new --from GAME`, so that the old files may
 * move or go.
 */
#ifndef UMPIRE_DB_BATTLES_H
#define UMPIRE_DB_BATTLES_H

#include "db.h"
#include "unit.h"

/* The most sides a battle of a campaign keeps. */
#define DB_BATTLE_SIDES 16

/* A side in one battle: its losses there (its rule set's measure, or the
 * count it declares the losses), and the measure it brought into it, of
 * which a band word tells the losses as a fraction. */
struct db_battle_side {
	char side[UNIT_SIDE];
	long losses;
	long start;
};

struct db_battle {
	char title[256];
	long turns;		/* the turns it lasted, the last included */
	int nsides;
	struct db_battle_side side[DB_BATTLE_SIDES];
};

/*
 * The battles the game keeps before its own, oldest first, into *out (an
 * array of *n, freed by the caller with free(); NULL when there are
 * none).  A game from before campaigns, read as it is, keeps none.
 * Returns a status.
 */
int db_battles(struct db *db, struct db_battle **out, int *n)
    DB_CHECKED;

/* Adds battle b after the game's others (in the caller's transaction). */
int db_battle_add(struct db *db, const struct db_battle *b)
    DB_CHECKED;

#endif
