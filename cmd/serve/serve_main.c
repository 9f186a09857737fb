/*
 * serve_main: `umpire serve` in umpire-serve.  Reads the viewers (the
 * umpire, then each side in the roster's order) and their tokens from the
 * game, listens, keeps a token for each viewer that has none (the one
 * write, one transaction, before serving), prints the URLs and serves
 * until SIGINT or SIGTERM.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "game.h"
#include "jsonw.h"
#include "num.h"
#include "serve.h"
#include "text.h"

/* Listening that fails (the address in use, not this machine's). */
#define EXIT_UNAVAILABLE EX_UNAVAILABLE	/* 69 */

/* Where to listen: the address as given, its port, and the socket's. */
struct listen_at {
	char host[64];		/* "127.0.0.1", "[::1]" */
	struct sockaddr_storage sa;
	socklen_t len;
	long port;
};

/*
 * "ADDR:PORT", an IPv4 address or an IPv6 one in brackets, and a port
 * from 0 (any free one) to 65535.
 */
static int
parse_listen(struct cmd_ctx *g, const char *text, struct listen_at *at)
{
	struct sockaddr_in *v4 = (struct sockaddr_in *)&at->sa;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&at->sa;
	const char *colon = strrchr(text, ':');
	char addr[64];
	size_t n = colon != NULL ? (size_t)(colon - text) : 0;

	memset(at, 0, sizeof *at);
	if (colon == NULL || n == 0 || n >= sizeof addr ||
	    num_parse_long(colon + 1, 0, 65535, &at->port) != NUM_OK)
		goto bad;
	memcpy(addr, text, n);
	addr[n] = '\0';
	snprintf(at->host, sizeof at->host, "%s", addr);
	if (addr[0] == '[' && addr[n - 1] == ']') {
		addr[n - 1] = '\0';
		if (inet_pton(AF_INET6, addr + 1, &v6->sin6_addr) != 1)
			goto bad;
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((unsigned short)at->port);
		at->len = sizeof *v6;
		return 0;
	}
	if (inet_pton(AF_INET, addr, &v4->sin_addr) != 1)
		goto bad;
	v4->sin_family = AF_INET;
	v4->sin_port = htons((unsigned short)at->port);
	at->len = sizeof *v4;
	return 0;
bad:
	return cmd_error(g, EXIT_DATA,
	    "--listen '%s' is not ADDR:PORT (an IPv4 address, or an IPv6 one in brackets, and a port from 0 to 65535)",
	    text);
}

/* A socket listening at at; its port (a free one for port 0) into at. */
static int
listen_on(struct cmd_ctx *g, struct listen_at *at, int *fd)
{
	int one = 1;

	*fd = socket(at->sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (*fd < 0)
		return cmd_error(g, EXIT_UNAVAILABLE, "cannot listen: %s", strerror(errno));
	if (setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
	    (at->sa.ss_family == AF_INET6 &&
	    setsockopt(*fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) != 0) ||
	    bind(*fd, (struct sockaddr *)&at->sa, at->len) != 0 ||
	    listen(*fd, SOMAXCONN) != 0 ||
	    getsockname(*fd, (struct sockaddr *)&at->sa, &at->len) != 0) {
		int e = errno;

		close(*fd);
		*fd = -1;
		return cmd_error(g, EXIT_UNAVAILABLE, "cannot listen on %s:%ld: %s", at->host,
		    at->port, strerror(e));
	}
	at->port = ntohs(at->sa.ss_family == AF_INET6 ?
	    ((struct sockaddr_in6 *)&at->sa)->sin6_port :
	    ((struct sockaddr_in *)&at->sa)->sin_port);
	return 0;
}

static void
free_views(struct server *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i].page);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* Adds viewer SIDE ("" the umpire); -1 out of memory. */
static int
add_view(void *ctx, const char *side)
{
	struct server *s = ctx;
	struct view *v = realloc(s->v, ((size_t)s->n + 1) * sizeof *v);

	if (v == NULL)
		return -1;
	s->v = v;
	v = &s->v[s->n++];
	memset(v, 0, sizeof *v);
	snprintf(v->side, sizeof v->side, "%s", side);
	return 0;
}

