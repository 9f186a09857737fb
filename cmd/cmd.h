/*
 * cmd: the command-line layer, the only place that talks to the user.
 * Each command lives in its own file and exports one cmd_entry; main.c
 * holds the table, the global options and the exit statuses.
 */
#ifndef UMPIRE_CMD_H
#define UMPIRE_CMD_H

#include <stdio.h>
#include <sysexits.h>

#include "inputs.h"

#define UMPIRE_VERSION "0.1.0"

/* Exit statuses of CLI.md (sysexits). */
enum {
	EXIT_DONE = 0,
	EXIT_USAGE = EX_USAGE,		/* 64 */
	EXIT_DATA = EX_DATAERR,		/* 65 */
	EXIT_NOGAME = EX_NOINPUT,	/* 66 */
	EXIT_BUG = EX_SOFTWARE,		/* 70 */
	EXIT_CANTCREATE = EX_CANTCREAT,	/* 73 */
	EXIT_IO = EX_IOERR,		/* 74 */
	EXIT_LOCKED = EX_TEMPFAIL	/* 75 */
};

/* The global options, wherever they stood on the line. */
struct global {
	const char *db_path;	/* --db, else $UMPIRE_DB, else ./umpire.db */
	const char *rules;	/* --rules, or NULL */
	int json;		/* --json */
	int help;		/* --help or -h */
	const char *command;	/* the command's full name, for messages */
	long long recorded;	/* the journal event a command saved, once
				 * committed (said when its output fails) */
	int *saved;		/* set once a command's write is committed */
	int odds;		/* `umpire odds`: weigh the dice, do not roll */
};

/* The command does not match by prefix (it destroys or rewrites). */
#define CMD_NO_PREFIX 0x1

struct cmd_entry {
	const char *name;
	const char *usage;
	const char *summary;
	int flags;
	/* Runs the command with its own arguments; returns an exit status. */
	int (*exec)(struct global *g, int argc, char **argv);
};

struct jsonw;

/* The exit status of a core status (RULE_*, INPUTS_*): usage 64, data 65. */
int exit_of_rule(int status);
/* The exit status of a db status (db/db.h). */
int exit_of_db(int status);

/* Prints "umpire: COMMAND: message" on stderr; returns code. */
/* The whole command line (argv[0] the program): its exit status.  It
 * returns rather than exits, so a harness can run many in one process. */
int umpire_main(int argc, char **argv);

int cmd_error(const struct global *g, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Prints the finished JSON document w on stdout and returns 0; when it
 * outgrew its buffer, prints nothing and reports too_large (exit 70).
 */
int cmd_print_json(const struct global *g, const struct jsonw *w,
    const char *too_large);

/* The adjudication commands (cmd/adjudicate.c). */
extern const struct cmd_entry cmd_fire_entry, cmd_melee_entry,
    cmd_morale_entry, cmd_rally_entry, cmd_fatigue_entry, cmd_move_entry;
/* Game keeping. */
extern const struct cmd_entry cmd_new_entry, cmd_unit_entry, cmd_sheet_entry,
    cmd_log_entry, cmd_undo_entry, cmd_redo_entry, cmd_adjust_entry,
    cmd_turn_entry, cmd_tables_entry, cmd_check_entry, cmd_odds_entry,
    cmd_help_entry, cmd_version_entry, cmd_batch_entry, cmd_report_entry,
    cmd_complete_entry;

/*
 * Runs the rule set's adjudication NAME (also one that is not a command
 * of its own, such as squares' "turn" dice) with the driver of
 * cmd/adjudicate.c.
 */
int adjudicate_named(struct global *g, const char *name, int argc, char **argv);

struct rule_cmd;
struct tableset;
struct inputs;
/* Prints the exact odds of command c on inputs in (cmd/odds.c). */
int odds_report(const struct global *g, const char *rules, const struct rule_cmd *c,
    const struct tableset *ts, const struct inputs *in);

/*
 * The declared options of the commands that parse theirs with the generic
 * parser, each ending with a zero entry: completion (cmd/complete.c) reads
 * the same declarations.  The dice options of every adjudication
 * (cmd/adjudicate.c); new's own (the rule set's game_inputs follow); unit
 * add and set (the rule set's ratings follow); sheet; log; undo.
 */
extern const struct input_decl cmd_dice_inputs[], cmd_new_inputs[],
    cmd_unit_inputs[], cmd_sheet_inputs[], cmd_log_inputs[], cmd_undo_inputs[];
/* The options of adjust: each rule set's measure (--figures, --hits...),
 * from the registry, --state, --clear and --reason (cmd/adjust.c). */
const struct input_decl *cmd_adjust_inputs(void);

/* The command table, NULL-ended (cmd/main.c). */
extern const struct cmd_entry *const cmd_table[];

#endif
