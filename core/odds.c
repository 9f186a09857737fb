/* odds: enumeration of a ruling over its dice, exact fractions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "odds.h"
#include "ruleset.h"
#include "text.h"

double
odds_p(const struct odds_value *v)
{
	/* mpq_get_d truncates: a quotient of the two (exact below 2^53, as
	 * dice odds mostly are) rounds to nearest. */
	return mpz_get_d(mpq_numref(v->p)) / mpz_get_d(mpq_denref(v->p));
}

void
odds_fraction(const struct odds_value *v, char *buf, size_t n)
{
	char *text = mpq_get_str(NULL, 10, v->p);
	void (*release)(void *, size_t);

	if (n == 0)
		return;
	if (strlen(text) < n)
		text_copy(buf, n, text);
	else
		snprintf(buf, n, "%.*s...", (int)(n > 4 ? n - 4 : 0), text);
	mp_get_memory_functions(NULL, NULL, &release);
	release(text, strlen(text) + 1);
}

size_t
odds_fraction_size(const struct odds_value *v)
{
	/* (mpz_sizeinbase may say one digit more than there are) */
	return mpz_sizeinbase(mpq_numref(v->p), 10) +
	    mpz_sizeinbase(mpq_denref(v->p), 10) + 3;
}

/* ---- collecting the scalar fields of one result -------------------- */

static struct odds_field *
field(struct odds *o, const char *name)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->f[i].name, name) == 0)
			return &o->f[i];
	if (o->n == ODDS_FIELDS) {
		o->overflow = 1;
		return NULL;
	}
	text_copy(o->f[o->n].name, ODDS_NAME, name);
	o->f[o->n].n = 0;	/* (its values were given back by odds_free) */
	return &o->f[o->n++];
}

static int
numeric(const struct odds_value *v)
{
	return v->type == FIELD_INT || v->type == FIELD_NUMBER;
}

/* v as a value of TYPE, before its value is set. */
static void
blank(struct odds_value *v, enum field_type type)
{
	v->type = type;
	v->n = 0;
	v->d = 0;
	v->word[0] = '\0';
}

int
odds_value_equal(const struct odds_value *a, const struct odds_value *b)
{
	if (numeric(a) || numeric(b))
		return numeric(a) && numeric(b) && a->d == b->d;
	if (a->type != b->type)
		return 0;
	if (a->type == FIELD_WORD)
		return strcmp(a->word, b->word) == 0;
	return a->type != FIELD_BOOL || a->n == b->n;
}

/* Room for one more value in f; 0, or -1 (o says why) when there is none. */
static int
value_room(struct odds *o, struct odds_field *f)
{
	struct odds_value *grown;
	int room;

	if (f->n < f->room)
		return 0;
	if (f->n == ODDS_VALUES) {
		o->overflow = 1;
		return -1;
	}
	room = f->room > 0 ? f->room * 2 : 16;
	if (room > ODDS_VALUES)
		room = ODDS_VALUES;
	/* (an mpq_t holds pointers, never into itself: it moves whole) */
	if ((grown = realloc(f->v, (size_t)room * sizeof f->v[0])) == NULL) {
		o->no_memory = 1;
		return -1;
	}
	f->v = grown;
	f->room = room;
	return 0;
}

/* The index of the value v among f's values, listing it (weighing
 * nothing yet) when it is new; -1 when f has no room left. */
static int
value_index(struct odds *o, struct odds_field *f, const struct odds_value *v)
{
	struct odds_value *nv;

	/* (a number past every number listed in order is new: a rule set's
	 * own odds list a distribution's values so) */
	if (f->n == 0 || !f->ascending || !numeric(v) || v->d <= f->v[f->n - 1].d)
		for (int i = 0; i < f->n; i++)
			if (odds_value_equal(&f->v[i], v))
				return i;
	if (value_room(o, f) != 0)
		return -1;
	f->ascending = numeric(v) && (f->n == 0 || (f->ascending && v->d > f->v[f->n - 1].d));
	nv = &f->v[f->n];
	nv->type = v->type;
	nv->n = v->n;
	nv->d = v->d;
	memcpy(nv->word, v->word, strlen(v->word) + 1);
	mpq_init(nv->p);
	return f->n++;
}

/* Adds p to the value v of the field NAME. */
static void
add_value(struct odds *o, const char *name, const struct odds_value *v,
    mpq_srcptr p)
{
	struct odds_field *f = field(o, name);
	int i = f != NULL ? value_index(o, f, v) : -1;

	if (i < 0)
		return;
	if (mpq_sgn(f->v[i].p) == 0)	/* (a value's first weight: no sum) */
		mpq_set(f->v[i].p, p);
	else
		mpq_add(f->v[i].p, f->v[i].p, p);
}

/* The value of a scalar field as the odds keep it: a number as it is
 * written out (to four places), so that values written alike are one. */
static int
value_of(const struct result *r, const struct result_field *f,
    struct odds_value *v)
{
	char buf[48];

	blank(v, f->type);
	switch (f->type) {
	case FIELD_INT:
	case FIELD_BOOL:
		v->n = f->v.n;
		v->d = (double)f->v.n;
		break;
	case FIELD_NUMBER:
		/* num_format writes a whole number as it is */
		v->d = f->v.d == floor(f->v.d) && fabs(f->v.d) < 1e15 ? f->v.d :
		    strtod(num_format(f->v.d, buf, sizeof buf), NULL);
		break;
	case FIELD_WORD:
		/* room for the word and its quotes, as the listing shows it */
		if (strlen(result_word_of(r, f)) + 2 >= ODDS_TEXT)
			return -1;
		text_copy(v->word, sizeof v->word, result_word_of(r, f));
		break;
	default:
		break;
	}
	return 0;
}

/* The name of field i: its records' keys and its own, joined by dots;
 * 0 when it is a record or list, or lies in a list (lists are left out). */
static int
field_name(const struct result *r, int i, char *name, size_t n)
{
	const struct result_field *f = &r->field[i];
	char outer[RESULT_KEY + ODDS_NAME];	/* a key, a dot, the name so far */

	if (f->type == FIELD_RECORD || f->type == FIELD_LIST)
		return 0;
	for (int up = f->parent; up >= 0; up = r->field[up].parent)
		if (r->field[up].type == FIELD_LIST)
			return 0;
	name[0] = '\0';
	for (int up = f->parent; up >= 0; up = r->field[up].parent) {
		snprintf(outer, sizeof outer, "%s.%s", r->field[up].key, name);
		text_copy(name, n, outer);
	}
	snprintf(outer, sizeof outer, "%s%s", name, f->key);
	text_copy(name, n, outer);
	return 1;
}

/*
 * The leaves' tally.  A leaf's result is read through the layout of the
 * leaf before it (rulings mostly write the same fields in the same order):
 * which field of the odds each of its fields is, found by name only when
 * the layout changes.  Its values make a combination, and each distinct
 * combination is weighed once a leaf; the combinations' weights go to
 * their values at the end (one sum a leaf rather than one a field).
 */
