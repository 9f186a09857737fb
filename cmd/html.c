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

	text_copy(buf, sizeof buf, s);
	for (char *p = buf; *p != '\0'; p++)
		if (*p == '_')
			*p = ' ';
	html_esc(f, buf);
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

static void
history_row(void *ctx, long long unit, long turn, long lost)
{
	struct history *h = ctx;

	for (int i = 0; i < h->a->n; i++)
		if (h->a->u[i].id == unit && turn <= h->turns)
			h->lost[i * (h->turns + 1) + turn] = lost;
}

/* An SVG line of the side's strength (counting down) or losses (counting
 * up) at the end of each turn. */
static void
side_chart(FILE *f, const struct game *gm, const struct history *h, const char *side)
{
	const int w = 480, ht = 140, pad = 30;
	long value[201], top = 1;
	long turns = h->turns > 200 ? 200 : h->turns;
	int down = gm->rs->roster->keeps.counts_down;

	for (long t = 1; t <= turns; t++) {
		value[t] = 0;
		for (int i = 0; i < h->a->n; i++) {
			const struct unit *u = &h->a->u[i];

			if (u->formation || strcmp(u->side, side) != 0)
				continue;
			value[t] += down ? u->start_strength - h->lost[i * (h->turns + 1) + t] :
			    h->lost[i * (h->turns + 1) + t];
		}
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

/* One unit's row: name, type, its rule set's cells, state, flags, boxes. */
static int
unit_row(FILE *f, struct cmd_ctx *g, struct game *gm, const struct unit *u)
{
	static struct unit_sheet us;
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	int rc;

	if ((rc = view_load(g, gm, u, &us, 0)) != 0)
		return rc;
	fputs("<tr><td>", f);
	html_esc(f, u->name);
	fputs("</td><td>", f);
	html_esc(f, u->type);
	fputs("</td>", f);
	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		fputs("<td>", f);
		esc_words(f, strcmp(c[i].key, "state") == 0 ? us.v.state : us.v.cells[i]);
		fputs("</td>", f);
	}
	fputs("<td>", f);
	for (int i = 0; i < u->nflags; i++)
		if (unit_flag_in_force(u, i)) {
			esc_words(f, u->flags[i]);
			fputc(' ', f);
		}
	boxes(f, gm, u);
	for (int i = 0; i < us.v.nlines; i++) {
		fputs("<div class=\"note\">", f);
		html_esc(f, us.v.lines[i]);
		fputs("</div>", f);
	}
	fputs("</td></tr>\n", f);
	return 0;
}

/* A formation's row: its path and, where its rule set says, its state. */
static int
formation_row(FILE *f, struct cmd_ctx *g, struct game *gm, const struct unit *u,
    int cols)
{
	static struct unit_sheet us;
	int rc;

	if ((rc = view_load(g, gm, u, &us, 0)) != 0)
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
	if (us.v.state[0] != '\0') {
		fputs(": ", f);
		esc_words(f, us.v.state);
	}
	for (int i = 0; i < us.v.nlines; i++) {
		fputs(" <span class=\"note\">", f);
		html_esc(f, us.v.lines[i]);
		fputs("</span>", f);
	}
	fputs("</td></tr>\n", f);
	return 0;
}

/* The units of one side under formation F (-1: none), then each
 * formation under F in turn. */
static int
side_tree(FILE *f, struct cmd_ctx *g, struct game *gm, const char *side, int under,
    int cols, int depth)
{
	const struct army *a = &gm->army;
	int rc;

	if (depth > 16)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (!a->u[i].formation && a->u[i].up == under &&
		    strcmp(a->u[i].side, side) == 0 && (rc = unit_row(f, g, gm, &a->u[i])) != 0)
			return rc;
	for (int i = 0; i < a->n; i++) {
		if (!a->u[i].formation || a->u[i].up != under || strcmp(a->u[i].side, side) != 0)
			continue;
		if ((rc = formation_row(f, g, gm, &a->u[i], cols)) != 0 ||
		    (rc = side_tree(f, g, gm, side, i, cols, depth + 1)) != 0)
			return rc;
	}
	return 0;
}

static int
side_page(FILE *f, struct cmd_ctx *g, struct game *gm, const char *side,
    const struct history *h, const char *standing)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	int cols = 3;

	fputs("<section class=\"side\">\n<h1>", f);
	html_esc(f, side);
	fputs("</h1>\n<p class=\"note\">", f);
	html_esc(f, gm->info.title);
	fprintf(f, "%s%s rules, turn %ld</p>\n", gm->info.title[0] ? ": " : "",
	    gm->rs->name, gm->turn);
	if (standing[0] != '\0') {
		fputs("<p>", f);
		html_esc(f, standing);
		fputs("</p>\n", f);
	}
	fputs("<table>\n<tr><th>Unit</th><th>Type</th>", f);
	for (int i = 0; c[i].key != NULL; i++)
		if (c[i].where != SHEET_CSV) {
			fputs("<th>", f);
			html_esc(f, c[i].head);
			fputs("</th>", f);
			cols++;
		}
	fputs("<th>Flags and casualties</th></tr>\n", f);
	if (side_tree(f, g, gm, side, -1, cols, 0) != 0)
		return EXIT_BUG;
	fputs("</table>\n", f);
	side_chart(f, gm, h, side);
	fputs("</section>\n", f);
	return 0;
}

int
html_history(struct cmd_ctx *g, struct game *gm, struct history *h)
{
	/* a side's losses: its units in the loss counter's state, else the
	 * measure */
	const struct counter_decl *loss = roster_loss_counter(gm->rs->roster);
	int st;

	h->a = &gm->army;
	h->turns = gm->turn;
	h->lost = calloc((size_t)gm->army.n * (size_t)(gm->turn + 1) + 1, sizeof h->lost[0]);
	if (h->lost == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if ((st = db_losses_by_turn(gm->db, gm->turn, loss != NULL ? "state" :
	    gm->ledgers[0] != NULL ? gm->ledgers[0] : "", loss != NULL ? loss->state : NULL,
	    history_row, h)) != DB_OK) {
		free(h->lost);
		h->lost = NULL;
		return game_fail(g, st);
	}
	return 0;
}

int
html_sheet(struct cmd_ctx *g, struct game *gm, const char *only, const char *path)
{
	struct history h;
	char standing[256], title[300];
	struct outfile of;
	FILE *f;
	int rc;

	if ((rc = game_army(g, gm)) != 0 || (rc = html_history(g, gm, &h)) != 0)
		return rc;
	if ((rc = game_standing(g, gm, NULL, standing, sizeof standing)) != 0) {
		free(h.lost);
		return rc;
	}
	if ((rc = outfile_open(g, path, &of)) != 0) {
		free(h.lost);
		return rc;
	}
	f = of.f;
	snprintf(title, sizeof title, "Casualty sheet%s%s", gm->info.title[0] ? ": " : "",
	    gm->info.title);
	html_head(f, title);
	for (int i = 0; i < gm->army.n && rc == 0; i++) {
		const char *side = gm->army.u[i].side;
		int seen = 0;

		for (int k = 0; k < i && !seen; k++)
			seen = strcmp(gm->army.u[k].side, side) == 0;
		if (!seen && (only == NULL || strcmp(side, only) == 0))
			rc = side_page(f, g, gm, side, &h, standing);
	}
	html_tail(f);
	free(h.lost);
	return outfile_close(g, &of, rc);
}
