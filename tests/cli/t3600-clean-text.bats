#!/usr/bin/env bats
# Every text a game stores is clean: control characters (C0, DEL, C1) and
# invalid UTF-8 are refused (65, naming the option) wherever text enters,
# and the game is left as it was; so JSON output is always valid UTF-8.
load helper

# The bad texts, each with the end of the sentence that refuses it.
BAD=(
	$'A\eB'			"holds a control character (U+001B)"
	$'A\xffB'		"is not valid UTF-8 (byte 2)"
	$'A\xc0\xafB'		"is not valid UTF-8 (byte 2)"
	$'A\x9bB'		"is not valid UTF-8 (byte 2)"
	$'A\xc2\x9bB'		"holds a control character (U+009B)"
	$'A\xed\xa0\x80B'	"is not valid UTF-8 (byte 2)"
	$'A\x7fB'		"holds a control character (U+007F)"
	$'A\tB'			"holds a control character (U+0009)"
)

snapshot() {
	sqlite3 umpire.db .dump | md5sum
}

# (The loops count with `nth`: bats' run sets `i`.)
# refused COMMAND-WORD WHAT ARGS...: each bad text, put where ARGS say
# BAD, is refused with "COMMAND-WORD: WHAT <why>" and the game unchanged.
refused() {
	local word=$1 what=$2 before nth
	shift 2
	before=$(snapshot)
	for ((nth = 0; nth < ${#BAD[@]}; nth += 2)); do
		local args=() a
		for a in "$@"; do
			args+=("${a//BAD/${BAD[nth]}}")
		done
		umpire "${args[@]}"
		expect_error 65 "$word: $what ${BAD[nth + 1]}" || { echo "text $((nth / 2)): ${args[*]}"; return 1; }
		[ "$(snapshot)" = "$before" ] || { echo "the game changed: ${args[*]}"; return 1; }
	done
}

@test "new --title" {
	umpire new --rules brigade --title $'A\eB'
	expect_error 65 "new: --title holds a control character (U+001B)"
	[ ! -e umpire.db ]
	small_oob
	refused new --title new --rules brigade --force --title BAD
}

@test "adjust --reason" {
	small_oob
	refused adjust --reason adjust Kempt --figures -2 --reason BAD
}

@test "unit names, sides, types, new names" {
	small_oob
	refused unit "a unit's name" unit add BAD --side French --type infantry --class french
	refused unit --side unit add Ney --side BAD --type infantry --class french
	refused unit --type unit add Ney --side French --type BAD --class french
	refused unit --name unit set Pack --name BAD
	refused unit --side unit set Pack --side BAD
}

@test "battalion names inside a rating spec, and text ratings" {
	small_oob
	refused unit --battalion unit add Ney --side French --type infantry --battalion "BAD:french:16"
	refused unit --battalion unit add Ney --side French --type infantry --battalion "1/45e:french:16" --battalion "BAD:french"
	refused unit --class unit add Ney --side French --type infantry --class BAD
	refused unit --class unit set Pack --class BAD
}

@test "unit import: every cell" {
	small_oob
	before=$(snapshot)
	for ((nth = 0; nth < ${#BAD[@]}; nth += 2)); do
		printf 'name,side,type,class\nNey,French,infantry,french\n"%s",French,infantry,french\n' "${BAD[nth]}" >a.csv
		umpire unit import a.csv
		expect_error 65 "unit: a.csv: line 3, column 1 ${BAD[nth + 1]}"
		printf 'name,side,type,class\nNey,"%s",infantry,french\n' "${BAD[nth]}" >b.csv
		umpire unit import b.csv
		expect_error 65 "unit: b.csv: line 2, column 2 ${BAD[nth + 1]}"
		printf 'name,side,type,class\nNey,French,infantry,"%s"\n' "${BAD[nth]}" >c.csv
		umpire unit import c.csv
		expect_error 65 "unit: c.csv: line 2, column 4 ${BAD[nth + 1]}"
		[ "$(snapshot)" = "$before" ]
	done
}

@test "tables import: every cell" {
	small_oob
	"$U" tables export melee-firing mf.csv
	before=$(snapshot)
	for ((nth = 0; nth < ${#BAD[@]}; nth += 2)); do
		sed "s/^19,3,4,6,7\$/19,3,4,6,\"${BAD[nth]}\"/" mf.csv >bad.csv
		if cmp -s mf.csv bad.csv; then echo "the edit left the file as it was"; return 1; fi
		umpire tables import melee-firing bad.csv
		expect_error 65 "tables: bad.csv: line 20, column 5 ${BAD[nth + 1]}"
		[ "$(snapshot)" = "$before" ]
	done
}

@test "sheet --json and log --json are valid UTF-8 after accented names and reasons" {
	new_game --title "Waterloo — 18 juin"
	for n in "Piré" "d’Erlon" "Kutúzov" "Кутузов" "Łódź Uhlans" "Straße 😀"; do
		"$U" unit add "$n" --side "Armée du Nord" --type infantry --class french >/dev/null
	done
	"$U" adjust "d’Erlon" --figures -2 --reason "tirailleurs épuisés — ’twas so" >/dev/null
	"$U" fire --firers 16 --distance 2 --target "pire" --dice 4 >/dev/null
	for cmd in "sheet --json" "log --json" "log show 2 --json" "unit list --json" "unit show pire --json"; do
		umpire $cmd
		[ "$status" -eq 0 ]
		printf '%s' "$output" | iconv -f UTF-8 -t UTF-8 >/dev/null
		printf '%s' "$output" | jq -e . >/dev/null
	done
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[].name]|join("|")')" = "Piré|d’Erlon|Kutúzov|Кутузов|Łódź Uhlans|Straße 😀" ]
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[].summary]|length')" = 2 ]
	[ "$(json '.entries[0].summary')" = "d’Erlon: -2 figures (tirailleurs épuisés — ’twas so)" ]
}
