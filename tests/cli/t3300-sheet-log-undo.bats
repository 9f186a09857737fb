#!/usr/bin/env bats
# The casualty sheet (golden), the log, undo and redo round trips, turns.
load helper

# The small battle (battle.sh), played once for the file; its tests start
# from copies of it.
battle() {
	UMPIRE=$U "$BATS_TEST_DIRNAME/battle.sh"
}
setup_file() {
	shared_game battle
}

@test "a small battle's final sheet matches the golden file" {
	from_shared_game
	"$U" sheet > sheet.out
	golden battle.sheet sheet.out
}

# The battle worked by hand from the Melee/Firing Table (floor(row x die / 12)):
#  1. RHA, 2 guns, misfires 3,4 both fire: 6 crew, long range, die 5 -> 2 (Bachelu 2)
#  2. Kempt 58 rifles at 2": 61, carry back 25, die 4 -> 8 (Bachelu 10)
#  3. Bachelu fires back with the 8 it lost to Kempt's rifles still firing
#     (l.108): 70 left, 17+17+18+18, French front ranks 11+11+12+12 = 46,
#     +3 = 49, carry back 20, die 3 -> 5 (Kempt 5)
#  4. turn 2: Bachelu charges in attack column (1 die + 2" = 6"); melee:
#     Bachelu 62 + 20 column = 82 -> 34, die 4 -> 11 (Kempt 11); Kempt 53 ->
#     22, die 3 -> 5 (Bachelu 15); Kempt pushed back (1 of 1), Bachelu owes
#     its follow up
#  5. Piré 36 + 1 lancers = 37 -> 15, die 3 -> 3 (Pack 3); Pack 64 + 3 elite =
#     67 -> 27, die 3 -> 6 (Piré 6); Piré pushed back, Pack owes a follow up
#  6. melee, turn 3, round 2: Bachelu 57 -> 23, die 5 -> 9 (Kempt 20); Kempt
#     42 - 6 contacted while pushed back (l.342) = 36 -> 15, die 2 -> 2
#     (Bachelu 17); Kempt pushed back, 2 of its run
#  7. round 2: Piré 30 (no lancers) -> 12, die 5 -> 5 (Pack 8); Pack 61 + 3
#     elite - 6 contacted while following up (l.342) = 58 -> 24, die 2 -> 4
#     (Piré 10); a margin of 1: a draw
#  8. Pack's follow up over a hedge: 1/4 of the die's 4 = 1", halved: 0.5",
#     disordered; adjust: RHA 1, a gunner of gun 1 (the first crew takes the
#     first loss): 4 from gun 1's defence (l.138), 16 and 20.
@test "the battle's totals are the ones worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[]|"\(.name)=\(.losses)"]|join(" ")')" = "Kempt=25 Pack=8 Royal Horse Artillery=1 Bachelu=17 Piré=10" ]
	[ "$(json '.units[]|select(.name=="Royal Horse Artillery")|.defence|map(tostring)|join(",")')" = 16,20 ]
	[ "$(json '.units[]|select(.name=="Kempt")|.pushbacks.total')" = 2 ]
	[ "$(json '.units[]|select(.name=="Piré")|.pushbacks.total')" = 1 ]
	[ "$(json '.units[]|select(.name=="Pack")|.flags|join(",")')" = disordered ]
	# each side's losses: British 25 + 8 + 1 = 34, French 17 + 10 = 27
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"British":34,"French":27}' ]
}

@test "the sheet as JSON matches the golden file" {
	from_shared_game
	uj sheet --json | jq -S . > sheet.json
	golden battle.sheet.json sheet.json
}

@test "sheet --json units carry the CLI.md keys" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[]|has("name") and has("side") and has("type") and has("state") and has("start_strength") and has("strength") and has("losses")]|all')" = true ]
	[ "$(json .turn)" = 3 ]
}

@test "sheet --side and --csv" {
	from_shared_game
	umpire sheet --side French --csv
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "side,order_of_battle,name,type,start_strength,strength,losses,state,pushback_run,pushback_total,formation,flags" ]
	[ "${#lines[@]}" -eq 3 ]
	# Piré was pushed back in turn 2: it owes the push back until turn 3 ends
	[ "${lines[2]}" = "French,Armée du Nord > II Corps,Piré,cavalry,36,26,10,ok,1,1,line,pushed-back" ]
	umpire sheet --side Prussian
	expect_error 65 "--side: no unit fights for side 'Prussian' (give British or French)"
}

