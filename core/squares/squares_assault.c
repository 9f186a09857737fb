/*
 * squares: the assault (skirmish, hits, rerolls, saves) and its exact odds,
 * side by side.
 */
#include <stdio.h>
#include <string.h>

#include "odds.h"
#include "squares.h"
#include "text.h"

/* The assault's unit specs, for the spec parser. */
#define UNIT_SHAPES "inf:D/D|mixed:D/D|cav:D|heavy-cav:D|light-cav:D|foot-art|horse-art"
#define UNIT_SPEC "a unit spec (inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art)"

/* ---- melee: assault ------------------------------------------------- */

struct sq_unit {
	char type[16];		/* inf, mixed, cav, heavy-cav, light-cav, foot-art, horse-art */
	enum die_kind skirmish, quality;
	int dice;		/* dice this round */
	enum die_kind die;
	int misses;
	long scored, taken, saved;
	char label[160];	/* the working's name of it: the unit's own
				 * in a game, else "attacking infantry 1" */
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

/* A unit type of a spec as words: "heavy-cav" as "heavy cavalry". */
static const char *
type_words(const char *type)
{
	static const char *const words[][2] = {
		{ "inf", "infantry" }, { "mixed", "mixed brigade" }, { "cav", "cavalry" },
		{ "heavy-cav", "heavy cavalry" }, { "light-cav", "light cavalry" },
		{ "foot-art", "foot artillery" }, { "horse-art", "horse artillery" },
	};

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i][0], type) == 0)
			return words[i][1];
	return type;
}

/* Names unit i of side s for the working: in a game by its name, else by
 * its side and type, counted among the side's units of that type
 * ("attacking infantry 2"). */
static void
label_unit(struct sq_side *s, int i, const struct result *r)
{
	struct sq_unit *u = &s->u[i];
	char placed[EFFECT_ROLE];
	const char *name;
	int nth = 1;

	snprintf(placed, sizeof placed, "%s:%d", s->name, i);
	if ((name = result_named(r, placed)) != NULL) {
		text_copy(u->label, sizeof u->label, name);
		return;
	}
	for (int k = 0; k < i; k++)
		nth += strcmp(s->u[k].type, u->type) == 0;
	snprintf(u->label, sizeof u->label, "%s %s %d",
	    strcmp(s->name, "attacker") == 0 ? "attacking" : "defending",
	    type_words(u->type), nth);
}

static int
parse_side(const struct inputs *in, const char *opt, struct sq_side *s,
    struct result *r)
{
	struct in_item it;

	if (in_nitems(in, opt) == 0)
		return result_fail(r, RULE_USAGE,
		    "give --attacker-spec SPEC and --defender-spec SPEC (e.g. inf:d8/d8,heavy-cav:d10)");
	if (in_nitems(in, opt) > SIDE_UNITS)
		return result_fail(r, RULE_DATA, "--%s: at most %d units", opt, SIDE_UNITS);
	for (int i = 0; in_item(in, opt, i, &it); i++)
		read_unit(in, &it, &s->u[s->n++]);
	for (int i = 0; i < s->n; i++)
		label_unit(s, i, r);
	return RULE_OK;
}

/* Why side s (the defender when DEFENDS) cannot skirmish, in the
 * working's words: it has no infantry, or the other side has cavalry. */
