/*
 * adjudicate: the one driver of fire, melee, morale, rally, fatigue and
 * move for every rule set.  It picks the rule set, finds the command,
 * parses the inputs by the command's declaration, takes the dice (--dice,
 * --roll, or none), calls the rule function and renders the one result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "db.h"
#include "help.h"
#include "num.h"
#include "render.h"
#include "ruleset.h"

static const struct input_decl dice_inputs[] = {
	{ "dice", IN_TEXT, "LIST", 0, 0, NULL, NULL, NULL,
	  "the faces shown, comma-separated", 0 },
	{ "roll", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "umpire rolls", 0 },
	{ "seed", IN_TEXT, "N", 0, 0, NULL, NULL, NULL, "seed for --roll", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/*
 * The rule set: --rules, else the game's (the game file is read only to
 * learn it).  Returns 0 or an exit status after printing the error.
 */
static int
resolve_rules(const struct global *g, const struct ruleset **rs)
{
	char name[32];
	int rc;

	if (g->rules != NULL) {
		*rs = ruleset_find(g->rules);
		return 0;
	}
	rc = db_peek_rules(g->db_path, name, sizeof name);
	if (rc == DB_NOFILE)
		return cmd_error(g, EXIT_USAGE,
		    "no rule set: give --rules NAME (brigade, squares, fury, 2x2, ohw) or start a game with 'umpire new --rules NAME'");
	if (rc != DB_OK)
		return cmd_error(g, db_exit_status(rc), "%s", db_last_error());
	*rs = ruleset_find(name);
	if (*rs == NULL)
		return cmd_error(g, EXIT_DATA, "the game's rule set '%s' is unknown",
		    name);
	return 0;
}

static uint64_t
fresh_seed(void)
{
	uint64_t seed = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (f == NULL || fread(&seed, sizeof seed, 1, f) != 1)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if (f != NULL)
		fclose(f);
	return seed;
}

/* Sets up the dice from --dice, --roll and --seed (probing when none). */
static int
setup_dice(const struct global *g, const struct inputs *in, struct dice *d,
    int *rolled)
{
	const char *list = in_text(in, "dice"), *seed = in_text(in, "seed");
	int roll = in_flag(in, "roll") || seed != NULL;
	unsigned long long s;

	*rolled = 0;
	if (list != NULL && roll)
		return cmd_error(g, EXIT_USAGE,
		    "--dice and --roll/--seed do not go together");
	if (list != NULL)
		return dice_parse_list(d, list) == 0 ? 0 :
		    cmd_error(g, EXIT_DATA, "--dice: %s", d->error);
	if (!roll) {
		dice_set_probe(d);
		return 0;
	}
	if (seed == NULL)
		s = fresh_seed();
	else if (num_parse_u64(seed, &s) != NUM_OK)
		return cmd_error(g, EXIT_DATA,
		    "--seed: '%s' is not a whole number from 0 to 18446744073709551615",
		    seed);
	dice_set_roll(d, (uint64_t)s);
	*rolled = 1;
	return 0;
}

/* "fire needs dice: ..." listing the dice a probe asked for. */
static int
missing_dice(const struct global *g, const struct dice *d)
{
	char list[1024] = "";

	for (int i = 0; i < d->nused && strlen(list) + 100 < sizeof list; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s (%s)", i ? ", " : "", d->used[i].label,
		    die_name(d->used[i].kind));
	return cmd_error(g, EXIT_USAGE,
	    "needs dice: %s; give the faces with --dice or let umpire roll with --roll",
	    list);
}

static int
run(const struct global *g, const struct ruleset *rs,
    const struct rule_cmd *c, int argc, char **argv)
{
	struct tableset ts = table_stock_set();
	static struct inputs in;
	static struct result r;
	static struct ruling ru;
	static struct dice d;
	int rc, rolled;

	rc = inputs_parse(&in, rs->name, c->name, c->inputs, dice_inputs,
	    argc, argv, &ts);
	if (rc != 0)
		return cmd_error(g, rc, "%s", in.error);
	if ((rc = setup_dice(g, &in, &d, &rolled)) != 0)
		return rc;
	result_init(&r);
	rc = c->adjudicate(&ts, &in, &d, &r);
	if (rc != RULE_OK)
		return cmd_error(g, rc, "%s", r.error[0] ? r.error : d.error);
	if (d.mode == DICE_PROBE && d.nused > 0)
		return missing_dice(g, &d);
	if (dice_unused(&d) > 0 && !d.ended_early)
		return cmd_error(g, EXIT_DATA,
		    "too many dice: %d given, the ruling uses %d", d.ngiven,
		    d.nused);
	if (result_finish(&r) != 0)
		return cmd_error(g, EXIT_BUG, "the result is too large to write");
	memset(&ru, 0, sizeof ru);
	ru.rules = rs->name;
	ru.command = c->name;
	ru.dice = &d;
	ru.rolled = rolled;
	ru.result = &r;
	if (g->json)
		return render_json(stdout, &ru) == 0 ? EXIT_DONE :
		    cmd_error(g, EXIT_BUG, "the output is too large to write");
	render_text(stdout, &ru);
	return EXIT_DONE;
}

static int
adjudicate(struct global *g, int argc, char **argv)
{
	const struct ruleset *rs = NULL;
	struct tableset ts = table_stock_set();
	const struct rule_cmd *c;
	int rc;

	if (g->help && g->rules == NULL && !db_file_exists(g->db_path)) {
		help_command_any(stdout, g->command);
		return EXIT_DONE;
	}
	if ((rc = resolve_rules(g, &rs)) != 0)
		return rc;
	c = ruleset_cmd(rs, g->command);
	if (c->undefined != NULL)
		return cmd_error(g, EXIT_USAGE, "%s", c->undefined);
	if (c->adjudicate == NULL)
		return cmd_error(g, EXIT_USAGE, "not implemented yet for %s",
		    rs->name);
	if (g->help) {
		help_rule_command(stdout, rs, c, &ts);
		return EXIT_DONE;
	}
	return run(g, rs, c, argc, argv);
}

const struct cmd_entry cmd_fire_entry = {
	"fire", "fire --rules R [OPTIONS]", "musketry, artillery, bombardment",
	0, adjudicate,
};
const struct cmd_entry cmd_melee_entry = {
	"melee", "melee --rules R [OPTIONS]", "melee, assault, charge",
	0, adjudicate,
};
const struct cmd_entry cmd_morale_entry = {
	"morale", "morale --rules R [OPTIONS]",
	"a unit's morale state or a morale check", 0, adjudicate,
};
const struct cmd_entry cmd_rally_entry = {
	"rally", "rally --rules R [OPTIONS]", "a rally attempt", 0, adjudicate,
};
const struct cmd_entry cmd_fatigue_entry = {
	"fatigue", "fatigue --rules R [OPTIONS]",
	"fatigue of formations (fury), fatigue points (ohw)", 0, adjudicate,
};
const struct cmd_entry cmd_move_entry = {
	"move", "move --rules R [OPTIONS]",
	"how far a unit may move", 0, adjudicate,
};
