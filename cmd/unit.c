/*
 * unit: the order of battle.  add, list, show, set, rm, import and export.
 * A unit's ratings are the rule set's rating options, kept as a JSON object
 * in their types and read back into typed inputs.  Formations group units
 * through --parent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "campaign.h"
#include "csvfile.h"
#include "render.h"
#include "game.h"
#include "help.h"
#include "text.h"
#include "jsonw.h"
#include "keep.h"
#include "outfile.h"
#include "view.h"

/* unit add without a name, said the same before and after the game is
 * opened. */
#define ADD_NEEDS_NAME \
	"give the new unit's NAME: unit add NAME --side SIDE --type TYPE"

const struct input_decl cmd_unit_inputs[] = {
	{ "side", IN_TEXT, "SIDE", 0, 0, NULL, NULL, NULL, "the side it fights for", 0 },
	{ "type", IN_TEXT, "TYPE", 0, 0, NULL, NULL, NULL,
	  "the unit's type, or a formation's (division, corps, army...)", 0 },
	{ "parent", IN_TEXT, "FORMATION", 0, 0, NULL, NULL, NULL,
	  "the formation it belongs to", 0 },
	{ "name", IN_TEXT, "NAME", 0, 0, NULL, NULL, NULL, "unit set: a new name", 0 },
	{ "formation", IN_TEXT, "F", 0, 0, NULL, NULL, NULL,
	  "the tactical formation it stands in (line, column, square...)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* A unit of u's type that its rule set will not have stand in tactical
 * formation WORD ("" for none): 65 with the rule's sentence. */
static int
refused_tactical(const struct game *gm, const char *word, const struct db_unit *u,
    struct error *err)
{
	const struct roster *ro = gm->rs->roster;
	const char *why;

	if (word == NULL || *word == '\0' || u->formation || ro->formation_refused == NULL ||
	    (why = ro->formation_refused(&gm->ts, u->type, word, NULL)) == NULL)
		return 0;
	return error_set(err, EXIT_DATA, "--formation: '%s' is %s, and %s", u->name, u->type, why);
}

/* Sets u's starting tactical formation from --formation, one its rule set
 * declares (a formation of the order of battle has none), and checks that
 * u's type may stand in it (or in the one it has, when none is given). */
static int
check_tactical(const struct game *gm, const char *word, struct db_unit *u,
    struct error *err)
{
	const struct word_decl *list = gm->rs->roster->keeps.formations;
	char words[256];

	if (word == NULL)
		return refused_tactical(gm, u->tactical, u, err);
	if (u->formation)
		return error_set(err, EXIT_DATA, "--formation: '%s' is a formation of the order of battle; its units stand in formations",
		    u->name);
	if (list == NULL)
		return error_set(err, EXIT_DATA, "--formation: the %s rules keep no tactical formations",
		    gm->rs->name);
	if (keeps_word(list, word) == NULL)
		return error_set(err, EXIT_DATA, "--formation: the %s rules know no formation '%s' (%s)",
		    gm->rs->name, word, keeps_words(list, words, sizeof words));
	text_copy(u->tactical, sizeof u->tactical, word);
	return refused_tactical(gm, word, u, err);
}

static int
is_common(const struct input_decl *d)
{
	for (const struct input_decl *p = cmd_unit_inputs; p->name != NULL; p++)
		if (p == d)
			return 1;
	return 0;
}

/* Which given options are ratings: all but the common ones. */
static int
is_rating(const struct input_decl *d, void *ctx)
{
	(void)ctx;
	return !is_common(d);
}

/* The --type typed in argv ("--type T" or "--type=T"), or NULL: it says
 * which options the rest of the line may hold. */
static const char *
typed_type(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--type") == 0 && i + 1 < argc)
			return argv[i + 1];
		if (strncmp(argv[i], "--type=", 7) == 0)
			return argv[i] + 7;
	}
	return NULL;
}

/* Sets u's type and formation flag from TYPE; 0 or a status with err. */
static int
check_type(struct game *gm, const char *type, struct db_unit *u, struct error *err)
{
	const struct roster *ro = gm->rs->roster;
	char types[TYPE_NAMES];

	text_copy(u->type, sizeof u->type, type);
	if (roster_type(ro, type) != NULL) {
		u->formation = 0;
		return 0;
	}
	if (choice_has(ro->formation_types, type)) {
		u->formation = 1;
		return 0;
	}
	roster_type_names(ro, types, sizeof types);
	if (ro->not_a_type != NULL && strcmp(type, ro->not_a_type) == 0)
		return error_set(err, EXIT_DATA, "%s (--type %s)", ro->not_a_type_message, types);
	return error_set(err, EXIT_DATA, "--type: '%s' is not a unit type of the %s rules (%s) or a formation (%s)",
	    type, gm->rs->name, types, ro->formation_types);
}

/*
 * The game's units as the command goes, each name with its folding, read
 * from the army once: a name that folds to another's is refused, and
 * --parent found, without reading the army again after each unit an
 * import adds.  Names and sides are found by their folding through a
 * hash index, so that an import of n units takes time in n, not n * n.
 */
struct known_name {
	char name[UNIT_NAME];	/* first: text_find_name steps over them */
	char *folded;
	long long id;
	int side;		/* in sides */
	int formation;
};

/* A side as the game spells it, and how many of the units kept are on it. */
struct known_side {
	char side[UNIT_SIDE];
	char folded[TEXT_FOLDED];
	int units;
	double cost;		/* its units' army-list cost (when costed) */
};

/* Entries found by the hash of their folding: open addressing, each slot
 * an entry's index + 1 (0: free), never more than half full. */
struct fold_index {
	int *slot;
	unsigned *hash;
	int nslot, n;
};

struct unit_names {
	struct known_name *r;
	int n, cap;
	struct known_side *sides;
	int nsides, sides_cap;
	int costed;		/* the sides' costs are read (names_cost) */
	struct fold_index by_name, by_side;
};

/* FNV-1a of a folding. */
static unsigned
fold_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int
index_grow(struct fold_index *x)
{
	int nslot = x->nslot ? x->nslot * 2 : 256, *slot = calloc((size_t)nslot, sizeof *slot);
	unsigned *hash = calloc((size_t)nslot, sizeof *hash);

	if (slot == NULL || hash == NULL) {
		free(slot);
		free(hash);
		return EXIT_BUG;
	}
	for (int k = 0; k < x->nslot; k++) {
		int j = (int)(x->hash[k] & (unsigned)(nslot - 1));

		if (x->slot[k] == 0)
			continue;
		while (slot[j] != 0)
			j = (j + 1) & (nslot - 1);
		slot[j] = x->slot[k];
		hash[j] = x->hash[k];
	}
	free(x->slot);
	free(x->hash);
	x->slot = slot;
	x->hash = hash;
	x->nslot = nslot;
	return 0;
}

/* Files entry i under hash h; 0 or EXIT_BUG when out of memory. */
static int
index_put(struct fold_index *x, unsigned h, int i)
{
	int j;

	if (2 * (x->n + 1) > x->nslot && index_grow(x) != 0)
		return EXIT_BUG;
	for (j = (int)(h & (unsigned)(x->nslot - 1)); x->slot[j] != 0; j = (j + 1) & (x->nslot - 1))
		;
	x->slot[j] = i + 1;
	x->hash[j] = h;
	x->n++;
	return 0;
}

/* The entries filed under hash h, one a call from slot *k on (start it
 * at -1): an index, or -1 when there are no more. */
static int
index_next(const struct fold_index *x, unsigned h, int *k)
{
	if (x->nslot == 0)
		return -1;
	for (*k = *k < 0 ? (int)(h & (unsigned)(x->nslot - 1)) : (*k + 1) & (x->nslot - 1);
	    x->slot[*k] != 0; *k = (*k + 1) & (x->nslot - 1))
		if (x->hash[*k] == h)
			return x->slot[*k] - 1;
	return -1;
}

/* The side spelt side, added when new; its index, or -1 out of memory. */
static int
side_of(struct unit_names *names, const char *side)
{
	char folded[TEXT_FOLDED];
	unsigned h;
	int i, k = -1;

	text_fold(side, folded, sizeof folded);
	h = fold_hash(folded);
	while ((i = index_next(&names->by_side, h, &k)) >= 0)
		if (strcmp(names->sides[i].side, side) == 0)
			return i;
	if (names->nsides == names->sides_cap) {
		int cap = names->sides_cap ? names->sides_cap * 2 : 8;
		struct known_side *r = realloc(names->sides, (size_t)cap * sizeof *r);

		if (r == NULL)
			return -1;
		names->sides = r;
		names->sides_cap = cap;
	}
	i = names->nsides;
	text_copy(names->sides[i].side, sizeof names->sides[i].side, side);
	text_copy(names->sides[i].folded, sizeof names->sides[i].folded, folded);
	names->sides[i].units = 0;
	names->sides[i].cost = 0;
	if (index_put(&names->by_side, h, i) != 0)
		return -1;
	names->nsides++;
	return i;
}

/* Adds a unit's name and side; 0 or EXIT_BUG when out of memory. */
static int
names_add(struct unit_names *names, const char *name, const char *side,
    long long id, int formation)
{
	char folded[TEXT_FOLDED];
	struct known_name *e;
	int s;

	if (names->n == names->cap) {
		int cap = names->cap ? names->cap * 2 : 64;
		struct known_name *r = realloc(names->r, (size_t)cap * sizeof *r);

		if (r == NULL)
			return EXIT_BUG;
		names->r = r;
		names->cap = cap;
	}
	text_fold(name, folded, sizeof folded);
	if ((s = side_of(names, side)) < 0)
		return EXIT_BUG;
	e = &names->r[names->n];
	if ((e->folded = strdup(folded)) == NULL)
		return EXIT_BUG;
	if (index_put(&names->by_name, fold_hash(folded), names->n) != 0) {
		free(e->folded);
		return EXIT_BUG;
	}
	text_copy(e->name, sizeof e->name, name);
	e->id = id;
	e->side = s;
	e->formation = formation;
	names->sides[s].units++;
	names->n++;
	return 0;
}

static void
names_free(struct unit_names *names)
{
	for (int i = 0; i < names->n; i++)
		free(names->r[i].folded);
	free(names->r);
	free(names->sides);
	free(names->by_name.slot);
	free(names->by_name.hash);
	free(names->by_side.slot);
	free(names->by_side.hash);
	memset(names, 0, sizeof *names);
}

/* The first unit (in the order kept) whose name folds to folded, other
 * than the one with id self; -1 when none. */
static int
names_find(const struct unit_names *names, const char *folded, long long self)
{
	int i, k = -1, first = -1;

	while ((i = index_next(&names->by_name, fold_hash(folded), &k)) >= 0)
		if (names->r[i].id != self && strcmp(names->r[i].folded, folded) == 0 &&
		    (first < 0 || i < first))
			first = i;
	return first;
}

/* The names of the game's units (names_free frees it).  Prints the
 * error. */
static int
names_read(struct cmd_ctx *g, struct game *gm, struct unit_names *names)
{
	int rc;

	memset(names, 0, sizeof *names);
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		if (names_add(names, u->name, u->side, u->id, u->formation) != 0) {
			names_free(names);
			return cmd_error(g, EXIT_BUG, "out of memory");
		}
	}
	return 0;
}

