/*
 * The rule-set interface as a contract: a stub rule set with only what
 * core/ruleset.h says is required (one command, one ledger, no hooks, no
 * tables) is registered and driven through umpire_main as a user would:
 * every command's --help, a new game, units, a ruling, the sheet and its
 * views, the log, undo, check.  Nothing may crash (the test runs under
 * ASan); a command the stub lacks is 64.  core/RULESETS.md walks through
 * adding a rule set with this stub as its example.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "unit.h"

/* The stub's one command: a d6 that costs the target that many of its
 * men. */
static int
stub_fire(const struct tableset *ts, const struct inputs *in, struct dice *d,
    struct result *r)
{
	int die;

	(void)ts;
	(void)in;
	if ((die = dice_take(d, DIE_D6, "the stub's d6")) < 0)
		return RULE_DATA;
	result_int(r, "lost", die);
	result_ledger(r, "target", "loss", die);
	result_summary(r, "%d lost", die);
	return RULE_OK;
}

static const struct input_decl stub_fire_inputs[] = {
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the firing unit", 0 },
	{ "target", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "the target", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct rule_cmd stub_cmds[] = {
	{ .name = "fire", .summary = "a d6 of losses", .inputs = stub_fire_inputs,
	  .dice = "one d6", .adjudicate = stub_fire },
	{ .name = NULL },
};

static const struct input_decl stub_ratings[] = {
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

static const struct ledger_decl stub_ledgers[] = {
	{ .name = "loss", .word = "men", .one = "man", .tally = TALLY_SUM,
	  .sight = SIGHT_BAND },
	{ .name = NULL },
};

static const struct unit_type stub_types[] = {
	{ "soldier", "infantry", NULL, NULL },
	{ NULL, NULL, NULL, NULL },
};

/* The least the contract allows: no rate, hooks, consequence, settle,
 * view, standing, columns, game or formation options. */
static const struct roster stub_roster = {
	.types = stub_types,
	.formation_types = "army",
	.inputs = stub_ratings,
	.keeps = {
		.ledgers = stub_ledgers,
		.measure_option = "men",
		.good_state = "ok",
	},
};

static const struct ruleset stub = {
	.name = "stub", .title = "a stub rule set", .measure = "men",
	.cmds = stub_cmds, .roster = &stub_roster,
};

static char dir[] = "/tmp/umpire-contract-XXXXXX";

/* Runs one command line (words separated by spaces, '~' for a space in
 * a word) through umpire_main, its output into file OUT and its errors
 * thrown away; its status. */
static int
run_into(const char *line, const char *out)
{
	char buf[1024], *argv[32];
	int argc = 0, saved, saved_err, devnull, into, rc;

	snprintf(buf, sizeof buf, "umpire --db %s/game.db %s", dir, line);
	for (char *w = strtok(buf, " "); w != NULL && argc < 31; w = strtok(NULL, " ")) {
		for (char *p = w; *p; p++)
			if (*p == '~')
				*p = ' ';
		argv[argc++] = w;
	}
	argv[argc] = NULL;
	fflush(stdout);
	fflush(stderr);
	saved = dup(1);
	saved_err = dup(2);
	devnull = open("/dev/null", O_WRONLY);
	into = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && saved_err >= 0 && devnull >= 0 && into >= 0);
	dup2(into, 1);
	dup2(devnull, 2);
	rc = umpire_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved, 1);
	dup2(saved_err, 2);
	close(saved);
	close(saved_err);
	close(devnull);
	close(into);
	return rc;
}

/* run_into with the output thrown away. */
static int
run(const char *line)
{
	return run_into(line, "/dev/null");
}

/* Line N (from 0) of the file at PATH into buf, without its newline. */
static void
line_of(const char *path, int n, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	buf[0] = '\0';
	for (int i = 0; i <= n && fgets(buf, (int)len, f) != NULL; i++)
		;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

static void
every_help(void **state)
{
	char line[128];

	(void)state;
	for (int i = 0; cmd_table[i] != NULL; i++) {
		snprintf(line, sizeof line, "--rules stub %s --help", cmd_table[i]->name);
		assert_int_equal(run(line), 0);
	}
	assert_int_equal(run("--rules stub --help"), 0);
	assert_int_equal(run("--rules stub unit --help"), 0);
	assert_int_equal(run("--rules stub adjust --help"), 0);
}

static void
a_game_under_the_stub(void **state)
{
	(void)state;
	assert_int_equal(run("new --rules stub --title Stub"), 0);
	assert_int_equal(run("unit add A --side Reds --type soldier"), 0);
	assert_int_equal(run("unit add Army --side Blues --type army"), 0);
	assert_int_equal(run("unit add B --side Blues --type soldier --parent Army"), 0);
	assert_int_equal(run("unit add C --side Blues --type cavalry"), 65);
	assert_int_equal(run("fire --unit A --target B --dice 4"), 0);
	assert_int_equal(run("fire --unit A --target B --dice 7"), 65);
	assert_int_equal(run("--rules stub fire --dice 4"), 0);
	/* a command the stub lacks: 64, never a crash */
	for (int i = 0; ruleset_commands[i] != NULL; i++) {
		char line[64];

		if (strcmp(ruleset_commands[i], "fire") == 0)
			continue;
		snprintf(line, sizeof line, "%s --unit A", ruleset_commands[i]);
		assert_int_equal(run(line), 64);
		snprintf(line, sizeof line, "--rules stub odds %s", ruleset_commands[i]);
		assert_int_equal(run(line), 64);
	}
	assert_int_equal(run("--rules stub odds fire"), 0);
	assert_int_equal(run("adjust B --men -1 --reason a~straggler"), 0);
	assert_int_equal(run("adjust B --state ok --reason nothing"), 65);
	assert_int_equal(run("adjust B --formation line --reason none"), 65);
	assert_int_equal(run("turn next"), 0);
	assert_int_equal(run("sheet"), 0);
	assert_int_equal(run("--json sheet"), 0);
	assert_int_equal(run("sheet --csv"), 0);
	assert_int_equal(run("sheet --for Reds"), 0);
	assert_int_equal(run("--json sheet --for Blues"), 0);
	assert_int_equal(run("report"), 0);
	assert_int_equal(run("log"), 0);
	assert_int_equal(run("log --for Reds"), 0);
	assert_int_equal(run("log show 1"), 0);
	assert_int_equal(run("unit list"), 0);
	assert_int_equal(run("unit show B"), 0);
	assert_int_equal(run("unit export"), 0);
	assert_int_equal(run("tables list"), 0);
	assert_int_equal(run("game"), 0);
	assert_int_equal(run("undo --to 1"), 0);
	assert_int_equal(run("redo"), 0);
	assert_int_equal(run("check"), 0);
}

/* A rule set with no view and no columns of its own: the umpire's sheet
 * shows the cells every rule set shares, its measure (men taken: 4) and
 * the state, as a side's view does. */
static void
the_shared_cells_without_a_view(void **state)
{
	char path[256], line[256];

	(void)state;
	snprintf(path, sizeof path, "%s/out", dir);
	assert_int_equal(run("new --rules stub --title Shared --force"), 0);
	assert_int_equal(run("unit add A --side Reds --type soldier"), 0);
	assert_int_equal(run("unit add B --side Blues --type soldier"), 0);
	assert_int_equal(run("fire --unit A --target B --dice 4"), 0);
	assert_int_equal(run_into("sheet --side Blues", path), 0);
	line_of(path, 3, line, sizeof line);
	assert_string_equal(line, "  unit                         type            men"
	    "             state, flags");
	line_of(path, 5, line, sizeof line);
	assert_string_equal(line, "  B                            soldier         4"
	    "               ok");
	assert_int_equal(run_into("sheet --side Blues --csv", path), 0);
	line_of(path, 1, line, sizeof line);
	assert_string_equal(line, "Blues,,B,soldier,4,ok,");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_help),
		cmocka_unit_test(a_game_under_the_stub),
		cmocka_unit_test(the_shared_cells_without_a_view),
	};
	int rc;

	if (ruleset_register(&stub) != 0 || mkdtemp(dir) == NULL)
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	run("check");
	{
		char cmd[128];

		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			rc = 1;
	}
	return rc;
}
