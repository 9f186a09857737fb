/*
 * complete: the candidates of bash completion (cmd/umpire.bash).
 *
 *     umpire complete LINE
 *
 * LINE is the command line up to the cursor.  It is read as the shell reads
 * it (cmd/shell.c); the words before the cursor say what the word at the
 * cursor is: a command, an option of the command under the rule set in
 * force, an option's value, a unit, a table, an event...  The output is
 * "words" and then each candidate that begins with that word, regardless of
 * case and accents, one a line, already quoted for the quoting open at the
 * cursor: bash puts them on the line as they come, and no name, modifier or
 * option from a game ever reaches an expansion.  "nospace" in place of
 * "words": no space after the word (a modifier's "NAME=" wants its number).
 * "files" alone asks bash for file names.
 *
 * Everything comes from the declarations (the command table, the rule
 * sets' commands, inputs and rosters, the game-keeping commands' inputs)
 * and from the game (units, sides, tables, journal), read only: a game of
 * an older umpire is left alone rather than upgraded.  A missing, locked
 * or damaged game, an unknown command or a line it cannot read gives
 * "words" and nothing more.  COMP_WORDBREAKS in the environment is
 * readline's word-break characters (bash's default when unset or empty).
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "peek.h"
#include "seen.h"
#include "shell.h"
#include "text.h"

/* bash's COMP_WORDBREAKS when none is given. */
#define WORD_BREAKS " \t\n\"'><=;|&(:"

/* What a positional argument or an option's value is. */
enum kind {
	WORDS,			/* the words listed */
	COMMANDS,		/* umpire's commands */
	RULINGS,		/* the rule set's adjudications */
	UNITS,			/* the game's units and formations */
	EVENTS,			/* the journal's event numbers */
	TABLES,			/* the rule set's tables */
	FILES			/* file names (bash lists them) */
};

/* The positional arguments of the commands that take any. */
static const struct positional {
	const char *command;
	int at;			/* its place among the positionals */
	const char *after;	/* the first positional it must follow */
	enum kind kind;
	const char *words;	/* WORDS: '|'-separated */
} positionals[] = {
	{ "help", 0, NULL, COMMANDS, NULL },
	{ "odds", 0, NULL, RULINGS, NULL },
	{ "unit", 0, NULL, WORDS, "add|list|show|set|rm|import|export" },
	{ "unit", 1, "show", UNITS, NULL },
	{ "unit", 1, "set", UNITS, NULL },
	{ "unit", 1, "rm", UNITS, NULL },
	{ "unit", 1, "import", FILES, NULL },
	{ "unit", 1, "export", FILES, NULL },
	{ "log", 0, NULL, WORDS, "show" },
	{ "log", 1, "show", EVENTS, NULL },
	{ "adjust", 0, NULL, UNITS, NULL },
	{ "turn", 0, NULL, WORDS, "next" },
	{ "tables", 0, NULL, WORDS, "list|show|export|import|diff" },
	{ "tables", 1, "show", TABLES, NULL },
	{ "tables", 1, "export", TABLES, NULL },
	{ "tables", 1, "import", TABLES, NULL },
	{ "tables", 2, "export", FILES, NULL },
	{ "tables", 2, "import", FILES, NULL },
	{ "batch", 0, NULL, FILES, NULL },
};

