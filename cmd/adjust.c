/*
 * adjust: a journalled correction of a unit, with a reason.
 * `--figures -2` takes two figures off the unit (strength measures count
 * down); `--hits +1` and `--fp +2` add damage.  `--state WORD` sets a
 * state or flag the rule set keeps (its good state clears them), `--clear
 * FLAG` clears one, and `--formation F` changes its tactical formation.
 * The correction is kept by the same engine as a ruling (core/keep.c),
 * from the rule set's declaration; undo takes it back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "keep.h"
#include "num.h"
#include "text.h"

/* What one correction works in, made for the command. */
struct adjust_work {
	struct adjust_options options;
	struct inputs in;
	struct result r;
	struct ruling_units ru;
	struct ruling_effects fx;
	char word[UNIT_WORD];	/* the state, flag or formation named, as kept */
	/* "NAME: -2 figures (REASON)": the name is shorter than UNIT_NAME and
	 * the reason lies in the inputs' store, so the sentence is never cut */
	char summary[UNIT_NAME + INPUT_STORE + 64];
	char *args;		/* the journal's record, made as it is */
	char *out;		/* recorded (NULL until then) */
};

const struct input_decl *
cmd_adjust_inputs(struct adjust_options *o)
{
	const struct ruleset *const *all = ruleset_all();
	int n = 0;

	for (int i = 0; all[i] != NULL && n < ADJUST_MEASURES; i++) {
		const char *opt = all[i]->roster->keeps.measure_option;
		int seen = 0;

		for (int k = 0; k < n; k++)
			seen |= opt != NULL && strcmp(o->decls[k].name, opt) == 0;
		if (opt == NULL || seen)
			continue;
		snprintf(o->help[n], sizeof o->help[n], "%s (%s)", all[i]->measure,
		    all[i]->name);
		o->decls[n] = (struct input_decl){ opt, IN_TEXT, "±N", 0, 0, NULL, NULL,
		    NULL, o->help[n], 0 };
		n++;
	}
	o->decls[n++] = (struct input_decl){ "state", IN_TEXT, "STATE", 0, 0, NULL, NULL,
	    NULL, "sets a state or flag the rule set keeps (as the sheet says it; the good state, good order or ok, clears them)", 0 };
	o->decls[n++] = (struct input_decl){ "clear", IN_TEXT, "FLAG", 0, 0, NULL, NULL,
	    NULL, "clears a flag (disordered, saving-themselves...)", 0 };
	o->decls[n++] = (struct input_decl){ "formation", IN_TEXT, "F", 0, 0, NULL,
	    NULL, NULL, "its tactical formation (line, column, square...)", 0 };
	o->decls[n++] = (struct input_decl){ "reason", IN_TEXT, "TEXT", 0, 0, NULL, NULL,
	    NULL, "why (journalled)", 0 };
	o->decls[n] = (struct input_decl){ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 };
	return o->decls;
}

/* The measure option typed: the game's, or a usage error. */
static int
measure_option(struct cmd_ctx *g, const struct game *gm,
    const struct inputs *in, const char **opt)
{
	const char *mine = gm->rs->roster->keeps.measure_option;

	*opt = NULL;
	for (int i = 0; i < in->n; i++) {
		const char *name = in->v[i].decl->name;

		if (!in->v[i].given || strcmp(name, "reason") == 0)
			continue;
		if (mine == NULL)
			return cmd_error(g, EXIT_USAGE,
			    "the %s rules count %s, not %s: give --state STATE (as the sheet says it)",
			    gm->rs->name, gm->rs->measure, name);
		if (strcmp(name, mine) != 0)
			return cmd_error(g, EXIT_USAGE, "the %s rules count %s, not %s: give --%s ±N",
			    gm->rs->name, gm->rs->measure, name, mine);
		*opt = name;
	}
	if (*opt == NULL)
		return cmd_error(g, EXIT_USAGE, mine != NULL ?
		    "give the %s rules' measure, --%s ±N, or --state STATE" :
		    "the %s rules count %s: give --state STATE", gm->rs->name,
		    mine != NULL ? mine : gm->rs->measure);
	return 0;
}

