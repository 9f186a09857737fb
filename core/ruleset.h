/*
 * ruleset: the engine interface every rule set implements.  A rule set is
 * a name and a list of commands; each command declares its inputs, says
 * what dice it takes, and adjudicates: tables + inputs + dice -> result.
 * No I/O, no SQLite, no printing, no globals.
 */
#ifndef UMPIRE_RULESET_H
#define UMPIRE_RULESET_H

#include "dice.h"
#include "inputs.h"
#include "result.h"
#include "table.h"
#include "unit.h"

/*
 * Adjudicates one ruling.  Takes its dice from d in the documented order,
 * fills r, and returns RULE_OK, or RULE_USAGE / RULE_DATA with r->error
 * set (or, for dice, d->error).
 */
typedef int (*adjudicate_fn)(const struct tableset *ts,
    const struct inputs *in, struct dice *d, struct result *r);

/* The record of a ruling that failed: its own, else (a die it could not
 * take) its dice's. */
const struct error *ruling_error(const struct result *r, const struct dice *d);

struct odds;
struct keeper;

/* A rule set's own exact odds of a command, where enumerating its dice
 * would take too long (squares assaults): fills o (odds_add, odds_finish). */
typedef int (*odds_fn)(const struct tableset *ts, const struct inputs *in,
    struct odds *o, struct result *r);

/*
 * A command of a rule set.  A rule set lists only the commands its text
 * has ("the R rules have no C" for the rest), or lists one with
 * `undefined` set to say why it has none.
 */
struct rule_cmd {
	const char *name;	/* required: fire, melee, morale, rally,
				 * fatigue, move (or a rule set's own: turn) */
	const char *summary;	/* required unless undefined: one line for --help */
	const char *undefined;	/* optional: the sentence when the text
				 * defines no such command */
	const struct input_decl *inputs;	/* required unless undefined */
	const char *dice;	/* required unless undefined: the dice taken,
				 * in order, for --help */
	adjudicate_fn adjudicate;	/* optional: NULL, not implemented yet */
	odds_fn odds;		/* optional: NULL, the odds enumerate the dice */
};

/* How a unit of the game looks on the casualty sheet. */
#define VIEW_LINE 160
#define VIEW_CELLS 8
#define VIEW_CELL UNIT_NAME	/* a cell's word: a word, or a name of the
				 * game (the formation a fact names) */
#define VIEW_PARTS 32
#define VIEW_PART_VALUES 2

/* What a cell of the sheet holds, as data: the rule set gives the value,
 * cmd/ writes it out (text, CSV, HTML). */
enum cell_kind {
	CELL_EMPTY,		/* nothing: a blank cell */
	CELL_INT,		/* a whole number */
	CELL_NUMBER,		/* a number that may have a fraction (2x2's AP) */
	CELL_MODIFIER,		/* a number said with its sign: "+1", "-2" */
	CELL_WORD,		/* a word (2x2's size) */
	CELL_FRACTION		/* n of a whole: "2/5" (brigade's push backs,
				 * this run of all) */
};

struct sheet_cell {
	enum cell_kind kind;
	long n, of;		/* CELL_INT: n; CELL_FRACTION: n of `of` */
	double d;		/* CELL_NUMBER, CELL_MODIFIER */
	char word[VIEW_CELL];	/* CELL_WORD */
};

/* A part of a unit with its own share of the measure (a brigade's
 * battalions, a battery's guns): the text sheet gives it a row under the
 * unit, the printable sheet draws its boxes. */
struct view_part {
	char name[64];
	char note[VIEW_LINE];	/* what the sheet says of it beside its
				 * name (its class) */
	/* What it says after its state (a gun's defence), as data: the rule
	 * set's words (static), each "{}" standing for the next of its
	 * nmore values, as a sheet_fact's; NULL for nothing. */
	const char *more;
	struct sheet_cell more_values[VIEW_PART_VALUES];
	int nmore;
	long start;		/* its share of the measure at the start */
	long left;		/* what is left of it */
	char state[UNIT_WORD];	/* its own state word, "" for none */
	int gone;		/* it has lost all it had: the text says the
				 * rule set's most severe state */
};

