/* sql: the text of every named statement. */
#include "sql.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
#define UNIT_COLUMNS \
	"u.id, u.name, u.side, u.type, u.formation, coalesce(u.parent, 0), " \
	"coalesce(p.name, ''), u.start_strength, u.ratings " \
	"FROM unit u LEFT JOIN unit p ON p.id = u.parent "

const char *const db_sql[STMT_COUNT] = {
	[STMT_GAME_RULES] = "SELECT rules FROM game WHERE id = 1",
	[STMT_GAME_INSERT] =
	    "INSERT INTO game (id, rules, title, options, created) "
	    "VALUES (1, ?1, ?2, ?3, " NOW ")",
	[STMT_GAME_GET] = "SELECT rules, title, options FROM game WHERE id = 1",
	[STMT_UNIT_INSERT] =
	    "INSERT INTO unit (name, side, type, formation, parent, ratings, "
	    "start_strength) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
	[STMT_UNIT_BY_NAME] = "SELECT id FROM unit WHERE name = ?1",
	[STMT_UNIT_BY_PREFIX] =
	    "SELECT id, name FROM unit WHERE substr(name, 1, length(?1)) = ?1 "
	    "ORDER BY id LIMIT 6",
	[STMT_UNIT_GET] = "SELECT " UNIT_COLUMNS "WHERE u.id = ?1",
	[STMT_UNIT_ALL] = "SELECT " UNIT_COLUMNS "ORDER BY u.id",
	[STMT_UNIT_UPDATE] =
	    "UPDATE unit SET name = ?1, side = ?2, type = ?3, formation = ?4, "
	    "parent = ?5, ratings = ?6, start_strength = ?7 WHERE id = ?8",
	[STMT_UNIT_IN_USE] =
	    "SELECT (SELECT count(*) FROM event_unit WHERE unit = ?1) + "
	    "(SELECT count(*) FROM effect WHERE unit = ?1 OR ref = ?1), "
	    "(SELECT count(*) FROM unit WHERE parent = ?1)",
	[STMT_UNIT_DELETE] = "DELETE FROM unit WHERE id = ?1",
	[STMT_RATING_ARGS] =
	    "SELECT CASE WHEN path = '$' THEN key ELSE substr(path, 3) END, "
	    "type, atom FROM json_tree(?1) "
	    "WHERE type NOT IN ('object', 'array') ORDER BY id",
	[STMT_LEDGER_LATEST] =
	    "SELECT e.name, e.amount, e.total, coalesce(e.ref, 0), v.turn "
	    "FROM effect e JOIN event v ON v.id = e.event "
	    "WHERE e.unit = ?1 AND e.kind = ?2 AND v.undone = 0 "
	    "ORDER BY e.id DESC LIMIT 1",
	[STMT_FLAGS] =
	    "SELECT e.name, e.amount FROM effect e JOIN event v ON v.id = e.event "
	    "WHERE e.unit = ?1 AND e.kind = 'flag' AND v.undone = 0 ORDER BY e.id",
	[STMT_TURN] =
	    "SELECT 1 + count(*) FROM event WHERE command = 'turn' AND undone = 0",
	[STMT_EVENT_CLEAR_REDO] = "UPDATE event SET undone = 2 WHERE undone = 1",
	[STMT_EVENT_INSERT] =
	    "INSERT INTO event (turn, command, args, summary, created) "
	    "VALUES (?1, ?2, ?3, ?4, " NOW ")",
	[STMT_EVENT_FINISH] = "UPDATE event SET dice = ?2, output = ?3 WHERE id = ?1",
	[STMT_EVENT_UNIT_INSERT] =
	    "INSERT OR IGNORE INTO event_unit (event, unit, role) VALUES (?1, ?2, ?3)",
	[STMT_EFFECT_INSERT] =
	    "INSERT INTO effect (event, unit, kind, name, amount, total, ref, detail) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, nullif(?7, 0), ?8)",
	[STMT_UNDO_CANDIDATES] =
	    "SELECT id, turn, command, summary, undone FROM event "
	    "WHERE undone = 0 ORDER BY id DESC LIMIT ?1",
	[STMT_REDO_CANDIDATES] =
	    "SELECT id, turn, command, summary, undone FROM event "
	    "WHERE undone = 1 ORDER BY id ASC LIMIT ?1",
	[STMT_EVENT_SET_UNDONE] = "UPDATE event SET undone = ?2 WHERE id = ?1",
	[STMT_LOG] =
	    "SELECT id, turn, command, summary, undone FROM event "
	    "WHERE (?1 = 0 OR id IN (SELECT event FROM event_unit WHERE unit = ?1)) "
	    "AND (?2 = 0 OR turn = ?2) ORDER BY id",
	[STMT_EVENT_OUTPUT] =
	    "SELECT id, turn, command, summary, undone, output FROM event WHERE id = ?1",
	[STMT_TABLE_INSERT] =
	    "INSERT INTO rule_table (ruleset, name, title, provenance, note, columns) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[STMT_ROW_INSERT] =
	    "INSERT INTO rule_row (ruleset, name, ord, cells) VALUES (?1, ?2, ?3, ?4)",
	[STMT_TABLE_DELETE] = "DELETE FROM rule_table WHERE ruleset = ?1 AND name = ?2",
	[STMT_TABLE_GET] =
	    "SELECT title, provenance, note, json_array_length(columns), "
	    "(SELECT count(*) FROM rule_row r WHERE r.ruleset = ?1 AND r.name = ?2) "
	    "FROM rule_table WHERE ruleset = ?1 AND name = ?2",
	[STMT_TABLE_COLUMNS] =
	    "SELECT j.value FROM rule_table t, json_each(t.columns) j "
	    "WHERE t.ruleset = ?1 AND t.name = ?2 ORDER BY j.key",
	[STMT_TABLE_CELLS] =
	    "SELECT j.value FROM rule_row r, json_each(r.cells) j "
	    "WHERE r.ruleset = ?1 AND r.name = ?2 ORDER BY r.ord, j.key",
	[STMT_EVENT_EFFECTS] =
	    "SELECT e.detail FROM effect e WHERE e.event = ?1 AND e.detail <> '' "
	    "ORDER BY e.id",
	[STMT_EVENT_WORKING] =
	    "SELECT json_extract(output, '$.summary') FROM event WHERE id = ?1 "
	    "UNION ALL SELECT '  ' || j.value FROM event, json_each(event.output, '$.working') j "
	    "WHERE event.id = ?1 "
	    "UNION ALL SELECT '  dice: ' || group_concat(j.value, ', ') "
	    "FROM event, json_each(event.output, '$.dice') j WHERE event.id = ?1 "
	    "HAVING count(*) > 0",
	[STMT_CHECK_LEDGERS] =
	    "SELECT e.unit, e.kind, e.amount, e.total, e.event, u.name "
	    "FROM effect e JOIN event v ON v.id = e.event JOIN unit u ON u.id = e.unit "
	    "WHERE v.undone = 0 AND e.kind IN ('loss', 'defence', 'pushback') "
	    "ORDER BY e.unit, e.kind, e.id",
	[STMT_CHECK_INTEGRITY] = "PRAGMA integrity_check",
	[STMT_CHECK_FOREIGN_KEYS] = "PRAGMA foreign_key_check",
	[STMT_CHECK_JSON] =
	    "SELECT 'game options' FROM game WHERE NOT json_valid(options) "
	    "UNION ALL SELECT 'ratings of unit ' || name FROM unit WHERE NOT json_valid(ratings) "
	    "UNION ALL SELECT 'event ' || id FROM event "
	    "WHERE NOT (json_valid(args) AND json_valid(dice) AND json_valid(output)) "
	    "UNION ALL SELECT 'table ' || name FROM rule_table WHERE NOT json_valid(columns) "
	    "UNION ALL SELECT 'a row of table ' || name FROM rule_row WHERE NOT json_valid(cells)",
};