/* The global options (cmd/main.c), declared as the commands' are. */
static const struct input_decl global_inputs[] = {
	{ "db", IN_TEXT, "FILE", 0, 0, NULL, NULL, NULL, "the game", 0 },
	{ "rules", IN_TEXT, "RULES", 0, 0, NULL, NULL, NULL, "the rule set", 0 },
	{ "json", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "JSON output", 0 },
	{ "for", IN_TEXT, "VIEWER", 0, 0, NULL, NULL, NULL, "what a side may know", 0 },
	{ "help", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "help", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};
static const struct input_decl version_input[] = {
	{ "version", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "the version", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* batch and report read their options by hand: what they take. */

#define DECL_LISTS 8

/* The options a command takes: a few declaration lists. */
struct decls {
	const struct input_decl *list[DECL_LISTS];
	int n;
};

struct completion {
	struct cmd_ctx *g;
	struct shell_line line;
	/* The word at the cursor: head is kept as it is (an "--opt=", the
	 * modifiers before a comma), item is matched. */
	char head[SHELL_LINE];
	const char *item;
	char item_fold[SHELL_LINE];
	size_t item_len;
	/* What the line says. */
	char db_path[4096];
	const char *rules;		/* --rules as typed, or NULL */
	const struct cmd_entry *cmd;
	const char *args[SHELL_WORDS];	/* the command's words */
	int nargs;
	const char *pos[SHELL_WORDS];	/* its positional arguments */
	int npos;
	const struct input_decl *typed[SHELL_WORDS];	/* options given */
	int ntyped;
	const struct input_decl *pending;	/* the option whose value is
						 * the word at the cursor */
	struct decls options;
	struct adjust_options adjust;	/* adjust's options, when asked */
	const struct ruleset *game_rules;	/* the game's, once peeked */
	int peeked;
	/* The game, opened when first needed: 1 open, -1 none. */
	int game;
	struct game *gm;
	struct viewer viewer;	/* --for: the side whose view is asked */
	/* The modifiers named before the last comma ("a,b,"), or NULL. */
	const char *mods_typed;
	/* The candidates, quoted. */
	char **found;
	size_t nfound, cap;
	int files, nospace, failed;
};

/* ---- candidates ------------------------------------------------------ */

static const char *typed_value(const struct completion *c, const char *name);
static const struct unit *unit_typed(struct completion *c);

static void
keep(struct completion *c, const char *text)
{
	char *copy;

	if (c->failed)
		return;
	if (c->nfound == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		char **grown = realloc(c->found, cap * sizeof *grown);

		if (grown == NULL) {
			c->failed = 1;
			return;
		}
		c->found = grown;
		c->cap = cap;
	}
	if ((copy = strdup(text)) == NULL)
		c->failed = 1;
	else
		c->found[c->nfound++] = copy;
}

/* Offers CANDIDATE when its folded form begins with the folded word. */
static void
offer(struct completion *c, const char *candidate)
{
	char fold[SHELL_LINE], value[SHELL_LINE], text[5 * SHELL_LINE];
	size_t hlen = strlen(c->head), len = strlen(candidate);

	if (len == 0 || hlen + len >= sizeof value ||
	    text_unclean(candidate, NULL, 0) != 0)
		return;
	text_fold(candidate, fold, sizeof fold);
	if (strncmp(fold, c->item_fold, c->item_len) != 0)
		return;
	memcpy(value, c->head, hlen);
	memcpy(value + hlen, candidate, len + 1);
	if (shell_replacement(&c->line, value, text, sizeof text) == 0)
		keep(c, text);
}

/* Offers each word a rule set declares in LIST (NULL-ended). */
static void
offer_declared(struct completion *c, const struct word_decl *list)
{
	for (; list != NULL && list->word != NULL; list++)
		offer(c, list->word);
}

/* Offers each word of a '|'-separated list that fits (all of them when
 * fits is NULL). */
static void
offer_words_fitting(struct completion *c, const char *list,
    int (*fits)(struct completion *c, const char *word))
{
	char word[256];

	while (list != NULL && *list != '\0') {
		size_t len = strcspn(list, "|");

		if (len < sizeof word) {
			memcpy(word, list, len);
			word[len] = '\0';
			if (fits == NULL || fits(c, word))
				offer(c, word);
		}
		list += len + (list[len] == '|');
	}
}

static void
offer_words(struct completion *c, const char *list)
{
	offer_words_fitting(c, list, NULL);
}

static void
offer_option(struct completion *c, const char *name)
{
	char opt[128];

	if (strlen(name) + 3 <= sizeof opt) {
		opt[0] = opt[1] = '-';
		memcpy(opt + 2, name, strlen(name) + 1);
		offer(c, opt);
	}
}

/* Orders the candidates' slots by their text, then by their place. */
static int
by_text(const void *a, const void *b)
{
	char **x = *(char **const *)a, **y = *(char **const *)b;
	int d = strcmp(*x, *y);

	return d != 0 ? d : (x > y) - (x < y);
}

/* Prints the candidates in the order they were offered, each once. */
static void
print_found(struct completion *c)
{
	char ***sorted = NULL;

	fprintf(c->g->out, "%s\n", c->files ? "files" : c->nospace ? "nospace" : "words");
	if (!c->failed && c->nfound > 0 &&
	    (sorted = malloc(c->nfound * sizeof *sorted)) != NULL) {
		for (size_t i = 0; i < c->nfound; i++)
			sorted[i] = &c->found[i];
		qsort(sorted, c->nfound, sizeof *sorted, by_text);
		/* A repeat goes; the first of each stays where it was. */
		for (size_t i = 1, first = 0; i < c->nfound; i++)
			if (strcmp(*sorted[i], *sorted[first]) != 0) {
				first = i;
			} else {
				free(*sorted[i]);
				*sorted[i] = NULL;
			}
		for (size_t i = 0; i < c->nfound; i++)
			if (c->found[i] != NULL)
				fprintf(c->g->out, "%s\n", c->found[i]);
	}
	free(sorted);
	for (size_t i = 0; i < c->nfound; i++)
		free(c->found[i]);
	free(c->found);
}

/* ---- the rule set and the game --------------------------------------- */

/* The rule set in force: --rules, else the game's (read once); NULL
 * when neither. */
static const struct ruleset *
rules_of(struct completion *c)
{
	struct error e;
	char name[32];

	if (c->rules != NULL)
		return ruleset_find(c->rules);
	if (!c->peeked) {
		c->peeked = 1;
		/* (a game that cannot be read offers no rule set's words) */
		if (db_peek_rules(c->g->db_path, name, sizeof name, &e) == DB_OK)
			c->game_rules = ruleset_find(name);
	}
	return c->game_rules;
}

/* Opens the game for reading, with its army, once: true when open.  A
 * game of an older umpire is not opened (opening would upgrade it). */
static int
game(struct completion *c)
{
	if (c->game == 0) {
		c->game = -1;
		if (db_peek_current(c->g->db_path) && game_get(c->g, &c->gm) == 0 &&
		    game_army(c->g, c->gm) == 0 && viewer_of(c->g, c->gm, &c->viewer) == 0)
			c->game = 1;
	}
	return c->game == 1;
}

/* Which of the game's units. */
enum which {
	ANY,			/* units and formations */
	UNITS_ONLY,
	FORMATIONS_ONLY
};

static void
offer_units(struct completion *c, enum which which)
{
	if (!game(c))
		return;
	for (int i = 0; i < c->gm->army.n; i++) {
		const struct unit *u = &c->gm->army.u[i];

		if ((which == UNITS_ONLY && u->formation) ||
		    (which == FORMATIONS_ONLY && !u->formation) ||
		    (u->formation && viewer_look(&c->viewer, u) == LOOK_ACROSS))
			continue;
		offer(c, u->name);
	}
}

/* The unit of the game named NAME (any case or accent), or NULL. */
static const struct unit *
named_unit(struct completion *c, const char *name)
{
	char want[UNIT_NAME * 4], have[UNIT_NAME * 4];

	text_fold(name, want, sizeof want);
	for (int i = 0; i < c->gm->army.n; i++) {
		text_fold(c->gm->army.u[i].name, have, sizeof have);
		if (strcmp(want, have) == 0)
			return &c->gm->army.u[i];
	}
	return NULL;
}

/* True when the command's words hold flag --NAME. */
static int
flag_typed(const struct completion *c, const char *name)
{
	for (int i = 0; i < c->nargs; i++)
		if (strncmp(c->args[i], "--", 2) == 0 && strcmp(c->args[i] + 2, name) == 0)
			return 1;
	return 0;
}

/* What a ruling may aim at (--target, --defender): the units of the
 * other sides, then those of the acting unit's own only with --friendly
 * (CLI.md refuses them without it); never the acting unit itself, named
 * by --ACTOR. */
static void
offer_targets(struct completion *c, const char *actor)
{
	const char *name = typed_value(c, actor);
	const struct unit *me;
	int friendly = flag_typed(c, "friendly");

	if (!game(c))
		return;
	if (name == NULL || (me = named_unit(c, name)) == NULL) {
		offer_units(c, UNITS_ONLY);
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < c->gm->army.n; i++) {
			const struct unit *u = &c->gm->army.u[i];
			int own = strcmp(u->side, me->side) == 0;

			if (!u->formation && u != me && (pass == 0 ? !own : own && friendly))
				offer(c, u->name);
		}
}

static void
offer_sides(struct completion *c)
{
	if (game(c))
		for (int i = 0; i < c->gm->army.n; i++)
			offer(c, c->gm->army.u[i].side);
}

/* An event's number in the umpire's view. */
static int
offer_event(void *ctx, const struct db_event *e)
{
	struct completion *c = ctx;
	char id[32];

	text_long(id, sizeof id, (long)e->id);
	offer(c, id);
	return 0;
}

/* The numbers of the journal's events; for a side's view (--for), of its
 * own log, 1, 2, 3... */
static void
offer_events(struct completion *c)
{
	struct seen_log log;
	char number[32];

	if (!game(c))
		return;
	/* (completion says nothing of a game it cannot read: a log that
	 * fails offers the events read before) */
	if (viewer_all(&c->viewer)) {
		if (db_log(c->gm->db, 0, 0, offer_event, c) != DB_OK)
			return;
		return;
	}
	if (seen_log_read(c->g, c->gm, &c->viewer, &log) != 0)
		return;
	for (size_t k = 1; k <= log.n; k++) {
		text_long(number, sizeof number, (long)k);
		offer(c, number);
	}
	seen_log_free(&log);
}

static void
offer_tables(struct completion *c)
{
	const struct ruleset *rs = rules_of(c);

	for (int i = 0; rs != NULL && i < table_stock_count; i++)
		if (strcmp(table_stock[i].ruleset, rs->name) == 0)
			offer(c, table_stock[i].name);
}

/* True when modifier NAME is among those named before the last comma
 * (each once in a list). */
static int
named_already(const struct completion *c, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = c->mods_typed; p != NULL && *p != '\0';) {
		size_t n = strcspn(p, ",=");

		if (n == len && strncmp(p, name, len) == 0)
			return 1;
		p += strcspn(p, ",");
		p += *p == ',';
	}
	return 0;
}

/* A modifier the umpire may name (umpire applies an "auto" one itself):
 * NAME, NAME=CHOICE for each choice of its argument, or NAME= before a
 * number (and no space after it). */
static void
offer_mod(struct completion *c, const struct table *t, int row)
{
	const char *name = table_text(t, row, "name"), *arg = table_text(t, row, "arg");
	char with[256];

	if (strcmp(table_text(t, row, "source"), "auto") == 0 || named_already(c, name))
		return;
	if (*arg == '\0') {
		offer(c, name);
		return;
	}
	if (strcmp(arg, "N") == 0) {
		size_t before = c->nfound;

		snprintf(with, sizeof with, "%s=", name);
		offer(c, with);
		c->nospace |= c->nfound > before;
		return;
	}
	for (const char *p = arg; *p != '\0';) {
		size_t len = strcspn(p, "|");

		snprintf(with, sizeof with, "%s=%.*s", name, (int)len, p);
		offer(c, with);
		p += len + (p[len] == '|');
	}
}

/* The modifier names of table NAME: the game's own copy, else stock. */
static void
offer_mods(struct completion *c, const char *name)
{
	const struct ruleset *rs = rules_of(c);
	const struct table *t;

	if (rs == NULL || name == NULL)
		return;
	if (game(c) && c->gm->rs == rs)
		t = c->gm->ts.find(c->gm->ts.ctx, rs->name, name);
	else
		t = table_stock_find(rs->name, name);
	for (int row = 0; t != NULL && row < t->nrows; row++)
		offer_mod(c, t, row);
}

/* The adjudication rs has and umpire does. */
static int
rules_it(const struct rule_cmd *rc)
{
	return rc->undefined == NULL && rc->adjudicate != NULL;
}

static void
offer_rulings(struct completion *c)
{
	const struct ruleset *rs = rules_of(c);

	if (rs == NULL)
		for (int i = 0; ruleset_commands[i] != NULL; i++)
			offer(c, ruleset_commands[i]);
	for (const struct rule_cmd *rc = rs != NULL ? rs->cmds : NULL;
	    rc != NULL && rc->name != NULL; rc++)
		if (rules_it(rc))
			offer(c, rc->name);
}

/* umpire's commands; under a known rule set, not the adjudications it
 * leaves undefined (2x2 has no fatigue). */
static void
offer_commands(struct completion *c)
{
	const struct ruleset *rs = rules_of(c);

	for (int i = 0; cmd_table[i] != NULL; i++) {
		const char *name = cmd_table[i]->name;
		const struct rule_cmd *rc = rs != NULL ? ruleset_cmd(rs, name) : NULL;

		if (strcmp(name, "complete") != 0 && (rc == NULL || rules_it(rc)))
			offer(c, name);
	}
}

static void
offer_kind(struct completion *c, enum kind kind, const char *words)
{
	switch (kind) {
	case WORDS:
		offer_words(c, words);
		break;
	case COMMANDS:
		offer_commands(c);
		break;
	case RULINGS:
		offer_rulings(c);
		break;
	case UNITS:
		offer_units(c, ANY);
		break;
	case EVENTS:
		offer_events(c);
		break;
	case TABLES:
		offer_tables(c);
		break;
	case FILES:
		c->files = 1;
		break;
	}
}

/* True when the unit the line is about (its --type, or the unit it
 * names) may stand in tactical formation WORD, or the line says no type:
 * a battery limbered or unlimbered, never in line. */
static int
formation_fits(struct completion *c, const char *word)
{
	const struct ruleset *rs = rules_of(c);
	const char *type = typed_value(c, "type");
	const struct unit *u;
	struct tableset stock;

	if (rs == NULL || rs->roster->formation_refused == NULL)
		return 1;
	if (type == NULL && (u = unit_typed(c)) != NULL)
		type = u->type;
	if (type == NULL)
		return 1;
	stock = table_stock_set();
	return rs->roster->formation_refused(c->game == 1 ? &c->gm->ts : &stock, type,
	    word, NULL) == NULL;
}

/* A unit's states and flags, or its type, under the rule set. */
static void
offer_roster_words(struct completion *c, const char *arg)
{
	const struct ruleset *rs = rules_of(c);
	const struct roster *ro = rs != NULL ? rs->roster : NULL;
	char types[TYPE_NAMES];

	if (ro == NULL)
		return;
	if (strcmp(arg, "TYPE") == 0) {
		offer_words(c, roster_type_names(ro, types, sizeof types));
		offer_words(c, ro->formation_types);
	} else if (strcmp(arg, "F") == 0) {	/* a tactical formation */
		for (const struct word_decl *w = ro->keeps.formations;
		    w != NULL && w->word != NULL; w++)
			if (formation_fits(c, w->word))
				offer(c, w->word);
	} else {
		if (strcmp(arg, "STATE") == 0) {
			offer(c, ro->keeps.good_state);
			offer_declared(c, ro->keeps.states);
		}
		offer_declared(c, ro->keeps.flags);
	}
}

/* The values of option d: its choices, modifier names, units... */
static void
offer_value(struct completion *c, const struct input_decl *d)
{
	const char *comma, *arg = d->arg != NULL ? d->arg : "";

	switch (d->kind) {
	case IN_CHOICE:
		offer_words_fitting(c, d->choices,
		    strcmp(d->name, "formation") == 0 ? formation_fits : NULL);
		break;
	case IN_MODS:
		/* A comma list: the names before the last comma are kept. */
		if ((comma = strrchr(c->item, ',')) != NULL) {
			size_t hlen = strlen(c->head), keep_len = (size_t)(comma + 1 - c->item);

			if (hlen + keep_len >= sizeof c->head)
				return;
			memmove(c->head + hlen, c->item, keep_len);
			c->head[hlen + keep_len] = '\0';
			c->mods_typed = c->head + hlen;
			c->item = comma + 1;
			text_fold(c->item, c->item_fold, sizeof c->item_fold);
			c->item_len = strlen(c->item_fold);
		}
		offer_mods(c, d->detail);
		break;
	case IN_UNIT:
		if (strcmp(d->name, "target") == 0 || strcmp(d->name, "defender") == 0)
			offer_targets(c, strcmp(d->name, "target") == 0 ? "unit" : "attacker");
		else
			offer_units(c, !(d->flags & IN_FORMATION) ? UNITS_ONLY :
			    (d->flags & IN_EITHER) ? ANY : FORMATIONS_ONLY);
		break;
	case IN_TEXT:
		if (strcmp(arg, "FILE") == 0)
			c->files = 1;
		else if (strcmp(arg, "RULES") == 0)
			for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++)
				offer(c, (*rs)->name);
		else if (strcmp(arg, "UNIT") == 0)
			offer_units(c, ANY);
		else if (strcmp(arg, "FORMATION") == 0)
			offer_units(c, FORMATIONS_ONLY);
		else if (strcmp(arg, "SIDE") == 0)
			offer_sides(c);
		else if (strcmp(arg, "VIEWER") == 0) {
			offer(c, "umpire");
			offer_sides(c);
		}
		else if (strcmp(arg, "TYPE") == 0 || strcmp(arg, "STATE") == 0 ||
		    strcmp(arg, "FLAG") == 0 || strcmp(arg, "F") == 0)
			offer_roster_words(c, arg);
		break;
	default:
		break;
	}
}

/* ---- the command's options ------------------------------------------- */

static void
add_decls(struct decls *ds, const struct input_decl *list)
{
	if (list != NULL && ds->n < DECL_LISTS)
		ds->list[ds->n++] = list;
}

static const struct input_decl *
find_decl(const struct decls *ds, const char *name, size_t len)
{
	for (int k = 0; k < ds->n; k++)
		for (const struct input_decl *d = ds->list[k]; d->name != NULL; d++)
			if (strlen(d->name) == len && strncmp(d->name, name, len) == 0)
				return d;
	return NULL;
}

/* The value typed for option NAME in the command's words, or NULL. */
static const char *
typed_value(const struct completion *c, const char *name)
{
	size_t len = strlen(name);

	for (int i = 0; i < c->nargs; i++) {
		const char *a = c->args[i];

		if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, name, len) != 0)
			continue;
		if (a[2 + len] == '=')
			return a + 3 + len;
		if (a[2 + len] == '\0' && i + 1 < c->nargs)
			return c->args[i + 1];
	}
	return NULL;
}

