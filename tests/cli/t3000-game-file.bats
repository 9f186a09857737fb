#!/usr/bin/env bats
# The game file: new, --force, refusals of foreign, newer, read-only and
# locked files, each leaving the file unchanged.
load helper

@test "new makes a game at ./umpire.db with the stock tables" {
	umpire new --rules brigade --title "Quatre Bras"
	[ "$status" -eq 0 ]
	[ "$output" = "new brigade game 'Quatre Bras' at umpire.db" ]
	[ "$(sqlite3 umpire.db 'PRAGMA application_id')" = 1431130185 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 2 ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM rule_row WHERE name = 'melee-firing'")" = 150 ]
}

@test "new --json, --db and \$UMPIRE_DB" {
	umpire --json new --rules brigade --db one.db
	[ "$(json .db)" = one.db ]
	[ "$(json .turn)" = 1 ]
	UMPIRE_DB=two.db "$U" new --rules brigade >/dev/null
	[ -f two.db ]
}

@test "the schema is STRICT, with foreign keys" {
	new_game
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE '%STRICT%'")" = 0 ]
	run sqlite3 umpire.db "SELECT sql FROM sqlite_schema WHERE name = 'effect'"
	[[ "$output" == *"REFERENCES event"* ]]
}

@test "new needs --rules" {
	umpire new
	expect_error 64 "new needs --rules NAME"
}

@test "new will not overwrite a game without --force" {
	new_game --title first
	before=$(md5sum umpire.db)
	umpire new --rules brigade
	expect_error 73 "a game exists at 'umpire.db'; give --force to replace it"
	[ "$(md5sum umpire.db)" = "$before" ]
	umpire new --rules brigade --force --title second
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'SELECT title FROM game')" = second ]
}

@test "new in a missing directory exits 73" {
	umpire --db nowhere/game.db new --rules brigade
	expect_error 73 "cannot create the game 'nowhere/game.db'"
}

@test "new in a read-only directory exits 73" {
	mkdir ro && chmod 555 ro
	as_nobody "$U" --db ro/game.db new --rules brigade
	expect_error 73 "cannot create the game"
	[ ! -e ro/game.db ]
}

@test "a file that is not an umpire game is refused and unchanged" {
	echo "not a database, a shopping list" > umpire.db
	before=$(md5sum umpire.db)
	umpire sheet
	expect_error 65 "'umpire.db' is not an umpire game"
	umpire --rules brigade fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 65 "is not an umpire game"
	umpire new --rules brigade --force
	expect_error 65 "exists and is not an umpire game; not replacing it"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "an SQLite file of another application is refused and unchanged" {
	sqlite3 umpire.db "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
	before=$(md5sum umpire.db)
	umpire turn next
	expect_error 65 "'umpire.db' is not an umpire game"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "a game from a newer umpire is refused and unchanged" {
	new_game
	sqlite3 umpire.db "PRAGMA user_version = 99"
	before=$(md5sum umpire.db)
	umpire turn next
	expect_error 65 "from a newer umpire (schema 99"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "a stateful ruling without a game exits 66" {
	umpire --rules brigade fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 66 "there is no game at 'umpire.db'"
	umpire sheet
	expect_error 66 "there is no game"
}

@test "a read-only game file is refused (74) and unchanged" {
	small_oob
	chmod 444 umpire.db
	before=$(md5sum umpire.db)
	as_nobody "$U" fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 74 "cannot write the game 'umpire.db': it is read-only"
	as_nobody "$U" turn next
	expect_error 74 "read-only"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "a game locked by another writer exits 75 and is unchanged" {
	small_oob
	(echo "BEGIN IMMEDIATE;"; sleep 2) | sqlite3 umpire.db &
	sleep 0.5
	UMPIRE_BUSY_TIMEOUT=100 run --separate-stderr "$U" turn next
	expect_error 75 "locked by another writer; try again"
	wait
	umpire turn
	[ "$output" = "turn 1" ]
}

@test "--rules other than the game's exits 64" {
	small_oob
	umpire --rules squares sheet
	expect_error 64 "played under the brigade rules, not squares"
}

@test "without --rules an adjudication takes the game's rule set" {
	small_oob
	umpire fire --firers 16 --distance 2 --dice 4 --json
	[ "$status" -eq 0 ]
	[ "$(json .rules)" = brigade ]
	[ "$(json .event)" = null ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "check says the game and its journal agree" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	umpire check
	[ "$status" -eq 0 ]
	[ "$output" = "ok: the game file and its journal agree" ]
}

@test "check finds a ledger that does not add up" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	sqlite3 umpire.db "UPDATE effect SET total = 9 WHERE kind = 'loss'"
	umpire check
	[ "$status" -eq 74 ]
	[[ "$output" == *"unit 'Kempt': the loss ledger says 9 at event 1, its effects add up to 2"* ]]
	# The state kept for the unit (2 lost) is no longer the journal's (9).
	[[ "$output" == *"the kept state differs from the journal for unit: Kempt"* ]]
	[[ "$stderr" == *"2 problems found"* ]]
}
