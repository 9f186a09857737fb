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
	    "body { font: 10pt/1.3 Georgia, serif; color: #111; "
	    "-webkit-print-color-adjust: exact; print-color-adjust: exact; }\n"
	    "h1 { font-size: 15pt; margin: 0 0 2mm; } h2 { font-size: 12pt; margin: 3mm 0 1mm; }\n"
	    "table { border-collapse: collapse; width: 100%; }\n"
	    "th, td { border-bottom: 1px solid #bbb; padding: 1px 4px; text-align: left; vertical-align: top; }\n"
	    "tbody.unit tr:not(:last-child) td { border-bottom: none; }\n"
	    "tbody.unit > tr:first-child > td:first-child { white-space: nowrap; }\n"
	    "tr.part td { padding-top: 0; } tr.part td:first-child { white-space: nowrap; }\n"
	    "tr.part td:first-child { padding-left: 14px; }\n"
	    "tr.formation td { background: #eee; font-style: italic; }\n"
	    ".box { display: inline-block; width: 8px; height: 8px; border: 1px solid #333; margin: 0 1px 1px 0; }\n"
	    ".box.lost { background: linear-gradient(45deg, transparent 44%, #900 45%, #900 55%, transparent 56%),"
	    " linear-gradient(-45deg, transparent 44%, #900 45%, #900 55%, transparent 56%); }\n"
	    ".box.taken { background: #900; }\n"
	    ".track { margin-right: 6px; white-space: nowrap; } .track .box { margin-right: 3px; }\n"
	    ".gone { font-weight: bold; color: #900; }\n"
	    ".note { color: #555; font-size: 9pt; }\n"
	    "figure.chart { display: inline-block; vertical-align: top; margin: 3mm 8mm 3mm 0; }\n"
	    "figure.chart figcaption { font-weight: bold; margin-bottom: 1mm; }\n"
	    "svg.chart { max-width: 100%; height: auto; }\n"
	    "@media print {\n"
	    "  @page { size: A4; margin: 12mm; }\n"
	    "  section.side + section.side { break-before: page; }\n"
	    "  thead { display: table-header-group; }\n"
	    "  tbody.unit, tr, figure.chart { break-inside: avoid; }\n"
	    "  tbody.formation { break-after: avoid; }\n"
	    "}\n"
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

/* The sides (a unit's compared with the few found so far), each unit's,
 * and what each unit brought into this battle: the journal's changes of
 * its measure (or of its state, where a counter is the losses) are its
 * side's losses from there. */
static void
history_sides(struct history *h, const struct roster *ro)
{
	int counter = roster_loss_counter(ro) != NULL;

	for (int i = 0; i < h->a->n; i++) {
		const struct unit *u = &h->a->u[i];
		int s = html_side(h, u->side);

		if (s < 0) {
			s = h->nsides++;
			h->side[s] = u->side;
		}
		h->side_of[i] = u->formation ? -1 : s;
		h->now[i] = counter ? u->brought_out : u->carried;
		h->start[s] += roster_unit_start(ro, u);
	}
}

/* The chart's type: its size in pixels, and the width of a line of N
 * characters in it (at most two thirds of the size each, with a pixel
 * over): the chart is sized from its text, so no label is cut off. */
#define CHART_FONT 11
#define CHART_TEXT(n) ((n) * CHART_FONT * 2 / 3 + 1)

/* The characters of v written out. */
static int
digits(long v)
{
	char buf[32];

	return snprintf(buf, sizeof buf, "%ld", v);
}

/* The step between the y axis's ticks: 1, 2 or 5 times a power of ten,
 * five or fewer steps up to TOP. */
static long
tick_step(long top)
{
	for (long step = 1;; step *= 10) {
		if (top <= 5 * step)
			return step;
		if (top <= 10 * step)
			return 2 * step;
		if (top <= 25 * step)
			return 5 * step;
	}
}

/* A chart of one side's losses at the end of each turn, laid out. */
struct chart {
	const long *lost;	/* [turn], turn 1 to turns */
	long turns;
	long top;		/* the y axis's last tick */
	long step;		/* between its ticks */
	int left;		/* where the plot starts: after the y title
				 * and tick labels */
	int slot;		/* each turn's width */
	int plot_top;		/* above the plot: the tallest bar's label */
	int plot_h;
	int width, height;
	char title[64];		/* the y axis's: "figures lost" */
};

/* The y axis's title: the rule set's losses ("figures lost", "fatigue
 * points taken", "units destroyed"). */