#define TALLY_COMBOS 1024
#define TALLY_POOL 16384

struct tally {
	int nfields;		/* the layout: -1 before the first leaf */
	int parent[RESULT_FIELDS];
	enum field_type type[RESULT_FIELDS];
	char key[RESULT_FIELDS][RESULT_KEY];
	int slot[RESULT_FIELDS];	/* its field in the odds, or -1 */
	int last[RESULT_FIELDS];	/* the value it had last, or -1 */
	int ncombos;
	int start[TALLY_COMBOS], len[TALLY_COMBOS];	/* in pool */
	unsigned hash[TALLY_COMBOS];
	/* A combination's weight is p + k * q: leaves of equal odds (dice
	 * of equal sides) are counted, not summed fraction by fraction. */
	mpq_t p[TALLY_COMBOS], q[TALLY_COMBOS];
	unsigned long k[TALLY_COMBOS];
	int ninit;		/* p[] and q[] initialised so far (kept) */
	int pool[TALLY_POOL];	/* field * ODDS_VALUES + value */
	int npool;
	int table[2 * TALLY_COMBOS];	/* a combination + 1; 0: empty */
};

static int
container(enum field_type type)
{
	return type == FIELD_RECORD || type == FIELD_LIST;
}

/* True when r's fields are laid out as the tally's. */
static int
same_layout(const struct tally *t, const struct result *r)
{
	if (r->nfields != t->nfields)
		return 0;
	for (int i = 0; i < r->nfields; i++)
		if (r->field[i].parent != t->parent[i] ||
		    container(r->field[i].type) != container(t->type[i]) ||
		    (container(r->field[i].type) && r->field[i].type != t->type[i]) ||
		    strcmp(r->field[i].key, t->key[i]) != 0)
			return 0;
	return 1;
}

/* Takes r's layout, finding (or listing) each scalar field by name. */
static void
relayout(struct tally *t, struct odds *o, const struct result *r)
{
	char name[ODDS_NAME];

	t->nfields = r->nfields;
	for (int i = 0; i < r->nfields; i++) {
		struct odds_field *f;

		t->parent[i] = r->field[i].parent;
		t->type[i] = r->field[i].type;
		text_copy(t->key[i], sizeof t->key[i], r->field[i].key);
		f = field_name(r, i, name, sizeof name) ? field(o, name) : NULL;
		t->slot[i] = f != NULL ? (int)(f - o->f) : -1;
		t->last[i] = -1;
	}
}

/* p += k * q for combination c. */
static void
settle(struct tally *t, int c)
{
	if (t->k[c] == 0)
		return;
	mpz_mul_ui(mpq_numref(t->q[c]), mpq_numref(t->q[c]), t->k[c]);
	mpq_canonicalize(t->q[c]);
	mpq_add(t->p[c], t->p[c], t->q[c]);
	t->k[c] = 0;
}

/* Adds each combination's weight to its values; empties the tally. */
static void
tally_flush(struct tally *t, struct odds *o)
{
	for (int c = 0; c < t->ncombos; c++)
		settle(t, c);
	for (int c = 0; c < t->ncombos; c++)
		for (int k = 0; k < t->len[c]; k++) {
			int code = t->pool[t->start[c] + k];
			struct odds_value *v = &o->f[code / ODDS_VALUES].v[code % ODDS_VALUES];

			mpq_add(v->p, v->p, t->p[c]);
		}
	t->ncombos = t->npool = 0;
	memset(t->table, 0, sizeof t->table);
}

static void
tally_reset(struct tally *t)
{
	t->nfields = -1;
	t->ncombos = t->npool = 0;
	memset(t->table, 0, sizeof t->table);
}

/* The values of r's scalar fields, as codes at the end of the pool;
 * returns how many, and their hash in *hash. */
static int
leaf_codes(struct tally *t, struct odds *o, const struct result *r, unsigned *hash)
{
	struct odds_value v;
	int n = 0;

	*hash = 2166136261u;
	for (int i = 0; i < r->nfields; i++) {
		int k;

		if (t->slot[i] < 0)
			continue;
		if (value_of(r, &r->field[i], &v) != 0) {
			o->overflow = 1;
			continue;
		}
		/* most often the value this field had at the leaf before */
		k = t->last[i];
		if (k < 0 || k >= o->f[t->slot[i]].n ||
		    !odds_value_equal(&o->f[t->slot[i]].v[k], &v))
			k = t->last[i] = value_index(o, &o->f[t->slot[i]], &v);
		if (k < 0)
			continue;
		t->pool[t->npool + n] = t->slot[i] * ODDS_VALUES + k;
		*hash = (*hash ^ (unsigned)t->pool[t->npool + n++]) * 16777619u;
	}
	return n;
}

/* Weighs a leaf's result q. */
static void
tally_leaf(struct tally *t, struct odds *o, const struct result *r, mpq_srcptr q)
{
	unsigned hash, at;
	int n, c;

	if (r->nfields > RESULT_FIELDS) {	/* more than a tally lays out */
		o->overflow = 1;
		return;
	}
	if (!same_layout(t, r))
		relayout(t, o, r);
	if (t->ncombos == TALLY_COMBOS || t->npool + r->nfields > TALLY_POOL)
		tally_flush(t, o);
	n = leaf_codes(t, o, r, &hash);
	for (at = hash % (2 * TALLY_COMBOS); (c = t->table[at] - 1) >= 0;
	    at = (at + 1) % (2 * TALLY_COMBOS))
		if (t->hash[c] == hash && t->len[c] == n && memcmp(&t->pool[t->start[c]],
		    &t->pool[t->npool], (size_t)n * sizeof t->pool[0]) == 0) {
			if (t->k[c] == 0 || !mpq_equal(t->q[c], q)) {
				settle(t, c);
				mpq_set(t->q[c], q);
			}
			t->k[c]++;
			return;
		}
	c = t->ncombos++;
	if (c == t->ninit) {
		mpq_init(t->p[t->ninit]);
		mpq_init(t->q[t->ninit++]);
	}
	mpq_set_ui(t->p[c], 0, 1);
	mpq_set(t->q[c], q);
	t->k[c] = 1;
	t->start[c] = t->npool;
	t->len[c] = n;
	t->hash[c] = hash;
	t->npool += n;
	t->table[at] = c + 1;
}

/* ---- the enumeration ------------------------------------------------ */

static const char too_many_runs[] =
    "the ruling has more than %ld outcomes to weigh; odds are not given for it";

/* The die a node branches on, as the ruling asked for it. */
struct die_spec {
	enum die_kind kind;
	unsigned mask;
	int group, pool;
};

