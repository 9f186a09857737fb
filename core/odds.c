/* odds: enumeration of a ruling over its dice, exact fractions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
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
	o->f[o->n].n = 0;
	return &o->f[o->n++];
}

static void
add_value(struct odds *o, const char *name, const char *text, size_t len,
    mpq_srcptr p)
{
	struct odds_field *f = field(o, name);

	if (f == NULL)
		return;
	if (len >= ODDS_TEXT) {
		o->overflow = 1;
		return;
	}
	for (int i = 0; i < f->n; i++)
		if (strlen(f->v[i].text) == len && strncmp(f->v[i].text, text, len) == 0) {
			mpq_add(f->v[i].p, f->v[i].p, p);
			return;
		}
	if (f->n == ODDS_VALUES) {
		o->overflow = 1;
		return;
	}
	memcpy(f->v[f->n].text, text, len);
	f->v[f->n].text[len] = '\0';
	mpq_init(f->v[f->n].p);
	mpq_set(f->v[f->n].p, p);
	f->n++;
}

/* The end of the JSON string starting at s (its opening quote). */
static const char *
string_end(const char *s)
{
	for (s++; *s != '\0' && *s != '"'; s++)
		if (*s == '\\' && s[1] != '\0')
			s++;
	return *s == '"' ? s + 1 : s;
}

/* The end of the JSON value at s (written by jsonw: well formed). */
static const char *
value_end(const char *s)
{
	int depth = 0;

	if (*s == '"')
		return string_end(s);
	if (*s != '{' && *s != '[') {
		while (*s != '\0' && *s != ',' && *s != '}' && *s != ']')
			s++;
		return s;
	}
	for (; *s != '\0'; s++) {
		if (*s == '"') {
			s = string_end(s) - 1;
		} else if (*s == '{' || *s == '[') {
			depth++;
		} else if ((*s == '}' || *s == ']') && --depth == 0) {
			return s + 1;
		}
	}
	return s;
}

/* Records each scalar member of the object at s under PREFIX. */
static const char *
walk(struct odds *o, const char *s, const char *prefix, mpq_srcptr p)
{
	char name[ODDS_NAME];

	if (*s != '{')
		return value_end(s);
	for (s++; *s != '\0' && *s != '}';) {
		const char *key = s + 1, *kend = string_end(s) - 1, *v = kend + 2, *vend;

		if (*s != '"')
			break;
		snprintf(name, sizeof name, "%s%.*s", prefix, (int)(kend - key), key);
		if (*v == '{') {
			char inner[ODDS_NAME];

			snprintf(inner, sizeof inner, "%s.", name);
			vend = walk(o, v, inner, p);
		} else {
			vend = value_end(v);
			if (*v != '[')
				add_value(o, name, v, (size_t)(vend - v), p);
		}
		s = *vend == ',' ? vend + 1 : vend;
	}
	return *s == '}' ? s + 1 : s;
}

/* ---- the enumeration ------------------------------------------------ */

struct walker {
	odds_rule rule;
	void *ctx;
	struct dice *d;
	struct result *r;
	struct odds *o;
	long limit;
	int faces[DICE_MAX];
};

/* The distinct faces of a die and how many of its sides show each. */
static int
faces_of(enum die_kind k, int *face, int *weight)
{
	int n = 0;

	if (k == DIE_AVG) {	/* 2, 3, 3, 4, 4, 5 */
		static const int f[] = { 2, 3, 4, 5 }, w[] = { 1, 2, 2, 1 };

		memcpy(face, f, sizeof f);
		memcpy(weight, w, sizeof w);
		return 4;
	}
	for (int v = die_min(k); v <= die_max(k); v++, n++) {
		face[n] = v;
		weight[n] = 1;
	}
	return n;
}

static int
sides(enum die_kind k)
{
	return k == DIE_AVG ? 6 : die_max(k) - die_min(k) + 1;
}

/* An exchangeable run of split dice being counted: n dice so far, a of
 * them in the mask (canonical order: all in-mask dice first). */
struct run {
	int group;
	enum die_kind kind;
	unsigned mask;
	int n, a;
};

static const struct run no_run = { 0, DIE_D6, 0, 0, 0 };

/* q = p * num / den. */
static void
scale(mpq_ptr q, mpq_srcptr p, unsigned long num, unsigned long den)
{
	mpq_set_ui(q, num, den);
	mpq_canonicalize(q);
	mpq_mul(q, q, p);
}

/* q = p, times the run's orderings: C(n, a) sequences share the
 * canonical one's odds. */
static void
close_run(mpq_ptr q, mpq_srcptr p, const struct run *run)
{
	mpq_set(q, p);
	if (run->n > 1) {
		mpz_t c;

		mpz_init(c);
		mpz_bin_uiui(c, (unsigned long)run->n, (unsigned long)run->a);
		mpz_mul(mpq_numref(q), mpq_numref(q), c);
		mpq_canonicalize(q);
		mpz_clear(c);
	}
}

