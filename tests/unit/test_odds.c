/* Unit tests of the odds: fractions, and the counting of split dice
 * against weighing every face, in every rule set. */
#include <math.h>

#include "unit.h"
#include "odds.h"

struct odds_call {
	const struct rule_cmd *cmd;
	struct tableset ts;
	struct inputs in;
};

static int
run_rule(void *ctx, struct dice *d, struct result *r)
{
	struct odds_call *c = ctx;

	return c->cmd->adjudicate(&c->ts, &c->in, d, r);
}

/* c set up for COMMAND of RULES with ARGS (split at spaces). */
static void
call_of(struct odds_call *c, const char *rules, const char *command, const char *args)
{
	static char buf[1024];
	char *argv[128];
	int argc = 0;

	memset(c, 0, sizeof *c);
	c->cmd = ruleset_cmd(ruleset_find(rules), command);
	c->ts = table_stock_set();
	assert_non_null(c->cmd);
	snprintf(buf, sizeof buf, "%s", args);
	for (char *tok = strtok(buf, " "); tok != NULL && argc < 127; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	assert_int_equal(inputs_parse(&c->in, rules, command, c->cmd->inputs, NULL, argc,
	    argv, &c->ts), 0);
}

/* The odds of COMMAND with ARGS into o, plain (every face) or counted. */
static void
odds_of(const char *rules, const char *command, const char *args, int plain,
    struct odds *o)
{
	static struct odds_call c;
	static struct dice d;
	static struct result r;

	call_of(&c, rules, command, args);
	o->plain = plain;
	assert_int_equal(odds_enumerate(run_rule, &c, &d, &r, o, 50000000L), RULE_OK);
}

/* The rule set's own odds of COMMAND with ARGS into o: its status, r
 * holding the sentence of a refusal. */
static int
own_odds_of(const char *rules, const char *command, const char *args, struct odds *o,
    struct result *r)
{
	static struct odds_call c;
	int rc;

	call_of(&c, rules, command, args);
	assert_non_null(c.cmd->odds);
	result_init(r);
	r->quiet = 1;
	rc = c.cmd->odds(&c.ts, &c.in, o, r);
	r->quiet = 0;
	return rc;
}

static const struct odds_value *
value_of(const struct odds *o, const char *field, const struct odds_value *v)
{
	for (int i = 0; i < o->n; i++)
		for (int k = 0; strcmp(o->f[i].name, field) == 0 && k < o->f[i].n; k++)
			if (odds_value_equal(&o->f[i].v[k], v))
				return &o->f[i].v[k];
	return NULL;
}

/* The value N of FIELD, a number. */
static const struct odds_value *
number_of(const struct odds *o, const char *field, long n)
{
	struct odds_value v;

	memset(&v, 0, sizeof v);
	v.type = FIELD_INT;
	v.n = n;
	v.d = (double)n;
	return value_of(o, field, &v);
}

/* Every field and value of a in b with the same exact probability, and
 * as many of each. */
static void
assert_same_odds(const struct odds *a, const struct odds *b)
{
	assert_int_equal(a->n, b->n);
	for (int i = 0; i < a->n; i++) {
		assert_string_equal(a->f[i].name, b->f[i].name);
		assert_int_equal(a->f[i].n, b->f[i].n);
		for (int k = 0; k < a->f[i].n; k++) {
			const struct odds_value *v = value_of(b, a->f[i].name, &a->f[i].v[k]);

			assert_non_null(v);
			assert_true(mpq_equal(v->p, a->f[i].v[k].p));
		}
	}
}

static void
counted_equals_every_face(void **state)
{
	static const struct {
		const char *rules, *command, *args;
	} cases[] = {
		{ "brigade", "fire", "--guns 3 --distance 6" },
		{ "brigade", "fire", "--guns 3 --distance 6 --crew 3,2,3" },
		{ "squares", "fire", "--artillery horse --range long --bases 1 --ap 3 --mod town" },
		{ "squares", "melee", "--attacker-spec light-cav:d6 --defender-spec foot-art" },
		{ "squares", "melee", "--attacker-spec inf:d6/d6 --defender-spec foot-art --mod defender-uphill" },
		{ "squares", "melee", "--attacker-spec heavy-cav:d6 --defender-spec light-cav:d6 --round 2" },
		{ "squares", "melee", "--attacker-spec heavy-cav:d6,heavy-cav:d6 --defender-spec light-cav:d6,light-cav:d8 --round 2" },
		{ "squares", "morale", "--morale d8 --hits 3" },
		{ "fury", "fire", "--fire-points 6 --mod leader-attached" },
		{ "fury", "melee", "--attacker-type cavalry --attacker-mod fresh,uphill --defender-mod worn" },
		{ "fury", "move", "--type infantry --quality good" },
		{ "fury", "move", "--type infantry --efc" },
		{ "2x2", "melee", "--attacker-type heavy-cavalry --defender-type line" },
		{ "ohw", "melee", "--attacker-type heavy-cavalry --defender-type infantry" },
	};
	static struct odds plain, counted;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		odds_of(cases[i].rules, cases[i].command, cases[i].args, 1, &plain);
		odds_of(cases[i].rules, cases[i].command, cases[i].args, 0, &counted);
		assert_same_odds(&plain, &counted);
		assert_true(counted.runs <= plain.runs);
	}
}

