/*
 * campaign: `new --from GAME` starts the campaign's next battle from what
 * GAME left (CLI.md "A campaign").  GAME is read as it is and never
 * written; the new game gets its rule tables, its roster with every
 * formation, commander and rating, each unit starting at what it had
 * left plus its share of its losses back, and the campaign's battles, the
 * earlier ones GAME kept and GAME's own, copied in.  What a unit brings is
 * set-up (unit_brought), not a ruling: the new journal starts empty.
 */
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "campaign.h"
#include "jsonw.h"
#include "rtables.h"
#include "text.h"
#include "units.h"
#include "view.h"

/* A side of the campaign's last battle, and what it brings. */
struct side_carry {
	char side[UNIT_SIDE];
	long percent;		/* of its losses back */
	int units, formations;
	long lost, recovered;	/* its units' measure (a count: none) */
	long destroyed, back;	/* its units destroyed, and those back */
	int out;		/* its units that stay out of the fight */
	long losses, start;	/* its losses in that battle, and its start */
};

/* What one unit of the source brings. */
struct unit_carry {
	long long id;		/* in the new game, once added */
	int destroyed;		/* its state was its rule set's most severe */
	struct db_brought b;
};

/* The next battle being made. */
struct carry {
	struct cmd_ctx *g;
	struct game *src;
	const char *path;	/* of the source */
	struct unit_carry *u;	/* one a unit of src's army */
	struct side_carry side[DB_BATTLE_SIDES];
	int nsides;
	long percent;		/* a plain --recover PERCENT: every side's */
	struct db_battle *battles;	/* the source's earlier battles */
	int nbattles;
	struct db_battle last;	/* the source's own */
};

/* "50" or "British:50" from --recover: 0 with *side NULL for a plain
 * PERCENT, or the status, printed. */
static int
recover_item(struct cmd_ctx *g, const struct inputs *in, int i, const char **side,
    long *percent)
{
	struct in_item it;

	in_item(in, "recover", i, &it);
	*side = it.nparts > 1 ? in_part_word(in, &it.part[0]) : NULL;
	*percent = it.part[it.nparts - 1].n;
	if (*percent > 100)
		return cmd_error(g, EXIT_DATA,
		    "--recover: %ld is not a percent from 0 to 100", *percent);
	return 0;
}

/* The side of c named NAME: spelt so, else the one it folds to; -1. */
static int
side_named(const struct carry *c, const char *name)
{
	char want[TEXT_FOLDED], have[TEXT_FOLDED];

	for (int s = 0; s < c->nsides; s++)
		if (strcmp(c->side[s].side, name) == 0)
			return s;
	text_fold(name, want, sizeof want);
	for (int s = 0; s < c->nsides; s++) {
		text_fold(c->side[s].side, have, sizeof have);
		if (strcmp(want, have) == 0)
			return s;
	}
	return -1;
}

/* Every --recover is a percent from 0 to 100, and the last plain one is
 * every side's (checked before the game is read: bad data is said before
 * a missing game).  0 or the status, printed. */
static int
check_percents(struct carry *c, const struct inputs *in)
{
	const char *side;
	long percent;
	int rc;

	for (int i = 0; i < in_nitems(in, "recover"); i++) {
		if ((rc = recover_item(c->g, in, i, &side, &percent)) != 0)
			return rc;
		if (side == NULL)
			c->percent = percent;
	}
	return 0;
}

/* Each side's share back: a plain PERCENT is every side's, SIDE:PERCENT
 * a side's own (the last given wins).  0 or the status, printed. */
static int
read_percents(struct carry *c, const struct inputs *in)
{
	const char *side;
	long percent;
	int s, n = in_nitems(in, "recover");

	for (s = 0; s < c->nsides; s++)
		c->side[s].percent = c->percent;
	for (int i = 0; i < n; i++) {
		if (recover_item(c->g, in, i, &side, &percent) != 0 || side == NULL)
			continue;
		if ((s = side_named(c, side)) < 0)
			return cmd_error(c->g, EXIT_DATA,
			    "--recover: no unit of '%s' fights for side '%s'", c->path, side);
		c->side[s].percent = percent;
	}
	return 0;
}

