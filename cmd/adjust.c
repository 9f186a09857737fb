/*
 * adjust: a journalled correction of a unit, with a reason.
 * `--figures -2` takes two figures off the unit (strength measures count
 * down); `--hits +1` and `--fp +2` add damage.  `--state WORD` sets a
 * state or flag the rule set keeps (`--state good_order` clears its
 * flags) and `--clear FLAG` clears one.  Undo takes it back.
 */
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "num.h"
#include "text.h"

#define MEASURES 16
#define CORRECTIONS (UNIT_FLAGS + 1)

const struct input_decl *
cmd_adjust_inputs(void)
{
	static struct input_decl decls[MEASURES + 4];
	static char help[MEASURES][96];
	const struct ruleset *const *all = ruleset_all();
	int n = 0;

	if (decls[0].name != NULL)
		return decls;
	for (int i = 0; all[i] != NULL && n < MEASURES; i++) {
		const char *opt = all[i]->roster->measure_option;
		int seen = 0;

		for (int k = 0; k < n; k++)
			seen |= opt != NULL && strcmp(decls[k].name, opt) == 0;
		if (opt == NULL || seen)
			continue;
		snprintf(help[n], sizeof help[n], "%s (%s)", all[i]->measure,
		    all[i]->name);
		decls[n] = (struct input_decl){ opt, IN_TEXT, "±N", 0, 0, NULL, NULL,
		    NULL, help[n], 0 };
		n++;
	}
	decls[n++] = (struct input_decl){ "state", IN_TEXT, "STATE", 0, 0, NULL, NULL,
	    NULL, "sets a state or flag the rule set keeps (good_order, ok...: clears them)", 0 };
	decls[n++] = (struct input_decl){ "clear", IN_TEXT, "FLAG", 0, 0, NULL, NULL,
	    NULL, "clears a flag (disordered, saving-themselves...)", 0 };
	decls[n] = (struct input_decl){ "reason", IN_TEXT, "TEXT", 0, 0, NULL, NULL,
	    NULL, "why (journalled)", 0 };
	return decls;
}

/* A correction: its effects on the unit and the sentence for it. */
struct correction {
	struct unit_effect e[CORRECTIONS];
	int n;
	char summary[512];
};

static struct unit_effect *
correct(struct correction *c, enum ledger ledger, const char *name, long amount,
    long total)
{
	struct unit_effect *e = &c->e[c->n++];

	memset(e, 0, sizeof *e);
	e->ledger = ledger;
	text_copy(e->name, sizeof e->name, name);
	e->amount = amount;
	e->total = total;
	return e;
}

/* The measure option typed: the game's, or a usage error. */
static int
measure_option(const struct global *g, const struct game *gm,
    const struct inputs *in, const char **opt)
{
	const char *mine = gm->rs->roster->measure_option;

	*opt = NULL;
	for (int i = 0; i < in->n; i++) {
		const char *name = in->v[i].decl->name;

		if (!in->v[i].given || strcmp(name, "reason") == 0)
			continue;
		if (mine == NULL || strcmp(name, mine) != 0)
			return cmd_error(g, EXIT_USAGE, "the %s rules count %s, not %s",
			    gm->rs->name, gm->rs->measure, name);
		*opt = name;
	}
	if (*opt == NULL)
		return cmd_error(g, EXIT_USAGE, mine != NULL ?
		    "adjust needs the %s rules' measure: --%s ±N, or --state STATE" :
		    "the %s rules count %s: adjust takes --state STATE", gm->rs->name,
		    mine != NULL ? mine : gm->rs->measure);
	return 0;
}

/* --figures/--stands/--hits/--fp ±N: one loss effect. */
static int
measure_correction(const struct global *g, const struct game *gm,
    const struct inputs *in, const struct unit *u, struct correction *c)
{
	const char *opt;
	long n, loss, total;
	int rc;

	if ((rc = measure_option(g, gm, in, &opt)) != 0)
		return rc;
	if (num_parse_long(in_text(in, opt), -NUM_COUNT_MAX, NUM_COUNT_MAX, &n) != NUM_OK || n == 0)
		return cmd_error(g, EXIT_DATA,
		    "--%s: '%s' is not a signed whole number such as -2 or +1", opt,
		    in_text(in, opt));
	loss = gm->rs->roster->counts_down ? -n : n;
	total = u->losses + loss;
	if (total < 0 || (gm->rs->roster->counts_down && total > u->start_strength))
		return cmd_error(g, EXIT_DATA, "%s has %ld of %ld %s left; %+ld is not possible",
		    u->name, u->start_strength - u->losses, u->start_strength,
		    gm->rs->measure, n);
	snprintf(correct(c, LEDGER_LOSS, gm->rs->measure, loss, total)->note, EFFECT_NOTE,
	    "%s: %+ld %s, now %ld lost", u->name, n, gm->rs->measure, total);
	snprintf(c->summary, sizeof c->summary, "%s: %+ld %s (%s)", u->name, n,
	    gm->rs->measure, in_text(in, "reason"));
	return 0;
}

