#!/usr/bin/env bats
# What the game keeps of what happens at the table (issue 20): lists of
# ratings whole, rulings inside a turn that undo takes back, every
# stateful command a ruling with a summary, the sides kept apart, the order
# of battle and the game's settings used, formations remembered.
load helper

# ---- lists of ratings ------------------------------------------------

# fury.txt l.46: "Assign 0 points to any militia class battalion, I point
# to a conscript, 2 points to a regular, 3 points to veteran, and 4 points
# to a grenadier/guard battalion ... (round .6 or better up.)"
# regular,regular,veteran,guard: (2+2+3+4)/4 = 2.75, veteran.
@test "fury l.46: unit add keeps every battalion of a mixed brigade" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 6 \
		--battalions regular,regular,veteran,guard >/dev/null
	umpire --json unit show Foy
	[ "$status" -eq 0 ]
	[ "$(jsonc .ratings.battalions)" = '["regular","regular","veteran","guard"]' ]
	[ "$(json .bel)" = veteran ]
}

# unit set replaces the list whole, and leaves it whole when it changes
# something else: regular,veteran is (2+3)/2 = 2.5, regular.
@test "fury l.46: unit set keeps the list whole, or replaces it whole" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 6 \
		--battalions regular,regular,veteran,guard >/dev/null
	"$U" unit set Foy --stands 5 >/dev/null
	umpire --json unit show Foy
	[ "$status" -eq 0 ]
	[ "$(jsonc .ratings.battalions)" = '["regular","regular","veteran","guard"]' ]
	[ "$(json .ratings.stands)" = 5 ]
	"$U" unit set Foy --battalions regular,veteran >/dev/null
	umpire --json unit show Foy
	[ "$status" -eq 0 ]
	[ "$(jsonc .ratings.battalions)" = '["regular","veteran"]' ]
	[ "$(json .bel)" = regular ]
}

# A CSV cell writes every list one way: elements separated by ';'.
# conscript,guard,guard: (1+4+4)/3 = 3, veteran.
@test "fury l.46: CSV export and import keep the list, ';' between its elements" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 6 \
		--battalions regular,regular,veteran,guard >/dev/null
	umpire unit export
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | sed -n 2p)" = "Foy,French,infantry,,,,6,,regular;regular;veteran;guard,,,,,,," ]
	printf '%s\n' "name,side,type,stands,battalions" \
		"Reille,French,infantry,5,conscript;guard;guard" >oob.csv
	umpire unit import oob.csv
	[ "$status" -eq 0 ]
	umpire --json unit show Reille
	[ "$status" -eq 0 ]
	[ "$(jsonc .ratings.battalions)" = '["conscript","guard","guard"]' ]
	[ "$(json .bel)" = veteran ]
}

@test "brigade: a repeated --battalion goes to one CSV cell with ';' and back" {
	new_game
	"$U" unit add Kempt --side British --type infantry \
		--battalion "1/28th:british:16" --battalion "1/32nd:british" >/dev/null
	"$U" unit export oob.csv >/dev/null
	[ "$(sed -n 2p oob.csv | grep -o '1/28th:british:16;1/32nd:british')" = "1/28th:british:16;1/32nd:british" ]
	"$U" unit rm Kempt >/dev/null
	"$U" unit import oob.csv >/dev/null
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(jsonc .ratings.battalion)" = '["1/28th:british:16","1/32nd:british"]' ]
}

@test "unit --help says how a list is written in a CSV cell" {
	umpire unit --help
	[ "$status" -eq 0 ]
	has_line "(an option repeated, or a comma list such as --battalions) are separated"
	has_line "by ';': regular;regular;veteran;guard."
}

# ---- squares: the dice-off is a ruling inside the turn ---------------

squares_generals() {
	"$U" new --rules squares >/dev/null
	"$U" unit add Wellington --side Allied --type command --quality d10 >/dev/null
	"$U" unit add Ney --side French --type command --quality d8 >/dev/null
}

