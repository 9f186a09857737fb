/* Unit tests of core/text.c: clean text, Unicode folding of names, the
 * one name look-up with its "did you mean", and display width. */
#include <stdlib.h>

#include "unit.h"
#include "text.h"

/* s folded (static). */
static const char *
folded(const char *s)
{
	static char out[TEXT_FOLDED];

	text_fold(s, out, sizeof out);
	return out;
}

/* Real names as a person types them fold to what a person expects:
 * case, accents (precomposed or combining), ligatures, compatibility
 * forms and typographic apostrophes aside. */
static void
real_names(void **state)
{
	(void)state;
	assert_string_equal(folded("Piré"), "pire");
	assert_string_equal(folded("PIRÉ"), "pire");
	assert_string_equal(folded("Pire\xcc\x81"), "pire");	/* e + U+0301 */
	assert_string_equal(folded("Lefebvre-Desnouettes"), "lefebvre-desnouettes");
	assert_string_equal(folded("Lefebvre\xe2\x80\x90" "Desnouettes"),
	    "lefebvre-desnouettes");	/* U+2010 hyphen */
	assert_string_equal(folded("d'Erlon"), "d'erlon");
	assert_string_equal(folded("d\xe2\x80\x99" "Erlon"), "d'erlon");	/* ’ */
	assert_string_equal(folded("Blücher"), "blucher");
	assert_string_equal(folded("Bülow"), "bulow");
	assert_string_equal(folded("Müffling"), "muffling");
	assert_string_equal(folded("Würtemberg"), "wurtemberg");
	assert_string_equal(folded("Wu\xcc\x88rttemberg"), "wurttemberg");	/* u + U+0308 */
	assert_string_equal(folded("Łódź"), "lodz");
	assert_string_equal(folded("Poniatowski's Ułans"), "poniatowski's ulans");
	assert_string_equal(folded("Œuvre"), "oeuvre");
	assert_string_equal(folded("œuvre"), "oeuvre");
	assert_string_equal(folded("Ægidius"), "aegidius");
	assert_string_equal(folded("Straße"), "strasse");
	assert_string_equal(folded("STRASSE"), "strasse");
	assert_string_equal(folded("\xef\xac\x81" "eld"), "field");	/* ﬁ ligature */
	assert_string_equal(folded("\xef\xbc\xab" "empt"), "kempt");	/* full-width Ｋ */
	assert_string_equal(folded("Кутузов"), "кутузов");
	assert_string_equal(folded("КУТУЗОВ"), "кутузов");
	assert_string_equal(folded("ΣΟΥΛΤ"), folded("σουλτ"));
	assert_string_equal(folded("Ørsted"), "orsted");
	assert_string_equal(folded("Kutúzov"), "kutuzov");
	/* A soft hyphen is ignorable; a no-break space is a space. */
	assert_string_equal(folded("Kem\xc2\xadpt"), "kempt");
	assert_string_equal(folded("La\xc2\xa0Haye"), "la haye");
	/* Text that is not UTF-8 folds by ASCII case only. */
	assert_string_equal(folded("PIR\xe9"), "pir\xe9");
}

/* The folding is cut at a whole character and always terminated. */
static void
fold_cut(void **state)
{
	char small[6];

	(void)state;
	text_fold("Straße", small, sizeof small);
	assert_string_equal(small, "stras");
	text_fold("Кутузов", small, sizeof small);
	assert_string_equal(small, "ку");	/* 4 bytes: a third letter would not fit */
	text_fold("", small, sizeof small);
	assert_string_equal(small, "");
}

/* The phrase why s cannot be kept, as text_unclean sets it; NULL when s
 * is clean. */
static const char *
why_unclean(const char *s)
{
	static struct error e;

	if (text_unclean(s, &e, 3) == 0)
		return NULL;
	assert_int_equal(e.code, 3);
	return e.text;
}

