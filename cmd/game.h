/*
 * game: the plumbing every command that uses the game file shares:
 * opening it (read, or write in one BEGIN IMMEDIATE transaction) with its
 * rule tables, checking its rule set, its order of battle (the army, read
 * once), and committing or rolling back at the end.
 */
#ifndef UMPIRE_GAME_H
#define UMPIRE_GAME_H

#include "cmd.h"
#include "db.h"
#include "ruleset.h"
#include "jsonw.h"
#include "units.h"

struct game {
	struct db *db;
	struct db_game info;
	const struct ruleset *rs;
	struct tableset ts;	/* the game's own rule tables */
	long turn;
	int writable;		/* connected for writing */
	int started;		/* its transaction begun and its tables read */
	struct batch *batch;	/* the batch whose connection it uses, or NULL */
	struct army army;	/* every unit, once game_army has read them */
	const char *ledgers[UNIT_LEDGERS + 1];	/* its rule set's ledgers'
						 * names, NULL-ended */
	int army_loaded;
	int army_partial;	/* only the units a ruling names (and the
				 * formations above them) were read */
	struct inputs options;	/* the rule set's options of `new` (last:
				 * game_peek clears what is before it) */
};

/* A batch's one connection, in one transaction (cmd/batch.c): every
 * command of the batch works in it; the first that fails ends the batch,
 * rolled back whole, so a line needs no savepoint of its own. */
struct batch {
	struct db *db;		/* NULL: each line commits on its own (--each) */
	const char *path;
};

/*
 * The game of command g, opened on the first call in the mode its flags
 * declare (its table entry's, its subcommand's or the form it named with
 * cmd_form; CMD_WRITES: one transaction, and g's output held until the
 * commit; CMD_GAME: read) with its rule tables; the dispatcher commits
 * or rolls it back and closes it when the command returns (game_end).  A
 * command asks once it has read its arguments, so a usage error (64) is
 * said before a missing game (66).  A --rules other than the game's is a
 * usage error.  Prints the error and returns its exit status, or 0.
 */
int game_get(struct cmd_ctx *g, struct game **gm);

/*
 * Opens the game at PATH only to read it as it is, never brought up to
 * date nor written (the campaign's last battle, new --from), in one
 * snapshot, with its rule tables, options and army read.  0 with *gm set
 * (freed by game_source_end, not by the dispatcher), or an exit status,
 * printed.
 */
int game_source(struct cmd_ctx *g, const char *path, struct game **gm);
void game_source_end(struct game *gm);

/* True when command g has a game: a batch's, open, or a file at its
 * path (a batch line asks no file system, ten thousand times over). */
int game_exists(struct cmd_ctx *g);

/*
 * Connects to the game to learn its rule set without starting it (for
 * writing when its file may be written, so a ruling that then names units
 * goes on in the same connection).  0 or an exit status, printed.
 */
int game_peek(struct cmd_ctx *g, struct game **gm);

/* The dispatcher's end of a command: commits when rc is 0 (else rolls
 * back), closes, and writes the output held for the commit.  Returns the
 * final status.  Does nothing when no game is open. */
int game_end(struct cmd_ctx *g, int rc);

/* A batch's connection and transaction (or, with --each, none): 0 or an
 * exit status.  game_batch_end keeps (commits) or drops it. */
int game_batch_begin(struct cmd_ctx *g, struct batch *b);
int game_batch_end(struct cmd_ctx *g, struct batch *b, int keep);

/* Prints the failure kept in the game db's record; returns the exit status
 * for st (exit_of_db). */
int game_fail(struct cmd_ctx *g, const struct db *db, int st);
/* The same for a failure kept in e (opening a game, before there is a db). */
int game_said(struct cmd_ctx *g, const struct error *e, int st);

/* Reads the army (every unit and formation with its state and typed
 * ratings) once.  Prints the error. */
int game_army(struct cmd_ctx *g, struct game *gm);

