/* dice: die kinds, the face stream of one adjudication, and the generator. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "num.h"
#include "result.h"
#include "unit.h"

_Static_assert(DICE_LABEL >= UNIT_NAME + 48, "a die's name holds a unit's whole name");

static const struct {
	const char *name;
	int min, max;
} die_kinds[] = {
	[DIE_AVG] = { "average die", 2, 5 },
	[DIE_D3] = { "d3", 1, 3 },
	[DIE_D6] = { "d6", 1, 6 },
	[DIE_D8] = { "d8", 1, 8 },
	[DIE_D10] = { "d10", 1, 10 },
	[DIE_D12] = { "d12", 1, 12 },
};

int
die_min(enum die_kind k)
{
	return die_kinds[k].min;
}

int
die_max(enum die_kind k)
{
	return die_kinds[k].max;
}

int
die_sides(enum die_kind k)
{
	return k == DIE_AVG ? 6 : die_max(k) - die_min(k) + 1;
}

int
die_sides_from(enum die_kind k, long need)
{
	static const int avg[] = { 2, 3, 3, 4, 4, 5 };
	int n = 0;

	if (k == DIE_AVG) {
		for (int i = 0; i < 6; i++)
			n += avg[i] >= need;
		return n;
	}
	for (int f = die_min(k); f <= die_max(k); f++)
		n += f >= need;
	return n;
}

int
die_sides_in(enum die_kind k, unsigned mask)
{
	int face[12], sides[12], nf = die_faces(k, face, sides), n = 0;

	for (int i = 0; i < nf; i++)
		if ((mask >> face[i]) & 1u)
			n += sides[i];
	return n;
}

int
die_faces(enum die_kind k, int *face, int *sides)
{
	static const int avg_face[] = { 2, 3, 4, 5 }, avg_sides[] = { 1, 2, 2, 1 };
	int n = 0;

	if (k == DIE_AVG) {
		memcpy(face, avg_face, sizeof avg_face);
		memcpy(sides, avg_sides, sizeof avg_sides);
		return 4;
	}
	for (int v = die_min(k); v <= die_max(k); v++, n++) {
		face[n] = v;
		sides[n] = 1;
	}
	return n;
}

const char *
die_name(enum die_kind k)
{
	return die_kinds[k].name;
}

int
die_named_in(const char *label, enum die_kind k)
{
	const char *name = die_name(k), *at = label;
	size_t n = strlen(name);

	while ((at = strstr(at, name)) != NULL) {
		if ((at == label || at[-1] == ' ' || at[-1] == '\'') &&
		    (at[n] < '0' || at[n] > '9'))
			return 1;
		at += n;
	}
	return 0;
}

int
die_parse(const char *s, enum die_kind *k)
{
	for (size_t i = DIE_D3; i < sizeof die_kinds / sizeof die_kinds[0]; i++) {
		if (strcmp(s, die_kinds[i].name) == 0) {
			*k = (enum die_kind)i;
			return 0;
		}
	}
	return -1;
}

int
die_with_faces(long faces, enum die_kind *k)
{
	for (size_t i = DIE_D3; i < sizeof die_kinds / sizeof die_kinds[0]; i++) {
		if (die_kinds[i].min == 1 && die_kinds[i].max == faces) {
			*k = (enum die_kind)i;
			return 0;
		}
	}
	return -1;
}

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* A uniform integer in [0, n): the high 32 bits scaled, the same everywhere. */
static int
rng_below(struct rng *r, int n)
{
	return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

int
rng_die(struct rng *r, enum die_kind k)
{
	static const int average_faces[6] = { 2, 3, 3, 4, 4, 5 };

	if (k == DIE_AVG)
		return average_faces[rng_below(r, 6)];
	return 1 + rng_below(r, die_kinds[k].max);
}

/* Every field but the arrays, which are written before they are read
 * (given up to ngiven, used up to nused, pool up to npool): 40 KB not
 * cleared for each ruling. */
static void
dice_reset(struct dice *d, enum dice_mode mode)
{
	d->mode = mode;
	d->ngiven = d->nused = 0;
	memset(&d->rng, 0, sizeof d->rng);
	d->seed = 0;
	d->ended_early = d->wanting = 0;
	d->wanted = DIE_AVG;
	d->wanted_mask = 0;
	d->wanted_group = d->wanted_pool = 0;
	d->npool = d->pool_at = d->pool_sum = 0;
	error_clear(&d->error);
}

void
dice_set_explore(struct dice *d, const int *faces, int n)
{
	d->mode = DICE_EXPLORE;
	d->nused = 0;
	d->ngiven = n;
	memcpy(d->given, faces, (size_t)n * sizeof faces[0]);
	d->ended_early = d->wanting = 0;
	d->npool = d->pool_at = d->pool_sum = 0;
	error_clear(&d->error);
}

/* Declares the next n dice a pool read through its sum or its highest. */
static void
pool(struct dice *d, const enum die_kind *kinds, int n, int sum)
{
	if (n > DICE_POOL)
		n = 0;		/* too many to weigh together: face by face */
	memcpy(d->pool, kinds, (size_t)n * sizeof kinds[0]);
	d->npool = n;
	d->pool_at = 0;
	d->pool_sum = sum;
}

void
dice_max_pool(struct dice *d, const enum die_kind *kinds, int n)
{
	pool(d, kinds, n, 0);
}

void
dice_sum_pool(struct dice *d, const enum die_kind *kinds, int n)
{
	pool(d, kinds, n, 1);
}

/* The item without the spaces around it ("4, 3" is typed as often as
 * "4,3"). */
static char *
trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

int
dice_parse_list(struct dice *d, const char *list)
{
	char item[32];
	const char *p = list;

	dice_reset(d, DICE_GIVEN);
	for (;;) {
		size_t len = strcspn(p, ",");
		long face;

		if (len == 0 || len >= sizeof item) {
			error_set(&d->error, RULE_DATA,
			    "'%s' is not a list of die faces (e.g. --dice 4 or --dice 6,6)",
			    list);
			return -1;
		}
		memcpy(item, p, len);
		item[len] = '\0';
		if (num_parse_long(trim(item), 0, 99, &face) != NUM_OK) {
			error_set(&d->error, RULE_DATA,
			    "'%s' is not a die face: give the faces shown as whole numbers, comma-separated (e.g. --dice 4 or --dice 6,6)",
			    item);
			return -1;
		}
		if (d->ngiven == DICE_MAX) {
			error_set(&d->error, RULE_DATA,
			    "too many dice: at most %d are taken", DICE_MAX);
			return -1;
		}
		d->given[d->ngiven++] = (int)face;
		if (p[len] == '\0')
			return 0;
		p += len + 1;
	}
}

void
dice_set_roll(struct dice *d, uint64_t seed)
{
	dice_reset(d, DICE_ROLL);
	d->seed = seed;
	rng_seed(&d->rng, seed);
}

void
dice_set_probe(struct dice *d)
{
	dice_reset(d, DICE_PROBE);
}

/*
 * The face for the next die: typed, rolled, or (probing) one below the
 * largest, a face that lets most rulings go on to ask for their later dice
 * (a gun that does not misfire, a rocket that carries on).  Exploring, a
 * face the die cannot show stops the ruling as a missing one does (the
 * odds guessed the die wrong); a die of a pool (POOLED) takes the face
 * standing for the pool's highest or for its sum.
 */
static int
next_face(struct dice *d, enum die_kind k, int pooled, const char *label)
{
	int pos = d->nused + 1, face;

	switch (d->mode) {
	case DICE_ROLL:
		return rng_die(&d->rng, k);
	case DICE_PROBE:
		return die_max(k) - 1;
	case DICE_EXPLORE:
		if (d->nused < d->ngiven && (pooled || (d->given[d->nused] >= die_min(k) &&
		    d->given[d->nused] <= die_max(k))))
			return d->given[d->nused];
		d->wanting = 1;
		d->wanted = k;
		error_set(&d->error, RULE_DATA, "exploring: the %s is next", label);
		return -1;
	case DICE_GIVEN:
		break;
	}
	if (d->nused >= d->ngiven) {
		error_set(&d->error, RULE_DATA,
		    "too few dice: die %d should be the %s (%s%s%d-%d)", pos,
		    label, die_named_in(label, k) ? "" : die_name(k),
		    die_named_in(label, k) ? "" : ", ", die_min(k), die_max(k));
		return -1;
	}
	face = d->given[d->nused];
	if (face < die_min(k) || face > die_max(k)) {
		if (k == DIE_AVG)
			error_set(&d->error, RULE_DATA,
			    "die %d is the %s: %d is not a face of the average die (2-5)",
			    pos, label, face);
		else
			error_set(&d->error, RULE_DATA,
			    "die %d is the %s: %d is not a face of a %s", pos,
			    label, face, die_name(k));
		return -1;
	}
	return face;
}

static int take(struct dice *d, enum die_kind k, unsigned mask, int group,
    const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

static int
take(struct dice *d, enum die_kind k, unsigned mask, int group, const char *fmt,
    va_list ap)
{
	char label[DICE_LABEL];
	struct die_use *u;
	int face, pool;

	/* The odds run a ruling by the thousand and never show a label. */
	if (d->mode == DICE_EXPLORE)
		label[0] = '\0';
	else
		vsnprintf(label, sizeof label, fmt, ap);
	if (d->nused == DICE_MAX) {
		error_set(&d->error, RULE_DATA,
		    "the ruling asks for more than %d dice", DICE_MAX);
		return -1;
	}
	assert(d->pool_at <= d->npool && d->npool <= DICE_POOL);
	pool = d->pool_at < d->npool ? (d->pool_at++ == 0 ? 1 : 2) : 0;
	face = next_face(d, k, pool != 0, label);
	if (face < 0) {
		d->wanted_mask = mask;
		d->wanted_group = group;
		d->wanted_pool = pool;
		return -1;
	}
	/* A die taken is one of its kind's faces (weighing odds pools any
	 * face), and given dice are never read past the last. */
	assert(d->mode == DICE_EXPLORE || (face >= die_min(k) && face <= die_max(k)));
	assert(d->mode != DICE_GIVEN || d->nused < d->ngiven);
	u = &d->used[d->nused++];
	u->face = face;
	u->kind = k;
	u->mask = mask;
	u->group = group;
	u->pool = pool;
	memcpy(u->label, label, strlen(label) + 1);
	u->note[0] = '\0';
	return face;
}

int
dice_take(struct dice *d, enum die_kind k, const char *fmt, ...)
{
	va_list ap;
	int face;

	va_start(ap, fmt);
	face = take(d, k, 0, 0, fmt, ap);
	va_end(ap);
	return face;
}

int
dice_take_split(struct dice *d, enum die_kind k, unsigned mask, int group,
    const char *fmt, ...)
{
	va_list ap;
	int face;

	va_start(ap, fmt);
	face = take(d, k, mask, group, fmt, ap);
	va_end(ap);
	return face;
}

unsigned
dice_mask_from(enum die_kind k, long need)
{
	unsigned mask = 0;

	for (int f = die_min(k); f <= die_max(k); f++)
		if (f >= need)
			mask |= 1u << f;
	return mask;
}

void
dice_note(struct dice *d, int index, const char *fmt, ...)
{
	va_list ap;

	/* The odds run a ruling by the thousand and never show a note. */
	if (index < 0 || index >= d->nused || d->mode == DICE_EXPLORE)
		return;
	va_start(ap, fmt);
	vsnprintf(d->used[index].note, sizeof d->used[index].note, fmt, ap);
	va_end(ap);
}

int
dice_last(const struct dice *d)
{
	return d->nused - 1;
}

void
dice_end_early(struct dice *d)
{
	d->ended_early = 1;
}

int
dice_unused(const struct dice *d)
{
	return d->mode == DICE_GIVEN ? d->ngiven - d->nused : 0;
}
