#!/usr/bin/env bats
# The journal is the truth (CLI.md): the kept state is the journal in force
# applied in event order, `umpire check` replays it to prove so, and every
# reader reads one snapshot.

load helper

# A brigade game with something in every kept table: losses and a melee's
# push back (unit_ledger), a flag and a formation (unit_state), flags that
# last some turns.  Events: #1 Charlet forms attack column, #2 the melee,
# #3-#4 Pack's corrections, #5 Best's rally.
kept_game() {
	"$U" new --rules brigade --example >/dev/null
	"$U" adjust Charlet --formation attack-column --reason "formed for the attack" >/dev/null
	"$U" melee --attacker Charlet --defender Kempt --dice 4,3 >/dev/null
	"$U" adjust Pack --state disordered --reason "at the hedge" >/dev/null
	"$U" adjust Pack --formation attack-column --reason "formed for the charge" >/dev/null
	"$U" rally --unit Best --after push-back --pushbacks 1 >/dev/null
	"$U" check >/dev/null
}

# corrupted SQL PROBLEM: the game with SQL run on it behind umpire's back
# fails check with 74, and PROBLEM is among the problems it names.
corrupted() {
	cp umpire.db bad.db
	[ ! -e umpire.db-wal ] || cp umpire.db-wal bad.db-wal
	sqlite3 bad.db "$1"
	umpire --db bad.db check
	[ "$status" -eq 74 ] || { echo "check: status $status: $output"; return 1; }
	[ "$stderr" = "umpire: check: ${3:-1} problem${4:-} found" ] || { echo "stderr: $stderr"; return 1; }
	has_line "problem: $2"
	rm -f bad.db bad.db-wal bad.db-shm
}

@test "check replays the journal: each kept table corrupted in turn is found, and named" {
	kept_game
	kempt="(SELECT id FROM unit WHERE name = 'Kempt')"
	pack="(SELECT id FROM unit WHERE name = 'Pack')"
	best="(SELECT id FROM unit WHERE name = 'Best')"
	# unit_state: the state word, the tactical formation, the flags
	corrupted "UPDATE unit_state SET state = 'destroyed' WHERE unit = $kempt" \
	    "unit 'Kempt': its kept state is 'destroyed', the journal replayed gives none"
	corrupted "UPDATE unit_state SET formation = 'line' WHERE unit = $pack" \
	    "unit 'Pack': its kept formation is 'line', the journal replayed gives 'attack-column'"
	corrupted "UPDATE unit_state SET flags = '' WHERE unit = $pack" \
	    "unit 'Pack': its kept flags are '', the journal replayed gives 'disordered'"
	corrupted "UPDATE unit_state SET flags = 'rallying@1,half-speed@3' WHERE unit = $best" \
	    "unit 'Best': its kept flags are 'rallying@1,half-speed@3', the journal replayed gives 'rallying@1,half-speed@2'"
	corrupted "DELETE FROM unit_state WHERE unit = $pack" \
	    "unit 'Pack' has no kept state (it is missing from the game file)"
	# unit_ledger: a total, the last change, its turn, a row gone or added
	corrupted "UPDATE unit_ledger SET total = 10 WHERE unit = $kempt AND kind = 'loss'" \
	    "unit 'Kempt': its kept loss ledger is 10 (last change +12 in turn 1), the journal replayed gives 12 (last change +12 in turn 1)"
	corrupted "UPDATE unit_ledger SET amount = 3 WHERE unit = $kempt AND kind = 'loss'" \
	    "unit 'Kempt': its kept loss ledger is 12 (last change +3 in turn 1), the journal replayed gives 12 (last change +12 in turn 1)"
	corrupted "UPDATE unit_ledger SET turn = 2 WHERE unit = $kempt AND kind = 'pushback'" \
	    "unit 'Kempt': its kept pushback ledger is 1 (last change +1 in turn 2), the journal replayed gives 1 (last change +1 in turn 1)"
	corrupted "DELETE FROM unit_ledger WHERE unit = $kempt AND kind = 'pushback'" \
	    "unit 'Kempt': its pushback ledger is not kept; the journal replayed gives 1"
	corrupted "INSERT INTO unit_ledger VALUES ($pack, 'loss', 5, 5, 1, 0)" \
	    "unit 'Pack': a kept loss ledger of 5 that no entry in force gives"
	# the journal itself: a running total, the undo marks, the chain
	corrupted "UPDATE effect SET total = 11 WHERE event = 2 AND kind = 'loss' AND unit = $kempt" \
	    "unit 'Kempt': the loss ledger says 11 at event 2, its effects add up to 12"
	corrupted "UPDATE event SET undone = 1 WHERE id = 3" \
	    "event 3 may be redone, but event 4 in force was made after it" 3 s
	corrupted "UPDATE event SET prev = 1 WHERE id = 4" \
	    "event 4 was made on event 1, but the entry in force before it is 3: the journal's undo marks do not agree"
	# and the game itself was not touched
	umpire check
	[ "$status" -eq 0 ]
	[ "$output" = "ok: the game file and its journal agree" ]
}

