/* 2x2: 2 by 2 Napoleonics, Rod Humble (not built yet). */
#include "ruleset.h"

static const struct rule_cmd twobytwo_cmds[] = {
	{ "fire", "shooting", NULL, NULL, NULL, NULL },
	{ "melee", "melee", NULL, NULL, NULL, NULL },
	{ "morale", "a unit's state, the rout roll, victory", NULL, NULL, NULL, NULL },
	{ "rally", "rallying pinned or disrupted units", NULL, NULL, NULL, NULL },
	{ "fatigue", NULL, "the 2x2 rules have no fatigue", NULL, NULL, NULL },
	{ "move", "movement rates and reinforcements", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_2x2 = {
	"2x2", "2 by 2 Napoleonics, Rod Humble", "states", twobytwo_cmds, NULL,
};
