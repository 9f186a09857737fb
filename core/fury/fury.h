/* fury: Napoleonic Fury.  Private to core/fury/. */
#ifndef UMPIRE_FURY_H
#define UMPIRE_FURY_H

#include "ruleset.h"

#define FURY "fury"

/* A fatigue level: stands x percent, .1-.5 down, .6+ up. */
long fury_fatigue_level(long stands, long percent);
/* The percent of a quality (good 60, average 50, poor 40), or -1 when
 * the fatigue table has no such quality. */
long fury_quality_percent(const struct tableset *ts, const char *quality,
    struct result *r);
/* A mixed brigade's BEL word from its battalions' classes (the items of
 * option OPT); NULL with r failed when one is not a class. */
const char *fury_mixed_bel(const struct tableset *ts, const struct inputs *in,
    const char *opt, struct result *r);
/* fresh, worn or spent for a brigade of CLASS that started with START
 * stands and has STANDS; NULL with r->error set when the chart has no row. */
const char *fury_freshness(const struct tableset *ts, const char *cls,
    long start, long stands, struct result *r);
/* The freshness class of a BEL (and a cavalry rating, or NULL). */
const char *fury_class(const char *bel, const char *cavalry);

/* The fire points of one firer (a chart firer type) of STANDS stands (or
 * batteries) in FORMATION at DIST inches, with a line of working; 0 when
 * out of range (*reach its longest range). */
int fury_firer_points(const struct tableset *ts, const char *firer, long stands,
    const char *formation, double dist, long *points, double *reach,
    struct result *r);

extern const struct roster fury_roster;

#endif
