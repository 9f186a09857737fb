#!/usr/bin/env bats
# The order of battle: unit add, list, show, set, rm, import, export.
load helper

@test "unit add: a brigade of identical battalions" {
	new_game
	umpire unit add Pack --side British --type infantry --class british --units 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "added unit 'Pack' (infantry, British)" ]
	[ "${lines[1]}" = "  64 figures" ]
}

@test "unit add: a mixed brigade, figures defaulting to the class's full strength" {
	new_game
	umpire --json unit add Kempt --side British --type infantry \
		--battalion "1/28th:british:16" --battalion "1/32nd:british" --battalion "1/95th:british:12"
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 44 ]
	[ "$(json '.units[1].start_strength')" = 16 ]
	[ "$(json '.ratings.battalion|length')" = 3 ]
}

@test "unit add: cavalry defaults to three regiments of 12" {
	new_game
	umpire --json unit add Piré --side French --type cavalry --cavalry light
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 36 ]
}

@test "unit add: artillery by guns, 3 crew each" {
	new_game
	umpire --json unit add RHA --side British --type horse-artillery --guns 2
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 6 ]
}

@test "formations nest with --parent" {
	new_game
	"$U" unit add "I Corps" --side French --type corps >/dev/null
	"$U" unit add "5th Division" --side French --type division --parent "I Corps" >/dev/null
	umpire --json unit add Bachelu --side French --type infantry --class french --parent "5TH DIVISION"
	[ "$status" -eq 0 ]
	[ "$(json .parent)" = "5th Division" ]
	umpire unit add Foy --side French --type infantry --class french --parent "5th"
	expect_error 65 "--parent: no unit is named '5th': did you mean '5th Division'?"
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM unit WHERE name = 'Foy'")" = 0 ]
}

@test "the parent must be a formation" {
	new_game
	"$U" unit add Pack --side British --type infantry --class british >/dev/null
	umpire unit add Kempt --side British --type infantry --class british --parent Pack
	expect_error 65 "--parent: 'Pack' is a unit, not a formation"
}

@test "under the brigade rules the brigade is the unit" {
	new_game
	umpire unit add X --side B --type brigade
	expect_error 65 "under the brigade rules the brigade is the unit: give its arm (--type infantry|cavalry|foot-artillery|horse-artillery|skirmishers)"
}

@test "unit add rejects bad ratings" {
	new_game
	umpire unit add X --side B --type infantry --class hussar
	expect_error 65 "--class: 'hussar' is not a class of the morale-bands table"
	umpire unit add X --side B --type infantry --class british --figures 17
	expect_error 65 "--figures: 17 is more than a full british unit (16)"
	umpire unit add X --side B --type infantry
	expect_error 65 "give --class CLASS (with --units N and --figures N) or --battalion NAME:CLASS:FIGURES"
	umpire unit add X --side B --type infantry --class british --cavalry heavy
	expect_error 65 "--cavalry is for cavalry brigades"
	umpire unit add X --side B --type infantry --battalion "nameonly"
	expect_error 65 "--battalion: 'nameonly' is not NAME:CLASS[:FIGURES]"
	umpire unit add X --side B --type dragoons
	expect_error 65 "--type: 'dragoons' is not a unit type of the brigade rules (infantry|cavalry|foot-artillery|horse-artillery|skirmishers) or a formation (division|corps|army|command)"
	umpire unit add X --type infantry --class british
	expect_error 64 "give --side SIDE and --type TYPE"
	umpire unit add --side B --type infantry --class british
	expect_error 64 "give the new unit's NAME: unit add NAME --side SIDE --type TYPE"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

@test "names are free text: quotes, semicolons, UTF-8" {
	new_game
	for n in "Picton's \"Fighting\" 5th" "Pack; 9th Brigade" "Régiment d'Étranger 😀"; do
		"$U" unit add "$n" --side Allies --type infantry --class british >/dev/null
	done
	umpire --json unit list
	[ "$status" -eq 0 ]
	[ "$(json '.units|length')" = 3 ]
	[ "$(json '.units[0].name')" = "Picton's \"Fighting\" 5th" ]
	[ "$(json '.units[2].name')" = "Régiment d'Étranger 😀" ]
	umpire --json unit show "Pack; 9th Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 64 ]
	umpire --json fire --firers 16 --distance 2 --target "regiment d’etranger 😀" --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.effects[0].unit')" = "Régiment d'Étranger 😀" ]
}

@test "a prefix or a near name is never acted on: 'did you mean'" {
	small_oob
	umpire --json unit show KEMPT
	[ "$status" -eq 0 ]
	[ "$(json .name)" = Kempt ]
	umpire unit show Ke
	expect_error 65 "unit: no unit is named 'Ke': did you mean 'Kempt'?"
	umpire unit show P
	expect_error 65 "unit: no unit is named 'P': did you mean 'Pack' or 'Piré'?"
	umpire unit show Wellington
	expect_error 65 "unit: no unit is named 'Wellington' ('umpire unit list' lists them)"
	[ "$stderr" = "umpire: unit: no unit is named 'Wellington' ('umpire unit list' lists them)" ]
}

@test "a duplicate name is refused" {
	small_oob
	umpire unit add Kempt --side British --type infantry --class british
	expect_error 65 "a unit named 'Kempt' is already in the game"
}

@test "unit show carries name, side, type, state and the measure" {
	small_oob
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .name)" = Kempt ]
	[ "$(json .side)" = British ]
	[ "$(json .type)" = infantry ]
	[ "$(json .state)" = ok ]
	[ "$(json .start_strength)" = 64 ]
	[ "$(json .strength)" = 64 ]
	[ "$(json .losses)" = 0 ]
}

