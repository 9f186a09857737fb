/*
 * outfile: a file umpire writes (a printable sheet, a report, an export)
 * is written whole or not at all: made without a name (or under a name
 * the next run removes, should this one be killed: db/place.h), never
 * through a link planted at a name, and renamed over its final name once
 * every byte is on the disk.
 */
#ifndef UMPIRE_OUTFILE_H
#define UMPIRE_OUTFILE_H

#include <stdio.h>

#include "cmd.h"
#include "place.h"

struct outfile {
	FILE *f;		/* write here */
	struct place p;		/* the file and its final name */
};

/* Creates the file for PATH; 0, or 73 with the error said. */
int outfile_open(struct cmd_ctx *g, const char *path, struct outfile *o);

/*
 * When rc is 0: flushes and syncs the file and renames it over the final
 * name (74 with the error said when that fails); else removes it.  Returns
 * the final status.
 */
int outfile_close(struct cmd_ctx *g, struct outfile *o, int rc);

#endif
