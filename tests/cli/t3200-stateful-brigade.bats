#!/usr/bin/env bats
# Stateful brigade rulings: units from the game, the result applied and
# journalled, losses spread evenly, morale changes reported, push-back
# runs, breaking, melees that stay open.
load helper

@test "fire --target records the losses, spread evenly, remainder to the first" {
	small_oob
	umpire --json fire --firers 16 --distance 2 --target Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .event)" = 1 ]
	[ "$(json '.effects[0].unit')" = Kempt ]
	[ "$(json '.effects[0].what')" = figures ]
	[ "$(json '.effects[0].amount')" = 2 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 2 ]
	[ "$(json '[.units[].strength]|join(",")')" = "15,15,16,16" ]
}

@test "three losses of one figure leave 1,1,1,0 lost" {
	small_oob
	for i in 1 2 3; do "$U" adjust Kempt --figures -1 --reason test >/dev/null; done
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json '[.units[].strength]|join(",")')" = "15,15,15,16" ]
}

@test "fire --unit takes the firers from the unit's current strength" {
	small_oob
	umpire --json fire --unit Kempt --target Bachelu --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 64 ]
	"$U" adjust Kempt --figures -4 --reason test >/dev/null
	umpire --json fire --unit Kempt --target Bachelu --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 60 ]
}

@test "three-rank French blocks fire with their front two ranks" {
	small_oob
	umpire --json fire --unit Bachelu --target Kempt --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 48 ]
}

@test "an explicit option overrides the stored value and is journalled" {
	small_oob
	umpire --json fire --unit Kempt --firers 12 --target Bachelu --distance 5 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 12 ]
	[ "$(sqlite3 umpire.db 'SELECT args FROM event WHERE id = 1')" = '["fire","--unit","Kempt","--firers","12","--target","Bachelu","--distance","5","--dice","4"]' ]
}

@test "cavalry cannot fire: legal false, nothing recorded against the target" {
	small_oob
	umpire --json fire --unit Piré --target Kempt --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "cavalry firing is not permitted" ]
}

@test "a morale change is reported in the same output" {
	small_oob
	umpire fire --firers 130 --distance 2 --target Kempt --dice 5
	[ "$status" -eq 0 ]
	has_line "  Kempt loses 22 figures (42 left)"
	has_line "  Kempt, 1st battalion now HALT"
	has_line "  Kempt, 2nd battalion now HALT"
	[[ "$output" != *"3rd battalion now"* ]]
	has_line "  recorded as event 1"
}

@test "morale --unit gives every unit of the brigade and the worst state" {
	small_oob
	"$U" adjust Kempt --figures -22 --reason test >/dev/null
	umpire --json morale --unit Kempt
	[ "$status" -eq 0 ]
	[ "$(json '.result.units|length')" = 4 ]
	[ "$(json '.result.units[0].figures_left')" = 10 ]
	[ "$(json '.result.units[0].state')" = halt ]
	[ "$(json .result.state)" = halt ]
	[ "$(json .event)" = 2 ]
}

@test "melee takes both sides' strength and ratings from the game" {
	small_oob
	# Bachelu 72 in attack column, +20 (l.243); Pack 64 + 3 elite
	umpire --json melee --attacker Bachelu --defender Pack --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 92 ]
	[ "$(json .result.defender_total)" = 67 ]
	[ "$(json '[.modifiers[].name]|join(",")')" = "attacker:column-charge,defender:elite" ]
}

@test "a purely cavalry brigade counts 36 less casualties; weights and lancers from ratings" {
	small_oob
	"$U" unit add Somerset --side British --type cavalry --cavalry heavy >/dev/null
	"$U" adjust Piré --figures -6 --reason test >/dev/null
	umpire --json melee --attacker Somerset --defender Piré --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 42 ]
	[ "$(json .result.defender_total)" = 31 ]
}

@test "push backs are recorded with their number in the run and the count" {
	small_oob
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushback)" = 1 ]
	[ "$(json '[.effects[]|select(.what == "pushback")|"\(.unit):\(.amount)"]|join(",")')" = "Kempt:1" ]
	"$U" turn next >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushback)" = 2 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .pushbacks.run)" = 2 ]
	[ "$(json .pushbacks.total)" = 2 ]
}

