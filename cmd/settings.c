/*
 * game: the game's settings.  `umpire game` shows them (rule set, title,
 * fog level, turn, the rule set's options); `game --fog LEVEL` and `game
 * --title TEXT` change them.  A setting is not a ruling: it is not in the
 * journal and undo does not take it back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "campaign.h"
#include "game.h"
#include "jsonw.h"
#include "text.h"

const struct input_decl cmd_game_inputs[] = {
	{ "fog", IN_CHOICE, "open|table|hidden", 0, 0, "open|table|hidden", NULL, NULL,
	  "what each side may know (CLI.md): everything, what stands on the table, or counts only as words", 0 },
	{ "title", IN_TEXT, "TEXT", 0, 0, NULL, NULL, NULL, "the game's title", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The campaign's earlier battles, oldest first, as "campaign": [{"title",
 * "turns", "losses": {SIDE: N}}] (CLI.md "A campaign"). */
static void
json_campaign(struct jsonw *w, const struct db_battle *b, int n)
{
	jsonw_array(w, "campaign");
	for (int i = 0; i < n; i++) {
		jsonw_object(w, NULL);
		jsonw_string(w, "title", b[i].title);
		jsonw_int(w, "turns", b[i].turns);
		jsonw_object(w, "losses");
		for (int s = 0; s < b[i].nsides; s++)
			jsonw_int(w, b[i].side[s].side, b[i].side[s].losses);
		jsonw_object_end(w);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The settings as one JSON object. */
static int
print_json(struct cmd_ctx *g, const struct game *gm, const struct db_battle *b, int n)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", gm->rs->name);
	jsonw_string(&w, "title", gm->info.title);
	jsonw_string(&w, "fog", gm->info.fog);
	jsonw_int(&w, "turn", gm->turn);
	jsonw_raw(&w, "options", gm->info.options);
	json_campaign(&w, b, n);
	jsonw_object_end(&w);
	return cmd_print_json(g, &w);
}

/* The settings, and a campaign's earlier battles a line each ("  1.
 * 'Saturday', 4 turns: British 12 figures; French 30 figures"). */
static void
print_text(struct cmd_ctx *g, const struct game *gm, const struct db_battle *b, int n)
{
	fprintf(g->out, "rules: %s (%s)\ntitle: %s\nfog: %s\nturn: %ld\noptions: %s\n",
	    gm->rs->name, gm->rs->title, gm->info.title[0] ? gm->info.title : "(none)",
	    gm->info.fog, gm->turn, gm->info.options);
	if (n == 0)
		return;
	fprintf(g->out, "campaign: battle %d, after\n", n + 1);
	for (int i = 0; i < n; i++) {
		fprintf(g->out, "  %d. %s%s%s, %ld turn%s:", i + 1, b[i].title[0] ? "'" : "",
		    b[i].title[0] ? b[i].title : "(untitled)", b[i].title[0] ? "'" : "",
		    b[i].turns, b[i].turns == 1 ? "" : "s");
		for (int s = 0; s < b[i].nsides; s++)
			fprintf(g->out, "%s %s %ld %s", s > 0 ? ";" : "", b[i].side[s].side,
			    b[i].side[s].losses, ruleset_loss_words(gm->rs, b[i].side[s].losses));
		fputc('\n', g->out);
	}
}

/* `game` shows the game's settings; `game --fog|--title` changes them. */
static const struct cmd_sub game_forms[] = {
	{ "show", CMD_GAME, NULL },
	{ "change", CMD_WRITES, NULL },
	{ NULL, 0, NULL },
};

static int
settings(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct db_battle *b = NULL;
	struct game *gm;
	int rc, st, change, n;

	if ((rc = inputs_parse_command(in, "game", cmd_game_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire game --help')",
		    in->pos[0]);
	change = in_given(in, "fog") || in_given(in, "title");
	if ((rc = cmd_form(g, game_forms, change ? "change" : "show")) != 0 ||
	    (rc = game_get(g, &gm)) != 0)
		return rc;
	if (change) {
		if (in_given(in, "fog"))
			text_copy(gm->info.fog, sizeof gm->info.fog, in_text(in, "fog"));
		if (in_given(in, "title"))
			text_copy(gm->info.title, sizeof gm->info.title, in_text(in, "title"));
		if ((st = db_game_set(gm->db, gm->info.title, gm->info.fog)) != DB_OK)
			return game_fail(g, gm->db, st);
	}
	if ((rc = campaign_battles(g, gm, &b, &n)) != 0)
		return rc;
	if (g->json)
		rc = print_json(g, gm, b, n);
	else
		print_text(g, gm, b, n);
	free(b);
	return rc;
}

static int
game_cmd(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = settings(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_game_entry = {
	"game", "game [--fog open|table|hidden] [--title TEXT]", "the game's settings (fog, title)",
	CMD_GAME, game_cmd,
	"The game's settings: without options, shows them.  --fog sets what each\n"
	"side may know (see 'umpire sheet --help', --for SIDE); a setting, not a\n"
	"ruling, so undo does not take it back.\n",
	cmd_game_inputs, NULL,
};
