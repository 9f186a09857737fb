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
 */
#ifndef UMPIRE_ODDS_H
#define UMPIRE_ODDS_H

#include <gmp.h>

#include "dice.h"
#include "result.h"

#define ODDS_FIELDS 64
#define ODDS_VALUES 512
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
	struct odds_value v[ODDS_VALUES];
	int n;
};

struct odds {
	struct odds_field f[ODDS_FIELDS];
	int n;
	long runs;		/* the enumeration's nodes: a ruling on a
				 * prefix of its faces each (one run of the
				 * rule serves a node and its first children) */
	long leaves;		/* complete rulings reached */
	int overflow;		/* too many fields or values to keep */
	int plain;		/* set before: weigh every face, split dice too
				 * (the tests' proof of the counting) */
};

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

/* Frees the fractions of o (it may be filled again). */
void odds_free(struct odds *o);

/* For a rule set's own odds: adds P to VALUE of FIELD (a word, or NULL
 * for null); then odds_finish completes each field to one (null where a
 * field was not written) and sorts the values: words, numbers, false,
 * null, true.  odds_reset empties o first. */
void odds_reset(struct odds *o);
void odds_add_int(struct odds *o, const char *field, long value, mpq_srcptr p);
void odds_add_word(struct odds *o, const char *field, const char *word, mpq_srcptr p);
int odds_finish(struct odds *o, struct result *r);

/* True when a and b are one value (a whole number and an integer alike). */
int odds_value_equal(const struct odds_value *a, const struct odds_value *b);

/* True when every value of the field is a number; *mean gets E[value]. */
int odds_expected(const struct odds_field *f, double *mean);

/* The probability as a double, and as "n/d" in lowest terms ("1", "0");
 * buf may be cut short for a fraction past n bytes (it ends "..."). */
double odds_p(const struct odds_value *v);
void odds_fraction(const struct odds_value *v, char *buf, size_t n);

#endif
