#!/usr/bin/env bats
# ohw in a game: FP from the journal, states, a higher formation breaking.
load helper

game() {
	"$U" new --rules ohw >/dev/null
	"$U" unit add "1st Brigade" --side French --type brigade --break-percent 50 >/dev/null
	"$U" unit add "1/45e" --side French --type infantry --parent "1st Brigade" >/dev/null
	"$U" unit add "2/45e" --side French --type infantry --parent "1st Brigade" >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --break-point 20 --pyrrhic >/dev/null
	"$U" unit add "95th" --side British --type skirmishers --rifles >/dev/null
	"$U" unit add "RHA" --side British --type horse-artillery >/dev/null
	"$U" unit add "Scots Greys" --side British --type cavalry --heavy-cavalry --stubborn >/dev/null
}

fp() {
	uj --json unit show "$1" | jq -r '"\(.fatigue_points) \(.state)"'
}

@test "fire in a game: the target's FP recorded, its state from them" {
	game
	umpire fire --unit RHA --target "1/45e" --distance 10 --dice 6
	[ "$status" -eq 0 ]
	has_line "  1/45e takes 6 FP (6 of 15)"
	umpire fire --unit RHA --target "1/45e" --distance 10 --dice 3
	[ "$status" -eq 0 ]
	has_line "  1/45e takes 3 FP (9 of 15): now tired"
	[ "$(fp 1/45e)" = "9 tired" ]
}

@test "a tired firer is -1 (not if stubborn); rifles at skirmishers" {
	game
	"$U" adjust "2/45e" --fp +8 --reason setup >/dev/null
	umpire --json fire --unit "2/45e" --target RHA --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 3 ]
	umpire --json fire --unit 95th --target "1/45e" --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 2 ]
}

@test "a higher formation breaks at its percentage of its units' break points" {
	game
	"$U" adjust "1/45e" --fp +10 --reason setup >/dev/null
	umpire --json fatigue --unit "1st Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .result.break_point)" = 15 ]
	[ "$(json .result.fatigue_points)" = 10 ]
	[ "$(json .result.state)" = tired ]
	umpire fire --unit RHA --target "2/45e" --distance 5 --dice 6
	[ "$status" -eq 0 ]
	has_line "  1st Brigade is broken (16 FP of 15)"
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.standing.formations[0].state')" = broken ]
}

@test "save yourselves counts as broken for the formation" {
	game
	umpire --json fatigue --unit "1/45e" --mod save-yourselves
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 2 ]
	umpire --json fatigue --unit "1st Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 15 ]
	[ "$(json .result.state)" = broken ]
}

@test "pyrrhic units are destroyed at 24 and take no more part" {
	game
	"$U" adjust "Old Guard" --fp +22 --reason setup >/dev/null
	[ "$(fp 'Old Guard')" = "22 exhausted" ]
	umpire fire --unit RHA --target "Old Guard" --distance 5 --dice 3
	[ "$status" -eq 0 ]
	has_line "  Old Guard takes 3 FP (25 of 20): now destroyed"
	umpire fire --unit RHA --target "Old Guard" --distance 5 --dice 3
	expect_error 65 "'Old Guard' is destroyed"
}

@test "melee in a game: heavy cavalry from ratings, the defender's FP" {
	game
	"$U" adjust "1/45e" --fp +14 --reason setup >/dev/null
	umpire --json melee --attacker "Scots Greys" --defender "1/45e" --defender-type square --dice 1,1,4
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = defender_broken ]
	[ "$(fp 1/45e)" = "18 broken" ]
}

@test "the sheet shows FP, break points and states; undo" {
	game
	"$U" fire --unit RHA --target "1/45e" --distance 10 --dice 6 >/dev/null
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.units[0].fatigue_points')" = 6 ]
	[ "$(json '.units[0].break_point')" = 15 ]
	"$U" undo >/dev/null
	[ "$(fp 1/45e)" = "0 fresh" ]
}

