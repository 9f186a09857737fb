#!/usr/bin/env bats
# new --example: each rule set's sample battle, loaded in new's one
# transaction by unit import's code, ready to play; and a CSV export of it
# imports back whole (every list in a cell written one way, ';').
load helper

# sides_count KIND: "SIDE N" a line, in order, of the game's units (KIND
# unit) or formations (KIND formation).
sides_count() {
	uj --json unit list | jq -r --arg k "$1" \
	    '[.units[] | select(.kind == $k) | .side] | group_by(.) | map("\(.[0]) \(length)") | .[]'
}

@test "brigade: Waterloo, d'Erlon's attack; Kempt's volley on Charlet is 6 figures" {
	umpire new --rules brigade --example
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new brigade game 'Waterloo: d'Erlon's attack, 18 June 1815' at umpire.db" ]
	[ "${lines[1]}" = "Allied: 8 units and 4 formations" ]
	[ "${lines[2]}" = "French: 8 units and 6 formations" ]
	[ "${lines[3]}" = "sources: W. Siborne, History of the War in France and Belgium in 1815 (1844); M. Adkin, The Waterloo Companion (2001); the order of battle at the rules' scale of about 1:40 (brigade.txt, Appendix 1)" ]
	[ "${#lines[@]}" -eq 4 ]
	[ "$(sides_count unit)" = "$(printf 'Allied 8\nFrench 8')" ]
	[ "$(sides_count formation)" = "$(printf 'Allied 4\nFrench 6')" ]
	# Kempt: 16 + 16 + 14 figures; Pack's battalions under strength.
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 46 ]
	[ "$(printf '%s' "$output" | jq -c .ratings.battalion)" = '["1/28th Foot:british","1/32nd Foot:british","1/79th Highlanders:british:14"]' ]
	umpire --json unit show Pack
	[ "$status" -eq 0 ]
	[ "$(json .start_strength)" = 46 ]
	# 46 firing at 2", close +3: row 49, last column floor(49 x 5 / 12) =
	# 20; row 20, die 4: floor(20 x 4 / 12) = 6.
	umpire fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "6 casualties" ]
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name == "Charlet") | .strength')" = 66 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "fury: Quatre Bras; Kempt's fire on Husson takes a stand" {
	umpire new --rules fury --example
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new fury game 'Quatre Bras, 16 June 1815' at umpire.db" ]
	[ "${lines[1]}" = "Allied: 12 units and 4 formations" ]
	[ "${lines[2]}" = "French: 18 units and 9 formations" ]
	[ "$(sides_count unit)" = "$(printf 'Allied 12\nFrench 18')" ]
	[ "$(sides_count formation)" = "$(printf 'Allied 4\nFrench 9')" ]
	# Bijlandt: regular, regular, militia x3: (2+2+0+0+0)/5 = 0.8, up: conscript.
	umpire --json unit show Bijlandt
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c .ratings.battalions)" = '["regular","regular","militia","militia","militia"]' ]
	umpire unit show Bijlandt
	[ "$status" -eq 0 ]
	has_line "    conscript, fresh" "$output"
	# 5 stands at 2": 5 fire points, column 4-5; 2d6 6+5 = 11, fresh +1:
	# row 12 -> 1 (a stand lost, disordered).
	umpire fire --unit Kempt --target Husson --distance 2 --dice 6,5
	[ "$status" -eq 0 ]
	umpire --json unit show Husson
	[ "$status" -eq 0 ]
	[ "$(json .strength)" = 4 ]
	[ "$(json .losses)" = 1 ]
	[ "$(json .state)" = disordered ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "2x2: Maida; the light battalion's volley pins the 1er Léger" {
	umpire new --rules 2x2 --example
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new 2x2 game 'Maida, 4 July 1806' at umpire.db" ]
	[ "${lines[1]}" = "British: 10 units and 3 formations" ]
	[ "${lines[2]}" = "French: 8 units and 2 formations" ]
	[ "$(sides_count unit)" = "$(printf 'British 10\nFrench 8')" ]
	# d6 5, first volley +1, a small firer -1: 5, pinned.
	umpire fire --unit "Kempt's Light Battalion" --target "1er Léger" --distance 1 --dice 5
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "target pinned (d6 5 +0 = 5)" ]
	umpire --json unit show "1er Léger"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = pinned ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "ohw: the Côa; the 43rd's fire gives the 66e 4 fatigue points" {
	umpire new --rules ohw --example
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new ohw game 'The Côa, 24 July 1810' at umpire.db" ]
	[ "${lines[1]}" = "British: 7 units and 1 formation" ]
	[ "${lines[2]}" = "French: 8 units and 2 formations" ]
	[ "$(sides_count unit)" = "$(printf 'British 7\nFrench 8')" ]
	umpire --json unit show "43rd Light Infantry"
	[ "$status" -eq 0 ]
	[ "$(json .break_point)" = 16 ]
	[ "$(json .ratings.stubborn)" = true ]
	# Muskets reach 12": 6" is in; d6 4, no modifier: 4 FP.
	umpire fire --unit "43rd Light Infantry" --target "66e Ligne" --distance 6 --dice 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "4 fatigue points" ]
	umpire --json unit show "66e Ligne"
	[ "$status" -eq 0 ]
	[ "$(json .fatigue_points)" = 4 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "squares: Albuera; the Allied guns hit Brayer once" {
	umpire new --rules squares --example
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new squares game 'Albuera, 16 May 1811' at umpire.db" ]
	[ "${lines[1]}" = "Allied: 9 units and 3 formations" ]
	[ "${lines[2]}" = "French: 9 units and 3 formations" ]
	[ "$(sides_count unit)" = "$(printf 'Allied 9\nFrench 9')" ]
	[ "$(sides_count formation)" = "$(printf 'Allied 3\nFrench 3')" ]
	# Foot artillery at close range: a d10, hits on 5+; 8 is a hit.
	umpire fire --unit "Allied Artillery" --target Brayer --artillery foot --range close --dice 8
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "1 hit" ]
	umpire --json unit show Brayer
	[ "$status" -eq 0 ]
	[ "$(json .hits)" = 1 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "every rule set's sample exports to CSV and imports back whole" {
	for r in $(rulesets); do
		"$U" --db "$r.db" new --rules "$r" --example >/dev/null
		"$U" --db "$r.db" unit export "$r.csv"
		"$U" --db "$r-2.db" new --rules "$r" >/dev/null
		"$U" --db "$r-2.db" unit import "$r.csv" >/dev/null
		diff <(uj --db "$r.db" --json unit list | jq -S .) \
		    <(uj --db "$r-2.db" --json unit list | jq -S .) ||
		    { echo "$r does not round-trip"; return 1; }
	done
	# The lists, one way: elements separated by ';' in one cell.
	[ "$(grep '^Kempt,' brigade.csv | cut -d, -f1-4)" = "Kempt,Allied,infantry,Picton's Division" ]
	grep -q ',1/28th Foot:british;1/32nd Foot:british;1/79th Highlanders:british:14,' brigade.csv
	grep -q ',regular;regular;militia;militia;militia,' fury.csv
}

@test "an old file's list as a quoted comma list still imports" {
	"$U" new --rules brigade >/dev/null
	printf '%s\n' 'name,side,type,battalion' 'Kempt,A,infantry,"1/28th:british:16,1/32nd:british"' >a.csv
	umpire unit import a.csv
	[ "$status" -eq 0 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c .ratings.battalion)" = '["1/28th:british:16","1/32nd:british"]' ]
	"$U" --db f.db new --rules fury >/dev/null
	printf '%s\n' 'name,side,type,stands,battalions' 'Foy,F,infantry,4,"regular,regular,veteran,guard"' >b.csv
	"$U" --db f.db unit import b.csv >/dev/null
	umpire --db f.db --json unit show Foy
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c .ratings.battalions)" = '["regular","regular","veteran","guard"]' ]
}

@test "--example over a game needs --force; --title, --fog and --db are honoured" {
	"$U" new --rules brigade >/dev/null
	umpire new --rules squares --example
	expect_error 73 "a game exists at 'umpire.db'; give --force to replace it"
	[ "$(uj --json game | jq -r .rules)" = brigade ]
	umpire new --rules squares --example --force --title "Albuera again" --fog open
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new squares game 'Albuera again' at umpire.db" ]
	umpire --json game
	[ "$status" -eq 0 ]
	[ "$(json .title)" = "Albuera again" ]
	[ "$(json .fog)" = open ]
	export UMPIRE_DB=$PWD/env.db
	"$U" new --rules ohw --example >/dev/null
	[ "$(uj --json unit list | jq '[.units[] | select(.kind == "unit")] | length')" = 15 ]
}

@test "--json: new's keys, and the units made a side" {
	umpire --json new --rules 2x2 --example --db maida.db
	[ "$status" -eq 0 ]
	[ "$(json 'keys_unsorted | join(",")')" = "rules,title,db,fog,turn,units,sides,sources" ]
	[ "$(json .rules)" = 2x2 ]
	[ "$(json .title)" = "Maida, 4 July 1806" ]
	[ "$(json .db)" = maida.db ]
	[ "$(json .fog)" = table ]
	[ "$(json .turn)" = 1 ]
	[ "$(json .units)" = 18 ]
	[ "$(printf '%s' "$output" | jq -c .sides)" = '[{"side":"British","units":10,"formations":3},{"side":"French","units":8,"formations":2}]' ]
	# without --example, new's keys as they were
	umpire --json new --rules 2x2 --db plain.db
	[ "$status" -eq 0 ]
	[ "$(json 'keys_unsorted | join(",")')" = "rules,title,db,fog,turn" ]
}

@test "--example with an option of the rule set is refused (64), nothing made" {
	umpire new --rules 2x2 --example --points 30
	expect_error 64 "--example sets up the sample battle with the 2x2 rules' own settings: --points cannot be given with it"
	[ ! -e umpire.db ]
	umpire new --rules 2x2 --example --victory decisive
	expect_error 64 "--example sets up the sample battle with the 2x2 rules' own settings: --victory cannot be given with it"
	umpire new --example
	[ "$status" -eq 64 ]
	[ ! -e umpire.db ]
}

@test "new --help names each rule set's sample battle" {
	umpire new --help
	[ "$status" -eq 0 ]
	has_line "  brigade: Waterloo: d'Erlon's attack, 18 June 1815" "$output"
	has_line "  fury: Quatre Bras, 16 June 1815" "$output"
	has_line "  2x2: Maida, 4 July 1806" "$output"
	has_line "  ohw: The Côa, 24 July 1810" "$output"
	has_line "  squares: Albuera, 16 May 1811" "$output"
}

# The samples give every rating a ruling reads: each fury brigade moves
# under its commander's rating (Kellermann's for the cuirassiers), and
# ohw's skirmishers start in skirmish order.
@test "samples play without a rating typed: fury's commanders, ohw's skirmishers" {
	umpire new --rules fury --example
	[ "$status" -eq 0 ]
	umpire --json unit list
	[ "$status" -eq 0 ]
	for name in $(printf '%s' "$output" | jq -r '.units[] | select(.kind == "unit" and .type != "leader" and (.type | test("battery") | not)) | .name | @base64'); do
		name=$(printf '%s' "$name" | base64 -d)
		umpire --json move --unit "$name" --dice 4,4
		[ "$status" -eq 0 ] || { echo "$name: $stderr"; return 1; }
	done
	umpire move --unit Guiton --dice 4,4
	[ "$status" -eq 0 ]
	has_line "  --quality good: Kellermann's rating, the corps commander"
	umpire --db o.db new --rules ohw --example
	[ "$status" -eq 0 ]
	umpire --db o.db --json unit list
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[] | select(.type == "skirmishers") | .formation] | unique')" = '["skirmishers"]' ]
}

# Every adjudication command of each rule set, played in its sample battle
# as a new umpire would: units, distances and the situation named, the dice
# rolled, and no rating typed (the sample gives every one a ruling reads).
# A rule set that has no such ruling refuses it (64) in so many words.
@test "each sample plays every adjudication command without a rating typed" {
	local plays="brigade|fire --unit Kempt --target Charlet --distance 2
brigade|fire --unit 'Grand Battery' --target Pack --distance 10
brigade|fire --unit '1/95th Rifles' --target Charlet --distance 2
brigade|melee --attacker Charlet --defender Kempt
brigade|melee --attacker Gobrecht --defender Pack
brigade|morale --unit Pack
brigade|rally --unit Pack --after push-back
brigade|move --unit Somerset
brigade|move --unit Charlet --formation attack-column --charge
brigade|move --unit \"Rogers' Battery\"
fury|fire --unit Kempt --target Husson --distance 2
fury|fire --unit \"Rogers' Battery\" --target Husson --distance 10
fury|melee --attacker Husson --defender Kempt
fury|melee --attacker Guiton --defender Kempt
fury|morale --unit Pack
fury|rally --unit Pack
fury|fatigue --unit \"Picton's Division\"
fury|fatigue --unit 'III Cavalry Corps'
fury|move --unit Guiton
fury|move --unit Husson
fury|move --unit \"Rogers' Battery\"
2x2|fire --unit \"Kempt's Light Battalion\" --target '1er Léger' --distance 2
2x2|fire --unit 'Royal Artillery' --target '1er Léger' --distance 10
2x2|melee --attacker '42e Ligne' --defender '81st Foot'
2x2|melee --attacker '9e Chasseurs à cheval' --defender '81st Foot'
2x2|morale --unit '81st Foot'
2x2|rally --unit '81st Foot'
2x2|move --unit '81st Foot'
ohw|fire --unit '43rd Light Infantry' --target '66e Ligne' --distance 6
ohw|fire --unit '1/95th Rifles' --target '66e Ligne' --distance 6
ohw|fire --unit \"Ross's Troop RHA\" --target '66e Ligne' --distance 12
ohw|melee --attacker '3e Hussards' --defender '52nd Light Infantry'
ohw|melee --attacker '66e Ligne' --defender '3rd Caçadores'
ohw|morale --unit '52nd Light Infantry'
ohw|fatigue --unit '52nd Light Infantry'
ohw|fatigue --unit 'Light Division'
ohw|move --unit '1/95th Rifles'
ohw|move --unit 'VI Corps Horse Battery'
squares|fire --unit 'Allied Artillery' --target Brayer --range close
squares|melee --attacker Brayer --defender Colborne
squares|melee --attacker 'Vistula Lancers' --defender Colborne
squares|morale --unit Colborne
squares|rally --unit Colborne
squares|move --unit Colborne --path n
squares|move --unit Colborne --assault"
	local r line n=0
	while IFS='|' read -r r line; do
		"$U" new --rules "$r" --example --force >/dev/null
		eval "umpire $line --roll --seed 1" </dev/null
		[ "$status" -eq 0 ] && [ -z "$stderr" ] ||
		    { echo "$r: $line: $status: $stderr"; return 1; }
		n=$((n + 1))
	done <<<"$plays"
	[ "$n" = 45 ]
	# the rulings a rule set does not have are refused, saying so
	for r in brigade 2x2 squares; do
		"$U" new --rules "$r" --example --force >/dev/null
		umpire fatigue --unit "$(uj --json unit list | jq -r '[.units[] | select(.kind == "unit")][0].name')"
		expect_error 64 "fatigue: the $r rules have no fatigue"
	done
	"$U" new --rules ohw --example --force >/dev/null
	umpire rally --unit '52nd Light Infantry'
	[ "$status" -eq 64 ]
	[[ "$stderr" == "umpire: rally: the ohw rules have no rally roll; see 'umpire fatigue --unit NAME --mod save-yourselves'"* ]]
}
