/* check: the integrity of the game file and of its journal's ledgers. */
#include "game.h"
#include "journal.h"
#include "rtables.h"

static void
report(void *ctx, const char *problem)
{
	int *json = ctx;

	if (!*json)
		printf("problem: %s\n", problem);
}

static int
check(struct global *g, int argc, char **argv)
{
	struct game gm;
	int json = g->json, problems, more = 0, rc, st;

	(void)argv;
	if (g->help) {
		puts("usage: umpire check\nChecks the game file (SQLite integrity, foreign keys, JSON),\n"
		    "that every unit's ledgers add up to the effects in its journal, that\n"
		    "the state kept for each unit is the journal's, that every effect is\n"
		    "linked to its event's units, and that every rule table is whole.");
		return EXIT_DONE;
	}
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "check takes no arguments");
	if ((rc = game_open(g, 0, &gm)) != 0)
		return rc;
	if ((st = db_check(gm.db, report, &json, &problems)) != DB_OK ||
	    (st = db_tables_check(gm.db, gm.rs->name, report, &json, &more)) != DB_OK)
		return game_close(g, &gm, game_fail(g, st));
	problems += more;
	if (json)
		printf("{\"ok\":%s,\"problems\":%d}\n", problems ? "false" : "true", problems);
	else if (problems == 0)
		printf("ok: the game file and its journal agree\n");
	rc = problems ? cmd_error(g, EXIT_IO, "%d problem%s found", problems,
	    problems == 1 ? "" : "s") : 0;
	return game_close(g, &gm, rc);
}

const struct cmd_entry cmd_check_entry = {
	"check", "check", "integrity of the game file", 0, check,
};
