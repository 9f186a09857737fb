/*
 * serve_http: the answers, through libmicrohttpd (which parses HTTP; no
 * request is parsed here beyond matching its path whole).  Three paths a
 * viewer: /v/TOKEN/ (the page), /v/TOKEN/sheet.json and /v/TOKEN/events.
 * Anything else is 404, a method other than GET and HEAD 405, each with
 * one fixed body whatever was asked, so an answer tells nothing of the
 * tokens.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "serve.h"

#define TOKEN_LEN (VIEWER_TOKEN - 1)
/*
 * One thread answers every connection (epoll): at most CONNECTIONS at
 * once (an event stream is one), PER_ADDRESS of them from one address (a
 * phone's page holds two or three), each closed after IDLE_SECONDS idle
 * (SERVE_REQUEST_SECONDS bounds a request that trickles in); a request's
 * line and headers must fit in the memory a connection has, else 431 or
 * 414.
 */
#define CONNECTIONS 1000
#define PER_ADDRESS 64
#define IDLE_SECONDS 15
#define CONNECTION_MEMORY 16384
/* Descriptors besides the connections': the listening socket, the game's
 * files, libmicrohttpd's own. */
#define OTHER_FILES 64

static const char not_found_body[] = "not found\n";
static const char not_allowed_body[] = "method not allowed\n";

/* The page's policy: its script may only fetch from this server. */
static const char page_policy[] =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* What a path asks of a viewer. */
enum ask { ASK_PAGE, ASK_SHEET, ASK_EVENTS };

/*
 * The viewer whose token the path holds, and what it asks: exactly
 * "/v/TOKEN/", "/v/TOKEN/sheet.json" or "/v/TOKEN/events", as sent
 * (percent escapes are not decoded: see keep_escapes).  Every viewer's
 * token is compared, each in constant time.  NULL for anything else.
 */
static struct view *
route(struct server *s, const char *url, enum ask *ask)
{
	struct view *found = NULL;
	const char *token = url + 3, *rest;

	if (strncmp(url, "/v/", 3) != 0 || strnlen(token, TOKEN_LEN) < TOKEN_LEN ||
	    token[TOKEN_LEN] != '/')
		return NULL;
	rest = token + TOKEN_LEN + 1;
	if (strcmp(rest, "") == 0)
		*ask = ASK_PAGE;
	else if (strcmp(rest, "sheet.json") == 0)
		*ask = ASK_SHEET;
	else if (strcmp(rest, "events") == 0)
		*ask = ASK_EVENTS;
	else
		return NULL;
	for (int i = 0; i < s->n; i++)
		if (serve_token_equal(token, s->v[i].token))
			found = &s->v[i];
	return found;
}

/* A response made once and answered many times; NULL out of memory. */
static struct MHD_Response *
fixed(const char *body, size_t len, const char *type, const char *policy)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body,
	    MHD_RESPMEM_PERSISTENT);

	if (r != NULL && serve_headers(r, type, policy) != MHD_YES) {
		MHD_destroy_response(r);
		r = NULL;
	}
	return r;
}

/* Queues r for request c, which then has its answer. */
static enum MHD_Result
reply(struct server *s, struct MHD_Connection *c, unsigned int status,
    struct MHD_Response *r)
{
	serve_guard_answered(s, c);
	return MHD_queue_response(c, status, r);
}

/* sheet.json: made on the server's connection, one request at a time. */
static enum MHD_Result
answer_sheet(struct server *s, struct MHD_Connection *c, struct view *v)
{
	struct MHD_Response *r;
	enum MHD_Result done = MHD_NO;	/* out of memory: the connection closes */

	pthread_mutex_lock(&s->lock);
	serve_refresh(s);
	if ((r = serve_sheet(s, v)) != NULL)
		done = reply(s, c, (unsigned int)v->sheet_status, r);
	pthread_mutex_unlock(&s->lock);
	return done;
}

/* What viewer v's path asks: HEAD of the events is their headers alone. */
static enum MHD_Result
answer_view(struct server *s, struct MHD_Connection *c, struct view *v, enum ask ask,
    const char *method)
{
	switch (ask) {
	case ASK_PAGE:
		return reply(s, c, MHD_HTTP_OK, v->response);
	case ASK_SHEET:
		return answer_sheet(s, c, v);
	case ASK_EVENTS:
		if (strcmp(method, MHD_HTTP_METHOD_HEAD) == 0)
			return reply(s, c, MHD_HTTP_OK, s->events_head);
		serve_guard_answered(s, c);
		/* The view's sheet as the stream opens is what its changes are
		 * told against: made now, or a commit just after the stream's
		 * `retry:` (before the watcher's first look) would go untold. */
		pthread_mutex_lock(&s->lock);
		serve_refresh(s);
		(void)serve_sheet(s, v);	/* (out of memory: the watcher's) */
		pthread_mutex_unlock(&s->lock);
		return serve_events_answer(s, c, (int)(v - s->v));
	}
	return MHD_NO;
}

