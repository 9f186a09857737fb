/*
 * jsonw: a small JSON writer into a caller's buffer.  Keys are given with
 * each value inside objects and are NULL inside arrays.  Writing past the
 * buffer sets overflow and stops; the caller checks it once at the end.
 */
#ifndef UMPIRE_JSONW_H
#define UMPIRE_JSONW_H

#include <stddef.h>

#define JSONW_DEPTH 16

struct jsonw {
	char *buf;
	size_t cap;
	size_t len;
	int overflow;		/* a fixed buffer was too small, or memory
				 * ran out for a growing one */
	int grows;		/* buf is malloc'd and grows (jsonw_init_growing) */
	int depth;
	int count[JSONW_DEPTH];	/* values written at each depth */
};

/* Starts writing into buf of cap bytes (always NUL-terminated); a NULL buf
 * writes nothing (a caller that does not want the JSON). */
void jsonw_init(struct jsonw *w, char *buf, size_t cap);
/* Starts writing into a buffer of its own that grows as it needs (the
 * only allocation of jsonw): w->buf is "" until the first write, and the
 * caller frees it with jsonw_free.  Out of memory sets overflow. */
void jsonw_init_growing(struct jsonw *w);
/* A growing writer when the JSON is wanted, else one that writes nothing. */
void jsonw_init_if(struct jsonw *w, int wanted);
/* Frees a growing writer's buffer (a fixed one is the caller's). */
void jsonw_free(struct jsonw *w);
/* A growing writer's text handed to the caller, who frees it; NULL when
 * memory ran out (the buffer is freed then).  The writer is left empty. */
char *jsonw_take(struct jsonw *w);
void jsonw_object(struct jsonw *w, const char *key);
void jsonw_object_end(struct jsonw *w);
void jsonw_array(struct jsonw *w, const char *key);
void jsonw_array_end(struct jsonw *w);
void jsonw_int(struct jsonw *w, const char *key, long v);
/* A number; integral values are written without a point. */
void jsonw_number(struct jsonw *w, const char *key, double v);
/* A string, escaped; NULL writes null. */
void jsonw_string(struct jsonw *w, const char *key, const char *s);
void jsonw_bool(struct jsonw *w, const char *key, int v);
void jsonw_null(struct jsonw *w, const char *key);
/* Already-formed JSON text, written as it is. */
void jsonw_raw(struct jsonw *w, const char *key, const char *json);
/* The members of an already-formed object ("{...}") into the open object. */
void jsonw_members(struct jsonw *w, const char *object);

#endif
