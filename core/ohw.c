/* ohw: One Hour Wargame Napoleonic mods (not built yet). */
#include "ruleset.h"

static const struct rule_cmd ohw_cmds[] = {
	{ "fire", "fatigue points from fire", NULL, NULL, NULL, NULL },
	{ "melee", "fatigue points from melee", NULL, NULL, NULL, NULL },
	{ "morale", "a unit's state from its fatigue points", NULL, NULL, NULL, NULL },
	{ "rally", NULL,
	  "the ohw rules have no rally roll; see 'umpire fatigue --rules ohw --mod save-yourselves' (+2 FP and a double move) and the reorganising turn on the sheet",
	  NULL, NULL, NULL },
	{ "fatigue", "fatigue points and their effects", NULL, NULL, NULL, NULL },
	{ "move", "movement rates", NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_ohw = {
	"ohw", "One Hour Wargame Napoleonic mods", "fatigue points", ohw_cmds, NULL,
};
