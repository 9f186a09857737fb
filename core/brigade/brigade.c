/*
 * brigade: morale and rally of the Asquith & Spires Brigade Rules, and
 * the rule set's command list; the Melee/Firing Table is read in
 * brigade_table.c, which fire and melee call.
 */
#include <stdio.h>
#include <string.h>

#include "brigade.h"
#include "kind.h"
#include "text.h"

/* ---- morale --------------------------------------------------------- */

static const struct input_decl morale_inputs[] = {
	{ "class", IN_TEXT, "CLASS", 0, 0, NULL, NULL, NULL,
	  "guards, british, french, prussian, cavalry or divcav (the morale-bands table)", 0 },
	{ "figures", IN_COUNT, "N", 0, 100000, NULL, NULL, NULL,
	  "figures left in the unit", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "a brigade of the game: every unit's state", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The morale state of a unit of CLASS with FIGURES left; NULL if unknown. */
static const char *
morale_state(const struct table *t, int row, long figures)
{
	double ok, halt;

	if (table_number(t, row, "ok_min", &ok) != 0 ||
	    table_number(t, row, "halt_min", &halt) != 0)
		return NULL;
	if (figures >= ok)
		return "ok";
	return figures >= halt ? "halt" : "fall_back";
}

static int
brigade_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "morale-bands", r);
	const char *cls = in_text(in, "class"), *state;
	long figures = in_count(in, "figures");
	double full, ok, halt;
	int row;

	(void)d;
	if (t == NULL)
		return RULE_DATA;
	if (cls == NULL || !in_given(in, "figures"))
		return result_fail(r, RULE_USAGE,
		    "give --class CLASS and --figures N");
	row = table_row(t, "class", cls);
	if (row < 0)
		return result_fail(r, RULE_DATA,
		    "--class: '%s' is not a class of the morale-bands table (guards, british, french, prussian, cavalry, divcav)",
		    cls);
	full = rule_cell(t, row, "full", r);
	ok = rule_cell(t, row, "ok_min", r);
	halt = rule_cell(t, row, "halt_min", r);
	if (figures > (long)full)
		return result_fail(r, RULE_DATA,
		    "--figures: %ld is more than a full %s unit (%ld figures)",
		    figures, cls, (long)full);
	state = morale_state(t, row, figures);
	if (state == NULL)
		return result_fail(r, RULE_DATA, "the morale-bands row for %s is not complete", cls);
	result_word(r, "state", state);
	result_int(r, "figures_left", figures);
	result_summary(r, "%s unit with %ld figures left: %s", cls, figures,
	    strcmp(state, "ok") == 0 ? "OK" :
	    strcmp(state, "halt") == 0 ? "HALT" : "FALL BACK");
	result_work(r, "%s [%s], %s: OK %ld-%ld, Halt %ld-%ld, Fall back %ld-0",
	    t->title, t->provenance, cls, (long)full, (long)ok, (long)ok - 1,
	    (long)halt, (long)halt - 1);
	result_work(r, "morale is continuous, never tested: routs come from falling morale, three continuous or six cumulative push backs");
	return RULE_OK;
}

/* ---- rally ---------------------------------------------------------- */