/* A pool of three dice of which only the highest counts, then a die that
 * only hits or misses: a rule of its own for the enumerator. */
static int
best_of_three(void *ctx, struct dice *d, struct result *r)
{
	static const enum die_kind kinds[] = { DIE_D6, DIE_AVG, DIE_D10 };
	int best = 0, f;

	(void)ctx;
	dice_max_pool(d, kinds, 3);
	for (int i = 0; i < 3; i++) {
		if ((f = dice_take(d, kinds[i], "pool %d", i)) < 0)
			return RULE_DATA;
		best = f > best ? f : best;
	}
	result_int(r, "best", best);
	if (best >= 9) {
		if ((f = dice_take_split(d, DIE_D8, dice_mask_from(DIE_D8, 5), 1, "hit")) < 0)
			return RULE_DATA;
		result_bool(r, "hit", f >= 5);
	}
	return RULE_OK;
}

/* Three dice of which only the sum counts, then a die that only hits or
 * misses. */
static int
sum_of_three(void *ctx, struct dice *d, struct result *r)
{
	static const enum die_kind kinds[] = { DIE_D6, DIE_AVG, DIE_D10 };
	int sum = 0, f;

	(void)ctx;
	dice_sum_pool(d, kinds, 3);
	for (int i = 0; i < 3; i++) {
		if ((f = dice_take(d, kinds[i], "pool %d", i)) < 0)
			return RULE_DATA;
		sum += f;
	}
	result_int(r, "sum", sum);
	if (sum >= 18) {
		if ((f = dice_take_split(d, DIE_D8, dice_mask_from(DIE_D8, 5), 1, "hit")) < 0)
			return RULE_DATA;
		result_bool(r, "hit", f >= 5);
	}
	return RULE_OK;
}

static void
sum_pool_equals_every_face(void **state)
{
	static struct odds plain, counted;
	static struct dice d;
	static struct result r;
	char buf[64];

	(void)state;
	plain.plain = 1;
	assert_int_equal(odds_enumerate(sum_of_three, NULL, &d, &r, &plain, 100000), RULE_OK);
	counted.plain = 0;
	assert_int_equal(odds_enumerate(sum_of_three, NULL, &d, &r, &counted, 100000), RULE_OK);
	assert_same_odds(&plain, &counted);
	assert_true(counted.runs < plain.runs / 5);
	/* sums 4 (1 + 2 + 1) to 21 (6 + 5 + 10); P(sum = 21) = 1/6 * 1/6 *
	 * 1/10; P(sum = 5) = (1/6 * 1/6 * 2/10) + (1/6 * 2/6 * 1/10) */
	odds_fraction(number_of(&counted, "sum", 21), buf, sizeof buf);
	assert_string_equal(buf, "1/360");
	odds_fraction(number_of(&counted, "sum", 5), buf, sizeof buf);
	assert_string_equal(buf, "1/90");
	assert_null(number_of(&counted, "sum", 3));
	assert_null(number_of(&counted, "sum", 22));
}

