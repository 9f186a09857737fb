/* game: opening and closing the game file, its army, its standing. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "rtables.h"
#include "text.h"

int
game_fail(const struct global *g, int st)
{
	return cmd_error(g, exit_of_db(st), "%s", db_last_error());
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
read_options(const struct global *g, struct game *gm)
{
	char why[200];
	int st;

	inputs_init(&gm->options, gm->rs->name, "new", gm->rs->roster->game_inputs,
	    NULL);
	st = jsonr_leaves(gm->info.options, leaf_option, &gm->options, why, sizeof why);
	if (st != 0)
		return cmd_error(g, EXIT_IO, "the game's options are not valid: %s",
		    st < 0 ? why : gm->options.error);
	if (inputs_defaults(&gm->options) != 0)
		return cmd_error(g, EXIT_IO, "the game's options are not valid: %s",
		    gm->options.error);
	return 0;
}

/* A batch's one connection, in one transaction (cmd/batch.c): every
 * command of the batch works in it, each in a savepoint. */
static struct {
	struct db *db;
	char path[4096];
} shared;

int
game_batch_begin(const struct global *g)
{
	int st;

	if ((st = db_open(g->db_path, DB_OPEN_WRITE, &shared.db)) != DB_OK ||
	    (st = db_migrate(shared.db)) != DB_OK || (st = db_begin(shared.db)) != DB_OK ||
	    (st = db_verify(shared.db)) != DB_OK) {
		db_close(shared.db);
		shared.db = NULL;
		return game_fail(g, st);
	}
	text_copy(shared.path, sizeof shared.path, g->db_path);
	return 0;
}

int
game_batch_end(const struct global *g, int keep)
{
	int st = DB_OK;

	if (shared.db == NULL)
		return 0;
	if (keep)
		st = db_commit(shared.db);
	if (!keep || st != DB_OK)
		db_rollback(shared.db);
	db_close(shared.db);
	shared.db = NULL;
	return st != DB_OK ? game_fail(g, st) : 0;
}

/* Opens the file and reads its game row; 0 or a status. */
static int
connect_parts(const struct global *g, int write, struct game *gm)
{
	int st;

	if (shared.db != NULL && strcmp(g->db_path, shared.path) != 0)
		return cmd_error(g, EXIT_USAGE, "a batch works on one game ('%s')",
		    shared.path);
	if (shared.db != NULL)
		gm->db = shared.db;
	else if ((st = db_open(g->db_path, write ? DB_OPEN_WRITE : DB_OPEN_READ,
	    &gm->db)) != DB_OK)
		return game_fail(g, st);
	if ((st = db_game_get(gm->db, &gm->info)) != DB_OK)
		return game_fail(g, st);
	gm->rs = ruleset_find(gm->info.rules);
	if (gm->rs == NULL)
		return cmd_error(g, EXIT_DATA, "the game '%s' is played under rules this umpire does not know ('%s')",
		    g->db_path, gm->info.rules);
	if (g->rules != NULL && strcmp(g->rules, gm->info.rules) != 0)
		return cmd_error(g, EXIT_USAGE,
		    "the game '%s' is played under the %s rules, not %s", g->db_path,
		    gm->info.rules, g->rules);
	gm->writable = write;
	return 0;
}

/* Begins (writing: the transaction) and reads what every command needs. */
static int
start_parts(const struct global *g, struct game *gm)
{
	int st;

	if (gm->db == shared.db) {
		if ((st = db_savepoint(gm->db)) != DB_OK)
			return game_fail(g, st);
		gm->in_savepoint = 1;
	}
	if (gm->db != shared.db && gm->writable && ((st = db_migrate(gm->db)) != DB_OK ||
	    (st = db_begin(gm->db)) != DB_OK || (st = db_verify(gm->db)) != DB_OK))
		return game_fail(g, st);
	if ((st = db_turn(gm->db, &gm->turn)) != DB_OK ||
	    (st = db_tables_load(gm->db, gm->rs->name)) != DB_OK)
		return game_fail(g, st);
	gm->ts = db_tableset(gm->db);
	return read_options(g, gm);
}

/* Closes what a failed connect or start left open (a batch's connection
 * stays: the batch ends it). */
