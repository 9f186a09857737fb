/*
 * serve: the server of umpire-serve.  One thread of libmicrohttpd answers
 * every connection (epoll); one more, the watcher, follows the game for
 * the pages' event streams and bounds how long a request may take to
 * arrive.  No thread a client: an event stream waits suspended.
 *
 * The server keeps one read-only connection to the game between its
 * requests, without the use lock (db_open DB_OPEN_AS_IS), so new --force
 * replaces a served game without waiting for it.  Each sheet is made in
 * one read transaction on that connection, the viewer's token checked in
 * the same one: a ruling committed meanwhile never shows in part, and a
 * token is answered only from the file it was found in.  A sheet is
 * answered again while the game has not changed (SQLite's data_version,
 * and the path's inode for a file replaced).
 */
#ifndef UMPIRE_SERVE_H
#define UMPIRE_SERVE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

#include "cmd.h"
#include "unit.h"
#include "viewers.h"

struct stream;
struct guard;

/* A viewer: the umpire (side "") or a side, with its page's token. */
struct view {
	char side[UNIT_SIDE];
	char token[VIEWER_TOKEN];
	char *page;		/* its page, HTML (serve_page) */
	size_t npage;
	struct MHD_Response *response;	/* the page, answered as it is */
	struct MHD_Response *sheet;	/* its sheet.json as last made, or NULL */
	int sheet_status;
	int stale;		/* the game may have changed since it was made */
	char *body;		/* that sheet's body, to tell a change */
	size_t nbody;
	unsigned long long changes;	/* the changes its streams were told */
	int streams;		/* its event streams open (s->conns) */
};

/* What the server last told the umpire on its standard error. */
enum said { SAID_NOTHING, SAID_GONE, SAID_REPLACED, SAID_UNREADABLE };

struct server {
	const char *db_path;
	struct view *v;		/* the umpire first, then each side */
	int n;
	pthread_mutex_t lock;	/* the game's connection and the sheets */
	struct db *game;	/* read only, kept between requests; NULL
				 * while there is no game to read */
	struct error open_error;	/* why the game could not be opened */
	long long version;	/* its data_version when last asked */
	enum said said;
	char unreadable[1024];	/* the sentence of SAID_UNREADABLE (a said[768]) */
	pthread_mutex_t conns;	/* the streams, the guards, stopping */
	pthread_cond_t wake;	/* the watcher's: stop */
	struct stream *streams;
	struct guard *guards;
	int stopping;
	pthread_t watcher;
	int watching;		/* the watcher runs */
	struct MHD_Daemon *daemon;
	struct MHD_Response *not_found, *not_allowed, *events_head;
};

/* The page of viewer v, made once: its title names the viewer; its script
 * follows the view's events.  0, or -1 out of memory. */
int serve_page(struct view *v);

/*
 * Looks at the game at the path (s->lock held): connects to the file
 * there when it is another than the one the server reads (a game replaced
 * or back), and marks every view's sheet stale when the game may have
 * changed since they were made.
 */
void serve_refresh(struct server *s);

/*
 * Viewer v's sheet.json as the game is now (s->lock held, serve_refresh
 * just called): made anew in one read transaction when stale, and its
 * streams told when it differs from the last one made.  NULL out of
 * memory.  The HTTP status is v->sheet_status: 200; 503 when the game is
 * gone, replaced or cannot be read; 500 for a bug.  The body of an error
 * is {"error": SENTENCE}, which never names the game's file.
 */
struct MHD_Response *serve_sheet(struct server *s, struct view *v);

/* Closes the game's connection and forgets every sheet. */
void serve_forget(struct server *s);

/*
 * What every answer shares (serve_secure.c, which calls no other file of
 * the server).  The headers every answer carries: Content-Type type, no
 * caching (a page follows the game), no sniffing, no referrer (the URL is
 * the secret), no framing, and the Content-Security-Policy policy.
 * MHD_YES, or MHD_NO out of memory.
 */
int serve_headers(struct MHD_Response *r, const char *type, const char *policy);

/* The policy of every answer but the page: nothing may load or run. */
#define SERVE_POLICY_NONE \
	"default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/* True when the tokens a and b (VIEWER_TOKEN - 1 characters each) are
 * equal, in a time that does not depend on where they differ. */
int serve_token_equal(const char *a, const char *b);

/*
 * Answers GET /v/TOKEN/events for viewer i (s->v[i]) with an event
 * stream: `event: change` whenever its sheet changes, a comment line
 * every SERVE_ALIVE_SECONDS; suspended in between.
 */
enum MHD_Result serve_events_answer(struct server *s, struct MHD_Connection *c,
    int i);

/* Tells viewer i's streams that its sheet changed, its change number n
 * (the event's data). */
void serve_events_tell(struct server *s, int i, unsigned long long n);

/* True when viewer i has an event stream open. */
int serve_events_watched(struct server *s, int i);

/* A comment line on every stream, so that a client gone is found and
 * one still there knows the server is. */
void serve_events_alive(struct server *s);

/* Wakes the suspended streams whose client hung up, so that libmicrohttpd
 * closes them. */
void serve_events_reap(struct server *s);

/* Ends every stream: the server stops. */
void serve_events_end(struct server *s);

/* The seconds between the comment lines of an event stream. */
#define SERVE_ALIVE_SECONDS 15

/*
 * The guard of each connection (serve_guard.c), libmicrohttpd's calls:
 * a connection opened or closed (MHD_OPTION_NOTIFY_CONNECTION), a
 * request's line read (MHD_OPTION_URI_LOG_CALLBACK: returns NULL), a
 * request answered whole (MHD_OPTION_NOTIFY_COMPLETED).  cls is the server.
 */
void serve_guard_notify(void *cls, struct MHD_Connection *c, void **ctx,
    enum MHD_ConnectionNotificationCode toe);
void *serve_guard_logged(void *cls, const char *uri, struct MHD_Connection *c);
void serve_guard_completed(void *cls, struct MHD_Connection *c, void **state,
    enum MHD_RequestTerminationCode toe);

/* Request c has its answer: its time to arrive stops. */
void serve_guard_answered(struct server *s, struct MHD_Connection *c);

/* True when the path of request c, as libmicrohttpd gives it (url),
 * is the whole path sent: no NUL cut it (version is the handler's). */
int serve_guard_path_whole(struct MHD_Connection *c, const char *url,
    const char *version);

/* Cuts every connection whose request has not arrived within
 * SERVE_REQUEST_SECONDS. */
void serve_guard_sweep(struct server *s);

/* Finds libmicrohttpd's MHD_queue_response, which umpire-serve's own
 * (serve_guard.c) passes every response on to: 0, or -1. */
int serve_guard_ready(void);

/* A request (line, headers and any body) must arrive within this many
 * seconds of its connection being ready for it, whatever it sends. */
#define SERVE_REQUEST_SECONDS 10

/* Milliseconds of a monotonic clock. */
long long serve_now_ms(void);

/* The watcher: follows the game for the streams, says they are alive,
 * and sweeps the guards.  0, or -1. */
int serve_watch_start(struct server *s);
void serve_watch_stop(struct server *s);

/* Starts answering on the listening socket fd: 0, or -1. */
int serve_start(struct server *s, int fd);

/* Stops answering and frees what serve_start made. */
void serve_stop(struct server *s);

#endif
