/*
 * error: one failure, said once.  The layer that sees a failure writes its
 * record: the status its own callers act on and the one sentence the user
 * reads.  The inputs (an INPUTS_ status), a ruling's result and its dice
 * (a rule_status), each game handle in db/ (a db status) and each
 * command's context in cmd/ (its exit status) keep one.  The record is
 * carried by pointer up to cmd/, which prints the sentence and maps the
 * status to an exit status, through exit_of_rule or exit_of_db only;
 * nothing keeps an error in a global.
 */
#ifndef UMPIRE_ERROR_H
#define UMPIRE_ERROR_H

#include <stdarg.h>

/* The longest sentence a record keeps (a longer one is a bug: see
 * error_set). */
#define ERROR_TEXT 512

struct error {
	int code;		/* the setter's status (a db status...); 0: none */
	char text[ERROR_TEXT];	/* the sentence, without "umpire: COMMAND: " */
};

/* Sets e to code and the sentence fmt makes; returns code.  The
 * arguments may include e->text itself.  A sentence cut short would
 * mislead: it ends in "..." instead, which the tests never see. */
int error_set(struct error *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int error_vset(struct error *e, int code, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
/* Sets e to no failure: code 0, no sentence. */
void error_clear(struct error *e);

#endif
