/*
 * report: the battle told turn by turn from the journal: each ruling in
 * force with who acted and what it did, and each side's losses in the
 * turn and in all.  As text, or --html FILE (with the sides' charts).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "campaign.h"
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
	struct jsonw *w;	/* --json: the object being written, else NULL */
	long turn;		/* the turn being told */
	struct history h;
	struct viewer viewer;
	struct seen_log numbers;	/* a side's: its log's own numbers */
	struct seen_event seen;
	int failed;		/* reading an event failed (said) */
};

/* Side s's losses at the end of turn t (t = 0: none).  A turn past the
 * game's (a ruling that changed nothing, made in a turn whose start was
 * then undone) has lost nothing more. */
static long
side_lost(const struct report *r, int s, long t)
{
	if (t > r->h.turns)
		t = r->h.turns;
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

/* --json: each side's losses in turn t and in all, as the members
 * {SIDE: {"turn": N, "total": N}} of the turn's "losses". */
static void
json_losses(struct report *r, long t)
{
	jsonw_object(r->w, "losses");
	for (int s = 0; s < r->h.nsides; s++) {
		if (!losses_seen(r, r->h.side[s]))
			continue;
		jsonw_object(r->w, r->h.side[s]);
		jsonw_int(r->w, "turn", side_lost(r, s, t) - side_lost(r, s, t - 1));
		jsonw_int(r->w, "total", side_lost(r, s, t));
		jsonw_object_end(r->w);
	}
	jsonw_object_end(r->w);
}

/* True when the viewer may count some side's losses. */
static int
any_losses_seen(const struct report *r)
{
	for (int s = 0; s < r->h.nsides; s++)
		if (losses_seen(r, r->h.side[s]))
			return 1;
	return 0;
}

/* "Allies 2 units destroyed this turn, 2 in all; French 0 units destroyed
 * this turn, 0 in all" (the rule set's losses: its measure or the counter
 * it declares the losses). */
static void
turn_losses(struct report *r, long t)
{
	int first = 1;

	if (r->w != NULL) {
		json_losses(r, t);
		return;
	}
	if (!any_losses_seen(r))
		return;		/* (fog hidden: no side's losses are counted) */
	fputs(r->html ? "<p class=\"note\">" : "  losses: ", r->f);
	for (int s = 0; s < r->h.nsides; s++) {
		if (!losses_seen(r, r->h.side[s]))
			continue;
		fputs(first ? "" : "; ", r->f);
		out(r, r->h.side[s]);
		fprintf(r->f, " %ld %s this turn, %ld in all",
		    side_lost(r, s, t) - side_lost(r, s, t - 1),
		    ruleset_loss_words(r->gm->rs, side_lost(r, s, t) - side_lost(r, s, t - 1)),
		    side_lost(r, s, t));
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

/* --json: one ruling as an object of its turn's events (its summary and
 * effects as the viewer reads them). */
static void
json_event(struct report *r, const struct db_report_event *e, const char *summary,
    const char *effects)
{
	jsonw_object(r->w, NULL);
	jsonw_int(r->w, "id", seen_log_number(&r->viewer, &r->numbers, e->id));
	jsonw_string(r->w, "command", e->command);
	jsonw_string(r->w, "units", e->who);
	jsonw_string(r->w, "summary", summary);
	jsonw_string(r->w, "effects", effects);
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
	const char *summary = e->summary, *effects = e->effects;

	if (!viewer_all(&r->viewer)) {
		struct db_event as = { 0 };

		as.id = e->id;
		as.turn = e->turn;
		as.summary = e->summary;
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
	while (r->turn < e->turn)
		begin_turn(r);
	if (r->w != NULL) {
		json_event(r, e, summary, effects);
		return 0;
	}
	fputs(r->html ? "<li>" : "  ", r->f);
	fprintf(r->f, "#%lld ", seen_log_number(&r->viewer, &r->numbers, e->id));
	out(r, e->command);
	fputs(": ", r->f);
	if (game_event_who(e->who, e->advance)[0] != '\0') {
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

/* ---- the campaign so far ------------------------------------------------ */

/* The campaign as the report ends with it: the earlier battles the game
 * keeps, this one as it stands (the last), and each side's total. */
struct campaign {
	struct db_battle *b;	/* n battles: the earlier ones, then this */
	int n;
	struct db_battle all;	/* the sides of every battle, in the order
				 * they first fought: their totals, and the
				 * start of the first they fought */
};

/* How a viewer knows a side's losses in the campaign (CLI.md "What each
 * side may know"): as the report counts a battle's, else as a band word
 * (its own side at fog hidden; the enemy's where the count is seen
 * across the table at all), else not. */
enum known { KNOWN_COUNT, KNOWN_BAND, KNOWN_NOT };

static enum known
known(const struct report *r, const char *side)
{
	const struct keeps *k = &r->gm->rs->roster->keeps;
	const struct counter_decl *c = roster_loss_counter(r->gm->rs->roster);
	enum sight sight = c != NULL ? c->sight : k->measure_option != NULL ?
	    k->ledgers[0].sight : SIGHT_UMPIRE;

	if (losses_seen(r, side))
		return KNOWN_COUNT;
	switch (viewer_side_look(&r->viewer, side)) {
	case LOOK_REPORTED:
		return KNOWN_BAND;
	case LOOK_ACROSS:
		return sight != SIGHT_UMPIRE ? KNOWN_BAND : KNOWN_NOT;
	default:
		return KNOWN_NOT;
	}
}

/* Adds side S of battle b to the campaign's totals; -1 when they would
 * count more sides than a campaign keeps. */
static int
add_total(struct db_battle *all, const struct db_battle_side *s)
{
	int i = 0;

	while (i < all->nsides && strcmp(all->side[i].side, s->side) != 0)
		i++;
	if (i == all->nsides) {
		if (all->nsides == DB_BATTLE_SIDES)
			return -1;
		all->nsides++;
		all->side[i] = *s;
		return 0;
	}
	all->side[i].losses += s->losses;
	return 0;
}

static int
too_many_sides(struct report *r)
{
	return cmd_error(r->g, EXIT_DATA, "the campaign has more than %d sides: a campaign keeps no more",
	    DB_BATTLE_SIDES);
}

/* The campaign so far: the earlier battles, this one from the history
 * (each side's losses at its last turn), the totals.  0 or the status,
 * printed; c->n is 0 for a game that is no campaign's later battle. */
static int
campaign_read(struct report *r, struct campaign *c)
{
	struct db_battle *b, *now;
	int rc;

	memset(c, 0, sizeof *c);
	if ((rc = campaign_battles(r->g, r->gm, &c->b, &c->n)) != 0 || c->n == 0)
		return rc;
	if ((b = realloc(c->b, (size_t)(c->n + 1) * sizeof *b)) == NULL)
		return cmd_error(r->g, EXIT_BUG, "out of memory");
	c->b = b;
	if (r->h.nsides > DB_BATTLE_SIDES)
		return too_many_sides(r);
	now = &b[c->n++];
	memset(now, 0, sizeof *now);
	text_copy(now->title, sizeof now->title, r->gm->info.title);
	now->turns = r->gm->turn;
	for (int s = 0; s < r->h.nsides; s++) {
		text_copy(now->side[s].side, sizeof now->side[s].side, r->h.side[s]);
		now->side[s].losses = side_lost(r, s, r->h.turns);
		now->side[s].start = r->h.start[s];
		now->nsides++;
	}
	for (int i = 0; i < c->n; i++)
		for (int s = 0; s < b[i].nsides; s++)
			if (add_total(&c->all, &b[i].side[s]) != 0)
				return too_many_sides(r);
	return 0;
}

/* A side's losses LOST of START as the viewer knows them, into buf:
 * "12 figures", a band word, or "" (not known). */
static const char *
side_known(const struct report *r, const struct db_battle_side *s, char *buf, size_t n)
{
	switch (known(r, s->side)) {
	case KNOWN_COUNT:
		snprintf(buf, n, "%ld %s", s->losses, ruleset_loss_words(r->gm->rs, s->losses));
		break;
	case KNOWN_BAND:
		text_copy(buf, n, view_band(r->gm, s->losses, s->start));
		break;
	default:
		buf[0] = '\0';
	}
	return buf;
}

/* --json: a battle's losses, {SIDE: N or a band word}, a side not known
 * left out. */
static void
json_sides(struct report *r, const char *key, const struct db_battle *b)
{
	jsonw_object(r->w, key);
	for (int s = 0; s < b->nsides; s++)
		switch (known(r, b->side[s].side)) {
		case KNOWN_COUNT:
			jsonw_int(r->w, b->side[s].side, b->side[s].losses);
			break;
		case KNOWN_BAND:
			jsonw_string(r->w, b->side[s].side,
			    view_band(r->gm, b->side[s].losses, b->side[s].start));
			break;
		default:
			break;
		}
	jsonw_object_end(r->w);
}

/* --json: "campaign": {"battles": [{"battle", "title", "turns", "losses",
 * "this"}...], "totals": {SIDE: ...}}. */
static void
json_campaign(struct report *r, const struct campaign *c)
{
	jsonw_object(r->w, "campaign");
	jsonw_array(r->w, "battles");
	for (int i = 0; i < c->n; i++) {
		jsonw_object(r->w, NULL);
		jsonw_int(r->w, "battle", i + 1);
		jsonw_string(r->w, "title", c->b[i].title);
		jsonw_int(r->w, "turns", c->b[i].turns);
		json_sides(r, "losses", &c->b[i]);
		jsonw_bool(r->w, "this", i == c->n - 1);
		jsonw_object_end(r->w);
	}
	jsonw_array_end(r->w);
	json_sides(r, "totals", &c->all);
	jsonw_object_end(r->w);
}

/* A battle's losses on a line: "British: 12 figures; French: heavy
 * losses". */
static void
text_sides(struct report *r, const struct db_battle *b)
{
	char buf[128];
	int first = 1;

	for (int s = 0; s < b->nsides; s++) {
		if (side_known(r, &b->side[s], buf, sizeof buf)[0] == '\0')
			continue;
		fputs(first ? " " : "; ", r->f);
		out(r, b->side[s].side);
		fputs(": ", r->f);
		out(r, buf);
		first = 0;
	}
}

/* "  2. 'Sunday', 3 turns: British: 4 figures; French: 2 figures", this
 * battle's marked so. */
static void
text_battle(struct report *r, const struct db_battle *b, int i, int last)
{
	fprintf(r->f, "  %d. ", i + 1);
	if (b->title[0] != '\0') {
		fputs("'", r->f);
		out(r, b->title);
		fputs("', ", r->f);
	} else if (!last) {
		fputs("(untitled), ", r->f);
	}
	fprintf(r->f, "%s%ld turn%s%s:", last ? "this battle, " : "", b->turns,
	    b->turns == 1 ? "" : "s", last ? " so far" : "");
	text_sides(r, b);
	fputc('\n', r->f);
}

/* The page's table: a row a battle, a column a side, and the totals. */
static void
html_campaign(struct report *r, const struct campaign *c)
{
	char buf[128];

	fputs("<h2>The campaign so far</h2>\n<table class=\"campaign\">\n"
	    "<thead><tr><th>battle</th><th>turns</th>", r->f);
	for (int s = 0; s < c->all.nsides; s++) {
		fputs("<th>", r->f);
		out(r, c->all.side[s].side);
		fputs("</th>", r->f);
	}
	fputs("</tr></thead>\n<tbody>\n", r->f);
	for (int i = 0; i < c->n; i++) {
		fprintf(r->f, "<tr><td>%d. ", i + 1);
		out(r, c->b[i].title);
		fprintf(r->f, "%s</td><td>%ld</td>", i == c->n - 1 ? " (this battle)" : "",
		    c->b[i].turns);
		for (int s = 0; s < c->all.nsides; s++) {
			const struct db_battle_side *bs = NULL;

			for (int k = 0; k < c->b[i].nsides; k++)
				if (strcmp(c->b[i].side[k].side, c->all.side[s].side) == 0)
					bs = &c->b[i].side[k];
			fputs("<td>", r->f);
			if (bs != NULL)
				out(r, side_known(r, bs, buf, sizeof buf));
			fputs("</td>", r->f);
		}
		fputs("</tr>\n", r->f);
	}
	fputs("<tr class=\"total\"><td>in all</td><td></td>", r->f);
	for (int s = 0; s < c->all.nsides; s++) {
		fputs("<td>", r->f);
		out(r, side_known(r, &c->all.side[s], buf, sizeof buf));
		fputs("</td>", r->f);
	}
	fputs("</tr>\n</tbody></table>\n", r->f);
}

/* The report's end in a campaign's later battle: each battle's losses per
 * side and the campaign's totals, as the viewer may know them. */
static int
tell_campaign(struct report *r)
{
	struct campaign c;
	int rc;

	if ((rc = campaign_read(r, &c)) != 0 || c.n == 0) {
		free(c.b);
		return rc;
	}
	if (r->w != NULL)
		json_campaign(r, &c);
	else if (r->html)
		html_campaign(r, &c);
	else {
		fputs("\nThe campaign so far\n", r->f);
		for (int i = 0; i < c.n; i++)
			text_battle(r, &c.b[i], i, i == c.n - 1);
		fputs("  in all:", r->f);
		text_sides(r, &c.all);
		fputc('\n', r->f);
	}
	free(c.b);
	return 0;
}

/* --json: the report as one object, {"rules", "title", "turn",
 * "losses_measure", "turns": [{"turn", "events": [...], "losses"}]}. */
static int
tell_json(struct report *r)
{
	struct jsonw w;
	int st, rc;

	r->w = &w;
	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", r->gm->rs->name);
	jsonw_string(&w, "title", r->gm->info.title);
	jsonw_int(&w, "turn", r->gm->turn);
	jsonw_string(&w, "losses_measure", ruleset_loss_word(r->gm->rs));
	jsonw_array(&w, "turns");
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK) {
		jsonw_free(&w);
		return r->failed ? EXIT_IO : game_fail(r->g, r->gm->db, st);
	}
	while (r->turn < r->gm->turn)
		begin_turn(r);
	end_turn(r);
	jsonw_array_end(&w);
	if ((rc = tell_campaign(r)) != 0) {
		jsonw_free(&w);
		return rc;
	}
	jsonw_object_end(&w);
	return cmd_print_json(r->g, &w);
}

/* The page's charts: each side's losses by turn, as the sheet draws
 * them, for the sides whose losses the viewer may count. */
static void
charts(struct report *r)
{
	long most = 0;

	/* one y scale for them all: the top of the heaviest loser's */
	for (int s = 0; s < r->h.nsides; s++)
		if (losses_seen(r, r->h.side[s]) && html_chart_most(&r->h, s) > most)
			most = html_chart_most(&r->h, s);
	for (int s = 0; s < r->h.nsides; s++)
		if (losses_seen(r, r->h.side[s]))
			html_chart(r->f, r->gm, &r->h, s, most);
}

static int
tell(struct report *r)
{
	int st, rc;

	if (r->g->json && !r->html)
		return tell_json(r);
	if (r->html)
		html_head(r->f, "Battle report");
	fputs(r->html ? "<h1>" : "", r->f);
	out(r, r->gm->info.title);
	fprintf(r->f, "%s%s rules: the battle, turn by turn%s\n",
	    r->gm->info.title[0] ? ", " : "", r->gm->rs->name, r->html ? "</h1>" : "");
	if (r->html)
		charts(r);
	if ((st = db_turn_events(r->gm->db, one, r)) != DB_OK)
		return r->failed ? EXIT_IO : game_fail(r->g, r->gm->db, st);
	while (r->turn < r->gm->turn)
		begin_turn(r);
	end_turn(r);
	if ((rc = tell_campaign(r)) != 0)
		return rc;
	if (r->html)
		html_tail(r->f);
	return 0;
}

/* Tells the battle to r->f (the page, or the output). */
static int
report_to(struct cmd_ctx *g, struct report *r, const char *path)
{
	struct outfile of = { .f = NULL };
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
		rc = print_json_pair(g, "wrote", path);
	else if (rc == 0 && path != NULL)
		fprintf(g->out, "wrote the battle report to %s\n", path);
	html_history_free(&r->h);
	return rc;
}

const struct input_decl cmd_report_inputs[] = {
	{ "html", IN_TEXT, "FILE", 0, 0, NULL, NULL, NULL, "the report as HTML", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The report of the options parsed into in. */
static int
report_of(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct report r;
	int rc;

	if ((rc = inputs_parse_command(in, "report", cmd_report_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire report --help')",
		    in->pos[0]);
	memset(&r, 0, sizeof r);
	r.g = g;
	r.html = in_given(in, "html");
	r.f = g->out;
	if ((rc = game_get(g, &r.gm)) != 0 || (rc = game_army(g, r.gm)) != 0 ||
	    (rc = viewer_of(g, r.gm, &r.viewer)) != 0)
		return rc;
	/* a side's report numbers the rulings as its log does */
	if (!viewer_all(&r.viewer) && (rc = seen_log_read(g, r.gm, &r.viewer, &r.numbers)) != 0)
		return rc;
	rc = report_to(g, &r, r.html ? in_text(in, "html") : NULL);
	seen_log_free(&r.numbers);
	seen_event_free(&r.seen);
	return rc;
}

static int
report(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = report_of(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_report_entry = {
	"report", "report [--html FILE] [--for SIDE]", "the battle turn by turn",
	CMD_GAME | CMD_VIEWS, report,
	"The battle turn by turn from the journal: every ruling in force, who\n"
	"acted, what it did, and each side's losses by turn (--json: one\n"
	"object, its turns each with their events and each side's losses).\n"
	"In a campaign's later battle (new --from) it ends with the campaign so\n"
	"far: each battle's title, turns and losses per side, and the totals.\n",
	cmd_report_inputs, NULL,
};
