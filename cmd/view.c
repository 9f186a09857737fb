/* view: units as the sheet and `unit show` print them, columns from the
 * rule set's roster, as the umpire or a side may see them. */
#include <stdlib.h>
#include <string.h>

#include "csvfile.h"
#include "keep.h"
#include "kind.h"
#include "render.h"
#include "text.h"
#include "view.h"

/* A line of the text sheet: name, type, the cells and the flags fit. */
#define VIEW_TEXT_LINE 1024

/* The side of army a that NAME names: the one spelt so, else the one
 * whose folding is NAME's (a game of an earlier umpire may hold two sides
 * one folding reads: then *other is the second, and neither is taken for
 * the other); NULL for none. */
static const char *
side_named(const struct army *a, const char *name, const char **other)
{
	char want[TEXT_FOLDED], have[TEXT_FOLDED];
	const char *found = NULL;

	*other = NULL;
	for (int i = 0; i < a->n; i++)
		if (strcmp(a->u[i].side, name) == 0)
			return a->u[i].side;
	text_fold(name, want, sizeof want);
	for (int i = 0; i < a->n && *other == NULL; i++) {
		if (found != NULL && strcmp(a->u[i].side, found) == 0)
			continue;
		text_fold(a->u[i].side, have, sizeof have);
		if (strcmp(want, have) != 0)
			continue;
		if (found != NULL)
			*other = a->u[i].side;
		else
			found = a->u[i].side;
	}
	return found;
}

void
view_side_names(const struct army *a, const char *last, char *out, size_t n)
{
	const char *names[16];
	int k = 0;

	for (int i = 0; i < a->n && k < 15; i++) {
		int seen = 0;

		for (int j = 0; j < k && !seen; j++)
			seen = strcmp(names[j], a->u[i].side) == 0;
		if (!seen)
			names[k++] = a->u[i].side;
	}
	if (last != NULL)
		names[k++] = last;
	out[0] = '\0';
	for (int j = 0; j < k; j++)
		snprintf(out + strlen(out), n - strlen(out), "%s%s",
		    j == 0 ? "" : j + 1 < k ? ", " : " or ", names[j]);
}

int
viewer_of(struct cmd_ctx *g, struct game *gm, struct viewer *v)
{
	const char *other;
	char sides[200];
	int rc;

	v->side = NULL;
	v->fog = strcmp(gm->info.fog, "open") == 0 ? FOG_OPEN :
	    strcmp(gm->info.fog, "hidden") == 0 ? FOG_HIDDEN : FOG_TABLE;
	if (g->for_side == NULL || strcmp(g->for_side, "umpire") == 0)
		return 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	v->side = side_named(&gm->army, g->for_side, &other);
	if (other != NULL)
		return cmd_error(g, EXIT_DATA,
		    "--for: '%s' matches the sides '%s' and '%s': give one as it is spelt",
		    g->for_side, v->side, other);
	if (v->side != NULL)
		return 0;
	view_side_names(&gm->army, "umpire", sides, sizeof sides);
	return cmd_error(g, EXIT_DATA, "--for: no unit fights for side '%s' (give %s)",
	    g->for_side, sides);
}

/* The units viewer v knows by name into names (their indexes in the
 * army into at): all, but the enemy's formations at fog table and hidden
 * (its chain of command is not seen across the table). */
static int
known_units(const struct game *gm, const struct viewer *v, char (*names)[UNIT_NAME],
    int *at)
{
	int n = 0;

	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		if (u->formation && viewer_look(v, u) == LOOK_ACROSS)
			continue;
		text_copy(names[n], UNIT_NAME, u->name);
		at[n++] = i;
	}
	return n;
}

struct unit *
view_unit(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const char *name, int *rc)
{
	char (*names)[UNIT_NAME];
	struct error err;
	int *at, n, i;

	if (viewer_all(v))
		return game_unit(g, gm, name, rc);
	if (!gm->army_loaded && (*rc = game_army(g, gm)) != 0)
		return NULL;
	names = malloc((size_t)(gm->army.n + 1) * sizeof *names);
	at = malloc((size_t)(gm->army.n + 1) * sizeof *at);
	if (names == NULL || at == NULL) {
		free(names);
		free(at);
		*rc = cmd_error(g, EXIT_BUG, "out of memory");
		return NULL;
	}
	n = known_units(gm, v, names, at);
	i = text_find_name("unit", name, names[0], sizeof names[0], n, &err, EXIT_DATA);
	i = i < 0 ? -1 : at[i];
	free(names);
	free(at);
	if (i < 0) {
		*rc = cmd_say(g, &err);
		return NULL;
	}
	return &gm->army.u[i];
}