@test "unit list as one object holding an array" {
	small_oob
	umpire --json unit list
	[ "$status" -eq 0 ]
	[ "$(json '.units|length')" = 4 ]
	[ "$(json '.units[3].name')" = "Piré" ]
}

@test "unit set changes the given options and keeps the rest" {
	small_oob
	umpire --json unit set Pack --units 3 --side Allies
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 48 ]
	[ "$(json .side)" = Allies ]
	[ "$(json .ratings.elite)" = true ]
	[ "$(json .ratings.class)" = british ]
	umpire --json unit set Pack --name "Pack's Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .name)" = "Pack's Brigade" ]
}

@test "unit rm removes a unit the journal does not name, by its whole name" {
	small_oob
	umpire unit rm Pac
	expect_error 65 "no unit is named 'Pac': did you mean 'Pack'?"
	umpire unit rm PACK
	[ "$status" -eq 0 ]
	[ "$output" = "removed 'Pack'" ]
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	umpire unit rm Kempt
	expect_error 65 "unit 'Kempt': the journal names this unit; it stays (change it with 'unit set')"
}

@test "unit import loads an order of battle in one go" {
	new_game
	umpire unit import "$BATS_TEST_DIRNAME/battle-oob.csv"
	[ "$status" -eq 0 ]
	[ "$output" = "imported 5 units and 4 formations from $BATS_TEST_DIRNAME/battle-oob.csv" ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 58 ]
	[ "$(json .ratings.weapon)" = rifle ]
	[ "$(json .parent)" = "5th Division" ]
}