/* --figures/--stands/--hits/--fp ±N: a change of the measure's ledger. */
static int
measure_correction(struct cmd_ctx *g, const struct game *gm,
    struct adjust_work *w, const struct unit *u)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct inputs *in = &w->in;
	const char *opt;
	long n, change, total;
	int rc;

	if ((rc = measure_option(g, gm, in, &opt)) != 0)
		return rc;
	if (num_parse_long(in_text(in, opt), -NUM_COUNT_MAX, NUM_COUNT_MAX, &n) != NUM_OK || n == 0)
		return cmd_error(g, EXIT_DATA,
		    "--%s: '%s' is not a signed whole number such as -2 or +1", opt,
		    in_text(in, opt));
	change = k->counts_down ? -n : n;
	total = unit_lost(u) + change;
	/* (a measure that counts down gives back no more than this battle
	 * took: what a unit brought is the campaign's, new --recover's) */
	if (total < k->ledgers[0].floor || (k->counts_down && total < u->carried) ||
	    (k->ledgers[0].of_start && total > u->start_strength))
		return cmd_error(g, EXIT_DATA, "%s has %ld of %ld %s left; %+ld is not possible",
		    u->name, u->start_strength - unit_lost(u),
		    k->counts_down ? unit_start(u) : u->start_strength,
		    gm->rs->measure, n);
	result_ledger(&w->r, "unit", k->ledgers[0].name, change);
	snprintf(w->summary, sizeof w->summary, "%s: %+ld %s (%s)", u->name, n,
	    ruleset_measure_words(gm->rs, n), in_text(in, "reason"));
	return 0;
}

/* The good state: every flag in force cleared, and the state gone unless
 * it is the most severe, which is final (a destroyed unit stays so). */
static void
clear_all(const struct keeps *k, const struct unit *u, struct result *r)
{
	for (int i = 0; i < u->nflags; i++)
		if (unit_flag_in_force(u, i))
			result_flag(r, "unit", u->flags[i], 0);
	if (u->state[0] != '\0' && keeps_severity(k, u->state) < keeps_severity(k, NULL))
		result_state(r, "unit", "", 0);
}

/* Appends WORD to the list in buf: "a, b or c" once LAST; in words, or
 * TYPED as one word to give on the command line ("half-speed", which
 * adjust reads as half speed). */
static void
list_word(char *buf, size_t n, const char *word, int last, int typed)
{
	char w[UNIT_WORD];
	size_t len = strlen(buf);

	text_spoken(word, w, sizeof w);
	for (char *p = w; typed && *p != '\0'; p++)
		if (*p == ' ')
			*p = '-';
	snprintf(buf + len, n - len, "%s%s", len == 0 ? "" : last ? " or " : ", ", w);
}

/* The words of LISTS (each ending with a NULL word), after FIRST when it
 * is not NULL, for a refusal: in words, or TYPED as list_word says. */
static const char *
words_of(const char *first, const struct word_decl *a, const struct word_decl *b,
    int typed, char *buf, size_t n)
{
	const struct word_decl *lists[2] = { a, b };
	const char *all[64];
	int k = 0;

	if (first != NULL)
		all[k++] = first;
	for (int l = 0; l < 2; l++)
		for (int i = 0; lists[l] != NULL && lists[l][i].word != NULL && k < 64; i++)
			all[k++] = lists[l][i].word;
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		list_word(buf, n, all[i], i == k - 1, typed);
	return buf;
}

/* The word the correction names, as the rule set keeps it: typed in any
 * case, with spaces for '_' or '-' ("good order" is good_order). */
