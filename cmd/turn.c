/* turn: shows the game's turn; `turn next` advances it (a journal event). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acts.h"
#include "game.h"
#include "help.h"
#include "journal.h"
#include "jsonw.h"
#include "keep.h"
#include "text.h"
#include "view.h"

/* What the turn's end clears: every flag its rule set declares for the
 * turn only (squares: moved, bombarded), whoever set it. */
struct turn_end {
	struct ruling_units ru;
	struct ruling_effects fx;
	struct result r;
};

static int
clear_turn_flags(struct cmd_ctx *g, struct game *gm, struct turn_end *t)
{
	const struct roster *ro = gm->rs->roster;
	struct keeper k = { ro, &gm->ts, &t->ru, &t->fx, &t->r, 0 };
	int rc;

	if ((rc = game_army(g, gm)) != 0)
		return rc;
	t->ru.army = &gm->army;
	t->ru.turn = gm->turn;
	for (int i = 0; i < gm->army.n; i++) {
		struct unit *u = &gm->army.u[i];

		for (int f = 0; f < u->nflags; f++) {
			const struct word_decl *d = keeps_word(ro->keeps.flags, u->flags[f]);
			char flag[UNIT_WORD];
			int ui;

			if (d == NULL || !d->turn_clears || !unit_flag_in_force(u, f))
				continue;
			/* Clearing it takes it out of u->flags: f is looked at again. */
			text_copy(flag, sizeof flag, u->flags[f--]);
			if ((ui = ruling_enlist(&t->ru, u, "unit", &t->fx)) >= 0)
				keep_flag(&k, ui, flag, 0, 0);
		}
	}
	if (t->fx.no_memory)
		return cmd_error(g, EXIT_BUG, "out of memory");
	if (t->r.error.code)
		return cmd_error(g, EXIT_BUG, "the turn's end is too large to record");
	return 0;
}

/* Records the start of the next turn, with what the turn's end clears;
 * 0 or a status. */
