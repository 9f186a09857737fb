/* turn: shows the game's turn; `turn next` advances it (a journal event). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "help.h"
#include "journal.h"
#include "keep.h"
#include "text.h"

/* What the turn's end clears: every flag its rule set declares for the
 * turn only (squares: moved, bombarded), whoever set it. */
struct turn_end {
	struct ruling_units ru;
	struct ruling_effects fx;
	struct result r;
};

static int
clear_turn_flags(struct cmd_ctx *g, struct game *gm, struct turn_end *t)
{
	const struct roster *ro = gm->rs->roster;
	struct keeper k = { ro, &gm->ts, &t->ru, &t->fx, &t->r, 0 };
	int rc;

	if ((rc = game_army(g, gm)) != 0)
		return rc;
	t->ru.army = &gm->army;
	t->ru.turn = gm->turn;
	for (int i = 0; i < gm->army.n; i++) {
		struct unit *u = &gm->army.u[i];

		for (int f = 0; f < u->nflags; f++) {
			const struct word_decl *d = keeps_word(ro->keeps.flags, u->flags[f]);
			char flag[UNIT_WORD];
			int ui;

			if (d == NULL || !d->turn_clears || !unit_flag_in_force(u, f))
				continue;
			/* Clearing it takes it out of u->flags: f is looked at again. */
			text_copy(flag, sizeof flag, u->flags[f--]);
			if ((ui = ruling_enlist(&t->ru, u, "unit", &t->fx)) >= 0)
				keep_flag(&k, ui, flag, 0, 0);
		}
	}
	if (t->fx.no_memory)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (t->r.failed)
		return cmd_error(g, EXIT_BUG, "the turn's end is too large to record");
	return 0;
}

/* Records the start of the next turn, with what the turn's end clears;
 * 0 or a status. */
static int
next_turn(struct cmd_ctx *g, struct game *gm, long long *id)
{
	struct turn_end *t = calloc(1, sizeof *t);
	struct db_record rec;
	char summary[64];
	int rc, st;

	if (t == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	result_init(&t->r);
	snprintf(summary, sizeof summary, "turn %ld begins", gm->turn + 1);
	if ((rc = clear_turn_flags(g, gm, t)) == 0 &&
	    (st = db_event_next_id(gm->db, id)) != DB_OK)
		rc = game_fail(g, st);
	if (rc == 0) {
		memset(&rec, 0, sizeof rec);
		rec.id = *id;
		rec.turn = gm->turn;
		rec.command = "turn";
		rec.args = "[\"turn\",\"next\"]";
		rec.dice = "[]";
		rec.output = "{}";
		rec.summary = summary;
		rec.changes = 1;
		rc = game_journal(g, gm, &rec, &t->ru, &t->fx);
	}
	ruling_units_free(&t->ru);
	ruling_effects_free(&t->fx);
	result_free(&t->r);
	free(t);
	if (rc == 0)
		gm->turn++;
	return rc;
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
	if (g->json && next)
		fprintf(g->out, "{\"turn\":%ld,\"event\":%lld}\n", gm->turn, id);
	else if (g->json)
		fprintf(g->out, "{\"turn\":%ld}\n", gm->turn);
	else
		fprintf(g->out, "turn %ld\n", gm->turn);
	return 0;
}

const struct cmd_entry cmd_turn_entry = {
	"turn", "turn [next]", "show or advance the turn", CMD_GAME, turn,
};