/* A fact the sheet states under a unit (a commander's range, a
 * formation's fatigue), as data: the words its rule set declares, in which
 * each "{}" stands for the next of its values.  cmd/ writes the sentence
 * (text, HTML): "{} commander of {}: command range {}\"" with division,
 * Britain and 12 says 'division commander of Britain: command range
 * 12"'. */
struct sheet_fact {
	const char *say;	/* the declaration: static, never copied */
	struct sheet_cell *values;	/* on the heap */
	int nvalues;
};

struct unit_view {
	char state[UNIT_WORD];	/* its state word: ok, halt, broken, ... */
	struct sheet_cell cells[VIEW_CELLS];	/* the cells of the roster's
						 * sheet columns, by column */
	struct sheet_fact *facts;	/* the facts under the unit, in order,
					 * grown on the heap (view_free) */
	int nfacts, facts_room;
	struct view_part parts[VIEW_PARTS];	/* its parts, when the rules
						 * count the measure by part */
	int nparts;
	/* The heads of the parts' rows in text: over their names
	 * ("battalion"), their notes ("class") and what follows their state
	 * ("defence"), "" for none. */
	char part_head[UNIT_WORD], note_head[UNIT_WORD], more_head[UNIT_WORD];
};

/* A cell: a whole number, a number, a number with its sign, a word
 * (NULL: an empty one), N of OF. */
struct sheet_cell sheet_int(long n);
struct sheet_cell sheet_number(double d);
struct sheet_cell sheet_modifier(double d);
struct sheet_cell sheet_word(const char *word);
struct sheet_cell sheet_fraction(long n, long of);

/* The cell of column COL of v: a whole number, a number, a word, N of OF. */
void view_int(struct unit_view *v, int col, long n);
void view_number(struct unit_view *v, int col, double d);
void view_word(struct unit_view *v, int col, const char *word);
void view_fraction(struct unit_view *v, int col, long n, long of);

/* Adds to v, after its others, the fact SAY (static: the rule set's
 * declaration) with its N values, the cells that follow N: as many as SAY
 * has "{}".  Fails r (RULE_BUG) when they are not, or (r->no_memory) when
 * the fact cannot be kept. */
void view_fact(struct unit_view *v, struct result *r, const char *say, int n, ...);
/* Gives back v's facts; v holds none after. */
void view_free(struct unit_view *v);

/* What the game's standing states (who has lost, what a fatigued
 * formation may not do), as data: facts as a unit's, which cmd/ writes
 * one after another, "; " between. */
struct standing_view {
	struct sheet_fact *facts;	/* in order, on the heap (standing_free) */
	int nfacts, facts_room;
};

/* Adds to s the fact SAY with its N values, as view_fact adds to a view. */
void standing_fact(struct standing_view *s, struct result *r, const char *say,
    int n, ...);
/* Gives back s's facts; s holds none after. */
void standing_free(struct standing_view *s);

/* Where a sheet column shows. */
enum {
	SHEET_BOTH,
	SHEET_TEXT,		/* the text sheet only */
	SHEET_CSV		/* the CSV sheet only */
};

/* A column of the casualty sheet after the unit's name and type. */
struct sheet_column {
	const char *head;	/* the text sheet's heading */
	const char *key;	/* the CSV column */
	int width;		/* text width: > 0 right-aligned, < 0 left, 0 as is */
	int gap;		/* spaces before it */
	int where;		/* SHEET_BOTH, SHEET_TEXT or SHEET_CSV */
};

/*
 * What a game keeps for a rule set, declared as data: the engine
 * (core/keep.c) writes every effect of a ruling to these, and the sheet,
 * the report, adjust, check, unit show, completion and every side's view
 * read the same declaration.
 */

/* Who may see a kept item across the table (CLI.md "What each side may
 * know"): its own side always sees it (as a band word at fog `hidden`). */
