#!/usr/bin/env bats
# The game file: new, --force, refusals of foreign, newer, read-only and
# locked files, each leaving the file unchanged.
load helper

@test "new makes a game at ./umpire.db with the stock tables" {
	umpire new --rules brigade --title "Quatre Bras"
	[ "$status" -eq 0 ]
	[ "$output" = "new brigade game 'Quatre Bras' at umpire.db" ]
	[ "$(sqlite3 umpire.db 'PRAGMA application_id')" = 1431130185 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM rule_row WHERE name = 'melee-firing'")" = 150 ]
}

@test "new --json, --db and \$UMPIRE_DB" {
	umpire --json new --rules brigade --db one.db
	[ "$status" -eq 0 ]
	[ "$(json .db)" = one.db ]
	[ "$(json .turn)" = 1 ]
	UMPIRE_DB=two.db "$U" new --rules brigade >/dev/null
	[ -f two.db ]
}

@test "a game that will not open says when \$UMPIRE_DB named it" {
	printf 'not a game' >notes.txt
	UMPIRE_DB=notes.txt run --separate-stderr "$U" sheet
	expect_error 65 "'notes.txt' is not an umpire game (the path is \$UMPIRE_DB's)"
	run --separate-stderr "$U" --db notes.txt sheet
	expect_error 65 "'notes.txt' is not an umpire game"
}

@test "unit add, set and rm without a name say so before looking for the game" {
	umpire unit add
	expect_error 64 "give the new unit's NAME: unit add NAME --side SIDE --type TYPE"
	umpire unit set --side French
	expect_error 64 "give the unit's NAME first, then the options to change"
	umpire unit rm
	expect_error 64 "give the NAME of one unit to remove (quote a name with spaces)"
	[ ! -e umpire.db ]
}

@test "the schema is STRICT, with foreign keys" {
	new_game
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE '%STRICT%'")" = 0 ]
	run sqlite3 umpire.db "SELECT sql FROM sqlite_schema WHERE name = 'effect'"
	[ "$status" -eq 0 ]
	has_line "	event INTEGER NOT NULL REFERENCES event(id),"
}

@test "new needs --rules" {
	umpire new
	expect_error 64 "give --rules NAME ($(rulesets_listed))"
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
	expect_error 73 "cannot create the game 'nowhere/game.db': No such file or directory"
}

@test "new in a read-only directory exits 73" {
	mkdir ro && chmod 555 ro
	as_nobody "$U" --db ro/game.db new --rules brigade
	expect_error 73 "cannot create the game 'ro/game.db': Permission denied"
	[ ! -e ro/game.db ]
}

