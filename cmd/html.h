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

/* The page's start (its style) and end. */
void html_head(FILE *f, const char *title);
void html_tail(FILE *f);

/* Writes the casualty sheet of the game (one side, or every side when
 * only is NULL) to path as a printable HTML page; 0 or an exit status. */
int html_sheet(const struct global *g, struct game *gm, const char *only,
    const char *path);

/* Reads every unit's losses at the end of each turn (free h->lost). */
int html_history(const struct global *g, struct game *gm, struct history *h);

#endif
