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
#include "outfile.h"
#include "rtables.h"

/* Where the tables come from: the game, or the stock of a rule set. */
struct source {
	struct game *gm;	/* the game, or NULL for the stock tables */
	const char *rules;
	struct tableset ts;
};

/* The game's tables (a writer's, or a reader's in a game without
 * --rules), else the stock tables of --rules. */
static int
open_source(struct cmd_ctx *g, struct source *src)
{
	int rc;

	memset(src, 0, sizeof *src);
	if ((g->flags & CMD_WRITES) || (db_file_exists(g->db_path) && g->rules == NULL)) {
		if ((rc = game_get(g, &src->gm)) != 0)
			return rc;
		src->rules = src->gm->rs->name;
		src->ts = src->gm->ts;
		return 0;
	}
	if (g->rules == NULL)
		return cmd_error(g, EXIT_USAGE,
		    "no rule set: there is no game at '%s' to take it from; give --rules NAME (%s)",
		    g->db_path, ruleset_names());
	src->rules = g->rules;
	src->ts = table_stock_set();
	return 0;
}

static const struct table *
find(struct cmd_ctx *g, struct source *src, const char *name, int *rc)
{
	const struct table *t = src->ts.find(src->ts.ctx, src->rules, name);

	if (t == NULL)
		*rc = cmd_error(g, EXIT_DATA,
		    "the %s rules have no table '%s' (see 'umpire tables list')",
		    src->rules, name);
	return t;
}

static int
list_tables(struct cmd_ctx *g, struct source *src)
{
	struct jsonw w;

	jsonw_init_if(&w, g->json);
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
			fprintf(g->out, "%-20s %-14s %4d rows  %s\n", t->name,
			    t->provenance, t->nrows, t->title);
		}
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	return g->json ? cmd_print_json(g, &w) : 0;
}

static void
print_row(FILE *out, const struct table *t, int row)
{
	for (int c = 0; c < t->ncols; c++)
		fprintf(out, "%s%s", c ? " | " : "", row < 0 ? table_colname(t, c) :
		    table_cell(t, row, c));
	fputc('\n', out);
}

/* A table as one JSON object. */
static int
show_json(struct cmd_ctx *g, const struct table *t)
{
	struct jsonw w;

	jsonw_init_growing(&w);
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
	return cmd_print_json(g, &w);
}

static int
show_table(struct cmd_ctx *g, struct source *src, const char *name)
{
	const struct table *t;
	int rc = 0;

	if ((t = find(g, src, name, &rc)) == NULL)
		return rc;
	if (g->json)
		return show_json(g, t);
	fprintf(g->out, "%s (%s)\n", t->title, t->provenance);
	if (t->note[0])
		fprintf(g->out, "%s\n", t->note);
	fputc('\n', g->out);
	print_row(g->out, t, -1);
	for (int r = 0; r < t->nrows; r++)
		print_row(g->out, t, r);
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
export_table(struct cmd_ctx *g, struct source *src, const char *name,
    const char *path)
{
	struct outfile of = { .f = NULL };
	const struct table *t;
	FILE *out = g->out;
	int rc = 0;

	if ((t = find(g, src, name, &rc)) == NULL)
		return rc;
	if (path != NULL && (rc = outfile_open(g, path, &of)) != 0)
		return rc;
	if (path != NULL)
		out = of.f;
	csv_line(out, t, -1);
	for (int r = 0; r < t->nrows; r++)
		csv_line(out, t, r);
	return path != NULL ? outfile_close(g, &of, 0) : 0;
}

/* A keyed-in file as a table of the stock one's name, checked against it:
 * its columns, the kinds of its cells, the rows of its key column. */
static int
file_table(const struct table *stock, const struct csv_rows *c,
    const char **cells, struct table *t, struct error *err)
{
	char why[ERROR_TEXT];

	if (c->nrows < 2)
		return error_set(err, EXIT_DATA,
		    "the file needs a header line and at least one row");
	if ((int)c->row_len[0] != stock->ncols)
		return error_set(err, EXIT_DATA, "line %zu: the header has %zu columns, the table %d",
		    csv_row_line(c, 0), c->row_len[0], stock->ncols);
	for (size_t r = 0; r < c->nrows; r++) {
		if ((int)c->row_len[r] != stock->ncols)
			return error_set(err, EXIT_DATA, "line %zu: %zu cells, the table has %d columns",
			    csv_row_line(c, r), c->row_len[r], stock->ncols);
		for (int col = 0; col < stock->ncols; col++)
			cells[r * (size_t)stock->ncols + (size_t)col] =
			    csv_cell_at(c, r, (size_t)col);
	}
	*t = *stock;
	t->nrows = (int)c->nrows - 1;
	t->cells = cells;
	if (table_check(stock, t, why, sizeof why) != 0)
		return error_set(err, EXIT_DATA, "%s", why);
	return 0;
}

static int
import_table(struct cmd_ctx *g, struct source *src, const char *name,
    const char *path, int *rows)
{
	struct csv_rows c;
	const struct table *stock = table_stock_find(src->rules, name);
	const char **cells;
	char provenance[600];
	struct error err;
	struct table t;
	int rc = 0, st;

	if (stock == NULL)
		return cmd_error(g, EXIT_DATA,
		    "the %s rules have no table '%s' (see 'umpire tables list')",
		    src->rules, name);
	if (csv_rows_read(path, &c, &err) != 0)
		return cmd_say(g, &err);
	cells = malloc((c.nrows + 1) * (size_t)stock->ncols * sizeof *cells);
	if (cells == NULL) {
		csv_rows_free(&c);
		return cmd_error(g, EXIT_BUG, "out of memory");
	}
	if (file_table(stock, &c, cells, &t, &err) != 0) {
		rc = cmd_error(g, err.code, "%s: %s; the game's table is unchanged", path,
		    err.text);
	} else {
		snprintf(provenance, sizeof provenance, "house (imported from %s)", path);
		t.provenance = provenance;
		if ((st = db_table_replace(src->gm->db, &t)) != DB_OK)
			rc = game_fail(g, src->gm->db, st);
	}
	*rows = t.nrows;
	free(cells);
	csv_rows_free(&c);
	return rc;
}

/* Lists every cell where the game's tables depart from the stock ones. */
static int
diff_tables(struct cmd_ctx *g, struct source *src)
{
	struct jsonw w;
	int count = 0;

	jsonw_init_if(&w, g->json);
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
				fprintf(g->out, "%s: %d rows in stock, %d in the game\n",
				    s->name, s->nrows, t->nrows);
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
					fprintf(g->out, "%s: row %d (%s), %s: stock %s, game %s\n",
					    s->name, r + 1, table_cell(s, r, 0),
					    table_colname(s, c), a, b);
				}
			}
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	if (g->json)
		return cmd_print_json(g, &w);
	if (count == 0)
		fputs("the game's tables are the stock tables\n", g->out);
	return 0;
}