@test "a file that is not an umpire game is refused and unchanged" {
	echo "not a database, a shopping list" > umpire.db
	before=$(md5sum umpire.db)
	umpire sheet
	expect_error 65 "'umpire.db' is not an umpire game"
	umpire --rules brigade fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 65 "'umpire.db' is not an umpire game"
	umpire new --rules brigade --force
	expect_error 65 "'umpire.db' exists and is not an umpire game; not replacing it"
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
	expect_error 65 "'umpire.db' is from a newer umpire (schema 99; this umpire knows 11): upgrade umpire"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "a stateful ruling without a game exits 66" {
	umpire --rules brigade fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 66 "there is no game at 'umpire.db': start one with 'umpire new --rules NAME', or give the game's path with --db PATH"
	umpire sheet
	expect_error 66 "there is no game at 'umpire.db': start one with 'umpire new --rules NAME', or give the game's path with --db PATH"
}

@test "a read-only game file is refused (74) and unchanged" {
	small_oob
	chmod 444 umpire.db
	before=$(md5sum umpire.db)
	as_nobody "$U" fire --firers 16 --distance 2 --target Kempt --dice 4
	expect_error 74 "cannot write the game 'umpire.db': it is read-only (make it writable, or play on a copy)"
	as_nobody "$U" turn next
	expect_error 74 "cannot write the game 'umpire.db': it is read-only (make it writable, or play on a copy)"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "a game locked by another writer exits 75 and is unchanged" {
	small_oob
	hold_lock umpire.db
	UMPIRE_BUSY_TIMEOUT=100 run --separate-stderr "$U" turn next
	release_lock
	expect_error 75 "the game 'umpire.db' is locked by another writer; try again"
	umpire turn
	[ "$status" -eq 0 ]
	[ "$output" = "turn 1" ]
}

@test "--rules other than the game's exits 64" {
	small_oob
	umpire --rules squares sheet
	expect_error 64 "the game 'umpire.db' is played under the brigade rules, not squares: drop --rules squares (or give --db GAME, a game under the squares rules)"
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
	has_line "problem: unit 'Kempt': the loss ledger says 9 at event 1, its effects add up to 2"
	# The state kept for the unit (2 lost) is the replay's: one problem.
	has_line "umpire: check: 1 problem found" "$stderr"
}

@test "new --force waits for a writer's transaction, then gives up (75) and replaces nothing" {
	small_oob
	before=$(md5sum umpire.db)
	hold_lock umpire.db
	UMPIRE_BUSY_TIMEOUT=200 run --separate-stderr "$U" new --rules brigade --force
	release_lock
	expect_error 75 "the game 'umpire.db' is in use by another command; it was not replaced"
	[ "$(md5sum umpire.db)" = "$before" ]
	[ "$(ls umpire.db.new-* 2>/dev/null | wc -l)" = 0 ]
	umpire new --rules brigade --force
	[ "$status" -eq 0 ]
}

@test "new --force waits for a command that has the game open, then gives up (75)" {
	small_oob
	hold_lock umpire.db
	UMPIRE_BUSY_TIMEOUT=20000 "$U" turn next >turn.out 2>turn.err 3>&- &
	writer=$!
	wait_for has_open "$writer" umpire.db-shm	# it read the game: it waits to write
	UMPIRE_BUSY_TIMEOUT=200 run --separate-stderr "$U" new --rules brigade --force
	expect_error 75 "the game 'umpire.db' is in use by another command; it was not replaced"
	release_lock
	wait "$writer"
	[ "$(cat turn.out)" = "turn 2" ]
	umpire log --json
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[] | .command] | join(",")')" = "turn" ]
	umpire unit list
	[ "$status" -eq 0 ]
	has_line "Kempt                          infantry     British                         64/64        ok"
}

# Writers of every kind (a ruling, turn next, a batch, batch --each) that
# open the game while new --force holds it: each waits, then finds the
# new game at the path and writes there.  Every one that says it kept a
# ruling has it in the final game, or it refused.
@test "writers that wait while new --force replaces the game write to the new game; none is lost" {
	small_oob
	hold_lock umpire.db
	UMPIRE_BUSY_TIMEOUT=20000 "$U" new --rules brigade --force --title Fresh >new.out 2>new.err 3>&- &
	replacer=$!
	wait_for holds_exclusive umpire.db	# new --force has the game to itself
	pids=()
	for w in 1 2 3; do
		UMPIRE_BUSY_TIMEOUT=20000 "$U" turn next >"w$w.out" 2>"w$w.err" 3>&- &
		pids+=($!)
	done
	for w in 4 5 6 7; do
		printf '%s\n' "unit add W$w --side British --type infantry --class british --units 4" \
		    "fire --firers 16 --distance 2 --target W$w --dice 4" >"b$w.txt"
		each=""; [ "$w" -ge 6 ] && each=--each
		UMPIRE_BUSY_TIMEOUT=20000 "$U" batch "b$w.txt" $each >"w$w.out" 2>"w$w.err" 3>&- &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait_for has_open "$p" umpire.db; done
	release_lock
	wait "$replacer"
	[ "$(cat new.out)" = "new brigade game 'Fresh' at umpire.db" ]
	kept_turns=0
	for w in 1 2 3 4 5 6 7; do
		rc=0; wait "${pids[$((w - 1))]}" || rc=$?
		if [ "$rc" = 75 ]; then
			err=$(cat "w$w.err"); err=${err#umpire: turn: }; err=${err#umpire: batch: }
			case $err in
			"the game 'umpire.db' is locked by another writer; try again" | \
			"the game 'umpire.db' is being replaced (new --force); try again" | \
			"the game 'umpire.db' was replaced while this command waited for it; nothing was written: run it again") ;;
			*) echo "w$w: $(cat "w$w.err")"; return 1 ;;
			esac
			continue
		fi
		[ "$rc" = 0 ] || { echo "writer $w: $rc $(cat "w$w.err")"; return 1; }
		if [ "$w" -le 3 ]; then
			kept_turns=$((kept_turns + 1))
		else
			umpire log --unit "W$w" --json
			[ "$status" -eq 0 ]
			[ "$(json '[.entries[] | select(.command == "fire") | .who[] | "\(.unit) (\(.role))"] | join(",")')" = "W$w (target)" ]
		fi
	done
	umpire log --json
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[] | select(.command == "turn")] | length')" = "$kept_turns" ]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = "$((kept_turns + 1))" ]
	[ "$(sqlite3 umpire.db 'SELECT title FROM game')" = Fresh ]
	umpire unit list
	[ "$status" -eq 0 ]
	[[ "$output" != *Kempt* ]]
}