/* The unit a name names, as text_find_name finds it (the name exactly,
 * else the one name that folds to its folding), through the index; the
 * error said as text_find_name says it, in err.  -1 when not found. */
static int
names_lookup(const struct unit_names *names, const char *name, struct error *err)
{
	char folded[TEXT_FOLDED];
	int i, k = -1, found = -1, nfound = 0;

	text_fold(name, folded, sizeof folded);
	while ((i = index_next(&names->by_name, fold_hash(folded), &k)) >= 0) {
		if (strcmp(names->r[i].name, name) == 0)
			return i;
		if (strcmp(names->r[i].folded, folded) == 0) {
			nfound++;
			found = i;
		}
	}
	if (nfound == 1 && folded[0] != '\0' && text_unclean(name, NULL, 0) == 0)
		return found;
	return text_find_name("unit", name, names->n > 0 ? names->r[0].name : "",
	    sizeof names->r[0], names->n, err, EXIT_DATA);
}

/* Sets u's parent from --parent, which must be a formation. */
static int
check_parent(const struct unit_names *names, const char *parent,
    struct db_unit *u, struct error *err)
{
	const struct known_name *p;
	int i;

	u->parent_id = 0;
	u->parent[0] = '\0';
	if (parent == NULL || *parent == '\0')
		return 0;
	if ((i = names_lookup(names, parent, err)) < 0)
		return error_set(err, EXIT_DATA, "--parent: %s", err->text);
	p = &names->r[i];
	if (!p->formation)
		return error_set(err, EXIT_DATA, "--parent: '%s' is a unit, not a formation", p->name);
	if (p->id == u->id)
		return error_set(err, EXIT_DATA, "--parent: a formation cannot contain itself");
	u->parent_id = p->id;
	text_copy(u->parent, sizeof u->parent, p->name);
	return 0;
}

/* Checks the ratings in `in` for u; fills its start strength, cost and
 * stored JSON. */
static int
rate(struct game *gm, const struct inputs *in, struct db_unit *u, double *cost,
    struct error *err)
{
	struct result *r = malloc(sizeof *r);
	struct jsonw w;
	int failed;

	u->start_strength = 0;
	*cost = 0;
	if (r == NULL)
		return error_set(err, EXIT_BUG, "out of memory");
	result_init(r);
	failed = !u->formation &&
	    (roster_rate(gm->rs->roster, &gm->ts, u->type, in, &u->start_strength, cost,
	    r) != RULE_OK || r->error.code);
	if (failed)
		error_set(err, EXIT_DATA, "%s", r->error.text);
	free(r);
	if (failed)
		return EXIT_DATA;
	/* The ratings are the rule set's declared options, their text held
	 * in an inputs' store (INPUT_STORE), so they fit the fixed field a
	 * unit's row is written from; one that did not is refused below. */
	jsonw_init(&w, u->ratings, sizeof u->ratings);
	jsonw_object(&w, NULL);
	inputs_json(in, is_rating, NULL, &w);
	jsonw_object_end(&w);
	if (w.overflow)
		return error_set(err, EXIT_DATA, "the ratings are too long");
	return 0;
}

/* The army-list cost of each side's units, read from the army once (and
 * added to as units are added); 0 or a status (printed when err is
 * empty). */
static int
names_cost(struct cmd_ctx *g, struct game *gm, struct unit_names *names, struct error *err)
{
	struct result *r;
	double c;
	long start;
	int rc, s;

	if (names->costed)
		return 0;
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	if ((r = malloc(sizeof *r)) == NULL)
		return error_set(err, EXIT_BUG, "out of memory");
	for (s = 0; s < names->nsides; s++)
		names->sides[s].cost = 0;
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *v = &gm->army.u[i];

		result_init(r);
		if (v->formation || roster_rate(gm->rs->roster, &gm->ts, v->type, v->ratings,
		    &start, &c, r) != RULE_OK)
			continue;
		if ((s = side_of(names, v->side)) < 0) {
			free(r);
			return error_set(err, EXIT_BUG, "out of memory");
		}
		names->sides[s].cost += c;
	}
	free(r);
	names->costed = 1;
	return 0;
}

