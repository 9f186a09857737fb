/*
 * unit: the order of battle.  add, list, show, set, rm, import and export.
 * A unit's ratings are the rule set's rating options, stored as they were
 * given (a JSON object) and parsed again by the same declarations when
 * the unit is used.  Formations group units through --parent.
 */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "game.h"
#include "jsonw.h"
#include "view.h"

static const struct input_decl common_inputs[] = {
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL, "the side it fights for", 0 },
	{ "type", IN_TEXT, "TYPE", 0, 0, NULL, NULL, NULL,
	  "the unit's type, or a formation: brigade, division, corps, army, command", 0 },
	{ "parent", IN_TEXT, "FORMATION", 0, 0, NULL, NULL, NULL,
	  "the formation it belongs to", 0 },
	{ "name", IN_TEXT, "NAME", 0, 0, NULL, NULL, NULL, "unit set: a new name", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
is_common(const struct input_decl *d)
{
	for (const struct input_decl *p = common_inputs; p->name != NULL; p++)
		if (p == d)
			return 1;
	return 0;
}

/* The rating options of a formation or of a unit of the rule set. */
static const struct input_decl *
rating_decls(const struct game *gm, int formation)
{
	return formation ? roster_formation_inputs(gm->rs->roster) :
	    gm->rs->roster->inputs;
}

/* Which given options are ratings: all but the common ones. */
static int
is_rating(const struct input_decl *d, void *ctx)
{
	(void)ctx;
	return !is_common(d);
}

/* The --type typed in argv ("--type T" or "--type=T"), or NULL. */
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

/* Fills the type and formation flag of u from --type; returns 0 or a status. */
static int
check_type(struct game *gm, const char *type, struct db_unit *u, char *err,
    size_t n)
{
	const struct roster *ro = gm->rs->roster;

	snprintf(u->type, sizeof u->type, "%s", type);
	if (choice_has(ro->unit_types, type)) {
		u->formation = 0;
		return 0;
	}
	if (choice_has(ro->formation_types, type)) {
		u->formation = 1;
		return 0;
	}
	if (strcmp(type, "brigade") == 0 && strcmp(gm->rs->name, "brigade") == 0) {
		snprintf(err, n, "under the brigade rules the brigade is the unit: give its arm (--type %s)",
		    ro->unit_types);
		return EXIT_DATA;
	}
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

	u->parent_id = 0;
	if (parent == NULL || *parent == '\0')
		return 0;
	if (db_unit_find(gm->db, parent, &id) != DB_OK ||
	    db_unit_get(gm->db, id, &p) != DB_OK) {
		snprintf(err, n, "--parent: %s", db_last_error());
		return EXIT_DATA;
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
	snprintf(u->parent, sizeof u->parent, "%s", p.name);
	return 0;
}

/* Checks the ratings in `in` for u and fills its start strength and JSON. */
static int
rate(struct game *gm, const struct inputs *in, struct db_unit *u, char *err,
    size_t n)
{
	static struct result r;

	u->start_strength = 0;
	result_init(&r);
	if (!u->formation &&
	    gm->rs->roster->rate(&gm->ts, u->type, in, &u->start_strength,
	    &u->cost, &r) != RULE_OK) {
		snprintf(err, n, "%s", r.error);
		return EXIT_DATA;
	}
	if (options_json(in, is_rating, NULL, u->ratings, sizeof u->ratings) != 0) {
		snprintf(err, n, "the ratings are too long");
		return EXIT_DATA;
	}
	return 0;
}

struct side_points {
	struct game *gm;
	const char *side;
	double sum;
};

static int
add_points(void *ctx, const struct db_unit *row)
{
	static struct rating_args ra;
	static struct inputs rt;
	static struct result r;
	struct side_points *sp = ctx;
	double cost = 0;
	long start;

	if (row->formation || strcmp(row->side, sp->side) != 0)
		return 0;
	result_init(&r);
	if (db_rating_args(sp->gm->db, row->ratings, &ra) == DB_OK &&
	    inputs_parse(&rt, sp->gm->rs->name, "unit", sp->gm->rs->roster->inputs,
	    NULL, ra.argc, ra.argv, NULL) == 0 &&
	    sp->gm->rs->roster->rate(&sp->gm->ts, row->type, &rt, &start, &cost,
	    &r) == RULE_OK)
		sp->sum += cost;
	return 0;
}

/* An army list: a side's points may not pass the game's limit (new --points). */
static int
check_points(struct game *gm, const struct db_unit *u, char *err, size_t n)
{
	static struct inputs opts;
	struct side_points sp = { gm, u->side, 0 };
	long limit;

	if (u->formation || u->cost <= 0 || gm->rs->roster->game_inputs == NULL)
		return 0;
	if (game_options(NULL, gm, &opts) != 0 || !in_given(&opts, "points"))
		return 0;
	limit = in_count(&opts, "points");
	if (db_unit_each(gm->db, add_points, &sp) != DB_OK)
		return 0;
	if (sp.sum + u->cost > (double)limit) {
		snprintf(err, n, "%s would have %g AP with '%s' (%g AP), over the game's limit of %ld",
		    u->side, sp.sum + u->cost, u->name, u->cost, limit);
		return EXIT_DATA;
	}
	return 0;
}

/* Parses unit arguments (NAME first) into in: the common options and the
 * ratings of a formation or a unit. */
static int
parse_unit(struct game *gm, const char *command, struct inputs *in, int argc,
    char **argv, int formation, char *err, size_t n)
{
	int rc = inputs_parse_command(in, command, common_inputs,
	    rating_decls(gm, formation), argc, argv);

	if (rc != 0)
		snprintf(err, n, "%s", in->error);
	return rc;
}

/* `unit add` without printing: err gets the sentence on failure. */
static int
add_unit(struct game *gm, int argc, char **argv, struct db_unit *u, char *err,
    size_t n)
{
	static struct inputs in;
	const char *side, *type;
	long long id;
	int rc, st;

	memset(u, 0, sizeof *u);
	type = typed_type(argc, argv);
	if (type != NULL && (rc = check_type(gm, type, u, err, n)) != 0)
		return rc;
	if ((rc = parse_unit(gm, "unit add", &in, argc, argv, u->formation, err, n)) != 0)
		return rc;
	if (in.npos != 1) {
		snprintf(err, n, in.npos == 0 ? "unit add needs a NAME" :
		    "unit add takes one NAME (quote a name with spaces)");
		return EXIT_USAGE;
	}
	side = in_text(&in, "side");
	type = in_text(&in, "type");
	if (side == NULL || type == NULL) {
		snprintf(err, n, "unit add needs --side SIDE and --type TYPE");
		return EXIT_USAGE;
	}
	if (*in.pos[0] == '\0' || *side == '\0') {
		snprintf(err, n, "a unit's name and side cannot be empty");
		return EXIT_DATA;
	}
	if (strlen(in.pos[0]) >= sizeof u->name || strlen(side) >= sizeof u->side) {
		snprintf(err, n, "a unit's name is at most %zu bytes and its side %zu",
		    sizeof u->name - 1, sizeof u->side - 1);
		return EXIT_DATA;
	}
	snprintf(u->name, sizeof u->name, "%s", in.pos[0]);
	snprintf(u->side, sizeof u->side, "%s", side);
	if ((rc = check_parent(gm, in_text(&in, "parent"), u, err, n)) != 0 ||
	    (rc = rate(gm, &in, u, err, n)) != 0)
		return rc;
	if ((rc = check_points(gm, u, err, n)) != 0)
		return rc;
	if ((st = db_unit_add(gm->db, u, &id)) != DB_OK) {
		snprintf(err, n, "%s", db_last_error());
		return db_exit_status(st);
	}
	u->id = id;
	return 0;
}

static int
print_unit(const struct global *g, struct game *gm, const struct db_unit *row,
    const char *verb)
{
	static struct unit_sheet s;
	static char buf[65536];
	struct jsonw w;
	int rc;

	if ((rc = view_load(g, gm, row, &s)) != 0)
		return rc;
	if (g->json) {
		jsonw_init(&w, buf, sizeof buf);
		view_json(&w, gm, &s);
		puts(buf);
		return 0;
	}
	if (verb != NULL) {
		printf("%s %s '%s' (%s, %s)%s%s\n", verb, row->formation ?
		    "formation" : "unit", row->name, row->type, row->side,
		    row->parent[0] ? " in " : "", row->parent);
		if (!row->formation && row->start_strength > 0)
			printf("  %ld %s\n", row->start_strength, gm->rs->measure);
		return 0;
	}
	printf("%s: %s %s, side %s%s%s\n", row->name, row->formation ?
	    "formation" : "unit", row->type, row->side,
	    row->parent[0] ? ", in " : "", row->parent);
	if (!row->formation)
		printf("  %s: %ld at the start, %ld now, %ld lost; state %s; push backs %ld in the run, %ld in all\n",
		    gm->rs->measure, row->start_strength, s.v.strength, s.u.losses,
		    s.v.state, s.pb_run, s.u.pb_total);
	printf("  ratings: %s\n", row->ratings);
	for (int i = 0; i < s.v.nlines; i++)
		printf("    %s\n", s.v.lines[i]);
	return 0;
}

static int
cmd_add(const struct global *g, struct game *gm, int argc, char **argv)
{
	struct db_unit u;
	char err[512];
	int rc = add_unit(gm, argc, argv, &u, err, sizeof err);

	if (rc != 0)
		return cmd_error(g, rc, "%s", err);
	return print_unit(g, gm, &u, "added");
}

struct listing {
	const struct global *g;
	struct game *gm;
	struct jsonw w;
	int rc;
};

static int
list_one(void *ctx, const struct db_unit *row)
{
	static struct unit_sheet s;
	struct listing *l = ctx;

	if ((l->rc = view_load(l->g, l->gm, row, &s)) != 0)
		return 1;
	if (l->g->json)
		view_json(&l->w, l->gm, &s);
	else if (row->formation)
		printf("%-30s %-12s %-10s %s\n", row->name, row->type, row->side,
		    row->parent);
	else
		printf("%-30s %-12s %-10s %-20s %ld/%ld %s\n", row->name, row->type,
		    row->side, row->parent, s.v.strength, row->start_strength,
		    s.v.state);
	return 0;
}

static int
cmd_list(const struct global *g, struct game *gm)
{
	static char buf[1 << 22];
	struct listing l = { g, gm, { 0 }, 0 };
	int st;

	jsonw_init(&l.w, buf, sizeof buf);
	jsonw_object(&l.w, NULL);
	jsonw_array(&l.w, "units");
	st = db_unit_each(gm->db, list_one, &l);
	if (l.rc != 0)
		return l.rc;
	if (st != DB_OK)
		return game_fail(g, st);
	jsonw_array_end(&l.w);
	jsonw_object_end(&l.w);
	if (g->json)
		return cmd_print_json(g, &l.w, "too many units to list");
	return 0;
}

/* Turns given options back into argv (for merging and import). */
static int
inputs_to_argv(const struct inputs *in, int skip_common, char *buf, size_t n,
    char **argv, int max)
{
	size_t used = 0;
	int argc = 0;

	for (int i = 0; i < in->n; i++) {
		const struct input_value *v = &in->v[i];
		int count = (v->decl->flags & IN_REPEAT) ? v->nitems : 1;

		if (!v->given || (skip_common && is_common(v->decl)))
			continue;
		for (int k = 0; k < count; k++) {
			const char *val = (v->decl->flags & IN_REPEAT) ?
			    v->items[k].name : v->text;
			int len = snprintf(buf + used, n - used, "--%s", v->decl->name);

			if (len < 0 || used + (size_t)len + 1 >= n || argc + 2 >= max)
				return -1;
			argv[argc++] = buf + used;
			used += (size_t)len + 1;
			if (v->decl->kind == IN_FLAG)
				continue;
			len = snprintf(buf + used, n - used, "%s", val);
			if (len < 0 || used + (size_t)len + 1 >= n)
				return -1;
			argv[argc++] = buf + used;
			used += (size_t)len + 1;
		}
	}
	return argc;
}

/* `unit set NAME OPTION...`: the given options replace the stored ones. */
static int
cmd_set(const struct global *g, struct game *gm, int argc, char **argv)
{
	static struct inputs now, old, merged;
	static char buf[16384], bufold[16384];
	static struct rating_args ra;
	char *args[256], *oldargs[256], err[512];
	struct db_unit u;
	long long id;
	int n, nold, st, rc;

	if (argc < 1 || strncmp(argv[0], "--", 2) == 0)
		return cmd_error(g, EXIT_USAGE, "unit set needs one NAME, then the options to change");
	if ((st = db_unit_find(gm->db, argv[0], &id)) != DB_OK ||
	    (st = db_unit_get(gm->db, id, &u)) != DB_OK ||
	    (st = db_rating_args(gm->db, u.ratings, &ra)) != DB_OK)
		return game_fail(g, st);
	if (typed_type(argc, argv) != NULL &&
	    (rc = check_type(gm, typed_type(argc, argv), &u, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((rc = parse_unit(gm, "unit set", &now, argc, argv, u.formation, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if (now.npos != 1)
		return cmd_error(g, EXIT_USAGE, "unit set needs one NAME, then the options to change");
	if ((rc = parse_unit(gm, "unit set", &old, ra.argc, ra.argv, u.formation, err, sizeof err)) != 0)
		return cmd_error(g, EXIT_IO, "unit '%s': its stored ratings do not parse: %s",
		    u.name, err);
	n = inputs_to_argv(&now, 1, buf, sizeof buf, args, 200);
	nold = inputs_to_argv(&old, 1, bufold, sizeof bufold, oldargs, 200);
	if (n < 0 || nold < 0)
		return cmd_error(g, EXIT_DATA, "the ratings are too long");
	for (int i = 0; i < nold; i++) {
		int keep = !in_given(&now, oldargs[i] + 2);
		int flag = i + 1 >= nold || strncmp(oldargs[i + 1], "--", 2) == 0;

		if (keep && n < 250) {
			args[n++] = oldargs[i];
			if (!flag)
				args[n++] = oldargs[i + 1];
		}
		if (!flag)
			i++;
	}
	if ((rc = parse_unit(gm, "unit set", &merged, n, args, u.formation, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((in_given(&now, "name") && (strlen(in_text(&now, "name")) >= sizeof u.name ||
	    *in_text(&now, "name") == '\0')) ||
	    (in_given(&now, "side") && strlen(in_text(&now, "side")) >= sizeof u.side))
		return cmd_error(g, EXIT_DATA, "a unit's name (1 to %zu bytes) or side is too long",
		    sizeof u.name - 1);
	if (in_given(&now, "name"))
		snprintf(u.name, sizeof u.name, "%s", in_text(&now, "name"));
	if (in_given(&now, "side"))
		snprintf(u.side, sizeof u.side, "%s", in_text(&now, "side"));
	if ((in_given(&now, "parent") &&
	    (rc = check_parent(gm, in_text(&now, "parent"), &u, err, sizeof err)) != 0) ||
	    (rc = rate(gm, &merged, &u, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((st = db_unit_update(gm->db, &u)) != DB_OK)
		return game_fail(g, st);
	return print_unit(g, gm, &u, "changed");
}

static int
cmd_rm(const struct global *g, struct game *gm, int argc, char **argv)
{
	struct db_unit u;
	long long id;
	int st;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "unit rm takes one NAME");
	/* Removing destroys: the name must be exact, no prefix. */
	if ((st = db_unit_find(gm->db, argv[0], &id)) != DB_OK ||
	    (st = db_unit_get(gm->db, id, &u)) != DB_OK)
		return game_fail(g, st);
	if (strcmp(u.name, argv[0]) != 0)
		return cmd_error(g, EXIT_DATA, "unit rm needs the exact name ('%s'?)", u.name);
	if ((st = db_unit_remove(gm->db, id)) != DB_OK)
		return cmd_error(g, db_exit_status(st), "unit '%s': %s", u.name,
		    db_last_error());
	if (g->json)
		print_json_pair("removed", u.name);
	else
		printf("removed '%s'\n", u.name);
	return 0;
}

/* ---- import and export ---------------------------------------------- */

/* The declaration of option NAME among the unit options. */
static const struct input_decl *
unit_decl(const struct game *gm, const char *name)
{
	for (const struct input_decl *d = common_inputs; d->name; d++)
		if (strcmp(d->name, name) == 0)
			return d;
	for (const struct input_decl *d = gm->rs->roster->inputs; d->name; d++)
		if (strcmp(d->name, name) == 0)
			return d;
	for (const struct input_decl *d = roster_formation_inputs(gm->rs->roster);
	    d->name; d++)
		if (strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

/* Builds the argv of one CSV row: the name, then an option per cell. */
static int
row_args(const struct game *gm, const struct csv_rows *c, size_t row,
    char *buf, size_t n, char **argv, int max, char *err, size_t en)
{
	size_t used = 0;
	int argc = 0;

	for (size_t col = 0; col < c->row_len[0]; col++) {
		const char *head = csv_cell_at(c, 0, col), *val = csv_cell_at(c, row, col);
		const struct input_decl *d = unit_decl(gm, head);
		char item[1024];

		if (strcmp(head, "name") == 0) {
			argv[argc++] = (char *)val;
			continue;
		}
		if (*val == '\0')
			continue;
		if (d->kind == IN_FLAG) {
			if (strcmp(val, "yes") != 0 && strcmp(val, "true") != 0 &&
			    strcmp(val, "1") != 0) {
				if (strcmp(val, "no") == 0 || strcmp(val, "false") == 0 ||
				    strcmp(val, "0") == 0)
					continue;
				snprintf(err, en, "column '%s': '%s' is not yes or no", head, val);
				return -1;
			}
			snprintf(item, sizeof item, "--%s", head);
		}
		for (const char *p = val; *p != '\0' || d->kind == IN_FLAG;) {
			size_t len = (d->flags & IN_REPEAT) ? strcspn(p, ";") : strlen(p);
			int w;

			if (argc + 2 >= max) {
				snprintf(err, en, "too many options in one row");
				return -1;
			}
			w = snprintf(buf + used, n - used, "--%s", head);
			argv[argc++] = buf + used;
			used += (size_t)w + 1;
			if (d->kind == IN_FLAG)
				break;
			w = snprintf(buf + used, n - used, "%.*s", (int)len, p);
			argv[argc++] = buf + used;
			used += (size_t)w + 1;
			p += len;
			if (*p == ';')
				p++;
			if (used + 64 >= n) {
				snprintf(err, en, "a row is too long");
				return -1;
			}
		}
	}
	return argc;
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
cmd_import(const struct global *g, struct game *gm, int argc, char **argv)
{
	static struct csv_rows c;
	static char buf[32768];
	char *args[256], err[600], line_err[512];
	struct db_unit u;
	int rc, count = 0;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "unit import takes one FILE.csv");
	if ((rc = csv_rows_read(argv[0], &c, err, sizeof err)) != 0)
		return cmd_error(g, rc, "%s", err);
	if ((rc = check_header(gm, &c, err, sizeof err)) != 0) {
		csv_rows_free(&c);
		return cmd_error(g, rc, "%s", err);
	}
	for (size_t row = 1; row < c.nrows; row++) {
		int n = row_args(gm, &c, row, buf, sizeof buf, args, 250,
		    line_err, sizeof line_err);

		if (c.row_len[row] == 1 && *csv_cell_at(&c, row, 0) == '\0')
			continue;
		rc = n < 0 ? EXIT_DATA : add_unit(gm, n, args, &u, line_err, sizeof line_err);
		if (rc != 0) {
			csv_rows_free(&c);
			return cmd_error(g, rc == EXIT_USAGE ? EXIT_DATA : rc,
			    "%s: line %zu: %s; nothing was loaded", argv[0], row + 1,
			    line_err);
		}
		count++;
	}
	csv_rows_free(&c);
	if (g->json)
		printf("{\"imported\":%d}\n", count);
	else
		printf("imported %d unit%s and formations from %s\n", count,
		    count == 1 ? "" : "s", argv[0]);
	return 0;
}

struct exporter {
	struct game *gm;
	FILE *out;
	const char *cols[64];
	int ncols;
	int rc;
};

static void
put_cell(FILE *out, const char *s, int first)
{
	if (!first)
		fputc(',', out);
	csv_put(out, s);
}

static int
export_one(void *ctx, const struct db_unit *row)
{
	static struct rating_args ra;
	static struct inputs in;
	struct exporter *x = ctx;

	if (db_rating_args(x->gm->db, row->ratings, &ra) != DB_OK ||
	    inputs_parse_command(&in, "unit", common_inputs,
	    rating_decls(x->gm, row->formation), ra.argc, ra.argv) != 0) {
		x->rc = EXIT_IO;
		return 1;
	}
	put_cell(x->out, row->name, 1);
	put_cell(x->out, row->side, 0);
	put_cell(x->out, row->type, 0);
	put_cell(x->out, row->parent, 0);
	for (int c = 4; c < x->ncols; c++) {
		const struct input_value *v = inputs_get(&in, x->cols[c]);
		char cell[2048] = "";

		if (v != NULL && v->given && v->decl->kind == IN_FLAG)
			snprintf(cell, sizeof cell, "yes");
		else if (v != NULL && v->given && (v->decl->flags & IN_REPEAT))
			for (int k = 0; k < v->nitems; k++)
				snprintf(cell + strlen(cell), sizeof cell - strlen(cell),
				    "%s%s", k ? ";" : "", v->items[k].name);
		else if (v != NULL && v->given)
			snprintf(cell, sizeof cell, "%s", v->text);
		put_cell(x->out, cell, 0);
	}
	fputc('\n', x->out);
	return 0;
}

static int
cmd_export(const struct global *g, struct game *gm, int argc, char **argv)
{
	struct exporter x = { gm, stdout, { "name", "side", "type", "parent" }, 4, 0 };
	int st;

	if (argc > 1)
		return cmd_error(g, EXIT_USAGE, "unit export takes at most one FILE.csv");
	if (g->json && argc == 0)
		return cmd_list(g, gm);	/* one JSON object, not CSV */
	for (const struct input_decl *d = roster_formation_inputs(gm->rs->roster);
	    d->name; d++)
		x.cols[x.ncols++] = d->name;
	for (const struct input_decl *d = gm->rs->roster->inputs; d->name && x.ncols < 64; d++)
		if (unit_decl(gm, d->name) == d)
			x.cols[x.ncols++] = d->name;
	if (argc == 1 && (x.out = fopen(argv[0], "w")) == NULL)
		return cmd_error(g, EXIT_CANTCREATE, "cannot write '%s': %s", argv[0],
		    strerror(errno));
	for (int c = 0; c < x.ncols; c++)
		put_cell(x.out, x.cols[c], c == 0);
	fputc('\n', x.out);
	st = db_unit_each(gm->db, export_one, &x);
	if (argc == 1 && fclose(x.out) != 0 && x.rc == 0)
		x.rc = cmd_error(g, EXIT_IO, "cannot write '%s'", argv[0]);
	if (x.rc != 0)
		return x.rc;
	if (st != DB_OK)
		return game_fail(g, st);
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
	    "Formations: --type division|corps|army|command (and brigade where units are\n"
	    "smaller than brigades) with --parent.  Names are free text; a unique prefix\n"
	    "finds a unit (not for rm).  import takes a CSV with a header of option\n"
	    "names (name,side,type,parent,...); repeated options separated by ';'.");
}

static void
help_ratings(const struct ruleset *rs)
{
	help();
	if (rs == NULL || rs->roster == NULL)
		return;
	printf("\nUnit types (%s): %s\nFormations: %s\nRatings:\n", rs->name,
	    rs->roster->unit_types, rs->roster->formation_types);
	for (const struct input_decl *d = rs->roster->inputs; d->name; d++)
		printf("  --%s %-24s %s\n", d->name, d->arg, d->help);
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
	if (gm.rs->roster == NULL)
		return game_close(g, &gm, cmd_error(g, EXIT_USAGE,
		    "not implemented yet for %s", gm.rs->name));
	argc = argc > 0 ? argc - 1 : 0;
	argv++;
	if (strcmp(sub, "add") == 0)
		rc = cmd_add(g, &gm, argc, argv);
	else if (strcmp(sub, "list") == 0)
		rc = argc == 0 ? cmd_list(g, &gm) :
		    cmd_error(g, EXIT_USAGE, "unit list takes no arguments");
	else if (strcmp(sub, "show") == 0) {
		struct db_unit row;
		struct unit u;

		rc = argc != 1 ? cmd_error(g, EXIT_USAGE, "unit show takes one NAME") :
		    game_unit(g, &gm, argv[0], &row, &u);
		if (rc == 0)
			rc = print_unit(g, &gm, &row, NULL);
	} else if (strcmp(sub, "set") == 0)
		rc = cmd_set(g, &gm, argc, argv);
	else if (strcmp(sub, "rm") == 0)
		rc = cmd_rm(g, &gm, argc, argv);
	else if (strcmp(sub, "import") == 0)
		rc = cmd_import(g, &gm, argc, argv);
	else
		rc = cmd_export(g, &gm, argc, argv);
	return game_close(g, &gm, rc);
}

const struct cmd_entry cmd_unit_entry = {
	"unit", "unit add|list|show|set|rm|import|export", "the order of battle",
	0, unit,
};