enum sight {
	SIGHT_UMPIRE,		/* the enemy never sees it (a number kept only
				 * on the umpire's sheet, with no band) */
	SIGHT_BAND,		/* the enemy sees it as a word of the rule
				 * set's `bands` table (brigade figures) */
	SIGHT_TABLE		/* it stands on the table (stands, hit markers,
				 * a routed unit, a square) */
};

/* How a ledger's total follows from its changes (umpire check proves it). */
enum ledger_tally {
	TALLY_SUM,		/* the previous total plus the change */
	TALLY_COUNT,		/* one more each time; the change is a mark
				 * (a push back's number in its run) */
	TALLY_LATEST		/* the latest word only (a melee's round) */
};

/* A ledger: a running total per unit. */
struct ledger_decl {
	const char *name;	/* its name in the journal ("loss", "pushback") */
	const char *word;	/* many of it, in text ("figures", "push backs") */
	const char *one;	/* one of it ("figure") */
	enum ledger_tally tally;
	int of_start;		/* it counts what is lost of the unit's start
				 * strength: the total stays within it */
	long floor;		/* the lowest total (0: nothing below none) */
	enum sight sight;
	/* Optional: a count kept without a start (squares' hit markers) is
	 * told as a band word as if the unit had started with this many. */
	long band_start;
	/* Optional: the highest total the unit's ledger may reach (a
	 * battery's defence: its guns' values). */
	long (*limit)(const struct tableset *ts, const struct unit *u,
	    struct result *r);
};

/* A word a unit may carry: a state, a flag, a tactical formation. */
struct word_decl {
	const char *word;
	enum sight sight;
	int turn_clears;	/* a flag `turn next` clears, whoever set it */
	/* Optional, a flag (or a formation said as a state, "is now
	 * limbered"): what it says of a unit after its name, set
	 * ("has bombarded") and cleared ("may bombard again"); without them
	 * "is now" and "is no longer" the word. */
	const char *said, *unsaid;
	/* Optional, a flag that is an obligation a result leaves (CLI.md
	 * "The turn, as the rules run it"): what the unit must do ("follow up
	 * at least one move"), the rule that says so ("brigade.txt l.315"),
	 * and the acts that discharge it ("moved", or "moved|attacked"), or
	 * NULL when only its turns end it. */
	const char *must, *rule, *ends;
};

/*
 * The turn's memory, declared (core/turn.c is its engine).  An act is
 * what a ruling in the game does for a unit in one of its roles (it
 * fired, was fired on, changed formation, charged); the journal keeps it
 * as a record of the turn, so undo takes it back with its ruling.
 */
struct act_decl {
	const char *word;	/* "changed-formation" */
	const char *said;	/* "changed formation" (in reasons) */
	const char *command;	/* the ruling that does it */
	const char *role;	/* the unit's role in it */
	/* NULL: always (a ruling refused is no act); "option:NAME": when the
	 * option is given (a charge); "formation": when the ruling changed
	 * the unit's tactical formation; "other:TYPE": when the unit it is
	 * done against (the first of another role) is of TYPE; "part:WORD":
	 * when the ruling kept that record on the unit (a dice-off won). */
	const char *when;
};

/*
 * What an act of this turn (or a flag in force) makes true in a later
 * ruling: the modifier MOD in option OPT of COMMAND, for the unit in
 * ROLE.  Its table says the rest: a number is a consequence (-6, a
 * charge's bonus carried), 'forbid' a prohibition, whose refusal names the
 * earlier event.  `--overrule REASON` rules a forbidden act anyway.
 */
struct act_rule {
	const char *act;	/* an act this turn, "flag:WORD" in force, or
				 * "formation:WORD" the unit stands in */
	const char *command;
	const char *role;
	const char *type;	/* optional: only a unit of this type */
	const char *other;	/* optional: only against a unit in this role */
	const char *other_type;	/* ... of this type */
	const char *opt;	/* "mod", "attacker-mod" */
	const char *mod;
	const char *rule;	/* "brigade.txt l.128" */
	const char *may_not;	/* what `turn` says the unit may not do, for
				 * a forbidding one ("fire"), else NULL */
};