# Turn 1: Bachelu 72 + 20 = 92 -> 38, die 5 -> 15; Kempt 64 -> 26, die 2
# -> 4.  Turn 2, Kempt contacted while pushed back (-6, l.342): 68 + 20 =
# 88 -> 36 -> 15; Kempt 49 - 6 = 43 -> 17 -> 2.  Turn 3: 66 + 20 = 86 -> 35
# -> 14; Kempt 34 - 6 = 28 -> 11 -> 1.
@test "three continuous push backs break the brigade, and the output says so" {
	small_oob
	for t in 1 2 3; do
		umpire melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
		[ "$status" -eq 0 ]
		"$U" turn next >/dev/null
	done
	has_line "attacker wins (attacker loses 1, defender 14): the defender is pushed back (push back 3); it breaks and flees the field; the winner must rally"
	has_line "  Kempt breaks and flees the field (three continuous push backs)"
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .state)" = broken ]
	[ "$(json '.flags|join(",")')" = broken ]
}

@test "a turn without a push back starts a new run" {
	small_oob
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	"$U" turn next >/dev/null
	"$U" turn next >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushback)" = 1 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .pushbacks.total)" = 2 ]
}

@test "melee --new and another enemy start a new run" {
	small_oob
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --new --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushback)" = 1 ]
	umpire --json melee --attacker Piré --defender Kempt --attacker-mod heavy-v-light,charging-cavalry --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushback)" = 1 ]
}

@test "six cumulative push backs break the brigade (l.344), and the result says so" {
	small_oob
	# 8 battalions of 16: enough figures to stand six melees of 14 lost
	"$U" unit set Kempt --units 8 >/dev/null
	for i in 1 2 3 4 5; do
		umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --new --dice 5,2
		[ "$status" -eq 0 ]
		[ "$(json .result.breaks)" = false ] || { echo "push back $i breaks"; return 1; }
	done
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --new --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.pushbacks_in_game)" = 6 ]
	[ "$(json .result.breaks)" = true ]
	[ "$(json .summary)" = "attacker wins (attacker loses 3, defender 10): the defender is pushed back (push back 1); its sixth push back of the game: it breaks and flees the field" ]
	umpire melee --attacker Bachelu --defender Kempt --new --dice 5,2
	[ "$status" -eq 0 ]
	has_line "no melee: a broken brigade has fled the field: it cannot melee until rallied"
}

@test "a broken brigade cannot fire or melee; the winner of three push backs must rally (l.344)" {
	small_oob
	for t in 1 2 3; do
		umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
		[ "$status" -eq 0 ]
		"$U" turn next >/dev/null
	done
	[ "$(json .summary)" = "attacker wins (attacker loses 1, defender 14): the defender is pushed back (push back 3); it breaks and flees the field; the winner must rally" ]
	umpire --json fire --unit Kempt --target Bachelu --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a broken brigade has fled the field: it cannot fire until rallied" ]
	umpire --json melee --attacker Kempt --defender Bachelu --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json '.effects|length')" = 0 ]
}

# l.368: "The winning brigade(s) must, after three continuous push backs,
# rally for that same number of moves and have a like number of moves at
# half speed"; l.356: "... for that same number of moves again they can
# only move at half speed".
@test "the winner of three push backs rallies three moves, then moves three at half speed, kept by the game" {
	small_oob
	for t in 1 2 3; do
		"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
		[ "$t" = 3 ] || "$U" turn next >/dev/null
	done
	# the third push back was in turn 3's melee, after its move: rallying
	# the moves of turns 4 to 6, half speed those of turns 7 to 9
	umpire log show 5
	[ "$status" -eq 0 ]
	has_line "      Bachelu is rallying until the end of turn 6"
	has_line "      Bachelu moves at half speed until the end of turn 9"
	"$U" turn next >/dev/null
	umpire --json move --unit Bachelu --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the brigade spends this move rallying" ]
	umpire --json fire --unit Bachelu --target Pack --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	"$U" turn next >/dev/null
	umpire --json move --unit Bachelu --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	# turn 7: 4" on the die +2" in attack column, halved
	umpire --json move --unit Bachelu --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.inches)" = 3 ]
	"$U" turn next >/dev/null
	"$U" turn next >/dev/null
	"$U" turn next >/dev/null
	# turn 10: its own speed again
	umpire --json move --unit Bachelu --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 6 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "a brigade rallying after a push back spends its moves rallying, then as many at half speed" {
	small_oob
	umpire rally --unit Kempt --after push-back --pushbacks 1
	[ "$status" -eq 0 ]
	has_line "  Kempt is rallying until the end of turn 1"
	has_line "  Kempt moves at half speed until the end of turn 2"
	umpire --json move --unit Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	umpire --json move --unit Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2 ]
	umpire move --unit Kempt --dice 4
	[ "$status" -eq 0 ]
	has_line "  modifiers: half-speed x0.5"
	# a forced move is made all the same: back in turn 1, still rallying
	"$U" undo --to 2 >/dev/null
	[ "$(uj --json turn | jq .turn)" = 1 ]
	umpire --json move --unit Kempt --pushback 1 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

