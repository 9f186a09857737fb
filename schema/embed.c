/*
 * embed: the build step that compiles schema/ into the binary.
 *
 *   embed tables OUT.c RULESET/NAME.csv...   stock rule tables (core)
 *   embed sql OUT.c NNN-name.sql...          migrations (db)
 *   embed page OUT.c NAME FILE                a text as `const char NAME[]`
 *   embed examples OUT.c RULESET.csv...       sample battles (cmd/example.h)
 *
 * A table file starts with "# title: ...", "# provenance: ...", optional
 * "# note: ..." lines and "# kinds: COLUMN=KIND, ..." (core/kind.h), then an
 * RFC 4180 header and rows.  Every row must have as many cells as the
 * header, every column a kind, every cell what its kind allows: a table
 * that breaks its own declaration does not build.  Nothing reads these
 * files at run time.
 */
#include <csv.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kind.h"

struct grid {
	char **cells;
	size_t n, cap;
	size_t row_len, ncols, nrows;
	const char *path;
	int bad;
};

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (p == NULL) {
		fprintf(stderr, "embed: out of memory\n");
		exit(1);
	}
	return p;
}

static char *
xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void
on_field(void *s, size_t len, void *data)
{
	struct grid *g = data;

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->cells = xrealloc(g->cells, g->cap * sizeof *g->cells);
	}
	g->cells[g->n++] = xstrndup(s, len);
	g->row_len++;
}

static void
on_row(int c, void *data)
{
	struct grid *g = data;

	(void)c;
	if (g->nrows == 0 && g->ncols == 0)
		g->ncols = g->row_len;
	else if (g->row_len != g->ncols) {
		fprintf(stderr, "%s: row %zu has %zu cells, the header %zu\n",
		    g->path, g->nrows + 1, g->row_len, g->ncols);
		g->bad = 1;
	} else
		g->nrows++;
	g->row_len = 0;
}

