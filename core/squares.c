/*
 * squares: the Napoleonic "squares" grid rules.  Units carry hit markers
 * and are rated by die types (d6 to d12); bombardment and assault roll
 * pools of dice, hits on 5+ (6+ in some cases), with rerolls and saves;
 * morale rolls one die per hit marker.  Distances are counted in squares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "odds.h"
#include "ruleset.h"
#include "text.h"

#define SQ "squares"
#define DIE_TYPES "d6|d8|d10|d12"
#define SIDE_UNITS 8
/* The assault's unit specs, for the spec parser. */
#define UNIT_SHAPES "inf:D/D|mixed:D/D|cav:D|heavy-cav:D|light-cav:D|foot-art|horse-art"
#define UNIT_SPEC "a unit spec (inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art)"
#define TEST_SHAPES "brigade:D:N|horse-artillery:D:N|foot-artillery:D:N"

/* A threshold of the thresholds table; a missing one fails r. */
static long
threshold(const struct tableset *ts, const char *name, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "thresholds", r);

	return t != NULL ? (long)rule_cell(t, table_row(t, "name", name), "min", r) : 0;
}

static enum die_kind
die_of(const char *s)
{
	enum die_kind k = DIE_D6;

	die_parse(s, &k);
	return k;
}

/* ---- fire: bombardment ---------------------------------------------- */

static const struct input_decl fire_inputs[] = {
	{ "artillery", IN_CHOICE, "foot|horse", 0, 0, "foot|horse", NULL, NULL,
	  "the bombarding artillery", 0 },
	{ "range", IN_CHOICE, "close|long", 0, 0, "close|long", NULL, NULL,
	  "close: an adjacent square; long: one square between (the maximum)", 0 },
	{ "bases", IN_COUNT, "N", 1, 100, NULL, "1", NULL, "artillery bases bombarding", 0 },
	{ "ap", IN_COUNT, "N", 1, 4, NULL, "1", NULL,
	  "action points each base spends on bombardment", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fire-modifiers",
	  "woods: the target square is woods (6+); town: infantry in a town save", IN_REPEAT },
	{ "moved", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the artillery moved this turn (foot artillery then may not bombard)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the bombarding artillery of the game", 0 },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the target unit of the game (its hit markers are recorded)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Exchangeable groups of dice for the odds (dice_take_split): each unit's
 * hits, rerolls and saves, the bombardment, the town saves, each tester's
 * morale dice.  Only how many hit counts within one. */
enum {
	GROUP_TOWN = 1,
	GROUP_BOMBARD = 2,
	GROUP_MORALE = 16,	/* + the unit's number */
	GROUP_UNITS = 64	/* + side, unit and stage */
};

/* "Target infantry occupying a town ... roll one d8 per hit and ignore
 * one hit for every roll of 5+." */
static int
town_saves(const struct tableset *ts, long hits, struct dice *d, long *saved,
    struct result *r)
{
	long need = threshold(ts, "save", r), faces = threshold(ts, "town-save-die", r);
	enum die_kind k;

	if (die_with_faces(faces, &k) != 0)
		return result_fail(r, RULE_DATA, "the thresholds table's town-save-die is %ld: no die has %ld faces",
		    faces, faces);
	*saved = 0;
	for (long h = 1; h <= hits; h++) {
		int f = dice_take_split(d, k, dice_mask_from(k, need), GROUP_TOWN,
		    "town save %s for hit %ld", die_name(k), h);

		if (f < 0)
			return RULE_DATA;
		*saved += f >= need;
		dice_note(d, dice_last(d), f >= need ? "saved" : "not saved");
	}
	return RULE_OK;
}

static int
squares_fire(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "bombardment", r);
	const char *art = in_text(in, "artillery"), *range = in_text(in, "range");
	long bases = in_count(in, "bases"), ap = in_count(in, "ap"), hits = 0, saved = 0;
	int woods = in_mod(in, "mod", "woods"), row, rc;
	long need = threshold(ts, woods ? "hit-woods" : "hit", r);
	enum die_kind k;

	if (t == NULL)
		return RULE_DATA;
	if (art == NULL || range == NULL)
		return result_fail(r, RULE_USAGE,
		    "fire needs --artillery foot|horse and --range close|long");
	/* l.97: "Foot artillery cannot combine movement and bombardment
	 * actions in the same turn but Horse artillery can." */
	if (strcmp(art, "foot") == 0 && in_flag(in, "moved")) {
		jsonw_int(&r->fields, "hits", 0);
		jsonw_int(&r->fields, "saved", 0);
		jsonw_int(&r->fields, "hits_after_saves", 0);
		result_forbid(r, "foot artillery cannot combine movement and bombardment in the same turn");
		result_summary(r, "no bombardment: %s", r->reason);
		dice_end_early(d);
		return RULE_OK;
	}
	row = table_row2(t, "artillery", art, "range", range);
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s at %s range",
		    t->title, art, range);
	k = die_of(table_text(t, row, "die"));
	result_work(r, "%s [%s]: %s artillery at %s range rolls a %s per base per action point; hits on %ld+%s",
	    t->title, t->provenance, art, range, die_name(k), need,
	    woods ? " (woods)" : "");
	for (long b = 1; b <= bases; b++)
		for (long a = 1; a <= ap; a++) {
			int f = dice_take_split(d, k, dice_mask_from(k, need), GROUP_BOMBARD,
			    "base %ld, action %ld: %s", b, a, die_name(k));

			if (f < 0)
				return RULE_DATA;
			hits += f >= need;
			dice_note(d, dice_last(d), f >= need ? "hit" : "miss");
		}
	if (in_mod(in, "mod", "town") &&
	    (rc = town_saves(ts, hits, d, &saved, r)) != RULE_OK)
		return rc;
	jsonw_int(&r->fields, "hits", hits);
	jsonw_int(&r->fields, "saved", saved);
	jsonw_int(&r->fields, "hits_after_saves", hits - saved);
	result_effect(r, "target", EFFECT_LOSS, hits - saved, "hits");
	result_summary(r, "%ld hit%s%s", hits - saved, hits - saved == 1 ? "" : "s",
	    saved > 0 ? " after saves" : "");
	if (strcmp(art, "foot") == 0) {
		result_work(r, "foot artillery cannot combine movement and bombardment in the same turn");
		result_flag_for(r, "unit", "bombarded", 1);
	}
	return RULE_OK;
}

/* ---- melee: assault ------------------------------------------------- */

struct sq_unit {
	char type[16];		/* inf, mixed, cav, heavy-cav, light-cav, foot-art, horse-art */
	enum die_kind skirmish, quality;
	int dice;		/* dice this round */
	enum die_kind die;
	int misses;
	long scored, taken, saved;
};

struct sq_side {
	const char *name;	/* "attacker" or "defender" */
	struct sq_unit u[SIDE_UNITS];
	int n;
	int woods;
	long scored;		/* hits scored on the enemy */
};

static int
infantry_like(const char *type)
{
	return strcmp(type, "inf") == 0 || strcmp(type, "mixed") == 0;
}

static int
cavalry_like(const char *type)
{
	return strstr(type, "cav") != NULL;
}

static int
has_type(const struct sq_side *s, int (*pred)(const char *))
{
	for (int i = 0; i < s->n; i++)
		if (pred(s->u[i].type))
			return 1;
	return 0;
}

/* One unit of a spec, read by the spec parser: inf:dS/dQ, mixed:dS/dQ,
 * cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art. */
