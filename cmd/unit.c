/*
 * unit: the order of battle.  add, list, show, set, rm, import and export.
 * A unit's ratings are the rule set's rating options, kept as a JSON object
 * in their types and read back into typed inputs.  Formations group units
 * through --parent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "game.h"
#include "text.h"
#include "jsonw.h"
#include "view.h"

const struct input_decl cmd_unit_inputs[] = {
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL, "the side it fights for", 0 },
	{ "type", IN_TEXT, "TYPE", 0, 0, NULL, NULL, NULL,
	  "the unit's type, or a formation's (division, corps, army...)", 0 },
	{ "parent", IN_TEXT, "FORMATION", 0, 0, NULL, NULL, NULL,
	  "the formation it belongs to", 0 },
	{ "name", IN_TEXT, "NAME", 0, 0, NULL, NULL, NULL, "unit set: a new name", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
is_common(const struct input_decl *d)
{
	for (const struct input_decl *p = cmd_unit_inputs; p->name != NULL; p++)
		if (p == d)
			return 1;
	return 0;
}

/* Which given options are ratings: all but the common ones. */
static int
is_rating(const struct input_decl *d, void *ctx)
{
	(void)ctx;
	return !is_common(d);
}

/* The --type typed in argv ("--type T" or "--type=T"), or NULL: it says
 * which options the rest of the line may hold. */
static const char *
typed_type(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--type") == 0 && i + 1 < argc)
			return argv[i + 1];
		if (strncmp(argv[i], "--type=", 7) == 0)
			return argv[i] + 7;
	}
	return NULL;
}

/* Sets u's type and formation flag from TYPE; 0 or a status with err. */
static int
check_type(struct game *gm, const char *type, struct db_unit *u, char *err,
    size_t n)
{
	const struct roster *ro = gm->rs->roster;

	text_copy(u->type, sizeof u->type, type);
	if (choice_has(ro->unit_types, type)) {
		u->formation = 0;
		return 0;
	}
	if (choice_has(ro->formation_types, type)) {
		u->formation = 1;
		return 0;
	}
	if (ro->not_a_type != NULL && strcmp(type, ro->not_a_type) == 0)
		snprintf(err, n, "%s (--type %s)", ro->not_a_type_message, ro->unit_types);
	else
		snprintf(err, n, "--type: '%s' is not a unit type of the %s rules (%s) or a formation (%s)",
		    type, gm->rs->name, ro->unit_types, ro->formation_types);
	return EXIT_DATA;
}

/* Sets u's parent from --parent, which must be a formation. */
static int
check_parent(struct game *gm, const char *parent, struct db_unit *u, char *err,
    size_t n)
{
	struct db_unit p;
	long long id;
	int st;

	u->parent_id = 0;
	u->parent[0] = '\0';
	if (parent == NULL || *parent == '\0')
		return 0;
	if ((st = db_unit_find(gm->db, parent, &id)) != DB_OK ||
	    (st = db_unit_get(gm->db, id, &p)) != DB_OK) {
		snprintf(err, n, "--parent: %s", db_last_error());
		return exit_of_db(st);
	}
	if (!p.formation) {
		snprintf(err, n, "--parent: '%s' is a unit, not a formation", p.name);
		return EXIT_DATA;
	}
	if (p.id == u->id) {
		snprintf(err, n, "--parent: a formation cannot contain itself");
		return EXIT_DATA;
	}
	u->parent_id = p.id;
	text_copy(u->parent, sizeof u->parent, p.name);
	return 0;
}

/* Checks the ratings in `in` for u; fills its start strength, cost and
 * stored JSON. */
static int
rate(struct game *gm, const struct inputs *in, struct db_unit *u, double *cost,
    char *err, size_t n)
{
	static struct result r;
	struct jsonw w;

	u->start_strength = 0;
	*cost = 0;
	result_init(&r);
	if (!u->formation &&
	    (gm->rs->roster->rate(&gm->ts, u->type, in, &u->start_strength, cost,
	    &r) != RULE_OK || r.failed)) {
		text_copy(err, n, r.error);
		return EXIT_DATA;
	}
	jsonw_init(&w, u->ratings, sizeof u->ratings);
	jsonw_object(&w, NULL);
	inputs_json(in, is_rating, NULL, &w);
	jsonw_object_end(&w);
	if (w.overflow) {
		snprintf(err, n, "the ratings are too long");
		return EXIT_DATA;
	}
	return 0;
}