/* A count the game keeps for each side or for the game (2x2's units
 * destroyed and army points); the standing hook reports its value. */
struct counter_decl {
	const char *name;	/* its key in the standing ("destroyed") */
	const char *word;	/* its unit in text, after a number ("AP",
				 * "units destroyed") */
	const char *one;	/* optional: after the number 1 ("unit
				 * destroyed"); NULL: word */
	int per_side;		/* one per side, else one for the game */
	enum sight sight;
	int of_cost;		/* the sum of the side's units' army-list cost
				 * (the roster's rate hook gives each) */
	const char *limit_option;	/* the option of `new` that sets its
					 * highest value (2x2 --points), or NULL */
	/* Optional: it counts the units whose state is this word (2x2:
	 * "destroyed"), as the journal leaves them at any turn. */
	const char *state;
	/* It is the side's losses, where the rules count no measure: the
	 * sheet, the report, the chart and the victory check read it. */
	int loss;
};

/* Who reads the standing: the umpire (side NULL), or a side's commander,
 * who knows its own formations' fatigue or break (CLI.md "What each side
 * may know"), not the enemy's, and its own counts only at fog table. */
struct standing_for {
	const char *side;
	int counts;
};

/* True when who may know the standing of a formation of SIDE; and when
 * who may read the counts behind it. */
int standing_knows(const struct standing_for *who, const char *side);
int standing_counts(const struct standing_for *who);

struct keeps {
	/* Required: the ledgers, ending with a NULL name.  The measure, when
	 * the rules count one, is the first (adjust --MEASURE, the sheet's
	 * strength and the report's losses read it). */
	const struct ledger_decl *ledgers;
	/* adjust's option for the measure ("figures"), or NULL when the
	 * rules count none (2x2 counts states). */
	const char *measure_option;
	/* the measure after the number 1 ("figure", "hit"), where the rules
	 * count one */
	const char *measure_one;
	/* The measure is a strength lost (1: the sheet shows what is left)
	 * or damage taken (0). */
	int counts_down;
	/* Optional lists, each ending with a NULL word: the state words kept,
	 * least severe first (a ruling may replace only a less severe one);
	 * the flags; the tactical formations, the first the default. */
	const struct word_decl *states;
	const struct word_decl *flags;
	const struct word_decl *formations;
	/* Optional: the counts the standing reports, ending with NULL. */
	const struct counter_decl *counters;
	/* Required: the word of a unit with neither state nor flag
	 * ("good_order", "ok"); adjust --state WORD clears both. */
	const char *good_state;
	/* Optional, each ending with a NULL word: the acts a unit does in a
	 * turn, and what they (and flags) make true in later rulings. */
	const struct act_decl *acts;
	const struct act_rule *act_rules;
};

/* The index of ledger NAME of k, or -1. */
int keeps_ledger(const struct keeps *k, const char *name);
/* The declaration of WORD in LIST (states, flags, formations), or NULL. */
const struct word_decl *keeps_word(const struct word_decl *list, const char *word);
/* The declaration in LIST of the word TYPED, typed as the text says it or
 * as it is kept: any case, with a space, '-' or '_' between its parts
 * ("Good Order" is good_order), or NULL. */
const struct word_decl *keeps_word_typed(const struct word_decl *list,
    const char *typed);
/* True when TYPED is WORD so typed. */
int keeps_same_word(const char *word, const char *typed);
/* A flag as the text says it of a unit: its said phrase, or the word. */
const char *keeps_flag_said(const struct word_decl *list, const char *flag);
/* The severity of state WORD: its place in k's states (1 the least
 * severe), 0 for none or a word not declared; with WORD NULL, the most
 * severe's (a state that final: the good state does not clear it). */