/* The sides of the source, in the roster's order (as the sheet's). */
static int
read_sides(struct carry *c, int *side_of)
{
	const struct army *a = &c->src->army;

	for (int i = 0; i < a->n; i++) {
		int s = side_named(c, a->u[i].side);

		if (s < 0 || strcmp(c->side[s].side, a->u[i].side) != 0) {
			if (c->nsides == DB_BATTLE_SIDES)
				return cmd_error(c->g, EXIT_DATA,
				    "'%s' has more than %d sides: a campaign keeps no more",
				    c->path, DB_BATTLE_SIDES);
			s = c->nsides++;
			text_copy(c->side[s].side, sizeof c->side[s].side, a->u[i].side);
		}
		side_of[i] = s;
	}
	return 0;
}

/* True when a unit with TOTAL of its measure has lost the whole of it,
 * or taken as much as it can (view_spent). */
static int
spent(const struct game *gm, const struct unit *u, long total)
{
	return gm->rs->roster->keeps.measure_option != NULL && !u->formation &&
	    u->start_strength > 0 && total >= u->start_strength;
}

/*
 * What unit i brings (its side s): its measure as the battle left it,
 * PERCENT of it back rounded down ("7 lost at 50%: 3 back"); whether it
 * ended the battle gone (destroyed, or its measure spent).  A unit
 * destroyed comes back only as one of its side's destroyed units
 * recovered (recover_destroyed).
 */
static void
carry_unit(struct carry *c, int i, struct side_carry *s)
{
	const struct game *gm = c->src;
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct unit *u = &gm->army.u[i];
	struct unit_carry *uc = &c->u[i];
	long lost = k->measure_option != NULL ? unit_lost(u) : 0;

	uc->destroyed = k->states != NULL && u->state[0] != '\0' &&
	    keeps_severity(k, u->state) == keeps_severity(k, NULL);
	uc->b.lost = lost > 0 ? lost : 0;
	uc->b.recovered = uc->b.lost * s->percent / 100;
	uc->b.gone = uc->destroyed || spent(gm, u, lost);
	uc->b.out = spent(gm, u, uc->b.lost - uc->b.recovered);
	s->units++;
	s->lost += uc->b.lost;
	s->recovered += uc->b.recovered;
	s->destroyed += uc->destroyed;
	s->losses += roster_unit_loss(gm->rs->roster, u);
	s->start += roster_unit_start(gm->rs->roster, u);
}

/* "A 2x2 unit destroyed stays out unless it is among PERCENT of its
 * side's destroyed units, rounded down": those first in the roster's
 * order come back; the others keep the state they were destroyed in, out
 * of the fight. */
static void
recover_destroyed(struct carry *c, const int *side_of)
{
	const struct army *a = &c->src->army;
	long seen[DB_BATTLE_SIDES] = { 0 };

	for (int s = 0; s < c->nsides; s++)
		c->side[s].back = c->side[s].destroyed * c->side[s].percent / 100;
	for (int i = 0; i < a->n; i++) {
		struct unit_carry *uc = &c->u[i];

		if (a->u[i].formation || !uc->destroyed ||
		    seen[side_of[i]]++ < c->side[side_of[i]].back)
			continue;	/* (among the first: it comes back) */
		text_copy(uc->b.state, sizeof uc->b.state, a->u[i].state);
		uc->b.out = 1;
	}
	for (int i = 0; i < a->n; i++)
		if (!a->u[i].formation && c->u[i].b.out)
			c->side[side_of[i]].out++;
}

/* The battle the source was, as the new game keeps it. */
static void
last_battle(struct carry *c)
{
	struct db_battle *b = &c->last;

	text_copy(b->title, sizeof b->title, c->src->info.title);
	b->turns = c->src->turn;
	b->nsides = c->nsides;
	for (int s = 0; s < c->nsides; s++) {
		text_copy(b->side[s].side, sizeof b->side[s].side, c->side[s].side);
		b->side[s].losses = c->side[s].losses;
		b->side[s].start = c->side[s].start;
	}
}

/* Reads the source and works out what every unit brings.  0 or the
 * status, printed. */