# squares.txt l.55: "The highest rolling general gains the action die. In
# the case of tie the winner is the general with the largest command die."
@test "squares l.55: a dice-off names its winner, stays in the turn, and undo takes it back" {
	squares_generals
	umpire turn --general Wellington --general Ney --dice 5,7
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | head -1)" = "Ney wins the dice-off" ]
	# said once: what the win brings follows (l.45)
	[ "$(printf '%s\n' "$output" | grep -c 'wins the dice-off')" = 1 ]
	has_line '  Ney activates his command (l.45: "Winning general activates his command")'
	# a tie on the score goes to the larger die: Wellington's d10
	umpire --json turn --general Wellington --general Ney --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Wellington wins the dice-off" ]
	[ "$(jsonc .effects)" = '[{"unit":"Wellington","what":"part","amount":0,"state":null,"left":null,"part":"dice-off"}]' ]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json .turn)" = 1 ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #2 turn 1 turn of Wellington (general), Ney (general): Wellington wins the dice-off" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #1 turn 1 turn of Wellington (general), Ney (general): Ney wins the dice-off" ]
	umpire redo
	[ "$status" -eq 0 ]
	[ "$output" = "redid #1 turn 1 turn of Wellington (general), Ney (general): Ney wins the dice-off" ]
	umpire check
	[ "$status" -eq 0 ]
}

# l.55: "both generals rolled the same score on the same die-type then both
# sides roll again": nothing is decided, but the roll is in the journal,
# and undo takes it back like any other entry.
@test "squares l.55: a tie on the same die decides nothing; undo takes it back" {
	"$U" new --rules squares >/dev/null
	"$U" unit add Wellington --side Allied --type command --quality d8 >/dev/null
	"$U" unit add Ney --side French --type command --quality d8 >/dev/null
	umpire --json turn --general Wellington --general Ney --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "a tie on the same die: roll again" ]
	[ "$(jsonc .effects)" = '[]' ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #1 turn 1 turn of Wellington (general), Ney (general): a tie on the same die: roll again" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to undo" ]
}

# ---- every stateful command a ruling with a summary --------------------

# ohw.txt l.143: "Units break when they receive a number of fatigue points
# based on situation ...; an average unit has a base of 15."  morale --unit
# reads the unit's fatigue points as fatigue does: 3 FP of 15, fresh
# (tired from 15 x 1/2 = 7.5, so 8).
@test "ohw l.143: morale --unit reads the unit's fatigue points and says so" {
	"$U" new --rules ohw >/dev/null
	"$U" unit add Brigade --side French --type brigade --break-percent 50 >/dev/null
	"$U" unit add "1st Line" --side French --type infantry --parent Brigade >/dev/null
	"$U" adjust "1st Line" --fp 3 --reason "skirmish" >/dev/null
	umpire --json morale --unit "1st Line"
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "fresh (3 FP of 15)" ]
	[ "$(jsonc .result)" = '{"fatigue_points":3,"break_point":15,"state":"fresh"}' ]
	# the brigade: 50% of 15 is 7.5, rounded up to 8; 3 FP of it
	umpire morale --unit Brigade
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | head -1)" = "Brigade: fresh (3 FP of 8)" ]
	umpire log
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c ': $')" = 0 ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM event WHERE summary = ''")" = 0 ]
}

# ---- 2x2: losses are units destroyed ------------------------------------

# Two Allied units destroyed in turn 1: Kempt by shooting (l.250 "8 or
# more: Destroyed": d6 6 + first volley 1 + HQ in contact 1 = 8) and Pack in
# melee (l.258 "Difference 4 or more. Loser Destroyed": guards 6+1 = 7
# against line 1, a difference of 6).
two_destroyed() {
	"$U" new --rules 2x2 --victory decisive >/dev/null
	"$U" unit add Kempt --side Allies --type line >/dev/null
	"$U" unit add Pack --side Allies --type line >/dev/null
	"$U" unit add Picton --side Allies --type line >/dev/null
	"$U" unit add Bachelu --side French --type line >/dev/null
	"$U" unit add "Old Guard" --side French --type guards >/dev/null
	"$U" fire --unit Bachelu --target Kempt --distance 1 --mod hq-contact --dice 6 >/dev/null
	"$U" melee --attacker "Old Guard" --defender Pack --dice 6,1 >/dev/null
}