static void
read_unit(const struct inputs *in, const struct in_item *it, struct sq_unit *u)
{
	memset(u, 0, sizeof *u);
	text_copy(u->type, sizeof u->type, in_part_word(in, &it->part[0]));
	if (it->nparts == 3) {
		u->skirmish = (enum die_kind)it->part[1].die;
		u->quality = (enum die_kind)it->part[2].die;
	} else if (it->nparts == 2) {
		u->quality = (enum die_kind)it->part[1].die;
	}
}

static int
parse_side(const struct inputs *in, const char *opt, struct sq_side *s,
    struct result *r)
{
	struct in_item it;

	if (in_nitems(in, opt) == 0)
		return result_fail(r, RULE_USAGE,
		    "melee needs --attacker-spec SPEC and --defender-spec SPEC (e.g. inf:d8/d8,heavy-cav:d10)");
	if (in_nitems(in, opt) > SIDE_UNITS)
		return result_fail(r, RULE_DATA, "--%s: at most %d units", opt, SIDE_UNITS);
	for (int i = 0; in_item(in, opt, i, &it); i++)
		read_unit(in, &it, &s->u[s->n++]);
	return RULE_OK;
}

/* "Infantry bases ... when there are no enemy cavalry ... roll one die of
 * a type determined by their skirmish rating. ... If one side is able to
 * make a roll and the other not then the advantage is won automatically.
 * If cavalry is present on both sides then there are no rolls." */
static int
skirmish(struct sq_side *a, struct sq_side *def, struct dice *d,
    struct result *r, const char **adv)
{
	int a_can = has_type(a, infantry_like) && !has_type(def, cavalry_like);
	int d_can = has_type(def, infantry_like) && !has_type(a, cavalry_like);
	struct sq_side *sides[2] = { a, def };
	int best[2] = { 0, 0 };

	*adv = "none";
	if (!a_can || !d_can) {
		*adv = a_can ? "attacker" : d_can ? "defender" : "none";
		result_work(r, "skirmish: %s", a_can || d_can ?
		    "only one side can roll (enemy cavalry): it wins the advantage" :
		    "neither side rolls: no advantage");
		return RULE_OK;
	}
	for (int s = 0; s < 2; s++) {
		enum die_kind kinds[SIDE_UNITS];
		int n = 0;

		/* Only each side's best die counts: the odds weigh it once. */
		for (int i = 0; i < sides[s]->n; i++)
			if (infantry_like(sides[s]->u[i].type))
				kinds[n++] = sides[s]->u[i].skirmish;
		dice_max_pool(d, kinds, n);
		for (int i = 0; i < sides[s]->n; i++) {
			struct sq_unit *u = &sides[s]->u[i];
			int f;

			if (!infantry_like(u->type))
				continue;
			f = dice_take(d, u->skirmish, "%s unit %d (%s) skirmish %s",
			    sides[s]->name, i + 1, u->type, die_name(u->skirmish));
			if (f < 0)
				return RULE_DATA;
			if (f > best[s])
				best[s] = f;
		}
	}
	*adv = best[0] > best[1] ? "attacker" : best[1] > best[0] ? "defender" : "none";
	result_work(r, "skirmish: attacker's best %d, defender's best %d: %s", best[0],
	    best[1], strcmp(*adv, "none") == 0 ? "no advantage" : *adv);
	return RULE_OK;
}

/* The dice each unit of a side rolls this round. */
static void
pool(const struct table *t, struct sq_side *s, int round, struct result *r)
{
	for (int i = 0; i < s->n; i++) {
		struct sq_unit *u = &s->u[i];
		int row = table_row(t, "type", u->type);
		const char *die = table_text(t, row, s->woods ? "woods_die" : "die");
		double n = 0, r2 = 1;

		n = rule_cell(t, row, s->woods ? "woods_dice" : "dice", r);
		r2 = rule_cell(t, row, "round2_dice", r);
		u->dice = (int)n;
		if (round > 1 && u->dice > (int)r2)
			u->dice = (int)r2;
		u->die = strcmp(die, "quality") == 0 ? u->quality :
		    strcmp(die, "skirmish") == 0 ? u->skirmish : die_of(die);
		if (s->woods && u->dice == 0)
			result_work(r, "%s unit %d (%s): artillery may not fight in woods",
			    s->name, i + 1, u->type);
	}
}

/* The odds group of a die of unit i at a stage (0 hits, 1 rerolls, 2
 * saves).  Units side by side of one type and die are alike for hits and
 * rerolls (the rule counts them: only how many a type rerolls matters);
 * saves of one die are alike whoever takes them (only how many are saved
 * counts). */
static int
unit_group(const struct sq_side *s, int i, int stage)
{
	static const char *const types[] = {
		"inf", "mixed", "cav", "heavy-cav", "light-cav", "foot-art", "horse-art", NULL
	};
	const struct sq_unit *u = &s->u[i];
	int side = strcmp(s->name, "attacker") == 0 ? 0 : 1, type = 0;

	while (types[type] != NULL && strcmp(types[type], u->type) != 0)
		type++;
	if (stage == 2)
		return GROUP_UNITS + side * 1000 + stage * 100 + (int)u->quality;
	return GROUP_UNITS + side * 1000 + stage * 100 + type * 10 + (int)u->die;
}

/* Each unit's dice for hits on `need`+. */
static int
roll_hits(struct sq_side *s, long need, struct dice *d)
{
	for (int i = 0; i < s->n; i++) {
		struct sq_unit *u = &s->u[i];

		for (int k = 0; k < u->dice; k++) {
			int f = dice_take_split(d, u->die, dice_mask_from(u->die, need),
			    unit_group(s, i, 0), "%s unit %d (%s) %s", s->name,
			    i + 1, u->type, die_name(u->die));

			if (f < 0)
				return RULE_DATA;
			if (f >= need) {
				u->scored++;
				s->scored++;
			} else {
				u->misses++;
			}
			dice_note(d, dice_last(d), f >= need ? "hit" : "miss");
		}
	}
	return RULE_OK;
}

/* The rerolls-saves table says whether WHAT applies to a unit of TYPE on
 * SIDE when CONDITION holds. */
static int
applies(const struct table *t, const char *what, const char *type,
    const char *side, int (*cond)(const char *when, void *ctx), void *ctx)
{
	for (int row = 0; row < t->nrows; row++)
		if (strcmp(table_text(t, row, "name"), what) == 0 &&
		    strcmp(table_text(t, row, "who"), type) == 0 &&
		    strcmp(table_text(t, row, "side"), side) == 0 &&
		    cond(table_text(t, row, "when"), ctx))
			return 1;
	return 0;
}

struct conditions {
	int uphill, town, only_cavalry;
};

static int
holds(const char *when, void *ctx)
{
	const struct conditions *c = ctx;

	return strcmp(when, "always") == 0 || (strcmp(when, "uphill") == 0 && c->uphill) ||
	    (strcmp(when, "town") == 0 && c->town) ||
	    (strcmp(when, "only-cavalry") == 0 && c->only_cavalry);
}

static int
rerolls(const struct table *t, struct sq_side *s, long need,
    struct conditions *c, struct dice *d, struct result *r)
{
	for (int i = 0; i < s->n; i++) {
		struct sq_unit *u = &s->u[i];

		if (u->misses == 0 || !applies(t, "reroll", u->type, s->name, holds, c))
			continue;
		result_work(r, "%s unit %d (%s) rerolls %d miss%s", s->name, i + 1,
		    u->type, u->misses, u->misses == 1 ? "" : "es");
		for (int k = 0; k < u->misses; k++) {
			int f = dice_take_split(d, u->die, dice_mask_from(u->die, need),
			    unit_group(s, i, 1), "%s unit %d (%s) reroll %s", s->name,
			    i + 1, u->type, die_name(u->die));

			if (f < 0)
				return RULE_DATA;
			if (f >= need) {
				u->scored++;
				s->scored++;
			}
			dice_note(d, dice_last(d), f >= need ? "hit on the reroll" : "miss");
		}
	}
	return RULE_OK;
}