static void
loss_title(const struct game *gm, char *buf, size_t n)
{
	const struct roster *ro = gm->rs->roster;

	snprintf(buf, n, "%s%s", ruleset_loss_word(gm->rs),
	    roster_loss_counter(ro) != NULL ? "" : ro->keeps.counts_down ? " lost" : " taken");
}

long
html_chart_most(const struct history *h, int s)
{
	long most = 0;

	for (long t = 1; t <= h->turns; t++)
		if (h->lost[s * (h->turns + 1) + t] > most)
			most = h->lost[s * (h->turns + 1) + t];
	return most;
}

/* Lays out side s's chart, its y axis up to MOST: every measure from the
 * widest text it holds. */
static void
chart_layout(struct chart *c, const struct game *gm, const struct history *h, int s,
    long most)
{
	c->turns = h->turns > 0 ? h->turns : 1;
	c->lost = h->turns > 0 ? &h->lost[s * (h->turns + 1)] : NULL;
	if (most < html_chart_most(h, s))
		most = html_chart_most(h, s);
	if (most < 1)
		most = 1;
	c->step = tick_step(most);
	c->top = (most + c->step - 1) / c->step * c->step;
	loss_title(gm, c->title, sizeof c->title);
	c->left = 2 * CHART_FONT + 6 + CHART_TEXT(digits(c->top)) + 6;
	c->slot = CHART_TEXT(digits(c->top) > digits(c->turns) ? digits(c->top) :
	    digits(c->turns)) + 12;
	if (c->slot < 240 / c->turns)	/* a few turns: a plot still as wide */
		c->slot = (int)(240 / c->turns);
	c->plot_top = CHART_FONT + 8;
	c->plot_h = CHART_TEXT(text_width(c->title)) + 12;
	if (c->plot_h < 160)
		c->plot_h = 160;
	c->width = c->left + (int)c->turns * c->slot + 12;
	c->height = c->plot_top + c->plot_h + 2 * CHART_FONT + 16;
}

/* The value at the end of turn t (0 before any). */
static long
chart_value(const struct chart *c, long t)
{
	return c->lost != NULL && c->lost[t] > 0 ? c->lost[t] : 0;
}

/* The y of value v. */
static long
chart_y(const struct chart *c, long v)
{
	return c->plot_top + c->plot_h - v * c->plot_h / c->top;
}

/* The axes, the y ticks with their grid lines, and both titles. */
static void
chart_axes(FILE *f, const struct chart *c)
{
	int base = c->plot_top + c->plot_h, right = c->left + (int)c->turns * c->slot;

	for (long v = 0; v <= c->top; v += c->step)
		fprintf(f, "<line x1=\"%d\" y1=\"%ld\" x2=\"%d\" y2=\"%ld\" stroke=\"#ddd\"/>"
		    "<text x=\"%d\" y=\"%ld\" text-anchor=\"end\">%ld</text>\n",
		    c->left, chart_y(c, v), right, chart_y(c, v), c->left - 4,
		    chart_y(c, v) + CHART_FONT / 3, v);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
	    c->left, base, right, base);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
	    c->left, c->plot_top, c->left, base);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">turn</text>\n",
	    (c->left + right) / 2, c->height - 4);
	fprintf(f, "<text transform=\"translate(%d %d) rotate(-90)\" text-anchor=\"middle\">",
	    CHART_FONT + 2, c->plot_top + c->plot_h / 2);
	html_esc(f, c->title);
	fputs("</text>\n", f);
}

/* Each turn's bar with its value above it and the turn under it. */
static void
chart_bars(FILE *f, const struct chart *c)
{
	int base = c->plot_top + c->plot_h, bar = c->slot * 3 / 5 < 40 ? c->slot * 3 / 5 : 40;

	for (long t = 1; t <= c->turns; t++) {
		long v = chart_value(c, t), mid = c->left + (t - 1) * c->slot + c->slot / 2;

		fprintf(f, "<rect x=\"%ld\" y=\"%ld\" width=\"%d\" height=\"%ld\" fill=\"#900\"/>"
		    "<circle cx=\"%ld\" cy=\"%ld\" r=\"2.5\" fill=\"#400\"/>\n",
		    mid - bar / 2, chart_y(c, v), bar, base - chart_y(c, v), mid, chart_y(c, v));
		fprintf(f, "<text class=\"value\" x=\"%ld\" y=\"%ld\" text-anchor=\"middle\">%ld</text>"
		    "<text class=\"turn\" x=\"%ld\" y=\"%d\" text-anchor=\"middle\">%ld</text>\n",
		    mid, chart_y(c, v) - 4, v, mid, base + CHART_FONT + 3, t);
	}
}

