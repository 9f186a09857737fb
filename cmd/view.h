/* view: a unit of the game as `unit show`, `unit list` and `sheet` print it. */
#ifndef UMPIRE_VIEW_H
#define UMPIRE_VIEW_H

#include <stdio.h>

#include "game.h"
#include "jsonw.h"

/* A unit with everything the sheet shows, derived from the journal. */
struct unit_sheet {
	struct db_unit row;
	struct unit u;
	struct unit_view v;
	long pb_run;		/* the continuous run now (0 once broken off) */
	double cost;		/* army-list points (0 where the rules have none) */
};

/* Loads row's state and view.  Prints the error; returns 0 or a status. */
int view_load(const struct global *g, struct game *gm, const struct db_unit *row,
    struct unit_sheet *s);

/* Writes the unit as a JSON object (CLI.md: name, side, type, state and the
 * rule set's measure). */
void view_json(struct jsonw *w, const struct game *gm,
    const struct unit_sheet *s);

/* Prints the column heads of the sheet for the rule set's measure. */
void view_heads(FILE *out, const struct game *gm);

/* Prints the unit's sheet line(s) as text. */
void view_text(FILE *out, const struct game *gm, const struct unit_sheet *s);

#endif