@test "a bad row rejects the whole file, naming the line" {
	new_game
	{
		echo "name,side,type,class,units"
		echo "Pack,British,infantry,british,4"
		echo "Kempt,British,infantry,hussar,4"
	} > oob.csv
	umpire unit import oob.csv
	expect_error 65 "oob.csv: line 3: --class: 'hussar' is not a class of the morale-bands table; nothing was loaded"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

@test "an unknown column and broken CSV are refused" {
	new_game
	printf 'name,side,type,colour\nPack,British,infantry,red\n' > a.csv
	umpire unit import a.csv
	expect_error 65 "a.csv: line 1: 'colour' is not a unit option of the brigade rules ('umpire unit export' shows the columns)"
	# a row without its side or type says so in the file's words
	printf 'name,side,type\nPack,,infantry\n' > empty.csv
	umpire unit import empty.csv
	expect_error 65 "empty.csv: line 2: 'Pack' needs its side and its type (cells empty or missing); nothing was loaded"
	printf 'name,side,type\nPack,British\n' > short.csv
	umpire unit import short.csv
	expect_error 65 "short.csv: line 2: 'Pack' needs its side and its type (cells empty or missing); nothing was loaded"
	printf 'name,side,type,class\n"Pack,British,infantry,british\n' > b.csv
	umpire unit import b.csv
	expect_error 65 "'b.csv' is not valid CSV: error parsing data while strict checking enabled (line 2)"
	umpire unit import missing.csv
	expect_error 66 "cannot read 'missing.csv': No such file or directory"
}

@test "unit import refuses a NUL in a cell, a column given twice and extra cells, naming the line" {
	new_game
	# a NUL would cut the name short (Al\0pha kept as Al)
	printf 'name,side,type,class,units\nAl\0pha,French,infantry,british,4\n' >nul.csv
	umpire unit import nul.csv
	expect_error 65 "nul.csv: line 2, column 1 holds a NUL byte"
	printf 'name,side,type,side,units\nPack,British,infantry,French,4\n' >twice.csv
	umpire unit import twice.csv
	expect_error 65 "twice.csv: line 1: the column 'side' is given twice (columns 2 and 4)"
	printf 'name,side,type,class,units\nPack,British,infantry,british,4\nBest,British,infantry,british,4,6\n' >extra.csv
	umpire unit import extra.csv
	expect_error 65 "extra.csv: line 3: 6 cells, the header has 5 columns; nothing was loaded"
	# the line of the file, blank lines counted
	printf 'name,side,type,class,units\n\n\nPack,British,infantry,hussar,4\n' >blank.csv
	umpire unit import blank.csv
	expect_error 65 "blank.csv: line 4: --class: 'hussar' is not a class of the morale-bands table; nothing was loaded"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

@test "unit import is bounded: a line past 64 KiB, a file past 16 MiB, /dev/zero" {
	new_game
	{ echo "name,side,type"; head -c 70000 /dev/zero | tr '\0' x; echo ",British,infantry"; } >long.csv
	umpire unit import long.csv
	expect_error 65 "long.csv: line 2 is longer than 65536 bytes"
	umpire unit import /dev/zero
	expect_error 65 "/dev/zero: line 1 is longer than 65536 bytes"
	# an endless pipe of good lines: the header is 26 bytes, each line 31;
	# line L ends at 26 + 31 (L - 1), past 16 MiB (16,777,216) first at
	# L - 1 = 541,200 (26 + 31 x 541,200 = 16,777,226; 541,199 gives
	# 16,777,195): line 541,201
	run --separate-stderr sh -c '{ echo name,side,type,class,units; yes Pack,French,infantry,british,4; } |
	    "$1" unit import -' sh "$U"
	expect_error 65 "-: larger than 16 MiB at line 541201"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

@test "unit import of 100,000 rows takes seconds: each row finds its name, side and parent at once" {
	new_game
	{
		echo "name,side,type,parent,class,units"
		seq 1000 | awk '{ print "Division " $1 ",French,division,,," }'
		seq 99000 | awk '{ print "Brigade " $1 ",French,infantry,Division " ($1 % 1000 + 1) ",british,4" }'
	} >big.csv
	# (every name was compared with every other: 191 s for 100,000 rows
	# in the release build; now 2 s, and under 20 s in the test build)
	run --separate-stderr timeout 120 "$U" unit import big.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 99000 units and 1000 formations from big.csv" ]
	umpire --json unit show "Brigade 99000"
	[ "$status" -eq 0 ]
	[ "$(json .parent)" = "Division 1" ]
}

@test "unit import counts in words: a unit, units, formations" {
	new_game
	printf 'name,side,type\nWellington'"'"'s Army,British,army\n' >army.csv
	umpire unit import army.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 1 formation from army.csv" ]
	printf 'name,side,type,parent,class,units\n5th Division,British,division,Wellington'"'"'s Army,,\nKempt,British,infantry,5th Division,british,4\n' >div.csv
	umpire unit import div.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 1 unit and 1 formation from div.csv" ]
	printf 'name,side,type,class,units\nPack,British,infantry,british,4\nBest,British,infantry,british,4\n' >two.csv
	umpire unit import two.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 2 units from two.csv" ]
}

@test "unit export round-trips through import" {
	new_game
	"$U" unit import "$BATS_TEST_DIRNAME/battle-oob.csv" >/dev/null
	# battle-oob.csv: two armies, a division and a corps; 5 units
	umpire unit export oob.csv
	[ "$status" -eq 0 ]
	[ "$output" = "wrote 5 units and 4 formations to oob.csv" ]
	umpire unit export
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(head -1 oob.csv)" ]
	[ "$(printf '%s\n' "$output" | grep -c '^wrote')" = 0 ]
	"$U" --db two.db new --rules brigade >/dev/null
	"$U" --db two.db unit import oob.csv >/dev/null
	diff <(uj sheet --json | jq -S .units) <(uj --db two.db sheet --json | jq -S .units)
}

# OWASP "CSV Injection": a cell starting with =, +, - or @ is run by a
# spreadsheet as a formula; export writes it quoted with a ' before it,
# and a cell starting with ' gets one more, so that import, taking one '
# off any cell, gives every name back as it was.
@test "unit export quotes a name a spreadsheet would run as a formula, and import takes the quote off" {
	new_game
	for n in "-1st Foot" "=SUM(A1)" "+Plus" "@Home" "'quoted" "''twice" "Plain 'Name'"; do
		"$U" unit add "$n" --side "=Side" --type infantry --class british --units 4 >/dev/null
	done
	umpire unit export oob.csv
	[ "$status" -eq 0 ]
	local rest=\"\'=Side\",infantry,,,,,british,4,,,,,,,,,
	[ "$(sed -n 2p oob.csv)" = "\"'-1st Foot\",$rest" ]
	[ "$(sed -n 3p oob.csv)" = "\"'=SUM(A1)\",$rest" ]
	[ "$(sed -n 4p oob.csv)" = "\"'+Plus\",$rest" ]
	[ "$(sed -n 5p oob.csv)" = "\"'@Home\",$rest" ]
	[ "$(sed -n 6p oob.csv)" = "\"''quoted\",$rest" ]
	[ "$(sed -n 7p oob.csv)" = "\"'''twice\",$rest" ]
	[ "$(sed -n 8p oob.csv)" = "Plain 'Name',$rest" ]
	"$U" --db two.db new --rules brigade >/dev/null
	umpire --db two.db unit import oob.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 7 units from oob.csv" ]
	[ "$(uj --db two.db --json unit list | jq -c '[.units[] | [.name, .side]]')" = \
	    "[[\"-1st Foot\",\"=Side\"],[\"=SUM(A1)\",\"=Side\"],[\"+Plus\",\"=Side\"],[\"@Home\",\"=Side\"],[\"'quoted\",\"=Side\"],[\"''twice\",\"=Side\"],[\"Plain 'Name'\",\"=Side\"]]" ]
	diff <(uj sheet --json | jq -S .units) <(uj --db two.db sheet --json | jq -S .units)
}

@test "unit import takes one ' off a cell written by hand, and keeps a name without one" {
	new_game
	printf "name,side,type,class,units\n'=Kempt,British,infantry,british,4\n''t Hooft,British,infantry,british,4\n-Pack,British,infantry,british,4\n" >hand.csv
	umpire unit import hand.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 3 units from hand.csv" ]
	[ "$(uj --json unit list | jq -c '[.units[].name]')" = "[\"=Kempt\",\"'t Hooft\",\"-Pack\"]" ]
}

@test "sheet --csv quotes a name a spreadsheet would run as a formula" {
	new_game
	"$U" unit add "=SUM(A1)" --side "@Side" --type infantry --class british --units 4 >/dev/null
	umpire sheet --csv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "\"'@Side\",,\"'=SUM(A1)\",infantry,64,64,0,ok,0,0,line," ]
}

@test "unit export --help says how a formula-like cell is written" {
	umpire unit export --help
	[ "$status" -eq 0 ]
	has_line "export writes a cell that starts with =, +, -, @ or ' with a ' before"
	has_line "cell, so a name that itself starts with ' is written with two."
}

@test "a name too long to keep is refused, not cut" {
	new_game
	umpire unit add "$(printf 'x%.0s' $(seq 200))" --side A --type infantry --class british
	expect_error 65 "a unit's name is at most 127 bytes"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM unit')" = 0 ]
}

# sp N: N spaces.
sp() {
	printf '%*s' "$1" ''
}

@test "unit list lines its columns up by the width a name takes on the screen" {
	new_game
	local long="Régiment de Chasseurs à Cheval de la Garde" # 42 columns
	local decomposed=$'Lancers de Pire\u0301'                # 16 code points, 15 columns
	for n in "Piré" "$decomposed" "Œuvre" "拿破仑" "$long"; do
		"$U" unit add "$n" --side French --type infantry --class french --units 4 >/dev/null
	done
	umpire unit list
	[ "$status" -eq 0 ]
	# The name column is as wide as the longest name (42), then one space;
	# the type column 12, the side 10, the parent 20, the count as wide as
	# its head "figures left" (12); the head over each.
	local rest="infantry$(sp 5)French$(sp 5)$(sp 21)72/72$(sp 8)ok"
	[ "$output" = "name$(sp 39)type$(sp 9)side$(sp 7)parent$(sp 15)figures left state
Piré$(sp 39)$rest
$decomposed$(sp 28)$rest
Œuvre$(sp 38)$rest
拿破仑$(sp 37)$rest
$long $rest" ]
}

# The measure's column is the rule set's: what is left of fury's stands
# (none for a leader), ohw's fatigue points of the break point, squares'
# hits; 2x2 counts none.  A formation's state sits in the state column.
@test "unit list: a head over its columns, the measure only where the rule set keeps one" {
	"$U" new --rules fury --example >/dev/null
	umpire unit list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "name                           type          side       parent                stands left state" ]
	has_line "Anglo-Allied Army              army          Allied                                       good order"
	has_line "Wellington                     leader        Allied     Anglo-Allied Army                 good order"
	has_line "Kempt                          infantry      Allied     Picton's Division     5/5         good order"
	"$U" new --rules ohw --example --force >/dev/null
	"$U" adjust "66e Ligne" --fp 4 --reason "a volley" >/dev/null
	umpire unit list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "name                           type            side       parent               fatigue points state" ]
	has_line "Light Division                 division        British                                        fresh"
	# 4 FP taken of a break point of 15
	has_line "66e Ligne                      infantry        French     Loison's Division    4/15           fresh"
	"$U" new --rules squares --example --force >/dev/null
	umpire unit list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "name                           type            side       parent               hits      state" ]
	has_line "Stewart                        command         Allied                                    good order"
	has_line "Colborne                       infantry        Allied     Stewart              0         ok"
	[[ "$output" != *0/0* ]]
	"$U" new --rules 2x2 --example --force >/dev/null
	umpire unit list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "name                           type           side       parent               state" ]
	has_line "Stuart                         hq             British                         ok"
}

@test "unit set cannot start a unit below what it has lost; check finds one an earlier umpire let through" {
	"$U" new --rules brigade --example >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 2 --dice 4 >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 2 --dice 5 >/dev/null
	umpire unit set Charlet --units 1 --figures 5
	expect_error 65 "umpire: unit: 'Charlet' has lost 14 figures: it cannot start with fewer (5)"
	umpire unit set Charlet --units 1 --figures 14
	[ "$status" -eq 0 ]
	sqlite3 umpire.db "UPDATE unit SET start_strength = 5 WHERE name = 'Charlet'"
	umpire check
	[ "$status" -eq 74 ]
	[ "$output" = "problem: unit 'Charlet' has lost 14 figures of the 5 it started with: set its start again (umpire unit set) or take the losses back" ]
}