@test "2x2 l.95: the sheet counts each side's units destroyed" {
	two_destroyed
	umpire sheet
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^==')" = "== Allies (6 AP), losses: 2 units destroyed
== French (5 AP), losses: 0 units destroyed" ]
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc .losses)" = '{"Allies":2,"French":0}' ]
	[ "$(json .losses_measure)" = "units destroyed" ]
	[ "$(jsonc .standing.destroyed)" = '{"Allies":2,"French":0}' ]
}

@test "2x2 l.95: the report counts the units destroyed, in text and as one JSON object" {
	two_destroyed
	"$U" turn next >/dev/null
	umpire report
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep 'losses:')" = "  losses: Allies 2 units destroyed this turn, 2 in all; French 0 units destroyed this turn, 0 in all
  losses: Allies 0 units destroyed this turn, 2 in all; French 0 units destroyed this turn, 0 in all" ]
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | wc -l)" = 1 ]
	[ "$(jsonc '[.turns[] | .losses]')" = '[{"Allies":{"turn":2,"total":2},"French":{"turn":0,"total":0}},{"Allies":{"turn":0,"total":2},"French":{"turn":0,"total":0}}]' ]
	[ "$(jsonc "[.turns[0].events[] | .command]")" = '["fire","melee","turn"]' ]
	[ "$(json '.turns[0].events[0].effects')" = "Kempt is now destroyed; Bachelu is now pinned" ]
}

@test "2x2 l.95: the chart of the printed sheet counts the units destroyed" {
	two_destroyed
	"$U" turn next >/dev/null
	"$U" sheet --html sheet.html >/dev/null
	# the Allies' losses at the end of turns 1 and 2, then the French's
	[ "$(chart_bars sheet.html)" = "1: 2 2: 2 1: 0 2: 0" ]
}

# l.96: "Decisive games are lost by the first player to lose 5 units or
# more AND who has lost 2 more units than his opponent."
@test "2x2 l.96: morale --victory takes the game's setting, says its rule once, counts the game" {
	two_destroyed
	umpire --json morale --victory
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Allies has not lost (2 destroyed, the opponent 0)" ]
	[ "$(jsonc .working)" = '["decisive game: lost at 5 destroyed and 2 more than the opponent","Allies: 2 destroyed, has not lost","French: 0 destroyed, has not lost"]' ]
	[ "$(jsonc .result.sides)" = '[{"side":"Allies","destroyed":2,"lost":false},{"side":"French","destroyed":0,"lost":false}]' ]
	# given wins over the game's setting, and is journalled
	umpire --json morale --victory fast --side French
	[ "$status" -eq 0 ]
	[ "$(json .working[0])" = "fast game: lost at 5 destroyed" ]
	[ "$(sqlite3 umpire.db "SELECT args FROM event ORDER BY id DESC LIMIT 1")" = '["morale","--victory","fast","--side","French"]' ]
	# the side alone asks the same, under the game's setting
	umpire --json morale --side French
	[ "$status" -eq 0 ]
	[ "$(json .working[0])" = "decisive game: lost at 5 destroyed and 2 more than the opponent" ]
}

@test "2x2: morale --unit answers for a destroyed unit" {
	two_destroyed
	umpire --json morale --unit Kempt
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Kempt: destroyed" ]
	[ "$(json .result.state)" = destroyed ]
}

@test "every command honours --json with one object, or says it has none (64)" {
	two_destroyed
	for c in "version" "report" "sheet" "log" "turn" "check" "unit list" "tables list" "help"; do
		umpire --json $c
		[ "$status" -eq 0 ] || { echo "$c: $status $stderr"; return 1; }
		[ "$(printf '%s\n' "$output" | jq -c . | wc -l)" = 1 ] || { echo "$c: $output"; return 1; }
	done
	umpire --json complete "fire --u"
	expect_error 64 "umpire: complete: this command has no JSON output: drop --json"
}

# ---- units of one side do not fight each other -------------------------