/* The unit the line is about: adjust NAME, unit set NAME, or --unit
 * NAME; NULL when it names none of the game's. */
static const struct unit *
unit_typed(struct completion *c)
{
	const char *name = typed_value(c, "unit");

	if (strcmp(c->cmd->name, "adjust") == 0 && c->nargs > 0)
		name = c->args[0];
	else if (strcmp(c->cmd->name, "unit") == 0 && c->nargs > 1 &&
	    strcmp(c->args[0], "set") == 0)
		name = c->args[1];
	return name != NULL && game(c) ? named_unit(c, name) : NULL;
}

/* unit add and set: the common options, then the ratings of a unit or
 * of a formation, as --type (add) or the unit named (set) says. */
static void
unit_decls(struct completion *c, const char *sub, struct decls *ds)
{
	const struct ruleset *rs;
	const struct unit *u;
	const char *type = typed_value(c, "type");
	int formation = 0;

	if (strcmp(sub, "add") != 0 && strcmp(sub, "set") != 0)
		return;
	add_decls(ds, cmd_unit_inputs);
	if ((rs = rules_of(c)) == NULL)
		return;
	if (type != NULL)
		formation = choice_has(rs->roster->formation_types, type);
	else if ((u = unit_typed(c)) != NULL)
		formation = u->formation;
	add_decls(ds, formation ? roster_formation_inputs(rs->roster) :
	    rs->roster->inputs);
}

