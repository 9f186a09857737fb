/* sql: the text of every named statement. */
#include "sql.h"

const char *const db_sql[STMT_COUNT] = {
	[STMT_GAME_RULES] = "SELECT rules FROM game WHERE id = 1",
	[STMT_GAME_INSERT] =
	    "INSERT INTO game (id, rules, title, options, created) "
	    "VALUES (1, ?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
};