struct walker {
	odds_rule rule;
	void *ctx;
	struct dice *d;
	struct result *r;
	struct odds *o;
	long limit;
	int faces[DICE_MAX];
	struct rule_memo memo;	/* the rule's look-ups, kept from run to run */
	odds_leaf leaf;		/* what becomes of a complete ruling */
	void *leaf_ctx;
	struct tally *tally;
	/* Scratch fractions, kept from question to question: the odds of
	 * reaching each depth and a node's own (its run closed), up to
	 * `ready`; a leaf's; and the integers the branches work with. */
	mpq_t p[DICE_MAX + 2], base[DICE_MAX + 2], leafq;
	mpz_t c, upto, below;
	int ready;
	int rc;			/* the status of the last run */
	int own;		/* the depth of the node it is the run of */
	struct die_spec seen[DICE_MAX];	/* the die last asked for at a depth */
	unsigned char known[DICE_MAX];	/* ... when there was one */
};

/* An exchangeable run of split dice being counted: n dice so far, a of
 * them in the mask (canonical order: all in-mask dice first). */
struct run {
	int group;
	enum die_kind kind;
	unsigned mask;
	int n, a;
};

static const struct run no_run = { 0, DIE_D6, 0, 0, 0 };

/*
 * The fractions on the way down are products of small numbers, left
 * unreduced (a leaf reduces its own once): q = p * num / den.
 */
static void
scale(mpq_ptr q, mpq_srcptr p, unsigned long num, unsigned long den)
{
	mpz_mul_ui(mpq_numref(q), mpq_numref(p), num);
	mpz_mul_ui(mpq_denref(q), mpq_denref(p), den);
}

/* q = p, times the run's orderings: C(n, a) sequences share the
 * canonical one's odds. */
static void
close_run(struct walker *w, mpq_ptr q, mpq_srcptr p, const struct run *run)
{
	mpz_set(mpq_numref(q), mpq_numref(p));
	mpz_set(mpq_denref(q), mpq_denref(p));
	if (run->n > 1) {
		mpz_bin_uiui(w->c, (unsigned long)run->n, (unsigned long)run->a);
		mpz_mul(mpq_numref(q), mpq_numref(q), w->c);
	}
}

/* How many sides of k show a face in (in = 1) or out of the mask, and a
 * face to stand for them; 0 when none does. */
static int
split_class(enum die_kind k, unsigned mask, int in, int *face)
{
	int fv[16], wv[16], nf = die_faces(k, fv, wv), count = 0;

	for (int i = 0; i < nf; i++)
		if (((mask >> fv[i]) & 1u) == (unsigned)in) {
			if (count == 0)
				*face = fv[i];
			count += wv[i];
		}
	return count;
}

static int explore(struct walker *w, int depth, mpq_srcptr p, struct run run,
    int covered);

/* True when a split die S continues the exchangeable run RUN. */
static int
continues(const struct die_spec *s, struct run run)
{
	return s->group > 0 && run.group == s->group && run.kind == s->kind &&
	    run.mask == s->mask;
}

/* The children of a split die: the faces standing for its two classes, in
 * canonical order, their sides and runs; returns how many (0 to 2).  *from
 * is the run they continue (a new one when the die does not continue
 * RUN). */
static int
split_children(const struct die_spec *s, struct run run, struct run *from,
    int face[2], int count[2], struct run next[2])
{
	int n = 0;

	*from = continues(s, run) ? run : (struct run){ s->group, s->kind, s->mask, 0, 0 };
	for (int in = 1; in >= 0; in--) {
		int c = split_class(s->kind, s->mask, in, &face[n]);

		/* After a die out of the mask, the run takes no more in it. */
		if (c == 0 || (in && s->group > 0 && from->a < from->n))
			continue;
		count[n] = c;
		next[n] = *from;
		next[n].n++;
		next[n].a += in;
		if (s->group == 0)
			next[n].n = 0;	/* not a run: nothing to count */
		n++;
	}
	return n;
}

/* Branches on a split die: its two classes, in canonical order within an
 * exchangeable run.  COVERED: the run made last covers the first child. */
static int
branch_split(struct walker *w, int depth, mpq_srcptr p, struct run run,
    const struct die_spec *s, int covered)
{
	int face[2], count[2], n, rc = RULE_OK;
	struct run from, next[2];
	mpq_ptr base = w->base[depth];

	if (continues(s, run))
		mpq_set(base, p);
	else
		close_run(w, base, p, &run);
	n = split_children(s, run, &from, face, count, next);
	for (int i = 0; i < n && rc == RULE_OK; i++, covered = 0) {
		w->faces[depth] = face[i];
		scale(w->p[depth + 1], base, (unsigned long)count[i], (unsigned long)die_sides(s->kind));
		rc = explore(w, depth + 1, w->p[depth + 1], next[i], covered);
	}
	return rc;
}

/* Sides of k showing at most m. */
static int
at_most(enum die_kind k, int m)
{
	int fv[16], wv[16], nf = die_faces(k, fv, wv), count = 0;

	for (int i = 0; i < nf; i++)
		if (fv[i] <= m)
			count += wv[i];
	return count;
}

/* The first die of a max pool: a branch for each highest face m, with
 * P(max = m) = (prod c_i(m) - prod c_i(m-1)) / prod sides_i; the later
 * dice of the pool then show their lowest face.  The pool is the one the
 * node's own run declared (a pool's node is never run ahead). */
static int
branch_max(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	/* The pool as declared: the runs below declare pools of their own. */
	enum die_kind pool[DICE_POOL];
	int npool = w->d->npool, lo = 100, hi = 0, rc = RULE_OK;
	mpq_ptr base = w->base[depth], q = w->p[depth + 1];

	memcpy(pool, w->d->pool, sizeof pool);
	close_run(w, base, p, &run);
	for (int i = 0; i < npool; i++) {
		lo = die_min(pool[i]) < lo ? die_min(pool[i]) : lo;
		hi = die_max(pool[i]) > hi ? die_max(pool[i]) : hi;
	}
	for (int m = lo; m <= hi && rc == RULE_OK; m++) {
		/* upto and below are the walker's: worked out afresh each time */
		mpz_set_ui(w->upto, 1);
		mpz_set_ui(w->below, 1);
		mpz_set(mpq_denref(q), mpq_denref(base));
		for (int i = 0; i < npool; i++) {
			mpz_mul_ui(w->upto, w->upto, (unsigned long)at_most(pool[i], m));
			mpz_mul_ui(w->below, w->below, (unsigned long)at_most(pool[i], m - 1));
			mpz_mul_ui(mpq_denref(q), mpq_denref(q), (unsigned long)die_sides(pool[i]));
		}
		if (mpz_cmp(w->upto, w->below) == 0)
			continue;
		mpz_sub(mpq_numref(q), w->upto, w->below);
		mpz_mul(mpq_numref(q), mpq_numref(q), mpq_numref(base));
		w->faces[depth] = m;
		rc = explore(w, depth + 1, q, no_run, 0);
	}
	return rc;
}

/* How many ways the n dice of POOL show each sum s - lo (*lo the
 * least), by convolution; returns how many sums there are.  Exact:
 * DICE_POOL d12 make at most 12^16 < 2^64 ways. */
