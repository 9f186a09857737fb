/*
 * inputs: each command of each rule set declares its inputs in a table;
 * one generic parser turns "--name value" pairs into typed values and
 * rejects what the declaration does not allow, with the sentence and status
 * of CLI.md.  --help is generated from the same declarations.
 *
 * A filled `struct inputs` owns every string it holds (offsets into its own
 * store, never pointers), so it may be copied or moved freely.  Values come
 * in through typed setters: from argv and CSV cells as text (the one text
 * parser), from a unit's stored JSON as the JSON types, from the rule sets'
 * stateful hooks as numbers and words.  Nothing is printed back into text
 * to be parsed again.
 */
#ifndef UMPIRE_INPUTS_H
#define UMPIRE_INPUTS_H

#include <stddef.h>

#include "error.h"
#include "jsonr.h"
#include "table.h"

enum input_kind {
	IN_FLAG,		/* --moving */
	IN_COUNT,		/* a whole number in [min, max] */
	IN_COUNTS,		/* a comma list of whole numbers in [min, max] */
	IN_DISTANCE,		/* inches, decimals or a unit suffix */
	IN_NUMBER,		/* a plain decimal in [min, max] */
	IN_CHOICE,		/* one word of `choices` */
	IN_MODS,		/* modifier names from the table `detail` */
	IN_UNIT,		/* a unit of the game: the stateful form */
	IN_TEXT,		/* free text */
	IN_SPEC			/* a comma list of items in the shapes of
				 * `choices` (see below) */
};

/*
 * IN_SPEC shapes: alternatives separated by '|'; each is tokens separated
 * by ':' or '/'.  A token is a literal word, or D (a die: d6, d8, d10,
 * d12), N (a whole number 0..100000), W (a word) or * (any text, first
 * token only).  "inf:D/D|cav:D|foot-art" reads "inf:d8/d6" as the parts
 * inf, d8, d6.  `detail` says what an item is, for messages.
 */

/* May be given more than once (units, lists of names). */
#define IN_REPEAT 0x1
/* A unit option that does not by itself make a ruling stateful (units
 * passed, square mates): stateless, it is a spec the rule set reads. */
#define IN_SECONDARY 0x2
/* A unit option that names a formation (fury fatigue). */
#define IN_FORMATION 0x4
/* An option that makes a ruling stateful by itself (fury fatigue --every). */
#define IN_GAME 0x8
/* With IN_FORMATION: a unit or a formation (ohw fatigue). */
#define IN_EITHER 0x10
/* Given in a game with no counts (IN_COUNT) given: the stateful form
 * (2x2 morale --victory judges the game's units). */
#define IN_GAME_ALONE 0x20

/* A game setting (an option of `new` of the same name: 2x2 --victory): in
 * a game it is filled from the game unless typed, and may be typed without
 * a value to ask for the game's (`morale --victory`), which makes the
 * ruling stateful. */
#define IN_SETTING 0x40

/* Sides of the roles of a fire or melee: the acting units (firers,
 * attackers) and the units they act against (targets, defenders).  A
 * ruling between an IN_OWN and an IN_ENEMY unit of the same side is
 * refused unless --friendly is given, and one that names an IN_OWN unit
 * but none it acts against unless --no-target (IN_OPPOSED_DECLS). */
#define IN_OWN 0x80
#define IN_ENEMY 0x100

/* The --friendly and --no-target options of every command with IN_OWN
 * and IN_ENEMY roles. */
#define IN_OPPOSED_DECLS \
	{ "friendly", IN_FLAG, "", 0, 0, NULL, NULL, NULL, \
	  "in a game: rule it between units of the same side (refused without it)", 0 }, \
	{ "no-target", IN_FLAG, "", 0, 0, NULL, NULL, NULL, \
	  "in a game: the losses it inflicts fall on no unit of the roster (refused without a target otherwise)", 0 }

struct input_decl {
	const char *name;	/* option name without the dashes */
	enum input_kind kind;
	const char *arg;	/* what the help shows after the name */
	long min, max;		/* IN_COUNT, IN_COUNTS, IN_NUMBER */
	const char *choices;	/* IN_CHOICE: "musket|rifle"; IN_SPEC: shapes */
	const char *def;	/* default, as typed; NULL for none */
	const char *detail;	/* IN_MODS: the modifier table's name;
				 * IN_SPEC: what an item is, for messages */
	const char *help;
	int flags;
};

#define INPUTS_MAX 48
#define INPUT_ITEMS 96
#define INPUT_STORE 4096
#define SPEC_PARTS 4

enum part_kind {
	PART_WORD,		/* a literal or W or *: the text */
	PART_DIE,		/* D: a die kind (enum die_kind) */
	PART_COUNT		/* N: a whole number */
};

/* One token of a spec item, typed (8 bytes: a unit holds many). */
struct spec_part {
	unsigned char kind;	/* enum part_kind */
	unsigned char die;	/* PART_DIE: enum die_kind */
	unsigned short word;	/* PART_WORD: offset of its text */
	int n;			/* PART_COUNT: 0..NUM_COUNT_MAX */
};