/* An army list: a side's points may not pass the game's limit (new --points). */
static int
check_points(const struct global *g, struct game *gm, const struct db_unit *u,
    double cost, char *err, size_t n)
{
	static struct result r;
	double sum = 0, c;
	long start;
	int rc;

	if (u->formation || cost <= 0 || !in_given(&gm->options, "points"))
		return 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *v = &gm->army.u[i];

		result_init(&r);
		if (v->formation || v->id == u->id || strcmp(v->side, u->side) != 0)
			continue;
		if (gm->rs->roster->rate(&gm->ts, v->type, v->ratings, &start, &c,
		    &r) == RULE_OK)
			sum += c;
	}
	if (sum + cost > (double)in_count(&gm->options, "points")) {
		snprintf(err, n, "%s would have %g AP with '%s' (%g AP), over the game's limit of %ld",
		    u->side, sum + cost, u->name, cost, in_count(&gm->options, "points"));
		return EXIT_DATA;
	}
	return 0;
}

/* A name or side that can be kept: not empty, not too long, no control
 * characters (they would break the sheet and its JSON). */
static int
check_text(const char *what, const char *s, size_t max, char *err, size_t n)
{
	if (*s == '\0') {
		snprintf(err, n, "a unit's %s cannot be empty", what);
		return EXIT_DATA;
	}
	if (strlen(s) > max) {
		snprintf(err, n, "a unit's %s is at most %zu bytes", what, max);
		return EXIT_DATA;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f) {
			snprintf(err, n, "a unit's %s cannot hold control characters", what);
			return EXIT_DATA;
		}
	if (!utf8_valid(s)) {
		snprintf(err, n, "a unit's %s is not valid UTF-8", what);
		return EXIT_DATA;
	}
	return 0;
}

/*
 * Adds the unit NAME whose options are in `in` (from argv or a CSV row).
 * err gets the sentence on failure.
 */
static int
add_from(const struct global *g, struct game *gm, const char *name,
    const struct inputs *in, struct db_unit *u, char *err, size_t n)
{
	const char *side = in_text(in, "side"), *type = in_text(in, "type");
	double cost;
	long long id;
	int rc, st;

	memset(u, 0, sizeof *u);
	if (side == NULL || type == NULL) {
		snprintf(err, n, "unit add needs --side SIDE and --type TYPE");
		return EXIT_USAGE;
	}
	if ((rc = check_text("name", name, sizeof u->name - 1, err, n)) != 0 ||
	    (rc = check_text("side", side, sizeof u->side - 1, err, n)) != 0 ||
	    (rc = check_type(gm, type, u, err, n)) != 0)
		return rc;
	text_copy(u->name, sizeof u->name, name);
	text_copy(u->side, sizeof u->side, side);
	if ((rc = check_parent(gm, in_text(in, "parent"), u, err, n)) != 0 ||
	    (rc = rate(gm, in, u, &cost, err, n)) != 0 ||
	    (rc = check_points(g, gm, u, cost, err, n)) != 0)
		return rc;
	if ((st = db_unit_add(gm->db, u, &id)) != DB_OK) {
		text_copy(err, n, db_last_error());
		return exit_of_db(st);
	}
	u->id = id;
	/* The army read before holds the units until now only. */
	db_army_free(&gm->army);
	gm->army_loaded = 0;
	return 0;
}

/* Parses unit arguments (NAME first) into in: the common options and the
 * ratings of a formation or a unit of the type typed. */
static int
parse_unit(struct game *gm, const char *command, struct inputs *in, int argc,
    char **argv, int formation, char *err, size_t n)
{
	int rc = inputs_parse_command(in, command, cmd_unit_inputs,
	    game_rating_decls(gm, formation), argc, argv);

	if (rc != 0) {
		text_copy(err, n, in->error);
		return exit_of_rule(rc);
	}
	return 0;
}