/* "Share hits inflicted among participating defending brigades/artillery,
 * defender's choice": in the order the side's units were given. */
static void
share(struct sq_side *s, long hits)
{
	int fighting = 0;

	for (int i = 0; i < s->n; i++)
		fighting += s->u[i].dice > 0;
	for (long h = 0, i = 0; h < hits && fighting > 0; i = (i + 1) % s->n) {
		if (s->u[i].dice == 0)
			continue;
		s->u[i].taken++;
		h++;
	}
}

static int
saves(const struct table *t, const struct tableset *ts, struct sq_side *s,
    struct conditions *c, struct dice *d, struct result *r)
{
	long need = threshold(ts, "save", r);

	for (int i = 0; i < s->n; i++) {
		struct sq_unit *u = &s->u[i];

		if (u->taken == 0 || !applies(t, "save", u->type, s->name, holds, c))
			continue;
		for (long h = 1; h <= u->taken; h++) {
			int f = dice_take_split(d, u->quality, dice_mask_from(u->quality, need),
			    unit_group(s, i, 2), "%s unit %d (%s) save %s for hit %ld",
			    s->name, i + 1, u->type, die_name(u->quality), h);

			if (f < 0)
				return RULE_DATA;
			u->saved += f >= need;
			dice_note(d, dice_last(d), f >= need ? "saved" : "not saved");
		}
		result_work(r, "%s unit %d (%s) saves %ld of %ld hit%s", s->name, i + 1,
		    u->type, u->saved, u->taken, u->taken == 1 ? "" : "s");
	}
	return RULE_OK;
}

static long
side_hits(const struct sq_side *s)
{
	long n = 0;

	for (int i = 0; i < s->n; i++)
		n += s->u[i].taken - s->u[i].saved;
	return n;
}

static void
side_json(struct result *r, const char *key, const struct sq_side *s)
{
	jsonw_array(&r->fields, key);
	for (int i = 0; i < s->n; i++) {
		char role[24];

		jsonw_object(&r->fields, NULL);
		jsonw_string(&r->fields, "type", s->u[i].type);
		jsonw_int(&r->fields, "dice", s->u[i].dice);
		jsonw_int(&r->fields, "hits_scored", s->u[i].scored);
		jsonw_int(&r->fields, "hits", s->u[i].taken - s->u[i].saved);
		jsonw_int(&r->fields, "saved", s->u[i].saved);
		jsonw_object_end(&r->fields);
		snprintf(role, sizeof role, "%s:%d", s->name, i);
		result_effect(r, role, EFFECT_LOSS, s->u[i].taken - s->u[i].saved, "hits");
	}
	jsonw_array_end(&r->fields);
}