enum look
viewer_side_look(const struct viewer *v, const char *side)
{
	if (viewer_all(v))
		return LOOK_ALL;
	if (strcmp(side, v->side) == 0)
		return v->fog == FOG_HIDDEN ? LOOK_REPORTED : LOOK_ALL;
	return LOOK_ACROSS;
}

enum look
viewer_look(const struct viewer *v, const struct unit *u)
{
	return viewer_side_look(v, u->side);
}

int
viewer_all(const struct viewer *v)
{
	return v == NULL || v->side == NULL || v->fog == FOG_OPEN;
}

int
viewer_knows_losses(const struct game *gm, const struct viewer *v, const char *side)
{
	const struct counter_decl *c = roster_loss_counter(gm->rs->roster);

	return viewer_side_look(v, side) == LOOK_ALL || (v->fog == FOG_TABLE &&
	    c != NULL && c->state != NULL && c->sight == SIGHT_TABLE);
}

struct standing_for
viewer_standing(const struct viewer *v)
{
	struct standing_for who = { NULL, 1 };

	if (!viewer_all(v)) {
		who.side = v->side;
		who.counts = v->fog != FOG_HIDDEN;
	}
	return who;
}

const char *
view_band(const struct game *gm, long lost, long start)
{
	const struct table *t = gm->ts.find(gm->ts.ctx, gm->rs->name, "bands");
	const struct ledger_decl *measure = gm->rs->roster->keeps.ledgers;
	long pct;
	double up_to;

	if (start <= 0 && measure != NULL && measure[0].band_start > 0)
		start = measure[0].band_start;	/* a count kept without a start */
	pct = start > 0 ? (lost * 100 + start - 1) / start : 0;
	if (pct > 100)
		pct = 100;
	for (int row = 0; t != NULL && row < t->nrows; row++)
		if (kind_number(table_text(t, row, "lost"), &up_to) == 0 && pct <= up_to)
			return table_text(t, row, "word");
	return "unknown";
}

const char *
view_unit_band(const struct game *gm, const struct unit *u, long total)
{
	/* (one that brought nothing has lost the whole of its start) */
	if (gm->rs->roster->keeps.counts_down && unit_start(u) > 0)
		return view_band(gm, total - u->carried, unit_start(u));
	return view_band(gm, total, u->start_strength);
}

/* The sight of what a journal entry of KIND and NAME tells. */
static enum sight
entry_sight(const struct keeps *k, const char *kind, const char *name)
{
	const struct word_decl *d;
	int i;

	if (strcmp(kind, "state") == 0 || strcmp(kind, "flag") == 0 ||
	    strcmp(kind, "formation") == 0) {
		d = keeps_word(strcmp(kind, "state") == 0 ? k->states :
		    strcmp(kind, "flag") == 0 ? k->flags : k->formations, name);
		return d != NULL ? d->sight : *name == '\0' ? SIGHT_TABLE : SIGHT_UMPIRE;
	}
	if ((i = keeps_ledger(k, kind)) >= 0)
		return k->ledgers[i].sight;
	return SIGHT_UMPIRE;	/* a part of the unit: its own side's */
}

int
view_may_read(const struct game *gm, const struct viewer *v, enum look l,
    const char *kind, const char *name)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	int ledger = keeps_ledger(k, kind) >= 0;

	if (l == LOOK_ALL)
		return 1;
	if (l == LOOK_REPORTED)
		return !ledger;
	/* A count that stands on the table (fury's stands, squares' hit
	 * markers) is read as the sheet shows it: counted at fog table. */
	if (ledger)
		return v->fog == FOG_TABLE && entry_sight(k, kind, name) == SIGHT_TABLE;
	return entry_sight(k, kind, name) == SIGHT_TABLE;
}

/* The measure as a viewer who does not see everything sees it: a count
 * that stands on the table (fury's stands, squares' hit markers) when
 * the fog lets the enemy count it, else a word of the bands table. */