static int
sum_ways(const enum die_kind *pool, int n, unsigned long long *ways, int *lo)
{
	unsigned long long next[DICE_POOL * 12 + 1];
	int span = 0;

	ways[0] = 1;
	*lo = 0;
	for (int i = 0; i < n; i++) {
		int fv[16], wv[16], nf = die_faces(pool[i], fv, wv), grow = fv[nf - 1] - fv[0];

		memset(next, 0, (size_t)(span + grow + 1) * sizeof next[0]);
		for (int s = 0; s <= span; s++)
			for (int f = 0; f < nf; f++)
				next[s + fv[f] - fv[0]] += ways[s] * (unsigned long long)wv[f];
		span += grow;
		*lo += fv[0];
		memcpy(ways, next, (size_t)(span + 1) * sizeof next[0]);
	}
	return span + 1;
}

/* The first die of a sum pool: a branch for each sum S, with P(sum = S)
 * the ways the pool's dice show it over prod sides_i; it shows S less the
 * lowest faces of the later dice, which then show theirs, so that the
 * rule adds them up to S.  The pool is the one the node's own run
 * declared. */
static int
branch_sum(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	enum die_kind pool[DICE_POOL];
	unsigned long long ways[DICE_POOL * 12 + 1];
	int npool = w->d->npool, lo, later = 0, nsums, rc = RULE_OK;
	mpq_ptr base = w->base[depth], q = w->p[depth + 1];

	memcpy(pool, w->d->pool, sizeof pool);
	close_run(w, base, p, &run);
	nsums = sum_ways(pool, npool, ways, &lo);
	for (int i = 1; i < npool; i++)
		later += die_min(pool[i]);
	for (int k = 0; k < nsums && rc == RULE_OK; k++) {
		if (ways[k] == 0)
			continue;
		mpz_set_ui(w->upto, (unsigned long)ways[k]);
		mpz_mul(mpq_numref(q), mpq_numref(base), w->upto);
		mpz_set(mpq_denref(q), mpq_denref(base));
		for (int i = 0; i < npool; i++)
			mpz_mul_ui(mpq_denref(q), mpq_denref(q), (unsigned long)die_sides(pool[i]));
		w->faces[depth] = lo + k - later;
		rc = explore(w, depth + 1, q, no_run, 0);
	}
	return rc;
}

/* Branches on every face of the die.  COVERED: the run made last covers
 * the first child. */
static int
branch_faces(struct walker *w, int depth, mpq_srcptr p, struct run run,
    const struct die_spec *s, int covered)
{
	int face[16], weight[16], nf = die_faces(s->kind, face, weight), rc = RULE_OK;
	mpq_ptr base = w->base[depth];

	close_run(w, base, p, &run);
	for (int i = 0; i < nf && rc == RULE_OK; i++, covered = 0) {
		w->faces[depth] = face[i];
		scale(w->p[depth + 1], base, (unsigned long)weight[i], (unsigned long)die_sides(s->kind));
		rc = explore(w, depth + 1, w->p[depth + 1], no_run, covered);
	}
	return rc;
}

/* A complete ruling: its scalar fields weigh p (with its run's orderings). */
static int
at_leaf(struct walker *w, mpq_srcptr p, struct run run)
{
	if (result_finish(w->r) != 0)
		return result_fail(w->r, RULE_DATA, "a result is too large to weigh");
	w->o->leaves++;
	close_run(w, w->leafq, p, &run);
	if (mpz_cmp_ui(mpq_numref(w->leafq), 1) != 0)	/* 1/n is reduced */
		mpq_canonicalize(w->leafq);
	return w->leaf(w->leaf_ctx, w->r, w->d, w->leafq);
}

/* The enumeration's own leaf: its fields tallied into the odds. */
static int
tally_one(void *ctx, const struct result *r, const struct dice *d, mpq_srcptr p)
{
	struct walker *w = ctx;

	(void)d;
	tally_leaf(w->tally, w->o, r, p);
	return RULE_OK;
}

/* The scratch fractions of the depths below DEPTH, made when first
 * reached. */
static void
ready_to(struct walker *w, int depth)
{
	for (; w->ready <= depth + 1 && w->ready < DICE_MAX + 2; w->ready++) {
		mpq_init(w->p[w->ready]);
		mpq_init(w->base[w->ready]);
	}
}

/* Runs the ruling on the first N faces. */
static void
run_rule(struct walker *w, int n)
{
	dice_set_explore(w->d, w->faces, n);
	result_init(w->r);
	w->r->quiet = 1;
	w->r->memo = &w->memo;
	w->rc = w->rule(w->ctx, w->d, w->r);
}

/* The face of the first child a node branches on S, in RUN, and the run
 * that child is in (*after). */
static int
first_face(const struct walker *w, const struct die_spec *s, struct run run,
    struct run *after)
{
	int face[16], weight[16], count[2];
	struct run from, next[2];

	*after = no_run;
	if (s->mask != 0 && !w->o->plain &&
	    split_children(s, run, &from, face, count, next) > 0) {
		*after = next[0];
		return face[0];
	}
	die_faces(s->kind, face, weight);
	return face[0];
}

/* True when the ruling took die i as S says. */
static int
took(const struct walker *w, int i, const struct die_spec *s)
{
	const struct die_use *u = &w->d->used[i];

	return i < w->d->nused && u->kind == s->kind && u->mask == s->mask &&
	    u->group == s->group && u->pool == 0;
}

/*
 * Makes a run for the node at DEPTH and the first children below it: the
 * dice asked for at the depths below before are taken to be asked for
 * again, and each is given its first child's face.  Sets w->own to the
 * deepest node the run is the run of: down to there, the ruling asked for
 * the dice guessed; there, it ended, or asked for a die (a die of another
 * kind stops it at the guessed face, as a missing face would); a die taken
 * otherwise than guessed is run again without the guess.  A tree is then
 * weighed in about as many runs as it has leaves.
 */
static void
start_run(struct walker *w, int depth, struct run run)
{
	int n = depth;

	/* the guesses stop at a max pool: its node reads its pool off its
	 * own run */
	while (n < DICE_MAX && w->known[n] && w->seen[n].pool == 0) {
		w->faces[n] = first_face(w, &w->seen[n], run, &run);
		n++;
	}
	run_rule(w, n);
	for (w->own = depth; w->own < n && took(w, w->own, &w->seen[w->own]); w->own++)
		continue;
	if (w->d->nused > w->own)
		run_rule(w, w->own);
}

/*
 * A node of the enumeration: the ruling on the first DEPTH faces, reached
 * with odds p.  COVERED: the run made last covers it (it is the first
 * child of a node the run covers), else a run is made.  A ruling that asks
 * for no more dice is a leaf; else the node branches on the die it asks
 * for, its first child covered by the same run when the run goes deeper.
 */