static const struct input_decl melee_inputs[] = {
	{ "attacker-spec", IN_SPEC, "SPEC", 0, 0, UNIT_SHAPES, NULL, UNIT_SPEC,
	  "the attacking units, comma-separated: inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art", 0 },
	{ "defender-spec", IN_SPEC, "SPEC", 0, 0, UNIT_SHAPES, NULL, UNIT_SPEC,
	  "the defending units, the same way", 0 },
	{ "round", IN_COUNT, "1|2", 1, 2, NULL, "1", NULL,
	  "2: the counterattack/breakthrough round (one die a brigade)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "attacker-woods, defender-woods, defender-town, defender-uphill", IN_REPEAT },
	{ "attacker-bombarded", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "foot artillery among the attackers bombarded this turn (it may not attack)", 0 },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "an attacking unit of the game (repeat)", IN_REPEAT },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a defending unit of the game (repeat)", IN_REPEAT },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
is_foot_artillery(const char *type)
{
	return strcmp(type, "foot-art") == 0;
}

/* The assaults the text forbids, or NULL. */
static const char *
assault_forbidden(const struct inputs *in, const struct sq_side *a)
{
	/* l.110: "Cavalry may NOT attack towns" */
	if (in_mod(in, "mod", "defender-town") && has_type(a, cavalry_like))
		return "cavalry may not attack towns";
	/* l.118: "Foot artillery who bombarded cannot participate in an
	 * attack but can defend." */
	if (in_flag(in, "attacker-bombarded") && has_type(a, is_foot_artillery))
		return "foot artillery who bombarded this turn cannot take part in an attack";
	return NULL;
}

/* An assault the rules forbid: no dice, no hits. */
static int
no_assault(struct result *r, struct dice *d, const char *why)
{
	jsonw_int(&r->fields, "hits_on_attacker", 0);
	jsonw_int(&r->fields, "hits_on_defender", 0);
	jsonw_null(&r->fields, "skirmish_advantage");
	jsonw_null(&r->fields, "loser");
	return rule_refused(r, d, "no assault", why);
}

/* Both sides of an assault and the defender's conditions, from its
 * inputs. */
static int
assault_sides(const struct inputs *in, struct sq_side *a, struct sq_side *def,
    struct conditions *cd, struct result *r)
{
	int rc;

	memset(a, 0, sizeof *a);
	memset(def, 0, sizeof *def);
	a->name = "attacker";
	def->name = "defender";
	if ((rc = parse_side(in, "attacker-spec", a, r)) != RULE_OK ||
	    (rc = parse_side(in, "defender-spec", def, r)) != RULE_OK)
		return rc;
	a->woods = in_mod(in, "mod", "attacker-woods");
	def->woods = in_mod(in, "mod", "defender-woods");
	cd->uphill = in_mod(in, "mod", "defender-uphill");
	cd->town = in_mod(in, "mod", "defender-town");
	/* "This save cannot be made if the attackers include any infantry but
	 * is not blocked by artillery." */
	cd->only_cavalry = has_type(a, cavalry_like) && !has_type(a, infantry_like);
	return RULE_OK;
}

static int
squares_melee(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *ad = rule_table(ts, SQ, "assault-dice", r);
	const struct table *rs = rule_table(ts, SQ, "rerolls-saves", r);
	static struct sq_side a, def;
	struct conditions ca = { 0, 0, 0 }, cd = { 0, 0, 0 };
	long need_a, need_d, ha, hd;
	const char *adv, *why;
	int rc, round = (int)in_count(in, "round");

	if (ad == NULL || rs == NULL)
		return RULE_DATA;
	if ((rc = assault_sides(in, &a, &def, &cd, r)) != RULE_OK)
		return rc;
	if ((why = assault_forbidden(in, &a)) != NULL)
		return no_assault(r, d, why);
	if ((rc = skirmish(&a, &def, d, r, &adv)) != RULE_OK)
		return rc;
	pool(ad, &a, round, r);
	pool(ad, &def, round, r);
	need_a = threshold(ts, strcmp(adv, "defender") == 0 ? "hit-skirmished" : "hit", r);
	need_d = threshold(ts, strcmp(adv, "attacker") == 0 ? "hit-skirmished" : "hit", r);
	result_work(r, "%s [%s]: attackers hit on %ld+, defenders on %ld+%s", ad->title,
	    ad->provenance, need_a, need_d, round > 1 ? "; a subsequent round: one die a brigade" : "");
	if ((rc = roll_hits(&a, need_a, d)) != RULE_OK ||
	    (rc = roll_hits(&def, need_d, d)) != RULE_OK ||
	    (rc = rerolls(rs, &a, need_a, &ca, d, r)) != RULE_OK ||
	    (rc = rerolls(rs, &def, need_d, &cd, d, r)) != RULE_OK)
		return rc;
	share(&def, a.scored);
	share(&a, def.scored);
	if ((rc = saves(rs, ts, &def, &cd, d, r)) != RULE_OK)
		return rc;
	ha = side_hits(&a);
	hd = side_hits(&def);
	jsonw_int(&r->fields, "hits_on_attacker", ha);
	jsonw_int(&r->fields, "hits_on_defender", hd);
	jsonw_string(&r->fields, "skirmish_advantage", adv);
	jsonw_string(&r->fields, "loser", ha > hd ? "attacker" : hd > ha ? "defender" : "draw");
	side_json(r, "attacker_units", &a);
	side_json(r, "defender_units", &def);
	result_summary(r, "%s: attacker takes %ld hit%s, defender %ld; %s", ha == hd ?
	    "a drawn assault" : ha > hd ? "the attacker loses" : "the defender loses",
	    ha, ha == 1 ? "" : "s", hd, ha == hd ? "both sides check morale" :
	    ha > hd ? "the attacker checks morale" : "the defender checks morale");
	return RULE_OK;
}


/* ---- the odds of an assault, side by side ---------------------------- */

/*
 * The exact odds of squares_melee without enumerating its dice: given the
 * skirmish advantage, each side's hits are a sum over its units of
 * binomials (a unit's die hits on `need`+; a reroll of misses makes a die
 * hit with p + (1 - p)p), the defenders' saves a binomial per unit of the
 * hits it takes; the two sides' dice are independent.  It follows the rule
 * function's helpers (pool, share's order, applies) and is proven equal to
 * enumerating every die in tests/unit/test_odds.c.
 */

#define MAX_HITS (SIDE_UNITS * 8 + 1)

struct dist {
	mpq_t p[MAX_HITS];
	int n;			/* values 0 .. n-1 */
};

static void
dist_init(struct dist *d, int n)
{
	d->n = n;
	for (int i = 0; i < MAX_HITS; i++)
		mpq_init(d->p[i]);
	mpq_set_ui(d->p[0], 1, 1);
}

static void
dist_clear(struct dist *d)
{
	for (int i = 0; i < MAX_HITS; i++)
		mpq_clear(d->p[i]);
}

/* d = d * Binomial(n, num/den) (the sum of the two counts). */
static void
dist_add_binomial(struct dist *d, int n, unsigned long num, unsigned long den)
{
	struct dist out;
	mpq_t b, term;
	mpz_t c, x;

	if (n <= 0 || d->n + n > MAX_HITS)
		return;
	dist_init(&out, d->n + n);
	mpq_set_ui(out.p[0], 0, 1);
	mpq_init(b);
	mpq_init(term);
	mpz_init(c);
	mpz_init(x);
	for (int k = 0; k <= n; k++) {
		/* P(k) = C(n, k) num^k (den - num)^(n - k) / den^n */
		mpz_bin_uiui(c, (unsigned long)n, (unsigned long)k);
		mpz_ui_pow_ui(x, num, (unsigned long)k);
		mpz_mul(c, c, x);
		mpz_ui_pow_ui(x, den - num, (unsigned long)(n - k));
		mpz_mul(mpq_numref(b), c, x);
		mpz_ui_pow_ui(mpq_denref(b), den, (unsigned long)n);
		mpq_canonicalize(b);
		for (int j = 0; j < d->n; j++) {
			mpq_mul(term, b, d->p[j]);
			mpq_add(out.p[j + k], out.p[j + k], term);
		}
	}
	for (int i = 0; i < out.n; i++)
		mpq_set(d->p[i], out.p[i]);
	d->n = out.n;
	mpz_clear(x);
	mpz_clear(c);
	mpq_clear(term);
	mpq_clear(b);
	dist_clear(&out);
}

/* The hits a side scores: each unit's dice at need+, rerolling misses
 * where the rerolls table says so. */
static void
side_scored(const struct table *rs, const struct sq_side *s, long need,
    struct conditions *c, struct dist *d)
{
	dist_init(d, 1);
	for (int i = 0; i < s->n; i++) {
		const struct sq_unit *u = &s->u[i];
		unsigned long sides = (unsigned long)die_sides(u->die);
		unsigned long hit = (unsigned long)die_sides_from(u->die, need);

		if (u->dice == 0)
			continue;
		if (applies(rs, "reroll", u->type, s->name, holds, c))
			dist_add_binomial(d, u->dice, hit * sides + (sides - hit) * hit,
			    sides * sides);
		else
			dist_add_binomial(d, u->dice, hit, sides);
	}
}

/* The hits the defenders keep when the attackers score `scored`: shared in
 * order, each unit saving its share where the table lets it. */
static void
kept_hits(const struct tableset *ts, const struct table *rs, struct sq_side *def,
    struct conditions *c, long scored, struct dist *saved, struct result *r)
{
	long need = threshold(ts, "save", r);

	for (int i = 0; i < def->n; i++)
		def->u[i].taken = 0;
	share(def, scored);
	dist_init(saved, 1);
	for (int i = 0; i < def->n; i++) {
		const struct sq_unit *u = &def->u[i];

		if (u->taken > 0 && applies(rs, "save", u->type, def->name, holds, c))
			dist_add_binomial(saved, (int)u->taken,
			    (unsigned long)die_sides_from(u->quality, need),
			    (unsigned long)die_sides(u->quality));
	}
}

/* P(best of a side's skirmish dice <= m). */
static void
best_at_most(const struct sq_side *s, int m, mpq_ptr q)
{
	mpq_set_ui(q, 1, 1);
	for (int i = 0; i < s->n; i++) {
		mpq_t one;

		if (!infantry_like(s->u[i].type))
			continue;
		mpq_init(one);
		mpq_set_ui(one, (unsigned long)(m < die_min(s->u[i].skirmish) ? 0 :
		    die_sides(s->u[i].skirmish) - die_sides_from(s->u[i].skirmish, m + 1)),
		    (unsigned long)die_sides(s->u[i].skirmish));
		mpq_canonicalize(one);
		mpq_mul(q, q, one);
		mpq_clear(one);
	}
}

/* The skirmish: P(attacker), P(defender), P(none) wins the advantage. */
static void
skirmish_odds(const struct sq_side *a, const struct sq_side *def, mpq_t p[3])
{
	int a_can = has_type(a, infantry_like) && !has_type(def, cavalry_like);
	int d_can = has_type(def, infantry_like) && !has_type(a, cavalry_like);
	mpq_t pa, pa1, pd, pd1, t;

	for (int i = 0; i < 3; i++)
		mpq_set_ui(p[i], 0, 1);
	if (!a_can || !d_can) {
		mpq_set_ui(p[a_can ? 0 : d_can ? 1 : 2], 1, 1);
		return;
	}
	mpq_init(pa);
	mpq_init(pa1);
	mpq_init(pd);
	mpq_init(pd1);
	mpq_init(t);
	for (int m = 1; m <= 12; m++) {
		best_at_most(a, m, pa);
		best_at_most(a, m - 1, pa1);
		best_at_most(def, m, pd);
		best_at_most(def, m - 1, pd1);
		mpq_sub(pa, pa, pa1);	/* P(best a = m) */
		mpq_sub(pd, pd, pd1);	/* P(best d = m) */
		mpq_mul(t, pa, pd1);	/* a = m, d < m */
		mpq_add(p[0], p[0], t);
		mpq_mul(t, pd, pa1);	/* d = m, a < m */
		mpq_add(p[1], p[1], t);
		mpq_mul(t, pa, pd);
		mpq_add(p[2], p[2], t);
	}
	mpq_clear(pa);
	mpq_clear(pa1);
	mpq_clear(pd);
	mpq_clear(pd1);
	mpq_clear(t);
}

static int
fighting(const struct sq_side *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->u[i].dice > 0)
			return 1;
	return 0;
}

