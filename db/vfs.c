/*
 * vfs: SQLite's own unix VFS with two syncs fewer, registered as the
 * default.  Every call goes to the unix VFS; this layer only leaves out
 * two syncs that can add nothing to what is already on the disk:
 *
 *  - A sync of a WAL with nothing written through it since its own last
 *    sync.  A checkpoint syncs the WAL before it copies frames into the
 *    game (SQLite must, for writers at synchronous=NORMAL); umpire's
 *    writers run at synchronous=FULL, so the WAL was synced by the
 *    commit just before, and every frame another writer published was
 *    synced by that writer before it published it.  (A frame a killed
 *    writer left unsynced is found only by the recovery of a process that
 *    then commits, whose own commit sync takes the whole file.)  The
 *    first sync of a file through a handle is always made.
 *  - The sync of the directory on a WAL's first sync, when the WAL was
 *    already there and held something: SQLite syncs the directory of a
 *    file it opens with SQLITE_OPEN_CREATE, whether it made the file or
 *    not.  A WAL is given its name on the disk by whoever makes it: the
 *    WAL's opener here syncs the directory at once when the WAL was not
 *    there or was empty (a reader makes a WAL and SQLite never syncs
 *    anything a reader makes; a process killed before that sync leaves
 *    it empty), before anything is written to it.  So a WAL that holds
 *    something has its name on the disk, and is opened without
 *    SQLITE_OPEN_CREATE; one absent or empty is opened with it, and is
 *    new: its directory is synced at once, and again at its first sync.
 *
 * And a WAL is never truncated to nothing (SQLite does it once a
 * checkpoint has copied the whole WAL into the game, holding the WAL's
 * write lock): its header is zeroed instead, which SQLite reads as an
 * empty WAL, as it would a file of no bytes.  Giving back an ext4 file's
 * blocks waits on the file system's journal (2 to 18 ms, where a ruling
 * takes 6); the frames left behind the header are as those a WAL keeps
 * when SQLite restarts it from its start (the next writer writes and
 * syncs a new header, then overwrites them; a frame is read only when its
 * salt is the header's).  Unsynced as the truncation was: lost in a power
 * cut, the old header brings back frames already in the game.
 *
 * And a WAL whose sync fails loses what was written since its last good
 * sync (wal_drop_unsynced), so that a commit SQLite failed is not found
 * by the next process.
 *
 * db/db.c explains how the two make a ruling two syncs.
 */
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "place.h"

#if SQLITE_VERSION_NUMBER != DB_VFS_SQLITE
#error "db/vfs.c is argued for SQLite 3.40.1 (DB_VFS_SQLITE, db/internal.h) only: read this SQLite's os_unix.c and wal.c against the argument at the top of db/vfs.c, then change DB_VFS_SQLITE"
#endif

/* A file of this VFS: the unix VFS's file follows it. */
struct shim_file {
	sqlite3_file base;
	int wal;		/* a write-ahead log */
	int synced;		/* nothing written through it since its last
				 * sync (a WAL only) */
	int dirty;		/* written since its last good sync */
	sqlite3_int64 dirty_from;	/* the first byte so written */
};

/* The size of a WAL's header (SQLite's file format). */
#define WAL_HEADER 32

#define REAL_FILE(f) ((sqlite3_file *)((char *)(f) + sizeof(struct shim_file)))

static sqlite3_vfs *real_vfs;

static int
shim_close(sqlite3_file *f)
{
	return REAL_FILE(f)->pMethods->xClose(REAL_FILE(f));
}

static int
shim_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
	return REAL_FILE(f)->pMethods->xRead(REAL_FILE(f), buf, n, off);
}

static int
shim_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
	struct shim_file *p = (struct shim_file *)f;

	p->synced = 0;
	if (!p->dirty || off < p->dirty_from)
		p->dirty_from = off;
	p->dirty = 1;
	return REAL_FILE(f)->pMethods->xWrite(REAL_FILE(f), buf, n, off);
}

static int
shim_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	static const char no_header[WAL_HEADER];
	struct shim_file *p = (struct shim_file *)f;

	p->synced = 0;
	if (p->wal && size == 0)
		return REAL_FILE(f)->pMethods->xWrite(REAL_FILE(f), no_header,
		    sizeof no_header, 0);
	return REAL_FILE(f)->pMethods->xTruncate(REAL_FILE(f), size);
}

