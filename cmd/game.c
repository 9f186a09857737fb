/* game: opening and closing the game file, its army, its standing. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "battles.h"
#include "fact.h"
#include "journal.h"
#include "keep.h"
#include "render.h"
#include "rtables.h"
#include "text.h"

int
game_said(struct cmd_ctx *g, const struct error *e, int st)
{
	return cmd_error(g, exit_of_db(st), "%s", e->text);
}

int
game_fail(struct cmd_ctx *g, const struct db *db, int st)
{
	return game_said(g, db_error(db), st);
}

const struct input_decl *
game_rating_decls(const struct game *gm, int formation)
{
	return formation ? roster_formation_inputs(gm->rs->roster) :
	    gm->rs->roster->inputs;
}

/* The game's options (2x2 --victory ...), stored as typed JSON. */
static int
leaf_option(void *ctx, const char *key, enum json_leaf type, const char *text,
    long long i, double d)
{
	struct inputs *in = ctx;

	return inputs_set_json(in, key, type, text, i, d) != 0;
}

static int
read_options(struct cmd_ctx *g, struct game *gm)
{
	char why[200];
	int st;

	inputs_init(&gm->options, gm->rs->name, "new", gm->rs->roster->game_inputs,
	    NULL);
	st = jsonr_leaves(gm->info.options, leaf_option, &gm->options, why, sizeof why);
	if (st != 0)
		return cmd_error(g, EXIT_IO, "the game's options are not valid: %s",
		    st < 0 ? why : gm->options.error.text);
	if (inputs_defaults(&gm->options) != 0)
		return cmd_error(g, EXIT_IO, "the game's options are not valid: %s",
		    gm->options.error.text);
	return 0;
}

int
game_batch_begin(struct cmd_ctx *g, struct batch *b)
{
	struct error e;
	int st, rc;

	b->path = g->db_path;
	if ((st = db_open(g->db_path, DB_OPEN_WRITE, &e, &b->db)) != DB_OK)
		return game_said(g, &e, st);
	if ((st = db_migrate(b->db)) != DB_OK || (st = db_begin(b->db)) != DB_OK) {
		rc = game_fail(g, b->db, st);
		db_close(b->db);
		b->db = NULL;
		return rc;
	}
	return 0;
}

int
game_batch_end(struct cmd_ctx *g, struct batch *b, int keep)
{
	int st = DB_OK, rc = 0;

	if (b->db == NULL)
		return 0;
	if (keep && (st = db_commit(b->db)) == DB_OK)
		db_checkpoint(b->db);
	if (st != DB_OK)
		rc = game_fail(g, b->db, st);
	if (!keep || st != DB_OK)
		db_rollback(b->db);
	db_close(b->db);
	b->db = NULL;
	return rc;
}

/* The batch connection command g works in, or NULL. */
static struct batch *
shared_of(struct cmd_ctx *g)
{
	return g->batch != NULL && g->batch->db != NULL ? g->batch : NULL;
}

/* Opens the file and reads its game row; 0 or a status. */
/* The game could not be opened: the reason, and where the path came
 * from when the umpire did not type it. */
static int
open_fail(struct cmd_ctx *g, const struct error *e, int st)
{
	if (g->db_from_env && st == DB_NOFILE)
		return cmd_error(g, exit_of_db(st),
		    "there is no game at '%s', the path $UMPIRE_DB names: start one with 'umpire new --rules NAME', or give the game's path with --db PATH",
		    g->db_path);
	if (g->db_from_env)
		return cmd_error(g, exit_of_db(st), "%s (the path is $UMPIRE_DB's)", e->text);
	return game_said(g, e, st);
}