static void
max_pool_equals_every_face(void **state)
{
	static struct odds plain, counted;
	static struct dice d;
	static struct result r;
	char buf[64];

	(void)state;
	plain.plain = 1;
	assert_int_equal(odds_enumerate(best_of_three, NULL, &d, &r, &plain, 100000), RULE_OK);
	counted.plain = 0;
	assert_int_equal(odds_enumerate(best_of_three, NULL, &d, &r, &counted, 100000), RULE_OK);
	assert_same_odds(&plain, &counted);
	assert_true(counted.runs < plain.runs / 10);
	/* P(best = 10) = 1/10; P(best = 2) = 2/6 (d6) * 1/6 (avg) * 2/10 */
	odds_fraction(number_of(&counted, "best", 10), buf, sizeof buf);
	assert_string_equal(buf, "1/10");
	odds_fraction(number_of(&counted, "best", 2), buf, sizeof buf);
	assert_string_equal(buf, "1/90");
	assert_null(number_of(&counted, "best", 1));
}

/* A die whose kind hangs on the one before: a d6, then a d8 (1-2), the
 * average die (3-4), a d3 (5) or nothing (6).  The odds guess each node's
 * die from the one asked for before at its depth: wrong guesses of every
 * kind (a face the die has, one it has not, a ruling that asks for none)
 * must leave the odds exact. */
static int
die_after_die(void *ctx, struct dice *d, struct result *r)
{
	static const enum die_kind next[] = { DIE_D8, DIE_D8, DIE_AVG, DIE_AVG, DIE_D3 };
	int a, b = 0;

	(void)ctx;
	if ((a = dice_take(d, DIE_D6, "first")) < 0)
		return RULE_DATA;
	if (a < 6 && (b = dice_take(d, next[a - 1], "second")) < 0)
		return RULE_DATA;
	result_int(r, "total", a * 10 + b);
	return RULE_OK;
}

/* The chance of total a * 10 + b in 144ths: a d6 (24 each), then a d8 (3
 * a face), the average die (4 a side: 8 for its 3 and 4), a d3 (8) or
 * nothing. */
static long
in_144ths(int a, int b)
{
	if (a <= 2)
		return 3;
	if (a <= 4)
		return b == 3 || b == 4 ? 8 : 4;
	return a == 5 ? 8 : 24;
}

static void
guessed_dice_stay_exact(void **state)
{
	static struct odds o;
	static struct dice d;
	static struct result r;
	static const int last[] = { 8, 8, 5, 5, 3, 0 }, first[] = { 1, 1, 2, 2, 1, 0 };
	char want[32], got[64];
	mpq_t q;

	(void)state;
	mpq_init(q);
	for (int plain = 0; plain <= 1; plain++) {
		o.plain = plain;
		assert_int_equal(odds_enumerate(die_after_die, NULL, &d, &r, &o, 1000), RULE_OK);
		for (int a = 1; a <= 6; a++)
			for (int b = first[a - 1]; b <= last[a - 1]; b++) {
				mpq_set_ui(q, (unsigned long)in_144ths(a, b), 144);
				mpq_canonicalize(q);
				gmp_snprintf(want, sizeof want, "%Qd", q);
				assert_non_null(number_of(&o, "total", a * 10 + b));
				odds_fraction(number_of(&o, "total", a * 10 + b), got, sizeof got);
				assert_string_equal(got, want);
			}
		/* the average die's 3 and 4 are one branch each */
		assert_int_equal(o.leaves, 2 * 8 + 2 * 4 + 3 + 1);
	}
	mpq_clear(q);
	odds_free(&o);
}

/* True when a and b list the same fields, in the same order, with the
 * same values at the same exact probabilities. */
static int
same_odds(const struct odds *a, const struct odds *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++) {
		if (strcmp(a->f[i].name, b->f[i].name) != 0 || a->f[i].n != b->f[i].n)
			return 0;
		for (int k = 0; k < a->f[i].n; k++) {
			const struct odds_value *v = value_of(b, a->f[i].name, &a->f[i].v[k]);

			if (v == NULL || !mpq_equal(v->p, a->f[i].v[k].p))
				return 0;
		}
	}
	return 1;
}

/* The rule set's own odds of a ruling equal enumerating its every die,
 * fraction for fraction (or it leaves the ruling to the enumeration). */