@test "save yourselves ends when the unit reorganises (adjust), no longer broken for the formation" {
	game
	"$U" fatigue --unit "1/45e" --mod save-yourselves >/dev/null
	umpire --json unit show "1/45e"
	[ "$status" -eq 0 ]
	[ "$(json '.flags|join(",")')" = saving-themselves ]
	umpire adjust "1/45e" --state reorganised --reason "stood a full turn to reorganise"
	[ "$status" -eq 0 ]
	[ "$output" = "1/45e: reorganised (stood a full turn to reorganise)
  recorded as event 2" ]
	umpire --json unit show "1/45e"
	[ "$status" -eq 0 ]
	[ "$(json '.flags|length')" = 0 ]
	umpire --json fatigue --unit "1st Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 2 ]
	[ "$(json .result.state)" = fresh ]
	# the brigade's test was event 3: take it back with the reorganising
	umpire undo --to 2
	[ "$status" -eq 0 ]
	[ "$output" = "undid #3 turn 1 fatigue of 1st Brigade (unit): 1st Brigade: fresh (2 FP of 15)
undid #2 turn 1 adjust of 1/45e (unit): 1/45e: reorganised (stood a full turn to reorganise)" ]
	umpire --json fatigue --unit "1st Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigue_points)" = 15 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "adjust --clear clears one flag; a flag the rules do not keep is bad data" {
	game
	"$U" fatigue --unit "1/45e" --mod save-yourselves >/dev/null
	umpire --json adjust "1/45e" --clear saving-themselves --reason reorganised
	[ "$status" -eq 0 ]
	[ "$(json .what)" = state ]
	[ "$(json '.flags|length')" = 0 ]
	umpire adjust "1/45e" --clear saving-themselves --reason again
	expect_error 65 "1/45e is not saving themselves: nothing to clear"
	umpire adjust "1/45e" --clear disordered --reason x
	expect_error 65 "the ohw rules keep no flag 'disordered': they keep saving themselves"
	umpire adjust "1/45e" --state destroyed --fp +1 --reason x
	expect_error 64 "give the measure ±N or --state, not both: a correction is of one"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 2 ]
}

@test "ohw l.145 in a game: exhausted infantry may not charge; exhausted cavalry charge at -2" {
	game
	"$U" adjust "1/45e" --fp +12 --reason setup >/dev/null
	[ "$(fp 1/45e)" = "12 exhausted" ]
	umpire --json melee --attacker "1/45e" --defender 95th --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "exhausted infantry may not move closer to the enemy: it may not charge" ]
	[ "$(json '.effects|length')" = 0 ]
	[ "$(fp 95th)" = "0 fresh" ]
	"$U" adjust "Scots Greys" --fp +12 --reason setup >/dev/null
	# heavy cavalry d6 4, +2 against infantry, -2 exhausted: 4 FP on the
	# line that stood; its d6 1 is 1 FP, halved (round up) for cavalry: 1
	umpire --json melee --attacker "Scots Greys" --defender "2/45e" --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json '[.modifiers[] | "\(.name)=\(.value)"] | join(",")')" = "attacker:exhausted=-2,attacker:cavalry-v-infantry=2,defender:infantry-v-cavalry=0" ]
	[ "$(json .result.defender_fp)" = 4 ]
	[ "$(json .result.attacker_fp)" = 1 ]
}

@test "ohw l.128, l.143 in a game: a unit at its break point has broken and neither fires nor fights" {
	game
	"$U" adjust "1/45e" --fp +15 --reason setup >/dev/null
	[ "$(fp 1/45e)" = "15 broken" ]
	umpire --json fire --unit "1/45e" --target 95th --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights" ]
	[ "$(json '.effects|length')" = 0 ]
	umpire --json melee --attacker "1/45e" --defender 95th --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights (the attacker)" ]
	umpire --json melee --attacker "Scots Greys" --defender "1/45e" --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights (the defender)" ]
	[ "$(fp 1/45e)" = "15 broken" ]
	[ "$(fp 95th)" = "0 fresh" ]
	# pyrrhic troops at their break point of 20 have not broken: they fight
	"$U" adjust "Old Guard" --fp +20 --reason setup >/dev/null
	[ "$(fp 'Old Guard')" = "20 exhausted" ]
	umpire --json melee --attacker "Scots Greys" --defender "Old Guard" --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.defender_fp)" = 6 ]
}

