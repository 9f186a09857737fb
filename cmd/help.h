/* help: --help text generated from the commands' declarations. */
#ifndef UMPIRE_HELP_H
#define UMPIRE_HELP_H

#include <stdio.h>

#include "cmd.h"
#include "jsonw.h"
#include "ruleset.h"

/* Help for one adjudication command of a rule set: options, modifiers
 * with their values (from ts), and the dice it takes. */
void help_rule_command(FILE *out, const struct ruleset *rs,
    const struct rule_cmd *c, const struct tableset *ts);

/* One option's line of help: "  --NAME ARG   what it is (default D)". */
void help_option_line(FILE *out, const struct input_decl *d);

/* Help for an adjudication command when no rule set is known. */
void help_command_any(FILE *out, const char *command);

/* What umpire takes, as JSON (`umpire --json help`): the commands, and
 * each rule set with its unit types, ratings, states, flags, formations
 * and adjudications with their options; what completion, the man page
 * and the tests list, from the declarations themselves. */
void help_describe(struct jsonw *w, const struct cmd_entry *const *commands);

#endif