/* One element of a list or repeated option (kept inside struct inputs). */
struct input_item {
	unsigned short name;	/* offset of its text */
	unsigned short value;	/* offset of a modifier's "=V" text; 0: none */
	unsigned char owner;	/* the index of its option in v[] */
	unsigned char nparts;	/* IN_SPEC (and specs of IN_UNIT) */
	unsigned char implied;	/* a modifier the game implied
				 * (inputs_add_mod), not typed */
	long n;			/* IN_COUNTS, a modifier's =N */
	struct spec_part part[SPEC_PARTS];
};

struct input_value {
	const struct input_decl *decl;
	long n;
	double d;
	unsigned short text;	/* offset of the value's text */
	unsigned short nitems;	/* at most INPUT_ITEMS */
	unsigned char given;	/* has a value: typed, or filled from a unit */
	unsigned char typed;	/* typed by the umpire (argv, CSV) */
	unsigned char set;	/* given, or its default */
	unsigned char bare;	/* IN_SETTING typed without a value: the
				 * game's setting asked for */
};

#define INPUT_POSITIONALS 8

/*
 * The items and the text are found by their distance from the start
 * (items_at, store_at), not by their place in the struct: a full inputs
 * has them where declared, and a packed copy (inputs_pack: a unit's
 * ratings in the army) has them right after its n values, so it takes a
 * few hundred bytes rather than 10 KB.  Either may be copied or moved.
 */
struct inputs {
	const char *ruleset;
	const char *command;
	int allow_positional;	/* game keeping: NAME, N ... */
	const char *pos[INPUT_POSITIONALS];	/* into argv */
	int npos;
	int n;
	int nitems;
	unsigned short used;	/* bytes of text */
	int failed;		/* a default fill failed: the status */
	unsigned int items_at;	/* the items, in bytes from the start */
	unsigned int store_at;	/* the text, in bytes from the start */
	struct input_value v[INPUTS_MAX];	/* n declared */
	/* Below, the room of a full inputs; a packed one has no more than
	 * what it uses of it, and never an error. */
	struct input_item items[INPUT_ITEMS];
	char store[INPUT_STORE];
	struct error error;	/* the last failure: its INPUTS_ status and
				 * sentence */
};

/* One item of an option, as read: pointers into the inputs, valid while
 * the inputs are neither changed nor moved. */
struct in_item {
	const char *name;	/* the item's text */
	const char *value;	/* a modifier's "=V" text, or NULL */
	long n;
	int nparts;
	const struct spec_part *part;
};

/* A status the caller must look at: a setter's failure dropped is an
 * option that silently does nothing. */
#define INPUTS_CHECKED __attribute__((warn_unused_result))

/* Status codes of the parser and setters (the rule sets' RULE_ codes). */
enum {
	INPUTS_OK = 0,
	INPUTS_USAGE = 1,	/* an unknown or incomplete option */
	INPUTS_DATA = 2		/* a value the declaration does not allow */
};

/* The bytes a packed copy of in takes (a multiple of 8), and the copy
 * itself into `to` (that many bytes, 8-aligned): the values declared, the
 * items and the text, to be read, never changed. */
size_t inputs_packed_size(const struct inputs *in);
const struct inputs *inputs_pack(const struct inputs *in, void *to);

/* Clears in and declares its options (decls and extra, either NULL; each
 * array ends with a zero entry). */
void inputs_init(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra);

/*
 * Parses argv into in: option names first (INPUTS_USAGE for an unknown or
 * incomplete option), then values (INPUTS_DATA for a value the declaration
 * does not allow), then the defaults of what was not given.  Modifier names
 * are checked separately, against the tables that will judge them
 * (inputs_check_mods).  Returns a status with in->error set.
 */
int inputs_parse_argv(struct inputs *in, int argc, char **argv)
    INPUTS_CHECKED;

/* Sets the default of every option that has none yet (parse_argv does it;
 * inputs filled from stored JSON call it when the leaves are in). */
int inputs_defaults(struct inputs *in)
    INPUTS_CHECKED;

/* Checks the modifiers against their tables in ts: each typed one is a
 * named modifier of its table with the value it takes; each one a game
 * implied (inputs_add_mod) a row of its table, whatever its source. */
int inputs_check_mods(struct inputs *in, const struct tableset *ts)
    INPUTS_CHECKED;

/* inputs_init, inputs_parse_argv and (when ts) inputs_check_mods. */
int inputs_parse(struct inputs *in, const char *ruleset, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv, const struct tableset *ts)
    INPUTS_CHECKED;

/* Like inputs_parse for a game-keeping command: arguments that are not
 * options are kept in in->pos. */
int inputs_parse_command(struct inputs *in, const char *command,
    const struct input_decl *decls, const struct input_decl *extra,
    int argc, char **argv)
    INPUTS_CHECKED;

/* ---- typed setters: each returns a status with in->error set ------- */

/* The one text parser: a value as typed (argv, CSV), by its kind. */
int inputs_set_text(struct inputs *in, const char *name, const char *text)
    INPUTS_CHECKED;