@test "marching columns cannot fight (l.41)" {
	umpire --json --rules brigade melee --attacker-figures 24 --defender-figures 16 --attacker-mod march-column --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "marching columns cannot fire or fight whilst marching" ]
	[ "$(json '.dice|length')" = 0 ]
}

@test "mounted troops cannot attack walls (l.286) or defence works (l.290)" {
	umpire --json --rules brigade melee --attacker-figures 36 --defender-figures 16 --attacker-type cavalry --defender-mod buildings --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "mounted troops cannot attack or leap over walls" ]
	umpire --json --rules brigade melee --attacker-figures 36 --defender-figures 16 --attacker-type cavalry --defender-mod defences --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "mounted troops cannot attack or leap over defence works" ]
	umpire --json --rules brigade melee --attacker-figures 36 --defender-figures 16 --defender-mod defences --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	small_oob
	umpire --json melee --attacker Piré --defender Kempt --defender-mod defences --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}

@test "contacted skirmishers inflict nothing (l.78, l.268)" {
	umpire --json --rules brigade melee --attacker-figures 24 --defender-figures 12 --defender-type skirmishers --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_casualties)" = 0 ]
	[ "$(json '.dice|length')" = 1 ]
}

@test "a square that wins cannot follow up (l.280)" {
	umpire --json --rules brigade move --type infantry --formation square --follow-up 1 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "infantry in square who win a melee cannot follow up; they may hold their position" ]
}

@test "a drawn melee stays open: the next round is the same melee" {
	small_oob
	# Bachelu 92 -> 38, die 2 -> 6; Pack 67 -> 27, die 3 -> 6: a draw
	umpire melee --attacker Bachelu --defender Pack --dice 2,3
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "draw "* ]]
	has_line "  the melee of Bachelu and Pack stays open: round 2 next turn"
	umpire --json melee --attacker Bachelu --defender Pack --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db "SELECT total FROM effect WHERE kind = 'melee' AND event = 2 LIMIT 1")" = 2 ]
	umpire --json melee --attacker Bachelu --defender Pack --new --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db "SELECT total FROM effect WHERE kind = 'melee' AND event = 3 LIMIT 1")" = 1 ]
}

@test "brigade l.256 in a game: lancers +1 in round 1; after a draw, round 2 without" {
	small_oob
	# Piré 36 + 1 lancers = 37: row 37, last column 15; row 15, die 5: 6.
	# Kempt 64: last column 26; row 26, die 3: 6. A draw.
	umpire --json melee --attacker Piré --defender Kempt --dice 5,3
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 37 ]
	[ "$(json .result.outcome)" = draw ]
	# round 2: 36 - 6 = 30, no lancers
	umpire --json melee --attacker Piré --defender Kempt --dice 5,3
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 30 ]
	[ "$(json '[.modifiers[] | "\(.name)=\(.value)"] | join(",")')" = "attacker:lancers=0" ]
	[ "$(sqlite3 umpire.db "SELECT group_concat(total) FROM effect WHERE kind = 'melee' AND unit = (SELECT id FROM unit WHERE name = 'Piré')")" = "1,2" ]
}

