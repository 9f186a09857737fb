/*
 * faultshim: an LD_PRELOAD library that makes one call fail, to prove a
 * command survives it.  FAULT_MALLOC_AT=N fails the Nth malloc, calloc or
 * realloc (NULL, ENOMEM); FAULT_IO_AT=N fails the Nth open, openat,
 * write, pwrite, pwrite64, fsync, fdatasync or ftruncate (-1, EIO).  Counting starts at
 * the first call; with FAULT_COUNT=FILE the number of calls seen is
 * written there at exit, so the driver knows when N has passed them all.
 *
 * With TRACE=FILE and TRACE_DIR=DIR it records instead what a power cut
 * could undo (tests/stress/powercut.py replays it): every write,
 * truncation and sync of a file in DIR, every sync of DIR itself, and
 * every name made or removed there (a creation, an O_TMPFILE, a link, a
 * rename, an unlink), one line each in FILE, the bytes written appended
 * to FILE.data:
 *	P pid			a process starts
 *	A pid			it has printed (its standard output, a
 *				regular file, is unbuffered): acknowledged
 *	E pid			it exits
 *	W ino offset length at	a write; its bytes at offset AT of FILE.data
 *	T ino size		a truncation
 *	S ino			a sync of a file
 *	D			a sync of DIR
 *	C ino name		a file created by open
 *	N ino			a file without a name (O_TMPFILE)
 *	L ino name		a link made to it
 *	R from to		a rename ("-" for a name outside DIR)
 *	U name			an unlink
 * Built for the dynamic fault binary (build/flt/umpire) only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

static long malloc_at = -1, io_at = -1;
static long mallocs, ios;
static int ready;

static long
env_long(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtol(v, NULL, 10) : -1;
}

#define NEXT(type, name, args) \
	static type (*real) args; \
	if (real == NULL) \
		real = (type (*) args)dlsym(RTLD_NEXT, name)

/* ---- the trace ---------------------------------------------------- */

static ssize_t (*sys_write)(int, const void *, size_t);
static int (*sys_open)(const char *, int, ...);
static int tracing;		/* TRACE is set */
static int trace_fd = -1, data_fd = -1;
static char trace_dir[PATH_MAX];
static size_t trace_dir_len;
static dev_t dir_dev;
static ino_t dir_ino;
static off_t out_start = -1;	/* standard output's size at the start */
static int acked;

/* Appends one line to the trace. */
static void trace_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
trace_line(const char *fmt, ...)
{
	char buf[2 * PATH_MAX + 128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof buf)
		(void)sys_write(trace_fd, buf, (size_t)n);
}

/* Notes, before any other line, that the process has printed. */
static void
trace_ack(void)
{
	struct stat sb;

	if (acked || out_start < 0 || fstat(1, &sb) != 0 || sb.st_size <= out_start)
		return;
	acked = 1;
	trace_line("A %ld\n", (long)getpid());
}

/* The name in DIR that path (relative to dirfd) is, into name; 0 when it
 * is not in DIR. */
static int
name_in_dir(int dirfd, const char *path, char *name, size_t n)
{
	char abs[2 * PATH_MAX + 2], base[PATH_MAX], link[64];
	const char *slash;
	ssize_t len;

	if (path[0] == '/')
		snprintf(abs, sizeof abs, "%s", path);
	else {
		if (dirfd == AT_FDCWD) {
			if (getcwd(base, sizeof base) == NULL)
				return 0;
		} else {
			snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
			if ((len = readlink(link, base, sizeof base - 1)) < 0)
				return 0;
			base[len] = '\0';
		}
		snprintf(abs, sizeof abs, "%s/%s", base, path);
	}
	slash = strrchr(abs, '/');
	if ((size_t)(slash - abs) != trace_dir_len ||
	    strncmp(abs, trace_dir, trace_dir_len) != 0)
		return 0;
	snprintf(name, n, "%s", slash + 1);
	return name[0] != '\0';
}

