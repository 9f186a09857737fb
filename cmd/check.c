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

/* How the check chains each of the rule set's ledgers, from its
 * declaration. */
static void
tallies_of(const struct game *gm, const char **counted, const char **latest,
    struct db_tallies *t)
{
	const struct ledger_decl *d = gm->rs->roster->keeps.ledgers;
	int nc = 0, nl = 0;

	for (int i = 0; d != NULL && d[i].name != NULL && i < UNIT_LEDGERS; i++)
		if (d[i].tally == TALLY_COUNT)
			counted[nc++] = d[i].name;
		else if (d[i].tally == TALLY_LATEST)
			latest[nl++] = d[i].name;
	counted[nc] = latest[nl] = NULL;
	t->counted = counted;
	t->latest = latest;
}

static int
check(struct cmd_ctx *g, int argc, char **argv)
{
	const char *counted[UNIT_LEDGERS + 1], *latest[UNIT_LEDGERS + 1];
	struct db_tallies t;
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
	tallies_of(gm, counted, latest, &t);
	if ((st = db_check(gm->db, &t, report, g, &problems)) != DB_OK ||
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