static int
explore(struct walker *w, int depth, mpq_srcptr p, struct run run, int covered)
{
	const struct die_use *u;
	struct die_spec s;

	if (++w->o->runs > w->limit)
		return result_fail(w->r, RULE_DATA, too_many_runs, w->limit);
	if (!covered)
		start_run(w, depth, run);
	if (depth == w->own && !w->d->wanting) {
		int rc = w->rc;

		if (rc == RULE_OK && w->r->error.code)
			rc = w->r->error.code;
		return rc != RULE_OK ? rc : at_leaf(w, p, run);
	}
	u = &w->d->used[depth];
	s = depth < w->own ? (struct die_spec){ u->kind, u->mask, u->group, u->pool } :
	    (struct die_spec){ w->d->wanted, w->d->wanted_mask, w->d->wanted_group,
	    w->d->wanted_pool };
	covered = depth < w->own;
	w->seen[depth] = s;
	w->known[depth] = 1;
	ready_to(w, depth);
	if (s.pool == 1 && !w->o->plain)
		return w->d->pool_sum ? branch_sum(w, depth, p, run) : branch_max(w, depth, p, run);
	if (s.pool == 2 && !w->o->plain) {
		w->faces[depth] = die_min(s.kind);
		return explore(w, depth + 1, p, run, 0);
	}
	if (s.mask != 0 && !w->o->plain)
		return branch_split(w, depth, p, run, &s, covered);
	return branch_faces(w, depth, p, run, &s, covered);
}

/* ---- counting first ---------------------------------------------------- */

/*
 * A ruling too large to weigh is refused before it is weighed: the dice
 * one path of it asks for (its plan) are walked as the enumeration walks
 * them, counting rule runs instead of making them, as if every branch
 * asked for the same dice.  Branches differ (a battery whose every gun
 * misfired rolls no average die; a miss is rerolled), so three paths are
 * counted, each die showing its lowest face, one below its highest, or its
 * highest, and the ruling is refused only when every count passes the
 * limit.  What this lets through, the enumeration still stops at the
 * limit.
 */

struct plan_die {
	struct die_spec s;
	int maxima;		/* pool 1: the branches of its pool (pool_maxima) */
};

struct plan {
	struct plan_die die[DICE_MAX];
	int n;
	long memo[DICE_MAX + 1];	/* runs from a depth, outside a run */
	long cap;		/* counts stop growing here (limit + 1) */
	int plain;
};

/* How many branches the pool declared makes: its sums, or the highest
 * faces it can show (from the largest lowest face of its dice to the
 * largest face). */
static int
pool_maxima(const struct dice *d)
{
	int lo = 0, hi = 0;

	if (d->pool_sum) {
		for (int i = 0; i < d->npool; i++) {
			lo += die_min(d->pool[i]);
			hi += die_max(d->pool[i]);
		}
		return hi - lo + 1;
	}

	for (int i = 0; i < d->npool; i++) {
		lo = die_min(d->pool[i]) > lo ? die_min(d->pool[i]) : lo;
		hi = die_max(d->pool[i]) > hi ? die_max(d->pool[i]) : hi;
	}
	return hi >= lo ? hi - lo + 1 : 0;
}

/* The face a plan shows a die: its lowest, one below its highest (as a
 * probe does), or its highest. */
static int
plan_face(const struct die_spec *s, int path)
{
	if (s->pool == 2 || path == 0)
		return die_min(s->kind);
	return path == 1 ? die_max(s->kind) - 1 : die_max(s->kind);
}

/* The plan of the ruling along one path (0, 1 or 2: see plan_face). */
static void
plan_of(struct walker *w, struct plan *pl, int path)
{
	pl->n = 0;
	while (pl->n < DICE_MAX) {
		struct plan_die *pd = &pl->die[pl->n];

		run_rule(w, pl->n);
		if (!w->d->wanting)
			return;
		pd->s = (struct die_spec){ w->d->wanted, w->d->wanted_mask, w->d->wanted_group,
		    w->d->wanted_pool };
		pd->maxima = pd->s.pool == 1 ? pool_maxima(w->d) : 0;
		w->faces[pl->n++] = plan_face(&pd->s, path);
	}
}

static long
capped_sum(long a, long b, long cap)
{
	return a >= cap - b ? cap : a + b;
}

static long
capped_times(long n, long c, long cap)
{
	return c > 0 && n > cap / c ? cap : n * c;
}

static long count_from(struct plan *pl, int depth, struct run run);

/* The runs of a split die's branch, as branch_split makes them. */
static long
count_split(struct plan *pl, int depth, struct run run)
{
	int face[2], count[2], n;
	struct run from, next[2];
	long runs = 1;

	n = split_children(&pl->die[depth].s, run, &from, face, count, next);
	for (int i = 0; i < n; i++)
		runs = capped_sum(runs, count_from(pl, depth + 1, next[i]), pl->cap);
	return runs;
}

/* The rule runs the enumeration would make from DEPTH on, with RUN open. */
static long
count_from(struct plan *pl, int depth, struct run run)
{
	const struct die_spec *s = &pl->die[depth].s;
	int fv[16], wv[16];

	if (depth == pl->n)
		return 1;
	if (s->mask != 0 && !pl->plain && s->pool == 0) {
		if (continues(s, run))
			return count_split(pl, depth, run);
		/* a new run: what came before does not matter */
		if (pl->memo[depth] < 0)
			pl->memo[depth] = count_split(pl, depth, no_run);
		return pl->memo[depth];
	}
	if (s->pool == 2 && !pl->plain)
		return capped_sum(1, count_from(pl, depth + 1, run), pl->cap);
	if (pl->memo[depth] < 0)
		pl->memo[depth] = capped_sum(1, capped_times(s->pool == 1 && !pl->plain ?
		    pl->die[depth].maxima : die_faces(s->kind, fv, wv),
		    count_from(pl, depth + 1, no_run), pl->cap), pl->cap);
	return pl->memo[depth];
}

/* More than LIMIT rule runs, by the count of every plan. */
static int
too_many(struct walker *w)
{
	static struct plan pl;

	for (int path = 0; path < 3; path++) {
		plan_of(w, &pl, path);
		pl.cap = w->limit + 1;
		pl.plain = w->o->plain;
		for (int i = 0; i <= pl.n; i++)
			pl.memo[i] = -1;
		if (count_from(&pl, 0, no_run) <= w->limit)
			return 0;
	}
	return 1;
}

/* The sum of f's chances into sum.  (Over the largest denominator when
 * every other divides it, as the chances of one distribution's values do:
 * a division each rather than the two gcds of a sum of fractions.) */
