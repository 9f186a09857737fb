/* Unit tests of core/inputs.c: the one parser of declared options, the
 * typed setters, spec items, stored JSON, and inputs that move. */
#include <stdlib.h>

#include "unit.h"

static const struct input_decl decls[] = {
	{ "firers", IN_COUNT, "N", 0, 100, NULL, NULL, NULL, "", 0 },
	{ "crew", IN_COUNTS, "N,...", 0, 3, NULL, NULL, NULL, "", 0 },
	{ "distance", IN_DISTANCE, "D", 0, 0, NULL, NULL, NULL, "", 0 },
	{ "factor", IN_NUMBER, "X", 0, 2, NULL, NULL, NULL, "", 0 },
	{ "weapon", IN_CHOICE, "W", 0, 0, "musket|rifle", "musket", NULL, "", 0 },
	{ "moving", IN_FLAG, "", 0, 0, NULL, NULL, NULL, "", 0 },
	{ "mod", IN_MODS, "NAME", 0, 0, NULL, NULL, "fire-modifiers", "", IN_REPEAT },
	{ "spec", IN_SPEC, "SPEC", 0, 0, "inf:D/D|cav:D|foot-art|*:W:N", NULL,
	  "a spec", "", 0 },
	{ "unit", IN_UNIT, "UNIT", 0, 0, NULL, NULL, NULL, "", IN_REPEAT },
	{ "note", IN_TEXT, "TEXT", 0, 0, NULL, NULL, NULL, "", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL, NULL, 0 },
};

/* Parses a space-separated line; returns the status. */
static int
parse(struct inputs *in, const char *line)
{
	static char buf[512];
	char *argv[64];
	int argc = 0;

	snprintf(buf, sizeof buf, "%s", line);
	for (char *t = strtok(buf, " "); t != NULL && argc < 63; t = strtok(NULL, " "))
		argv[argc++] = t;
	inputs_init(in, "brigade", "fire", decls, NULL);
	return inputs_parse_argv(in, argc, argv);
}

static struct inputs in, other;

static void
names_before_values(void **state)
{
	(void)state;
	/* An unknown option is usage (64) even after a bad value (65). */
	assert_int_equal(parse(&in, "--firers x --bogus 1"), INPUTS_USAGE);
	assert_string_equal(in.error.text, "unknown option '--bogus' for brigade fire (see 'umpire fire --rules brigade --help')");
	assert_int_equal(parse(&in, "--firers x"), INPUTS_DATA);
	assert_string_equal(in.error.text, "--firers: 'x' is not a whole number; expected 0 to 100");
	assert_int_equal(parse(&in, "--firers 1 --firers 2"), INPUTS_USAGE);
	assert_int_equal(parse(&in, "--moving=yes"), INPUTS_USAGE);
	assert_int_equal(parse(&in, "--firers"), INPUTS_USAGE);
	assert_string_equal(in.error.text, "option '--firers' needs a value: --firers N");
	/* an option where a value should stand: the value is missing */
	assert_int_equal(parse(&in, "--firers --moving"), INPUTS_USAGE);
	assert_string_equal(in.error.text, "option '--firers' needs a value: --firers N");
	/* a misspelt option is told the options near it */
	assert_int_equal(parse(&in, "--firer 3"), INPUTS_USAGE);
	assert_string_equal(in.error.text, "unknown option '--firer' for brigade fire (did you mean '--firers'? see 'umpire fire --rules brigade --help')");
	assert_int_equal(parse(&in, "firers 1"), INPUTS_USAGE);
}

