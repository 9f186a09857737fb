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

const struct input_decl cmd_log_inputs[] = {
	{ "unit", IN_TEXT, "UNIT", 0, 0, NULL, NULL, NULL, "only events naming this unit", 0 },
	{ "turn", IN_COUNT, "N", 1, 100000, NULL, NULL, NULL, "only events of this turn", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct lister {
	struct game *gm;
	struct jsonw w;
	int json;
	FILE *out;
};

static void
print_line(void *ctx, const char *line)
{
	FILE *out = ctx;

	fprintf(out, "      %s\n", line);
}

static int
one(void *ctx, const struct db_event *e)
{
	struct lister *l = ctx;

	if (l->json) {
		jsonw_object(&l->w, NULL);
		jsonw_int(&l->w, "id", (long)e->id);
		jsonw_int(&l->w, "turn", e->turn);
		jsonw_string(&l->w, "command", e->command);
		jsonw_string(&l->w, "summary", e->summary);
		jsonw_string(&l->w, "who", e->who);
		jsonw_bool(&l->w, "undone", e->undone != 0);
		jsonw_object_end(&l->w);
		return 0;
	}
	fprintf(l->out, "#%-5lld turn %-3ld %-8s %s%s%s%s\n", e->id, e->turn, e->command,
	    e->who, e->who[0] ? ": " : "", e->summary,
	    e->undone == 1 ? "  (undone; can be redone)" :
	    e->undone == 2 ? "  (undone)" : "");
	return 0;
}

/* The effects' notes under each listed event (text only). */
static int
one_with_effects(void *ctx, const struct db_event *e)
{
	struct lister *l = ctx;

	one(ctx, e);
	if (!l->json && db_event_lines(l->gm->db, e->id, 0, print_line, l->out) != DB_OK)
		return 1;
	return 0;
}

static int
show(struct cmd_ctx *g, struct game *gm, const char *arg)
{
	struct db_event e;
	char *output;
	long id;
	int st;

	if (num_parse_long(arg, 1, 0x7fffffffL, &id) != NUM_OK)
		return cmd_error(g, EXIT_DATA, "'%s' is not an event number", arg);
	if ((st = db_event_output(gm->db, id, &e, &output)) != DB_OK)
		return game_fail(g, st);
	if (g->json) {
		fprintf(g->out, "%s\n", output);
		free(output);
		return 0;
	}
	free(output);
	fprintf(g->out, "event %lld, turn %ld, %s%s\n", e.id, e.turn, e.command,
	    e.undone ? " (undone)" : "");
	if ((st = db_event_lines(gm->db, id, 1, print_line, g->out)) != DB_OK)
		return game_fail(g, st);
	return 0;
}

/* The journal is listed into a JSON document of up to this size. */
#define LOG_JSON (1 << 23)

static int
list(struct cmd_ctx *g, struct game *gm, const struct inputs *in)
{
	struct lister l = { gm, { 0 }, g->json, g->out };
	const struct unit *u;
	long long unit = 0;
	char *buf;
	int st, rc;

	if (in_given(in, "unit")) {
		if ((u = game_unit(g, gm, in_text(in, "unit"), &rc)) == NULL)
			return rc;
		unit = u->id;
	}
	if ((buf = malloc(g->json ? LOG_JSON : 1)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	jsonw_init(&l.w, buf, g->json ? LOG_JSON : 1);
	jsonw_object(&l.w, NULL);
	jsonw_array(&l.w, "entries");
	st = db_log(gm->db, unit, in_count(in, "turn"), one_with_effects, &l);
	jsonw_array_end(&l.w);
	jsonw_object_end(&l.w);
	if (st != DB_OK)
		rc = game_fail(g, st);
	else
		rc = g->json ? cmd_print_json(g, &l.w,
		    "the journal is too long for one JSON object") : 0;
	free(buf);
	return rc;
}

static int
log_of(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	struct game *gm;
	int rc;

	if ((rc = inputs_parse_command(in, "log", cmd_log_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error);
	if (in->npos > 0 && (strcmp(in->pos[0], "show") != 0 || in->npos != 2))
		return cmd_error(g, EXIT_USAGE, "log takes --unit, --turn, or 'show ID'");
	if ((rc = game_get(g, &gm)) != 0)
		return rc;
	return in->npos == 2 ? show(g, gm, in->pos[1]) : list(g, gm, in);
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
	"log", "log [--unit U] [--turn N] | log show ID", "the journal", CMD_GAME, log_cmd,
};