void
html_chart(FILE *f, const struct game *gm, const struct history *h, int s, long most)
{
	struct chart c;

	chart_layout(&c, gm, h, s, most);
	fputs("<figure class=\"chart\"><figcaption>", f);
	html_esc(f, h->side[s]);
	fputs(": ", f);
	html_esc(f, c.title);
	fputs(" by the end of each turn</figcaption>\n", f);
	fprintf(f, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"Georgia, serif\" "
	    "font-size=\"%d\" role=\"img\" aria-label=\"", c.width, c.height, c.width,
	    c.height, CHART_FONT);
	html_esc(f, c.title);
	fputs(" by turn\">\n", f);
	chart_axes(f, &c);
	chart_bars(f, &c);
	fputs("</svg>\n</figure>\n", f);
}

/* A row of N boxes, the first MARKED of them crossed off (a measure that
 * counts down) or filled (one that counts up). */
static void
box_row(FILE *f, const struct game *gm, long n, long marked)
{
	const char *mark = gm->rs->roster->keeps.counts_down ? " lost" : " taken";

	for (long b = 0; b < n && b < 400; b++)
		fprintf(f, "<span class=\"box%s\"></span>", b < marked ? mark : "");
}

/* "12 of 44 figures lost", "2 hits taken". */
static void
measure_note(FILE *f, const struct game *gm, long marked, long of)
{
	fprintf(f, " <span class=\"note\">%ld", marked);
	if (of > 0)
		fprintf(f, " of %ld", of);
	fputc(' ', f);
	html_esc(f, gm->rs->measure);
	fprintf(f, " %s</span>", gm->rs->roster->keeps.counts_down ? "lost" : "taken");
}

/* Rules that count no measure (2x2's states): each state a box, those up
 * to the unit's crossed off. */
static void
state_track(FILE *f, const struct game *gm, const struct unit *u)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	int reached = keeps_severity(k, u->state);

	for (int i = 0; k->states != NULL && k->states[i].word != NULL; i++) {
		fprintf(f, "<span class=\"track\"><span class=\"box%s\"></span>",
		    i < reached ? " lost" : "");
		esc_words(f, k->states[i].word);
		fputs("</span>", f);
	}
}

/* The unit's own casualties: the boxes of its measure (its parts draw
 * theirs on their own rows), or its states as boxes. */
static void
casualties(FILE *f, const struct game *gm, const struct unit *u, const struct unit_view *v)
{
	/* a measure that counts down: what it brought into this battle */
	int down = gm->rs->roster->keeps.counts_down;
	long lost = down ? unit_lost_here(u) : unit_lost(u);
	long start = down ? unit_start(u) : u->start_strength;
	long total = start > lost ? start : lost;

	if (gm->rs->roster->keeps.measure_option == NULL) {
		state_track(f, gm, u);
		return;
	}
	if (v->nparts == 0)
		box_row(f, gm, total, lost);
	if (total > 0)
		measure_note(f, gm, lost, start);
}

/* A page being written: where, for whom, and a unit's scratch. */
struct page {
	FILE *f;
	struct cmd_ctx *g;
	struct game *gm;
	const struct viewer *viewer;
	struct unit_sheet *us;
	int cols;		/* the table's columns */
};

/* The flags of the unit the viewer sees, in words. */
static void
flag_words(const struct page *p)
{
	char words[256];

	view_flags(p->gm, p->us, words, sizeof words);
	html_esc(p->f, words);
}

/* One unit's row as a side sees it without seeing it whole: what it sees
 * of the measure, its state and flags (no boxes: they would count). */
static void
seen_row(const struct page *p)
{
	FILE *f = p->f;

	fputs("<td>", f);
	html_esc(f, p->us->seen);
	fputs("</td><td>", f);
	if (!p->us->state_hidden)	/* a state not seen: blank, as in text */
		esc_words(f, p->us->v.state);
	fputs("</td><td>", f);
	flag_words(p);
	fputs("</td></tr>\n</tbody>\n", f);
}

/* The unit's state as a word (the rule set's word for a unit gone when
 * it has lost everything), marked out when the unit is out of the fight. */
static void
state_cell(const struct page *p, const struct unit *u)
{
	const struct keeps *k = &p->gm->rs->roster->keeps;
	int gone = view_spent(p->gm, u) ||
	    (k->states != NULL && keeps_severity(k, p->us->v.state) == keeps_severity(k, NULL));

	fputs(gone ? "<td class=\"gone\">" : "<td>", p->f);
	esc_words(p->f, view_all_lost(p->gm, u) ? view_gone_word(p->gm) : p->us->v.state);
	fputs("</td>", p->f);
}

