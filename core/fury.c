/* fury: Napoleonic Fury, a Fire & Fury adaptation (not built yet). */
#include "ruleset.h"

static const struct rule_cmd fury_cmds[] = {
	{ "fire", "fire points on the fire table", NULL, NULL, NULL, NULL },
	{ "melee", "melee on the melee table", NULL, NULL, NULL, NULL },
	{ "morale", "a brigade's fresh, worn or spent state", NULL, NULL, NULL, NULL },
	{ "rally", "the disorder table", NULL, NULL, NULL, NULL },
	{ "fatigue", "division, corps and army fatigue", NULL, NULL, NULL, NULL },
	{ "move", "the maneuver roll and movement allowance", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_fury = {
	"fury", "Napoleonic Fury, a Fire & Fury adaptation", "stands", fury_cmds, NULL,
};