static int
tables_list(struct cmd_ctx *g, int argc, char **argv)
{
	struct source src;
	int rc;

	(void)argv;
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire tables --help')",
		    argv[0]);
	return (rc = open_source(g, &src)) != 0 ? rc : list_tables(g, &src);
}

static int
tables_show(struct cmd_ctx *g, int argc, char **argv)
{
	struct source src;
	int rc;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give one table's NAME: tables show NAME ('umpire tables list' lists them)");
	return (rc = open_source(g, &src)) != 0 ? rc : show_table(g, &src, argv[0]);
}

static int
tables_export(struct cmd_ctx *g, int argc, char **argv)
{
	struct source src;
	int rc;

	if (argc < 1 || argc > 2)
		return cmd_error(g, EXIT_USAGE, "give one table's NAME, and a FILE.csv if not to standard output: tables export NAME [FILE.csv]");
	if ((rc = open_source(g, &src)) != 0)
		return rc;
	if (g->json && argc == 1)
		return show_table(g, &src, argv[0]);	/* one JSON object, not CSV */
	rc = export_table(g, &src, argv[0], argc == 2 ? argv[1] : NULL);
	if (rc == 0 && g->json)
		rc = print_json_pair(g, "exported", argv[0]);
	return rc;
}

static int
tables_import(struct cmd_ctx *g, int argc, char **argv)
{
	struct source src;
	int rows = 0, rc;

	if (argc != 2)
		return cmd_error(g, EXIT_USAGE, "give the table's NAME and the FILE.csv to load: tables import NAME FILE.csv");
	if ((rc = open_source(g, &src)) != 0 ||
	    (rc = import_table(g, &src, argv[0], argv[1], &rows)) != 0)
		return rc;
	if (g->json)
		return print_json_pair(g, "imported", argv[0]);
	fprintf(g->out, "the game's %s now has %d rows from the file\n", argv[0], rows);
	return 0;
}

static int
tables_diff(struct cmd_ctx *g, int argc, char **argv)
{
	struct source src;
	int rc;

	(void)argv;
	if (argc > 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire tables --help')",
		    argv[0]);
	if (!db_file_exists(g->db_path))
		return cmd_error(g, EXIT_NOGAME, "tables diff compares a game's tables: there is no game at '%s'",
		    g->db_path);
	if ((rc = open_source(g, &src)) != 0)
		return rc;
	if (src.gm == NULL)
		return cmd_error(g, EXIT_USAGE, "tables diff runs in a game (drop --rules)");
	return diff_tables(g, &src);
}

static const struct cmd_sub tables_subs[] = {
	{ "list", CMD_GAME, tables_list },
	{ "show", CMD_GAME, tables_show },
	{ "export", CMD_GAME, tables_export },
	{ "import", CMD_WRITES, tables_import },
	{ "diff", CMD_GAME, tables_diff },
	{ NULL, 0, NULL },
};

static int
tables(struct cmd_ctx *g, int argc, char **argv)
{
	return cmd_run_sub(g, tables_subs, "list", argc, argv);
}

const struct cmd_entry cmd_tables_entry = {
	"tables", "tables [list | show NAME | export NAME [FILE.csv] |\n"
	"                 import NAME FILE.csv | diff]",
	"the rule tables", CMD_GAME, tables,
	"The rule tables with their provenance.  In a game, its own copy, which\n"
	"import replaces (a group's own printed table) and diff compares with stock.\n",
	NULL, NULL,
};