/*
 * A WAL whose sync failed loses the frames written since its last good
 * sync.  SQLite then fails the commit, and this connection never sees it;
 * but the frames are in the file, and the next process to open the game
 * rebuilds the WAL's index from the file and finds the commit there: a
 * ruling refused (74) would stand.  Cut off, the frames are as SQLite
 * says they are: not committed.  A WAL rewritten from its header (SQLite
 * restarts it once the game holds every frame) loses its header: empty,
 * as it would be.
 */
static void
wal_drop_unsynced(struct shim_file *p)
{
	static const char no_header[WAL_HEADER];
	sqlite3_file *real = REAL_FILE(&p->base);

	if (p->dirty_from < WAL_HEADER)
		real->pMethods->xWrite(real, no_header, sizeof no_header, 0);
	else
		real->pMethods->xTruncate(real, p->dirty_from);
}

static int
shim_sync(sqlite3_file *f, int flags)
{
	struct shim_file *p = (struct shim_file *)f;
	int rc;

	if (p->wal && p->synced)
		return SQLITE_OK;
	rc = REAL_FILE(f)->pMethods->xSync(REAL_FILE(f), flags);
	if (rc != SQLITE_OK && p->wal && p->dirty)
		wal_drop_unsynced(p);
	if (rc == SQLITE_OK)
		p->dirty = 0;
	p->synced = p->wal && rc == SQLITE_OK;
	return rc;
}

static int
shim_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return REAL_FILE(f)->pMethods->xFileSize(REAL_FILE(f), size);
}

static int
shim_lock(sqlite3_file *f, int lock)
{
	return REAL_FILE(f)->pMethods->xLock(REAL_FILE(f), lock);
}

static int
shim_unlock(sqlite3_file *f, int lock)
{
	return REAL_FILE(f)->pMethods->xUnlock(REAL_FILE(f), lock);
}

static int
shim_reserved(sqlite3_file *f, int *out)
{
	return REAL_FILE(f)->pMethods->xCheckReservedLock(REAL_FILE(f), out);
}

static int
shim_control(sqlite3_file *f, int op, void *arg)
{
	return REAL_FILE(f)->pMethods->xFileControl(REAL_FILE(f), op, arg);
}

static int
shim_sector(sqlite3_file *f)
{
	return REAL_FILE(f)->pMethods->xSectorSize(REAL_FILE(f));
}

static int
shim_device(sqlite3_file *f)
{
	return REAL_FILE(f)->pMethods->xDeviceCharacteristics(REAL_FILE(f));
}

static int
shim_shm_map(sqlite3_file *f, int page, int size, int extend, void volatile **out)
{
	return REAL_FILE(f)->pMethods->xShmMap(REAL_FILE(f), page, size, extend, out);
}

static int
shim_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
	return REAL_FILE(f)->pMethods->xShmLock(REAL_FILE(f), offset, n, flags);
}

static void
shim_shm_barrier(sqlite3_file *f)
{
	REAL_FILE(f)->pMethods->xShmBarrier(REAL_FILE(f));
}

static int
shim_shm_unmap(sqlite3_file *f, int delete)
{
	return REAL_FILE(f)->pMethods->xShmUnmap(REAL_FILE(f), delete);
}

static int
shim_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **out)
{
	return REAL_FILE(f)->pMethods->xFetch(REAL_FILE(f), off, n, out);
}

static int
shim_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	return REAL_FILE(f)->pMethods->xUnfetch(REAL_FILE(f), off, p);
}

/* The unix VFS's files are of version 3 (shared memory, memory maps). */
static const sqlite3_io_methods shim_methods = {
	3, shim_close, shim_read, shim_write, shim_truncate, shim_sync,
	shim_file_size, shim_lock, shim_unlock, shim_reserved, shim_control,
	shim_sector, shim_device, shim_shm_map, shim_shm_lock, shim_shm_barrier,
	shim_shm_unmap, shim_fetch, shim_unfetch,
};

/* Opens through the unix VFS: a WAL that holds something without
 * SQLITE_OPEN_CREATE; one absent or empty with it, its directory synced at
 * once (see the top of the file). */
