/*
 * Unit tests of what a rule set declares as data (core/ruleset.c): each
 * unit type's arm and kind, read by roster_arm and roster_is, and the
 * hooks of its commands, found by roster_hooks; the facts a view states
 * under a unit (view_fact).
 */
#include <stdlib.h>

#include "unit.h"

/* One unit type as its rule set declares it. */
struct expect {
	const char *rules, *type, *arm, *kind;
};

static const struct expect types[] = {
	{ "brigade", "infantry", "infantry", NULL },
	{ "brigade", "cavalry", "cavalry", NULL },
	{ "brigade", "foot-artillery", "artillery", "foot" },
	{ "brigade", "horse-artillery", "artillery", "horse" },
	{ "brigade", "skirmishers", "infantry", "open-order" },
	{ "squares", "infantry", "infantry", NULL },
	{ "squares", "cavalry", "cavalry", NULL },
	{ "squares", "mixed", "infantry", "mixed" },
	{ "squares", "foot-artillery", "artillery", "foot" },
	{ "squares", "horse-artillery", "artillery", "horse" },
	{ "fury", "infantry", "infantry", NULL },
	{ "fury", "light-infantry", "infantry", "light" },
	{ "fury", "heavy-cavalry", "cavalry", "heavy" },
	{ "fury", "light-cavalry", "cavalry", "light" },
	{ "fury", "horse-battery", "artillery", "horse" },
	{ "fury", "heavy-battery", "artillery", "heavy" },
	{ "fury", "russian-heavy-battery", "artillery", "heavy" },
	{ "fury", "leader", "command", NULL },
	{ "2x2", "hq", "command", NULL },
	{ "2x2", "line", "infantry", NULL },
	{ "2x2", "infantry", "infantry", NULL },
	{ "2x2", "guards", "infantry", "guard" },
	{ "2x2", "light-infantry", "infantry", "light" },
	{ "2x2", "militia", "infantry", "militia" },
	{ "2x2", "heavy-cavalry", "cavalry", "heavy" },
	{ "2x2", "light-cavalry", "cavalry", "light" },
	{ "2x2", "foot-artillery", "artillery", "foot" },
	{ "2x2", "horse-artillery", "artillery", "horse" },
	{ "ohw", "general", "command", NULL },
	{ "ohw", "infantry", "infantry", NULL },
	{ "ohw", "skirmishers", "infantry", "open-order" },
	{ "ohw", "cavalry", "cavalry", NULL },
	{ "ohw", "foot-artillery", "artillery", "foot" },
	{ "ohw", "horse-artillery", "artillery", "horse" },
};

static const struct roster *
roster_of(const char *rules)
{
	const struct ruleset *rs = ruleset_find(rules);

	assert_non_null(rs);
	return rs->roster;
}

static void
every_type_has_its_arm(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		const struct expect *e = &types[i];
		const struct roster *ro = roster_of(e->rules);

		assert_string_equal(roster_arm(ro, e->type), e->arm);
		assert_true(roster_is(ro, e->type, e->arm, NULL));
		assert_true(roster_is(ro, e->type, e->arm, e->kind != NULL ? e->kind : ""));
		if (e->kind != NULL)
			assert_string_equal(roster_kind(ro, e->type), e->kind);
		else
			assert_null(roster_kind(ro, e->type));
	}
}

/* Every declared type is in the list above: none is left to a guess. */
static void
no_type_undeclared_here(void **state)
{
	(void)state;
	for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++) {
		int n = 0, listed = 0;

		for (const struct unit_type *t = (*rs)->roster->types; t->name != NULL; t++)
			n++;
		for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
			listed += strcmp(types[i].rules, (*rs)->name) == 0;
		assert_int_equal(n, listed);
	}
}

