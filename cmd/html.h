/* html: the printable sheet and report (cmd/html.c). */
#ifndef UMPIRE_HTML_H
#define UMPIRE_HTML_H

#include <stdio.h>
#include <stdlib.h>

#include "game.h"

/* Every unit's losses at the end of each turn, from the journal. */
struct history {
	const struct army *a;
	long turns;
	long *lost;		/* [unit index * (turns + 1) + turn] */
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

/* Reads every unit's losses at the end of each turn (free h->lost). */
int html_history(struct cmd_ctx *g, struct game *gm, struct history *h);

#endif
