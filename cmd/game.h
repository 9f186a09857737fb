/*
 * game: the plumbing every command that uses the game file shares:
 * opening it (read, or write in one BEGIN IMMEDIATE transaction), checking
 * its rule set, loading units, and committing or rolling back at the end.
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
};

/*
 * Opens the game at g->db_path, for writing (one transaction) when write.
 * A --rules other than the game's is a usage error.  Prints the error and
 * returns its exit status, or 0.
 */
int game_open(const struct global *g, int write, struct game *gm);

/* Commits when rc is 0, else rolls back; closes.  Returns the final status. */
int game_close(const struct global *g, struct game *gm, int rc);

/* Prints the db layer's last error; returns the exit status for st. */
int game_fail(const struct global *g, int st);

/* Loads unit NAME (exact, else a unique prefix) with its state from the
 * journal and its ratings parsed.  Prints the error. */
int game_unit(const struct global *g, struct game *gm, const char *name,
    struct db_unit *row, struct unit *u);

/*
 * Writes the options given in `in` whose declaration `keep` accepts as a
 * JSON object (flags true, repeated options arrays, others their text).
 * Returns 0, or -1 when buf is too small.
 */
int options_json(const struct inputs *in,
    int (*keep)(const struct input_decl *d, void *ctx), void *ctx, char *buf,
    size_t n);

/* Prints {"KEY":"VALUE"} (JSON-escaped) on stdout. */
void print_json_pair(const char *key, const char *value);

/* Parses the game's stored rule-set options (2x2 --victory ...). */
int game_options(const struct global *g, struct game *gm, struct inputs *opts);

/*
 * Loads every unit and formation of the game with its state.
 * *units is malloc'd (the caller frees).  Prints the error.
 */
int game_all_units(const struct global *g, struct game *gm,
    struct unit **units, int *n);

/* The game's standing sentence ("French lose: ...") into buf, "" when
 * nobody has lost or the rules have none; JSON members into w when w. */
int game_standing(const struct global *g, struct game *gm, struct jsonw *w,
    char *buf, size_t n);

/* Parses a unit's stored ratings into u->ratings.  Prints the error. */
int game_ratings(const struct global *g, struct game *gm,
    const struct db_unit *row, struct unit *u);

#endif