static void
add_int(struct odds *o, const char *field, long v, mpq_srcptr p)
{
	char text[24];

	text_long(text, sizeof text, v);
	odds_add(o, field, text, p);
}

/* The fields of one advantage outcome, weighing p. */
static void
assault_outcome(const struct tableset *ts, const struct table *rs, struct sq_side *a,
    struct sq_side *def, struct conditions *ca, struct conditions *cd, const char *adv,
    mpq_srcptr p, struct odds *o, struct result *r)
{
	static const char *const losers[] = { "\"attacker\"", "\"defender\"", "\"draw\"" };
	long need_a = threshold(ts, strcmp(adv, "defender") == 0 ? "hit-skirmished" : "hit", r);
	long need_d = threshold(ts, strcmp(adv, "attacker") == 0 ? "hit-skirmished" : "hit", r);
	static struct dist sa, sd, saved, hd;
	mpq_t w, loser[3];
	char text[24];

	side_scored(rs, a, need_a, ca, &sa);
	side_scored(rs, def, need_d, cd, &sd);
	dist_init(&hd, 1);
	mpq_set_ui(hd.p[0], 0, 1);
	mpq_init(w);
	for (int s = 0; s < sa.n; s++) {
		if (!fighting(def)) {
			mpq_add(hd.p[0], hd.p[0], sa.p[s]);
			continue;
		}
		kept_hits(ts, rs, def, cd, s, &saved, r);
		for (int k = 0; k < saved.n && k <= s; k++) {
			mpq_mul(w, sa.p[s], saved.p[k]);
			mpq_add(hd.p[s - k], hd.p[s - k], w);
		}
		dist_clear(&saved);
	}
	if (sa.n > hd.n)
		hd.n = sa.n;
	for (int i = 0; i < 3; i++) {
		mpq_init(loser[i]);
		mpq_set_ui(loser[i], 0, 1);
	}
	/* The attacker takes what the defenders score, when it has units that
	 * fight (else nothing). */
	for (int x = 0; x < (fighting(a) ? sd.n : 1); x++) {
		for (int y = 0; y < hd.n; y++) {
			int who = x > y ? 0 : y > x ? 1 : 2;

			if (fighting(a))
				mpq_mul(w, sd.p[x], hd.p[y]);
			else
				mpq_set(w, hd.p[y]);
			mpq_add(loser[who], loser[who], w);
		}
		if (fighting(a))
			mpq_mul(w, sd.p[x], p);
		else
			mpq_set(w, p);
		add_int(o, "hits_on_attacker", x, w);
	}
	for (int y = 0; y < hd.n; y++) {
		mpq_mul(w, hd.p[y], p);
		add_int(o, "hits_on_defender", y, w);
	}
	snprintf(text, sizeof text, "\"%s\"", adv);
	odds_add(o, "skirmish_advantage", text, p);
	for (int i = 0; i < 3; i++) {
		mpq_mul(w, loser[i], p);
		odds_add(o, "loser", losers[i], w);
		mpq_clear(loser[i]);
	}
	mpq_clear(w);
	dist_clear(&hd);
	dist_clear(&sa);
	dist_clear(&sd);
}

static int
squares_melee_odds(const struct tableset *ts, const struct inputs *in, struct odds *o,
    struct result *r)
{
	static const char *const advs[] = { "attacker", "defender", "none" };
	const struct table *ad = rule_table(ts, SQ, "assault-dice", r);
	const struct table *rs = rule_table(ts, SQ, "rerolls-saves", r);
	static struct sq_side a, def;
	struct conditions ca = { 0, 0, 0 }, cd = { 0, 0, 0 };
	int rc, round = (int)in_count(in, "round");
	mpq_t p[3];

	odds_reset(o);
	if (ad == NULL || rs == NULL)
		return RULE_DATA;
	if ((rc = assault_sides(in, &a, &def, &cd, r)) != RULE_OK)
		return rc;
	if (assault_forbidden(in, &a) != NULL) {
		mpq_init(p[0]);
		mpq_set_ui(p[0], 1, 1);
		add_int(o, "hits_on_attacker", 0, p[0]);
		add_int(o, "hits_on_defender", 0, p[0]);
		odds_add(o, "skirmish_advantage", "null", p[0]);
		odds_add(o, "loser", "null", p[0]);
		mpq_clear(p[0]);
		o->leaves = 1;
		return odds_finish(o, r);
	}
	for (int i = 0; i < 3; i++)
		mpq_init(p[i]);
	skirmish_odds(&a, &def, p);
	pool(ad, &a, round, r);
	pool(ad, &def, round, r);
	for (int i = 0; i < 3; i++) {
		if (mpq_sgn(p[i]) != 0) {
			assault_outcome(ts, rs, &a, &def, &ca, &cd, advs[i], p[i], o, r);
			o->leaves++;
		}
		mpq_clear(p[i]);
	}
	if (r->failed)
		return r->failed;
	return odds_finish(o, r);
}

/* ---- morale --------------------------------------------------------- */

