/* squares: the Napoleonic "squares" grid rules (not built yet). */
#include "ruleset.h"

static const struct rule_cmd squares_cmds[] = {
	{ "fire", "bombardment", NULL, NULL, NULL, NULL },
	{ "melee", "assault", NULL, NULL, NULL, NULL },
	{ "morale", "morale test by hit markers", NULL, NULL, NULL, NULL },
	{ "rally", "battlefield and overnight rally", NULL, NULL, NULL, NULL },
	{ "fatigue", NULL, "the squares rules have no fatigue", NULL, NULL, NULL },
	{ "move", "action points of a path", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_squares = {
	"squares", "Napoleonic \"squares\" grid rules", "hits", squares_cmds, NULL,
};