/* How many sides of k show a face in (in = 1) or out of the mask, and a
 * face to stand for them; 0 when none does. */
static int
split_class(enum die_kind k, unsigned mask, int in, int *face)
{
	int fv[16], wv[16], nf = faces_of(k, fv, wv), count = 0;

	for (int i = 0; i < nf; i++)
		if (((mask >> fv[i]) & 1u) == (unsigned)in) {
			if (count == 0)
				*face = fv[i];
			count += wv[i];
		}
	return count;
}

static int explore(struct walker *w, int depth, mpq_srcptr p, struct run run);

/* Runs explore on a child p * num / den (a fraction of its own). */
static int
child(struct walker *w, int depth, mpq_srcptr p, unsigned long num, unsigned long den,
    struct run run)
{
	mpq_t q;
	int rc;

	mpq_init(q);
	scale(q, p, num, den);
	rc = explore(w, depth, q, run);
	mpq_clear(q);
	return rc;
}

/* Branches on a split die: its two classes, in canonical order within an
 * exchangeable run. */
static int
branch_split(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	enum die_kind k = w->d->wanted;
	unsigned mask = w->d->wanted_mask;
	int group = w->d->wanted_group, rc = RULE_OK;
	int continues = group > 0 && run.group == group && run.kind == k && run.mask == mask;
	mpq_t base;

	mpq_init(base);
	if (!continues) {
		close_run(base, p, &run);
		run = (struct run){ group, k, mask, 0, 0 };
	} else {
		mpq_set(base, p);
	}
	for (int in = 1; in >= 0 && rc == RULE_OK; in--) {
		struct run next = run;
		int face = 0, count = split_class(k, mask, in, &face);

		/* After a die out of the mask, the run takes no more in it. */
		if (count == 0 || (in && group > 0 && run.a < run.n))
			continue;
		next.n++;
		next.a += in;
		if (group == 0)
			next.n = 0;	/* not a run: nothing to count */
		w->faces[depth] = face;
		rc = child(w, depth + 1, base, (unsigned long)count, (unsigned long)sides(k), next);
	}
	mpq_clear(base);
	return rc;
}

/* Sides of k showing at most m. */
static int
at_most(enum die_kind k, int m)
{
	int fv[16], wv[16], nf = faces_of(k, fv, wv), count = 0;

	for (int i = 0; i < nf; i++)
		if (fv[i] <= m)
			count += wv[i];
	return count;
}

/* The first die of a max pool: a branch for each highest face m, with
 * P(max = m) = (prod c_i(m) - prod c_i(m-1)) / prod sides_i; the later
 * dice of the pool then show their lowest face. */
static int
branch_max(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	/* The pool as declared: the runs below declare pools of their own. */
	enum die_kind pool[DICE_POOL];
	int npool = w->d->npool, lo = 100, hi = 0, rc = RULE_OK;
	mpq_t base, q;
	mpz_t upto, below;

	memcpy(pool, w->d->pool, sizeof pool);
	mpq_init(base);
	mpq_init(q);
	mpz_init(upto);
	mpz_init(below);
	close_run(base, p, &run);
	for (int i = 0; i < npool; i++) {
		lo = die_min(pool[i]) < lo ? die_min(pool[i]) : lo;
		hi = die_max(pool[i]) > hi ? die_max(pool[i]) : hi;
	}
	for (int m = lo; m <= hi && rc == RULE_OK; m++) {
		mpz_set_ui(upto, 1);
		mpz_set_ui(below, 1);
		mpq_set_ui(q, 1, 1);
		for (int i = 0; i < npool; i++) {
			mpz_mul_ui(upto, upto, (unsigned long)at_most(pool[i], m));
			mpz_mul_ui(below, below, (unsigned long)at_most(pool[i], m - 1));
			mpz_mul_ui(mpq_denref(q), mpq_denref(q), (unsigned long)sides(pool[i]));
		}
		if (mpz_cmp(upto, below) == 0)
			continue;
		mpz_sub(mpq_numref(q), upto, below);
		mpq_canonicalize(q);
		mpq_mul(q, q, base);
		w->faces[depth] = m;
		rc = explore(w, depth + 1, q, no_run);
	}
	mpz_clear(upto);
	mpz_clear(below);
	mpq_clear(q);
	mpq_clear(base);
	return rc;
}

/* Branches on every face of the die wanted. */
static int
branch_faces(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	enum die_kind k = w->d->wanted;
	int face[16], weight[16], nf = faces_of(k, face, weight), rc = RULE_OK;
	mpq_t base;

	mpq_init(base);
	close_run(base, p, &run);
	for (int i = 0; i < nf && rc == RULE_OK; i++) {
		w->faces[depth] = face[i];
		rc = child(w, depth + 1, base, (unsigned long)weight[i], (unsigned long)sides(k),
		    no_run);
	}
	mpq_clear(base);
	return rc;
}

