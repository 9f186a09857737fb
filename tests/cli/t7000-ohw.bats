#!/usr/bin/env bats
# The ohw rule set: fatigue points from fire and melee, states, movement.
load helper

oh() { umpire --json --rules ohw "$@"; }

@test "musket range edges: line and skirmishers 12, column 8, square 2" {
	oh fire --firer line --distance 12 --dice 4
	[ "$(json .result.range)" = in ]
	oh fire --firer line --distance 12.5 --dice 4
	[ "$(json .result.range)" = out ]; [ "$(json .result.fatigue_points)" = 0 ]
	oh fire --firer column --distance 8 --dice 4
	[ "$(json .result.range)" = in ]
	oh fire --firer column --distance 8.5 --dice 4
	[ "$(json .result.range)" = out ]
	oh fire --firer square --distance 2 --dice 4
	[ "$(json .result.range)" = in ]
	oh fire --firer square --distance 2.5 --dice 4
	[ "$(json .result.range)" = out ]
}

@test "artillery bands: foot 12/24/48 (-1/-2/-3), horse 12/18 (0/-1)" {
	oh fire --firer foot-artillery --distance 12 --dice 6
	[ "$(json .result.range)" = close ]; [ "$(json .result.fatigue_points)" = 5 ]
	oh fire --firer foot-artillery --distance 24 --dice 6
	[ "$(json .result.range)" = medium ]; [ "$(json .result.fatigue_points)" = 4 ]
	oh fire --firer foot-artillery --distance 48 --dice 6
	[ "$(json .result.range)" = long ]; [ "$(json .result.fatigue_points)" = 3 ]
	oh fire --firer foot-artillery --distance 48.5 --dice 6
	[ "$(json .result.range)" = out ]
	oh fire --firer horse-artillery --distance 12 --dice 6
	[ "$(json .result.fatigue_points)" = 6 ]
	oh fire --firer horse-artillery --distance 18 --dice 6
	[ "$(json .result.range)" = medium ]; [ "$(json .result.fatigue_points)" = 5 ]
	oh fire --firer horse-artillery --distance 18.5 --dice 6
	[ "$(json .result.range)" = out ]
}

@test "musket modifiers; FP never below 0" {
	oh fire --firer column --distance 2 --dice 3
	[ "$(json .result.fatigue_points)" = 1 ]
	oh fire --firer skirmishers --distance 2 --mod target-skirmishers,moving --dice 3
	[ "$(json .result.fatigue_points)" = 0 ]
	oh fire --firer line --distance 2 --mod enfilade,rear --dice 3
	[ "$(json .result.fatigue_points)" = 6 ]
}

@test "rifles take only -1 at skirmishers; stubborn ignore tired" {
	oh fire --firer line --distance 2 --mod target-skirmishers,rifles --dice 4
	[ "$(json .result.fatigue_points)" = 3 ]
	oh fire --firer line --distance 2 --mod rifles --dice 4
	[ "$(json .result.fatigue_points)" = 4 ]
	oh fire --firer line --distance 2 --mod tired --dice 4
	[ "$(json .result.fatigue_points)" = 3 ]
	oh fire --firer line --distance 2 --mod tired,stubborn --dice 4
	[ "$(json .result.fatigue_points)" = 4 ]
	oh fire --firer line --distance 2 --mod exhausted,stubborn --dice 4
	[ "$(json .result.fatigue_points)" = 2 ]
}

@test "targets in woods or towns take half, rounded up" {
	oh fire --firer line --distance 2 --mod target-in-cover --dice 5
	[ "$(json .result.fatigue_points)" = 3 ]
	oh fire --firer line --distance 2 --mod target-in-cover --dice 4
	[ "$(json .result.fatigue_points)" = 2 ]
}