static void
field_sum(const struct odds_field *f, mpq_ptr sum)
{
	mpz_srcptr den = NULL;
	mpz_t part;
	int i;

	for (i = 0; i < f->n; i++)
		if (den == NULL || mpz_cmp(mpq_denref(f->v[i].p), den) > 0)
			den = mpq_denref(f->v[i].p);
	for (i = 0; den != NULL && i < f->n; i++)
		if (!mpz_divisible_p(den, mpq_denref(f->v[i].p)))
			break;
	mpq_set_ui(sum, 0, 1);
	if (den == NULL || i < f->n) {
		for (i = 0; i < f->n; i++)
			mpq_add(sum, sum, f->v[i].p);
		return;
	}
	mpz_init(part);
	for (i = 0; i < f->n; i++) {
		mpz_divexact(part, den, mpq_denref(f->v[i].p));
		mpz_addmul(mpq_numref(sum), part, mpq_numref(f->v[i].p));
	}
	mpz_set(mpq_denref(sum), den);
	mpq_canonicalize(sum);
	mpz_clear(part);
}

/* A field some branches do not write is null on them: the values of
 * every field sum to one. */
static void
complete(struct odds *o, struct odds_field *f)
{
	struct odds_value none;
	mpq_t sum;

	mpq_init(sum);
	field_sum(f, sum);
	if (mpq_cmp_ui(sum, 1, 1) < 0) {
		mpq_t one;

		mpq_init(one);
		mpq_set_ui(one, 1, 1);
		mpq_sub(sum, one, sum);
		blank(&none, FIELD_NULL);
		add_value(o, f->name, &none, sum);
		mpq_clear(one);
	}
	mpq_clear(sum);
}

/* The first byte of c in a JSON string ('"' for the end), and the byte
 * after the backslash when it is escaped. */
static int
json_lead(unsigned char c)
{
	return c == '\0' ? '"' : c == '"' || c == '\\' || c < 0x20 ? '\\' : c;
}

static int
json_escape(unsigned char c)
{
	return c == '"' || c == '\\' ? c : c == '\n' ? 'n' : c == '\t' ? 't' :
	    c == '\r' ? 'r' : 'u';
}

/* Two words in the order of their JSON strings' bytes. */
static int
word_cmp(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;

	while (*x != '\0' && *x == *y)
		x++, y++;
	if (*x == *y)
		return 0;
	if (json_lead(*x) != json_lead(*y))
		return json_lead(*x) - json_lead(*y);
	if (json_escape(*x) != json_escape(*y))
		return json_escape(*x) - json_escape(*y);
	return *x - *y;		/* \u00XX: in the order of XX */
}

/* Where a value stands among the others: words, numbers, false, null,
 * true (the order of their JSON texts). */
static int
rank(const struct odds_value *v)
{
	switch (v->type) {
	case FIELD_WORD:
		return 0;
	case FIELD_INT:
	case FIELD_NUMBER:
		return 1;
	case FIELD_BOOL:
		return v->n ? 4 : 2;
	default:
		return 3;
	}
}

/* The listing's order: numbers by value, words by their JSON text, and
 * the kinds of value as their JSON texts sort. */
static int
value_cmp(const void *a, const void *b)
{
	const struct odds_value *x = a, *y = b;

	if (rank(x) != rank(y))
		return rank(x) - rank(y);
	if (numeric(x))
		return x->d < y->d ? -1 : x->d > y->d;
	return x->type == FIELD_WORD ? word_cmp(x->word, y->word) : 0;
}

void
odds_free(struct odds *o)
{
	for (int i = 0; i < o->n; i++) {
		for (int k = 0; k < o->f[i].n; k++)
			mpq_clear(o->f[i].v[k].p);
		free(o->f[i].v);
		o->f[i].v = NULL;
		o->f[i].n = o->f[i].room = 0;
	}
	o->n = 0;
}

void
odds_reset(struct odds *o)
{
	odds_free(o);
	o->runs = o->leaves = 0;
	o->how = NULL;
	o->overflow = o->no_memory = 0;
}

void
odds_add_int(struct odds *o, const char *field, long value, mpq_srcptr p)
{
	struct odds_value v;

	blank(&v, FIELD_INT);
	v.n = value;
	v.d = (double)value;
	add_value(o, field, &v, p);
}

void
odds_add_word(struct odds *o, const char *field, const char *word, mpq_srcptr p)
{
	struct odds_value v;

	blank(&v, FIELD_NULL);
	if (word != NULL) {
		if (strlen(word) + 2 >= ODDS_TEXT) {
			o->overflow = 1;
			return;
		}
		v.type = FIELD_WORD;
		text_copy(v.word, sizeof v.word, word);
	}
	add_value(o, field, &v, p);
}

void
odds_add_result(struct odds *o, const struct result *r, mpq_srcptr p)
{
	char name[ODDS_NAME];
	struct odds_value v;

	for (int i = 0; i < r->nfields; i++) {
		if (!field_name(r, i, name, sizeof name))
			continue;
		if (value_of(r, &r->field[i], &v) != 0)
			o->overflow = 1;
		else
			add_value(o, name, &v, p);
	}
}

void
odds_add_field(struct odds *o, const struct result *r, const char *key, mpq_srcptr p)
{
	const struct result_field *f = result_top(r, key);
	struct odds_value v;

	if (f == NULL || value_of(r, f, &v) != 0)
		o->overflow = 1;
	else
		add_value(o, key, &v, p);
}

int
odds_finish(struct odds *o, struct result *r)
{
	if (o->no_memory)
		return result_fail(r, RULE_DATA, "out of memory weighing the odds");
	if (o->overflow)
		return result_fail(r, RULE_DATA, "the ruling's outcomes are too many to list");
	for (int i = 0; i < o->n; i++) {
		complete(o, &o->f[i]);
		qsort(o->f[i].v, (size_t)o->f[i].n, sizeof o->f[i].v[0], value_cmp);
	}
	return RULE_OK;
}

/* The enumeration of RULE, each complete ruling handed to LEAF (NULL:
 * tallied into o's fields). */
static int
walk(odds_rule rule, void *ctx, odds_leaf leaf, void *leaf_ctx, struct dice *d,
    struct result *r, struct odds *o, long limit)
{
	static struct walker w;
	static struct tally tally;
	int rc;

	if (w.tally == NULL) {
		w.tally = &tally;
		mpq_init(w.leafq);
		mpz_init(w.c);
		mpz_init(w.upto);
		mpz_init(w.below);
		ready_to(&w, -1);
	}
	w.rule = rule;
	w.ctx = ctx;
	w.leaf = leaf != NULL ? leaf : tally_one;
	w.leaf_ctx = leaf != NULL ? leaf_ctx : &w;
	w.d = d;
	w.r = r;
	w.o = o;
	w.limit = limit;
	w.memo.nmods = w.memo.nvalues = 0;
	odds_reset(o);
	tally_reset(&tally);
	if (too_many(&w)) {
		r->quiet = 0;
		r->memo = NULL;
		return result_fail(r, RULE_DATA, too_many_runs, limit);
	}
	memset(w.known, 0, sizeof w.known);
	mpq_set_ui(w.p[0], 1, 1);
	rc = explore(&w, 0, w.p[0], no_run, 0);
	r->quiet = 0;
	r->memo = NULL;
	if (rc == RULE_OK && leaf == NULL)
		tally_flush(&tally, o);
	return rc;
}