static int
next_turn(struct cmd_ctx *g, struct game *gm, long long *id)
{
	struct turn_end *t = calloc(1, sizeof *t);
	struct db_record rec;
	char summary[64];
	int rc, st;

	if (t == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	result_init(&t->r);
	snprintf(summary, sizeof summary, "turn %ld begins", gm->turn + 1);
	if ((rc = clear_turn_flags(g, gm, t)) == 0 &&
	    (st = db_event_next_id(gm->db, id)) != DB_OK)
		rc = game_fail(g, gm->db, st);
	if (rc == 0) {
		memset(&rec, 0, sizeof rec);
		rec.id = *id;
		rec.turn = gm->turn;
		rec.command = "turn";
		rec.args = "[\"turn\",\"next\"]";
		rec.dice = "[]";
		rec.output = "{}";
		rec.summary = summary;
		rec.changes = 1;
		rc = game_journal(g, gm, &rec, &t->ru, &t->fx);
	}
	ruling_units_free(&t->ru);
	ruling_effects_free(&t->fx);
	result_free(&t->r);
	free(t);
	if (rc == 0)
		gm->turn++;
	return rc;
}

/* turn's help: under --rules NAME of a rule set that rolls turn dice,
 * those dice's; else the declaration's, with the turn dice of the rule
 * sets that roll them. */
static int
help(struct cmd_ctx *g, const struct cmd_entry *e)
{
	const struct ruleset *const *all = ruleset_all();
	const struct ruleset *rs = g->rules != NULL ? ruleset_find(g->rules) : NULL;
	const struct rule_cmd *c = rs != NULL ? ruleset_cmd(rs, "turn") : NULL;
	struct tableset ts = table_stock_set();

	if (c != NULL) {
		help_rule_command(g->out, rs, c, &ts);
		return EXIT_DONE;
	}
	cmd_help(g, e);
	for (int i = 0; all[i] != NULL; i++) {
		if ((c = ruleset_cmd(all[i], "turn")) != NULL)
			fprintf(g->out, "       umpire --rules %s turn [OPTIONS] --dice ...   %s\n"
			    "           (see 'umpire turn --rules %s --help')\n",
			    all[i]->name, c->summary, all[i]->name);
	}
	return EXIT_DONE;
}

/* The turn as `turn` tells it: each unit that has acted, must act or may
 * not act, in words and as JSON. */
struct telling {
	struct cmd_ctx *g;
	struct game *gm;
	struct jsonw w;
	FILE *text;
	char *text_buf;
	size_t text_len;
	int nmay_not;		/* of the unit being told */
	struct result scratch;	/* the roster's look-ups fail into it */
};

/* True when the game's table of rule's command still forbids its
 * modifier (a house rule may have made it a number). */
static int
table_forbids(void *ctx, const struct act_rule *rule)
{
	struct telling *t = ctx;
	const struct rule_cmd *c = ruleset_cmd(t->gm->rs, rule->command);
	const struct table *tb;
	double v;

	for (const struct input_decl *d = c != NULL ? c->inputs : NULL; d != NULL && d->name != NULL; d++)
		if (strcmp(d->name, rule->opt) == 0 && d->detail != NULL &&
		    (tb = t->gm->ts.find(t->gm->ts.ctx, t->gm->rs->name, d->detail)) != NULL)
			return rule_modifier(tb, rule->mod, NULL, &v) == MOD_FORBID;
	return 0;
}

static void
tell_may_not(void *ctx, const struct act_rule *rule, const struct unit_act *act)
{
	struct telling *t = ctx;
	const struct act_decl *d = act != NULL ? acts_decl(&t->gm->rs->roster->keeps, act->word) : NULL;
	char w[UNIT_WORD];

	jsonw_object(&t->w, NULL);
	jsonw_string(&t->w, "what", rule->may_not);
	jsonw_string(&t->w, "rule", rule->rule);
	jsonw_object_end(&t->w);
	fprintf(t->text, "%s%s (%s: ", t->nmay_not++ ? "; " : "    may not: ", rule->may_not,
	    rule->rule);
	if (act != NULL)
		fprintf(t->text, "it %s in event #%lld)", d != NULL && d->said != NULL ? d->said :
		    text_spoken(act->word, w, sizeof w), act->event);
	else
		fprintf(t->text, "it is %s)", text_spoken(acts_standing_word(rule), w, sizeof w));
}

/* The obligations in force on u (flags with a `must`). */
static int
obligations(const struct game *gm, const struct unit *u, const struct word_decl **must,
    int n)
{
	int k = 0;

	for (int f = 0; f < u->nflags && k < n; f++) {
		const struct word_decl *d = keeps_word(gm->rs->roster->keeps.flags, u->flags[f]);

		if (d != NULL && d->must != NULL && unit_flag_in_force(u, f))
			must[k++] = d;
	}
	return k;
}

static void
count_may_not(void *ctx, const struct act_rule *rule, const struct unit_act *act)
{
	(void)rule;
	(void)act;
	((struct telling *)ctx)->nmay_not++;
}

static void
count_state(void *ctx, const char *what, const char *rule, const char *why)
{
	(void)what;
	(void)rule;
	(void)why;
	((struct telling *)ctx)->nmay_not++;
}

static void
tell_state(void *ctx, const char *what, const char *rule, const char *why)
{
	struct telling *t = ctx;

	jsonw_object(&t->w, NULL);
	jsonw_string(&t->w, "what", what);
	jsonw_string(&t->w, "rule", rule);
	jsonw_object_end(&t->w);
	fprintf(t->text, "%s%s (%s: %s)", t->nmay_not++ ? "; " : "    may not: ", what, rule, why);
}

/* What u may not do: for its state (the roster's hook), then for its acts
 * of the turn; through the counting or the telling callbacks. */
static void
may_not(struct telling *t, const struct unit *u, int telling)
{
	const struct roster *ro = t->gm->rs->roster;
	struct result *r = &t->scratch;

	result_init(r);
	r->quiet = 1;
	if (ro->may_not != NULL)
		ro->may_not(&t->gm->ts, u, telling ? tell_state : count_state, t, r);
	acts_may_not(&ro->keeps, u, table_forbids, t, telling ? tell_may_not : count_may_not);
	result_free(r);
}

/* Tells unit u when it has acted, must act or may not act. */
static void
tell_unit(struct telling *t, const struct unit *u)
{
	const struct keeps *k = &t->gm->rs->roster->keeps;
	const struct word_decl *must[UNIT_FLAGS];
	int nmust = obligations(t->gm, u, must, UNIT_FLAGS);
	char w[UNIT_WORD];

	t->nmay_not = 0;
	may_not(t, u, 0);
	if (u->nacts == 0 && nmust == 0 && t->nmay_not == 0)
		return;		/* nothing to say: left out */
	jsonw_object(&t->w, NULL);
	jsonw_string(&t->w, "unit", u->name);
	jsonw_string(&t->w, "side", u->side);
	jsonw_array(&t->w, "acts");
	fprintf(t->text, "  %s (%s)\n", u->name, u->side);
	for (int i = 0; i < u->nacts; i++) {
		const struct act_decl *d = acts_decl(k, u->acts[i].word);

		jsonw_string(&t->w, NULL, u->acts[i].word);
		fprintf(t->text, "%s%s", i ? ", " : "    did: ", d != NULL && d->said != NULL ?
		    d->said : text_spoken(u->acts[i].word, w, sizeof w));
	}
	if (u->nacts > 0)
		fputc('\n', t->text);
	jsonw_array_end(&t->w);
	jsonw_array(&t->w, "must");
	for (int i = 0; i < nmust; i++) {
		jsonw_object(&t->w, NULL);
		jsonw_string(&t->w, "what", must[i]->must);
		jsonw_string(&t->w, "rule", must[i]->rule);
		jsonw_object_end(&t->w);
		fprintf(t->text, "    must: %s (%s)\n", must[i]->must, must[i]->rule);
	}
	jsonw_array_end(&t->w);
	jsonw_array(&t->w, "may_not");
	t->nmay_not = 0;
	may_not(t, u, 1);
	if (t->nmay_not > 0)
		fputc('\n', t->text);
	jsonw_array_end(&t->w);
	jsonw_object_end(&t->w);
}

/* `turn`: the turn, then each unit's acts, obligations and prohibitions
 * (a side's own units with --for SIDE). */
static void
tell_side_dice(void *ctx, const char *side, const long *dice, int n)
{
	struct telling *t = ctx;

	jsonw_object(&t->w, NULL);
	jsonw_string(&t->w, "side", side);
	jsonw_array(&t->w, "dice");
	fprintf(t->text, "%s %s", t->nmay_not++ ? ";" : "  action dice left:", side);
	for (int i = 0; i < n; i++) {
		jsonw_int(&t->w, NULL, dice[i]);
		fprintf(t->text, "%s%ld", i ? ", " : " ", dice[i]);
	}
	if (n == 0)
		fputs(" none", t->text);
	jsonw_array_end(&t->w);
	jsonw_object_end(&t->w);
}

/* The action dice each side has left (squares): the pool the turn's
 * action dice ruling rolled, less the dice the dice-offs gave. */
static int
tell_dice(struct telling *t)
{
	long pool[64];
	int n, st;

	if ((st = db_turn_result(t->gm->db, t->gm->turn, "turn", "action_dice", pool,
	    (int)(sizeof pool / sizeof pool[0]), &n)) != DB_OK)
		return game_fail(t->g, t->gm->db, st);
	jsonw_array(&t->w, "action_dice");
	t->nmay_not = 0;
	if (n > 0)
		t->gm->rs->roster->dice_left(&t->gm->army, pool, n, tell_side_dice, t);
	else
		fputs("  no action dice rolled this turn (turn --action-dice)", t->text);
	fputc('\n', t->text);
	jsonw_array_end(&t->w);
	return 0;
}

static int
tell_all(struct telling *t, const struct viewer *v)
{
	struct game *gm = t->gm;
	int rc;

	if ((t->text = open_memstream(&t->text_buf, &t->text_len)) == NULL)
		return cmd_error(t->g, EXIT_BUG, "out of memory");
	jsonw_init_growing(&t->w);
	jsonw_object(&t->w, NULL);
	jsonw_int(&t->w, "turn", gm->turn);
	jsonw_null(&t->w, "phase");
	if (gm->rs->roster->dice_left != NULL && (rc = tell_dice(t)) != 0)
		return rc;
	jsonw_array(&t->w, "units");
	for (int i = 0; i < gm->army.n; i++)
		if (v->side == NULL || strcmp(gm->army.u[i].side, v->side) == 0)
			tell_unit(t, &gm->army.u[i]);
	jsonw_array_end(&t->w);
	jsonw_object_end(&t->w);
	if (fflush(t->text) != 0 || t->w.overflow)
		return cmd_error(t->g, EXIT_BUG, "out of memory");
	if (t->g->json)
		fprintf(t->g->out, "%s\n", t->w.buf);
	else
		fprintf(t->g->out, "turn %ld\n%s", gm->turn, t->text_buf);
	return 0;
}

static int
tell(struct cmd_ctx *g, struct game *gm)
{
	struct telling *t;
	struct viewer v;
	int rc;

	if ((rc = viewer_of(g, gm, &v)) != 0 || (rc = game_army(g, gm)) != 0)
		return rc;
	if ((t = calloc(1, sizeof *t)) == NULL)
		return cmd_error(g, EXIT_BUG, "out of memory");
	t->g = g;
	t->gm = gm;
	rc = tell_all(t, &v);
	if (t->text != NULL)
		fclose(t->text);
	free(t->text_buf);
	jsonw_free(&t->w);
	free(t);
	return rc;
}

/* `turn` tells what the turn holds; `turn next` ends it. */
static const struct cmd_sub turn_forms[] = {
	{ "tell", CMD_GAME, NULL },
	{ "next", CMD_WRITES, NULL },
	{ NULL, 0, NULL },
};

static int
turn(struct cmd_ctx *g, int argc, char **argv)
{
	struct game *gm;
	long long id = 0;
	int next = argc == 1 && strcmp(argv[0], "next") == 0, rc;

	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "--", 2) == 0)
			return adjudicate_named(g, "turn", argc, argv);
	if (argc > 1 || (argc == 1 && !next))
		return cmd_error(g, EXIT_USAGE, "give nothing, or 'next' to end the turn");
	if (next && g->for_side != NULL)
		return cmd_error(g, EXIT_USAGE, "'turn next' shows no side's view: drop --for");
	if ((rc = cmd_form(g, turn_forms, next ? "next" : "tell")) != 0 ||
	    (rc = game_get(g, &gm)) != 0)
		return rc;
	if (!next)
		return tell(g, gm);
	if ((rc = next_turn(g, gm, &id)) != 0)
		return rc;
	g->recorded = id;
	if (g->json)
		fprintf(g->out, "{\"turn\":%ld,\"event\":%lld}\n", gm->turn, id);
	else
		fprintf(g->out, "turn %ld\n", gm->turn);
	return 0;
}

const struct cmd_entry cmd_turn_entry = {
	"turn", "turn [next] [--for SIDE]", "what each unit did, must do, may not do; or the next turn", CMD_GAME | CMD_VIEWS, turn,
	"Shows the turn, or advances it (undo takes it back).\n", NULL, help,
};