static const char *
kept_word(const struct keeps *k, const char *typed)
{
	const struct word_decl *d;

	/* The good state as its rule set names it, or as a sheet may say
	 * it ("ok": brigade's sheet reads its morale bands). */
	if (keeps_same_word(k->good_state, typed) || keeps_same_word("ok", typed))
		return k->good_state;
	if ((d = keeps_word_typed(k->flags, typed)) != NULL ||
	    (d = keeps_word_typed(k->states, typed)) != NULL)
		return d->word;
	return NULL;
}

/* --state WORD, --clear FLAG or --formation F: word effects. */
static int
word_correction(struct cmd_ctx *g, const struct game *gm,
    struct adjust_work *w, const struct unit *u)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct inputs *in = &w->in;
	const char *clear = in_text(in, "clear"), *word = in_text(in, "state");
	const char *formation = in_text(in, "formation"), *why;
	const struct word_decl *d = NULL;
	char list[512], a[UNIT_WORD];

	for (int i = 0; i < in->n; i++)
		if (in->v[i].given && (in->v[i].decl->flags & IN_REPEAT) == 0 &&
		    strcmp(in->v[i].decl->name, "state") != 0 &&
		    strcmp(in->v[i].decl->name, "clear") != 0 &&
		    strcmp(in->v[i].decl->name, "formation") != 0 &&
		    strcmp(in->v[i].decl->name, "reason") != 0)
			return cmd_error(g, EXIT_USAGE,
			    "give the measure ±N or --state, not both: a correction is of one");
	if (clear != NULL && (d = keeps_word_typed(k->flags, clear)) == NULL)
		return cmd_error(g, EXIT_DATA, "the %s rules keep no flag '%s'%s%s",
		    gm->rs->name, clear, k->flags != NULL ? ": they keep " : "",
		    words_of(NULL, k->flags, NULL, 0, list, sizeof list));
	if (clear != NULL)
		clear = d->word;
	if (clear != NULL && !unit_flag(u, clear))
		return cmd_error(g, EXIT_DATA, "%s is not %s: nothing to clear", u->name,
		    text_spoken(clear, a, sizeof a));
	if (formation != NULL && k->formations == NULL)
		return cmd_error(g, EXIT_DATA, "the %s rules keep no tactical formations",
		    gm->rs->name);
	if (formation != NULL && (d = keeps_word_typed(k->formations, formation)) == NULL)
		return cmd_error(g, EXIT_DATA, "the %s rules know no formation '%s': give %s",
		    gm->rs->name, formation, words_of(NULL, k->formations, NULL, 1, list,
		    sizeof list));
	if (formation != NULL)
		formation = d->word;
	if (formation != NULL && gm->rs->roster->formation_refused != NULL &&
	    (why = gm->rs->roster->formation_refused(&gm->ts, u->type, formation, NULL)) != NULL)
		return cmd_error(g, EXIT_DATA, "%s is %s, and %s", u->name, u->type, why);
	if (word != NULL && (word = kept_word(k, word)) == NULL)
		return cmd_error(g, EXIT_DATA, "the %s rules keep no state '%s': give %s",
		    gm->rs->name, in_text(in, "state"),
		    words_of(k->good_state, k->states, k->flags, 1, list, sizeof list));
	if (clear != NULL)
		result_flag(&w->r, "unit", clear, 0);
	else if (formation != NULL)
		result_formation(&w->r, "unit", formation);
	else if (strcmp(word, k->good_state) == 0)
		clear_all(k, u, &w->r);
	else if (keeps_word(k->flags, word) != NULL)
		result_flag(&w->r, "unit", word, 1);
	else
		result_state(&w->r, "unit", word, 0);
	text_copy(w->word, sizeof w->word, clear != NULL ? clear :
	    formation != NULL ? formation : word);
	snprintf(w->summary, sizeof w->summary, "%s: %s%s (%s)", u->name,
	    clear != NULL ? "no longer " : formation != NULL && d->said == NULL ? "in " : "",
	    text_spoken(w->word, a, sizeof a), in_text(in, "reason"));
	return 0;
}

