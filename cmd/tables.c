/*
 * tables: list and show the rule tables (the stock ones with --rules, the
 * game's own copy inside a game).
 */
#include <string.h>

#include "cmd.h"
#include "db.h"
#include "ruleset.h"

static const char *
rules_of(const struct global *g, int *rc)
{
	static char name[32];
	int st;

	*rc = 0;
	if (g->rules != NULL)
		return g->rules;
	st = db_peek_rules(g->db_path, name, sizeof name);
	if (st == DB_NOFILE) {
		*rc = cmd_error(g, EXIT_USAGE,
		    "no rule set: give --rules NAME (brigade, squares, fury, 2x2, ohw)");
		return NULL;
	}
	if (st != DB_OK) {
		*rc = cmd_error(g, db_exit_status(st), "%s", db_last_error());
		return NULL;
	}
	return name;
}

static int
list_tables(const char *rules)
{
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *t = &table_stock[i];

		if (strcmp(t->ruleset, rules) == 0)
			printf("%-20s %-14s %4d rows  %s\n", t->name, t->provenance,
			    t->nrows, t->title);
	}
	return EXIT_DONE;
}

static void
print_row(const struct table *t, int row)
{
	for (int c = 0; c < t->ncols; c++) {
		const char *s = row < 0 ? table_colname(t, c) : table_cell(t, row, c);

		printf("%s%s", c ? " | " : "", s);
	}
	putchar('\n');
}

static int
show_table(const struct global *g, const char *rules, const char *name)
{
	const struct table *t = table_stock_find(rules, name);

	if (t == NULL)
		return cmd_error(g, EXIT_DATA,
		    "the %s rules have no table '%s' (see 'umpire tables list')",
		    rules, name);
	printf("%s (%s)\n", t->title, t->provenance);
	if (t->note[0])
		printf("%s\n", t->note);
	putchar('\n');
	print_row(t, -1);
	for (int r = 0; r < t->nrows; r++)
		print_row(t, r);
	return EXIT_DONE;
}

static int
tables(struct global *g, int argc, char **argv)
{
	const char *rules;
	int rc;

	if (g->help) {
		puts("usage: umpire tables [list | show NAME]\n"
		    "Lists the rule set's tables, or prints one with its provenance.");
		return EXIT_DONE;
	}
	if ((rules = rules_of(g, &rc)) == NULL)
		return rc;
	if (argc == 0 || (argc == 1 && strcmp(argv[0], "list") == 0))
		return list_tables(rules);
	if (strcmp(argv[0], "show") == 0 && argc == 2)
		return show_table(g, rules, argv[1]);
	if (strcmp(argv[0], "show") == 0)
		return cmd_error(g, EXIT_USAGE, "tables show needs one table NAME");
	return cmd_error(g, EXIT_USAGE, "unknown tables command '%s' (list, show)",
	    argv[0]);
}

const struct cmd_entry cmd_tables_entry = {
	"tables", "tables [list | show NAME]", "the rule tables", 0, tables,
};
