/*
 * num: the one checked parser for every number typed on the command line
 * or read from a CSV file.  Never atoi/atof.
 */
#ifndef UMPIRE_NUM_H
#define UMPIRE_NUM_H

enum num_status {
	NUM_OK = 0,
	NUM_SYNTAX,		/* not a number of the expected shape */
	NUM_NEGATIVE,		/* a minus sign where none is allowed */
	NUM_RANGE		/* outside the allowed range */
};

/* Largest count the tool accepts (CLI.md: counts are 0..100000). */
#define NUM_COUNT_MAX 100000L
/* Largest distance in inches (CLI.md: finite, 0 to 1000 inches). */
#define NUM_DISTANCE_MAX 1000.0

/*
 * Parses a whole decimal integer in [min, max] into *out.  Leading '+' is
 * accepted, whitespace is not.  Returns NUM_OK or the reason it failed.
 */
enum num_status num_parse_long(const char *s, long min, long max, long *out);

/*
 * Parses a plain decimal number (digits, one optional point; no exponent,
 * no hex, no inf/nan) in [min, max] into *out.
 */
enum num_status num_parse_decimal(const char *s, double min, double max,
    double *out);

/*
 * Parses a measured distance: a decimal number of inches, optionally with
 * a unit suffix "in", "\"", "cm" or "mm".  The result is in inches and lies
 * in [0, NUM_DISTANCE_MAX].
 */
enum num_status num_parse_distance(const char *s, double *inches);

/* Parses an unsigned 64-bit decimal (a --seed) into *out. */
enum num_status num_parse_u64(const char *s, unsigned long long *out);

/*
 * Formats v into buf (size n) the way umpire shows numbers: integers
 * without a point, others with up to 4 decimals and no trailing zeros.
 * Returns buf.
 */
char *num_format(double v, char *buf, unsigned n);

#endif
