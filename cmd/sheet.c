/*
 * sheet: the casualty sheet.  Every unit by side and formation, with the
 * rule set's own columns (strength, hits, fatigue points, push backs...),
 * state and flags; as text, --json or --csv.
 */
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "game.h"
#include "html.h"
#include "keep.h"
#include "text.h"
#include "view.h"

const struct input_decl cmd_sheet_inputs[] = {
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL, "one side only", 0 },
	{ "csv", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "comma-separated values", 0 },
	{ "html", IN_TEXT, "FILE", 0, 0, NULL, NULL, NULL,
	  "a printable page a side, strength boxes crossed off, into FILE", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* What the sheet shows: the army, perhaps one side of it, as the viewer
 * may see it. */
struct sheet {
	struct cmd_ctx *g;
	struct game *gm;
	const struct army *a;
	const char *side;
	const char **sides;	/* the sides shown, in the order first seen */
	int nsides;
	unsigned char *done;	/* scratch: a formation (index + 1) printed */
	struct viewer viewer;
	struct unit_sheet *us;	/* scratch: the unit being shown */
};

static int
shown(const struct sheet *s, int i)
{
	return s->side == NULL || strcmp(s->a->u[i].side, s->side) == 0;
}

/* A side's army-list points (rule sets whose games take a points limit). */
static int
side_points(const struct sheet *s, const char *side, double *sum)
{
	const struct roster *ro = s->gm->rs->roster;
	struct result *r;
	double cost;
	long start;
	int rc = 0;

	*sum = 0;
	/* An enemy's army list is not seen across the table, nor, at fog
	 * hidden, a side's own total (a count). */
	if (keeps_cost_counter(&ro->keeps) == NULL ||
	    viewer_side_look(&s->viewer, side) != LOOK_ALL)
		return 0;
	if ((r = malloc(sizeof *r)) == NULL)
		return cmd_error(s->g, EXIT_BUG, "out of memory");
	for (int i = 0; i < s->a->n && rc == 0; i++) {
		const struct unit *u = &s->a->u[i];

		if (u->formation || strcmp(u->side, side) != 0)
			continue;
		result_init(r);
		if (roster_rate(ro, &s->gm->ts, u->type, u->ratings, &start, &cost, r) != RULE_OK)
			rc = cmd_error(s->g, exit_of_rule(RULE_DATA), "unit '%s': %s",
			    u->name, r->error.text);
		*sum += cost;
	}
	free(r);
	return rc;
}

/* A side's losses as its rule set counts them (its measure, or its units
 * in the loss counter's state: 2x2's destroyed). */
static long
side_losses(const struct sheet *s, const char *side)
{
	long lost = 0;

	for (int i = 0; i < s->a->n; i++)
		if (strcmp(s->a->u[i].side, side) == 0)
			lost += roster_unit_loss(s->gm->rs->roster, &s->a->u[i]);
	return lost;
}

/* Prints one unit's lines. */
static int
text_unit(const struct sheet *s, const struct unit *u)
{
	int rc;

	if ((rc = view_load(s->g, s->gm, &s->viewer, u, s->us, 0)) != 0)
		return rc;
	view_text(s->g->out, s->gm, s->us);
	return 0;
}

/* The enemy's units as a side sees them: its chain of command is not on
 * the table, so under one head, in the roster's order. */
static int
text_side_seen(const struct sheet *s, const char *side)
{
	int rc;

	fputs(" units seen\n", s->g->out);
	for (int k = 0; k < s->a->n; k++)
		if (!s->a->u[k].formation && strcmp(s->a->u[k].side, side) == 0 &&
		    (rc = text_unit(s, &s->a->u[k])) != 0)
			return rc;
	return 0;
}

/* The units of one side, each formation's together (units with the same
 * formation have the same path), formations in the order their first
 * unit was added. */
static int
text_side(const struct sheet *s, const char *side)
{
	const struct army *a = s->a;
	char path[512];
	int rc;

	if (viewer_side_look(&s->viewer, side) == LOOK_ACROSS)
		return text_side_seen(s, side);
	memset(s->done, 0, (size_t)a->n + 1);
	for (int j = 0; j < a->n; j++) {
		int up = a->u[j].up;

		if (a->u[j].formation || s->done[up + 1] || strcmp(a->u[j].side, side) != 0)
			continue;
		s->done[up + 1] = 1;
		view_formation_path(a, &a->u[j], path, sizeof path);
		fprintf(s->g->out, " %s\n", path[0] ? path : "(no formation)");
		for (int k = j; k < a->n; k++)
			if (a->u[k].up == up && !a->u[k].formation &&
			    strcmp(a->u[k].side, side) == 0 && (rc = text_unit(s, &a->u[k])) != 0)
				return rc;
	}
	return 0;
}

static int
text(const struct sheet *s, const char *standing)
{
	const struct game *gm = s->gm;
	double points;
	int rc;

	fprintf(s->g->out, "%s%s%s rules, turn %ld\n", gm->info.title, gm->info.title[0] ?
	    ": " : "", gm->rs->name, gm->turn);
	if (standing[0])
		fprintf(s->g->out, "%s\n", standing);
	for (int i = 0; i < s->nsides; i++) {
		const char *side = s->sides[i];

		if ((rc = side_points(s, side, &points)) != 0)
			return rc;
		fprintf(s->g->out, "\n== %s", side);
		if (points > 0)
			fprintf(s->g->out, " (%g %s)", points,
			    keeps_cost_counter(&gm->rs->roster->keeps)->word);
		if (viewer_knows_losses(gm, &s->viewer, side))
			fprintf(s->g->out, ", losses: %ld %s", side_losses(s, side),
			    ruleset_loss_words(gm->rs, side_losses(s, side)));
		fputc('\n', s->g->out);
		view_heads(s->g->out, gm, viewer_side_look(&s->viewer, side));
		if ((rc = text_side(s, side)) != 0)
			return rc;
	}
	return 0;
}

/* The units, or the formations, as JSON objects. */
static int
json_units(const struct sheet *s, struct jsonw *w, int formations)
{
	const char *own = s->viewer.side;
	int rc;

	/* A side's view lists its own units first (CLI.md: the page's
	 * sheet.json), each part in the roster's order. */
	for (int pass = own != NULL ? 0 : 1; pass < 2; pass++)
		for (int i = 0; i < s->a->n; i++) {
			const struct unit *u = &s->a->u[i];

			if (!shown(s, i) || u->formation != formations ||
			    (formations && viewer_look(&s->viewer, u) == LOOK_ACROSS) ||
			    (own != NULL && (strcmp(u->side, own) == 0) != (pass == 0)))
				continue;
			if ((rc = view_load(s->g, s->gm, &s->viewer, u, s->us, 1)) != 0)
				return rc;
			view_json(w, s->gm, s->us);
		}
	return 0;
}

static int json_into(const struct sheet *s, struct jsonw *w);

/* The sheet as one JSON object, as large as the army makes it. */
static int
json(const struct sheet *s)
{
	struct jsonw w;
	int rc;

	jsonw_init_growing(&w);
	rc = json_into(s, &w);
	jsonw_free(&w);	/* freed already unless it failed before printing */
	return rc;
}

static int
json_into(const struct sheet *s, struct jsonw *w)
{
	const struct standing_for who = viewer_standing(&s->viewer);
	const struct counter_decl *cost;
	struct game *gm = s->gm;
	char sentence[256];
	double points;
	int rc;

	jsonw_object(w, NULL);
	jsonw_string(w, "rules", gm->rs->name);
	jsonw_string(w, "title", gm->info.title);
	jsonw_int(w, "turn", gm->turn);
	jsonw_array(w, "units");
	if ((rc = json_units(s, w, 0)) != 0)
		return rc;
	jsonw_array_end(w);
	jsonw_array(w, "formations");
	if ((rc = json_units(s, w, 1)) != 0)
		return rc;
	jsonw_array_end(w);
	if ((cost = keeps_cost_counter(&gm->rs->roster->keeps)) != NULL) {
		jsonw_object(w, cost->name);
		for (int i = 0; i < s->nsides; i++) {
			if (viewer_side_look(&s->viewer, s->sides[i]) != LOOK_ALL)
				continue;
			if ((rc = side_points(s, s->sides[i], &points)) != 0)
				return rc;
			jsonw_number(w, s->sides[i], points);
		}
		jsonw_object_end(w);
	}
	jsonw_string(w, "losses_measure", ruleset_loss_word(gm->rs));
	jsonw_object(w, "losses");
	for (int i = 0; i < s->nsides; i++)
		if (viewer_knows_losses(gm, &s->viewer, s->sides[i]))
			jsonw_int(w, s->sides[i], side_losses(s, s->sides[i]));
	jsonw_object_end(w);
	if ((rc = game_standing(s->g, gm, &who, w, sentence, sizeof sentence)) != 0)
		return rc;
	/* the sentence the text sheet heads with, for the page to say first */
	if (sentence[0] != '\0')
		jsonw_string(w, "standing_text", sentence);
	if (s->viewer.side != NULL)
		jsonw_string(w, "for", s->viewer.side);
	jsonw_string(w, "fog", gm->info.fog);
	jsonw_object_end(w);
	return cmd_print_json(s->g, w);
}

static int
csv(const struct sheet *s)
{
	int restricted = !viewer_all(&s->viewer), rc;
	char path[512];

	fputs("side,order_of_battle,name,type", s->g->out);
	view_csv_heads(s->g->out, s->gm, &s->viewer);
	for (int i = 0; i < s->a->n; i++) {
		const struct unit *u = &s->a->u[i];

		if (!shown(s, i) || u->formation)
			continue;
		if ((rc = view_load(s->g, s->gm, &s->viewer, u, s->us, 0)) != 0)
			return rc;
		view_formation_path(s->a, u, path, sizeof path);
		if (s->us->look == LOOK_ACROSS)
			path[0] = '\0';
		csv_put_text(s->g->out, u->side);
		fputc(',', s->g->out);
		csv_put_text(s->g->out, path);
		fputc(',', s->g->out);
		csv_put_text(s->g->out, u->name);
		fputc(',', s->g->out);
		csv_put_text(s->g->out, u->type);
		view_csv(s->g->out, s->gm, restricted, s->us);
	}
	return 0;
}

/* The sides shown, each once, in the order their first unit was added
 * (a side's units compared with the few sides found so far, not with
 * every unit before them). */
static void
find_sides(struct sheet *s)
{
	for (int i = 0; i < s->a->n; i++) {
		int k = 0;

		if (!shown(s, i))
			continue;
		while (k < s->nsides && strcmp(s->sides[k], s->a->u[i].side) != 0)
			k++;
		if (k == s->nsides)
			s->sides[s->nsides++] = s->a->u[i].side;
	}
}

static int
show_sides(struct sheet *s, const struct inputs *in)
{
	const struct standing_for who = viewer_standing(&s->viewer);
	struct cmd_ctx *g = s->g;
	char standing[256];
	int rc;

	find_sides(s);
	if (s->side != NULL && s->nsides == 0) {
		view_side_names(s->a, NULL, standing, sizeof standing);
		return cmd_error(g, EXIT_DATA, "--side: no unit fights for side '%s' (give %s)",
		    s->side, standing);
	}
	if (in_given(in, "html")) {
		if ((rc = html_sheet(g, s->gm, &s->viewer, s->side, in_text(in, "html"))) == 0)
			fprintf(g->out, "wrote the casualty sheet to %s\n", in_text(in, "html"));
		return rc;
	}
	if (g->json)
		return json(s);
	if (in_flag(in, "csv"))
		return csv(s);
	if ((rc = game_standing(g, s->gm, &who, NULL, standing, sizeof standing)) != 0)
		return rc;
	return text(s, standing);
}

static int
show_sheet(struct cmd_ctx *g, struct game *gm, const struct inputs *in)
{
	struct sheet s;
	int rc;

	memset(&s, 0, sizeof s);
	s.g = g;
	s.gm = gm;
	s.a = &gm->army;
	s.side = in_text(in, "side");
	if ((rc = game_army(g, gm)) != 0 || (rc = viewer_of(g, gm, &s.viewer)) != 0)
		return rc;
	s.sides = calloc((size_t)s.a->n + 1, sizeof *s.sides);
	s.done = calloc((size_t)s.a->n + 1, 1);
	s.us = view_sheet_new();
	if (s.sides == NULL || s.done == NULL || s.us == NULL)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	else
		rc = show_sides(&s, in);
	free(s.sides);
	free(s.done);
	view_sheet_free(s.us);
	return rc;
}

static int
sheet_of(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct game *gm;
	int rc;

	if ((rc = inputs_parse_command(in, "sheet", cmd_sheet_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s'", in->pos[0]);
	if (g->json + in_flag(in, "csv") + in_given(in, "html") > 1)
		return cmd_error(g, EXIT_USAGE, "give only one of --json, --csv and --html");
	if ((rc = game_get(g, &gm)) != 0)
		return rc;
	return show_sheet(g, gm, in);
}

static int
sheet(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = sheet_of(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_sheet_entry = {
	"sheet", "sheet [--side SIDE] [--for SIDE] [--json | --csv | --html FILE]",
	"the casualty sheet", CMD_GAME | CMD_VIEWS, sheet,
	"The casualty sheet: every unit by side and formation; --html FILE writes\n"
	"a printable page a side with strength boxes and a chart by turn.\n"
	"--for SIDE: what that side's commander may know at the game's fog level\n"
	"(umpire game --fog): its own units exactly, the enemy as it stands on the\n"
	"table (counts the rules keep off the table as words); --for umpire or no\n"
	"--for: everything.  --side S shows one side only.\n",
	cmd_sheet_inputs, NULL,
};