/* 128 bits from the kernel's random source, as 32 hex digits. */
static int
new_token(char *token)
{
	unsigned char bits[(VIEWER_TOKEN - 1) / 2];

	if (getrandom(bits, sizeof bits, 0) != (ssize_t)sizeof bits)
		return -1;
	for (size_t i = 0; i < sizeof bits; i++)
		snprintf(token + 2 * i, 3, "%02x", bits[i]);
	return 0;
}

/* The viewer's token: kept, or (writing) a new one kept; *missing is set
 * when, reading, it has none or a new one is asked for. */
static int
token_of(struct cmd_ctx *g, struct game *gm, struct view *v, int fresh,
    int *missing)
{
	int st = db_viewer_get(gm->db, v->side, v->token);

	if (st != DB_OK && st != DB_NOTFOUND)
		return game_fail(g, gm->db, st);
	if (!gm->writable) {
		*missing |= st == DB_NOTFOUND || fresh;
		return 0;
	}
	if (st == DB_OK && !fresh)
		return 0;
	if (new_token(v->token) != 0)
		return cmd_error(g, EXIT_BUG, "no random bits for the tokens: %s",
		    strerror(errno));
	return (st = db_viewer_put(gm->db, v->side, v->token)) != DB_OK ?
	    game_fail(g, gm->db, st) : 0;
}

/* Refuses a game (of an earlier umpire) with a side named "umpire": its
 * page would be the umpire's, which sees everything. */
static int
no_side_umpire(struct cmd_ctx *g, const struct server *s)
{
	char folded[TEXT_FOLDED];

	for (int i = 0; i < s->n; i++) {
		text_fold(s->v[i].side, folded, sizeof folded);
		if (s->v[i].side[0] != '\0' && strcmp(folded, "umpire") == 0)
			return cmd_error(g, EXIT_DATA,
			    "the game has a side named '%s', which is the umpire's own view: give its units another side (unit set NAME --side SIDE) before serving",
			    s->v[i].side);
	}
	return 0;
}

/* serve reads the viewers' tokens, and keeps those it makes. */
static const struct cmd_sub serve_forms[] = {
	{ "read", CMD_GAME, NULL },
	{ "keep tokens", CMD_WRITES, NULL },
	{ NULL, 0, NULL },
};

/*
 * The viewers of the game and their tokens, read (write 0: *missing set
 * when one must be made) or kept (write 1, in one transaction: the tokens
 * missing, or every one when fresh, made anew).
 */
static int
gather(struct cmd_ctx *g, struct server *s, int write, int fresh, int *missing)
{
	struct game *gm;
	int rc, st;

	if ((rc = cmd_form(g, serve_forms, write ? "keep tokens" : "read")) != 0 ||
	    (rc = game_get(g, &gm)) != 0)
		return rc;
	free_views(s);
	if (add_view(s, "") != 0)
		return cmd_error(g, EXIT_BUG, "out of memory");
	st = db_sides_each(gm->db, add_view, s);
	if (st == -1)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (st != DB_OK)
		return game_fail(g, gm->db, st);
	if ((rc = no_side_umpire(g, s)) != 0)
		return rc;
	if (write && fresh && (st = db_viewer_clear(gm->db)) != DB_OK)
		return game_fail(g, gm->db, st);
	for (int i = 0; i < s->n; i++)
		if ((rc = token_of(g, gm, &s->v[i], fresh, missing)) != 0)
			return rc;
	return 0;
}

/* The viewer's name: its side, or "umpire". */
static const char *
view_name(const struct view *v)
{
	return v->side[0] != '\0' ? v->side : "umpire";
}

/* The host a phone on the network can open: the address listened on, or
 * when that is every address (0.0.0.0), this machine's first IPv4 address
 * on an interface that is up and not the loopback (else 0.0.0.0). */
static void
url_host(const char *host, char *out, size_t n)
{
	struct ifaddrs *all, *a;

	snprintf(out, n, "%s", host);
	if (strcmp(host, "0.0.0.0") != 0 || getifaddrs(&all) != 0)
		return;
	for (a = all; a != NULL; a = a->ifa_next)
		if (a->ifa_addr != NULL && a->ifa_addr->sa_family == AF_INET &&
		    (a->ifa_flags & IFF_UP) && !(a->ifa_flags & IFF_LOOPBACK) &&
		    inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)a->ifa_addr)->sin_addr,
		    out, (socklen_t)n) != NULL)
			break;
	if (a == NULL)
		snprintf(out, n, "%s", host);
	freeifaddrs(all);
}

