/*
 * db: opening, creating and migrating a game file, and transactions; the
 * named statements and the failure they report are db/stmt.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "inputs.h"
#include "internal.h"
#include "journal.h"
#include "migrate.h"
#include "num.h"
#include "place.h"
#include "rtables.h"
#include "text.h"

#define BUSY_TIMEOUT_MS 5000
/*
 * A game keeps its write-ahead log between commands.  A ruling is kept,
 * and survives a power loss, once its commit has synced its frames into
 * the WAL (synchronous=FULL); the WAL is copied into the game file
 * (checkpointed) once it holds DB_WAL_FRAMES frames, or after a command
 * that is not a ruling (the game file alone is then the whole game), and
 * truncated only after that copy is synced.  So a ruling makes two
 * syncs: its commit's, and either the WAL header's (a WAL just truncated)
 * or the game file's (the checkpoint after it); db/vfs.c leaves out the
 * checkpoint's sync of a WAL the commit has just synced and the sync of
 * the directory of a WAL that was already there.  Were the WAL
 * checkpointed by every command, each would sync five times; were it
 * never, every command would first read the whole log to index it.
 * Closing never checkpoints, and a reader never does.
 */

/* The schema version that brought the kept state as it is now (unit_state
 * and unit_ledger): its rows are made from the journal when a game
 * reaches it. */
#define STATE_VERSION 3
/* The schema version whose events record the entry they were made on
 * (event.prev): the column is added in C, once, so a game that has it
 * (a test's game set back to an earlier version) migrates as well. */
#define CHAIN_VERSION 8

/* The schema versions at which the game's rule tables are brought up to
 * the stock tables of this umpire (a stock table gained a row, a column
 * or a table: add a migration and its version here). */
static const int tables_versions[] = { 6, 7, 9, 11 };

/* Hands db's failure (status rc) to e and closes db; returns rc. */
static int
give_up(struct db *db, int rc, struct error *e)
{
	*e = db->error;
	e->code = rc;
	db_close(db);
	return rc;
}

int
db_file_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

/* Refuses at once what cannot be a game file: a directory, a FIFO (which
 * would block the open forever), a device or a socket. */
static int
regular_file(const char *path, struct error *e)
{
	struct stat sb;
	const char *what;

	if (stat(path, &sb) != 0 || S_ISREG(sb.st_mode))
		return DB_OK;
	what = S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO" :
	    S_ISSOCK(sb.st_mode) ? "a socket" : "a device";
	return error_set(e, DB_NOTGAME, "'%s' is %s, not an umpire game", path, what);
}

/* True when the WAL at path holds nothing: it is not there, or it has no
 * header (SQLite's magic number), as db/vfs.c leaves a WAL emptied. */
static int
wal_empty(const char *path)
{
	unsigned char magic[4];
	int fd = open(path, O_RDONLY), empty;

	if (fd < 0)
		return 1;
	empty = read(fd, magic, sizeof magic) != (ssize_t)sizeof magic ||
	    magic[0] != 0x37 || magic[1] != 0x7f || magic[2] != 0x06 ||
	    (magic[3] & 0xfe) != 0x82;
	close(fd);
	return empty;
}

/* True when the game's directory takes no new files (a read-only mount, a
 * directory the reader may not write) and no -wal holds anything: a
 * reader cannot make the -shm it needs, and nobody can be writing the
 * game. */
static int
frozen(const char *path)
{
	char dir[4096], wal[4096];

	db_dir_of(path, dir, sizeof dir);
	snprintf(wal, sizeof wal, "%s-wal", path);
	return access(dir, W_OK) != 0 && wal_empty(wal);
}

/* Runs SQL without results. */
static int
exec(struct db *db, const char *sql, const char *what)
{
	int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? DB_OK : db_fail(db, rc, what);
}

/* Reads an integer PRAGMA. */
static int
pragma_int(struct db *db, const char *pragma, long *out)
{
	char sql[64];
	sqlite3_stmt *st;
	int rc;

	snprintf(sql, sizeof sql, "PRAGMA %s", pragma);
	rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the game");
	rc = sqlite3_step(st);
	*out = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, rc == SQLITE_DONE ?
	    SQLITE_CORRUPT : rc, "reading the game");
}

static int
latest_version(void)
{
	int v = 0;

	for (int i = 0; i < db_migration_count; i++)
		if (db_migrations[i].version > v)
			v = db_migrations[i].version;
	return v;
}

