/*
 * log: the journal.  `log [--unit U] [--turn N]` lists the events with
 * their summaries and effects; `log show ID` prints one ruling's working
 * again (as text, or the JSON it printed).
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "num.h"
#include "seen.h"
#include "text.h"

const struct input_decl cmd_log_inputs[] = {
	{ "unit", IN_TEXT, "UNIT", 0, 0, NULL, NULL, NULL, "only events naming this unit", 0 },
	{ "turn", IN_COUNT, "N", 1, 100000, NULL, NULL, NULL, "only events of this turn", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct lister {
	struct cmd_ctx *g;
	struct game *gm;
	struct jsonw w;
	int json;
	FILE *out;
	struct viewer viewer;
	struct seen_event seen;
	int rc;			/* the exit of a failure, said */
};

/* The units an event named, as db_event_roles gives them: the acting one
 * first ("unit", "attacker"), then by the roster's order. */
#define WHO 64

struct who {
	const struct army *a;
	struct { const struct unit *u; char role[32]; } named[WHO];
	int n;
};

static void
add_who(void *ctx, long long unit, const char *role)
{
	struct who *w = ctx;
	const struct unit *u = army_find(w->a, unit);

	if (u == NULL || w->n == WHO)
		return;
	w->named[w->n].u = u;
	text_copy(w->named[w->n].role, sizeof w->named[w->n].role, role);
	w->n++;
}

/* "Grand Battery (unit), Kempt (target)", and as JSON [{unit, role}]. */
static int
who_of(struct lister *l, const struct db_event *e, char *text, size_t n)
{
	struct who w;
	struct text_line t;
	int st;

	w.a = &l->gm->army;
	w.n = 0;
	if ((st = db_event_roles(l->gm->db, e->id, add_who, &w)) != DB_OK)
		return game_fail(l->g, l->gm->db, st);
	line_init(&t, text, n);
	for (int i = 0; i < w.n; i++) {
		if (i > 0)
			line_text(&t, ", ", 0);
		line_text(&t, w.named[i].u->name, 0);
		line_text(&t, " (", 0);
		line_text(&t, w.named[i].role, 0);
		line_char(&t, ')');
	}
	if (!l->json)
		return 0;
	jsonw_array(&l->w, "who");
	for (int i = 0; i < w.n; i++) {
		jsonw_object(&l->w, NULL);
		jsonw_string(&l->w, "unit", w.named[i].u->name);
		jsonw_string(&l->w, "role", w.named[i].role);
		jsonw_object_end(&l->w);
	}
	jsonw_array_end(&l->w);
	return 0;
}

static void
print_line(void *ctx, const char *line)
{
	FILE *out = ctx;

	fprintf(out, "      %s\n", line);
}

/* One event as the viewer reads it (a side: only those its units took
 * part in, told by what it sees); 1 to stop on an error, said, its exit
 * in l->rc. */
static int
one(void *ctx, const struct db_event *e)
{
	struct lister *l = ctx;
	const char *summary = e->summary, *actors;
	int whole = viewer_all(&l->viewer), st;
	char who[1024];

	if (!whole) {
		if ((l->rc = seen_event(l->g, l->gm, &l->viewer, e, &l->seen)) != 0)
			return 1;
		if (!l->seen.took_part)
			return 0;
		summary = l->seen.line;
	}
	if (l->json) {
		jsonw_object(&l->w, NULL);
		jsonw_int(&l->w, "id", (long)e->id);
		jsonw_int(&l->w, "turn", e->turn);
		jsonw_string(&l->w, "command", e->command);
		jsonw_string(&l->w, "summary", summary);
	}
	if ((l->rc = who_of(l, e, who, sizeof who)) != 0)
		return 1;
	if (l->json) {
		jsonw_bool(&l->w, "undone", e->undone != 0);
		jsonw_object_end(&l->w);
		return 0;
	}
	actors = game_event_who(who, e->advance);
	fprintf(l->out, "#%-5lld turn %-3ld %-8s %s%s%s%s\n", e->id, e->turn, e->command,
	    actors, actors[0] ? ": " : "", summary,
	    e->undone == 1 ? "  (undone; can be redone)" :
	    e->undone == 2 ? "  (undone)" : "");
	/* The effects' sentences under it: the umpire's view. */
	if (whole && (st = db_event_lines(l->gm->db, e->id, 0, print_line, l->out)) != DB_OK) {
		l->rc = game_fail(l->g, l->gm->db, st);
		return 1;
	}
	return 0;
}

/* An event as a side reads it, as one JSON object. */
static void
print_seen_json(struct cmd_ctx *g, const struct db_event *e, const char *line)
{
	char buf[SEEN_LINE * 2 + 512];
	struct jsonw w;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_int(&w, "id", (long)e->id);
	jsonw_int(&w, "turn", e->turn);
	jsonw_string(&w, "command", e->command);
	jsonw_string(&w, "summary", line);
	jsonw_bool(&w, "undone", e->undone != 0);
	jsonw_object_end(&w);
	cmd_print_json(g, &w, "the event is too large to show");
}

