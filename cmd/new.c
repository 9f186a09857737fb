/*
 * new: starts a game file for a rule set, with the stock rule tables
 * copied in.  The file is made beside its final name and renamed into
 * place when complete, so a failed `new` leaves nothing behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "cmd.h"
#include "csvfile.h"
#include "example.h"
#include "game.h"
#include "db.h"
#include "jsonw.h"
#include "render.h"
#include "rtables.h"
#include "ruleset.h"
#include "text.h"

const struct input_decl cmd_new_inputs[] = {
	{ "title", IN_TEXT, "TEXT", 0, 0, NULL, "", NULL, "the game's title", 0 },
	{ "force", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "replace a game already at the path", 0 },
	{ "fog", IN_CHOICE, "open|table|hidden", 0, 0, "open|table|hidden", "table", NULL,
	  "what each side may know: everything, what stands on the table, or counts only as words", 0 },
	{ "example", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the rule set's sample battle: a historical action, its order of battle loaded", 0 },
	{ "from", IN_TEXT, "FILE", 0, 0, NULL, NULL, NULL,
	  "the campaign's next battle: the roster of that game, each unit with what it had left", 0 },
	{ "recover", IN_SPEC, "PERCENT|SIDE:PERCENT", 0, 0, "N|*:N", NULL, "PERCENT or SIDE:PERCENT",
	  "with --from: the share of each unit's losses back, rounded down (0-100, default 0; repeat SIDE:PERCENT for a side's own)",
	  IN_REPEAT },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* new's help: the declaration's, then each rule set's sample battle and
 * the options it keeps with its game. */
static int
help(struct cmd_ctx *g, const struct cmd_entry *e)
{
	const struct ruleset *const *all = ruleset_all();

	cmd_help(g, e);
	fputs("\nSample battles (--example):\n", g->out);
	for (int i = 0; i < example_stock_count; i++)
		fprintf(g->out, "  %s: %s\n", example_stock[i].rules, example_stock[i].title);
	fputs("Game options of the rule sets:\n", g->out);
	for (int i = 0; all[i] != NULL; i++) {
		const struct input_decl *d = all[i]->roster->game_inputs;

		for (; d != NULL && d->name != NULL; d++)
			fprintf(g->out, "  %s: --%s %-16s %s\n", all[i]->name, d->name, d->arg,
			    d->help);
	}
	return EXIT_DONE;
}

static const struct example *
example_of(const char *rules)
{
	for (int i = 0; i < example_stock_count; i++)
		if (strcmp(example_stock[i].rules, rules) == 0)
			return &example_stock[i];
	return NULL;
}

/* The sample battle is the rule set's settings as they stand: an option
 * of the rule set typed with --example is refused (64).  0, or the
 * status, printed. */
static int
example_options(struct cmd_ctx *g, const struct inputs *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->v[i].typed && is_game_option(in->v[i].decl, NULL))
			return cmd_error(g, EXIT_USAGE,
			    "--example sets up the sample battle with the %s rules' own settings: --%s cannot be given with it",
			    g->rules, in->v[i].decl->name);
	if (example_of(g->rules) == NULL)
		return cmd_error(g, EXIT_BUG, "the %s rules have no sample battle", g->rules);
	return 0;
}

/* A side of the sample battle: its units and formations. */
struct side_count {
	char side[128];
	int units, formations;
};

#define SIDES_MAX 8

/* The units of the game just loaded, per side in the order of the roster. */
static int
count_sides(struct cmd_ctx *g, struct game *gm, struct side_count *sides, int *n)
{
	int rc, k;

	*n = 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		for (k = 0; k < *n && strcmp(sides[k].side, u->side) != 0; k++)
			;
		if (k == *n && *n == SIDES_MAX)
			return cmd_error(g, EXIT_BUG, "the sample battle has more than %d sides",
			    SIDES_MAX);
		if (k == *n) {
			text_copy(sides[k].side, sizeof sides[k].side, u->side);
			sides[k].units = sides[k].formations = 0;
			(*n)++;
		}
		if (u->formation)
			sides[k].formations++;
		else
			sides[k].units++;
	}
	return 0;
}

/* What --example made: the new game's line, a line a side, the sources. */
static void
print_example_text(struct cmd_ctx *g, const struct example *ex,
    const struct side_count *sides, int n)
{
	for (int k = 0; k < n; k++)
		fprintf(g->out, "%s: %d unit%s and %d formation%s\n", sides[k].side,
		    sides[k].units, sides[k].units == 1 ? "" : "s", sides[k].formations,
		    sides[k].formations == 1 ? "" : "s");
	fprintf(g->out, "sources: %s\n", ex->sources);
}

