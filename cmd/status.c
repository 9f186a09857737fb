/*
 * status: how a command ends, for every command and the dispatcher alike
 * (cmd/main.c runs them, cmd/game.c closes their game): the exit status of
 * a core or db status, the error sentence, the JSON document printed.
 */
#include <stdarg.h>
#include <stdio.h>

#include "cmd.h"
#include "db.h"
#include "jsonw.h"
#include "ruleset.h"

int
exit_of_rule(int status)
{
	switch (status) {
	case RULE_OK:
		return EXIT_DONE;
	case RULE_USAGE:
		return EXIT_USAGE;
	case RULE_DATA:
		return EXIT_DATA;
	default:
		return EXIT_BUG;
	}
}

int
exit_of_db(int status)
{
	switch (status) {
	case DB_OK:
		return EXIT_DONE;
	case DB_NOFILE:
		return EXIT_NOGAME;
	case DB_NOTGAME: case DB_NEWER: case DB_NOTFOUND: case DB_CONFLICT:
		return EXIT_DATA;
	case DB_EXISTS: case DB_CANTCREATE:
		return EXIT_CANTCREATE;
	case DB_READONLY: case DB_IO:
		return EXIT_IO;
	case DB_LOCKED:
		return EXIT_LOCKED;
	default:
		return EXIT_BUG;
	}
}

int
cmd_error(struct cmd_ctx *g, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(&g->error, code, fmt, ap);
	va_end(ap);
	if (g->err == NULL)
		return code;
	fflush(g->out);
	if (g->command != NULL)
		fprintf(g->err, "umpire: %s: %s\n", g->command, g->error.text);
	else
		fprintf(g->err, "umpire: %s\n", g->error.text);
	return code;
}

int
cmd_say(struct cmd_ctx *g, const struct error *e)
{
	return cmd_error(g, e->code, "%s", e->text);
}

int
cmd_print_json(struct cmd_ctx *g, struct jsonw *w)
{
	int rc = 0;

	if (w->overflow)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	else
		fprintf(g->out, "%s\n", w->buf);
	jsonw_free(w);
	return rc;
}