static int
not_in_log(struct cmd_ctx *g, const struct viewer *v, long id)
{
	return cmd_error(g, EXIT_DATA, "there is no event %ld in %s's log (the rulings its units took part in)",
	    id, v->side);
}

/* log show ID: the full working again; a side reads only what it may of
 * an event its units took part in. */
static int
show(struct cmd_ctx *g, struct game *gm, const struct viewer *v, const char *arg)
{
	struct seen_event *seen;
	struct db_event e;
	char *output;
	long id;
	int st, rc = 0;

	if (num_parse_long(arg, 1, 0x7fffffffL, &id) != NUM_OK)
		return cmd_error(g, EXIT_DATA, "'%s' is not an event number", arg);
	st = db_event_output(gm->db, id, &e, &output);
	/* A side is told the same of an event that is not in the journal as
	 * of one only the enemy took part in. */
	if (st == DB_NOTFOUND && !viewer_all(v))
		return not_in_log(g, v, id);
	if (st != DB_OK)
		return game_fail(g, gm->db, st);
	if (viewer_all(v)) {
		/* A turn's end keeps no output of its own: it is told as the
		 * log tells it. */
		if (g->json && strcmp(output, "{}") == 0)
			print_seen_json(g, &e, e.summary);
		else if (g->json)
			fprintf(g->out, "%s\n", output);
		free(output);
		if (g->json)
			return 0;
		fprintf(g->out, "event %lld, turn %ld, %s%s\n", e.id, e.turn, e.command,
		    e.undone ? " (undone)" : "");
		if ((st = db_event_lines(gm->db, id, 1, print_line, g->out)) != DB_OK)
			return game_fail(g, gm->db, st);
		return 0;
	}
	free(output);
	if ((seen = malloc(sizeof *seen)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if ((rc = seen_event(g, gm, v, &e, seen)) == 0 && !seen->took_part)
		rc = not_in_log(g, v, id);
	else if (rc == 0 && g->json)
		print_seen_json(g, &e, seen->line);
	else if (rc == 0)
		fprintf(g->out, "event %lld, turn %ld, %s%s\n  %s\n", e.id, e.turn,
		    e.command, e.undone ? " (undone)" : "", seen->line);
	free(seen);
	return rc;
}

/* The journal is listed into a JSON document of up to this size. */
#define LOG_JSON (1 << 23)

static int
list(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct inputs *in)
{
	struct lister l;
	const struct unit *u;
	long long unit = 0;
	char *buf;
	int st, rc;

	if (in_given(in, "unit")) {
		if ((u = view_unit(g, gm, v, in_text(in, "unit"), &rc)) == NULL)
			return rc;
		unit = u->id;
	}
	if ((buf = malloc(g->json ? LOG_JSON : 1)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	memset(&l, 0, sizeof l);
	l.g = g;
	l.gm = gm;
	l.json = g->json;
	l.out = g->out;
	l.viewer = *v;
	jsonw_init(&l.w, g->json ? buf : NULL, g->json ? LOG_JSON : 0);
	jsonw_object(&l.w, NULL);
	jsonw_array(&l.w, "entries");
	st = db_log(gm->db, unit, in_count(in, "turn"), one, &l);
	jsonw_array_end(&l.w);
	jsonw_object_end(&l.w);
	if (l.rc != 0)
		rc = l.rc;
	else if (st != DB_OK)
		rc = game_fail(g, gm->db, st);
	else
		rc = g->json ? cmd_print_json(g, &l.w,
		    "the journal is too long for one JSON object") : 0;
	free(buf);
	return rc;
}

static int
log_of(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct viewer v;
	struct game *gm;
	int rc;

	if ((rc = inputs_parse_command(in, "log", cmd_log_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error);
	if (in->npos > 0 && (strcmp(in->pos[0], "show") != 0 || in->npos != 2))
		return cmd_error(g, EXIT_USAGE, "log takes --unit, --turn, or 'show ID'");
	if ((rc = game_get(g, &gm)) != 0 || (rc = game_army(g, gm)) != 0 ||
	    (rc = viewer_of(g, gm, &v)) != 0)
		return rc;
	return in->npos == 2 ? show(g, gm, &v, in->pos[1]) : list(g, gm, &v, in);
}

static int
log_cmd(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *in;
	int rc;

	if (g->help) {
		fputs("usage: umpire log [--unit UNIT] [--turn N]\n"
		    "       umpire log show ID\n"
		    "Lists the journal: every ruling, correction and turn, with what it did.\n",
		    g->out);
		return EXIT_DONE;
	}
	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = log_of(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_log_entry = {
	"log", "log [--unit U] [--turn N] [--for SIDE] | log show ID", "the journal",
	CMD_GAME | CMD_VIEWS, log_cmd,
};
