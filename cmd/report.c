/*
 * report: the battle told turn by turn from the journal: each ruling in
 * force with who acted and what it did, and each side's losses in the
 * turn and in all.  As text, or --html FILE (with the sides' charts).
 */
#include <errno.h>
#include <string.h>

#include "html.h"
#include "journal.h"

#define SIDES 16

struct report {
	const struct global *g;
	struct game *gm;
	FILE *f;
	int html;
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

/* "French lose 12 figures (30 in all); British lose 4 figures (9 in all)". */
static void
turn_losses(struct report *r, long t)
{
	const struct army *a = &r->gm->army;
	int first = 1;

	fputs(r->html ? "<p class=\"note\">" : "  losses: ", r->f);
	for (int i = 0; i < a->n; i++) {
		const char *side = a->u[i].side;
		int seen = 0;

		for (int k = 0; k < i && !seen; k++)
			seen = strcmp(a->u[k].side, side) == 0;
		if (seen)
			continue;
		fprintf(r->f, "%s%s %ld %s this turn, %ld in all", first ? "" : "; ", side,
		    side_lost(r, side, t) - side_lost(r, side, t - 1), r->gm->rs->measure,
		    side_lost(r, side, t));
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

static void
out(struct report *r, const char *s)
{
	if (!r->html) {
		fputs(s, r->f);
		return;
	}
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&': fputs("&amp;", r->f); break;
		case '<': fputs("&lt;", r->f); break;
		case '>': fputs("&gt;", r->f); break;
		default: fputc(*s, r->f);
		}
}

static int
one(void *ctx, const struct db_report_event *e)
{
	struct report *r = ctx;

	while (r->turn < e->turn) {
		end_turn(r);
		r->turn++;
		fprintf(r->f, r->html ? "<h2>Turn %ld</h2>\n<ul>\n" : "\nTurn %ld\n", r->turn);
	}
	fputs(r->html ? "<li>" : "  ", r->f);
	fprintf(r->f, "#%lld %s: ", e->id, e->command);
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

static int
tell(struct report *r)
{
	int st;

	if (r->html)
		html_head(r->f, "Battle report");
	fprintf(r->f, r->html ? "<h1>%s%s%s rules: the battle, turn by turn</h1>\n" :
	    "%s%s%s rules: the battle, turn by turn\n", r->gm->info.title,
	    r->gm->info.title[0] ? ", " : "", r->gm->rs->name);
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK)
		return game_fail(r->g, st);
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

static int
report(struct global *g, int argc, char **argv)
{
	struct game gm;
	struct report r;
	const char *path = NULL;
	int rc;

	if (g->help) {
		puts("usage: umpire report [--html FILE]\n"
		    "The battle turn by turn from the journal: every ruling in force, who\n"
		    "acted, what it did, and each side's losses by turn.");
		return EXIT_DONE;
	}
	if (argc == 2 && strcmp(argv[0], "--html") == 0)
		path = argv[1];
	else if (argc != 0)
		return cmd_error(g, EXIT_USAGE, "report takes nothing, or --html FILE");
	if ((rc = game_open(g, 0, &gm)) != 0)
		return rc;
	memset(&r, 0, sizeof r);
	r.g = g;
	r.gm = &gm;
	r.html = path != NULL;
	r.f = stdout;
	if ((rc = game_army(g, &gm)) != 0 || (rc = html_history(g, &gm, &r.h)) != 0)
		return game_close(g, &gm, rc);
	if (path != NULL && (r.f = fopen(path, "w")) == NULL)
		rc = cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path, strerror(errno));
	if (rc == 0)
		rc = tell(&r);
	if (path != NULL && r.f != NULL && fclose(r.f) != 0 && rc == 0)
		rc = cmd_error(g, EXIT_IO, "cannot write '%s': %s", path, strerror(errno));
	if (rc == 0 && path != NULL)
		printf("wrote the battle report to %s\n", path);
	free(r.h.lost);
	return game_close(g, &gm, rc);
}

const struct cmd_entry cmd_report_entry = {
	"report", "report [--html FILE]", "the battle turn by turn", 0, report,
};