/*
 * libmicrohttpd's calls for each request: the first once its headers are
 * in, then one a piece of any body, and the last.  A method refused is
 * answered at once (its body is not read: the connection closes); GET and
 * HEAD on the last call, so the connection may serve the next request.
 */
static enum MHD_Result
answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
    const char *version, const char *upload, size_t *upload_size, void **state)
{
	static int headers_in;	/* a marker: its address, never its value */
	struct server *s = cls;
	struct view *v;
	enum ask ask;

	(void)upload;
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return reply(s, c, MHD_HTTP_METHOD_NOT_ALLOWED, s->not_allowed);
	if (*state == NULL) {
		/* (version is still where libmicrohttpd parsed it) */
		*state = serve_guard_path_whole(c, url, version) ? &headers_in : NULL;
		if (*state == NULL)
			return reply(s, c, MHD_HTTP_NOT_FOUND, s->not_found);
		return MHD_YES;
	}
	if (*upload_size != 0) {
		*upload_size = 0;	/* a GET's body: not read */
		return MHD_YES;
	}
	if ((v = route(s, url, &ask)) == NULL)
		return reply(s, c, MHD_HTTP_NOT_FOUND, s->not_found);
	return answer_view(s, c, v, ask, method);
}

/* The path is matched as it was sent: "%2e%2e" or "%73heet.json" is
 * nothing this server gives, and is answered 404. */
static size_t
keep_escapes(void *cls, struct MHD_Connection *c, char *text)
{
	(void)cls;
	(void)c;
	return strlen(text);
}

/* The connections the server may hold: CONNECTIONS, as the descriptors
 * it may open allow (raised to their hard limit when needed). */
static unsigned int
connection_limit(void)
{
	struct rlimit files;
	rlim_t want = CONNECTIONS + OTHER_FILES;

	if (getrlimit(RLIMIT_NOFILE, &files) != 0)
		return CONNECTIONS;
	if (files.rlim_cur != RLIM_INFINITY && files.rlim_cur < want) {
		files.rlim_cur = files.rlim_max == RLIM_INFINITY || files.rlim_max > want ?
		    want : files.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &files);
		(void)getrlimit(RLIMIT_NOFILE, &files);
	}
	if (files.rlim_cur != RLIM_INFINITY && files.rlim_cur < want)
		return files.rlim_cur > 2 * OTHER_FILES ?
		    (unsigned int)(files.rlim_cur - OTHER_FILES) : OTHER_FILES;
	return CONNECTIONS;
}

/* The fixed answers: 404, 405, the pages, the events' headers alone. */
static int
make_fixed(struct server *s)
{
	s->not_found = fixed(not_found_body, sizeof not_found_body - 1,
	    "text/plain; charset=utf-8", SERVE_POLICY_NONE);
	s->not_allowed = fixed(not_allowed_body, sizeof not_allowed_body - 1,
	    "text/plain; charset=utf-8", SERVE_POLICY_NONE);
	s->events_head = fixed("", 0, "text/event-stream", SERVE_POLICY_NONE);
	if (s->not_found == NULL || s->not_allowed == NULL || s->events_head == NULL ||
	    MHD_add_response_header(s->not_allowed, MHD_HTTP_HEADER_ALLOW,
	    "GET, HEAD") != MHD_YES)
		return -1;
	for (int i = 0; i < s->n; i++)
		if ((s->v[i].response = fixed(s->v[i].page, s->v[i].npage,
		    "text/html; charset=utf-8", page_policy)) == NULL)
			return -1;
	return 0;
}

int
serve_start(struct server *s, int fd)
{
	if (serve_guard_ready() != 0 || make_fixed(s) != 0)
		return -1;
	s->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
	    MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL, answer, s,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_CONNECTION_LIMIT, connection_limit(),
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)PER_ADDRESS,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)IDLE_SECONDS,
	    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
	    /* HTTP/1.1 without Host, or a space in the path: 400 */
	    MHD_OPTION_STRICT_FOR_CLIENT, 1,
	    MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
	    MHD_OPTION_NOTIFY_CONNECTION, serve_guard_notify, s,
	    MHD_OPTION_URI_LOG_CALLBACK, serve_guard_logged, s,
	    MHD_OPTION_NOTIFY_COMPLETED, serve_guard_completed, s,
	    MHD_OPTION_END);
	return s->daemon != NULL && serve_watch_start(s) == 0 ? 0 : -1;
}

void
serve_stop(struct server *s)
{
	serve_events_end(s);	/* (before libmicrohttpd stops: none suspended) */
	serve_watch_stop(s);
	if (s->daemon != NULL)
		MHD_stop_daemon(s->daemon);
	s->daemon = NULL;
	serve_forget(s);
	for (int i = 0; i < s->n; i++) {
		if (s->v[i].response != NULL)
			MHD_destroy_response(s->v[i].response);
		s->v[i].response = NULL;
	}
	if (s->not_found != NULL)
		MHD_destroy_response(s->not_found);
	if (s->not_allowed != NULL)
		MHD_destroy_response(s->not_allowed);
	if (s->events_head != NULL)
		MHD_destroy_response(s->events_head);
	s->not_found = s->not_allowed = s->events_head = NULL;
}
