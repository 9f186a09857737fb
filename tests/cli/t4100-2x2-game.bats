#!/usr/bin/env bats
# 2x2 in a game: states, severity, pins, rout, victory, army points.
load helper

game() {
	"$U" new --rules 2x2 "$@" >/dev/null
	"$U" unit add HQ --side French --type hq >/dev/null
	"$U" unit add "1er Ligne" --side French --type line --size large >/dev/null
	"$U" unit add Garde --side French --type guards >/dev/null
	"$U" unit add Batterie --side French --type foot-artillery >/dev/null
	"$U" unit add 52nd --side British --type line >/dev/null
	"$U" unit add Landwehr --side British --type militia >/dev/null
	"$U" unit add Coldstream --side British --type guards >/dev/null
}

state() {
	uj --json unit show "$1" | jq -r .state
}

@test "an infantry unit that shoots is pinned; the target's state changes" {
	game
	umpire --json fire --unit 52nd --target "1er Ligne" --distance 1 --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = disrupted ]
	[ "$(state 52nd)" = pinned ]
	[ "$(state '1er Ligne')" = disrupted ]
}

@test "a pinned firer has no first volley; artillery is not pinned" {
	game
	"$U" fire --unit 52nd --target "1er Ligne" --distance 1 --dice 1 >/dev/null
	# (l.47: "A unit may shoot only ONCE during its turn": the next turn)
	"$U" turn next >/dev/null
	umpire --json fire --unit 52nd --target "1er Ligne" --distance 1 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.score)" = 4 ]
	[ "$(json '.working | index("no first volley: the firer is pinned (an infantry unit that shoots is pinned)") != null')" = true ]
	"$U" fire --unit Batterie --target 52nd --distance 2 --dice 1 >/dev/null
	[ "$(state Batterie)" = ok ]
}

@test "states are a severity order: a second pin leaves it pinned, disrupted stays disrupted" {
	game
	# (a unit shoots once a turn, l.47: each shot in a turn of its own)
	"$U" fire --unit Batterie --target Coldstream --distance 2 --dice 5 >/dev/null
	[ "$(state Coldstream)" = pinned ]
	"$U" turn next >/dev/null
	umpire --json fire --unit Batterie --target Coldstream --distance 2 --dice 5
	[ "$status" -eq 0 ]
	[ "$(json '.effects|length')" = 0 ]
	[ "$(state Coldstream)" = pinned ]
	"$U" turn next >/dev/null
	"$U" fire --unit Batterie --target Coldstream --distance 2 --dice 6 >/dev/null
	[ "$(state Coldstream)" = disrupted ]
	"$U" turn next >/dev/null
	"$U" fire --unit Batterie --target Coldstream --distance 2 --dice 5 >/dev/null
	[ "$(state Coldstream)" = disrupted ]
}

@test "a disrupted target gives +1 to the shooter; a disrupted unit may not fire" {
	game
	"$U" fire --unit Batterie --target 52nd --distance 2 --dice 6 >/dev/null
	"$U" turn next >/dev/null
	umpire --json fire --unit Batterie --target 52nd --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.score)" = 5 ]
	umpire --json fire --unit 52nd --target Garde --distance 1 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}

@test "melee: the loser routs or is destroyed; the winner may follow up" {
	game
	umpire --json melee --attacker Garde --defender 52nd --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = routs ]
	[ "$(state 52nd)" = routed ]
	# "Difference <3. Loser Routs (optional follow up)"; "4 or more ...
	# (mandatory follow up)"
	umpire log show 1
	[ "$status" -eq 0 ]
	has_line "      Garde may follow up"
	umpire melee --attacker Garde --defender Landwehr --dice 6,1
	[ "$status" -eq 0 ]
	has_line "  Garde must follow up"
	"$U" undo >/dev/null
	umpire --json melee --attacker Garde --defender Landwehr --dice 6,1
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name]|join(",")')" = "attacker:guards,attacker:subsequent" ]
	[ "$(state Landwehr)" = destroyed ]
}

@test "the attacker's follow-up melee carries the -1, in the same turn only" {
	game
	"$U" melee --attacker Garde --defender 52nd --dice 6,1 >/dev/null
	"$U" turn next >/dev/null
	umpire --json melee --attacker Garde --defender Landwehr --dice 6,1
	[ "$status" -eq 0 ]
	[[ "$(json '[.modifiers[].name]|join(",")')" != *subsequent* ]]
}

