#!/usr/bin/env bats
# umpire tables: the stock rule tables, with their provenance.
load helper

@test "tables list shows every brigade table with provenance" {
	umpire --rules brigade tables list
	[ "$status" -eq 0 ]
	has_line "melee-firing         reconstructed   150 rows  Melee/Firing Table"
	for t in weapon-ranges artillery-ranges fire-modifiers melee-modifiers morale-bands \
	    pushback follow-up follow-up-fire pursuit-halt movement move-factors counter-battery \
	    rocket-flight misfire defenders-fire charge skirmisher-half; do
		[[ "$output" =~ (^|$'\n')"$t " ]] || { echo "missing $t"; return 1; }
	done
}

@test "tables show melee-firing is labelled reconstructed and holds the text's cells" {
	umpire --rules brigade tables show melee-firing
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "Melee/Firing Table (reconstructed)" ]]
	grep -qx '19 | 3 | 4 | 6 | 7' <<<"$output"
	grep -qx '7 | 1 | 1 | 2 | 2' <<<"$output"
	grep -qx '10 | 1 | 2 | 3 | 4' <<<"$output"
	grep -qx '150 | 25 | 37 | 50 | 62' <<<"$output"
}

@test "tables show of an unknown table exits 65" {
	umpire --rules brigade tables show nonsense
	expect_error 65 "the brigade rules have no table 'nonsense' (see 'umpire tables list')"
}

@test "tables show morale-bands gives the classes" {
	umpire --rules brigade tables show morale-bands
	[ "$status" -eq 0 ]
	grep -q '^british | 16 | 11 | 8' <<<"$output"
	grep -q '^guards | 24 | 16 | 8' <<<"$output"
}
