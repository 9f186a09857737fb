/* render: a ruling as text (the result line, then the working) or JSON. */
#ifndef UMPIRE_RENDER_H
#define UMPIRE_RENDER_H

#include <stdio.h>

#include "dice.h"
#include "inputs.h"
#include "jsonw.h"
#include "result.h"
#include "unit.h"

/* What a ruling changed in the game, by unit (stateful form). */
struct applied {
	char unit[128];
	char what[32];		/* figures, stands, hits, fp, state, pushback... */
	long amount;
	int has_left;		/* a ledger's change: left says what it leaves */
	long left;		/* what is left of the measure (a ledger counting
				 * down from the start), or its total now */
	long until;		/* a flag set for some turns: the last, else 0 */
	char state[64];		/* the unit's state afterwards, or "" */
	char part[128];		/* the part of the unit (a battalion), or "" */
	char formation[32];	/* the tactical formation taken up, or "" */
	char note[160];		/* a sentence for the text output, or "" */
};

struct ruling {
	const char *rules;
	const char *command;
	const struct dice *dice;
	int rolled;		/* the tool rolled: show the seed */
	const struct result *result;
	struct applied *applied;	/* one for each effect (the caller's
					 * allocation) */
	int napplied;
	long long event;	/* journal id, or 0 when stateless */
	char standing[256];	/* a change in who has lost ("French lose: ..") */
};

/* Prints the ruling as text: the result line, then the working. */
void render_text(FILE *out, const struct ruling *ru);
/* Writes a ruling's result fields into w under KEY (NULL: the bare value):
 * the whole `result` object when FIELD is -1, else field FIELD with the
 * records and lists it holds. */
void render_result(struct jsonw *w, const char *key, const struct result *r,
    int field);
/* Writes a result's fields as members of the open object w (a rule set's
 * own fields of a unit's sheet, the game's standing). */
void render_members(struct jsonw *w, const struct result *r);
/* Writes the options given (those keep accepts; keep may be NULL) as
 * members of the open JSON object w, each in its JSON type. */
void inputs_json(const struct inputs *in,
    int (*keep)(const struct input_decl *d, void *ctx), void *ctx,
    struct jsonw *w);
/* The ruling as one JSON object (CLI.md keys, and the working), for the
 * caller to free; NULL when memory ran out. */
char *render_json(const struct ruling *ru);

#endif
