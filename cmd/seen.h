/*
 * seen: the journal as a side may read it (CLI.md "What each side may
 * know"): the rulings its units took part in, each told by what the side
 * sees of its effects (no dice, no working, the enemy's counts as words).
 */
#ifndef UMPIRE_SEEN_H
#define UMPIRE_SEEN_H

#include "view.h"

struct seen_event {
	int took_part;		/* a unit of the viewer's side was named (or
				 * none was: a turn begins) */
	char *line;		/* what the viewer reads of it, as long as it
				 * is (seen_event_free frees it) */
};

struct db_event;

/*
 * How viewer v (not the umpire's) reads event e: from the units it named
 * and its effects (a turn that begins, everyone reads).  0 or an exit
 * status, printed.  s begins zeroed; what an earlier call left in it is
 * freed.
 */
int seen_event(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct db_event *e, struct seen_event *s);
void seen_event_free(struct seen_event *s);

/*
 * A side's log numbers its entries by its own sequence, 1, 2, 3…, so that
 * the numbers tell it nothing of the rulings it did not see (the game's
 * ids are the umpire's).  id[k] is the game's id of the side's entry k + 1.
 */
struct seen_log {
	long long *id;
	size_t n, room;
};

/* The log of viewer v, a side (not the umpire's view): every event its
 * units took part in, undone ones too, as `log --for` lists them.  0 or an
 * exit status, printed; free it with seen_log_free. */
int seen_log_read(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    struct seen_log *log);
/* The number viewer v reads event ID by: the game's id in the umpire's
 * view, its place in the side's log (read by seen_log_read) in a side's,
 * 0 when the side's log does not list it. */
long long seen_log_number(const struct viewer *v, const struct seen_log *log,
    long long id);
void seen_log_free(struct seen_log *log);

#endif
