/* view: units as the sheet and `unit show` print them, columns from the
 * rule set's roster. */
#include <string.h>

#include "csvfile.h"
#include "text.h"
#include "view.h"

/* A line of the text sheet: name, type, the cells and the flags fit. */
#define VIEW_TEXT_LINE 1024

int
view_load(struct cmd_ctx *g, struct game *gm, const struct unit *u,
    struct unit_sheet *s, int json)
{
	const struct roster *ro = gm->rs->roster;
	static struct result r;

	s->u = u;
	s->v.state[0] = '\0';
	s->v.strength = 0;
	s->v.nlines = 0;
	for (int i = 0; i < VIEW_CELLS; i++)
		s->v.cells[i][0] = '\0';
	if (json)
		jsonw_init(&s->v.w, s->v.json, sizeof s->v.json);
	else
		jsonw_init(&s->v.w, NULL, 0);
	jsonw_object(&s->v.w, NULL);
	result_init(&r);
	if (ro->view != NULL)
		ro->view(&gm->ts, &gm->army, u, &s->v, &r);
	jsonw_object_end(&s->v.w);
	if (r.failed)
		return cmd_error(g, exit_of_rule(r.failed), "unit '%s': %s", u->name,
		    r.error);
	if (s->v.w.overflow)
		return cmd_error(g, EXIT_BUG, "unit '%s' is too large to show", u->name);
	if (s->v.state[0] == '\0')
		snprintf(s->v.state, sizeof s->v.state, "%s",
		    u->state[0] ? u->state : ro->keeps.good_state);
	return 0;
}

static int
is_rating(const struct input_decl *d, void *ctx)
{
	(void)d;
	(void)ctx;
	return 1;
}

void
view_json(struct jsonw *w, const struct game *gm, const struct unit_sheet *s)
{
	const struct unit *u = s->u;
	const char *parent = game_parent_name(gm, u);

	jsonw_object(w, NULL);
	jsonw_string(w, "name", u->name);
	jsonw_string(w, "side", u->side);
	jsonw_string(w, "type", u->type);
	jsonw_string(w, "kind", u->formation ? "formation" : "unit");
	jsonw_string(w, "formation", roster_formation(gm->rs->roster, u));
	jsonw_string(w, "parent", parent[0] ? parent : NULL);
	jsonw_string(w, "state", s->v.state);
	if (!u->formation) {
		jsonw_string(w, "measure", gm->rs->measure);
		jsonw_array(w, "flags");
		for (int i = 0; i < u->nflags; i++)
			if (unit_flag_in_force(u, i))
				jsonw_string(w, NULL, u->flags[i]);
		jsonw_array_end(w);
	}
	jsonw_object(w, "ratings");
	inputs_json(u->ratings, is_rating, NULL, w);
	jsonw_object_end(w);
	jsonw_members(w, s->v.json);
	jsonw_object_end(w);
}

/* Appends s to the line in width columns (> 0 right-aligned, < 0 left,
 * 0 as is), counting UTF-8 characters, not bytes. */
static void
cell(struct text_line *l, const char *s, int width)
{
	int extra = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		extra += (*p & 0xc0) == 0x80;
	line_text(l, s, width > 0 ? width + extra : width < 0 ? width - extra : 0);
}

/* Appends n spaces. */
static void
gap(struct text_line *l, int n)
{
	line_text(l, "", n);
}

/* True when column i is the text sheet's last. */
static int
last_text(const struct sheet_column *c, int i)
{
	for (int k = i + 1; c[k].key != NULL; k++)
		if (c[k].where != SHEET_CSV)
			return 0;
	return 1;
}

/* The tactical formation's column, where the rules keep one. */
#define FORMATION_WIDTH (-13)

void
view_heads(FILE *out, const struct game *gm)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	char buf[VIEW_TEXT_LINE];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	gap(&l, 2);
	cell(&l, "unit", -28);
	gap(&l, 1);
	cell(&l, "type", -15);
	if (gm->rs->roster->keeps.formations != NULL) {
		gap(&l, 1);
		cell(&l, "formation", FORMATION_WIDTH);
	}
	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		gap(&l, c[i].gap);
		cell(&l, c[i].head, last_text(c, i) ? 0 : c[i].width);
	}
	fputs(buf, out);
	fputc('\n', out);
}

/* The cell of column i: the roster's, or the unit's state. */
static const char *
cell_of(const struct sheet_column *c, int i, const struct unit_sheet *s)
{
	return strcmp(c[i].key, "state") == 0 ? s->v.state : s->v.cells[i];
}

/* The flags joined by SEP; those the state word already says left out
 * unless all. */
static void
flag_list(const struct unit_sheet *s, char *buf, size_t n, const char *sep,
    int all)
{
	buf[0] = '\0';
	for (int i = 0; i < s->u->nflags; i++)
		if (unit_flag_in_force(s->u, i) &&
		    (all || strcmp(s->u->flags[i], s->v.state) != 0))
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
			    buf[0] ? sep : "", s->u->flags[i]);
}

void
view_text(FILE *out, const struct game *gm, const struct unit_sheet *s)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	const char *formation = roster_formation(gm->rs->roster, s->u);
	char flags[256], buf[VIEW_TEXT_LINE];
	struct text_line l;

	if (s->u->formation) {
		fprintf(out, "%s (%s)\n", s->u->name, s->u->type);
		return;
	}
	flag_list(s, flags, sizeof flags, ",", 0);
	line_init(&l, buf, sizeof buf);
	gap(&l, 2);
	cell(&l, s->u->name, -28);
	gap(&l, 1);
	cell(&l, s->u->type, -15);
	if (formation != NULL) {
		gap(&l, 1);
		cell(&l, formation, FORMATION_WIDTH);
	}
	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		gap(&l, c[i].gap);
		cell(&l, cell_of(c, i, s), last_text(c, i) ? 0 : c[i].width);
	}
	if (flags[0])
		line_char(&l, ' ');
	line_text(&l, flags, 0);
	fputs(buf, out);
	fputc('\n', out);
	for (int i = 0; i < s->v.nlines; i++) {
		fputs("      ", out);
		fputs(s->v.lines[i], out);
		fputc('\n', out);
	}
}

void
view_csv_heads(FILE *out, const struct game *gm)
{
	for (const struct sheet_column *c = roster_columns(gm->rs->roster); c->key; c++) {
		if (c->where == SHEET_TEXT)
			continue;
		fputc(',', out);
		csv_put(out, c->key);
	}
	if (gm->rs->roster->keeps.formations != NULL)
		fputs(",formation", out);
	fputs(",flags\n", out);
}

void
view_csv(FILE *out, const struct game *gm, const struct unit_sheet *s)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	const char *formation = roster_formation(gm->rs->roster, s->u);
	char flags[256];

	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_TEXT)
			continue;
		fputc(',', out);
		csv_put(out, cell_of(c, i, s));
	}
	if (formation != NULL) {
		fputc(',', out);
		csv_put(out, formation);
	}
	fputc(',', out);
	flag_list(s, flags, sizeof flags, ";", 1);
	csv_put(out, flags);
	fputc('\n', out);
}
