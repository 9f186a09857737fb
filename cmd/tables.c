/*
 * tables: the rule tables.  Inside a game: the game's own copy (what its
 * rulings use); with --rules and no game: the stock tables.  export and
 * import let a group key in its own printed table for one game; diff shows
 * where the game departs from stock.
 */
#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "game.h"
#include "jsonw.h"
#include "rtables.h"

/* Where the tables come from: the game, or the stock of a rule set. */
struct source {
	struct game gm;
	int in_game;
	const char *rules;
	struct tableset ts;
};

static int
open_source(const struct global *g, int write, struct source *src)
{
	int rc;

	memset(src, 0, sizeof *src);
	if (write || (db_file_exists(g->db_path) && g->rules == NULL)) {
		if ((rc = game_open(g, write, &src->gm)) != 0)
			return rc;
		src->in_game = 1;
		src->rules = src->gm.rs->name;
		src->ts = src->gm.ts;
		return 0;
	}
	if (g->rules == NULL)
		return cmd_error(g, EXIT_USAGE,
		    "no rule set: give --rules NAME (%s) or run in a game", ruleset_names());
	src->rules = g->rules;
	src->ts = table_stock_set();
	return 0;
}

static int
close_source(const struct global *g, struct source *src, int rc)
{
	return src->in_game ? game_close(g, &src->gm, rc) : rc;
}

static const struct table *
find(const struct global *g, struct source *src, const char *name, int *rc)
{
	const struct table *t = src->ts.find(src->ts.ctx, src->rules, name);

	if (t == NULL)
		*rc = cmd_error(g, EXIT_DATA,
		    "the %s rules have no table '%s' (see 'umpire tables list')",
		    src->rules, name);
	return t;
}

static int
list_tables(const struct global *g, struct source *src)
{
	static char buf[65536];
	struct jsonw w;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_array(&w, "tables");
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *t;

		if (strcmp(table_stock[i].ruleset, src->rules) != 0)
			continue;
		t = src->ts.find(src->ts.ctx, src->rules, table_stock[i].name);
		if (t == NULL)
			continue;
		if (g->json) {
			jsonw_object(&w, NULL);
			jsonw_string(&w, "name", t->name);
			jsonw_string(&w, "title", t->title);
			jsonw_string(&w, "provenance", t->provenance);
			jsonw_int(&w, "rows", t->nrows);
			jsonw_object_end(&w);
		} else {
			printf("%-20s %-14s %4d rows  %s\n", t->name, t->provenance,
			    t->nrows, t->title);
		}
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	if (g->json)
		puts(buf);
	return 0;
}

static void
print_row(const struct table *t, int row)
{
	for (int c = 0; c < t->ncols; c++)
		printf("%s%s", c ? " | " : "", row < 0 ? table_colname(t, c) :
		    table_cell(t, row, c));
	putchar('\n');
}

static int
show_table(const struct global *g, struct source *src, const char *name)
{
	static char buf[1 << 20];
	const struct table *t;
	struct jsonw w;
	int rc = 0;

	if ((t = find(g, src, name, &rc)) == NULL)
		return rc;
	if (g->json) {
		jsonw_init(&w, buf, sizeof buf);
		jsonw_object(&w, NULL);
		jsonw_string(&w, "name", t->name);
		jsonw_string(&w, "title", t->title);
		jsonw_string(&w, "provenance", t->provenance);
		jsonw_string(&w, "note", t->note);
		jsonw_array(&w, "columns");
		for (int c = 0; c < t->ncols; c++)
			jsonw_string(&w, NULL, table_colname(t, c));
		jsonw_array_end(&w);
		jsonw_array(&w, "rows");
		for (int r = 0; r < t->nrows; r++) {
			jsonw_array(&w, NULL);
			for (int c = 0; c < t->ncols; c++)
				jsonw_string(&w, NULL, table_cell(t, r, c));
			jsonw_array_end(&w);
		}
		jsonw_array_end(&w);
		jsonw_object_end(&w);
		puts(buf);
		return 0;
	}
	printf("%s (%s)\n", t->title, t->provenance);
	if (t->note[0])
		printf("%s\n", t->note);
	putchar('\n');
	print_row(t, -1);
	for (int r = 0; r < t->nrows; r++)
		print_row(t, r);
	return 0;
}

