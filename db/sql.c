/* sql: the text of every named statement. */
#include "sql.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
#define UNIT_COLUMNS \
	"u.id, u.name, u.side, u.type, u.formation, coalesce(u.parent, 0), " \
	"coalesce(p.name, ''), u.start_strength, u.ratings, u.tactical " \
	"FROM unit u LEFT JOIN unit p ON p.id = u.parent "
/* A unit of the army with its kept words (db/units.c reads them), and
 * what it brought from the campaign's last battle: the total its first
 * ledger starts at, and whether it came in destroyed.  A game read as it
 * is from before the campaign's schema (10) brought nothing. */
#define ARMY_COLUMNS_OF(brought, join) \
	"u.id, u.name, u.side, u.type, u.formation, coalesce(u.parent, 0), " \
	"u.start_strength, coalesce(s.state, ''), coalesce(s.formation, ''), " \
	"coalesce(s.flags, ''), u.ratings, u.tactical, " brought " " \
	"FROM unit u LEFT JOIN unit_state s ON s.unit = u.id " join
#define ARMY_COLUMNS ARMY_COLUMNS_OF( \
	"coalesce(b.lost - b.recovered, 0), coalesce(b.state, '') <> ''", \
	"LEFT JOIN unit_brought b ON b.unit = u.id ")
#define ARMY_COLUMNS_BEFORE_CAMPAIGN ARMY_COLUMNS_OF("0, 0", "")

/* The order of the units an event named: the acting one ("unit",
 * "attacker") first, then by the roster's order. */
#define WHO_ORDER "ORDER BY eu.role NOT IN ('unit', 'attacker'), eu.unit"
/* The units event EV named, WHAT of each as w, in WHO_ORDER. */
#define NAMED(ev, what) \
	"SELECT " what " AS w FROM event_unit eu " \
	"JOIN unit u ON u.id = eu.unit WHERE eu.event = " ev " " WHO_ORDER
/* ... as "Name (role)". */
#define WHO_NAMED(ev) NAMED(ev, "u.name || ' (' || eu.role || ')'")
/* An event with the units it named ("A, B") and who ("A (unit), B
 * (target)"), both in who's order. */
#define EVENT_COLUMNS \
	"e.id, e.turn, e.command, e.summary, e.undone, " \
	"coalesce((SELECT group_concat(w, ', ') FROM (" NAMED("e.id", "u.name") ")), ''), " \
	"e.changes, " \
	"coalesce((SELECT group_concat(w, ', ') FROM (" WHO_NAMED("e.id") ")), ''), " \
	"e.command = 'turn' AND e.args = '[\"turn\",\"next\"]' " \
	"FROM event e "

/* A modifier's name as text (cmd/render.c): "attacker:lancers" as
 * "lancers (attacker)". */
#define MODIFIER_NAME(n) \
	"CASE WHEN instr(" n ", ':') > 0 THEN substr(" n ", instr(" n ", ':') + 1) || " \
	"' (' || substr(" n ", 1, instr(" n ", ':') - 1) || ')' ELSE " n " END"

/* The kinds of effect every game keeps as words or records; any other
 * kind is a ledger its rule set declares. */
#define WORD_KINDS "('state', 'formation', 'flag', 'part', 'act')"

/*
 * Each unit's words as the journal gives them: the latest state and
 * tactical formation in force (else the state it came into the battle in
 * and the formation it started in: `base`), and the flags whose latest
 * word is "set" (in the order they were last set, each with the last turn
 * it lasts).
 */
#define WORDS_DERIVED_FROM(base) \
	"SELECT u.id AS unit, " \
	"coalesce((SELECT e.name FROM effect e JOIN event v ON v.id = e.event " \
	"WHERE e.unit = u.id AND e.kind = 'state' AND v.undone = 0 " \
	"ORDER BY e.id DESC LIMIT 1), " base ") AS state, " \
	"coalesce((SELECT e.name FROM effect e JOIN event v ON v.id = e.event " \
	"WHERE e.unit = u.id AND e.kind = 'formation' AND v.undone = 0 " \
	"ORDER BY e.id DESC LIMIT 1), u.tactical) AS formation, " \
	"coalesce((SELECT group_concat(f.name || CASE WHEN f.until > 0 " \
	"THEN '@' || f.until ELSE '' END, ',') FROM (" \
	"SELECT e.name, e.amount, e.total AS until, max(e.id) AS last FROM effect e " \
	"JOIN event v ON v.id = e.event " \
	"WHERE e.unit = u.id AND e.kind = 'flag' AND v.undone = 0 " \
	"GROUP BY e.name ORDER BY max(e.id)) f WHERE f.amount <> 0), '') AS flags " \
	"FROM unit u "
