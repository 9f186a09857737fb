/*
 * serve_events: GET /v/TOKEN/events, a text/event-stream.  Each stream is
 * a response of its own, read by libmicrohttpd through stream_read, which
 * writes what the stream has to say (first a `retry:` line, then `event:
 * change` when the view's sheet changed, or a comment line that keeps it
 * alive) and, when it has nothing, suspends its connection.  Whoever has
 * something for it to say (the watcher, or a request that found the sheet
 * changed) resumes it.  No thread a client: a suspended connection costs
 * its socket and its memory, and counts against the connection limits.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "serve.h"

/* What a stream has to say. */
enum { SAY_HELLO = 1, SAY_CHANGE = 2, SAY_ALIVE = 4 };

/* How long a browser waits before it connects again to a stream that
 * broke (the server restarted): the `retry:` of the stream's start. */
#define RETRY_MS 1000

struct stream {
	struct server *s;
	struct MHD_Connection *c;
	int fd;			/* its socket: a client gone is seen while
				 * the connection is suspended */
	int view;		/* s->v[view] */
	unsigned say;
	unsigned long long change;	/* the change to tell (SAY_CHANGE) */
	int suspended;
	int ending;		/* its client is gone, or the server stops */
	struct stream *prev, *next;
};

/* Resumes stream st when suspended, for it to say what it now has
 * (s->conns held: a stream is suspended and resumed under it). */
static void
wake(struct stream *st)
{
	if (st->suspended) {
		st->suspended = 0;
		MHD_resume_connection(st->c);
	}
}

/* What stream st has to say into buf (max bytes): its length, 0 when
 * nothing (s->conns held). */
static size_t
said(struct stream *st, char *buf, size_t max)
{
	size_t n = 0;
	int k = 0;

	if (st->say & SAY_HELLO)
		k = snprintf(buf, max, "retry: %d\n\n", RETRY_MS);
	if (k >= 0 && (size_t)k < max)
		n = (size_t)k;
	k = 0;
	if (st->say & SAY_CHANGE)
		k = snprintf(buf + n, max - n, "event: change\ndata: %llu\n\n", st->change);
	else if (st->say & SAY_ALIVE)
		k = snprintf(buf + n, max - n, ": alive\n\n");
	if (k >= 0 && (size_t)k < max - n)
		n += (size_t)k;
	st->say = 0;
	return n;
}

/* libmicrohttpd's reader of a stream: what it has to say, or nothing,
 * its connection suspended until it has. */
static ssize_t
stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct stream *st = cls;
	struct server *s = st->s;
	size_t n;

	(void)pos;
	pthread_mutex_lock(&s->conns);
	if (st->ending || s->stopping) {
		pthread_mutex_unlock(&s->conns);
		return MHD_CONTENT_READER_END_OF_STREAM;
	}
	if ((n = said(st, buf, max)) == 0) {
		st->suspended = 1;
		MHD_suspend_connection(st->c);
	}
	pthread_mutex_unlock(&s->conns);
	return (ssize_t)n;
}

/* The stream's response is done with: the stream goes. */
static void
stream_free(void *cls)
{
	struct stream *st = cls;
	struct server *s = st->s;

	pthread_mutex_lock(&s->conns);
	if (st->prev != NULL)
		st->prev->next = st->next;
	else
		s->streams = st->next;
	if (st->next != NULL)
		st->next->prev = st->prev;
	s->v[st->view].streams--;
	pthread_mutex_unlock(&s->conns);
	free(st);
}

/* A new stream of viewer i on connection c, linked in; NULL out of
 * memory. */
static struct stream *
stream_new(struct server *s, struct MHD_Connection *c, int i)
{
	const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c,
	    MHD_CONNECTION_INFO_CONNECTION_FD);
	struct stream *st = calloc(1, sizeof *st);

	if (st == NULL)
		return NULL;
	st->s = s;
	st->c = c;
	st->fd = fd != NULL ? fd->connect_fd : -1;
	st->view = i;
	st->say = SAY_HELLO;
	pthread_mutex_lock(&s->conns);
	st->next = s->streams;
	if (s->streams != NULL)
		s->streams->prev = st;
	s->streams = st;
	s->v[i].streams++;
	pthread_mutex_unlock(&s->conns);
	return st;
}

enum MHD_Result
serve_events_answer(struct server *s, struct MHD_Connection *c, int i)
{
	struct MHD_Response *r;
	struct stream *st;
	enum MHD_Result done;

	if ((st = stream_new(s, c, i)) == NULL)
		return MHD_NO;
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, stream_read, st,
	    stream_free);
	if (r == NULL) {
		stream_free(st);
		return MHD_NO;
	}
	done = serve_headers(r, "text/event-stream", SERVE_POLICY_NONE) == MHD_YES ?
	    MHD_queue_response(c, MHD_HTTP_OK, r) : MHD_NO;
	MHD_destroy_response(r);	/* the connection's now: it frees st */
	return done;
}

void
serve_events_tell(struct server *s, int i, unsigned long long n)
{
	pthread_mutex_lock(&s->conns);
	for (struct stream *st = s->streams; st != NULL; st = st->next)
		if (st->view == i) {
			st->say |= SAY_CHANGE;
			st->change = n;
			wake(st);
		}
	pthread_mutex_unlock(&s->conns);
}

int
serve_events_watched(struct server *s, int i)
{
	int watched;

	pthread_mutex_lock(&s->conns);
	watched = s->v[i].streams > 0;
	pthread_mutex_unlock(&s->conns);
	return watched;
}

void
serve_events_alive(struct server *s)
{
	pthread_mutex_lock(&s->conns);
	for (struct stream *st = s->streams; st != NULL; st = st->next) {
		st->say |= SAY_ALIVE;
		wake(st);
	}
	pthread_mutex_unlock(&s->conns);
}

/* True when the client of stream st has hung up: its socket reads the
 * end (a suspended connection is not read by libmicrohttpd). */
static int
hung_up(const struct stream *st)
{
	char byte;
	ssize_t n = recv(st->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);

	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
	    errno != EINTR);
}

void
serve_events_reap(struct server *s)
{
	pthread_mutex_lock(&s->conns);
	for (struct stream *st = s->streams; st != NULL; st = st->next)
		if (st->suspended && st->fd >= 0 && hung_up(st)) {
			st->ending = 1;
			wake(st);
		}
	pthread_mutex_unlock(&s->conns);
}

void
serve_events_end(struct server *s)
{
	pthread_mutex_lock(&s->conns);
	s->stopping = 1;
	for (struct stream *st = s->streams; st != NULL; st = st->next) {
		st->ending = 1;
		wake(st);
	}
	pthread_mutex_unlock(&s->conns);
}
