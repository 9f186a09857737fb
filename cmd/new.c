/*
 * new: starts a game file for a rule set, with the stock rule tables
 * copied in.  The file is made beside its final name and renamed into
 * place when complete, so a failed `new` leaves nothing behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "db.h"
#include "jsonw.h"
#include "rtables.h"
#include "ruleset.h"

const struct input_decl cmd_new_inputs[] = {
	{ "title", IN_TEXT, "TEXT", 0, 0, NULL, "", NULL, "the game's title", 0 },
	{ "force", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "replace a game already at the path", 0 },
	{ "fog", IN_CHOICE, "open|table|hidden", 0, 0, "open|table|hidden", "table", NULL,
	  "what each side may know: everything, what stands on the table, or counts only as words", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static void
help(FILE *out)
{
	const struct ruleset *const *all = ruleset_all();

	fputs("usage: umpire new --rules NAME [--title TEXT] [--fog open|table|hidden]\n"
	    "       [--force] [--db PATH]\n"
	    "       [the rule set's game options]\n"
	    "Starts a game: an SQLite file (default ./umpire.db, or $UMPIRE_DB)\n"
	    "holding the order of battle, the journal and the game's own copy of\n"
	    "the rule tables.  --force replaces an umpire game already there.\n", out);
	for (int i = 0; all[i] != NULL; i++) {
		const struct input_decl *d = all[i]->roster->game_inputs;

		for (; d != NULL && d->name != NULL; d++)
			fprintf(out, "  %s: --%s %-16s %s\n", all[i]->name, d->name, d->arg,
			    d->help);
	}
}

/* The options of `new` that are the rule set's (stored with the game). */
static int
is_game_option(const struct input_decl *d, void *ctx)
{
	(void)ctx;
	for (const struct input_decl *p = cmd_new_inputs; p->name != NULL; p++)
		if (p == d)
			return 0;
	return 1;
}

static int
new_game_in(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	const struct input_decl *game_inputs;
	const struct ruleset *rs;
	struct db *db;
	char options[1024];
	struct jsonw w;
	int rc, st;

	if (g->rules == NULL)
		return cmd_error(g, EXIT_USAGE, "new needs --rules NAME (%s)",
		    ruleset_names());
	rs = ruleset_find(g->rules);
	game_inputs = rs->roster->game_inputs;
	if ((rc = inputs_parse_command(in, "new", cmd_new_inputs, game_inputs,
	    argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire new --help')",
		    in->pos[0]);
	/* The rule set's options, with their defaults, are the game's. */
	for (int i = 0; i < in->n; i++)
		if (!in->v[i].given && in->v[i].set && is_game_option(in->v[i].decl, NULL))
			in->v[i].given = 1;
	jsonw_init(&w, options, sizeof options);
	jsonw_object(&w, NULL);
	inputs_json(in, is_game_option, NULL, &w);
	jsonw_object_end(&w);
	if (w.overflow)
		return cmd_error(g, EXIT_DATA, "the options are too long");
	if ((st = db_create(g->db_path, in_flag(in, "force"), &db)) != DB_OK)
		return cmd_error(g, exit_of_db(st), "%s", db_last_error());
	if ((st = db_begin(db)) != DB_OK ||
	    (st = db_game_insert(db, g->rules, in_text(in, "title"), options,
	    in_text(in, "fog"))) != DB_OK ||
	    (st = db_tables_copy(db, g->rules)) != DB_OK ||
	    (st = db_commit(db)) != DB_OK) {
		rc = cmd_error(g, st == DB_CANTCREATE ? EXIT_CANTCREATE :
		    exit_of_db(st), "%s", db_last_error());
		db_close(db);
		return rc;
	}
	db_close(db);
	if (g->json) {
		char buf[1024];

		jsonw_init(&w, buf, sizeof buf);
		jsonw_object(&w, NULL);
		jsonw_string(&w, "rules", g->rules);
		jsonw_string(&w, "title", in_text(in, "title"));
		jsonw_string(&w, "db", g->db_path);
		jsonw_string(&w, "fog", in_text(in, "fog"));
		jsonw_int(&w, "turn", 1);
		jsonw_object_end(&w);
		fprintf(g->out, "%s\n", buf);
	} else {
		fprintf(g->out, "new %s game%s%s%s at %s\n", g->rules,
		    *in_text(in, "title") ? " '" : "", in_text(in, "title"),
		    *in_text(in, "title") ? "'" : "", g->db_path);
	}
	return EXIT_DONE;
}

static int
new_game(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if (g->help) {
		help(g->out);
		return EXIT_DONE;
	}
	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = new_game_in(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_new_entry = {
	"new", "new --rules R [--title T] [--force]", "start a game",
	CMD_NO_PREFIX, new_game,
};
