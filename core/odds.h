/*
 * odds: the exact distribution of a ruling's result over its dice.  The
 * rule function is run on every sequence of faces its dice can show: it
 * asks for its dice one at a time (dice_take), so a run on a prefix of
 * faces stops at the next die it wants, and the enumeration branches on
 * that die's faces (a run is also given the faces of the first children
 * below, guessed from the dice asked for before at their depths, so that
 * one run serves several nodes).  Rerolls, saves, misfire dice, dice
 * rolled only on some branches all follow from the rule function itself;
 * nothing is sampled.
 * Dice a rule marks as a pool of hits (dice_pool) are counted by how many
 * hit, not face by face.  Probabilities are exact fractions.
 * Where a ruling's parts are independent (a battery's guns, the units of a
 * morale test), a rule set's own odds (ruleset.h's odds_fn) weigh each
 * part with the rule's own code and combine the parts' distributions
 * (odds_dist, below) rather than try every roll.
 */
#ifndef UMPIRE_ODDS_H
#define UMPIRE_ODDS_H

#include <gmp.h>

#include "dice.h"
#include "result.h"

#define ODDS_FIELDS 64
#define ODDS_VALUES 65536	/* the most values a field lists */
#define ODDS_NAME 64
#define ODDS_TEXT 64

/* One value a field takes: of the field types, the scalar ones. */
struct odds_value {
	enum field_type type;	/* FIELD_NULL, _INT, _NUMBER, _WORD, _BOOL */
	long n;			/* FIELD_INT, FIELD_BOOL */
	double d;		/* FIELD_INT and FIELD_NUMBER: the number */
	char word[ODDS_TEXT];	/* FIELD_WORD */
	mpq_t p;		/* initialised while the value is listed */
};

struct odds_field {
	char name[ODDS_NAME];	/* "casualties", "attacker.stands_lost" */
	struct odds_value *v;	/* n listed, room for more (odds_free) */
	int n, room;
	int ascending;		/* every value a number, each above the last */
};

struct odds {
	struct odds_field f[ODDS_FIELDS];
	int n;
	long runs;		/* the enumeration's nodes: a ruling on a
				 * prefix of its faces each (one run of the
				 * rule serves a node and its first children);
				 * a rule set's own odds: the rule code's runs */
	long leaves;		/* complete rulings (or outcomes) weighed */
	const char *how;	/* a rule set's own odds: how they combine
				 * ("each gun's misfire die convolved");
				 * NULL when every face was weighed */
	int overflow;		/* too many fields or values to keep */
	int no_memory;		/* a field's values could not grow */
	int plain;		/* set before: weigh every face, split dice too
				 * (the tests' proof of the counting) */
};

/* What a rule set's own odds (odds_fn) return when the ruling is one they
 * leave to the enumeration (a forbidden shot, another kind of fire). */
#define ODDS_BY_DICE (-1)

/* One run of the ruling on the dice d (set up by the enumerator). */
typedef int (*odds_rule)(void *ctx, struct dice *d, struct result *r);

/*
 * Fills o with the distribution of every scalar field of the ruling's
 * result (records' fields as "outer.inner"; lists are left out), over all
 * faces of its dice.  At most LIMIT nodes (o->runs): a ruling whose dice
 * would take more is refused before it is run.  o->plain is kept.  Returns RULE_OK;
 * the rule's status when a branch fails (r holds the sentence); or
 * RULE_DATA with r->error set when the limit is passed.  d and r are
 * scratch the caller provides (they are large).
 */
int odds_enumerate(odds_rule rule, void *ctx, struct dice *d, struct result *r,
    struct odds *o, long limit);

/*
 * A complete ruling of an enumeration: r its result, d its dice (d->nused
 * of them), p its chance.  Returns RULE_OK, or a status that stops the
 * enumeration.
 */
typedef int (*odds_leaf)(void *ctx, const struct result *r, const struct dice *d,
    mpq_srcptr p);

/*
 * As odds_enumerate, handing each complete ruling to LEAF instead of
 * tallying it (o counts the runs and leaves; its fields are left empty):
 * the distribution of a part of a ruling, which a rule set's own odds
 * then combine with the other parts'.
 */