/* The types in their order, as messages, help and completion list them. */
static void
type_names_in_order(void **state)
{
	char buf[256];

	(void)state;
	assert_string_equal(roster_type_names(roster_of("brigade"), buf, sizeof buf),
	    "infantry|cavalry|foot-artillery|horse-artillery|skirmishers");
	assert_string_equal(roster_type_names(roster_of("squares"), buf, sizeof buf),
	    "infantry|cavalry|mixed|foot-artillery|horse-artillery");
	assert_string_equal(roster_type_names(roster_of("fury"), buf, sizeof buf),
	    "infantry|light-infantry|heavy-cavalry|light-cavalry|horse-battery|heavy-battery|russian-heavy-battery|leader");
	assert_string_equal(roster_type_names(roster_of("2x2"), buf, sizeof buf),
	    "hq|line|infantry|guards|light-infantry|militia|heavy-cavalry|light-cavalry|foot-artillery|horse-artillery");
	assert_string_equal(roster_type_names(roster_of("ohw"), buf, sizeof buf),
	    "general|infantry|skirmishers|cavalry|foot-artillery|horse-artillery");
}

/* A word that is not a type has no arm; an arm or kind not its own is
 * not matched; a kind of "" asks for a type with none. */
static void
lookups_refuse_what_is_not_declared(void **state)
{
	const struct roster *brigade = roster_of("brigade");

	(void)state;
	assert_null(roster_type(brigade, "brigade"));
	assert_null(roster_arm(brigade, "artillery"));
	assert_null(roster_arm(brigade, NULL));
	assert_false(roster_is(brigade, "heavy-cavalry", "cavalry", NULL));
	assert_false(roster_is(brigade, "cavalry", "infantry", NULL));
	assert_false(roster_is(brigade, "skirmishers", "infantry", ""));
	assert_true(roster_is(brigade, "infantry", "infantry", ""));
	assert_false(roster_is(roster_of("fury"), "heavy-cavalry", "cavalry", "light"));
}

static int
answers_the_lost(const struct ruleset *rs, const char *command)
{
	return roster_hooks(rs->roster, command)->answers_the_lost;
}

/* Each hook is keyed by a command the rule set rules on, once; only
 * morale answers for a unit that has lost all. */
static void
hooks_keyed_by_command(void **state)
{
	(void)state;
	for (const struct ruleset *const *rs = ruleset_all(); *rs != NULL; rs++) {
		const struct cmd_hooks *h = (*rs)->roster->hooks;

		assert_non_null(h);
		for (; h->command != NULL; h++) {
			const struct rule_cmd *c = ruleset_cmd(*rs, h->command);

			if (c == NULL || c->adjudicate == NULL)
				fail_msg("%s: hooks for '%s', no such ruling", (*rs)->name,
				    h->command);
			assert_ptr_equal(roster_hooks((*rs)->roster, h->command), h);
			assert_true(h->fill != NULL || h->judge != NULL);
		}
		for (int i = 0; ruleset_commands[i] != NULL; i++)
			assert_int_equal(answers_the_lost(*rs, ruleset_commands[i]),
			    strcmp(ruleset_commands[i], "morale") == 0);
	}
}

/* A command without hooks (one the rule set lacks, or one it rules on
 * with nothing to fill) finds an entry with none: the driver calls
 * nothing, and the unit that has lost all is out of the fight. */
static void
a_command_without_hooks(void **state)
{
	static const struct roster bare = { .types = NULL };
	const struct cmd_hooks *h;

	(void)state;
	h = roster_hooks(roster_of("brigade"), "fatigue");
	assert_null(h->fill);
	assert_null(h->judge);
	assert_false(h->answers_the_lost);
	h = roster_hooks(roster_of("squares"), "turn");
	assert_non_null(h->fill);
	assert_non_null(h->judge);
	h = roster_hooks(&bare, "morale");
	assert_null(h->fill);
	assert_null(h->judge);
	assert_false(h->answers_the_lost);
}

/* A battery's type declares where it stands until told (fury.txt l.92:
 * "Artillery batteries are either limbered or unlimbered"), the rest the
 * rule set's first formation; rules without tactical formations none.
 * The formations tables let only artillery limber or unlimber, and no
 * battery stand in line (brigade's may march in column on a road). */