/* The good state: every flag in force cleared, and a state word gone
 * (a destroyed unit stays destroyed). */
static void
clear_all(const struct unit *u, struct correction *c)
{
	for (int i = 0; i < u->nflags; i++)
		if (unit_flag_in_force(u, i))
			snprintf(correct(c, LEDGER_FLAG, u->flags[i], 0, 0)->note, EFFECT_NOTE,
			    "%s is no longer %s", u->name, u->flags[i]);
	if (u->state[0] != '\0' && strcmp(u->state, "destroyed") != 0)
		snprintf(correct(c, LEDGER_STATE, "", 0, 0)->note, EFFECT_NOTE,
		    "%s is no longer %s", u->name, u->state);
}

/* --state WORD or --clear FLAG: state and flag effects. */
static int
state_correction(const struct global *g, const struct game *gm,
    const struct inputs *in, const struct unit *u, struct correction *c)
{
	const struct roster *ro = gm->rs->roster;
	const char *clear = in_text(in, "clear"), *word = in_text(in, "state");
	const char *flags = ro->flags != NULL ? ro->flags : "";
	const char *states = ro->states != NULL ? ro->states : "";

	for (int i = 0; i < in->n; i++)
		if (in->v[i].given && in->v[i].decl->name != NULL &&
		    strcmp(in->v[i].decl->name, "state") != 0 &&
		    strcmp(in->v[i].decl->name, "clear") != 0 &&
		    strcmp(in->v[i].decl->name, "reason") != 0)
			return cmd_error(g, EXIT_USAGE,
			    "a correction is of the measure or of the state, not both");
	if (clear != NULL && !choice_has(flags, clear))
		return cmd_error(g, EXIT_DATA, "the %s rules keep no flag '%s'%s%s",
		    gm->rs->name, clear, flags[0] ? ": they keep " : "", flags);
	if (clear != NULL && !unit_flag(u, clear))
		return cmd_error(g, EXIT_DATA, "%s is not %s: nothing to clear", u->name, clear);
	if (clear != NULL)
		snprintf(correct(c, LEDGER_FLAG, clear, 0, 0)->note, EFFECT_NOTE,
		    "%s is no longer %s", u->name, clear);
	else if (strcmp(word, ro->good_state) == 0)
		clear_all(u, c);
	else if (choice_has(flags, word) && !unit_flag(u, word))
		snprintf(correct(c, LEDGER_FLAG, word, 1, 0)->note, EFFECT_NOTE,
		    "%s is now %s", u->name, word);
	else if (choice_has(states, word) && strcmp(u->state, word) != 0)
		snprintf(correct(c, LEDGER_STATE, word, 0, 0)->note, EFFECT_NOTE,
		    "%s is now %s", u->name, word);
	else if (!choice_has(flags, word) && !choice_has(states, word))
		return cmd_error(g, EXIT_DATA, "the %s rules keep no state '%s': give %s%s%s%s%s",
		    gm->rs->name, word, ro->good_state, states[0] ? "|" : "", states,
		    flags[0] ? "|" : "", flags);
	if (c->n == 0)
		return cmd_error(g, EXIT_DATA, "%s is already %s: nothing to change", u->name,
		    word);
	snprintf(c->summary, sizeof c->summary, "%s: %s%s (%s)", u->name,
	    clear != NULL ? "no longer " : "", clear != NULL ? clear : word,
	    in_text(in, "reason"));
	return 0;
}

/* The JSON array of the command line, for the journal. */
static int
args_json(int argc, char **argv, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_array(&w, NULL);
	jsonw_string(&w, NULL, "adjust");
	for (int i = 0; i < argc; i++)
		jsonw_string(&w, NULL, argv[i]);
	jsonw_array_end(&w);
	return w.overflow ? -1 : 0;
}

