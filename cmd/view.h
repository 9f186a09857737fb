/* view: a unit of the game as `unit show`, `unit list` and `sheet` print it. */
#ifndef UMPIRE_VIEW_H
#define UMPIRE_VIEW_H

#include <stdio.h>

#include "fact.h"
#include "game.h"
#include "jsonw.h"

/* A game's fog level (CLI.md "What each side may know"). */
enum fog {
	FOG_OPEN,		/* every view sees everything */
	FOG_TABLE,		/* a side sees the enemy as it stands on the table */
	FOG_HIDDEN		/* and its own counts only as band words */
};

/* How much of a unit a viewer sees. */
enum look {
	LOOK_ALL,		/* the umpire; a side's own units at fog table */
	LOOK_REPORTED,		/* its own units at fog hidden: counts as words */
	LOOK_ACROSS		/* the enemy's, across the table */
};

/* Who is looking: the umpire (side NULL), or a side's commander. */
struct viewer {
	const char *side;
	enum fog fog;
};

/*
 * The viewer of command g in game gm: --for SIDE (a side of the game, or
 * "umpire"), at the game's fog level.  Prints the error and returns its
 * status (65 for a side no unit fights for), or 0.
 */
int viewer_of(struct cmd_ctx *g, struct game *gm, struct viewer *v);
/* The sides of army a, in the order of the roster, then LAST (or NULL),
 * as a message lists them ("Allied or French") into out. */
void view_side_names(const struct army *a, const char *last, char *out, size_t n);

/* The unit NAME as viewer v may name it (game_unit, but an enemy's
 * formation at fog table and hidden is not found); NULL after printing
 * the error, its status in *rc. */
struct unit *view_unit(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const char *name, int *rc);

/* What viewer v sees of unit u, or of the units of SIDE. */
enum look viewer_look(const struct viewer *v, const struct unit *u);
enum look viewer_side_look(const struct viewer *v, const char *side);

/* True when v is the umpire's view (or the fog is open). */
int viewer_all(const struct viewer *v);

/* True when viewer v knows the losses of SIDE: its own at fog table,
 * every side's to the umpire, and at fog table every side's where the
 * losses are a count of units in a state that stands on the table (2x2's
 * units destroyed, its victory count). */
int viewer_knows_losses(const struct game *gm, const struct viewer *v, const char *side);

/* Whom the game's standing is told to: viewer v. */
struct standing_for viewer_standing(const struct viewer *v);

/* A unit with everything the sheet shows, derived by its rule set (what
 * the viewer may see of it). */
#define VIEW_JSON 8192

struct unit_sheet {
	const struct unit *u;
	enum look look;
	struct unit_view v;
	char json[VIEW_JSON];	/* the rule set's own fields, written out
				 * (an object: "{...}"), when JSON is wanted */
	char seen[VIEW_CELL];	/* LOOK_REPORTED, LOOK_ACROSS: the measure as
				 * the viewer sees it (a count or a word) */
	int state_hidden;	/* LOOK_ACROSS: the state word stands for what
				 * the enemy does not see (the text leaves it
				 * out) */
	const char *more;	/* a JSON object whose members view_json adds
				 * (unit show's "brought"), or NULL */
};

/* A unit sheet to load units into, one after another (NULL: no memory),
 * and its end: it and what the last load kept. */
struct unit_sheet *view_sheet_new(void);
void view_sheet_free(struct unit_sheet *s);

/* Fills s (from view_sheet_new) for unit u of the game's army as viewer v
 * sees it, with the rule set's JSON fields when json.  Prints the error;
 * returns 0 or a status. */
int view_load(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct unit *u, struct unit_sheet *s, int json);

/* The word of the game's `bands` table for LOST of START: what the other
 * side sees of a count kept only on the umpire's sheet. */
const char *view_band(const struct game *gm, long lost, long start);

/* The band word of unit u with its measure's total at TOTAL: what it has
 * lost in this battle of what it brought into it (a measure that counts
 * down), or what it has taken of its start (one that counts up). */
const char *view_unit_band(const struct game *gm, const struct unit *u, long total);

/* True when viewer v, who sees u with look L, may read the journal's
 * entry of KIND (a ledger's name, or "state", "flag", "formation", "part")
 * with word NAME: what stands on the table, or all of its own side's. */
int view_may_read(const struct game *gm, const struct viewer *v, enum look l,
    const char *kind, const char *name);

/* Writes the unit as a JSON object: name, side, type, formation, parent,
 * state, flags, ratings, and the rule set's own fields (CLI.md). */
void view_json(struct jsonw *w, const struct game *gm,
    const struct unit_sheet *s);

/* True when a rating of declaration d is shown to a viewer with look L:
 * every one to the umpire, none across the table, and no count at fog
 * hidden. */
struct input_decl;
int view_rating_seen(const struct input_decl *d, enum look look);

/* True when the sheet shows units seen with look L by the cells every
 * rule set shares (the measure as seen, the state): a side's view of them
 * but its own at fog table, and the umpire's of a rule set that declares
 * no columns of its own. */
int view_shared(const struct game *gm, enum look l);

/* Prints the column heads of the sheet, for units seen with look L. */
void view_heads(FILE *out, const struct game *gm, enum look l);

/* The rule set's word for a unit that has lost everything: its most
 * severe state ("destroyed"), else "lost". */
const char *view_gone_word(const struct game *gm);

/* True when u has lost the whole of its measure, or taken as much as it
 * can (ohw's fatigue points at the break point): it is out of the fight. */
int view_spent(const struct game *gm, const struct unit *u);

/* True when u has lost the whole of a measure that counts down (a
 * battery with every gunner lost, a brigade with no stand left): it is
 * out of the fight, whatever word its rule set's state leaves on it. */
int view_all_lost(const struct game *gm, const struct unit *u);

/* True when u came into this battle destroyed (lost in an earlier battle
 * of the campaign, not recovered) and is so still: it is not on the table. */
int view_brought_out(const struct game *gm, const struct unit *u);

/* The unit's state in words for text and CSV: the gone word when it has
 * lost everything (JSON keeps the rule set's state word). */
const char *view_state_words(const struct game *gm, const struct unit_sheet *s,
    char *buf, size_t n);

/* The flags of the unit the viewer sees, said in words ("disordered, has
 * tried to form square"), but the one its state word already says. */
void view_flags(const struct game *gm, const struct unit_sheet *s, char *buf,
    size_t n);

/* "Army > Corps > Division": the chain of formations above unit u. */
void view_formation_path(const struct army *a, const struct unit *u, char *buf,
    size_t n);

/* Prints the lines under a unit (its view's facts, then its parts' rows
 * under their head), each after INDENT. */
void view_lines(FILE *out, const struct game *gm, const struct unit_view *v,
    const char *indent);

/* Prints the unit's sheet line(s) as text. */
void view_text(FILE *out, const struct game *gm, const struct unit_sheet *s);

/* The rule set's sheet columns (after side, formation, name, type) as CSV
 * heads (a side's view: the columns of what it sees), and the unit's
 * cells. */
void view_csv_heads(FILE *out, const struct game *gm, const struct viewer *v);
void view_csv(FILE *out, const struct game *gm, int restricted,
    const struct unit_sheet *s);

#endif