int keeps_severity(const struct keeps *k, const char *word);
/* The counter of k that sums a side's army-list costs, or NULL. */
const struct counter_decl *keeps_cost_counter(const struct keeps *k);
/* "a|b|c": the words of LIST into buf, for messages and help. */
const char *keeps_words(const struct word_decl *list, char *buf, size_t n);

/*
 * A unit type of the order of battle and what the rules know of it, as
 * data: a rule set asks its arm here, never by the spelling of its name.
 */
struct unit_type {
	const char *name;	/* required: the --type word */
	const char *arm;	/* required: infantry, cavalry, artillery or
				 * command (a general and his staff) */
	const char *kind;	/* optional: what the rules tell apart within
				 * the arm (heavy, light, foot, horse, guard,
				 * militia, open order), or NULL */
	const char *formation;	/* optional: the tactical formation a unit of
				 * this type stands in until the game says
				 * otherwise (a battery: unlimbered), or NULL
				 * for the rule set's first */
};

/* What a rule set does in a game for one of its commands, before and
 * after the rule function.  Both hooks are optional. */
struct cmd_hooks {
	const char *command;	/* required: a command of the rule set */
	/* Fills the command's inputs from the units in their roles; options
	 * the umpire typed are kept (they override the stored values). */
	int (*fill)(const struct tableset *ts, const struct ruling_units *ru,
	    struct inputs *in, struct result *r);
	/* What a ruling in a game adds to its result from the units named
	 * (brigade: every battalion's morale), before its effects are kept
	 * (r is still open). */
	int (*judge)(const struct tableset *ts, const struct ruling_units *ru,
	    const struct inputs *in, struct result *r);
	/* The command answers for a unit that has lost the whole of a
	 * measure that counts down (morale: "only its morale is
	 * answered"); any other command finds such a unit out of the
	 * fight. */
	int answers_the_lost;
};

/*
 * The order of battle and the stateful form of a rule set.  All pure: the
 * caller reads units from the game and records the effects.  Members say
 * whether they are required; the command layer tests every optional hook
 * before it calls it, and a unit test registers a rule set with only the
 * required ones (tests/unit/test_contract.c).
 */