/* The inode of fd when it is a regular file of DIR (or a file made there
 * without a name); 0 otherwise. */
static ino_t
traced_file(int fd)
{
	char link[64], path[PATH_MAX];
	struct stat sb;
	ssize_t len;

	if (!tracing || fd <= 2 || fd == trace_fd || fd == data_fd ||
	    fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_dev != dir_dev)
		return 0;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if ((len = readlink(link, path, sizeof path - 1)) < 0)
		return 0;
	path[len] = '\0';
	if ((size_t)len <= trace_dir_len || strncmp(path, trace_dir, trace_dir_len) != 0 ||
	    path[trace_dir_len] != '/' || strchr(path + trace_dir_len + 1, '/') != NULL)
		return 0;
	return sb.st_ino;
}

static void
trace_write(int fd, const void *buf, ssize_t n, off_t off)
{
	ino_t ino;
	off_t at;

	if (n <= 0 || (ino = traced_file(fd)) == 0)
		return;
	trace_ack();
	if ((at = lseek(data_fd, 0, SEEK_END)) < 0)
		return;
	(void)sys_write(data_fd, buf, (size_t)n);
	trace_line("W %lu %lld %zd %lld\n", (unsigned long)ino, (long long)off, n,
	    (long long)at);
}

static void
trace_sync(int fd)
{
	struct stat sb;
	ino_t ino;

	if (!tracing)
		return;
	if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (sb.st_dev == dir_dev && sb.st_ino == dir_ino) {
			trace_ack();
			trace_line("D\n");
		}
		return;
	}
	if ((ino = traced_file(fd)) != 0) {
		trace_ack();
		trace_line("S %lu\n", (unsigned long)ino);
	}
}

/* What an open made: a file created, or one without a name. */
static void
trace_open(int fd, int dirfd, const char *path, int flags, int existed)
{
	char name[PATH_MAX];
	ino_t ino;

	if (!tracing || fd < 0 || (ino = traced_file(fd)) == 0)
		return;
	if ((flags & O_TMPFILE) == O_TMPFILE) {
		trace_ack();
		trace_line("N %lu\n", (unsigned long)ino);
	} else if ((flags & O_CREAT) && !existed && name_in_dir(dirfd, path, name,
	    sizeof name)) {
		trace_ack();
		trace_line("C %lu %s\n", (unsigned long)ino, name);
	}
}