static void
seen_measure(const struct game *gm, const struct viewer *v, struct unit_sheet *s)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct unit *u = s->u;

	s->seen[0] = '\0';
	if (k->measure_option == NULL || u->formation ||
	    (k->counts_down && u->start_strength == 0))
		return;		/* nothing kept: a leader has no stands */
	if (s->look == LOOK_ALL || (s->look == LOOK_ACROSS && v->fog == FOG_TABLE &&
	    k->ledgers[0].sight == SIGHT_TABLE))
		text_long(s->seen, sizeof s->seen, k->counts_down ?
		    u->start_strength - unit_lost(u) : unit_lost(u));
	else if (s->look == LOOK_REPORTED || k->ledgers[0].sight != SIGHT_UMPIRE)
		text_copy(s->seen, sizeof s->seen, view_unit_band(gm, u, unit_lost(u)));
}

/* True when WORD is a state or flag the rule set declares on the table. */
static int
on_table(const struct keeps *k, const char *word)
{
	const struct word_decl *d = keeps_word(k->states, word);

	if (d == NULL)
		d = keeps_word(k->flags, word);
	return d != NULL && d->sight == SIGHT_TABLE;
}

/* u as the enemy sees it on the table: every count, state and flag its
 * rule set keeps off the table taken away. */
static void
as_on_table(const struct keeps *k, const struct unit *u, struct unit *t)
{
	*t = *u;
	for (int i = 0; k->ledgers != NULL && k->ledgers[i].name != NULL &&
	    i < UNIT_LEDGERS; i++)
		if (k->ledgers[i].sight != SIGHT_TABLE)
			memset(&t->ledger[i], 0, sizeof t->ledger[i]);
	if (!on_table(k, u->state))
		t->state[0] = '\0';
	for (int i = 0; i < t->nflags; i++)
		if (!on_table(k, u->flags[i]))
			t->flag_over[i] = 1;
}

/*
 * The state word the enemy reads (CLI.md: "the states and counts the
 * rule set declares visible"): the word the rule set gives the unit as it
 * stands on the table, into s->v.state.  A word the rules derive from a
 * count kept off the table (brigade's halt, ohw's tired) is not seen: the
 * count's band word stands for it, and the text leaves the state blank
 * (s->state_hidden).
 */
