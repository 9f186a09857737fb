/* help: --help text from the input declarations and modifier tables. */
#include <stdio.h>
#include <string.h>

#include "help.h"

/* The common dice options every adjudication takes. */
static void
dice_help(FILE *out, const struct rule_cmd *c)
{
	fprintf(out, "\nDice, in this order: %s\n", c->dice);
	fputs("  --dice LIST            the faces shown, comma-separated (e.g. --dice 4 or --dice 6,6)\n"
	    "  --roll                 umpire rolls them (solo play); the seed is shown\n"
	    "  --seed N               with --roll: repeat a roll exactly\n", out);
}

void
cmd_usage(FILE *out, const struct cmd_entry *e)
{
	const char *line = e->usage;

	for (int first = 1; *line != '\0'; first = 0) {
		size_t n = strcspn(line, "\n");

		if (first)
			fputs("usage: umpire ", out);
		else if (*line == ' ')
			fputs("      ", out);
		else
			fputs("       umpire ", out);
		fprintf(out, "%.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
}

int
cmd_help(struct cmd_ctx *g, const struct cmd_entry *e)
{
	cmd_usage(g->out, e);
	fputs(e->about, g->out);
	if (e->options != NULL && e->options->name != NULL)
		fputs("\nOptions:\n", g->out);
	for (const struct input_decl *d = e->options; d != NULL && d->name != NULL; d++)
		help_option_line(g->out, d);
	return EXIT_DONE;
}

void
help_option_line(FILE *out, const struct input_decl *d)
{
	char left[96];

	if (d->kind == IN_FLAG)
		snprintf(left, sizeof left, "--%s", d->name);
	else
		snprintf(left, sizeof left, "--%s %s", d->name, d->arg);
	/* An option too long for its column has its help on the next line,
	 * under the others'. */
	if (strlen(left) > 22)
		fprintf(out, "  %s\n  %-22s %s", left, "", d->help);
	else
		fprintf(out, "  %-22s %s", left, d->help);
	if (d->def != NULL && d->def[0] != '\0')
		fprintf(out, " (default %s)", d->def);
	fputc('\n', out);
}

/* The options of c that take modifiers from table NAME, e.g. "--mod". */
static void
options_of_table(const struct rule_cmd *c, const char *name, char *buf,
    size_t n)
{
	buf[0] = '\0';
	for (const struct input_decl *d = c->inputs; d->name != NULL; d++) {
		if (d->kind != IN_MODS || strcmp(d->detail, name) != 0)
			continue;
		snprintf(buf + strlen(buf), n - strlen(buf), "%s--%s",
		    buf[0] ? ", " : "", d->name);
	}
}

/* True when an earlier option of c already listed table NAME. */
static int
listed_before(const struct rule_cmd *c, const struct input_decl *upto,
    const char *name)
{
	for (const struct input_decl *d = c->inputs; d != upto; d++)
		if (d->kind == IN_MODS && strcmp(d->detail, name) == 0)
			return 1;
	return 0;
}

/* Lists the rows of a modifier table with their values. */
static void
modifier_lines(FILE *out, const struct rule_cmd *c, const struct table *t)
{
	int has_applies = table_col(t, "applies") >= 0;
	int width = 26;
	char opts[128];

	options_of_table(c, t->name, opts, sizeof opts);
	fprintf(out, "\nModifiers for %s NAME (the %s table, %s):\n", opts,
	    t->name, t->provenance);
	for (int row = 0; row < t->nrows; row++) {
		const char *arg = table_text(t, row, "arg");
		int len = (int)(strlen(table_text(t, row, "name")) +
		    (*arg ? 1 + strlen(arg) : 0));

		if (len > width)
			width = len;
	}
	for (int row = 0; row < t->nrows; row++) {
		const char *arg = table_text(t, row, "arg");
		int is_auto = strcmp(table_text(t, row, "source"), "auto") == 0;
		char left[64];

		snprintf(left, sizeof left, "%s%s%s", table_text(t, row, "name"),
		    *arg ? "=" : "", arg);
		fprintf(out, "  %-*s %6s  %s%s%s%s\n", width, left,
		    table_text(t, row, "value"),
		    has_applies ? table_text(t, row, "applies") : "",
		    has_applies ? ": " : "", table_text(t, row, "help"),
		    is_auto ? " (umpire works this out from the options or the game)" : "");
	}
}

void
help_rule_command(FILE *out, const struct ruleset *rs,
    const struct rule_cmd *c, const struct tableset *ts)
{
	fprintf(out, "usage: umpire --rules %s %s" DICE_USAGE "\n", rs->name, c->name);
	fprintf(out, "%s (%s)\n\nOptions:\n", c->summary, rs->title);
	for (const struct input_decl *d = c->inputs; d->name != NULL; d++)
		help_option_line(out, d);
	for (const struct input_decl *d = c->inputs; d->name != NULL; d++) {
		const struct table *t;

		if (d->kind != IN_MODS || listed_before(c, d, d->detail))
			continue;
		t = ts->find(ts->ctx, rs->name, d->detail);
		if (t != NULL)
			modifier_lines(out, c, t);
	}
	dice_help(out, c);
}

void
help_command_any(FILE *out, const char *command)
{
	const struct ruleset *const *all = ruleset_all();

	for (int i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, command) == 0)
			cmd_usage(out, cmd_table[i]);
	fputc('\n', out);
	fprintf(out, "Each rule set has its own options for %s; see\n"
	    "'umpire %s --rules NAME --help'.  Rule sets:\n", command, command);
	for (int i = 0; all[i] != NULL; i++) {
		const struct rule_cmd *c = ruleset_cmd(all[i], command);

		fprintf(out, "  %-8s %s\n", all[i]->name,
		    c == NULL ? "" : c->undefined != NULL ? c->undefined :
		    c->adjudicate == NULL ? "not implemented yet" : c->summary);
	}
}

/* The words of a "a|b|c" list as a JSON array. */
static void
json_choices(struct jsonw *w, const char *key, const char *list)
{
	char word[64];

	jsonw_array(w, key);
	for (const char *p = list; p != NULL && *p != '\0';) {
		size_t n = strcspn(p, "|");

		snprintf(word, sizeof word, "%.*s", (int)n, p);
		jsonw_string(w, NULL, word);
		p += n + (p[n] == '|');
	}
	jsonw_array_end(w);
}

static void
json_words(struct jsonw *w, const char *key, const struct word_decl *d)
{
	jsonw_array(w, key);
	for (; d != NULL && d->word != NULL; d++)
		jsonw_string(w, NULL, d->word);
	jsonw_array_end(w);
}

static void
json_options(struct jsonw *w, const char *key, const struct input_decl *d)
{
	jsonw_array(w, key);
	for (; d != NULL && d->name != NULL; d++)
		jsonw_string(w, NULL, d->name);
	jsonw_array_end(w);
}

/* A rule set's adjudications: the five of CLI.md and its own (turn). */
static void
json_adjudications(struct jsonw *w, const struct ruleset *rs)
{
	jsonw_array(w, "adjudications");
	for (const struct rule_cmd *c = rs->cmds; c->name != NULL; c++) {
		jsonw_object(w, NULL);
		jsonw_string(w, "name", c->name);
		jsonw_bool(w, "defined", c->undefined == NULL);
		jsonw_string(w, "summary", c->undefined != NULL ? c->undefined : c->summary);
		json_options(w, "options", c->undefined == NULL ? c->inputs : NULL);
		jsonw_string(w, "dice", c->undefined == NULL ? c->dice : NULL);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

static void
json_ruleset(struct jsonw *w, const struct ruleset *rs)
{
	const struct keeps *k = &rs->roster->keeps;
	char types[TYPE_NAMES];

	jsonw_object(w, NULL);
	jsonw_string(w, "name", rs->name);
	jsonw_string(w, "title", rs->title);
	jsonw_string(w, "measure", rs->measure);
	jsonw_string(w, "measure_option", k->measure_option);
	json_choices(w, "unit_types",
	    roster_type_names(rs->roster, types, sizeof types));
	json_choices(w, "formation_types", rs->roster->formation_types);
	json_options(w, "ratings", rs->roster->inputs);
	json_options(w, "game_options", rs->roster->game_inputs);
	jsonw_string(w, "good_state", k->good_state);
	json_words(w, "states", k->states);
	json_words(w, "flags", k->flags);
	json_words(w, "formations", k->formations);
	json_adjudications(w, rs);
	jsonw_object_end(w);
}

void
help_describe(struct jsonw *w, const struct cmd_entry *const *commands)
{
	const struct ruleset *const *all = ruleset_all();

	jsonw_object(w, NULL);
	jsonw_array(w, "commands");
	for (int i = 0; commands[i] != NULL; i++) {
		jsonw_object(w, NULL);
		jsonw_string(w, "name", commands[i]->name);
		jsonw_string(w, "usage", commands[i]->usage);
		jsonw_string(w, "summary", commands[i]->summary);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
	jsonw_array(w, "rulesets");
	for (int i = 0; all[i] != NULL; i++)
		json_ruleset(w, all[i]);
	jsonw_array_end(w);
	jsonw_object_end(w);
}
