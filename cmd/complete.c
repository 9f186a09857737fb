/*
 * complete: candidates for the shell's completion (completion/umpire.bash),
 * one a line: `complete commands`, `complete rules`, `complete options
 * COMMAND`, `complete mods COMMAND` (the modifier names of the game's
 * rule set, or --rules), `complete units` (the game's unit names).
 * Quiet: no game, no rule set or a bad word gives nothing, status 0.
 */
#include <string.h>

#include "game.h"
#include "text.h"

static const char *const game_options[] = {
	"new:--rules --title --force --victory --points",
	"unit:add list show set rm import export",
	"sheet:--side --json --csv --html",
	"log:--unit --turn show",
	"undo:--dry-run", "redo:", "adjust:--reason --state --clear",
	"turn:next", "tables:list show export import diff", "check:",
	"batch:--each", "report:--html", "help:", "version:", "odds:",
	NULL
};

/* The rule set: --rules, else the game's; NULL when neither. */
static const struct ruleset *
rules_of(struct cmd_ctx *g)
{
	char name[32];

	if (g->rules != NULL)
		return ruleset_find(g->rules);
	if (db_peek_rules(g->db_path, name, sizeof name) != DB_OK)
		return NULL;
	return ruleset_find(name);
}

static void
commands(void)
{
	for (int i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, "complete") != 0)
			puts(cmd_table[i]->name);
}

static void
words(const char *list)
{
	char buf[256];

	text_copy(buf, sizeof buf, list);
	for (char *save = NULL, *w = strtok_r(buf, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save))
		puts(w);
}

static void
options(struct cmd_ctx *g, const char *command)
{
	const struct ruleset *rs;
	const struct rule_cmd *c;
	size_t len = strlen(command);

	for (int i = 0; game_options[i] != NULL; i++)
		if (strncmp(game_options[i], command, len) == 0 && game_options[i][len] == ':') {
			words(game_options[i] + len + 1);
			return;
		}
	if ((rs = rules_of(g)) == NULL || (c = ruleset_cmd(rs, command)) == NULL ||
	    c->inputs == NULL)
		return;
	for (const struct input_decl *d = c->inputs; d->name != NULL; d++)
		printf("--%s\n", d->name);
	words("--dice --roll --seed --odds");
}

static void
mods(struct cmd_ctx *g, const char *command)
{
	const struct ruleset *rs;
	const struct rule_cmd *c;

	if ((rs = rules_of(g)) == NULL || (c = ruleset_cmd(rs, command)) == NULL ||
	    c->inputs == NULL)
		return;
	for (const struct input_decl *d = c->inputs; d->name != NULL; d++) {
		const struct table *t;

		if (d->kind != IN_MODS || (t = table_stock_find(rs->name, d->detail)) == NULL)
			continue;
		for (int row = 0; row < t->nrows; row++)
			puts(table_text(t, row, "name"));
	}
}

static void
units(struct cmd_ctx *g)
{
	struct game *gm;

	g->err = NULL;		/* completion never prints an error */
	if (!db_file_exists(g->db_path) || game_get(g, &gm) != 0)
		return;
	if (game_army(g, gm) == 0)
		for (int i = 0; i < gm->army.n; i++)
			puts(gm->army.u[i].name);
}

static int
complete(struct cmd_ctx *g, int argc, char **argv)
{
	if (g->help || argc == 0) {
		puts("usage: umpire complete commands|rules|units|options COMMAND|mods COMMAND\n"
		    "Candidates for the shell's completion, one a line.");
		return EXIT_DONE;
	}
	if (strcmp(argv[0], "commands") == 0)
		commands();
	else if (strcmp(argv[0], "rules") == 0)
		for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++)
			puts((*rs)->name);
	else if (strcmp(argv[0], "units") == 0)
		units(g);
	else if (strcmp(argv[0], "options") == 0 && argc > 1)
		options(g, argv[1]);
	else if (strcmp(argv[0], "mods") == 0 && argc > 1)
		mods(g, argv[1]);
	return EXIT_DONE;
}

const struct cmd_entry cmd_complete_entry = {
	"complete", "complete WHAT [COMMAND]", "candidates for shell completion",
	CMD_NO_PREFIX | CMD_GAME, complete,
};
