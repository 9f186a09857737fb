/*
 * serve_http: the answers, through libmicrohttpd (which parses HTTP; no
 * request is parsed here beyond matching its path whole).  Two paths a
 * viewer: /v/TOKEN/ (the page) and /v/TOKEN/sheet.json.  Anything else is
 * 404, a method other than GET and HEAD 405, each with one fixed body
 * whatever was asked, so an answer tells nothing of the tokens.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "serve.h"

#define TOKEN_LEN (VIEWER_TOKEN - 1)
/* One thread answers every connection (epoll): at most this many at
 * once, each closed after this many idle seconds; a request's line and
 * headers must fit in the memory a connection has, else 431 or 414. */
#define CONNECTIONS 512
#define IDLE_SECONDS 15
#define CONNECTION_MEMORY 16384

static const char not_found_body[] = "not found\n";
static const char not_allowed_body[] = "method not allowed\n";

/* What a path asks of a viewer. */
enum ask { ASK_PAGE, ASK_SHEET };

int
serve_token_equal(const char *a, const char *b)
{
	unsigned char diff = 0;

	for (int i = 0; i < TOKEN_LEN; i++)
		diff |= (unsigned char)(a[i] ^ b[i]);
	return diff == 0;
}

/*
 * The viewer whose token the path holds, and what it asks: exactly
 * "/v/TOKEN/" or "/v/TOKEN/sheet.json", as sent (percent escapes are not
 * decoded: see keep_escapes).  Every viewer's token is compared, each in
 * constant time.  NULL for anything else.
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
	else
		return NULL;
	for (int i = 0; i < s->n; i++)
		if (serve_token_equal(token, s->v[i].token))
			found = &s->v[i];
	return found;
}

/* The headers every answer carries: no caching (a page follows the game),
 * no sniffing, no referrer (the URL is the secret), no framing. */
static int
common_headers(struct MHD_Response *r, const char *type)
{
	return MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) == MHD_YES &&
	    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store") == MHD_YES &&
	    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff") == MHD_YES &&
	    MHD_add_response_header(r, "Referrer-Policy", "no-referrer") == MHD_YES &&
	    MHD_add_response_header(r, "X-Frame-Options", "DENY") == MHD_YES;
}

/* A response made once and answered many times; NULL out of memory. */
static struct MHD_Response *
fixed(const char *body, size_t len, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body,
	    MHD_RESPMEM_PERSISTENT);

	if (r != NULL && !common_headers(r, type)) {
		MHD_destroy_response(r);
		r = NULL;
	}
	return r;
}

/* A viewer's page: its script may only fetch from this server. */
static struct MHD_Response *
page_response(const struct view *v)
{
	struct MHD_Response *r = fixed(v->page, v->npage, "text/html; charset=utf-8");

	if (r != NULL && MHD_add_response_header(r, "Content-Security-Policy",
	    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
	    "connect-src 'self'; base-uri 'none'; form-action 'none'; "
	    "frame-ancestors 'none'") != MHD_YES) {
		MHD_destroy_response(r);
		r = NULL;
	}
	return r;
}

/* Forgets every viewer's sheet: the game has changed. */
static void
forget_sheets(struct server *s)
{
	for (int i = 0; i < s->n; i++) {
		if (s->v[i].sheet != NULL)
			MHD_destroy_response(s->v[i].sheet);
		s->v[i].sheet = NULL;
	}
}

/* Viewer v's sheet as it is now, made when the game changed since it was
 * last made; NULL out of memory. */
static struct MHD_Response *
sheet_now(struct server *s, struct view *v)
{
	struct MHD_Response *r;
	char *body;
	size_t len;
	int status;

	if (serve_changed(s))
		forget_sheets(s);
	if (v->sheet != NULL)
		return v->sheet;
	if ((status = serve_sheet(s, v, &body, &len)) < 0)
		return NULL;
	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (r == NULL) {
		free(body);
		return NULL;
	}
	if (!common_headers(r, "application/json")) {
		MHD_destroy_response(r);
		return NULL;
	}
	v->sheet = r;
	v->sheet_status = status;
	return r;
}

/* sheet.json: the command layer, one request at a time. */
static enum MHD_Result
answer_sheet(struct server *s, struct MHD_Connection *c, struct view *v)
{
	struct MHD_Response *r;
	enum MHD_Result done = MHD_NO;	/* out of memory: the connection closes */

	pthread_mutex_lock(&s->lock);
	if ((r = sheet_now(s, v)) != NULL)
		done = MHD_queue_response(c, (unsigned int)v->sheet_status, r);
	pthread_mutex_unlock(&s->lock);
	return done;
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

	(void)version;
	(void)upload;
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return MHD_queue_response(c, MHD_HTTP_METHOD_NOT_ALLOWED, s->not_allowed);
	if (*state == NULL) {
		*state = &headers_in;
		return MHD_YES;
	}
	if (*upload_size != 0) {
		*upload_size = 0;	/* a GET's body: not read */
		return MHD_YES;
	}
	if ((v = route(s, url, &ask)) == NULL)
		return MHD_queue_response(c, MHD_HTTP_NOT_FOUND, s->not_found);
	if (ask == ASK_PAGE)
		return MHD_queue_response(c, MHD_HTTP_OK, v->response);
	return answer_sheet(s, c, v);
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

int
serve_start(struct server *s, int fd)
{
	s->not_found = fixed(not_found_body, sizeof not_found_body - 1,
	    "text/plain; charset=utf-8");
	s->not_allowed = fixed(not_allowed_body, sizeof not_allowed_body - 1,
	    "text/plain; charset=utf-8");
	if (s->not_found == NULL || s->not_allowed == NULL ||
	    MHD_add_response_header(s->not_allowed, MHD_HTTP_HEADER_ALLOW,
	    "GET, HEAD") != MHD_YES)
		return -1;
	for (int i = 0; i < s->n; i++)
		if ((s->v[i].response = page_response(&s->v[i])) == NULL)
			return -1;
	s->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL,
	    0, NULL, NULL, answer, s,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned int)CONNECTIONS,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)IDLE_SECONDS,
	    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
	    MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
	    MHD_OPTION_END);
	return s->daemon != NULL ? 0 : -1;
}

void
serve_stop(struct server *s)
{
	if (s->daemon != NULL)
		MHD_stop_daemon(s->daemon);
	s->daemon = NULL;
	forget_sheets(s);
	serve_unwatch(s);
	for (int i = 0; i < s->n; i++) {
		if (s->v[i].response != NULL)
			MHD_destroy_response(s->v[i].response);
		s->v[i].response = NULL;
	}
	if (s->not_found != NULL)
		MHD_destroy_response(s->not_found);
	if (s->not_allowed != NULL)
		MHD_destroy_response(s->not_allowed);
	s->not_found = s->not_allowed = NULL;
}
