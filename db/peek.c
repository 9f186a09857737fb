/* peek: a game file's SQLite header, read as bytes. */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"
#include "migrate.h"
#include "peek.h"

/* The SQLite header: its magic string, and the big-endian user_version
 * and application_id at their offsets (sqlite.org/fileformat.html). */
#define HEADER 100
#define USER_VERSION 60
#define APPLICATION_ID 68

static unsigned long
be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	    (unsigned long)p[2] << 8 | p[3];
}

int
db_peek_current(const char *path)
{
	unsigned char h[HEADER];
	unsigned long latest = 0;
	struct stat sb;
	ssize_t got;
	int fd;

	/* Non-blocking: a FIFO at the path must not hang the reader. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0)
		return 0;
	got = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ? read(fd, h, sizeof h) : -1;
	close(fd);
	if (got != (ssize_t)sizeof h || memcmp(h, "SQLite format 3", 16) != 0)
		return 0;
	for (int i = 0; i < db_migration_count; i++)
		if ((unsigned long)db_migrations[i].version > latest)
			latest = (unsigned long)db_migrations[i].version;
	return be32(h + APPLICATION_ID) == DB_APPLICATION_ID &&
	    be32(h + USER_VERSION) == latest;
}
