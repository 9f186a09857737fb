/*
 * cmd: the command-line layer, the only place that talks to the user.
 * Each command lives in its own file and exports one cmd_entry; main.c
 * holds the table, the global options and the exit statuses.
 */
#ifndef UMPIRE_CMD_H
#define UMPIRE_CMD_H

#include <stdio.h>
#include <sysexits.h>

#include "error.h"
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

struct game;
struct batch;

/*
 * The context a command runs in (tmux's cmdq_item): its output and error
 * streams, the global options of its line, and the game the dispatcher
 * opens for it and commits or rolls back once it returns.  Nothing else
 * carries state from one command to the next, so a batch, a server or a
 * test runs commands one after another without touching fds 1 and 2.
 */
struct cmd_ctx {
	FILE *out;		/* results; held in memory while a write is open */
	FILE *err;		/* the error sentence; NULL: kept in `error` only */
	const char *db_path;	/* --db, else $UMPIRE_DB, else ./umpire.db */
	int db_from_env;	/* db_path is $UMPIRE_DB's (errors say so) */
	const char *rules;	/* --rules, or NULL */
	int json;		/* --json */
	int help;		/* --help or -h */
	int odds;		/* `umpire odds`: weigh the dice, do not roll */
	const char *for_side;	/* --for SIDE: whose view, or NULL (umpire) */
	const char *command;	/* the command's full name, for messages */
	int flags;		/* its table entry's (or subcommand's) flags */
	long long recorded;	/* the journal event a command saved, once
				 * committed (said when its output fails) */
	int saved;		/* set once a command's write is committed */
	struct error error;	/* the last error: its exit status and
				 * sentence, without "umpire: COMMAND: " */
	struct game *game;	/* the game opened for this command, or NULL */
	struct batch *batch;	/* the batch this command runs in, or NULL */
	FILE *final_out;	/* where held output goes after the commit */
	char *held;		/* output held until the commit (open_memstream) */
	size_t nheld;
};

/* A command's flags: how game_get opens the game for it (CMD_GAME read,
 * CMD_WRITES write: game.c's opens_to_write, the one place that decides). */
#define CMD_NO_PREFIX 0x1	/* no prefix match: it destroys or rewrites */
#define CMD_GAME 0x2		/* reads the game */
#define CMD_WRITES 0x4		/* writes the game: one transaction */
#define CMD_ADJUDICATES 0x8	/* a rule set's adjudication (help groups them) */
#define CMD_VIEWS 0x10		/* shows the game as --for SIDE may know it */
#define CMD_NO_JSON 0x20	/* has no JSON output: --json is refused (64) */

struct cmd_entry {
	const char *name;
	/* Its forms, a line each ("\n" between) without "umpire ": the one
	 * declaration --help, `umpire help NAME`, --json help and the man page
	 * print.  A line that starts with a space goes on with the form above. */
	const char *usage;
	const char *summary;
	int flags;
	/* Runs the command with its own arguments; returns an exit status. */
	int (*exec)(struct cmd_ctx *g, int argc, char **argv);
	/* What it does, lines each "\n"-ended: its --help (cmd_help) is the
	 * usage, this, and its options.  NULL: exec says its own help (an
	 * adjudication's is its rule set's; help and version). */
	const char *about;
	/* Its declared options, NULL-ended: the ones its parser takes, which
	 * --help lists and completion offers; NULL when it has none. */
	const struct input_decl *options;
	/* Its --help when it adds what the rule sets or the game declare
	 * (new's sample battles, unit's ratings...) to cmd_help's; or NULL. */
	int (*help)(struct cmd_ctx *g, const struct cmd_entry *e);
};

/* A subcommand (`unit add`, `tables show`), as git's subcommand options:
 * its flags say what the dispatcher opens for it. */
struct cmd_sub {
	const char *name;
	int flags;
	int (*exec)(struct cmd_ctx *g, int argc, char **argv);
};

/*
 * Runs the subcommand named by argv[0] (DEF when argc is 0) from the
 * NULL-ended table subs, game_get opening the game as its flags say; an
 * unknown one is a usage error listing them.
 */
int cmd_run_sub(struct cmd_ctx *g, const struct cmd_sub *subs,
    const char *def, int argc, char **argv);

/*
 * A command whose arguments choose whether it writes the game (`turn`
 * reads, `turn next` writes; undo --dry-run; game --fog; a ruling that
 * names units, or only weighs them) declares its forms beside its entry,
 * as subcommands are declared: a form's name and its CMD_GAME or
 * CMD_WRITES (exec NULL), NULL-ended.  It names the form it runs; its
 * game flags become g's, and game_get opens the game as they say.  0, or
 * 70 for a form not declared.
 */