/* An army list: a side's count of costs the rule set declares with a
 * limit may not pass the limit the game was given (2x2 new --points). */
static int
check_points(struct cmd_ctx *g, struct game *gm, struct unit_names *names,
    const struct db_unit *u, double cost, struct error *err)
{
	const struct counter_decl *c = gm->rs->roster->keeps.counters;
	double sum;
	int rc, s;

	if (u->formation || cost <= 0)
		return 0;
	for (; c != NULL && c->name != NULL; c++) {
		const char *opt = c->limit_option;

		if (!c->of_cost || opt == NULL || !in_given(&gm->options, opt))
			continue;
		if ((rc = names_cost(g, gm, names, err)) != 0)
			return rc;
		if ((s = side_of(names, u->side)) < 0)
			return error_set(err, EXIT_BUG, "out of memory");
		sum = names->sides[s].cost;
		if (sum + cost > (double)in_count(&gm->options, opt))
			return error_set(err, EXIT_DATA, "%s would have %g %s with '%s' (%g %s), over the game's limit of %ld",
			    u->side, sum + cost, c->word, u->name, cost, c->word,
			    in_count(&gm->options, opt));
	}
	return 0;
}

/* A name or side that can be kept: not empty, not too long, clean (no
 * control characters, valid UTF-8: they would break the sheet and its
 * JSON). */
static int
check_text(const char *what, const char *s, size_t max, struct error *err)
{
	if (*s == '\0')
		return error_set(err, EXIT_DATA, "a unit's %s cannot be empty", what);
	if (strlen(s) > max)
		return error_set(err, EXIT_DATA, "a unit's %s is at most %zu bytes", what, max);
	if (text_unclean(s, err, EXIT_DATA) != 0)
		return error_set(err, EXIT_DATA, "a unit's %s %s", what, err->text);
	return 0;
}

/* A text that can be kept (check_text) and that a name matches whole:
 * no white space at either end (" Ney" and "Ney" would not be told
 * apart). */
static int
check_unpadded(const char *what, const char *s, size_t max, struct error *err)
{
	int rc;

	if ((rc = check_text(what, s, max, err)) != 0)
		return rc;
	if (text_padded(s))
		return error_set(err, EXIT_DATA, "a unit's %s cannot begin or end with a space ('%s')", what, s);
	return 0;
}

/*
 * A new name for the unit with id self (0 for a unit to be added): a
 * text that can be kept, without white space at either end (" Ney" and
 * "Ney" would not be told apart), and not the name of another unit once
 * folded: names match regardless of case and accents, so Piré and PIRE
 * cannot both be in a game.
 */
static int
check_name(const struct unit_names *names, const char *name, long long self,
    struct error *err)
{
	char folded[TEXT_FOLDED];
	int rc, i;

	if ((rc = check_unpadded("name", name, UNIT_NAME - 1, err)) != 0)
		return rc;
	text_fold(name, folded, sizeof folded);
	if ((i = names_find(names, folded, self)) >= 0) {
		const struct known_name *e = &names->r[i];

		if (strcmp(e->name, name) == 0)
			return error_set(err, EXIT_DATA, "a unit named '%s' is already in the game",
			    name);
		return error_set(err, EXIT_DATA, "a unit named '%s' is already in the game, and '%s' would match it (names match regardless of case and accents)",
		    e->name, name);
	}
	return 0;
}

/*
 * A side for the unit with id self (0 for a unit to be added): a text that
 * can be kept, without white space at either end, not "umpire" (`--for
 * umpire` is the umpire's own view, which sees everything), and spelt as
 * the game already spells it: sides match regardless of case and accents
 * (`--for french` is French's view), so French and FRENCH would be two
 * sides that one name reads.
 */
static int
check_side(const struct unit_names *names, const char *side, long long self,
    struct error *err)
{
	char folded[TEXT_FOLDED];
	int rc, i, j = -1, mine = -1;

	if ((rc = check_unpadded("side", side, UNIT_SIDE - 1, err)) != 0)
		return rc;
	text_fold(side, folded, sizeof folded);
	if (strcmp(folded, "umpire") == 0)
		return error_set(err, EXIT_DATA, "a side cannot be named '%s': --for umpire is the umpire's own view",
		    side);
	/* (the unit being changed is not counted on the side it leaves) */
	for (int k = 0; k < names->n && self != 0; k++)
		if (names->r[k].id == self)
			mine = names->r[k].side;
	while ((i = index_next(&names->by_side, fold_hash(folded), &j)) >= 0) {
		const struct known_side *e = &names->sides[i];

		if (strcmp(e->folded, folded) != 0 || strcmp(e->side, side) == 0 ||
		    e->units - (i == mine) == 0)
			continue;
		return error_set(err, EXIT_DATA, "the side '%s' is already in the game, and '%s' would match it (sides match regardless of case and accents): give it as '%s'",
		    e->side, side, e->side);
	}
	return 0;
}

/*
 * Adds the unit NAME whose options are in `in` (from argv or a CSV row).
 * err gets the sentence on failure.
 */
static int
add_from(struct cmd_ctx *g, struct game *gm, struct unit_names *names,
    const char *name, const struct inputs *in, struct db_unit *u, struct error *err)
{
	const char *side = in_text(in, "side"), *type = in_text(in, "type");
	double cost;
	long long id;
	int rc, st;

	memset(u, 0, sizeof *u);
	if (side == NULL || type == NULL)
		return error_set(err, EXIT_USAGE, "give --side SIDE and --type TYPE");
	if ((rc = check_name(names, name, 0, err)) != 0 ||
	    (rc = check_side(names, side, 0, err)) != 0 ||
	    (rc = check_type(gm, type, u, err)) != 0)
		return rc;
	text_copy(u->name, sizeof u->name, name);
	text_copy(u->side, sizeof u->side, side);
	if ((rc = check_parent(names, in_text(in, "parent"), u, err)) != 0 ||
	    (rc = check_tactical(gm, in_text(in, "formation"), u, err)) != 0 ||
	    (rc = rate(gm, in, u, &cost, err)) != 0 ||
	    (rc = check_points(g, gm, names, u, cost, err)) != 0)
		return rc;
	if ((st = db_unit_add(gm->db, u, &id)) != DB_OK)
		return error_set(err, exit_of_db(st), "%s", db_error(gm->db)->text);
	u->id = id;
	if (names_add(names, u->name, u->side, id, u->formation) != 0)
		return error_set(err, EXIT_BUG, "out of memory");
	if (!u->formation)
		names->sides[names->r[names->n - 1].side].cost += cost;
	/* The army read before holds the units until now only. */
	db_army_free(&gm->army);
	gm->army_loaded = 0;
	return 0;
}

/* Parses unit arguments (NAME first) into in: the common options and the
 * ratings of a formation or a unit of the type typed. */
static int
parse_unit(struct game *gm, const char *command, struct inputs *in, int argc,
    char **argv, int formation, struct error *err)
{
	int rc = inputs_parse_command(in, command, cmd_unit_inputs,
	    game_rating_decls(gm, formation), argc, argv);

	if (rc != 0)
		return error_set(err, exit_of_rule(rc), "%s", in->error.text);
	return 0;
}