static int
shim_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags,
    int *out)
{
	struct shim_file *p = (struct shim_file *)f;
	sqlite3_file *real = REAL_FILE(f);
	int rc = SQLITE_CANTOPEN;
	struct stat sb;

	(void)vfs;
	memset(p, 0, sizeof *p);
	p->wal = (flags & SQLITE_OPEN_WAL) != 0;
	real->pMethods = NULL;
	/* (The unix VFS's xAccess calls an empty file absent: a WAL whose
	 * header is zeroed is there.) */
	if (p->wal && (flags & SQLITE_OPEN_CREATE) && name != NULL &&
	    stat(name, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0) {
		rc = real_vfs->xOpen(real_vfs, name, real, flags & ~SQLITE_OPEN_CREATE, out);
		if (rc != SQLITE_OK && real->pMethods != NULL) {
			real->pMethods->xClose(real);
			real->pMethods = NULL;
		}
	}
	if (rc != SQLITE_OK) {
		rc = real_vfs->xOpen(real_vfs, name, real, flags, out);
		if (rc == SQLITE_OK && p->wal && (flags & SQLITE_OPEN_CREATE) && name != NULL)
			(void)place_sync_dir(name);
	}
	/* SQLite closes a file whose methods are set, even when its open
	 * failed. */
	if (real->pMethods != NULL)
		p->base.pMethods = &shim_methods;
	return rc;
}

static int
shim_delete(sqlite3_vfs *vfs, const char *name, int sync_dir)
{
	(void)vfs;
	return real_vfs->xDelete(real_vfs, name, sync_dir);
}

static int
shim_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	(void)vfs;
	return real_vfs->xAccess(real_vfs, name, flags, out);
}

static int
shim_full_pathname(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	(void)vfs;
	return real_vfs->xFullPathname(real_vfs, name, n, out);
}

static void *
shim_dl_open(sqlite3_vfs *vfs, const char *name)
{
	(void)vfs;
	return real_vfs->xDlOpen(real_vfs, name);
}

static void
shim_dl_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	real_vfs->xDlError(real_vfs, n, out);
}

static void (*shim_dl_sym(sqlite3_vfs *vfs, void *h, const char *sym))(void)
{
	(void)vfs;
	return real_vfs->xDlSym(real_vfs, h, sym);
}

static void
shim_dl_close(sqlite3_vfs *vfs, void *h)
{
	(void)vfs;
	real_vfs->xDlClose(real_vfs, h);
}

static int
shim_randomness(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xRandomness(real_vfs, n, out);
}

static int
shim_sleep(sqlite3_vfs *vfs, int us)
{
	(void)vfs;
	return real_vfs->xSleep(real_vfs, us);
}

static int
shim_current_time(sqlite3_vfs *vfs, double *out)
{
	(void)vfs;
	return real_vfs->xCurrentTime(real_vfs, out);
}

static int
shim_last_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xGetLastError(real_vfs, n, out);
}

static int
shim_current_time64(sqlite3_vfs *vfs, sqlite3_int64 *out)
{
	(void)vfs;
	return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

static sqlite3_vfs shim_vfs = {
	2, 0, 0, NULL, "umpire", NULL, shim_open, shim_delete, shim_access,
	shim_full_pathname, shim_dl_open, shim_dl_error, shim_dl_sym, shim_dl_close,
	shim_randomness, shim_sleep, shim_current_time, shim_last_error,
	shim_current_time64, NULL, NULL, NULL,
};

int
db_vfs_register(void)
{
	int rc;

	if (real_vfs != NULL)
		return SQLITE_OK;
	if ((rc = sqlite3_initialize()) != SQLITE_OK)
		return rc;
	if ((real_vfs = sqlite3_vfs_find("unix")) == NULL || real_vfs->iVersion < 2 ||
	    real_vfs->xCurrentTimeInt64 == NULL) {
		real_vfs = NULL;
		return SQLITE_ERROR;
	}
	shim_vfs.szOsFile = (int)sizeof(struct shim_file) + real_vfs->szOsFile;
	shim_vfs.mxPathname = real_vfs->mxPathname;
	if ((rc = sqlite3_vfs_register(&shim_vfs, 1)) != SQLITE_OK)
		real_vfs = NULL;
	return rc;
}