static int
connect_parts(struct cmd_ctx *g, int write, struct game *gm)
{
	struct batch *b = shared_of(g);
	struct error e;
	int st;

	if (b != NULL && strcmp(g->db_path, b->path) != 0)
		return cmd_error(g, EXIT_USAGE, "a batch works on one game ('%s')",
		    b->path);
	gm->batch = b;
	if (b != NULL)
		gm->db = b->db;
	else if ((st = db_open(g->db_path, write ? DB_OPEN_WRITE : DB_OPEN_READ,
	    &e, &gm->db)) != DB_OK)
		return open_fail(g, &e, st);
	/* A reader reads one snapshot: every read of the command, the game
	 * row first, in one read transaction (a writer's begins in
	 * start_parts, after the migrations). */
	if (b == NULL && !write && (st = db_begin_read(gm->db)) != DB_OK)
		return game_fail(g, gm->db, st);
	if ((st = db_game_get(gm->db, &gm->info)) != DB_OK)
		return game_fail(g, gm->db, st);
	gm->rs = ruleset_find(gm->info.rules);
	if (gm->rs == NULL)
		return cmd_error(g, EXIT_DATA, "the game '%s' is played under rules this umpire does not know ('%s')",
		    g->db_path, gm->info.rules);
	if (g->rules != NULL && strcmp(g->rules, gm->info.rules) != 0)
		return cmd_error(g, EXIT_USAGE,
		    "the game '%s' is played under the %s rules, not %s: drop --rules %s (or give --db GAME, a game under the %s rules)",
		    g->db_path, gm->info.rules, g->rules, g->rules, g->rules);
	gm->writable = write || b != NULL;
	return 0;
}

/* The names of the rule set's ledgers, in the order of a unit's. */
static void
name_ledgers(struct game *gm)
{
	const struct ledger_decl *d = gm->rs->roster->keeps.ledgers;
	int n = 0;

	for (; d != NULL && d[n].name != NULL && n < UNIT_LEDGERS; n++)
		gm->ledgers[n] = d[n].name;
	gm->ledgers[n] = NULL;
}

const char *
game_effect_kind(const struct game *gm, const struct unit_effect *e)
{
	return e->kind == KEEP_LEDGER ? gm->ledgers[e->ledger] : keep_kind_name(e->kind);
}

const char *
game_effect_what(const struct game *gm, const struct unit_effect *e)
{
	const struct keeps *k = &gm->rs->roster->keeps;

	if (e->kind == KEEP_LEDGER && e->ledger == 0 && k->measure_option != NULL)
		return gm->rs->measure;
	if (e->kind == KEEP_FLAG)
		return e->name;
	return game_effect_kind(gm, e);
}

void
game_effect_record(const struct game *gm, const struct ruling_units *ru,
    const struct unit_effect *e, struct effect_record *rec)
{
	const struct unit *u = ru->unit[e->unit];

	memset(rec, 0, sizeof *rec);
	rec->unit = u->id;
	rec->unit_name = u->name;
	rec->kind = game_effect_kind(gm, e);
	rec->what = game_effect_what(gm, e);
	rec->name = e->name;
	rec->amount = e->amount;
	rec->total = e->total;
	rec->ref = e->ref;
	if (e->kind == KEEP_LEDGER) {
		rec->has_left = 1;
		rec->left = gm->rs->roster->keeps.ledgers[e->ledger].of_start ?
		    u->start_strength - e->total : e->total;
	}
	if (e->kind == KEEP_FLAG && e->amount != 0)
		rec->until = e->total;
	rec->state = e->state;
	rec->part = e->kind == KEEP_PART ? e->name : "";
	rec->formation = e->kind == KEEP_FORMATION ? e->name : "";
	rec->note = e->note;
}

const char *
game_event_who(const char *who, int advance)
{
	return advance ? "" : who;
}

/* Holds g's output until the commit: a failed commit prints nothing. */
static int
hold_output(struct cmd_ctx *g)
{
	FILE *f = open_memstream(&g->held, &g->nheld);

	if (f == NULL)
		return cmd_error(g, EXIT_BUG, "cannot hold the output: %s", strerror(errno));
	g->final_out = g->out;
	g->out = f;
	return 0;
}

