#!/usr/bin/env bats
# Unit names act only when whole, matched regardless of case and accents
# (Unicode folding); a name that folds to another's cannot be added.
load helper

events() {
	sqlite3 umpire.db 'SELECT count(*) FROM event'
}

units() {
	sqlite3 umpire.db 'SELECT group_concat(name, "|") FROM (SELECT name FROM unit ORDER BY id)'
}

@test "a prefix is never acted on: 'kemp' is not Kempt, and is Kemp once Kemp is added" {
	small_oob
	umpire fire --firers 16 --distance 2 --target kemp --dice 4
	expect_error 65 "no unit is named 'kemp': did you mean 'Kempt'?"
	[ "$stderr" = "umpire: fire: no unit is named 'kemp': did you mean 'Kempt'?" ]
	[ "$(events)" = 0 ]
	"$U" unit add Kemp --side British --type infantry --class british --units 2 >/dev/null
	umpire --json fire --firers 16 --distance 2 --target kemp --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.effects[0].unit')" = Kemp ]
	umpire --json fire --firers 16 --distance 2 --target KEMPT --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.effects[0].unit')" = Kempt ]
}

@test "every option and argument that takes a unit name takes it whole, never a prefix" {
	small_oob
	"$U" unit add "I Corps" --side French --type corps >/dev/null
	umpire fire --unit Kemp --target Bachelu --distance 5 --dice 4
	expect_error 65 "fire: no unit is named 'Kemp': did you mean 'Kempt'?"
	umpire melee --attacker Bach --defender Pack --dice 4,3
	expect_error 65 "melee: no unit is named 'Bach': did you mean 'Bachelu'?"
	umpire melee --attacker Bachelu --defender Pac --dice 4,3
	expect_error 65 "melee: no unit is named 'Pac': did you mean 'Pack'?"
	umpire morale --unit Kemp
	expect_error 65 "morale: no unit is named 'Kemp': did you mean 'Kempt'?"
	umpire adjust Kemp --figures -2 --reason test
	expect_error 65 "adjust: no unit is named 'Kemp': did you mean 'Kempt'?"
	umpire unit show Pir
	expect_error 65 "unit: no unit is named 'Pir': did you mean 'Piré'?"
	umpire unit set Pir --units 3
	expect_error 65 "unit: no unit is named 'Pir': did you mean 'Piré'?"
	umpire unit rm Pir
	expect_error 65 "unit: no unit is named 'Pir': did you mean 'Piré'?"
	umpire unit set Bachelu --parent "I Corp"
	expect_error 65 "unit: --parent: no unit is named 'I Corp': did you mean 'I Corps'?"
	umpire log --unit Kemp
	expect_error 65 "log: no unit is named 'Kemp': did you mean 'Kempt'?"
	[ "$(events)" = 0 ]
	[ "$(units)" = "Kempt|Pack|Bachelu|Piré|I Corps" ]
	# Whole, folded: each acts.
	umpire --json adjust KEMPT --figures -2 --reason test
	[ "$status" -eq 0 ]
	[ "$(json .unit)" = Kempt ]
	umpire --json log --unit kempt
	[ "$status" -eq 0 ]
	[ "$(json '.entries|length')" = 1 ]
	umpire --json unit set bachelu --parent "i corps"
	[ "$status" -eq 0 ]
	[ "$(json .parent)" = "I Corps" ]
	umpire --json melee --attacker BACHELU --defender pack --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json '.effects|map(.unit)|unique|join(",")')" = "Bachelu,Pack" ]
}

@test "2x2 --passed takes a unit's whole name" {
	"$U" new --rules 2x2 >/dev/null
	"$U" unit add Garde --side French --type guards >/dev/null
	"$U" unit add "1er Ligne" --side French --type line >/dev/null
	umpire morale --rout --unit Garde --passed 1er --dice 4
	expect_error 65 "morale: no unit is named '1er': did you mean '1er Ligne'?"
	umpire --json morale --rout --unit Garde --passed "1ER LIGNE" --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.result.also_rout|join(",")')" = "1er Ligne" ]
}