@test "brigade l.256 in a game: lancers +1 in round 1 only of a push-back sequence" {
	small_oob
	# round 1: 36 + 3 + 3 + 1 lancers = 43: row 43, last column 17;
	# row 17, die 5: 7. Kempt 64, die 2: 26 -> 4. Kempt pushed back.
	umpire --json melee --attacker Piré --defender Kempt --attacker-mod cavalry-charging-infantry,charging-cavalry --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 43 ]
	[ "$(json .result.pushback)" = 1 ]
	"$U" turn next >/dev/null
	# round 2: 36 - 4 + 6 = 38, no lancers: 15 -> 6; Kempt 57: 23 -> 3
	umpire --json melee --attacker Piré --defender Kempt --attacker-mod cavalry-charging-infantry,charging-cavalry --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 38 ]
	[ "$(json .result.pushback)" = 2 ]
	"$U" turn next >/dev/null
	# round 3: 32 - 3 + 6 = 35: 14 -> 5; Kempt 51: 21 -> 3; it breaks
	umpire --json melee --attacker Piré --defender Kempt --attacker-mod cavalry-charging-infantry,charging-cavalry --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 35 ]
	[ "$(json .result.pushback)" = 3 ]
	[ "$(json .result.breaks)" = true ]
	[ "$(sqlite3 umpire.db "SELECT group_concat(total) FROM effect WHERE kind = 'melee' AND unit = (SELECT id FROM unit WHERE name = 'Piré')")" = "1,2,3" ]
	# the winner of three push backs rallies three moves (l.368), those
	# of the next three turns; then a melee with another enemy is round 1
	# again: 36 - 10 lost + 1 = 27
	for t in 1 2 3 4; do "$U" turn next >/dev/null; done
	umpire --json melee --attacker Piré --defender Pack --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 27 ]
}

@test "brigade l.41 in a game: a brigade in march column attacked in melee takes the attacker's casualties without reply" {
	small_oob
	"$U" adjust Kempt --formation march-column --reason "on the road" >/dev/null
	# Bachelu 72 + 20 in attack column: row 92, last column 38; row 38, die 4: 12
	umpire --json melee --attacker Bachelu --defender Kempt --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.defender_casualties)" = 12 ]
	[ "$(json .result.attacker_casualties)" = 0 ]
	[ "$(json '.dice|join(",")')" = 4 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 12 ]
	umpire --json unit show Bachelu
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 0 ]
	# it cannot attack, nor fire
	umpire --json melee --attacker Kempt --defender Bachelu --new --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "marching columns cannot fire or fight whilst marching" ]
	[ "$(json '.effects|length')" = 0 ]
	umpire --json fire --unit Kempt --target Bachelu --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "marching columns cannot fire or fight whilst marching" ]
}

@test "brigade: a battery with no crew left cannot fire; it says so" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	"$U" adjust RHA --figures -6 --reason "every gunner down" >/dev/null
	# in the game it is out of the fight, as any unit with no figure left
	umpire --json fire --unit RHA --target Bachelu --distance 5 --dice 3,3,4
	expect_error 65 "umpire: fire: 'RHA' has no figures left: it is out of the fight"
	umpire --json unit show Bachelu
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 0 ]
	# stateless, a battery whose guns have no crew
	umpire --json --rules brigade fire --guns 2 --crew 0 --distance 5 --dice 3,3,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the battery has no crew left: none of its guns can fire" ]
	[ "$(json .summary)" = "no fire: the battery has no crew left: none of its guns can fire" ]
	[ "$(json '.dice|length')" = 0 ]
}

@test "move --unit takes the type and records disorder; a rally clears it" {
	small_oob
	umpire --json move --unit Piré --obstacle --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 4 ]
	umpire --json unit show Piré
	[ "$status" -eq 0 ]
	[ "$(json '.flags|join(",")')" = disordered ]
	umpire --json fire --unit Piré --target Kempt --distance 2
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	umpire --json rally --unit Piré --after follow-up --attempt 3
	[ "$status" -eq 0 ]
	[ "$(json '[.effects[]|"\(.unit):\(.what):\(.amount)"]|join(",")')" = "Piré:disordered:0,Piré:rallying:1" ]
	# l.352: "units rallying are disordered, cannot fire and are -6 in
	# melee", for the move spent rallying.
	umpire --json unit show Piré
	[ "$status" -eq 0 ]
	[ "$(json '.flags|join(",")')" = rallying ]
	[ "$(json .state)" = rallying ]
	# it cannot attack; attacked, it is -6
	umpire --json melee --attacker Piré --defender Kempt --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a rallying brigade spends its moves rallying: it cannot attack" ]
	umpire --json melee --attacker Kempt --defender Piré --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name]|index("defender:rallying") != null')" = true ]
	"$U" undo >/dev/null
	"$U" turn next >/dev/null
	umpire --json unit show Piré
	[ "$status" -eq 0 ]
	[ "$(json '.flags|length')" = 0 ]
}