static int
give_up(struct game *gm, int rc)
{
	if (gm->db != shared.db)
		db_close(gm->db);
	else if (gm->in_savepoint)
		db_rollback_savepoint(gm->db);
	gm->in_savepoint = 0;
	gm->db = NULL;
	return rc;
}

/* A batch command's end: its savepoint kept or taken back. */
static int
close_shared(const struct global *g, struct game *gm, int rc)
{
	int st;

	if (gm->in_savepoint && rc == 0 && (st = db_release(gm->db)) != DB_OK)
		rc = game_fail(g, st);
	if (gm->in_savepoint && rc != 0)
		db_rollback_savepoint(gm->db);
	gm->in_savepoint = 0;
	gm->db = NULL;
	return rc;
}

int
game_connect(const struct global *g, int write, struct game *gm)
{
	int rc;

	memset(gm, 0, sizeof *gm);
	return (rc = connect_parts(g, write, gm)) != 0 ? give_up(gm, rc) : 0;
}

int
game_start(const struct global *g, struct game *gm)
{
	int rc;

	return (rc = start_parts(g, gm)) != 0 ? give_up(gm, rc) : 0;
}

int
game_open(const struct global *g, int write, struct game *gm)
{
	int rc;

	if ((rc = game_connect(g, write, gm)) != 0)
		return rc;
	return game_start(g, gm);
}

int
game_close(const struct global *g, struct game *gm, int rc)
{
	int st;

	db_army_free(&gm->army);
	gm->army_loaded = 0;
	if (gm->db == NULL)
		return rc;
	if (gm->db == shared.db)
		return close_shared(g, gm, rc);
	if (rc == 0 && (st = db_commit(gm->db)) != DB_OK)
		rc = game_fail(g, st);
	if (rc == 0 && gm->writable && g->saved != NULL)
		*g->saved = 1;
	if (rc != 0)
		db_rollback(gm->db);
	db_close(gm->db);
	gm->db = NULL;
	return rc;
}

static void
init_ratings(void *ctx, const struct unit *u, struct inputs *ratings)
{
	const struct game *gm = ctx;

	inputs_init(ratings, gm->rs->name, "unit", game_rating_decls(gm, u->formation),
	    NULL);
}

int
game_army(const struct global *g, struct game *gm)
{
	int st;

	if (gm->army_loaded)
		return 0;
	if ((st = db_army_load(gm->db, &gm->army, init_ratings, gm)) != DB_OK)
		return game_fail(g, st);
	gm->army.turn = gm->turn;
	army_expire_flags(&gm->army);
	gm->army_loaded = 1;
	return 0;
}

struct unit *
game_unit(const struct global *g, struct game *gm, const char *name, int *rc)
{
	char err[512];
	int i;

	if ((*rc = game_army(g, gm)) != 0)
		return NULL;
	i = text_find_name("unit", name, gm->army.n > 0 ? gm->army.u[0].name : "",
	    sizeof gm->army.u[0], gm->army.n, err, sizeof err);
	if (i < 0) {
		*rc = cmd_error(g, EXIT_DATA, "%s", err);
		return NULL;
	}
	return &gm->army.u[i];
}

const char *
game_parent_name(const struct game *gm, const struct unit *u)
{
	return u->up >= 0 ? gm->army.u[u->up].name : "";
}

int
game_standing(const struct global *g, struct game *gm, struct jsonw *w,
    char *buf, size_t n)
{
	static struct result r;
	char scratch[4096];
	struct jsonw sw;
	int rc;

	buf[0] = '\0';
	if (gm->rs->roster->standing == NULL)
		return 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	if (w == NULL) {
		jsonw_init(&sw, scratch, sizeof scratch);
		jsonw_object(&sw, NULL);
		w = &sw;
	}
	result_init(&r);
	gm->rs->roster->standing(&gm->ts, &gm->options, &gm->army, w, buf, n, &r);
	if (r.failed)
		return cmd_error(g, exit_of_rule(r.failed), "%s", r.error);
	return 0;
}

void
print_json_pair(const char *key, const char *value)
{
	char buf[4096];
	struct jsonw w;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_string(&w, key, value);
	jsonw_object_end(&w);
	puts(buf);
}
