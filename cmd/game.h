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
	int in_savepoint;	/* a batch command's savepoint is open */
	struct army army;	/* every unit, once game_army has read them */
	int army_loaded;
	struct inputs options;	/* the rule set's options of `new` */
};

/*
 * Opens the game at g->db_path, for writing (one transaction) when write,
 * and reads its rule tables.  A --rules other than the game's is a usage
 * error.  Prints the error and returns its exit status, or 0.
 */
int game_open(const struct global *g, int write, struct game *gm);

/*
 * game_open in two steps: connect (open the file, read its game row and
 * check the rule set) and start (begin the write transaction when
 * connected for writing; read the turn, the tables and the options).  A
 * command that must learn the rule set first connects, then starts.
 */
int game_connect(const struct global *g, int write, struct game *gm);
int game_start(const struct global *g, struct game *gm);

/* Commits when rc is 0, else rolls back; closes.  Returns the final status. */
int game_close(const struct global *g, struct game *gm, int rc);

/* A batch: one connection and transaction for every command until
 * game_batch_end keeps (commits) or drops it.  0 or an exit status. */
int game_batch_begin(const struct global *g);
int game_batch_end(const struct global *g, int keep);

/* Prints the db layer's last error; returns the exit status for st. */
int game_fail(const struct global *g, int st);

/* Reads the army (every unit and formation with its state and typed
 * ratings) once.  Prints the error. */
int game_army(const struct global *g, struct game *gm);

/*
 * The unit of the army named NAME, whole (text_find_name: byte-equal, else
 * the one it folds to); NULL with the error printed and *rc set (65 for a
 * name not found, with "did you mean").
 */
struct unit *game_unit(const struct global *g, struct game *gm,
    const char *name, int *rc);

/* The game's standing sentence ("French lose: ...") into buf, "" when
 * nobody has lost or the rules have none; JSON members into w when w.
 * Reads the army.  Prints the error. */
int game_standing(const struct global *g, struct game *gm, struct jsonw *w,
    char *buf, size_t n);

/* The rating options of a formation or of a unit of the game's rules. */
const struct input_decl *game_rating_decls(const struct game *gm,
    int formation);

/* The name of u's formation, or "". */
const char *game_parent_name(const struct game *gm, const struct unit *u);

/* Prints {"KEY":"VALUE"} (JSON-escaped) on stdout. */
void print_json_pair(const char *key, const char *value);

#endif