/* Refuses a file that is not an umpire game or is from a newer umpire. */
static int
check_identity(struct db *db)
{
	long app, version;
	int rc;

	if ((rc = pragma_int(db, "application_id", &app)) != DB_OK)
		return rc;
	if (app != DB_APPLICATION_ID)
		return db_set_error(db, DB_NOTGAME, "'%s' is not an umpire game",
		    db->path);
	if ((rc = pragma_int(db, "user_version", &version)) != DB_OK)
		return rc;
	db->version = version;
	if (version > latest_version())
		return db_set_error(db, DB_NEWER,
		    "'%s' is from a newer umpire (schema %ld; this umpire knows %d): upgrade umpire",
		    db->path, version, latest_version());
	return DB_OK;
}

/* How long a writer waits for another: $UMPIRE_BUSY_TIMEOUT ms, or 5 s. */
static int
busy_timeout(void)
{
	const char *env = getenv("UMPIRE_BUSY_TIMEOUT");
	long ms;

	if (env != NULL && num_parse_long(env, 0, 600000, &ms) == NUM_OK)
		return (int)ms;
	return BUSY_TIMEOUT_MS;
}

/* Sleeps ms milliseconds. */
static void
nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Takes the flock `how` on fd, waiting up to the busy timeout as SQLite
 * waits for its own locks: 0, or -1 when another holds it past then.  A
 * file system without flock leaves SQLite's locks alone on guard. */
static int
flock_waiting(int fd, int how)
{
	static const int delay[] = { 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 };
	const int ndelay = (int)(sizeof delay / sizeof delay[0]);
	long waited = 0, limit = busy_timeout(), d;

	for (int i = 0; flock(fd, how | LOCK_NB) != 0; i++) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			return 0;
		if (waited >= limit)
			return -1;
		d = delay[i < ndelay ? i : ndelay - 1];
		d = d < limit - waited ? d : limit - waited;
		nap(d);
		waited += d;
	}
	return 0;
}

/* True when the path still names the file the connection opened. */
static int
same_file(const struct db *db)
{
	struct stat sb;

	return stat(db->path, &sb) == 0 && sb.st_dev == db->dev && sb.st_ino == db->ino;
}

/*
 * The use locks this process holds: one descriptor a file, however many
 * connections have the file open (a server's watcher beside a request).
 * Closing any descriptor of a file drops every POSIX lock the process
 * holds on it, SQLite's among them, so no descriptor of a file is closed
 * while a connection of this process has it open.
 */
#define USES 8

static struct use {
	dev_t dev;
	ino_t ino;
	int fd, how, refs;
} uses[USES];

/* The use lock this process already holds on the file at path, with HOW,
 * counted once more; NULL when it holds none. */
static struct use *
use_again(const char *path, int how)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		return NULL;
	for (int i = 0; i < USES; i++)
		if (uses[i].refs > 0 && uses[i].dev == sb.st_dev &&
		    uses[i].ino == sb.st_ino && uses[i].how == how) {
			uses[i].refs++;
			return &uses[i];
		}
	return NULL;
}

/* Keeps fd as the process's use lock on its file (when there is room). */
static void
use_keep(int fd, int how, const struct stat *sb)
{
	for (int i = 0; i < USES; i++)
		if (uses[i].refs == 0) {
			uses[i] = (struct use){ sb->st_dev, sb->st_ino, fd, how, 1 };
			return;
		}
}

/* Lets go of use lock fd: closed when no connection of the process has
 * its file open any more. */
static void
use_release(int fd)
{
	for (int i = 0; i < USES; i++)
		if (uses[i].refs > 0 && uses[i].fd == fd) {
			if (--uses[i].refs == 0)
				close(fd);
			return;
		}
	close(fd);
}

/*
 * The game's use lock: every command holds a shared flock on the game
 * file for as long as it has it open; new --force holds it exclusive
 * while it replaces the file.  So a file is never renamed away under a
 * command that has it open, and a command that waited for new --force
 * finds another file at the path and opens that one: the new game.  The
 * lock is taken before SQLite opens the path and let go after SQLite
 * closes it: closing any descriptor of a file drops the process's POSIX
 * locks on it, SQLite's among them (and so umpire never holds two
 * connections to one game at once).  Records the file's device and inode.
 */
