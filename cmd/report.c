/*
 * report: the battle told turn by turn from the journal: each ruling in
 * force with who acted and what it did, and each side's losses in the
 * turn and in all.  As text, or --html FILE (with the sides' charts).
 */
#include <errno.h>
#include <string.h>

#include "html.h"
#include "journal.h"
#include "outfile.h"

#define SIDES 16

/* The report as one JSON object is made in memory up to this size. */
#define REPORT_JSON (1 << 23)

struct report {
	struct cmd_ctx *g;
	struct game *gm;
	FILE *f;
	int html;
	struct jsonw *w;	/* --json: the object being written, else NULL */
	long turn;		/* the turn being told */
	struct history h;
};

/* A side's losses in turn t (t = 0: none). */
static long
side_lost(const struct report *r, const char *side, long t)
{
	long lost = 0;

	if (t < 1)
		return 0;
	for (int i = 0; i < r->gm->army.n; i++)
		if (!r->gm->army.u[i].formation && strcmp(r->gm->army.u[i].side, side) == 0)
			lost += r->h.lost[i * (r->h.turns + 1) + t];
	return lost;
}

static void out(struct report *r, const char *s);

/* True when unit i is the first of its side in the army. */
static int
first_of_side(const struct army *a, int i)
{
	for (int k = 0; k < i; k++)
		if (strcmp(a->u[k].side, a->u[i].side) == 0)
			return 0;
	return 1;
}

/* --json: each side's losses in turn t and in all, as the members
 * {SIDE: {"turn": N, "total": N}} of the turn's "losses". */
static void
json_losses(struct report *r, long t)
{
	const struct army *a = &r->gm->army;

	jsonw_object(r->w, "losses");
	for (int i = 0; i < a->n; i++) {
		const char *side = a->u[i].side;

		if (!first_of_side(a, i))
			continue;
		jsonw_object(r->w, side);
		jsonw_int(r->w, "turn", side_lost(r, side, t) - side_lost(r, side, t - 1));
		jsonw_int(r->w, "total", side_lost(r, side, t));
		jsonw_object_end(r->w);
	}
	jsonw_object_end(r->w);
}

/* "Allies 2 units destroyed this turn, 2 in all; French 0 units destroyed
 * this turn, 0 in all" (the rule set's losses: its measure or the counter
 * it declares the losses). */
static void
turn_losses(struct report *r, long t)
{
	const struct army *a = &r->gm->army;
	int first = 1;

	if (r->w != NULL) {
		json_losses(r, t);
		return;
	}
	fputs(r->html ? "<p class=\"note\">" : "  losses: ", r->f);
	for (int i = 0; i < a->n; i++) {
		const char *side = a->u[i].side;

		if (!first_of_side(a, i))
			continue;
		fputs(first ? "" : "; ", r->f);
		out(r, side);
		fprintf(r->f, " %ld %s this turn, %ld in all",
		    side_lost(r, side, t) - side_lost(r, side, t - 1),
		    ruleset_loss_word(r->gm->rs), side_lost(r, side, t));
		first = 0;
	}
	fputs(r->html ? "</p>\n" : "\n", r->f);
}

static void
end_turn(struct report *r)
{
	if (r->turn > 0 && r->w != NULL)
		jsonw_array_end(r->w);	/* its events */
	if (r->turn > 0)
		turn_losses(r, r->turn);
	if (r->turn > 0 && r->w != NULL)
		jsonw_object_end(r->w);
	if (r->turn > 0 && r->html)
		fputs("</ul>\n", r->f);
}

/* The next turn's heading (--json: its object, its events opened). */
static void
begin_turn(struct report *r)
{
	end_turn(r);
	r->turn++;
	if (r->w != NULL) {
		jsonw_object(r->w, NULL);
		jsonw_int(r->w, "turn", r->turn);
		jsonw_array(r->w, "events");
		return;
	}
	fprintf(r->f, r->html ? "<h2>Turn %ld</h2>\n<ul>\n" : "\nTurn %ld\n", r->turn);
}

/* --json: one ruling as an object of its turn's events. */
static void
json_event(struct report *r, const struct db_report_event *e)
{
	jsonw_object(r->w, NULL);
	jsonw_int(r->w, "id", e->id);
	jsonw_string(r->w, "command", e->command);
	jsonw_string(r->w, "units", e->who);
	jsonw_string(r->w, "summary", e->summary);
	jsonw_string(r->w, "effects", e->effects);
	jsonw_object_end(r->w);
}

