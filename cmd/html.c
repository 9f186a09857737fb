/*
 * html: the printable casualty sheet (`sheet --html FILE`) and the battle
 * report (`report --html FILE`).  One page a side: each unit with its
 * strength boxes crossed off as on paper, its rule set's columns (push
 * backs, hits, fatigue), state and flags, its formations' state; and an
 * inline SVG chart of each side's strength (or losses) turn by turn.
 */
#include <errno.h>
#include <string.h>

#include "html.h"
#include "journal.h"
#include "keep.h"
#include "outfile.h"
#include "text.h"
#include "view.h"

void
html_esc(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
}

/* Text in words: "good_order" as "good order". */
static void
esc_words(FILE *f, const char *s)
{
	char buf[256];

	html_esc(f, text_words(s, buf, sizeof buf));
}

void
html_head(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>", f);
	html_esc(f, title);
	fputs("</title>\n<style>\n"
	    "@page { size: A4; margin: 12mm; }\n"
	    "body { font: 10pt/1.3 Georgia, serif; color: #111; }\n"
	    "section.side { page-break-after: always; break-after: page; }\n"
	    "section.side:last-of-type { page-break-after: auto; break-after: auto; }\n"
	    "h1 { font-size: 15pt; margin: 0 0 2mm; } h2 { font-size: 12pt; margin: 3mm 0 1mm; }\n"
	    "table { border-collapse: collapse; width: 100%; }\n"
	    "th, td { border-bottom: 1px solid #bbb; padding: 1px 4px; text-align: left; vertical-align: top; }\n"
	    "tr.formation td { background: #eee; font-style: italic; }\n"
	    ".box { display: inline-block; width: 8px; height: 8px; border: 1px solid #333; margin: 0 1px 1px 0; }\n"
	    ".box.lost { background: linear-gradient(45deg, transparent 44%, #900 45%, #900 55%, transparent 56%),"
	    " linear-gradient(-45deg, transparent 44%, #900 45%, #900 55%, transparent 56%); }\n"
	    ".note { color: #555; font-size: 9pt; }\n"
	    "</style></head><body>\n", f);
}

void
html_tail(FILE *f)
{
	fputs("</body></html>\n", f);
}

/* Each side's sum so far as its losses at the end of the turns read up
 * to UNTIL. */
static void
history_until(struct history *h, long until)
{
	for (; h->turn < until && h->turn <= h->turns; h->turn++)
		for (int s = 0; s < h->nsides; s++)
			h->lost[s * (h->turns + 1) + h->turn] = h->sum[s];
}

/* A change of a unit's measure, in the journal's order: the turns before
 * it are over. */
static void
history_change(void *ctx, long turn, long long unit, long total)
{
	struct history *h = ctx;
	const struct unit *u = army_find(h->a, unit);
	int i;

	if (u == NULL || h->side_of[i = (int)(u - h->a->u)] < 0)
		return;
	history_until(h, turn);
	h->sum[h->side_of[i]] += total - h->now[i];
	h->now[i] = total;
}

int
html_side(const struct history *h, const char *side)
{
	for (int s = 0; s < h->nsides; s++)
		if (strcmp(h->side[s], side) == 0)
			return s;
	return -1;
}

/* The sides (a unit's compared with the few found so far) and each
 * unit's. */
static void
history_sides(struct history *h)
{
	for (int i = 0; i < h->a->n; i++) {
		const struct unit *u = &h->a->u[i];
		int s = html_side(h, u->side);

		if (s < 0) {
			s = h->nsides++;
			h->side[s] = u->side;
		}
		h->side_of[i] = u->formation ? -1 : s;
		if (!u->formation)
			h->start[s] += u->start_strength;
	}
}

/* An SVG line of the side's strength (counting down) or losses (counting
 * up) at the end of each turn. */