static int
take_use(struct db *db, int how)
{
	struct stat held;
	struct use *u;
	int fd;

	if ((u = use_again(db->path, how)) != NULL) {
		db->dev = u->dev;
		db->ino = u->ino;
		db->use_fd = u->fd;
		return DB_OK;
	}
	for (;;) {
		if ((fd = open(db->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
			return db_set_error(db, errno == ENOENT ? DB_NOFILE : DB_IO,
			    "cannot open the game '%s': %s", db->path, strerror(errno));
		if (flock_waiting(fd, how) != 0) {
			close(fd);
			return how == LOCK_EX ? db_set_error(db, DB_LOCKED,
			    "the game '%s' is in use by another command; it was not replaced",
			    db->path) : db_set_error(db, DB_LOCKED,
			    "the game '%s' is being replaced (new --force); try again", db->path);
		}
		if (fstat(fd, &held) != 0) {
			int e = errno;

			close(fd);
			return db_set_error(db, DB_IO, "cannot read the game '%s': %s", db->path,
			    strerror(e));
		}
		db->dev = held.st_dev;
		db->ino = held.st_ino;
		if (same_file(db))
			break;
		close(fd);	/* replaced while this waited: open the new file */
	}
	db->use_fd = fd;
	use_keep(fd, how, &held);
	return DB_OK;
}

/* SQLite's word after each commit: the frames the WAL now holds. */
static int
wal_committed(void *ctx, sqlite3 *h, const char *name, int frames)
{
	(void)h;
	(void)name;
	((struct db *)ctx)->wal_frames = frames;
	return SQLITE_OK;
}

/* The connection settings every game gets, before anything is read. */
static int
configure(struct db *db)
{
	int rc;

	sqlite3_wal_hook(db->h, wal_committed, db);
	if ((rc = sqlite3_extended_result_codes(db->h, 1)) != SQLITE_OK ||
	    (rc = sqlite3_db_config(db->h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL)) != SQLITE_OK ||
	    (rc = sqlite3_busy_timeout(db->h, busy_timeout())) != SQLITE_OK ||
	    (rc = sqlite3_db_config(db->h, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL)) != SQLITE_OK ||
	    (rc = sqlite3_db_config(db->h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL)) != SQLITE_OK ||
	    (rc = sqlite3_db_config(db->h, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0,
	    NULL)) != SQLITE_OK)
		return db_fail(db, rc, "configuring the game");
	return exec(db, "PRAGMA foreign_keys = ON; PRAGMA trusted_schema = OFF; "
	    "PRAGMA synchronous = FULL; PRAGMA cell_size_check = ON",
	    "configuring the game");
}

/*
 * BEGIN IMMEDIATE, then, holding the write lock, the check that the file
 * opened is still the game at its path: a game replaced while this waited
 * (by hand: new --force waits for every command using the game) is
 * refused, 75, with nothing written; run again, the command opens the
 * game now there.
 */
static int
begin_immediate(struct db *db, const char *what)
{
	int rc = exec(db, "BEGIN IMMEDIATE", what);

	if (rc != DB_OK)
		return rc;
	db->in_tx = 1;
	if (db->use_fd >= 0 && !same_file(db)) {
		db_rollback(db);
		return db_set_error(db, DB_LOCKED,
		    "the game '%s' was replaced while this command waited for it; nothing was written: run it again",
		    db->path);
	}
	return DB_OK;
}

/* At a version of tables_versions, the game's rule tables brought up to
 * the stock (a game not yet made, in new, has none to bring). */
static int
upgrade_tables(struct db *db, int version)
{
	char rules[32];
	sqlite3_stmt *st;
	int rc, step;

	for (size_t i = 0; i < sizeof tables_versions / sizeof tables_versions[0]; i++) {
		if (tables_versions[i] != version)
			continue;
		if ((rc = db_prepare(db, STMT_GAME_RULES, &st)) != DB_OK)
			return rc;
		step = sqlite3_step(st);
		rc = step == SQLITE_ROW ? (db_column_copy(st, 0, rules, sizeof rules) == SQLITE_OK ?
		    DB_OK : db_fail(db, SQLITE_NOMEM, "migrating the game")) :
		    step == SQLITE_DONE ? DB_OK : db_fail(db, step, "migrating the game");
		sqlite3_reset(st);
		if (rc != DB_OK || step == SQLITE_DONE)
			return rc;
		return db_tables_upgrade(db, rules);
	}
	return DB_OK;
}

/* event.prev, unless the game has it. */
static int
add_chain(struct db *db)
{
	sqlite3_stmt *st;
	int rc, has;

	rc = sqlite3_prepare_v2(db->h,
	    "SELECT count(*) FROM pragma_table_info('event') WHERE name = 'prev'", -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "migrating the game");
	rc = sqlite3_step(st);
	has = rc == SQLITE_ROW && sqlite3_column_int(st, 0) > 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, rc, "migrating the game");
	return has ? DB_OK : exec(db, "ALTER TABLE event ADD COLUMN prev INTEGER",
	    "migrating the game");
}

/* Applies the migrations past the file's user_version, one transaction each. */
static int
migrate(struct db *db)
{
	long version;
	int rc;

	if ((rc = pragma_int(db, "user_version", &version)) != DB_OK)
		return rc;
	for (int i = 0; i < db_migration_count; i++) {
		const struct migration *m = &db_migrations[i];
		char set[64];

		if (m->version <= version)
			continue;
		snprintf(set, sizeof set, "PRAGMA user_version = %d", m->version);
		if ((rc = begin_immediate(db, "migrating the game")) != DB_OK)
			return rc;
		if ((rc = exec(db, m->sql, "migrating the game")) != DB_OK ||
		    (m->version == STATE_VERSION && (rc = db_state_refresh_all(db)) != DB_OK) ||
		    (m->version == CHAIN_VERSION && (rc = add_chain(db)) != DB_OK) ||
		    (rc = upgrade_tables(db, m->version)) != DB_OK ||
		    (rc = exec(db, set, "migrating the game")) != DB_OK ||
		    (rc = exec(db, "COMMIT", "migrating the game")) != DB_OK) {
			db_rollback(db);	/* keeps the error that caused it */
			return rc;
		}
		db->in_tx = 0;
		db->version = m->version;
	}
	return DB_OK;
}

/* umpire runs one thread: SQLite's mutexes and memory statistics only
 * cost time (a tenth of a 300-unit sheet).  They are settings, made once
 * before SQLite starts; had it started (a test harness), it keeps them,
 * which is still correct, so the answer is not needed.  Then umpire's VFS
 * (db/vfs.c), argued for one version of SQLite: with another the command
 * is refused (70). */
static int
single_thread(struct error *e)
{
	static int done;
	int rc;

	if (done)
		return DB_OK;
	(void)sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	/* A statement's journal (the pages a statement that may fail halfway
	 * changed, inside a batch's long transaction) is kept in memory,
	 * never spilled to a temporary file. */
	(void)sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
	if (sqlite3_libversion_number() != DB_VFS_SQLITE)
		return error_set(e, DB_BUG,
		    "this umpire was built for SQLite %d.%d.%d but runs with SQLite %s: its VFS (db/vfs.c) is argued for %d.%d.%d only; rebuild it against that version",
		    DB_VFS_SQLITE / 1000000, DB_VFS_SQLITE / 1000 % 1000, DB_VFS_SQLITE % 1000,
		    sqlite3_libversion(), DB_VFS_SQLITE / 1000000, DB_VFS_SQLITE / 1000 % 1000,
		    DB_VFS_SQLITE % 1000);
	/* Without it the unix VFS does the same, with its three syncs more.
	 * (Not done, it is tried again by the next open.) */
	if ((rc = db_vfs_register()) != SQLITE_OK)
		return (rc & 0xff) == SQLITE_NOMEM ? error_set(e, DB_NOMEM, "out of memory") :
		    error_set(e, DB_BUG, "SQLite's unix VFS is not there to build on");
	done = 1;
	return DB_OK;
}

/* A new handle for the game at path in *out; a status. */
static int
db_new(const char *path, struct error *e, struct db **out)
{
	struct db *db;
	int rc;

	*out = NULL;
	if ((rc = single_thread(e)) != DB_OK)
		return rc;
	if ((db = calloc(1, sizeof *db)) == NULL)
		return error_set(e, DB_NOMEM, "out of memory");
	db->use_fd = -1;
	db->redo = -1;
	db->brought = -1;
	db->path = strdup(path);
	if (db->path == NULL) {
		free(db);
		return error_set(e, DB_NOMEM, "out of memory");
	}
	*out = db;
	return DB_OK;
}

void
db_close(struct db *db)
{
	if (db == NULL)
		return;
	db_tables_free(db);
	for (int i = 0; i < STMT_COUNT; i++)
		sqlite3_finalize(db->stmt[i]);
	if (db->in_tx)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	/* A file replaced behind umpire's back: the -wal at the path may be
	 * the new file's, and must not be checkpointed into this one. */
	if (db->h != NULL && db->use_fd >= 0 && !same_file(db))
		sqlite3_db_config(db->h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	sqlite3_close(db->h);
	if (db->use_fd >= 0)
		use_release(db->use_fd);
	free(db->path);
	free(db);
}

/* A reader's open of a game in a directory it cannot write: immutable,
 * so SQLite makes no -shm beside it.  The path goes into a URI: '%', '?'
 * and '#' are escaped. */
static int
open_immutable(struct db *db, const char *path)
{
	char uri[3 * 4096 + 32];
	size_t n = (size_t)snprintf(uri, sizeof uri, "file:");

	for (const char *p = path; *p != '\0' && n + 4 < sizeof uri - 16; p++)
		n += (size_t)(strchr("%?#", *p) != NULL ?
		    snprintf(uri + n, sizeof uri - n, "%%%02x", (unsigned char)*p) :
		    snprintf(uri + n, sizeof uri - n, "%c", *p));
	snprintf(uri + n, sizeof uri - n, "?immutable=1");
	return sqlite3_open_v2(uri, &db->h, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
}

/*
 * The file at the path, before a connection that takes no use lock opens
 * it (see=0), and again once it has read it (see=1): the same file both
 * times, or it was being replaced meanwhile (DB_LOCKED).  Records its
 * device and inode.
 */
static int
note_file(struct db *db, int see)
{
	struct stat sb;

	if (stat(db->path, &sb) != 0)
		return db_set_error(db, errno == ENOENT ? DB_NOFILE : DB_IO,
		    "cannot open the game '%s': %s", db->path, strerror(errno));
	if (see && (sb.st_dev != db->dev || sb.st_ino != db->ino))
		return db_set_error(db, DB_LOCKED,
		    "the game '%s' was being replaced; try again", db->path);
	db->dev = sb.st_dev;
	db->ino = sb.st_ino;
	return DB_OK;
}

/* Connects db to the game at path with SQLite flags, configured, and
 * checks it is ours; a status. */
static int
connect(struct db *db, const char *path, int flags)
{
	int rc;

	db->rw = (flags & SQLITE_OPEN_READWRITE) != 0;
	if (flags == SQLITE_OPEN_READONLY && frozen(path))
		rc = open_immutable(db, path);
	else
		rc = sqlite3_open_v2(path, &db->h, flags, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "opening the game");
	if ((rc = configure(db)) != DB_OK)
		return rc;
	return check_identity(db);
}

/* Opens path with SQLite flags and checks it is ours.  use: holding the
 * use lock, and a reader may connect to write to roll back a journal left
 * hot; not so the server's connection, kept between requests, which never
 * writes, and makes sure the file it read is the one at the path. */
static int
open_checked(const char *path, int flags, int use, struct error *e, struct db **out)
{
	struct db *db;
	int rc;

	*out = NULL;
	if ((rc = db_new(path, e, &db)) != DB_OK)
		return rc;
	if ((rc = regular_file(path, e)) != DB_OK) {
		db_close(db);
		return rc;
	}
	if ((rc = use ? take_use(db, LOCK_SH) : note_file(db, 0)) != DB_OK)
		return give_up(db, rc, e);
	rc = connect(db, path, flags);
	/* A rollback journal left hot (a power cut while a game of an older
	 * umpire turned to WAL) must be rolled back before the game is read,
	 * and only a connection that may write does it: a reader that may
	 * write the file connects so. */
	if (rc != DB_OK && flags == SQLITE_OPEN_READONLY && use && db->h != NULL &&
	    sqlite3_extended_errcode(db->h) == SQLITE_READONLY_ROLLBACK && db_path_writable(path)) {
		sqlite3_close(db->h);
		db->h = NULL;
		rc = connect(db, path, SQLITE_OPEN_READWRITE);
	}
	if (rc == DB_OK && !use)
		rc = note_file(db, 1);
	if (rc != DB_OK)
		return give_up(db, rc, e);
	*out = db;
	return DB_OK;
}

int
db_peek_rules(const char *path, char *name, size_t n, struct error *e)
{
	struct db *db;
	sqlite3_stmt *st;
	int rc;

	if (!db_file_exists(path))
		return error_set(e, DB_NOFILE, "there is no game at '%s'", path);
	if ((rc = open_checked(path, SQLITE_OPEN_READONLY, 1, e, &db)) != DB_OK)
		return rc;
	if ((rc = db_prepare(db, STMT_GAME_RULES, &st)) == DB_OK) {
		int step = sqlite3_step(st);

		if (step == SQLITE_ROW)
			rc = db_column_copy(st, 0, name, n) == SQLITE_OK ? DB_OK :
			    db_fail(db, SQLITE_NOMEM, "reading the game");
		else if (step == SQLITE_DONE)
			rc = db_set_error(db, DB_NOTGAME, "'%s' is not an umpire game (it has no game row)",
			    path);
		else
			rc = db_fail(db, step, "reading the game");
	}
	if (rc != DB_OK)
		return give_up(db, rc, e);
	db_close(db);
	return DB_OK;
}

/* True when the game's schema is older than this umpire's. */
static int
is_older(struct db *db, int *older)
{
	long version;
	int rc;

	if ((rc = pragma_int(db, "user_version", &version)) != DB_OK)
		return rc;
	*older = version < latest_version();
	return DB_OK;
}

int
db_open(const char *path, int mode, struct error *e, struct db **out)
{
	int rc, older = 0;

	*out = NULL;
	if (!db_file_exists(path))
		return error_set(e, DB_NOFILE,
		    "there is no game at '%s': start one with 'umpire new --rules NAME', or give the game's path with --db PATH",
		    path);
	rc = open_checked(path, mode == DB_OPEN_WRITE ? SQLITE_OPEN_READWRITE :
	    SQLITE_OPEN_READONLY, mode != DB_OPEN_AS_IS, e, out);
	if (rc != DB_OK)
		return rc;
	if (mode == DB_OPEN_READ && (rc = is_older(*out, &older)) == DB_OK && older) {
		/* A game from an older umpire is brought up to date by the first
		 * command that may write it. */
		db_close(*out);
		*out = NULL;
		if (access(path, W_OK) != 0)
			return error_set(e, DB_READONLY,
			    "the game '%s' was made by an older umpire and this one cannot upgrade it: it is read-only",
			    path);
		if ((rc = db_open(path, DB_OPEN_WRITE, e, out)) != DB_OK)
			return rc;
		rc = db_migrate(*out);
	} else if (rc == DB_OK && mode == DB_OPEN_WRITE) {
		if (sqlite3_db_readonly((*out)->h, "main") == 1 || access(path, W_OK) != 0)
			rc = db_path_writable(path) ? db_io_failed(*out, path, "opening the game for writing") :
			    db_set_error(*out, DB_READONLY, "cannot write the game '%s': it is read-only (make it writable, or play on a copy)",
			    path);
		else
			rc = exec(*out, "PRAGMA journal_mode = WAL", "opening the game");
	}
	if (rc != DB_OK) {
		give_up(*out, rc, e);
		*out = NULL;
	}
	return rc;
}

int
db_readable_as_is(struct db *db)
{
	if (db->version >= STATE_VERSION)
		return DB_OK;
	return db_set_error(db, DB_NOTGAME,
	    "'%s' was made by an umpire too old to be read as it is: open it once with this one ('umpire --db %s check') to bring it up to date",
	    db->path, db->path);
}

int
db_migrate(struct db *db)
{
	return migrate(db);
}

/* Refuses to replace anything but an umpire game, and a game unless force. */
static int
may_replace(const char *path, int force, struct error *e)
{
	struct db *old;
	struct stat sb;
	int rc;

	if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && !db_file_exists(path))
		return error_set(e, DB_NOTGAME,
		    "'%s' is a symbolic link to nothing; not replacing it", path);
	if (!db_file_exists(path))
		return DB_OK;
	if ((rc = regular_file(path, e)) != DB_OK)
		return error_set(e, rc, "%s; not replacing it", e->text);
	rc = open_checked(path, SQLITE_OPEN_READONLY, 1, e, &old);
	db_close(old);
	if (rc == DB_NOTGAME)
		return error_set(e, DB_NOTGAME,
		    "'%s' exists and is not an umpire game; not replacing it", path);
	if (rc != DB_OK && rc != DB_NEWER)
		return rc;
	if (!force)
		return error_set(e, DB_EXISTS,
		    "a game exists at '%s'; give --force to replace it", path);
	return DB_OK;
}

/*
 * A new game is made in memory, then written whole into a file of its own
 * and put in place (install): a killed `new` leaves no half game behind,
 * and no file the next `new` does not remove (db/place.h).
 */
int
db_create(const char *path, int force, struct error *e, struct db **out)
{
	struct db *db;
	char id[64];
	int rc;

	*out = NULL;
	if ((rc = may_replace(path, force, e)) != DB_OK || (rc = db_new(path, e, &db)) != DB_OK)
		return rc;
	db->creating = 1;
	snprintf(id, sizeof id, "PRAGMA application_id = %d", DB_APPLICATION_ID);
	if ((rc = sqlite3_open_v2(":memory:", &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE, NULL)) != SQLITE_OK)
		rc = db_fail(db, rc, "creating the game");
	else if ((rc = configure(db)) == DB_OK && (rc = exec(db, id, "creating the game")) == DB_OK)
		rc = migrate(db);
	if (rc != DB_OK) {
		if (rc != DB_NOMEM)
			rc = db_set_error(db, DB_CANTCREATE, "cannot create the game '%s': %s", path,
			    db->error.text);
		return give_up(db, rc, e);
	}
	*out = db;
	return DB_OK;
}

int
db_game_insert(struct db *db, const char *rules, const char *title,
    const char *options, const char *fog)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_GAME_INSERT, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, rules, &rc);
	db_bind_text(st, 2, title, &rc);
	db_bind_text(st, 3, options, &rc);
	db_bind_text(st, 4, fog, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "creating the game");
	return db_step_done(db, st, "creating the game");
}

int
db_game_set(struct db *db, const char *title, const char *fog)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, status;

	if ((status = db_prepare(db, STMT_GAME_SET, &st)) != DB_OK)
		return status;
	db_bind_text(st, 1, title, &rc);
	db_bind_text(st, 2, fog, &rc);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "changing the game's settings");
	return db_step_done(db, st, "changing the game's settings");
}

