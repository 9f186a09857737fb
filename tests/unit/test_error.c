/*
 * One error record from core through db to cmd (core/error.h): the record
 * a core setter, a rule, the dice or the game file wrote is the one the
 * command prints, its sentence unchanged and its code mapped once
 * (exit_of_rule, exit_of_db) to the exit status.  Each failure is made
 * twice: in its own layer, and through cmd_run as a user types it; the
 * two must agree word for word.
 */
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"
#include "cmd.h"
#include "db.h"

/* What one command line said: its status, its record, its stderr. */
struct said {
	int rc;
	struct error error;
	char err[2 * ERROR_TEXT];
};

/* Runs LINE (words separated by spaces) through cmd_run into s. */
static void
run_line(const char *line, struct said *s)
{
	char buf[1024], *argv[64], *out = NULL, *err = NULL;
	size_t nout = 0, nerr = 0;
	struct cmd_ctx g;
	int argc = 0;

	snprintf(buf, sizeof buf, "%s", line);
	for (char *w = strtok(buf, " "); w != NULL && argc < 63; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	memset(&g, 0, sizeof g);
	g.out = open_memstream(&out, &nout);
	g.err = open_memstream(&err, &nerr);
	assert_non_null(g.out);
	assert_non_null(g.err);
	s->rc = cmd_run(&g, argc, argv);
	fclose(g.out);
	fclose(g.err);
	s->error = g.error;
	snprintf(s->err, sizeof s->err, "%s", err);
	free(out);
	free(err);
}

/* The record a stateless brigade fire of ARGS and FACES leaves in core:
 * its inputs' when they were refused, else the rule's or its dice's. */
static const struct error *
core_record(const char *args, const char *faces)
{
	struct call *c = call_rule("brigade", "fire", args, faces);
	const struct error *e = c->in.error.code != 0 ? &c->in.error :
	    ruling_error(&c->r, &c->dice);

	assert_int_not_equal(c->rc, 0);
	assert_int_equal(e->code, c->rc);	/* the record's code is the status */
	return e;
}

/* The same fire typed: 65 or 64 as the core status says, the record's
 * sentence printed whole after "umpire: fire: ". */
static void
same_through_cmd(const char *args, const char *faces, int status)
{
	const struct error *core = core_record(args, faces);
	char line[512], printed[2 * ERROR_TEXT];
	struct said s;

	snprintf(line, sizeof line, "--db /nonexistent/umpire.db --rules brigade fire %s --dice %s",
	    args, faces);
	run_line(line, &s);
	assert_int_equal(s.rc, status);
	assert_int_equal(exit_of_rule(core->code), status);
	assert_int_equal(s.error.code, status);
	assert_string_equal(s.error.text, core->text);
	snprintf(printed, sizeof printed, "umpire: fire: %s\n", core->text);
	assert_string_equal(s.err, printed);
}

/* A value an inputs setter refuses (INPUTS_DATA, INPUTS_USAGE). */
static void
inputs_record_reaches_cmd(void **state)
{
	(void)state;
	same_through_cmd("--firers x --distance 2", "4", EXIT_DATA);
	same_through_cmd("--firers 16 --distance 2 --bogus", "4", EXIT_USAGE);
}

/* A rule's own refusal (result_fail) and a die it could not take. */
static void
rule_and_dice_records_reach_cmd(void **state)
{
	(void)state;
	same_through_cmd("--guns 2 --distance 20 --target-type cavalry --mod target-square",
	    "2,2,5", EXIT_DATA);
	assert_string_equal(core_record("--firers 16 --distance 2", "9")->text,
	    "die 1 is the firers' average die: 9 is not a face of the average die (2-5)");
	same_through_cmd("--firers 16 --distance 2", "9", EXIT_DATA);
}

/* A file that is not a game: db's record (DB_NOTGAME) is what `sheet`
 * says, with exit_of_db's status. */
static void
db_record_reaches_cmd(void **state)
{
	char dir[] = "/tmp/umpire-error-XXXXXX", path[64], line[128], printed[2 * ERROR_TEXT];
	struct error e = { 0 };
	struct db *db = NULL;
	struct said s;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/notes.db", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("not a game, only notes\n", f);
	fclose(f);
	assert_int_equal(db_open(path, DB_OPEN_READ, &e, &db), DB_NOTGAME);
	assert_null(db);
	assert_int_equal(e.code, DB_NOTGAME);
	snprintf(line, sizeof line, "--db %s sheet", path);
	run_line(line, &s);
	assert_int_equal(s.rc, exit_of_db(e.code));
	assert_int_equal(s.rc, EXIT_DATA);
	assert_string_equal(s.error.text, e.text);
	snprintf(printed, sizeof printed, "umpire: sheet: %s\n", e.text);
	assert_string_equal(s.err, printed);
	assert_int_equal(remove(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* error_set keeps code and sentence; one too long for ERROR_TEXT ends in
 * "..." rather than cut silently; its own text may be an argument. */
static void
the_record_itself(void **state)
{
	char word[ERROR_TEXT + 16];
	struct error e;

	(void)state;
	assert_int_equal(error_set(&e, 65, "'%s' is %d", "x", 3), 65);
	assert_int_equal(e.code, 65);
	assert_string_equal(e.text, "'x' is 3");
	assert_int_equal(error_set(&e, 64, "unit 'A': %s", e.text), 64);
	assert_string_equal(e.text, "unit 'A': 'x' is 3");
	memset(word, 'w', sizeof word - 1);
	word[sizeof word - 1] = '\0';
	error_set(&e, 65, "%s", word);
	assert_int_equal(strlen(e.text), ERROR_TEXT - 1);
	assert_string_equal(e.text + ERROR_TEXT - 4, "...");
	error_clear(&e);
	assert_int_equal(e.code, 0);
	assert_string_equal(e.text, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_record_itself),
		cmocka_unit_test(inputs_record_reaches_cmd),
		cmocka_unit_test(rule_and_dice_records_reach_cmd),
		cmocka_unit_test(db_record_reaches_cmd),
	};

	unsetenv("UMPIRE_DB");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