/* The commands whose options are one list, whatever the rule set. */
static const struct {
	const char *command;
	const struct input_decl *inputs;
} plain_options[] = {
	{ "sheet", cmd_sheet_inputs },
	{ "log", cmd_log_inputs },
	{ "undo", cmd_undo_inputs },
	{ "redo", cmd_undo_inputs },
	{ "game", cmd_game_inputs },
	{ "batch", cmd_batch_inputs },
	{ "report", cmd_report_inputs },
	{ "serve", cmd_serve_inputs },
};

/* The options of the command, as its first word (a subcommand, the
 * ruling of odds) and the rule set say. */
static void
command_decls(struct completion *c, struct decls *ds)
{
	const char *name = c->cmd->name, *sub = c->nargs > 0 ? c->args[0] : "";
	const struct ruleset *rs;
	const struct rule_cmd *rc;
	int odds = strcmp(name, "odds") == 0;

	for (size_t i = 0; i < sizeof plain_options / sizeof plain_options[0]; i++)
		if (strcmp(plain_options[i].command, name) == 0) {
			if (strcmp(sub, "show") != 0)	/* log show ID takes none */
				add_decls(ds, plain_options[i].inputs);
			return;
		}
	if (strcmp(name, "adjust") == 0) {
		add_decls(ds, cmd_adjust_inputs(&c->adjust));
	} else if (strcmp(name, "new") == 0) {
		/* A new game's rule set is --rules, else the game's there
		 * (new --force plays it again); with neither, every one's. */
		const struct ruleset *rs_new = rules_of(c);

		add_decls(ds, cmd_new_inputs);
		for (const struct ruleset *const *all = ruleset_all(); *all != NULL; all++)
			if (rs_new == NULL || *all == rs_new)
				add_decls(ds, (*all)->roster->game_inputs);
	} else if (strcmp(name, "unit") == 0) {
		unit_decls(c, sub, ds);
	} else if ((rs = rules_of(c)) != NULL &&
	    (rc = ruleset_cmd(rs, odds ? sub : name)) != NULL && rules_it(rc)) {
		/* An adjudication, odds RULING, or the rule set's turn dice. */
		add_decls(ds, rc->inputs);
		if (!odds)
			add_decls(ds, cmd_dice_inputs);
	}
}

