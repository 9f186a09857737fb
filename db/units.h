/* units: the order of battle in the game file, and each unit's ledgers. */
#ifndef UMPIRE_DB_UNITS_H
#define UMPIRE_DB_UNITS_H

#include "db.h"
#include "unit.h"

#define DB_RATINGS 4096

/* A unit or formation as stored. */
struct db_unit {
	long long id;
	char name[UNIT_NAME];
	char side[64];
	char type[UNIT_WORD];
	int formation;		/* a brigade, division, corps, army or command */
	long long parent_id;	/* 0 for none */
	char parent[UNIT_NAME];
	long start_strength;
	char ratings[DB_RATINGS];	/* JSON object of the rating options */
	double cost;		/* army-list points, computed (not stored) */
};

/* Rating options turned back into an argument vector. */
struct rating_args {
	char buf[DB_RATINGS * 2];
	char *argv[128];
	int argc;
};

/* Adds a unit; DB_CONFLICT when the name is taken. */
int db_unit_add(struct db *db, const struct db_unit *u, long long *id);

/*
 * Finds a unit by its exact name, else by a unique prefix.  DB_NOTFOUND or
 * DB_CONFLICT (ambiguous, naming the candidates) with the last error set.
 */
int db_unit_find(struct db *db, const char *name, long long *id);

/* Reads unit id. */
int db_unit_get(struct db *db, long long id, struct db_unit *u);

/* Rewrites a unit's record. */
int db_unit_update(struct db *db, const struct db_unit *u);

/* Removes a unit that no event names and no unit has as parent. */
int db_unit_remove(struct db *db, long long id);

/* Calls fn for every unit and formation in the order they were added;
 * stops early when fn returns non-zero, and returns that. */
int db_unit_each(struct db *db, int (*fn)(void *ctx, const struct db_unit *u),
    void *ctx);

/* Fills u's record and its state from the ledgers of events in force. */
int db_unit_state(struct db *db, const struct db_unit *row, struct unit *u);

/* The rating options of a unit as an argument vector. */
int db_rating_args(struct db *db, const char *ratings, struct rating_args *ra);

#endif