@test "the rout roll in a game: the router is disrupted, passed guards and militia rout" {
	game
	"$U" melee --attacker 52nd --defender Garde --dice 6,3 >/dev/null
	[ "$(state Garde)" = routed ]
	umpire --json morale --rout --unit Garde --passed "1er Ligne" --passed Batterie --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.destroyed)" = false ]
	[ "$(json '.result.also_rout|join(",")')" = "1er Ligne,Batterie" ]
	[ "$(state Garde)" = disrupted ]
	[ "$(state '1er Ligne')" = routed ]
	[ "$(state Batterie)" = routed ]
}

@test "rally in a game clears pinned or disrupted, and says why not otherwise" {
	game
	"$U" fire --unit Batterie --target 52nd --distance 2 --dice 6 >/dev/null
	umpire --json rally --unit 52nd --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .result.score)" = 5 ]
	[ "$(state 52nd)" = ok ]
	umpire --json rally --unit 52nd --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the unit is neither pinned nor disrupted: there is nothing to rally" ]
}

@test "a pinned unit may not move" {
	game
	"$U" fire --unit 52nd --target Garde --distance 1 --dice 1 >/dev/null
	umpire --json move --unit 52nd
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	umpire --json move --unit Garde
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 3 ]
}

@test "a fast game is lost at 5 destroyed, said after the ruling and on the sheet" {
	game --victory fast
	for u in A B C D E; do "$U" unit add "$u" --side British --type line >/dev/null; done
	# (the battery shoots once a turn, l.47)
	for u in A B C D; do
		"$U" fire --unit Batterie --target "$u" --distance 1 --mod target-flank --dice 6 >/dev/null
		"$U" turn next >/dev/null
	done
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "nobody has lost yet"
	umpire fire --unit Batterie --target E --distance 1 --mod target-flank --dice 6
	[ "$status" -eq 0 ]
	has_line "  British lose: 5 units destroyed"
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.standing.lost|join(",")')" = British ]
	[ "$(json .standing.destroyed.British)" = 5 ]
}

@test "a decisive game needs 2 more destroyed than the opponent" {
	game --victory decisive
	for u in A B C D E; do "$U" unit add "$u" --side British --type line >/dev/null; done
	for u in F G H; do "$U" unit add "$u" --side French --type line >/dev/null; done
	for u in F G H "1er Ligne"; do "$U" fire --firer foot-artillery --target "$u" --distance 1 --mod target-flank --dice 6 >/dev/null; done
	for u in A B C D E; do "$U" fire --firer foot-artillery --target "$u" --distance 1 --mod target-flank --dice 6 >/dev/null; done
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.standing.lost|length')" = 0 ]
	"$U" fire --firer foot-artillery --target 52nd --distance 1 --mod target-flank --dice 6 >/dev/null
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.standing.lost|join(",")')" = British ]
}

@test "army lists: points per side against the game's limit" {
	game --points 13
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json .points.French)" = 13 ]
	[ "$(json .points.British)" = 6 ]
	umpire unit add Extra --side French --type militia
	expect_error 65 "French would have 14 AP with 'Extra' (1 AP), over the game's limit of 13"
	umpire unit add Small --side British --type line --size small
	[ "$status" -eq 0 ]
	umpire --json unit show Small
	[ "$status" -eq 0 ]
	[ "$(json .points)" = 1.5 ]
	umpire unit add Tiny --side British --type militia --size small
	expect_error 65 "--size: no militia unit may be small"
}

@test "undo takes back a state change" {
	game
	"$U" fire --unit Batterie --target 52nd --distance 2 --dice 6 >/dev/null
	"$U" undo >/dev/null
	[ "$(state 52nd)" = ok ]
	"$U" redo >/dev/null
	[ "$(state 52nd)" = disrupted ]
}

@test "morale --victory in a game judges the game's units, per side" {
	game --victory decisive
	for u in A B C D E; do "$U" unit add "$u" --side British --type line >/dev/null; done
	for u in A B C D E; do "$U" fire --firer foot-artillery --target "$u" --distance 1 --mod target-flank --dice 6 >/dev/null; done
	umpire --json morale --victory decisive
	[ "$status" -eq 0 ]
	[ "$(json .result.side)" = British ]
	[ "$(json .result.destroyed)" = 5 ]
	[ "$(json .result.enemy_destroyed)" = 0 ]
	[ "$(json .result.lost)" = true ]
	[ "$(json '[.result.sides[] | "\(.side):\(.destroyed):\(.lost)"] | join(",")')" = "French:0:false,British:5:true" ]
	[ "$(json .summary)" = "British has lost the game (5 destroyed, the opponent 0)" ]
	[ "$(json '.working|map(select(startswith("decisive game")))|join("|")')" = "decisive game: lost at 5 destroyed and 2 more than the opponent" ]
	umpire --json morale --victory decisive --side French
	[ "$status" -eq 0 ]
	[ "$(json .result.destroyed)" = 0 ]
	[ "$(json .result.enemy_destroyed)" = 5 ]
	[ "$(json .result.lost)" = false ]
	umpire morale --victory decisive --side Prussians
	expect_error 65 "the game has no side 'Prussians'"
	# counts typed by the umpire are a stateless judgement, game or not
	umpire --json morale --victory fast --destroyed 2
	[ "$status" -eq 0 ]
	[ "$(json .result.destroyed)" = 2 ]
	[ "$(json .event)" = null ]
}