struct roster {
	/* Required: the unit types, ending with a NULL name; --type of a
	 * formation ("division|corps|..."). */
	const struct unit_type *types;
	const char *formation_types;
	/* Required: the rating options (may be an empty list). */
	const struct input_decl *inputs;
	/* Required: what the game keeps. */
	struct keeps keeps;
	/* Optional: checks the ratings of a unit of TYPE; sets its starting
	 * strength and its army-list cost (0 where the rules have none).
	 * Without it a unit starts at 0 and costs nothing. */
	int (*rate)(const struct tableset *ts, const char *type,
	    const struct inputs *ratings, long *start, double *cost,
	    struct result *r);
	/* Optional: the hooks of its commands in a game, ending with a NULL
	 * command (roster_hooks finds a command's). */
	const struct cmd_hooks *hooks;
	/* Optional: called by the engine (core/keep.h) for each effect e on
	 * unit ui once it is kept and the unit changed: may write e's note
	 * and state, and keep the effects the rules draw from it (the
	 * battalions whose morale changed, a brigade that breaks). */
	void (*consequence)(struct keeper *k, int ui, struct unit_effect *e);
	/* Optional: after every effect of the ruling, what it brings about
	 * across the army (fury: a fatigued army breaks). */
	void (*settle)(struct keeper *k);
	/* Optional: how unit u of army a looks on the sheet beyond what the
	 * declaration shows (its parts, its state word); its own fields of
	 * the unit's JSON object go into r as result fields (result_int,
	 * result_open, ...), which cmd/ writes out. */
	void (*view)(const struct tableset *ts, const struct army *a,
	    const struct unit *u, struct unit_view *v, struct result *r);
	/* Optional: the options of `new` for this rule set (stored with the
	 * game). */
	const struct input_decl *game_inputs;
	/* Optional: the game's standing (who has lost) from every unit: its
	 * fields into r ("standing": a record, written out by cmd/ as members
	 * of the sheet's object), and its facts into s (standing_fact: who
	 * has lost, else one fact saying nobody has), as `who` may know it. */
	void (*standing)(const struct tableset *ts, const struct inputs *options,
	    const struct army *a, const struct standing_for *who,
	    struct standing_view *s, struct result *r);
	/* Optional: the rating options of a formation (fury --quality, ohw
	 * --break-percent). */
	const struct input_decl *formation_inputs;
	/* Optional: why a unit of TYPE may not stand in tactical formation
	 * WORD (a sentence from the rule set's tables), or NULL when it may:
	 * unit add and set and adjust --formation refuse what it names.  r
	 * may be NULL. */
	const char *(*formation_refused)(const struct tableset *ts,
	    const char *type, const char *word, struct result *r);
	/* Optional: the sheet's columns after name and type, ending with a
	 * NULL head (the view fills their cells).  Without them the sheet
	 * shows the cells every rule set shares: the measure, the state. */
	const struct sheet_column *columns;
	/* Optional (0): a ruling in a game reads the whole army (a
	 * formation's tally, a side's count, the formations above a unit),
	 * not only the units it names.  A roster with a standing or settle
	 * hook is read whole whatever it says. */
	int reads_army;
	/* Optional: what unit u may not do for its state (not for an act of
	 * the turn, which act_rules say): fn with what ("advance"), the rule
	 * ("brigade.txt l.13") and why ("a battalion is at HALT"). */
	void (*may_not)(const struct tableset *ts, const struct unit *u,
	    void (*fn)(void *ctx, const char *what, const char *rule, const char *why),
	    void *ctx, struct result *r);
	/* Optional: the turn's action dice each side has left (squares),
	 * from the pool rolled this turn (largest first) and the army's acts:
	 * fn once a side, in the roster's order. */
	void (*dice_left)(const struct army *a, const long *pool, int npool,
	    void (*fn)(void *ctx, const char *side, const long *dice, int n), void *ctx);
	/* Optional: a word the rules never use for a unit type, and the
	 * message when it is given (brigade: "the brigade is the unit"). */
	const char *not_a_type;
	const char *not_a_type_message;
};

/* A rule set: every member is required. */
struct ruleset {
	const char *name;	/* brigade, squares, fury, 2x2, ohw */
	const char *title;
	const char *measure;	/* figures, hits, stands, states, fatigue points */
	const struct rule_cmd *cmds;	/* ends with a NULL name */
	const struct roster *roster;
};

/* N of the measure in words: "1 hit", "2 hits" (the unit only). */
const char *ruleset_measure_words(const struct ruleset *rs, long n);
/* N of the side's losses in words (the measure, or the counter that is
 * the losses): "1 unit destroyed", "3 stands". */
const char *ruleset_loss_words(const struct ruleset *rs, long n);

/* The counter of ro that is a side's losses (counter_decl.loss), or
 * NULL: the losses are then the measure, the first ledger. */
const struct counter_decl *roster_loss_counter(const struct roster *ro);
/* What unit u counts in its side's losses in this battle: its measure
 * (figures, stands, hits, fatigue points) less what it brought from the
 * campaign's last battle, or 1 when it stands in the state the loss
 * counter counts (2x2: destroyed) and did not come in so, else 0.  A
 * formation counts 0. */
long roster_unit_loss(const struct roster *ro, const struct unit *u);
/* What unit u brought into this battle of what its side's losses count,
 * the whole a band word tells them as a fraction of: a measure that counts
 * down, its start less what it brought lost; one that counts up, its
 * start (ohw's break point), else the ledger's band_start (squares' hit
 * markers); the loss counter's, 1 unless it came in gone.  A formation:
 * 0. */
long roster_unit_start(const struct roster *ro, const struct unit *u);
/* The losses in words, after a number: the loss counter's ("units
 * destroyed"), else the rule set's measure ("figures"). */