# CLI.md: "A fire or melee between units of the same side is refused (65,
# naming both units and their side) unless --friendly is given."  Checked
# once, in the driver, for every rule set's fire and melee.
@test "a fire or a melee between units of one side is refused in every rule set, unless --friendly" {
	for rs in $(rulesets); do
		rm -f umpire.db
		"$U" new --rules $rs >/dev/null
		case $rs in
		brigade) a="--type infantry --class british --units 2"; art="--type foot-artillery --guns 2"; fo="--distance 2" ;;
		squares) a="--type infantry --skirmish d6 --quality d8 --morale d8"; art="--type foot-artillery --morale d8"; fo="--range close" ;;
		fury) a="--type infantry --stands 4 --bel regular"; art="--type heavy-battery"; fo="--distance 2" ;;
		2x2) a="--type line"; art="--type foot-artillery"; fo="--distance 2" ;;
		ohw) a="--type infantry"; art="--type foot-artillery"; fo="--distance 2" ;;
		esac
		"$U" unit add Kempt --side Allied $a >/dev/null
		"$U" unit add Maitland --side Allied $a >/dev/null
		"$U" unit add Battery --side Allied $art >/dev/null
		umpire fire --unit Battery --target Kempt $fo --dice 5,5,5
		expect_error 65 "umpire: fire: 'Battery' and 'Kempt' are both of side 'Allied': a fire between units of the same side is refused (give --friendly to rule it)"
		umpire melee --attacker Maitland --defender Battery --dice 3,3,3,3
		expect_error 65 "umpire: melee: 'Maitland' and 'Battery' are both of side 'Allied': a melee between units of the same side is refused (give --friendly to rule it)"
		[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
		umpire fire --rules $rs --help
		[ "$status" -eq 0 ]
		has_line "  --friendly             in a game: rule it between units of the same side (refused without it)"
		umpire melee --rules $rs --help
		[ "$status" -eq 0 ]
		has_line "  --friendly             in a game: rule it between units of the same side (refused without it)"
	done
}

# brigade: Kempt's 2 units of 16 fire at Maitland at 2", as 32 firers
# would in the stateless form.
@test "brigade: --friendly rules a fire on one's own side, and the log keeps the word" {
	new_game
	"$U" unit add Kempt --side Allied --type infantry --class british --units 2 >/dev/null
	"$U" unit add Maitland --side Allied --type infantry --class british --units 2 >/dev/null
	umpire --json fire --unit Kempt --target Maitland --distance 2 --friendly --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = "$(uj --rules brigade --json fire --firers 32 --distance 2 --dice 4 | jq .result.casualties)" ]
	[ "$(sqlite3 umpire.db 'SELECT args FROM event')" = '["fire","--unit","Kempt","--target","Maitland","--distance","2","--friendly","--dice","4"]' ]
}

# ---- the order of battle and the game's settings fill the options -----

fury_corps() {
	"$U" new --rules fury >/dev/null
	"$U" unit add "Armée du Nord" --side French --type army --quality good >/dev/null
	"$U" unit add "II Corps" --side French --type corps --parent "Armée du Nord" >/dev/null
	"$U" unit add "5e Division" --side French --type division --parent "II Corps" >/dev/null
	"$U" unit add Husson --side French --type infantry --stands 5 --bel regular --nation france --parent "5e Division" >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --stands 4 --bel guard --nation france --parent "Armée du Nord" >/dev/null
	"$U" unit add Reille --side French --type leader --rank corps --rating poor --parent "II Corps" >/dev/null
	"$U" unit add Napoleon --side French --type leader --rank army --rating excellent --parent "Armée du Nord" >/dev/null
}