static void
own_equals_enumerated(const char *rules, const char *command, const char *args)
{
	static struct odds enumerated, own;
	static struct result r;
	int rc;

	odds_of(rules, command, args, 0, &enumerated);
	rc = own_odds_of(rules, command, args, &own, &r);
	if (rc == ODDS_BY_DICE)
		return;
	if (rc != RULE_OK)
		fail_msg("%s %s %s: refused: %s", rules, command, args, r.error.text);
	if (!same_odds(&enumerated, &own))
		fail_msg("%s %s %s: the odds differ from the enumeration's", rules, command, args);
	result_free(&r);
}

/* The rule set's own odds (squares assaults) against enumerating. */
static void
own_odds_equal_enumeration(void **state)
{
	static const char *const cases[] = {
		"--attacker-spec inf:d6/d6 --defender-spec inf:d6/d6 --round 2",
		"--attacker-spec inf:d6/d6 --defender-spec inf:d6/d6 --round 2 --mod defender-uphill",
		"--attacker-spec cav:d6 --defender-spec inf:d6/d6 --round 2",
		"--attacker-spec inf:d8/d6 --defender-spec inf:d6/d6 --round 2",
		"--attacker-spec heavy-cav:d6,light-cav:d8 --defender-spec inf:d6/d8,foot-art --round 2 --mod defender-town",
		"--attacker-spec inf:d6/d6,foot-art --defender-spec mixed:d8/d6 --mod attacker-woods",
		"--attacker-spec cav:d6 --defender-spec inf:d6/d6 --mod defender-town",
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		own_equals_enumerated("squares", "melee", cases[i]);
}

/*
 * A battery's odds gun by gun against enumerating every misfire die and
 * the average die: batteries of one to four guns, crews in any order (and
 * guns with none), at each range, with per-gun bonuses (a hard cover's
 * taking a gun's points to nothing and below), at a battery, forbidden,
 * out of range; and the other fire, which the enumeration weighs.
 */
static void
battery_odds_equal_enumeration(void **state)
{
	static const char *const crews[] = {
		"--guns 1", "--guns 3", "--guns 2 --crew 1", "--guns 2 --crew 0,2",
		"--guns 2 --crew 3,1", "--guns 2 --crew 2,2", "--guns 3 --crew 0,3,1",
		"--guns 3 --crew 1,2,3", "--guns 3 --crew 3,3,1", "--guns 3 --crew 2,1,2",
		"--guns 4 --crew 2,0,2,1", "--guns 4 --crew 1,3,1,3", "--guns 4 --crew 3,2,1,3",
		"--guns 2 --crew 0",
	};
	static const char *const shots[] = {
		"--distance 20", "--distance 6", "--distance 2 --ammo canister --heavy",
		"--distance 9 --ammo shrapnel --mod enfilade,target-column",
		"--distance 12 --mod hard-cover", "--distance 14 --mod hard-cover --heavy",
		"--distance 20 --mod hard-cover",	/* (a row below 0: null) */
		"--distance 10 --gun howitzer --mod target-square",
		"--distance 3 --gun howitzer", "--distance 40",
		"--distance 6 --target-type battery --defence 20,7",
		"--distance 20 --target-type battery", "--distance 6 --moving",
		"--distance 6 --mod disordered",
	};
	static const char *const other[] = {
		"--firers 16 --distance 2", "--rocket --distance 10", "--firers 7 --distance 4 --moving",
	};
	char args[256];

	(void)state;
	for (size_t i = 0; i < sizeof crews / sizeof crews[0]; i++)
		for (size_t k = 0; k < sizeof shots / sizeof shots[0]; k++) {
			snprintf(args, sizeof args, "%s %s", crews[i], shots[k]);
			own_equals_enumerated("brigade", "fire", args);
		}
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		own_equals_enumerated("brigade", "fire", other[i]);
}

/*
 * A morale test's odds unit by unit against enumerating every die of
 * every tester: one to four testers of each type, die and a few hits (none
 * too), alone or in an open square, on a hill or in a town (a die fewer),
 * unable to retreat (a retest).
 */
static void
morale_odds_equal_enumeration(void **state)
{
	static const char *const units[] = {
		"brigade:d6:1", "brigade:d8:2", "foot-artillery:d6:1", "horse-artillery:d10:2",
		"brigade:d12:0", "brigade:d6:3",
	};
	static const char *const rest[] = {
		"", "--test brigade:d8:1 --test foot-artillery:d6:2",
		"--test horse-artillery:d6:1 --test brigade:d10:2 --test brigade:d6:0",
	};
	static const char *const situations[] = {
		"", "--mod cannot-retreat", "--mod hill", "--mod town --mod cannot-retreat",
		"--square-units 1", "--square-units 3 --mod cannot-retreat", "--square-units 6",
	};
	static const char *const single[] = {
		"--morale d6 --hits 2", "--morale d8 --hits 3 --mod cannot-retreat",
		"--morale d10 --hits 1 --type foot-artillery --mod cannot-retreat",
		"--morale d6 --hits 0 --square-units 2",
	};
	char args[512];

	(void)state;
	for (size_t a = 0; a < sizeof units / sizeof units[0]; a++)
		for (size_t b = 0; b < sizeof units / sizeof units[0]; b++)
			for (size_t k = 0; k < sizeof rest / sizeof rest[0]; k++)
				for (size_t s = 0; s < sizeof situations / sizeof situations[0]; s++) {
					if (k > 0 && (a + b + s) % 3 != 0)
						continue;	/* (a third of the longer tests) */
					snprintf(args, sizeof args, "--test %s --test %s %s %s", units[a],
					    units[b], rest[k], situations[s]);
					own_equals_enumerated("squares", "morale", args);
				}
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		snprintf(args, sizeof args, "--test %s --mod cannot-retreat", units[i]);
		own_equals_enumerated("squares", "morale", args);
	}
	for (size_t i = 0; i < sizeof single / sizeof single[0]; i++)
		own_equals_enumerated("squares", "morale", single[i]);
}

