/*
 * odds: `umpire odds COMMAND ...` weighs the ruling COMMAND with the
 * driver of cmd/adjudicate.c, which prints the report of
 * cmd/odds_report.c (this file stands apart so that neither calls back
 * into the other).
 */
#include <stdio.h>

#include "cmd.h"

/* `umpire odds COMMAND ...`: the command's options, its odds. */
static int
odds(struct cmd_ctx *g, int argc, char **argv)
{
	if (argc == 0)
		return cmd_error(g, EXIT_USAGE,
		    "name the ruling to weigh: umpire odds fire|melee|morale|rally|fatigue|move [its options, no --dice]");
	g->odds = 1;
	return adjudicate_named(g, argv[0], argc - 1, argv + 1);
}

const struct cmd_entry cmd_odds_entry = {
	"odds", "odds COMMAND [COMMAND's options, no --dice]", "the exact odds of a ruling before the roll",
	0, odds,
	"The exact chance of every outcome of a ruling (fire, melee, morale, rally,\n"
	"fatigue, move) before the dice are thrown; name units of the game to read\n"
	"them (nothing is recorded).  --json: {rules, command, odds, expected}.\n",
	NULL, NULL,
};