static void
side_chart(FILE *f, const struct game *gm, const struct history *h, const char *side)
{
	const int w = 480, ht = 140, pad = 30;
	long value[201], top = 1;
	long turns = h->turns > 200 ? 200 : h->turns;
	/* a loss counter (2x2's units destroyed) counts up */
	int down = gm->rs->roster->keeps.counts_down &&
	    roster_loss_counter(gm->rs->roster) == NULL;
	int s = html_side(h, side);

	for (long t = 1; t <= turns; t++) {
		long lost = s >= 0 ? h->lost[s * (h->turns + 1) + t] : 0;

		value[t] = down ? (s >= 0 ? h->start[s] : 0) - lost : lost;
		if (value[t] > top)
			top = value[t];
	}
	fprintf(f, "<h2>%s by turn</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s by turn\">\n",
	    down ? "Strength" : "Losses", w, ht, down ? "strength" : "losses");
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
	    pad, ht - pad, w - 10, ht - pad);
	fprintf(f, "<line x1=\"%d\" y1=\"10\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
	    pad, pad, ht - pad);
	fprintf(f, "<text x=\"2\" y=\"16\" font-size=\"9\">%ld</text>\n", top);
	fputs("<polyline fill=\"none\" stroke=\"#900\" stroke-width=\"2\" points=\"", f);
	for (long t = 1; t <= turns; t++)
		fprintf(f, "%ld,%ld ", pad + (turns > 1 ? (t - 1) * (w - pad - 20) / (turns - 1) : 0),
		    (long)(ht - pad) - value[t] * (ht - pad - 10) / top);
	fputs("\"/>\n", f);
	for (long t = 1; t <= turns; t++)
		fprintf(f, "<text x=\"%ld\" y=\"%d\" font-size=\"9\">%ld: %ld</text>\n",
		    pad + (turns > 1 ? (t - 1) * (w - pad - 20) / (turns - 1) : 0) - 4,
		    ht - pad + 14, t, value[t]);
	fputs("</svg>\n", f);
}

/* The boxes of a unit's measure: lost ones crossed off. */
static void
boxes(FILE *f, const struct game *gm, const struct unit *u)
{
	long total = u->start_strength > unit_lost(u) ? u->start_strength : unit_lost(u);

	if (gm->rs->roster->keeps.measure_option == NULL)
		return;
	for (long b = 0; b < total && b < 400; b++)
		fprintf(f, "<span class=\"box%s\"></span>", b < unit_lost(u) ? " lost" : "");
	fprintf(f, " <span class=\"note\">%ld of %ld %s %s</span>", unit_lost(u), total,
	    gm->rs->measure, gm->rs->roster->keeps.counts_down ? "lost" : "taken");
}

/* A page being written: where, for whom, and a unit's scratch. */
struct page {
	FILE *f;
	struct cmd_ctx *g;
	struct game *gm;
	const struct viewer *viewer;
	struct unit_sheet *us;
};

/* The flags of u the viewer sees, as words. */
static void
flag_words(const struct page *p, const struct unit *u, enum look look)
{
	for (int i = 0; i < u->nflags; i++) {
		const struct word_decl *d = keeps_word(p->gm->rs->roster->keeps.flags,
		    u->flags[i]);

		if (!unit_flag_in_force(u, i) ||
		    (look == LOOK_ACROSS && (d == NULL || d->sight != SIGHT_TABLE)))
			continue;
		esc_words(p->f, u->flags[i]);
		fputc(' ', p->f);
	}
}

/* One unit's row as a side sees it without seeing it whole: what it sees
 * of the measure, its state and flags (no boxes: they would count). */
static void
seen_row(const struct page *p, const struct unit *u)
{
	FILE *f = p->f;

	fputs("<td>", f);
	html_esc(f, p->us->seen);
	fputs("</td><td>", f);
	esc_words(f, p->us->v.state);
	fputs("</td><td>", f);
	flag_words(p, u, p->us->look);
	fputs("</td></tr>\n", f);
}

/* One unit's row: name, type, formation, its rule set's cells, state,
 * flags, boxes (or what the viewer sees of it). */
