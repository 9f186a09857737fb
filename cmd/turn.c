/* turn: shows the game's turn; `turn next` advances it (a journal event). */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "help.h"
#include "journal.h"

/* Records the start of the next turn; 0 or a status. */
static int
next_turn(struct cmd_ctx *g, struct game *gm, long long *id)
{
	struct db_record rec;
	char summary[64];
	int st;

	snprintf(summary, sizeof summary, "turn %ld begins", gm->turn + 1);
	if ((st = db_event_next_id(gm->db, id)) != DB_OK)
		return game_fail(g, st);
	memset(&rec, 0, sizeof rec);
	rec.id = *id;
	rec.turn = gm->turn;
	rec.command = "turn";
	rec.args = "[\"turn\",\"next\"]";
	rec.dice = "[]";
	rec.output = "{}";
	rec.summary = summary;
	rec.changes = 1;
	if ((st = db_event_record(gm->db, &rec)) != DB_OK)
		return game_fail(g, st);
	gm->turn++;
	return 0;
}

/* The usage, with the turn dice of the rule sets that roll them. */
static void
help(FILE *out)
{
	const struct ruleset *const *all = ruleset_all();

	fputs("usage: umpire turn [next]\n"
	    "Shows the turn, or advances it (undo takes it back).\n", out);
	for (int i = 0; all[i] != NULL; i++) {
		const struct rule_cmd *c = ruleset_cmd(all[i], "turn");

		if (c != NULL)
			fprintf(out, "       umpire --rules %s turn [OPTIONS] --dice ...   %s\n"
			    "           (see 'umpire turn --rules %s --help')\n",
			    all[i]->name, c->summary, all[i]->name);
	}
}

static int
turn(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	long long id = 0;
	int next = argc == 1 && strcmp(argv[0], "next") == 0, rc;

	if (g->help) {
		const struct ruleset *rs = g->rules != NULL ? ruleset_find(g->rules) : NULL;
		const struct rule_cmd *c = rs != NULL ? ruleset_cmd(rs, "turn") : NULL;
		struct tableset ts = table_stock_set();

		if (c != NULL)
			help_rule_command(g->out, rs, c, &ts);
		else
			help(g->out);
		return EXIT_DONE;
	}
	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "--", 2) == 0)
			return adjudicate_named(g, "turn", argc, argv);
	if (argc > 1 || (argc == 1 && !next))
		return cmd_error(g, EXIT_USAGE, "turn takes nothing, or 'next'");
	if ((rc = game_get_mode(g, next, &gm)) != 0)
		return rc;
	if (next && (rc = next_turn(g, gm, &id)) != 0)
		return rc;
	g->recorded = id;
	if (g->json)
		fprintf(g->out, "{\"turn\":%ld}\n", gm->turn);
	else
		fprintf(g->out, "turn %ld\n", gm->turn);
	return 0;
}

const struct cmd_entry cmd_turn_entry = {
	"turn", "turn [next]", "show or advance the turn", CMD_GAME, turn,
};