# fury.txt l.116: "a Corp commander ... allows the brigade to roll on the
# appropriate maneuver table equal to the Corp commanders assigned quality
# level"; RULES.md: "the army commander's where there is no corps".
@test "fury l.116: move reads the corps commander's rating up the formation tree" {
	fury_corps
	# Husson: 5e Division > II Corps, whose commander Reille is poor
	umpire --json move --unit Husson --dice 3,4
	[ "$status" -eq 0 ]
	[ "$(json '.working[0]')" = "--quality poor: Reille's rating, the corps commander" ]
	[ "$(json '.working[2]')" = "Good order maneuver table (column: the corps commander's rating) [earlier version], column poor: 2d6 7 +2 = 9 -> 1/2 move or formation change" ]
	# the Old Guard has no corps: Napoleon's excellent
	umpire --json move --unit "Old Guard" --dice 3,4
	[ "$status" -eq 0 ]
	[ "$(json '.working[0]')" = "--quality excellent: Napoleon's rating, the army commander" ]
	# given wins, and is journalled
	umpire --json move --unit Husson --quality good --dice 3,4
	[ "$status" -eq 0 ]
	[[ "$(json '.working|join("|")')" != *"Reille"* ]]
	[ "$(json '.working[1]')" = "Good order maneuver table (column: the corps commander's rating) [earlier version], column good: 2d6 7 +2 = 9 -> well handled (full move, may change formation)" ]
	[ "$(sqlite3 umpire.db 'SELECT args FROM event WHERE id = 3')" = '["move","--unit","Husson","--quality","good","--dice","3,4"]' ]
}

@test "fury: without a commander in the game, move still asks for --quality" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Husson --side French --type infantry --stands 5 --bel regular >/dev/null
	umpire move --unit Husson --dice 3,4
	expect_error 64 "give --quality excellent|good|average|poor (the corps commander's rating), or --disordered"
}

# squares.txt l.51: "Count up the number of commands on both sides (i.e.
# number of generals NOT including CinCs) ... roll this number of d3."
@test "squares l.51: turn --action-dice rolls one d3 per command of the game" {
	"$U" new --rules squares >/dev/null
	"$U" unit add Wellington --side Allied --type army >/dev/null
	"$U" unit add Picton --side Allied --type command --quality d8 >/dev/null
	"$U" unit add Ney --side French --type command --quality d10 >/dev/null
	"$U" unit add Reille --side French --type command --quality d8 >/dev/null
	umpire --json turn --action-dice --dice 1,3,2
	[ "$status" -eq 0 ]
	[ "$(jsonc .result.action_dice)" = '[3,2,1]' ]
	[ "$(json '.working[0]')" = "--commands 3: the game's command formations" ]
	umpire turn --action-dice --dice 1,3
	expect_error 65 "too few dice: die 3 should be the action d3 3 (1-3)"
}

# ---- formations: rulings that change them say so, later ones use them --

fury_square() {
	"$U" new --rules fury >/dev/null
	"$U" unit add Halkett --side British --type infantry --stands 5 --bel veteran --nation britain >/dev/null
	"$U" unit add Kellermann --side French --type heavy-cavalry --stands 4 --bel veteran >/dev/null
	"$U" unit add Battery --side French --type heavy-battery >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 6 --bel regular --nation france >/dev/null
}

# fury.txt l.108: "it must immediately roll on the Emergency Formation
# Change table in an attempt to form square"; the EFC modifiers its ratings
# make true apply on their own (veteran +1, fresh +1): 5+5 +2 = 12, forms
# square.  The melee that follows knows it: square against cavalry +3.
@test "fury l.108: the emergency formation change forms square, and the next melee knows it" {
	fury_square
	umpire --json move --unit Halkett --efc --dice 5,5
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "forms square; the cavalry may abort, pull back 3 inches and is disordered" ]
	[ "$(jsonc '[.modifiers[].name]')" = '["veteran","fresh"]' ]
	[ "$(jsonc .effects)" = '[{"unit":"Halkett","what":"formation","amount":0,"state":null,"left":null,"formation":"square"}]' ]
	[ "$(uj --json unit show Halkett | jq -r .formation)" = square ]
	# Kellermann 1+1 +1 fresh = 3; Halkett 6+6, +1 more stands +1 fresh +3
	# square = +5, capped at +3 (fury.txt: "capped at +/-3"): 15.  A
	# difference of 12: the loser loses 3 stands and routs, but "cavalry
	# meleeing infantry in square loses at most 1 stand"
	umpire --json melee --attacker Kellermann --defender Halkett --dice 1,1,6,6
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:fresh","defender:more-stands","defender:fresh","defender:square-vs-cavalry"]' ]
	[ "$(json .result.difference)" = 12 ]
	[ "$(json .result.attacker.stands_lost)" = 1 ]
	# l.108 "... already in square formation ...": no roll
	umpire --json move --unit Halkett --efc --dice 5,5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the brigade is already in square" ]
	# the guns at a square: +2 (artillery fire only)
	umpire --json fire --unit Battery --target Halkett --distance 4 --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["target-square"]' ]
	# undo takes the square back with the EFC that formed it
	"$U" undo --to 1 >/dev/null
	[ "$(uj --json unit show Halkett | jq -r .formation)" = line ]
}