/* True when option d of adjust is the measure of another rule set. */
static int
foreign_measure(struct completion *c, const struct input_decl *d)
{
	const struct ruleset *mine = rules_of(c);
	int measure = 0;

	for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++)
		measure |= (*rs)->roster->keeps.measure_option != NULL &&
		    strcmp((*rs)->roster->keeps.measure_option, d->name) == 0;
	return measure && mine != NULL && strcmp(mine->roster->keeps.measure_option, d->name) != 0;
}

static int
was_typed(const struct completion *c, const struct input_decl *d)
{
	for (int i = 0; i < c->ntyped; i++)
		if (c->typed[i] == d)
			return 1;
	return 0;
}

/* True when the command shows a side's view (--for SIDE): sheet, report,
 * log, unit list and unit show. */
static int
shows_views(const struct completion *c)
{
	if (c->cmd == NULL || !(c->cmd->flags & CMD_VIEWS))
		return 0;
	return strcmp(c->cmd->name, "unit") != 0 || (c->nargs > 0 &&
	    (strcmp(c->args[0], "list") == 0 || strcmp(c->args[0], "show") == 0));
}

/* Offers the options of ds not given yet (those that may repeat, always). */
static void
offer_options(struct completion *c, const struct decls *ds)
{
	for (int k = 0; k < ds->n; k++)
		for (const struct input_decl *d = ds->list[k]; d->name != NULL; d++) {
			if (was_typed(c, d) && !(d->flags & IN_REPEAT) && d->kind != IN_MODS)
				continue;
			if (c->cmd != NULL && strcmp(c->cmd->name, "adjust") == 0 &&
			    foreign_measure(c, d))
				continue;
			if (c->cmd != NULL && strcmp(c->cmd->name, "unit") == 0 &&
			    strcmp(d->name, "name") == 0 && c->nargs > 0 &&
			    strcmp(c->args[0], "set") != 0)
				continue;	/* a new name is for set */
			if (strcmp(d->name, "for") == 0 && !shows_views(c))
				continue;
			offer_option(c, d->name);
		}
}