/* N average dice read only as the faces they show: their highest, their
 * sum and how many show 3, a rule of its own for the weighing. */
static int
sorted_dice(void *ctx, struct dice *d, struct result *r)
{
	const int *n = ctx;
	int f, best = 0, sum = 0, threes = 0;

	for (int i = 0; i < *n; i++) {
		if ((f = dice_take(d, DIE_AVG, "die %d", i)) < 0)
			return RULE_DATA;
		best = f > best ? f : best;
		sum += f;
		threes += f == 3;
	}
	result_int(r, "best", best);
	result_int(r, "sum", sum);
	result_int(r, "threes", threes);
	return RULE_OK;
}

/* Dice weighed by the faces they show equal every order of them; and a
 * turn's action dice the enumeration's. */
static void
unordered_equals_every_order(void **state)
{
	static struct odds each, unordered;
	static struct dice d;
	static struct result r;
	char args[64];

	(void)state;
	for (int n = 1; n <= 6; n++) {
		odds_reset(&unordered);
		assert_int_equal(odds_enumerate(sorted_dice, &n, &d, &r, &each, 1000000), RULE_OK);
		assert_int_equal(odds_unordered(sorted_dice, &n, DIE_AVG, n, &d, &r, &unordered),
		    RULE_OK);
		assert_true(same_odds(&each, &unordered));
		/* N + 3 choose 3 sets of the average die's four faces */
		assert_int_equal(unordered.leaves, (n + 3) * (n + 2) * (n + 1) / 6);
		snprintf(args, sizeof args, "--action-dice --commands %d", n);
		own_equals_enumerated("squares", "turn", args);
	}
	odds_free(&each);
	odds_free(&unordered);
}

/* The chance of VALUE in d as a fraction ("0" when d has none). */
static const char *
dist_fraction(const struct odds_dist *d, long value)
{
	static char buf[512];
	mpq_t p;

	mpq_init(p);
	for (int i = 0; i < d->n; i++)
		if (d->v[i] == value)
			odds_dist_p(d, i, p);
	gmp_snprintf(buf, sizeof buf, "%Qd", p);
	mpq_clear(p);
	return buf;
}

/* True when the ways of d add up to its whole. */
static int
whole(const struct odds_dist *d)
{
	mpz_t sum;
	int same;

	mpz_init(sum);
	for (int i = 0; i < d->n; i++)
		mpz_add(sum, sum, d->w[i]);
	same = mpz_cmp(sum, d->den) == 0;
	mpz_clear(sum);
	return same;
}

/* A d6 of 1 to 6: each face one way of six. */
static void
d6_part(struct odds_dist *d)
{
	odds_dist_init(d);
	for (long f = 1; f <= 6; f++)
		odds_dist_put_ui(d, f, 1);
	mpz_set_ui(d->den, 6);
}

