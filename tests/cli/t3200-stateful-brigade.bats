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
	[ "$(json .losses)" = 2 ]
	[ "$(json '[.units[].strength]|join(",")')" = "15,15,16,16" ]
}

@test "three losses of one figure leave 1,1,1,0 lost" {
	small_oob
	for i in 1 2 3; do "$U" adjust Kempt --figures -1 --reason test >/dev/null; done
	umpire --json unit show Kempt
	[ "$(json '[.units[].strength]|join(",")')" = "15,15,15,16" ]
}

@test "fire --unit takes the firers from the unit's current strength" {
	small_oob
	umpire --json fire --unit Kempt --target Bachelu --distance 5 --dice 4
	[ "$(json .result.row)" = 64 ]
	"$U" adjust Kempt --figures -4 --reason test >/dev/null
	umpire --json fire --unit Kempt --target Bachelu --distance 5 --dice 4
	[ "$(json .result.row)" = 60 ]
}

@test "three-rank French blocks fire with their front two ranks" {
	small_oob
	umpire --json fire --unit Bachelu --target Kempt --distance 5 --dice 4
	[ "$(json .result.row)" = 48 ]
}

@test "an explicit option overrides the stored value and is journalled" {
	small_oob
	umpire --json fire --unit Kempt --firers 12 --target Bachelu --distance 5 --dice 4
	[ "$(json .result.row)" = 12 ]
	[[ "$(sqlite3 umpire.db 'SELECT args FROM event WHERE id = 1')" == *'"--firers","12"'* ]]
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
	[[ "$output" == *"Kempt loses 22 figures (42 left)"* ]]
	[[ "$output" == *"Kempt, 1st battalion now HALT"* ]]
	[[ "$output" == *"Kempt, 2nd battalion now HALT"* ]]
	[[ "$output" != *"3rd battalion now"* ]]
	[[ "$output" == *"recorded as event 1"* ]]
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
	umpire --json melee --attacker Bachelu --defender Pack --dice 4,3
	[ "$(json .result.attacker_total)" = 72 ]
	[ "$(json .result.defender_total)" = 67 ]
	[[ "$(json '[.modifiers[].name]|join(",")')" == *"defender:elite"* ]]
}

@test "a purely cavalry brigade counts 36 less casualties; weights and lancers from ratings" {
	small_oob
	"$U" unit add Somerset --side British --type cavalry --cavalry heavy >/dev/null
	"$U" adjust Piré --figures -6 --reason test >/dev/null
	umpire --json melee --attacker Somerset --defender Piré --dice 4,4
	[ "$(json .result.attacker_total)" = 42 ]
	[ "$(json .result.defender_total)" = 31 ]
}

@test "push backs are recorded with their number in the run and the count" {
	small_oob
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$(json .result.pushback)" = 1 ]
	[[ "$output" == *'"what":"pushback","amount":1'* ]]
	"$U" turn next >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$(json .result.pushback)" = 2 ]
	umpire --json unit show Kempt
	[ "$(json .pushbacks.run)" = 2 ]
	[ "$(json .pushbacks.total)" = 2 ]
}

@test "three continuous push backs break the brigade, and the output says so" {
	small_oob
	for t in 1 2 3; do
		umpire melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
		"$U" turn next >/dev/null
	done
	[[ "$output" == *"push back 3"* ]]
	[[ "$output" == *"Kempt breaks and flees the field (three continuous push backs)"* ]]
	umpire --json unit show Kempt
	[ "$(json .state)" = broken ]
	[ "$(json '.flags|join(",")')" = broken ]
}

@test "a turn without a push back starts a new run" {
	small_oob
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	"$U" turn next >/dev/null
	"$U" turn next >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2
	[ "$(json .result.pushback)" = 1 ]
	umpire --json unit show Kempt
	[ "$(json .pushbacks.total)" = 2 ]
}

@test "melee --new and another enemy start a new run" {
	small_oob
	"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 5,2 >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --new --dice 5,2
	[ "$(json .result.pushback)" = 1 ]
	umpire --json melee --attacker Piré --defender Kempt --attacker-mod heavy-v-light,charging-cavalry --dice 5,2
	[ "$(json .result.pushback)" = 1 ]
}