static int
unit_row(const struct page *p, const struct unit *u)
{
	const struct sheet_column *c = roster_columns(p->gm->rs->roster);
	const char *formation = roster_formation(p->gm->rs->roster, u);
	FILE *f = p->f;
	int rc;

	if ((rc = view_load(p->g, p->gm, p->viewer, u, p->us, 0)) != 0)
		return rc;
	fputs("<tr><td>", f);
	html_esc(f, u->name);
	fputs("</td><td>", f);
	html_esc(f, u->type);
	fputs("</td>", f);
	if (p->gm->rs->roster->keeps.formations != NULL) {
		fputs("<td>", f);
		esc_words(f, formation != NULL ? formation : "");
		fputs("</td>", f);
	}
	if (p->us->look != LOOK_ALL) {
		seen_row(p, u);
		return 0;
	}
	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		fputs("<td>", f);
		esc_words(f, strcmp(c[i].key, "state") == 0 ? p->us->v.state : p->us->v.cells[i]);
		fputs("</td>", f);
	}
	fputs("<td>", f);
	flag_words(p, u, LOOK_ALL);
	boxes(f, p->gm, u);
	for (int i = 0; i < p->us->v.nlines; i++) {
		fputs("<div class=\"note\">", f);
		html_esc(f, p->us->v.lines[i]);
		fputs("</div>", f);
	}
	fputs("</td></tr>\n", f);
	return 0;
}

/* A formation's row: its path and, where its rule set says, its state. */
static int
formation_row(const struct page *p, const struct unit *u, int cols)
{
	struct game *gm = p->gm;
	FILE *f = p->f;
	int rc;

	if ((rc = view_load(p->g, gm, p->viewer, u, p->us, 0)) != 0)
		return rc;
	fprintf(f, "<tr class=\"formation\"><td colspan=\"%d\">", cols);
	for (int up = u->up, depth = 0; up >= 0 && depth < 16; up = gm->army.u[up].up, depth++) {
		html_esc(f, gm->army.u[up].name);
		fputs(" &gt; ", f);
	}
	html_esc(f, u->name);
	fputs(" (", f);
	html_esc(f, u->type);
	fputc(')', f);
	if (p->us->v.state[0] != '\0') {
		fputs(": ", f);
		esc_words(f, p->us->v.state);
	}
	for (int i = 0; i < p->us->v.nlines; i++) {
		fputs(" <span class=\"note\">", f);
		html_esc(f, p->us->v.lines[i]);
		fputs("</span>", f);
	}
	fputs("</td></tr>\n", f);
	return 0;
}

/* The units of one side under formation F (-1: none), then each
 * formation under F in turn; across the table, the units alone (its
 * chain of command is not seen). */
static int
side_tree(const struct page *p, const char *side, int under, int cols, int depth)
{
	const struct army *a = &p->gm->army;
	int across = viewer_side_look(p->viewer, side) == LOOK_ACROSS, rc;

	if (depth > 16)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (!a->u[i].formation && (across || a->u[i].up == under) &&
		    strcmp(a->u[i].side, side) == 0 && (rc = unit_row(p, &a->u[i])) != 0)
			return rc;
	for (int i = 0; i < a->n && !across; i++) {
		if (!a->u[i].formation || a->u[i].up != under || strcmp(a->u[i].side, side) != 0)
			continue;
		if ((rc = formation_row(p, &a->u[i], cols)) != 0 ||
		    (rc = side_tree(p, side, i, cols, depth + 1)) != 0)
			return rc;
	}
	return 0;
}

/* The table's heads: the rule set's columns, or what a side sees. */
static int
table_heads(const struct page *p, enum look look)
{
	const struct roster *ro = p->gm->rs->roster;
	const struct sheet_column *c = roster_columns(ro);
	FILE *f = p->f;
	int cols = 3;

	fputs("<table>\n<tr><th>Unit</th><th>Type</th>", f);
	if (ro->keeps.formations != NULL) {
		fputs("<th>Formation</th>", f);
		cols++;
	}
	if (look != LOOK_ALL) {
		fputs("<th>", f);
		html_esc(f, p->gm->rs->measure);
		fputs("</th><th>State</th><th>Flags</th></tr>\n", f);
		return cols + 2;
	}
	for (int i = 0; c[i].key != NULL; i++)
		if (c[i].where != SHEET_CSV) {
			fputs("<th>", f);
			html_esc(f, c[i].head);
			fputs("</th>", f);
			cols++;
		}
	fputs("<th>Flags and casualties</th></tr>\n", f);
	return cols;
}

