/*
 * Helpers of the unit tests: run one adjudication of a rule set from an
 * argument string and typed faces, against the stock tables.
 */
#ifndef UMPIRE_TEST_UNIT_H
#define UMPIRE_TEST_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ruleset.h"

struct call {
	struct inputs in;
	struct dice dice;
	struct result r;
	int rc;
	char argbuf[512];
	char *argv[64];
};

/*
 * Runs COMMAND of RULES with the space-separated ARGS and the faces
 * FACES ("4,3"; NULL to probe).  Returns the call's record (static).
 */
static inline struct call *
call_rule(const char *rules, const char *command, const char *args,
    const char *faces)
{
	static struct call c;
	const struct ruleset *rs = ruleset_find(rules);
	const struct rule_cmd *cmd = rs != NULL ? ruleset_cmd(rs, command) : NULL;
	struct tableset ts = table_stock_set();
	int argc = 0;

	memset(&c, 0, sizeof c);
	assert_non_null(cmd);
	snprintf(c.argbuf, sizeof c.argbuf, "%s", args);
	for (char *tok = strtok(c.argbuf, " "); tok != NULL && argc < 63;
	    tok = strtok(NULL, " "))
		c.argv[argc++] = tok;
	c.rc = inputs_parse(&c.in, rules, command, cmd->inputs, NULL, argc,
	    c.argv, &ts);
	if (c.rc != 0)
		return &c;
	if (faces != NULL)
		assert_int_equal(dice_parse_list(&c.dice, faces), 0);
	else
		dice_set_probe(&c.dice);
	result_init(&c.r);
	c.rc = cmd->adjudicate(&ts, &c.in, &c.dice, &c.r);
	if (c.rc == 0)
		assert_int_equal(result_finish(&c.r), 0);
	return &c;
}

/* True when the result JSON holds "KEY":VALUE as a whole value: the text
 * is followed by the end of the member (',', '}' or ']'), so "casualties":2
 * does not match "casualties":25. */
static inline int
has_field(const struct call *c, const char *key, const char *value)
{
	char want[128];
	size_t len;

	len = (size_t)snprintf(want, sizeof want, "\"%s\":%s", key, value);
	for (const char *p = strstr(c->r.json, want); p != NULL;
	    p = strstr(p + 1, want))
		if (p[len] == ',' || p[len] == '}' || p[len] == ']')
			return 1;
	return 0;
}

#define assert_field(c, key, value) do { \
	if (!has_field((c), (key), (value))) \
		fail_msg("%s: want \"%s\":%s", (c)->r.json, (key), (value)); \
} while (0)

#endif
