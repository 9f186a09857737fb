/* outfile: files written whole or not at all (see outfile.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

int
outfile_open(struct cmd_ctx *g, const char *path, struct outfile *o)
{
	int e;

	o->f = NULL;
	if ((e = place_open(&o->p, path, ".tmp-", 0666)) != 0) {
		place_close(&o->p);
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path,
		    e == ENAMETOOLONG ? "the name is too long" : strerror(e));
	}
	if ((o->f = fdopen(o->p.fd, "w")) == NULL) {
		e = errno;
		place_close(&o->p);
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path,
		    strerror(e));
	}
	return 0;
}

int
outfile_close(struct cmd_ctx *g, struct outfile *o, int rc)
{
	int e = 0;

	if (o->f == NULL)
		return rc;
	if (rc == 0 && (fflush(o->f) != 0 || ferror(o->f)))
		e = errno != 0 ? errno : EIO;
	if (rc == 0 && e == 0 && (e = place_link(&o->p, 1)) == 0 &&
	    (e = place_rename(&o->p)) == 0)
		e = place_sync_dir(o->p.path);
	if (fclose(o->f) != 0 && rc == 0 && e == 0)
		e = errno;
	o->f = NULL;
	o->p.fd = -1;	/* closed with the stream */
	place_close(&o->p);
	if (rc == 0 && e != 0)
		rc = cmd_error(g, EXIT_IO, "cannot write '%s': %s", o->p.path, strerror(e));
	return rc;
}