@test "the log lists every ruling with its summary and effects" {
	from_shared_game
	umpire log
	[ "$status" -eq 0 ]
	has_line "#9     turn 3   melee    Bachelu (attacker), Kempt (defender): attacker wins (attacker loses 2, defender 9): the defender is pushed back (push back 2)"
	has_line "      Kempt is pushed back: push back 2 of this run, 2 in the game"
	umpire --json log --unit Pack
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[].id]|join(",")')" = "7,10,11" ]
	umpire --json log --turn 2
	[ "$status" -eq 0 ]
	[ "$(json '.entries|length')" = 4 ]
}

@test "log show gives the working again" {
	from_shared_game
	umpire log show 2
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "event 2, turn 1, fire" ]
	has_line "        Melee/Firing Table [reconstructed], carry back: row 61, last column -> 25; row 25, die 4 -> 8"
	has_line "        dice: 4 (typed)"
	umpire --json log show 2
	[ "$status" -eq 0 ]
	[ "$(json .event)" = 2 ]
	[ "$(json .result.casualties)" = 8 ]
	umpire log show 99
	expect_error 65 "there is no event 99 in the journal ('umpire log' lists them)"
}

@test "undo takes back exactly: the sheet after undo equals the sheet before" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	before=$(uj sheet --json)
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	"$U" turn next >/dev/null
	"$U" fire --firers 40 --distance 2 --target Kempt --dice 5 >/dev/null
	umpire undo --to 2
	[ "$status" -eq 0 ]
	[ "$output" = "undid #4 turn 2 fire of Kempt (target): 7 casualties
undid #3 turn 1 turn: turn 2 begins
undid #2 turn 1 melee of Bachelu (attacker), Kempt (defender): attacker wins (attacker loses 4, defender 15): the defender is pushed back (push back 1)" ]
	[ "$(uj sheet --json)" = "$before" ]
	umpire check
	[ "$status" -eq 0 ]
}

# What a ruling printed is what the game file keeps: its event in the log,
# linked to each unit it named, and the sheet as its effects said.
@test "a stateful ruling is kept as printed: its event linked to its units, the sheet as its effects" {
	small_oob
	umpire melee --attacker Bachelu --defender Kempt --dice 4,4 --json
	[ "$status" -eq 0 ]
	[ "$(json .event)" = 1 ]
	printed=$output
	bachelu=$(json '[.effects[] | select(.unit == "Bachelu" and .what == "figures") | .amount] | add')
	kempt=$(json '[.effects[] | select(.unit == "Kempt" and .what == "figures") | .amount] | add')
	pushed=$(json '[.effects[] | select(.unit == "Kempt" and .what == "pushback") | .amount] | add')
	[ "$bachelu" -gt 0 ] && [ "$kempt" -gt 0 ] && [ "$pushed" = 1 ]
	umpire log --json
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s' "$printed" | jq -c '{entries: [{id: .event, turn: 1, command: "melee",
	    summary: .summary, who: [{unit: "Bachelu", role: "attacker"}, {unit: "Kempt", role: "defender"}],
	    undone: false}]}')" ]
	for unit in Bachelu Kempt; do
		umpire log --unit "$unit" --json
		[ "$status" -eq 0 ]
		[ "$(json '[.entries[].id] | join(",")')" = 1 ]
	done
	umpire sheet --json
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name == "Bachelu") | .losses')" = "$bachelu" ]
	[ "$(json '.units[] | select(.name == "Kempt") | [.losses, .pushbacks.total] | join(",")')" = "$kempt,$pushed" ]
	[ "$(json '[.units[] | select(.name != "Bachelu" and .name != "Kempt") | .losses] | add')" = 0 ]
}

@test "redo puts back what was undone" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	after=$(uj sheet --json)
	"$U" undo --to 1 >/dev/null
	umpire redo --to 2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" == "redid #1 "* ]]
	[[ "${lines[1]}" == "redid #2 "* ]]
	[ "$(uj sheet --json)" = "$after" ]
}

@test "a new ruling clears what could be redone" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" fire --firers 16 --distance 2 --target Pack --dice 4 >/dev/null
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to redo" ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 0 ]
}

@test "undo --dry-run shows what would go and changes nothing" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	before=$(md5sum umpire.db)
	umpire undo --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "would undo #1 turn 1 fire of Kempt (target): 2 casualties" ]
	[ "$(md5sum umpire.db)" = "$before" ]
	umpire --json undo --dry-run
	[ "$status" -eq 0 ]
	[ "$(json .dry_run)" = true ]
	[ "$(json '.undone[0].id')" = 1 ]
}