# The redo of an entry undone before a later one was made would have put
# it back out of order: the later entry was ruled without it.  Any new entry
# clears what could be redone, one that changed nothing too.
@test "a ruling that changed nothing clears what could be redone: the log and the sheet agree" {
	"$U" new --rules fury --example >/dev/null
	"$U" fire --unit Husson --target Kempt --distance 3 --dice 4,4 >/dev/null
	"$U" rally --unit Kempt --dice 6,6 >/dev/null
	"$U" undo >/dev/null
	# Kempt is disordered again: the same fire changes nothing now
	umpire --json fire --unit Campi --target Kempt --distance 3 --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .effects)" = "[]" ]
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to redo" ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .flags)" = '[
  "disordered"
]' ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "a game made by an earlier umpire: an entry undone before a later one can no longer be redone" {
	"$U" new --rules brigade --example >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 2 --dice 4 >/dev/null
	"$U" fire --unit Pack --target Charlet --distance 2 --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" fire --unit Pack --target Charlet --distance 9 --dice 4 >/dev/null
	# as an earlier umpire left it: #2 redoable under #3, no chain kept
	sqlite3 umpire.db "UPDATE event SET undone = 1 WHERE id = 2; ALTER TABLE event DROP COLUMN prev; PRAGMA user_version = 7"
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to redo" ]
	[ "$(sqlite3 umpire.db 'SELECT group_concat(undone) FROM (SELECT undone FROM event ORDER BY id)')" = "0,2,0" ]
	umpire check
	[ "$status" -eq 0 ]
}

# CLI.md: "a ruling that inflicts losses names whom it hits: fire --unit A
# without --target is refused (64) unless --no-target".
@test "a ruling that inflicts losses names its target, or says --no-target" {
	"$U" new --rules brigade --example >/dev/null
	umpire fire --unit Kempt --distance 2 --dice 4
	expect_error 64 "the fire names no --target: name the unit it hits with --target NAME, or give --no-target when it hits nothing on the roster"
	umpire melee --attacker Charlet --defender-figures 40 --dice 4,3
	expect_error 64 "give both --attacker NAME and --defender NAME: a melee in the game names both sides"
	umpire fire --unit Kempt --target Charlet --no-target --distance 2 --dice 4
	expect_error 64 "--no-target and --target do not go together"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
	# worked by hand: 46 figures, front two ranks all, close +3 = 49: row
	# 49 carries to 20, die 4 -> 6 (as the README's first ruling)
	umpire --json fire --unit Kempt --no-target --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 6 ]
	[ "$(json .effects)" = "[]" ]
	[ "$(json .event)" = 1 ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #1 turn 1 fire of Kempt (unit): 6 casualties" ]
}

# Every reader reads one snapshot: a fury fire that takes a stand and
# disorders, made and undone in a loop, is never seen in part.
@test "a reader never sees half a ruling" {
	"$U" new --rules fury --example >/dev/null
	# 6+6 +1 fresh = 13 at 5 points: a stand lost and disordered
	"$U" fire --unit Husson --target Kempt --distance 3 --dice 6,6 >/dev/null
	after=$(uj --json unit show Kempt | jq -c '[.losses, .flags]')
	[ "$after" = '[1,["disordered"]]' ]
	"$U" undo >/dev/null
	# 15 undo and redo pairs under 50 reads; make stress: 60 under 200
	(for i in $(seq "$(rounds 15 60)"); do "$U" redo >/dev/null && "$U" undo >/dev/null || exit 1; done) &
	writer=$!
	for i in $(seq "$(rounds 50 200)"); do
		seen=$(uj --json sheet | jq -c '.units[] | select(.name == "Kempt") | [.losses, .flags]')
		[ "$seen" = '[0,[]]' ] || [ "$seen" = "$after" ] || { echo "read $i saw $seen"; kill $writer; return 1; }
	done
	wait $writer
}