static void
csv_line(FILE *out, const struct table *t, int row)
{
	for (int c = 0; c < t->ncols; c++) {
		const char *s = row < 0 ? table_colname(t, c) : table_cell(t, row, c);

		if (c)
			fputc(',', out);
		csv_put(out, s);
	}
	fputc('\n', out);
}

static int
export_table(const struct global *g, struct source *src, const char *name,
    const char *path)
{
	const struct table *t;
	FILE *out = stdout;
	int rc = 0;

	if ((t = find(g, src, name, &rc)) == NULL)
		return rc;
	if (path != NULL && (out = fopen(path, "w")) == NULL)
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", path,
		    strerror(errno));
	csv_line(out, t, -1);
	for (int r = 0; r < t->nrows; r++)
		csv_line(out, t, r);
	if (path != NULL && fclose(out) != 0)
		return cmd_error(g, EXIT_IO, "cannot write '%s'", path);
	return 0;
}

/* A keyed-in file as a table of the stock one's name, checked against it:
 * its columns, the kinds of its cells, the rows of its key column. */
static int
file_table(const struct table *stock, const struct csv_rows *c,
    const char **cells, struct table *t, char *err, size_t n)
{
	if (c->nrows < 2) {
		snprintf(err, n, "the file needs a header line and at least one row");
		return EXIT_DATA;
	}
	if ((int)c->row_len[0] != stock->ncols) {
		snprintf(err, n, "line 1: the header has %zu columns, the table %d",
		    c->row_len[0], stock->ncols);
		return EXIT_DATA;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		if ((int)c->row_len[r] != stock->ncols) {
			snprintf(err, n, "line %zu: %zu cells, the table has %d columns",
			    r + 1, c->row_len[r], stock->ncols);
			return EXIT_DATA;
		}
		for (int col = 0; col < stock->ncols; col++)
			cells[r * (size_t)stock->ncols + (size_t)col] =
			    csv_cell_at(c, r, (size_t)col);
	}
	*t = *stock;
	t->nrows = (int)c->nrows - 1;
	t->cells = cells;
	return table_check(stock, t, err, n) == 0 ? 0 : EXIT_DATA;
}

