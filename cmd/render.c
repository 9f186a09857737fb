/* render: text and JSON output of a ruling. */
#include <string.h>

#include "jsonw.h"
#include "num.h"
#include "render.h"

/* A modifier's name as text: a side's ("attacker:lancers", its JSON
 * name) as "lancers (attacker)". */
static void
modifier_name(FILE *out, const char *name)
{
	const char *colon = strchr(name, ':');

	if (colon == NULL)
		fputs(name, out);
	else
		fprintf(out, "%s (%.*s)", colon + 1, (int)(colon - name), name);
}

static void
text_modifiers(FILE *out, const struct result *r)
{
	char buf[32];

	if (r->nmods == 0)
		return;
	fputs("  modifiers:", out);
	for (int i = 0; i < r->nmods; i++) {
		const struct modifier *m = &r->mods[i];

		fprintf(out, "%s ", i ? "," : "");
		modifier_name(out, m->name);
		fputc(' ', out);
		if (m->has_factor)
			fprintf(out, "x%s", num_format(m->factor, buf, sizeof buf));
		else
			fprintf(out, "%s%s", m->value >= 0 ? "+" : "",
			    num_format(m->value, buf, sizeof buf));
	}
	fputc('\n', out);
}

static void
text_dice(FILE *out, const struct dice *d, int rolled)
{
	for (int i = 0; i < d->nused; i++) {
		const struct die_use *u = &d->used[i];

		fprintf(out, "  die %d: %d, %s (%s)%s%s\n", i + 1, u->face,
		    u->label, die_name(u->kind), u->note[0] ? ": " : "", u->note);
	}
	if (dice_unused(d) > 0) {
		fputs("  dice given and unused:", out);
		for (int i = d->nused; i < d->ngiven; i++)
			fprintf(out, " %d", d->given[i]);
		fputc('\n', out);
	}
	if (rolled)
		fprintf(out, "  rolled by umpire, seed %llu\n",
		    (unsigned long long)d->seed);
}

void
render_text(FILE *out, const struct ruling *ru)
{
	const struct result *r = ru->result;

	fprintf(out, "%s\n", r->summary);
	if (!r->legal)
		fprintf(out, "  not allowed: %s\n", r->reason);
	text_modifiers(out, r);
	for (int i = 0; i < r->nwork; i++)
		fprintf(out, "  %s\n", r->work[i]);
	text_dice(out, ru->dice, ru->rolled);
	for (int i = 0; i < ru->neffects; i++) {
		const struct effect_record *a = &ru->effects[i];

		if (a->note[0])
			fprintf(out, "  %s\n", a->note);
	}
	if (ru->standing[0])
		fprintf(out, "  %s\n", ru->standing);
	if (ru->event > 0)
		fprintf(out, "  recorded as event %lld\n", ru->event);
}

