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

#include "render.h"
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

/* The index of the field at PATH of r ("casualties", "attacker.routs":
 * keys of records, joined by dots), or -1. */
static inline int
field_at(const struct result *r, const char *path)
{
	int parent = -1;

	for (const char *p = path; *p != '\0';) {
		size_t len = strcspn(p, ".");
		int i;

		for (i = parent + 1; i < r->nfields; i++)
			if (r->field[i].parent == parent && strlen(r->field[i].key) == len &&
			    strncmp(r->field[i].key, p, len) == 0)
				break;
		if (i == r->nfields)
			return -1;
		parent = i;
		p += len + (p[len] == '.');
	}
	return parent;
}

/* The field at PATH of the call's result ("casualties", "attacker.routs")
 * written as JSON into buf (the whole list or record where it is one);
 * "(none)" when the result has no such field. */
static inline const char *
field_json(const struct call *c, const char *path, char *buf, size_t n)
{
	int i = field_at(&c->r, path);
	struct jsonw w;

	if (i < 0)
		return "(none)";
	jsonw_init(&w, buf, n);
	render_result(&w, NULL, &c->r, i);
	return w.overflow ? "(too long)" : buf;
}

/* True when the field at PATH of the result is VALUE, whole: "2" is not
 * 25, "[\"A\"]" is not ["A","B"]. */
static inline int
has_field(const struct call *c, const char *path, const char *value)
{
	char buf[4096];

	return strcmp(field_json(c, path, buf, sizeof buf), value) == 0;
}

#define assert_field(c, path, value) do { \
	char got_[4096]; \
	if (!has_field((c), (path), (value))) \
		fail_msg("%s: want %s, got %s", (path), (value), \
		    field_json((c), (path), got_, sizeof got_)); \
} while (0)

#endif