@test "a push-back rally needs push backs (l.356)" {
	small_oob
	umpire --json rally --unit Kempt --after push-back
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the brigade has not been pushed back: there is nothing to rally from" ]
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	umpire --json rally --unit Kempt --after push-back
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.moves_rallying)" = 1 ]
}

@test "a disordered unit is -6 in melee" {
	small_oob
	# 72 + 20 in attack column - 6 disordered
	"$U" move --unit Bachelu --obstacle --dice 4 >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 86 ]
}

@test "an unknown unit is bad data and nothing is recorded" {
	small_oob
	umpire fire --firers 16 --distance 2 --target Wellington --dice 4
	expect_error 65 "no unit is named 'Wellington' ('umpire unit list' lists them)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "bad dice in the stateful form: nothing recorded" {
	small_oob
	umpire fire --firers 16 --distance 2 --target Kempt --dice 7
	expect_error 65 "die 1 is the firers' average die: 7 is not a face of the average die (2-5)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "a melee in the game names both sides" {
	small_oob
	umpire melee --attacker Bachelu --dice 4,4
	expect_error 64 "give both --attacker NAME and --defender NAME: a melee in the game names both sides"
}

@test "a unit named twice in one ruling is refused" {
	small_oob
	umpire melee --attacker Kempt --defender Kempt --dice 4,4
	expect_error 65 "'Kempt' is named twice in one ruling: a unit takes one part in it"
}

@test "a formation cannot take part in a ruling" {
	small_oob
	"$U" unit add "II Corps" --side French --type corps >/dev/null
	umpire fire --firers 16 --distance 2 --target "II Corps" --dice 4
	expect_error 65 "'II Corps' is a formation; name one of its units"
}

@test "artillery at a battery: counter-battery defence recorded per battery" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	"$U" unit add "Foot battery" --side French --type foot-artillery --guns 2 >/dev/null
	umpire --json fire --unit "Foot battery" --target RHA --distance 20 --dice 2,3,5
	[ "$status" -eq 0 ]
	# 2 guns fire: 6 crew, die 5 -> 2 casualties, 2 defence points spread
	# over RHA's two guns as the game spreads losses: 19 and 19.
	[ "$(json .result.defence)" = 19 ]
	[ "$(json '[.result.guns[].defence]|join(",")')" = 19,19 ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json .defence_lost)" = 2 ]
	[ "$(json '.defence|join(",")')" = 19,19 ]
	[ "$(json .losses)" = 0 ]
}

@test "a knocked-out battery cannot be fired at again" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 1 >/dev/null
	"$U" unit add "Foot battery" --side French --type foot-artillery --guns 8 >/dev/null
	# 8 guns, 24 crew, close range (+1 each), die 5: 32 points -> 13 casualties.
	umpire --json fire --unit "Foot battery" --target RHA --distance 10 --dice 2,2,2,2,2,2,2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .result.defence)" = 7 ]
	umpire --json fire --unit "Foot battery" --target RHA --distance 10 --dice 2,2,2,2,2,2,2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .result.defence)" = 0 ]
	[ "$(json .result.fire_rate)" = knocked_out ]
	[[ "$(json '.effects[]|select(.what=="part")|.state')" == knocked_out ]]
	umpire --json fire --unit "Foot battery" --target RHA --distance 10 --dice 2,2,2,2,2,2,2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "every gun of the target battery is knocked out: it cannot be fired at again" ]
}

@test "small arms at a battery: at most 4 defence per gunner there (l.232)" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 1 >/dev/null
	# Bachelu, 72 French: 48 firing, +3 close, -2 gunners = 49 -> carry back
	# 20, die 5 -> 8 casualties; the gun has 3 crew: 3 gunners, 12 defence.
	umpire --json fire --unit Bachelu --target RHA --distance 2 --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 8 ]
	[ "$(json .result.defence_lost)" = 12 ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 3 ]
	[ "$(json .defence_lost)" = 12 ]
}

