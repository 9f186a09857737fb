/*
 * seen: the journal as a side may read it (CLI.md "What each side may
 * know"): the rulings its units took part in, each told by what the side
 * sees of its effects (no dice, no working, the enemy's counts as words).
 */
#ifndef UMPIRE_SEEN_H
#define UMPIRE_SEEN_H

#include "view.h"

#define SEEN_LINE 2048

struct seen_event {
	int took_part;		/* a unit of the viewer's side was named (or
				 * none was: a turn begins) */
	char line[SEEN_LINE];	/* what the viewer reads of it */
};

struct db_event;

/*
 * How viewer v (not the umpire's) reads event e: from the units it named
 * and its effects (a turn that begins, everyone reads).  0 or an exit
 * status, printed.
 */
int seen_event(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct db_event *e, struct seen_event *s);

#endif