/* Two d6 added: 2 and 12 in 1 way of 36, 7 in 6; the ways make the
 * whole; one more d6 (3d6): 10 in 27 of 216 (1/8), 3 in 1. */
static void
dist_adds_dice(void **state)
{
	struct odds_dist sum, d6;

	(void)state;
	odds_dist_init(&sum);
	odds_dist_put_ui(&sum, 0, 1);
	d6_part(&d6);
	odds_dist_add(&sum, &d6);
	odds_dist_add(&sum, &d6);
	assert_int_equal(sum.n, 11);
	assert_true(whole(&sum));
	assert_string_equal(dist_fraction(&sum, 2), "1/36");
	assert_string_equal(dist_fraction(&sum, 7), "1/6");
	assert_string_equal(dist_fraction(&sum, 12), "1/36");
	assert_string_equal(dist_fraction(&sum, 13), "0");
	/* added to itself: 4d6, 4 and 24 in 1 way of 1296 */
	odds_dist_add(&sum, &sum);
	assert_true(whole(&sum));
	assert_string_equal(dist_fraction(&sum, 4), "1/1296");
	assert_string_equal(dist_fraction(&sum, 14), "73/648");	/* 146 of 1296 */
	odds_dist_clear(&sum);
	odds_dist_init(&sum);
	odds_dist_put_ui(&sum, 0, 1);
	odds_dist_add_times(&sum, &d6, 3);
	assert_int_equal(sum.n, 16);
	assert_string_equal(dist_fraction(&sum, 10), "1/8");
	assert_string_equal(dist_fraction(&sum, 3), "1/216");
	odds_dist_clear(&sum);
	odds_dist_clear(&d6);
}

/* Copies of a part at once (binomially, or by squaring) equal adding
 * them one by one, and values of two counts (fired * 100 + crew) add
 * place by place. */
static void
dist_copies_equal_one_by_one(void **state)
{
	struct odds_dist part, three, once, each;
	mpq_t p, q;

	(void)state;
	mpq_init(p);
	mpq_init(q);
	odds_dist_init(&part);
	odds_dist_put_ui(&part, 0, 2);		/* misfires: 2 faces of 6 */
	odds_dist_put_ui(&part, 100 + 3, 4);	/* fires: one gun, crew 3 */
	mpz_set_ui(part.den, 6);
	odds_dist_init(&three);
	odds_dist_put_ui(&three, 0, 1);
	odds_dist_put_ui(&three, 5, 2);
	odds_dist_put_ui(&three, 7, 4);
	mpz_set_ui(three.den, 7);
	for (long times = 1; times <= 9; times++) {
		odds_dist_init(&once);
		odds_dist_init(&each);
		odds_dist_put_ui(&once, 0, 1);
		odds_dist_put_ui(&each, 0, 1);
		odds_dist_add_times(&once, &part, times);
		odds_dist_add_times(&once, &three, times);
		for (long k = 0; k < times; k++) {
			odds_dist_add(&each, &part);
			odds_dist_add(&each, &three);
		}
		assert_int_equal(once.n, each.n);
		assert_true(whole(&once));
		for (int i = 0; i < once.n; i++) {
			odds_dist_p(&once, i, p);
			for (int k = 0; k < each.n; k++)
				if (each.v[k] == once.v[i])
					odds_dist_p(&each, k, q);
			assert_true(mpq_equal(p, q));
		}
		odds_dist_clear(&once);
		odds_dist_clear(&each);
	}
	/* 60 guns of crew 3: all fire in (2/3)^60 */
	odds_dist_init(&once);
	odds_dist_put_ui(&once, 0, 1);
	odds_dist_add_times(&once, &part, 60);
	assert_int_equal(once.n, 61);
	assert_true(whole(&once));
	assert_string_equal(dist_fraction(&once, 60 * 103),
	    "1152921504606846976/42391158275216203514294433201");
	odds_dist_clear(&once);
	odds_dist_clear(&part);
	odds_dist_clear(&three);
	mpq_clear(p);
	mpq_clear(q);
}

/* The value V of FIELD in o as a fraction. */
static const char *
fraction_of(const struct odds *o, const char *field, const struct odds_value *v)
{
	static char buf[4096];
	const struct odds_value *at = value_of(o, field, v);

	assert_non_null(at);
	odds_fraction(at, buf, sizeof buf);
	return buf;
}