# l.147: "The unit must stand for a full turn to reorganize."
@test "ohw l.147: a unit saving itself may not charge until it has reorganised" {
	"$U" new --rules ohw --example >/dev/null
	"$U" fatigue --unit "66e Ligne" --mod save-yourselves >/dev/null
	umpire --json melee --attacker "66e Ligne" --defender "52nd Light Infantry" --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a unit saving itself must stand a full turn to reorganise: it may not charge" ]
	"$U" adjust "66e Ligne" --state reorganised --reason "a full turn stood" >/dev/null
	umpire --json melee --attacker "66e Ligne" --defender "52nd Light Infantry" --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# l.130, l.189: "In the case of an Infantry column having charged they will
# retreat two inches and be formed into a line facing their target."
@test "ohw l.130 in a game: a column whose charge fails retreats 2 inches and stands in line" {
	game
	"$U" unit set "1/45e" --formation column >/dev/null
	# d6 2 against d6 2: 2 FP each, the defender (0 of 15) is not broken
	umpire --json melee --attacker "1/45e" --defender 95th --defender-type infantry --dice 2,2
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = attacker_retires ]
	[ "$(json .summary)" = 'the column retreats 2" and forms line: the attacker takes 2 FP, the defender 2' ]
	[ "$(json '[.effects[] | select(.what=="formation") | "\(.unit) \(.formation)"] | join(",")')" = "1/45e line" ]
	umpire --json unit show "1/45e"
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = line ]
	umpire undo
	[ "$status" -eq 0 ]
	umpire --json unit show "1/45e"
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = column ]
	# a line that fails retires 6" and stays in line: no formation effect
	umpire --json melee --attacker "2/45e" --defender 95th --defender-type infantry --dice 2,2
	[ "$status" -eq 0 ]
	[ "$(json '[.effects[] | select(.what=="formation")] | length')" = 0 ]
	umpire check
	[ "$status" -eq 0 ]
}

# l.143-145 in a game: the unit's state on the sheet at each edge, a break
# point of 16 (8 and 12 whole) and of 13 (6.5 and 9.75: from 7 and 10).
@test "ohw states in a game at every band edge, whole and not" {
	game
	"$U" unit add Sixteen --side French --type infantry --break-point 16 >/dev/null
	"$U" unit add Thirteen --side French --type infantry --break-point 13 >/dev/null
	for step in "7 fresh" "1 tired" "3 tired" "1 exhausted" "3 exhausted" "1 broken"; do
		set -- $step
		"$U" adjust Sixteen --fp +$1 --reason edge >/dev/null
		total=$(( ${total:-0} + $1 ))
		[ "$(fp Sixteen)" = "$total $2" ] || { echo "16 at $total: $(fp Sixteen)"; return 1; }
	done
	total=0
	for step in "6 fresh" "1 tired" "2 tired" "1 exhausted" "2 exhausted" "1 broken"; do
		set -- $step
		"$U" adjust Thirteen --fp +$1 --reason edge >/dev/null
		total=$(( total + $1 ))
		[ "$(fp Thirteen)" = "$total $2" ] || { echo "13 at $total: $(fp Thirteen)"; return 1; }
	done
}