# A game replaced by hand (not by umpire) while writers wait for its
# write lock: each, once it holds the lock, sees another file at the path
# and refuses, writing nothing anywhere.
@test "a writer that waited for the lock while the game was replaced refuses (75)" {
	small_oob
	"$U" --db other.db new --rules brigade --title Other >/dev/null
	"$U" --db other.db unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	hold_lock umpire.db
	UMPIRE_BUSY_TIMEOUT=20000 "$U" fire --firers 16 --distance 2 --target Kempt --dice 4 \
	    >f.out 2>f.err 3>&- &
	firer=$!
	echo "fire --firers 16 --distance 2 --target Kempt --dice 4" >b.txt
	UMPIRE_BUSY_TIMEOUT=20000 "$U" batch b.txt >b.out 2>b.err 3>&- &
	batcher=$!
	wait_for has_open "$firer" umpire.db-shm
	wait_for has_open "$batcher" umpire.db-shm
	rm umpire.db-wal umpire.db-shm
	mv other.db umpire.db
	release_lock
	rc=0; wait "$firer" || rc=$?
	[ "$rc" = 75 ] && [ ! -s f.out ]
	[ "$(cat f.err)" = "umpire: fire: the game 'umpire.db' was replaced while this command waited for it; nothing was written: run it again" ]
	rc=0; wait "$batcher" || rc=$?
	[ "$rc" = 75 ] && [ ! -s b.out ]
	[ "$(cat b.err)" = "umpire: batch: the game 'umpire.db' was replaced while this command waited for it; nothing was written: run it again" ]
	umpire log --json
	[ "$status" -eq 0 ]
	[ "$output" = '{"entries":[]}' ]
	[ "$(sqlite3 umpire.db 'SELECT title FROM game')" = Other ]
}

@test "a directory or a FIFO as the game is refused at once with what it is" {
	mkdir dir.db
	mkfifo fifo.db
	umpire --db dir.db sheet
	expect_error 65 "'dir.db' is a directory, not an umpire game"
	run --separate-stderr timeout 5 "$U" --db fifo.db sheet
	expect_error 65 "'fifo.db' is a FIFO, not an umpire game"
	run --separate-stderr timeout 5 "$U" --db fifo.db new --rules brigade --force
	expect_error 65 "'fifo.db' is a FIFO, not an umpire game; not replacing it"
	[ -p fifo.db ] && [ -d dir.db ]
}

# damaged COMMAND: 74, nothing on stdout, and the one sentence that names
# SQLite's finding between its fixed start and end.
damaged() {
	[ "$status" -eq 74 ] && [ -z "$output" ] || { echo "status $status: $output"; return 1; }
	[[ "$stderr" == "umpire: $1: the game 'umpire.db' is damaged ("*"); nothing was written: see 'umpire check'" ]] ||
	    { echo "stderr: $stderr"; return 1; }
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
}

@test "a game with a corrupt page refuses writes (74) and is left byte-identical" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	# garble the cell pointers of page 3 (the unit table's root)
	printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' |
	    dd of=umpire.db bs=1 seek=$((4096 * 2 + 8)) conv=notrunc 2>/dev/null
	before=$(md5sum umpire.db)
	umpire unit add Ney --side French --type infantry --class french --units 4
	damaged unit
	umpire undo
	damaged undo
	[ "$(md5sum umpire.db)" = "$before" ]
}

# damage_table TABLE: garbles the cell pointers of TABLE's root page in a
# copy of pristine.db (the game with its WAL copied in), as umpire.db.
damage_table() {
	local root
	rm -f umpire.db-wal umpire.db-shm
	cp pristine.db umpire.db
	root=$(sqlite3 pristine.db "SELECT rootpage FROM sqlite_schema WHERE name = '$1'")
	[ "$root" -gt 1 ]
	printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' |
	    dd of=umpire.db bs=1 seek=$((4096 * (root - 1) + 8)) conv=notrunc 2>/dev/null
}