int odds_leaves(odds_rule rule, void *ctx, odds_leaf leaf, void *leaf_ctx,
    struct dice *d, struct result *r, struct odds *o, long limit);

/*
 * The odds of a ruling whose dice are N alike of KIND that it reads only
 * as the faces shown, in no order (it sorts them: a turn's action dice):
 * the rule is run once for each such set of faces (its N + 2 choose 2 of
 * a d3, not 3^N orderings), weighed by the orderings that show it.  d and
 * r are scratch; fills o (as odds_reset left it) as odds_enumerate does.
 */
int odds_unordered(odds_rule rule, void *ctx, enum die_kind kind, int n, struct dice *d,
    struct result *r, struct odds *o);

/* Frees the fractions of o (it may be filled again). */
void odds_free(struct odds *o);

/* For a rule set's own odds: adds P to VALUE of FIELD (a word, or NULL
 * for null); then odds_finish completes each field to one (null where a
 * field was not written) and sorts the values: words, numbers, false,
 * null, true.  odds_reset empties o first. */
void odds_reset(struct odds *o);
void odds_add_int(struct odds *o, const char *field, long value, mpq_srcptr p);
void odds_add_word(struct odds *o, const char *field, const char *word, mpq_srcptr p);
/* Adds P to the value of every scalar field of r (as odds_enumerate
 * names them): a part of the ruling run by the rule's own code; or of the
 * one field KEY at its top, as the rule's code wrote it. */
void odds_add_result(struct odds *o, const struct result *r, mpq_srcptr p);
void odds_add_field(struct odds *o, const struct result *r, const char *key, mpq_srcptr p);
int odds_finish(struct odds *o, struct result *r);

/* True when a and b are one value (a whole number and an integer alike). */
int odds_value_equal(const struct odds_value *a, const struct odds_value *b);

/* True when every value of the field is a number; *mean gets E[value]. */
int odds_expected(const struct odds_field *f, double *mean);

/* The probability as a double, and as "n/d" in lowest terms ("1", "0");
 * buf may be cut short for a fraction past n bytes (it ends "..."), and
 * odds_fraction_size bytes always hold it whole. */
double odds_p(const struct odds_value *v);
void odds_fraction(const struct odds_value *v, char *buf, size_t n);
size_t odds_fraction_size(const struct odds_value *v);

/*
 * A distribution over whole numbers, exact: value v[i] shows in w[i] of
 * den ways.  A part of a ruling (a gun's misfire die: fires in 4 ways of
 * 6), or the sum of independent parts, whose ways multiply (convolution).
 * A statistic of several counts is one number, each count in a place of
 * its own (fired * S + crew, S above any sum of the crews).  The values
 * are kept in no order.
 */
struct odds_dist {
	long *v;
	mpz_t *w;		/* mpz_init'ed up to n */
	int n, room;
	int *slot;		/* the values' index + 1 by hash, 0: free */
	int nslot;
	mpz_t den;
	int no_memory;		/* a put could not grow it: the ways are wrong */
};

/* An empty distribution (no value yet) of 1 way in all. */
void odds_dist_init(struct odds_dist *d);
void odds_dist_clear(struct odds_dist *d);
/* Adds WAYS to VALUE (listing it when new); the total den is the
 * caller's to set. */
void odds_dist_put(struct odds_dist *d, long value, mpz_srcptr ways);
void odds_dist_put_ui(struct odds_dist *d, long value, unsigned long ways);
/* d becomes the distribution of d's value plus part's, the two
 * independent. */
void odds_dist_add(struct odds_dist *d, const struct odds_dist *part);
/* d becomes the distribution of d's value plus the sum of TIMES
 * independent copies of part (a battery's guns of one crew). */
void odds_dist_add_times(struct odds_dist *d, const struct odds_dist *part, long times);
/* The chance of entry i, in lowest terms. */
void odds_dist_p(const struct odds_dist *d, int i, mpq_ptr p);
/* The values in ascending order (entry 0 the least). */
void odds_dist_sort(struct odds_dist *d);

#endif
