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
	struct seen_log numbers;	/* a side's: its log's own numbers */
	struct seen_event seen;
	int rc;			/* the exit of a failure, said */
};

/* The units an event named, as db_event_roles gives them: the acting one
 * first ("unit", "attacker"), then by the roster's order.  As many as the
 * event named: the list grows. */
struct who {
	const struct army *a;
	/* a role is a word the rule set declares ("target"), well inside */
	struct { const struct unit *u; char role[32]; } *named;
	int n, cap;
	int no_memory;
};

static void
add_who(void *ctx, long long unit, const char *role)
{
	struct who *w = ctx;
	const struct unit *u = army_find(w->a, unit);

	if (u == NULL || w->no_memory)
		return;
	if (w->n == w->cap) {
		int cap = w->cap ? 2 * w->cap : 8;
		void *named = realloc(w->named, (size_t)cap * sizeof *w->named);

		if (named == NULL) {
			w->no_memory = 1;
			return;
		}
		w->named = named;
		w->cap = cap;
	}
	w->named[w->n].u = u;
	text_copy(w->named[w->n].role, sizeof w->named[w->n].role, role);
	w->n++;
}

/* The units event e named, into w (freed by the caller); 0 or the exit,
 * said. */
static int
who_of(struct lister *l, const struct db_event *e, struct who *w)
{
	int st;

	memset(w, 0, sizeof *w);
	w->a = &l->gm->army;
	if ((st = db_event_roles(l->gm->db, e->id, add_who, w)) != DB_OK)
		return game_fail(l->g, l->gm->db, st);
	if (w->no_memory)
		return cmd_error(l->g, EXIT_BUG, "out of memory");
	return 0;
}

/* "Grand Battery (unit), Kempt (target): " before the summary. */
static void
print_who(FILE *out, const struct who *w)
{
	for (int i = 0; i < w->n; i++)
		fprintf(out, "%s%s (%s)", i > 0 ? ", " : "", w->named[i].u->name,
		    w->named[i].role);
	if (w->n > 0)
		fputs(": ", out);
}

/* The units as JSON, [{unit, role}]. */
static void
json_who(struct jsonw *j, const struct who *w)
{
	jsonw_array(j, "who");
	for (int i = 0; i < w->n; i++) {
		jsonw_object(j, NULL);
		jsonw_string(j, "unit", w->named[i].u->name);
		jsonw_string(j, "role", w->named[i].role);
		jsonw_object_end(j);
	}
	jsonw_array_end(j);
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
	const char *summary = e->summary;
	int whole = viewer_all(&l->viewer), st = DB_OK;
	long long number = seen_log_number(&l->viewer, &l->numbers, e->id);
	struct who w;

	if (!whole) {
		if ((l->rc = seen_event(l->g, l->gm, &l->viewer, e, &l->seen)) != 0)
			return 1;
		if (!l->seen.took_part)
			return 0;
		summary = l->seen.line;
	}
	if ((l->rc = who_of(l, e, &w)) != 0) {
		free(w.named);
		return 1;
	}
	if (l->json) {
		jsonw_object(&l->w, NULL);
		jsonw_int(&l->w, "id", (long)number);
		jsonw_int(&l->w, "turn", e->turn);
		jsonw_string(&l->w, "command", e->command);
		jsonw_string(&l->w, "summary", summary);
		json_who(&l->w, &w);
		jsonw_bool(&l->w, "undone", e->undone != 0);
		jsonw_object_end(&l->w);
	} else {
		fprintf(l->out, "#%-5lld turn %-3ld %-8s ", number, e->turn, e->command);
		if (!e->advance)
			print_who(l->out, &w);
		fprintf(l->out, "%s%s\n", summary, e->undone == 1 ? "  (undone; can be redone)" :
		    e->undone == 2 ? "  (undone)" : "");
		/* The effects' sentences under it: the umpire's view. */
		if (whole)
			st = db_event_lines(l->gm->db, e->id, 0, print_line, l->out);
	}
	free(w.named);
	if (st != DB_OK)
		l->rc = game_fail(l->g, l->gm->db, st);
	return st != DB_OK;
}

/* An event as a side reads it (its number in the side's log), as one
 * JSON object. */
static int
print_seen_json(struct cmd_ctx *g, const struct db_event *e, long long number,
    const char *line)
{
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_int(&w, "id", (long)number);
	jsonw_int(&w, "turn", e->turn);
	jsonw_string(&w, "command", e->command);
	jsonw_string(&w, "summary", line);
	jsonw_bool(&w, "undone", e->undone != 0);
	jsonw_object_end(&w);
	return cmd_print_json(g, &w);
}

/* A side asks for an entry past the end of its log of n entries. */
static int
not_in_log(struct cmd_ctx *g, const struct viewer *v, long id, size_t n)
{
	return cmd_error(g, EXIT_DATA,
	    "there is no event %ld in %s's log, which has %zu (the rulings its units took part in; log --for lists them)",
	    id, v->side, n);
}

