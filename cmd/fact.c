/* fact: a sheet's cells and facts written out as text, from the data a
 * rule set declares (core/ruleset.h): a cell, a fact's sentence, the
 * standing's facts as one sentence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fact.h"
#include "text.h"

const char *
view_cell_text(const struct sheet_cell *c, char *buf, size_t n)
{
	switch (c->kind) {
	case CELL_INT:
		text_long(buf, n, c->n);
		break;
	case CELL_NUMBER:
		snprintf(buf, n, "%g", c->d);
		break;
	case CELL_MODIFIER:
		snprintf(buf, n, "%+g", c->d);
		break;
	case CELL_WORD:
		text_copy(buf, n, c->word);
		break;
	case CELL_FRACTION:
		snprintf(buf, n, "%ld/%ld", c->n, c->of);
		break;
	default:
		text_copy(buf, n, "");
	}
	return buf;
}

void
fact_fputs(FILE *out, const char *text)
{
	fputs(text, out);
}

/* Writes the N bytes at S through put, a piece at a time. */
static void
put_bytes(FILE *out, const char *s, size_t n, void (*put)(FILE *out, const char *text))
{
	char piece[64];

	while (n > 0) {
		size_t k = n < sizeof piece - 1 ? n : sizeof piece - 1;

		memcpy(piece, s, k);
		piece[k] = '\0';
		put(out, piece);
		s += k;
		n -= k;
	}
}

/* SAY with each "{}" the next of its N values, through put. */
static void
say_text(FILE *out, const char *say, const struct sheet_cell *values, int n,
    void (*put)(FILE *out, const char *text))
{
	char cell[VIEW_CELL];
	const char *p = say, *at;

	for (int i = 0; (at = strstr(p, "{}")) != NULL; i++, p = at + 2) {
		put_bytes(out, p, (size_t)(at - p), put);
		if (i < n)
			put(out, view_cell_text(&values[i], cell, sizeof cell));
	}
	put(out, p);
}

void
view_fact_text(FILE *out, const struct sheet_fact *f,
    void (*put)(FILE *out, const char *text))
{
	say_text(out, f->say, f->values, f->nvalues, put);
}

int
view_standing_text(const struct standing_view *s, char *buf, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		return -1;
	for (int i = 0; i < s->nfacts; i++) {
		if (i > 0)
			fputs("; ", f);
		view_fact_text(f, &s->facts[i], fact_fputs);
	}
	if (fclose(f) != 0) {
		free(text);
		return -1;
	}
	text_copy(buf, n, text);
	free(text);
	return 0;
}

void
view_part_more(FILE *out, const struct view_part *p,
    void (*put)(FILE *out, const char *text))
{
	if (p->more != NULL)
		say_text(out, p->more, p->more_values, p->nmore, put);
}
