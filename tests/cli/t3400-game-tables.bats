#!/usr/bin/env bats
# Per-game rule tables: export, import, diff; rulings use the game's table.
load helper

@test "a game's rulings use its own Melee/Firing Table" {
	small_oob
	"$U" tables export melee-firing mf.csv
	sed -i 's/^19,3,4,6,7$/19,3,4,6,8/' mf.csv
	umpire tables import melee-firing mf.csv
	[ "$status" -eq 0 ]
	umpire --json fire --firers 16 --distance 2 --target Kempt --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.carried_row)" = 8 ]
	[ "$(json .result.casualties)" = 3 ]
	umpire --rules brigade --db elsewhere.db --json fire --firers 16 --distance 2 --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.carried_row)" = 7 ]
}

@test "tables diff shows where the game departs from stock" {
	small_oob
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
	"$U" tables export melee-firing mf.csv
	sed -i 's/^19,3,4,6,7$/19,3,4,6,8/' mf.csv
	"$U" tables import melee-firing mf.csv >/dev/null
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "melee-firing: row 19 (19), d5: stock 7, game 8" ]
	umpire --json tables diff
	[ "$status" -eq 0 ]
	[ "$(json '.differences[0].game')" = 8 ]
}

@test "an imported table is labelled as the group's own" {
	small_oob
	"$U" tables export melee-firing mf.csv
	"$U" tables import melee-firing mf.csv >/dev/null
	umpire tables show melee-firing
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "Melee/Firing Table (house (imported from mf.csv))" ]]
}

@test "a house rule turns a forbidden fire into a modifier" {
	small_oob
	"$U" tables export fire-modifiers fm.csv
	sed -i 's/^disordered,all,forbid,/disordered,all,-6,/' fm.csv
	"$U" tables import fire-modifiers fm.csv >/dev/null
	umpire --json fire --firers 16 --distance 2 --mod disordered --target Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.row)" = 13 ]
}

@test "a bad table is refused and the game's table is unchanged" {
	small_oob
	printf 'row,d2,d3,d4,d5\n1,0,x,0,0\n' > bad.csv
	umpire tables import melee-firing bad.csv
	expect_error 65 "bad.csv: line 2, column 'd3': 'x' is not a whole number from 0 to 100000; the game's table is unchanged"
	printf 'row,d2,d3\n1,0,0\n' > short.csv
	umpire tables import melee-firing short.csv
	expect_error 65 "short.csv: line 1: the header has 3 columns, the table 5; the game's table is unchanged"
	printf 'row,d2,d3,d4,d5\n1,0,0,0\n' > ragged.csv
	umpire tables import melee-firing ragged.csv
	expect_error 65 "ragged.csv: line 2: 4 cells, the table has 5 columns; the game's table is unchanged"
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
}

@test "tables import needs a game" {
	umpire --rules brigade tables import melee-firing x.csv
	expect_error 66 "there is no game at 'umpire.db': start one with 'umpire new --rules NAME', or give the game's path with --db PATH"
}

@test "tables --json list and show" {
	small_oob
	umpire --json tables list
	[ "$status" -eq 0 ]
	[ "$(json '[.tables[].name]|index("melee-firing") != null')" = true ]
	umpire --json tables show weapon-ranges
	[ "$status" -eq 0 ]
	[ "$(json '.rows[0]|join(",")')" = "musket,3,6" ]
	[ "$(json .provenance)" = text ]
}

# house TABLE SED: the game's TABLE edited by the sed expression SED.
house() {
	"$U" tables export "$1" t.csv
	sed -i "$2" t.csv
	umpire tables import "$1" t.csv
}

@test "tables export gives only the CSV, and it imports again unchanged" {
	small_oob
	umpire tables export fire-modifiers
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "name,applies,value,source,arg,help" ]
	[ "${#lines[@]}" -eq "$(( $(sqlite3 umpire.db "SELECT count(*) FROM rule_row WHERE name = 'fire-modifiers'") + 1 ))" ]
	printf '%s\n' "$output" > fm.csv
	umpire tables import fire-modifiers fm.csv
	[ "$status" -eq 0 ]
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
}

@test "a house rule's number is the one every ruling applies: gunner-defence 10" {
	small_oob
	"$U" unit add Battery --side French --type foot-artillery --guns 2 >/dev/null
	house battery 's/^gunner-defence,4,/gunner-defence,10,/'
	[ "$status" -eq 0 ]
	# Kempt, 58 rifles at 2": 61 - 2 gunners = 59 -> 24, die 2 -> 4 gunners.
	umpire --json fire --unit Kempt --target Battery --distance 2 --dice 2
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 4 ]
	[ "$(json .result.defence_lost)" = 40 ]
	[ "$(sqlite3 umpire.db "SELECT total FROM effect WHERE kind = 'defence'")" = 40 ]
	umpire --json unit show Battery
	[ "$status" -eq 0 ]
	[ "$(json .defence_lost)" = 40 ]
}

