/*
 * batch: many commands, one per line, from a file or standard input, in
 * one process.  By default every line works in one transaction: the first
 * line that fails stops the batch with its line number and its status,
 * and nothing is written; what the lines printed comes out once the batch
 * is kept.  --each commits line by line and keeps the lines before a bad
 * one.  Lines are split as a shell would (quotes, backslashes; '#' starts
 * a comment); --json prints each command's JSON object on its own line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"

#define WORDS 128
#define LINE 8192

/* Splits line into words in place, as a shell would; returns the count,
 * or -1 with *why set (an unclosed quote). */
static int
split(char *line, char **words, const char **why)
{
	char *in = line, *out = line;
	int n = 0;

	for (;;) {
		while (*in == ' ' || *in == '\t' || *in == '\r' || *in == '\n')
			in++;
		if (*in == '\0' || *in == '#')
			return n;
		if (n == WORDS) {
			*why = "too many words";
			return -1;
		}
		words[n++] = out;
		while (*in != '\0' && *in != ' ' && *in != '\t' && *in != '\r' && *in != '\n') {
			if (*in == '\'') {
				for (in++; *in != '\0' && *in != '\''; )
					*out++ = *in++;
			} else if (*in == '"') {
				for (in++; *in != '\0' && *in != '"'; in++) {
					if (*in == '\\' && (in[1] == '"' || in[1] == '\\' ||
					    in[1] == '$' || in[1] == '`'))
						in++;
					*out++ = *in;
				}
			} else if (*in == '\\' && in[1] != '\0') {
				*out++ = *++in;
				in++;
				continue;
			} else {
				*out++ = *in++;
				continue;
			}
			if (*in == '\0') {
				*why = "a quote is not closed";
				return -1;
			}
			in++;	/* the closing quote */
		}
		if (*in != '\0')
			in++;
		*out++ = '\0';
	}
}

/* Output of one line, kept in a temporary file until the batch is. */
struct capture {
	FILE *out, *err;
	int saved_out, saved_err;
};

static int
capture_begin(struct capture *c)
{
	fflush(stdout);
	fflush(stderr);
	c->saved_out = dup(1);
	c->saved_err = dup(2);
	if (c->saved_out < 0 || c->saved_err < 0 || dup2(fileno(c->out), 1) < 0 ||
	    dup2(fileno(c->err), 2) < 0)
		return -1;
	return 0;
}

static void
capture_end(struct capture *c)
{
	fflush(stdout);
	fflush(stderr);
	dup2(c->saved_out, 1);
	dup2(c->saved_err, 2);
	close(c->saved_out);
	close(c->saved_err);
}

/* Copies what f holds to out, from its start; empties f. */
static void
spill(FILE *f, FILE *out)
{
	char buf[8192];
	size_t n;

	fflush(f);
	rewind(f);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, out);
	rewind(f);
	if (ftruncate(fileno(f), 0) != 0)
		clearerr(f);
}

/* The failed line's one sentence, said again with its line number. */
static int
line_failed(const struct global *g, struct capture *c, long number, int rc,
    const char *tail)
{
	char msg[1024] = "";
	size_t n;

	fflush(c->err);
	rewind(c->err);
	n = fread(msg, 1, sizeof msg - 1, c->err);
	msg[n] = '\0';
	msg[strcspn(msg, "\n")] = '\0';
	return cmd_error(g, rc, "line %ld: %s%s", number,
	    strncmp(msg, "umpire: ", 8) == 0 ? msg + 8 : msg, tail);
}

/* Runs one line through umpire_main with the batch's game and --json. */
static int
run_line(const struct global *g, char **words, int n)
{
	char *argv[WORDS + 5];
	int argc = 0;

	argv[argc++] = (char *)"umpire";
	argv[argc++] = (char *)"--db";
	argv[argc++] = (char *)g->db_path;
	if (g->json)
		argv[argc++] = (char *)"--json";
	for (int i = 0; i < n; i++)
		argv[argc++] = words[i];
	argv[argc] = NULL;
	return umpire_main(argc, argv);
}

static int
refused(char **words, int n)
{
	for (int i = 0; i < n; i++)
		if (words[i][0] != '-')
			return strcmp(words[i], "batch") == 0 || strcmp(words[i], "new") == 0;
	return 0;
}

static int
batch(struct global *g, int argc, char **argv)
{
	static char line[LINE];
	char *words[WORDS];
	const char *path = "-", *why = NULL;
	struct capture c;
	FILE *in;
	long number = 0;
	int each = 0, rc = 0, n;

	if (g->help) {
		puts("usage: umpire batch [FILE|-] [--each]\n"
		    "One command a line (shell quoting, # comments), all in one transaction:\n"
		    "the first line that fails stops the batch, with its line number, and\n"
		    "nothing is written.  --each: each line commits on its own.  --json: one\n"
		    "JSON object a line.");
		return EXIT_DONE;
	}
	for (int i = 0, files = 0; i < argc; i++) {
		if (strcmp(argv[i], "--each") == 0)
			each = 1;
		else if (argv[i][0] == '-' && argv[i][1] != '\0')
			return cmd_error(g, EXIT_USAGE, "unknown option '%s' (see 'umpire batch --help')",
			    argv[i]);
		else if (files++ == 0)
			path = argv[i];
		else
			return cmd_error(g, EXIT_USAGE, "batch takes one FILE (or - for standard input)");
	}
	in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (in == NULL)
		return cmd_error(g, EXIT_NOGAME, "cannot read '%s': %s", path, strerror(errno));
	c.out = tmpfile();
	c.err = tmpfile();
	if (c.out == NULL || c.err == NULL || (!each && (rc = game_batch_begin(g)) != 0)) {
		if (in != stdin)
			fclose(in);
		return rc != 0 ? rc : cmd_error(g, EXIT_IO, "cannot make a temporary file: %s",
		    strerror(errno));
	}
	while (rc == 0 && fgets(line, sizeof line, in) != NULL) {
		number++;
		if ((n = split(line, words, &why)) < 0) {
			rc = cmd_error(g, EXIT_USAGE, "line %ld: %s%s", number, why,
			    each ? "" : "; nothing was written");
			break;
		}
		if (n == 0)
			continue;
		if (refused(words, n)) {
			rc = cmd_error(g, EXIT_USAGE, "line %ld: '%s' cannot run inside a batch%s",
			    number, words[0], each ? "" : "; nothing was written");
			break;
		}
		if (capture_begin(&c) != 0) {
			rc = cmd_error(g, EXIT_IO, "cannot capture a line's output");
			break;
		}
		rc = run_line(g, words, n);
		capture_end(&c);
		if (rc != 0) {
			rc = line_failed(g, &c, number, rc, each ? "" : "; nothing was written");
			break;
		}
		if (each)
			spill(c.out, stdout);
	}
	if (rc == 0 && ferror(in))
		rc = cmd_error(g, EXIT_IO, "cannot read '%s': %s", path, strerror(errno));
	if (in != stdin)
		fclose(in);
	if (!each) {
		int end = game_batch_end(g, rc == 0);

		rc = rc != 0 ? rc : end;
		if (rc == 0)
			spill(c.out, stdout);
	}
	fclose(c.out);
	fclose(c.err);
	return rc;
}

const struct cmd_entry cmd_batch_entry = {
	"batch", "batch [FILE|-] [--each]", "many commands in one transaction",
	CMD_NO_PREFIX, batch,
};