/* The correction's JSON: what the journal keeps and --json prints, for
 * the caller to free; NULL when memory ran out. */
static char *
correction_json(const struct game *gm, const struct unit *u,
    const struct adjust_work *w, long long id)
{
	const struct keeps *k = &gm->rs->roster->keeps;
	const struct unit_effect *e = ruling_effect(&w->fx, 0);
	struct jsonw j;

	jsonw_init_growing(&j);
	jsonw_object(&j, NULL);
	jsonw_string(&j, "unit", u->name);
	if (e->kind == KEEP_LEDGER && e->ledger == 0) {
		jsonw_string(&j, "what", gm->rs->measure);
		jsonw_int(&j, "amount", k->counts_down ? -e->amount : e->amount);
		jsonw_int(&j, "losses", e->total);
	} else {
		jsonw_string(&j, "what", e->kind == KEEP_FORMATION ? "formation" : "state");
		jsonw_string(&j, "state", u->state[0] ? u->state : k->good_state);
		if (k->formations != NULL)
			jsonw_string(&j, "formation", u->tactical[0] ? u->tactical :
			    roster_type_formation(gm->rs->roster, u->type));
		jsonw_array(&j, "flags");
		for (int i = 0; i < u->nflags; i++)
			if (unit_flag_in_force(u, i))
				jsonw_string(&j, NULL, u->flags[i]);
		jsonw_array_end(&j);
	}
	jsonw_string(&j, "summary", w->summary);
	jsonw_int(&j, "event", (long)id);
	jsonw_object_end(&j);
	return jsonw_take(&j);
}

/* A correction of the measure is told as such: "Kempt: -2 figures, now 4
 * lost", "Colborne: +1 hit, now 2 hits" (a count that counts up is not
 * lost; a consequence the rules draw keeps its own sentence). */
static void
measure_note(const struct game *gm, const struct unit *u, struct adjust_work *w)
{
	struct unit_effect *e = ruling_effect(&w->fx, 0);
	long n = gm->rs->roster->keeps.counts_down ? -e->amount : e->amount;

	if (e->kind == KEEP_LEDGER && e->ledger == 0)
		snprintf(e->note, sizeof e->note, "%s: %+ld %s, now %ld %s", u->name, n,
		    ruleset_measure_words(gm->rs, n), e->total,
		    gm->rs->roster->keeps.counts_down ? "lost" :
		    ruleset_measure_words(gm->rs, e->total));
}

/* Keeps the correction on the unit and writes it: one event, its unit,
 * its effects, its state. */
