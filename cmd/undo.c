/*
 * undo and redo: take back the last entry of the journal, whatever it is
 * (a ruling, one that changed nothing too, a correction, a turn's end),
 * or with --to ID event ID and every entry in force after it; redo puts
 * back the entry undone last, or every one up to ID.  Undo marks events;
 * it never patches numbers: every state is the journal in force, applied
 * in event order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "num.h"

/* Event ids, as JSON readers hold them exactly (below 2^53). */
#define EVENT_ID_MAX 9007199254740991L

const struct input_decl cmd_undo_inputs[] = {
	{ "to", IN_TEXT, "ID", 0, 0, NULL, NULL, NULL,
	  "take back event ID and every entry in force after it (redo: bring back every entry up to ID)", 0 },
	{ "dry-run", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "show what would go, change nothing", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* What undo or redo takes, kept until the commit, then printed. */
struct shown {
	struct jsonw w;
	FILE *text;		/* the text lines, into text_buf */
	char *text_buf;
	size_t text_len;
	int count;
	const char *verb;
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
	fprintf(s->text, "%s #%lld turn %ld %s%s%s: %s\n", s->verb, e->id, e->turn,
	    e->command, actors[0] ? " of " : "", actors, e->summary);
	return 0;
}

/* --to ID as typed: 0 without it, else the id (an error printed). */
static int
reach(struct cmd_ctx *g, const struct inputs *in, long *to)
{
	const char *text = in_text(in, "to");

	*to = 0;
	if (text != NULL && num_parse_long(text, 1, EVENT_ID_MAX, to) != NUM_OK)
		return cmd_error(g, EXIT_DATA, "--to: '%s' is not an event id (a whole number from 1, as the log shows it)",
		    text);
	return 0;
}

/* Event TO must be one undo (in force) or redo (undone, not cleared)
 * can reach. */
static int
reachable(struct cmd_ctx *g, struct game *gm, long to, int redo)
{
	int undone, st;

	if (to == 0)
		return 0;
	if ((st = db_event_undone(gm->db, to, &undone)) != DB_OK)
		return game_fail(g, gm->db, st);
	if (!redo && undone != 0)
		return cmd_error(g, EXIT_DATA, "event %ld is already undone%s", to,
		    undone == 1 ? " (redo brings it back)" : "");
	if (redo && undone == 0)
		return cmd_error(g, EXIT_DATA, "event %ld is not undone: there is nothing to redo there",
		    to);
	if (redo && undone == 2)
		return cmd_error(g, EXIT_DATA, "event %ld cannot be redone: an entry was made after it was undone",
		    to);
	return 0;
}

/* undo and redo write; --dry-run only reads what they would do. */
static const struct cmd_sub undo_forms[] = {
	{ "take back", CMD_WRITES, NULL },
	{ "dry-run", CMD_GAME, NULL },
	{ NULL, 0, NULL },
};

/* Lists, and unless a dry run marks, what undo or redo takes; the lists
 * are printed by the caller once the transaction is kept. */
static int
take_back(struct cmd_ctx *g, const struct inputs *in, int redo, struct shown *s)
{
	int dry_run = in_flag(in, "dry-run"), rc, st, done;
	struct game *gm;
	long to;

	if ((rc = reach(g, in, &to)) != 0 ||
	    (rc = cmd_form(g, undo_forms, dry_run ? "dry-run" : "take back")) != 0 ||
	    (rc = game_get(g, &gm)) != 0 ||
	    (rc = reachable(g, gm, to, redo)) != 0)
		return rc;
	s->verb = dry_run ? (redo ? "would redo" : "would undo") : redo ? "redid" : "undid";
	jsonw_object(&s->w, NULL);
	jsonw_bool(&s->w, "dry_run", dry_run);
	jsonw_array(&s->w, redo ? "redone" : "undone");
	st = db_undo_candidates(gm->db, to, redo, show, s);
	if (st == DB_OK && !dry_run)
		st = db_undo_mark(gm->db, to, redo, &done);
	if (st != DB_OK)
		return game_fail(g, gm->db, st);
	jsonw_array_end(&s->w);
	jsonw_object_end(&s->w);
	if (s->w.overflow || fflush(s->text) != 0)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (g->json)
		fprintf(g->out, "%s\n", s->w.buf);
	else if (s->count == 0)
		fprintf(g->out, "nothing to %s\n", redo ? "redo" : "undo");
	else
		fputs(s->text_buf, g->out);
	return 0;
}

/* The inputs, refusing a bare number: `undo 7` would read as "the last
 * seven" where `log show 7` means event #7. */
static int
read_inputs(struct cmd_ctx *g, struct inputs *in, int argc, char **argv)
{
	int rc;

	if ((rc = inputs_parse_command(in, g->command, cmd_undo_inputs, NULL, argc,
	    argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE,
		    "a bare number is not taken: give --to ID to %s event ID and every entry %s it (see 'umpire log')",
		    strcmp(g->command, "redo") == 0 ? "bring back" : "take back",
		    strcmp(g->command, "redo") == 0 ? "undone before" : "after");
	return 0;
}

static int
undo_redo(struct cmd_ctx *g, int argc, char **argv, int redo)
{
	struct inputs *in;
	struct shown s;
	int rc;

	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	memset(&s, 0, sizeof s);
	jsonw_init_growing(&s.w);
	if ((s.text = open_memstream(&s.text_buf, &s.text_len)) == NULL)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	else if ((rc = read_inputs(g, in, argc, argv)) == 0)
		rc = take_back(g, in, redo, &s);
	if (s.text != NULL)
		fclose(s.text);
	free(s.text_buf);
	jsonw_free(&s.w);
	free(in);
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
	"undo", "undo [--to ID] [--dry-run]", "take back the last entry of the journal",
	CMD_NO_PREFIX | CMD_WRITES, undo,
	"Takes back the last entry of the journal, whatever it is (a ruling, one that\n"
	"changed nothing too, a correction, a turn's end), or with --to ID event ID and\n"
	"every entry in force after it.  Undone entries stay in the log, marked.\n",
	cmd_undo_inputs, NULL,
};
const struct cmd_entry cmd_redo_entry = {
	"redo", "redo [--to ID] [--dry-run]", "bring back what was undone",
	CMD_NO_PREFIX | CMD_WRITES, redo,
	"Brings back the entry undone last, or with --to ID every entry undone up to ID\n"
	"(until a new entry is made: any new entry clears what could be redone).\n",
	cmd_undo_inputs, NULL,
};
