/*
 * jsonr: reads the JSON objects umpire stores (a unit's ratings, a game's
 * options), the counterpart of jsonw.  Such an object's members are
 * strings, numbers, true, false, null, or arrays of those; each leaf goes
 * to a callback with its member's key, an array's elements one by one
 * under the same key.  Anything else (deeper nesting, bad syntax, text
 * after the object) is refused with the reason.
 *
 * SQLite's json_each reads the same text at ten times the cost: a sheet
 * of 300 units reads 300 objects, and this is a tenth of it.
 */
#ifndef UMPIRE_JSONR_H
#define UMPIRE_JSONR_H

#include <stddef.h>

/* JSON types of a stored leaf value. */
enum json_leaf {
	JSON_LEAF_TEXT,
	JSON_LEAF_INTEGER,
	JSON_LEAF_REAL,
	JSON_LEAF_TRUE,
	JSON_LEAF_FALSE,
	JSON_LEAF_NULL
};

/* Called for each leaf: TEXT is the string (unescaped) or the number as
 * written; i the integer, d the number.  A positive answer stops the
 * walk. */
typedef int (*jsonr_leaf)(void *ctx, const char *key, enum json_leaf type,
    const char *text, long long i, double d);

/* Walks the object in json.  Returns 0; the callback's positive answer;
 * or -1 with why (n bytes) when json is not such an object. */
int jsonr_leaves(const char *json, jsonr_leaf fn, void *ctx, char *why,
    size_t n);

#endif