int
db_game_get(struct db *db, struct db_game *g)
{
	sqlite3_stmt *st;
	int rc, status, copy = SQLITE_OK, campaign = db->version >= DB_CAMPAIGN_VERSION;

	memset(g, 0, sizeof *g);
	if ((status = db_prepare(db, campaign ? STMT_GAME_GET_CAMPAIGN : STMT_GAME_GET,
	    &st)) != DB_OK)
		return status;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		db->brought = campaign ? sqlite3_column_int(st, 4) : 0;
		copy = db_column_copy(st, 0, g->rules, sizeof g->rules);
		if (copy == SQLITE_OK)
			copy = db_column_copy(st, 1, g->title, sizeof g->title);
		if (copy == SQLITE_OK)
			copy = db_column_copy(st, 2, g->options, sizeof g->options);
		if (copy == SQLITE_OK)
			copy = db_column_copy(st, 3, g->fog, sizeof g->fog);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return db_set_error(db, DB_NOTGAME, "'%s' is not an umpire game (it has no game row)",
		    db->path);
	if (rc != SQLITE_ROW)
		return db_fail(db, rc, "reading the game");
	return copy == SQLITE_OK ? DB_OK : db_fail(db, copy, "reading the game");
}

int
db_begin(struct db *db)
{
	db->head_known = 0;
	return begin_immediate(db, "starting a transaction");
}