@test "small arms at a battery: gunners lost and 4 defence each" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	umpire --json fire --firers 12 --distance 5 --target RHA --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 1 ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json .losses)" = 1 ]
	[ "$(json .defence_lost)" = 4 ]
}

@test "adjust --state: disorder set and cleared, including an obstacle's" {
	small_oob
	"$U" move --unit Bachelu --obstacle --dice 4 >/dev/null
	umpire --json unit show Bachelu
	[ "$status" -eq 0 ]
	[ "$(json '.flags|join(",")')" = disordered ]
	umpire adjust Bachelu --state good_order --reason "left the obstacle behind"
	[ "$status" -eq 0 ]
	umpire --json unit show Bachelu
	[ "$status" -eq 0 ]
	[ "$(json '.flags|length')" = 0 ]
	umpire --json adjust Kempt --state disordered --reason "forgot the wood"
	[ "$status" -eq 0 ]
	[ "$(json '.flags|join(",")')" = disordered ]
	umpire adjust Kempt --state disordered --reason again
	expect_error 65 "Kempt is already disordered: nothing to change"
	umpire adjust Kempt --state wobbly --reason x
	expect_error 65 "the brigade rules keep no state 'wobbly': give good-order, destroyed, disordered, rallying, half-speed, broken, pushed-back, following-up or charging"
	# "ok", as the sheet says a brigade in good order, clears it too
	umpire adjust Kempt --state ok --reason "it was not disordered"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Kempt: good order (it was not disordered)" ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json '.flags|length')" = 0 ]
	"$U" undo >/dev/null
	umpire undo
	[ "$status" -eq 0 ]
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json '.flags|length')" = 0 ]
}

# l.70: "The brigade is disordered during this two move sequence."
@test "a retiring brigade is disordered for its two moves, then in order again" {
	"$U" new --rules brigade --example >/dev/null
	umpire move --unit Kempt --retire --dice 4
	[ "$status" -eq 0 ]
	has_line "  Kempt is disordered until the end of turn 2"
	"$U" turn next >/dev/null
	[ "$(uj --json unit show Kempt | jq -c .flags)" = '["disordered"]' ]
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	[ "$(uj --json unit show Kempt | jq -c .flags)" = '[]' ]
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# RULES.md: "Only infantry forms square (l.276-280; l.171's +1 a piece is
# 'against infantry in square'): cavalry or artillery in square is
# refused."  Before, a cavalry brigade set up in square drew the +1 a gun:
# 2 guns, 6 crew +2 = row 8, die 5 -> 3 casualties where row 6 gives 2.
@test "brigade: only infantry forms square; a cavalry or artillery square is refused wherever it is put" {
	small_oob
	"$U" unit add "Foot battery" --side British --type foot-artillery --guns 2 >/dev/null
	umpire unit add Ponsonby --side British --type cavalry --cavalry heavy --formation square
	expect_error 65 "--formation: 'Ponsonby' is cavalry, and only infantry forms square (l.276-280)"
	umpire unit add RHA --side French --type horse-artillery --formation square
	expect_error 65 "--formation: 'RHA' is horse-artillery, and only infantry forms square (l.276-280)"
	umpire unit set Piré --formation square
	expect_error 65 "--formation: 'Piré' is cavalry, and only infantry forms square (l.276-280)"
	umpire adjust Piré --formation square --reason "formed square"
	expect_error 65 "Piré is cavalry, and only infantry forms square (l.276-280)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
	umpire --json move --unit Piré --formation square --dice 3,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "only infantry forms square (l.276-280)" ]
	[ "$(json '.effects|length')" = 0 ]
	umpire --json unit show Piré
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = line ]
	# the battery fires at Piré in line: row 6, die 5 -> 2
	umpire --json fire --unit "Foot battery" --target Piré --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 6 ]
	[ "$(json .result.casualties)" = 2 ]
	umpire --json fire --unit "Foot battery" --target Piré --distance 20 --mod target-square --dice 2,2,5
	expect_error 65 "--mod target-square: the target is cavalry, and only infantry forms square (l.276-280)"
	# infantry may: Kempt in square, and the battery's +1 a gun: row 8 -> 3
	umpire adjust Bachelu --formation square --reason "formed square"
	[ "$status" -eq 0 ]
	umpire --json fire --unit "Foot battery" --target Bachelu --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .result.row)" = 8 ]
	[ "$(json .result.casualties)" = 3 ]
}