int inputs_set_count(struct inputs *in, const char *name, long n)
    INPUTS_CHECKED;
/* Adds one number to an IN_COUNTS option. */
int inputs_add_count(struct inputs *in, const char *name, long n)
    INPUTS_CHECKED;
int inputs_set_number(struct inputs *in, const char *name, double d)
    INPUTS_CHECKED;
/* IN_CHOICE (checked against its choices), IN_TEXT; IN_UNIT adds a name. */
int inputs_set_word(struct inputs *in, const char *name, const char *word)
    INPUTS_CHECKED;
int inputs_set_flag(struct inputs *in, const char *name)
    INPUTS_CHECKED;
/* Adds modifier MOD to option OPT unless it is named already (a modifier
 * is applied at most once, whether named or implied by a rating). */
int inputs_add_mod(struct inputs *in, const char *opt, const char *mod)
    INPUTS_CHECKED;
/* Takes modifier MOD out of option OPT (an implied one the umpire
 * overrules); nothing when it is not there. */
int inputs_drop_mod(struct inputs *in, const char *opt, const char *mod)
    INPUTS_CHECKED;
/* Adds a spec item with its parts (the first part its head word). */
int inputs_add_spec(struct inputs *in, const char *opt,
    const struct spec_part *parts, const char *const *words, int nparts)
    INPUTS_CHECKED;
/* Forgets what option NAME was given (to fill it anew). */
void inputs_clear(struct inputs *in, const char *name);
/* Copies option NAME from src over in's (unit set). */
int inputs_copy(struct inputs *in, const struct inputs *src, const char *name)
    INPUTS_CHECKED;

/*
 * The stateful fills: set NAME from a unit unless the umpire typed it.  A
 * value the declaration refuses is a stored value gone bad: the first such
 * failure is kept in in->failed and in->error for the caller to report.
 */
void inputs_default_count(struct inputs *in, const char *name, long n);
void inputs_default_number(struct inputs *in, const char *name, double d);
void inputs_default_word(struct inputs *in, const char *name,
    const char *word);
void inputs_default_flag(struct inputs *in, const char *name);
/* A fill's setter status: a failure (the first) is kept in in->failed and
 * in->error, as the fills above keep theirs, for the caller to report: a
 * rule set's fill hook wraps each setter it calls (a misspelt option
 * fails the ruling rather than do nothing). */
void inputs_keep(struct inputs *in, int rc);
/* inputs_default_word when WORD is one of NAME's choices; nothing
 * otherwise (a formation the command does not know, a NULL word). */
void inputs_default_choice(struct inputs *in, const char *name,
    const char *word);
/* Sets NAME from the same option of src (a game's settings) unless the
 * umpire typed a value for it; nothing when src has none. */
void inputs_default_from(struct inputs *in, const struct inputs *src,
    const char *name);

/* ---- JSON: a unit's ratings and a game's options as stored --------- */

/* Sets option KEY from one stored JSON leaf (an array's elements come one
 * by one under the same key). */
int inputs_set_json(struct inputs *in, const char *key, enum json_leaf type,
    const char *text, long long i, double d)
    INPUTS_CHECKED;

/* True when v holds a list of items (a repeated option, modifiers,
 * counts, a spec), written as an array where its value is written out;
 * else one value of its kind. */
int inputs_listed(const struct input_value *v);

/* ---- reading --------------------------------------------------------- */

/* The value of option NAME, or NULL if it is not declared. */
const struct input_value *inputs_get(const struct inputs *in,
    const char *name);
/* The text of a value (typed, filled or default), NULL if unset. */
const char *inputs_text(const struct inputs *in, const struct input_value *v);
/* True when NAME has a value (typed or filled). */
int in_given(const struct inputs *in, const char *name);
/* True when the umpire typed NAME. */
int in_typed(const struct inputs *in, const char *name);
/* True when the flag NAME is set. */
int in_flag(const struct inputs *in, const char *name);
/* The whole number of NAME (given or default), 0 if unset. */
long in_count(const struct inputs *in, const char *name);
/* The distance or decimal of NAME (given or default), 0 if unset. */
double in_number(const struct inputs *in, const char *name);
/* The text of NAME (given or default), NULL if unset. */
const char *in_text(const struct inputs *in, const char *name);
/* True when the choice NAME is set to WORD. */
int in_is(const struct inputs *in, const char *name, const char *word);
/* True when modifier MOD is named in option OPT. */
int in_mod(const struct inputs *in, const char *opt, const char *mod);
/* The "=V" text of modifier MOD named in OPT, or NULL. */
const char *in_mod_value(const struct inputs *in, const char *opt,
    const char *mod);
/* Items of option OPT. */
int in_nitems(const struct inputs *in, const char *opt);
/* Item I of option OPT into *out; 0 when there is none. */
int in_item(const struct inputs *in, const char *opt, int i,
    struct in_item *out);
/* The text of a PART_WORD part. */
const char *in_part_word(const struct inputs *in, const struct spec_part *p);

/* True when `word` is one of the '|'-separated `choices`. */
int choice_has(const char *choices, const char *word);

#endif