/* ---- reading the line ------------------------------------------------- */

/* The command NAME: exact, else an unambiguous prefix (as cmd/main.c). */
static const struct cmd_entry *
find_command(const char *name)
{
	const struct cmd_entry *found = NULL;
	size_t len = strlen(name);
	int matches = 0;

	for (int i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
	for (int i = 0; cmd_table[i] != NULL && len > 0; i++)
		if (!(cmd_table[i]->flags & CMD_NO_PREFIX) &&
		    strncmp(cmd_table[i]->name, name, len) == 0) {
			found = cmd_table[i];
			matches++;
		}
	return matches == 1 ? found : NULL;
}

/* The global option with a value in word *i ("--db X", "--db=X"): its
 * name and *value (NULL when the cursor's word is the value; *i moves
 * past the value), else NULL. */
static const char *
global_value(const struct shell_line *l, int *i, const char **value)
{
	static const char *const names[] = { "db", "rules", "for" };
	const char *w = l->word[*i];

	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		size_t len = strlen(names[k]);

		if (strncmp(w, "--", 2) != 0 || strncmp(w + 2, names[k], len) != 0 ||
		    (w[2 + len] != '\0' && w[2 + len] != '='))
			continue;
		if (w[2 + len] == '=')
			*value = w + 3 + len;
		else
			*value = *i + 1 < l->n ? l->word[++*i] : NULL;
		return names[k];
	}
	return NULL;
}