const char *ruleset_loss_word(const struct ruleset *rs);

/* The unit type NAME of ro, or NULL. */
const struct unit_type *roster_type(const struct roster *ro, const char *name);
/* The arm of unit type TYPE of ro (infantry, cavalry, artillery,
 * command), or NULL for a word that is not one of its types. */
const char *roster_arm(const struct roster *ro, const char *type);
/* True when TYPE is a unit type of ro of arm ARM (and, KIND not NULL, of
 * that kind; KIND "" asks for a type with no kind). */
int roster_is(const struct roster *ro, const char *type, const char *arm,
    const char *kind);
/* The kind of unit type TYPE of ro, or NULL (none, or not a type). */
const char *roster_kind(const struct roster *ro, const char *type);
/* "a|b|c": ro's unit types into buf (TYPE_NAMES bytes hold every rule
 * set's), for messages and help. */
#define TYPE_NAMES 256
const char *roster_type_names(const struct roster *ro, char *buf, size_t n);
/* The hooks ro declares for COMMAND, or an entry with none. */
const struct cmd_hooks *roster_hooks(const struct roster *ro,
    const char *command);

/* A formation's rating options: the rule set's own, else quality and
 * break-percent (CLI.md lists them for every rule set; kept, unused). */
const struct input_decl *roster_formation_inputs(const struct roster *ro);
/* The sheet's columns of ro (an empty list when it has none). */
const struct sheet_column *roster_columns(const struct roster *ro);
/* The rate hook of ro, or a unit that starts at 0 and costs nothing. */
int roster_rate(const struct roster *ro, const struct tableset *ts,
    const char *type, const struct inputs *ratings, long *start, double *cost,
    struct result *r);
/* The tactical formation unit u stands in, or NULL (a formation of the
 * order of battle, or rules that keep none). */
const char *roster_formation(const struct roster *ro, const struct unit *u);
/* The tactical formation a unit of TYPE stands in until the game says
 * otherwise: its type's, else the rule set's first (NULL: none kept). */
const char *roster_type_formation(const struct roster *ro, const char *type);

/* The five adjudication commands, in the order of CLI.md, NULL-ended. */
extern const char *const ruleset_commands[];

/* "brigade, squares, fury, 2x2, ohw": the rule sets' names, for messages. */
const char *ruleset_names(void);

/* The rule set NAME, or NULL. */
const struct ruleset *ruleset_find(const char *name);
/* Adds rs to the registry (a program's own rule set, a test's stub):
 * 0, or -1 when its name is taken or the registry is full. */
int ruleset_register(const struct ruleset *rs);
/* All rule sets, NULL-ended. */
const struct ruleset *const *ruleset_all(void);
/* The command NAME of rs, or NULL. */
const struct rule_cmd *ruleset_cmd(const struct ruleset *rs,
    const char *name);

/*
 * Looks up table NAME of RULESET in ts; when it is missing, fails r (the
 * failure sticks: the ruling fails) and returns NULL.
 */
const struct table *rule_table(const struct tableset *ts,
    const char *ruleset, const char *name, struct result *r);

/*
 * The one way to read a rule value: the number in row NAME of a
 * name,value table.  A missing table, row or number fails r loudly (the
 * stock table is the only default) and gives 0.
 */
double rule_value(const struct tableset *ts, const char *ruleset,
    const char *table, const char *name, struct result *r);
/* rule_value as a whole number. */
long rule_count(const struct tableset *ts, const char *ruleset,
    const char *table, const char *name, struct result *r);
/* The number in ROW under COL of T, failing r loudly when it is not one. */
double rule_cell(const struct table *t, int row, const char *col,
    struct result *r);

/* What a modifier row says. */
enum mod_kind {
	MOD_MISSING = -1,	/* no such row */
	MOD_NUMBER = 0,		/* value holds its number */
	MOD_FORBID = 1		/* the action is forbidden */
};