static void
json_modifiers(struct jsonw *w, const struct result *r)
{
	jsonw_array(w, "modifiers");
	for (int i = 0; i < r->nmods; i++) {
		const struct modifier *m = &r->mods[i];

		jsonw_object(w, NULL);
		jsonw_string(w, "name", m->name);
		if (m->has_value)
			jsonw_number(w, "value", m->value);
		else
			jsonw_null(w, "value");
		if (m->has_factor)
			jsonw_number(w, "factor", m->factor);
		else
			jsonw_null(w, "factor");
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

static void
json_effects(struct jsonw *w, const struct ruling *ru)
{
	jsonw_array(w, "effects");
	for (int i = 0; i < ru->neffects; i++) {
		const struct effect_record *a = &ru->effects[i];

		jsonw_object(w, NULL);
		jsonw_string(w, "unit", a->unit_name);
		jsonw_string(w, "what", a->what);
		jsonw_int(w, "amount", a->amount);
		jsonw_string(w, "state", a->state[0] ? a->state : NULL);
		if (a->has_left)
			jsonw_int(w, "left", a->left);
		else
			jsonw_null(w, "left");
		if (a->until > 0)
			jsonw_int(w, "until", a->until);
		if (a->part[0])
			jsonw_string(w, "part", a->part);
		if (a->formation[0])
			jsonw_string(w, "formation", a->formation);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The key field i is written under: none within a list. */
static const char *
key_of(const struct result *r, int i)
{
	int up = r->field[i].parent;

	return up >= 0 && r->field[up].type == FIELD_LIST ? NULL : r->field[i].key;
}

/* Writes field i (and what it holds) under KEY; returns the index past
 * the last field it holds. */
static int
json_field(struct jsonw *w, const struct result *r, int i, const char *key)
{
	const struct result_field *f = &r->field[i];
	int next = i + 1;

	switch (f->type) {
	case FIELD_INT:
		jsonw_int(w, key, f->v.n);
		break;
	case FIELD_NUMBER:
		jsonw_number(w, key, f->v.d);
		break;
	case FIELD_WORD:
		jsonw_string(w, key, result_word_of(r, f));
		break;
	case FIELD_BOOL:
		jsonw_bool(w, key, (int)f->v.n);
		break;
	case FIELD_NULL:
		jsonw_null(w, key);
		break;
	case FIELD_RECORD:
	case FIELD_LIST:
		if (f->type == FIELD_RECORD)
			jsonw_object(w, key);
		else
			jsonw_array(w, key);
		while (next < r->nfields && r->field[next].parent == i)
			next = json_field(w, r, next, key_of(r, next));
		if (f->type == FIELD_RECORD)
			jsonw_object_end(w);
		else
			jsonw_array_end(w);
		break;
	}
	return next;
}

void
render_members(struct jsonw *w, const struct result *r)
{
	int i = 0;

	while (i < r->nfields)
		i = json_field(w, r, i, key_of(r, i));
}

void
render_result(struct jsonw *w, const char *key, const struct result *r, int field)
{
	if (field >= 0) {
		json_field(w, r, field, key);
		return;
	}
	jsonw_object(w, key);
	render_members(w, r);
	jsonw_object_end(w);
}

/* An item of a list option: a count, "NAME=VALUE", or the name. */
static void
json_item(const struct input_value *v, const struct in_item *it, struct jsonw *w)
{
	char buf[INPUT_STORE / 4];

	if (v->decl->kind == IN_COUNTS) {
		jsonw_int(w, NULL, it->n);
		return;
	}
	if (it->value != NULL) {
		snprintf(buf, sizeof buf, "%s=%s", it->name, it->value);
		jsonw_string(w, NULL, buf);
	} else {
		jsonw_string(w, NULL, it->name);
	}
}

/* One option given, under its name, in its JSON type. */
static void
json_input(const struct inputs *in, const struct input_value *v, struct jsonw *w)
{
	const char *name = v->decl->name;
	struct in_item it;

	switch (v->decl->kind) {
	case IN_FLAG:
		jsonw_bool(w, name, 1);
		break;
	case IN_COUNT:
		jsonw_int(w, name, v->n);
		break;
	case IN_DISTANCE:
	case IN_NUMBER:
		jsonw_number(w, name, v->d);
		break;
	default:
		if (v->decl->kind == IN_CHOICE || !inputs_listed(v)) {
			jsonw_string(w, name, inputs_text(in, v));
			break;
		}
		jsonw_array(w, name);
		for (int k = 0; in_item(in, name, k, &it); k++)
			json_item(v, &it, w);
		jsonw_array_end(w);
	}
}

void
inputs_json(const struct inputs *in,
    int (*keep_it)(const struct input_decl *d, void *ctx), void *ctx,
    struct jsonw *w)
{
	for (int i = 0; i < in->n; i++)
		if (in->v[i].given && (keep_it == NULL || keep_it(in->v[i].decl, ctx)))
			json_input(in, &in->v[i], w);
}

char *
render_json(const struct ruling *ru)
{
	const struct result *r = ru->result;
	struct jsonw w;

	jsonw_init_growing(&w);
	jsonw_object(&w, NULL);
	jsonw_string(&w, "rules", ru->rules);
	jsonw_string(&w, "command", ru->command);
	jsonw_array(&w, "dice");
	for (int i = 0; i < ru->dice->nused; i++)
		jsonw_int(&w, NULL, ru->dice->used[i].face);
	jsonw_array_end(&w);
	if (ru->rolled) {
		/* A seed is a 64-bit unsigned number: written exactly. */
		char seed[32];

		snprintf(seed, sizeof seed, "%llu",
		    (unsigned long long)ru->dice->seed);
		jsonw_raw(&w, "seed", seed);
	} else {
		jsonw_null(&w, "seed");
	}
	json_modifiers(&w, r);
	jsonw_bool(&w, "legal", r->legal);
	jsonw_string(&w, "reason", r->reason[0] ? r->reason : NULL);
	render_result(&w, "result", r, -1);
	json_effects(&w, ru);
	jsonw_string(&w, "summary", r->summary);
	jsonw_string(&w, "standing", ru->standing[0] ? ru->standing : NULL);
	if (ru->event > 0)
		jsonw_int(&w, "event", (long)ru->event);
	else
		jsonw_null(&w, "event");
	jsonw_array(&w, "working");
	for (int i = 0; i < r->nwork; i++)
		jsonw_string(&w, NULL, r->work[i]);
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	return jsonw_take(&w);
}
