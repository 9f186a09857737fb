/*
 * game: the game's settings.  `umpire game` shows them (rule set, title,
 * fog level, turn, the rule set's options); `game --fog LEVEL` and `game
 * --title TEXT` change them.  A setting is not a ruling: it is not in the
 * journal and undo does not take it back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "jsonw.h"
#include "text.h"

const struct input_decl cmd_game_inputs[] = {
	{ "fog", IN_CHOICE, "open|table|hidden", 0, 0, "open|table|hidden", NULL, NULL,
	  "what each side may know (CLI.md): everything, what stands on the table, or counts only as words", 0 },
	{ "title", IN_TEXT, "TEXT", 0, 0, NULL, NULL, NULL, "the game's title", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The settings as one JSON object. */
static int
print_json(struct cmd_ctx *g, const struct game *gm)
{
	char buf[4096];
	struct jsonw w;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", gm->rs->name);
	jsonw_string(&w, "title", gm->info.title);
	jsonw_string(&w, "fog", gm->info.fog);
	jsonw_int(&w, "turn", gm->turn);
	jsonw_raw(&w, "options", gm->info.options);
	jsonw_object_end(&w);
	return cmd_print_json(g, &w, "the settings are too long to show");
}

static void
print_text(struct cmd_ctx *g, const struct game *gm)
{
	fprintf(g->out, "rules: %s (%s)\ntitle: %s\nfog: %s\nturn: %ld\noptions: %s\n",
	    gm->rs->name, gm->rs->title, gm->info.title[0] ? gm->info.title : "(none)",
	    gm->info.fog, gm->turn, gm->info.options);
}

static int
settings(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct game *gm;
	int rc, st, change;

	if ((rc = inputs_parse_command(in, "game", cmd_game_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire game --help')",
		    in->pos[0]);
	change = in_given(in, "fog") || in_given(in, "title");
	if ((rc = game_get_mode(g, change, &gm)) != 0)
		return rc;
	if (change) {
		if (in_given(in, "fog"))
			text_copy(gm->info.fog, sizeof gm->info.fog, in_text(in, "fog"));
		if (in_given(in, "title"))
			text_copy(gm->info.title, sizeof gm->info.title, in_text(in, "title"));
		if ((st = db_game_set(gm->db, gm->info.title, gm->info.fog)) != DB_OK)
			return game_fail(g, st);
	}
	if (g->json)
		return print_json(g, gm);
	print_text(g, gm);
	return 0;
}

static int
game_cmd(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if (g->help) {
		fputs("usage: umpire game [--fog open|table|hidden] [--title TEXT]\n"
		    "The game's settings: without options, shows them.  --fog sets what each\n"
		    "side may know (see 'umpire sheet --help', --for SIDE); a setting, not a\n"
		    "ruling, so undo does not take it back.\n", g->out);
		return EXIT_DONE;
	}
	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = settings(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_game_entry = {
	"game", "game [--fog LEVEL] [--title T]", "the game's settings (fog, title)",
	CMD_GAME, game_cmd,
};