static int
read_source(struct carry *c, struct inputs *in)
{
	const struct army *a;
	int *side_of, rc;

	if ((rc = check_percents(c, in)) != 0)
		return rc;
	if (!db_file_exists(c->path))
		return cmd_error(c->g, EXIT_NOGAME, "--from: there is no game at '%s'", c->path);
	if ((rc = game_source(c->g, c->path, &c->src)) != 0)
		return rc;
	if (strcmp(c->src->rs->name, c->g->rules) != 0)
		return cmd_error(c->g, EXIT_DATA,
		    "'%s' is a %s game, not %s: a campaign's battles are fought under one rule set",
		    c->path, c->src->rs->name, c->g->rules);
	if ((rc = campaign_battles(c->g, c->src, &c->battles, &c->nbattles)) != 0)
		return rc;
	a = &c->src->army;
	c->u = calloc((size_t)a->n + 1, sizeof *c->u);
	side_of = calloc((size_t)a->n + 1, sizeof *side_of);
	if (c->u == NULL || side_of == NULL) {
		free(side_of);
		return cmd_error(c->g, EXIT_BUG, "out of memory");
	}
	if ((rc = read_sides(c, side_of)) == 0 && (rc = read_percents(c, in)) == 0) {
		for (int i = 0; i < a->n; i++)
			if (!a->u[i].formation)
				carry_unit(c, i, &c->side[side_of[i]]);
			else
				c->side[side_of[i]].formations++;
		recover_destroyed(c, side_of);
		last_battle(c);
	}
	free(side_of);
	return rc;
}

/* The new game's fog and rule set's options: as the source's, unless
 * given. */
static int
keep_settings(struct carry *c, struct inputs *in)
{
	const struct input_decl *d = c->src->rs->roster->game_inputs;

	if (!in_given(in, "fog") && inputs_set_word(in, "fog", c->src->info.fog) != 0)
		return cmd_error(c->g, EXIT_DATA, "the game '%s' keeps a fog the next battle cannot take: %s",
		    c->path, in->error.text);
	for (; d != NULL && d->name != NULL; d++)
		inputs_default_from(in, &c->src->options, d->name);
	return 0;
}

/* Adds unit i of the source to the new game db, its formation first (the
 * tree is acyclic; DEPTH guards a damaged file). */
static int
add_unit(struct carry *c, struct db *db, int i, int depth)
{
	const struct army *a = &c->src->army;
	const struct unit *u = &a->u[i];
	struct db_unit *row;
	int st, rc = 0;

	if (c->u[i].id != 0)
		return 0;
	if (depth > a->n)
		return cmd_error(c->g, EXIT_IO, "'%s': its formations make a circle", c->path);
	if (u->up >= 0 && (rc = add_unit(c, db, u->up, depth + 1)) != 0)
		return rc;
	if ((row = malloc(sizeof *row)) == NULL)
		return cmd_error(c->g, EXIT_BUG, "out of memory");
	if ((st = db_unit_get(c->src->db, u->id, row)) == DB_OK) {
		row->parent_id = u->up >= 0 ? c->u[u->up].id : 0;
		st = db_unit_add(db, row, &c->u[i].id);
	}
	if (st == DB_OK && !u->formation)
		st = db_brought_put(db, c->u[i].id, &c->u[i].b);
	free(row);
	return st == DB_OK ? 0 : game_fail(c->g, db, st);
}

/* The new game's rule tables, campaign and roster, in its transaction. */
static int
fill(struct carry *c, struct db *db, const char *title, const char *options,
    const char *fog)
{
	int st, rc;

	if ((st = db_game_insert(db, c->g->rules, title, options, fog)) != DB_OK ||
	    (st = db_tables_copy_game(db, c->src->db, c->g->rules)) != DB_OK)
		return game_fail(c->g, db, st);
	for (int i = 0; i < c->nbattles; i++)
		if ((st = db_battle_add(db, &c->battles[i])) != DB_OK)
			return game_fail(c->g, db, st);
	if ((st = db_battle_add(db, &c->last)) != DB_OK)
		return game_fail(c->g, db, st);
	for (int i = 0; i < c->src->army.n; i++)
		if ((rc = add_unit(c, db, i, 0)) != 0)
			return rc;
	return 0;
}

/* Makes the new game at g's path: the file is made beside it and moved
 * into place by the commit, once the source is closed (it may be the
 * game --force replaces). */
static int
make_game(struct carry *c, const char *title, const char *options, const char *fog,
    int force)
{
	struct db *db;
	struct error e;
	int st, rc;

	if ((st = db_create(c->g->db_path, force, &e, &db)) != DB_OK)
		return game_said(c->g, &e, st);
	if ((st = db_begin(db)) != DB_OK)
		rc = game_fail(c->g, db, st);
	else
		rc = fill(c, db, title, options, fog);
	game_source_end(c->src);
	c->src = NULL;
	if (rc == 0 && (st = db_commit(db)) != DB_OK)
		rc = game_fail(c->g, db, st);
	if (rc != 0)
		db_rollback(db);
	db_close(db);
	return rc;
}