/* Clean text: valid UTF-8 without C0, DEL or C1 control characters. */
static void
unclean(void **state)
{
	(void)state;
	assert_null(why_unclean("Piré d’Erlon 😀"));
	assert_null(why_unclean(""));
	assert_string_equal(why_unclean("A\033[31m"),
	    "holds a control character (U+001B)");
	assert_string_equal(why_unclean("A\tB"),
	    "holds a control character (U+0009)");
	assert_string_equal(why_unclean("A\x7f"),
	    "holds a control character (U+007F)");
	assert_string_equal(why_unclean("A\xc2\x9b"),
	    "holds a control character (U+009B)");	/* C1, encoded */
	assert_string_equal(why_unclean("AB\xff"),
	    "is not valid UTF-8 (byte 3)");
	assert_string_equal(why_unclean("A\x9b"),
	    "is not valid UTF-8 (byte 2)");	/* C1, a bare byte */
	assert_string_equal(why_unclean("\xc0\xaf"),
	    "is not valid UTF-8 (byte 1)");	/* overlong '/' */
	assert_string_equal(why_unclean("\xe0\x80\xaf"),
	    "is not valid UTF-8 (byte 1)");	/* overlong, 3 bytes */
	assert_string_equal(why_unclean("x\xed\xa0\x80"),
	    "is not valid UTF-8 (byte 2)");	/* surrogate U+D800 */
	assert_string_equal(why_unclean("\xf4\x90\x80\x80"),
	    "is not valid UTF-8 (byte 1)");	/* past U+10FFFF */
	assert_string_equal(why_unclean("Pir\xc3"),
	    "is not valid UTF-8 (byte 4)");	/* cut short */
}

static void
padded(void **state)
{
	(void)state;
	assert_false(text_padded("Ney"));
	assert_false(text_padded("La Haye Sainte"));
	assert_false(text_padded(""));
	assert_true(text_padded(" Ney"));
	assert_true(text_padded("Ney "));
	assert_true(text_padded(" "));
	assert_true(text_padded("Ney\xc2\xa0"));	/* no-break space */
	assert_true(text_padded("\xe3\x80\x80Ney"));	/* ideographic space */
}

static void
width(void **state)
{
	(void)state;
	assert_int_equal(text_width("Kempt"), 5);
	assert_int_equal(text_width("Piré"), 4);
	assert_int_equal(text_width("Pire\xcc\x81"), 4);	/* the mark takes no column */
	assert_int_equal(text_width("Кутузов"), 7);
	assert_int_equal(text_width("東郷"), 4);
	assert_int_equal(text_width(""), 0);
	assert_int_equal(text_width("A\xff"), 2);
}

struct named {
	char name[32];
	int strength;	/* a field after the name: the stride is the struct's */
};

static const struct named army[] = {
	{ "Kempt", 0 }, { "Pack", 0 }, { "Piré", 0 }, { "Bachelu", 0 },
	{ "d’Erlon", 0 }, { "Кутузов", 0 },
};

/* The look-up of name among a's first n names; its error in e->text. */
static int
find(const struct named *a, int n, const char *name, struct error *e)
{
	int i = text_find_name("unit", name, a[0].name, sizeof a[0], n, e, 3);

	if (i < 0)
		assert_int_equal(e->code, 3);
	return i;
}

/* Names act only when whole: exact, else folded; a prefix or a near name
 * is "not found" with what was meant. */