/* The formation flag of the type typed (0 when none or not known). */
static int
typed_formation(struct game *gm, int argc, char **argv)
{
	const char *type = typed_type(argc, argv);

	return type != NULL && choice_has(gm->rs->roster->formation_types, type);
}

/* Prints the sentence of a failure, unless it printed its own (a game
 * that could not be read): then err holds none. */
static int
refuse(struct cmd_ctx *g, int rc, const struct error *err)
{
	return err->code != 0 ? cmd_say(g, err) : rc;
}

static int
cmd_add_in(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    struct db_unit *u, struct inputs *in)
{
	struct unit_names names;
	struct error err = { 0 };
	int rc;

	if (parse_unit(gm, "unit add", in, argc, argv, typed_formation(gm, argc, argv),
	    &err) != 0)
		return cmd_say(g, &err);
	if (in->npos != 1)
		return cmd_error(g, EXIT_USAGE, in->npos == 0 ? ADD_NEEDS_NAME :
		    "give one NAME (quote a name with spaces)");
	if ((rc = names_read(g, gm, &names)) != 0)
		return rc;
	rc = add_from(g, gm, &names, in->pos[0], in, u, &err);
	names_free(&names);
	return rc != 0 ? refuse(g, rc, &err) : 0;
}

static int
cmd_add(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    struct db_unit *u)
{
	struct inputs *in = calloc(1, sizeof *in);
	int rc;

	if (in == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = cmd_add_in(g, gm, argc, argv, u, in);
	free(in);
	return rc;
}

/* The one-line report of a unit added or changed. */
static void
print_changed(struct cmd_ctx *g, struct game *gm, const struct db_unit *u,
    const char *verb)
{
	const struct ledger_decl *measure = &gm->rs->roster->keeps.ledgers[0];
	int one = u->start_strength == 1 && gm->rs->roster->keeps.measure_option != NULL;

	if (g->json)
		return;
	fprintf(g->out, "%s %s '%s' (%s, %s)%s%s\n", verb,
	    u->formation ? "formation" : "unit", u->name, u->type, u->side,
	    u->parent[0] ? " in " : "", u->parent);
	if (!u->formation && u->start_strength > 0)
		fprintf(g->out, "  %ld %s\n", u->start_strength, one ? measure->one :
		    gm->rs->measure);
}

static void rating_cell(const struct inputs *in, const char *name, char *cell,
    size_t n);

/* "class british, units 4, elite yes": the ratings given, in words. */
static void
ratings_line(const struct unit *u, enum look look, char *buf, size_t n)
{
	char cell[512];

	buf[0] = '\0';
	for (int i = 0; i < u->ratings->n; i++) {
		const char *name = u->ratings->v[i].decl->name;

		if (!view_rating_seen(u->ratings->v[i].decl, look))
			continue;
		rating_cell(u->ratings, name, cell, sizeof cell);
		if (cell[0] != '\0')
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s %s",
			    buf[0] ? ", " : "", name, cell);
	}
}

/* What a unit brought from the campaign's last battle (unit show). */
struct brought {
	int found;		/* it brought anything: a campaign's unit */
	struct db_brought b;
	char battle[256];	/* the last battle's title, or "" */
};

/* What unit u brought, when its game is a campaign's later battle.  0 or
 * the status, printed. */
static int
brought_read(struct cmd_ctx *g, struct game *gm, const struct unit *u, struct brought *br)
{
	struct db_battle *all;
	int n, st, rc;

	memset(br, 0, sizeof *br);
	if (u->formation)
		return 0;
	if ((st = db_brought_get(gm->db, u->id, &br->b, &br->found)) != DB_OK)
		return game_fail(g, gm->db, st);
	if (!br->found || (rc = campaign_battles(g, gm, &all, &n)) != 0)
		return br->found ? rc : 0;
	if (n > 0)
		text_copy(br->battle, sizeof br->battle, all[n - 1].title);
	free(all);
	return 0;
}

/* "'Saturday'", or "the last battle" when it had no title. */
static const char *
battle_named(const struct brought *br, char *buf, size_t n)
{
	if (br->battle[0] == '\0')
		return "the last battle";
	snprintf(buf, n, "'%s'", br->battle);
	return buf;
}

/* unit show's line of what the unit brought: its measure as the viewer
 * may know it (the umpire, and its own side but at fog hidden), and, for
 * one that ended the battle out of the fight (destroyed, or its measure
 * spent), whether it is back. */
static void
brought_text(struct cmd_ctx *g, struct game *gm, const struct unit_sheet *s,
    const struct brought *br)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct db_brought *b = &br->b;
	const struct unit *u = s->u;
	char name[300];

	fprintf(g->out, "  brought from %s", battle_named(br, name, sizeof name));
	if (s->look == LOOK_ALL && k->measure_option != NULL && k->counts_down)
		fprintf(g->out, ": %ld of %ld %s (%ld lost there, %ld recovered)",
		    unit_start(u), u->start_strength, gm->rs->measure, b->lost, b->recovered);
	else if (s->look == LOOK_ALL && k->measure_option != NULL)
		fprintf(g->out, ": %ld %s (%ld taken there, %ld recovered)", u->carried,
		    ruleset_measure_words(gm->rs, u->carried), b->lost, b->recovered);
	if (b->gone)
		fprintf(g->out, "; out of the fight there, %s",
		    b->out ? "and of this one" : "back in this one");
	fputc('\n', g->out);
}

/* unit show --json's "brought" as an object whose members are added, for
 * the caller to free; NULL when memory ran out. */
static char *
brought_json(struct game *gm, const struct unit_sheet *s, const struct brought *br)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_object(&w, "brought");
	jsonw_string(&w, "battle", br->battle);
	if (s->look == LOOK_ALL && k->measure_option != NULL) {
		jsonw_int(&w, "lost", br->b.lost);
		jsonw_int(&w, "recovered", br->b.recovered);
	}
	jsonw_bool(&w, "gone", br->b.gone);
	jsonw_bool(&w, "out", br->b.out);
	jsonw_object_end(&w);
	jsonw_object_end(&w);
	return jsonw_take(&w);
}

/* `unit show` as a card: who it is, where it stands, what it has lost
 * (as the viewer may know it), its ratings and its parts. */
static void
print_card(struct cmd_ctx *g, struct game *gm, const struct unit_sheet *s,
    const struct brought *br)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct unit *u = s->u;
	const char *parent = game_parent_name(gm, u);
	const char *formation = roster_formation(gm->rs->roster, u);
	char line[2048], words[64];

	fprintf(g->out, "%s: %s %s, side %s", u->name, u->formation ? "formation" : "unit",
	    u->type, u->side);
	if (s->look != LOOK_ACROSS && parent[0])
		fprintf(g->out, ", in %s", parent);
	fputc('\n', g->out);
	if (formation != NULL)
		fprintf(g->out, "  formation: %s\n", formation);
	if (!u->formation && s->look == LOOK_ALL && k->measure_option != NULL)
		fprintf(g->out, "  %s: %ld at the start, %ld lost\n", gm->rs->measure,
		    k->counts_down ? unit_start(u) : u->start_strength,
		    k->counts_down ? unit_lost_here(u) : unit_lost(u));
	else if (!u->formation && s->seen[0] != '\0')
		fprintf(g->out, "  %s: %s\n", gm->rs->measure, s->seen);
	if (br->found && s->look != LOOK_ACROSS)
		brought_text(g, gm, s, br);
	if (!s->state_hidden)
		fprintf(g->out, "  state: %s\n", view_state_words(gm, s, words, sizeof words));
	if (s->look != LOOK_ACROSS) {
		ratings_line(u, s->look, line, sizeof line);
		fprintf(g->out, "  ratings: %s\n", line[0] ? line : "none");
	}
	view_lines(g->out, gm, &s->v, "    ");
}