/* "British: 8 units, 12 figures lost and 6 back (50%), 1 out of the fight". */
static void
print_side(struct cmd_ctx *g, const struct ruleset *rs, const struct side_carry *s)
{
	const struct keeps *k = &rs->roster->keeps;

	fprintf(g->out, "%s: %d unit%s", s->side, s->units, s->units == 1 ? "" : "s");
	if (k->measure_option != NULL)
		fprintf(g->out, ", %ld %s %s and %ld back", s->lost,
		    ruleset_measure_words(rs, s->lost), k->counts_down ? "lost" : "taken",
		    s->recovered);
	if (s->destroyed > 0 || k->measure_option == NULL)
		fprintf(g->out, ", %ld destroyed and %ld back", s->destroyed, s->back);
	fprintf(g->out, " (%ld%%)", s->percent);
	if (s->out > 0)
		fprintf(g->out, "; %d out of the fight", s->out);
	fputc('\n', g->out);
}

static void
print_text(const struct carry *c, const struct ruleset *rs, const char *title)
{
	struct cmd_ctx *g = c->g;

	fprintf(g->out, "new %s game%s%s%s at %s: the campaign's battle %d\n", g->rules,
	    *title ? " '" : "", title, *title ? "'" : "", g->db_path, c->nbattles + 2);
	fprintf(g->out, "from %s%s%s (%s, %ld turn%s)\n", c->last.title[0] ? "'" : "",
	    c->last.title[0] ? c->last.title : "the battle", c->last.title[0] ? "'" : "",
	    c->path, c->last.turns, c->last.turns == 1 ? "" : "s");
	for (int s = 0; s < c->nsides; s++)
		print_side(g, rs, &c->side[s]);
}

static int
print_json(const struct carry *c, const struct ruleset *rs, const char *title,
    const char *fog)
{
	const struct keeps *k = &rs->roster->keeps;
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", rs->name);
	jsonw_string(&w, "title", title);
	jsonw_string(&w, "db", c->g->db_path);
	jsonw_string(&w, "fog", fog);
	jsonw_int(&w, "turn", 1);
	jsonw_object(&w, "campaign");
	jsonw_string(&w, "from", c->path);
	jsonw_int(&w, "battle", c->nbattles + 2);
	jsonw_array(&w, "sides");
	for (int s = 0; s < c->nsides; s++) {
		const struct side_carry *sc = &c->side[s];

		jsonw_object(&w, NULL);
		jsonw_string(&w, "side", sc->side);
		jsonw_int(&w, "units", sc->units);
		jsonw_int(&w, "formations", sc->formations);
		jsonw_int(&w, "percent", sc->percent);
		if (k->measure_option != NULL) {
			jsonw_int(&w, "lost", sc->lost);
			jsonw_int(&w, "recovered", sc->recovered);
		} else {
			jsonw_null(&w, "lost");
			jsonw_null(&w, "recovered");
		}
		jsonw_int(&w, "destroyed", sc->destroyed);
		jsonw_int(&w, "back", sc->back);
		jsonw_int(&w, "out", sc->out);
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	jsonw_object_end(&w);
	return cmd_print_json(c->g, &w);
}

int
campaign_new(struct cmd_ctx *g, struct inputs *in)
{
	struct carry c;
	char options[1024], title[256], fog[16];
	const struct ruleset *rs = ruleset_find(g->rules);
	int rc;

	memset(&c, 0, sizeof c);
	c.g = g;
	c.path = in_text(in, "from");
	text_copy(title, sizeof title, in_text(in, "title"));
	if ((rc = read_source(&c, in)) == 0 && (rc = keep_settings(&c, in)) == 0) {
		text_copy(fog, sizeof fog, in_text(in, "fog"));
		if ((rc = new_game_options(g, in, options, sizeof options)) == 0)
			rc = make_game(&c, title, options, fog, in_flag(in, "force"));
	}
	game_source_end(c.src);
	if (rc == 0)
		rc = g->json ? print_json(&c, rs, title, fog) : (print_text(&c, rs, title), 0);
	free(c.u);
	free(c.battles);
	return rc;
}