static void
find_name(void **state)
{
	struct error err;
	int n = (int)(sizeof army / sizeof army[0]);

	(void)state;
	assert_int_equal(find(army, n, "Pack", &err), 1);
	assert_int_equal(find(army, n, "pire", &err), 2);
	assert_int_equal(find(army, n, "PIRE\xcc\x81", &err), 2);
	assert_int_equal(find(army, n, "d'erlon", &err), 4);
	assert_int_equal(find(army, n, "КУТУЗОВ", &err), 5);
	assert_int_equal(find(army, n, "kemp", &err), -1);
	assert_string_equal(err.text, "no unit is named 'kemp': did you mean 'Kempt'?");
	assert_int_equal(find(army, n, "P", &err), -1);
	assert_string_equal(err.text, "no unit is named 'P': did you mean 'Pack' or 'Piré'?");
	assert_int_equal(find(army, n, "Bachelo", &err), -1);
	assert_string_equal(err.text, "no unit is named 'Bachelo': did you mean 'Bachelu'?");
	assert_int_equal(find(army, n, "Wellington", &err), -1);
	assert_string_equal(err.text, "no unit is named 'Wellington' ('umpire unit list' lists them)");
	assert_int_equal(find(army, n, "", &err), -1);
	assert_string_equal(err.text, "no unit is named '' ('umpire unit list' lists them)");
	assert_int_equal(find(army, n, "A\033B", &err), -1);
	assert_string_equal(err.text, "unit name holds a control character (U+001B)");
	assert_int_equal(find(army, 0, "Pack", &err), -1);
	assert_string_equal(err.text, "no unit is named 'Pack' ('umpire unit list' lists them)");
}

/* The nearest names first: names the one typed begins before a name a
 * letter away, in the army's order among equals; at most three. */
static void
find_nearest(void **state)
{
	static const struct named near[] = {
		{ "Bxa", 0 }, { "Bay", 0 }, { "Bbbb", 0 }, { "Bazooka", 0 }, { "Baxa", 0 },
	};
	struct error err;

	(void)state;
	assert_int_equal(find(near, 2, "ba", &err), -1);
	assert_string_equal(err.text, "no unit is named 'ba': did you mean 'Bay' or 'Bxa'?");
	assert_int_equal(find(near, 5, "ba", &err), -1);
	assert_string_equal(err.text, "no unit is named 'ba': did you mean 'Bay', 'Bazooka' or 'Baxa'?");
}

/* A later word of a name, as the table says it ("Ricard" of "Brigade
 * Ricard"), is offered after the nearer names, and never acts. */
static void
find_by_word(void **state)
{
	static const struct named brigades[] = {
		{ "Brigade Ricard", 0 }, { "Brigade Hervo", 0 }, { "Ricardo", 0 },
		{ "Grenz-Brigade Vécsey", 0 },
	};
	struct error err;

	(void)state;
	assert_int_equal(find(brigades, 3, "ricard", &err), -1);
	assert_string_equal(err.text, "no unit is named 'ricard': did you mean 'Ricardo' or 'Brigade Ricard'?");
	assert_int_equal(find(brigades, 4, "Vecsey", &err), -1);
	assert_string_equal(err.text, "no unit is named 'Vecsey': did you mean 'Grenz-Brigade Vécsey'?");
	/* two letters are too few to be a word's beginning */
	assert_int_equal(find(brigades, 2, "he", &err), -1);
	assert_string_equal(err.text, "no unit is named 'he' ('umpire unit list' lists them)");
}

/* An older game may hold names that fold alike: typed exactly, each
 * acts; typed otherwise, neither does. */
static void
find_alike(void **state)
{
	static const struct named old[] = {
		{ "Piré", 0 }, { "Pire", 0 }, { "PIRE", 0 },
	};
	struct error err;

	(void)state;
	assert_int_equal(find(old, 3, "Piré", &err), 0);
	assert_int_equal(find(old, 3, "Pire", &err), 1);
	assert_int_equal(find(old, 3, "PIRE", &err), 2);
	assert_int_equal(find(old, 3, "pire", &err), -1);
	assert_string_equal(err.text, "unit 'pire' is ambiguous: it matches both 'Piré' and 'Pire' (an older umpire let both in); type the name exactly");
}

/* Each group of spellings of one real name folds to one form, whatever
 * the case, accents (precomposed or combining) and ligatures typed, and
 * the look-up finds the name from every spelling. */