# l.138: "Each gunner lost represents a deduction of four points in the
# gun's defence value"; RULES.md: "Each gunner lost takes 4 from his own
# gun's defence value (l.138), the gun whose crew lost the figure."
# Bachelu's 28 firers at 5": -2 gunners = 26 -> carry back floor(26 x 5 /
# 12) = 10; row 10, die 5 -> floor(50 / 12) = 4 casualties.  4 gunners
# spread over 3 crews, the remainder to the first: 2,1,1 lost; defences
# 20 - 8, 20 - 4, 20 - 4 = 12, 16, 16: gun 1 alternate moves, guns 2 and 3
# every move (umpire gave 14,15,15: 16 points spread over the guns).
@test "brigade l.138: each gunner lost takes 4 from his own gun's defence" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 3 >/dev/null
	"$U" unit add "Foot battery" --side French --type foot-artillery --guns 2 >/dev/null
	umpire --json fire --unit Bachelu --firers 28 --target RHA --distance 5 --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 4 ]
	[ "$(json .result.defence_lost)" = 16 ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json '[.units[].strength] | map(tostring) | join(",")')" = 1,2,2 ]
	[ "$(json '.defence | map(tostring) | join(",")')" = 12,16,16 ]
	[ "$(json .defence_lost)" = 16 ]
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "      gun 1                battery       1/3  ok, defence 12: fires alternate moves"
	has_line "      gun 2                battery       2/3  ok, defence 16: fires every move"
	has_line "      gun 3                battery       2/3  ok, defence 16: fires every move"
	# counter-battery: 2 guns, 6 crew at 20" (long), die 5: floor(6 x 5 /
	# 12) = 2 points, each to the gun with the most left, the first on a
	# tie: gun 2 (16 -> 15), then gun 3 (16 -> 15): 12, 15, 15
	umpire --json fire --unit "Foot battery" --target RHA --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json '[.result.guns[].defence] | map(tostring) | join(",")')" = 12,15,15 ]
	[ "$(json .result.defence)" = 15 ]
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json '.defence | map(tostring) | join(",")')" = 12,15,15 ]
	[ "$(json .defence_lost)" = 18 ]
	# a gunner regained gives his gun its 4 back: 3 lost are 1,1,1, the
	# gunners' 16,16,16, and the artillery's 2 points go again to the most
	# left, the first on a tie: 15,15,16 (18 - 4 = 14 lost in all)
	"$U" adjust RHA --figures +1 --reason "a gunner came back" >/dev/null
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json '.defence | map(tostring) | join(",")')" = 15,15,16 ]
	[ "$(json .defence_lost)" = 14 ]
	"$U" undo >/dev/null
	"$U" undo >/dev/null
	umpire --json unit show RHA
	[ "$status" -eq 0 ]
	[ "$(json '.defence | map(tostring) | join(",")')" = 12,16,16 ]
	umpire check
	[ "$status" -eq 0 ]
}

# l.392-417 in a game: each battalion's state from its own figures left,
# at, just below and just above each edge.  One british battalion of 16:
# OK 16-11, HALT 10-8, FALL BACK 7-0; one french of 18: OK 18-12, HALT
# 11-6, FALL BACK 5-0 (figures lost one step at a time).
@test "brigade morale in a game at every band edge of a battalion" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 1 >/dev/null
	"$U" unit add Ney --side French --type infantry --class french --units 1 >/dev/null
	mstate() {
		uj --json morale --unit "$1" |
		    jq -r '"\(.result.units[0].figures_left) \(.result.units[0].state)/\(.result.state)"'
	}
	# to_left UNIT N: the figures lost that leave UNIT with N
	to_left() {
		uj adjust "$1" --figures -$(( $(uj --json unit show "$1" | jq .strength) - $2 )) \
		    --reason edge >/dev/null
	}
	# the battalion's state (the sheet's) and the brigade's (the table's)
	for want in "12 ok" "11 ok" "10 halt" "9 halt" "8 halt" "7 fall_back" "6 fall_back"; do
		to_left Kempt "${want% *}"
		[ "$(mstate Kempt)" = "$want/${want#* }" ] || { echo "Kempt: $(mstate Kempt), want $want"; return 1; }
	done
	for want in "13 ok" "12 ok" "11 halt" "7 halt" "6 halt" "5 fall_back" "4 fall_back"; do
		to_left Ney "${want% *}"
		[ "$(mstate Ney)" = "$want/${want#* }" ] || { echo "Ney: $(mstate Ney), want $want"; return 1; }
	done
}

