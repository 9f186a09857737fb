/* outfile: files written whole or not at all (see outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

int
outfile_open(struct cmd_ctx *g, const char *path, struct outfile *o)
{
	mode_t mask;
	int fd;

	o->f = NULL;
	o->path = path;
	if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%s.tmpXXXXXX", path) >= sizeof o->tmp)
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': the name is too long",
		    path);
	/* mkstemp creates with O_EXCL: a name already there, a link
	 * included, is never opened. */
	if ((fd = mkstemp(o->tmp)) < 0)
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path,
		    strerror(errno));
	mask = umask(0);
	umask(mask);
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || fchmod(fd, 0666 & ~mask) != 0 ||
	    (o->f = fdopen(fd, "w")) == NULL) {
		int e = errno;

		close(fd);
		unlink(o->tmp);
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path,
		    strerror(e));
	}
	return 0;
}

int
outfile_close(struct cmd_ctx *g, struct outfile *o, int rc)
{
	int failed;

	if (o->f == NULL)
		return rc;
	failed = rc != 0 || fflush(o->f) != 0 || ferror(o->f) ||
	    fsync(fileno(o->f)) != 0;
	if (fclose(o->f) != 0)
		failed = 1;
	o->f = NULL;
	if (!failed && rename(o->tmp, o->path) == 0)
		return rc;
	if (rc == 0)
		rc = cmd_error(g, EXIT_IO, "cannot write '%s': %s", o->path,
		    strerror(errno));
	unlink(o->tmp);
	return rc;
}
