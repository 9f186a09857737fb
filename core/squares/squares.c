/*
 * squares: the Napoleonic "squares" grid rules.  Units carry hit markers
 * and are rated by die types (d6 to d12); bombardment and assault roll
 * pools of dice, hits on 5+ (6+ in some cases), with rerolls and saves;
 * morale rolls one die per hit marker.  Distances are counted in squares.
 * This file: bombardment, rally, move, turn and the rule set's command
 * list; the shared look-ups are in squares_lookup.c, the assault in
 * squares_assault.c, morale in squares_morale.c, the game's side in
 * squares_state.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "squares.h"
#include "text.h"

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
	{ "rallied", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the unit rallied this turn: no other action (the game knows it)", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the bombarding artillery of the game", IN_OWN },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL,
	  "the target unit of the game (its hit markers are recorded)", IN_ENEMY },
	IN_OPPOSED_DECLS,
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Why a unit that rallied this turn may do nothing else (l.152). */
static const char rallied_why[] =
    "a battlefield rally takes all of a unit's actions for the turn (squares.txt l.152): it has rallied";

/* "Target infantry occupying a town ... roll one d8 per hit and ignore
 * one hit for every roll of 5+." */
static int
town_saves(const struct tableset *ts, long hits, struct dice *d, long *saved,
    struct result *r)
{
	long need = squares_threshold(ts, "save", r);
	long faces = squares_threshold(ts, "town-save-die", r);
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
	long need = squares_threshold(ts, woods ? "hit-woods" : "hit", r);
	enum die_kind k;

	if (t == NULL)
		return RULE_DATA;
	if (art == NULL || range == NULL)
		return result_fail(r, RULE_USAGE,
		    "give --artillery foot|horse and --range close|long");
	/* l.97: "Foot artillery cannot combine movement and bombardment
	 * actions in the same turn but Horse artillery can." */
	if ((strcmp(art, "foot") == 0 && in_flag(in, "moved")) || in_flag(in, "rallied")) {
		result_int(r, "hits", 0);
		result_int(r, "saved", 0);
		result_int(r, "hits_after_saves", 0);
		result_forbid(r, "%s", in_flag(in, "rallied") ? rallied_why :
		    "foot artillery cannot combine movement and bombardment in the same turn");
		result_summary(r, "no bombardment: %s", r->reason);
		dice_end_early(d);
		return RULE_OK;
	}
	row = table_row2(t, "artillery", art, "range", range);
	if (row < 0)
		return result_fail(r, RULE_DATA, "the %s has no row for %s at %s range",
		    t->title, art, range);
	k = squares_die_of(table_text(t, row, "die"));
	result_work(r, "%s [%s]: %s artillery at %s range rolls a %s per base per action point; hits on %ld+%s",
	    t->title, t->provenance, art, range, die_name(k), need,
	    woods ? " (woods)" : "");
	for (long b = 1; b <= bases; b++)
		for (long a = 1; a <= ap; a++) {
			int f = dice_take_split(d, k, dice_mask_from(k, need), GROUP_BOMBARD,
			    "%s of base %ld, action %ld", die_name(k), b, a);

			if (f < 0)
				return RULE_DATA;
			hits += f >= need;
			dice_note(d, dice_last(d), f >= need ? "hit" : "miss");
		}
	if (in_mod(in, "mod", "town") &&
	    (rc = town_saves(ts, hits, d, &saved, r)) != RULE_OK)
		return rc;
	result_int(r, "hits", hits);
	result_int(r, "saved", saved);
	result_int(r, "hits_after_saves", hits - saved);
	result_ledger(r, "target", "loss", hits - saved);
	result_summary(r, "%ld hit%s%s", hits - saved, hits - saved == 1 ? "" : "s",
	    saved > 0 ? " after saves" : "");
	if (strcmp(art, "foot") == 0) {
		result_work(r, "foot artillery cannot combine movement and bombardment in the same turn");
		result_flag(r, "unit", "bombarded", 1);
	}
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
	result_bool(r, "rallied", rallied);
	result_int(r, "hits_before", before);
	result_int(r, "hits_after", after);
	if (after < before)
		result_ledger(r, "unit", "loss", after - before);
}

/* "Units with 2 or more hit markers roll 1 die ... and pass on a 5+ ...
 * may not remove their final hit marker ... only if there are no enemy
 * units in any of the eight adjacent squares." */