static void
kinds_of_values(void **state)
{
	(void)state;
	assert_int_equal(parse(&in, "--firers 100 --distance 11.5cm --factor 1.5 --moving"), 0);
	assert_int_equal(in_count(&in, "firers"), 100);
	assert_true(in_number(&in, "distance") > 4.52 && in_number(&in, "distance") < 4.53);
	assert_true(in_number(&in, "factor") == 1.5);
	assert_true(in_flag(&in, "moving"));
	/* The default is set, not given. */
	assert_string_equal(in_text(&in, "weapon"), "musket");
	assert_false(in_given(&in, "weapon"));
	assert_int_equal(parse(&in, "--firers 101"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--firers -1"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--distance nan"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--distance 1001"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--factor 2.5"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--weapon bow"), INPUTS_DATA);
	assert_string_equal(in.error.text, "--weapon: 'bow' is not one of musket, rifle");
	assert_int_equal(parse(&in, "--crew 3,2,1"), 0);
	assert_int_equal(in_nitems(&in, "crew"), 3);
	assert_int_equal(parse(&in, "--crew 3,4"), INPUTS_DATA);
}

static void
modifiers_against_their_table(void **state)
{
	struct tableset ts = table_stock_set();
	struct in_item it;

	(void)state;
	assert_int_equal(parse(&in, "--mod hard-cover,enfilade --mod target-square"), 0);
	assert_int_equal(inputs_check_mods(&in, &ts), 0);
	assert_int_equal(in_nitems(&in, "mod"), 3);
	assert_true(in_item(&in, "mod", 2, &it));
	assert_string_equal(it.name, "target-square");
	assert_true(in_mod(&in, "mod", "enfilade"));
	assert_false(in_mod(&in, "mod", "close"));
	/* Modifiers umpire applies itself are not named. */
	assert_int_equal(parse(&in, "--mod close"), 0);
	assert_int_equal(inputs_check_mods(&in, &ts), INPUTS_DATA);
	assert_int_equal(parse(&in, "--mod enfilade,enfilade"), 0);
	assert_int_equal(inputs_check_mods(&in, &ts), INPUTS_DATA);
	assert_string_equal(in.error.text, "--mod: modifier 'enfilade' is named twice");
}

/* A modifier a game implies is checked with the typed ones: it may be one
 * the rules apply themselves (close), but its table must hold it. */
static void
implied_modifiers_against_their_table(void **state)
{
	struct tableset ts = table_stock_set();

	(void)state;
	assert_int_equal(parse(&in, "--mod enfilade"), 0);
	assert_int_equal(inputs_add_mod(&in, "mod", "close"), INPUTS_OK);
	assert_int_equal(inputs_check_mods(&in, &ts), INPUTS_OK);
	assert_int_equal(inputs_add_mod(&in, "mod", "no-such-modifier"), INPUTS_OK);
	assert_int_equal(inputs_check_mods(&in, &ts), INPUTS_DATA);
	assert_int_equal(in.error.code, INPUTS_DATA);
	assert_string_equal(in.error.text,
	    "the fire-modifiers table has no modifier 'no-such-modifier'");
}

static void
spec_items_are_typed(void **state)
{
	struct in_item it;

	(void)state;
	assert_int_equal(parse(&in, "--spec inf:d8/d6,cav:d10,foot-art,Kempt:british:16"), 0);
	assert_int_equal(in_nitems(&in, "spec"), 4);
	assert_true(in_item(&in, "spec", 0, &it));
	assert_int_equal(it.nparts, 3);
	assert_string_equal(in_part_word(&in, &it.part[0]), "inf");
	assert_int_equal(it.part[1].die, DIE_D8);
	assert_int_equal(it.part[2].die, DIE_D6);
	assert_true(in_item(&in, "spec", 3, &it));
	assert_string_equal(in_part_word(&in, &it.part[0]), "Kempt");
	assert_string_equal(in_part_word(&in, &it.part[1]), "british");
	assert_int_equal(it.part[2].kind, PART_COUNT);
	assert_int_equal(it.part[2].n, 16);
	assert_int_equal(parse(&in, "--spec inf:d8"), INPUTS_DATA);
	assert_string_equal(in.error.text, "--spec: 'inf:d8' is not a spec");
	assert_int_equal(parse(&in, "--spec cav:d7"), INPUTS_DATA);
	assert_int_equal(parse(&in, "--spec cav:d3"), INPUTS_DATA);
}

/* A filled struct inputs holds no pointer into itself: a copy reads the
 * same, after the original is wiped. */
static void
inputs_move_freely(void **state)
{
	struct inputs *moved = malloc(sizeof *moved);
	struct in_item it;

	(void)state;
	assert_non_null(moved);
	assert_int_equal(parse(&in, "--note hello --unit Kempt --unit Pack --spec cav:d10"), 0);
	memcpy(moved, &in, sizeof in);
	memset(&in, 0xa5, sizeof in);
	assert_string_equal(in_text(moved, "note"), "hello");
	assert_true(in_item(moved, "unit", 1, &it));
	assert_string_equal(it.name, "Pack");
	assert_true(in_item(moved, "spec", 0, &it));
	assert_string_equal(in_part_word(moved, &it.part[0]), "cav");
	free(moved);
}

/* A packed copy reads as the original in every accessor, from exactly
 * the bytes it takes (an allocation of that size: AddressSanitizer would
 * see a read beyond it), and is far smaller than a full inputs. */
static void
packed_copy_reads_the_same(void **state)
{
	char full[1024], packed_json[1024];
	const struct inputs *p;
	struct in_item it, pt;
	struct jsonw w;
	void *room;

	(void)state;
	assert_int_equal(parse(&in, "--firers 16 --crew 3,2 --moving --note hello "
	    "--unit Kempt --unit Pack --spec Kempt:british:16"), 0);
	assert_true(inputs_packed_size(&in) < sizeof in / 8);
	assert_int_equal(inputs_packed_size(&in) % 8, 0);
	room = malloc(inputs_packed_size(&in));
	assert_non_null(room);
	p = inputs_pack(&in, room);
	assert_int_equal(in_count(p, "firers"), 16);
	assert_true(in_flag(p, "moving"));
	assert_false(in_given(p, "distance"));
	assert_string_equal(in_text(p, "note"), "hello");
	assert_string_equal(in_text(p, "weapon"), "musket");
	assert_int_equal(in_nitems(p, "unit"), 2);
	assert_true(in_item(p, "unit", 1, &pt));
	assert_string_equal(pt.name, "Pack");
	assert_true(in_item(&in, "spec", 0, &it));
	assert_true(in_item(p, "spec", 0, &pt));
	assert_int_equal(pt.nparts, it.nparts);
	assert_string_equal(in_part_word(p, &pt.part[1]), "british");
	assert_int_equal(pt.part[2].n, 16);
	jsonw_init(&w, full, sizeof full);
	jsonw_object(&w, NULL);
	inputs_json(&in, NULL, NULL, &w);
	jsonw_object_end(&w);
	jsonw_init(&w, packed_json, sizeof packed_json);
	jsonw_object(&w, NULL);
	inputs_json(p, NULL, NULL, &w);
	jsonw_object_end(&w);
	assert_string_equal(packed_json, full);
	/* The original may go: the copy owns what it holds. */
	memset(&in, 0xa5, sizeof in);
	assert_string_equal(in_text(p, "note"), "hello");
	free(room);
}

static void
typed_setters_and_fills(void **state)
{
	(void)state;
	assert_int_equal(parse(&in, "--firers 12"), 0);
	/* A fill keeps what the umpire typed. */
	inputs_default_count(&in, "firers", 40);
	inputs_default_count(&in, "crew", 3);
	inputs_default_word(&in, "weapon", "rifle");
	inputs_default_flag(&in, "moving");
	assert_int_equal(in.failed, 0);
	assert_int_equal(in_count(&in, "firers"), 12);
	assert_int_equal(in_count(&in, "crew"), 3);
	assert_string_equal(in_text(&in, "weapon"), "rifle");
	assert_true(in_flag(&in, "moving"));
	assert_true(in_typed(&in, "firers"));
	assert_false(in_typed(&in, "weapon"));
	/* A refused fill sticks, and later fills wait. */
	inputs_default_word(&in, "note", "x");
	assert_int_equal(parse(&in, ""), 0);
	inputs_default_count(&in, "firers", 1000);
	assert_int_equal(in.failed, INPUTS_DATA);
	inputs_default_word(&in, "weapon", "rifle");
	assert_string_equal(in_text(&in, "weapon"), "musket");
	assert_int_equal(parse(&in, ""), 0);
	assert_int_equal(inputs_add_mod(&in, "mod", "enfilade"), 0);
	assert_int_equal(inputs_add_mod(&in, "mod", "enfilade"), 0);
	assert_int_equal(in_nitems(&in, "mod"), 1);
	assert_int_equal(inputs_set_count(&in, "firers", 101), INPUTS_DATA);
	assert_int_equal(inputs_set_number(&in, "firers", 2.5), INPUTS_DATA);
	assert_int_equal(inputs_set_word(&in, "weapon", "bow"), INPUTS_DATA);
	assert_int_equal(inputs_set_flag(&in, "nothing"), INPUTS_USAGE);
}

/* What inputs_json writes, read back leaf by leaf, is the same inputs. */
static void
stored_json_round_trip(void **state)
{
	char buf[1024];
	struct jsonw w;

	(void)state;
	assert_int_equal(parse(&in, "--firers 16 --crew 3,2 --weapon rifle --moving --mod enfilade --distance 4.5"), 0);
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	inputs_json(&in, NULL, NULL, &w);
	jsonw_object_end(&w);
	assert_string_equal(buf, "{\"firers\":16,\"crew\":[3,2],\"distance\":4.5,"
	    "\"weapon\":\"rifle\",\"moving\":true,\"mod\":[\"enfilade\"]}");
	inputs_init(&other, "brigade", "fire", decls, NULL);
	assert_int_equal(inputs_set_json(&other, "firers", JSON_LEAF_INTEGER, "16", 16, 16), 0);
	assert_int_equal(inputs_set_json(&other, "crew", JSON_LEAF_INTEGER, "3", 3, 3), 0);
	assert_int_equal(inputs_set_json(&other, "crew", JSON_LEAF_INTEGER, "2", 2, 2), 0);
	assert_int_equal(inputs_set_json(&other, "distance", JSON_LEAF_REAL, "4.5", 4, 4.5), 0);
	assert_int_equal(inputs_set_json(&other, "weapon", JSON_LEAF_TEXT, "rifle", 0, 0), 0);
	assert_int_equal(inputs_set_json(&other, "moving", JSON_LEAF_TRUE, NULL, 0, 0), 0);
	assert_int_equal(inputs_set_json(&other, "mod", JSON_LEAF_TEXT, "enfilade", 0, 0), 0);
	/* A game of umpire 0.1 kept counts as text. */
	assert_int_equal(inputs_set_json(&other, "firers", JSON_LEAF_TEXT, "16", 0, 0), 0);
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	inputs_json(&other, NULL, NULL, &w);
	jsonw_object_end(&w);
	assert_string_equal(buf, "{\"firers\":16,\"crew\":[3,2],\"distance\":4.5,"
	    "\"weapon\":\"rifle\",\"moving\":true,\"mod\":[\"enfilade\"]}");
	assert_int_equal(inputs_set_json(&other, "weapon", JSON_LEAF_TEXT, "bow", 0, 0),
	    INPUTS_DATA);
}

/* A comma list is stored as a JSON array and read back element by
 * element: every element is kept, and so is the list when copied. */
static void
stored_list_keeps_every_element(void **state)
{
	char buf[1024];
	struct jsonw w;

	(void)state;
	assert_int_equal(parse(&in, "--spec inf:d8/d6,cav:d10,foot-art"), 0);
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	inputs_json(&in, NULL, NULL, &w);
	jsonw_object_end(&w);
	assert_string_equal(buf, "{\"spec\":[\"inf:d8/d6\",\"cav:d10\",\"foot-art\"]}");
	inputs_init(&other, "brigade", "fire", decls, NULL);
	assert_int_equal(inputs_set_json(&other, "spec", JSON_LEAF_TEXT, "inf:d8/d6", 0, 0), 0);
	assert_int_equal(inputs_set_json(&other, "spec", JSON_LEAF_TEXT, "cav:d10", 0, 0), 0);
	assert_int_equal(inputs_set_json(&other, "spec", JSON_LEAF_TEXT, "foot-art", 0, 0), 0);
	assert_int_equal(in_nitems(&other, "spec"), 3);
	assert_string_equal(in_text(&other, "spec"), "inf:d8/d6,cav:d10,foot-art");
	assert_int_equal(parse(&in, "--firers 3"), 0);
	assert_int_equal(inputs_copy(&in, &other, "spec"), 0);
	assert_int_equal(in_nitems(&in, "spec"), 3);
}

static void
copy_one_option(void **state)
{
	(void)state;
	assert_int_equal(parse(&other, "--firers 16 --unit A --unit B"), 0);
	assert_int_equal(parse(&in, "--firers 3 --unit C"), 0);
	assert_int_equal(inputs_copy(&in, &other, "unit"), 0);
	assert_int_equal(in_nitems(&in, "unit"), 2);
	assert_int_equal(in_count(&in, "firers"), 3);
	assert_int_equal(inputs_copy(&in, &other, "firers"), 0);
	assert_int_equal(in_count(&in, "firers"), 16);
}

/* A rule set's fill hook as they are written: each setter's status kept.
 * MOD_OPTION is the option it fills the modifier into. */
static void
fill_like_a_hook(struct inputs *to, const char *mod_option)
{
	inputs_keep(to, inputs_add_mod(to, mod_option, "elite"));
	inputs_keep(to, inputs_add_count(to, "crew", 2));
}

/* A fill hook that names an option the command does not declare (a
 * misspelt "mods") fails the ruling with the sentence, where its dropped
 * status once left the modifier out without a word; what it fills after
 * the failure does not hide it. */
static void
misspelt_fill_fails(void **state)
{
	(void)state;
	assert_int_equal(parse(&in, "--firers 3"), 0);
	fill_like_a_hook(&in, "mod");
	assert_int_equal(in.failed, 0);
	assert_true(in_mod(&in, "mod", "elite"));
	assert_int_equal(parse(&in, "--firers 3"), 0);
	fill_like_a_hook(&in, "mods");
	assert_int_equal(in.failed, INPUTS_USAGE);
	assert_string_equal(in.error.text, "no option '--mods' for fire");
	assert_false(in_mod(&in, "mod", "elite"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_before_values),
		cmocka_unit_test(kinds_of_values),
		cmocka_unit_test(modifiers_against_their_table),
		cmocka_unit_test(implied_modifiers_against_their_table),
		cmocka_unit_test(spec_items_are_typed),
		cmocka_unit_test(inputs_move_freely),
		cmocka_unit_test(packed_copy_reads_the_same),
		cmocka_unit_test(typed_setters_and_fills),
		cmocka_unit_test(stored_json_round_trip),
		cmocka_unit_test(stored_list_keeps_every_element),
		cmocka_unit_test(copy_one_option),
		cmocka_unit_test(misspelt_fill_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
