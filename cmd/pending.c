/*
 * The game-keeping commands that are not built yet: each says so and exits
 * 64 (CLI.md: a command umpire does not do yet).
 */
#include "cmd.h"

static int
pending(struct global *g, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_error(g, EXIT_USAGE, "not implemented yet");
}

const struct cmd_entry cmd_new_entry = {
	"new", "new --rules R [--title T] [--force]", "start a game", CMD_NO_PREFIX, pending,
};
const struct cmd_entry cmd_unit_entry = {
	"unit", "unit add|list|show|set|rm|import|export", "the order of battle", 0, pending,
};
const struct cmd_entry cmd_sheet_entry = {
	"sheet", "sheet [--side S] [--csv]", "the casualty sheet", 0, pending,
};
const struct cmd_entry cmd_log_entry = {
	"log", "log [--unit U] [--turn N] | log show ID", "the journal", 0, pending,
};
const struct cmd_entry cmd_undo_entry = {
	"undo", "undo [N] [--dry-run]", "take back rulings", CMD_NO_PREFIX, pending,
};
const struct cmd_entry cmd_redo_entry = {
	"redo", "redo [N]", "put back what was undone", CMD_NO_PREFIX, pending,
};
const struct cmd_entry cmd_adjust_entry = {
	"adjust", "adjust NAME --figures ±N --reason TEXT", "a journalled correction", 0, pending,
};
const struct cmd_entry cmd_turn_entry = {
	"turn", "turn [next]", "show or advance the turn", 0, pending,
};
const struct cmd_entry cmd_check_entry = {
	"check", "check", "integrity of the game file", 0, pending,
};
