/*
 * faultshim: an LD_PRELOAD library that makes one call fail, to prove a
 * command survives it.  FAULT_MALLOC_AT=N fails the Nth malloc, calloc or
 * realloc (NULL, ENOMEM); FAULT_IO_AT=N fails the Nth write, pwrite,
 * pwrite64, fsync, fdatasync or ftruncate (-1, EIO).  Counting starts at
 * the first call; with FAULT_COUNT=FILE the number of calls seen is
 * written there at exit, so the driver knows when N has passed them all.
 * Built for the dynamic fault binary (build/flt/umpire) only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void
report(void)
{
	const char *path = getenv("FAULT_COUNT");
	char buf[64];
	int fd, n;

	if (path == NULL)
		return;
	n = snprintf(buf, sizeof buf, "%ld %ld\n", mallocs, ios);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		ssize_t (*real_write)(int, const void *, size_t) =
		    (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");

		if (real_write != NULL)
			(void)real_write(fd, buf, (size_t)n);
		close(fd);
	}
}

__attribute__((constructor)) static void
setup(void)
{
	malloc_at = env_long("FAULT_MALLOC_AT");
	io_at = env_long("FAULT_IO_AT");
	atexit(report);
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

#define NEXT(type, name, args) \
	static type (*real) args; \
	if (real == NULL) \
		real = (type (*) args)dlsym(RTLD_NEXT, name)

ssize_t
write(int fd, const void *buf, size_t n)
{
	NEXT(ssize_t, "write", (int, const void *, size_t));
	/* Standard output and error are not the game's I/O. */
	if (fd > 2 && io_fails())
		return -1;
	return real(fd, buf, n);
}

ssize_t
pwrite(int fd, const void *buf, size_t n, off_t off)
{
	NEXT(ssize_t, "pwrite", (int, const void *, size_t, off_t));
	if (io_fails())
		return -1;
	return real(fd, buf, n, off);
}

ssize_t
pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	NEXT(ssize_t, "pwrite64", (int, const void *, size_t, off_t));
	if (io_fails())
		return -1;
	return real(fd, buf, n, off);
}

int
fsync(int fd)
{
	NEXT(int, "fsync", (int));
	if (io_fails())
		return -1;
	return real(fd);
}

int
fdatasync(int fd)
{
	NEXT(int, "fdatasync", (int));
	if (io_fails())
		return -1;
	return real(fd);
}

int
ftruncate(int fd, off_t len)
{
	NEXT(int, "ftruncate", (int, off_t));
	if (io_fails())
		return -1;
	return real(fd, len);
}