@test "six cumulative push backs break the brigade" {
	small_oob
	for i in 1 2 3 4 5 6; do
		umpire melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --new --dice 5,2
	done
	[[ "$output" == *"Kempt breaks and flees the field (six cumulative push backs)"* ]]
}

@test "a drawn melee stays open: the next round is the same melee" {
	small_oob
	umpire melee --attacker Bachelu --defender Pack --dice 3,3
	[[ "${lines[0]}" == "draw "* ]]
	[[ "$output" == *"the melee of Bachelu and Pack stays open: round 2 next turn"* ]]
	umpire --json melee --attacker Bachelu --defender Pack --dice 4,4
	[ "$(sqlite3 umpire.db "SELECT total FROM effect WHERE kind = 'melee' AND event = 2 LIMIT 1")" = 2 ]
	umpire --json melee --attacker Bachelu --defender Pack --new --dice 4,4
	[ "$(sqlite3 umpire.db "SELECT total FROM effect WHERE kind = 'melee' AND event = 3 LIMIT 1")" = 1 ]
}

@test "lancers count in the first round of a melee only" {
	small_oob
	umpire --json melee --attacker Piré --defender Kempt --dice 5,3
	[ "$(json .result.attacker_total)" = 37 ]
	[ "$(json .result.outcome)" = draw ]
	umpire --json melee --attacker Piré --defender Kempt --dice 5,3
	[ "$(json .result.attacker_total)" = 30 ]
}

@test "move --unit takes the type and records disorder; a rally clears it" {
	small_oob
	umpire --json move --unit Piré --obstacle --dice 4,4
	[ "$(json .result.inches)" = 4 ]
	umpire --json unit show Piré
	[ "$(json '.flags|join(",")')" = disordered ]
	umpire --json fire --unit Piré --target Kempt --distance 2
	[ "$(json .legal)" = false ]
	umpire --json rally --unit Piré --after follow-up --attempt 3
	[[ "$output" == *'"what":"disordered","amount":0'* ]]
	umpire --json unit show Piré
	[ "$(json '.flags|length')" = 0 ]
}

@test "a disordered unit is -6 in melee" {
	small_oob
	"$U" move --unit Bachelu --obstacle --dice 4 >/dev/null
	umpire --json melee --attacker Bachelu --defender Kempt --dice 4,4
	[ "$(json .result.attacker_total)" = 66 ]
}

@test "an unknown unit is bad data and nothing is recorded" {
	small_oob
	umpire fire --firers 16 --distance 2 --target Wellington --dice 4
	expect_error 65 "unit 'Wellington' not found"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "bad dice in the stateful form: nothing recorded" {
	small_oob
	umpire fire --firers 16 --distance 2 --target Kempt --dice 7
	expect_error 65 "7 is not a face of the average die"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "a melee in the game names both sides" {
	small_oob
	umpire melee --attacker Bachelu --dice 4,4
	expect_error 64 "a melee in the game names both --attacker and --defender"
}

@test "a unit named twice in one ruling is refused" {
	small_oob
	umpire melee --attacker Kempt --defender Kempt --dice 4,4
	expect_error 65 "'Kempt' is named twice in one ruling"
}

@test "a formation cannot take part in a ruling" {
	small_oob
	"$U" unit add "II Corps" --side French --type corps >/dev/null
	umpire fire --firers 16 --distance 2 --target "II Corps" --dice 4
	expect_error 65 "'II Corps' is a formation"
}

@test "artillery at a battery: counter-battery defence recorded per battery" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	"$U" unit add "Foot battery" --side French --type foot-artillery --guns 2 >/dev/null
	umpire --json fire --unit "Foot battery" --target RHA --distance 20 --dice 2,3,5
	[ "$(json .result.defence)" = 18 ]
	umpire --json unit show RHA
	[ "$(json .defence_lost)" = 2 ]
	[ "$(json .losses)" = 0 ]
}

@test "small arms at a battery: gunners lost and 4 defence each" {
	small_oob
	"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
	umpire --json fire --firers 12 --distance 5 --target RHA --dice 5
	[ "$(json .result.casualties)" = 1 ]
	umpire --json unit show RHA
	[ "$(json .losses)" = 1 ]
	[ "$(json .defence_lost)" = 4 ]
}
