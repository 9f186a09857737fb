/* game: opening and closing the game file, loading units. */
#include <stdlib.h>
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
options_json(const struct inputs *in,
    int (*keep)(const struct input_decl *d, void *ctx), void *ctx, char *buf,
    size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_object(&w, NULL);
	for (int i = 0; i < in->n; i++) {
		const struct input_value *v = &in->v[i];

		if (!v->given || !keep(v->decl, ctx))
			continue;
		if (v->decl->kind == IN_FLAG) {
			jsonw_bool(&w, v->decl->name, 1);
		} else if (v->decl->flags & IN_REPEAT) {
			jsonw_array(&w, v->decl->name);
			for (int k = 0; k < v->nitems; k++)
				jsonw_string(&w, NULL, v->items[k].name);
			jsonw_array_end(&w);
		} else {
			jsonw_string(&w, v->decl->name, v->text);
		}
	}
	jsonw_object_end(&w);
	return w.overflow ? -1 : 0;
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

int
game_options(const struct global *g, struct game *gm, struct inputs *opts)
{
	static struct rating_args ra;
	const struct input_decl *decls = gm->rs->roster != NULL ?
	    gm->rs->roster->game_inputs : NULL;
	int st;

	if ((st = db_rating_args(gm->db, gm->info.options, &ra)) != DB_OK)
		return game_fail(g, st);
	if (inputs_parse_command(opts, "new", decls, NULL, ra.argc, ra.argv) != 0)
		return cmd_error(g, EXIT_IO, "the game's options do not parse: %s",
		    opts->error);
	return 0;
}

struct all_units {
	const struct global *g;
	struct game *gm;
	struct unit *u;
	int n, cap, rc;
};

static int
add_one(void *ctx, const struct db_unit *row)
{
	struct all_units *a = ctx;
	int st;

	if (a->n == a->cap) {
		int cap = a->cap ? a->cap * 2 : 16;
		struct unit *p = realloc(a->u, (size_t)cap * sizeof *p);

		if (p == NULL) {
			a->rc = cmd_error(a->g, EXIT_BUG, "out of memory");
			return 1;
		}
		a->u = p;
		a->cap = cap;
	}
	memset(&a->u[a->n], 0, sizeof a->u[a->n]);
	if ((st = db_unit_state(a->gm->db, row, &a->u[a->n])) != DB_OK) {
		a->rc = game_fail(a->g, st);
		return 1;
	}
	if ((a->rc = game_ratings(a->g, a->gm, row, &a->u[a->n])) != 0)
		return 1;
	a->n++;
	return 0;
}

int
game_all_units(const struct global *g, struct game *gm, struct unit **units,
    int *n)
{
	struct all_units a = { g, gm, NULL, 0, 0, 0 };
	int st = db_unit_each(gm->db, add_one, &a);

	if (a.rc == 0 && st != DB_OK)
		a.rc = game_fail(g, st);
	if (a.rc != 0) {
		free(a.u);
		return a.rc;
	}
	*units = a.u;
	*n = a.n;
	return 0;
}

int
game_standing(const struct global *g, struct game *gm, struct jsonw *w,
    char *buf, size_t n)
{
	static struct inputs opts;
	struct unit **ptrs = NULL, *units = NULL;
	char scratch[4096];
	struct jsonw sw;
	int count, rc;

	buf[0] = '\0';
	if (gm->rs->roster == NULL || gm->rs->roster->standing == NULL)
		return 0;
	if ((rc = game_options(g, gm, &opts)) != 0 ||
	    (rc = game_all_units(g, gm, &units, &count)) != 0)
		return rc;
	ptrs = malloc(((size_t)count + 1) * sizeof *ptrs);
	if (ptrs == NULL) {
		free(units);
		return cmd_error(g, EXIT_BUG, "out of memory");
	}
	for (int i = 0; i < count; i++)
		ptrs[i] = &units[i];
	if (w == NULL) {
		jsonw_init(&sw, scratch, sizeof scratch);
		jsonw_object(&sw, NULL);
		w = &sw;
	}
	gm->rs->roster->standing(&gm->ts, &opts, ptrs, count, w, buf, n);
	free(ptrs);
	free(units);
	return 0;
}

int
game_ratings(const struct global *g, struct game *gm, const struct db_unit *row,
    struct unit *u)
{
	static struct rating_args ra;
	int st, rc;

	if (gm->rs->roster == NULL)
		return inputs_parse_command(&u->ratings, "unit", NULL, NULL, 0, NULL);
	if ((st = db_rating_args(gm->db, row->ratings, &ra)) != DB_OK)
		return game_fail(g, st);
	rc = inputs_parse(&u->ratings, gm->rs->name, "unit", row->formation ?
	    roster_formation_inputs(gm->rs->roster) : gm->rs->roster->inputs, NULL,
	    ra.argc, ra.argv, NULL);
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
