/*
 * serve_views: what a viewer's sheet.json holds: that view's `sheet
 * --json`, run through the command layer into memory on a connection of
 * its own, once the game at the path is known to be the one the pages
 * were given for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jsonw.h"
#include "serve.h"

int
serve_run_sheet(const char *path, const char *side, char **out, size_t *len,
    char *err, size_t n)
{
	char *argv[8];
	struct cmd_ctx g;
	int argc = 0, rc;

	*out = NULL;
	*len = 0;
	memset(&g, 0, sizeof g);
	if ((g.out = open_memstream(out, len)) == NULL) {
		snprintf(err, n, "out of memory");
		return EXIT_BUG;
	}
	argv[argc++] = (char *)"sheet";
	argv[argc++] = (char *)"--json";
	argv[argc++] = (char *)"--db";
	argv[argc++] = (char *)path;
	if (side[0] != '\0') {
		/* A side's view: what its commander may know (the fog). */
		argv[argc++] = (char *)"--for";
		argv[argc++] = (char *)side;
	}
	argv[argc] = NULL;
	rc = cmd_run(&g, argc, argv);
	if (fclose(g.out) != 0 && rc == 0)
		rc = cmd_error(&g, EXIT_BUG, "out of memory");
	if (rc != 0) {
		snprintf(err, n, "%s", g.error);
		free(*out);
		*out = NULL;
		*len = 0;
	}
	return rc;
}

/* {"error": SENTENCE} into *body. */
static int
error_json(int status, const char *sentence, char **body, size_t *len)
{
	char buf[1024];
	struct jsonw w;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "error", sentence);
	jsonw_object_end(&w);
	*len = strlen(buf);
	if ((*body = malloc(*len + 2)) == NULL)
		return -1;
	memcpy(*body, buf, *len);
	(*body)[(*len)++] = '\n';
	(*body)[*len] = '\0';
	return status;
}

int
serve_sheet(struct server *s, const struct view *v, char **body, size_t *len)
{
	char token[VIEWER_TOKEN], err[512], said[768];
	int st, rc;

	/* Asked on the idle connection of serve_changed when it has one (the
	 * file at the path, just checked), else on one of its own. */
	st = s->watch != NULL ? db_viewer_find(s->watch, v->side, token) :
	    db_viewer_peek(s->db_path, v->side, token);
	if (st == DB_NOFILE) {
		snprintf(said, sizeof said,
		    "the game '%s' is gone (deleted or moved); this page follows it again once it is back",
		    s->db_path);
		return error_json(503, said, body, len);
	}
	if (st == DB_NOTFOUND || (st == DB_OK && !serve_token_equal(token, v->token))) {
		snprintf(said, sizeof said,
		    "the game '%s' is no longer the one this page was given for: it was replaced (umpire new --force) or its pages have new tokens; start umpire serve again for the new pages",
		    s->db_path);
		return error_json(503, said, body, len);
	}
	if (st != DB_OK)
		return error_json(503, db_last_error(), body, len);
	if ((rc = serve_run_sheet(s->db_path, v->side, body, len, err,
	    sizeof err)) != 0)
		return error_json(rc == EXIT_BUG ? 500 : 503, err, body, len);
	return 200;
}

void
serve_unwatch(struct server *s)
{
	db_close(s->watch);
	s->watch = NULL;
}

/* Connects the idle reader to the file at the path, when the path names
 * the same file before and after: 0, or -1. */
static int
watch(struct server *s)
{
	struct stat before, after;

	serve_unwatch(s);
	if (stat(s->db_path, &before) != 0 ||
	    db_open(s->db_path, DB_OPEN_AS_IS, &s->watch) != DB_OK ||
	    db_data_version(s->watch, &s->version) != DB_OK ||
	    stat(s->db_path, &after) != 0 || before.st_ino != after.st_ino ||
	    before.st_dev != after.st_dev) {
		serve_unwatch(s);
		return -1;
	}
	s->dev = (unsigned long long)after.st_dev;
	s->ino = (unsigned long long)after.st_ino;
	return 0;
}

int
serve_changed(struct server *s)
{
	struct stat sb;
	long long version;

	if (stat(s->db_path, &sb) != 0) {
		serve_unwatch(s);	/* gone: nothing to watch */
		return 1;
	}
	if (s->watch == NULL || (unsigned long long)sb.st_dev != s->dev ||
	    (unsigned long long)sb.st_ino != s->ino) {
		watch(s);		/* another file: a new game, or back */
		return 1;
	}
	if (db_data_version(s->watch, &version) != DB_OK) {
		serve_unwatch(s);
		return 1;
	}
	if (version == s->version)
		return 0;
	s->version = version;
	return 1;
}