/* Writes s as the body of a C string literal. */
static void
put_literal(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		switch (*s) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n\"\n\t\"", out); break;
		case '\t': fputs("\\t", out); break;
		case '?': fputs("\\?", out); break;
		case '\r': break;
		default: fputc(*s, out);
		}
	}
	fputc('"', out);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	do {
		if (n + 4096 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap + 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Reads "# key: value" lines; returns where the CSV body starts. */
static char *
read_meta(char *text, const char **title, const char **prov,
    const char **note, const char **kinds)
{
	*title = *prov = *note = *kinds = "";
	while (*text == '#') {
		char *eol = strchr(text, '\n'), *val;

		if (eol != NULL)
			*eol = '\0';
		val = strchr(text, ':');
		val = val != NULL ? val + 1 : text + 1;
		while (*val == ' ')
			val++;
		if (strncmp(text, "# title:", 8) == 0)
			*title = val;
		else if (strncmp(text, "# provenance:", 13) == 0)
			*prov = val;
		else if (strncmp(text, "# note:", 7) == 0)
			*note = val;
		else if (strncmp(text, "# kinds:", 8) == 0)
			*kinds = val;
		if (eol == NULL)
			return text + strlen(text);
		text = eol + 1;
	}
	return text;
}

/* Splits "schema/tables/brigade/melee-firing.csv" into ruleset and name. */
static void
table_names(const char *path, char *ruleset, char *name, size_t n)
{
	const char *base = strrchr(path, '/'), *dir = base;
	size_t len;

	base = base ? base + 1 : path;
	len = strcspn(base, ".");
	snprintf(name, n, "%.*s", (int)len, base);
	if (dir == NULL || dir == path) {
		snprintf(ruleset, n, "common");
		return;
	}
	for (dir--; dir > path && *dir != '/'; dir--)
		;
	if (*dir == '/')
		dir++;
	snprintf(ruleset, n, "%.*s", (int)(base - 1 - dir), dir);
}

/*
 * Splits "col=kind, col=kind" into one kind per column of the header;
 * every column declared, in order.  Returns 0, or 1 after saying why.
 */
static int
read_kinds(const char *path, const char *spec, const struct grid *g,
    char **kinds)
{
	const char *p = spec;

	for (size_t c = 0; c < g->ncols; c++) {
		const char *head = g->cells[c];
		size_t len = strcspn(p, ","), hl = strlen(head);
		const char *q = p;

		while (*q == ' ')
			q++;
		if (*q == '*')
			q++;
		if (strncmp(q, head, hl) != 0 || q[hl] != '=') {
			fprintf(stderr, "%s: '# kinds:' does not declare column '%s' in its place\n",
			    path, head);
			return 1;
		}
		{
			/* "*name=kind" keeps its key mark: "*kind". */
			const char *eq = q + hl + 1, *end = p + len;
			int key = q > p && q[-1] == '*';

			kinds[c] = xrealloc(NULL, (size_t)(end - eq) + 2);
			snprintf(kinds[c], (size_t)(end - eq) + 2, "%s%.*s", key ? "*" : "",
			    (int)(end - eq), eq);
		}
		if (!kind_valid(kinds[c])) {
			fprintf(stderr, "%s: column '%s': kind '%s' is not readable\n", path,
			    head, kinds[c]);
			return 1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	while (*p == ' ')
		p++;
	if (*p != '\0') {
		fprintf(stderr, "%s: '# kinds:' declares more columns than the header has\n",
		    path);
		return 1;
	}
	return 0;
}

/* Checks every stock cell against its column's kind. */
static int
check_cells(const char *path, const struct grid *g, char *const *kinds)
{
	char why[256];

	for (size_t r = 1; r <= g->nrows; r++)
		for (size_t c = 0; c < g->ncols; c++)
			if (kind_check(kinds[c], g->cells[r * g->ncols + c], why,
			    sizeof why) != 0) {
				fprintf(stderr, "%s: row %zu, column '%s': %s\n", path, r,
				    g->cells[c], why);
				return 1;
			}
	return 0;
}

static int
emit_table(FILE *out, const char *path, int index)
{
	struct csv_parser p;
	struct grid g = { 0 };
	const char *title, *prov, *note, *kspec;
	char *body, *text, **kinds;
	size_t len;

	g.path = path;
	text = slurp(path, &len);
	body = read_meta(text, &title, &prov, &note, &kspec);
	if (*title == '\0' || *prov == '\0') {
		fprintf(stderr, "%s: needs '# title:' and '# provenance:'\n", path);
		return 1;
	}
	csv_init(&p, CSV_STRICT | CSV_APPEND_NULL);
	if (csv_parse(&p, body, strlen(body), on_field, on_row, &g) !=
	    strlen(body) || csv_fini(&p, on_field, on_row, &g) != 0) {
		fprintf(stderr, "%s: %s\n", path, csv_strerror(csv_error(&p)));
		return 1;
	}
	csv_free(&p);
	if (g.bad)
		return 1;
	kinds = xrealloc(NULL, (g.ncols + 1) * sizeof *kinds);
	if (read_kinds(path, kspec, &g, kinds) != 0 ||
	    check_cells(path, &g, kinds) != 0)
		return 1;
	fprintf(out, "static const char *const kinds%d[] = {\n", index);
	for (size_t c = 0; c < g.ncols; c++) {
		fputc('\t', out);
		put_literal(out, kinds[c]);
		fputs(",\n", out);
		free(kinds[c]);
	}
	fputs("};\n", out);
	free(kinds);
	fprintf(out, "static const char *const table%d[] = {\n", index);
	for (size_t i = 0; i < g.n; i++) {
		fputc('\t', out);
		put_literal(out, g.cells[i]);
		fputs(",\n", out);
	}
	fputs("};\n", out);
	fprintf(out, "#define TABLE%d_HASH UINT64_C(0x%016" PRIx64 ")\n", index,
	    kind_table_hash(title, prov, note, (const char *const *)g.cells, g.n));
	for (size_t i = 0; i < g.n; i++)
		free(g.cells[i]);
	free(g.cells);
	fprintf(out, "#define TABLE%d_META ", index);
	put_literal(out, title);
	fputs(", ", out);
	put_literal(out, prov);
	fputs(", ", out);
	put_literal(out, note);
	fprintf(out, ", %zu, %zu, table%d, kinds%d, TABLE%d_HASH\n", g.ncols,
	    g.nrows, index, index, index);
	free(text);
	return 0;
}

static int
embed_tables(FILE *out, int n, char **paths)
{
	char ruleset[64], name[64];

	fputs("/* Generated by schema/embed from schema/tables: do not edit. */\n"
	    "#include <stdint.h>\n\n#include \"table.h\"\n\n", out);
	for (int i = 0; i < n; i++)
		if (emit_table(out, paths[i], i) != 0)
			return 1;
	fputs("\nconst struct table table_stock[] = {\n", out);
	for (int i = 0; i < n; i++) {
		table_names(paths[i], ruleset, name, sizeof name);
		fprintf(out, "\t{ \"%s\", \"%s\", TABLE%d_META },\n", ruleset,
		    name, i);
	}
	fprintf(out, "};\nconst int table_stock_count = %d;\n", n);
	return 0;
}

static int
embed_sql(FILE *out, int n, char **paths)
{
	fputs("/* Generated by schema/embed from the schema SQL files: do not edit. */\n"
	    "#include \"migrate.h\"\n\n"
	    "const struct migration db_migrations[] = {\n", out);
	for (int i = 0; i < n; i++) {
		const char *base = strrchr(paths[i], '/');
		size_t len;
		char *text = slurp(paths[i], &len);

		base = base ? base + 1 : paths[i];
		fprintf(out, "\t{ %ld, ", strtol(base, NULL, 10));
		put_literal(out, text);
		fputs(" },\n", out);
		free(text);
	}
	fprintf(out, "};\nconst int db_migration_count = %d;\n", n);
	return 0;
}

/*
 * The sample battles: schema/examples/RULESET.csv starts with "# title:"
 * (the game's title), "# sources:" and other "#" lines, then the CSV that
 * `unit import` reads, kept as text and read at run time by the same code.
 */
static int
embed_examples(FILE *out, int n, char **paths)
{
	fputs("/* Generated by schema/embed from schema/examples: do not edit. */\n"
	    "#include \"example.h\"\n\n"
	    "const struct example example_stock[] = {\n", out);
	for (int i = 0; i < n; i++) {
		const char *title, *prov, *note, *kinds, *sources, *base = strrchr(paths[i], '/');
		size_t len;
		char *text = slurp(paths[i], &len), *body;
		char *sources_at = strstr(text, "\n# sources:");

		body = read_meta(text, &title, &prov, &note, &kinds);
		sources = sources_at != NULL ? sources_at + strlen("\n# sources:") : "";
		while (*sources == ' ')
			sources++;
		if (*title == '\0' || *sources == '\0') {
			fprintf(stderr, "%s: needs '# title:' and '# sources:'\n", paths[i]);
			return 1;
		}
		base = base ? base + 1 : paths[i];
		fprintf(out, "\t{ \"%.*s\", ", (int)strcspn(base, "."), base);
		put_literal(out, title);
		fputs(", ", out);
		put_literal(out, sources);
		fputs(",\n\t", out);
		put_literal(out, body);
		fputs(" },\n", out);
		free(text);
	}
	fprintf(out, "};\nconst int example_stock_count = %d;\n", n);
	return 0;
}

/* A text file (the server's page) as one string. */
static int
embed_page(FILE *out, const char *name, const char *path)
{
	size_t len;
	char *text = slurp(path, &len);

	fprintf(out, "/* Generated by schema/embed from %s: do not edit. */\n"
	    "const char %s[] = ", path, name);
	put_literal(out, text);
	fputs(";\n", out);
	free(text);
	return 0;
}

int
main(int argc, char **argv)
{
	FILE *out;
	int rc;

	if (argc < 3 || (strcmp(argv[1], "tables") != 0 && strcmp(argv[1], "sql") != 0 &&
	    strcmp(argv[1], "examples") != 0 &&
	    (strcmp(argv[1], "page") != 0 || argc != 5))) {
		fprintf(stderr, "usage: embed tables|sql|examples OUT.c FILE...\n"
		    "       embed page OUT.c NAME FILE\n");
		return 2;
	}
	out = fopen(argv[2], "w");
	if (out == NULL) {
		perror(argv[2]);
		return 1;
	}
	if (strcmp(argv[1], "page") == 0)
		rc = embed_page(out, argv[3], argv[4]);
	else if (strcmp(argv[1], "examples") == 0)
		rc = embed_examples(out, argc - 3, argv + 3);
	else
		rc = strcmp(argv[1], "tables") == 0 ?
		    embed_tables(out, argc - 3, argv + 3) :
		    embed_sql(out, argc - 3, argv + 3);
	if (fclose(out) != 0)
		rc = 1;
	if (rc != 0)
		remove(argv[2]);
	return rc;
}
