/* seen: the journal as a side may read it (see seen.h). */
#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "keep.h"
#include "seen.h"
#include "text.h"

/* An event being read for a side. */
struct reading {
	struct game *gm;
	const struct viewer *v;
	struct seen_event *s;
	int own_whole;		/* every unit named is the viewer's, seen whole */
	long long banded;	/* the last unit told as a band word */
	struct text_line l;
};

static void
role(void *ctx, long long unit, const char *name)
{
	struct reading *rd = ctx;
	const struct unit *u = army_find(&rd->gm->army, unit);

	(void)name;
	if (u == NULL)
		return;
	if (strcmp(u->side, rd->v->side) == 0)
		rd->s->took_part = 1;
	if (viewer_look(rd->v, u) != LOOK_ALL)
		rd->own_whole = 0;
}

/* Adds a sentence to what the viewer reads. */
static void
tell(struct reading *rd, const char *sentence)
{
	if (*sentence == '\0')
		return;
	if (rd->l.len > 0)
		line_text(&rd->l, "; ", 0);
	line_text(&rd->l, sentence, 0);
}

/* One effect: its sentence when the viewer may read it; a count it may
 * not read told as the unit's band word, once. */
static void
effect(void *ctx, const struct effect_record *e)
{
	struct reading *rd = ctx;
	const struct unit *u = army_find(&rd->gm->army, e->unit);
	const struct keeps *k = &rd->gm->rs->roster->keeps;
	enum look look;
	char band[UNIT_NAME + 64];
	int ledger;

	if (u == NULL)
		return;
	look = viewer_look(rd->v, u);
	if (view_may_read(rd->gm, rd->v, look, e->kind, e->name)) {
		tell(rd, e->note);
		return;
	}
	ledger = keeps_ledger(k, e->kind);
	if (ledger != 0 || k->measure_option == NULL || rd->banded == e->unit ||
	    (look == LOOK_ACROSS && k->ledgers[0].sight == SIGHT_UMPIRE))
		return;
	rd->banded = e->unit;
	snprintf(band, sizeof band, "%s: %s", u->name, view_unit_band(rd->gm, u, e->total));
	tell(rd, band);
}

/* What viewer v reads of e, into rd's line (see seen_event). */
static int
read_for(struct cmd_ctx *g, struct game *gm, const struct db_event *e,
    struct reading *rd)
{
	int st;

	if (e->advance) {
		rd->s->took_part = 1;
		line_text(&rd->l, e->summary, 0);
		return 0;
	}
	if ((st = db_event_roles(gm->db, e->id, role, rd)) != DB_OK)
		return game_fail(g, gm->db, st);
	if (!rd->s->took_part)
		return 0;
	if (rd->own_whole) {
		line_text(&rd->l, e->summary, 0);
		return 0;
	}
	if ((st = db_event_effects(gm->db, e->id, effect, rd)) != DB_OK)
		return game_fail(g, gm->db, st);
	if (rd->l.len == 0)
		line_text(&rd->l, "nothing it could see changed", 0);
	return 0;
}

int
seen_event(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    const struct db_event *e, struct seen_event *s)
{
	struct reading rd = { gm, v, s, 1, 0, { 0 } };
	int rc;

	seen_event_free(s);
	if ((rc = game_army(g, gm)) != 0)
		return rc;
	if (line_init_growing(&rd.l) != 0)
		return cmd_error(g, EXIT_BUG, "out of memory");
	rc = read_for(g, gm, e, &rd);
	if (rc == 0 && rd.l.no_memory)
		rc = cmd_error(g, EXIT_BUG, "out of memory");
	if (rc != 0) {
		free(rd.l.buf);
		return rc;
	}
	s->line = rd.l.buf;
	return 0;
}

void
seen_event_free(struct seen_event *s)
{
	free(s->line);
	s->line = NULL;
	s->took_part = 0;
}

/* The reading of a side's log: each event, and where it goes. */
struct log_reading {
	struct cmd_ctx *g;
	struct game *gm;
	const struct viewer *v;
	struct seen_log *log;
	struct seen_event seen;
	int rc;			/* the exit of a failure, said */
};

static int
log_entry(void *ctx, const struct db_event *e)
{
	struct log_reading *lr = ctx;
	struct seen_log *log = lr->log;
	long long *id;

	if ((lr->rc = seen_event(lr->g, lr->gm, lr->v, e, &lr->seen)) != 0)
		return 1;
	if (!lr->seen.took_part)
		return 0;
	if (log->n == log->room) {
		log->room = log->room ? 2 * log->room : 64;
		if ((id = realloc(log->id, log->room * sizeof *id)) == NULL) {
			lr->rc = cmd_error(lr->g, EXIT_BUG, "out of memory");
			return 1;
		}
		log->id = id;
	}
	log->id[log->n++] = e->id;
	return 0;
}

int
seen_log_read(struct cmd_ctx *g, struct game *gm, const struct viewer *v,
    struct seen_log *log)
{
	struct log_reading lr = { g, gm, v, log, { 0, NULL }, 0 };
	int st, rc;

	memset(log, 0, sizeof *log);
	st = db_log(gm->db, 0, 0, log_entry, &lr);
	rc = lr.rc != 0 ? lr.rc : st != DB_OK ? game_fail(g, gm->db, st) : 0;
	seen_event_free(&lr.seen);
	if (rc != 0)
		seen_log_free(log);
	return rc;
}

long long
seen_log_number(const struct viewer *v, const struct seen_log *log, long long id)
{
	size_t lo = 0, hi = log->n;

	if (viewer_all(v))
		return id;
	/* the ids are in the journal's order, ascending */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (log->id[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < log->n && log->id[lo] == id ? (long long)lo + 1 : 0;
}

void
seen_log_free(struct seen_log *log)
{
	free(log->id);
	memset(log, 0, sizeof *log);
}