/* The correction's JSON: what the journal keeps and --json prints. */
static void
correction_json(const struct game *gm, const struct unit *u,
    const struct correction *c, long long id, char *buf, size_t n)
{
	struct jsonw w;

	jsonw_init(&w, buf, n);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "unit", u->name);
	if (c->e[0].ledger == LEDGER_LOSS) {
		jsonw_string(&w, "what", gm->rs->measure);
		jsonw_int(&w, "amount", gm->rs->roster->counts_down ? -c->e[0].amount :
		    c->e[0].amount);
		jsonw_int(&w, "losses", c->e[0].total);
	} else {
		jsonw_string(&w, "what", "state");
		jsonw_string(&w, "state", u->state[0] ? u->state : gm->rs->roster->good_state);
		jsonw_array(&w, "flags");
		for (int i = 0; i < u->nflags; i++)
			if (unit_flag_in_force(u, i))
				jsonw_string(&w, NULL, u->flags[i]);
		jsonw_array_end(&w);
	}
	jsonw_string(&w, "summary", c->summary);
	jsonw_int(&w, "event", (long)id);
	jsonw_object_end(&w);
}

/* Writes the correction: one event, its unit, its effects, its state. */
static int
record(const struct global *g, struct game *gm, struct unit *u,
    int argc, char **argv, const struct correction *c, char *out, size_t outn,
    long long *id)
{
	char args[4096];
	struct db_record rec;
	int st;

	if (args_json(argc, argv, args, sizeof args) != 0)
		return cmd_error(g, EXIT_DATA, "the command line is too long to record");
	if ((st = db_event_next_id(gm->db, id)) != DB_OK)
		return game_fail(g, st);
	for (int i = 0; i < c->n; i++)
		unit_apply_effect(u, &c->e[i], gm->turn);
	correction_json(gm, u, c, *id, out, outn);
	memset(&rec, 0, sizeof rec);
	rec.id = *id;
	rec.turn = gm->turn;
	rec.command = "adjust";
	rec.args = args;
	rec.dice = "[]";
	rec.output = out;
	rec.summary = c->summary;
	rec.changes = 1;
	if ((st = db_event_record(gm->db, &rec)) != DB_OK ||
	    (st = db_event_unit(gm->db, *id, u->id, "unit")) != DB_OK)
		return game_fail(g, st);
	for (int i = 0; i < c->n; i++)
		if ((st = db_effect_add(gm->db, *id, u->id, ledger_kind(c->e[i].ledger),
		    c->e[i].name, c->e[i].amount, c->e[i].total, 0, c->e[i].note)) != DB_OK)
			return game_fail(g, st);
	return (st = db_state_put(gm->db, u)) != DB_OK ? game_fail(g, st) : 0;
}

static int
usage(void)
{
	puts("usage: umpire adjust NAME --MEASURE ±N --reason TEXT\n"
	    "       umpire adjust NAME --state STATE | --clear FLAG --reason TEXT\n"
	    "A correction of a unit, recorded in the journal (undo takes it back).");
	for (const struct input_decl *d = cmd_adjust_inputs(); d->name != NULL; d++)
		printf("  --%-10s %s\n", d->name, d->help);
	return EXIT_DONE;
}

static int
adjust(struct global *g, int argc, char **argv)
{
	static struct inputs in;
	static struct correction c;
	static char out[8192];
	struct game gm;
	struct unit *u;
	long long id;
	int rc, by_state;

	if (g->help)
		return usage();
	if ((rc = inputs_parse_command(&in, "adjust", cmd_adjust_inputs(), NULL, argc,
	    argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in.error);
	if (in.npos != 1 || !in_given(&in, "reason"))
		return cmd_error(g, EXIT_USAGE,
		    "adjust needs a unit NAME, the rule set's measure (--figures, --hits...) ±N or --state STATE, and --reason TEXT");
	by_state = in_given(&in, "state") + in_given(&in, "clear");
	if (by_state > 1)
		return cmd_error(g, EXIT_USAGE, "give --state or --clear, not both");
	if ((rc = game_open(g, 1, &gm)) != 0)
		return rc;
	memset(&c, 0, sizeof c);
	if ((u = game_unit(g, &gm, in.pos[0], &rc)) == NULL ||
	    (rc = by_state ? state_correction(g, &gm, &in, u, &c) :
	    measure_correction(g, &gm, &in, u, &c)) != 0 ||
	    (rc = record(g, &gm, u, argc, argv, &c, out, sizeof out, &id)) != 0)
		return game_close(g, &gm, rc);
	if ((rc = game_close(g, &gm, 0)) != 0)
		return rc;
	g->recorded = id;
	if (g->json)
		puts(out);
	else
		printf("%s\n  recorded as event %lld\n", c.summary, id);
	return 0;
}

const struct cmd_entry cmd_adjust_entry = {
	"adjust", "adjust NAME --figures ±N | --state STATE --reason TEXT",
	"a journalled correction", 0, adjust,
};
