/* odds: enumeration of a ruling over its dice, exact fractions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"

typedef unsigned __int128 u128;

static u128
gcd(u128 a, u128 b)
{
	while (b != 0) {
		u128 t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static struct frac
frac_make(u128 n, u128 d)
{
	u128 g = gcd(n, d);

	return (struct frac){ g > 1 ? n / g : n, g > 1 ? d / g : d };
}

static struct frac
frac_mul(struct frac a, u128 n, u128 d)
{
	u128 g1 = gcd(a.n, d), g2 = gcd(n, a.d);

	return frac_make((a.n / g1) * (n / g2), (a.d / g2) * (d / g1));
}

static struct frac
frac_add(struct frac a, struct frac b)
{
	u128 g = gcd(a.d, b.d);

	if (a.n == 0)
		return b;
	return frac_make(a.n * (b.d / g) + b.n * (a.d / g), (a.d / g) * b.d);
}

double
frac_value(struct frac p)
{
	return p.d == 0 ? 0 : (double)p.n / (double)p.d;
}

/* Writes v in decimal at the end of buf. */
static void
u128_format(u128 v, char *buf, size_t n)
{
	char tmp[48];
	int k = 0;

	do {
		tmp[k++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v != 0 && k < (int)sizeof tmp);
	for (size_t i = strlen(buf); k > 0 && i + 1 < n; i++) {
		buf[i] = tmp[--k];
		buf[i + 1] = '\0';
	}
}

void
frac_format(struct frac p, char *buf, size_t n)
{
	if (n == 0)
		return;
	buf[0] = '\0';
	u128_format(p.n, buf, n);
	if (p.n != 0 && p.d != 1) {
		if (strlen(buf) + 1 < n)
			strcat(buf, "/");
		u128_format(p.d, buf, n);
	}
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
	snprintf(o->f[o->n].name, ODDS_NAME, "%s", name);
	o->f[o->n].n = 0;
	return &o->f[o->n++];
}

static void
add_value(struct odds *o, const char *name, const char *text, size_t len,
    struct frac p)
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
			f->v[i].p = frac_add(f->v[i].p, p);
			return;
		}
	if (f->n == ODDS_VALUES) {
		o->overflow = 1;
		return;
	}
	memcpy(f->v[f->n].text, text, len);
	f->v[f->n].text[len] = '\0';
	f->v[f->n].p = p;
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
walk(struct odds *o, const char *s, const char *prefix, struct frac p)
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

static u128
choose(int n, int k)
{
	u128 c = 1;

	for (int i = 1; i <= k; i++)
		c = c * (u128)(n - k + i) / (u128)i;
	return c;
}

/* The run's orderings: C(n, a) sequences share the canonical one's odds. */
static struct frac
close_run(struct frac p, const struct run *run)
{
	return run->n > 1 ? frac_mul(p, choose(run->n, run->a), 1) : p;
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

static int explore(struct walker *w, int depth, struct frac p, struct run run);

/* Branches on a split die: its two classes, in canonical order within an
 * exchangeable run. */
static int
branch_split(struct walker *w, int depth, struct frac p, struct run run)
{
	enum die_kind k = w->d->wanted;
	unsigned mask = w->d->wanted_mask;
	int group = w->d->wanted_group, rc;
	int continues = group > 0 && run.group == group && run.kind == k && run.mask == mask;

	if (!continues) {
		p = close_run(p, &run);
		run = (struct run){ group, k, mask, 0, 0 };
	}
	for (int in = 1; in >= 0; in--) {
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
		if ((rc = explore(w, depth + 1, frac_mul(p, (u128)count, (u128)sides(k)),
		    next)) != RULE_OK)
			return rc;
	}
	return RULE_OK;
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
branch_max(struct walker *w, int depth, struct frac p, struct run run)
{
	const struct dice *d = w->d;
	int lo = 100, hi = 0, rc;
	u128 all = 1;

	p = close_run(p, &run);
	for (int i = 0; i < d->npool; i++) {
		all *= (u128)sides(d->pool[i]);
		lo = die_min(d->pool[i]) < lo ? die_min(d->pool[i]) : lo;
		hi = die_max(d->pool[i]) > hi ? die_max(d->pool[i]) : hi;
	}
	for (int m = lo; m <= hi; m++) {
		u128 upto = 1, below = 1;

		for (int i = 0; i < d->npool; i++) {
			upto *= (u128)at_most(d->pool[i], m);
			below *= (u128)at_most(d->pool[i], m - 1);
		}
		if (upto == below)
			continue;
		w->faces[depth] = m;
		if ((rc = explore(w, depth + 1, frac_mul(p, upto - below, all),
		    (struct run){ 0, DIE_D6, 0, 0, 0 })) != RULE_OK)
			return rc;
	}
	return RULE_OK;
}

static int
explore(struct walker *w, int depth, struct frac p, struct run run)
{
	int rc, face[16], weight[16], nf;
	enum die_kind k;

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
	if (w->d->wanting) {
		k = w->d->wanted;
		p = close_run(p, &run);
		nf = faces_of(k, face, weight);
		for (int i = 0; i < nf; i++) {
			w->faces[depth] = face[i];
			if ((rc = explore(w, depth + 1, frac_mul(p, (u128)weight[i],
			    (u128)sides(k)), (struct run){ 0, DIE_D6, 0, 0, 0 })) != RULE_OK)
				return rc;
		}
		return RULE_OK;
	}
	if (rc == RULE_OK && w->r->failed)
		rc = w->r->failed;
	if (rc != RULE_OK)
		return rc;
	if (result_finish(w->r) != 0)
		return result_fail(w->r, RULE_DATA, "a result is too large to weigh");
	w->o->leaves++;
	walk(w->o, w->r->json, "", close_run(p, &run));
	return RULE_OK;
}

/* A field some branches do not write is null on them: the values of
 * every field sum to one. */
static void
complete(struct odds *o, struct odds_field *f)
{
	struct frac sum = { 0, 1 };

	for (int i = 0; i < f->n; i++)
		sum = frac_add(sum, f->v[i].p);
	if (sum.n != sum.d)
		add_value(o, f->name, "null", 4, frac_make(sum.d - sum.n, sum.d));
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

int
odds_enumerate(odds_rule rule, void *ctx, struct dice *d, struct result *r,
    struct odds *o, long limit)
{
	struct walker w = { rule, ctx, d, r, o, limit, { 0 } };
	int rc, plain = o->plain;

	memset(o, 0, sizeof *o);
	o->plain = plain;
	r->quiet = 1;
	rc = explore(&w, 0, (struct frac){ 1, 1 }, (struct run){ 0, DIE_D6, 0, 0, 0 });
	r->quiet = 0;
	if (rc == RULE_OK && o->overflow)
		rc = result_fail(r, RULE_DATA, "the ruling's outcomes are too many to list");
	for (int i = 0; rc == RULE_OK && i < o->n; i++) {
		complete(o, &o->f[i]);
		qsort(o->f[i].v, (size_t)o->f[i].n, sizeof o->f[i].v[0], value_cmp);
	}
	return rc;
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
		*mean += v * frac_value(f->v[i].p);
	}
	return 1;
}