# l.74: "Changing formation is considered movement and the player must
# receive a result on the maneuver table that allows formation changes":
# Foy (line) moves in column: 5+4 = 9 +2 fresh = 11, well handled; half
# the line's 5" for the change, the rest measured against the line
# allowance too (l.74-76): 2.5".  l.78: it may not move into melee in
# the same movement phase; the next turn it attacks in column, the French
# national column +1.
@test "fury l.74: a move into another formation changes it when the result allows, and the melee uses it" {
	fury_square
	umpire --json move --unit Foy --quality good --formation column --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2.5 ]
	[ "$(jsonc .effects)" = '[{"unit":"Foy","what":"formation","amount":0,"state":null,"left":null,"formation":"column"}]' ]
	umpire --json melee --attacker Foy --defender Halkett --dice 4,4,4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	umpire --json melee --attacker Foy --defender Halkett --dice 4,4,4,4
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:more-stands","attacker:fresh","attacker:national-column","defender:fresh"]' ]
	# a result that allows no change (1+1 = 2 +2 = 4 on good: holds) keeps it
	umpire --json move --unit Foy --quality good --formation line --dice 1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(uj --json unit show Foy | jq -r .formation)" = column ]
}

# fury: heavy cavalry against light +1 (fury-charts.md), implied by the
# types whoever attacks, and never twice when also named.
@test "fury: heavy against light cavalry is implied for the heavy side, once" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Pire --side French --type light-cavalry --stands 4 --bel regular >/dev/null
	"$U" unit add Uxbridge --side British --type heavy-cavalry --stands 4 --bel veteran >/dev/null
	umpire --json melee --attacker Pire --defender Uxbridge --dice 4,4,4,4
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:fresh","defender:fresh","defender:heavy-v-light"]' ]
	umpire --json melee --attacker Pire --defender Uxbridge --defender-mod heavy-v-light --dice 4,4,4,4
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name | select(. == "defender:heavy-v-light")] | length')" = 1 ]
}

brigade_square() {
	new_game
	"$U" unit add Halkett --side British --type infantry --class british --units 2 >/dev/null
	"$U" unit add Kellermann --side French --type cavalry --cavalry heavy >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 2 >/dev/null
	"$U" unit add Battery --side French --type foot-artillery --guns 2 >/dev/null
}

# brigade.txt l.278: "Infantry in square may move at half dice speed ...
# Properly formed infantry squares have +9 bonus in melee against cavalry";
# l.171: guns "+1 per piece firing against infantry in square".
@test "brigade l.278: a move in square keeps the square; cavalry meets +9, the guns +1 a piece" {
	brigade_square
	umpire --json move --unit Halkett --formation square --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2 ]
	[ "$(uj --json unit show Halkett | jq -r .formation)" = square ]
	# Kellermann 36; Halkett 32 + 9 = 41
	umpire --json melee --attacker Kellermann --defender Halkett --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(jsonc .modifiers)" = '[{"name":"defender:square-vs-cavalry","value":9,"factor":null}]' ]
	[ "$(json .working[1])" = "defender: 32 figures, 41 after modifiers" ]
	# 2 guns x 3 crew = 6, +1 close and +1 square a piece: 10
	umpire --json fire --unit Battery --target Halkett --distance 10 --dice 3,3,4
	[ "$status" -eq 0 ]
	[ "$(json .working[2])" = "6 crew of 2 firing guns, 10 points after per-gun bonuses" ]
}