@test "melee bases: cavalry +3 skirmishers, +0 square, +2 otherwise; skirmishers -2; square +2 v cavalry" {
	oh melee --attacker-type cavalry --defender-type skirmishers --dice 3,3
	[ "$(json .result.defender_fp)" = 6 ]
	oh melee --attacker-type cavalry --defender-type square --dice 3,3
	[ "$(json .result.defender_fp)" = 3 ]
	[ "$(json .result.attacker_fp)" = 3 ]
	oh melee --attacker-type infantry --defender-type skirmishers --dice 3,3
	[ "$(json .result.attacker_fp)" = 1 ]
}

@test "halving and doubling, rounding up; cavalry always take half" {
	oh melee --attacker-type cavalry --defender-type cavalry --dice 4,3
	[ "$(json .result.defender_fp)" = 3 ]
	[ "$(json .result.attacker_fp)" = 3 ]
	oh melee --attacker-type infantry --defender-type infantry --defender-mod in-cover --dice 5,1
	[ "$(json .result.defender_fp)" = 3 ]
	oh melee --attacker-type infantry --defender-type infantry --defender-mod flank-or-rear --dice 5,1
	[ "$(json .result.defender_fp)" = 10 ]
}

@test "heavy cavalry reroll 1s, the reroll after the pair" {
	oh melee --attacker-type heavy-cavalry --defender-type skirmishers --dice 1,3,6
	[ "$(json .result.defender_fp)" = 9 ]
	[ "$(json '.dice|join(",")')" = "1,3,6" ]
}

@test "infantry that stood against cavalry: win or destroyed" {
	oh melee --attacker-type cavalry --defender-type infantry --defender-mod in-cover --dice 1,6
	[ "$(json .result.outcome)" = cavalry_retires ]
	oh melee --attacker-type cavalry --defender-type infantry --dice 5,4
	[ "$(json .result.outcome)" = infantry_destroyed ]
	oh melee --attacker-type cavalry --defender-type square --dice 5,4
	[ "$(json .result.outcome)" = attacker_retires ]
}

@test "the defender broken at its break point; only infantry attack a built-up area" {
	oh melee --attacker-type infantry --defender-type infantry --defender-fp 12 --dice 3,1
	[ "$(json .result.outcome)" = defender_broken ]
	oh melee --attacker-type cavalry --defender-type infantry --defender-mod bua --dice 6,1
	[ "$(json .legal)" = false ]
}

@test "ohw l.137: the lodgement is judged on the FP the defender takes after the halving" {
	# d6 4 +0 = 4, halved (round up) in the built-up area: 2 FP taken,
	# "less than or equal to two the attacking unit will retire"
	oh melee --attacker-type infantry --defender-type infantry --defender-mod bua --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .result.defender_fp)" = 2 ]
	[ "$(json .result.outcome)" = attacker_retires ]
	# d6 5 = 5, halved: 3 FP, "three or more ... a lodgement"
	oh melee --attacker-type infantry --defender-type infantry --defender-mod bua --dice 5,1
	[ "$(json .result.defender_fp)" = 3 ]
	[ "$(json .result.outcome)" = lodgement ]
	# holding a built-up area and named in cover: halved once, 3 FP
	oh melee --attacker-type infantry --defender-type infantry --defender-mod bua,in-cover --dice 6,1
	[ "$(json .result.defender_fp)" = 3 ]
	[ "$(json .result.outcome)" = lodgement ]
	oh melee --attacker-type infantry --defender-type infantry --defender-mod bua --dice 3,1
	[ "$(json .result.defender_fp)" = 2 ]
	[ "$(json .result.outcome)" = attacker_retires ]
}