# l.149-150: "Higher Formation Morale is a predetermined percentage of the
# Break Points ... 75% rule applies to higher morale as well."  1st Brigade:
# 50% of 15 + 15 = 15 (tired from 7.5: 8, exhausted from 11.25: 12); a
# brigade at 40% of 20 + 20 = 16 (tired from 8, exhausted from 12, whole);
# no unit reaches its own break point (which would count it whole).
@test "ohw higher formations at every band edge, whole and not" {
	game
	"$U" unit add "2nd Brigade" --side French --type brigade --break-percent 40 >/dev/null
	"$U" unit add "1/46e" --side French --type infantry --break-point 20 --parent "2nd Brigade" >/dev/null
	"$U" unit add "2/46e" --side French --type infantry --break-point 20 --parent "2nd Brigade" >/dev/null
	fstate() {
		uj --json fatigue --unit "$1" | jq -r '"\(.result.fatigue_points) \(.result.break_point) \(.result.state)"'
	}
	for step in "1/45e 7 fresh" "2/45e 1 tired" "1/45e 3 tired" "2/45e 1 exhausted" "1/45e 2 exhausted" "2/45e 1 broken"; do
		set -- $step
		"$U" adjust "$1" --fp +$2 --reason edge >/dev/null
		t1=$(( ${t1:-0} + $2 ))
		[ "$(fstate '1st Brigade')" = "$t1 15 $3" ] || { echo "1st at $t1: $(fstate '1st Brigade')"; return 1; }
	done
	for step in "1/46e 7 fresh" "2/46e 1 tired" "1/46e 3 tired" "2/46e 1 exhausted" "1/46e 3 exhausted" "2/46e 1 broken"; do
		set -- $step
		"$U" adjust "$1" --fp +$2 --reason edge >/dev/null
		t2=$(( ${t2:-0} + $2 ))
		[ "$(fstate '2nd Brigade')" = "$t2 16 $3" ] || { echo "2nd at $t2: $(fstate '2nd Brigade')"; return 1; }
	done
}

# A game of schema 7 gains ohw's horse battery action and column rows.
@test "a game of schema 7 gains the horse battery's quarter and the charging column" {
	game
	sqlite3 umpire.db "
	DELETE FROM rule_row WHERE ruleset = 'ohw' AND name = 'rules'
	    AND json_extract(cells, '\$[0]') = 'horse-artillery-action';
	DELETE FROM rule_row WHERE ruleset = 'ohw' AND name = 'melee-modifiers'
	    AND json_extract(cells, '\$[0]') = 'column';
	UPDATE rule_table SET hash = '' WHERE ruleset = 'ohw' AND name IN ('rules', 'melee-modifiers');
	PRAGMA user_version = 7;"
	umpire check
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
	umpire --json move --unit RHA --formation-change older
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 9 ]
}

# l.40: "Foot Artillery is 1/2 per action (move/unlimber/limber). Horse
# gun deduct 1/4 move for such actions": a battery set up stands
# unlimbered; it limbers up to move (12" less 3": 9"), and limbered it does
# not fire; it unlimbers, and fires: 6 at 10", no modifier: 6 FP.
@test "ohw l.40: a battery stands unlimbered; limbered it may not fire; unlimbered it fires" {
	game
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
	umpire --json move --unit RHA --formation limbered
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 9 ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = limbered ]
	fire_refused "a limbered battery does not fire: it unlimbers first, one of its actions (ohw.txt l.40; RHA is limbered)" --unit RHA --target "1/45e" --distance 10 --dice 6
	umpire turn
	[ "$status" -eq 0 ]
	has_line "    may not: fire (ohw.txt l.40: it is limbered)"
	"$U" turn next >/dev/null
	umpire --json move --unit RHA --formation unlimbered
	[ "$status" -eq 0 ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = unlimbered ]
	umpire --json fire --unit RHA --target "1/45e" --distance 10 --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(fp 1/45e)" = "6 fresh" ]
}

@test "ohw: only artillery limbers; a battery stands in no line; one that fires and evades limbers up" {
	game
	umpire unit add Lancers --side French --type cavalry --formation limbered
	expect_error 65 "--formation: 'Lancers' is cavalry, and only artillery limbers up (l.40)"
	umpire adjust RHA --formation line --reason "a slip"
	expect_error 65 "RHA is horse-artillery, and artillery limbers or unlimbers: it stands in no line (l.36, l.40)"
	umpire --json move --unit RHA --evade
	[ "$status" -eq 0 ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = limbered ]
}

@test "an ohw game of schema 10 gains the formations table and the limbered fire modifier" {
	game
	before_batteries ohw
	sqlite3 umpire.db "DELETE FROM rule_row WHERE ruleset = 'ohw' AND name = 'formations';
	    DELETE FROM rule_table WHERE ruleset = 'ohw' AND name = 'formations';"
	umpire check
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	[ "$(formation_words ohw)" = "line,column,square,skirmishers,limbered,unlimbered" ]
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
}