static const char *
skirmish_barred(const struct sq_side *s, int defends)
{
	if (!has_type(s, infantry_like))
		return defends ? "defender has no infantry" : "attacker has no infantry";
	return defends ? "attacking cavalry keeps the defender's skirmishers in" :
	    "defending cavalry keeps the attacker's skirmishers in";
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
		if (a_can || d_can)
			result_work(r, "skirmish: only the %s can roll (the %s): it wins the advantage",
			    *adv, a_can ? skirmish_barred(def, 1) : skirmish_barred(a, 0));
		else
			result_work(r, "skirmish: neither side can roll: no advantage");
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
			f = dice_take(d, u->skirmish, "skirmish %s of %s",
			    die_name(u->skirmish), u->label);
			if (f < 0)
				return RULE_DATA;
			if (f > best[s])
				best[s] = f;
		}
	}
	*adv = best[0] > best[1] ? "attacker" : best[1] > best[0] ? "defender" : "none";
	result_work(r, "skirmish: the attacker's best %d, the defender's %d: %s", best[0],
	    best[1], strcmp(*adv, "none") == 0 ? "no advantage" :
	    strcmp(*adv, "attacker") == 0 ? "the attacker has the advantage" :
	    "the defender has the advantage");
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
		    strcmp(die, "skirmish") == 0 ? u->skirmish : squares_die_of(die);
		if (s->woods && u->dice == 0)
			result_work(r, "%s may not fight in woods: artillery", u->label);
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
			    unit_group(s, i, 0), "%s of %s", die_name(u->die), u->label);

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
		result_work(r, "%s rerolls %d miss%s", u->label, u->misses,
		    u->misses == 1 ? "" : "es");
		for (int k = 0; k < u->misses; k++) {
			int f = dice_take_split(d, u->die, dice_mask_from(u->die, need),
			    unit_group(s, i, 1), "reroll %s of %s", die_name(u->die), u->label);

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
	long need = squares_threshold(ts, "save", r);

	for (int i = 0; i < s->n; i++) {
		struct sq_unit *u = &s->u[i];

		if (u->taken == 0 || !applies(t, "save", u->type, s->name, holds, c))
			continue;
		for (long h = 1; h <= u->taken; h++) {
			int f = dice_take_split(d, u->quality, dice_mask_from(u->quality, need),
			    unit_group(s, i, 2), "save %s of %s for hit %ld",
			    die_name(u->quality), u->label, h);

			if (f < 0)
				return RULE_DATA;
			u->saved += f >= need;
			dice_note(d, dice_last(d), f >= need ? "saved" : "not saved");
		}
		result_work(r, "%s saves %ld of %ld hit%s", u->label, u->saved, u->taken,
		    u->taken == 1 ? "" : "s");
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
	result_list(r, key);
	for (int i = 0; i < s->n; i++) {
		char role[24];

		result_open(r, NULL);
		result_word(r, "type", s->u[i].type);
		result_int(r, "dice", s->u[i].dice);
		result_int(r, "hits_scored", s->u[i].scored);
		result_int(r, "hits", s->u[i].taken - s->u[i].saved);
		result_int(r, "saved", s->u[i].saved);
		result_close(r);
		snprintf(role, sizeof role, "%s:%d", s->name, i);
		result_ledger(r, role, "loss", s->u[i].taken - s->u[i].saved);
	}
	result_list_end(r);
}

const struct input_decl squares_melee_inputs[] = {
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
	{ "attacker-rallied", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "an attacking unit rallied this turn: no other action (the game knows it)", 0 },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "an attacking unit of the game (repeat)", IN_REPEAT | IN_OWN },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a defending unit of the game (repeat)", IN_REPEAT | IN_ENEMY },
	IN_OPPOSED_DECLS,
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
	/* l.152: "Battlefield rallying takes all of a unit's actions" */
	if (in_flag(in, "attacker-rallied"))
		return "a battlefield rally takes all of a unit's actions for the turn (squares.txt l.152): an attacking unit has rallied";
	return NULL;
}

/* An assault the rules forbid: no dice, no hits. */
static int
no_assault(struct result *r, struct dice *d, const char *why)
{
	result_int(r, "hits_on_attacker", 0);
	result_int(r, "hits_on_defender", 0);
	result_null(r, "skirmish_advantage");
	result_null(r, "loser");
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

int
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
	need_a = squares_threshold(ts, strcmp(adv, "defender") == 0 ? "hit-skirmished" : "hit", r);
	need_d = squares_threshold(ts, strcmp(adv, "attacker") == 0 ? "hit-skirmished" : "hit", r);
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
	result_int(r, "hits_on_attacker", ha);
	result_int(r, "hits_on_defender", hd);
	result_word(r, "skirmish_advantage", adv);
	result_word(r, "loser", ha > hd ? "attacker" : hd > ha ? "defender" : "draw");
	side_json(r, "attacker_units", &a);
	side_json(r, "defender_units", &def);
	result_summary(r, "%s: the attacker takes %ld hit%s, the defender %ld; %s", ha == hd ?
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
	long need = squares_threshold(ts, "save", r);

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

/* The fields of one advantage outcome, weighing p. */
static void
assault_outcome(const struct tableset *ts, const struct table *rs, struct sq_side *a,
    struct sq_side *def, struct conditions *ca, struct conditions *cd, const char *adv,
    mpq_srcptr p, struct odds *o, struct result *r)
{
	static const char *const losers[] = { "attacker", "defender", "draw" };
	long need_a = squares_threshold(ts,
	    strcmp(adv, "defender") == 0 ? "hit-skirmished" : "hit", r);
	long need_d = squares_threshold(ts,
	    strcmp(adv, "attacker") == 0 ? "hit-skirmished" : "hit", r);
	static struct dist sa, sd, saved, hd;
	mpq_t w, loser[3];

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
		odds_add_int(o, "hits_on_attacker", x, w);
	}
	for (int y = 0; y < hd.n; y++) {
		mpq_mul(w, hd.p[y], p);
		odds_add_int(o, "hits_on_defender", y, w);
	}
	odds_add_word(o, "skirmish_advantage", adv, p);
	for (int i = 0; i < 3; i++) {
		mpq_mul(w, loser[i], p);
		odds_add_word(o, "loser", losers[i], w);
		mpq_clear(loser[i]);
	}
	mpq_clear(w);
	dist_clear(&hd);
	dist_clear(&sa);
	dist_clear(&sd);
}

int
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
	o->how = "each side's dice convolved";
	if (ad == NULL || rs == NULL)
		return RULE_DATA;
	if ((rc = assault_sides(in, &a, &def, &cd, r)) != RULE_OK)
		return rc;
	if (assault_forbidden(in, &a) != NULL) {
		mpq_init(p[0]);
		mpq_set_ui(p[0], 1, 1);
		odds_add_int(o, "hits_on_attacker", 0, p[0]);
		odds_add_int(o, "hits_on_defender", 0, p[0]);
		odds_add_word(o, "skirmish_advantage", NULL, p[0]);
		odds_add_word(o, "loser", NULL, p[0]);
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
	if (r->error.code)
		return r->error.code;
	return odds_finish(o, r);
}

