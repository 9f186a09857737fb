/*
 * sheet: the casualty sheet.  Every unit by side and formation: its
 * starting and current strength, losses, state, push backs (the run and
 * the game's count) and flags; as text, --json or --csv.
 */
#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "game.h"
#include "view.h"

static const struct input_decl sheet_inputs[] = {
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL, "one side only", 0 },
	{ "csv", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "comma-separated values", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct sheet {
	struct unit_sheet *u;
	int n, cap;
	const struct global *g;
	struct game *gm;
	const char *side;
	int rc;
};

static int
collect(void *ctx, const struct db_unit *row)
{
	struct sheet *s = ctx;

	if (s->side != NULL && strcmp(row->side, s->side) != 0)
		return 0;
	if (s->n == s->cap) {
		int cap = s->cap ? s->cap * 2 : 32;
		struct unit_sheet *p = realloc(s->u, (size_t)cap * sizeof *p);

		if (p == NULL) {
			s->rc = cmd_error(s->g, EXIT_BUG, "out of memory");
			return 1;
		}
		s->u = p;
		s->cap = cap;
	}
	if ((s->rc = view_load(s->g, s->gm, row, &s->u[s->n])) != 0)
		return 1;
	s->n++;
	return 0;
}

/* "Corps > Division": the chain of formations above a unit. */
static void
formation_path(const struct sheet *s, const struct unit_sheet *u, char *buf,
    size_t n)
{
	const char *chain[16];
	int depth = 0;
	long long parent = u->row.parent_id;

	while (parent != 0 && depth < 16) {
		int found = 0;

		for (int i = 0; i < s->n; i++)
			if (s->u[i].row.id == parent) {
				chain[depth++] = s->u[i].row.name;
				parent = s->u[i].row.parent_id;
				found = 1;
				break;
			}
		if (!found)
			break;
	}
	buf[0] = '\0';
	while (depth-- > 0)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", chain[depth],
		    depth ? " > " : "");
}

static int
side_seen(const struct sheet *s, int upto, const char *side)
{
	for (int i = 0; i < upto; i++)
		if (strcmp(s->u[i].row.side, side) == 0)
			return 1;
	return 0;
}

/* A side's army-list points. */
static double
side_points(const struct sheet *s, const char *side)
{
	double sum = 0;

	for (int i = 0; i < s->n; i++)
		if (strcmp(s->u[i].row.side, side) == 0)
			sum += s->u[i].cost;
	return sum;
}

static void
text(const struct sheet *s, const struct game *gm, const char *standing)
{
	char path[512], last[512];

	printf("%s%s%s rules, turn %ld\n", gm->info.title, gm->info.title[0] ?
	    ": " : "", gm->rs->name, gm->turn);
	if (standing != NULL && standing[0])
		printf("%s\n", standing);
	for (int i = 0; i < s->n; i++) {
		const char *side = s->u[i].row.side;

		if (side_seen(s, i, side))
			continue;
		if (side_points(s, side) > 0)
			printf("\n== %s (%g AP)\n", side, side_points(s, side));
		else
			printf("\n== %s\n", side);
		view_heads(stdout, gm);
		/* Each formation's units together, formations in the order
		 * their first unit was added. */
		for (int j = i; j < s->n; j++) {
			int seen = 0;

			if (strcmp(s->u[j].row.side, side) != 0 || s->u[j].row.formation)
				continue;
			formation_path(s, &s->u[j], path, sizeof path);
			for (int k = i; k < j && !seen; k++) {
				if (strcmp(s->u[k].row.side, side) != 0 || s->u[k].row.formation)
					continue;
				formation_path(s, &s->u[k], last, sizeof last);
				seen = strcmp(last, path) == 0;
			}
			if (seen)
				continue;
			printf(" %s\n", path[0] ? path : "(no formation)");
			for (int k = j; k < s->n; k++) {
				if (strcmp(s->u[k].row.side, side) != 0 || s->u[k].row.formation)
					continue;
				formation_path(s, &s->u[k], last, sizeof last);
				if (strcmp(last, path) == 0)
					view_text(stdout, gm, &s->u[k]);
			}
		}
	}
}