@test "the -2 for cavalry in town applies to cavalry only (l.264)" {
	umpire --json --rules 2x2 melee --attacker-type line --defender-type line --attacker-mod in-town --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name]|join(",")')" = "" ]
	[ "$(json .result.attacker_score)" = 3 ]
	umpire --json --rules 2x2 melee --attacker-type heavy-cavalry --defender-type line --attacker-mod in-town --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name]|join(",")')" = "attacker:heavy-cavalry,attacker:in-town" ]
	[ "$(json .result.attacker_score)" = 3 ]
}

@test "adjust --state sets a 2x2 state word; ok clears it" {
	game
	umpire --json adjust 52nd --state disrupted --reason "missed a volley"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = disrupted ]
	[ "$(state 52nd)" = disrupted ]
	umpire adjust 52nd --state ok --reason "it was rallied"
	[ "$status" -eq 0 ]
	[ "$(state 52nd)" = ok ]
	umpire adjust 52nd --fp +1 --reason x
	expect_error 64 "the 2x2 rules count states, not fp: give --state STATE (as the sheet says it)"
}

# l.26: "any unit which is not pinned or disrupted may move"; a routing
# unit "moves its maximum move" away and is disrupted: nothing else.
@test "a routed unit makes only its rout move; a pinned, disrupted or routed unit may not attack" {
	game
	"$U" adjust "1er Ligne" --state routed --reason "a test" >/dev/null
	umpire --json move --unit "1er Ligne"
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a routed unit makes only its rout move (morale --rout)" ]
	umpire --json melee --attacker "1er Ligne" --defender 52nd --dice 6,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a routed unit makes only its rout move (morale --rout)" ]
	[ "$(printf '%s' "$output" | jq -c .result)" = '{"difference":null,"loser":"none","outcome":null,"follow_up":"none"}' ]
	[ "$(state 52nd)" = ok ]
	umpire --json fire --unit "1er Ligne" --target 52nd --distance 1 --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "a routed unit makes only its rout move: it may not fire" ]
	umpire --json rally --unit "1er Ligne" --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "a routed unit rolls its rout (morale --rout): it does not rally" ]
	"$U" adjust Garde --state pinned --reason "a test" >/dev/null
	umpire --json melee --attacker Garde --defender 52nd --dice 6,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a pinned unit may not move (it may change facing)" ]
	# the defender's state does not hold the melee back
	umpire --json melee --attacker Coldstream --defender Garde --dice 1,6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.loser)" = attacker ]
	# undo takes back the last entry, a ruling refused as any other (#7,
	# Garde's melee)
	umpire undo
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "undid #8 turn 1 melee of Coldstream (attacker), Garde (defender): the attacker is destroyed (7 to 2); follow up mandatory" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "undid #7 turn 1 melee of Garde (attacker), 52nd (defender): no melee: a pinned unit may not move (it may change facing)" ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "undid #6 turn 1 adjust of Garde (unit): Garde: pinned (a test)" ]
	# the stateless form takes the attacker's state as an option
	umpire --rules 2x2 melee --attacker-type line --defender-type line --attacker-state disrupted --dice 6,1
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "no melee: a disrupted unit may not move or fire" ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "a game of schema 6 gains the movement table's routed row" {
	game
	sqlite3 umpire.db "
	DELETE FROM rule_row WHERE ruleset = '2x2' AND name = 'move-terrain'
	    AND json_extract(cells, '\$[0]') = 'routed';
	UPDATE rule_table SET hash = '' WHERE ruleset = '2x2' AND name = 'move-terrain';
	PRAGMA user_version = 6;"
	umpire check
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "the game's tables are the stock tables" ]
	"$U" adjust Garde --state routed --reason "a test" >/dev/null
	umpire --json move --unit Garde
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "a routed unit makes only its rout move (morale --rout)" ]
}