/* The state a unit came into the battle in: what it brought from the
 * campaign's last battle (a unit destroyed there and not recovered). */
#define WORDS_DERIVED WORDS_DERIVED_FROM( \
	"(SELECT b.state FROM unit_brought b WHERE b.unit = u.id), ''")

/* Each unit's ledgers as the journal gives them: the latest effect in
 * force of each kind that is not a word, with its event's turn. */
#define LEDGERS_DERIVED \
	"SELECT e.unit, e.kind, e.total, e.amount, v.turn, coalesce(e.ref, 0) " \
	"FROM effect e JOIN event v ON v.id = e.event " \
	"WHERE v.undone = 0 AND e.kind NOT IN " WORD_KINDS " AND e.id = (" \
	"SELECT max(l.id) FROM effect l JOIN event w ON w.id = l.event " \
	"WHERE l.unit = e.unit AND l.kind = e.kind AND w.undone = 0) "

const char *const db_sql[STMT_COUNT] = {
	[STMT_GAME_RULES] = "SELECT rules FROM game WHERE id = 1",
	[STMT_GAME_INSERT] =
	    "INSERT INTO game (id, rules, title, options, fog, created) "
	    "VALUES (1, ?1, ?2, ?3, ?4, " NOW ")",
	[STMT_GAME_GET] = "SELECT rules, title, options, fog FROM game WHERE id = 1",
	/* ... and whether any unit was brought from a campaign's last battle
	 * (only `new --from` brings any): an army read of a game with none
	 * leaves out what would be brought (STMT_ARMY_UNIT_BEFORE). */
	[STMT_GAME_GET_CAMPAIGN] =
	    "SELECT rules, title, options, fog, EXISTS (SELECT 1 FROM unit_brought) "
	    "FROM game WHERE id = 1",
	[STMT_GAME_SET] = "UPDATE game SET title = ?1, fog = ?2 WHERE id = 1",
	[STMT_UNIT_INSERT] =
	    "INSERT INTO unit (name, side, type, formation, parent, ratings, "
	    "start_strength, tactical) VALUES (?1, ?2, ?3, ?4, nullif(?5, 0), ?6, ?7, ?8)",
	[STMT_UNIT_GET] = "SELECT " UNIT_COLUMNS "WHERE u.id = ?1",
	[STMT_UNIT_UPDATE] =
	    "UPDATE unit SET name = ?1, side = ?2, type = ?3, formation = ?4, "
	    "parent = nullif(?5, 0), ratings = ?6, start_strength = ?7, tactical = ?8 "
	    "WHERE id = ?9",
	[STMT_UNIT_IN_USE] =
	    "SELECT (SELECT count(*) FROM event_unit WHERE unit = ?1) + "
	    "(SELECT count(*) FROM effect WHERE unit = ?1 OR ref = ?1), "
	    "(SELECT count(*) FROM unit WHERE parent = ?1)",
	[STMT_UNIT_DELETE] = "DELETE FROM unit WHERE id = ?1",
	[STMT_UNIT_COUNT] = "SELECT count(*) FROM unit",
	[STMT_ARMY_UNITS] = "SELECT " ARMY_COLUMNS "ORDER BY u.id",
	[STMT_ARMY_UNITS_BEFORE] = "SELECT " ARMY_COLUMNS_BEFORE_CAMPAIGN "ORDER BY u.id",
	[STMT_ARMY_LEDGERS] =
	    "SELECT unit, kind, total, amount, turn, ref FROM unit_ledger "
	    "ORDER BY unit",
	/* One unit of the army, by its whole name. */
	[STMT_ARMY_UNIT] = "SELECT " ARMY_COLUMNS "WHERE u.name = ?1",
	[STMT_ARMY_UNIT_BEFORE] = "SELECT " ARMY_COLUMNS_BEFORE_CAMPAIGN "WHERE u.name = ?1",
	/* The acts of turn ?1 in force (the turn's memory), in order: read
	 * by the turn's index (the unary + keeps SQLite off the index of
	 * undone, which holds every entry in force of the whole game). */
	[STMT_ARMY_ACTS] =
	    "SELECT e.unit, e.name, e.event, coalesce(e.ref, 0), e.total FROM event v "
	    "JOIN effect e ON e.event = v.id WHERE v.turn = ?1 AND +v.undone = 0 "
	    "AND e.kind = 'act' ORDER BY e.id",
	/* ... of unit ?1 in turn ?2, by the unit's index: a ruling reads the
	 * acts of the few units it names. */
	[STMT_UNIT_ACTS] =
	    "SELECT e.unit, e.name, e.event, coalesce(e.ref, 0), e.total FROM effect e "
	    "JOIN event v ON v.id = e.event WHERE e.unit = ?1 AND e.kind = 'act' "
	    "AND v.turn = ?2 AND +v.undone = 0 ORDER BY e.id",
	/* The list field ?3 of the result of the latest ruling in force of
	 * command ?1 in turn ?2 that has one (squares' action dice). */
	[STMT_TURN_RESULT] =
	    "SELECT j.value FROM json_each((SELECT json_extract(output, '$.result.' || ?3) "
	    "FROM event WHERE command = ?1 AND turn = ?2 AND undone = 0 "
	    "AND json_type(output, '$.result.' || ?3) = 'array' ORDER BY id DESC LIMIT 1)) j "
	    "ORDER BY j.key",
	[STMT_UNIT_LEDGERS] =
	    "SELECT unit, kind, total, amount, turn, ref FROM unit_ledger WHERE unit = ?1",
	/* The turn: one past the turn the latest `turn next` in force ended
	 * (a rule set's own turn rulings, squares' dice-offs, happen inside
	 * a turn).  Undo and redo take the journal's latest first, so the
	 * `turn next` in force ended turns 1, 2, ... in order: the latest
	 * is found at the end of the index, not counted through. */
	[STMT_TURN] =
	    "SELECT turn FROM event WHERE command = 'turn' AND undone = 0 "
	    "AND args = '[\"turn\",\"next\"]' ORDER BY id DESC LIMIT 1",
	/* The journal's head: its latest entry, whatever it is, and whether
	 * it is a `turn next`.  In play it is in force, and says all the
	 * ruling must know of the journal (db_turn). */
	[STMT_EVENT_HEAD] =
	    "SELECT id, turn, command = 'turn' AND args = '[\"turn\",\"next\"]', undone "
	    "FROM event ORDER BY id DESC LIMIT 1",
	/* The next event's id, and whether an undone event could be redone
	 * (a change clears it). */
	[STMT_EVENT_NEXT_ID] =
	    "SELECT coalesce(max(id), 0) + 1, EXISTS (SELECT 1 FROM event WHERE undone = 1), "
	    "coalesce((SELECT max(id) FROM event WHERE undone = 0), 0) FROM event",
	[STMT_EVENT_CLEAR_REDO] = "UPDATE event SET undone = 2 WHERE undone = 1",
	[STMT_EVENT_INSERT] =
	    "INSERT INTO event (id, turn, command, args, dice, output, summary, "
	    "changes, prev, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, " NOW ")",
	[STMT_EVENT_UNIT_INSERT] =
	    "INSERT OR IGNORE INTO event_unit (event, unit, role) VALUES (?1, ?2, ?3)",
	[STMT_EFFECT_INSERT] =
	    "INSERT INTO effect (event, unit, kind, name, amount, total, ref, detail) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, nullif(?7, 0), ?8)",
	/* What undo takes back: the last entry in force (?2 = 1), or event ?1
	 * and every entry in force after it (?2 = -1), newest first. */
	[STMT_UNDO_CANDIDATES] =
	    "SELECT " EVENT_COLUMNS "WHERE e.undone = 0 AND e.id >= ?1 "
	    "ORDER BY e.id DESC LIMIT ?2",
	/* What redo brings back: the entry undone last (?2 = 1), or every
	 * entry that may be redone up to event ?1, oldest first. */
	[STMT_REDO_CANDIDATES] =
	    "SELECT " EVENT_COLUMNS "WHERE e.undone = 1 AND e.id <= ?1 "
	    "ORDER BY e.id ASC LIMIT ?2",
	/* Whether event ?1 is in the journal, and how: 0 in force, 1 may be
	 * redone, 2 cleared. */
	[STMT_EVENT_UNDONE] = "SELECT undone FROM event WHERE id = ?1",
	[STMT_EVENT_SET_UNDONE] = "UPDATE event SET undone = ?2 WHERE id = ?1",
	[STMT_LOG] =
	    "SELECT " EVENT_COLUMNS
	    "WHERE (?1 = 0 OR e.id IN (SELECT event FROM event_unit WHERE unit = ?1)) "
	    "AND (?2 = 0 OR e.turn = ?2) ORDER BY e.id",
	[STMT_EVENT_OUTPUT] =
	    "SELECT e.id, e.turn, e.command, e.summary, e.undone, '', e.changes, '', "
	    "e.command = 'turn' AND e.args = '[\"turn\",\"next\"]', "
	    "CASE WHEN json_valid(e.output) THEN e.output END "
	    "FROM event e WHERE e.id = ?1",
	[STMT_EVENT_EFFECT_ROWS] =
	    "SELECT unit, kind, name, amount, total, detail FROM effect "
	    "WHERE event = ?1 ORDER BY id",
	[STMT_EVENT_UNIT_ROWS] =
	    "SELECT eu.unit, eu.role FROM event_unit eu WHERE eu.event = ?1 " WHO_ORDER,
	[STMT_EVENT_EFFECTS] =
	    "SELECT e.detail FROM effect e WHERE e.event = ?1 AND e.detail <> '' "
	    "ORDER BY e.id",
	/* log show: the summary, the command as typed (quoted to paste: a word
	 * with an apostrophe in double quotes when none of $ ` \ " ! is in
	 * it, else in single quotes), who acted in which role, the modifiers,
	 * the working, the dice and whether umpire rolled them. */
	[STMT_EVENT_WORKING] =
	    "SELECT json_extract(output, '$.summary') FROM event WHERE id = ?1 "
	    "UNION ALL SELECT '  typed: umpire ' || (SELECT group_concat(CASE "
	    "WHEN j.value = '' OR j.value GLOB '*[^A-Za-z0-9_.,:/=+-]*' THEN "
	    "CASE WHEN instr(j.value, '''') > 0 AND j.value NOT GLOB '*[$`\\\"!]*' "
	    "THEN '\"' || j.value || '\"' "
	    "ELSE '''' || replace(j.value, '''', '''\"''\"''') || '''' END "
	    "ELSE j.value END, ' ') "
	    "FROM json_each(event.args) j) FROM event WHERE id = ?1 "
	    "UNION ALL SELECT '  who: ' || group_concat(w, ', ') FROM ("
	    WHO_NAMED("?1") ") HAVING count(*) > 0 "
	    "UNION ALL SELECT '  modifiers: ' || group_concat(" MODIFIER_NAME("json_extract(m.value, '$.name')") " || ' ' || "
	    "CASE WHEN json_extract(m.value, '$.factor') IS NOT NULL "
	    "THEN 'x' || json_extract(m.value, '$.factor') "
	    "ELSE printf('%+g', json_extract(m.value, '$.value')) END, ', ') "
	    "FROM event, json_each(event.output, '$.modifiers') m WHERE event.id = ?1 "
	    "HAVING count(*) > 0 "
	    "UNION ALL SELECT '  ' || j.value FROM event, json_each(event.output, '$.working') j "
	    "WHERE event.id = ?1 "
	    "UNION ALL SELECT '  dice: ' || group_concat(j.value, ', ') || "
	    "(SELECT CASE WHEN json_extract(output, '$.seed') IS NOT NULL "
	    "THEN ' (rolled by umpire, seed ' || json_extract(output, '$.seed') || ')' "
	    "ELSE ' (typed)' END FROM event WHERE id = ?1) "
	    "FROM event, json_each(event.output, '$.dice') j WHERE event.id = ?1 "
	    "HAVING count(*) > 0",
	/* Each change in force of ledger ?1 (the charts, the report's
	 * losses), in the journal's order: turns only grow along it, as
	 * undo and redo take the latest first.  With ?2 not '', the changes
	 * of kind ?1 ("state") and 1 when the new one is ?2, else 0. */
	[STMT_LOSSES] =
	    "SELECT v.turn, e.unit, CASE WHEN ?2 = '' THEN e.total ELSE e.name = ?2 END "
	    "FROM effect e JOIN event v ON v.id = e.event "
	    "WHERE e.kind = ?1 AND v.undone = 0 ORDER BY e.id",
	/* The report: each ruling in force, in order, with its loss effects. */
	[STMT_TURN_EVENTS] =
	    "SELECT v.id, v.turn, v.command, v.summary, "
	    "coalesce((SELECT group_concat(w, ', ') FROM (" WHO_NAMED("v.id") ")), ''), "
	    "coalesce((SELECT group_concat(e.detail, '; ') FROM effect e "
	    "WHERE e.event = v.id AND e.detail <> ''), ''), "
	    "v.command = 'turn' AND v.args = '[\"turn\",\"next\"]' "
	    "FROM event v WHERE v.undone = 0 ORDER BY v.turn, v.id",
	[STMT_TABLE_DELETE] = "DELETE FROM rule_table WHERE ruleset = ?1 AND name = ?2",
	[STMT_TABLE_LIST] =
	    "SELECT name, coalesce(hash, '') FROM rule_table WHERE ruleset = ?1 "
	    "ORDER BY name",
	[STMT_TABLE_META] =
	    "SELECT t.title, t.provenance, t.note, json_array_length(t.columns), "
	    "(SELECT count(*) FROM rule_row r WHERE r.ruleset = t.ruleset AND r.name = t.name) "
	    "FROM rule_table t WHERE t.ruleset = ?1 AND t.name = ?2",
	[STMT_TABLE_COLUMNS] =
	    "SELECT j.value FROM rule_table t, json_each(t.columns) j "
	    "WHERE t.ruleset = ?1 AND t.name = ?2 ORDER BY j.key",
	[STMT_TABLE_CELLS] =
	    "SELECT j.value FROM rule_row r, json_each(r.cells) j "
	    "WHERE r.ruleset = ?1 AND r.name = ?2 ORDER BY r.ord, j.key",
	/* umpire check's replay (db/replay.c): the journal's marks, every
	 * effect in force in event order, every unit with its kept words. */
	[STMT_CHECK_CHAIN] = "SELECT id, prev, undone FROM event ORDER BY id",
	[STMT_CHECK_REPLAY] =
	    "SELECT e.unit, e.kind, e.name, e.amount, e.total, coalesce(e.ref, 0), v.turn, "
	    "e.id, e.event FROM effect e JOIN event v ON v.id = e.event "
	    "WHERE v.undone = 0 ORDER BY e.event, e.id",
	[STMT_CHECK_UNITS] =
	    "SELECT u.id, u.name, u.tactical, s.unit IS NOT NULL, coalesce(s.state, ''), "
	    "coalesce(s.formation, ''), coalesce(s.flags, ''), coalesce(b.state, ''), "
	    "coalesce(b.lost - b.recovered, 0) "
	    "FROM unit u LEFT JOIN unit_state s ON s.unit = u.id "
	    "LEFT JOIN unit_brought b ON b.unit = u.id ORDER BY u.id",
	[STMT_CHECK_INTEGRITY] = "PRAGMA integrity_check",
	[STMT_CHECK_FOREIGN_KEYS] = "PRAGMA foreign_key_check",
	[STMT_CHECK_JSON] =
	    "SELECT 'game options' FROM game WHERE NOT json_valid(options) "
	    "UNION ALL SELECT 'ratings of unit ' || name FROM unit WHERE NOT json_valid(ratings) "
	    "UNION ALL SELECT 'event ' || id FROM event "
	    "WHERE NOT (json_valid(args) AND json_valid(dice) AND json_valid(output)) "
	    "UNION ALL SELECT 'table ' || name FROM rule_table WHERE NOT json_valid(columns) "
	    "UNION ALL SELECT 'a row of table ' || name FROM rule_row WHERE NOT json_valid(cells)",
	[STMT_STATE_NEW] =
	    "INSERT OR REPLACE INTO unit_state " WORDS_DERIVED "WHERE u.id = ?1",
	[STMT_STATE_PUT] =
	    "UPDATE unit_state SET state = ?2, formation = ?3, flags = ?4 WHERE unit = ?1",
	[STMT_LEDGER_PUT] =
	    "INSERT OR REPLACE INTO unit_ledger (unit, kind, total, amount, turn, ref) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[STMT_STATE_REFRESH_EVENT] =
	    "INSERT OR REPLACE INTO unit_state " WORDS_DERIVED
	    "WHERE u.id IN (SELECT unit FROM effect WHERE event = ?1)",
	[STMT_LEDGER_CLEAR_EVENT] =
	    "DELETE FROM unit_ledger WHERE unit IN (SELECT unit FROM effect WHERE event = ?1)",
	[STMT_LEDGER_REFRESH_EVENT] =
	    "INSERT INTO unit_ledger " LEDGERS_DERIVED
	    "AND e.unit IN (SELECT unit FROM effect WHERE event = ?1)",
	/* Every unit's words made from the journal: once, when a game reaches
	 * schema 3 (db/db.c), before any unit could be brought from another
	 * battle (schema 10). */
	[STMT_STATE_REFRESH_ALL] =
	    "INSERT OR REPLACE INTO unit_state " WORDS_DERIVED_FROM("''"),
	[STMT_LEDGER_CLEAR_ALL] = "DELETE FROM unit_ledger",
	[STMT_LEDGER_REFRESH_ALL] = "INSERT INTO unit_ledger " LEDGERS_DERIVED,
	[STMT_CHECK_LINKS] =
	    "SELECT e.event, u.name FROM effect e JOIN unit u ON u.id = e.unit "
	    "WHERE NOT EXISTS (SELECT 1 FROM event_unit eu "
	    "WHERE eu.event = e.event AND eu.unit = e.unit) ORDER BY e.id",
	[STMT_SIDES] = "SELECT side FROM unit GROUP BY side ORDER BY min(id)",
	[STMT_VIEWER_GET] = "SELECT token FROM viewer WHERE side = ?1",
	[STMT_VIEWER_PUT] = "INSERT OR REPLACE INTO viewer (side, token) VALUES (?1, ?2)",
	[STMT_VIEWER_CLEAR] = "DELETE FROM viewer",
	[STMT_VIEWER_TABLE] =
	    "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'viewer'",
	[STMT_BROUGHT_PUT] =
	    "INSERT OR REPLACE INTO unit_brought (unit, lost, recovered, gone, out, state) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[STMT_BROUGHT_GET] =
	    "SELECT lost, recovered, gone, out, state FROM unit_brought WHERE unit = ?1",
	/* The campaign's earlier battles, oldest first, each side in the
	 * roster's order (a battle with no side: one row of NULLs). */
	[STMT_BATTLES] =
	    "SELECT b.id, b.title, b.turns, s.side, coalesce(s.losses, 0), "
	    "coalesce(s.start, 0) FROM battle b LEFT JOIN battle_side s ON s.battle = b.id "
	    "ORDER BY b.id, s.ord",
	[STMT_BATTLE_INSERT] = "INSERT INTO battle (title, turns) VALUES (?1, ?2)",
	[STMT_BATTLE_SIDE_INSERT] =
	    "INSERT INTO battle_side (battle, ord, side, losses, start) "
	    "VALUES (?1, ?2, ?3, ?4, ?5)",
};
