/*
 * adjust: a journalled correction of a unit's measure, with a reason.
 * `--figures -2` takes two figures off the unit (strength measures count
 * down); `--hits +1` and `--fp +2` add damage.  Undo takes it back.
 */
#include <string.h>

#include "game.h"
#include "journal.h"
#include "jsonw.h"
#include "num.h"

#define MEASURES 16

/* The options of adjust: each rule set's measure (--figures, --hits...),
 * from the registry, and --reason. */
static const struct input_decl *
adjust_inputs(void)
{
	static struct input_decl decls[MEASURES + 2];
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
	decls[n] = (struct input_decl){ "reason", IN_TEXT, "TEXT", 0, 0, NULL, NULL,
	    NULL, "why (journalled)", 0 };
	return decls;
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
		    "adjust needs the %s rules' measure: --%s ±N" :
		    "the %s rules count %s: adjust takes no number", gm->rs->name,
		    mine != NULL ? mine : gm->rs->measure);
	return 0;
}

/* Writes the correction: one event, its unit, one loss effect. */
static int
record(const struct global *g, struct game *gm, struct unit *u,
    int argc, char **argv, long loss, long total, const char *summary,
    long long *id)
{
	char args[4096], note[256], out[1024];
	struct db_record rec;
	struct jsonw w;
	int st;

	snprintf(note, sizeof note, "%s: %s, now %ld lost", u->name, summary, total);
	jsonw_init(&w, args, sizeof args);
	jsonw_array(&w, NULL);
	jsonw_string(&w, NULL, "adjust");
	for (int i = 0; i < argc; i++)
		jsonw_string(&w, NULL, argv[i]);
	jsonw_array_end(&w);
	if (w.overflow)
		return cmd_error(g, EXIT_DATA, "the command line is too long to record");
	if ((st = db_event_next_id(gm->db, id)) != DB_OK)
		return game_fail(g, st);
	jsonw_init(&w, out, sizeof out);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "unit", u->name);
	jsonw_string(&w, "what", gm->rs->measure);
	jsonw_int(&w, "losses", total);
	jsonw_string(&w, "summary", summary);
	jsonw_int(&w, "event", (long)*id);
	jsonw_object_end(&w);
	memset(&rec, 0, sizeof rec);
	rec.id = *id;
	rec.turn = gm->turn;
	rec.command = "adjust";
	rec.args = args;
	rec.dice = "[]";
	rec.output = out;
	rec.summary = summary;
	rec.changes = 1;
	if ((st = db_event_record(gm->db, &rec)) != DB_OK ||
	    (st = db_event_unit(gm->db, *id, u->id, "unit")) != DB_OK ||
	    (st = db_effect_add(gm->db, *id, u->id, "loss", gm->rs->measure, loss,
	    total, 0, note)) != DB_OK)
		return game_fail(g, st);
	u->losses = total;
	return (st = db_state_put(gm->db, u)) != DB_OK ? game_fail(g, st) : 0;
}

static int
adjust(struct global *g, int argc, char **argv)
{
	static struct inputs in;
	struct game gm;
	struct unit *u;
	char summary[512], name[UNIT_NAME];
	const char *opt;
	long n, loss, total;
	long long id;
	int rc;

	if (g->help) {
		puts("usage: umpire adjust NAME --MEASURE ±N --reason TEXT\n"
		    "A correction of a unit's measure, recorded in the journal (undo takes it back).");
		for (const struct input_decl *d = adjust_inputs(); d->name != NULL; d++)
			printf("  --%-10s %s\n", d->name, d->help);
		return EXIT_DONE;
	}
	if ((rc = inputs_parse_command(&in, "adjust", adjust_inputs(), NULL, argc,
	    argv)) != 0)
		return cmd_error(g, exit_of_rule(rc), "%s", in.error);
	if (in.npos != 1 || !in_given(&in, "reason"))
		return cmd_error(g, EXIT_USAGE,
		    "adjust needs a unit NAME, the rule set's measure (--figures, --hits...) ±N, and --reason TEXT");
	if ((rc = game_open(g, 1, &gm)) != 0)
		return rc;
	if ((rc = measure_option(g, &gm, &in, &opt)) != 0)
		return game_close(g, &gm, rc);
	if (num_parse_long(in_text(&in, opt), -NUM_COUNT_MAX, NUM_COUNT_MAX, &n) != NUM_OK || n == 0)
		return game_close(g, &gm, cmd_error(g, EXIT_DATA,
		    "--%s: '%s' is not a signed whole number such as -2 or +1", opt,
		    in_text(&in, opt)));
	if ((u = game_unit(g, &gm, in.pos[0], &rc)) == NULL)
		return game_close(g, &gm, rc);
	loss = gm.rs->roster->counts_down ? -n : n;
	total = u->losses + loss;
	if (total < 0 || (gm.rs->roster->counts_down && total > u->start_strength))
		return game_close(g, &gm, cmd_error(g, EXIT_DATA,
		    "%s has %ld of %ld %s left; %+ld is not possible", u->name,
		    u->start_strength - u->losses, u->start_strength, gm.rs->measure, n));
	snprintf(summary, sizeof summary, "%s: %+ld %s (%s)", u->name, n,
	    gm.rs->measure, in_text(&in, "reason"));
	if ((rc = record(g, &gm, u, argc, argv, loss, total, summary, &id)) != 0)
		return game_close(g, &gm, rc);
	snprintf(name, sizeof name, "%s", u->name);
	if ((rc = game_close(g, &gm, 0)) != 0)
		return rc;
	g->recorded = id;
	if (g->json) {
		char buf[1024];
		struct jsonw w;

		jsonw_init(&w, buf, sizeof buf);
		jsonw_object(&w, NULL);
		jsonw_string(&w, "unit", name);
		jsonw_string(&w, "what", gm.rs->measure);
		jsonw_int(&w, "amount", n);
		jsonw_int(&w, "losses", total);
		jsonw_string(&w, "summary", summary);
		jsonw_int(&w, "event", (long)id);
		jsonw_object_end(&w);
		puts(buf);
	} else {
		printf("%s\n  recorded as event %lld\n", summary, id);
	}
	return 0;
}

const struct cmd_entry cmd_adjust_entry = {
	"adjust", "adjust NAME --figures ±N --reason TEXT", "a journalled correction",
	0, adjust,
};