# l.243: "Infantry charging in column ... have a +20 (yes, +20) per brigade
# impact bonus": the brigade the game keeps in attack column has it.
@test "brigade l.243: a brigade in attack column charges with the +20 impact" {
	brigade_square
	"$U" move --unit Bachelu --formation attack-column --dice 4 >/dev/null
	umpire --json melee --attacker Bachelu --defender Halkett --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(jsonc .modifiers)" = '[{"name":"attacker:column-charge","value":20,"factor":null}]' ]
	# Bachelu 36 + 20 = 56 -> 23, die 3 -> 5; Halkett 32 -> 13, die 3 -> 3:
	# Halkett is pushed back.  l.431: "Any brigades contacted by their
	# pursuers or other enemy formations whilst falling back ... are -6 in
	# melee and may not fire": contacted again this turn, behind defences
	# (named by the umpire: no impetus), it is -6
	[ "$(json .result.outcome)" = attacker_wins ]
	umpire --json melee --attacker Bachelu --defender Halkett --defender-mod defences --new --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["defender:defences","defender:falling-back"]' ]
	umpire --json fire --unit Halkett --target Bachelu --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "brigades falling back or pushed back may not fire (brigade.txt l.235; Halkett is pushed back)" ]
	# the next turn it is pushed back ("following turn after melee"), and
	# the turn after it stands again and may fire
	"$U" turn next >/dev/null
	umpire --json fire --unit Halkett --target Bachelu --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	umpire --json fire --unit Halkett --target Bachelu --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# ohw.txt l.107-113: "Cavalry vs Square +0 ... Square +2 vs Cavalry";
# l.86: "Column or Square -2" to a unit's musketry.
@test "ohw l.108: a unit the game keeps in square fights cavalry as a square; a column shoots at -2" {
	"$U" new --rules ohw >/dev/null
	"$U" unit add "1st Line" --side British --type infantry >/dev/null
	"$U" unit add Hussars --side French --type cavalry >/dev/null
	"$U" unit add Voltigeurs --side French --type skirmishers >/dev/null
	"$U" move --unit "1st Line" --formation square >/dev/null
	[ "$(uj --json unit show "1st Line" | jq -r .formation)" = square ]
	# the hussars 4 +0 = 4 FP on the square; the square 4 +2 = 6, halved
	# for cavalry: 3
	umpire --json melee --attacker Hussars --defender "1st Line" --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[] | "\(.name)=\(.value)"]')" = '["attacker:cavalry-v-square=0","defender:square-v-cavalry=2"]' ]
	[ "$(jsonc .result)" = '{"attacker_fp":3,"defender_fp":4,"outcome":"attacker_retires"}' ]
	"$U" move --unit "1st Line" --formation column >/dev/null
	# 5 -2 column -2 skirmishers = 1 FP
	umpire --json fire --unit "1st Line" --target Voltigeurs --distance 6 --dice 5
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["column-or-square","target-skirmishers"]' ]
	[ "$(json .result.fatigue_points)" = 1 ]
}

# 2x2.txt l.74: "unit formations are not shown on the table": the game
# keeps none.
@test "2x2 l.74: the game keeps no tactical formations" {
	"$U" new --rules 2x2 >/dev/null
	umpire unit add Kempt --side Allies --type line --formation square
	expect_error 65 "umpire: unit: --formation: the 2x2 rules keep no tactical formations"
	"$U" unit add Kempt --side Allies --type line >/dev/null
	umpire adjust Kempt --formation square --reason "formed square"
	expect_error 65 "umpire: adjust: the 2x2 rules keep no tactical formations"
}

# ---- fury: combined fire, and morale whatever the state --------------

fury_combined() {
	"$U" new --rules fury >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 6 --bel regular >/dev/null
	"$U" unit add Jerome --side French --type infantry --stands 4 --bel regular >/dev/null
	"$U" unit add Battery --side French --type heavy-battery >/dev/null
	"$U" unit add Maitland --side British --type infantry --stands 5 --bel guard >/dev/null
}