/* Sets the game's path: --db (with ~/ as $HOME), else $UMPIRE_DB or
 * ./umpire.db as cmd/main.c found. */
static void
set_db(struct completion *c, const char *path)
{
	const char *home = getenv("HOME");

	if (strncmp(path, "~/", 2) == 0 && home != NULL)
		snprintf(c->db_path, sizeof c->db_path, "%s%s", home, path + 1);
	else
		text_copy(c->db_path, sizeof c->db_path, path);
	c->g->db_path = c->db_path;
}

/* Notes option d as given. */
static void
note_typed(struct completion *c, const struct input_decl *d)
{
	if (d != NULL && c->ntyped < SHELL_WORDS)
		c->typed[c->ntyped++] = d;
}

/*
 * Takes the global options and the command out of the words before the
 * cursor.  Returns 0, 1 when the cursor's word is a global option's
 * value (c->pending), or -1 for an unknown command.
 */
static int
read_globals(struct completion *c)
{
	static const struct decls globals = { { global_inputs }, 1 };
	const struct shell_line *l = &c->line;
	const struct ruleset *rs;

	for (int i = 1; i < l->n; i++) {
		const char *w = l->word[i], *name, *v;

		if ((name = global_value(l, &i, &v)) != NULL) {
			note_typed(c, find_decl(&globals, name, strlen(name)));
			if (v == NULL) {
				c->pending = c->typed[c->ntyped - 1];
				return 1;
			}
			if (strcmp(name, "db") == 0)
				set_db(c, v);
			else if (strcmp(name, "rules") == 0)
				c->rules = v;
			else
				c->g->for_side = v;
		} else if (strcmp(w, "--json") == 0 || strcmp(w, "--help") == 0) {
			note_typed(c, find_decl(&globals, w + 2, strlen(w + 2)));
		} else if (c->cmd == NULL && w[0] != '-') {
			if ((c->cmd = find_command(w)) == NULL)
				return -1;
		} else if (c->cmd != NULL) {
			c->args[c->nargs++] = w;
		}
	}
	/* A game under other rules is not this command's (as game_open says). */
	if (c->rules != NULL && (rs = ruleset_find(c->rules)) != NULL)
		c->g->rules = rs->name;
	return 0;
}