@test "undo, redo and --dry-run name the firer first, with roles, as the log does" {
	small_oob
	# Bachelu comes after Kempt in the roster, but Bachelu fired
	"$U" fire --unit Bachelu --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	umpire log
	[ "$status" -eq 0 ]
	has_line "#1     turn 1   fire     Bachelu (unit), Kempt (target): 2 casualties"
	umpire undo --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "would undo #1 turn 1 fire of Bachelu (unit), Kempt (target): 2 casualties" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #1 turn 1 fire of Bachelu (unit), Kempt (target): 2 casualties" ]
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "redid #1 turn 1 fire of Bachelu (unit), Kempt (target): 2 casualties" ]
	umpire --json undo --dry-run
	[ "$status" -eq 0 ]
	[ "$(json '.undone[0].units')" = "Bachelu, Kempt" ]
}

@test "undo takes the last entry whatever it is; --to reaches further; redo --to brings back up to an id" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" turn next >/dev/null
	# a ruling that changed nothing (out of range) is an entry like any other
	"$U" fire --firers 16 --distance 9 --target Kempt --dice 4 >/dev/null
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #3 turn 2 fire of Kempt (target): no effect: out of range: 9\" is beyond the musket's maximum of 6\"" ]
	umpire undo --to 1 --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "would undo #2 turn 1 turn: turn 2 begins
would undo #1 turn 1 fire of Kempt (target): 2 casualties" ]
	umpire undo --to 1
	[ "$status" -eq 0 ]
	[ "$output" = "undid #2 turn 1 turn: turn 2 begins
undid #1 turn 1 fire of Kempt (target): 2 casualties" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to undo" ]
	# redo brings back the entry undone last, one at a time or up to an id
	umpire redo --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "would redo #1 turn 1 fire of Kempt (target): 2 casualties" ]
	umpire --json redo --to 2
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c .)" = '{"dry_run":false,"redone":[{"id":1,"turn":1,"command":"fire","units":"Kempt","summary":"2 casualties"},{"id":2,"turn":1,"command":"turn","units":"","summary":"turn 2 begins"}]}' ]
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "redid #3 turn 2 fire of Kempt (target): no effect: out of range: 9\" is beyond the musket's maximum of 6\"" ]
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to redo" ]
	umpire log
	[ "$status" -eq 0 ]
	has_line "#3     turn 2   fire     Kempt (target): no effect: out of range: 9\" is beyond the musket's maximum of 6\""
	umpire check
	[ "$status" -eq 0 ]
}

@test "undo and redo --to refuse an id they cannot reach, and nothing changes" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" fire --firers 16 --distance 2 --target Pack --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" fire --firers 16 --distance 2 --target Pack --dice 5 >/dev/null
	before=$(sqlite3 umpire.db 'SELECT group_concat(id || ":" || undone) FROM (SELECT * FROM event ORDER BY id)')
	[ "$before" = "1:0,2:2,3:0" ]
	umpire undo --to 9
	expect_error 65 "there is no event 9 in the journal ('umpire log' lists them)"
	umpire undo --to 2
	expect_error 65 "event 2 is already undone"
	umpire redo --to 2
	expect_error 65 "event 2 cannot be redone: an entry was made after it was undone"
	umpire redo --to 3
	expect_error 65 "event 3 is not undone: there is nothing to redo there"
	umpire undo --to x
	expect_error 65 "--to: 'x' is not an event id (a whole number from 1, as the log shows it)"
	umpire undo --to 0
	expect_error 65 "--to: '0' is not an event id (a whole number from 1, as the log shows it)"
	[ "$(sqlite3 umpire.db 'SELECT group_concat(id || ":" || undone) FROM (SELECT * FROM event ORDER BY id)')" = "$before" ]
}

@test "undo and turn next: the turn goes back" {
	small_oob
	"$U" turn next >/dev/null
	umpire turn
	[ "$status" -eq 0 ]
	[ "$output" = "turn 2" ]
	"$U" undo >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 1 ]
}

@test "the turn through undo, redo and a new turn after an undone one" {
	small_oob
	for i in 1 2 3; do
		"$U" turn next >/dev/null
		"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	done
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 4 ]
	"$U" undo --to 4 >/dev/null	# the fire, turn 3's start, a fire
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 3 ]
	"$U" undo >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 2 ]
	"$U" redo --to 4 >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 3 ]
	# a new ruling clears what could be redone; a new turn starts from 3
	"$U" turn next >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 4 ]
	[ "$(sqlite3 umpire.db "SELECT group_concat(turn) FROM event WHERE command = 'turn' AND undone = 0")" = "1,2,3" ]
}