@test "names fold by Unicode: accents typed or combined, ligatures, apostrophes, other scripts" {
	new_game
	for n in "Lefebvre-Desnouettes" "d’Erlon" "Blücher" "Łódź Uhlans" "Œuvre" "Straße" "Кутузов" "Württemberg"; do
		"$U" unit add "$n" --side Allies --type infantry --class british --units 2 >/dev/null
	done
	check() {
		umpire --json unit show "$1"
		[ "$status" -eq 0 ] || { echo "$1: $stderr"; return 1; }
		[ "$(json .name)" = "$2" ] || { echo "$1 found $(json .name)"; return 1; }
	}
	check "lefebvre‐desnouettes" "Lefebvre-Desnouettes"
	check "d'erlon" "d’Erlon"
	check "D’ERLON" "d’Erlon"
	check "blucher" "Blücher"
	check "$(printf 'Blu\314\210cher')" "Blücher"
	check "LODZ UHLANS" "Łódź Uhlans"
	check "oeuvre" "Œuvre"
	check "STRASSE" "Straße"
	check "КУТУЗОВ" "Кутузов"
	check "кутузов" "Кутузов"
	check "$(printf 'Wu\314\210rttemberg')" "Württemberg"
	check "wurttemberg" "Württemberg"
	check "ｂｌｕｃｈｅｒ" "Blücher"
}

@test "a name that folds to another's, or has a space at either end, cannot be added" {
	small_oob
	umpire unit add Pire --side French --type infantry --class french
	expect_error 65 "unit: a unit named 'Piré' is already in the game, and 'Pire' would match it (names match regardless of case and accents)"
	umpire unit add PIRE --side French --type infantry --class french
	expect_error 65 "a unit named 'Piré' is already in the game, and 'PIRE' would match it (names match regardless of case and accents)"
	umpire unit add "$(printf 'Pire\314\201')" --side French --type infantry --class french
	expect_error 65 "a unit named 'Piré' is already in the game, and 'Piré' would match it (names match regardless of case and accents)"
	umpire unit add Kempt --side British --type infantry --class british
	expect_error 65 "unit: a unit named 'Kempt' is already in the game"
	[ "$stderr" = "umpire: unit: a unit named 'Kempt' is already in the game" ]
	umpire unit add " Ney" --side French --type infantry --class french
	expect_error 65 "unit: a unit's name cannot begin or end with a space (' Ney')"
	umpire unit add "Ney " --side French --type infantry --class french
	expect_error 65 "unit: a unit's name cannot begin or end with a space ('Ney ')"
	umpire unit add "$(printf 'Ney\302\240')" --side French --type infantry --class french
	expect_error 65 "unit: a unit's name cannot begin or end with a space ('Ney ')"
	[ "$(units)" = "Kempt|Pack|Bachelu|Piré" ]
	# Ney and Kemp are names of their own.
	"$U" unit add Ney --side French --type infantry --class french >/dev/null
	"$U" unit add Kemp --side British --type infantry --class british >/dev/null
	[ "$(units)" = "Kempt|Pack|Bachelu|Piré|Ney|Kemp" ]
}

@test "unit set --name: refused when it folds to another unit's, free for the unit's own" {
	small_oob
	umpire unit set Pack --name PIRE
	expect_error 65 "unit: a unit named 'Piré' is already in the game, and 'PIRE' would match it (names match regardless of case and accents)"
	umpire unit set Pack --name " Pack"
	expect_error 65 "unit: a unit's name cannot begin or end with a space (' Pack')"
	[ "$(units)" = "Kempt|Pack|Bachelu|Piré" ]
	umpire --json unit set Piré --name PIRÉ
	[ "$status" -eq 0 ]
	[ "$(json .name)" = "PIRÉ" ]
	[ "$(units)" = "Kempt|Pack|Bachelu|PIRÉ" ]
}

