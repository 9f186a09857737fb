/* html: the printable sheet and report (cmd/html.c). */
#ifndef UMPIRE_HTML_H
#define UMPIRE_HTML_H

#include <stdio.h>
#include <stdlib.h>

#include "game.h"

/* Each side's losses (of its units' measure) at the end of each turn,
 * read in one pass over the journal: as much as the report prints, not
 * a number for each unit and turn. */
struct history {
	long turns;
	int nsides;
	const char **side;	/* into the army, in the order their first
				 * unit was added */
	long *start;		/* each side's measure brought into the
				 * battle (roster_unit_start) */
	long *lost;		/* [side * (turns + 1) + turn] */
	/* While the journal is read: */
	const struct army *a;
	int *side_of;		/* each unit's side, -1 for a formation */
	long *now;		/* each unit's total so far */
	long *sum;		/* each side's so far */
	long turn;		/* the turns before it are written */
};

/* Writes s with &, <, >, and both quotes as HTML entities: every text that
 * reaches a page goes through here. */
void html_esc(FILE *f, const char *s);

/* The page's start (its style) and end. */
void html_head(FILE *f, const char *title);
void html_tail(FILE *f);

struct viewer;

/* Writes the casualty sheet of the game (one side, or every side when
 * only is NULL) as viewer v may see it to path as a printable HTML page;
 * 0 or an exit status. */
int html_sheet(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const char *only, const char *path);

/* Reads each side's losses at the end of each turn (of the army, which
 * must be read); html_history_free frees them. */
int html_history(struct cmd_ctx *g, struct game *gm, struct history *h);
void html_history_free(struct history *h);
/* The chart of side s's losses (of h) at the end of each turn: a bar a
 * turn, each with its turn and its value, the axes titled; sized from its
 * text.  The sheet and the report draw the same.  MOST is the highest
 * value of every chart drawn with it, so that all are on one y scale (the
 * lighter loser's bars as short as its losses). */
void html_chart(FILE *f, const struct game *gm, const struct history *h, int s,
    long most);
/* The highest of side s's losses at the end of a turn (of h). */
long html_chart_most(const struct history *h, int s);
/* The index of SIDE in h, or -1. */
int html_side(const struct history *h, const char *side);

#endif
