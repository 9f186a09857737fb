/* sql: every SQL statement umpire runs, named (db/sql.c holds the text). */
#ifndef UMPIRE_DB_SQL_H
#define UMPIRE_DB_SQL_H

enum stmt {
	STMT_GAME_RULES,
	STMT_GAME_INSERT,
	STMT_COUNT
};

extern const char *const db_sql[STMT_COUNT];

#endif