static int
battlefield_rally(const struct tableset *ts, const struct inputs *in,
    long hits, struct dice *d, struct result *r)
{
	const struct table *t = rule_table(ts, SQ, "morale-modifiers", r);
	long need = squares_threshold(ts, "rally", r);
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
	k = squares_die_of(in_text(in, "morale"));
	if ((f = dice_take(d, k, "rally %s", die_name(k))) < 0)
		return RULE_DATA;
	rally_fields(r, f >= need, hits, f >= need ? hits - 1 : hits);
	/* l.152: "Battlefield rallying takes all of a unit's actions for the
	 * turn (whether the action die shows 1, 2 or 3 actions)." */
	result_flag(r, "unit", "rallied", 1);
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
		return result_fail(r, RULE_USAGE, "give --hits N");
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
	{ "rallied", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "the unit rallied this turn: no other action (the game knows it)", 0 },
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

/* A step's direction in words: "ne" is north-east. */
static const char *
direction_words(const char *dir)
{
	static const char *const dirs[][2] = {
		{ "n", "north" }, { "ne", "north-east" }, { "e", "east" },
		{ "se", "south-east" }, { "s", "south" }, { "sw", "south-west" },
		{ "w", "west" }, { "nw", "north-west" },
	};

	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (strcmp(dirs[i][0], dir) == 0)
			return dirs[i][1];
	return dir;
}

/* What a step enters, in words: "-" is open ground, "hill+river" hills,
 * crossing a river. */
static const char *
terrain_words(const char *terrain, char *buf, size_t n)
{
	const char *ground = has_word(terrain, "woods") ? "woods" :
	    has_word(terrain, "hill") ? "hills" : "open ground";

	snprintf(buf, n, "%s%s%s", has_word(terrain, "town") ? "a town" : ground,
	    has_word(terrain, "town") && strcmp(ground, "open ground") != 0 ? " in " : "",
	    has_word(terrain, "town") && strcmp(ground, "open ground") != 0 ? ground : "");
	if (has_word(terrain, "river"))
		snprintf(buf + strlen(buf), n - strlen(buf), ", crossing a river");
	return buf;
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
	char buf[256], terrain[64], words[96];
	long cost = 0, step = 0, ap;
	int diagonals = 0, steps = 0, rc;

	(void)d;
	if (t == NULL)
		return RULE_DATA;
	if (path == NULL && !in_flag(in, "assault"))
		return result_fail(r, RULE_USAGE, "give --path DIRS (or --assault)");
	text_copy(buf, sizeof buf, path != NULL ? path : "");
	for (char *save = NULL, *dir = strtok_r(buf, ",", &save); dir != NULL;
	    dir = strtok_r(NULL, ",", &save), steps++) {
		step_terrain(in_text(in, "terrain"), steps, terrain, sizeof terrain);
		if ((rc = step_cost(t, dir, terrain, &diagonals, &step, r)) != RULE_OK)
			return rc;
		if (why == NULL)
			why = path_forbidden(type, terrain, save == NULL || *save == '\0');
		result_work(r, "step %d: %s, into %s: %ld AP", steps + 1, direction_words(dir),
		    terrain_words(terrain, words, sizeof words), step);
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
	if (why == NULL && in_flag(in, "rallied"))
		why = rallied_why;
	ap = in_count(in, "ap");
	/* "Light cavalry who move but do not launch an assault may take one
	 * action more." */
	if (in_given(in, "ap") && strcmp(type, "light-cavalry") == 0 && !in_flag(in, "assault")) {
		ap += ap_of(t, "light-cavalry", r);
		result_mod(r, "light-cavalry", (double)ap_of(t, "light-cavalry", r));
	}
	if (why == NULL && in_given(in, "ap") && cost > ap)
		why = "not enough action points for the path";
	result_int(r, "ap_cost", cost);
	if (in_given(in, "ap"))
		result_int(r, "ap_left", why != NULL ? ap : ap - cost);
	else
		result_null(r, "ap_left");
	if (why != NULL) {
		result_forbid(r, "%s", why);
		result_summary(r, "may not move: %s (%ld AP)", why, cost);
		return RULE_OK;
	}
	if (strcmp(type, "foot-artillery") == 0)
		result_flag(r, "unit", "moved", 1);
	result_summary(r, "%ld action point%s", cost, cost == 1 ? "" : "s");
	return RULE_OK;
}

/* ---- turn: action dice and the generals' dice-off -------------------- */

static const struct input_decl turn_inputs[] = {
	{ "action-dice", IN_FLAG, "", 0, 0, NULL, NULL, NULL,
	  "roll the turn's action dice: one d3 per command (in a game: its commands)",
	  IN_GAME_ALONE },
	{ "commands", IN_COUNT, "N", 1, 50, NULL, NULL, NULL,
	  "commands on both sides (generals, not the commanders-in-chief; in a game: its command formations)", 0 },
	{ "dice-off", IN_SPEC, "dA,dB", 0, 0, "D", NULL,
	  "dA,dB: each general's die, d6, d8, d10 or d12",
	  "two generals' die types competing for the next action die", 0 },
	{ "general", IN_UNIT, "COMMAND", 0, 0, NULL, NULL, NULL,
	  "in a game: the two commands whose generals dice off (their --quality dice); repeat",
	  IN_REPEAT | IN_FORMATION },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static int
compare_desc(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

/* The two generals of a dice-off as the working names them: in a game
 * their commands, else by their place in --dice-off dA,dB. */
static void
general_names(const struct result *r, const char *names[2])
{
	names[0] = result_named(r, "general:0");
	names[1] = result_named(r, "general:1");
	if (names[0] == NULL || names[1] == NULL) {
		names[0] = "the first general";
		names[1] = "the second general";
	}
}

static int
dice_off(const struct inputs *in, struct dice *d, struct result *r)
{
	struct in_item ia, ib;
	enum die_kind ka, kb;
	int fa, fb;
	const char *winner, *names[2];

	if (in_nitems(in, "dice-off") != 2 || !in_item(in, "dice-off", 0, &ia) ||
	    !in_item(in, "dice-off", 1, &ib))
		return result_fail(r, RULE_DATA, "--dice-off: '%s' is not dA,dB (e.g. d8,d10)",
		    in_text(in, "dice-off"));
	ka = (enum die_kind)ia.part[0].die;
	kb = (enum die_kind)ib.part[0].die;
	general_names(r, names);
	if ((fa = dice_take(d, ka, "%s of %s", die_name(ka), names[0])) < 0 ||
	    (fb = dice_take(d, kb, "%s of %s", die_name(kb), names[1])) < 0)
		return RULE_DATA;
	/* "In the case of tie the winner is the general with the largest
	 * command die ... same score on the same die-type: roll again." */
	winner = fa > fb ? "a" : fb > fa ? "b" : die_max(ka) > die_max(kb) ? "a" :
	    die_max(kb) > die_max(ka) ? "b" : "reroll";
	result_word(r, "winner", winner);
	/* In a game, the winning general's command keeps it: a ruling
	 * inside the turn that undo takes back. */
	if (strcmp(winner, "reroll") != 0)
		result_part(r, strcmp(winner, "a") == 0 ? "general" : "general:1",
		    "dice-off");
	result_int(r, "score_a", fa);
	result_int(r, "score_b", fb);
	if (strcmp(winner, "reroll") == 0)
		result_summary(r, "a tie on the same die: roll again");
	else
		result_summary(r, "%s wins the action die", names[strcmp(winner, "a") != 0]);
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
		    "give --action-dice --commands N, or --dice-off dA,dB");
	n = (int)in_count(in, "commands");
	for (int i = 0; i < n; i++)
		if ((faces[i] = dice_take(d, DIE_D3, "action d3 %d", i + 1)) < 0)
			return RULE_DATA;
	qsort(faces, (size_t)n, sizeof faces[0], compare_desc);
	result_list(r, "action_dice");
	for (int i = 0; i < n; i++) {
		result_int(r, NULL, faces[i]);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d",
		    i ? ", " : "", faces[i]);
	}
	result_list_end(r);
	result_summary(r, "%d action dice, largest first: %s", n, list);
	result_work(r, "one d3 per command (faces 1, 1, 2, 2, 3, 3), arranged largest first");
	return RULE_OK;
}

/* A turn's ruling, run for its odds. */
struct turn_run {
	const struct tableset *ts;
	const struct inputs *in;
};

static int
turn_alone(void *ctx, struct dice *d, struct result *r)
{
	const struct turn_run *c = ctx;

	return squares_turn(c->ts, c->in, d, r);
}

/* The action dice are read only as the faces they show, arranged largest
 * first: their odds are weighed by those faces, not their orders (a d3 a
 * command: 1,326 sets of faces of 50 commands, not 3^50 orders). */
static int
squares_turn_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r)
{
	static struct dice d;
	static struct result run;
	struct turn_run c = { ts, in };
	int rc;

	if (in_given(in, "dice-off") || !in_flag(in, "action-dice") || !in_given(in, "commands"))
		return ODDS_BY_DICE;
	odds_reset(o);
	o->how = "the action dice weighed by the faces they show, in no order";
	rc = odds_unordered(turn_alone, &c, DIE_D3, (int)in_count(in, "commands"), &d,
	    &run, o);
	if (rc != RULE_OK)
		result_fail(r, rc, "%s", ruling_error(&run, &d)->text);
	result_free(&run);
	return rc;
}

static const struct rule_cmd squares_cmds[] = {
	{ "fire", "bombardment: one die per base per action point", NULL, fire_inputs,
	  "one die per base per action point (bases in order); in a town one d8 save per hit",
	  squares_fire, NULL },
	{ "melee", "assault: skirmish, hits, rerolls, saves", NULL, squares_melee_inputs,
	  "skirmish dice (attacker's units, then defender's), attacker's dice, defender's dice, rerolls (attacker's, then defender's), saves",
	  squares_melee, squares_melee_odds },
	{ "morale", "morale: one die per hit marker", NULL, squares_morale_inputs,
	  "one morale die per hit marker (one fewer on a hill or in a town), unit by unit",
	  squares_morale, squares_morale_odds },
	{ "rally", "battlefield and overnight rallying", NULL, rally_inputs,
	  "battlefield: one morale die; overnight: none", squares_rally, NULL },
	{ "fatigue", NULL, "the squares rules have no fatigue", NULL, NULL, NULL, NULL },
	{ "move", "action points of a path; stacking", NULL, move_inputs, "none",
	  squares_move, NULL },
	{ "turn", "the turn's action dice and the generals' dice-off", NULL, turn_inputs,
	  "--action-dice: one d3 per command; --dice-off: each general's die", squares_turn,
	  squares_turn_odds },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ruleset ruleset_squares = {
	SQ, "Napoleonic \"squares\" grid rules", "hits", squares_cmds, &squares_roster,
};
