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

#include "game.h"

/* Splits line into words in place, as a shell would, into words (room for
 * strlen(line) / 2 + 1 of them); returns the count, or -1 with *why set
 * (an unclosed quote). */
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

/* The words a batch line may not hold, wherever they stand: a batch
 * inside a batch, a game made or replaced, a server, another game. */
static const char *
forbidden_word(char **words, int n)
{
	static const char *const commands[] = { "batch", "new", "serve", NULL };

	for (int i = 0; i < n; i++) {
		if (strcmp(words[i], "--db") == 0 || strncmp(words[i], "--db=", 5) == 0)
			return "--db";
		for (int k = 0; commands[k] != NULL; k++)
			if (strcmp(words[i], commands[k]) == 0)
				return commands[k];
	}
	return NULL;
}

/* A batch as it runs: its input, its connection and what it holds. */
struct run {
	struct cmd_ctx *g;
	struct batch b;		/* the one transaction (none with --each) */
	int each;
	FILE *kept;		/* where a line's output goes once it is kept */
	long number;		/* the line being run */
	long kept_lines;	/* lines kept so far (--each) */
	long long last_event;	/* the last event they recorded */
};

/* Writes one line's output to r->kept, marked with its line number: "#
 * line N" before its text, or "line": N first in its JSON object. */
static int
mark_output(struct run *r, const char *text, size_t len)
{
	if (len == 0)
		return 0;
	if (!r->g->json)
		fprintf(r->kept, "# line %ld\n", r->number);
	else if (text[0] == '{') {
		fprintf(r->kept, "{\"line\":%ld%s", r->number, text[1] == '}' ? "" : ",");
		text++;
		len--;
	}
	return fwrite(text, 1, len, r->kept) == len ? 0 : -1;
}

/* What a failed line leaves: nothing (one transaction), or the lines
 * kept before it (--each). */
static void
kept_note(const struct run *r, char *kept, size_t n)
{
	kept[0] = '\0';
	if (!r->each)
		snprintf(kept, n, "; nothing was written");
	else if (r->kept_lines > 0 && r->last_event > 0)
		snprintf(kept, n, "; the %ld line%s before it %s kept (the last event recorded is %lld)",
		    r->kept_lines, r->kept_lines == 1 ? "" : "s",
		    r->kept_lines == 1 ? "was" : "were", r->last_event);
	else if (r->kept_lines > 0)
		snprintf(kept, n, "; the %ld line%s before it %s kept",
		    r->kept_lines, r->kept_lines == 1 ? "" : "s",
		    r->kept_lines == 1 ? "was" : "were");
}

/* The sentence said when a line fails: its number, its command's error,
 * and what was kept. */
static int
line_failed(struct run *r, const struct cmd_ctx *line, int rc)
{
	char kept[128];

	kept_note(r, kept, sizeof kept);
	if (line->command != NULL)
		return cmd_error(r->g, rc, "line %ld: %s: %s%s", r->number,
		    line->command, line->error.text, kept);
	return cmd_error(r->g, rc, "line %ld: %s%s", r->number, line->error.text, kept);
}

/* Runs one line's words as a command of the batch. */
static int
run_line(struct run *r, char **words, int n)
{
	struct cmd_ctx line;
	char *text = NULL;
	size_t len = 0;
	int rc;

	memset(&line, 0, sizeof line);
	line.json = r->g->json;
	line.db_path = r->g->db_path;
	line.batch = &r->b;
	if ((line.out = open_memstream(&text, &len)) == NULL)
		return cmd_error(r->g, EXIT_BUG, "line %ld: cannot hold its output: %s",
		    r->number, strerror(errno));
	rc = cmd_run(&line, n, words);
	if (fclose(line.out) != 0 && rc == 0)
		rc = cmd_error(&line, EXIT_BUG, "cannot hold its output");
	if (rc != 0) {
		free(text);
		return line_failed(r, &line, rc);
	}
	if (line.recorded > 0)
		r->last_event = line.recorded;
	r->kept_lines++;
	rc = mark_output(r, text, len);
	free(text);
	if (rc != 0 && line.recorded > 0)
		return cmd_error(r->g, EXIT_IO,
		    "line %ld: write failure on standard output: %s; event %lld was recorded (do not apply it again)",
		    r->number, strerror(errno), line.recorded);
	if (rc != 0)
		return cmd_error(r->g, EXIT_IO, "line %ld: write failure on standard output: %s",
		    r->number, strerror(errno));
	return 0;
}

