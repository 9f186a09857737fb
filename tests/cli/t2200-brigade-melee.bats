#!/usr/bin/env bats
# brigade melee: carry back both ways, modifiers, defenders' fire, the
# margin-of-2 decision and the push-back number.
load helper

melee() { umpire --json --rules brigade melee "$@"; }

@test "24 against 16: the attacker inflicts 3, takes 1, wins by 2" {
	melee --attacker-figures 24 --defender-figures 16 --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .result.defender_casualties)" = 3 ]
	[ "$(json .result.attacker_casualties)" = 1 ]
	[ "$(json .result.outcome)" = attacker_wins ]
	[ "$(json .result.pushback)" = 1 ]
	[ "$(json '.dice|join(",")')" = "4,3" ]
}

@test "a margin of 0 is a draw with no push back" {
	melee --attacker-figures 16 --defender-figures 16 --dice 4,4
	[ "$(json .result.outcome)" = draw ]
	[ "$(json .result.pushback)" = null ]
}

@test "5:6 is a draw: a margin of 1 decides nothing" {
	melee --attacker-figures 16 --defender-figures 16 --dice 5,3
	[ "$(json .result.defender_casualties)" = 2 ]
	[ "$(json .result.attacker_casualties)" = 1 ]
	[ "$(json .result.outcome)" = draw ]
}

@test "the defender wins by 2 or more" {
	melee --attacker-figures 12 --defender-figures 36 --dice 2,5
	[ "$(json .result.outcome)" = defender_wins ]
	[ "$(json .result.pushback)" = 1 ]
}

@test "the loser's third continuous push back breaks the brigade" {
	melee --attacker-figures 12 --defender-figures 36 --attacker-pushbacks 2 --dice 2,5
	[ "$(json .result.pushback)" = 3 ]
	[ "$(json .result.breaks)" = true ]
	[ "$(json .summary)" = "defender wins (attacker loses 6, defender 0): the attacker is pushed back (push back 3); it breaks and flees the field; the winner must rally" ]
}

@test "modifiers add figures, named by side" {
	melee --attacker-figures 16 --defender-figures 16 --attacker-mod elite,stationary-target --defender-mod disordered --dice 4,4
	[ "$(json .result.attacker_total)" = 22 ]
	[ "$(json .result.defender_total)" = 10 ]
	[ "$(json '[.modifiers[].name]|join(",")')" = "attacker:elite,attacker:stationary-target,defender:disordered" ]
}

@test "an infantry column charge adds 20 per brigade" {
	melee --attacker-figures 24 --defender-figures 16 --attacker-mod column-charge --dice 4,3
	[ "$(json .result.attacker_total)" = 44 ]
}

@test "no column impetus against defences" {
	melee --attacker-figures 24 --defender-figures 16 --attacker-mod column-charge --defender-mod defences --dice 4,3
	[ "$(json .result.attacker_total)" = 24 ]
	[ "$(json .result.defender_total)" = 19 ]
}

@test "brigade l.256: lancers +1 in the first round only, whether the melee went on after a draw or a push back" {
	melee --attacker-figures 36 --defender-figures 36 --attacker-mod lancers --dice 4,4
	[ "$(json .result.attacker_total)" = 37 ]
	# after a draw: the next round of the same melee
	melee --attacker-figures 36 --defender-figures 36 --attacker-mod lancers --round 2 --dice 4,4
	[ "$(json .result.attacker_total)" = 36 ]
	# after a push back of either side in this melee: round 2 at least
	melee --attacker-figures 36 --defender-figures 36 --attacker-mod lancers --defender-pushbacks 1 --dice 4,4
	[ "$(json .result.attacker_total)" = 36 ]
	[ "$(json '[.modifiers[] | "\(.name)=\(.value)"] | join(",")')" = "attacker:lancers=0" ]
	melee --attacker-figures 36 --defender-figures 36 --attacker-mod lancers --attacker-pushbacks 1 --dice 4,4
	[ "$(json .result.attacker_total)" = 36 ]
	melee --attacker-figures 36 --defender-figures 36 --defender-mod lancers --defender-pushbacks 2 --round 1 --dice 4,4
	[ "$(json .result.defender_total)" = 36 ]
}