/* Every field's chances add up to exactly one. */
static void
assert_whole(const struct odds *o)
{
	mpq_t sum;

	mpq_init(sum);
	for (int i = 0; i < o->n; i++) {
		mpq_set_ui(sum, 0, 1);
		for (int k = 0; k < o->f[i].n; k++)
			mpq_add(sum, sum, o->f[i].v[k].p);
		assert_int_equal(mpq_cmp_ui(sum, 1, 1), 0);
	}
	mpq_clear(sum);
}

/*
 * Batteries past what trying every roll could weigh, checked by hand: 60
 * guns of crews 3, 3, 2, 2, 1, 1 ... at long range (20": no bonus), each
 * firing 2 times in 3: 40 fire on average, 20 misfire, with 2/3 of the 120
 * crew (80); every gun fires in (2/3)^60.  255 guns (the most a ruling's
 * 256 dice take, with the average die): 170 fire on average; 256 are
 * refused as the ruling refuses them.
 */
static void
large_batteries_by_hand(void **state)
{
	static struct odds o;
	static struct result r;
	static char args[512];
	double mean;
	int n;

	(void)state;
	n = snprintf(args, sizeof args, "--guns 60 --distance 20 --crew 3");
	for (int g = 1; g < 60; g++)
		n += snprintf(args + n, sizeof args - (size_t)n, ",%d", 3 - g % 6 / 2);
	assert_int_equal(own_odds_of("brigade", "fire", args, &o, &r), RULE_OK);
	assert_whole(&o);
	assert_true(odds_expected(&o.f[4], &mean));
	assert_string_equal(o.f[4].name, "guns_fired");
	assert_true(fabs(mean - 40) < 1e-9);
	assert_string_equal(o.f[5].name, "misfires");
	assert_true(odds_expected(&o.f[5], &mean) && fabs(mean - 20) < 1e-9);
	assert_string_equal(o.f[2].name, "row");
	assert_true(odds_expected(&o.f[2], &mean) && fabs(mean - 80) < 1e-9);
	assert_string_equal(fraction_of(&o, "guns_fired", number_of(&o, "guns_fired", 60)),
	    "1152921504606846976/42391158275216203514294433201");
	assert_int_equal(o.f[2].n, 121);	/* rows 0 to 120, each one way or more */
	assert_int_equal(own_odds_of("brigade", "fire", "--guns 255 --distance 20", &o, &r),
	    RULE_OK);
	assert_whole(&o);
	assert_true(odds_expected(&o.f[4], &mean) && fabs(mean - 170) < 1e-9);
	assert_int_equal(o.f[4].n, 256);
	assert_int_equal(own_odds_of("brigade", "fire", "--guns 256 --distance 20", &o, &r),
	    RULE_DATA);
	assert_string_equal(r.error.text, "the ruling asks for more than 256 dice");
	odds_free(&o);
}

/*
 * A morale test of twelve units, checked by hand: d8s pass on 5+, 1 in 2.
 * The last of them, with 6 hits, holds on no fail (1 in 64), or, unable
 * to retreat on one fail (6 in 64), on at most one of 7 dice again (8 in
 * 128): 1/64 + 6/64 x 1/16 = 11/512.  Without the retest its fails are
 * binomial: 3 on average.
 */
