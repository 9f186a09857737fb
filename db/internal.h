/* db internals shared by the db modules: the handle and the named statements. */
#ifndef UMPIRE_DB_INTERNAL_H
#define UMPIRE_DB_INTERNAL_H

#include <sqlite3.h>
#include <sys/types.h>

#include "db.h"
#include "sql.h"

struct loaded;

struct db {
	sqlite3 *h;
	char *path;		/* where the game lives */
	int creating;		/* db_create: a game made in memory, put in
				 * place at commit */
	int in_tx;
	int rw;			/* connected to write */
	int use_fd;		/* holds the game's use lock (flock), or -1 */
	dev_t dev;		/* the file opened: the path's device and inode */
	ino_t ino;
	sqlite3_stmt *stmt[STMT_COUNT];
	struct loaded *tables;	/* rule tables read from the game */
	struct loaded *found[8];	/* tables found lately, by name's start */
	char ruleset[32];	/* the rule set whose tables are loaded */
	int tables_loaded;
	int wal_frames;		/* the frames in the WAL after the last commit */
	long version;		/* the schema's version (user_version) as
				 * opened, or as migrated to */
	int redo;		/* an undone event could be redone: 1, 0, or
				 * -1 not known (db_event_next_id) */
	long long last_live;	/* the last entry in force, 0 for none
				 * (db_event_next_id) */
	int brought;		/* a unit was brought from a campaign's last
				 * battle: 1, 0, or -1 not known (db_game_get) */
	long long next_id;	/* the next event's id when head_known */
	int head_known;		/* db_turn read the journal's head in force:
				 * next_id, redo and last_live hold, until
				 * an entry is written or marked */
	struct error error;	/* the last failure on this game */
};

/* The SQLite release db/vfs.c is argued for (SQLITE_VERSION_NUMBER): a
 * build against another is refused, and so is a run (70). */
#define DB_VFS_SQLITE 3040001

/* Registers umpire's VFS (db/vfs.c: the unix VFS without two syncs that
 * add nothing) as the default; an SQLite status. */
int db_vfs_register(void)
    DB_CHECKED;

/* The schema version that brought the campaign's tables (battle,
 * battle_side, unit_brought): a game read as it is (DB_OPEN_AS_IS, new
 * --from) from before it has none of them, and no battle before its own. */
#define DB_CAMPAIGN_VERSION 10

/* Frees the cache of rule tables read from the game. */
void db_tables_free(struct db *db);

/*
 * The prepared statement id, reset and with its bindings cleared, in *st.
 * Refuses to run inside a transaction SQLite has already ended.  Returns a
 * status (the last error set).
 */
int db_prepare(struct db *db, enum stmt id, sqlite3_stmt **st)
    DB_CHECKED;

/* The directory of path into dir (db/stmt.c). */
void db_dir_of(const char *path, char *dir, size_t n);
/* True when the file at path and its directory may be written: a game
 * SQLite could only open for reading failed for another reason. */
int db_path_writable(const char *path);
/* An open for writing that failed where the file may be written: an I/O
 * error, told as one; returns DB_IO. */
int db_io_failed(struct db *db, const char *path, const char *what);

/* Records SQLite's error in db's record and returns the status. */
int db_fail(struct db *db, int rc, const char *what);

/* Sets db's error record (db_error) and returns status. */
int db_set_error(struct db *db, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Steps a statement that returns no row; DB_OK or a status. */
int db_step_done(struct db *db, sqlite3_stmt *st, const char *what)
    DB_CHECKED;

/*
 * Binding: each does nothing once *rc holds an error, else records the
 * bind's result there, so one check after the binds sees every failure.
 * A text is not copied: it must live until the statement has been
 * stepped (and reset) for it.
 */
void db_bind_text(sqlite3_stmt *st, int i, const char *s, int *rc);
void db_bind_int(sqlite3_stmt *st, int i, long long v, int *rc);

/*
 * Copies a text column into dst; a NULL where the schema holds text is
 * SQLite out of memory.  Returns SQLITE_OK or SQLITE_NOMEM.
 */
int db_column_copy(sqlite3_stmt *st, int col, char *dst, size_t n)
    DB_CHECKED;

/* The text of a column, or NULL when SQLite could not make it (out of
 * memory) though the column is not NULL; *rc records the failure. */
const char *db_column_text(sqlite3_stmt *st, int col, int *rc);

#endif