static const struct input_decl morale_inputs[] = {
	{ "morale", IN_CHOICE, DIE_TYPES, 0, 0, DIE_TYPES, NULL, NULL,
	  "the unit's morale die", 0 },
	{ "hits", IN_COUNT, "N", 0, 100, NULL, NULL, NULL,
	  "hit markers the unit carries", 0 },
	{ "type", IN_CHOICE, "brigade|horse-artillery|foot-artillery", 0, 0,
	  "brigade|horse-artillery|foot-artillery", "brigade", NULL,
	  "the unit's type (one fail destroys foot artillery)", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "morale-modifiers",
	  "hill, town: one die fewer; cannot-retreat", IN_REPEAT },
	{ "square-units", IN_COUNT, "N", 0, 6, NULL, NULL, NULL,
	  "units in the tester's open square (more than half retreating forces the rest)", 0 },
	{ "test", IN_SPEC, "TYPE:dN:HITS", 0, 0, TEST_SHAPES, NULL, "TYPE:dN:HITS",
	  "several units testing in turn (brigade:d8:2 ...), instead of --morale/--hits", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a testing unit of the game (repeat for several)", IN_REPEAT },
	{ "square-mates", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the other units in the testers' open square (repeat)", IN_REPEAT | IN_SECONDARY },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Rolls one morale die per hit (one fewer on a hill or in a town). */
static int
morale_dice(const struct tableset *ts, const struct inputs *in, int unit,
    enum die_kind k, long hits, struct dice *d, long *fails, struct result *r)
{
	long need = threshold(ts, "morale", r);
	long dice = hits - ((in_mod(in, "mod", "hill") || in_mod(in, "mod", "town")) ? 1 : 0);

	*fails = 0;
	for (long i = 1; i <= dice; i++) {
		int f = dice_take_split(d, k, dice_mask_from(k, need), GROUP_MORALE + unit,
		    "unit %d morale %s (%ld of %ld)", unit, die_name(k), i, dice);

		if (f < 0)
			return RULE_DATA;
		*fails += f < need;
		dice_note(d, dice_last(d), f >= need ? "pass" : "fail");
	}
	return RULE_OK;
}

/* "One fail causes a brigade or horse artillery to retreat ... One fail
 * will destroy a foot artillery unit. Two or more fails will destroy any
 * unit." */
static const char *
morale_outcome(long fails, const char *type)
{
	if (fails >= 2 || (fails == 1 && strcmp(type, "foot-artillery") == 0))
		return "destroyed";
	return fails == 1 ? "retreats" : "holds";
}

/* Tests one unit; "a unit compelled to retreat but unable to do so must
 * take one additional hit and recheck its morale (it may ignore a second
 * retreat result)." */
static int
test_unit(const struct tableset *ts, const struct inputs *in, int unit,
    const char *type, enum die_kind k, long hits, struct dice *d,
    struct result *r, long *fails, const char **outcome, int *extra)
{
	int rc;

	*extra = 0;
	if ((rc = morale_dice(ts, in, unit, k, hits, d, fails, r)) != RULE_OK)
		return rc;
	*outcome = morale_outcome(*fails, type);
	result_work(r, "unit %d (%s, %s, %ld hit%s): %ld fail%s: %s", unit, type,
	    die_name(k), hits, hits == 1 ? "" : "s", *fails, *fails == 1 ? "" : "s", *outcome);
	if (strcmp(*outcome, "retreats") != 0 || !in_mod(in, "mod", "cannot-retreat"))
		return RULE_OK;
	*extra = 1;
	if ((rc = morale_dice(ts, in, unit, k, hits + 1, d, fails, r)) != RULE_OK)
		return rc;
	*outcome = *fails >= 2 ? "destroyed" : "holds";
	result_work(r, "unit %d cannot retreat: one more hit, tests again with %ld: %ld fail%s: %s",
	    unit, hits + 1, *fails, *fails == 1 ? "" : "s", *outcome);
	return RULE_OK;
}

/* One unit testing: its type, morale die and hit markers. */
struct tester {
	char type[32];
	enum die_kind die;
	long hits;
};

/* The units testing: --test specs, or one from --morale/--hits/--type. */
static int
testers(const struct inputs *in, struct tester *t, int *n, struct result *r)
{
	struct in_item it;

	*n = 0;
	if (in_nitems(in, "test") > SIDE_UNITS)
		return result_fail(r, RULE_DATA, "--test: at most %d units", SIDE_UNITS);
	for (int i = 0; in_item(in, "test", i, &it); i++, (*n)++) {
		text_copy(t[*n].type, sizeof t[*n].type, in_part_word(in, &it.part[0]));
		t[*n].die = (enum die_kind)it.part[1].die;
		t[*n].hits = it.part[2].n;
		if (t[*n].hits > 100)
			return result_fail(r, RULE_DATA, "--test: '%s' has more than 100 hits", it.name);
	}
	if (*n > 0)
		return RULE_OK;
	if (!in_given(in, "morale") || !in_given(in, "hits"))
		return result_fail(r, RULE_USAGE, "morale needs --morale dN and --hits N");
	text_copy(t[0].type, sizeof t[0].type, in_text(in, "type"));
	die_parse(in_text(in, "morale"), &t[0].die);
	t[0].hits = in_count(in, "hits");
	*n = 1;
	return RULE_OK;
}

static int
squares_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	struct tester t[SIDE_UNITS];
	long fails = 0, gone = 0;
	const char *outcome = "holds";
	int n, rc, extra;

	if ((rc = testers(in, t, &n, r)) != RULE_OK)
		return rc;
	jsonw_array(&r->fields, "units");
	for (int i = 0; i < n; i++) {
		char role[24];

		if ((rc = test_unit(ts, in, i + 1, t[i].type, t[i].die, t[i].hits, d,
		    r, &fails, &outcome, &extra)) != RULE_OK)
			return rc;
		gone += strcmp(outcome, "holds") != 0;
		jsonw_object(&r->fields, NULL);
		jsonw_int(&r->fields, "fails", fails);
		jsonw_string(&r->fields, "outcome", outcome);
		jsonw_bool(&r->fields, "extra_hit", extra);
		jsonw_object_end(&r->fields);
		snprintf(role, sizeof role, "unit:%d", i);
		if (extra)
			result_effect(r, role, EFFECT_LOSS, 1, "hits");
		if (strcmp(outcome, "destroyed") == 0)
			result_effect(r, role, EFFECT_STATE, 0, "destroyed");
		if (strcmp(outcome, "retreats") == 0)
			result_effect(r, role, EFFECT_FLAG, 1, "retreats");
	}
	jsonw_array_end(&r->fields);
	jsonw_int(&r->fields, "fails", fails);
	jsonw_string(&r->fields, "outcome", outcome);
	/* "If more than half of the units in an OPEN square retreat or are
	 * destroyed then the remaining units in the square must retreat." */
	if (in_given(in, "square-units")) {
		int forced = gone * 2 > in_count(in, "square-units");

		jsonw_bool(&r->fields, "square_must_retreat", forced);
		if (forced) {
			result_work(r, "%ld of the square's %ld units retreat or are destroyed: the rest must retreat",
			    gone, in_count(in, "square-units"));
			result_effect(r, "square-mates", EFFECT_FLAG, 1, "must-retreat");
		}
	}
	if (n == 1)
		result_summary(r, "%s (%ld fail%s)", outcome, fails, fails == 1 ? "" : "s");
	else
		result_summary(r, "%d units tested: %ld retreat or are destroyed", n, gone);
	return RULE_OK;
}

/* ---- rally ---------------------------------------------------------- */

static const struct input_decl rally_inputs[] = {
	{ "morale", IN_CHOICE, DIE_TYPES, 0, 0, DIE_TYPES, NULL, NULL,
	  "the unit's morale die (battlefield rally)", 0 },
	{ "hits", IN_COUNT, "N", 0, 100, NULL, NULL, NULL, "hit markers", 0 },
	{ "overnight", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "overnight rallying between the days of a battle", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "morale-modifiers",
	  "enemy-adjacent (no battlefield rally), surrounded (overnight)", IN_REPEAT },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the rallying unit of the game (its hits are removed)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static void
rally_fields(struct result *r, int rallied, long before, long after)
{
	jsonw_bool(&r->fields, "rallied", rallied);
	jsonw_int(&r->fields, "hits_before", before);
	jsonw_int(&r->fields, "hits_after", after);
	if (after < before)
		result_effect(r, "unit", EFFECT_LOSS, after - before, "hits");
}

/* "Units with 2 or more hit markers roll 1 die ... and pass on a 5+ ...
 * may not remove their final hit marker ... only if there are no enemy
 * units in any of the eight adjacent squares." */
static int
battlefield_rally(const struct tableset *ts, const struct inputs *in,
    long hits, struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "morale-modifiers", r);
	long need = threshold(ts, "rally", r);
	const char *why;
	enum die_kind k;
	int f;

	if (t == NULL)
		return RULE_DATA;
	if (!in_given(in, "morale"))
		return result_fail(r, RULE_USAGE, "a battlefield rally needs --morale dN");
	why = rule_forbids(in, "mod", t, NULL);
	if (why == NULL && hits < 2)
		why = "only a unit with 2 or more hit markers may rally on the battlefield (never its last)";
	if (why != NULL) {
		rally_fields(r, 0, hits, hits);
		return rule_refused(r, d, "may not rally", why);
	}
	k = die_of(in_text(in, "morale"));
	if ((f = dice_take(d, k, "rally %s", die_name(k))) < 0)
		return RULE_DATA;
	rally_fields(r, f >= need, hits, f >= need ? hits - 1 : hits);
	result_work(r, "battlefield rally: %s %d, %ld+ removes one hit marker", die_name(k), f, need);
	result_summary(r, f >= need ? "rallies: one hit marker removed (%ld left)" :
	    "fails to rally (%ld hits)", f >= need ? hits - 1 : hits);
	return RULE_OK;
}

static int
squares_rally(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	long hits = in_count(in, "hits"), after;

	if (!in_given(in, "hits"))
		return result_fail(r, RULE_USAGE, "rally needs --hits N");
	if (!in_flag(in, "overnight"))
		return battlefield_rally(ts, in, hits, d, r);
	/* "Surrounded troops may attempt to rally using the battlefield
	 * rallying method." */
	if (in_mod(in, "mod", "surrounded")) {
		result_work(r, "surrounded: rallies as on the battlefield");
		return battlefield_rally(ts, in, hits, d, r);
	}
	/* "Units with one hit marker have the hit marker removed. Units with
	 * two or more hit markers have all but one marker removed." */
	after = hits >= 1 ? (hits == 1 ? 0 : 1) : 0;
	rally_fields(r, after < hits, hits, after);
	result_work(r, "overnight: one hit marker goes; two or more leave one");
	result_summary(r, "overnight rally: %ld hit%s left", after, after == 1 ? "" : "s");
	return RULE_OK;
}

/* ---- move: action points ------------------------------------------- */

#define MOVE_TYPES "infantry|cavalry|light-cavalry|mixed|foot-artillery|horse-artillery"

static const struct input_decl move_inputs[] = {
	{ "path", IN_TEXT, "DIRS", 0, 0, NULL, NULL, NULL,
	  "the steps, comma-separated: n, ne, e, se, s, sw, w, nw", 0 },
	{ "terrain", IN_TEXT, "LIST", 0, 0, NULL, NULL, NULL,
	  "what each step enters: -, woods, hill, town, river (join with +, e.g. hill+river)", 0 },
	{ "type", IN_CHOICE, MOVE_TYPES, 0, 0, MOVE_TYPES, "infantry", NULL,
	  "the moving unit", 0 },
	{ "assault", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "then launch an assault into an adjacent square (2 AP)", 0 },
	{ "ap", IN_COUNT, "N", 1, 3, NULL, NULL, NULL,
	  "action points from the action die (1-3)", 0 },
	{ "brigades", IN_COUNT, "N", 0, 100, NULL, NULL, NULL,
	  "stacking: brigades in the square entered, with the mover", 0 },
	{ "artillery", IN_COUNT, "N", 0, 100, NULL, NULL, NULL,
	  "stacking: artillery in the square entered, with the mover", 0 },
	{ "bombarded", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the unit bombarded this turn (foot artillery then may not move)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the moving unit of the game", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static long
ap_of(const struct table *t, const char *name, struct result *r)
{
	return (long)rule_cell(t, table_row(t, "name", name), "ap", r);
}

/* The terrain of step i ("-" when the list is short). */
static void
step_terrain(const char *list, int i, char *buf, size_t n)
{
	const char *p = list != NULL ? list : "";

	for (int k = 0; k < i && p != NULL; k++) {
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	if (p == NULL || *p == '\0') {
		snprintf(buf, n, "-");
		return;
	}
	snprintf(buf, n, "%.*s", (int)strcspn(p, ","), p);
}

static int
has_word(const char *terrain, const char *word)
{
	char buf[64];

	snprintf(buf, sizeof buf, "+%s+", terrain);
	for (char *q = buf; (q = strstr(q, word)) != NULL; q++)
		if (q[-1] == '+' && q[strlen(word)] == '+')
			return 1;
	return 0;
}

static int
check_terrain(const char *terrain, struct result *r)
{
	char buf[64];

	text_copy(buf, sizeof buf, terrain);
	for (char *save = NULL, *w = strtok_r(buf, "+", &save); w != NULL;
	    w = strtok_r(NULL, "+", &save))
		if (!choice_has("-|woods|hill|town|river", w))
			return result_fail(r, RULE_DATA,
			    "--terrain: '%s' is not -, woods, hill, town or river", w);
	return RULE_OK;
}

/* A step's cost: 1 (a second or later diagonal 2), +1 woods or hills, +1
 * a town, +1 a river crossed. */
static int
step_cost(const struct table *t, const char *dir, const char *terrain,
    int *diagonals, long *cost, struct result *r)
{
	int diagonal = strlen(dir) == 2;
	int rc;

	if (!choice_has("n|ne|e|se|s|sw|w|nw", dir))
		return result_fail(r, RULE_DATA, "--path: '%s' is not n, ne, e, se, s, sw, w or nw", dir);
	if ((rc = check_terrain(terrain, r)) != RULE_OK)
		return rc;
	*cost = diagonal && (*diagonals)++ > 0 ? ap_of(t, "diagonal-again", r) : ap_of(t, "step", r);
	if (has_word(terrain, "woods") || has_word(terrain, "hill"))
		*cost += ap_of(t, has_word(terrain, "woods") ? "woods" : "hill", r);
	if (has_word(terrain, "town"))
		*cost += ap_of(t, "town", r);
	if (has_word(terrain, "river"))
		*cost += ap_of(t, "river", r);
	return RULE_OK;
}

/* Why the path is not allowed, or NULL. */
static const char *
path_forbidden(const char *type, const char *terrain, int last)
{
	int cavalry = strstr(type, "cavalry") != NULL;

	if (has_word(terrain, "town") && strcmp(type, "infantry") != 0)
		return "only infantry can occupy a town";
	if (cavalry && has_word(terrain, "woods") && !last)
		return "cavalry moving into a woods square must end their actions";
	return NULL;
}

/* "A square can be occupied by a maximum of four brigades and two
 * artillery ... the total units in a square may not exceed 6." */
static const char *
stacking(const struct tableset *ts, const struct inputs *in, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "stacking", r);
	long b = in_count(in, "brigades"), a = in_count(in, "artillery");
	double mb, ma, mu;

	if (t == NULL || (!in_given(in, "brigades") && !in_given(in, "artillery")))
		return NULL;
	mb = rule_cell(t, table_row(t, "name", "brigades"), "limit", r);
	ma = rule_cell(t, table_row(t, "name", "artillery"), "limit", r);
	mu = rule_cell(t, table_row(t, "name", "units"), "limit", r);
	if (b + a > (long)mu)
		return "a square holds at most 6 units";
	if (b > (long)mb)
		return "a square holds at most four brigades";
	if (a > (long)ma + ((long)mb - b))
		return "a square holds at most two artillery (more only in place of brigades)";
	return NULL;
}

static int
squares_move(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "action-points", r);
	const char *path = in_text(in, "path"), *type = in_text(in, "type"), *why = NULL;
	char buf[256], terrain[64];
	long cost = 0, step = 0, ap;
	int diagonals = 0, steps = 0, rc;

	(void)d;
	if (t == NULL)
		return RULE_DATA;
	if (path == NULL && !in_flag(in, "assault"))
		return result_fail(r, RULE_USAGE, "move needs --path DIRS (or --assault)");
	text_copy(buf, sizeof buf, path != NULL ? path : "");
	for (char *save = NULL, *dir = strtok_r(buf, ",", &save); dir != NULL;
	    dir = strtok_r(NULL, ",", &save), steps++) {
		step_terrain(in_text(in, "terrain"), steps, terrain, sizeof terrain);
		if ((rc = step_cost(t, dir, terrain, &diagonals, &step, r)) != RULE_OK)
			return rc;
		if (why == NULL)
			why = path_forbidden(type, terrain, save == NULL || *save == '\0');
		result_work(r, "step %d %s into %s: %ld AP", steps + 1, dir, terrain, step);
		cost += step;
	}
	if (in_flag(in, "assault")) {
		cost += ap_of(t, "assault", r);
		result_work(r, "launching an assault: %ld AP", ap_of(t, "assault", r));
	}
	if (why == NULL)
		why = stacking(ts, in, r);
	/* l.97: foot artillery "cannot combine movement and bombardment". */
	if (why == NULL && strcmp(type, "foot-artillery") == 0 && in_flag(in, "bombarded"))
		why = "foot artillery cannot combine movement and bombardment in the same turn";
	ap = in_count(in, "ap");
	/* "Light cavalry who move but do not launch an assault may take one
	 * action more." */
	if (in_given(in, "ap") && strcmp(type, "light-cavalry") == 0 && !in_flag(in, "assault")) {
		ap += ap_of(t, "light-cavalry", r);
		result_mod(r, "light-cavalry", (double)ap_of(t, "light-cavalry", r));
	}
	if (why == NULL && in_given(in, "ap") && cost > ap)
		why = "not enough action points for the path";
	jsonw_int(&r->fields, "ap_cost", cost);
	if (in_given(in, "ap"))
		jsonw_int(&r->fields, "ap_left", why != NULL ? ap : ap - cost);
	else
		jsonw_null(&r->fields, "ap_left");
	if (why != NULL) {
		result_forbid(r, "%s", why);
		result_summary(r, "may not move: %s (%ld AP)", why, cost);
		return RULE_OK;
	}
	if (strcmp(type, "foot-artillery") == 0)
		result_flag_for(r, "unit", "moved", 1);
	result_summary(r, "%ld action point%s", cost, cost == 1 ? "" : "s");
	return RULE_OK;
}

/* ---- turn: action dice and the generals' dice-off -------------------- */

static const struct input_decl turn_inputs[] = {
	{ "action-dice", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "roll the turn's action dice: one d3 per command", 0 },
	{ "commands", IN_COUNT, "N", 1, 50, NULL, NULL, NULL,
	  "commands on both sides (generals, not the commanders-in-chief)", 0 },
	{ "dice-off", IN_SPEC, "dA,dB", 0, 0, "D", NULL,
	  "dA,dB: each general's die, d6, d8, d10 or d12",
	  "two generals' die types competing for the next action die", 0 },
	{ "general", IN_UNIT, "COMMAND", 0, 0, NULL, NULL, NULL,
	  "in a game: the two commands whose generals dice off (their --quality dice); repeat",
	  IN_REPEAT | IN_FORMATION },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A command's rating: its general's die. */
static const struct input_decl formation_inputs[] = {
	{ "quality", IN_CHOICE, "dN", 0, 0, DIE_TYPES, NULL, NULL,
	  "the general's die for the dice-off (d6, d8, d10, d12)", 0 },
	{ "break-percent", IN_COUNT, "P", 1, 100, NULL, NULL, NULL,
	  "its break point as a percentage of its units' (kept, unused)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
compare_desc(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

static int
dice_off(const struct inputs *in, struct dice *d, struct result *r)
{
	struct in_item ia, ib;
	enum die_kind ka, kb;
	int fa, fb;
	const char *winner;

	if (in_nitems(in, "dice-off") != 2 || !in_item(in, "dice-off", 0, &ia) ||
	    !in_item(in, "dice-off", 1, &ib))
		return result_fail(r, RULE_DATA, "--dice-off: '%s' is not dA,dB (e.g. d8,d10)",
		    in_text(in, "dice-off"));
	ka = (enum die_kind)ia.part[0].die;
	kb = (enum die_kind)ib.part[0].die;
	if ((fa = dice_take(d, ka, "general A's %s", die_name(ka))) < 0 ||
	    (fb = dice_take(d, kb, "general B's %s", die_name(kb))) < 0)
		return RULE_DATA;
	/* "In the case of tie the winner is the general with the largest
	 * command die ... same score on the same die-type: roll again." */
	winner = fa > fb ? "a" : fb > fa ? "b" : die_max(ka) > die_max(kb) ? "a" :
	    die_max(kb) > die_max(ka) ? "b" : "reroll";
	jsonw_string(&r->fields, "winner", winner);
	jsonw_int(&r->fields, "score_a", fa);
	jsonw_int(&r->fields, "score_b", fb);
	result_summary(r, strcmp(winner, "reroll") == 0 ? "a tie on the same die: roll again" :
	    "general %s wins the action die", strcmp(winner, "a") == 0 ? "A" : "B");
	return RULE_OK;
}

static int
squares_turn(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	char list[200] = "";
	int faces[50], n;

	(void)ts;
	if (in_given(in, "dice-off"))
		return dice_off(in, d, r);
	if (!in_flag(in, "action-dice") || !in_given(in, "commands"))
		return result_fail(r, RULE_USAGE,
		    "turn takes --action-dice --commands N, or --dice-off dA,dB");
	n = (int)in_count(in, "commands");
	for (int i = 0; i < n; i++)
		if ((faces[i] = dice_take(d, DIE_D3, "action d3 %d", i + 1)) < 0)
			return RULE_DATA;
	qsort(faces, (size_t)n, sizeof faces[0], compare_desc);
	jsonw_array(&r->fields, "action_dice");
	for (int i = 0; i < n; i++) {
		jsonw_int(&r->fields, NULL, faces[i]);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d",
		    i ? ", " : "", faces[i]);
	}
	jsonw_array_end(&r->fields);
	result_summary(r, "%d action dice, largest first: %s", n, list);
	result_work(r, "one d3 per command (faces 1, 1, 2, 2, 3, 3), arranged largest first");
	return RULE_OK;
}

/* ---- the game -------------------------------------------------------- */

#define TYPES "infantry|cavalry|mixed|foot-artillery|horse-artillery"

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

static const struct roster squares_roster = {
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

static const struct rule_cmd squares_cmds[] = {
	{ "fire", "bombardment: one die per base per action point", NULL, fire_inputs,
	  "one die per base per action point (bases in order); in a town one d8 save per hit",
	  squares_fire, NULL },
	{ "melee", "assault: skirmish, hits, rerolls, saves", NULL, melee_inputs,
	  "skirmish dice (attacker's units, then defender's), attacker's dice, defender's dice, rerolls (attacker's, then defender's), saves",
	  squares_melee, squares_melee_odds },
	{ "morale", "morale: one die per hit marker", NULL, morale_inputs,
	  "one morale die per hit marker (one fewer on a hill or in a town), unit by unit",
	  squares_morale, NULL },
	{ "rally", "battlefield and overnight rallying", NULL, rally_inputs,
	  "battlefield: one morale die; overnight: none", squares_rally, NULL },
	{ "fatigue", NULL, "the squares rules have no fatigue", NULL, NULL, NULL, NULL },
	{ "move", "action points of a path; stacking", NULL, move_inputs, "none",
	  squares_move, NULL },
	{ "turn", "the turn's action dice and the generals' dice-off", NULL, turn_inputs,
	  "--action-dice: one d3 per command; --dice-off: each general's die", squares_turn, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_squares = {
	SQ, "Napoleonic \"squares\" grid rules", "hits", squares_cmds, &squares_roster,
};