static void
large_morale_by_hand(void **state)
{
	static struct odds o;
	static struct result r;
	char args[512];
	struct odds_value holds;
	double mean;
	int n = 0;

	(void)state;
	for (int i = 0; i < 12; i++)
		n += snprintf(args + n, sizeof args - (size_t)n, "--test brigade:d8:%d ", 5 + i % 2);
	snprintf(args + n, sizeof args - (size_t)n, "--square-units 6 --mod cannot-retreat");
	assert_int_equal(own_odds_of("squares", "morale", args, &o, &r), RULE_OK);
	assert_whole(&o);
	memset(&holds, 0, sizeof holds);
	holds.type = FIELD_WORD;
	snprintf(holds.word, sizeof holds.word, "holds");
	assert_string_equal(fraction_of(&o, "outcome", &holds), "11/512");
	args[n] = '\0';
	assert_int_equal(own_odds_of("squares", "morale", args, &o, &r), RULE_OK);
	assert_whole(&o);
	assert_string_equal(o.f[0].name, "fails");
	assert_true(odds_expected(&o.f[0], &mean) && fabs(mean - 3) < 1e-9);
	assert_string_equal(fraction_of(&o, "outcome", &holds), "1/64");
	/* sixteen testers of 16 hits roll 256 dice; one hit more is refused */
	n = 0;
	for (int i = 0; i < 16; i++)
		n += snprintf(args + n, sizeof args - (size_t)n, "--test brigade:d6:16 ");
	assert_int_equal(own_odds_of("squares", "morale", args, &o, &r), RULE_OK);
	assert_whole(&o);
	snprintf(args + n - 3, sizeof args - (size_t)n + 3, "17");
	assert_int_equal(own_odds_of("squares", "morale", args, &o, &r), RULE_DATA);
	assert_string_equal(r.error.text, "the ruling asks for more than 256 dice");
	odds_free(&o);
}

/* A ruling past the limit is refused before a single run is weighed. */
static void
counted_before_weighed(void **state)
{
	static struct odds_call c;
	static struct odds o;
	static struct dice d;
	static struct result r;
	static char buf[512];
	char *argv[64];
	int argc = 0;

	(void)state;
	memset(&c, 0, sizeof c);
	c.cmd = ruleset_cmd(ruleset_find("brigade"), "fire");
	c.ts = table_stock_set();
	snprintf(buf, sizeof buf, "--guns 24 --distance 6 --crew %s",
	    "3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2");
	for (char *tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	assert_int_equal(inputs_parse(&c.in, "brigade", "fire", c.cmd->inputs, NULL, argc,
	    argv, &c.ts), 0);
	assert_int_equal(odds_enumerate(run_rule, &c, &d, &r, &o, 4000000L), RULE_DATA);
	assert_string_equal(r.error.text,
	    "the ruling has more than 4000000 outcomes to weigh; odds are not given for it");
	assert_int_equal(o.runs, 0);
	/* 8 guns of one crew: 77 runs, weighed under a limit of 77; under 40,
	 * below the count of every plan (45 when every gun misfires, 81 when
	 * they fire), refused at once */
	argc = 0;
	snprintf(buf, sizeof buf, "--guns 8 --distance 6");
	for (char *tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	assert_int_equal(inputs_parse(&c.in, "brigade", "fire", c.cmd->inputs, NULL, argc,
	    argv, &c.ts), 0);
	assert_int_equal(odds_enumerate(run_rule, &c, &d, &r, &o, 77), RULE_OK);
	assert_int_equal(o.runs, 77);
	assert_int_equal(odds_enumerate(run_rule, &c, &d, &r, &o, 40), RULE_DATA);
	assert_int_equal(o.runs, 0);
	odds_free(&o);
}

static void
fractions(void **state)
{
	static struct odds o;
	double mean;
	char buf[64];

	(void)state;
	odds_of("brigade", "fire", "--firers 16 --distance 2", 0, &o);
	assert_non_null(number_of(&o, "casualties", 1));
	odds_fraction(number_of(&o, "casualties", 1), buf, sizeof buf);
	assert_string_equal(buf, "1/2");
	assert_true(odds_expected(&o.f[0], &mean));
	assert_true(mean > 1.499 && mean < 1.501);
	odds_of("fury", "fire", "--fire-points 6", 0, &o);
	odds_fraction(number_of(&o, "score", 12), buf, sizeof buf);
	assert_string_equal(buf, "1/36");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counted_equals_every_face),
		cmocka_unit_test(max_pool_equals_every_face),
		cmocka_unit_test(sum_pool_equals_every_face),
		cmocka_unit_test(own_odds_equal_enumeration),
		cmocka_unit_test(battery_odds_equal_enumeration),
		cmocka_unit_test(morale_odds_equal_enumeration),
		cmocka_unit_test(unordered_equals_every_order),
		cmocka_unit_test(dist_adds_dice),
		cmocka_unit_test(dist_copies_equal_one_by_one),
		cmocka_unit_test(large_batteries_by_hand),
		cmocka_unit_test(large_morale_by_hand),
		cmocka_unit_test(guessed_dice_stay_exact),
		cmocka_unit_test(counted_before_weighed),
		cmocka_unit_test(fractions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