/* unit show --json: the unit's object, with what it brought from the
 * last battle when the viewer may know it. */
static int
print_unit_json(struct cmd_ctx *g, struct game *gm, struct unit_sheet *s,
    const struct brought *br)
{
	char *more = NULL;
	struct jsonw w;

	if (br->found && s->look != LOOK_ACROSS &&
	    (s->more = more = brought_json(gm, s, br)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	jsonw_init_growing(&w);
	view_json(&w, gm, s);
	s->more = NULL;
	free(more);
	return cmd_print_json(g, &w);
}

/* `unit show`, and the JSON object of a unit added or changed. */
static int
print_unit(struct cmd_ctx *g, struct game *gm, const char *name)
{
	struct unit_sheet *s = view_sheet_new();
	struct brought br;
	struct viewer v;
	struct unit *u;
	int rc;

	if (s == NULL)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	else if ((rc = viewer_of(g, gm, &v)) == 0 &&
	    (u = view_unit(g, gm, &v, name, &rc)) != NULL &&
	    (rc = view_load(g, gm, &v, u, s, g->json)) == 0 &&
	    (rc = brought_read(g, gm, u, &br)) == 0) {
		if (g->json)
			rc = print_unit_json(g, gm, s, &br);
		else
			print_card(g, gm, s, &br);
	}
	view_sheet_free(s);
	return rc;
}

/* Appends TEXT to the line padded to WIDTH columns of the terminal. */
static void
column(struct text_line *l, const char *text, int width)
{
	int pad = width - text_width(text);

	line_text(l, text, 0);
	while (pad-- > 0)
		line_char(l, ' ');
	line_char(l, ' ');
}

/* The widths of `unit list`'s columns, in terminal columns: at least
 * these, and as wide as the widest entry listed (or its head); measure
 * 0 when the rule set keeps none (2x2 counts states). */
struct list_widths {
	int name, type, side, parent, measure;
	char measure_head[64];
};

static void
widen(int *width, const char *text)
{
	int w = text_width(text);

	if (w > *width)
		*width = w;
}

/* The parent `unit list` shows for U: none across to the enemy. */
static const char *
listed_parent(struct game *gm, const struct unit *u, enum look look)
{
	return look == LOOK_ACROSS ? "" : game_parent_name(gm, u);
}

/* The measure column's cell: what is left of the start where the measure
 * counts down ("46/64" figures, stands), what is taken of it where it
 * counts up (ohw's "3/15" fatigue points of the break point), a count
 * with no start (squares' hits); blank where the rule set keeps none for
 * the unit (a formation, a fury leader).  A viewer who does not see the
 * unit whole reads what it sees (a band word, a count on the table). */
static void
measure_cell(struct game *gm, const struct unit_sheet *s, char *buf, size_t n)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct unit *u = s->u;

	buf[0] = '\0';
	if (u->formation || k->measure_option == NULL)
		return;
	if (s->look != LOOK_ALL)
		text_copy(buf, n, s->seen);
	else if (u->start_strength > 0)
		snprintf(buf, n, "%ld/%ld", k->counts_down ?
		    u->start_strength - unit_lost(u) : unit_lost(u),
		    k->counts_down ? unit_start(u) : u->start_strength);
	else if (!k->counts_down)
		text_long(buf, n, unit_lost(u));
}

static int
list_widths(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    struct unit_sheet *s, struct list_widths *w)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	char cell[VIEW_CELL];
	int rc;

	w->name = 30;
	w->type = 12;
	w->side = 10;
	w->parent = 20;
	w->measure = 0;
	w->measure_head[0] = '\0';
	if (k->measure_option != NULL) {
		snprintf(w->measure_head, sizeof w->measure_head, "%s%s", gm->rs->measure,
		    k->counts_down ? " left" : "");
		w->measure = 9;
		widen(&w->measure, w->measure_head);
	}
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];
		enum look look = viewer_look(v, u);

		if (u->formation && look == LOOK_ACROSS)
			continue;
		widen(&w->name, u->name);
		widen(&w->type, u->type);
		widen(&w->side, u->side);
		widen(&w->parent, listed_parent(gm, u, look));
		if (look == LOOK_ALL || u->formation || k->measure_option == NULL)
			continue;
		if ((rc = view_load(g, gm, v, u, s, 0)) != 0)
			return rc;
		measure_cell(gm, s, cell, sizeof cell);
		widen(&w->measure, cell);
	}
	return 0;
}

/* Prints the line without the padding of blank cells at its end. */
static void
list_print(struct cmd_ctx *g, struct text_line *l)
{
	while (l->len > 0 && l->buf[l->len - 1] == ' ')
		l->buf[--l->len] = '\0';
	fprintf(g->out, "%s\n", l->buf);
}

/* The head of `unit list`: each column's name, over it. */
static void
list_head(struct cmd_ctx *g, const struct list_widths *w)
{
	char buf[1024];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	column(&l, "name", w->name);
	column(&l, "type", w->type);
	column(&l, "side", w->side);
	column(&l, "parent", w->parent);
	if (w->measure > 0)
		column(&l, w->measure_head, w->measure);
	line_text(&l, "state", 0);
	list_print(g, &l);
}

/* One line of `unit list`: name, type, side, formation, then what the
 * viewer sees of it. */
static void
list_line(struct cmd_ctx *g, struct game *gm, const struct unit_sheet *s,
    const struct list_widths *w)
{
	const struct unit *u = s->u;
	char buf[1024], count[VIEW_CELL], words[64];
	struct text_line l;

	line_init(&l, buf, sizeof buf);
	column(&l, u->name, w->name);
	column(&l, u->type, w->type);
	column(&l, u->side, w->side);
	column(&l, listed_parent(gm, u, s->look), w->parent);
	if (w->measure > 0) {
		measure_cell(gm, s, count, sizeof count);
		column(&l, count, w->measure);
	}
	line_text(&l, view_state_words(gm, s, words, sizeof words), 0);
	list_print(g, &l);
}

static int
list_into(struct cmd_ctx *g, struct game *gm, struct unit_sheet *s)
{
	struct viewer v;
	struct list_widths widths;
	struct jsonw w;
	int rc;

	if ((rc = game_army(g, gm)) != 0 || (rc = viewer_of(g, gm, &v)) != 0)
		return rc;
	if (!g->json && ((rc = list_widths(g, gm, &v, s, &widths)) != 0))
		return rc;
	if (!g->json && gm->army.n > 0)
		list_head(g, &widths);
	jsonw_init_if(&w, g->json);
	jsonw_object(&w, NULL);
	jsonw_array(&w, "units");
	for (int i = 0; i < gm->army.n; i++) {
		const struct unit *u = &gm->army.u[i];

		if (u->formation && viewer_look(&v, u) == LOOK_ACROSS)
			continue;	/* the enemy's chain of command is not seen */
		if ((rc = view_load(g, gm, &v, u, s, g->json)) != 0) {
			jsonw_free(&w);
			return rc;
		}
		if (g->json)
			view_json(&w, gm, s);
		else
			list_line(g, gm, s, &widths);
	}
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	return g->json ? cmd_print_json(g, &w) : 0;
}

static int
cmd_list(struct cmd_ctx *g, struct game *gm)
{
	struct unit_sheet *s = view_sheet_new();
	int rc;

	rc = s == NULL ? cmd_error(g, EXIT_BUG, "out of memory") : list_into(g, gm, s);
	view_sheet_free(s);
	return rc;
}