@test "ohw l.137: the odds of a lodgement are 1/3, as counted by hand" {
	# the attacker's d6 alone decides: 1,2 -> 1 FP, 3,4 -> 2, 5,6 -> 3
	# after the halving; 3+ lodges on 2 faces of 6: 1/3 (12 of the 36
	# pairs), the attacker retires on the other 24: 2/3
	umpire --json --rules ohw odds melee --attacker-type infantry --defender-type infantry --defender-mod bua
	[ "$status" -eq 0 ]
	[ "$(json '[.odds.outcome[] | "\(.value)=\(.fraction)"] | sort | join(",")')" = "attacker_retires=2/3,lodgement=1/3" ]
	[ "$(json '[.odds.defender_fp[] | "\(.value)=\(.fraction)"] | sort | join(",")')" = "1=1/3,2=1/3,3=1/3" ]
	local lodged=0
	for a in 1 2 3 4 5 6; do for b in 1 2 3 4 5 6; do
		o=$(uj --json --rules ohw melee --attacker-type infantry --defender-type infantry --defender-mod bua --dice "$a,$b" | jq -r .result.outcome)
		[ "$o" = lodgement ] && lodged=$((lodged + 1))
	done; done
	[ "$lodged" = 12 ]
}

@test "ohw l.145: exhausted infantry may not charge; exhausted cavalry may, at -2" {
	oh melee --attacker-type infantry --defender-type infantry --attacker-mod exhausted --dice 4,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "exhausted infantry may not move closer to the enemy: it may not charge" ]
	[ "$(json '.dice|length')" = 0 ]
	[ "$(json .result.defender_fp)" = 0 ]
	oh melee --attacker-type skirmishers --defender-type skirmishers --attacker-mod exhausted --dice 4,1
	[ "$(json .legal)" = false ]
	# cavalry: d6 4 + 0 (against a square) - 2 (exhausted) = 2 FP
	oh melee --attacker-type cavalry --defender-type square --attacker-mod exhausted --dice 4,1
	[ "$(json .legal)" = true ]
	[ "$(json .result.defender_fp)" = 2 ]
	# an exhausted defender still fights, at -2
	oh melee --attacker-type infantry --defender-type infantry --defender-mod exhausted --dice 4,5
	[ "$(json .legal)" = true ]
	[ "$(json .result.attacker_fp)" = 3 ]
}

@test "ohw l.128, l.143: a broken unit neither fires nor fights" {
	oh fire --firer line --distance 5 --mod broken --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights" ]
	[ "$(json .result.fatigue_points)" = 0 ]
	[ "$(json '.dice|length')" = 0 ]
	oh melee --attacker-type infantry --defender-type infantry --attacker-mod broken --dice 4,1
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights (the attacker)" ]
	oh melee --attacker-type cavalry --defender-type infantry --defender-mod broken --dice 4,1
	[ "$(json .reason)" = "a unit at its break point has broken: it neither fires nor fights (the defender)" ]
	# the defender's FP at its break point say it has broken
	oh melee --attacker-type infantry --defender-type infantry --defender-fp 15 --dice 4,1
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the defender has broken (15 FP, its break point 15): it neither fires nor fights" ]
	# one short of it, it fights: 14 + 4 = 18, broken by this melee
	oh melee --attacker-type infantry --defender-type infantry --defender-fp 14 --dice 4,1
	[ "$(json .legal)" = true ]
	[ "$(json .result.outcome)" = defender_broken ]
	# pyrrhic troops do not break
	oh melee --attacker-type infantry --defender-type infantry --defender-fp 15 --defender-mod pyrrhic --dice 4,1
	[ "$(json .legal)" = true ]
}

@test "states with 15: 7 fresh, 8 tired, 11 tired, 12 exhausted, 15 broken" {
	for pair in 7:fresh 8:tired 11:tired 12:exhausted 14:exhausted 15:broken; do
		oh fatigue --fp "${pair%%:*}"
		[ "$(json .result.state)" = "${pair##*:}" ] || { echo "$pair: $(json .result.state)"; return 1; }
	done
	oh morale --fp 8 --break-point 15
	[ "$(json .result.state)" = tired ]
}

