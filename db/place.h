/*
 * place: a file made whole before it takes its name (a new game, a
 * printable sheet), so that neither a killed command nor a power cut
 * leaves half of it under the name, and a killed command leaves nothing
 * the next run does not remove.  (Only db/ and cmd/outfile.c use it.)
 *
 * The file is made without a name (O_TMPFILE) where the file system
 * allows, and linked only once synced.  Elsewhere it is made beside its
 * final name as NAME<mark>PID, and held with an exclusive flock from its
 * creation: a file of that pattern whose flock can be taken was left by a
 * process that is gone, and place_sweep removes it.  Its name is put in
 * place, then the directory synced, so the file is there once umpire says
 * so.
 */
#ifndef UMPIRE_PLACE_H
#define UMPIRE_PLACE_H

#include <sys/types.h>

struct place {
	int fd;			/* write the file here; -1 when closed */
	int named;		/* the file has its temporary name */
	const char *path;	/* its final name */
	char tmp[4096];		/* its temporary name */
};

/*
 * Makes the file for path (its temporary name path<mark>PID), with mode
 * (less the umask), first removing what killed runs left (place_sweep).
 * Returns 0 or an errno (ENAMETOOLONG for a path too long).
 */
int place_open(struct place *p, const char *path, const char *mark, mode_t mode);

/*
 * Syncs the file and names it: replace 0, its final name, which must be
 * free (EEXIST when it is taken); replace 1, its temporary name, for
 * place_rename.  Returns 0 or an errno.  The file is at its final name
 * once the caller has synced the directory (place_sync_dir).
 */
int place_link(struct place *p, int replace);

/* Renames the file from its temporary name over its final name (after
 * place_link with replace).  Returns 0 or an errno. */
int place_rename(struct place *p);

/* Closes the file; its temporary name, when it still has one, removed
 * (a failure).  Accepts a place never opened or closed. */
void place_close(struct place *p);

/* Removes the files path<mark>PID (and their -journal) whose process is
 * gone: their flock can be taken. */
void place_sweep(const char *path, const char *mark);

/* Syncs the directory holding path (a file system that cannot, as some
 * network ones, is taken as done).  Returns 0 or an errno. */
int place_sync_dir(const char *path);

#endif