/* Prints one line a viewer, NAME URL, or (--json) one object. */
static int
print_views(struct cmd_ctx *g, const struct server *s, const struct listen_at *at)
{
	char url[512], listen[96], host[64], reach[96];
	struct jsonw w;

	snprintf(listen, sizeof listen, "%s:%ld", at->host, at->port);
	url_host(at->host, host, sizeof host);
	snprintf(reach, sizeof reach, "%s:%ld", host, at->port);
	if (!g->json) {
		for (int i = 0; i < s->n; i++)
			fprintf(g->out, "%s http://%s/v/%s/\n", view_name(&s->v[i]), reach,
			    s->v[i].token);
		return 0;
	}
	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "listen", listen);
	jsonw_object(&w, "views");
	for (int i = 0; i < s->n; i++) {
		snprintf(url, sizeof url, "http://%s/v/%s/", reach, s->v[i].token);
		jsonw_string(&w, view_name(&s->v[i]), url);
	}
	jsonw_object_end(&w);
	jsonw_object_end(&w);
	return cmd_print_json(g, &w);
}

/* Serves until SIGINT or SIGTERM (blocked in every thread, taken here);
 * the server owns fd from then on. */
static int
serve_until_stopped(struct cmd_ctx *g, struct server *s, int fd,
    const struct listen_at *at)
{
	sigset_t stop;
	int sig, rc;

	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	signal(SIGPIPE, SIG_IGN);
	pthread_sigmask(SIG_BLOCK, &stop, NULL);
	for (int i = 0; i < s->n; i++)
		if (serve_page(&s->v[i]) != 0) {
			close(fd);
			return cmd_error(g, EXIT_BUG, "out of memory");
		}
	if (serve_start(s, fd) != 0) {
		if (s->daemon == NULL)
			close(fd);
		serve_stop(s);
		return cmd_error(g, EXIT_UNAVAILABLE, "cannot serve on %s:%ld", at->host,
		    at->port);
	}
	if ((rc = print_views(g, s, at)) == 0 && (fflush(g->out) != 0 || ferror(g->out)))
		rc = cmd_error(g, EXIT_IO, "write failure on standard output: %s",
		    strerror(errno));
	if (rc == 0)
		sigwait(&stop, &sig);
	serve_stop(s);
	return rc;
}

/* The options, the viewers and their tokens, the socket; then serving. */
static int
run(struct cmd_ctx *g, struct server *s, struct inputs *in, int argc, char **argv)
{
	struct listen_at at;
	int rc, fresh, missing = 0, fd = -1;

	if ((rc = inputs_parse_command(in, "serve", cmd_serve_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s'", in->pos[0]);
	fresh = in_flag(in, "new-tokens");
	if ((rc = parse_listen(g, in_given(in, "listen") ? in_text(in, "listen") :
	    "127.0.0.1:8080", &at)) != 0)
		return rc;
	if ((rc = game_end(g, gather(g, s, 0, fresh, &missing))) != 0 ||
	    (rc = listen_on(g, &at, &fd)) != 0)
		return rc;
	if (missing)
		rc = game_end(g, gather(g, s, 1, fresh, &missing));
	if (rc == 0)
		return serve_until_stopped(g, s, fd, &at);	/* closes fd */
	close(fd);
	return rc;
}

/* `umpire serve`, as cmd/serve.c declares it. */
int
serve_main(struct cmd_ctx *g, int argc, char **argv)
{
	struct server s;
	struct inputs *in;
	int rc;

	memset(&s, 0, sizeof s);
	s.db_path = g->db_path;
	if ((in = calloc(1, sizeof *in)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	pthread_mutex_init(&s.lock, NULL);
	pthread_mutex_init(&s.conns, NULL);
	rc = run(g, &s, in, argc, argv);
	pthread_mutex_destroy(&s.conns);
	pthread_mutex_destroy(&s.lock);
	free_views(&s);
	free(in);
	return rc;
}