/* A complete ruling: its scalar fields weigh p (with its run's orderings). */
static int
leaf(struct walker *w, mpq_srcptr p, struct run run)
{
	mpq_t q;

	if (result_finish(w->r) != 0)
		return result_fail(w->r, RULE_DATA, "a result is too large to weigh");
	w->o->leaves++;
	mpq_init(q);
	close_run(q, p, &run);
	walk(w->o, w->r->json, "", q);
	mpq_clear(q);
	return RULE_OK;
}

static int
explore(struct walker *w, int depth, mpq_srcptr p, struct run run)
{
	int rc;

	if (++w->o->runs > w->limit)
		return result_fail(w->r, RULE_DATA,
		    "the ruling has more than %ld outcomes to weigh; odds are not given for it",
		    w->limit);
	dice_set_explore(w->d, w->faces, depth);
	result_init(w->r);
	rc = w->rule(w->ctx, w->d, w->r);
	if (w->d->wanting && w->d->wanted_pool == 1 && !w->o->plain)
		return branch_max(w, depth, p, run);
	if (w->d->wanting && w->d->wanted_pool == 2 && !w->o->plain) {
		w->faces[depth] = die_min(w->d->wanted);
		return explore(w, depth + 1, p, run);
	}
	if (w->d->wanting && w->d->wanted_mask != 0 && !w->o->plain)
		return branch_split(w, depth, p, run);
	if (w->d->wanting)
		return branch_faces(w, depth, p, run);
	if (rc == RULE_OK && w->r->failed)
		rc = w->r->failed;
	return rc != RULE_OK ? rc : leaf(w, p, run);
}

/* A field some branches do not write is null on them: the values of
 * every field sum to one. */
static void
complete(struct odds *o, struct odds_field *f)
{
	mpq_t sum;

	mpq_init(sum);
	for (int i = 0; i < f->n; i++)
		mpq_add(sum, sum, f->v[i].p);
	if (mpq_cmp_ui(sum, 1, 1) < 0) {
		mpq_t one;

		mpq_init(one);
		mpq_set_ui(one, 1, 1);
		mpq_sub(sum, one, sum);
		add_value(o, f->name, "null", 4, sum);
		mpq_clear(one);
	}
	mpq_clear(sum);
}

static int
value_cmp(const void *a, const void *b)
{
	const struct odds_value *x = a, *y = b;
	char *ex, *ey;
	double dx = strtod(x->text, &ex), dy = strtod(y->text, &ey);

	if (*ex == '\0' && *ey == '\0' && ex != x->text && ey != y->text)
		return dx < dy ? -1 : dx > dy;
	return strcmp(x->text, y->text);
}

void
odds_free(struct odds *o)
{
	for (int i = 0; i < o->n; i++)
		for (int k = 0; k < o->f[i].n; k++)
			mpq_clear(o->f[i].v[k].p);
	o->n = 0;
}

void
odds_reset(struct odds *o)
{
	int plain = o->plain;

	odds_free(o);
	memset(o, 0, sizeof *o);
	o->plain = plain;
}

void
odds_add(struct odds *o, const char *field, const char *value, mpq_srcptr p)
{
	add_value(o, field, value, strlen(value), p);
}

int
odds_finish(struct odds *o, struct result *r)
{
	if (o->overflow)
		return result_fail(r, RULE_DATA, "the ruling's outcomes are too many to list");
	for (int i = 0; i < o->n; i++) {
		complete(o, &o->f[i]);
		qsort(o->f[i].v, (size_t)o->f[i].n, sizeof o->f[i].v[0], value_cmp);
	}
	return RULE_OK;
}

int
odds_enumerate(odds_rule rule, void *ctx, struct dice *d, struct result *r,
    struct odds *o, long limit)
{
	struct walker w = { rule, ctx, d, r, o, limit, { 0 } };
	mpq_t one;
	int rc;

	odds_reset(o);
	mpq_init(one);
	mpq_set_ui(one, 1, 1);
	r->quiet = 1;
	rc = explore(&w, 0, one, no_run);
	r->quiet = 0;
	mpq_clear(one);
	return rc != RULE_OK ? rc : odds_finish(o, r);
}

int
odds_expected(const struct odds_field *f, double *mean)
{
	*mean = 0;
	for (int i = 0; i < f->n; i++) {
		char *end;
		double v = strtod(f->v[i].text, &end);

		if (end == f->v[i].text || *end != '\0')
			return 0;
		*mean += v * odds_p(&f->v[i]);
	}
	return 1;
}
