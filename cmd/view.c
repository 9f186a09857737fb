/* view: units as the sheet and `unit show` print them. */
#include <string.h>

#include "view.h"

int
view_load(const struct global *g, struct game *gm, const struct db_unit *row,
    struct unit_sheet *s)
{
	int st, rc;

	memset(s, 0, sizeof *s);
	s->row = *row;
	if ((st = db_unit_state(gm->db, row, &s->u)) != DB_OK)
		return game_fail(g, st);
	if ((rc = game_ratings(g, gm, row, &s->u)) != 0)
		return rc;
	jsonw_init(&s->v.w, s->v.json, sizeof s->v.json);
	jsonw_object(&s->v.w, NULL);
	s->v.strength = row->start_strength - s->u.losses;
	if (!row->formation && gm->rs->roster != NULL) {
		static struct result scratch;
		long start;

		gm->rs->roster->view(&gm->ts, &s->u, &s->v);
		result_init(&scratch);
		if (gm->rs->roster->rate(&gm->ts, row->type, &s->u.ratings, &start,
		    &s->cost, &scratch) != RULE_OK)
			s->cost = 0;
	}
	jsonw_object_end(&s->v.w);
	if (s->v.state[0] == '\0')
		snprintf(s->v.state, sizeof s->v.state, "%s",
		    s->u.state[0] ? s->u.state : "ok");
	/* "A run continues while the same melee is pushed back in
	 * consecutive turns": a turn without a push back ends it. */
	s->pb_run = gm->turn - s->u.pb_turn <= 1 ? s->u.pb_run : 0;
	return 0;
}

void
view_json(struct jsonw *w, const struct game *gm, const struct unit_sheet *s)
{
	const struct db_unit *r = &s->row;

	jsonw_object(w, NULL);
	jsonw_string(w, "name", r->name);
	jsonw_string(w, "side", r->side);
	jsonw_string(w, "type", r->type);
	jsonw_bool(w, "formation", r->formation);
	jsonw_string(w, "parent", r->parent[0] ? r->parent : NULL);
	jsonw_string(w, "state", s->v.state);
	if (!r->formation) {
		jsonw_int(w, "start_strength", r->start_strength);
		jsonw_int(w, "strength", s->v.strength);
		jsonw_int(w, "losses", s->u.losses);
		jsonw_string(w, "measure", gm->rs->measure);
		jsonw_object(w, "pushbacks");
		jsonw_int(w, "run", s->pb_run);
		jsonw_int(w, "total", s->u.pb_total);
		jsonw_object_end(w);
		jsonw_array(w, "flags");
		for (int i = 0; i < s->u.nflags; i++)
			jsonw_string(w, NULL, s->u.flags[i]);
		jsonw_array_end(w);
	}
	jsonw_raw(w, "ratings", r->ratings);
	jsonw_members(w, s->v.json);
	jsonw_object_end(w);
}

/* Prints s left-aligned in width columns, counting UTF-8 characters. */
static void
pad(FILE *out, const char *s, int width)
{
	int chars = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		chars += (*p & 0xc0) != 0x80;
	fputs(s, out);
	for (; chars < width; chars++)
		fputc(' ', out);
}

/* Rule sets with push-back runs (brigade). */
static int
counts_pushbacks(const struct game *gm)
{
	return strcmp(gm->rs->measure, "figures") == 0;
}

/* Rule sets that count hit markers, which go up. */
static int
counts_hits(const struct game *gm)
{
	return strcmp(gm->rs->measure, "hits") == 0;
}

/* Rule sets that count states, not a strength. */
static int
counts_states(const struct game *gm)
{
	return strcmp(gm->rs->measure, "states") == 0;
}

void
view_heads(FILE *out, const struct game *gm)
{
	if (counts_states(gm))
		fprintf(out, "  %-28s %-15s %-8s %-10s %s\n", "unit", "type", "size",
		    "state", "AP");
	else if (counts_hits(gm))
		fprintf(out, "  %-28s %-15s %4s  %s\n", "unit", "type", "hits", "state");
	else if (!counts_pushbacks(gm))
		fprintf(out, "  %-28s %-15s %5s %5s %6s  %s\n", "unit", "type",
		    "start", "now", "lost", "state, flags");
	else
		fprintf(out, "  %-28s %-15s %5s %5s %6s  %-9s %s\n", "unit", "type",
		    "start", "now", "lost", "state", "push backs run/all, flags");
}

void
view_text(FILE *out, const struct game *gm, const struct unit_sheet *s)
{
	const struct db_unit *r = &s->row;
	char flags[128] = "";

	for (int i = 0; i < s->u.nflags; i++)
		if (strcmp(s->u.flags[i], s->v.state) != 0)
			snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
			    "%s%s", flags[0] ? "," : " ", s->u.flags[i]);
	if (r->formation) {
		fprintf(out, "%s (%s)\n", r->name, r->type);
		return;
	}
	fputs("  ", out);
	pad(out, r->name, 28);
	if (counts_states(gm)) {
		const char *size = in_text(&s->u.ratings, "size");

		fprintf(out, " %-15s %-8s %-10s %g%s\n", r->type,
		    size != NULL ? size : "common", s->v.state, s->cost, flags);
		return;
	}
	if (counts_hits(gm)) {
		fprintf(out, " %-15s %4ld  %s%s\n", r->type, s->u.losses, s->v.state, flags);
		for (int i = 1; i < s->v.nlines; i++)
			fprintf(out, "      %s\n", s->v.lines[i]);
		return;
	}
	if (!counts_pushbacks(gm))
		fprintf(out, " %-15s %5ld %5ld %6ld  %s%s\n", r->type,
		    r->start_strength, s->v.strength, s->u.losses, s->v.state, flags);
	else
		fprintf(out, " %-15s %5ld %5ld %6ld  %-9s %ld/%ld%s\n", r->type,
		    r->start_strength, s->v.strength, s->u.losses, s->v.state,
		    s->pb_run, s->u.pb_total, flags);
	for (int i = 0; i < s->v.nlines; i++)
		fprintf(out, "      %s\n", s->v.lines[i]);
}
