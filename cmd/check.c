/* check: the integrity of the game file and of its journal's ledgers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "rtables.h"
#include "text.h"

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
	t->first = d != NULL ? d[0].name : NULL;
}

struct folded {
	char name[TEXT_FOLDED];
	const char *unit;
};

static int
by_folding(const void *a, const void *b)
{
	return strcmp(((const struct folded *)a)->name, ((const struct folded *)b)->name);
}

/*
 * Names match regardless of case and accents, so two units whose names
 * fold alike (kept by an older umpire, which let Piré and Pire both in)
 * are a problem: only their exact names tell them apart.  Counts them
 * into *problems; 0 or an exit status, printed.
 */
static int
check_names(struct cmd_ctx *g, struct game *gm, int *problems)
{
	struct folded *f;
	char line[2 * UNIT_NAME + 120];
	int rc, n;

	if ((rc = game_army(g, gm)) != 0)
		return rc;
	if ((n = gm->army.n) < 2)
		return 0;
	if ((f = malloc((size_t)n * sizeof *f)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	for (int i = 0; i < n; i++) {
		f[i].unit = gm->army.u[i].name;
		text_fold(f[i].unit, f[i].name, sizeof f[i].name);
	}
	qsort(f, (size_t)n, sizeof *f, by_folding);
	for (int i = 1; i < n; i++) {
		if (strcmp(f[i - 1].name, f[i].name) != 0)
			continue;
		snprintf(line, sizeof line, "units '%s' and '%s' cannot be told apart by name (names match regardless of case and accents): rename one with umpire unit set NAME --name NEW",
		    f[i - 1].unit, f[i].unit);
		report(g, line);
		(*problems)++;
	}
	free(f);
	return 0;
}

/* A unit that has lost more than it started with (an earlier umpire let
 * unit set lower the start below the losses): a problem each. */
static void
check_losses(struct cmd_ctx *g, const struct game *gm, int *problems)
{
	char line[UNIT_NAME + 160];

	for (int i = 0; gm->rs->roster->keeps.counts_down && i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		if (u->formation || unit_lost(u) <= u->start_strength)
			continue;
		snprintf(line, sizeof line, "unit '%s' has lost %ld %s of the %ld it started with: set its start again (umpire unit set) or take the losses back",
		    u->name, unit_lost(u), gm->rs->measure, u->start_strength);
		report(g, line);
		(*problems)++;
	}
}

static int
check(struct cmd_ctx *g, int argc, char **argv)
{
	const char *counted[UNIT_LEDGERS + 1], *latest[UNIT_LEDGERS + 1];
	struct db_tallies t;
	struct game *gm;
	int problems, more = 0, rc, st;

	(void)argv;
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire check --help')",
		    argv[0]);
	if ((rc = game_get(g, &gm)) != 0)
		return rc;
	tallies_of(gm, counted, latest, &t);
	if ((st = db_check(gm->db, &t, report, g, &problems)) != DB_OK ||
	    (st = db_tables_check(gm->db, gm->rs->name, report, g, &more)) != DB_OK)
		return game_fail(g, gm->db, st);
	problems += more;
	if ((rc = check_names(g, gm, &problems)) != 0)
		return rc;
	check_losses(g, gm, &problems);
	/* (--json: stdout is empty when the exit is not 0, CLI.md) */
	if (g->json && problems == 0)
		fputs("{\"ok\":true,\"problems\":0}\n", g->out);
	else if (problems == 0)
		fputs("ok: the game file and its journal agree\n", g->out);
	return problems ? cmd_error(g, EXIT_IO, "%d problem%s found", problems,
	    problems == 1 ? "" : "s") : 0;
}

const struct cmd_entry cmd_check_entry = {
	"check", "check", "integrity of the game file", CMD_GAME, check,
	"Checks the game file (SQLite integrity, foreign keys, JSON),\n"
	"that every unit's ledgers add up to the effects in its journal, that\n"
	"the state kept for each unit is the journal's, that every effect is\n"
	"linked to its event's units, that every rule table is whole, that no\n"
	"unit has lost more than it started with, and that no two units' names\n"
	"match each other (case and accents aside).\n",
	NULL, NULL,
};