# fury.txt l.222: "add all possible points up from all eligible firing
# units and combine them into a total.  Roll the dice ..."  At 3": Foy 6
# stands x 1 = 6; Jerome, disordered, 4 x 1 = 4 halved = 2; the heavy
# battery 6 (ranges: over 0 up to 3, 6 a battery): 14 points, column p13;
# 4+4 = 8, +1 (every brigade firing fresh) = 9 -> '1': a stand and
# disordered.
@test "fury l.222: combined fire adds every firer's points and rolls once" {
	fury_combined
	"$U" adjust Jerome --state disordered --reason "crossed a hedge" >/dev/null
	umpire --json fire --unit Foy --unit Jerome --unit Battery --target Maitland --distance 3 --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.points)" = 14 ]
	[ "$(json .result.score)" = 9 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["firer-fresh"]' ]
	[ "$(json '.working|map(select(startswith("combined")))|.[0]')" = "combined fire: 14 fire points in all" ]
	[ "$(json '.working|map(select(startswith("Jerome")))|join("|")')" = "Jerome is disordered: its points x0.5 -> 2|Jerome adds 2 fire points" ]
	[ "$(json .result.stands_lost)" = 1 ]
	[ "$(uj --json unit show Maitland | jq -r .losses)" = 1 ]
	[ "$(sqlite3 umpire.db "SELECT group_concat(role, ',') FROM event_unit WHERE event = 2")" = "unit,unit,unit,target" ]
	umpire fire --unit Foy --unit Jerome --target Maitland --dice 4,4
	expect_error 64 "combined fire needs --distance D (or the total as --fire-points P)"
}

@test "fury: morale answers for a routed brigade" {
	fury_combined
	"$U" adjust Jerome --state routed --reason "broke on the maneuver table" >/dev/null
	umpire --json morale --unit Jerome
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Jerome is routed; fresh (4 of 4 stands, regular)" ]
	[ "$(json .result.state)" = routed ]
	umpire fire --unit Jerome --target Maitland --distance 3 --dice 4,4
	expect_error 65 "'Jerome' is routed"
}

# A unit with the whole of a measure that counts down lost is out of the
# fight, as a destroyed unit: fired on, attacked, attacking or moving it
# is refused (65, nothing written); its morale is answered.
@test "a brigade or a fury brigade with nothing left takes no part in a ruling but its morale" {
	"$U" new --rules brigade --example >/dev/null
	"$U" adjust "1/95th Rifles" --figures -16 --reason "all gone" >/dev/null
	before=$(sqlite3 umpire.db "SELECT count(*) FROM event")
	umpire fire --unit Charlet --target "1/95th Rifles" --distance 2 --dice 5
	expect_error 65 "umpire: fire: '1/95th Rifles' has no figures left: it is out of the fight"
	umpire melee --attacker "1/95th Rifles" --defender Charlet --dice 5,5
	expect_error 65 "umpire: melee: '1/95th Rifles' has no figures left: it is out of the fight"
	umpire move --unit "1/95th Rifles" --dice 5,5
	expect_error 65 "umpire: move: '1/95th Rifles' has no figures left: it is out of the fight"
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM event")" = "$before" ]
	umpire morale --unit "1/95th Rifles"
	[ "$status" -eq 0 ]
	"$U" new --rules fury --example --force >/dev/null
	"$U" adjust Kempt --stands -5 --reason "all gone" >/dev/null
	umpire fire --unit Husson --target Kempt --distance 2 --dice 6,5
	expect_error 65 "umpire: fire: 'Kempt' has no stands left: it is out of the fight"
	umpire melee --attacker Husson --defender Kempt --dice 6,6,1,1
	expect_error 65 "umpire: melee: 'Kempt' has no stands left: it is out of the fight"
	# nor are its odds weighed
	umpire odds fire --unit Husson --target Kempt --distance 2
	expect_error 65 "umpire: odds: 'Kempt' has no stands left: it is out of the fight"
	umpire check
	[ "$status" -eq 0 ]
}