int
odds_enumerate(odds_rule rule, void *ctx, struct dice *d, struct result *r,
    struct odds *o, long limit)
{
	int rc = walk(rule, ctx, NULL, NULL, d, r, o, limit);

	return rc != RULE_OK ? rc : odds_finish(o, r);
}

int
odds_leaves(odds_rule rule, void *ctx, odds_leaf leaf, void *leaf_ctx,
    struct dice *d, struct result *r, struct odds *o, long limit)
{
	return walk(rule, ctx, leaf, leaf_ctx, d, r, o, limit);
}

/* The ruling on the faces of COUNT (count[i] of face[i], highest first),
 * weighing `ways` of all: its fields into o. */
static int
unordered_run(odds_rule rule, void *ctx, struct dice *d, struct result *r, struct odds *o,
    const int *face, const int *count, int nf, mpq_srcptr p)
{
	int faces[DICE_MAX], n = 0, rc;

	for (int i = nf - 1; i >= 0; i--)
		for (int k = 0; k < count[i]; k++)
			faces[n++] = face[i];
	dice_set_explore(d, faces, n);
	result_init(r);
	r->quiet = 1;
	rc = rule(ctx, d, r);
	if (rc == RULE_OK && r->error.code)
		rc = r->error.code;
	if (rc == RULE_OK && (d->wanting || d->nused != n))
		rc = result_fail(r, RULE_BUG, "the ruling reads its dice otherwise than weighed");
	if (rc == RULE_OK && result_finish(r) != 0)
		rc = result_fail(r, RULE_DATA, "a result is too large to weigh");
	if (rc == RULE_OK)
		odds_add_result(o, r, p);
	r->quiet = 0;
	o->runs++;
	o->leaves++;
	return rc;
}

int
odds_unordered(odds_rule rule, void *ctx, enum die_kind kind, int n, struct dice *d,
    struct result *r, struct odds *o)
{
	int face[12], sides[12], count[12], nf = die_faces(kind, face, sides), rc = RULE_OK, i;
	mpz_t ways, one;
	mpq_t p;

	if (n > DICE_MAX)
		return result_fail(r, RULE_DATA, "the ruling asks for more than %d dice", DICE_MAX);
	mpz_init(ways);
	mpz_init(one);
	mpq_init(p);
	/* every count of each face, the first face taking what is left */
	memset(count, 0, sizeof count);
	count[0] = n;
	for (;;) {
		/* n! / (count_0! ... ) orderings, each face's sides to its count */
		mpz_fac_ui(ways, (unsigned long)n);
		for (i = 0; i < nf; i++) {
			mpz_fac_ui(one, (unsigned long)count[i]);
			mpz_divexact(ways, ways, one);
			mpz_ui_pow_ui(one, (unsigned long)sides[i], (unsigned long)count[i]);
			mpz_mul(ways, ways, one);
		}
		mpz_set(mpq_numref(p), ways);
		mpz_ui_pow_ui(mpq_denref(p), (unsigned long)die_sides(kind), (unsigned long)n);
		mpq_canonicalize(p);
		if ((rc = unordered_run(rule, ctx, d, r, o, face, count, nf, p)) != RULE_OK)
			break;
		/* the next counts: one from the first face that has some moves
		 * on to the next face, the rest back to the first */
		for (i = 0; i < nf - 1 && count[i] == 0; i++)
			continue;
		if (i == nf - 1)
			break;
		count[i + 1]++;
		count[0] = count[i] - 1;
		if (i > 0)
			count[i] = 0;
	}
	mpq_clear(p);
	mpz_clear(one);
	mpz_clear(ways);
	return rc != RULE_OK ? rc : odds_finish(o, r);
}

int
odds_expected(const struct odds_field *f, double *mean)
{
	*mean = 0;
	for (int i = 0; i < f->n; i++) {
		if (!numeric(&f->v[i]))
			return 0;
		*mean += f->v[i].d * odds_p(&f->v[i]);
	}
	return 1;
}

/* ---- distributions of independent parts ------------------------------ */

void
odds_dist_init(struct odds_dist *d)
{
	d->v = NULL;
	d->w = NULL;
	d->n = d->room = 0;
	d->slot = NULL;
	d->nslot = 0;
	mpz_init_set_ui(d->den, 1);
	d->no_memory = 0;
}

void
odds_dist_clear(struct odds_dist *d)
{
	for (int i = 0; i < d->n; i++)
		mpz_clear(d->w[i]);
	free(d->v);
	free(d->w);
	free(d->slot);
	mpz_clear(d->den);
	d->v = NULL;
	d->w = NULL;
	d->slot = NULL;
	d->n = d->room = d->nslot = 0;
}

static unsigned
dist_hash(long value, int nslot)
{
	unsigned long x = (unsigned long)value * 0x9e3779b97f4a7c15UL;

	return (unsigned)(x >> 32) & (unsigned)(nslot - 1);
}

/* The slot of VALUE: where it is, or the free one where it goes. */
static int
dist_slot(const struct odds_dist *d, long value)
{
	unsigned at = dist_hash(value, d->nslot);

	while (d->slot[at] != 0 && d->v[d->slot[at] - 1] != value)
		at = (at + 1) & (unsigned)(d->nslot - 1);
	return (int)at;
}

/* Room for one more value in the arrays. */
static int
dist_grow(struct odds_dist *d)
{
	int room = d->room > 0 ? d->room * 2 : 16;
	long *v;
	mpz_t *w;

	if (d->n < d->room)
		return 0;
	if ((v = realloc(d->v, (size_t)room * sizeof d->v[0])) == NULL)
		return -1;
	d->v = v;
	if ((w = realloc(d->w, (size_t)room * sizeof d->w[0])) == NULL)
		return -1;
	d->w = w;
	d->room = room;
	return 0;
}

/* A hash of the values of NSLOT slots (a power of two, above twice
 * their number). */
static int
dist_rehash(struct odds_dist *d, int nslot)
{
	int *slot = calloc((size_t)nslot, sizeof slot[0]);

	if (slot == NULL)
		return -1;
	free(d->slot);
	d->slot = slot;
	d->nslot = nslot;
	for (int i = 0; i < d->n; i++)
		d->slot[dist_slot(d, d->v[i])] = i + 1;
	return 0;
}

/* VALUE listed at the end with no ways (its hash left to the caller);
 * its index, or -1 when d cannot grow. */
static int
dist_append(struct odds_dist *d, long value)
{
	if (dist_grow(d) != 0) {
		d->no_memory = 1;
		return -1;
	}
	d->v[d->n] = value;
	mpz_init(d->w[d->n]);
	return d->n++;
}

/* The index of VALUE, listed with no ways when it is new; -1 when d
 * cannot grow. */
