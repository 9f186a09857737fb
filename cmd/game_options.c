/*
 * The options of `new` that the game keeps: the rule set's, as one JSON
 * object.  `new` (cmd/new.c) and `new --from` (cmd/campaign.c) both store
 * them; they live apart from either so neither calls back into the other.
 */
#include <stddef.h>

#include "campaign.h"
#include "jsonw.h"
#include "render.h"

/* The options of `new` that are the rule set's (stored with the game). */
int
is_game_option(const struct input_decl *d, void *ctx)
{
	(void)ctx;
	for (const struct input_decl *p = cmd_new_inputs; p->name != NULL; p++)
		if (p == d)
			return 0;
	return 1;
}

/* The options are the rule set's declared game options, each a number,
 * choice or flag it validates, so a game's fit the fixed field the game
 * keeps them in (db.h); one that did not would be refused, not cut. */
int
new_game_options(struct cmd_ctx *g, struct inputs *in, char *buf, size_t n)
{
	struct jsonw w;

	/* The rule set's options, with their defaults, are the game's. */
	for (int i = 0; i < in->n; i++)
		if (!in->v[i].given && in->v[i].set && is_game_option(in->v[i].decl, NULL))
			in->v[i].given = 1;
	jsonw_init(&w, buf, n);
	jsonw_object(&w, NULL);
	inputs_json(in, is_game_option, NULL, &w);
	jsonw_object_end(&w);
	if (w.overflow)
		return cmd_error(g, EXIT_DATA, "the options are too long");
	return 0;
}
