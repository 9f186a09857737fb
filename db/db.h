/*
 * db: the game database.  The only module that includes sqlite3.h.  A game
 * is one SQLite file with a fixed application_id, migrated by
 * user_version, opened with foreign keys, WAL, a busy timeout, defensive
 * mode and trusted_schema off.  Every write runs in one transaction opened
 * and closed by the caller's dispatcher.
 */
#ifndef UMPIRE_DB_H
#define UMPIRE_DB_H

#include <stddef.h>

#include "error.h"

/* A db status the caller must look at: a failure dropped is a write
 * that did not happen, said by nobody. */
#define DB_CHECKED __attribute__((warn_unused_result))

/* 'UMPI': the application_id of every umpire game file. */
#define DB_APPLICATION_ID 0x554d5049

enum db_status {
	DB_OK = 0,
	DB_NOFILE,		/* the game file does not exist (66) */
	DB_NOTGAME,		/* not an umpire game (65) */
	DB_NEWER,		/* from a newer umpire (65) */
	DB_EXISTS,		/* new: a game is there already (73) */
	DB_CANTCREATE,		/* new: cannot create the file (73) */
	DB_READONLY,		/* the game cannot be written (74) */
	DB_IO,			/* reading or writing failed (74) */
	DB_LOCKED,		/* busy past the timeout (75) */
	DB_NOTFOUND,		/* a named row is not there (65) */
	DB_CONFLICT,		/* a row breaks a rule: duplicate name... (65) */
	DB_NOMEM,		/* out of memory (70) */
	DB_BUG			/* misuse of SQLite: a bug (70) */
};

struct db;

/* The record of the last failure on the game db: its status and its
 * sentence.  A function that opens or creates a game, before there is a
 * db, writes its failure into the record the caller passes. */
const struct error *db_error(const struct db *db);

/* True when a file exists at path. */
int db_file_exists(const char *path)
    DB_CHECKED;

/*
 * Reads the rule set of the game at path into name without changing the
 * file.  Returns DB_OK, DB_NOFILE, DB_NOTGAME, DB_NEWER or DB_IO.
 */
int db_peek_rules(const char *path, char *name, size_t n, struct error *e)
    DB_CHECKED;

/* How to open a game. */
enum {
	DB_OPEN_READ = 0,	/* read only */
	DB_OPEN_WRITE = 1,	/* read and write */
	DB_OPEN_AS_IS = 2	/* read only, never upgraded, without the use
				 * lock: for the server, which keeps the game
				 * open between its requests (new --force does
				 * not wait for it) and must never write */
};

/*
 * Opens the existing game at path: checks it is an umpire game no newer
 * than this umpire.  Writing, the caller migrates (db_migrate) before its
 * transaction; reading a game from an older umpire upgrades it first when
 * the file may be written.  Returns a status and sets *out (NULL on
 * failure).
 */
int db_open(const char *path, int mode, struct error *e, struct db **out)
    DB_CHECKED;

/* DB_OK when a game opened as it is (DB_OPEN_AS_IS) is one this umpire
 * can read without bringing it up to date (from schema 3, which made a
 * unit's kept state as it is now); else DB_NOTGAME with the sentence. */
int db_readable_as_is(struct db *db)
    DB_CHECKED;

/* Applies the schema steps past the game's user_version, one transaction
 * each (outside the caller's). */
int db_migrate(struct db *db)
    DB_CHECKED;

/*
 * Creates a new game file at path for rule set `rules` (replacing a game
 * there only when force).  The caller then fills it and commits.
 */
int db_create(const char *path, int force, struct error *e, struct db **out)
    DB_CHECKED;

/* Closes the game; accepts NULL. */
void db_close(struct db *db);

/* The game's own record. */
struct db_game {
	char rules[32];
	char title[256];
	char options[1024];	/* JSON object of rule-set options */
	char fog[16];		/* open, table or hidden */
};

/* Writes the game row of a new game. */
int db_game_insert(struct db *db, const char *rules, const char *title,
    const char *options, const char *fog)
    DB_CHECKED;
/* Changes the game's settings: its title and fog level. */
int db_game_set(struct db *db, const char *title, const char *fog)
    DB_CHECKED;
/* Reads the game row. */
int db_game_get(struct db *db, struct db_game *g)
    DB_CHECKED;

/* BEGIN IMMEDIATE / COMMIT / ROLLBACK. */
int db_begin(struct db *db)
    DB_CHECKED;
/* Begins a read transaction: everything read until db_commit or
 * db_rollback is one snapshot of the game (a ruling committed meanwhile
 * is seen whole or not at all). */
int db_begin_read(struct db *db)
    DB_CHECKED;

/* True when the path still names the file the connection opened (it was
 * not replaced or deleted since). */
int db_same_file(struct db *db)
    DB_CHECKED;

/*
 * A read transaction: every read until db_snapshot_end sees the game as
 * one commit left it (its first read fixes which), nothing of a commit
 * made meanwhile.  What the connection kept of earlier reads (the rule
 * tables) is read again.  db_snapshot_end ends it; db_close does too.
 */
int db_snapshot_begin(struct db *db)
    DB_CHECKED;
void db_snapshot_end(struct db *db);

/* A number that changes when another connection commits to the game
 * (SQLite's data_version): a long-lived reader's cheap "has it changed?". */
int db_data_version(struct db *db, long long *version)
    DB_CHECKED;

/* The SQLite library's version ("3.40.1"). */
const char *db_sqlite_version(void);
/* The frames (pages) the WAL holds before a commit checkpoints it: a
 * ruling writes some ten (db/db.c says why the WAL is kept). */
#define DB_WAL_FRAMES 64

/* COMMIT; then, when the WAL holds DB_WAL_FRAMES, db_checkpoint. */
int db_commit(struct db *db)
    DB_CHECKED;
/* Copies the WAL into the game file and truncates it, unless a reader or
 * a writer is in the way (then the next commit tries again). */
void db_checkpoint(struct db *db);
void db_rollback(struct db *db);

#endif