int cmd_form(struct cmd_ctx *g, const struct cmd_sub *forms, const char *name);

struct jsonw;

/* The exit status of a core status (RULE_*, INPUTS_*): usage 64, data 65. */
int exit_of_rule(int status);
/* The exit status of a db status (db/db.h). */
int exit_of_db(int status);

/* The whole command line (argv[0] the program) on stdout and stderr: its
 * exit status.  It returns rather than exits, so a harness can run many in
 * one process. */
int umpire_main(int argc, char **argv);

/*
 * Runs one command line (without argv[0]) in a context whose out, err and
 * batch the caller set: takes the global options, finds the command, runs
 * it, commits or rolls back the game it opened, and writes the output held
 * for the commit.  Returns the exit status.
 */
int cmd_run(struct cmd_ctx *g, int argc, char **argv);

/* Keeps "message" as the command's error, prints "umpire: COMMAND:
 * message" on its error stream; returns code. */
int cmd_error(struct cmd_ctx *g, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Says the record e (its code an exit status) as cmd_error says a
 * sentence; returns its code. */
int cmd_say(struct cmd_ctx *g, const struct error *e);

/*
 * Prints the finished JSON document w (a growing writer) on stdout and
 * returns 0; when memory ran out writing it, prints nothing and reports
 * "out of memory" (exit 70).  Frees w's buffer either way.
 */
int cmd_print_json(struct cmd_ctx *g, struct jsonw *w);

/* The adjudication commands (cmd/adjudicate.c). */
extern const struct cmd_entry cmd_fire_entry, cmd_melee_entry,
    cmd_morale_entry, cmd_rally_entry, cmd_fatigue_entry, cmd_move_entry;
/* Game keeping. */
extern const struct cmd_entry cmd_new_entry, cmd_unit_entry, cmd_sheet_entry,
    cmd_log_entry, cmd_undo_entry, cmd_redo_entry, cmd_adjust_entry,
    cmd_turn_entry, cmd_tables_entry, cmd_check_entry, cmd_odds_entry,
    cmd_help_entry, cmd_version_entry, cmd_batch_entry, cmd_report_entry,
    cmd_complete_entry, cmd_game_entry, cmd_serve_entry;
/* serve's options (cmd/serve.c). */
extern const struct input_decl cmd_serve_inputs[];

/*
 * Runs the rule set's adjudication NAME (also one that is not a command
 * of its own, such as squares' "turn" dice) with the driver of
 * cmd/adjudicate.c.
 */
int adjudicate_named(struct cmd_ctx *g, const char *name, int argc, char **argv);

struct rule_cmd;
struct tableset;
struct inputs;
/* Prints the exact odds of command c on inputs in (cmd/odds_report.c). */
int odds_report(struct cmd_ctx *g, const char *rules, const struct rule_cmd *c,
    const struct tableset *ts, const struct inputs *in);

/*
 * The declared options of the commands that parse theirs with the generic
 * parser, each ending with a zero entry: completion (cmd/complete.c) reads
 * the same declarations.  The dice options of every adjudication
 * (cmd/adjudicate.c); new's own (the rule set's game_inputs follow); unit
 * add and set (the rule set's ratings follow); sheet; log; undo; game;
 * batch; report.
 */
extern const struct input_decl cmd_dice_inputs[], cmd_new_inputs[],
    cmd_unit_inputs[], cmd_sheet_inputs[], cmd_log_inputs[], cmd_undo_inputs[],
    cmd_game_inputs[], cmd_batch_inputs[], cmd_report_inputs[];
/* The options of adjust: each rule set's measure (--figures, --hits...),
 * from the registry, then --state, --clear, --formation and --reason,
 * built into o (cmd/adjust.c). */
#define ADJUST_MEASURES 16
struct adjust_options {
	struct input_decl decls[ADJUST_MEASURES + 5];
	char help[ADJUST_MEASURES][96];
};
const struct input_decl *cmd_adjust_inputs(struct adjust_options *o);

/* An adjudication's usage after "--rules NAME COMMAND": its options are
 * the rule set's. */
#define DICE_USAGE " [OPTIONS] [--dice LIST | --roll [--seed N]]"

/* Prints e's usage on out: "usage: umpire FORM", a line a form (cmd/help.c). */
void cmd_usage(FILE *out, const struct cmd_entry *e);

/* Prints e's help on g's output from its declaration: the usage, what it
 * does (about), and its options.  Returns 0. */
int cmd_help(struct cmd_ctx *g, const struct cmd_entry *e);

/* The command table, NULL-ended (cmd/main.c). */
extern const struct cmd_entry *const cmd_table[];

#endif
