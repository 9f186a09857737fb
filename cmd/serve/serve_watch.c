/*
 * serve_watch: the watcher, the server's one thread besides
 * libmicrohttpd's.  Every WATCH_MS, when a view has an event stream open,
 * it looks at the game and makes that view's sheet anew if the game
 * changed (serve_sheet tells the streams when the sheet did); every
 * second it cuts the requests past their time and wakes the streams whose
 * client hung up; every SERVE_ALIVE_SECONDS each stream says it is alive.
 */
#include <time.h>

#include "serve.h"

/* A commit shows on the streams within this, and the time to make the
 * sheets it changed. */
#define WATCH_MS 40

/* The sheets of the views followed by a stream, made anew when the game
 * changed. */
static void
look(struct server *s)
{
	int watched = 0;

	for (int i = 0; i < s->n && !watched; i++)
		watched = serve_events_watched(s, i);
	if (!watched)
		return;
	pthread_mutex_lock(&s->lock);
	serve_refresh(s);
	for (int i = 0; i < s->n; i++)
		if (s->v[i].stale && serve_events_watched(s, i))
			(void)serve_sheet(s, &s->v[i]);	/* (out of memory: stale
							 * still, tried again) */
	pthread_mutex_unlock(&s->lock);
}

/* The monotonic time ms from now, for pthread_cond_timedwait. */
static struct timespec
after_ms(long ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_nsec += (ms % 1000) * 1000000L;
	ts.tv_sec += ms / 1000 + ts.tv_nsec / 1000000000L;
	ts.tv_nsec %= 1000000000L;
	return ts;
}

static void *
watch(void *arg)
{
	struct server *s = arg;
	long long swept = serve_now_ms(), alive = swept, now;
	struct timespec until;

	pthread_mutex_lock(&s->conns);
	while (!s->stopping) {
		until = after_ms(WATCH_MS);
		pthread_cond_timedwait(&s->wake, &s->conns, &until);
		if (s->stopping)
			break;
		pthread_mutex_unlock(&s->conns);
		look(s);
		now = serve_now_ms();
		if (now - swept >= 1000) {
			serve_guard_sweep(s);
			serve_events_reap(s);
			swept = now;
		}
		if (now - alive >= SERVE_ALIVE_SECONDS * 1000LL) {
			serve_events_alive(s);
			alive = now;
		}
		pthread_mutex_lock(&s->conns);
	}
	pthread_mutex_unlock(&s->conns);
	return NULL;
}

int
serve_watch_start(struct server *s)
{
	pthread_condattr_t attr;

	if (pthread_condattr_init(&attr) != 0)
		return -1;
	if (pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) != 0 ||
	    pthread_cond_init(&s->wake, &attr) != 0) {
		pthread_condattr_destroy(&attr);
		return -1;
	}
	pthread_condattr_destroy(&attr);
	if (pthread_create(&s->watcher, NULL, watch, s) != 0) {
		pthread_cond_destroy(&s->wake);
		return -1;
	}
	s->watching = 1;
	return 0;
}

void
serve_watch_stop(struct server *s)
{
	if (!s->watching)
		return;
	pthread_mutex_lock(&s->conns);
	s->stopping = 1;
	pthread_cond_signal(&s->wake);
	pthread_mutex_unlock(&s->conns);
	pthread_join(s->watcher, NULL);
	pthread_cond_destroy(&s->wake);
	s->watching = 0;
}
