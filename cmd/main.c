/*
 * umpire: the entry point.  Global options may stand before or after the
 * command; they are taken out wherever they are, then the command is found
 * (exact name, else an unambiguous prefix) and run.  Only main exits.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "game.h"
#include "help.h"
#include "ruleset.h"
#include "text.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_fire_entry, &cmd_melee_entry, &cmd_morale_entry,
	&cmd_rally_entry, &cmd_fatigue_entry, &cmd_move_entry,
	&cmd_new_entry, &cmd_game_entry, &cmd_unit_entry, &cmd_sheet_entry, &cmd_log_entry,
	&cmd_undo_entry, &cmd_redo_entry, &cmd_adjust_entry, &cmd_turn_entry,
	&cmd_tables_entry, &cmd_check_entry, &cmd_odds_entry, &cmd_help_entry,
	&cmd_version_entry, &cmd_batch_entry, &cmd_report_entry, &cmd_serve_entry,
	&cmd_complete_entry,
	NULL
};

/* The overview: the commands of the table in their groups. */
static void
usage(FILE *f)
{
	fputs("usage: umpire [--db PATH] [--rules NAME] [--json] COMMAND [OPTIONS]\n"
	    "       umpire COMMAND --help      help for one command\n"
	    "       umpire --version\n\n"
	    "Adjudication (umpire COMMAND --rules NAME --help lists a rule set's options):\n",
	    f);
	for (int i = 0; cmd_table[i] != NULL; i++) {
		if (i > 0 && (cmd_table[i]->flags & CMD_ADJUDICATES) == 0 &&
		    (cmd_table[i - 1]->flags & CMD_ADJUDICATES) != 0)
			fputs("\nGame keeping:\n", f);
		fprintf(f, "  %-9s %s\n", cmd_table[i]->name, cmd_table[i]->summary);
	}
	fprintf(f, "\nRule sets: %s.\n", ruleset_names());
	fputs("Global options:\n"
	    "  --db PATH      the game database (default $UMPIRE_DB, else ./umpire.db)\n"
	    "  --rules NAME   the rule set (default: the game's)\n"
	    "  --for SIDE     sheet, report, log, unit list|show: what SIDE may know\n"
	    "  --json         one JSON object on stdout\n"
	    "  --help, -h     help\n"
	    "  --version      the version\n"
	    "Exit status: 0 done, 64 usage, 65 bad data, 66 no game, 70 bug,\n"
	    "73 cannot create the game, 74 game I/O error, 75 game locked.\n", f);
}

static int exec_or_help(struct cmd_ctx *g, const struct cmd_entry *c, int argc,
    char **argv);
static const struct cmd_entry *find_command(struct cmd_ctx *g,
    const char *name, int *rc);

/* `umpire help [COMMAND]`: the overview, or the command's --help. */
static int
help(struct cmd_ctx *g, int argc, char **argv)
{
	const struct cmd_entry *c;
	int rc = 0;

	if (argc > 0 && g->json)
		return cmd_error(g, EXIT_USAGE,
		    "--json describes all of umpire: give 'umpire --json help' no command");
	if (argc == 0 && g->json) {
		struct jsonw w;

		jsonw_init_growing(&w);
		help_describe(&w, cmd_table);
		return cmd_print_json(g, &w);
	}
	if (argc == 0) {
		usage(g->out);
		return EXIT_DONE;
	}
	if ((c = find_command(g, argv[0], &rc)) == NULL)
		return rc;
	g->help = 1;
	g->command = c->name;
	return exec_or_help(g, c, argc - 1, argv + 1);
}

static int
version(struct cmd_ctx *g, int argc, char **argv)
{
	(void)argv;
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire --help')",
		    argv[0]);
	if (g->json)
		fprintf(g->out, "{\"version\":\"%s\",\"sqlite\":\"%s\"}\n", UMPIRE_VERSION,
		    db_sqlite_version());
	else
		fprintf(g->out, "umpire %s (SQLite %s)\n", UMPIRE_VERSION, db_sqlite_version());
	return EXIT_DONE;
}

const struct cmd_entry cmd_help_entry = {
	"help", "help [COMMAND]", "this overview, or a command's help (--json: what umpire takes)", 0, help,
	NULL, NULL, NULL,
};
const struct cmd_entry cmd_version_entry = {
	"version", "version", "umpire's version", 0, version,
	NULL, NULL, NULL,
};