static int
state_across(struct cmd_ctx *g, struct game *gm, struct unit_sheet *s)
{
	const struct roster *ro = gm->rs->roster;
	const struct keeps *k = &ro->keeps;
	struct { struct unit t; struct unit_view v; struct result r; } *w;
	int rc = 0;

	text_copy(s->v.state, sizeof s->v.state, k->good_state);
	if (ro->view == NULL)
		return 0;
	if ((w = malloc(sizeof *w)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	as_on_table(k, s->u, &w->t);
	memset(&w->v, 0, sizeof w->v);
	result_init(&w->r);
	ro->view(&gm->ts, &gm->army, &w->t, &w->v, &w->r);
	if (w->r.error.code)
		rc = cmd_error(g, exit_of_rule(w->r.error.code), "unit '%s': %s", s->u->name,
		    w->r.error.text);
	else if (w->v.state[0] != '\0')
		text_copy(s->v.state, sizeof s->v.state, w->v.state);
	s->state_hidden = !on_table(k, s->v.state) && k->ledgers != NULL &&
	    k->ledgers[0].name != NULL && k->ledgers[0].sight == SIGHT_BAND;
	view_free(&w->v);
	result_free(&w->r);
	free(w);
	return rc;
}

/* The rule set's own fields of unit u (its view hook's result r) into
 * s->json, when wanted: 0, or -1 when they do not fit. */
static int
own_fields(struct unit_sheet *s, const struct result *r, int json)
{
	struct jsonw w;

	jsonw_init(&w, json && s->look == LOOK_ALL ? s->json : NULL,
	    json && s->look == LOOK_ALL ? sizeof s->json : 0);
	jsonw_object(&w, NULL);
	if (r != NULL)
		render_members(&w, r);
	jsonw_object_end(&w);
	return w.overflow ? -1 : 0;
}

/* The rule set's view of u into s (its fields' JSON too, when wanted). */
static int
own_view(struct cmd_ctx *g, struct game *gm, const struct unit *u,
    struct unit_sheet *s, int json)
{
	const struct roster *ro = gm->rs->roster;
	struct result *r = NULL;
	int rc = 0;

	if (ro->view != NULL && s->look != LOOK_ACROSS) {
		if ((r = malloc(sizeof *r)) == NULL)
			return cmd_error(g, EXIT_BUG, "out of memory");
		result_init(r);
		ro->view(&gm->ts, &gm->army, u, &s->v, r);
		if (r->error.code)
			rc = cmd_error(g, exit_of_rule(r->error.code), "unit '%s': %s", u->name,
			    r->error.text);
		else if (r->overflow || r->no_memory)
			rc = cmd_error(g, EXIT_BUG, "unit '%s' is too large to show", u->name);
	}
	if (rc == 0 && own_fields(s, r, json) != 0)
		rc = cmd_error(g, EXIT_BUG, "unit '%s' is too large to show", u->name);
	if (r != NULL)
		result_free(r);
	free(r);
	return rc;
}

struct unit_sheet *
view_sheet_new(void)
{
	return calloc(1, sizeof(struct unit_sheet));
}

void
view_sheet_free(struct unit_sheet *s)
{
	if (s != NULL)
		view_free(&s->v);
	free(s);
}

int
view_load(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct unit *u, struct unit_sheet *s, int json)
{
	const struct roster *ro = gm->rs->roster;
	int rc;

	s->u = u;
	s->look = viewer_look(v, u);
	s->more = NULL;
	view_free(&s->v);
	memset(&s->v, 0, sizeof s->v);
	if ((rc = own_view(g, gm, u, s, json)) != 0)
		return rc;
	if (s->look == LOOK_REPORTED) {	/* its counts only by report */
		view_free(&s->v);
		s->v.nparts = 0;
	}
	s->state_hidden = 0;
	if (s->look == LOOK_ACROSS && (rc = state_across(g, gm, s)) != 0)
		return rc;
	if (s->v.state[0] == '\0')
		snprintf(s->v.state, sizeof s->v.state, "%s",
		    u->state[0] ? u->state : ro->keeps.good_state);
	seen_measure(gm, v, s);
	return 0;
}

static int
is_rating(const struct input_decl *d, void *ctx)
{
	return view_rating_seen(d, *(const enum look *)ctx);
}

/* True when a rating of declaration d holds a count: a number, or a list
 * whose items may carry one (a token N among its shapes: brigade's
 * --battalion NAME:CLASS:FIGURES). */
static int
rating_counts(const struct input_decl *d)
{
	const char *p;

	if (d->kind == IN_COUNT || d->kind == IN_COUNTS || d->kind == IN_NUMBER)
		return 1;
	if (d->kind != IN_SPEC || d->choices == NULL)
		return 0;
	for (p = d->choices; *p != '\0'; p++)
		if (*p == 'N' && (p == d->choices || strchr(":/|", p[-1]) != NULL) &&
		    (p[1] == '\0' || strchr(":/|", p[1]) != NULL))
			return 1;
	return 0;
}

int
view_rating_seen(const struct input_decl *d, enum look look)
{
	/* Fog hidden: "every count, the side's own included, only as band
	 * words"; a count among the ratings (fury's stands, a battalion's
	 * figures) would give the number the band word stands for. */
	return look == LOOK_ALL || (look == LOOK_REPORTED && !rating_counts(d));
}

/* True when flag i of u is in force and the viewer sees it. */
static int
flag_seen(const struct game *gm, const struct unit_sheet *s, int i)
{
	const struct word_decl *d;

	if (!unit_flag_in_force(s->u, i))
		return 0;
	if (s->look != LOOK_ACROSS)
		return 1;
	d = keeps_word(gm->rs->roster->keeps.flags, s->u->flags[i]);
	return d != NULL && d->sight == SIGHT_TABLE;
}

/* What the unit owes, as `turn` tells it ({"what": "follow up at least
 * one move", "rule"}, and the flag that owes it): each flag in force with
 * a `must` the viewer sees. */
static void
must_json(struct jsonw *w, const struct game *gm, const struct unit_sheet *s)
{
	const struct word_decl *d;

	jsonw_array(w, "must");
	for (int i = 0; i < s->u->nflags; i++)
		if (flag_seen(gm, s, i) &&
		    (d = keeps_word(gm->rs->roster->keeps.flags, s->u->flags[i])) != NULL &&
		    d->must != NULL) {
			jsonw_object(w, NULL);
			jsonw_string(w, "what", d->must);
			jsonw_string(w, "rule", d->rule);
			jsonw_string(w, "flag", d->word);
			jsonw_object_end(w);
		}
	jsonw_array_end(w);
}

/* The measure as the viewer sees it: a count, or a band word. */
static void
seen_json(struct jsonw *w, const struct game *gm, const struct unit_sheet *s)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	double n;

	if (s->seen[0] == '\0')
		return;
	if (kind_number(s->seen, &n) == 0)
		jsonw_int(w, k->counts_down ? "strength" : k->measure_option, (long)n);
	else
		jsonw_string(w, "band", s->seen);
}

void
view_json(struct jsonw *w, const struct game *gm, const struct unit_sheet *s)
{
	const struct unit *u = s->u;
	const char *parent = game_parent_name(gm, u);

	jsonw_object(w, NULL);
	jsonw_string(w, "name", u->name);
	jsonw_string(w, "side", u->side);
	jsonw_string(w, "type", u->type);
	jsonw_string(w, "kind", u->formation ? "formation" : "unit");
	jsonw_string(w, "formation", roster_formation(gm->rs->roster, u));
	if (s->look != LOOK_ACROSS)
		jsonw_string(w, "parent", parent[0] ? parent : NULL);
	/* A state the rules derive from a count the viewer sees only as a
	 * band word is not seen: absent, as every hidden key (CLI.md). */
	if (!s->state_hidden)
		jsonw_string(w, "state", s->v.state);
	if (!u->formation) {
		jsonw_string(w, "measure", gm->rs->measure);
		jsonw_array(w, "flags");
		for (int i = 0; i < u->nflags; i++)
			if (flag_seen(gm, s, i))
				jsonw_string(w, NULL, u->flags[i]);
		jsonw_array_end(w);
		must_json(w, gm, s);
	}
	if (view_shared(gm, s->look))
		seen_json(w, gm, s);
	if (s->look != LOOK_ACROSS) {
		jsonw_object(w, "ratings");
		inputs_json(u->ratings, is_rating, (void *)&s->look, w);
		jsonw_object_end(w);
	}
	if (s->look == LOOK_ALL)
		jsonw_members(w, s->json);
	if (s->more != NULL)
		jsonw_members(w, s->more);
	jsonw_object_end(w);
}

/* Appends s to the line in width columns of the terminal (> 0
 * right-aligned, < 0 left, 0 as is). */
static void
cell(struct text_line *l, const char *s, int width)
{
	line_cell(l, s, width);
}

/* Appends n spaces. */
static void
gap(struct text_line *l, int n)
{
	line_text(l, "", n);
}

/* True when column i is the text sheet's last. */
static int
last_text(const struct sheet_column *c, int i)
{
	for (int k = i + 1; c[k].key != NULL; k++)
		if (c[k].where != SHEET_CSV)
			return 0;
	return 1;
}

/* The tactical formation's column, where the rules keep one. */
#define FORMATION_WIDTH (-13)

/* A side's view of units it does not see whole: what it sees of the
 * measure, then the state and flags. */
#define SEEN_WIDTH (-14)
/* The gap before the state: the measure's head ("fatigue points") may
 * fill its column. */
#define SEEN_GAP 2

int
view_shared(const struct game *gm, enum look look)
{
	return look != LOOK_ALL || roster_columns(gm->rs->roster)->key == NULL;
}

void
view_heads(FILE *out, const struct game *gm, enum look look)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	char buf[VIEW_TEXT_LINE];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	gap(&l, 2);
	cell(&l, "unit", -28);
	gap(&l, 1);
	cell(&l, "type", -15);
	if (gm->rs->roster->keeps.formations != NULL) {
		gap(&l, 1);
		cell(&l, "formation", FORMATION_WIDTH);
	}
	if (view_shared(gm, look)) {
		if (gm->rs->roster->keeps.measure_option != NULL) {
			gap(&l, 1);
			cell(&l, gm->rs->measure, SEEN_WIDTH);
		}
		gap(&l, SEEN_GAP);
		cell(&l, "state, flags", 0);
		fputs(buf, out);
		fputc('\n', out);
		return;
	}
	for (int i = 0; c[i].key != NULL; i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		gap(&l, c[i].gap);
		cell(&l, c[i].head, last_text(c, i) ? 0 : c[i].width);
	}
	fputs(buf, out);
	fputc('\n', out);
}

