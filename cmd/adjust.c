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

static const struct input_decl adjust_inputs[] = {
	{ "figures", IN_TEXT, "±N", 0, 0, NULL, NULL, NULL, "figures (brigade)", 0 },
	{ "stands", IN_TEXT, "±N", 0, 0, NULL, NULL, NULL, "stands (fury)", 0 },
	{ "hits", IN_TEXT, "±N", 0, 0, NULL, NULL, NULL, "hit markers (squares)", 0 },
	{ "fp", IN_TEXT, "±N", 0, 0, NULL, NULL, NULL, "fatigue points (ohw)", 0 },
	{ "reason", IN_TEXT, "TEXT", 0, 0, NULL, NULL, NULL, "why (journalled)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* The option of each measure; strength measures count down. */
static const struct {
	const char *measure, *option;
	int strength;
} measures[] = {
	{ "figures", "figures", 1 }, { "stands", "stands", 1 },
	{ "hits", "hits", 0 }, { "fatigue points", "fp", 0 },
};

static int
adjust(struct global *g, int argc, char **argv)
{
	static struct inputs in;
	struct db_unit row;
	struct unit u;
	struct game gm;
	char summary[512], note[256], args[4096];
	const char *opt = NULL;
	long n, loss, total;
	long long id;
	int strength = 0, rc, st;

	if (g->help) {
		puts("usage: umpire adjust NAME (--figures|--stands|--hits|--fp) ±N --reason TEXT\n"
		    "A correction of a unit's measure, recorded in the journal (undo takes it back).");
		return EXIT_DONE;
	}
	if ((rc = inputs_parse_command(&in, "adjust", adjust_inputs, NULL, argc, argv)) != 0)
		return cmd_error(g, rc, "%s", in.error);
	if (in.npos != 1 || !in_given(&in, "reason"))
		return cmd_error(g, EXIT_USAGE,
		    "adjust needs a unit NAME, one of --figures/--stands/--hits/--fp ±N, and --reason TEXT");
	if ((rc = game_open(g, 1, &gm)) != 0)
		return rc;
	for (size_t i = 0; i < sizeof measures / sizeof measures[0]; i++) {
		if (!in_given(&in, measures[i].option))
			continue;
		if (strcmp(measures[i].measure, gm.rs->measure) != 0)
			return game_close(g, &gm, cmd_error(g, EXIT_USAGE,
			    "the %s rules count %s, not %s", gm.rs->name,
			    gm.rs->measure, measures[i].measure));
		opt = measures[i].option;
		strength = measures[i].strength;
	}
	if (opt == NULL)
		return game_close(g, &gm, cmd_error(g, EXIT_USAGE,
		    "adjust needs the %s rules' measure: --%s ±N", gm.rs->name,
		    strcmp(gm.rs->measure, "fatigue points") == 0 ? "fp" : gm.rs->measure));
	if (num_parse_long(in_text(&in, opt), -NUM_COUNT_MAX, NUM_COUNT_MAX, &n) != NUM_OK || n == 0)
		return game_close(g, &gm, cmd_error(g, EXIT_DATA,
		    "--%s: '%s' is not a signed whole number such as -2 or +1", opt,
		    in_text(&in, opt)));
	if ((rc = game_unit(g, &gm, in.pos[0], &row, &u)) != 0)
		return game_close(g, &gm, rc);
	loss = strength ? -n : n;
	total = u.losses + loss;
	if (total < 0 || (strength && total > u.start_strength))
		return game_close(g, &gm, cmd_error(g, EXIT_DATA,
		    "%s has %ld of %ld %s left; %+ld is not possible", u.name,
		    u.start_strength - u.losses, u.start_strength, gm.rs->measure, n));
	snprintf(summary, sizeof summary, "%s: %+ld %s (%s)", u.name, n,
	    gm.rs->measure, in_text(&in, "reason"));
	snprintf(note, sizeof note, "%s: %+ld %s, now %ld lost", u.name, n,
	    gm.rs->measure, total);
	{
		struct jsonw w;

		jsonw_init(&w, args, sizeof args);
		jsonw_array(&w, NULL);
		jsonw_string(&w, NULL, "adjust");
		for (int i = 0; i < argc; i++)
			jsonw_string(&w, NULL, argv[i]);
		jsonw_array_end(&w);
	}
	if ((st = db_event_add(gm.db, gm.turn, "adjust", args, summary, &id)) != DB_OK ||
	    (st = db_event_unit(gm.db, id, u.id, "unit")) != DB_OK ||
	    (st = db_effect_add(gm.db, id, u.id, "loss", gm.rs->measure, loss,
	    total, 0, note)) != DB_OK ||
	    (st = db_event_finish(gm.db, id, "[]", "{}")) != DB_OK)
		return game_close(g, &gm, game_fail(g, st));
	if (g->json) {
		struct jsonw w;

		jsonw_init(&w, args, sizeof args);
		jsonw_object(&w, NULL);
		jsonw_string(&w, "unit", u.name);
		jsonw_string(&w, "what", gm.rs->measure);
		jsonw_int(&w, "amount", n);
		jsonw_int(&w, "losses", total);
		jsonw_string(&w, "summary", summary);
		jsonw_int(&w, "event", (long)id);
		jsonw_object_end(&w);
		puts(args);
	} else
		printf("%s\n  recorded as event %lld\n", summary, id);
	return game_close(g, &gm, 0);
}

const struct cmd_entry cmd_adjust_entry = {
	"adjust", "adjust NAME --figures ±N --reason TEXT", "a journalled correction",
	0, adjust,
};