static void
json_example(struct jsonw *w, const struct example *ex,
    const struct side_count *sides, int n)
{
	int units = 0;

	for (int k = 0; k < n; k++)
		units += sides[k].units;
	jsonw_int(w, "units", units);
	jsonw_array(w, "sides");
	for (int k = 0; k < n; k++) {
		jsonw_object(w, NULL);
		jsonw_string(w, "side", sides[k].side);
		jsonw_int(w, "units", sides[k].units);
		jsonw_int(w, "formations", sides[k].formations);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
	jsonw_string(w, "sources", ex->sources);
}

/* new makes the game file itself (db_create); --example then writes the
 * sample battle into it as a batch line would. */
static const struct cmd_sub new_forms[] = {
	{ "example", CMD_WRITES, NULL },
	{ NULL, 0, NULL },
};

/*
 * Loads the sample battle into the game db being made, in its
 * transaction: the game opened on that connection as a batch line's is,
 * and its CSV read by `unit import`'s own code.  The sides counted.
 */
static int
load_example(struct cmd_ctx *g, struct db *db, const struct example *ex,
    struct side_count *sides, int *nsides)
{
	struct batch b = { db, g->db_path };
	struct batch *outer = g->batch;
	struct csv_rows c;
	struct game *gm;
	struct error err;
	char name[64];
	int count, rc;

	snprintf(name, sizeof name, "the %s sample battle", ex->rules);
	if (csv_rows_parse(name, ex->csv, &c, &err) != 0)
		return cmd_say(g, &err);
	g->batch = &b;
	rc = cmd_form(g, new_forms, "example");
	if (rc == 0)
		rc = game_get(g, &gm);
	if (rc == 0)
		rc = unit_import_rows(g, gm, name, &c, &count, NULL);
	if (rc == 0)
		rc = count_sides(g, gm, sides, nsides);
	rc = game_end(g, rc);
	g->batch = outer;
	csv_rows_free(&c);
	return rc;
}

/* The game's row, its rule tables and (--example) its units, in one
 * transaction. */
static int
fill_game(struct cmd_ctx *g, struct db *db, const struct inputs *in,
    const char *title, const char *options, const struct example *ex,
    struct side_count *sides, int *nsides)
{
	int st, rc;

	if ((st = db_begin(db)) != DB_OK ||
	    (st = db_game_insert(db, g->rules, title, options, in_text(in, "fog"))) != DB_OK ||
	    (st = db_tables_copy(db, g->rules)) != DB_OK)
		goto failed;
	if (ex != NULL && (rc = load_example(g, db, ex, sides, nsides)) != 0) {
		db_rollback(db);
		return rc;
	}
	if ((st = db_commit(db)) != DB_OK)
		goto failed;
	return 0;
failed:
	return game_fail(g, db, st);
}

static int
new_game_in(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	const struct input_decl *game_inputs;
	const struct example *ex = NULL;
	const struct ruleset *rs;
	struct side_count sides[SIDES_MAX];
	const char *title;
	struct db *db;
	struct error e;
	char options[1024];
	struct jsonw w;
	int rc, st, nsides = 0;

	if (g->rules == NULL)
		return cmd_error(g, EXIT_USAGE, "give --rules NAME (%s)",
		    ruleset_names());
	rs = ruleset_find(g->rules);
	game_inputs = rs->roster->game_inputs;
	if ((rc = inputs_parse_command(in, "new", cmd_new_inputs, game_inputs,
	    argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire new --help')",
		    in->pos[0]);
	if (in_given(in, "from") && in_flag(in, "example"))
		return cmd_error(g, EXIT_USAGE,
		    "--from starts the campaign's next battle from a game's roster: --example cannot be given with it");
	if (in_given(in, "recover") && !in_given(in, "from"))
		return cmd_error(g, EXIT_USAGE,
		    "--recover gives back a share of the losses of the battle --from GAME names: give --from");
	if (in_given(in, "from"))
		return campaign_new(g, in);
	if (in_flag(in, "example")) {
		if ((rc = example_options(g, in)) != 0)
			return rc;
		ex = example_of(g->rules);
	}
	title = ex != NULL && !in_given(in, "title") ? ex->title : in_text(in, "title");
	if ((rc = new_game_options(g, in, options, sizeof options)) != 0)
		return rc;
	if ((st = db_create(g->db_path, in_flag(in, "force"), &e, &db)) != DB_OK)
		return game_said(g, &e, st);
	rc = fill_game(g, db, in, title, options, ex, sides, &nsides);
	db_close(db);
	if (rc != 0)
		return rc;
	if (g->json) {
		jsonw_init_growing(&w);
		jsonw_object(&w, NULL);
		jsonw_string(&w, "rules", g->rules);
		jsonw_string(&w, "title", title);
		jsonw_string(&w, "db", g->db_path);
		jsonw_string(&w, "fog", in_text(in, "fog"));
		jsonw_int(&w, "turn", 1);
		if (ex != NULL)
			json_example(&w, ex, sides, nsides);
		jsonw_object_end(&w);
		return cmd_print_json(g, &w);
	}
	fprintf(g->out, "new %s game%s%s%s at %s\n", g->rules,
	    *title ? " '" : "", title, *title ? "'" : "", g->db_path);
	if (ex != NULL)
		print_example_text(g, ex, sides, nsides);
	return EXIT_DONE;
}

static int
new_game(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = new_game_in(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_new_entry = {
	"new", "new --rules NAME [--title TEXT] [--fog open|table|hidden]\n"
	" [--force] [--db PATH]\n"
	" [the rule set's game options | --example]\n"
	"new --rules NAME --from GAME [--recover PERCENT|SIDE:PERCENT]...",
	"start a game",
	CMD_NO_PREFIX, new_game,
	"Starts a game: an SQLite file (default ./umpire.db, or $UMPIRE_DB)\n"
	"holding the order of battle, the journal and the game's own copy of\n"
	"the rule tables.  --force replaces an umpire game already there.\n"
	"--from GAME starts the campaign's next battle: GAME's roster, ratings\n"
	"and rule tables, each unit with what it had left plus PERCENT of its\n"
	"losses back, rounded down (--recover SIDE:PERCENT, repeated, a side's\n"
	"own); a unit destroyed there stays out unless it is among PERCENT of\n"
	"its side's destroyed units, rounded down, in the roster's order.  GAME\n"
	"is only read; its fog and settings are kept unless given.\n"
	"--example loads the rule set's sample battle, ready to play (its title\n"
	"the action's unless --title is given).\n",
	cmd_new_inputs, help,
};