/* One line of input: split, checked, run. */
static int
one_line(struct run *r, char *text)
{
	const char *why = NULL, *word;
	char **words, kept[128];
	int n, rc;

	/* A line of n bytes holds at most n/2 + 1 words. */
	if ((words = calloc(strlen(text) / 2 + 2, sizeof *words)) == NULL)
		return cmd_error(r->g, EXIT_BUG, "line %ld: out of memory", r->number);
	kept_note(r, kept, sizeof kept);
	if ((n = split(text, words, &why)) < 0)
		rc = cmd_error(r->g, EXIT_USAGE, "line %ld: %s%s", r->number, why, kept);
	else if (n > 0 && (word = forbidden_word(words, n)) != NULL)
		rc = cmd_error(r->g, EXIT_DATA, "line %ld: '%s' cannot be used inside a batch%s",
		    r->number, word, kept);
	else
		rc = n > 0 ? run_line(r, words, n) : 0;
	free(words);
	return rc;
}

/* Runs every line of in (lines of any length) until one fails. */
static int
run_lines(struct run *r, FILE *in, const char *path)
{
	char *text = NULL;
	size_t room = 0;
	int rc = 0;

	errno = 0;
	while (rc == 0 && getline(&text, &room, in) != -1) {
		r->number++;
		rc = one_line(r, text);
		errno = 0;
	}
	/* getline says -1 at the end and on an error alike (out of memory
	 * sets no error on the stream): only the end is the end. */
	if (rc == 0 && errno == ENOMEM)
		rc = cmd_error(r->g, EXIT_BUG, "out of memory");
	else if (rc == 0 && (ferror(in) || !feof(in)))
		rc = cmd_error(r->g, EXIT_IO, "cannot read '%s': %s", path,
		    strerror(errno != 0 ? errno : EIO));
	free(text);
	return rc;
}

/* The batch: in one transaction whose output is held until it is kept,
 * or (--each) line by line. */
static int
run_batch(struct cmd_ctx *g, FILE *in, const char *path, int each)
{
	struct run r;
	char *held = NULL;
	size_t len = 0;
	int rc, end;

	memset(&r, 0, sizeof r);
	r.g = g;
	r.each = each;
	r.kept = g->out;
	if (each)
		return run_lines(&r, in, path);
	if ((r.kept = open_memstream(&held, &len)) == NULL)
		return cmd_error(g, EXIT_BUG, "cannot hold the output: %s", strerror(errno));
	if ((rc = game_batch_begin(g, &r.b)) == 0)
		rc = run_lines(&r, in, path);
	end = game_batch_end(g, &r.b, rc == 0);
	rc = rc != 0 ? rc : end;
	if (fclose(r.kept) != 0 && rc == 0)
		rc = cmd_error(g, EXIT_BUG, "cannot hold the output");
	if (rc == 0 && len > 0 && fwrite(held, 1, len, g->out) != len)
		rc = cmd_error(g, EXIT_IO,
		    "write failure on standard output: %s; the batch was saved (do not run it again)",
		    strerror(errno));
	free(held);
	return rc;
}

const struct input_decl cmd_batch_inputs[] = {
	{ "each", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "a transaction a line", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The batch of the options parsed into opts: FILE, or - (the default) for
 * standard input. */
static int
batch_of(struct cmd_ctx *g, struct inputs *opts, int argc, char **argv)
{
	const char *path;
	FILE *in;
	int rc;

	if ((rc = inputs_parse_command(opts, "batch", cmd_batch_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", opts->error.text);
	path = opts->npos > 0 ? opts->pos[0] : "-";
	if (path[0] == '-' && path[1] != '\0')
		return cmd_error(g, EXIT_USAGE, "unknown option '%s' (see 'umpire batch --help')",
		    path);
	if (opts->npos > 1)
		return cmd_error(g, EXIT_USAGE, "give one FILE, or - for standard input");
	in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (in == NULL)
		return cmd_error(g, EXIT_NOGAME, "cannot read '%s': %s", path, strerror(errno));
	rc = run_batch(g, in, path, in_flag(opts, "each"));
	if (in != stdin)
		fclose(in);
	return rc;
}

static int
batch(struct cmd_ctx *g, int argc, char **argv)
{
	struct inputs *opts;
	int rc;

	if ((opts = calloc(1, sizeof *opts)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = batch_of(g, opts, argc, argv);
	free(opts);
	return rc;
}

const struct cmd_entry cmd_batch_entry = {
	"batch", "batch [FILE|-] [--each]", "many commands in one transaction",
	CMD_NO_PREFIX, batch,
	"One command a line (shell quoting, # comments), all in one transaction:\n"
	"the first line that fails stops the batch, with its line number, and\n"
	"nothing is written.  --each: each line commits on its own.  Each line's\n"
	"output is marked '# line N' (--json: \"line\": N in its object).  A line\n"
	"may not hold batch, new, serve or --db.\n",
	cmd_batch_inputs, NULL,
};
