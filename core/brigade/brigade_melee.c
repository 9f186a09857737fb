/*
 * brigade melee: both sides' figures and modifiers, an average die each,
 * carry back both ways, defenders' fire, the margin-of-2 decision and the
 * loser's push-back number.
 */
#include <stdio.h>
#include <string.h>

#include "brigade.h"

#define ARMS "infantry|cavalry|artillery|skirmishers"

const struct input_decl brigade_melee_inputs[] = {
	{ "attacker-figures", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "attacker's figures in contact (a purely cavalry brigade: 36 less casualties)", 0 },
	{ "defender-figures", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "defender's figures in contact", 0 },
	{ "attacker-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the attacker's melee modifiers", IN_REPEAT },
	{ "defender-mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "melee-modifiers",
	  "the defender's melee modifiers", IN_REPEAT },
	{ "defender-firers", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "stationary formed defenders charged frontally from over 3\" fire first: figures firing", 0 },
	{ "round", IN_COUNT, "N", 1, 100000, NULL, "1", NULL,
	  "round of this melee (lancers count in the first only)", 0 },
	{ "attacker-pushbacks", IN_COUNT, "N", 0, 2, NULL, "0", NULL,
	  "continuous push backs the attacker has already taken in this melee", 0 },
	{ "defender-pushbacks", IN_COUNT, "N", 0, 2, NULL, "0", NULL,
	  "continuous push backs the defender has already taken in this melee", 0 },
	{ "attacker-pushbacks-game", IN_COUNT, "N", 0, 100000, NULL, "0", NULL,
	  "push backs the attacker has taken over the game (six break a brigade)", 0 },
	{ "defender-pushbacks-game", IN_COUNT, "N", 0, 100000, NULL, "0", NULL,
	  "push backs the defender has taken over the game (six break a brigade)", 0 },
	{ "attacker-type", IN_CHOICE, ARMS, 0, 0, ARMS, "infantry", NULL,
	  "the attacking brigade's arm (mounted troops cannot attack walls or defence works)", 0 },
	{ "defender-type", IN_CHOICE, ARMS, 0, 0, ARMS, "infantry", NULL,
	  "the defending brigade's arm (contacted skirmishers lose casualties without reply)", 0 },
	{ "attacker", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the attacking unit of the game", IN_OWN },
	{ "defender", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the defending unit of the game", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ "new", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "in a game: a new melee (a split follow up), not the next round", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

struct side {
	const char *role;	/* "attacker" or "defender" */
	const char *opt;	/* its modifier option */
	long figures, total;
	int die;
	long carried, inflicted;
	const char *silenced;	/* why it cannot fire or fight, or NULL */
};

/* "Infantry column attacks or charges have no impetus against troops
 * within courtyards or buildings ... or behind defence works." */
static int
impetus_denied(const struct inputs *in, const char *mod, const char *enemy_opt)
{
	return strcmp(mod, "column-charge") == 0 &&
	    (in_mod(in, enemy_opt, "defences") || in_mod(in, enemy_opt, "buildings"));
}

/* The round of this melee: --round, and past every push back either side
 * has taken in it, each a decided round of the same melee ("A run
 * continues while the same melee is pushed back in consecutive turns").
 * Lancers count in the first only (l.256). */
static long
melee_round(const struct inputs *in)
{
	long round = in_count(in, "round");
	long att = in_count(in, "attacker-pushbacks") + 1;
	long def = in_count(in, "defender-pushbacks") + 1;

	if (att > round)
		round = att;
	return def > round ? def : round;
}

/* "+6 attacking the rear (defenders cannot fire or fight)", "+3 attacking
 * the flank (defenders cannot fire or fight)" (l.225, l.227); "Marching
 * columns cannot fire or fight whilst marching" (l.41).  The table's
 * `silences` says whom modifier MOD, named by S, stops fighting: S itself
 * or its enemy. */
static void
silence(const struct table *t, const char *mod, struct side *s,
    struct side *enemy)
{
	int row = table_row(t, "name", mod);
	const char *who = row < 0 ? "" : table_text(t, row, "silences");
	struct side *quiet = strcmp(who, "self") == 0 ? s :
	    strcmp(who, "enemy") == 0 ? enemy : NULL;

	if (quiet != NULL && quiet->silenced == NULL)
		quiet->silenced = rule_mod_help(t, mod);
}

/* Adds a side's modifiers to its figures; returns the help text of a
 * modifier that forbids the melee (a broken brigade), or NULL. */
static const char *
side_total(const struct inputs *in, const struct table *t, struct side *s,
    struct side *enemy, struct result *r)
{
	const char *enemy_opt = enemy->opt;
	char name[RESULT_NAME];
	struct in_item it;

	s->total = s->figures;
	for (int i = 0; in_item(in, s->opt, i, &it); i++) {
		const char *mod = it.name;
		double value = 0;

		switch (rule_modifier(t, mod, NULL, &value)) {
		case MOD_FORBID:
			return rule_mod_help(t, mod);
		case MOD_MISSING:
			result_fail(r, RULE_DATA, "the %s table has no '%s'", t->name, mod);
			return NULL;
		case MOD_NUMBER:
			break;
		}
		if (value != (double)(long)value) {
			result_fail(r, RULE_DATA, "the %s table's '%s' is not a whole number of figures",
			    t->name, mod);
			return NULL;
		}
		silence(t, mod, s, enemy);
		snprintf(name, sizeof name, "%s:%s", s->role, mod);
		if (impetus_denied(in, mod, enemy_opt)) {
			result_work(r, "%s column charge: no impetus against defences or buildings", s->role);
			value = 0;
		}
		/* "Lancers +1 melee bonus first round of melee only" (l.256). */
		if (strcmp(mod, "lancers") == 0 && melee_round(in) > 1) {
			result_work(r, "%s lancers: +1 in the first round of melee only (this is round %ld)",
			    s->role, melee_round(in));
			value = 0;
		}
		s->total += (long)value;
		result_mod(r, name, value);
	}
	result_work(r, "%s: %ld figures, %ld after modifiers", s->role,
	    s->figures, s->total);
	return NULL;
}

/* "Provided that their attackers start from over 3" away, regular, formed,
 * stationary infantry ... or deployed artillery being charged frontally can
 * roll one ordinary dice and fire: 1 or 2 no firing, 3 or 4 long range, 5
 * or 6 short range. Add +1 to roll for an elite brigade." */
static int
defenders_fire(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r, long *casualties)
{
	const struct table *band = rule_table(ts, BRIGADE, "defenders-fire", r);
	const struct table *k = rule_table(ts, BRIGADE, "melee", r);
	const struct table *mods = rule_table(ts, BRIGADE, "fire-modifiers", r);
	long firers = in_count(in, "defender-firers"), carried, score;
	const char *range;
	int face, row, die, rc;

	*casualties = 0;
	if (band == NULL || k == NULL || mods == NULL)
		return RULE_DATA;
	if ((face = dice_take(d, DIE_D6, "defenders' firing d6")) < 0)
		return RULE_DATA;
	score = face;
	if (in_mod(in, "defender-mod", "elite")) {
		long elite = rule_count(ts, BRIGADE, "melee", "defenders-fire-elite", r);

		score += elite;
		result_mod(r, "defenders-fire:elite", (double)elite);
	}
	row = table_band(band, "min", "max", (double)score);
	range = row < 0 ? "none" : table_text(band, row, "range");
	dice_note(d, dice_last(d), "%s", range);
	result_work(r, "%s [%s]: %ld -> %s", band->title, band->provenance,
	    score, row < 0 ? "no firing" : table_text(band, row, "help"));
	result_word(r, "defenders_fire", range);
	if (strcmp(range, "none") == 0) {
		dice_end_early(d);
		result_int(r, "fire_casualties", 0);
		return RULE_OK;
	}
	if (strcmp(range, "close") == 0)
		rule_auto_mod(mods, "close", "infantry", 1, "defenders-fire", &firers, r);
	if ((die = dice_take(d, DIE_AVG, "defenders' firing average die")) < 0)
		return RULE_DATA;
	if ((rc = brigade_carry_back(ts, firers, die, r, &carried,
	    casualties)) != RULE_OK)
		return rc;
	result_int(r, "fire_casualties", *casualties);
	result_work(r, "the defenders' fire casualties count towards the melee total");
	return RULE_OK;
}

/* "5:6 is a draw, 5:7 is a result": a margin of 2 decides. */
static const char *
decide(long att_cas, long def_cas, long margin)
{
	if (def_cas - att_cas >= margin)
		return "attacker_wins";
	if (att_cas - def_cas >= margin)
		return "defender_wins";
	return "draw";
}

/* What a decided melee obliges, in the turn it is fought and the next
 * ("1st Push Back (i.e. following turn after melee)"): the loser must be
 * pushed back; the winner "must follow up for at least one move" (l.315),
 * its follow up numbered as the loser's push back. */
static void
obligations(struct result *r, const char *winner, const char *loser, long pushback)
{
	/* a later melee's result is the one owed: a follow up still owed from
	 * an earlier one goes for a unit now beaten, and a push back for one
	 * now winning */
	result_flag(r, loser, "following-up", 0);
	result_flag(r, winner, "pushed-back", 0);
	result_flag_for(r, loser, "pushed-back", 2);
	result_flag_for(r, winner, "following-up", 2);
	result_mark(r, winner, "followup", pushback, pushback, loser, NULL);
}

static void
report(const struct tableset *ts, const struct inputs *in, struct result *r,
    const char *outcome, long att_cas, long def_cas)
{
	long limit = rule_count(ts, BRIGADE, "melee", "continuous-pushbacks", r);
	long cumulative = rule_count(ts, BRIGADE, "melee", "cumulative-pushbacks", r);
	int attacker_lost = strcmp(outcome, "defender_wins") == 0;
	long pushback, game;

	result_word(r, "outcome", outcome);
	result_ledger(r, "attacker", "loss", att_cas);
	result_ledger(r, "defender", "loss", def_cas);
	/* "Melees that end in a draw stay open and the next round is the
	 * same melee": each side keeps the round, open or decided. */
	result_mark(r, "attacker", "melee", strcmp(outcome, "draw") == 0,
	    melee_round(in), "defender", NULL);
	result_mark(r, "defender", "melee", strcmp(outcome, "draw") == 0,
	    melee_round(in), "attacker", NULL);
	if (strcmp(outcome, "draw") == 0) {
		result_null(r, "pushback");
		result_null(r, "pushbacks_in_game");
		result_bool(r, "breaks", 0);
		result_summary(r, "draw (attacker loses %ld, defender %ld): the melee goes on next turn",
		    att_cas, def_cas);
		return;
	}
	pushback = in_count(in, attacker_lost ? "attacker-pushbacks" :
	    "defender-pushbacks") + 1;
	game = in_count(in, attacker_lost ? "attacker-pushbacks-game" :
	    "defender-pushbacks-game") + 1;
	result_int(r, "pushback", pushback);
	result_int(r, "pushbacks_in_game", game);
	result_mark(r, attacker_lost ? "attacker" : "defender", "pushback", pushback, 0,
	    attacker_lost ? "defender" : "attacker", NULL);
	/* "Only three continuous push backs are allowed, as after this the
	 * brigade being pushed back will then break and flee the field. The
	 * winner must rally"; six in broken sequences break it too. */
	result_bool(r, "breaks", pushback >= limit || game >= cumulative);
	result_summary(r, "%s wins (attacker loses %ld, defender %ld): the %s is pushed back (push back %ld)%s%s",
	    attacker_lost ? "defender" : "attacker", att_cas, def_cas,
	    attacker_lost ? "attacker" : "defender", pushback,
	    pushback >= limit ? "; it breaks and flees the field; the winner must rally" :
	    game >= cumulative ? "; its sixth push back of the game: it breaks and flees the field" : "",
	    "");
	/* "The winning brigade(s) must, after three continuous push backs,
	 * rally for that same number of moves and have a like number of moves
	 * at half speed." */
	/* (the melee comes after the turn's move: the winner's moves of
	 * rallying are those of the turns after this one) */
	if (pushback >= limit) {
		const char *winner = attacker_lost ? "defender" : "attacker";

		result_flag_for(r, winner, "rallying", limit + 1);
		result_flag_for(r, winner, "half-speed", 2 * limit + 1);
		result_work(r, "after %ld continuous push backs the winner must rally for as many moves, and as many again at half speed",
		    limit);
		return;
	}
	if (pushback < limit && game < cumulative)
		obligations(r, attacker_lost ? "defender" : "attacker",
		    attacker_lost ? "attacker" : "defender", pushback);
}

/* "Mounted troops cannot attack or leap over walls" (courtyards and
 * buildings) "or defence works." */
static const char *
mounted_v_walls(const struct inputs *in)
{
	if (!in_is(in, "attacker-type", "cavalry"))
		return NULL;
	if (in_mod(in, "defender-mod", "buildings"))
		return "mounted troops cannot attack or leap over walls";
	if (in_mod(in, "defender-mod", "defences"))
		return "mounted troops cannot attack or leap over defence works";
	return NULL;
}

/* A melee the rules forbid: no dice, nothing happens. */
static int
refused(struct result *r, struct dice *d, const char *why)
{
	result_null(r, "attacker_casualties");
	result_null(r, "defender_casualties");
	result_null(r, "outcome");
	result_null(r, "pushback");
	result_bool(r, "breaks", 0);
	return rule_refused(r, d, "no melee", why);
}

int
brigade_melee(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *mods = rule_table(ts, BRIGADE, "melee-modifiers", r);
	const struct table *k = rule_table(ts, BRIGADE, "melee", r);
	struct side a = { "attacker", "attacker-mod", 0, 0, 0, 0, 0, NULL };
	struct side def = { "defender", "defender-mod", 0, 0, 0, 0, 0, NULL };
	long fire_cas = 0, att_cas, def_cas;
	const char *forbid;
	int no_reply, rc;

	if (mods == NULL || k == NULL)
		return RULE_DATA;
	if (!in_given(in, "attacker-figures") || !in_given(in, "defender-figures"))
		return result_fail(r, RULE_USAGE,
		    "give --attacker-figures N and --defender-figures N");
	/* "Properly formed infantry squares have +9 bonus in melee against
	 * cavalry" (l.278): only infantry forms square. */
	if ((rc = rule_mod_formation(ts, BRIGADE, in, "attacker-mod", "square-vs-cavalry",
	    "square", "attacker", in_text(in, "attacker-type"), r)) != RULE_OK ||
	    (rc = rule_mod_formation(ts, BRIGADE, in, "defender-mod", "square-vs-cavalry",
	    "square", "defender", in_text(in, "defender-type"), r)) != RULE_OK)
		return rc;
	a.figures = in_count(in, "attacker-figures");
	def.figures = in_count(in, "defender-figures");
	if ((forbid = side_total(in, mods, &a, &def, r)) != NULL ||
	    (forbid = side_total(in, mods, &def, &a, r)) != NULL ||
	    (forbid = mounted_v_walls(in)) != NULL)
		return refused(r, d, forbid);
	/* An attacker that "cannot fire or fight" cannot attack at all; nor
	 * one "spending that move rallying" (l.352: it is -6 when attacked). */
	if (a.silenced != NULL)
		return refused(r, d, a.silenced);
	if (in_mod(in, "attacker-mod", "rallying"))
		return refused(r, d, "a rallying brigade spends its moves rallying: it cannot attack");
	/* A defender that "cannot fire or fight" is still attacked: it
	 * inflicts nothing and takes the attacker's casualties; "if
	 * contacted, skirmisher formations lose casualties without reply". */
	no_reply = def.silenced != NULL || in_is(in, "defender-type", "skirmishers");
	if (def.silenced != NULL)
		result_work(r, "%s: the defenders inflict nothing and take the attacker's casualties without reply",
		    def.silenced);
	else if (in_is(in, "defender-type", "skirmishers"))
		result_work(r, "contacted skirmishers lose casualties without reply");
	if ((a.die = dice_take(d, DIE_AVG, "attacker's average die")) < 0)
		return RULE_DATA;
	if (no_reply) {
		dice_end_early(d);
	} else if ((def.die = dice_take(d, DIE_AVG, "defender's average die")) < 0) {
		return RULE_DATA;
	}
	if ((rc = brigade_carry_back(ts, a.total, a.die, r, &a.carried,
	    &a.inflicted)) != RULE_OK)
		return rc;
	if (!no_reply && (rc = brigade_carry_back(ts, def.total, def.die, r,
	    &def.carried, &def.inflicted)) != RULE_OK)
		return rc;
	if (!no_reply && in_given(in, "defender-firers") &&
	    (rc = defenders_fire(ts, in, d, r, &fire_cas)) != RULE_OK)
		return rc;
	att_cas = def.inflicted + fire_cas;
	def_cas = a.inflicted;
	result_int(r, "attacker_casualties", att_cas);
	result_int(r, "defender_casualties", def_cas);
	result_int(r, "attacker_total", a.total);
	result_int(r, "defender_total", def.total);
	report(ts, in, r, decide(att_cas, def_cas,
	    rule_count(ts, BRIGADE, "melee", "decision-margin", r)), att_cas, def_cas);
	return RULE_OK;
}
