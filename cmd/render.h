/* render: a ruling as text (the result line, then the working) or JSON. */
#ifndef UMPIRE_RENDER_H
#define UMPIRE_RENDER_H

#include <stdio.h>

#include "dice.h"
#include "inputs.h"
#include "jsonw.h"
#include "result.h"
#include "unit.h"

struct ruling {
	const char *rules;
	const char *command;
	const struct dice *dice;
	int rolled;		/* the tool rolled: show the seed */
	const struct result *result;
	struct effect_record *effects;	/* what it changed in the game, by
					 * unit, one for each effect but the
					 * turn's acts (the caller's allocation) */
	int neffects;
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