# l.90: foot artillery "takes a complete move to unlimber or limber up,
# during which time it may not move or fire"; l.209: "Artillery may not
# move and fire."  A battery set up stands unlimbered; limbered, it does
# not fire; it moves limbered (one die); unlimbering is that move's whole,
# and it fires the move after: 2 guns, 6 crew at Piré in line: row 6,
# die 5 -> 2 casualties (as in the square test above).
@test "brigade l.90: a battery stands unlimbered; limbered it may not fire; unlimbered the move after, it fires" {
	small_oob
	"$U" unit add "Foot battery" --side British --type foot-artillery --guns 2 >/dev/null
	umpire --json unit show "Foot battery"
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
	umpire --json move --unit "Foot battery" --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "an unlimbered battery takes a complete move to limber up before it moves (--formation limbered), or is manhandled (brigade.txt l.90)" ]
	umpire --json move --unit "Foot battery" --formation limbered --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.inches)" = 0 ]
	[ "$(jsonc .dice)" = "[]" ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = limbered ]
	"$U" turn next >/dev/null
	fire_refused "limbered artillery may not fire: it takes a complete move to unlimber (brigade.txt l.90; Foot battery is limbered)" --unit "Foot battery" --target Piré --distance 20 --dice 2,2,5
	umpire turn
	[ "$status" -eq 0 ]
	has_line "    may not: fire (brigade.txt l.90: it is limbered)"
	# limbered, it moves at one die
	umpire --json move --unit "Foot battery" --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 4 ]
	"$U" turn next >/dev/null
	umpire --json move --unit "Foot battery" --formation unlimbered --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "unlimbers: a complete move" ]
	umpire --json fire --unit "Foot battery" --target Piré --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "artillery may not move and fire (brigade.txt l.209; Foot battery moved in event #7)" ]
	"$U" turn next >/dev/null
	umpire --json fire --unit "Foot battery" --target Piré --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.row)" = 6 ]
	[ "$(json .result.casualties)" = 2 ]
}

@test "brigade: only artillery limbers or unlimbers, and a battery stands in no line" {
	small_oob
	"$U" unit add "Foot battery" --side British --type foot-artillery --guns 2 >/dev/null
	umpire unit add Ponsonby --side British --type cavalry --cavalry heavy --formation limbered
	expect_error 65 "--formation: 'Ponsonby' is cavalry, and only artillery limbers up (l.90-94)"
	umpire adjust Kempt --formation unlimbered --reason "a slip"
	expect_error 65 "Kempt is infantry, and only artillery unlimbers (l.90-94)"
	umpire unit set "Foot battery" --formation line
	expect_error 65 "--formation: 'Foot battery' is foot-artillery, and artillery stands limbered or unlimbered, not in line (l.90, l.94)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
	# on a road it marches in column (l.90)
	umpire adjust "Foot battery" --formation march-column --reason "on the road"
	[ "$status" -eq 0 ]
}

# A game of schema 10 gains the batteries' formations and the limbered
# fire modifier; it keeps every type in line, its own values, and its
# battery, set up before, stands unlimbered.
@test "a brigade game of schema 10 gains limbered and unlimbered, and keeps its line for every type" {
	small_oob
	"$U" unit add "Foot battery" --side British --type foot-artillery --guns 2 >/dev/null
	before_batteries brigade
	umpire check
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	[ "$(formation_words brigade)" = "line,march-column,attack-column,square,limbered,unlimbered" ]
	umpire tables diff
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "formations: row 1 (line), types: stock infantry|cavalry|skirmishers, game any" "formations: row 3 (attack-column), types: stock infantry|cavalry|skirmishers, game any")" ]
	umpire --json unit show "Foot battery"
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
	"$U" adjust "Foot battery" --formation limbered --reason "limbered up" >/dev/null
	umpire --json fire --unit "Foot battery" --target Piré --distance 20 --dice 2,2,5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}