/* log show ID in the umpire's view: the full working again. */
static int
show_whole(struct cmd_ctx *g, struct game *gm, long id)
{
	struct db_event e;
	char *output;
	int st, rc = 0;

	if ((st = db_event_output(gm->db, id, &e, &output)) != DB_OK)
		return game_fail(g, gm->db, st);
	/* A turn's end keeps no output of its own: it is told as the log
	 * tells it. */
	if (g->json && strcmp(output, "{}") == 0)
		rc = print_seen_json(g, &e, e.id, e.summary);
	else if (g->json)
		fprintf(g->out, "%s\n", output);
	free(output);
	if (!g->json)
		fprintf(g->out, "event %lld, turn %ld, %s%s\n", e.id, e.turn, e.command,
		    e.undone ? " (undone)" : "");
	db_event_free(&e);
	if (g->json)
		return rc;
	if ((st = db_event_lines(gm->db, id, 1, print_line, g->out)) != DB_OK)
		return game_fail(g, gm->db, st);
	return 0;
}

/* log show N for a side: entry N of its own log (numbered by what it
 * sees), as it may read it. */
static int
show_seen(struct cmd_ctx *g, struct game *gm, const struct viewer *v, long number)
{
	struct seen_event seen = { 0, NULL };
	struct seen_log log;
	struct db_event e;
	char *output;
	int st, rc;

	if ((rc = seen_log_read(g, gm, v, &log)) != 0)
		return rc;
	if ((size_t)number > log.n) {
		rc = not_in_log(g, v, number, log.n);
		seen_log_free(&log);
		return rc;
	}
	st = db_event_output(gm->db, log.id[number - 1], &e, &output);
	seen_log_free(&log);
	if (st != DB_OK)
		return game_fail(g, gm->db, st);
	free(output);
	if ((rc = seen_event(g, gm, v, &e, &seen)) == 0 && g->json)
		rc = print_seen_json(g, &e, number, seen.line);
	else if (rc == 0)
		fprintf(g->out, "event %ld, turn %ld, %s%s\n  %s\n", number, e.turn,
		    e.command, e.undone ? " (undone)" : "", seen.line);
	seen_event_free(&seen);
	db_event_free(&e);
	return rc;
}

/* log show ID: the full working again; a side reads entry ID of its own
 * log, only what it may. */
static int
show(struct cmd_ctx *g, struct game *gm, const struct viewer *v, const char *arg)
{
	long id;

	if (num_parse_long(arg, 1, 0x7fffffffL, &id) != NUM_OK)
		return cmd_error(g, EXIT_DATA, "'%s' is not an event number: give a whole number, as 'umpire log' lists them", arg);
	return viewer_all(v) ? show_whole(g, gm, id) : show_seen(g, gm, v, id);
}

static int
list(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct inputs *in)
{
	struct lister l;
	const struct unit *u;
	long long unit = 0;
	int st, rc;

	if (in_given(in, "unit")) {
		if ((u = view_unit(g, gm, v, in_text(in, "unit"), &rc)) == NULL)
			return rc;
		unit = u->id;
	}
	memset(&l, 0, sizeof l);
	l.g = g;
	l.gm = gm;
	l.json = g->json;
	l.out = g->out;
	l.viewer = *v;
	if (!viewer_all(v) && (rc = seen_log_read(g, gm, v, &l.numbers)) != 0)
		return rc;
	jsonw_init_if(&l.w, g->json);
	jsonw_object(&l.w, NULL);
	jsonw_array(&l.w, "entries");
	st = db_log(gm->db, unit, in_count(in, "turn"), one, &l);
	jsonw_array_end(&l.w);
	jsonw_object_end(&l.w);
	if (l.rc != 0)
		rc = l.rc;
	else if (st != DB_OK)
		rc = game_fail(g, gm->db, st);
	else if (g->json)
		rc = cmd_print_json(g, &l.w);
	else
		rc = 0;
	jsonw_free(&l.w);
	seen_log_free(&l.numbers);
	seen_event_free(&l.seen);
	return rc;
}

static int
log_of(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct viewer v;
	struct game *gm;
	int rc;

	if ((rc = inputs_parse_command(in, "log", cmd_log_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0 && (strcmp(in->pos[0], "show") != 0 || in->npos != 2))
		return cmd_error(g, EXIT_USAGE, in->npos == 1 && strcmp(in->pos[0], "show") == 0 ?
		    "give the event's number: log show ID ('umpire log' lists them)" :
		    "give --unit NAME, --turn N, or 'show ID'");
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

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = log_of(g, in, argc, argv);
	free(in);
	return rc;
}

const struct cmd_entry cmd_log_entry = {
	"log", "log [--unit UNIT] [--turn N] [--for SIDE]\nlog show ID", "the journal",
	CMD_GAME | CMD_VIEWS, log_cmd,
	"Lists the journal: every ruling, correction and turn, with what it did.\n"
	"With --for SIDE, the rulings that side's units took part in, numbered\n"
	"1, 2, 3... in the side's own log (log show takes that number).\n",
	cmd_log_inputs, NULL,
};