@test "a damaged page in each table a write rewrites refuses that write (74), the file left as it was" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" tables export melee melee.csv >/dev/null
	sqlite3 umpire.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
	cp umpire.db pristine.db
	# each table, and a command that rewrites it (SQLite checks every page
	# it loads, cell_size_check: a write loads each page it changes)
	while read -r table cmd; do
		damage_table "$table"
		before=$(md5sum <umpire.db)
		# shellcheck disable=SC2086
		umpire $cmd
		# found as the command reads (nothing begun), or as it writes
		expect_error 74 "the game 'umpire.db' is damaged (database disk image is malformed): see 'umpire check'" ||
		    expect_error 74 "the game 'umpire.db' is damaged (database disk image is malformed); nothing was written: see 'umpire check'"
		[ "$(md5sum <umpire.db)" = "$before" ] || { echo "$table: changed by $cmd"; false; }
	done <<-EOF
	game fire --firers 16 --distance 2 --target Kempt --dice 4
	unit unit add Ney --side French --type infantry --class french --units 4
	unit unit set Kempt --units 3
	unit_state fire --firers 16 --distance 2 --target Kempt --dice 4
	unit_state undo
	unit_ledger fire --firers 16 --distance 2 --target Kempt --dice 4
	unit_ledger undo
	event fire --firers 16 --distance 2 --target Kempt --dice 4
	event undo
	event turn next
	event_unit fire --firers 16 --distance 2 --target Kempt --dice 4
	effect fire --firers 16 --distance 2 --target Kempt --dice 4
	rule_table tables import melee melee.csv
	rule_row tables import melee melee.csv
	EOF
}

@test "check reports a column that is not JSON, and what it cannot read for it, as problems (74)" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	sqlite3 umpire.db "UPDATE rule_row SET cells = '[' WHERE name = 'artillery-ranges' AND ord = 1"
	umpire check
	[ "$status" -eq 74 ]
	[ "${lines[0]}" = "problem: JSON not valid in: a row of table artillery-ranges" ]
	[ "${lines[1]}" = "problem: table 'artillery-ranges' could not be read: the game 'umpire.db' is damaged (malformed JSON): see 'umpire check'" ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$stderr" = "umpire: check: 2 problems found" ]
	# --json: nothing on stdout when the exit is not 0 (CLI.md)
	umpire --json check
	expect_error 74 "2 problems found"
	# a command that reads the column says the game is damaged, and prints
	# no JSON that is not JSON
	sqlite3 umpire.db "UPDATE event SET output = '{' WHERE id = 1"
	umpire --json log show 1
	expect_error 74 "the game 'umpire.db' is damaged: event 1's output is not JSON: see 'umpire check'"
	umpire log show 1
	expect_error 74 "the game 'umpire.db' is damaged: event 1's output is not JSON: see 'umpire check'"
}

@test "a header of a schema format SQLite does not know, or a stock table gone, is a damaged game (74)" {
	new_game
	cp umpire.db sound.db
	# the schema format (byte 44) 9: SQLite knows 1 to 4
	printf '\000\000\000\011' | dd of=umpire.db bs=1 seek=44 conv=notrunc 2>/dev/null
	umpire sheet
	expect_error 74 "the game 'umpire.db' is damaged (unsupported file format): see 'umpire check'"
	umpire check
	expect_error 74 "the game 'umpire.db' is damaged (unsupported file format): see 'umpire check'"
	cp sound.db umpire.db
	sqlite3 umpire.db "DELETE FROM rule_row WHERE name = 'bands'; DELETE FROM rule_table WHERE name = 'bands'"
	umpire sheet
	expect_error 74 "the game 'umpire.db' is damaged: its copy of the brigade rules' table 'bands' is missing"
}

@test "a game is in WAL mode from new on; a reader rolls back a journal a cut left hot" {
	new_game
	# the file format's read and write versions (bytes 18 and 19): 2, WAL
	[ "$(od -An -tu1 -j18 -N2 umpire.db | tr -s ' ')" = " 2 2" ]
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	# a game of an older umpire, in rollback mode, and a writer cut off with
	# its changes half in the file and the journal to undo them beside it
	sqlite3 umpire.db "PRAGMA journal_mode = DELETE" >/dev/null
	python3 -c '
import os, sqlite3
db = sqlite3.connect("umpire.db", isolation_level=None)
db.execute("PRAGMA cache_size = 2")
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE rule_row SET cells = json_insert(cells, \"$[#]\", hex(randomblob(40)))")
db.execute("UPDATE game SET title = \"half\"")
os._exit(0)'
	[ -s umpire.db-journal ]
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json .title)" = "" ]
	[ ! -e umpire.db-journal ]
	umpire check
	[ "$status" -eq 0 ]
	[ "$output" = "ok: the game file and its journal agree" ]
}

