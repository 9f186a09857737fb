/* place: a file made whole before it takes its name (see place.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "place.h"

/* The directory of path and the name in it: "." for a bare name. */
static int
split(const char *path, char *dir, size_t n, const char **base)
{
	const char *slash = strrchr(path, '/');
	int len;

	*base = slash == NULL ? path : slash + 1;
	len = slash == NULL ? snprintf(dir, n, ".") :
	    snprintf(dir, n, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return len < 0 || (size_t)len >= n ? ENAMETOOLONG : 0;
}

int
place_sync_dir(const char *path)
{
	char dir[4096];
	const char *base;
	int fd, rc;

	if ((rc = split(path, dir, sizeof dir, &base)) != 0)
		return rc;
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return errno;
	rc = fsync(fd) == 0 || errno == EINVAL || errno == ENOTSUP ? 0 : errno;
	close(fd);
	return rc;
}

/* True when name is base<mark>, digits, and perhaps -journal. */
static int
leftover(const char *name, const char *base, const char *mark)
{
	size_t nb = strlen(base), nm = strlen(mark);
	const char *p = name + nb + nm;

	if (strncmp(name, base, nb) != 0 || strncmp(name + nb, mark, nm) != 0 ||
	    *p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0' || strcmp(p, "-journal") == 0;
}

/* Removes dir/name when no process holds its flock (and it is still the
 * file whose flock was taken). */
static void
remove_if_gone(int dirfd, const char *name)
{
	struct stat held, now;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &held) == 0 && S_ISREG(held.st_mode) &&
	    flock(fd, LOCK_EX | LOCK_NB) == 0 &&
	    fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    now.st_dev == held.st_dev && now.st_ino == held.st_ino)
		(void)unlinkat(dirfd, name, 0);
	close(fd);
}

void
place_sweep(const char *path, const char *mark)
{
	char dir[4096];
	const char *base;
	struct dirent *e;
	DIR *d;

	if (split(path, dir, sizeof dir, &base) != 0 || (d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if (leftover(e->d_name, base, mark))
			remove_if_gone(dirfd(d), e->d_name);
	closedir(d);
}

/* An unnamed file in the directory of path, when the file system makes
 * them and it can be linked (through /proc, or as root). */
static int
open_unnamed(const char *path, mode_t mode)
{
	char dir[4096];
	const char *base;

	if (split(path, dir, sizeof dir, &base) != 0 ||
	    (access("/proc/self/fd", X_OK) != 0 && geteuid() != 0))
		return -1;
	return open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
}

int
place_open(struct place *p, const char *path, const char *mark, mode_t mode)
{
	int n = snprintf(p->tmp, sizeof p->tmp, "%s%s%ld", path, mark, (long)getpid());

	p->fd = -1;
	p->named = 0;
	p->path = path;
	if (n < 0 || (size_t)n >= sizeof p->tmp)
		return ENAMETOOLONG;
	place_sweep(path, mark);
	if ((p->fd = open_unnamed(path, mode)) < 0) {
		p->fd = open(p->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (p->fd < 0)
			return errno;
		p->named = 1;
	}
	/* Held until closed: the file is not a leftover (a file system
	 * without flock leaves it to the next run's sweep as it finds it). */
	(void)flock(p->fd, LOCK_EX | LOCK_NB);
	return 0;
}

/* Links the unnamed file to name. */
static int
link_unnamed(int fd, const char *name)
{
	char proc[64];

	if (linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0)
		return 0;
	if (errno == EEXIST)
		return EEXIST;
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
}

int
place_link(struct place *p, int replace)
{
	int rc;

	if (fsync(p->fd) != 0)
		return errno;
	if (replace) {
		if (!p->named && (rc = link_unnamed(p->fd, p->tmp)) != 0)
			return rc;
		p->named = 1;
		return 0;
	}
	if (p->named)
		rc = link(p->tmp, p->path) == 0 ? 0 : errno;
	else
		rc = link_unnamed(p->fd, p->path);
	if (rc == 0 && p->named && unlink(p->tmp) == 0)
		p->named = 0;
	return rc;
}

int
place_rename(struct place *p)
{
	if (rename(p->tmp, p->path) != 0)
		return errno;
	p->named = 0;
	return 0;
}

void
place_close(struct place *p)
{
	if (p->named)
		(void)unlink(p->tmp);
	p->named = 0;
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}
