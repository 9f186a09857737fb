/*
 * squares: the morale test of one unit or several in turn, and its exact
 * odds, unit by unit.
 */
#include <stdio.h>
#include <string.h>

#include "odds.h"
#include "squares.h"
#include "text.h"

#define TEST_SHAPES "brigade:D:N|horse-artillery:D:N|foot-artillery:D:N"

/* ---- morale --------------------------------------------------------- */

const struct input_decl squares_morale_inputs[] = {
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
morale_dice(const struct tableset *ts, const struct inputs *in, int group,
    const char *label, enum die_kind k, long hits, struct dice *d, long *fails,
    struct result *r)
{
	long need = squares_threshold(ts, "morale", r);
	long dice = hits - ((in_mod(in, "mod", "hill") || in_mod(in, "mod", "town")) ? 1 : 0);

	*fails = 0;
	for (long i = 1; i <= dice; i++) {
		int f = dice_take_split(d, k, dice_mask_from(k, need), group,
		    "morale %s of %s (%ld of %ld)", die_name(k), label, i, dice);

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
	char placed[EFFECT_ROLE], label[160];
	int rc;

	/* In a game the unit's name, else its place among the testers. */
	snprintf(placed, sizeof placed, "unit:%d", unit - 1);
	if (result_named(r, placed) != NULL)
		text_copy(label, sizeof label, result_named(r, placed));
	else
		snprintf(label, sizeof label, "unit %d", unit);
	*extra = 0;
	if ((rc = morale_dice(ts, in, GROUP_MORALE + unit, label, k, hits, d, fails,
	    r)) != RULE_OK)
		return rc;
	*outcome = morale_outcome(*fails, type);
	result_work(r, "%s (%s, %s, %ld hit%s): %ld fail%s: %s", label, type,
	    die_name(k), hits, hits == 1 ? "" : "s", *fails, *fails == 1 ? "" : "s", *outcome);
	if (strcmp(*outcome, "retreats") != 0 || !in_mod(in, "mod", "cannot-retreat"))
		return RULE_OK;
	*extra = 1;
	/* (a pool of its own: these dice are rolled only as the first fell) */
	if ((rc = morale_dice(ts, in, GROUP_RETEST + unit, label, k, hits + 1, d, fails,
	    r)) != RULE_OK)
		return rc;
	*outcome = *fails >= 2 ? "destroyed" : "holds";
	result_work(r, "%s cannot retreat: one more hit, tests again with %ld: %ld fail%s: %s",
	    label, hits + 1, *fails, *fails == 1 ? "" : "s", *outcome);
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
	if (in_nitems(in, "test") > MORALE_TESTERS)
		return result_fail(r, RULE_DATA, "--test: at most %d units", MORALE_TESTERS);
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
		return result_fail(r, RULE_USAGE, "give --morale dN and --hits N");
	text_copy(t[0].type, sizeof t[0].type, in_text(in, "type"));
	die_parse(in_text(in, "morale"), &t[0].die);
	t[0].hits = in_count(in, "hits");
	*n = 1;
	return RULE_OK;
}

/* A tester that retreats or is destroyed (what the open square counts). */
static int
gives_way(const char *outcome)
{
	return strcmp(outcome, "holds") != 0;
}

/* What a tester came to: its record's fields. */
static void
tester_fields(struct result *r, long fails, const char *outcome, int extra)
{
	result_int(r, "fails", fails);
	result_word(r, "outcome", outcome);
	result_bool(r, "extra_hit", extra);
}

/*
 * The ruling's last fields, once its N testers have tested: the last
 * one's fails and outcome, and, for an open square, whether the rest must
 * retreat ("If more than half of the units in an OPEN square retreat or
 * are destroyed then the remaining units in the square must retreat"),
 * GONE of the testers having given way.
 */
static void
morale_close(const struct inputs *in, int n, long gone, long fails,
    const char *outcome, struct result *r)
{
	result_int(r, "fails", fails);
	result_word(r, "outcome", outcome);
	if (in_given(in, "square-units")) {
		int forced = gone * 2 > in_count(in, "square-units");

		result_bool(r, "square_must_retreat", forced);
		if (forced) {
			result_work(r, "%ld of the square's %ld units retreat or are destroyed: the rest must retreat",
			    gone, in_count(in, "square-units"));
			result_part(r, "square-mates:*", "must-retreat");
		}
	}
	if (n == 1)
		result_summary(r, "%s (%ld fail%s)", outcome, fails, fails == 1 ? "" : "s");
	else
		result_summary(r, "%d units tested: %ld retreat or are destroyed", n, gone);
}

int
squares_morale(const struct tableset *ts, const struct inputs *in,
    struct dice *d, struct result *r)
{
	struct tester t[MORALE_TESTERS];
	long fails = 0, gone = 0;
	const char *outcome = "holds";
	int n, rc, extra;

	if ((rc = testers(in, t, &n, r)) != RULE_OK)
		return rc;
	result_list(r, "units");
	for (int i = 0; i < n; i++) {
		char role[24];

		if ((rc = test_unit(ts, in, i + 1, t[i].type, t[i].die, t[i].hits, d,
		    r, &fails, &outcome, &extra)) != RULE_OK)
			return rc;
		gone += gives_way(outcome);
		result_open(r, NULL);
		tester_fields(r, fails, outcome, extra);
		result_close(r);
		snprintf(role, sizeof role, "unit:%d", i);
		if (extra)
			result_ledger(r, role, "loss", 1);
		if (strcmp(outcome, "destroyed") == 0)
			result_state(r, role, "destroyed", 0);
		if (strcmp(outcome, "retreats") == 0)
			result_part(r, role, "retreats");
	}
	result_list_end(r);
	morale_close(in, n, gone, fails, outcome, r);
	return RULE_OK;
}

/* ---- the odds of a morale test, unit by unit ---------------------------- */

/*
 * The exact odds of a morale test without trying every roll of all its
 * testers' dice together.  Each tester is a part of its own, independent
 * of the others: its dice (a retest's too) are weighed by enumerating the
 * ruling's own test of that unit alone (test_unit).  After its testers the
 * ruling reads only how many gave way and what the last one came to: its
 * last fields are morale_close's, run once for each such pair, weighed by
 * the chance of the count (the others' parts added: odds_dist) and of the
 * last one's end.  Proven equal to enumerating every die in
 * tests/unit/test_odds.c.
 */

#define TESTER_RUNS 1000000L	/* 100 hits unable to retreat take 10,505 */
#define TESTER_ENDS (3 * 102)	/* outcomes by fails, 0 to 101 */

/* What one tester can come to, each end with its chance. */
struct tester_odds {
	struct tester t;	/* the tester (one alike has the same odds) */
	struct {
		long fails;
		char outcome[16];
		mpq_t p;
	} end[TESTER_ENDS];
	int nend, ninit;	/* ends listed; their fractions made (kept) */
	mpq_t gives;		/* its chance of giving way */
	int dice;		/* the most dice its test takes */
};

/* One tester's test alone, as the ruling makes it. */
struct tester_run {
	const struct tableset *ts;
	const struct inputs *in;
	int unit;
	const struct tester *t;
};

static int
tester_alone(void *ctx, struct dice *d, struct result *r)
{
	const struct tester_run *c = ctx;
	const char *outcome;
	long fails;
	int extra, rc;

	if ((rc = test_unit(c->ts, c->in, c->unit, c->t->type, c->t->die, c->t->hits, d,
	    r, &fails, &outcome, &extra)) != RULE_OK)
		return rc;
	tester_fields(r, fails, outcome, extra);
	return RULE_OK;
}

/* A complete test of the tester: its end weighs p more. */
static int
tester_end(void *ctx, const struct result *r, const struct dice *d, mpq_srcptr p)
{
	struct tester_odds *t = ctx;
	const struct result_field *fails = result_top(r, "fails");
	const char *outcome = result_word_of(r, result_top(r, "outcome"));
	int i = 0;

	if (d->nused > t->dice)
		t->dice = d->nused;
	if (gives_way(outcome))
		mpq_add(t->gives, t->gives, p);
	while (i < t->nend && (t->end[i].fails != fails->v.n ||
	    strcmp(t->end[i].outcome, outcome) != 0))
		i++;
	if (i == t->nend) {
		if (i == TESTER_ENDS || strlen(outcome) >= sizeof t->end[i].outcome)
			return RULE_BUG;	/* (told by tester_odds) */
		if (i == t->ninit)
			mpq_init(t->end[t->ninit++].p);
		t->end[i].fails = fails->v.n;
		text_copy(t->end[i].outcome, sizeof t->end[i].outcome, outcome);
		mpq_set_ui(t->end[i].p, 0, 1);
		t->nend++;
	}
	mpq_add(t->end[i].p, t->end[i].p, p);
	return RULE_OK;
}

/* The odds of tester T (unit UNIT of the test): its ends, its chance of
 * giving way, its most dice. */
static int
tester_odds(const struct tableset *ts, const struct inputs *in, int unit,
    const struct tester *t, struct tester_odds *to, struct odds *o, struct result *r)
{
	static struct dice d;
	static struct result part;
	static struct odds runs;
	struct tester_run run = { ts, in, unit, t };
	int rc;

	to->t = *t;
	to->nend = to->dice = 0;
	mpq_set_ui(to->gives, 0, 1);
	rc = odds_leaves(tester_alone, &run, tester_end, to, &d, &part, &runs, TESTER_RUNS);
	o->runs += runs.runs;
	if (rc == RULE_BUG && part.error.text[0] == '\0')
		result_fail(r, rc, "a tester's test ends more ways than the odds keep");
	else if (rc != RULE_OK)
		result_fail(r, rc, "%s", ruling_error(&part, &d)->text);
	result_free(&part);
	return rc;
}

/* The same tester as one weighed before. */
static int
same_tester(const struct tester *a, const struct tester *b)
{
	return strcmp(a->type, b->type) == 0 && a->die == b->die && a->hits == b->hits;
}

/* How many of the testers before the last give way: their parts added. */
static void
gone_before(struct tester_odds *const *to, int n, struct odds_dist *gone)
{
	mpz_t holds;

	mpz_init(holds);
	odds_dist_put_ui(gone, 0, 1);
	for (int i = 0; i < n - 1; i++) {
		mpq_srcptr gives = to[i]->gives;
		struct odds_dist one;

		odds_dist_init(&one);
		mpz_sub(holds, mpq_denref(gives), mpq_numref(gives));
		odds_dist_put(&one, 0, holds);
		odds_dist_put(&one, 1, mpq_numref(gives));
		mpz_set(one.den, mpq_denref(gives));
		odds_dist_add(gone, &one);
		odds_dist_clear(&one);
	}
	mpz_clear(holds);
}

/* The ruling's last fields for each end of the last tester and each count
 * of the others giving way. */
static void
close_odds(const struct inputs *in, int n, const struct tester_odds *last,
    const struct odds_dist *gone, struct odds *o)
{
	static struct result part;
	mpq_t q, p;

	mpq_init(q);
	mpq_init(p);
	for (int e = 0; e < last->nend; e++)
		for (int k = 0; k < gone->n; k++) {
			result_init(&part);
			part.quiet = 1;
			morale_close(in, n, gone->v[k] + gives_way(last->end[e].outcome),
			    last->end[e].fails, last->end[e].outcome, &part);
			odds_dist_p(gone, k, q);
			mpq_mul(p, q, last->end[e].p);
			odds_add_result(o, &part, p);
			result_free(&part);
			o->runs++;
			o->leaves++;
		}
	mpq_clear(p);
	mpq_clear(q);
}

int
squares_morale_odds(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r)
{
	static struct tester t[MORALE_TESTERS];
	static struct tester_odds kept[MORALE_TESTERS];
	static int made;
	struct tester_odds *to[MORALE_TESTERS];
	struct odds_dist gone;
	int n, nkept = 0, dice = 0, rc;

	odds_reset(o);
	o->how = "each unit's dice weighed alone, the units convolved";
	if ((rc = testers(in, t, &n, r)) != RULE_OK)
		return rc;
	for (; made < MORALE_TESTERS; made++)
		mpq_init(kept[made].gives);
	for (int i = 0; i < n; i++) {
		int k = 0;

		while (k < nkept && !same_tester(&kept[k].t, &t[i]))
			k++;
		if (k == nkept && (rc = tester_odds(ts, in, i + 1, &t[i], &kept[nkept++], o,
		    r)) != RULE_OK)
			return rc;
		to[i] = &kept[k];
		dice += to[i]->dice;
	}
	if (dice > DICE_MAX)
		return result_fail(r, RULE_DATA, "the ruling asks for more than %d dice", DICE_MAX);
	odds_dist_init(&gone);
	gone_before(to, n, &gone);
	if (gone.no_memory)
		rc = result_fail(r, RULE_DATA, "out of memory weighing the odds");
	else
		close_odds(in, n, to[n - 1], &gone, o);
	odds_dist_clear(&gone);
	return rc != RULE_OK ? rc : odds_finish(o, r);
}
