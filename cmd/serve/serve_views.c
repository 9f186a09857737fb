/*
 * serve_views: what a viewer's sheet.json holds: that view's `sheet
 * --json`, run through the command layer into memory on the server's own
 * connection to the game, in one read transaction with the check of the
 * viewer's token, so that the sheet is the one of the file the token was
 * found in, as one commit left it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "jsonw.h"
#include "serve.h"

/* What a page says when its game cannot be shown: never the file's path,
 * which the page's viewer has no need of. */
static const char gone_sentence[] =
    "the game is gone (deleted or moved); this page follows it again once it is back";
static const char replaced_sentence[] =
    "the game is no longer the one this page was given for: it was replaced (umpire new --force) or its pages have new tokens; start umpire serve again for the new pages";
static const char unreadable_sentence[] =
    "the game cannot be read just now (the server says why where it runs); this page tries again";

/* Tells the umpire, on the server's standard error, once each time the
 * game goes into another state than the pages can follow. */
static void
tell_umpire(struct server *s, enum said said, const char *sentence)
{
	if (said == s->said && (said != SAID_UNREADABLE ||
	    strcmp(sentence, s->unreadable) == 0))
		return;
	s->said = said;
	if (said == SAID_NOTHING)
		return;
	snprintf(s->unreadable, sizeof s->unreadable, "%s", sentence);
	fprintf(stderr, "umpire: serve: %s\n", sentence);
}

/* A file found replaced while it was opened is opened again, this many
 * times at most. */
#define OPEN_TRIES 3

static void
mark_stale(struct server *s)
{
	for (int i = 0; i < s->n; i++)
		s->v[i].stale = 1;
}

/* Connects to the game at the path, read only and without the use lock;
 * opened again when it was being replaced meanwhile. */
static int
open_game(struct server *s)
{
	int st = DB_LOCKED;

	for (int k = 0; k < OPEN_TRIES && st == DB_LOCKED; k++)
		st = db_open(s->db_path, DB_OPEN_AS_IS, &s->open_error, &s->game);
	return st;
}

/* Drops the connection whose read failed, keeping why for its pages. */
static void
drop_game(struct server *s)
{
	s->open_error = *db_error(s->game);
	db_close(s->game);
	s->game = NULL;
}

void
serve_refresh(struct server *s)
{
	long long version;

	if (s->game != NULL && !db_same_file(s->game)) {
		/* Replaced, moved or deleted: what was read is no longer the
		 * game at the path. */
		db_close(s->game);
		s->game = NULL;
	}
	if (s->game == NULL) {
		mark_stale(s);
		if (open_game(s) == DB_OK && db_data_version(s->game, &s->version) != DB_OK)
			drop_game(s);
		return;
	}
	if (db_data_version(s->game, &version) != DB_OK) {
		drop_game(s);
		mark_stale(s);
		return;
	}
	if (version != s->version)
		mark_stale(s);
	s->version = version;
}

/* Runs `sheet --json` as viewer v sees it (`--for SIDE`) on the server's
 * connection, into *out (malloc'd).  The exit status; the command's
 * error in err. */
static int
run_sheet(struct server *s, const struct view *v, char **out, size_t *len,
    struct error *err)
{
	struct batch b = { s->game, s->db_path };
	char *argv[8];
	struct cmd_ctx g;
	int argc = 0, rc;

	memset(&g, 0, sizeof g);
	g.batch = &b;		/* its one connection, in the caller's snapshot */
	if ((g.out = open_memstream(out, len)) == NULL)
		return error_set(err, EXIT_BUG, "out of memory");
	argv[argc++] = (char *)"sheet";
	argv[argc++] = (char *)"--json";
	argv[argc++] = (char *)"--db";
	argv[argc++] = (char *)s->db_path;
	if (v->side[0] != '\0') {
		/* A side's view: what its commander may know (the fog). */
		argv[argc++] = (char *)"--for";
		argv[argc++] = (char *)v->side;
	}
	argv[argc] = NULL;
	rc = cmd_run(&g, argc, argv);
	if (fclose(g.out) != 0 && rc == 0)
		rc = cmd_error(&g, EXIT_BUG, "out of memory");
	if (rc != 0) {
		*err = g.error;
		free(*out);
		*out = NULL;
		*len = 0;
	}
	return rc;
}

