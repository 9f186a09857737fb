/* game: opening and closing the game file, loading units. */
#include <string.h>

#include "game.h"
#include "journal.h"
#include "rtables.h"

int
game_fail(const struct global *g, int st)
{
	return cmd_error(g, db_exit_status(st), "%s", db_last_error());
}

int
game_open(const struct global *g, int write, struct game *gm)
{
	int st;

	memset(gm, 0, sizeof *gm);
	st = db_open(g->db_path, write ? DB_OPEN_WRITE : DB_OPEN_READ, &gm->db);
	if (st != DB_OK)
		return game_fail(g, st);
	if ((st = db_game_get(gm->db, &gm->info)) != DB_OK) {
		db_close(gm->db);
		gm->db = NULL;
		return game_fail(g, st);
	}
	gm->rs = ruleset_find(gm->info.rules);
	if (gm->rs == NULL || (g->rules != NULL && strcmp(g->rules, gm->info.rules) != 0)) {
		db_close(gm->db);
		gm->db = NULL;
		return cmd_error(g, EXIT_USAGE,
		    "the game '%s' is played under the %s rules, not %s", g->db_path,
		    gm->info.rules, g->rules != NULL ? g->rules : "these");
	}
	gm->ts = db_tableset(gm->db);
	if (write && (st = db_begin(gm->db)) != DB_OK) {
		db_close(gm->db);
		gm->db = NULL;
		return game_fail(g, st);
	}
	if ((st = db_turn(gm->db, &gm->turn)) != DB_OK) {
		db_close(gm->db);
		gm->db = NULL;
		return game_fail(g, st);
	}
	return 0;
}

int
game_close(const struct global *g, struct game *gm, int rc)
{
	int st;

	if (gm->db == NULL)
		return rc;
	if (rc == 0 && (st = db_commit(gm->db)) != DB_OK)
		rc = game_fail(g, st);
	if (rc != 0)
		db_rollback(gm->db);
	db_close(gm->db);
	gm->db = NULL;
	return rc;
}

int
game_ratings(const struct global *g, struct game *gm, const struct db_unit *row,
    struct unit *u)
{
	static struct rating_args ra;
	int st, rc;

	if (gm->rs->roster == NULL || row->formation)
		return inputs_parse_command(&u->ratings, "unit", NULL, NULL, 0, NULL);
	if ((st = db_rating_args(gm->db, row->ratings, &ra)) != DB_OK)
		return game_fail(g, st);
	rc = inputs_parse(&u->ratings, gm->rs->name, "unit",
	    gm->rs->roster->inputs, NULL, ra.argc, ra.argv, NULL);
	if (rc != 0)
		return cmd_error(g, EXIT_IO, "unit '%s': its stored ratings do not parse: %s",
		    row->name, u->ratings.error);
	return 0;
}

int
game_unit(const struct global *g, struct game *gm, const char *name,
    struct db_unit *row, struct unit *u)
{
	long long id;
	int st;

	if ((st = db_unit_find(gm->db, name, &id)) != DB_OK ||
	    (st = db_unit_get(gm->db, id, row)) != DB_OK ||
	    (st = db_unit_state(gm->db, row, u)) != DB_OK)
		return game_fail(g, st);
	return game_ratings(g, gm, row, u);
}