@test "cavalry modifiers: heavy v light +6, square v cavalry +9" {
	melee --attacker-figures 36 --defender-figures 16 --attacker-mod heavy-v-light,charging-cavalry --defender-mod square-vs-cavalry --dice 4,4
	[ "$(json .result.attacker_total)" = 45 ]
	[ "$(json .result.defender_total)" = 25 ]
}

@test "attacking the rear: the defenders cannot fight, their die unused" {
	melee --attacker-figures 16 --defender-figures 16 --attacker-mod rear --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_casualties)" = 0 ]
	[ "$(json .result.attacker_total)" = 22 ]
	melee --attacker-figures 16 --defender-figures 16 --attacker-mod flank --dice 4,5
	[ "$status" -eq 0 ]
	[ "$(json '.dice|length')" = 1 ]
}

@test "defenders' fire at close range counts into the melee total" {
	melee --attacker-figures 24 --defender-figures 16 --defender-firers 12 --dice 4,3,5,4
	[ "$(json .result.defenders_fire)" = close ]
	[ "$(json .result.fire_casualties)" = 2 ]
	[ "$(json .result.attacker_casualties)" = 3 ]
	[ "$(json '.dice|join(",")')" = "4,3,5,4" ]
}

@test "defenders' fire: 1-2 no firing, the fire die unused" {
	melee --attacker-figures 24 --defender-figures 16 --defender-firers 12 --dice 4,3,2
	[ "$status" -eq 0 ]
	[ "$(json .result.defenders_fire)" = none ]
	[ "$(json .result.fire_casualties)" = 0 ]
}

@test "defenders' fire: 3-4 long range; elite +1 turns 4 into close" {
	melee --attacker-figures 24 --defender-figures 16 --defender-firers 12 --dice 4,3,4,4
	[ "$(json .result.defenders_fire)" = long ]
	melee --attacker-figures 24 --defender-figures 16 --defender-firers 12 --defender-mod elite --dice 4,3,4,4
	[ "$(json .result.defenders_fire)" = close ]
}

@test "melee needs both sides' figures" {
	umpire --rules brigade melee --attacker-figures 16 --dice 4,4
	expect_error 64 "give --attacker-figures N and --defender-figures N"
}

@test "melee takes two average dice" {
	umpire --rules brigade melee --attacker-figures 16 --defender-figures 16 --dice 4
	expect_error 65 "too few dice: die 2 should be the defender's average die (2-5)"
}

@test "an unknown melee modifier is bad data" {
	umpire --rules brigade melee --attacker-figures 16 --defender-figures 16 --attacker-mod bayonets --dice 4,4
	expect_error 65 "--attacker-mod: 'bayonets' is not a brigade melee modifier (see 'umpire melee --rules brigade --help')"
}

@test "brigade l.41: a marching column attacked in melee inflicts nothing and takes the attacker's casualties" {
	# 24 figures, carry back: row 24, last column 10; row 10, die 4: 3
	melee --attacker-figures 24 --defender-figures 16 --defender-mod march-column --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.defender_casualties)" = 3 ]
	[ "$(json .result.attacker_casualties)" = 0 ]
	[ "$(json .result.outcome)" = attacker_wins ]
	[ "$(json .result.pushback)" = 1 ]
	[ "$(json '.dice|join(",")')" = 4 ]
	# nor do they fire at the charge: no firing d6 is taken
	melee --attacker-figures 24 --defender-figures 16 --defender-mod march-column --defender-firers 16 --dice 4
	[ "$(json .result.attacker_casualties)" = 0 ]
	[ "$(json .result.defenders_fire)" = null ]
	[ "$(json '.dice|join(",")')" = 4 ]
	# 1 casualty (row 12, last column 5; row 5, die 3: 1): a draw
	melee --attacker-figures 12 --defender-figures 16 --defender-mod march-column --dice 3
	[ "$(json .result.defender_casualties)" = 1 ]
	[ "$(json .result.outcome)" = draw ]
	# an attacker in march column cannot attack: refused, no dice used
	melee --attacker-figures 24 --defender-figures 16 --attacker-mod march-column --dice 4,4
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "marching columns cannot fire or fight whilst marching" ]
	[ "$(json .result.outcome)" = null ]
	[ "$(json '.dice|length')" = 0 ]
}