/* The formation flag of the type typed (0 when none or not known). */
static int
typed_formation(struct game *gm, int argc, char **argv)
{
	const char *type = typed_type(argc, argv);

	return type != NULL && choice_has(gm->rs->roster->formation_types, type);
}

static int
cmd_add(const struct global *g, struct game *gm, int argc, char **argv,
    struct db_unit *u)
{
	static struct inputs in;
	char err[512];
	int rc;

	if ((rc = parse_unit(gm, "unit add", &in, argc, argv,
	    typed_formation(gm, argc, argv), err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if (in.npos != 1)
		return cmd_error(g, EXIT_USAGE, in.npos == 0 ? "unit add needs a NAME" :
		    "unit add takes one NAME (quote a name with spaces)");
	if ((rc = add_from(g, gm, in.pos[0], &in, u, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	return 0;
}

/* The one-line report of a unit added or changed. */
static void
print_changed(const struct global *g, struct game *gm, const struct db_unit *u,
    const char *verb)
{
	if (g->json)
		return;
	printf("%s %s '%s' (%s, %s)%s%s\n", verb, u->formation ? "formation" : "unit",
	    u->name, u->type, u->side, u->parent[0] ? " in " : "", u->parent);
	if (!u->formation && u->start_strength > 0)
		printf("  %ld %s\n", u->start_strength, gm->rs->measure);
}

/* `unit show`, and the JSON object of a unit added or changed. */
static int
print_unit(const struct global *g, struct game *gm, const char *name)
{
	static struct unit_sheet s;
	static char buf[65536];
	const char *parent;
	struct jsonw w;
	struct unit *u;
	int rc;

	if ((u = game_unit(g, gm, name, &rc)) == NULL)
		return rc;
	if ((rc = view_load(g, gm, u, &s, g->json)) != 0)
		return rc;
	if (g->json) {
		jsonw_init(&w, buf, sizeof buf);
		view_json(&w, gm, &s);
		return cmd_print_json(g, &w, "the unit is too large to show");
	}
	parent = game_parent_name(gm, u);
	printf("%s: %s %s, side %s%s%s\n", u->name, u->formation ? "formation" : "unit",
	    u->type, u->side, parent[0] ? ", in " : "", parent);
	if (!u->formation)
		printf("  %s: %ld at the start, %ld lost; state %s\n", gm->rs->measure,
		    u->start_strength, u->losses, s.v.state);
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	inputs_json(u->ratings, NULL, NULL, &w);
	jsonw_object_end(&w);
	printf("  ratings: %s\n", buf);
	for (int i = 0; i < s.v.nlines; i++)
		printf("    %s\n", s.v.lines[i]);
	return 0;
}

static int
cmd_list(const struct global *g, struct game *gm)
{
	static char buf[1 << 22];
	static struct unit_sheet s;
	struct jsonw w;
	int rc;

	if ((rc = game_army(g, gm)) != 0)
		return rc;
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_array(&w, "units");
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		if ((rc = view_load(g, gm, u, &s, g->json)) != 0)
			return rc;
		if (g->json)
			view_json(&w, gm, &s);
		else if (u->formation)
			printf("%-30s %-12s %-10s %s\n", u->name, u->type, u->side,
			    game_parent_name(gm, u));
		else
			printf("%-30s %-12s %-10s %-20s %ld/%ld %s\n", u->name, u->type,
			    u->side, game_parent_name(gm, u),
			    gm->rs->roster->counts_down ? u->start_strength - u->losses :
			    u->losses, u->start_strength, s.v.state);
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	return g->json ? cmd_print_json(g, &w, "too many units to list") : 0;
}

/* The stored record of unit NAME, its typed ratings from the army. */
static int
stored_unit(const struct global *g, struct game *gm, const char *name,
    struct db_unit *row, const struct unit **u)
{
	struct unit *found;
	int rc, st;

	if ((found = game_unit(g, gm, name, &rc)) == NULL)
		return rc;
	if ((st = db_unit_get(gm->db, found->id, row)) != DB_OK)
		return game_fail(g, st);
	*u = found;
	return 0;
}

/* `unit set NAME OPTION...`: the given options replace the stored ones. */
static int
cmd_set(const struct global *g, struct game *gm, int argc, char **argv,
    struct db_unit *row)
{
	static struct inputs now, merged;
	const struct unit *u = NULL;
	char err[512];
	double cost;
	int rc, st;

	if (argc < 1 || strncmp(argv[0], "--", 2) == 0)
		return cmd_error(g, EXIT_USAGE, "unit set needs one NAME, then the options to change");
	if ((rc = stored_unit(g, gm, argv[0], row, &u)) != 0)
		return rc;
	if (typed_type(argc, argv) != NULL &&
	    (rc = check_type(gm, typed_type(argc, argv), row, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((rc = parse_unit(gm, "unit set", &now, argc, argv, row->formation, err,
	    sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if (now.npos != 1)
		return cmd_error(g, EXIT_USAGE, "unit set needs one NAME, then the options to change");
	/* The stored ratings, typed, with what was given put over them. */
	inputs_init(&merged, gm->rs->name, "unit set", cmd_unit_inputs,
	    game_rating_decls(gm, row->formation));
	for (int i = 0; i < now.n; i++) {
		const char *name = now.v[i].decl->name;

		rc = now.v[i].given || is_common(now.v[i].decl) ? inputs_copy(&merged, &now, name) :
		    inputs_copy(&merged, u->ratings, name);
		if (rc != 0)
			return cmd_error(g, EXIT_DATA, "%s", merged.error);
	}
	if (in_given(&now, "name") &&
	    (rc = check_text("name", in_text(&now, "name"), sizeof row->name - 1, err,
	    sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if (in_given(&now, "side") &&
	    (rc = check_text("side", in_text(&now, "side"), sizeof row->side - 1, err,
	    sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if (in_given(&now, "name"))
		text_copy(row->name, sizeof row->name, in_text(&now, "name"));
	if (in_given(&now, "side"))
		text_copy(row->side, sizeof row->side, in_text(&now, "side"));
	if ((in_given(&now, "parent") &&
	    (rc = check_parent(gm, in_text(&now, "parent"), row, err, sizeof err)) != 0) ||
	    (rc = rate(gm, &merged, row, &cost, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((st = db_unit_update(gm->db, row)) != DB_OK)
		return game_fail(g, st);
	db_army_free(&gm->army);
	gm->army_loaded = 0;
	return 0;
}

static int
cmd_rm(const struct global *g, struct game *gm, int argc, char **argv,
    struct db_unit *row)
{
	long long id;
	int st;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "unit rm takes one NAME");
	/* Removing destroys: the name must be exact, no prefix. */
	if ((st = db_unit_find(gm->db, argv[0], &id)) != DB_OK ||
	    (st = db_unit_get(gm->db, id, row)) != DB_OK)
		return game_fail(g, st);
	if (strcmp(row->name, argv[0]) != 0)
		return cmd_error(g, EXIT_DATA, "unit rm needs the exact name ('%s'?)", row->name);
	if ((st = db_unit_remove(gm->db, id)) != DB_OK)
		return cmd_error(g, exit_of_db(st), "unit '%s': %s", row->name,
		    db_last_error());
	return 0;
}

/* ---- import and export ---------------------------------------------- */

/* The declaration of option NAME among the unit options. */
static const struct input_decl *
unit_decl(const struct game *gm, const char *name)
{
	const struct input_decl *lists[3] = {
		cmd_unit_inputs, game_rating_decls(gm, 0), game_rating_decls(gm, 1)
	};

	for (int k = 0; k < 3; k++)
		for (const struct input_decl *d = lists[k]; d->name; d++)
			if (strcmp(d->name, name) == 0)
				return d;
	return NULL;
}

/* One cell of a CSV row into in: flags yes/no, repeated options ';'. */
static int
cell_into(struct inputs *in, const char *head, const char *val, char *err,
    size_t n)
{
	const struct input_value *v = inputs_get(in, head);
	int rc;

	if (v == NULL) {
		snprintf(err, n, "column '%s' is not an option of this unit's type", head);
		return EXIT_DATA;
	}
	if (v->decl->kind == IN_FLAG) {
		if (strcmp(val, "yes") == 0 || strcmp(val, "true") == 0 ||
		    strcmp(val, "1") == 0)
			return inputs_set_flag(in, head) == 0 ? 0 : EXIT_DATA;
		if (strcmp(val, "no") == 0 || strcmp(val, "false") == 0 ||
		    strcmp(val, "0") == 0)
			return 0;
		snprintf(err, n, "column '%s': '%s' is not yes or no", head, val);
		return EXIT_DATA;
	}
	for (const char *p = val;;) {
		size_t len = (v->decl->flags & IN_REPEAT) ? strcspn(p, ";") : strlen(p);
		char item[1024];

		snprintf(item, sizeof item, "%.*s", (int)len, p);
		if ((rc = inputs_set_text(in, head, item)) != 0) {
			text_copy(err, n, in->error);
			return exit_of_rule(rc);
		}
		p += len;
		if (*p != ';')
			return 0;
		p++;
	}
}

/* The options of one CSV row, for a unit or a formation of its type. */
static int
row_inputs(struct game *gm, const struct csv_rows *c, size_t row,
    struct inputs *in, const char **name, char *err, size_t n)
{
	int formation = 0, rc;

	*name = "";
	for (size_t col = 0; col < c->row_len[0]; col++)
		if (strcmp(csv_cell_at(c, 0, col), "type") == 0)
			formation = choice_has(gm->rs->roster->formation_types,
			    csv_cell_at(c, row, col));
	inputs_init(in, gm->rs->name, "unit import", cmd_unit_inputs,
	    game_rating_decls(gm, formation));
	for (size_t col = 0; col < c->row_len[0]; col++) {
		const char *head = csv_cell_at(c, 0, col), *val = csv_cell_at(c, row, col);

		if (strcmp(head, "name") == 0) {
			*name = val;
			continue;
		}
		if (*val != '\0' && (rc = cell_into(in, head, val, err, n)) != 0)
			return rc;
	}
	if ((rc = inputs_defaults(in)) != 0) {
		text_copy(err, n, in->error);
		return exit_of_rule(rc);
	}
	return 0;
}

static int
check_header(const struct game *gm, const struct csv_rows *c, char *err, size_t n)
{
	int has_name = 0;

	if (c->nrows == 0) {
		snprintf(err, n, "the file is empty; it needs a header line (name,side,type,...)");
		return EXIT_DATA;
	}
	for (size_t col = 0; col < c->row_len[0]; col++) {
		const char *head = csv_cell_at(c, 0, col);

		if (strcmp(head, "name") == 0) {
			has_name = 1;
			continue;
		}
		if (unit_decl(gm, head) == NULL) {
			snprintf(err, n, "line 1: '%s' is not a unit option of the %s rules",
			    head, gm->rs->name);
			return EXIT_DATA;
		}
	}
	if (!has_name) {
		snprintf(err, n, "line 1: the header needs a 'name' column");
		return EXIT_DATA;
	}
	return 0;
}

static int
import_rows(const struct global *g, struct game *gm, const char *path,
    const struct csv_rows *c, int *count)
{
	static struct inputs in;
	char err[512];
	struct db_unit u;
	const char *name;
	int rc;

	*count = 0;
	for (size_t row = 1; row < c->nrows; row++) {
		if (c->row_len[row] == 1 && *csv_cell_at(c, row, 0) == '\0')
			continue;
		rc = row_inputs(gm, c, row, &in, &name, err, sizeof err);
		if (rc == 0)
			rc = add_from(g, gm, name, &in, &u, err, sizeof err);
		if (rc != 0)
			return cmd_error(g, rc == EXIT_USAGE ? EXIT_DATA : rc,
			    "%s: line %zu: %s; nothing was loaded", path, row + 1, err);
		(*count)++;
	}
	return 0;
}

static int
cmd_import(const struct global *g, struct game *gm, int argc, char **argv,
    int *count)
{
	static struct csv_rows c;
	char err[600];
	int rc;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "unit import takes one FILE.csv");
	if ((rc = csv_rows_read(argv[0], &c, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((rc = check_header(gm, &c, err, sizeof err)) != 0)
		rc = cmd_error(g, rc, "%s", err);
	else
		rc = import_rows(g, gm, argv[0], &c, count);
	csv_rows_free(&c);
	return rc;
}

/* The columns of an export: name, side, type, parent, then every rating
 * option of a formation or a unit, each once. */
struct exporter {
	const char *cols[64];
	int ncols;
};

static void
add_column(struct exporter *x, const char *name)
{
	for (int i = 0; i < x->ncols; i++)
		if (strcmp(x->cols[i], name) == 0)
			return;
	if (x->ncols < 64)
		x->cols[x->ncols++] = name;
}

/* One rating of a unit as a CSV cell. */
static void
rating_cell(const struct inputs *in, const char *name, char *cell, size_t n)
{
	const struct input_value *v = inputs_get(in, name);
	struct in_item it;

	cell[0] = '\0';
	if (v == NULL || !v->given)
		return;
	if (v->decl->kind == IN_FLAG) {
		snprintf(cell, n, "yes");
		return;
	}
	if (!(v->decl->flags & IN_REPEAT)) {
		text_copy(cell, n, inputs_text(in, v));
		return;
	}
	for (int k = 0; in_item(in, name, k, &it); k++)
		snprintf(cell + strlen(cell), n - strlen(cell), "%s%s", k ? ";" : "",
		    it.name);
}

static void
export_unit(FILE *out, const struct game *gm, const struct exporter *x,
    const struct unit *u)
{
	char cell[2048];

	csv_put(out, u->name);
	fputc(',', out);
	csv_put(out, u->side);
	fputc(',', out);
	csv_put(out, u->type);
	fputc(',', out);
	csv_put(out, game_parent_name(gm, u));
	for (int c = 4; c < x->ncols; c++) {
		rating_cell(u->ratings, x->cols[c], cell, sizeof cell);
		fputc(',', out);
		csv_put(out, cell);
	}
	fputc('\n', out);
}

static int
cmd_export(const struct global *g, struct game *gm, int argc, char **argv)
{
	struct exporter x = { { "name", "side", "type", "parent" }, 4 };
	FILE *out = stdout;
	int rc;

	if (argc > 1)
		return cmd_error(g, EXIT_USAGE, "unit export takes at most one FILE.csv");
	if (g->json && argc == 0)
		return cmd_list(g, gm);	/* one JSON object, not CSV */
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	for (const struct input_decl *d = game_rating_decls(gm, 1); d->name; d++)
		add_column(&x, d->name);
	for (const struct input_decl *d = game_rating_decls(gm, 0); d->name; d++)
		add_column(&x, d->name);
	if (argc == 1 && (out = fopen(argv[0], "w")) == NULL)
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", argv[0],
		    strerror(errno));
	for (int c = 0; c < x.ncols; c++) {
		if (c)
			fputc(',', out);
		csv_put(out, x.cols[c]);
	}
	fputc('\n', out);
	for (int i = 0; i < gm->army.n; i++)
		export_unit(out, gm, &x, &gm->army.u[i]);
	if (argc == 1 && (ferror(out) | fclose(out)) != 0)
		return cmd_error(g, EXIT_IO, "cannot write '%s'", argv[0]);
	if (g->json)
		print_json_pair("exported", argv[0]);
	return 0;
}

static void
help(void)
{
	puts("usage: umpire unit add NAME --side S --type T [--parent FORMATION] [ratings]\n"
	    "       umpire unit list | show NAME | set NAME OPTION... | rm NAME\n"
	    "       umpire unit import FILE.csv | export [FILE.csv]\n\n"
	    "Ratings are the rule set's options (see 'umpire unit --rules NAME --help').\n"
	    "Formations: --type division, corps, army... (see the rule set's list)\n"
	    "with --parent.  Names are free text; a unique prefix\n"
	    "finds a unit (not for rm).  import takes a CSV with a header of option\n"
	    "names (name,side,type,parent,...); repeated options separated by ';'.");
}

static void
help_ratings(const struct ruleset *rs)
{
	help();
	if (rs == NULL)
		return;
	printf("\nUnit types (%s): %s\nFormations: %s\nRatings:\n", rs->name,
	    rs->roster->unit_types, rs->roster->formation_types);
	for (const struct input_decl *d = rs->roster->inputs; d->name; d++)
		printf("  --%s %-24s %s\n", d->name, d->arg, d->help);
}

/* Runs a writing subcommand; prints its report once committed. */
static int
write_sub(const struct global *g, struct game *gm, const char *sub, int argc,
    char **argv)
{
	static struct db_unit u;
	int rc, count = 0;

	if (strcmp(sub, "add") == 0)
		rc = cmd_add(g, gm, argc, argv, &u);
	else if (strcmp(sub, "set") == 0)
		rc = cmd_set(g, gm, argc, argv, &u);
	else if (strcmp(sub, "rm") == 0)
		rc = cmd_rm(g, gm, argc, argv, &u);
	else
		rc = cmd_import(g, gm, argc, argv, &count);
	/* The JSON of a unit added or changed is read before the commit: it
	 * is printed only once the commit has succeeded. */
	if (rc == 0 && g->json && (strcmp(sub, "add") == 0 || strcmp(sub, "set") == 0)) {
		static char buf[65536];
		static struct unit_sheet s;
		struct jsonw w;
		struct unit *found = game_unit(g, gm, u.name, &rc);

		if (found == NULL || (rc = view_load(g, gm, found, &s, 1)) != 0)
			return game_close(g, gm, rc);
		jsonw_init(&w, buf, sizeof buf);
		view_json(&w, gm, &s);
		if (w.overflow)
			return game_close(g, gm, cmd_error(g, EXIT_BUG, "the unit is too large to show"));
		if ((rc = game_close(g, gm, 0)) != 0)
			return rc;
		puts(buf);
		return 0;
	}
	if ((rc = game_close(g, gm, rc)) != 0)
		return rc;
	if (strcmp(sub, "add") == 0)
		print_changed(g, gm, &u, "added");
	else if (strcmp(sub, "set") == 0)
		print_changed(g, gm, &u, "changed");
	else if (strcmp(sub, "rm") == 0 && g->json)
		print_json_pair("removed", u.name);
	else if (strcmp(sub, "rm") == 0)
		printf("removed '%s'\n", u.name);
	else if (g->json)
		printf("{\"imported\":%d}\n", count);
	else
		printf("imported %d unit%s and formation%s from %s\n", count,
		    count == 1 ? "" : "s", count == 1 ? "" : "s",
		    strcmp(argv[0], "-") == 0 ? "standard input" : argv[0]);
	return 0;
}

static int
unit(struct global *g, int argc, char **argv)
{
	static const char *const writers[] = { "add", "set", "rm", "import", NULL };
	const char *sub = argc > 0 ? argv[0] : "list";
	struct game gm;
	int write = 0, rc;

	if (g->help) {
		help_ratings(g->rules != NULL ? ruleset_find(g->rules) : NULL);
		return EXIT_DONE;
	}
	for (int i = 0; writers[i] != NULL; i++)
		write |= strcmp(sub, writers[i]) == 0;
	if (!write && strcmp(sub, "list") != 0 && strcmp(sub, "show") != 0 &&
	    strcmp(sub, "export") != 0)
		return cmd_error(g, EXIT_USAGE,
		    "unknown unit command '%s' (add, list, show, set, rm, import, export)", sub);
	if ((rc = game_open(g, write, &gm)) != 0)
		return rc;
	argc = argc > 0 ? argc - 1 : 0;
	argv++;
	if (write)
		return write_sub(g, &gm, sub, argc, argv);
	if (strcmp(sub, "list") == 0)
		rc = argc == 0 ? cmd_list(g, &gm) :
		    cmd_error(g, EXIT_USAGE, "unit list takes no arguments");
	else if (strcmp(sub, "show") == 0)
		rc = argc != 1 ? cmd_error(g, EXIT_USAGE, "unit show takes one NAME") :
		    print_unit(g, &gm, argv[0]);
	else
		rc = cmd_export(g, &gm, argc, argv);
	return game_close(g, &gm, rc);
}

const struct cmd_entry cmd_unit_entry = {
	"unit", "unit add|list|show|set|rm|import|export", "the order of battle",
	0, unit,
};