@test "readers read a game in a directory they cannot write, and leave nothing beside it" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	chmod 644 umpire.db
	# the writers keep the game's WAL and its index beside it (db/db.c)
	beside=$(ls -A)
	chmod 555 "$TEST_DIR"
	as_nobody "$U" sheet
	[ "$status" -eq 0 ]
	has_line "  Kempt                        infantry        line             64    62      2  ok        0/0"
	as_nobody "$U" log
	[ "$status" -eq 0 ]
	as_nobody "$U" check
	[ "$status" -eq 0 ]
	# the ruling still in the WAL is read
	as_nobody "$U" --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .name)" = Kempt ]
	[ "$(json .losses)" = 2 ]
	chmod 755 "$TEST_DIR"
	[ "$(ls -A | grep -v '^\.umpire$')" = "$beside" ]
	# game keeping copies the WAL into the game and empties it: read as a
	# file nobody writes
	"$U" turn next >/dev/null
	chmod 644 umpire.db
	chmod 555 "$TEST_DIR"
	as_nobody "$U" --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 2 ]
	as_nobody "$U" turn
	[ "$status" -eq 0 ]
	[ "$output" = "turn 2" ]
	chmod 755 "$TEST_DIR"
	[ "$(ls -A | grep -v '^\.umpire$')" = "$beside" ]
}

@test "writers that cannot print say what was kept (74)" {
	small_oob
	run --separate-stderr sh -c "'$U' fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/full"
	[ "$status" -eq 74 ]
	has_line "umpire: fire: write failure on standard output: No space left on device; event 1 was recorded (do not apply it again)" "$stderr"
	run --separate-stderr sh -c "'$U' unit add Ney --side French --type infantry --class french --units 4 >/dev/full"
	[ "$status" -eq 74 ]
	has_line "umpire: unit: write failure on standard output: No space left on device; the change was saved (do not make it again)" "$stderr"
	umpire --json unit show Ney
	[ "$status" -eq 0 ]
	[ "$(json .name)" = Ney ]
}

@test "names with control bytes or invalid UTF-8 are refused (65)" {
	new_game
	umpire unit add "$(printf 'A\033[31mB')" --side French --type infantry --class french --units 4
	expect_error 65 "unit: a unit's name holds a control character (U+001B)"
	umpire unit add "$(printf 'A\nB')" --side French --type infantry --class french --units 4
	expect_error 65 "unit: a unit's name holds a control character (U+000A)"
	umpire unit add "$(printf 'Pir\351')" --side French --type infantry --class french --units 4
	expect_error 65 "unit: a unit's name is not valid UTF-8 (byte 4)"
	umpire unit add "$(printf 'Pir\303\251')" --side "$(printf '\300\200')" --type infantry --class french --units 4
	expect_error 65 "unit: --side is not valid UTF-8 (byte 1)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

@test "seeds stay below 2^53 so a JSON reader keeps them" {
	umpire --rules brigade fire --firers 16 --distance 2 --roll --seed 9007199254740992
	expect_error 65 "--seed: '9007199254740992' is not a whole number from 0 to 9007199254740991"
	umpire --json --rules brigade fire --firers 16 --distance 2 --roll --seed 9007199254740991
	[ "$status" -eq 0 ]
	[ "$(json .seed)" = 9007199254740991 ]
	for i in 1 2 3 4 5; do
		umpire --json --rules brigade fire --firers 16 --distance 2 --roll
		[ "$status" -eq 0 ]
		[ "$(json '.seed < 9007199254740992')" = true ]
	done
}

@test "unit names match without case or accents when unique; else 'did you mean'" {
	small_oob
	umpire --json fire --firers 16 --distance 2 --target pire --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.effects[0].unit')" = "Piré" ]
	umpire --json fire --firers 16 --distance 2 --target KEMPT --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.effects[0].unit')" = Kempt ]
	umpire fire --firers 16 --distance 2 --target Kempf --dice 4
	expect_error 65 "no unit is named 'Kempf': did you mean 'Kempt'?"
}

# A game deleted by hand leaves its -wal: SQLite would replay it into the
# next game made at that name.
@test "new where a game was removed without its -wal starts clean" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	[ -s umpire.db-wal ]
	rm umpire.db
	"$U" new --rules brigade >/dev/null
	umpire --json unit list
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units')" = '[]' ]
	umpire check
	[ "$status" -eq 0 ]
}
