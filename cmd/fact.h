/*
 * fact: a sheet's cells and facts written out as text.  A rule set
 * declares them as data (core/ruleset.h: struct sheet_cell, struct
 * sheet_fact); the sheet, its page, unit show and the standing write them
 * here, each piece through a put function (fact_fputs for text, html_esc
 * for a page).
 */
#ifndef UMPIRE_FACT_H
#define UMPIRE_FACT_H

#include <stddef.h>
#include <stdio.h>

#include "ruleset.h"

/* fputs, as a put function. */
void fact_fputs(FILE *out, const char *text);

/* Cell c as the sheet writes it, into buf: "12", "1.5", "large", "2/5",
 * or "" for an empty one. */
const char *view_cell_text(const struct sheet_cell *c, char *buf, size_t n);

/* Writes fact f as its sentence (its declared words, each "{}" the next of
 * its values), each piece through put: fputs for text, html_esc for a
 * page. */
void view_fact_text(FILE *out, const struct sheet_fact *f,
    void (*put)(FILE *out, const char *text));
/* The standing's facts as one sentence, "; " between them, into buf (n
 * bytes, cut short when it does not fit): 0, or -1 out of memory. */
int view_standing_text(const struct standing_view *s, char *buf, size_t n);
/* Writes what the sheet says of part p after its state (view_part's
 * more) as view_fact_text does; nothing when it says nothing. */
void view_part_more(FILE *out, const struct view_part *p,
    void (*put)(FILE *out, const char *text));

#endif