int
db_begin_read(struct db *db)
{
	int rc = exec(db, "BEGIN", "reading the game");

	db->head_known = 0;
	if (rc == DB_OK)
		db->in_tx = 1;
	return rc;
}

int
db_same_file(struct db *db)
{
	return same_file(db);
}

int
db_snapshot_begin(struct db *db)
{
	/* What this connection read before may have changed since. */
	db_tables_free(db);
	db->redo = -1;
	db->head_known = 0;
	return db_begin_read(db);
}

void
db_snapshot_end(struct db *db)
{
	db_rollback(db);
}

int
db_data_version(struct db *db, long long *version)
{
	long v;
	int rc = pragma_int(db, "data_version", &v);

	*version = v;
	return rc;
}

const char *
db_sqlite_version(void)
{
	return sqlite3_libversion();
}

/* Removes what a replaced game may have left beside it, and syncs the
 * directory: the new game never takes the name while the old one's -wal
 * may still be found beside it.  0 or an errno. */
static int
remove_sidecars(const char *path)
{
	static const char *const suffix[] = { "-wal", "-shm", "-journal" };
	char buf[4096];

	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(buf, sizeof buf, "%s%s", path, suffix[i]);
		if (unlink(buf) != 0 && errno != ENOENT)
			return errno;
	}
	return place_sync_dir(path);
}