/* The stored record of unit NAME, its typed ratings from the army. */
static int
stored_unit(struct cmd_ctx *g, struct game *gm, const char *name,
    struct db_unit *row, const struct unit **u)
{
	struct unit *found;
	int rc, st;

	if ((found = game_unit(g, gm, name, &rc)) == NULL)
		return rc;
	if ((st = db_unit_get(gm->db, found->id, row)) != DB_OK)
		return game_fail(g, gm->db, st);
	*u = found;
	return 0;
}

/* unit set's --name and --parent, checked against the other units. */
static int
set_name_parent(const struct unit_names *names, const struct inputs *now,
    struct db_unit *row, struct error *err)
{
	int rc;

	if (in_given(now, "name")) {
		if ((rc = check_name(names, in_text(now, "name"), row->id, err)) != 0)
			return rc;
		text_copy(row->name, sizeof row->name, in_text(now, "name"));
	}
	if (in_given(now, "parent"))
		return check_parent(names, in_text(now, "parent"), row, err);
	return 0;
}

/* `unit set NAME OPTION...`: the given options replace the stored ones. */
static int
cmd_set_in(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    struct db_unit *row, struct inputs *now, struct inputs *merged)
{
	const struct unit *u = NULL;
	struct unit_names names;
	struct error err;
	double cost;
	int rc, st;

	if (argc < 1 || strncmp(argv[0], "--", 2) == 0)
		return cmd_error(g, EXIT_USAGE, "give the unit's NAME first, then the options to change");
	if ((rc = stored_unit(g, gm, argv[0], row, &u)) != 0)
		return rc;
	if ((typed_type(argc, argv) != NULL &&
	    check_type(gm, typed_type(argc, argv), row, &err) != 0) ||
	    parse_unit(gm, "unit set", now, argc, argv, row->formation, &err) != 0)
		return cmd_say(g, &err);
	if (now->npos != 1)
		return cmd_error(g, EXIT_USAGE, "give the unit's NAME first, then the options to change");
	/* The stored ratings, typed, with what was given put over them. */
	inputs_init(merged, gm->rs->name, "unit set", cmd_unit_inputs,
	    game_rating_decls(gm, row->formation));
	for (int i = 0; i < now->n; i++) {
		const char *name = now->v[i].decl->name;

		rc = now->v[i].given || is_common(now->v[i].decl) ? inputs_copy(merged, now, name) :
		    inputs_copy(merged, u->ratings, name);
		if (rc != 0)
			return cmd_error(g, EXIT_DATA, "%s", merged->error.text);
	}
	if ((rc = names_read(g, gm, &names)) != 0)
		return rc;
	rc = set_name_parent(&names, now, row, &err);
	if (rc == 0 && in_given(now, "side"))
		rc = check_side(&names, in_text(now, "side"), row->id, &err);
	names_free(&names);
	if (rc != 0)
		return cmd_say(g, &err);
	if (in_given(now, "side"))
		text_copy(row->side, sizeof row->side, in_text(now, "side"));
	if (check_tactical(gm, in_text(now, "formation"), row, &err) != 0 ||
	    rate(gm, merged, row, &cost, &err) != 0)
		return cmd_say(g, &err);
	/* A start below what the journal says it has lost would leave less
	 * than nothing: the losses are taken back first (undo, adjust). */
	if (gm->rs->roster->keeps.counts_down && !row->formation &&
	    unit_lost(u) > row->start_strength)
		return cmd_error(g, EXIT_DATA,
		    "'%s' has lost %ld %s: it cannot start with fewer (%ld)", row->name,
		    unit_lost(u), gm->rs->measure, row->start_strength);
	if ((st = db_unit_update(gm->db, row)) != DB_OK)
		return game_fail(g, gm->db, st);
	db_army_free(&gm->army);
	gm->army_loaded = 0;
	return 0;
}

/* The options typed and the stored ones with them put over. */
struct set_inputs {
	struct inputs now, merged;
};