/* Takes the value of a global option: "--db PATH" or "--db=PATH". */
static int
global_value(int argc, char **argv, int *i, const char *name,
    const char **out)
{
	size_t len = strlen(name);
	const char *a = argv[*i];

	if (strncmp(a, name, len) != 0)
		return 0;
	if (a[len] == '=') {
		*out = a + len + 1;
		return 1;
	}
	if (a[len] != '\0')
		return 0;
	if (*i + 1 >= argc) {
		*out = NULL;
		return 1;
	}
	*out = argv[++*i];
	return 1;
}

/*
 * Removes the global options from argv (compacting it) into g.  Returns 0,
 * or 64 for a global option without its value.
 */
static int
take_globals(struct cmd_ctx *g, int *argc, char **argv, int *version)
{
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		const char *a = argv[i], *v;

		if (strcmp(a, "--json") == 0)
			g->json = 1;
		else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
			g->help = 1;
		else if (strcmp(a, "--version") == 0)
			*version = 1;
		else if (global_value(*argc, argv, &i, "--db", &v) ||
		    global_value(*argc, argv, &i, "--rules", &v) ||
		    global_value(*argc, argv, &i, "--for", &v)) {
			if (v == NULL)
				return cmd_error(g, EXIT_USAGE,
				    "option '%s' needs a value: %s %s%s%s", a, a,
				    strcmp(a, "--rules") == 0 ? "NAME (" :
				    strcmp(a, "--db") == 0 ? "PATH" : "SIDE",
				    strcmp(a, "--rules") == 0 ? ruleset_names() : "",
				    strcmp(a, "--rules") == 0 ? ")" : "");
			if (strncmp(a, "--db", 4) == 0)
				g->db_path = v;
			else if (strncmp(a, "--for", 5) == 0)
				g->for_side = v;
			else
				g->rules = v;
		} else
			argv[n++] = argv[i];
	}
	*argc = n;
	return 0;
}

/* An unknown command, with the commands near it as unit names have them:
 * "unknown command 'frie' (see 'umpire --help'); did you mean 'fire'?" */
static int
unknown_command(struct cmd_ctx *g, const char *name)
{
	char names[64][16], near[128];
	int n = 0;

	for (int i = 0; cmd_table[i] != NULL && n < 64; i++)
		text_copy(names[n++], sizeof names[0], cmd_table[i]->name);
	text_near_names(name, names[0], sizeof names[0], n, near, sizeof near);
	return cmd_error(g, EXIT_USAGE, "unknown command '%s' (see 'umpire --help')%s%s%s",
	    name, near[0] ? "; did you mean " : "", near, near[0] ? "?" : "");
}

