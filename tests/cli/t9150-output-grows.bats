#!/usr/bin/env bats
# A command's JSON grows as it needs: each output here is larger than the
# fixed buffer it was once written into, and comes out whole.
load helper

# big_journal N: a game whose journal holds N copies of one ruling.  The
# copies are made in SQL: N rulings typed one by one would take minutes,
# and the listing reads each row the same way whoever wrote it.
big_journal() {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	sqlite3 umpire.db "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
		INSERT INTO event (id, turn, command, args, dice, output, summary, undone, created, changes)
		SELECT i, turn, command, args, dice, output, summary, undone, created, changes
		FROM event, n WHERE event.id = 1;
		INSERT INTO event_unit SELECT e.id, unit, role FROM event_unit, event AS e
		WHERE event_unit.event = 1 AND e.id > 1;"
}

@test "log --json of a journal past 8 MiB is one whole object" {
	big_journal 100000
	umpire --json log
	[ "$status" -eq 0 ]
	[ "${#output}" -gt $((8 << 20)) ]
	[ "$(json '.entries | length')" = 100000 ]
	[ "$(json '.entries[99999].id')" = 100000 ]
}

@test "report --json of a journal past 8 MiB is one whole object" {
	big_journal 100000
	umpire --json report
	[ "$status" -eq 0 ]
	[ "${#output}" -gt $((8 << 20)) ]
	[ "$(json '[.turns[].events | length] | add')" = 100000 ]
}

@test "unit list --json of 7000 units, past 4 MiB, is one whole object" {
	new_game
	{
		echo name,side,type,class,units
		for i in $(seq 1 7000); do echo "Brigade $i,British,infantry,british,4"; done
	} >oob.csv
	"$U" unit import oob.csv >/dev/null
	umpire --json unit list
	[ "$status" -eq 0 ]
	[ "${#output}" -gt $((4 << 20)) ]
	[ "$(json '.units | length')" = 7000 ]
	[ "$(json '.units[6999].name')" = "Brigade 7000" ]
}

@test "a house table with long cells is kept, shown and compared whole past 1 MiB" {
	new_game
	"$U" tables export fire-modifiers stock.csv
	# each row's help becomes 59,000 bytes: under the CSV line limit (64 KiB)
	# and over the 8 KiB a row's cells were once kept in
	python3 -c '
import csv, sys
rows = list(csv.reader(open("stock.csv")))
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(rows[0])
for r in rows[1:]:
    out.writerow(r[:5] + ["house note" * 5900])' >long.csv
	umpire tables import fire-modifiers long.csv
	[ "$status" -eq 0 ]
	umpire --json tables show fire-modifiers
	[ "$status" -eq 0 ]
	[ "${#output}" -gt $((1 << 20)) ]
	# brigade's fire modifiers: 25 rows (the last, limbered, l.90)
	[ "$(json '.rows | length')" = 25 ]
	[ "$(json '[.rows[][5] | length] | unique')" = "$(printf '[\n  59000\n]')" ]
	umpire --json tables diff
	[ "$status" -eq 0 ]
	[ "${#output}" -gt $((1 << 20)) ]
	[ "$(json '.differences | length')" = 25 ]
}

@test "log names every unit an event names, past the 64 it once kept" {
	big_journal 1
	{
		echo name,side,type,class,units
		for i in $(seq 1 100); do echo "Brigade $i,French,infantry,french,4"; done
	} >oob.csv
	"$U" unit import oob.csv >/dev/null
	# the journal's roles are written by hand: no ruling names 100 units
	sqlite3 umpire.db "INSERT INTO event_unit SELECT 1, id, 'witness' FROM unit
		WHERE name LIKE 'Brigade %'"
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(json '.entries[0].who | length')" = 101 ]
	[ "$(json '[.entries[0].who[] | select(.role == "witness")] | length')" = 100 ]
	who="Kempt (target)"
	for i in $(seq 1 100); do who="$who, Brigade $i (witness)"; done
	summary=$(sqlite3 umpire.db 'SELECT summary FROM event WHERE id = 1')
	umpire log
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "#1     turn 1   fire     $who: $summary" ]
}

@test "a 2x2 game of more sides than the rules count is refused, not cut short" {
	"$U" new --rules 2x2 >/dev/null
	for i in $(seq 1 17); do "$U" unit add "U$i" --side "S$i" --type infantry >/dev/null; done
	umpire sheet
	expect_error 65 "the game has more than 16 sides: the 2x2 rules count no more"
	"$U" unit rm U17 >/dev/null
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.standing.destroyed | length')" = 16 ]
}

@test "adjust keeps a long reason whole in its summary" {
	small_oob
	reason=$(printf 'a straggler %.0s' $(seq 1 250))
	reason=${reason% }
	umpire --json adjust Kempt --figures -1 --reason "$reason"
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Kempt: -1 figure ($reason)" ]
	[ "$(sqlite3 umpire.db 'SELECT summary FROM event WHERE id = 1')" = "Kempt: -1 figure ($reason)" ]
}