const char *
view_gone_word(const struct game *gm)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	int most = keeps_severity(k, NULL);

	return most > 0 ? k->states[most - 1].word : "lost";
}

int
view_spent(const struct game *gm, const struct unit *u)
{
	return gm->rs->roster->keeps.measure_option != NULL && !u->formation &&
	    u->start_strength > 0 && unit_lost(u) >= u->start_strength;
}

int
view_all_lost(const struct game *gm, const struct unit *u)
{
	return gm->rs->roster->keeps.counts_down && view_spent(gm, u);
}

int
view_brought_out(const struct game *gm, const struct unit *u)
{
	const struct keeps *k = &gm->rs->roster->keeps;

	return u->brought_out && keeps_severity(k, u->state) == keeps_severity(k, NULL);
}

const char *
view_state_words(const struct game *gm, const struct unit_sheet *s, char *buf, size_t n)
{
	if (s->state_hidden) {
		text_copy(buf, n, "");
		return buf;
	}
	if (view_all_lost(gm, s->u))
		return text_words(view_gone_word(gm), buf, n);
	return text_words(s->v.state, buf, n);
}

/* The cell of column i: the roster's, or the unit's state. */
static const char *
cell_of(const struct game *gm, const struct sheet_column *c, int i,
    const struct unit_sheet *s)
{
	static char words[VIEW_CELL > UNIT_WORD ? VIEW_CELL : UNIT_WORD];

	return strcmp(c[i].key, "state") == 0 ?
	    view_state_words(gm, s, words, sizeof words) :
	    view_cell_text(&s->v.cells[i], words, sizeof words);
}