/* The command NAME: exact, else an unambiguous prefix. */
static const struct cmd_entry *
find_command(struct cmd_ctx *g, const char *name, int *rc)
{
	const struct cmd_entry *found = NULL;
	char candidates[256] = "";
	int matches = 0;
	size_t len = strlen(name);

	for (int i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
	for (int i = 0; cmd_table[i] != NULL && len > 0; i++) {
		const struct cmd_entry *c = cmd_table[i];

		if ((c->flags & CMD_NO_PREFIX) || strncmp(c->name, name, len) != 0)
			continue;
		found = c;
		matches++;
		strncat(candidates, " ", sizeof candidates - strlen(candidates) - 1);
		strncat(candidates, c->name, sizeof candidates - strlen(candidates) - 1);
	}
	if (matches == 1)
		return found;
	*rc = matches > 1 ?
	    cmd_error(g, EXIT_USAGE, "'%s' is ambiguous:%s", name, candidates) :
	    unknown_command(g, name);
	return NULL;
}

/* Runs command c, or says its help: the one its declaration makes, with
 * what the command adds, when it declares what it does. */
static int
exec_or_help(struct cmd_ctx *g, const struct cmd_entry *c, int argc, char **argv)
{
	if (!g->help || c->about == NULL)
		return c->exec(g, argc, argv);
	return c->help != NULL ? c->help(g, c) : cmd_help(g, c);
}

/* Runs the command and ends the game it opened: committed or rolled back,
 * and closed, once. */
static int
run_command(struct cmd_ctx *g, const struct cmd_entry *c, int argc, char **argv)
{
	g->flags = c->flags;
	if (g->for_side != NULL && !(c->flags & CMD_VIEWS))
		return cmd_error(g, EXIT_USAGE, "this command shows no side's view: drop --for");
	return game_end(g, exec_or_help(g, c, argc, argv));
}

int
cmd_run_sub(struct cmd_ctx *g, const struct cmd_sub *subs, const char *def,
    int argc, char **argv)
{
	const char *name = argc > 0 ? argv[0] : def;
	char names[256] = "";

	for (const struct cmd_sub *s = subs; s->name != NULL; s++) {
		if (strcmp(s->name, name) != 0) {
			snprintf(names + strlen(names), sizeof names - strlen(names),
			    "%s%s", names[0] ? ", " : "", s->name);
			continue;
		}
		g->flags = s->flags;
		if (g->for_side != NULL && !(s->flags & CMD_VIEWS))
			return cmd_error(g, EXIT_USAGE, "'%s %s' shows no side's view: drop --for",
			    g->command, s->name);
		return s->exec(g, argc > 0 ? argc - 1 : 0, argc > 0 ? argv + 1 : argv);
	}
	return cmd_error(g, EXIT_USAGE, "unknown %s command '%s' (%s)", g->command,
	    name, names);
}

int
cmd_form(struct cmd_ctx *g, const struct cmd_sub *forms, const char *name)
{
	for (const struct cmd_sub *f = forms; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0) {
			g->flags = (g->flags & ~(CMD_GAME | CMD_WRITES)) | f->flags;
			return 0;
		}
	return cmd_error(g, EXIT_BUG, "%s declares no form '%s'", g->command, name);
}

int
cmd_run(struct cmd_ctx *g, int argc, char **argv)
{
	const struct cmd_entry *c;
	int version = 0, rc = 0;

	if ((rc = take_globals(g, &argc, argv, &version)) != 0)
		return rc;
	if (version)	/* the same words as `umpire version` */
		return cmd_version_entry.exec(g, 0, NULL);
	if (argc == 0 || strncmp(argv[0], "-", 1) == 0) {
		if (argc == 0 && g->help) {
			usage(g->out);
			return EXIT_DONE;
		}
		if (argc > 0)
			return cmd_error(g, EXIT_USAGE,
			    "unknown option '%s' (see 'umpire --help')", argv[0]);
		error_set(&g->error, EXIT_USAGE, "no command (see 'umpire --help')");
		if (g->err != NULL)
			usage(g->err);
		return EXIT_USAGE;
	}
	if ((c = find_command(g, argv[0], &rc)) == NULL)
		return rc;
	g->command = c->name;
	if (g->json && !g->help && (c->flags & CMD_NO_JSON))
		return cmd_error(g, EXIT_USAGE, "this command has no JSON output: drop --json");
	if (g->rules != NULL && ruleset_find(g->rules) == NULL)
		return cmd_error(g, EXIT_DATA, "unknown rule set '%s' (%s)",
		    g->rules, ruleset_names());
	if (g->rules != NULL)
		g->rules = ruleset_find(g->rules)->name;	/* the canonical spelling */
	if (g->db_path == NULL) {
		g->db_path = getenv("UMPIRE_DB");
		g->db_from_env = g->db_path != NULL && *g->db_path != '\0';
	}
	if (g->db_path == NULL || *g->db_path == '\0')
		g->db_path = "umpire.db";
	return run_command(g, c, argc - 1, argv + 1);
}

int
umpire_main(int argc, char **argv)
{
	struct cmd_ctx g;
	int rc;

	memset(&g, 0, sizeof g);
	g.out = stdout;
	g.err = stderr;
	rc = cmd_run(&g, argc - 1, argv + 1);
	if ((fflush(stdout) != 0 || ferror(stdout)) && errno != EPIPE) {
		if (g.recorded > 0)
			return cmd_error(&g, EXIT_IO,
			    "write failure on standard output: %s; event %lld was recorded (do not apply it again)",
			    strerror(errno), g.recorded);
		if (g.saved)
			return cmd_error(&g, EXIT_IO,
			    "write failure on standard output: %s; the change was saved (do not make it again)",
			    strerror(errno));
		return cmd_error(&g, EXIT_IO, "write failure on standard output: %s",
		    strerror(errno));
	}
	return rc;
}