static int
record(struct cmd_ctx *g, struct game *gm, struct unit *u, int argc,
    char **argv, struct adjust_work *w, long long *id)
{
	struct db_record rec;
	char word[UNIT_WORD];
	int rc, st;

	w->ru.army = &gm->army;
	w->ru.turn = gm->turn;
	if (ruling_enlist(&w->ru, u, "unit", &w->fx) < 0)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if ((rc = keep_ruling(gm->rs->roster, &gm->ts, &w->ru, &w->r, &w->fx)) != RULE_OK)
		return cmd_error(g, exit_of_rule(rc), "%s", w->r.error.text);
	if (w->fx.no_memory)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (w->fx.n == 0 && strcmp(w->word, gm->rs->roster->keeps.good_state) == 0 &&
	    u->state[0] != '\0' && keeps_severity(&gm->rs->roster->keeps, u->state) ==
	    keeps_severity(&gm->rs->roster->keeps, NULL))
		return cmd_error(g, EXIT_DATA,
		    "%s is %s, which no correction of its state undoes: undo the entry that made it so ('umpire log --unit' shows it)",
		    u->name, text_spoken(u->state, word, sizeof word));
	if (w->fx.n == 0 && strcmp(w->word, gm->rs->roster->keeps.good_state) == 0)
		return cmd_error(g, EXIT_DATA, "%s has no state or flag to clear: nothing to change",
		    u->name);
	if (w->fx.n == 0)
		return cmd_error(g, EXIT_DATA, "%s is already %s%s: nothing to change", u->name,
		    in_given(&w->in, "formation") ? "in " : "", text_spoken(w->word, word, sizeof word));
	measure_note(gm, u, w);
	if ((st = db_event_next_id(gm->db, id)) != DB_OK)
		return game_fail(g, gm->db, st);
	if ((w->args = game_args_json("adjust", argc, argv)) == NULL ||
	    (w->out = correction_json(gm, u, w, *id)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	memset(&rec, 0, sizeof rec);
	rec.id = *id;
	rec.turn = gm->turn;
	rec.command = "adjust";
	rec.args = w->args;
	rec.dice = "[]";
	rec.output = w->out;
	rec.summary = w->summary;
	rec.changes = 1;
	return game_journal(g, gm, &rec, &w->ru, &w->fx);
}

/* adjust's help: the declaration's, then its options, which the rule
 * sets' measures make (cmd_adjust_inputs). */
static int
help(struct cmd_ctx *g, const struct cmd_entry *e)
{
	struct adjust_options o;

	cmd_help(g, e);
	for (const struct input_decl *d = cmd_adjust_inputs(&o); d->name != NULL; d++)
		fprintf(g->out, "  --%-10s %s\n", d->name, d->help);
	return EXIT_DONE;
}

static int
correct_unit(struct cmd_ctx *g, int argc, char **argv, struct adjust_work *w)
{
	struct inputs *in = &w->in;
	struct game *gm;
	struct unit *u;
	long long id;
	int rc, by_word;

	if ((rc = inputs_parse_command(in, "adjust", cmd_adjust_inputs(&w->options), NULL, argc,
	    argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in->error.text);
	if (in->npos == 1 && !in_given(in, "reason"))
		return cmd_error(g, EXIT_USAGE,
		    "give --reason TEXT: why the correction is made (the journal keeps it)");
	if (in->npos != 1)
		return cmd_error(g, EXIT_USAGE,
		    "give a unit NAME, the rule set's measure (--figures, --hits...) ±N or --state STATE, and --reason TEXT");
	by_word = in_given(in, "state") + in_given(in, "clear") + in_given(in, "formation");
	if (by_word > 1)
		return cmd_error(g, EXIT_USAGE, "give one of --state, --clear and --formation");
	/* A correction reads the unit it names, not the army (a game of two
	 * thousand units costs what one of ten does). */
	if ((rc = game_get(g, &gm)) != 0 ||
	    (rc = game_army_named(g, gm, &in->pos[0], 1)) != 0)
		return rc;
	if ((u = game_unit(g, gm, in->pos[0], &rc)) == NULL ||
	    (rc = by_word ? word_correction(g, gm, w, u) :
	    measure_correction(g, gm, w, u)) != 0 ||
	    (rc = record(g, gm, u, argc, argv, w, &id)) != 0)
		return rc;
	g->recorded = id;
	if (g->json)
		fprintf(g->out, "%s\n", w->out);
	else
		fprintf(g->out, "%s\n  recorded as event %lld\n", w->summary, id);
	return 0;
}

static int
adjust(struct cmd_ctx *g, int argc, char **argv)
{
	struct adjust_work *w;
	int rc;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	result_init(&w->r);
	rc = correct_unit(g, argc, argv, w);
	ruling_units_free(&w->ru);
	ruling_effects_free(&w->fx);
	result_free(&w->r);
	free(w->args);
	free(w->out);
	free(w);
	return rc;
}

const struct cmd_entry cmd_adjust_entry = {
	"adjust", "adjust NAME --MEASURE ±N --reason TEXT\n"
	"adjust NAME --state STATE | --clear FLAG | --formation F --reason TEXT",
	"a journalled correction", CMD_WRITES, adjust,
	"A correction of a unit, recorded in the journal (undo takes it back).\n", NULL, help,
};
