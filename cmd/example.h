/* example: the sample battle of each rule set (schema/examples), compiled
 * in by schema/embed; `new --example` imports one. */
#ifndef UMPIRE_EXAMPLE_H
#define UMPIRE_EXAMPLE_H

struct example {
	const char *rules;	/* the rule set's name */
	const char *title;	/* the action, its place and date */
	const char *sources;	/* where its order of battle is from */
	const char *csv;	/* the order of battle, as `unit import` reads it */
};

extern const struct example example_stock[];
extern const int example_stock_count;

#endif
