/* view: a unit of the game as `unit show`, `unit list` and `sheet` print it. */
#ifndef UMPIRE_VIEW_H
#define UMPIRE_VIEW_H

#include <stdio.h>

#include "game.h"
#include "jsonw.h"

/* A unit with everything the sheet shows, derived by its rule set. */
struct unit_sheet {
	const struct unit *u;
	struct unit_view v;
};

/* Fills s for unit u of the game's army, with the rule set's JSON fields
 * when json.  Prints the error; returns 0 or a status. */
int view_load(struct cmd_ctx *g, struct game *gm, const struct unit *u,
    struct unit_sheet *s, int json);

/* Writes the unit as a JSON object: name, side, type, formation, parent,
 * state, flags, ratings, and the rule set's own fields (CLI.md). */
void view_json(struct jsonw *w, const struct game *gm,
    const struct unit_sheet *s);

/* Prints the column heads of the sheet. */
void view_heads(FILE *out, const struct game *gm);

/* Prints the unit's sheet line(s) as text. */
void view_text(FILE *out, const struct game *gm, const struct unit_sheet *s);

/* The rule set's sheet columns (after side, formation, name, type) as CSV
 * heads, and the unit's cells. */
void view_csv_heads(FILE *out, const struct game *gm);
void view_csv(FILE *out, const struct game *gm, const struct unit_sheet *s);

#endif
