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
	[ "$(json .result.carried_row)" = 8 ]
	[ "$(json .result.casualties)" = 3 ]
	umpire --rules brigade --db elsewhere.db --json fire --firers 16 --distance 2 --dice 5
	[ "$(json .result.carried_row)" = 7 ]
}

@test "tables diff shows where the game departs from stock" {
	small_oob
	umpire tables diff
	[ "$output" = "the game's tables are the stock tables" ]
	"$U" tables export melee-firing mf.csv
	sed -i 's/^19,3,4,6,7$/19,3,4,6,8/' mf.csv
	"$U" tables import melee-firing mf.csv >/dev/null
	umpire tables diff
	[ "$output" = "melee-firing: row 19 (19), d5: stock 7, game 8" ]
	umpire --json tables diff
	[ "$(json '.differences[0].game')" = 8 ]
}

@test "an imported table is labelled as the group's own" {
	small_oob
	"$U" tables export melee-firing mf.csv
	"$U" tables import melee-firing mf.csv >/dev/null
	umpire tables show melee-firing
	[[ "${lines[0]}" == "Melee/Firing Table (house (imported from mf.csv))" ]]
}

@test "a house rule turns a forbidden fire into a modifier" {
	small_oob
	"$U" tables export fire-modifiers fm.csv
	sed -i 's/^disordered,all,forbid,/disordered,all,-6,/' fm.csv
	"$U" tables import fire-modifiers fm.csv >/dev/null
	umpire --json fire --firers 16 --distance 2 --mod disordered --target Kempt --dice 4
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
	expect_error 65 "line 1: the header has 3 columns, the table 5"
	printf 'row,d2,d3,d4,d5\n1,0,0,0\n' > ragged.csv
	umpire tables import melee-firing ragged.csv
	expect_error 65 "line 2: 4 cells, the table has 5 columns"
	umpire tables diff
	[ "$output" = "the game's tables are the stock tables" ]
}

@test "tables import needs a game" {
	umpire --rules brigade tables import melee-firing x.csv
	expect_error 66 "there is no game"
}

@test "tables --json list and show" {
	small_oob
	umpire --json tables list
	[ "$(json '[.tables[].name]|index("melee-firing") != null')" = true ]
	umpire --json tables show weapon-ranges
	[ "$(json '.rows[0]|join(",")')" = "musket,3,6" ]
	[ "$(json .provenance)" = text ]
}