/* Sorts the command's words into options given, their values and
 * positionals; the last option without its value is pending. */
static void
read_args(struct completion *c)
{
	for (int i = 0; i < c->nargs; i++) {
		const char *a = c->args[i], *eq;
		const struct input_decl *d;

		if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
			c->pos[c->npos++] = a;
			continue;
		}
		eq = strchr(a, '=');
		d = find_decl(&c->options, a + 2, eq != NULL ? (size_t)(eq - a - 2) : strlen(a + 2));
		if (d == NULL)
			continue;
		if (c->ntyped < SHELL_WORDS)
			c->typed[c->ntyped++] = d;
		if (d->kind != IN_FLAG && eq == NULL) {
			if (i + 1 < c->nargs)
				i++;
			else
				c->pending = d;
		}
	}
}

/* Sets the word being matched: all of the cursor's word past head. */
static void
set_item(struct completion *c, size_t head_len)
{
	text_copy(c->head, sizeof c->head, c->line.cur);
	c->head[head_len] = '\0';
	c->item = c->line.cur + head_len;
	text_fold(c->item, c->item_fold, sizeof c->item_fold);
	c->item_len = strlen(c->item_fold);
}

/* The cursor's word is an option or its value ("--opt=..."). */
static void
complete_option(struct completion *c, const struct decls *ds)
{
	const char *cur = c->line.cur, *eq = strchr(cur, '=');
	const struct input_decl *d;

	if (strncmp(cur, "--", 2) == 0 && eq != NULL) {
		if ((d = find_decl(ds, cur + 2, (size_t)(eq - cur - 2))) != NULL) {
			set_item(c, (size_t)(eq + 1 - cur));
			offer_value(c, d);
		}
		return;
	}
	offer_options(c, ds);
}

/* The cursor's word is positional argument number c->npos. */
static void
complete_positional(struct completion *c)
{
	for (size_t i = 0; i < sizeof positionals / sizeof positionals[0]; i++) {
		const struct positional *p = &positionals[i];

		if (strcmp(p->command, c->cmd->name) == 0 && p->at == c->npos &&
		    (p->after == NULL || strcmp(p->after, c->pos[0]) == 0))
			offer_kind(c, p->kind, p->words);
	}
}

static void
complete_line(struct completion *c)
{
	struct decls all = { { NULL }, 0 };
	int st = read_globals(c);

	set_item(c, 0);
	if (st < 0 || c->line.n == 0)
		return;
	if (st > 0) {
		offer_value(c, c->pending);
		return;
	}
	if (c->cmd == NULL) {
		add_decls(&all, global_inputs);
		add_decls(&all, version_input);
		if (c->line.cur[0] == '-')
			complete_option(c, &all);
		else
			offer_commands(c);
		return;
	}
	command_decls(c, &c->options);
	read_args(c);
	for (int k = 0; k < c->options.n; k++)
		add_decls(&all, c->options.list[k]);
	add_decls(&all, global_inputs);
	if (c->pending != NULL)
		offer_value(c, c->pending);
	else if (c->line.cur[0] == '-')
		complete_option(c, &all);
	else
		complete_positional(c);
}

static int
complete(struct cmd_ctx *g, int argc, char **argv)
{
	const char *breaks = getenv("COMP_WORDBREAKS");
	struct completion *c;

	if (argc != 1)
		return cmd_error(g, EXIT_USAGE, "give the command line up to the cursor");
	if ((c = calloc(1, sizeof *c)) == NULL)
		return EXIT_DONE;	/* completion never fails aloud */
	g->err = NULL;		/* nor says why the game could not be read */
	c->g = g;
	if (shell_split(argv[0], breaks != NULL && *breaks != '\0' ? breaks : WORD_BREAKS,
	    &c->line) == 0)
		complete_line(c);
	print_found(c);
	free(c);
	return EXIT_DONE;
}

const struct cmd_entry cmd_complete_entry = {
	"complete", "complete LINE", "candidates for shell completion",
	CMD_NO_PREFIX | CMD_GAME | CMD_NO_JSON, complete,
	"The candidates of bash completion for LINE, the command line up to the\n"
	"cursor: \"words\" then one a line, quoted for the shell; or \"files\".\n",
	NULL, NULL,
};