/* The flags joined by SEP; those the state word already says left out
 * unless all.  In text, a flag as it is said of a unit ("has bombarded"). */
static void
flag_list(const struct game *gm, const struct unit_sheet *s, char *buf, size_t n,
    const char *sep, int all)
{
	const struct word_decl *list = gm->rs->roster->keeps.flags;

	buf[0] = '\0';
	for (int i = 0; i < s->u->nflags; i++)
		if (flag_seen(gm, s, i) &&
		    (all || strcmp(s->u->flags[i], s->v.state) != 0))
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
			    buf[0] ? sep : "", all ? s->u->flags[i] :
			    keeps_flag_said(list, s->u->flags[i]));
}

void
view_flags(const struct game *gm, const struct unit_sheet *s, char *buf, size_t n)
{
	char said[256];

	flag_list(gm, s, said, sizeof said, ", ", 0);
	text_words(said, buf, n);
}

void
view_formation_path(const struct army *a, const struct unit *u, char *buf, size_t n)
{
	const char *chain[16];
	struct text_line l;
	int depth = 0;

	for (int up = u->up; up >= 0 && depth < 16; up = a->u[up].up)
		chain[depth++] = a->u[up].name;
	line_init(&l, buf, n);
	while (depth-- > 0) {
		line_text(&l, chain[depth], 0);
		if (depth > 0)
			line_text(&l, " > ", 0);
	}
}

/* Prints the line without the padding of blank cells at its end. */
static void
put_line(FILE *out, struct text_line *l)
{
	while (l->len > 0 && l->buf[l->len - 1] == ' ')
		l->buf[--l->len] = '\0';
	fputs(l->buf, out);
	fputc('\n', out);
}

void
view_text(FILE *out, const struct game *gm, const struct unit_sheet *s)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	const char *formation = roster_formation(gm->rs->roster, s->u);
	char flags[256], words[256], buf[VIEW_TEXT_LINE];
	struct text_line l;

	if (s->u->formation) {
		fprintf(out, "%s (%s)\n", s->u->name, s->u->type);
		return;
	}
	flag_list(gm, s, flags, sizeof flags, ",", 0);
	line_init(&l, buf, sizeof buf);
	gap(&l, 2);
	cell(&l, s->u->name, -28);
	gap(&l, 1);
	cell(&l, s->u->type, -15);
	if (gm->rs->roster->keeps.formations != NULL) {
		gap(&l, 1);
		cell(&l, formation != NULL ? formation : "", FORMATION_WIDTH);
	}
	if (view_shared(gm, s->look) && gm->rs->roster->keeps.measure_option != NULL) {
		gap(&l, 1);
		cell(&l, s->seen, SEEN_WIDTH);
	}
	if (view_shared(gm, s->look)) {
		gap(&l, SEEN_GAP);
		line_text(&l, view_state_words(gm, s, words, sizeof words), 0);
	}
	for (int i = 0; c[i].key != NULL && !view_shared(gm, s->look); i++) {
		if (c[i].where == SHEET_CSV)
			continue;
		gap(&l, c[i].gap);
		cell(&l, cell_of(gm, c, i, s), last_text(c, i) ? 0 : c[i].width);
	}
	if (flags[0] && !s->state_hidden)
		line_char(&l, ' ');
	line_text(&l, text_words(flags, words, sizeof words), 0);
	put_line(out, &l);
	view_lines(out, gm, &s->v, "      ");
}