/*
 * The modifier NAME of a modifier table: its number in *value, or that it
 * forbids the action.  When the table has an `applies` column, only rows
 * whose applies list holds APPLIES (or "all") match.
 */
enum mod_kind rule_modifier(const struct table *t, const char *name,
    const char *applies, double *value);

/* The help text of modifier NAME in T (for reasons), or NAME. */
const char *rule_mod_help(const struct table *t, const char *name);

/* A ruling the rules forbid: WHY as the ruling's reason, "WHAT: WHY" as
 * its summary, and no more dice.  Returns RULE_OK (a forbidden action is
 * a ruling, not an error). */
int rule_refused(struct result *r, struct dice *d, const char *what,
    const char *why);

/* The help text of the first modifier named in OPT that forbids the
 * action (rows applying to APPLIES), or NULL. */
const char *rule_forbids(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies);

/*
 * Adds the modifiers named in OPT from table T (rows that apply to
 * APPLIES), each value times PER (and times N for a NAME=N modifier), to
 * *total, recording each in r as PREFIX:NAME (or NAME when PREFIX is
 * NULL).  Modifier values are whole numbers (the tables declare them so).
 * Returns the help text of a named modifier that forbids the action, or
 * NULL.
 */
const char *rule_named_mods(const struct inputs *in, const char *opt,
    const struct table *t, const char *applies, long per, const char *prefix,
    long *total, struct result *r);

/*
 * What the rule look-ups found, kept while the odds weigh one question
 * (r->memo): the modifiers named and the tables do not change from one
 * run of the ruling to the next, so each list of modifiers
 * (rule_named_mods) and each named value (rule_value) is looked up once,
 * not once a run.  Keys are copied; what does not fit is looked up again.
 */
#define RULE_MEMO 16
#define RULE_MEMO_KEY 32

struct rule_memo {
	struct {
		const struct inputs *in;
		const struct table *t;
		char opt[RULE_MEMO_KEY], applies[RULE_MEMO_KEY];	/* "": NULL */
		long per;
		long sum;		/* what the list added to *total */
		const char *forbid;	/* into the table */
	} mods[RULE_MEMO];
	int nmods;
	struct {
		const struct table *t;
		char name[RULE_MEMO_KEY];
		double v;
	} value[RULE_MEMO];
	int nvalues;
};

/* A number kept under (T, NAME) in r's memo (a value looked up, a
 * table's length): 0 with *v, or -1 when r has no memo or none is kept;
 * rule_memo_keep keeps one, when the memo has room. */
int rule_memo_find(const struct result *r, const struct table *t, const char *name,
    double *v);
void rule_memo_keep(struct result *r, const struct table *t, const char *name, double v);

/* Adds the modifier NAME of T (one umpire applies itself), times PER;
 * a missing row fails r. */
void rule_auto_mod(const struct table *t, const char *name,
    const char *applies, long per, const char *prefix, long *total,
    struct result *r);

/*
 * Why a unit of TYPE may not stand in tactical formation WORD, by the
 * `formations` table of RULESET (its help text: "square is infantry only
 * (l.90)"), or NULL when it may, or when the table names no such
 * formation.  A missing table fails r (refuses nothing when r is NULL).
 */
const char *rule_formation_refused(const struct tableset *ts,
    const char *ruleset, const char *type, const char *word, struct result *r);

/*
 * A modifier MOD named in OPT that says a side (WHO, "the target") of
 * TYPE stands in formation WORD, which the formations table of RULESET
 * does not let TYPE take (a cavalry target "in square"): fails r as bad
 * data and returns RULE_DATA; else RULE_OK.
 */
int rule_mod_formation(const struct tableset *ts, const char *ruleset,
    const struct inputs *in, const char *opt, const char *mod, const char *word,
    const char *who, const char *type, struct result *r);

extern const struct ruleset ruleset_brigade;
extern const struct ruleset ruleset_squares;
extern const struct ruleset ruleset_fury;
extern const struct ruleset ruleset_2x2;
extern const struct ruleset ruleset_ohw;

#endif