static const struct input_decl rally_inputs[] = {
	{ "after", IN_CHOICE, "follow-up|push-back|pursuit|continuous-pushbacks", 0, 0,
	  "follow-up|push-back|pursuit|continuous-pushbacks", NULL, NULL,
	  "what the brigade is rallying after", 0 },
	{ "attempt", IN_COUNT, "1|2|3", 1, 3, NULL, NULL, NULL,
	  "after following up: which attempt (the third is automatic)", 0 },
	{ "pushbacks", IN_COUNT, "1|2", 0, 3, NULL, NULL, NULL,
	  "after being pushed back: how many continuous push backs", 0 },
	{ "moves", IN_COUNT, "1|2|3", 1, 3, NULL, NULL, NULL,
	  "halting a pursuit: moves of pursuit made", 0 },
	{ "type", IN_CHOICE, "infantry|cavalry", 0, 0, "infantry|cavalry",
	  "infantry", NULL, "the brigade's arm (mounted pursuers also move at half speed)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the rallying unit of the game (a rally clears its disorder)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* "Note that units rallying are disordered, cannot fire and are -6 in
 * melee": in a game the brigade is rallying for its moves of rallying,
 * and in order after them; "for that same number of moves again they can
 * only move at half speed". */
static void
rally_fields(struct result *r, int rallied, long moves, long half)
{
	if (rallied) {
		result_flag(r, "unit", "disordered", 0);
		if (moves > 0)
			result_flag_for(r, "unit", "rallying", moves);
		if (half > 0)
			result_flag_for(r, "unit", "half-speed", moves + half);
	}
	result_bool(r, "rallied", rallied);
	result_int(r, "moves_rallying", moves);
	result_int(r, "moves_half_speed", half);
}

/* "This is achieved by rolling a 5 or 6 on one ordinary dice ... a roll of
 * 4, 5 or 6 ... after which the unit(s) automatically rally." */
static int
rally_follow_up(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "rally-follow-up", r);
	long attempt = in_count(in, "attempt");
	char key[16];
	double min;
	int row, face;

	if (t == NULL)
		return RULE_DATA;
	if (!in_given(in, "attempt"))
		return result_fail(r, RULE_USAGE,
		    "--after follow-up needs --attempt 1|2|3 (which attempt this is)");
	text_long(key, sizeof key, attempt);
	row = table_row(t, "attempt", key);
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no attempt %ld",
		    t->title, attempt);
	if (table_number(t, row, "min", &min) != 0) {
		rally_fields(r, 1, 1, 0);
		result_summary(r, "rallies automatically after follow up %ld", attempt);
		result_work(r, "%s [%s]: attempt %ld is automatic", t->title,
		    t->provenance, attempt);
		result_work(r, "rallying units are disordered, cannot fire and are -6 in melee");
		return RULE_OK;
	}
	if ((face = dice_take(d, DIE_D6, "rally d6")) < 0)
		return RULE_DATA;
	result_work(r, "%s [%s]: attempt %ld needs %ld or more, rolled %d",
	    t->title, t->provenance, attempt, (long)min, face);
	if (face >= (long)min) {
		rally_fields(r, 1, 1, 0);
		result_summary(r, "rallies: spends this move rallying (disordered, cannot fire, -6 in melee)");
	} else {
		rally_fields(r, 0, 0, 0);
		result_summary(r, "fails to rally: another move of follow up");
	}
	return RULE_OK;
}

/* "The unit(s) spend the same number of moves rallying as they were pushed
 * back. Similarly, for that same number of moves again they can only move
 * at half speed." */
static int
rally_push_back(const struct inputs *in, struct result *r)
{
	long n = in_count(in, "pushbacks");

	if (!in_given(in, "pushbacks"))
		return result_fail(r, RULE_USAGE,
		    "--after push-back needs --pushbacks 1|2 (how many times it was pushed back)");
	if (n == 0) {
		rally_fields(r, 0, 0, 0);
		result_forbid(r, "the brigade has not been pushed back: there is nothing to rally from");
		result_summary(r, "cannot rally after a push back: not pushed back");
		return RULE_OK;
	}
	if (n >= 3) {
		rally_fields(r, 0, 0, 0);
		result_forbid(r, "after three continuous push backs the brigade breaks and flees the field; it cannot rally");
		result_summary(r, "cannot rally: broken after three continuous push backs");
		return RULE_OK;
	}
	rally_fields(r, 1, n, n);
	result_summary(r, "rallies for %ld move%s, then %ld at half speed", n,
	    n == 1 ? "" : "s", n);
	result_work(r, "pushed back %ld time%s and broke contact: as many moves rallying, as many again at half speed",
	    n, n == 1 ? "" : "s");
	return RULE_OK;
}

/* "6 is required to halt after one move of pursuit, 5 or 6 after two, 4, 5
 * or 6 after three"; after three moves the pursuers must halt and rally. */
