/* Unit tests of core/jsonr.c (the stored JSON objects read back) and of
 * the line builder of core/text.c. */
#include "unit.h"
#include "jsonr.h"
#include "jsonw.h"
#include "text.h"

/* Every leaf as "key=type:text|" into a buffer. */
struct seen {
	char out[1024];
	int stop_at;		/* stop (answer 1) at this leaf, 0: never */
	int n;
};

static int
collect(void *ctx, const char *key, enum json_leaf type, const char *text,
    long long i, double d)
{
	static const char *const names[] = { "text", "int", "real", "true",
	    "false", "null" };
	struct seen *s = ctx;
	size_t len = strlen(s->out);

	if (type == JSON_LEAF_INTEGER)
		snprintf(s->out + len, sizeof s->out - len, "%s=int:%lld|", key, i);
	else if (type == JSON_LEAF_REAL)
		snprintf(s->out + len, sizeof s->out - len, "%s=real:%g|", key, d);
	else
		snprintf(s->out + len, sizeof s->out - len, "%s=%s:%s|", key,
		    names[type], text);
	return ++s->n == s->stop_at;
}

static const char *
leaves(const char *json)
{
	static struct seen s;
	char why[200];

	memset(&s, 0, sizeof s);
	if (jsonr_leaves(json, collect, &s, why, sizeof why) != 0)
		snprintf(s.out, sizeof s.out, "error: %s", why);
	return s.out;
}

static void
objects(void **state)
{
	(void)state;
	assert_string_equal(leaves("{}"), "");
	assert_string_equal(leaves(" { } "), "");
	assert_string_equal(leaves("{\"class\":\"british\",\"units\":4,\"elite\":true}"),
	    "class=text:british|units=int:4|elite=true:true|");
	assert_string_equal(leaves("{\"battalion\":[\"1st:british\",\"2nd:french:20\"]}"),
	    "battalion=text:1st:british|battalion=text:2nd:french:20|");
	assert_string_equal(leaves("{\"dice\":[4, 3 ,6],\"none\":[]}"),
	    "dice=int:4|dice=int:3|dice=int:6|");
	assert_string_equal(leaves("{\"range\":2.5,\"far\":-1e2,\"off\":false,\"x\":null}"),
	    "range=real:2.5|far=real:-100|off=false:false|x=null:null|");
	/* Beyond 64 bits an integer is a real, as SQLite reads it. */
	assert_string_equal(leaves("{\"n\":99999999999999999999}"), "n=real:1e+20|");
	assert_string_equal(leaves("{\"n\":-9223372036854775808}"),
	    "n=int:-9223372036854775808|");
}

static void
strings(void **state)
{
	(void)state;
	assert_string_equal(leaves("{\"name\":\"Pir\\u00e9 \\\"le\\\" \\\\ \\/\"}"),
	    "name=text:Piré \"le\" \\ /|");
	assert_string_equal(leaves("{\"name\":\"Piré\"}"), "name=text:Piré|");
	assert_string_equal(leaves("{\"g\":\"\\ud83c\\udff0\"}"), "g=text:\xf0\x9f\x8f\xb0|");
	assert_string_equal(leaves("{\"t\":\"a\\tb\\nc\"}"), "t=text:a\tb\nc|");
}

static void
refusals(void **state)
{
	(void)state;
	assert_string_equal(leaves(""), "error: an object expected at byte 1");
	assert_string_equal(leaves("[1]"), "error: an object expected at byte 1");
	assert_string_equal(leaves("{\"a\":1"), "error: ',' or '}' expected at byte 7");
	assert_string_equal(leaves("{\"a\":1}x"), "error: text after the object at byte 8");
	assert_string_equal(leaves("{\"a\":{\"b\":1}}"),
	    "error: a value nested too deep at byte 6");
	assert_string_equal(leaves("{\"a\":[[1]]}"), "error: a value nested too deep at byte 7");
	assert_string_equal(leaves("{\"a\":01}"), "error: a bad number at byte 6");
	assert_string_equal(leaves("{\"a\":1.}"), "error: a bad number at byte 6");
	assert_string_equal(leaves("{\"a\":tru}"), "error: a value expected at byte 6");
	assert_string_equal(leaves("{\"a\":\"x}"), "error: an unterminated string at byte 9");
	assert_string_equal(leaves("{\"a\":\"\\q\"}"), "error: a bad escape in a string at byte 8");
	assert_string_equal(leaves("{\"a\":\"\\u00\"}"),
	    "error: a \\u escape without four hex digits at byte 11");
	assert_string_equal(leaves("{\"a\":\"\\u0000\"}"), "error: a NUL character at byte 7");
	assert_string_equal(leaves("{\"a\":\"\\udc00\"}"), "error: a lone low surrogate at byte 7");
	assert_string_equal(leaves("{\"a\":\"\\ud800x\"}"),
	    "error: a lone high surrogate at byte 7");
	assert_string_equal(leaves("{\"a\":\"\x01\"}"),
	    "error: a control character in a string at byte 7");
	assert_string_equal(leaves("{\"a\":\"\\ud800\\u0041\"}"),
	    "error: a high surrogate without its low half at byte 7");
	assert_string_equal(leaves("{1:2}"), "error: a string expected at byte 2");
}

/* The callback stops the walk with its answer. */
static void
stops(void **state)
{
	struct seen s;
	char why[200];

	(void)state;
	memset(&s, 0, sizeof s);
	s.stop_at = 2;
	assert_int_equal(jsonr_leaves("{\"a\":1,\"b\":2,\"c\":3}", collect, &s, why,
	    sizeof why), 1);
	assert_string_equal(s.out, "a=int:1|b=int:2|");
}

/* What jsonw writes, jsonr reads back. */
static void
round_trip(void **state)
{
	char buf[512];
	struct jsonw w;

	(void)state;
	jsonw_init(&w, buf, sizeof buf);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "name", "Ney \"the bravest\"\n\x01");
	jsonw_int(&w, "units", -3);
	jsonw_array(&w, "list");
	jsonw_string(&w, NULL, "a");
	jsonw_number(&w, NULL, 0.25);
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	assert_string_equal(leaves(buf),
	    "name=text:Ney \"the bravest\"\n\x01|units=int:-3|list=text:a|list=real:0.25|");
}

static void
lines(void **state)
{
	char buf[16], small[6];
	struct text_line l;

	(void)state;
	line_init(&l, buf, sizeof buf);
	line_text(&l, "ab", -4);
	line_long(&l, 7, 3);
	line_text(&l, "/", 0);
	line_long(&l, -12, -4);
	line_text(&l, "|", 0);
	assert_string_equal(buf, "ab    7/-12 |");
	/* What does not fit is cut off, always terminated. */
	line_init(&l, small, sizeof small);
	line_text(&l, "abc", 5);
	line_text(&l, "def", 0);
	assert_string_equal(small, "  abc");
	text_long(small, sizeof small, -1234);
	assert_string_equal(small, "-1234");
	text_long(small, sizeof small, 123456);
	assert_string_equal(small, "12345");
	text_copy(small, sizeof small, "Wellington");
	assert_string_equal(small, "Welli");
	text_copy(small, sizeof small, "");
	assert_string_equal(small, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(objects),
		cmocka_unit_test(strings),
		cmocka_unit_test(refusals),
		cmocka_unit_test(stops),
		cmocka_unit_test(round_trip),
		cmocka_unit_test(lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