static int
json(const struct global *g, const struct sheet *s, struct game *gm)
{
	static char buf[1 << 24];
	char sentence[256];
	struct jsonw w;
	int rc;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", gm->rs->name);
	jsonw_string(&w, "title", gm->info.title);
	jsonw_int(&w, "turn", gm->turn);
	jsonw_array(&w, "units");
	for (int i = 0; i < s->n; i++)
		if (!s->u[i].row.formation)
			view_json(&w, gm, &s->u[i]);
	jsonw_array_end(&w);
	jsonw_array(&w, "formations");
	for (int i = 0; i < s->n; i++)
		if (s->u[i].row.formation)
			view_json(&w, gm, &s->u[i]);
	jsonw_array_end(&w);
	if (gm->rs->roster->game_inputs != NULL) {
		jsonw_object(&w, "points");
		for (int i = 0; i < s->n; i++)
			if (!side_seen(s, i, s->u[i].row.side))
				jsonw_number(&w, s->u[i].row.side,
				    side_points(s, s->u[i].row.side));
		jsonw_object_end(&w);
	}
	if ((rc = game_standing(g, gm, &w, sentence, sizeof sentence)) != 0)
		return rc;
	jsonw_object_end(&w);
	return cmd_print_json(g, &w, "the sheet is too large");
}

static void
cell(const char *v, int first)
{
	if (!first)
		putchar(',');
	csv_put(stdout, v);
}

static void
csv(const struct sheet *s)
{
	static const char *const head[] = {
		"side", "formation", "name", "type", "start_strength", "strength",
		"losses", "state", "pushback_run", "pushback_total", "flags", NULL
	};

	for (int i = 0; head[i] != NULL; i++)
		cell(head[i], i == 0);
	putchar('\n');
	for (int i = 0; i < s->n; i++) {
		const struct unit_sheet *u = &s->u[i];
		char path[512], num[5][32], flags[256] = "";

		if (u->row.formation)
			continue;
		formation_path(s, u, path, sizeof path);
		snprintf(num[0], 32, "%ld", u->row.start_strength);
		snprintf(num[1], 32, "%ld", u->v.strength);
		snprintf(num[2], 32, "%ld", u->u.losses);
		snprintf(num[3], 32, "%ld", u->pb_run);
		snprintf(num[4], 32, "%ld", u->u.pb_total);
		for (int f = 0; f < u->u.nflags; f++)
			snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
			    "%s%s", f ? ";" : "", u->u.flags[f]);
		cell(u->row.side, 1);
		cell(path, 0);
		cell(u->row.name, 0);
		cell(u->row.type, 0);
		for (int k = 0; k < 3; k++)
			cell(num[k], 0);
		cell(u->v.state, 0);
		cell(num[3], 0);
		cell(num[4], 0);
		cell(flags, 0);
		putchar('\n');
	}
}

static int
sheet(struct global *g, int argc, char **argv)
{
	static struct inputs in;
	struct sheet s = { NULL, 0, 0, g, NULL, NULL, 0 };
	struct game gm;
	int rc, st;

	if (g->help) {
		puts("usage: umpire sheet [--side SIDE] [--json | --csv]\n"
		    "The casualty sheet: every unit by side and formation.");
		return EXIT_DONE;
	}
	if ((rc = inputs_parse_command(&in, "sheet", sheet_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, rc, "%s", in.error);
	if (in.npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s'", in.pos[0]);
	if (g->json && in_flag(&in, "csv"))
		return cmd_error(g, EXIT_USAGE, "--json and --csv do not go together");
	if ((rc = game_open(g, 0, &gm)) != 0)
		return rc;
	s.gm = &gm;
	s.side = in_text(&in, "side");
	st = db_unit_each(gm.db, collect, &s);
	rc = s.rc;
	if (rc == 0 && st != DB_OK)
		rc = game_fail(g, st);
	if (rc == 0 && s.side != NULL && s.n == 0)
		rc = cmd_error(g, EXIT_DATA, "no unit fights for side '%s'", s.side);
	if (rc == 0) {
		char standing[256];

		if (g->json)
			rc = json(g, &s, &gm);
		else if (in_flag(&in, "csv"))
			csv(&s);
		else if ((rc = game_standing(g, &gm, NULL, standing, sizeof standing)) == 0)
			text(&s, &gm, gm.rs->roster->standing != NULL ? standing : NULL);
	}
	free(s.u);
	return game_close(g, &gm, rc);
}

const struct cmd_entry cmd_sheet_entry = {
	"sheet", "sheet [--side S] [--json | --csv]", "the casualty sheet", 0, sheet,
};