@test "entries record their turn" {
	small_oob
	"$U" turn next >/dev/null
	umpire --json fire --firers 16 --distance 2 --target Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'SELECT turn FROM event WHERE id = 2')" = 2 ]
}

@test "undo with nothing to undo; a bare number is refused: undo 7 is not event #7" {
	small_oob
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to undo" ]
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	for n in 7 1 x "1 2"; do
		# shellcheck disable=SC2086
		umpire undo $n
		expect_error 64 "a bare number is not taken: give --to ID to take back event ID and every entry after it (see 'umpire log')"
	done
	umpire redo 1
	expect_error 64 "a bare number is not taken: give --to ID to bring back event ID and every entry undone before it (see 'umpire log')"
	[ "$(sqlite3 umpire.db 'SELECT undone FROM event')" = 0 ]
}

@test "adjust is journalled, undoable, and needs a reason" {
	small_oob
	umpire adjust Kempt --figures -2 --reason "missed casualties"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Kempt: -2 figures (missed casualties)" ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 2 ]
	"$U" undo >/dev/null
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 0 ]
	umpire adjust Kempt --figures -2
	expect_error 64 "give --reason TEXT: why the correction is made (the journal keeps it)"
	umpire adjust --figures -2 --reason "missed casualties"
	expect_error 64 "give a unit NAME, the rule set's measure (--figures, --hits...) ±N or --state STATE, and --reason TEXT"
	umpire adjust Kempt --hits +1 --reason x
	expect_error 64 "the brigade rules count figures, not hits: give --figures ±N"
	umpire adjust Kempt --figures +2 --reason x
	expect_error 65 "Kempt has 64 of 64 figures left; +2 is not possible"
}

@test "the log says who acted, the command as typed, the modifiers and who rolled" {
	small_oob
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" melee --attacker Bachelu --defender "Piré" --friendly --roll --seed 7 >/dev/null
	umpire log
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "#1     turn 1   fire     Kempt (target): 2 casualties" ]]
	umpire log show 1
	[ "$status" -eq 0 ]
	has_line "        typed: umpire fire --firers 16 --distance 2 --target Kempt --dice 4"
	has_line "        who: Kempt (target)"
	has_line "        modifiers: close +3"
	has_line "        dice: 4 (typed)"
	umpire log show 2
	[ "$status" -eq 0 ]
	has_line "        typed: umpire melee --attacker Bachelu --defender 'Piré' --friendly --roll --seed 7"
	has_line "        who: Bachelu (attacker), Piré (defender)"
	has_line "        dice: 4, 3 (rolled by umpire, seed 7)"
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[1].who[] | "\(.unit) (\(.role))"] | join(", ")')" = "Bachelu (attacker), Piré (defender)" ]
}

@test "sheet --html: a printable page a side, boxes crossed off, a chart by turn" {
	from_shared_game
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	[ "$output" = "wrote the casualty sheet to sheet.html" ]
	# Kempt: 25 of 58 figures lost, as on the text sheet, each battalion's
	# boxes on its own row under the brigade: 7 of 16, 6 of 16, 6 of 14
	# and 6 of 12
	sed -n '/<tr><td>Kempt<\/td>/,/<\/tbody>/p' sheet.html >kempt.html
	[ "$(grep -c '<tr class="part">' kempt.html)" = 4 ]
	[ "$(grep -o 'class="box lost"' kempt.html | wc -l)" = 25 ]
	[ "$(grep -o 'class="box"' kempt.html | wc -l)" = 33 ]
	[ "$(grep '<td>1/79th</td>' kempt.html | grep -o 'class="box"' | wc -l)" = 8 ]
	grep -q '<td>1/95th</td>.*6 of 12 figures lost</span> fall back ' kempt.html
	[ "$(grep -c '<section class="side">' sheet.html)" = 2 ]
	[ "$(grep -c '<svg ' sheet.html)" = 2 ]
	grep -q 'Kempt</td><td>infantry</td><td>line</td><td>58</td><td>33</td><td>25</td><td>fall back</td><td>2/2</td>' sheet.html
	umpire sheet --html sheet.html --csv
	expect_error 64 "give only one of --json, --csv and --html"
}

