/*
 * shell: a command line read the way bash and readline read it, and words
 * quoted so that the shell reads them back exactly.  Completion needs both:
 * the words before the cursor say what is being completed, and a candidate
 * goes back onto the line quoted for the quoting open at the cursor.
 * Nothing here expands anything: $(...), `...`, ${...}, * and ? are text.
 */
#ifndef UMPIRE_SHELL_H
#define UMPIRE_SHELL_H

#include <stddef.h>

#define SHELL_LINE 8192
#define SHELL_WORDS 256

/* The quoting open at a point of a word. */
enum shell_quote {
	SHELL_PLAIN,		/* none: a backslash quotes one character */
	SHELL_SINGLE,		/* inside '...' */
	SHELL_DOUBLE,		/* inside "..." */
	SHELL_ANSI		/* inside $'...' */
};

/* A command line up to the cursor, split into words. */
struct shell_line {
	int n;				/* the words before the cursor's */
	const char *word[SHELL_WORDS];	/* each as the shell reads it */
	const char *cur;		/* the cursor's word as read, up to the
					 * cursor ("" after a blank) */
	/* Readline replaces only the end of the cursor's word: what follows
	 * an opening quote, or an unquoted word-break character (= and :
	 * by default).  `kept` is what the part before it reads as. */
	const char *kept;
	enum shell_quote quote;		/* the quoting open where readline's
					 * part begins */
	char store[2 * SHELL_LINE + 2 * SHELL_WORDS];
};

/*
 * Splits LINE, the command line up to the cursor, into words as bash does
 * (blanks and ;&|<>() separate unquoted; quotes and backslashes are
 * removed).  BREAKS are readline's word-break characters (bash's
 * COMP_WORDBREAKS).  Returns 0, or -1 for a line too long or with too
 * many words.
 */
int shell_split(const char *line, const char *breaks, struct shell_line *sl);

/*
 * The text readline must put in place of its part of the cursor's word
 * for the whole word to read as VALUE: VALUE past what sl->kept reads as
 * (matched regardless of case and accents), quoted for the quoting open
 * at the cursor.  Readline closes an open quote after a single match
 * unless the text already ends with that quote character; then the text
 * closes it itself.  Returns 0, or -1 when VALUE does not begin with
 * what is kept or the text does not fit in n bytes.
 */
int shell_replacement(const struct shell_line *sl, const char *value,
    char *out, size_t n);

#endif
