/* turn: shows the game's turn; `turn next` advances it (a journal event). */
#include <string.h>

#include "game.h"
#include "journal.h"

static int
turn(struct global *g, int argc, char **argv)
{
	struct game gm;
	char summary[64], args[64];
	long long id;
	int next = argc == 1 && strcmp(argv[0], "next") == 0, rc, st;

	if (g->help) {
		puts("usage: umpire turn [next]\n"
		    "       umpire --rules squares turn --action-dice --commands N --dice ...\n"
		    "       umpire --rules squares turn --dice-off dA,dB --dice X,Y\n"
		    "Shows the turn, or advances it (undo takes it back); squares: the\n"
		    "turn's action dice and the generals' dice-off.");
		return EXIT_DONE;
	}
	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "--", 2) == 0)
			return adjudicate_named(g, "turn", argc, argv);
	if (argc > 1 || (argc == 1 && !next))
		return cmd_error(g, EXIT_USAGE, "turn takes nothing, or 'next'");
	if ((rc = game_open(g, next, &gm)) != 0)
		return rc;
	if (next) {
		snprintf(summary, sizeof summary, "turn %ld begins", gm.turn + 1);
		snprintf(args, sizeof args, "[\"turn\",\"next\"]");
		if ((st = db_event_add(gm.db, gm.turn, "turn", args, summary, &id)) != DB_OK ||
		    (st = db_event_finish(gm.db, id, "[]", "{}")) != DB_OK)
			return game_close(g, &gm, game_fail(g, st));
		gm.turn++;
	}
	if (g->json)
		printf("{\"turn\":%ld}\n", gm.turn);
	else
		printf("turn %ld\n", gm.turn);
	return game_close(g, &gm, 0);
}

const struct cmd_entry cmd_turn_entry = {
	"turn", "turn [next]", "show or advance the turn", 0, turn,
};
