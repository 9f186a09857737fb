/* rtables: a game's own copy of the rule tables. */
#ifndef UMPIRE_DB_RTABLES_H
#define UMPIRE_DB_RTABLES_H

#include "db.h"
#include "table.h"

/* Copies every stock table of the rule set into the game. */
int db_tables_copy(struct db *db, const char *ruleset)
    DB_CHECKED;

/*
 * Copies the tables of RULESET of the game src (its house rules with
 * them) into dst, a game being made (new --from), then brings them up to
 * this umpire's stock (db_tables_upgrade: src may be an earlier umpire's).
 */
int db_tables_copy_game(struct db *dst, struct db *src, const char *ruleset)
    DB_CHECKED;

/*
 * Reads the game's tables of RULESET: a copy whose fingerprint is its
 * stock table's is the stock table (read from the binary); any other is
 * read from its rows.  Every failure is reported here, so the tableset
 * that follows only answers what the game holds.  What was read stays
 * with the connection until a table is replaced.
 */
int db_tables_load(struct db *db, const char *ruleset)
    DB_CHECKED;

/* A tableset over the tables db_tables_load read. */
struct tableset db_tableset(struct db *db);

/* Replaces the game's table t->name of t->ruleset with t. */
int db_table_replace(struct db *db, const struct table *t)
    DB_CHECKED;

/*
 * Brings the game's tables of RULESET up to this umpire's stock: a stock
 * table the game lacks is copied in; a game table without a column or a
 * keyed row the stock now has gains it (the stock's values), every value
 * it has kept, as a house rule keeps its values.  A migration step.
 */
int db_tables_upgrade(struct db *db, const char *ruleset)
    DB_CHECKED;

/*
 * Checks every game table against its rows: the cells' fingerprint must
 * be the one kept, and every cell what its column's kind allows.  Calls
 * report per problem.
 */
int db_tables_check(struct db *db, const char *ruleset,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
    DB_CHECKED;

#endif
