/*
 * undo and redo: take back the last N events of the journal (rulings,
 * corrections, turns) or put back what was undone.  Undo marks events; it
 * never patches numbers: every state is derived from the events in force.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "num.h"

const struct input_decl cmd_undo_inputs[] = {
	{ "dry-run", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "show what would go, change nothing", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* What undo or redo takes: kept until the commit, then printed. */
struct shown {
	struct jsonw w;
	int json, count;
	const char *verb;
	char text[16384];
	int argc;		/* the command's arguments */
	char **argv;
};

static int
show(void *ctx, const struct db_event *e)
{
	struct shown *s = ctx;
	const char *actors = game_event_who(e->who, e->advance);

	s->count++;
	jsonw_object(&s->w, NULL);
	jsonw_int(&s->w, "id", (long)e->id);
	jsonw_int(&s->w, "turn", e->turn);
	jsonw_string(&s->w, "command", e->command);
	jsonw_string(&s->w, "units", e->units);
	jsonw_string(&s->w, "summary", e->summary);
	jsonw_object_end(&s->w);
	/* who as the log names it: the acting unit first, with roles */
	snprintf(s->text + strlen(s->text), sizeof s->text - strlen(s->text),
	    "%s #%lld turn %ld %s%s%s: %s\n", s->verb, e->id, e->turn, e->command,
	    actors[0] ? " of " : "", actors, e->summary);
	return 0;
}

/* Asked for more than there is, undo or redo takes all there is, and
 * says so before listing them. */
static void
say_fewer(FILE *out, int count, int redo, int dry_run)
{
	fprintf(out, "only %d ruling%s %s be %s:\n", count, count == 1 ? "" : "s",
	    dry_run ? "can" : "could", redo ? "redone" : "undone");
}

/* The JSON of what undo or redo takes, kept until the commit. */
#define SHOWN_JSON (1 << 20)

static int
take_back(struct cmd_ctx *g, struct inputs *in, int redo, struct shown *s,
    char *buf)
{
	struct game *gm;
	long n = 1;
	int rc, st, done;

	if ((rc = inputs_parse_command(in, g->command, redo ? NULL : cmd_undo_inputs,
	    NULL, s->argc, s->argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error);
	if (in->npos > 1)
		return cmd_error(g, EXIT_USAGE, "%s takes at most one number N", g->command);
	if (in->npos == 1 && num_parse_long(in->pos[0], 1, 1000, &n) != NUM_OK)
		return cmd_error(g, EXIT_DATA, "'%s' is not a number of rulings from 1 to 1000",
		    in->pos[0]);
	if ((rc = game_get_mode(g, !in_flag(in, "dry-run"), &gm)) != 0)
		return rc;
	s->json = g->json;
	s->verb = in_flag(in, "dry-run") ? "would undo" : redo ? "redid" : "undid";
	jsonw_init(&s->w, buf, SHOWN_JSON);
	jsonw_object(&s->w, NULL);
	jsonw_bool(&s->w, "dry_run", in_flag(in, "dry-run"));
	jsonw_array(&s->w, redo ? "redone" : "undone");
	st = db_undo_candidates(gm->db, (int)n, redo, show, s);
	if (st == DB_OK && !in_flag(in, "dry-run"))
		st = db_undo_mark(gm->db, (int)n, redo, &done);
	if (st != DB_OK)
		return game_fail(g, st);
	jsonw_array_end(&s->w);
	jsonw_object_end(&s->w);
	if (s->w.overflow)
		return cmd_error(g, EXIT_BUG, "too many events to list");
	if (g->json)
		fprintf(g->out, "%s\n", buf);
	else if (s->count == 0)
		fprintf(g->out, "nothing to %s\n", redo ? "redo" : "undo");
	else {
		if (s->count < n)
			say_fewer(g->out, s->count, redo, in_flag(in, "dry-run"));
		fputs(s->text, g->out);
	}
	return 0;
}

/* What undo or redo works in, made for the command. */
struct undo_work {
	struct inputs in;
	struct shown s;
	char buf[SHOWN_JSON];
};

static int
undo_redo(struct cmd_ctx *g, int argc, char **argv, int redo)
{
	struct undo_work *w;
	int rc;

	if (g->help) {
		fprintf(g->out, "usage: umpire %s [N]%s\n%s\n", redo ? "redo" : "undo",
		    redo ? "" : " [--dry-run]",
		    redo ? "Puts back the last N rulings undone (until a new one is recorded)." :
		    "Takes back the last N rulings, corrections and turns, exactly.");
		return EXIT_DONE;
	}
	if ((w = calloc(1, sizeof *w)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	w->s.argc = argc;
	w->s.argv = argv;
	rc = take_back(g, &w->in, redo, &w->s, w->buf);
	free(w);
	return rc;
}

static int
undo(struct cmd_ctx *g, int argc, char **argv)
{
	return undo_redo(g, argc, argv, 0);
}

static int
redo(struct cmd_ctx *g, int argc, char **argv)
{
	return undo_redo(g, argc, argv, 1);
}

const struct cmd_entry cmd_undo_entry = {
	"undo", "undo [N] [--dry-run]", "take back rulings", CMD_NO_PREFIX | CMD_WRITES, undo,
};
const struct cmd_entry cmd_redo_entry = {
	"redo", "redo [N]", "put back what was undone", CMD_NO_PREFIX | CMD_WRITES, redo,
};