/* A part's row under its unit: its name, its boxes, its losses, its
 * state, what else the sheet says of it. */
static void
part_row(const struct page *p, const struct view_part *part)
{
	FILE *f = p->f;

	fputs("<tr class=\"part\"><td>", f);
	html_esc(f, part->name);
	fprintf(f, "</td><td colspan=\"%d\">", p->cols - 1);
	box_row(f, p->gm, part->start, part->start - part->left);
	measure_note(f, p->gm, part->start - part->left, part->start);
	fputc(' ', f);
	if (part->start > 0 && part->left <= 0)
		fputs("<span class=\"gone\">", f);
	esc_words(f, part->start > 0 && part->left <= 0 ? view_gone_word(p->gm) : part->state);
	if (part->start > 0 && part->left <= 0)
		fputs("</span>", f);
	if (part->note[0] != '\0' || part->more != NULL) {
		fputs(" <span class=\"note\">(", f);
		html_esc(f, part->note);
		if (part->more != NULL)
			fputs(", ", f);
		view_part_more(f, part, html_esc);
		fputs(")</span>", f);
	}
	fputs("</td></tr>\n", f);
}

/* The unit's last cell: flags, casualties, the view's facts; then
 * its parts' rows. */
static void
unit_tail(const struct page *p, const struct unit *u)
{
	const struct unit_view *v = &p->us->v;
	FILE *f = p->f;

	fputs("<td>", f);
	flag_words(p);
	fputc(' ', f);
	casualties(f, p->gm, u, v);
	for (int i = 0; i < v->nfacts; i++) {
		fputs("<div class=\"note\">", f);
		view_fact_text(f, &v->facts[i], html_esc);
		fputs("</div>", f);
	}
	fputs("</td></tr>\n", f);
	for (int i = 0; i < v->nparts; i++)
		part_row(p, &v->parts[i]);
	fputs("</tbody>\n", f);
}

/* One unit's rows, kept together on a page: name, type, formation, its
 * rule set's cells, state, flags, boxes (or what the viewer sees of it),
 * then its parts. */
static int
unit_row(const struct page *p, const struct unit *u)
{
	const struct sheet_column *c = roster_columns(p->gm->rs->roster);
	const char *formation = roster_formation(p->gm->rs->roster, u);
	FILE *f = p->f;
	int rc;

	if ((rc = view_load(p->g, p->gm, p->viewer, u, p->us, 0)) != 0)
		return rc;
	fputs("<tbody class=\"unit\">\n<tr><td>", f);
	html_esc(f, u->name);
	fputs("</td><td>", f);
	html_esc(f, u->type);
	fputs("</td>", f);
	if (p->gm->rs->roster->keeps.formations != NULL) {
		fputs("<td>", f);
		esc_words(f, formation != NULL ? formation : "");
		fputs("</td>", f);
	}
	if (view_shared(p->gm, p->us->look)) {
		seen_row(p);
		return 0;
	}
	for (int i = 0; c[i].key != NULL; i++) {
		char cell[VIEW_CELL];

		if (c[i].where == SHEET_CSV)
			continue;
		if (strcmp(c[i].key, "state") == 0) {
			state_cell(p, u);
			continue;
		}
		fputs("<td>", f);
		esc_words(f, view_cell_text(&p->us->v.cells[i], cell, sizeof cell));
		fputs("</td>", f);
	}
	unit_tail(p, u);
	return 0;
}

/* A formation's row: its path and, where its rule set says, its state. */
static int
formation_row(const struct page *p, const struct unit *u)
{
	struct game *gm = p->gm;
	char path[1024], flags[256];
	FILE *f = p->f;
	int rc;

	if ((rc = view_load(p->g, gm, p->viewer, u, p->us, 0)) != 0)
		return rc;
	fprintf(f, "<tbody class=\"formation\"><tr class=\"formation\"><td colspan=\"%d\">",
	    p->cols);
	view_formation_path(&gm->army, u, path, sizeof path);
	html_esc(f, path);
	if (path[0] != '\0')
		fputs(" &gt; ", f);
	html_esc(f, u->name);
	fputs(" (", f);
	html_esc(f, u->type);
	fputc(')', f);
	if (p->us->v.state[0] != '\0') {
		fputs(": ", f);
		esc_words(f, p->us->v.state);
	}
	view_flags(gm, p->us, flags, sizeof flags);
	if (flags[0] != '\0') {
		fputs(", ", f);
		html_esc(f, flags);
	}
	for (int i = 0; i < p->us->v.nfacts; i++) {
		fputs(" <span class=\"note\">", f);
		view_fact_text(f, &p->us->v.facts[i], html_esc);
		fputs("</span>", f);
	}
	fputs("</td></tr></tbody>\n", f);
	return 0;
}