/* True when path (relative to dirfd) names something (not followed). */
static int
exists_at(int dirfd, const char *path, int flags)
{
	struct stat sb;

	if (!tracing || !(flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
		return 1;
	return fstatat(dirfd, path, &sb, AT_SYMLINK_NOFOLLOW) == 0;
}

static void
trace_rename(int fromfd, const char *from, int tofd, const char *to)
{
	char a[PATH_MAX], b[PATH_MAX];
	int ina, inb;

	if (!tracing)
		return;
	ina = name_in_dir(fromfd, from, a, sizeof a);
	inb = name_in_dir(tofd, to, b, sizeof b);
	if (!ina && !inb)
		return;
	trace_ack();
	trace_line("R %s %s\n", ina ? a : "-", inb ? b : "-");
}

static void
trace_unlink(int dirfd, const char *path)
{
	char name[PATH_MAX];

	if (!tracing || !name_in_dir(dirfd, path, name, sizeof name))
		return;
	trace_ack();
	trace_line("U %s\n", name);
}

static void
trace_link(int dirfd, const char *path)
{
	char name[PATH_MAX];
	struct stat sb;

	if (!tracing || !name_in_dir(dirfd, path, name, sizeof name) ||
	    fstatat(dirfd, path, &sb, AT_SYMLINK_NOFOLLOW) != 0)
		return;
	trace_ack();
	trace_line("L %lu %s\n", (unsigned long)sb.st_ino, name);
}

static void
trace_end(void)
{
	trace_ack();
	if (!acked)
		trace_line("A %ld\n", (long)getpid());
	trace_line("E %ld\n", (long)getpid());
}

/* Opens the trace when TRACE and TRACE_DIR are set. */
static void
trace_setup(void)
{
	const char *file = getenv("TRACE"), *dir = getenv("TRACE_DIR");
	char data[PATH_MAX + 8];
	struct stat sb;

	sys_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	sys_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	if (file == NULL || dir == NULL || realpath(dir, trace_dir) == NULL ||
	    stat(trace_dir, &sb) != 0)
		return;
	trace_dir_len = strlen(trace_dir);
	dir_dev = sb.st_dev;
	dir_ino = sb.st_ino;
	snprintf(data, sizeof data, "%s.data", file);
	trace_fd = sys_open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	data_fd = sys_open(data, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (trace_fd < 0 || data_fd < 0)
		return;
	if (fstat(1, &sb) == 0 && S_ISREG(sb.st_mode)) {
		out_start = sb.st_size;
		setvbuf(stdout, NULL, _IONBF, 0);
	}
	tracing = 1;
	trace_line("P %ld\n", (long)getpid());
	atexit(trace_end);
}

/* ---- the faults --------------------------------------------------- */

static void
report(void)
{
	const char *path = getenv("FAULT_COUNT");
	char buf[64];
	int fd, n;

	if (path == NULL)
		return;
	n = snprintf(buf, sizeof buf, "%ld %ld\n", mallocs, ios);
	fd = sys_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		(void)sys_write(fd, buf, (size_t)n);
		close(fd);
	}
}

__attribute__((constructor)) static void
setup(void)
{
	malloc_at = env_long("FAULT_MALLOC_AT");
	io_at = env_long("FAULT_IO_AT");
	atexit(report);
	trace_setup();
	ready = 1;
}

static int
malloc_fails(void)
{
	if (!ready)
		return 0;
	return ++mallocs == malloc_at;
}

void *
malloc(size_t n)
{
	if (malloc_fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}

void *
calloc(size_t a, size_t b)
{
	if (malloc_fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_calloc(a, b);
}

void *
realloc(void *p, size_t n)
{
	if (malloc_fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, n);
}

static int
io_fails(void)
{
	if (!ready)
		return 0;
	if (++ios == io_at) {
		errno = EIO;
		return 1;
	}
	return 0;
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	ssize_t w;

	NEXT(ssize_t, "write", (int, const void *, size_t));
	/* Standard output and error are not the game's I/O. */
	if (fd > 2 && io_fails())
		return -1;
	if (!tracing)
		return real(fd, buf, n);
	{
		off_t off = lseek(fd, 0, SEEK_CUR);
		int flags = fcntl(fd, F_GETFL);
		struct stat sb;

		if (flags >= 0 && (flags & O_APPEND) && fstat(fd, &sb) == 0)
			off = sb.st_size;
		w = real(fd, buf, n);
		trace_write(fd, buf, w, off);
	}
	return w;
}

ssize_t
pwrite(int fd, const void *buf, size_t n, off_t off)
{
	ssize_t w;

	NEXT(ssize_t, "pwrite", (int, const void *, size_t, off_t));
	if (io_fails())
		return -1;
	w = real(fd, buf, n, off);
	trace_write(fd, buf, w, off);
	return w;
}

ssize_t
pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	ssize_t w;

	NEXT(ssize_t, "pwrite64", (int, const void *, size_t, off_t));
	if (io_fails())
		return -1;
	w = real(fd, buf, n, off);
	trace_write(fd, buf, w, off);
	return w;
}

int
fsync(int fd)
{
	int rc;

	NEXT(int, "fsync", (int));
	if (io_fails())
		return -1;
	if ((rc = real(fd)) == 0)
		trace_sync(fd);
	return rc;
}

int
fdatasync(int fd)
{
	int rc;

	NEXT(int, "fdatasync", (int));
	if (io_fails())
		return -1;
	if ((rc = real(fd)) == 0)
		trace_sync(fd);
	return rc;
}

int
ftruncate(int fd, off_t len)
{
	int rc;

	NEXT(int, "ftruncate", (int, off_t));
	if (io_fails())
		return -1;
	if ((rc = real(fd, len)) == 0 && traced_file(fd) != 0) {
		trace_ack();
		trace_line("T %lu %lld\n", (unsigned long)traced_file(fd), (long long)len);
	}
	return rc;
}

/* The opens fail as the writes do; renames, links and unlinks are traced
 * only, never failed. */

static mode_t
mode_arg(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ?
	    (mode_t)va_arg(ap, int) : 0;
}

#define OPEN_AT(fname, dirfd_expr, dirfd_param) \
	{ \
		va_list ap; \
		mode_t mode; \
		int fd, existed; \
		NEXT(int, fname, (int, const char *, int, ...)); \
		if (io_fails()) \
			return -1; \
		va_start(ap, flags); \
		mode = mode_arg(flags, ap); \
		va_end(ap); \
		existed = exists_at(dirfd_expr, path, flags); \
		fd = real(dirfd_param, path, flags, mode); \
		trace_open(fd, dirfd_expr, path, flags, existed); \
		return fd; \
	}

#define OPEN_CWD(fname) \
	{ \
		va_list ap; \
		mode_t mode; \
		int fd, existed; \
		NEXT(int, fname, (const char *, int, ...)); \
		if (io_fails()) \
			return -1; \
		va_start(ap, flags); \
		mode = mode_arg(flags, ap); \
		va_end(ap); \
		existed = exists_at(AT_FDCWD, path, flags); \
		fd = real(path, flags, mode); \
		trace_open(fd, AT_FDCWD, path, flags, existed); \
		return fd; \
	}

int open(const char *path, int flags, ...) OPEN_CWD("open")
int open64(const char *path, int flags, ...) OPEN_CWD("open64")
int openat(int dirfd, const char *path, int flags, ...) OPEN_AT("openat", dirfd, dirfd)
int openat64(int dirfd, const char *path, int flags, ...) OPEN_AT("openat64", dirfd, dirfd)

int
rename(const char *from, const char *to)
{
	int rc;

	NEXT(int, "rename", (const char *, const char *));
	if ((rc = real(from, to)) == 0)
		trace_rename(AT_FDCWD, from, AT_FDCWD, to);
	return rc;
}

int
renameat(int fromfd, const char *from, int tofd, const char *to)
{
	int rc;

	NEXT(int, "renameat", (int, const char *, int, const char *));
	if ((rc = real(fromfd, from, tofd, to)) == 0)
		trace_rename(fromfd, from, tofd, to);
	return rc;
}

int
renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned flags)
{
	int rc;

	NEXT(int, "renameat2", (int, const char *, int, const char *, unsigned));
	if ((rc = real(fromfd, from, tofd, to, flags)) == 0)
		trace_rename(fromfd, from, tofd, to);
	return rc;
}

int
unlink(const char *path)
{
	int rc;

	NEXT(int, "unlink", (const char *));
	if ((rc = real(path)) == 0)
		trace_unlink(AT_FDCWD, path);
	return rc;
}

int
unlinkat(int dirfd, const char *path, int flags)
{
	int rc;

	NEXT(int, "unlinkat", (int, const char *, int));
	if ((rc = real(dirfd, path, flags)) == 0)
		trace_unlink(dirfd, path);
	return rc;
}

int
link(const char *from, const char *to)
{
	int rc;

	NEXT(int, "link", (const char *, const char *));
	if ((rc = real(from, to)) == 0)
		trace_link(AT_FDCWD, to);
	return rc;
}

int
linkat(int fromfd, const char *from, int tofd, const char *to, int flags)
{
	int rc;

	NEXT(int, "linkat", (int, const char *, int, const char *, int));
	if ((rc = real(fromfd, from, tofd, to, flags)) == 0)
		trace_link(tofd, to);
	return rc;
}