/* {"error": SENTENCE} into *body; status, or -1 out of memory. */
static int
error_json(int status, const char *sentence, char **body, size_t *len)
{
	struct jsonw w;
	char *text;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "error", sentence);
	jsonw_object_end(&w);
	if ((text = jsonw_take(&w)) == NULL)
		return -1;
	*len = strlen(text);
	if ((*body = realloc(text, *len + 2)) == NULL) {
		free(text);
		return -1;
	}
	(*body)[(*len)++] = '\n';
	(*body)[*len] = '\0';
	return status;
}

/* The page's error when there is no game to read at the path. */
static int
no_game(struct server *s, char **body, size_t *len)
{
	char said[768];

	if (!db_file_exists(s->db_path)) {
		snprintf(said, sizeof said,
		    "the game '%s' is gone (deleted or moved); its pages say so, and follow it again once it is back",
		    s->db_path);
		tell_umpire(s, SAID_GONE, said);
		return error_json(503, gone_sentence, body, len);
	}
	tell_umpire(s, SAID_UNREADABLE, s->open_error.text);
	return error_json(503, unreadable_sentence, body, len);
}

/* Viewer v's token in the game read, then its sheet, in the snapshot. */
static int
sheet_in_snapshot(struct server *s, const struct view *v, char **body, size_t *len)
{
	char token[VIEWER_TOKEN], said[768];
	struct error err;
	int st, rc;

	st = db_viewer_find(s->game, v->side, token);
	if (st == DB_NOTFOUND || (st == DB_OK && !serve_token_equal(token, v->token))) {
		snprintf(said, sizeof said,
		    "the game '%s' is no longer the one its pages were given for (replaced by umpire new --force, or its pages given new tokens): they say so; start umpire serve again for the new game's pages",
		    s->db_path);
		tell_umpire(s, SAID_REPLACED, said);
		return error_json(503, replaced_sentence, body, len);
	}
	if (st != DB_OK) {
		tell_umpire(s, SAID_UNREADABLE, db_error(s->game)->text);
		return error_json(503, unreadable_sentence, body, len);
	}
	if ((rc = run_sheet(s, v, body, len, &err)) != 0) {
		tell_umpire(s, SAID_UNREADABLE, err.text);
		return error_json(rc == EXIT_BUG ? 500 : 503, unreadable_sentence, body, len);
	}
	tell_umpire(s, SAID_NOTHING, "");
	return 200;
}

/* Viewer v's sheet.json into *body (malloc'd): its status, or -1. */
static int
make_sheet(struct server *s, const struct view *v, char **body, size_t *len)
{
	int status;

	if (s->game == NULL)
		return no_game(s, body, len);
	if (db_snapshot_begin(s->game) != DB_OK) {
		tell_umpire(s, SAID_UNREADABLE, db_error(s->game)->text);
		return error_json(503, unreadable_sentence, body, len);
	}
	status = sheet_in_snapshot(s, v, body, len);
	db_snapshot_end(s->game);
	return status;
}

struct MHD_Response *
serve_sheet(struct server *s, struct view *v)
{
	struct MHD_Response *r;
	char *body;
	size_t len;
	int status, changed;

	if (v->sheet != NULL && !v->stale)
		return v->sheet;
	if ((status = make_sheet(s, v, &body, &len)) < 0)
		return NULL;
	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_COPY);
	if (r == NULL || serve_headers(r, "application/json", SERVE_POLICY_NONE) != MHD_YES) {
		if (r != NULL)
			MHD_destroy_response(r);
		free(body);
		return NULL;
	}
	if (v->sheet != NULL)
		MHD_destroy_response(v->sheet);	/* (kept while being sent) */
	/* (The first sheet made is news to no stream: each asks for its
	 * sheet once it is open.) */
	changed = v->body != NULL && (len != v->nbody || memcmp(body, v->body, len) != 0);
	free(v->body);
	v->body = body;
	v->nbody = len;
	v->sheet = r;
	v->sheet_status = status;
	v->stale = 0;
	if (changed)
		serve_events_tell(s, (int)(v - s->v), ++v->changes);
	return r;
}

void
serve_forget(struct server *s)
{
	db_close(s->game);
	s->game = NULL;
	for (int i = 0; i < s->n; i++) {
		if (s->v[i].sheet != NULL)
			MHD_destroy_response(s->v[i].sheet);
		s->v[i].sheet = NULL;
		free(s->v[i].body);
		s->v[i].body = NULL;
	}
}