/* The units of one side under formation F (-1: none), then each
 * formation under F in turn; across the table, the units alone (its
 * chain of command is not seen). */
static int
side_tree(const struct page *p, const char *side, int under, int depth)
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
		if ((rc = formation_row(p, &a->u[i])) != 0 ||
		    (rc = side_tree(p, side, i, depth + 1)) != 0)
			return rc;
	}
	return 0;
}

/* The table's heads (the rule set's columns, or what a side sees); sets
 * the page's count of columns. */
static void
table_heads(struct page *p, enum look look)
{
	const struct roster *ro = p->gm->rs->roster;
	const struct sheet_column *c = roster_columns(ro);
	FILE *f = p->f;

	p->cols = 3;
	fputs("<table>\n<thead><tr><th>Unit</th><th>Type</th>", f);
	if (ro->keeps.formations != NULL) {
		fputs("<th>Formation</th>", f);
		p->cols++;
	}
	if (view_shared(p->gm, look)) {
		fputs("<th>", f);
		html_esc(f, p->gm->rs->measure);
		fputs("</th><th>State</th><th>Flags</th></tr></thead>\n", f);
		p->cols += 2;
		return;
	}
	for (int i = 0; c[i].key != NULL; i++)
		if (c[i].where != SHEET_CSV) {
			fputs("<th>", f);
			html_esc(f, c[i].head);
			fputs("</th>", f);
			p->cols++;
		}
	fputs("<th>Flags and casualties</th></tr></thead>\n", f);
}

/* "Losses: 18 figures", as the text sheet counts them. */
static void
side_losses(const struct page *p, const char *side)
{
	const struct army *a = &p->gm->army;
	long lost = 0;

	for (int i = 0; i < a->n; i++)
		if (strcmp(a->u[i].side, side) == 0)
			lost += roster_unit_loss(p->gm->rs->roster, &a->u[i]);
	fprintf(p->f, "<p>Losses: %ld ", lost);
	html_esc(p->f, ruleset_loss_words(p->gm->rs, lost));
	fputs("</p>\n", p->f);
}

/* The highest value of the charts the sheet draws: every side's the
 * viewer counts (each on its own page, all on one y scale). */
static long
charts_most(const struct page *p, const struct history *h)
{
	long most = 0;

	for (int s = 0; s < h->nsides; s++)
		if (viewer_side_look(p->viewer, h->side[s]) == LOOK_ALL &&
		    html_chart_most(h, s) > most)
			most = html_chart_most(h, s);
	return most;
}

static int
side_page(struct page *p, const char *side, const struct history *h,
    const char *standing)
{
	enum look look = viewer_side_look(p->viewer, side);
	struct game *gm = p->gm;
	FILE *f = p->f;

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
	if (viewer_knows_losses(gm, p->viewer, side))
		side_losses(p, side);
	table_heads(p, look);
	if (side_tree(p, side, -1, 0) != 0)
		return EXIT_BUG;
	fputs("</table>\n", f);
	if (look == LOOK_ALL)	/* the counts by turn: the side's own */
		html_chart(f, gm, h, html_side(h, side), charts_most(p, h));
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
	history_sides(h, gm->rs->roster);
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
		return game_fail(g, gm->db, st);
	}
	return 0;
}

int
html_sheet(struct cmd_ctx *g, struct game *gm, const struct viewer *viewer,
    const char *only, const char *path)
{
	const struct standing_for who = viewer_standing(viewer);
	struct page p = { NULL, g, gm, viewer, NULL, 0 };
	struct history h;
	char standing[256] = "", title[300];
	struct outfile of;
	FILE *f;
	int rc;

	if ((rc = game_army(g, gm)) != 0 || (rc = html_history(g, gm, &h)) != 0)
		return rc;
	if ((rc = game_standing(g, gm, &who, NULL, standing, sizeof standing)) != 0 ||
	    (p.us = view_sheet_new()) == NULL) {
		html_history_free(&h);
		return rc != 0 ? rc : cmd_error(g, EXIT_BUG, "out of memory");
	}
	if ((rc = outfile_open(g, path, &of)) != 0) {
		html_history_free(&h);
		view_sheet_free(p.us);
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
	view_sheet_free(p.us);
	return outfile_close(g, &of, rc);
}
