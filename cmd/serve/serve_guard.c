/*
 * serve_guard: what a connection may cost the server, and what
 * libmicrohttpd does not check.  libmicrohttpd limits the connections (in
 * all, and from one address) and their idle time; but a client that sends
 * a header line every few seconds is never idle.  So each connection has
 * a guard, which bounds the time a request may take to arrive whatever it
 * sends: past SERVE_REQUEST_SECONDS the watcher shuts the connection's
 * socket down, and libmicrohttpd reads its end and closes it (as it does
 * itself when it stops).  The guard also finds a NUL in a request's path,
 * which libmicrohttpd hands on as a C string cut there, and gives
 * libmicrohttpd's own error pages the headers of the server's.
 */
#define _GNU_SOURCE	/* RTLD_NEXT */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "serve.h"

struct guard {
	int fd;			/* the connection's socket */
	long long since;	/* ms: when it became ready for a request */
	int waiting;		/* for its request, since `since` */
	int cut;		/* its socket shut down */
	size_t path_len;	/* its request's path, to the first NUL */
	struct guard *prev, *next;
};

long long
serve_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The guard of connection c, or NULL. */
static struct guard *
guard_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *i = MHD_get_connection_info(c,
	    MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return i != NULL ? i->socket_context : NULL;
}

/* A guard for connection c, linked in; NULL out of memory. */
static struct guard *
guard_new(struct server *s, struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c,
	    MHD_CONNECTION_INFO_CONNECTION_FD);
	struct guard *g;

	if (fd == NULL || (g = calloc(1, sizeof *g)) == NULL)
		return NULL;
	g->fd = fd->connect_fd;
	g->since = serve_now_ms();
	g->waiting = 1;
	pthread_mutex_lock(&s->conns);
	g->next = s->guards;
	if (s->guards != NULL)
		s->guards->prev = g;
	s->guards = g;
	pthread_mutex_unlock(&s->conns);
	return g;
}

static void
guard_free(struct server *s, struct guard *g)
{
	pthread_mutex_lock(&s->conns);
	if (g->prev != NULL)
		g->prev->next = g->next;
	else
		s->guards = g->next;
	if (g->next != NULL)
		g->next->prev = g->prev;
	pthread_mutex_unlock(&s->conns);
	free(g);
}

void
serve_guard_notify(void *cls, struct MHD_Connection *c, void **ctx,
    enum MHD_ConnectionNotificationCode toe)
{
	struct server *s = cls;
	const union MHD_ConnectionInfo *fd;

	if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
		if (*ctx != NULL)
			guard_free(s, *ctx);
		*ctx = NULL;
		return;
	}
	/* A connection that cannot be guarded is not served. */
	if ((*ctx = guard_new(s, c)) == NULL &&
	    (fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD)) != NULL)
		shutdown(fd->connect_fd, SHUT_RDWR);
}

void *
serve_guard_logged(void *cls, const char *uri, struct MHD_Connection *c)
{
	struct guard *g = guard_of(c);

	(void)cls;
	if (g != NULL)
		g->path_len = uri != NULL ? strlen(uri) : 0;
	return NULL;
}

/*
 * libmicrohttpd 0.9.75 parses the request line in its buffer in place:
 * the path, as sent, runs from url up to the NUL that replaced the space
 * before the version, which follows it (a space within the path is
 * refused, MHD_OPTION_STRICT_FOR_CLIENT).  So the path is whole when its
 * length up to its first NUL, taken before libmicrohttpd cut off the
 * query (serve_guard_logged), reaches the version.
 */
int
serve_guard_path_whole(struct MHD_Connection *c, const char *url,
    const char *version)
{
	struct guard *g = guard_of(c);

	return g != NULL && version == url + g->path_len + 1;
}

void
serve_guard_answered(struct server *s, struct MHD_Connection *c)
{
	struct guard *g = guard_of(c);

	if (g == NULL)
		return;
	pthread_mutex_lock(&s->conns);
	g->waiting = 0;
	pthread_mutex_unlock(&s->conns);
}

void
serve_guard_completed(void *cls, struct MHD_Connection *c, void **state,
    enum MHD_RequestTerminationCode toe)
{
	struct server *s = cls;
	struct guard *g = guard_of(c);

	(void)state;
	(void)toe;
	if (g == NULL)
		return;
	pthread_mutex_lock(&s->conns);
	g->waiting = 1;		/* for the next request on the connection */
	g->since = serve_now_ms();
	pthread_mutex_unlock(&s->conns);
}

void
serve_guard_sweep(struct server *s)
{
	long long now = serve_now_ms();

	pthread_mutex_lock(&s->conns);
	for (struct guard *g = s->guards; g != NULL; g = g->next)
		if (g->waiting && !g->cut &&
		    now - g->since > SERVE_REQUEST_SECONDS * 1000LL) {
			shutdown(g->fd, SHUT_RDWR);
			g->cut = 1;
		}
	pthread_mutex_unlock(&s->conns);
}

/*
 * libmicrohttpd 0.9.75 answers a request it cannot read (400, 413, 414,
 * 431, 505) with an HTML page of its own, queued through its exported
 * MHD_queue_response, and has no option for that page's headers.  So
 * umpire-serve defines MHD_queue_response, which libmicrohttpd's calls
 * reach (the program's definition comes first): a response without a
 * Content-Type, one of those pages, gets the headers every answer of the
 * server carries; then libmicrohttpd's own queues it.
 */
/* libmicrohttpd's MHD_queue_response, found by serve_guard_ready. */
static enum MHD_Result (*queue)(struct MHD_Connection *, unsigned int,
    struct MHD_Response *);

int
serve_guard_ready(void)
{
	void *found = dlsym(RTLD_NEXT, "MHD_queue_response");

	if (found == NULL)
		return -1;
	memcpy(&queue, &found, sizeof queue);
	return 0;
}

enum MHD_Result
MHD_queue_response(struct MHD_Connection *c, unsigned int status,
    struct MHD_Response *r)
{
	if (MHD_get_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE) == NULL &&
	    serve_headers(r, "text/html; charset=utf-8", SERVE_POLICY_NONE) != MHD_YES)
		return MHD_NO;
	return queue(c, status, r);
}
