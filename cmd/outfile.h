/*
 * outfile: a file umpire writes (a printable sheet, a report, an export)
 * is written whole or not at all: made beside its final name, created
 * exclusively (so never through a link planted there), and renamed over
 * the name once every byte is on disk.
 */
#ifndef UMPIRE_OUTFILE_H
#define UMPIRE_OUTFILE_H

#include <stdio.h>

#include "cmd.h"

struct outfile {
	FILE *f;		/* write here */
	const char *path;	/* the final name */
	char tmp[4096];		/* the temporary name beside it */
};

/* Creates the temporary file for PATH; 0, or 73 with the error said. */
int outfile_open(struct cmd_ctx *g, const char *path, struct outfile *o);

/*
 * When rc is 0: flushes and syncs the file and renames it over the final
 * name (74 with the error said when that fails); else removes it.  Returns
 * the final status.
 */
int outfile_close(struct cmd_ctx *g, struct outfile *o, int rc);

#endif