@test "a house rule's cavalry brigade strength counts in melee" {
	small_oob
	house melee 's/^cavalry-brigade,36,/cavalry-brigade,30,/'
	umpire --json melee --attacker Piré --defender Pack --dice 3,3
	[ "$status" -eq 0 ]
	# 30 figures, +1 lancers in the first round.
	[ "$(json .result.attacker_total)" = 31 ]
}

@test "tables import checks every cell against its column's kind, naming it" {
	small_oob
	house fire-modifiers 's/^hard-cover,artillery,-2,/hard-cover,artillery,-2.5,/'
	expect_error 65 "t.csv: line 13, column 'value': '-2.5' is not a whole number from -100 to 100 or forbid; the game's table is unchanged"
	house melee-firing 's/^19,3,4,6,7$/19,3,4,6,nan/'
	expect_error 65 "t.csv: line 20, column 'd5': 'nan' is not a whole number from 0 to 100000; the game's table is unchanged"
	house melee-firing 's/^19,3,4,6,7$/19,3,4,6,inf/'
	expect_error 65 "t.csv: line 20, column 'd5': 'inf' is not a whole number from 0 to 100000; the game's table is unchanged"
	house misfire 's/^1,no$/1,maybe/'
	expect_error 65 "t.csv: line 2, column 'fires': 'maybe' is not one of no, yes; the game's table is unchanged"
	house melee '/^decision-margin,/d'
	expect_error 65 "t.csv: the row 'decision-margin' of the stock table is missing (a house rule changes a row's values; it keeps the row); the game's table is unchanged"
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
}

@test "a fury BEL of -3 is refused: BELs are 0 to 4" {
	"$U" new --rules fury >/dev/null
	house bel 's/^regular,2$/regular,-3/'
	expect_error 65 "t.csv: line 4, column 'points': '-3' is not a whole number from 0 to 4; the game's table is unchanged"
}

@test "rough terrain at a third is exact: 12 inches of cavalry is 4" {
	umpire --json --rules fury move --quality good --type light-cavalry --formation line --rough --dice 6,6
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	[ "$(json .result.inches)" = 4 ]
}

# A game made by an earlier umpire (schema version 5) holds the tables of
# its day: no bands table, melee-modifiers without the silences column,
# fire-modifiers without its last row; its own close +4 is a house rule.
# Opening it brings its tables to the stock's shape and keeps its values.
@test "a game of an earlier umpire gains the stock's new tables, columns and rows, and keeps its own values" {
	"$U" new --rules brigade >/dev/null
	sqlite3 umpire.db "
	DELETE FROM rule_row WHERE ruleset = 'brigade' AND name = 'bands';
	DELETE FROM rule_table WHERE ruleset = 'brigade' AND name = 'bands';
	UPDATE rule_row SET cells = json_remove(cells, '\$[5]') WHERE name = 'melee-modifiers';
	UPDATE rule_table SET columns = json_remove(columns, '\$[5]'), hash = '' WHERE name = 'melee-modifiers';
	DELETE FROM rule_row WHERE name = 'fire-modifiers' AND ord = 24;
	UPDATE rule_row SET cells = json_replace(cells, '\$[2]', '4') WHERE name = 'fire-modifiers' AND ord = 0;
	UPDATE rule_table SET hash = '' WHERE name = 'fire-modifiers';
	PRAGMA user_version = 5;"
	umpire check
	[ "$status" -eq 0 ]
	[ "$output" = "ok: the game file and its journal agree" ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	# the one difference left is the game's own value
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "fire-modifiers: row 1 (close), value: stock 3, game 4" ]
	umpire --json tables show bands
	[ "$status" -eq 0 ]
	umpire --rules brigade fire --firers 16 --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "2 casualties" ]
	# in the game, close is +4: 20 after modifiers; row 20, last column
	# floor(20 x 5 / 12) = 8; row 8, die 4: floor(8 x 4 / 12) = 2
	"$U" unit add Kempt --side British --type infantry --class british --units 1 >/dev/null
	"$U" unit add Ney --side French --type infantry --class french --units 1 >/dev/null
	umpire fire --unit Kempt --target Ney --distance 2 --dice 4
	[ "$status" -eq 0 ]
	has_line "  modifiers: close +4" "$output"
}
