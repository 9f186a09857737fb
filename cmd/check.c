/* check: the integrity of the game file and of its journal's ledgers. */
#include "game.h"
#include "journal.h"
#include "rtables.h"

static void
report(void *ctx, const char *problem)
{
	struct cmd_ctx *g = ctx;

	if (!g->json)
		fprintf(g->out, "problem: %s\n", problem);
}

static int
check(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	int problems, more = 0, rc, st;

	(void)argv;
	if (g->help) {
		fputs("usage: umpire check\nChecks the game file (SQLite integrity, foreign keys, JSON),\n"
		    "that every unit's ledgers add up to the effects in its journal, that\n"
		    "the state kept for each unit is the journal's, that every effect is\n"
		    "linked to its event's units, and that every rule table is whole.\n", g->out);
		return EXIT_DONE;
	}
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "check takes no arguments");
	if ((rc = game_get(g, &gm)) != 0)
		return rc;
	if ((st = db_check(gm->db, report, g, &problems)) != DB_OK ||
	    (st = db_tables_check(gm->db, gm->rs->name, report, g, &more)) != DB_OK)
		return game_fail(g, st);
	problems += more;
	if (g->json)
		fprintf(g->out, "{\"ok\":%s,\"problems\":%d}\n", problems ? "false" : "true",
		    problems);
	else if (problems == 0)
		fputs("ok: the game file and its journal agree\n", g->out);
	return problems ? cmd_error(g, EXIT_IO, "%d problem%s found", problems,
	    problems == 1 ? "" : "s") : 0;
}

const struct cmd_entry cmd_check_entry = {
	"check", "check", "integrity of the game file", CMD_GAME, check,
};
