/* num: checked number parsing and formatting. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

enum num_status
num_parse_long(const char *s, long min, long max, long *out)
{
	const char *p = s;
	char *end;
	long v;

	if (*p == '-' && min >= 0)
		return isdigit((unsigned char)p[1]) ? NUM_NEGATIVE : NUM_SYNTAX;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return NUM_SYNTAX;
	for (const char *q = p; *q != '\0'; q++)
		if (!isdigit((unsigned char)*q))
			return NUM_SYNTAX;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0')
		return NUM_SYNTAX;
	if (errno == ERANGE || v < min || v > max)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

enum num_status
num_parse_u64(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (*s == '-')
		return NUM_NEGATIVE;
	for (const char *q = s; *q != '\0'; q++)
		if (!isdigit((unsigned char)*q))
			return NUM_SYNTAX;
	if (*s == '\0')
		return NUM_SYNTAX;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

/* Length of the plain decimal at the start of s ("12", "4.5", ".5"); 0 if none. */
static size_t
decimal_span(const char *s)
{
	size_t i = 0, digits = 0;

	while (isdigit((unsigned char)s[i])) {
		i++;
		digits++;
	}
	if (s[i] == '.') {
		i++;
		while (isdigit((unsigned char)s[i])) {
			i++;
			digits++;
		}
	}
	return digits > 0 ? i : 0;
}

/* Converts the first len characters of s, known to be a plain decimal. */
static double
decimal_value(const char *s, size_t len)
{
	char buf[64];

	if (len >= sizeof buf)
		return HUGE_VAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return strtod(buf, NULL);
}

enum num_status
num_parse_decimal(const char *s, double min, double max, double *out)
{
	int negative = (*s == '-');
	const char *p = (*s == '-' || *s == '+') ? s + 1 : s;
	size_t len = decimal_span(p);
	double v;

	if (len == 0 || p[len] != '\0')
		return NUM_SYNTAX;
	v = decimal_value(p, len);
	if (negative)
		v = -v;
	if (negative && min >= 0 && v != 0)
		return NUM_NEGATIVE;
	if (!isfinite(v) || v < min || v > max)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

enum num_status
num_parse_distance(const char *s, double *inches)
{
	static const struct {
		const char *suffix;
		double per_inch;
	} units[] = {
		{ "", 1.0 }, { "in", 1.0 }, { "\"", 1.0 },
		{ "cm", 2.54 }, { "mm", 25.4 },
	};
	const char *p = s;
	size_t len;
	double v;

	if (*p == '-')
		return decimal_span(p + 1) > 0 ? NUM_NEGATIVE : NUM_SYNTAX;
	if (*p == '+')
		p++;
	len = decimal_span(p);
	if (len == 0)
		return NUM_SYNTAX;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(p + len, units[i].suffix) != 0)
			continue;
		v = decimal_value(p, len) / units[i].per_inch;
		if (!isfinite(v) || v > NUM_DISTANCE_MAX)
			return NUM_RANGE;
		*inches = v;
		return NUM_OK;
	}
	return NUM_SYNTAX;
}

char *
num_format(double v, char *buf, unsigned n)
{
	char *dot;
	size_t len;

	if (v == floor(v) && fabs(v) < 1e15) {
		snprintf(buf, n, "%.0f", v == 0 ? 0.0 : v);
		return buf;
	}
	snprintf(buf, n, "%.4f", v);
	dot = strchr(buf, '.');
	if (dot == NULL)
		return buf;
	len = strlen(buf);
	while (len > 0 && buf[len - 1] == '0')
		buf[--len] = '\0';
	if (len > 0 && buf[len - 1] == '.')
		buf[--len] = '\0';
	return buf;
}