static int
cmd_set(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    struct db_unit *row)
{
	struct set_inputs *si = calloc(1, sizeof *si);
	int rc;

	if (si == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = cmd_set_in(g, gm, argc, argv, row, &si->now, &si->merged);
	free(si);
	return rc;
}

static int
cmd_rm(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    struct db_unit *row)
{
	const struct unit *u;
	int rc, st;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give the NAME of one unit to remove (quote a name with spaces)");
	if ((rc = stored_unit(g, gm, argv[0], row, &u)) != 0)
		return rc;
	if ((st = db_unit_remove(gm->db, row->id)) != DB_OK)
		return cmd_error(g, exit_of_db(st), "unit '%s': %s", row->name,
		    db_error(gm->db)->text);
	return 0;
}

/* ---- import and export ---------------------------------------------- */

/* The declaration of option NAME among the unit options. */
static const struct input_decl *
unit_decl(const struct game *gm, const char *name)
{
	const struct input_decl *lists[3] = {
		cmd_unit_inputs, game_rating_decls(gm, 0), game_rating_decls(gm, 1)
	};

	for (int k = 0; k < 3; k++)
		for (const struct input_decl *d = lists[k]; d->name; d++)
			if (strcmp(d->name, name) == 0)
				return d;
	return NULL;
}

/* True when option d takes a list: repeated, or a comma list on the
 * command line.  A CSV cell writes every list one way, its elements
 * separated by ';' (a comma would end the cell). */
static int
is_list(const struct input_decl *d)
{
	return (d->flags & IN_REPEAT) || d->kind == IN_SPEC ||
	    d->kind == IN_COUNTS || d->kind == IN_MODS;
}

/* One cell of a CSV row into in: flags yes/no, a list's elements
 * separated by ';'. */
static int
cell_into(struct inputs *in, const char *head, const char *val, struct error *err)
{
	const struct input_value *v = inputs_get(in, head);
	char item[1024];
	int rc;

	if (v == NULL)
		return error_set(err, EXIT_DATA, "column '%s' is not an option of this unit's type", head);
	if (v->decl->kind == IN_FLAG) {
		if (strcmp(val, "yes") == 0 || strcmp(val, "true") == 0 ||
		    strcmp(val, "1") == 0)
			return inputs_set_flag(in, head) == 0 ? 0 : EXIT_DATA;
		if (strcmp(val, "no") == 0 || strcmp(val, "false") == 0 ||
		    strcmp(val, "0") == 0)
			return 0;
		return error_set(err, EXIT_DATA, "column '%s': '%s' is not yes or no", head, val);
	}
	for (const char *p = val;;) {
		/* A repeated option takes its elements one by one; a comma
		 * list takes them all at once, as typed. */
		size_t len = (v->decl->flags & IN_REPEAT) ? strcspn(p, ";") : strlen(p);

		snprintf(item, sizeof item, "%.*s", (int)len, p);
		if (is_list(v->decl) && !(v->decl->flags & IN_REPEAT))
			for (char *c = item; (c = strchr(c, ';')) != NULL; c++)
				*c = ',';
		if ((rc = inputs_set_text(in, head, item)) != 0)
			return error_set(err, exit_of_rule(rc), "%s", in->error.text);
		p += len;
		if (*p != ';')
			return 0;
		p++;
	}
}

/* The options of one CSV row, for a unit or a formation of its type. */
static int
row_inputs(struct game *gm, const struct csv_rows *c, size_t row,
    struct inputs *in, const char **name, struct error *err)
{
	int formation = 0, rc;

	*name = "";
	for (size_t col = 0; col < c->row_len[0]; col++)
		if (strcmp(csv_cell_at(c, 0, col), "type") == 0)
			formation = choice_has(gm->rs->roster->formation_types,
			    csv_text_of(csv_cell_at(c, row, col)));
	inputs_init(in, gm->rs->name, "unit import", cmd_unit_inputs,
	    game_rating_decls(gm, formation));
	for (size_t col = 0; col < c->row_len[0]; col++) {
		const char *head = csv_cell_at(c, 0, col);
		const char *val = csv_text_of(csv_cell_at(c, row, col));

		if (strcmp(head, "name") == 0) {
			*name = val;
			continue;
		}
		if (*val != '\0' && (rc = cell_into(in, head, val, err)) != 0)
			return rc;
	}
	if ((rc = inputs_defaults(in)) != 0)
		return error_set(err, exit_of_rule(rc), "%s", in->error.text);
	return 0;
}

static int
check_header(const struct game *gm, const struct csv_rows *c, struct error *err)
{
	int has_name = 0;

	if (c->nrows == 0)
		return error_set(err, EXIT_DATA,
		    "the file is empty; it needs a header line (name,side,type,...)");
	for (size_t col = 0; col < c->row_len[0]; col++) {
		const char *head = csv_cell_at(c, 0, col);

		for (size_t k = 0; k < col; k++)
			if (strcmp(csv_cell_at(c, 0, k), head) == 0)
				return error_set(err, EXIT_DATA, "line %zu: the column '%s' is given twice (columns %zu and %zu)",
				    csv_row_line(c, 0), head, k + 1, col + 1);
		if (strcmp(head, "name") == 0) {
			has_name = 1;
			continue;
		}
		if (unit_decl(gm, head) == NULL)
			return error_set(err, EXIT_DATA, "line %zu: '%s' is not a unit option of the %s rules ('umpire unit export' shows the columns)",
			    csv_row_line(c, 0), head, gm->rs->name);
	}
	if (!has_name)
		return error_set(err, EXIT_DATA, "line %zu: the header needs a 'name' column", csv_row_line(c, 0));
	return 0;
}

static int
import_rows_in(struct cmd_ctx *g, struct game *gm, struct unit_names *names,
    const char *path, const struct csv_rows *c, int *count, int *formations,
    struct inputs *in)
{
	struct error err = { 0 };
	struct db_unit u;
	const char *name;
	int rc;

	*count = *formations = 0;
	for (size_t row = 1; row < c->nrows; row++) {
		if (c->row_len[row] == 1 && *csv_cell_at(c, row, 0) == '\0')
			continue;
		if (c->row_len[row] > c->row_len[0])
			return cmd_error(g, EXIT_DATA,
			    "%s: line %zu: %zu cells, the header has %zu columns; nothing was loaded",
			    path, csv_row_line(c, row), c->row_len[row], c->row_len[0]);
		rc = row_inputs(gm, c, row, in, &name, &err);
		if (rc == 0 && (in_text(in, "side") == NULL || in_text(in, "type") == NULL))
			rc = error_set(&err, EXIT_DATA,
			    "'%s' needs its side and its type (cells empty or missing)", name);
		if (rc == 0)
			rc = add_from(g, gm, names, name, in, &u, &err);
		if (rc != 0 && err.code == 0)
			return rc;	/* printed */
		if (rc != 0)
			return cmd_error(g, err.code == EXIT_USAGE ? EXIT_DATA : err.code,
			    "%s: line %zu: %s; nothing was loaded", path, csv_row_line(c, row),
			    err.text);
		(*count)++;
		*formations += u.formation != 0;
	}
	return 0;
}

static int
import_rows(struct cmd_ctx *g, struct game *gm, struct unit_names *names,
    const char *path, const struct csv_rows *c, int *count, int *formations)
{
	struct inputs *in = calloc(1, sizeof *in);
	int rc;

	if (in == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = import_rows_in(g, gm, names, path, c, count, formations, in);
	free(in);
	return rc;
}

int
unit_import_rows(struct cmd_ctx *g, struct game *gm, const char *path,
    const struct csv_rows *c, int *count, int *formations)
{
	struct unit_names names;
	struct error err;
	int rc, f;

	if (check_header(gm, c, &err) != 0)
		return cmd_error(g, err.code, "%s: %s", path, err.text);
	if ((rc = names_read(g, gm, &names)) != 0)
		return rc;
	rc = import_rows(g, gm, &names, path, c, count, formations != NULL ? formations : &f);
	names_free(&names);
	return rc;
}

static int
cmd_import(struct cmd_ctx *g, struct game *gm, int argc, char **argv,
    int *count, int *formations)
{
	struct csv_rows c;
	struct error err;
	int rc;

	memset(&c, 0, sizeof c);
	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give one FILE.csv to load");
	if (csv_rows_read(argv[0], &c, &err) != 0)
		return cmd_say(g, &err);
	rc = unit_import_rows(g, gm, argv[0], &c, count, formations);
	csv_rows_free(&c);
	return rc;
}

/* The columns of an export: name, side, type, parent, then every rating
 * option of a formation or a unit, each once. */
struct exporter {
	const char *cols[64];
	int ncols;
};

static void
add_column(struct exporter *x, const char *name)
{
	for (int i = 0; i < x->ncols; i++)
		if (strcmp(x->cols[i], name) == 0)
			return;
	if (x->ncols < 64)
		x->cols[x->ncols++] = name;
}

/* One rating of a unit as a CSV cell. */
static void
rating_cell(const struct inputs *in, const char *name, char *cell, size_t n)
{
	const struct input_value *v = inputs_get(in, name);
	struct in_item it;

	cell[0] = '\0';
	if (v == NULL || !v->given)
		return;
	if (v->decl->kind == IN_FLAG) {
		snprintf(cell, n, "yes");
		return;
	}
	if (!is_list(v->decl)) {
		text_copy(cell, n, inputs_text(in, v));
		return;
	}
	for (int k = 0; in_item(in, name, k, &it); k++)
		snprintf(cell + strlen(cell), n - strlen(cell), "%s%s%s%s",
		    k ? ";" : "", it.name, it.value != NULL ? "=" : "",
		    it.value != NULL ? it.value : "");
}

static void
export_unit(FILE *out, const struct game *gm, const struct exporter *x,
    const struct unit *u)
{
	char cell[2048];

	csv_put_text(out, u->name);
	fputc(',', out);
	csv_put_text(out, u->side);
	fputc(',', out);
	csv_put_text(out, u->type);
	fputc(',', out);
	csv_put_text(out, game_parent_name(gm, u));
	fputc(',', out);
	csv_put_text(out, u->tactical_start);
	for (int c = 5; c < x->ncols; c++) {
		rating_cell(u->ratings, x->cols[c], cell, sizeof cell);
		fputc(',', out);
		csv_put_text(out, cell);
	}
	fputc('\n', out);
}

const char *
units_and_formations(int units, int formations, char *buf, size_t n)
{
	if (formations == 0)
		snprintf(buf, n, "%d unit%s", units, units == 1 ? "" : "s");
	else if (units == 0)
		snprintf(buf, n, "%d formation%s", formations, formations == 1 ? "" : "s");
	else
		snprintf(buf, n, "%d unit%s and %d formation%s", units, units == 1 ? "" : "s",
		    formations, formations == 1 ? "" : "s");
	return buf;
}

/* Says what an export into PATH wrote (to standard output it says
 * nothing: the CSV is the output). */
static void
exported(struct cmd_ctx *g, const struct game *gm, const char *path)
{
	int formations = 0;
	char what[64];

	for (int i = 0; i < gm->army.n; i++)
		formations += gm->army.u[i].formation != 0;
	fprintf(g->out, "wrote %s to %s\n",
	    units_and_formations(gm->army.n - formations, formations, what, sizeof what), path);
}

static int
cmd_export(struct cmd_ctx *g, struct game *gm, int argc, char **argv)
{
	struct exporter x = { { "name", "side", "type", "parent", "formation" }, 5 };
	struct outfile of = { .f = NULL };
	FILE *out = g->out;
	int rc;

	if (argc > 1)
		return cmd_error(g, EXIT_USAGE, "give at most one FILE.csv to write (none: standard output)");
	if (g->json && argc == 0)
		return cmd_list(g, gm);	/* one JSON object, not CSV */
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	for (const struct input_decl *d = game_rating_decls(gm, 1); d->name; d++)
		add_column(&x, d->name);
	for (const struct input_decl *d = game_rating_decls(gm, 0); d->name; d++)
		add_column(&x, d->name);
	if (argc == 1 && (rc = outfile_open(g, argv[0], &of)) != 0)
		return rc;
	if (argc == 1)
		out = of.f;
	for (int c = 0; c < x.ncols; c++) {
		if (c)
			fputc(',', out);
		csv_put(out, x.cols[c]);
	}
	fputc('\n', out);
	for (int i = 0; i < gm->army.n; i++)
		export_unit(out, gm, &x, &gm->army.u[i]);
	if (argc == 1 && (rc = outfile_close(g, &of, 0)) != 0)
		return rc;
	if (g->json)
		return print_json_pair(g, "exported", argv[0]);
	if (argc == 1)
		exported(g, gm, argv[0]);
	return 0;
}

/* unit's help: the declaration's, then under --rules NAME the rule set's
 * unit types, ratings and formations. */
static int
help_ratings(struct cmd_ctx *g, const struct cmd_entry *e)
{
	const struct ruleset *rs = g->rules != NULL ? ruleset_find(g->rules) : NULL;
	char types[TYPE_NAMES];

	cmd_help(g, e);
	if (rs == NULL)
		return EXIT_DONE;
	fprintf(g->out, "\nUnit types (%s): %s\nRatings:\n", rs->name,
	    roster_type_names(rs->roster, types, sizeof types));
	for (const struct input_decl *d = rs->roster->inputs; d->name; d++)
		help_option_line(g->out, d);
	fprintf(g->out, "Formations: %s\nFormation ratings:\n", rs->roster->formation_types);
	for (const struct input_decl *d = roster_formation_inputs(rs->roster); d->name; d++)
		help_option_line(g->out, d);
	return EXIT_DONE;
}

/* A unit added or changed: its JSON object, or a line. */
static int
report_changed(struct cmd_ctx *g, struct game *gm, const struct db_unit *u,
    const char *verb)
{
	if (g->json)
		return print_unit(g, gm, u->name);
	print_changed(g, gm, u, verb);
	return 0;
}

static int
unit_add(struct cmd_ctx *g, int argc, char **argv)
{
	struct db_unit u;
	struct game *gm;
	int rc;

	/* A usage error is told before the game is looked for (CLI.md: 64
	 * first). */
	if (argc == 0)
		return cmd_error(g, EXIT_USAGE, ADD_NEEDS_NAME);
	if ((rc = game_get(g, &gm)) != 0 || (rc = cmd_add(g, gm, argc, argv, &u)) != 0)
		return rc;
	return report_changed(g, gm, &u, "added");
}

static int
unit_set(struct cmd_ctx *g, int argc, char **argv)
{
	struct db_unit u;
	struct game *gm;
	int rc;

	if (argc < 1 || strncmp(argv[0], "--", 2) == 0)
		return cmd_error(g, EXIT_USAGE, "give the unit's NAME first, then the options to change");
	if ((rc = game_get(g, &gm)) != 0 || (rc = cmd_set(g, gm, argc, argv, &u)) != 0)
		return rc;
	return report_changed(g, gm, &u, "changed");
}

static int
unit_rm(struct cmd_ctx *g, int argc, char **argv)
{
	struct db_unit u;
	struct game *gm;
	int rc;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give the NAME of one unit to remove (quote a name with spaces)");
	if ((rc = game_get(g, &gm)) != 0 || (rc = cmd_rm(g, gm, argc, argv, &u)) != 0)
		return rc;
	if (g->json)
		return print_json_pair(g, "removed", u.name);
	fprintf(g->out, "removed '%s'\n", u.name);
	return 0;
}

static int
unit_import(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	int count = 0, formations = 0, rc;
	char what[64];

	if ((rc = game_get(g, &gm)) != 0 ||
	    (rc = cmd_import(g, gm, argc, argv, &count, &formations)) != 0)
		return rc;
	if (g->json)
		fprintf(g->out, "{\"imported\":%d}\n", count);
	else
		fprintf(g->out, "imported %s from %s\n",
		    units_and_formations(count - formations, formations, what, sizeof what),
		    strcmp(argv[0], "-") == 0 ? "standard input" : argv[0]);
	return 0;
}

static int
unit_list(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	int rc;

	(void)argv;
	if (argc != 0)
		return cmd_error(g, EXIT_USAGE, "unexpected argument '%s' (see 'umpire unit --help')",
		    argv[0]);
	return (rc = game_get(g, &gm)) != 0 ? rc : cmd_list(g, gm);
}

static int
unit_show(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	int rc;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give the NAME of one unit to show (quote a name with spaces)");
	return (rc = game_get(g, &gm)) != 0 ? rc : print_unit(g, gm, argv[0]);
}

static int
unit_export(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	int rc;

	return (rc = game_get(g, &gm)) != 0 ? rc : cmd_export(g, gm, argc, argv);
}

static const struct cmd_sub unit_subs[] = {
	{ "add", CMD_WRITES, unit_add },
	{ "list", CMD_GAME | CMD_VIEWS, unit_list },
	{ "show", CMD_GAME | CMD_VIEWS, unit_show },
	{ "set", CMD_WRITES, unit_set },
	{ "rm", CMD_WRITES, unit_rm },
	{ "import", CMD_WRITES, unit_import },
	{ "export", CMD_GAME, unit_export },
	{ NULL, 0, NULL },
};

static int
unit(struct cmd_ctx *g, int argc, char **argv)
{
	return cmd_run_sub(g, unit_subs, "list", argc, argv);
}

const struct cmd_entry cmd_unit_entry = {
	"unit", "unit add NAME --side S --type T [--parent FORMATION] [ratings]\n"
	"unit list | show NAME | set NAME OPTION... | rm NAME\n"
	"unit import FILE.csv | export [FILE.csv]", "the order of battle",
	CMD_GAME | CMD_VIEWS, unit,
	"\nRatings are the rule set's options (see 'umpire unit --rules NAME --help').\n"
	"Formations: --type division, corps, army... (see the rule set's list)\n"
	"with --parent.  Names are free text, matched regardless of case and\n"
	"accents, and only whole.  import takes a CSV with a header of option\n"
	"names (name,side,type,parent,...); in a cell, the elements of a list\n"
	"(an option repeated, or a comma list such as --battalions) are separated\n"
	"by ';': regular;regular;veteran;guard.\n"
	"export writes a cell that starts with =, +, -, @ or ' with a ' before\n"
	"it (\"'=SUM(A1)\", \"''t Hooft\"), so that a spreadsheet shows it as\n"
	"text and runs no formula; import takes one ' off the start of any\n"
	"cell, so a name that itself starts with ' is written with two.\n"
	"The file is at most 16 MiB, a line of it at most 64 KiB.\n",
	cmd_unit_inputs, help_ratings,
};