/* Begins (writing: the transaction) and reads what every command needs. */
static int
start_parts(struct cmd_ctx *g, struct game *gm)
{
	int st, rc;

	if (gm->batch == NULL && gm->writable && ((st = db_migrate(gm->db)) != DB_OK ||
	    (st = db_begin(gm->db)) != DB_OK))
		return game_fail(g, gm->db, st);
	/* (A batch holds every line's output until it is kept.) */
	if (gm->writable && gm->batch == NULL && (rc = hold_output(g)) != 0)
		return rc;
	if ((st = db_turn(gm->db, &gm->turn)) != DB_OK ||
	    (st = db_tables_load(gm->db, gm->rs->name)) != DB_OK)
		return game_fail(g, gm->db, st);
	gm->ts = db_tableset(gm->db);
	name_ledgers(gm);
	gm->started = 1;
	return read_options(g, gm);
}

int
game_exists(struct cmd_ctx *g)
{
	return shared_of(g) != NULL || db_file_exists(g->db_path);
}

int
game_peek(struct cmd_ctx *g, struct game **out)
{
	int rc;

	/* The options (10 KB) are cleared when they are read (read_options):
	 * a batch makes a game for each line. */
	if (g->game == NULL) {
		if ((g->game = malloc(sizeof *g->game)) == NULL)
			return cmd_error(g, EXIT_BUG, "out of memory");
		memset(g->game, 0, offsetof(struct game, options));
	}
	if (g->game->db == NULL && (rc = connect_parts(g, shared_of(g) != NULL ||
	    access(g->db_path, W_OK) == 0, g->game)) != 0)
		return rc;
	*out = g->game;
	return 0;
}

/* Whether command g opens the game to write: its declared flags (its
 * entry's, subcommand's or form's) say so.  The one place that decides. */
static int
opens_to_write(const struct cmd_ctx *g)
{
	return (g->flags & CMD_WRITES) != 0;
}

