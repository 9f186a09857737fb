/*
 * campaign: the next battle of a campaign (CLI.md "A campaign"): `new
 * --from GAME` starts a game from what GAME left, and keeps the battles
 * before it.
 */
#ifndef UMPIRE_CAMPAIGN_H
#define UMPIRE_CAMPAIGN_H

#include <stddef.h>

#include "game.h"

/*
 * new --from GAME [--recover PERCENT | --recover SIDE:PERCENT ...]: reads
 * GAME as it is (never written), makes the new game at g's path (--force
 * as for new) with GAME's rule tables, roster and ratings, each unit with
 * what it had left and its share of its losses back, and the campaign's
 * battles with GAME's last; prints what it made.  IN holds new's options,
 * parsed.  Returns the exit status, printed.
 */
int campaign_new(struct cmd_ctx *g, struct inputs *in);

/* new's options of the rule set (IN's, with their defaults) as the game
 * keeps them, a JSON object into buf (cmd/game_options.c): 0, or the
 * status, printed. */
int new_game_options(struct cmd_ctx *g, struct inputs *in, char *buf, size_t n);

/* True when d is an option of the rule set, not one of new's own
 * (inputs_json's filter; ctx unused). */
int is_game_option(const struct input_decl *d, void *ctx);

#endif