static void
spellings_fold_alike(void **state)
{
	static const char *const groups[][6] = {
		{ "pire", "Piré", "Pire", "PIRE", "Pire\xcc\x81", "PIRE\xcc\x81" },
		{ "oeuvre", "Œuvre", "OEUVRE", "oeuvre", "Oeuvre", NULL },
		{ "strasse", "Straße", "STRASSE", "Strasse", NULL },
		{ "orsted", "Ørsted", "ØRSTED", "Orsted", NULL },
		{ "aegidius", "Ægidius", "AEGIDIUS", "ægidius", NULL },
		{ "lodz", "Łódź", "ŁÓDŹ", "Lodz", "L\xc3\xb3" "dz\xcc\x81", NULL },
		{ "istanbul", "İstanbul", "ISTANBUL", "istanbul", NULL },
		{ "lowenstein", "Löwenstein", "LÖWENSTEIN", "Lo\xcc\x88wenstein", "Lowenstein", NULL },
		{ "swierczewski", "Świerczewski", "ŚWIERCZEWSKI", "Swierczewski", NULL },
		{ "d'erlon", "d'Erlon", "D'ERLON", "d\xe2\x80\x99" "Erlon", NULL },
		{ "nansouty", "Nansouty", "NANSOUTY", "nansouty", NULL },
	};
	static const char names[][16] = { "Piré", "Œuvre", "Straße", "Ørsted", "Ægidius", "Łódź",
	    "İstanbul", "Löwenstein", "Świerczewski", "d'Erlon", "Nansouty" };
	struct error err;

	(void)state;
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
		for (int k = 1; k < 6 && groups[g][k] != NULL; k++) {
			assert_string_equal(folded(groups[g][k]), groups[g][0]);
			assert_int_equal(text_find_name("unit", groups[g][k], names[0],
			    sizeof names[0], 11, &err, 3), (int)g);
		}
	/* Names alike but not the same stay apart. */
	assert_string_equal(folded("Pira"), "pira");
	assert_string_equal(folded("Nansoutz"), "nansoutz");
	assert_int_equal(text_find_name("unit", "Pira", names[0], sizeof names[0], 11,
	    &err, 3), -1);
}

/* Padding by the columns a text takes, and stored words as text. */
static void
cells_and_words(void **state)
{
	char buf[64], words[32];
	struct text_line l;

	(void)state;
	line_init(&l, buf, sizeof buf);
	line_cell(&l, "Pire\xcc\x81", -6);	/* 4 columns, 2 spaces */
	line_char(&l, '|');
	line_cell(&l, "東郷", 6);		/* 4 columns, 2 spaces before */
	line_char(&l, '|');
	line_cell(&l, "Œuvre", -5);
	line_char(&l, '|');
	assert_string_equal(buf, "Pire\xcc\x81  |  東郷|Œuvre|");
	assert_string_equal(text_words("good_order", words, sizeof words), "good order");
	assert_string_equal(text_words("fall_back", words, sizeof words), "fall back");
	assert_string_equal(text_words("ok", words, sizeof words), "ok");
}

/* A fixed line cuts off what does not fit; a growing one keeps it all. */
static void
growing_line(void **state)
{
	char buf[8], want[1001];
	struct text_line l;

	(void)state;
	line_init(&l, buf, sizeof buf);
	line_text(&l, "abcdefghij", 0);
	line_char(&l, 'k');
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(line_init_growing(&l), 0);
	for (int i = 0; i < 100; i++)
		line_text(&l, "0123456", -10);	/* 7 bytes and 3 spaces */
	for (int i = 0; i < 100; i++)
		memcpy(want + 10 * i, "0123456   ", 10);
	want[1000] = '\0';
	assert_int_equal(l.len, 1000);
	assert_false(l.no_memory);
	assert_string_equal(l.buf, want);
	free(l.buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_names),
		cmocka_unit_test(fold_cut),
		cmocka_unit_test(unclean),
		cmocka_unit_test(padded),
		cmocka_unit_test(width),
		cmocka_unit_test(find_name),
		cmocka_unit_test(find_nearest),
		cmocka_unit_test(find_by_word),
		cmocka_unit_test(find_alike),
		cmocka_unit_test(spellings_fold_alike),
		cmocka_unit_test(cells_and_words),
		cmocka_unit_test(growing_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
