/*
 * squares: the game's side of the rules: unit ratings, filling a ruling's
 * options from the units named, applying its effects, a unit's view.
 */
#include <stdio.h>
#include <string.h>

#include "squares.h"
#include "text.h"

#define TYPES "infantry|cavalry|mixed|foot-artillery|horse-artillery"

/* A command's rating: its general's die. */
static const struct input_decl formation_inputs[] = {
	{ "quality", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "the general's die for the dice-off (d6, d8, d10, d12)", 0 },
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units' (kept, unused)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct input_decl rating_inputs[] = {
	{ "skirmish", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "skirmish die (infantry, mixed)", 0 },
	{ "quality", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "quality die (infantry, mixed, cavalry)", 0 },
	{ "morale", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL, "morale die", 0 },
	{ "heavy", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "heavy cavalry", 0 },
	{ "light", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "light cavalry", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
squares_rate(const struct tableset *ts, const char *type,
    const struct inputs *rt, long *start, double *cost, struct result *r)
{
	int artillery = strstr(type, "artillery") != NULL;
	int cavalry = strcmp(type, "cavalry") == 0;
	const char *an = strchr("aeiou", type[0]) != NULL ? "an" : "a";

	(void)ts;
	*start = 0;
	*cost = 0;
	if (!in_given(rt, "morale"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --morale dN", an, type);
	if (!artillery && !in_given(rt, "quality"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --quality dN", an, type);
	if (!artillery && !cavalry && !in_given(rt, "skirmish"))
		return result_fail(r, RULE_DATA, "%s %s unit needs --skirmish dN", an, type);
	if ((artillery || cavalry) && in_given(rt, "skirmish"))
		return result_fail(r, RULE_DATA, "--skirmish is for infantry and mixed brigades");
	if (artillery && in_given(rt, "quality"))
		return result_fail(r, RULE_DATA, "artillery is rated for morale only");
	if ((in_flag(rt, "heavy") || in_flag(rt, "light")) && !cavalry)
		return result_fail(r, RULE_DATA, "--heavy and --light are for cavalry");
	if (in_flag(rt, "heavy") && in_flag(rt, "light"))
		return result_fail(r, RULE_DATA, "cavalry is heavy or light, not both");
	return RULE_OK;
}

/* The assault spec of a unit as typed parts: inf:dS/dQ, heavy-cav:dQ,
 * foot-art...; returns the number of parts. */
static int
unit_parts(const struct unit *u, struct spec_part *p, const char **words)
{
	enum die_kind s = DIE_D6, q = DIE_D6;

	memset(p, 0, SPEC_PARTS * sizeof *p);
	p[0].kind = PART_WORD;
	die_parse(in_text(u->ratings, "skirmish") ? in_text(u->ratings, "skirmish") : "", &s);
	die_parse(in_text(u->ratings, "quality") ? in_text(u->ratings, "quality") : "", &q);
	if (strstr(u->type, "artillery") != NULL) {
		words[0] = strcmp(u->type, "foot-artillery") == 0 ? "foot-art" : "horse-art";
		return 1;
	}
	p[1].kind = PART_DIE;
	if (strcmp(u->type, "cavalry") == 0) {
		words[0] = in_flag(u->ratings, "heavy") ? "heavy-cav" :
		    in_flag(u->ratings, "light") ? "light-cav" : "cav";
		p[1].die = (unsigned char)q;
		return 2;
	}
	words[0] = strcmp(u->type, "mixed") == 0 ? "mixed" : "inf";
	p[1].die = (unsigned char)s;
	p[2].kind = PART_DIE;
	p[2].die = (unsigned char)q;
	return 3;
}

/* The spec as text, for the sheet. */
static void
unit_spec(const struct unit *u, char *buf, size_t n)
{
	struct spec_part p[SPEC_PARTS];
	const char *words[SPEC_PARTS] = { NULL };
	int np = unit_parts(u, p, words);

	if (np == 1)
		text_copy(buf, n, words[0]);
	else if (np == 2)
		snprintf(buf, n, "%s:%s", words[0], die_name((enum die_kind)p[1].die));
	else
		snprintf(buf, n, "%s:%s/%s", words[0], die_name((enum die_kind)p[1].die),
		    die_name((enum die_kind)p[2].die));
}

static const char *
test_type(const struct unit *u)
{
	return strstr(u->type, "artillery") != NULL ? u->type : "brigade";
}

/* The specs of every unit in ROLE into OPT, unless the umpire typed it. */
static void
fill_specs(const struct ruling_units *ru, const char *role, struct inputs *in,
    const char *opt)
{
	if (in_given(in, opt))
		return;
	for (int i = 0; i < ru->n; i++) {
		struct spec_part p[SPEC_PARTS];
		const char *words[SPEC_PARTS] = { NULL };
		int np;

		if (strcmp(ru->role[i], role) != 0)
			continue;
		np = unit_parts(ru->unit[i], p, words);
		if (in->failed == 0 && inputs_add_spec(in, opt, p, words, np) != 0)
			in->failed = RULE_DATA;
	}
}

static void
fill_morale(const struct ruling_units *ru, struct inputs *in)
{
	int tested = 0, mates = 0;

	if (in_given(in, "test"))
		return;
	for (int i = 0; i < ru->n; i++) {
		const struct unit *u = ru->unit[i];
		struct spec_part p[3];
		const char *words[3] = { test_type(u), NULL, NULL };
		enum die_kind k = DIE_D6;

		if (strcmp(ru->role[i], "square-mates") == 0) {
			mates++;
			continue;
		}
		memset(p, 0, sizeof p);
		die_parse(in_text(u->ratings, "morale"), &k);
		p[0].kind = PART_WORD;
		p[1].kind = PART_DIE;
		p[1].die = (unsigned char)k;
		p[2].kind = PART_COUNT;
		p[2].n = u->losses;
		if (in->failed == 0 && inputs_add_spec(in, "test", p, words, 3) != 0)
			in->failed = RULE_DATA;
		tested++;
	}
	if (mates > 0)
		inputs_default_count(in, "square-units", tested + mates);
}

/* turn --general A --general B: the dice-off from their generals' dice. */
static int
fill_dice_off(const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	int n = 0;

	if (in_given(in, "dice-off"))
		return RULE_OK;
	for (int i = 0; i < ru->n; i++) {
		const struct unit *u = ru->unit[i];
		struct spec_part p;
		const char *words[1] = { NULL };
		enum die_kind k;

		if (strcmp(ru->role[i], "general") != 0)
			continue;
		if (in_text(u->ratings, "quality") == NULL ||
		    die_parse(in_text(u->ratings, "quality"), &k) != 0)
			return result_fail(r, RULE_DATA,
			    "'%s' has no general's die: give it one with 'unit set \"%s\" --quality dN'",
			    u->name, u->name);
		memset(&p, 0, sizeof p);
		p.kind = PART_DIE;
		p.die = (unsigned char)k;
		if (inputs_add_spec(in, "dice-off", &p, words, 1) != 0)
			return result_fail(r, RULE_DATA, "%s", in->error);
		n++;
	}
	if (n != 2)
		return result_fail(r, RULE_USAGE, "a dice-off is between two generals: --general A --general B");
	return RULE_OK;
}

static int
squares_fill(const struct tableset *ts, const char *command,
    const struct ruling_units *ru, struct inputs *in, struct result *r)
{
	const struct unit *u = ruling_unit(ru, "unit");

	(void)ts;
	for (int i = 0; i < ru->n; i++)
		if (strcmp(ru->unit[i]->state, "destroyed") == 0)
			return result_fail(r, RULE_DATA, "'%s' is destroyed", ru->unit[i]->name);
	if (strcmp(command, "melee") == 0) {
		fill_specs(ru, "attacker", in, "attacker-spec");
		fill_specs(ru, "defender", in, "defender-spec");
		for (int i = 0; i < ru->n; i++)
			if (strcmp(ru->role[i], "attacker") == 0 &&
			    unit_flag(ru->unit[i], "bombarded"))
				inputs_default_flag(in, "attacker-bombarded");
	} else if (strcmp(command, "morale") == 0) {
		fill_morale(ru, in);
	} else if (strcmp(command, "turn") == 0) {
		return fill_dice_off(ru, in, r);
	} else if (u != NULL && strcmp(command, "fire") == 0) {
		if (strstr(u->type, "artillery") == NULL)
			return result_fail(r, RULE_DATA, "'%s' is not artillery: only artillery bombards", u->name);
		inputs_default_word(in, "artillery", strcmp(u->type, "foot-artillery") == 0 ?
		    "foot" : "horse");
		if (unit_flag(u, "moved"))
			inputs_default_flag(in, "moved");
	} else if (u != NULL && strcmp(command, "rally") == 0) {
		inputs_default_count(in, "hits", u->losses);
		inputs_default_word(in, "morale", in_text(u->ratings, "morale"));
	} else if (u != NULL && strcmp(command, "move") == 0) {
		inputs_default_word(in, "type", strcmp(u->type, "cavalry") == 0 &&
		    in_flag(u->ratings, "light") ? "light-cavalry" : u->type);
		if (unit_flag(u, "bombarded"))
			inputs_default_flag(in, "bombarded");
	}
	return RULE_OK;
}

static void
add_hits(const struct ruling_units *ru, int ui, long hits, struct ruling_effects *fx)
{
	const struct unit *u = ru->unit[ui];
	struct unit_effect *e;

	if (hits == 0 || (e = effect_add(fx, ui, LEDGER_LOSS, "hits", hits)) == NULL)
		return;
	e->total = u->losses + hits;
	if (e->total < 0) {
		e->amount -= e->total;
		e->total = 0;
	}
	snprintf(e->note, sizeof e->note, "%s %s %ld hit marker%s (%ld now)", u->name,
	    hits > 0 ? "takes" : "removes", hits > 0 ? hits : -hits,
	    hits == 1 || hits == -1 ? "" : "s", e->total);
}

/* The square's other units must retreat. */
static void
square_mates_retreat(const struct ruling_units *ru, struct ruling_effects *fx)
{
	struct unit_effect *e;

	for (int k = 0; k < ru->n; k++)
		if (strcmp(ru->role[k], "square-mates") == 0 &&
		    (e = effect_add(fx, k, LEDGER_MORALE, "must-retreat", 0)) != NULL)
			snprintf(e->note, sizeof e->note,
			    "%s must retreat: more than half of its square has gone",
			    ru->unit[k]->name);
}

/* A flag for this turn (moved, bombarded): it lapses at the next. */
static void
turn_flag(const struct ruling_units *ru, int ui, const struct effect *re,
    struct ruling_effects *fx)
{
	struct unit_effect *e;

	if (unit_flag(ru->unit[ui], re->state) ||
	    (e = effect_add(fx, ui, LEDGER_FLAG, re->state, 1)) == NULL)
		return;
	e->total = ru->turn + re->moves - 1;
	snprintf(e->note, sizeof e->note, "%s %s in turn %ld", ru->unit[ui]->name,
	    re->state, ru->turn);
}

static int
squares_apply(const struct tableset *ts, const char *command,
    struct ruling_units *ru, const struct inputs *in, struct result *r,
    struct ruling_effects *fx)
{
	(void)ts;
	(void)command;
	(void)in;
	for (int i = 0; i < r->neffects; i++) {
		const struct effect *re = &r->effects[i];
		int ui = ruling_index(ru, re->role);
		struct unit_effect *e;

		if (strcmp(re->role, "square-mates") == 0) {
			square_mates_retreat(ru, fx);
			continue;
		}
		if (ui < 0)
			continue;
		if (re->kind == EFFECT_LOSS)
			add_hits(ru, ui, re->amount, fx);
		else if (re->kind == EFFECT_STATE &&
		    (e = effect_add(fx, ui, LEDGER_STATE, re->state, 0)) != NULL) {
			text_copy(e->state, sizeof e->state, re->state);
			snprintf(e->note, sizeof e->note, "%s is %s", ru->unit[ui]->name, re->state);
		} else if (re->kind == EFFECT_FLAG && re->moves > 0) {
			turn_flag(ru, ui, re, fx);
		} else if (re->kind == EFFECT_FLAG &&
		    (e = effect_add(fx, ui, LEDGER_MORALE, re->state, 0)) != NULL) {
			snprintf(e->note, sizeof e->note, "%s %s to an adjacent square to its rear",
			    ru->unit[ui]->name, re->state);
		}
	}
	return RULE_OK;
}

static void
squares_view(const struct tableset *ts, const struct army *a,
    const struct unit *u, struct unit_view *v, struct result *r)
{
	char spec[64];

	(void)ts;
	(void)a;
	(void)r;
	if (u->formation)
		return;
	text_copy(v->state, sizeof v->state, u->state[0] ? u->state : "ok");
	v->strength = u->losses;
	text_long(v->cells[0], VIEW_CELL, u->losses);
	jsonw_int(&v->w, "hits", u->losses);
	unit_spec(u, spec, sizeof spec);
	jsonw_string(&v->w, "spec", spec);
	if (v->nlines < VIEW_LINES)
		snprintf(v->lines[v->nlines++], VIEW_LINE, "%s, morale %s", spec,
		    in_text(u->ratings, "morale"));
}

static const struct sheet_column squares_columns[] = {
	{ "hits", "hits", 4, 1, SHEET_BOTH },
	{ "state", "state", 0, 2, SHEET_BOTH },
	{ NULL, NULL, 0, 0, SHEET_BOTH },
};

const struct roster squares_roster = {
	.unit_types = TYPES,
	.formation_types = "brigade|division|corps|army|command",
	.inputs = rating_inputs,
	.rate = squares_rate,
	.fill = squares_fill,
	.apply = squares_apply,
	.view = squares_view,
	.columns = squares_columns,
	.measure_option = "hits",
	.counts_down = 0,
	.states = "destroyed",
	.flags = "moved|bombarded",
	.good_state = "good_order",
	.formation_inputs = formation_inputs,
};
