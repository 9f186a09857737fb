/* rtables: a game's own copy of the rule tables. */
#ifndef UMPIRE_DB_RTABLES_H
#define UMPIRE_DB_RTABLES_H

#include "db.h"
#include "table.h"

/* Copies every stock table of the rule set into the game. */
int db_tables_copy(struct db *db, const char *ruleset);

/* A tableset reading the game's tables (loaded on first use, cached until
 * the game is closed). */
struct tableset db_tableset(struct db *db);

/* Replaces the game's table t->name of t->ruleset with t. */
int db_table_replace(struct db *db, const struct table *t);

#endif