static int
side_page(const struct page *p, const char *side, const struct history *h,
    const char *standing)
{
	enum look look = viewer_side_look(p->viewer, side);
	struct game *gm = p->gm;
	FILE *f = p->f;
	int cols;

	fputs("<section class=\"side\">\n<h1>", f);
	html_esc(f, side);
	fputs("</h1>\n<p class=\"note\">", f);
	html_esc(f, gm->info.title);
	fprintf(f, "%s%s rules, turn %ld", gm->info.title[0] ? ": " : "",
	    gm->rs->name, gm->turn);
	if (!viewer_all(p->viewer)) {
		fputs("; as ", f);
		html_esc(f, p->viewer->side);
		fputs(" sees it", f);
	}
	fputs("</p>\n", f);
	if (standing[0] != '\0') {
		fputs("<p>", f);
		html_esc(f, standing);
		fputs("</p>\n", f);
	}
	cols = table_heads(p, look);
	if (side_tree(p, side, -1, cols, 0) != 0)
		return EXIT_BUG;
	fputs("</table>\n", f);
	if (look == LOOK_ALL)	/* the counts by turn: the side's own */
		side_chart(f, gm, h, side);
	fputs("</section>\n", f);
	return 0;
}

/* Frees what only the reading needs. */
static void
history_read(struct history *h)
{
	free(h->side_of);
	free(h->now);
	free(h->sum);
	h->side_of = NULL;
	h->now = h->sum = NULL;
}

void
html_history_free(struct history *h)
{
	history_read(h);
	free(h->side);
	free(h->start);
	free(h->lost);
	h->side = NULL;
	h->start = h->lost = NULL;
}

int
html_history(struct cmd_ctx *g, struct game *gm, struct history *h)
{
	/* a side's losses: its units in the loss counter's state, else the
	 * measure */
	const struct counter_decl *loss = roster_loss_counter(gm->rs->roster);
	size_t n = (size_t)gm->army.n + 1;
	int st;

	memset(h, 0, sizeof *h);
	h->a = &gm->army;
	h->turns = gm->turn;
	h->side = calloc(n, sizeof *h->side);
	h->start = calloc(n, sizeof *h->start);
	h->side_of = calloc(n, sizeof *h->side_of);
	h->now = calloc(n, sizeof *h->now);
	h->sum = calloc(n, sizeof *h->sum);
	if (h->side == NULL || h->start == NULL || h->side_of == NULL || h->now == NULL ||
	    h->sum == NULL) {
		html_history_free(h);
		return cmd_error(g, EXIT_BUG, "out of memory");
	}
	history_sides(h);
	h->lost = calloc((size_t)(h->nsides > 0 ? h->nsides : 1) * (size_t)(h->turns + 1),
	    sizeof *h->lost);
	if (h->lost == NULL) {
		html_history_free(h);
		return cmd_error(g, EXIT_BUG, "out of memory");
	}
	st = db_losses(gm->db, loss != NULL ? "state" : gm->ledgers[0] != NULL ?
	    gm->ledgers[0] : "", loss != NULL ? loss->state : NULL, history_change, h);
	history_until(h, h->turns + 1);
	history_read(h);
	if (st != DB_OK) {
		html_history_free(h);
		return game_fail(g, st);
	}
	return 0;
}

int
html_sheet(struct cmd_ctx *g, struct game *gm, const struct viewer *viewer,
    const char *only, const char *path)
{
	struct page p = { NULL, g, gm, viewer, NULL };
	struct history h;
	char standing[256] = "", title[300];
	struct outfile of;
	FILE *f;
	int rc;

	if ((rc = game_army(g, gm)) != 0 || (rc = html_history(g, gm, &h)) != 0)
		return rc;
	if ((viewer_all(viewer) &&
	    (rc = game_standing(g, gm, NULL, standing, sizeof standing)) != 0) ||
	    (p.us = malloc(sizeof *p.us)) == NULL) {
		html_history_free(&h);
		return rc != 0 ? rc : cmd_error(g, EXIT_BUG, "out of memory");
	}
	if ((rc = outfile_open(g, path, &of)) != 0) {
		html_history_free(&h);
		free(p.us);
		return rc;
	}
	f = p.f = of.f;
	snprintf(title, sizeof title, "Casualty sheet%s%s", gm->info.title[0] ? ": " : "",
	    gm->info.title);
	html_head(f, title);
	for (int s = 0; s < h.nsides && rc == 0; s++)
		if (only == NULL || strcmp(h.side[s], only) == 0)
			rc = side_page(&p, h.side[s], &h, standing);
	html_tail(f);
	html_history_free(&h);
	free(p.us);
	return outfile_close(g, &of, rc);
}