static void
a_battery_stands_unlimbered(void **state)
{
	struct tableset ts = table_stock_set();

	(void)state;
	assert_string_equal(roster_type_formation(roster_of("brigade"), "foot-artillery"),
	    "unlimbered");
	assert_string_equal(roster_type_formation(roster_of("brigade"), "cavalry"), "line");
	assert_string_equal(roster_type_formation(roster_of("fury"), "russian-heavy-battery"),
	    "unlimbered");
	assert_string_equal(roster_type_formation(roster_of("ohw"), "horse-artillery"),
	    "unlimbered");
	assert_null(roster_type_formation(roster_of("2x2"), "foot-artillery"));
	assert_null(rule_formation_refused(&ts, "brigade", "horse-artillery", "limbered", NULL));
	assert_null(rule_formation_refused(&ts, "brigade", "horse-artillery", "march-column", NULL));
	assert_non_null(rule_formation_refused(&ts, "brigade", "horse-artillery", "line", NULL));
	assert_non_null(rule_formation_refused(&ts, "brigade", "infantry", "unlimbered", NULL));
	assert_non_null(rule_formation_refused(&ts, "fury", "heavy-battery", "column", NULL));
	assert_null(rule_formation_refused(&ts, "fury", "heavy-battery", "unlimbered", NULL));
	assert_non_null(rule_formation_refused(&ts, "ohw", "cavalry", "limbered", NULL));
	assert_null(rule_formation_refused(&ts, "ohw", "foot-artillery", "limbered", NULL));
}

/* A view keeps as many facts as its rule set states, each with its
 * declared words and its values as given, a name of the game's length
 * whole; view_free gives them back. */
static void
facts_grow_as_stated(void **state)
{
	struct unit_view v = { .nfacts = 0 };
	struct result *r = malloc(sizeof *r);
	char name[UNIT_NAME];

	(void)state;
	assert_non_null(r);
	result_init(r);
	memset(name, 'x', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	for (int i = 0; i < 100; i++)
		view_fact(&v, r, "fatigued with {}: {} of {}", 3, sheet_word(name),
		    sheet_int(i), sheet_modifier(-1.5));
	view_fact(&v, r, "not fatigued", 0);
	assert_int_equal(r->error.code, 0);
	assert_int_equal(r->no_memory, 0);
	assert_int_equal(v.nfacts, 101);
	assert_string_equal(v.facts[99].say, "fatigued with {}: {} of {}");
	assert_int_equal(v.facts[99].nvalues, 3);
	assert_int_equal(v.facts[99].values[0].kind, CELL_WORD);
	assert_string_equal(v.facts[99].values[0].word, name);
	assert_int_equal(v.facts[99].values[1].kind, CELL_INT);
	assert_int_equal(v.facts[99].values[1].n, 99);
	assert_int_equal(v.facts[99].values[2].kind, CELL_MODIFIER);
	assert_true(v.facts[99].values[2].d == -1.5);
	assert_int_equal(v.facts[100].nvalues, 0);
	view_free(&v);
	assert_int_equal(v.nfacts, 0);
	assert_null(v.facts);
	result_free(r);
	free(r);
}

/* A fact given more or fewer values than its words place is the rule
 * set's own mistake: the view fails, and the fact is not kept. */
static void
a_fact_short_of_values_fails(void **state)
{
	struct unit_view v = { .nfacts = 0 };
	struct result *r = malloc(sizeof *r);

	(void)state;
	assert_non_null(r);
	result_init(r);
	view_fact(&v, r, "{}, morale {}", 1, sheet_word("inf:d8/d8"));
	assert_int_equal(r->error.code, RULE_BUG);
	assert_string_equal(r->error.text, "the sheet's fact '{}, morale {}' is given 1 value");
	assert_int_equal(v.nfacts, 0);
	view_free(&v);
	result_free(r);
	free(r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_type_has_its_arm),
		cmocka_unit_test(no_type_undeclared_here),
		cmocka_unit_test(type_names_in_order),
		cmocka_unit_test(lookups_refuse_what_is_not_declared),
		cmocka_unit_test(a_battery_stands_unlimbered),
		cmocka_unit_test(hooks_keyed_by_command),
		cmocka_unit_test(a_command_without_hooks),
		cmocka_unit_test(facts_grow_as_stated),
		cmocka_unit_test(a_fact_short_of_values_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