@test "unit import: a row that folds to a unit or to an earlier row loads nothing" {
	small_oob
	printf 'name,side,type,class\nNey,French,infantry,french\nPIRE,French,infantry,french\n' >a.csv
	umpire unit import a.csv
	expect_error 65 "a.csv: line 3: a unit named 'Piré' is already in the game, and 'PIRE' would match it (names match regardless of case and accents); nothing was loaded"
	printf 'name,side,type,class\nLobau,French,infantry,french\nlobau,French,infantry,french\n' >b.csv
	umpire unit import b.csv
	expect_error 65 "b.csv: line 3: a unit named 'Lobau' is already in the game, and 'lobau' would match it (names match regardless of case and accents); nothing was loaded"
	printf 'name,side,type,class\n"Lobau ",French,infantry,french\n' >c.csv
	umpire unit import c.csv
	expect_error 65 "c.csv: line 2: a unit's name cannot begin or end with a space ('Lobau '); nothing was loaded"
	[ "$(units)" = "Kempt|Pack|Bachelu|Piré" ]
}

@test "an older game's names that fold alike: typed exactly each acts; check reports them" {
	small_oob
	"$U" unit add Pire2 --side French --type infantry --class french >/dev/null
	sqlite3 umpire.db "UPDATE unit SET name = 'Pire' WHERE name = 'Pire2'"
	umpire --json unit show Pire
	[ "$status" -eq 0 ]
	[ "$(json .type)" = infantry ]
	umpire --json unit show Piré
	[ "$status" -eq 0 ]
	[ "$(json .type)" = cavalry ]
	umpire unit show pire
	expect_error 65 "unit: unit 'pire' is ambiguous: it matches both 'Piré' and 'Pire' (an older umpire let both in); type the name exactly"
	umpire check
	[ "$status" -eq 74 ]
	[ "$output" = "problem: units 'Piré' and 'Pire' cannot be told apart by name (names match regardless of case and accents): rename one with umpire unit set NAME --name NEW" ]
	[ "$stderr" = "umpire: check: 1 problem found" ]
	"$U" unit set Pire --name "Piré's second" >/dev/null
	umpire check
	[ "$status" -eq 0 ]
	[ "$output" = "ok: the game file and its journal agree" ]
}

# The report and a die's name in the working once held a
# fixed number of bytes: a ruling of eight long names lost its last ones.
@test "eight units of 120-character names: every view says each name whole" {
	local long="the Very Long Named Regiment of the Imperial Guard Fusiliers-Grenadiers of the Middle Guard Division of General Friant"
	local args=() i
	[ "${#long}" -eq 118 ]
	"$U" new --rules squares >/dev/null
	for i in 1 2 3 4; do
		"$U" unit add "$long $i" --side French --type infantry --skirmish d8 --quality d8 --morale d8 >/dev/null
		"$U" unit add "$long $((i + 4))" --side Austrian --type infantry --skirmish d6 --quality d8 --morale d8 >/dev/null
		args+=(--attacker "$long $i")
	done
	for i in 5 6 7 8; do
		args+=(--defender "$long $i")
	done
	umpire melee "${args[@]}" --dice 3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,9
	expect_error 65 "die 24 is the d8 of $long 8: 9 is not a face of a d8"
	umpire melee "${args[@]}" --dice 3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3
	[ "$status" -eq 0 ]
	umpire report
	[ "$status" -eq 0 ]
	local who="" role=attacker
	for i in 1 2 3 4 5 6 7 8; do
		[ "$i" -lt 5 ] || role=defender
		who="$who${who:+, }$long $i ($role)"
	done
	[ "$(grep '#1 melee' <<<"$output")" = "  #1 melee: $who: a drawn assault: the attacker takes 0 hits, the defender 0; both sides check morale" ]
	umpire log --for French
	[ "$status" -eq 0 ]
	[ "$(grep -c "$long 8 (defender)" <<<"$output")" -eq 1 ]
}