/* The game, connected and started in the mode WRITE. */
static int
open_game(struct cmd_ctx *g, int write, struct game **out)
{
	struct game *gm = NULL;
	int rc;

	/* Not peeked at: connected once, in the mode asked (a reader that
	 * connected to write, then again to read, cost a sheet a third). */
	if (g->game == NULL && (g->game = calloc(1, sizeof *g->game)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (g->game->db == NULL && (rc = connect_parts(g, write, g->game)) != 0)
		return rc;
	if ((rc = game_peek(g, &gm)) != 0)
		return rc;
	if (gm->started && write && !gm->writable)
		return cmd_error(g, EXIT_BUG, "the game was opened for reading only");
	if (!gm->started && gm->batch == NULL && (write != 0) != gm->writable) {
		/* Connected to learn the rule set in the other mode: connect
		 * again as this command needs (a reader takes no lock). */
		db_close(gm->db);
		memset(gm, 0, sizeof *gm);
		if ((rc = connect_parts(g, write, gm)) != 0)
			return rc;
	}
	if (!gm->started && (rc = start_parts(g, gm)) != 0)
		return rc;
	*out = gm;
	return 0;
}

int
game_get(struct cmd_ctx *g, struct game **out)
{
	if ((g->flags & (CMD_GAME | CMD_WRITES)) == 0)
		return cmd_error(g, EXIT_BUG, "%s does not declare that it uses the game",
		    g->command);
	return open_game(g, opens_to_write(g), out);
}

/* Writes the output held for the commit (none when rc failed). */
static int
release_output(struct cmd_ctx *g, int rc)
{
	if (g->final_out == NULL)
		return rc;
	fclose(g->out);
	g->out = g->final_out;
	g->final_out = NULL;
	if (rc == 0 && g->nheld > 0 && fwrite(g->held, 1, g->nheld, g->out) != g->nheld)
		rc = cmd_error(g, EXIT_IO, "write failure on standard output: %s",
		    strerror(errno));
	free(g->held);
	g->held = NULL;
	g->nheld = 0;
	return rc;
}

/* Ends the game's part of command g: the transaction committed or rolled
 * back and the file closed; a batch line's stays open for the next line
 * (a line that fails stops the batch, and the batch rolls back whole). */
static int
close_game(struct cmd_ctx *g, struct game *gm, int rc)
{
	int st;

	if (gm->batch != NULL || gm->db == NULL)
		return rc;
	if (rc == 0 && (st = db_commit(gm->db)) != DB_OK)
		rc = game_fail(g, gm->db, st);
	/* Game keeping leaves the game file whole; rulings leave the WAL
	 * until it holds a few (db/db.c). */
	if (rc == 0 && gm->writable && gm->started && !(g->flags & CMD_ADJUDICATES))
		db_checkpoint(gm->db);
	if (rc == 0 && gm->writable && gm->started)
		g->saved = 1;
	if (rc != 0)
		db_rollback(gm->db);
	db_close(gm->db);
	return rc;
}

int
game_end(struct cmd_ctx *g, int rc)
{
	struct game *gm = g->game;

	if (gm == NULL)
		return rc;
	db_army_free(&gm->army);
	rc = close_game(g, gm, rc);
	free(gm);
	g->game = NULL;
	return release_output(g, rc);
}

int
game_source(struct cmd_ctx *g, const char *path, struct game **out)
{
	struct game *gm = calloc(1, sizeof *gm);
	struct error e;
	int st, rc = 0;

	*out = NULL;
	if (gm == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if ((st = db_open(path, DB_OPEN_AS_IS, &e, &gm->db)) != DB_OK) {
		rc = game_said(g, &e, st);
		goto failed;
	}
	if ((st = db_readable_as_is(gm->db)) != DB_OK ||
	    (st = db_begin_read(gm->db)) != DB_OK ||
	    (st = db_game_get(gm->db, &gm->info)) != DB_OK) {
		rc = game_fail(g, gm->db, st);
		goto failed;
	}
	if ((gm->rs = ruleset_find(gm->info.rules)) == NULL) {
		rc = cmd_error(g, EXIT_DATA,
		    "the game '%s' is played under rules this umpire does not know ('%s')",
		    path, gm->info.rules);
		goto failed;
	}
	if ((st = db_turn(gm->db, &gm->turn)) != DB_OK ||
	    (st = db_tables_load(gm->db, gm->rs->name)) != DB_OK) {
		rc = game_fail(g, gm->db, st);
		goto failed;
	}
	gm->ts = db_tableset(gm->db);
	name_ledgers(gm);
	gm->started = 1;
	if ((rc = read_options(g, gm)) != 0 || (rc = game_army(g, gm)) != 0)
		goto failed;
	*out = gm;
	return 0;
failed:
	game_source_end(gm);
	return rc;
}

void
game_source_end(struct game *gm)
{
	if (gm == NULL)
		return;
	db_army_free(&gm->army);
	db_close(gm->db);
	free(gm);
}

static void
init_ratings(void *ctx, const struct unit *u, struct inputs *ratings)
{
	const struct game *gm = ctx;

	inputs_init(ratings, gm->rs->name, "unit", game_rating_decls(gm, u->formation),
	    NULL);
}

/* The army just read: its turn and the flags past their last turn. */
/* What every read of the army ends with: its turn, the flags past their
 * last turn, and each unit's acts of the turn (its rule set keeps any). */
static int
army_read(struct cmd_ctx *g, struct game *gm)
{
	int st;

	gm->army.turn = gm->turn;
	army_expire_flags(&gm->army);
	gm->army_loaded = 1;
	if (gm->rs->roster->keeps.acts != NULL &&
	    (st = db_army_acts(gm->db, &gm->army, gm->turn)) != DB_OK)
		return game_fail(g, gm->db, st);
	return 0;
}

int
game_army(struct cmd_ctx *g, struct game *gm)
{
	int st;

	if (gm->army_partial)
		return cmd_error(g, EXIT_BUG, "the whole army is asked for after a part was read");
	if (gm->army_loaded)
		return 0;
	if ((st = db_army_load(gm->db, &gm->army, gm->ledgers, init_ratings, gm)) != DB_OK)
		return game_fail(g, gm->db, st);
	return army_read(g, gm);
}

int
game_army_named(struct cmd_ctx *g, struct game *gm, const char *const *names, int n)
{
	const struct roster *ro = gm->rs->roster;
	int st;

	if (gm->army_loaded)
		return 0;
	if (n == 0 || ro->reads_army || ro->standing != NULL || ro->settle != NULL)
		return game_army(g, gm);
	if ((st = db_army_load_named(gm->db, &gm->army, names, n, gm->ledgers, init_ratings,
	    gm)) != DB_OK)
		return game_fail(g, gm->db, st);
	if (gm->army.n == 0) {
		db_army_free(&gm->army);
		return game_army(g, gm);
	}
	gm->army_partial = 1;
	return army_read(g, gm);
}

struct unit *
game_unit(struct cmd_ctx *g, struct game *gm, const char *name, int *rc)
{
	struct error err;
	int i;

	if (!gm->army_loaded && (*rc = game_army(g, gm)) != 0)
		return NULL;
	i = text_find_name("unit", name, gm->army.n > 0 ? gm->army.u[0].name : "",
	    sizeof gm->army.u[0], gm->army.n, &err, EXIT_DATA);
	if (i < 0) {
		*rc = cmd_say(g, &err);
		return NULL;
	}
	return &gm->army.u[i];
}

/* True when an effect of fx falls on unit i of the ruling. */
static int
touched(const struct ruling_effects *fx, int i)
{
	for (int k = 0; k < fx->n; k++)
		if (ruling_effect(fx, k)->unit == i)
			return 1;
	return 0;
}

int
game_journal(struct cmd_ctx *g, struct game *gm, const struct db_record *rec,
    const struct ruling_units *ru, const struct ruling_effects *fx)
{
	int st;

	if ((st = db_event_record(gm->db, rec)) != DB_OK)
		return game_fail(g, gm->db, st);
	for (int i = 0; i < ru->n; i++)
		if ((st = db_event_unit(gm->db, rec->id, ru->unit[i]->id,
		    ru->role[i])) != DB_OK)
			return game_fail(g, gm->db, st);
	for (int i = 0; i < fx->n; i++) {
		struct effect_record kept;

		game_effect_record(gm, ru, ruling_effect(fx, i), &kept);
		if ((st = db_effect_add(gm->db, rec->id, &kept)) != DB_OK)
			return game_fail(g, gm->db, st);
	}
	for (int i = 0; i < ru->n; i++)
		if (touched(fx, i) &&
		    (st = db_state_put(gm->db, ru->unit[i], gm->ledgers)) != DB_OK)
			return game_fail(g, gm->db, st);
	return 0;
}

char *
game_args_json(const char *command, int argc, char **argv)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_array(&w, NULL);
	jsonw_string(&w, NULL, command);
	for (int i = 0; i < argc; i++)
		jsonw_string(&w, NULL, argv[i]);
	jsonw_array_end(&w);
	return jsonw_take(&w);
}

const char *
game_parent_name(const struct game *gm, const struct unit *u)
{
	return u->up >= 0 ? gm->army.u[u->up].name : "";
}

int
game_standing(struct cmd_ctx *g, struct game *gm, const struct standing_for *who,
    struct jsonw *w, char *buf, size_t n)
{
	struct standing_view s = { NULL, 0, 0 };
	struct result *r;
	int rc = 0;

	buf[0] = '\0';
	if (gm->rs->roster->standing == NULL)
		return 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	if ((r = malloc(sizeof *r)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	result_init(r);
	gm->rs->roster->standing(&gm->ts, &gm->options, &gm->army, who, &s, r);
	if (r->no_memory || view_standing_text(&s, buf, n) != 0)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	else if (r->error.code)
		rc = cmd_error(g, exit_of_rule(r->error.code), "%s", r->error.text);
	else if (r->overflow)
		rc = cmd_error(g, EXIT_BUG, "the standing is too large to show");
	else if (w != NULL)
		render_members(w, r);
	standing_free(&s);
	result_free(r);
	free(r);
	return rc;
}

int
print_json_pair(struct cmd_ctx *g, const char *key, const char *value)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, key, value);
	jsonw_object_end(&w);
	return cmd_print_json(g, &w);
}

int
campaign_battles(struct cmd_ctx *g, struct game *gm, struct db_battle **out, int *n)
{
	int st = db_battles(gm->db, out, n);

	return st == DB_OK ? 0 : game_fail(g, gm->db, st);
}
