/*
 * journal: the events of a game (adjudications, corrections, turns), the
 * units they named, their effects, undo and redo, the log and the check.
 */
#ifndef UMPIRE_DB_JOURNAL_H
#define UMPIRE_DB_JOURNAL_H

#include "db.h"
#include "unit.h"

/* An event as the journal lists it.  Its texts are the journal's own,
 * whatever their length: a listing's callback reads them while it runs
 * (they go with the next row); db_event_output's are the caller's until
 * db_event_free. */
struct db_event {
	long long id;
	long turn;
	char command[32];
	const char *summary;
	const char *units;	/* the units it named, "A, B" */
	const char *who;	/* ... with their roles, "A (attacker), B (defender)" */
	char *owned;		/* db_event_output: the texts' copy */
	int undone;		/* 0 in force, 1 may be redone, 2 cleared */
	int changes;		/* 1 when it changed the game (undo takes it) */
	int advance;		/* 1 for `turn next`: a turn begins */
};

/* The current turn: 1 + the turns advanced and not undone. */
int db_turn(struct db *db, long *turn)
    DB_CHECKED;

/* The numbers of list FIELD of the result of the latest ruling in force
 * of COMMAND in TURN that has one (squares' action dice), at most ROOM
 * into v; their count in *n (0: no such ruling). */
int db_turn_result(struct db *db, long turn, const char *command, const char *field,
    long *v, int room, int *n)
    DB_CHECKED;

/* The id the next event will have (inside the write transaction). */
int db_event_next_id(struct db *db, long long *id)
    DB_CHECKED;

/* One event, written whole. */
struct db_record {
	long long id;		/* from db_event_next_id */
	long turn;
	const char *command;
	const char *args;	/* the command line, a JSON array */
	const char *dice;	/* the faces used, a JSON array */
	const char *output;	/* the ruling, a JSON object */
	const char *summary;
	int changes;		/* it changed the game: undo takes it back */
};

/* Writes an event (clearing what could be redone when it changes the
 * game: "anything new on the undo stack clears what could be redone"). */
int db_event_record(struct db *db, const struct db_record *rec)
    DB_CHECKED;
/* Records that the event named unit in role. */
int db_event_unit(struct db *db, long long event, long long unit,
    const char *role)
    DB_CHECKED;
/* Records one effect of an event: e's unit, kind, name, amount, total,
 * ref and note (its sentence). */
int db_effect_add(struct db *db, long long event, const struct effect_record *e)
    DB_CHECKED;

struct unit;

/* Keeps u's state as its ruling left it (the effects applied with
 * unit_apply_effect): its words, and its ledgers, named in the order of
 * u->ledger by LEDGERS (NULL-ended); `umpire check` compares it with the
 * journal. */
int db_state_put(struct db *db, const struct unit *u, const char *const *ledgers)
    DB_CHECKED;

/* Rewrites every unit's kept state from the journal. */
int db_state_refresh_all(struct db *db)
    DB_CHECKED;

/*
 * Calls fn for what undo takes back (newest first): the last entry in
 * force whatever it is, or with TO > 0 event TO and every entry in force
 * after it; or for what redo brings back (oldest first): the entry undone
 * last, or with TO every entry that may be redone up to TO.  `mark` then
 * undoes or redoes them, *done their count.
 */
int db_undo_candidates(struct db *db, long long to, int redo,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
    DB_CHECKED;
int db_undo_mark(struct db *db, long long to, int redo, int *done)
    DB_CHECKED;

/* How event id stands: 0 in force, 1 undone (may be redone), 2 undone
 * and cleared by a later entry; DB_NOTFOUND when there is no such event. */
int db_event_undone(struct db *db, long long id, int *undone)
    DB_CHECKED;

/* Lists events (in force and undone), optionally of one unit or turn. */
int db_log(struct db *db, long long unit, long turn,
    int (*fn)(void *ctx, const struct db_event *e), void *ctx)
    DB_CHECKED;

/* The stored JSON ruling of event id (malloc'd, the caller frees) and
 * the event into e (db_event_free frees its texts). */
int db_event_output(struct db *db, long long id, struct db_event *e,
    char **output)
    DB_CHECKED;
void db_event_free(struct db_event *e);

/* Calls fn with each line of an event's stored ruling (its summary, then
 * the working) when with_working, then with each effect's note. */
int db_event_lines(struct db *db, long long id, int with_working,
    void (*fn)(void *ctx, const char *line), void *ctx)
    DB_CHECKED;

/* How the check chains each ledger (its rule set declares them; a kind
 * in neither list is summed): NULL-ended lists of ledger names. */
struct db_tallies {
	const char *const *counted;	/* each effect counts one */
	const char *const *latest;	/* kept as the latest word: not chained */
	const char *first;	/* the first ledger, whose total a unit brought
				 * from the campaign's last battle starts at */
};

/* fn for each effect of event id, in order (the record's unit, kind,
 * name, amount, total and note, as the journal keeps them), and for each unit it named in
 * its role, the acting one first, then by the roster's order (fn must not
 * use the db; the strings last for the call). */
int db_event_effects(struct db *db, long long id,
    void (*fn)(void *ctx, const struct effect_record *e), void *ctx)
    DB_CHECKED;
int db_event_roles(struct db *db, long long id,
    void (*fn)(void *ctx, long long unit, const char *role), void *ctx)
    DB_CHECKED;

/* Checks the game: SQLite's integrity and foreign keys, its JSON, every
 * effect linked to its event's units, and the journal replayed
 * (db_check_replay).  Calls report per problem. */
int db_check(struct db *db, const struct db_tallies *t,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
    DB_CHECKED;

/*
 * The journal replayed from nothing (db/replay.c): the entries in force
 * one chain (each made on the entries in force before it, what may be
 * redone after them all), every ledger's running total the sum of its
 * effects in event order, and every unit's kept state, formation, flags
 * and ledgers what the replay leaves.  Calls report per difference.
 */
int db_check_replay(struct db *db, const struct db_tallies *t,
    void (*report)(void *ctx, const char *problem), void *ctx, int *problems)
    DB_CHECKED;

/* fn for each change in force of ledger KIND (the measure), in the
 * journal's order (so by turn): its turn, its unit and the unit's total
 * after it; with STATE not NULL, each change of KIND ("state") and 1 when
 * the new state is STATE (2x2: destroyed), else 0.  One pass over the
 * journal. */
int db_losses(struct db *db, const char *kind, const char *state,
    void (*fn)(void *ctx, long turn, long long unit, long total), void *ctx)
    DB_CHECKED;

/* A ruling in force, as the report tells it. */
struct db_report_event {
	long long id;
	long turn;
	char command[32];
	const char *summary;	/* the journal's texts, as db_event's */
	const char *who;
	const char *effects;
	int advance;		/* 1 for `turn next`: a turn begins */
};

/* fn for every ruling in force, in order (fn returning non-zero stops). */
int db_turn_events(struct db *db,
    int (*fn)(void *ctx, const struct db_report_event *e), void *ctx)
    DB_CHECKED;

#endif