static int
rally_pursuit(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, BRIGADE, "pursuit-halt", r);
	long moves = in_count(in, "moves");
	int cavalry = in_is(in, "type", "cavalry"), row, face, halted;
	char key[16];
	double min;

	if (t == NULL)
		return RULE_DATA;
	if (!in_given(in, "moves"))
		return result_fail(r, RULE_USAGE,
		    "--after pursuit needs --moves 1|2|3 (the moves it has pursued so far)");
	text_long(key, sizeof key, moves);
	row = table_row(t, "moves", key);
	if (row < 0 || table_number(t, row, "min", &min) != 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %ld moves",
		    t->title, moves);
	if ((face = dice_take(d, DIE_D6, "pursuit halting d6")) < 0)
		return RULE_DATA;
	halted = face >= (long)min;
	result_work(r, "%s [%s]: after %ld move%s needs %ld or more, rolled %d",
	    t->title, t->provenance, moves, moves == 1 ? "" : "s", (long)min, face);
	if (!halted && moves >= 3) {
		halted = 1;
		result_work(r, "after three moves of pursuit the pursuers must halt and rally");
	}
	if (!halted) {
		rally_fields(r, 0, 0, 0);
		result_summary(r, "the pursuit goes on");
		return RULE_OK;
	}
	rally_fields(r, 1, moves, cavalry ? moves : 0);
	result_summary(r, "the pursuit halts: rally for %ld move%s%s", moves,
	    moves == 1 ? "" : "s", cavalry ? ", then as many at half speed" : "");
	result_work(r, "pursuers halt and rally for as many moves as they pursued%s",
	    cavalry ? "; mounted units also as many at half speed ('blown' horses)" : "");
	return RULE_OK;
}

static int
brigade_rally(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	const char *after = in_text(in, "after");

	if (after == NULL)
		return result_fail(r, RULE_USAGE,
		    "give --after follow-up|push-back|pursuit|continuous-pushbacks");
	if (strcmp(after, "follow-up") == 0)
		return rally_follow_up(ts, in, d, r);
	if (strcmp(after, "push-back") == 0)
		return rally_push_back(in, r);
	if (strcmp(after, "pursuit") == 0)
		return rally_pursuit(ts, in, d, r);
	/* "The winning brigade(s) must, after three continuous push backs,
	 * rally for that same number of moves and have a like number of moves
	 * at half speed." */
	rally_fields(r, 1, 3, 3);
	result_summary(r, "rallies for 3 moves, then 3 at half speed");
	result_work(r, "winners after three continuous push backs rally for as many moves and as many again at half speed");
	return RULE_OK;
}

static const struct rule_cmd brigade_cmds[] = {
	{ "fire", "infantry, artillery, rocket and counter-battery fire", NULL,
	  brigade_fire_inputs,
	  "infantry: the average die (--moving: a d6 first); artillery: one misfire d6 per gun, then the average die; rocket: a launch d6, one d6 per 6\" section, then the average die where it lands",
	  brigade_fire, brigade_fire_odds },
	{ "melee", "a round of melee, carry back both ways", NULL,
	  brigade_melee_inputs,
	  "the attacker's average die, the defender's average die; with --defender-firers: the defenders' d6, then (when they fire) their average die",
	  brigade_melee, NULL },
	{ "morale", "a unit's morale status from its figures left", NULL,
	  morale_inputs, "none", brigade_morale, NULL },
	{ "rally", "rallying after follow up, push back or pursuit", NULL,
	  rally_inputs,
	  "after follow-up: a d6 (none on the third attempt); after pursuit: a d6; after push-back: none",
	  brigade_rally, NULL },
	{ "fatigue", NULL, "the brigade rules have no fatigue", NULL, NULL, NULL, NULL },
	{ "move", "how far a brigade moves", NULL, brigade_move_inputs,
	  "one d6 per die of the type's move (skirmishers: white, then coloured); none when fleeing, pursuing or manhandling",
	  brigade_move, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_brigade = {
	BRIGADE, "Napoleonic Brigade Rules, Asquith & Spires, Mark 9",
	"figures", brigade_cmds, &brigade_roster,
};