@test "pyrrhic troops do not break: destroyed at 24" {
	oh fatigue --fp 20 --mod pyrrhic
	[ "$(json .result.state)" = exhausted ]
	oh fatigue --fp 23 --mod pyrrhic
	[ "$(json .result.state)" = exhausted ]
	oh fatigue --fp 24 --mod pyrrhic
	[ "$(json .result.state)" = destroyed ]
}

@test "save yourselves: +2 FP" {
	oh fatigue --fp 10 --mod save-yourselves
	[ "$(json .result.fatigue_points)" = 12 ]
	[ "$(json .result.state)" = exhausted ]
}

@test "movement rates, roads, formation changes, out of command" {
	oh move --type infantry --formation square
	[ "$(json .result.inches)" = 1 ]
	oh move --type infantry --formation skirmishers --road
	[ "$(json .result.inches)" = 11 ]
	oh move --type cavalry --road --charging
	[ "$(json .result.inches)" = 12 ]
	oh move --type infantry --formation-change french
	[ "$(json .result.inches)" = 3 ]
	oh move --type infantry --formation-change older
	[ "$(json .result.inches)" = 2 ]
	oh move --type horse-artillery --out-of-command
	[ "$(json .result.inches)" = 6 ]
	oh move --type general
	[ "$(json .result.inches)" = 15 ]
	oh move --type foot-artillery --prolong
	[ "$(json .result.inches)" = 1 ]
}

@test "ohw l.40: foot artillery spend 1/2 of the move on each action: limber and move is all of it, 3 inches" {
	# the move table's 6", a move action 1/2 of it: 3"
	oh move --type foot-artillery
	[ "$(json .result.inches)" = 3 ]
	# limber (1/2) and move (the other 1/2): still 3", whatever the drill
	oh move --type foot-artillery --formation-change french
	[ "$(json .result.inches)" = 3 ]
	oh move --type foot-artillery --formation-change older
	[ "$(json .result.inches)" = 3 ]
	# out of command: half speed, 1.5"
	oh move --type foot-artillery --formation-change french --out-of-command
	[ "$(json .result.inches)" = 1.5 ]
	# other arms keep the drill: cavalry 12" less 1/4, 9"
	oh move --type cavalry --formation-change french
	[ "$(json .result.inches)" = 9 ]
}

@test "command radius: brigadier 4, division 6, corps 10, army 14" {
	oh move --radius division --distance 6
	[ "$(json .result.in_command)" = true ]
	oh move --radius division --distance 6.5
	[ "$(json .result.in_command)" = false ]
	oh move --radius army --distance 14
	[ "$(json .result.radius)" = 14 ]
}

@test "fire and evade: 1 FP and a full move; horse artillery caught is destroyed" {
	oh move --type foot-artillery --evade
	[ "$(json .result.fatigue_points)" = 1 ]
	oh move --type horse-artillery --evade --caught
	[ "$(json .result.inches)" = 0 ]
	oh fire --firer line --distance 2 --mod evading --dice 5
	[ "$(json .result.fatigue_points)" = 2 ]
}

@test "rally points to save-yourselves" {
	umpire --rules ohw rally
	[ "$status" -eq 64 ]
	has_line "umpire: rally: the ohw rules have no rally roll; see 'umpire fatigue --unit NAME --mod save-yourselves' in a game, or 'umpire fatigue --rules ohw --fp N --mod save-yourselves' without one (+2 FP and a double move), and the reorganising turn on the sheet" "$stderr"
}

@test "bad input" {
	umpire --rules ohw fire --firer rocket --distance 2 --dice 4
	expect_error 65 "--firer: 'rocket' is not one of line, column, square, skirmishers, foot-artillery, horse-artillery"
	umpire --rules ohw fatigue --fp -1
	expect_error 65 "--fp: -1 is negative; expected a whole number from 0 to 100000"
	umpire --rules ohw fire --firer line --distance 2 --dice 0
	expect_error 65 "die 1 is the shooting d6: 0 is not a face of a d6"
}