static int
import_table(const struct global *g, struct source *src, const char *name,
    const char *path, int *rows)
{
	static struct csv_rows c;
	const struct table *stock = table_stock_find(src->rules, name);
	const char **cells;
	char err[512], provenance[600];
	struct table t;
	int rc = 0, st;

	if (stock == NULL)
		return cmd_error(g, EXIT_DATA,
		    "the %s rules have no table '%s' (see 'umpire tables list')",
		    src->rules, name);
	if ((rc = csv_rows_read(path, &c, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	cells = malloc((c.nrows + 1) * (size_t)stock->ncols * sizeof *cells);
	if (cells == NULL) {
		csv_rows_free(&c);
		return cmd_error(g, EXIT_BUG, "out of memory");
	}
	if ((rc = file_table(stock, &c, cells, &t, err, sizeof err)) != 0) {
		rc = cmd_error(g, rc, "%s: %s; the game's table is unchanged", path, err);
	} else {
		snprintf(provenance, sizeof provenance, "house (imported from %s)", path);
		t.provenance = provenance;
		if ((st = db_table_replace(src->gm.db, &t)) != DB_OK)
			rc = game_fail(g, st);
	}
	*rows = t.nrows;
	free(cells);
	csv_rows_free(&c);
	return rc;
}

/* Lists every cell where the game's tables depart from the stock ones. */
static int
diff_tables(const struct global *g, struct source *src)
{
	static char buf[1 << 20];
	struct jsonw w;
	int count = 0;

	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_array(&w, "differences");
	for (int i = 0; i < table_stock_count; i++) {
		const struct table *s = &table_stock[i], *t;

		if (strcmp(s->ruleset, src->rules) != 0)
			continue;
		t = src->ts.find(src->ts.ctx, src->rules, s->name);
		if (t == NULL)
			continue;
		if (t->nrows != s->nrows) {
			count++;
			if (!g->json)
				printf("%s: %d rows in stock, %d in the game\n", s->name,
				    s->nrows, t->nrows);
		}
		for (int r = 0; r < s->nrows && r < t->nrows; r++)
			for (int c = 0; c < s->ncols && c < t->ncols; c++) {
				const char *a = table_cell(s, r, c), *b = table_cell(t, r, c);

				if (strcmp(a, b) == 0)
					continue;
				count++;
				if (g->json) {
					jsonw_object(&w, NULL);
					jsonw_string(&w, "table", s->name);
					jsonw_int(&w, "row", r + 1);
					jsonw_string(&w, "key", table_cell(s, r, 0));
					jsonw_string(&w, "column", table_colname(s, c));
					jsonw_string(&w, "stock", a);
					jsonw_string(&w, "game", b);
					jsonw_object_end(&w);
				} else {
					printf("%s: row %d (%s), %s: stock %s, game %s\n",
					    s->name, r + 1, table_cell(s, r, 0),
					    table_colname(s, c), a, b);
				}
			}
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	if (g->json)
		puts(buf);
	else if (count == 0)
		puts("the game's tables are the stock tables");
	return 0;
}

static void
help(void)
{
	puts("usage: umpire tables [list | show NAME | export NAME [FILE.csv] |\n"
	    "                       import NAME FILE.csv | diff]\n"
	    "The rule tables with their provenance.  In a game, its own copy, which\n"
	    "import replaces (a group's own printed table) and diff compares with stock.");
}

static int
tables(struct global *g, int argc, char **argv)
{
	const char *sub = argc > 0 ? argv[0] : "list";
	int write = strcmp(sub, "import") == 0, rc;
	struct source src;

	if (g->help) {
		help();
		return EXIT_DONE;
	}
	if ((strcmp(sub, "list") == 0 || strcmp(sub, "diff") == 0) && argc > 1)
		return cmd_error(g, EXIT_USAGE, "tables %s takes no arguments", sub);
	if ((strcmp(sub, "show") == 0 && argc != 2) ||
	    (strcmp(sub, "export") == 0 && (argc < 2 || argc > 3)) ||
	    (write && argc != 3))
		return cmd_error(g, EXIT_USAGE, "usage: tables %s NAME%s", sub,
		    write ? " FILE.csv" : strcmp(sub, "export") == 0 ? " [FILE.csv]" : "");
	if (strcmp(sub, "list") != 0 && strcmp(sub, "show") != 0 &&
	    strcmp(sub, "export") != 0 && !write && strcmp(sub, "diff") != 0)
		return cmd_error(g, EXIT_USAGE,
		    "unknown tables command '%s' (list, show, export, import, diff)", sub);
	if (strcmp(sub, "diff") == 0 && !db_file_exists(g->db_path))
		return cmd_error(g, EXIT_NOGAME, "tables diff compares a game's tables: there is no game at '%s'",
		    g->db_path);
	if ((rc = open_source(g, write || strcmp(sub, "diff") == 0 ? write : 0, &src)) != 0)
		return rc;
	if (strcmp(sub, "diff") == 0 && !src.in_game)
		rc = cmd_error(g, EXIT_USAGE, "tables diff runs in a game (drop --rules)");
	else if (strcmp(sub, "list") == 0)
		rc = list_tables(g, &src);
	else if (strcmp(sub, "show") == 0)
		rc = show_table(g, &src, argv[1]);
	else if (strcmp(sub, "export") == 0 && g->json && argc == 2)
		rc = show_table(g, &src, argv[1]);	/* one JSON object, not CSV */
	else if (strcmp(sub, "export") == 0) {
		rc = export_table(g, &src, argv[1], argc == 3 ? argv[2] : NULL);
		if (rc == 0 && g->json)
			print_json_pair("exported", argv[1]);
	} else if (write) {
		int rows = 0;

		/* Printed only once the game's new table is kept. */
		rc = close_source(g, &src, import_table(g, &src, argv[1], argv[2], &rows));
		if (rc == 0 && g->json)
			print_json_pair("imported", argv[1]);
		else if (rc == 0)
			printf("the game's %s now has %d rows from the file\n", argv[1], rows);
		return rc;
	} else
		rc = diff_tables(g, &src);
	return close_source(g, &src, rc);
}

const struct cmd_entry cmd_tables_entry = {
	"tables", "tables [list | show NAME | export | import | diff]",
	"the rule tables", 0, tables,
};
