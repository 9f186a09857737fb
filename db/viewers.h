/*
 * viewers: the secret tokens of the pages `umpire serve` gives the table,
 * one a viewer (the umpire, and each side), kept in the game so that a
 * restart keeps the URLs.
 */
#ifndef UMPIRE_DB_VIEWERS_H
#define UMPIRE_DB_VIEWERS_H

#include "db.h"

/* A token: 128 random bits as 32 lowercase hex digits, and the NUL. */
#define VIEWER_TOKEN 33

/*
 * Calls fn with each side of the game once, in the order its first unit
 * or formation was added (the roster's order, as the sheet's).  fn's
 * nonzero answer stops the walk and is returned; else DB_OK or a status.
 */
int db_sides_each(struct db *db, int (*fn)(void *ctx, const char *side),
    void *ctx)
    DB_CHECKED;

/* The token of viewer SIDE ("" the umpire) into token (VIEWER_TOKEN
 * bytes): DB_OK, DB_NOTFOUND when it has none, or a status. */
int db_viewer_get(struct db *db, const char *side, char *token)
    DB_CHECKED;

/* Keeps token for viewer SIDE, replacing any it had (in the caller's
 * transaction). */
int db_viewer_put(struct db *db, const char *side, const char *token)
    DB_CHECKED;

/* Forgets every viewer's token (in the caller's transaction). */
int db_viewer_clear(struct db *db)
    DB_CHECKED;

/* db_viewer_get in a game that may be older than the pages (no viewer
 * table: DB_NOTFOUND). */
int db_viewer_find(struct db *db, const char *side, char *token)
    DB_CHECKED;

#endif