/*
 * Reads what a ruling that names the N units NAMES needs of the army: the
 * whole army when its rule set's rulings read it (roster reads_army, a
 * standing or settle hook) or a name is not a unit's whole name, else
 * only those units (not the formations above them, which such rulings do
 * not read), so that a ruling costs what it names, not the army.
 * game_army is then a bug.  Prints the error.
 */
int game_army_named(struct cmd_ctx *g, struct game *gm, const char *const *names,
    int n);

/*
 * The unit of the army named NAME, whole (text_find_name: byte-equal, else
 * the one it folds to); NULL with the error printed and *rc set (65 for a
 * name not found, with "did you mean").
 */
struct unit *game_unit(struct cmd_ctx *g, struct game *gm,
    const char *name, int *rc);

/* The game's standing sentence ("French lose: ...") into buf, "" when
 * nobody has lost or the rules have none; JSON members into w when w.
 * As `who` may know it (NULL: the umpire).  Reads the army.  Prints the
 * error. */
int game_standing(struct cmd_ctx *g, struct game *gm, const struct standing_for *who,
    struct jsonw *w, char *buf, size_t n);

/* The rating options of a formation or of a unit of the game's rules. */
const struct input_decl *game_rating_decls(const struct game *gm,
    int formation);

/* The journal's kind of effect e: its ledger's name, or the word kind
 * ("state", "flag", "formation", "part"). */
const char *game_effect_kind(const struct game *gm, const struct unit_effect *e);

/* What effect e changed, as a ruling's output names it: the measure by
 * the rule set's word for it, a flag by its word, else its kind. */
/* Effect e of a ruling on the units ru as the game keeps and tells it,
 * into *rec (its strings borrowed from gm, ru and e). */
void game_effect_record(const struct game *gm, const struct ruling_units *ru,
    const struct unit_effect *e, struct effect_record *rec);
const char *game_effect_what(const struct game *gm, const struct unit_effect *e);

/* Who acted in an event, as the log, report and undo name them ("Kempt
 * (unit), Charlet (target)"): none for a turn's end (ADVANCE), which
 * touched its units (a flag cleared) without their acting. */
const char *game_event_who(const char *who, int advance);

struct db_record;

/*
 * Writes a ruling or correction into the journal: the event rec (its id
 * from db_event_next_id), the units of ru in their roles, every effect of
 * fx, and the kept state of each unit an effect fell on (as the engine
 * left it).  0 or an exit status, printed.
 */
int game_journal(struct cmd_ctx *g, struct game *gm, const struct db_record *rec,
    const struct ruling_units *ru, const struct ruling_effects *fx);

/* The command line as a JSON array ["COMMAND", ARG...], for the journal,
 * for the caller to free; NULL when memory ran out. */
char *game_args_json(const char *command, int argc, char **argv);

/* The name of u's formation, or "". */
const char *game_parent_name(const struct game *gm, const struct unit *u);

struct csv_rows;

/*
 * Adds the units and formations of the CSV rows c (a header of option
 * names, then a row a unit: what `unit import` reads) to the game, each as
 * `unit add` would; PATH names the rows in messages.  The count added in
 * *count, of which formations in *formations (when not NULL).  0, or an
 * exit status, printed (nothing kept: the caller's transaction is rolled
 * back).
 */
int unit_import_rows(struct cmd_ctx *g, struct game *gm, const char *path,
    const struct csv_rows *c, int *count, int *formations);

/* "1 unit", "3 units and 2 formations", "2 formations" into buf. */
const char *units_and_formations(int units, int formations, char *buf, size_t n);

/* Prints {"KEY":"VALUE"} (JSON-escaped) on c's output; 0, or the exit
 * status of running out of memory, printed. */
int print_json_pair(struct cmd_ctx *g, const char *key, const char *value);

struct db_battle;

/* The battles the game keeps before its own, oldest first, into *out (n
 * of them; free() it, NULL when none).  0 or the status, printed. */
int campaign_battles(struct cmd_ctx *g, struct game *gm, struct db_battle **out, int *n);

#endif