/* Text of the game (names, summaries, the title): escaped on a page. */
static void
out(struct report *r, const char *s)
{
	if (r->html)
		html_esc(r->f, s);
	else
		fputs(s, r->f);
}

static int
one(void *ctx, const struct db_report_event *e)
{
	struct report *r = ctx;

	while (r->turn < e->turn)
		begin_turn(r);
	if (r->w != NULL) {
		json_event(r, e);
		return 0;
	}
	fputs(r->html ? "<li>" : "  ", r->f);
	fprintf(r->f, "#%lld ", e->id);
	out(r, e->command);
	fputs(": ", r->f);
	if (e->who[0] != '\0') {
		out(r, e->who);
		fputs(": ", r->f);
	}
	out(r, e->summary);
	if (e->effects[0] != '\0') {
		fputs(r->html ? " <span class=\"note\">" : "\n      ", r->f);
		out(r, e->effects);
		if (r->html)
			fputs("</span>", r->f);
	}
	fputs(r->html ? "</li>\n" : "\n", r->f);
	return 0;
}

/* --json: the report as one object, {"rules", "title", "turn",
 * "losses_measure", "turns": [{"turn", "events": [...], "losses"}]}. */
static int
tell_json(struct report *r)
{
	struct jsonw w;
	char *buf = malloc(REPORT_JSON);
	int st, rc;

	if (buf == NULL)
		return cmd_error(r->g, EXIT_BUG, "out of memory");
	r->w = &w;
	jsonw_init(&w, buf, REPORT_JSON);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", r->gm->rs->name);
	jsonw_string(&w, "title", r->gm->info.title);
	jsonw_int(&w, "turn", r->gm->turn);
	jsonw_string(&w, "losses_measure", ruleset_loss_word(r->gm->rs));
	jsonw_array(&w, "turns");
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK) {
		free(buf);
		return game_fail(r->g, st);
	}
	while (r->turn < r->gm->turn)
		begin_turn(r);
	end_turn(r);
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	rc = cmd_print_json(r->g, &w, "the report is too long for one JSON object");
	free(buf);
	return rc;
}

static int
tell(struct report *r)
{
	int st;

	if (r->g->json && !r->html)
		return tell_json(r);
	if (r->html)
		html_head(r->f, "Battle report");
	fputs(r->html ? "<h1>" : "", r->f);
	out(r, r->gm->info.title);
	fprintf(r->f, "%s%s rules: the battle, turn by turn%s\n",
	    r->gm->info.title[0] ? ", " : "", r->gm->rs->name, r->html ? "</h1>" : "");
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK)
		return game_fail(r->g, st);
	while (r->turn < r->gm->turn)
		begin_turn(r);
	end_turn(r);
	if (r->html)
		html_tail(r->f);
	return 0;
}

/* Tells the battle to r->f (the page, or the output). */
static int
report_to(struct cmd_ctx *g, struct report *r, const char *path)
{
	struct outfile of = { NULL, NULL, "" };
	int rc;

	if ((rc = game_army(g, r->gm)) != 0 || (rc = html_history(g, r->gm, &r->h)) != 0)
		return rc;
	if (path != NULL && (rc = outfile_open(g, path, &of)) == 0)
		r->f = of.f;
	if (rc == 0)
		rc = tell(r);
	if (path != NULL)
		rc = outfile_close(g, &of, rc);
	if (rc == 0 && path != NULL && g->json)
		print_json_pair(g, "wrote", path);
	else if (rc == 0 && path != NULL)
		fprintf(g->out, "wrote the battle report to %s\n", path);
	free(r->h.lost);
	return rc;
}

static int
report(struct cmd_ctx *g, int argc, char **argv)
{
	struct report r;
	const char *path = NULL;
	int rc;

	if (g->help) {
		fputs("usage: umpire report [--html FILE]\n"
		    "The battle turn by turn from the journal: every ruling in force, who\n"
		    "acted, what it did, and each side's losses by turn (--json: one\n"
		    "object, its turns each with their events and each side's losses).\n", g->out);
		return EXIT_DONE;
	}
	if (argc == 2 && strcmp(argv[0], "--html") == 0)
		path = argv[1];
	else if (argc != 0)
		return cmd_error(g, EXIT_USAGE, "report takes nothing, or --html FILE");
	memset(&r, 0, sizeof r);
	r.g = g;
	r.html = path != NULL;
	r.f = g->out;
	if ((rc = game_get(g, &r.gm)) != 0)
		return rc;
	return report_to(g, &r, path);
}

const struct cmd_entry cmd_report_entry = {
	"report", "report [--html FILE]", "the battle turn by turn", CMD_GAME, report,
};