/* The width of a part's "left/start", right-aligned under its head. */
#define PART_COUNT 7

/* The head over the parts' rows: "battalion  class  figures  state, defence". */
static void
part_heads(FILE *out, const struct game *gm, const struct unit_view *v,
    const char *indent)
{
	char buf[VIEW_LINE];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	line_cell(&l, v->part_head, -20);
	line_char(&l, ' ');
	line_cell(&l, v->note_head, -9);
	line_char(&l, ' ');
	line_text(&l, gm->rs->measure, PART_COUNT);
	line_text(&l, "  state", 0);
	if (v->more_head[0] != '\0') {
		line_text(&l, ", ", 0);
		line_text(&l, v->more_head, 0);
	}
	fprintf(out, "%s%s\n", indent, buf);
}

/* "1st Battalion        british      14/24  ok": a part's row, what is left
 * of what it started the battle with. */
static void
part_text(FILE *out, const struct game *gm, const struct view_part *p,
    const char *indent)
{
	char buf[VIEW_LINE], words[32], count[48];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	line_cell(&l, p->name, -20);
	line_char(&l, ' ');
	line_cell(&l, p->note, -9);
	line_char(&l, ' ');
	snprintf(count, sizeof count, "%ld/%ld", p->left, p->start);
	line_text(&l, count, PART_COUNT);
	line_text(&l, "  ", 0);
	line_text(&l, text_words(p->gone ? view_gone_word(gm) : p->state, words,
	    sizeof words), 0);
	if (p->more != NULL)
		line_text(&l, ", ", 0);
	fprintf(out, "%s%s", indent, buf);
	view_part_more(out, p, fact_fputs);
	fputc('\n', out);
}

void
view_lines(FILE *out, const struct game *gm, const struct unit_view *v,
    const char *indent)
{
	for (int i = 0; i < v->nfacts; i++) {
		fputs(indent, out);
		view_fact_text(out, &v->facts[i], fact_fputs);
		fputc('\n', out);
	}
	if (v->nparts > 0 && v->part_head[0] != '\0')
		part_heads(out, gm, v, indent);
	for (int i = 0; i < v->nparts; i++)
		part_text(out, gm, &v->parts[i], indent);
}

void
view_csv_heads(FILE *out, const struct game *gm, const struct viewer *v)
{
	if (!viewer_all(v) || view_shared(gm, LOOK_ALL)) {
		fprintf(out, "%s%s,state", gm->rs->roster->keeps.formations != NULL ?
		    ",formation" : "", gm->rs->roster->keeps.measure_option != NULL ?
		    ",seen" : "");
		fputs(",flags\n", out);
		return;
	}
	for (const struct sheet_column *c = roster_columns(gm->rs->roster); c->key; c++) {
		if (c->where == SHEET_TEXT)
			continue;
		fputc(',', out);
		csv_put(out, c->key);
	}
	if (gm->rs->roster->keeps.formations != NULL)
		fputs(",formation", out);
	fputs(",flags\n", out);
}

void
view_csv(FILE *out, const struct game *gm, int restricted,
    const struct unit_sheet *s)
{
	const struct sheet_column *c = roster_columns(gm->rs->roster);
	const char *formation = roster_formation(gm->rs->roster, s->u);
	char flags[256];

	restricted = restricted || view_shared(gm, LOOK_ALL);
	for (int i = 0; c[i].key != NULL && !restricted; i++) {
		if (c[i].where == SHEET_TEXT)
			continue;
		fputc(',', out);
		csv_put(out, cell_of(gm, c, i, s));
	}
	if (gm->rs->roster->keeps.formations != NULL) {
		fputc(',', out);
		csv_put(out, formation != NULL ? formation : "");
	}
	if (restricted && gm->rs->roster->keeps.measure_option != NULL) {
		fputc(',', out);
		csv_put(out, s->seen);
	}
	if (restricted) {
		fputc(',', out);
		csv_put(out, s->state_hidden ? "" : s->v.state);
	}
	fputc(',', out);
	flag_list(gm, s, flags, sizeof flags, ";", 1);
	csv_put(out, flags);
	fputc('\n', out);
}
