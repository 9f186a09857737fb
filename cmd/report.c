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
#include "seen.h"
#include "text.h"

#define SIDES 16

struct report {
	struct cmd_ctx *g;
	struct game *gm;
	FILE *f;
	int html;
	long turn;		/* the turn being told */
	struct history h;
	struct viewer viewer;
	struct seen_event seen;
	int failed;		/* reading an event failed (said) */
};

/* Side s's losses at the end of turn t (t = 0: none). */
static long
side_lost(const struct report *r, int s, long t)
{
	return t < 1 ? 0 : r->h.lost[s * (r->h.turns + 1) + t];
}

static void out(struct report *r, const char *s);

/* True when the viewer may count SIDE's losses: its own (fog table), or
 * a count that stands on the table. */
static int
losses_seen(const struct report *r, const char *side)
{
	const struct keeps *k = &r->gm->rs->roster->keeps;

	switch (viewer_side_look(&r->viewer, side)) {
	case LOOK_ALL:
		return 1;
	case LOOK_ACROSS:
		return r->viewer.fog == FOG_TABLE && k->measure_option != NULL &&
		    k->ledgers[0].sight == SIGHT_TABLE;
	default:
		return 0;
	}
}

/* "French lose 12 figures (30 in all); British lose 4 figures (9 in all)". */
static void
turn_losses(struct report *r, long t)
{
	int first = 1;

	fputs(r->html ? "<p class=\"note\">" : "  losses: ", r->f);
	for (int s = 0; s < r->h.nsides; s++) {
		if (!losses_seen(r, r->h.side[s]))
			continue;
		fputs(first ? "" : "; ", r->f);
		out(r, r->h.side[s]);
		fprintf(r->f, " %ld %s this turn, %ld in all",
		    side_lost(r, s, t) - side_lost(r, s, t - 1), r->gm->rs->measure,
		    side_lost(r, s, t));
		first = 0;
	}
	fputs(r->html ? "</p>\n" : "\n", r->f);
}

static void
end_turn(struct report *r)
{
	if (r->turn > 0)
		turn_losses(r, r->turn);
	if (r->turn > 0 && r->html)
		fputs("</ul>\n", r->f);
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
	const char *summary = e->summary, *effects = e->effects;

	if (!viewer_all(&r->viewer)) {
		struct db_event as = { 0 };

		as.id = e->id;
		as.turn = e->turn;
		text_copy(as.summary, sizeof as.summary, e->summary);
		as.advance = e->advance;
		if (seen_event(r->g, r->gm, &r->viewer, &as, &r->seen) != 0) {
			r->failed = 1;
			return 1;
		}
		if (!r->seen.took_part)
			return 0;
		summary = r->seen.line;
		effects = "";
	}
	while (r->turn < e->turn) {
		end_turn(r);
		r->turn++;
		fprintf(r->f, r->html ? "<h2>Turn %ld</h2>\n<ul>\n" : "\nTurn %ld\n", r->turn);
	}
	fputs(r->html ? "<li>" : "  ", r->f);
	fprintf(r->f, "#%lld ", e->id);
	out(r, e->command);
	fputs(": ", r->f);
	if (e->who[0] != '\0') {
		out(r, e->who);
		fputs(": ", r->f);
	}
	out(r, summary);
	if (effects[0] != '\0') {
		fputs(r->html ? " <span class=\"note\">" : "\n      ", r->f);
		out(r, effects);
		if (r->html)
			fputs("</span>", r->f);
	}
	fputs(r->html ? "</li>\n" : "\n", r->f);
	return 0;
}

static int
tell(struct report *r)
{
	int st;

	if (r->html)
		html_head(r->f, "Battle report");
	fputs(r->html ? "<h1>" : "", r->f);
	out(r, r->gm->info.title);
	fprintf(r->f, "%s%s rules: the battle, turn by turn%s\n",
	    r->gm->info.title[0] ? ", " : "", r->gm->rs->name, r->html ? "</h1>" : "");
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK)
		return r->failed ? EXIT_IO : game_fail(r->g, st);
	while (r->turn < r->gm->turn) {
		end_turn(r);
		r->turn++;
		fprintf(r->f, r->html ? "<h2>Turn %ld</h2>\n<ul>\n" : "\nTurn %ld\n", r->turn);
	}
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
	if (rc == 0 && path != NULL)
		fprintf(g->out, "wrote the battle report to %s\n", path);
	html_history_free(&r->h);
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
		    "acted, what it did, and each side's losses by turn.\n", g->out);
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
	if ((rc = game_get(g, &r.gm)) != 0 || (rc = game_army(g, r.gm)) != 0 ||
	    (rc = viewer_of(g, r.gm, &r.viewer)) != 0)
		return rc;
	return report_to(g, &r, path);
}

const struct cmd_entry cmd_report_entry = {
	"report", "report [--html FILE] [--for SIDE]", "the battle turn by turn",
	CMD_GAME | CMD_VIEWS, report,
};