static int
dist_index(struct odds_dist *d, long value)
{
	int at, i;

	if (d->nslot > 0 && d->slot[at = dist_slot(d, value)] != 0)
		return d->slot[at] - 1;
	/* a hash at most half full */
	if (2 * (d->n + 1) > d->nslot &&
	    dist_rehash(d, d->nslot > 0 ? d->nslot * 2 : 32) != 0) {
		d->no_memory = 1;
		return -1;
	}
	if ((i = dist_append(d, value)) >= 0)
		d->slot[dist_slot(d, value)] = i + 1;
	return i;
}

void
odds_dist_put(struct odds_dist *d, long value, mpz_srcptr ways)
{
	int i;

	if (mpz_sgn(ways) != 0 && (i = dist_index(d, value)) >= 0)
		mpz_add(d->w[i], d->w[i], ways);
}

void
odds_dist_put_ui(struct odds_dist *d, long value, unsigned long ways)
{
	int i;

	if (ways != 0 && (i = dist_index(d, value)) >= 0)
		mpz_add_ui(d->w[i], d->w[i], ways);
}

/* d takes the values and ways of from (which is left to be cleared). */
static void
dist_move(struct odds_dist *d, struct odds_dist *from)
{
	int failed = d->no_memory || from->no_memory;

	odds_dist_clear(d);
	*d = *from;
	d->no_memory = failed;
}

/* The least and the most of the values of d. */
static void
dist_span(const struct odds_dist *d, long *lo, long *hi)
{
	*lo = *hi = d->n > 0 ? d->v[0] : 0;
	for (int i = 1; i < d->n; i++) {
		*lo = d->v[i] < *lo ? d->v[i] : *lo;
		*hi = d->v[i] > *hi ? d->v[i] : *hi;
	}
}

/* Sums within this span are found by their place in an array, not by
 * hash (a statistic's counts in their places make a few thousand). */
#define DIST_DENSE (1L << 18)

void
odds_dist_add(struct odds_dist *d, const struct odds_dist *part)
{
	struct odds_dist sum;
	long lo, hi, plo, phi;
	int *at = NULL;

	/* (d and part may be one: sum is written apart, and moved in last) */
	odds_dist_init(&sum);
	dist_span(d, &lo, &hi);
	dist_span(part, &plo, &phi);
	lo += plo;
	hi += phi;
	if (hi - lo < DIST_DENSE)
		at = calloc((size_t)(hi - lo + 1), sizeof at[0]);
	for (int i = 0; i < d->n; i++)
		for (int k = 0; k < part->n; k++) {
			long v = d->v[i] + part->v[k];
			int j;

			if (at == NULL)
				j = dist_index(&sum, v);
			else if ((j = at[v - lo] - 1) < 0 && (j = dist_append(&sum, v)) >= 0)
				at[v - lo] = j + 1;
			if (j >= 0)
				mpz_addmul(sum.w[j], d->w[i], part->w[k]);
		}
	if (at != NULL) {
		int nslot = 32;

		while (nslot < 2 * (sum.n + 1))
			nslot *= 2;
		free(at);
		if (dist_rehash(&sum, nslot) != 0)
			sum.no_memory = 1;
	}
	mpz_mul(sum.den, d->den, part->den);
	dist_move(d, &sum);
}

/*
 * The sum of TIMES copies of a part of two values a and b, shown in wa
 * and wb ways of den (neither none; all three divided first by what they
 * share): (TIMES - j) * a + j * b in C(TIMES, j) wa^(TIMES-j) wb^j ways
 * of den^TIMES, each count of ways from the one before (its divisions
 * exact).
 */
static void
binomial_times(const struct odds_dist *part, long times, struct odds_dist *out)
{
	long a = part->v[0], b = part->v[1];
	mpz_t wa, wb, term;

	mpz_init(wa);
	mpz_init(wb);
	mpz_init(term);
	mpz_gcd(term, part->w[0], part->w[1]);
	mpz_gcd(term, term, part->den);
	mpz_divexact(wa, part->w[0], term);
	mpz_divexact(wb, part->w[1], term);
	mpz_divexact(out->den, part->den, term);
	mpz_pow_ui(out->den, out->den, (unsigned long)times);
	mpz_pow_ui(term, wa, (unsigned long)times);
	for (long j = 0;; j++) {
		odds_dist_put(out, (times - j) * a + j * b, term);
		if (j == times)
			break;
		/* C(t, j+1) wa^(t-j-1) wb^(j+1) = the term * (t-j) wb / ((j+1) wa) */
		mpz_mul_ui(term, term, (unsigned long)(times - j));
		mpz_mul(term, term, wb);
		mpz_divexact_ui(term, term, (unsigned long)(j + 1));
		mpz_divexact(term, term, wa);
	}
	mpz_clear(term);
	mpz_clear(wb);
	mpz_clear(wa);
}

void
odds_dist_add_times(struct odds_dist *d, const struct odds_dist *part, long times)
{
	struct odds_dist copies;

	if (times <= 0)
		return;
	odds_dist_init(&copies);
	if (part->n == 2) {
		binomial_times(part, times, &copies);
		odds_dist_add(d, &copies);
	} else {
		/* any other part: its copies by squaring (1, 2, 4, ... of them) */
		odds_dist_put_ui(&copies, 0, 1);
		odds_dist_add(&copies, part);
		for (;;) {
			if (times & 1)
				odds_dist_add(d, &copies);
			if ((times >>= 1) == 0)
				break;
			odds_dist_add(&copies, &copies);
		}
	}
	d->no_memory |= copies.no_memory;
	odds_dist_clear(&copies);
}

void
odds_dist_p(const struct odds_dist *d, int i, mpq_ptr p)
{
	mpz_set(mpq_numref(p), d->w[i]);
	mpz_set(mpq_denref(p), d->den);
	mpq_canonicalize(p);
}

/* An entry of a distribution, for sorting: its value and its place. */
struct dist_entry {
	long v;
	int at;
};

static int
entry_cmp(const void *a, const void *b)
{
	const struct dist_entry *x = a, *y = b;

	return x->v < y->v ? -1 : x->v > y->v;
}

void
odds_dist_sort(struct odds_dist *d)
{
	struct dist_entry *e = malloc((size_t)(d->n > 0 ? d->n : 1) * sizeof e[0]);
	mpz_t *w = malloc((size_t)(d->n > 0 ? d->n : 1) * sizeof w[0]);

	if (e == NULL || w == NULL) {
		d->no_memory = 1;	/* (left as it was) */
		free(e);
		free(w);
		return;
	}
	for (int i = 0; i < d->n; i++) {
		e[i].v = d->v[i];
		e[i].at = i;
	}
	qsort(e, (size_t)d->n, sizeof e[0], entry_cmp);
	/* (an mpz_t holds pointers, never into itself: it moves whole) */
	memcpy(w, d->w, (size_t)d->n * sizeof w[0]);
	for (int i = 0; i < d->n; i++) {
		d->v[i] = e[i].v;
		memcpy(d->w[i], w[e[i].at], sizeof w[0]);
	}
	free(e);
	free(w);
	if (d->nslot > 0 && dist_rehash(d, d->nslot) != 0)
		d->no_memory = 1;
}

