/*
 * serve: the server of umpire-serve.  One thread of libmicrohttpd answers
 * every connection.  A sheet is made by opening the game read only,
 * running `sheet --json` through the command layer into memory and
 * closing it, so no transaction outlives a request and a ruling never
 * waits; it is answered again while the game has not changed (one
 * idle connection asks SQLite's data_version, the file its inode).
 */
#ifndef UMPIRE_SERVE_H
#define UMPIRE_SERVE_H

#include <pthread.h>
#include <stddef.h>

#include "cmd.h"
#include "unit.h"
#include "viewers.h"

struct MHD_Daemon;
struct MHD_Response;

/* A viewer: the umpire (side "") or a side, with its page's token. */
struct view {
	char side[UNIT_SIDE];
	char token[VIEWER_TOKEN];
	char *page;		/* its page, HTML (serve_page) */
	size_t npage;
	struct MHD_Response *response;	/* the page, answered as it is */
	struct MHD_Response *sheet;	/* its sheet.json while the game is
					 * unchanged, or NULL */
	int sheet_status;
};

struct server {
	const char *db_path;
	struct view *v;		/* the umpire first, then each side */
	int n;
	pthread_mutex_t lock;	/* the command layer, one request at a time */
	struct db *watch;	/* idle, read only: has the game changed? */
	unsigned long long dev, ino;	/* the file it has open */
	long long version;	/* its data_version when last asked */
	struct MHD_Daemon *daemon;
	struct MHD_Response *not_found, *not_allowed;
};

/* The page of viewer v, made once: its title names the viewer; its script
 * follows sheet.json.  0, or -1 out of memory. */
int serve_page(struct view *v);

/*
 * The JSON of viewer v's sheet into *body (malloc'd, *len bytes): that
 * view's `sheet --json`, or an object {"error": SENTENCE} when the game is
 * gone, replaced, or cannot be read.  Returns the HTTP status (200, 503,
 * 500), or -1 out of memory.  The caller holds s->lock, and has called
 * serve_changed just before.
 */
int serve_sheet(struct server *s, const struct view *v, char **body,
    size_t *len);

/*
 * 0 when the game at the path is the file it was and no connection has
 * committed to it since the last call; else 1 (changed, gone, replaced,
 * or it cannot tell).  The caller holds s->lock.
 */
int serve_changed(struct server *s);

/* Closes the idle connection of serve_changed. */
void serve_unwatch(struct server *s);

/*
 * Runs `sheet --json` as viewer SIDE ("" the umpire) sees it on the game
 * at path (`--for SIDE`), into *out (malloc'd).  Returns the exit status,
 * the error sentence in err (n bytes).
 */
int serve_run_sheet(const char *path, const char *side, char **out,
    size_t *len, char *err, size_t n);

/* True when the tokens a and b (VIEWER_TOKEN - 1 characters each) are
 * equal, in a time that does not depend on where they differ. */
int serve_token_equal(const char *a, const char *b);

/* Starts answering on the listening socket fd: 0, or -1. */
int serve_start(struct server *s, int fd);

/* Stops answering and frees what serve_start made. */
void serve_stop(struct server *s);

#endif