/* Copies the old game's WAL into its file (synced), so that the file alone
 * is the whole game when its -wal goes: a power cut before the new game
 * is in place leaves the old one as it was.  Reads first: a connection
 * finds the WAL at its first read. */
static int
checkpoint_old(sqlite3 *h)
{
	int rc, log = 0, done = 0;

	rc = sqlite3_exec(h, "PRAGMA synchronous = FULL; SELECT count(*) FROM sqlite_schema",
	    NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_wal_checkpoint_v2(h, "main", SQLITE_CHECKPOINT_FULL, &log, &done);
	return rc == SQLITE_OK && log != done ? SQLITE_BUSY : rc;
}

/* Takes the use lock of the game new --force replaces exclusive (waiting
 * the busy timeout for the commands that have it open), copies its WAL in,
 * then takes its write lock (a writer outside umpire), so nothing works
 * on the file when it goes.  *lock is NULL when there is no game there. */
static int
lock_old(struct db *db, struct db **lock)
{
	const char *path = db->path;
	int rc, persist = 1;

	*lock = NULL;
	if (!db_file_exists(path))
		return DB_OK;
	/* may_replace has checked what it is: a game, perhaps a newer one. */
	if ((rc = db_new(path, &db->error, lock)) != DB_OK)
		return rc;
	if ((rc = take_use(*lock, LOCK_EX)) != DB_OK) {
		give_up(*lock, rc, &db->error);
		*lock = NULL;
		return rc == DB_NOFILE ? DB_OK : rc;	/* gone meanwhile */
	}
	(*lock)->rw = 1;	/* (a failure is told as a writer's) */
	rc = sqlite3_open_v2(path, &(*lock)->h, SQLITE_OPEN_READWRITE, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout((*lock)->h, busy_timeout());
	/* Closing must not delete the -wal by name: it may be the new game's. */
	if (rc == SQLITE_OK)
		sqlite3_file_control((*lock)->h, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
	if (rc == SQLITE_OK)
		rc = checkpoint_old((*lock)->h);
	if (rc != SQLITE_OK) {
		if ((rc & 0xff) == SQLITE_BUSY) {
			db_close(*lock);
			rc = db_set_error(db, DB_LOCKED,
			    "the game '%s' is in use by another command; it was not replaced", path);
		} else
			rc = give_up(*lock, db_fail(*lock, rc, "locking the game it replaces"),
			    &db->error);
		*lock = NULL;
		return rc;
	}
	if ((rc = db_begin(*lock)) != DB_OK) {
		give_up(*lock, rc, &db->error);
		*lock = NULL;
		return rc == DB_LOCKED ? db_set_error(db, DB_LOCKED,
		    "the game '%s' is in use by another command; it was not replaced", path) : rc;
	}
	return DB_OK;
}

/* Writes n bytes at fd's start; 0 or an errno. */
static int
write_all(int fd, const unsigned char *buf, sqlite3_int64 n)
{
	ssize_t w;

	for (sqlite3_int64 off = 0; off < n; off += w)
		if ((w = pwrite(fd, buf + off, (size_t)(n - off), (off_t)off)) < 0) {
			if (errno == EINTR) {
				w = 0;
				continue;
			}
			return errno;
		}
	return 0;
}

/* Puts the game's image at path: written into a file of its own, synced,
 * then linked where there is no game (once what a game gone left beside
 * it is removed), or renamed over the game there (replace) once its -wal
 * is gone; the directory synced. */
static int
place_game(struct db *db, const unsigned char *image, sqlite3_int64 size, int replace)
{
	const char *path = db->path;
	struct place p;
	int e;

	/* Where there is no game, a -wal or -shm left beside its name (a
	 * game removed by hand without them) belongs to no game: SQLite
	 * would replay that WAL into the new one. */
	if ((e = place_open(&p, path, ".new-", 0644)) == 0 &&
	    (e = write_all(p.fd, image, size)) == 0 &&
	    (replace || (e = remove_sidecars(path)) == 0) &&
	    (e = place_link(&p, replace)) == 0 && replace &&
	    (e = remove_sidecars(path)) == 0)
		e = place_rename(&p);
	place_close(&p);
	if (e == EEXIST && !replace)
		return db_set_error(db, DB_EXISTS, "a game exists at '%s'; give --force to replace it",
		    path);
	if (e != 0)
		return db_set_error(db, e == ENOMEM ? DB_NOMEM : DB_CANTCREATE,
		    "cannot create the game '%s': %s", path, strerror(e));
	if ((e = place_sync_dir(path)) != 0)
		return db_set_error(db, DB_IO,
		    "the new game is in place at '%s', but syncing its directory failed (%s): a power cut may yet undo it",
		    path, strerror(e));
	return DB_OK;
}

/* Moves a created game into place (after its transaction committed),
 * holding the old game's write lock while it does. */
static int
install(struct db *db)
{
	sqlite3_int64 size = 0;
	unsigned char *image = sqlite3_serialize(db->h, "main", &size, 0);
	struct db *lock;
	int rc;

	sqlite3_close(db->h);
	db->h = NULL;
	db->creating = 0;
	if (image == NULL)
		return db_set_error(db, DB_NOMEM, "creating the game: out of memory");
	/* The file format's read and write versions: 2, a game in WAL mode
	 * from its birth.  Its first writer has no rollback journal to make
	 * to turn it to WAL, and a power cut none to leave hot. */
	if (size >= 20)
		image[18] = image[19] = 2;
	if ((rc = lock_old(db, &lock)) == DB_OK)
		rc = place_game(db, image, size, lock != NULL);
	sqlite3_free(image);
	db_close(lock);
	return rc;
}

int
db_commit(struct db *db)
{
	int rc;

	if (!db->in_tx)
		return DB_OK;
	db->head_known = 0;
	if (sqlite3_get_autocommit(db->h)) {
		db->in_tx = 0;
		return db_set_error(db, DB_IO,
		    "the game's transaction was ended by an earlier failure; nothing was saved");
	}
	rc = exec(db, "COMMIT", "saving the game");

	if (rc != DB_OK)
		return rc;
	db->in_tx = 0;
	if (!db->creating) {
		if (db->wal_frames >= DB_WAL_FRAMES)
			db_checkpoint(db);
		return DB_OK;
	}
	for (int i = 0; i < STMT_COUNT; i++) {
		sqlite3_finalize(db->stmt[i]);
		db->stmt[i] = NULL;
	}
	return install(db);
}

/*
 * Copies the WAL into the game file and truncates it, when no reader or
 * writer is in the way (it waits for none: the next commit tries again).
 * A failure leaves the WAL as it was, every commit in it kept.
 */
void
db_checkpoint(struct db *db)
{
	if (db == NULL || db->h == NULL || db->in_tx || db->creating)
		return;
	sqlite3_busy_timeout(db->h, 0);
	if (sqlite3_wal_checkpoint_v2(db->h, "main", SQLITE_CHECKPOINT_TRUNCATE, NULL,
	    NULL) == SQLITE_OK)
		db->wal_frames = 0;
	sqlite3_busy_timeout(db->h, busy_timeout());
}

void
db_rollback(struct db *db)
{
	if (db != NULL && db->in_tx) {
		db->head_known = 0;
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
		db->in_tx = 0;
	}
}
