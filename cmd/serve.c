/*
 * serve: read-only pages of the game for the table.  The server is its
 * own program, umpire-serve (cmd/serve/): it links libmicrohttpd, which
 * Debian ships for dynamic linking only, while the ruling binary is
 * static for its start-up speed.  So, as git runs git-http-backend, the
 * ruling binary finds umpire-serve beside itself (or in libexec) and
 * executes it with the command line; umpire-serve defines serve_main.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const struct input_decl cmd_serve_inputs[] = {
	{ "listen", IN_TEXT, "ADDR:PORT", 0, 0, NULL, NULL, NULL,
	  "where to listen (default 127.0.0.1:8080; port 0: a free one)", 0 },
	{ "new-tokens", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "new secret URLs; the old ones stop working", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The server, in umpire-serve only (cmd/serve/serve_main.c); the ruling
 * binary leaves it undefined (NULL) and executes umpire-serve. */
int serve_main(struct cmd_ctx *g, int argc, char **argv) __attribute__((weak));

/* Path of the program NAME in directory DIR into buf, when it can run. */
static int
runnable(char *buf, size_t n, const char *dir, const char *name)
{
	if ((size_t)snprintf(buf, n, "%s/%s", dir, name) >= n)
		return 0;
	return access(buf, X_OK) == 0;
}

/* umpire-serve: beside this program, else in its libexec. */
static int
find_server(char *path, size_t n)
{
	char self[PATH_MAX], *slash;
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);

	if (len <= 0)
		return 0;
	self[len] = '\0';
	if ((slash = strrchr(self, '/')) == NULL)
		return 0;
	*slash = '\0';
	if (runnable(path, n, self, "umpire-serve"))
		return 1;
	if ((slash = strrchr(self, '/')) == NULL)
		return 0;
	strcpy(slash, "/libexec/umpire");
	return runnable(path, n, self, "umpire-serve");
}

/* Executes umpire-serve with the command line: returns only on failure. */
static int
exec_server(struct cmd_ctx *g, int argc, char **argv)
{
	char path[PATH_MAX + 32];
	char **args;
	int n = 0, rc;

	if (!find_server(path, sizeof path))
		return cmd_error(g, EXIT_USAGE,
		    "the server program umpire-serve is not installed beside umpire or in its libexec/umpire");
	if ((args = calloc((size_t)argc + 9, sizeof *args)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	args[n++] = path;
	args[n++] = (char *)"--db";
	args[n++] = (char *)g->db_path;
	if (g->json)
		args[n++] = (char *)"--json";
	if (g->rules != NULL) {
		args[n++] = (char *)"--rules";
		args[n++] = (char *)g->rules;
	}
	args[n++] = (char *)"serve";
	for (int i = 0; i < argc; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	fflush(g->out);
	execv(path, args);
	rc = cmd_error(g, EXIT_USAGE, "cannot run the server program %s: %s", path,
	    strerror(errno));
	free(args);
	return rc;
}

static int
serve(struct cmd_ctx *g, int argc, char **argv)
{
	if (serve_main != NULL)
		return serve_main(g, argc, argv);
	return exec_server(g, argc, argv);
}

/* No prefix: a server does not return, it is asked for by name. */
const struct cmd_entry cmd_serve_entry = {
	"serve", "serve [--listen ADDR:PORT] [--new-tokens]",
	"read-only pages of the game for the table",
	CMD_NO_PREFIX | CMD_GAME | CMD_WRITES, serve,
	"Read-only pages of the game for the table, each at its own secret URL:\n"
	"the umpire's, and one for each side.  Prints one line a viewer, NAME URL\n"
	"(the umpire first, then the sides in the roster's order; with --json one\n"
	"object {\"listen\", \"views\"}), then serves until SIGINT or SIGTERM.\n"
	"A page follows the game: a ruling shows on it at once.  Give the\n"
	"machine's own address, or 0.0.0.0, to --listen for phones on the network.\n"
	"GET /v/TOKEN/ is a viewer's page, /v/TOKEN/sheet.json its sheet --json,\n"
	"/v/TOKEN/events its changes as they come (text/event-stream).\n"
	"The tokens are kept in the game, so a restart keeps the URLs; writing\n"
	"them is all serve writes.  Exit status 69: the address cannot be used.\n",
	cmd_serve_inputs, NULL,
};