@test "sheet --html escapes names and sides: &, <, > and quotes are text, not markup" {
	new_game
	"$U" unit add 'A&B <i>"C"</i>' --side 'Allies <&>' --type infantry --class british --units 4 >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 4 >/dev/null
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	[ "$(grep -c '<tr><td>A&amp;B &lt;i&gt;&quot;C&quot;&lt;/i&gt;</td>' sheet.html)" = 1 ]
	[ "$(grep -c '<h1>Allies &lt;&amp;&gt;</h1>' sheet.html)" = 1 ]
	# nothing of the name or the side is left as markup
	[ "$(grep -c '<i>\|</i>\|Allies <\|A&B' sheet.html)" = 0 ]
}

@test "sheet --html prints one page a side in headless Chromium" {
	command -v chromium >/dev/null || skip "chromium is not installed (make deps installs it)"
	from_shared_game
	"$U" sheet --html sheet.html >/dev/null
	# printed and shot by one launch (its start is most of its time)
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
	    --user-data-dir="$TEST_DIR/chromium" --print-to-pdf=sheet.pdf --screenshot=sheet.png \
	    --window-size=900,1200 "file://$PWD/sheet.html" 2>/dev/null
	[ "$(grep -a -oP '/Type\s*/Page(?!s)' sheet.pdf | wc -l)" = 2 ]
	[ "$(head -c 8 sheet.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

@test "report: the battle turn by turn with each side's losses" {
	from_shared_game
	umpire report
	[ "$status" -eq 0 ]
	has_line "Turn 1"
	has_line "  losses: British 5 figures this turn, 5 in all; French 10 figures this turn, 10 in all"
	has_line "  losses: British 15 figures this turn, 34 in all; French 6 figures this turn, 27 in all"
	umpire report --html report.html
	[ "$status" -eq 0 ]
	[ "$output" = "wrote the battle report to report.html" ]
	[ "$(grep -c '<h2>Turn ' report.html)" = 3 ]
}

# Undo takes back a ruling that changed nothing like any other entry, then
# the turn's end: a ruling made after the undone turn began stays in turn 1.
@test "report: a ruling made after an undone turn began stays in its own turn, and no losses go negative" {
	"$U" new --rules brigade --example >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 2 --dice 4 >/dev/null
	"$U" turn next >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 9 --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" undo >/dev/null
	"$U" fire --unit Pack --target Charlet --distance 2 --dice 2 >/dev/null
	"$U" turn next >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 9 --dice 4 >/dev/null
	umpire report
	[ "$status" -eq 0 ]
	# the two rulings in force of turn 1, 6 and 3 figures, and the one that
	# changed nothing in turn 2, which adds no loss
	[ "$output" = "Waterloo: d'Erlon's attack, 18 June 1815, brigade rules: the battle, turn by turn

Turn 1
  #1 fire: Kempt (unit), Charlet (target): 6 casualties
      Charlet loses 6 figures (66 left)
  #4 fire: Pack (unit), Charlet (target): 3 casualties
      Charlet loses 3 figures (63 left)
  #5 turn: turn 2 begins
  losses: Allied 0 figures this turn, 0 in all; French 9 figures this turn, 9 in all

Turn 2
  #6 fire: Kempt (unit), Charlet (target): no effect: out of range: 9\" is beyond the musket's maximum of 6\"
  losses: Allied 0 figures this turn, 0 in all; French 0 figures this turn, 9 in all" ]
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(json '[.turns[].losses.French.turn] | join(",")')" = "9,0" ]
}

# A brigade's battalions and a battery's guns are a table of their own
# under the unit, each column under its head: "figures" over left/start.
@test "the sheet's battalion and gun lines sit under their own head" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	"$U" adjust Kempt --figures -6 --reason "skirmish losses" >/dev/null
	umpire sheet
	[ "$status" -eq 0 ]
	# Kempt: 64 figures in 4 battalions of 16; 6 lost spread over them
	has_line "      battalion            class     figures  state"
	has_line "      gun                  class     figures  state, defence"
	has_line "      gun 1                battery       3/3  ok, defence 20: fires every move"
	has_line "      regiment             class     figures  state"
	# 6 lost evenly over 4 battalions, the remainder to the first: 2,2,1,1
	umpire sheet
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | sed -n '/^  Kempt /,/^  Pack /p')" = "  Kempt                        infantry        line             64    58      6  ok        0/0
      battalion            class     figures  state
      1st battalion        british     14/16  ok
      2nd battalion        british     14/16  ok
      3rd battalion        british     15/16  ok
      4th battalion        british     15/16  ok
  Pack                         infantry        line             64    64      0  ok        0/0" ]
	umpire unit show Pack
	[ "$status" -eq 0 ]
	has_line "    1st battalion        british     16/16  ok"
}
