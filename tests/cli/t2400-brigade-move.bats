#!/usr/bin/env bats
# brigade move: every movement case.
load helper

move() { umpire --json --rules brigade move "$@"; }
inches() {
	move "$@"
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	json .result.inches
}

@test "infantry in line: one die" {
	[ "$(inches --type infantry --dice 4)" = 4 ]
}

@test "infantry in attack column: one die +2" {
	[ "$(inches --type infantry --formation attack-column --dice 4)" = 6 ]
}

@test "infantry in square: half dice speed, unrounded" {
	[ "$(inches --type infantry --formation square --dice 3)" = 1.5 ]
}

@test "cavalry and horse artillery: two dice; foot artillery one" {
	[ "$(inches --type cavalry --dice 3,4)" = 7 ]
	[ "$(inches --type horse-artillery --dice 3,4)" = 7 ]
	[ "$(inches --type foot-artillery --dice 3)" = 3 ]
}

@test "skirmishers: white in full plus coloured halved (1->0, 3->1, 5->2, 6->3)" {
	[ "$(inches --type skirmishers --dice 4,1)" = 4 ]
	[ "$(inches --type skirmishers --dice 4,3)" = 5 ]
	[ "$(inches --type skirmishers --dice 4,5)" = 6 ]
	[ "$(inches --type skirmishers --dice 6,6)" = 9 ]
}

@test "the road: +50% in march column only" {
	[ "$(inches --type infantry --formation march-column --road --dice 4)" = 6 ]
	[ "$(inches --type infantry --road --dice 4)" = 4 ]
}

@test "terrain: difficult 1/2, very difficult 1/4" {
	[ "$(inches --type infantry --terrain difficult --dice 4)" = 2 ]
	[ "$(inches --type infantry --terrain very-difficult --dice 4)" = 1 ]
}

@test "marching columns cannot enter difficult terrain" {
	move --type infantry --formation march-column --terrain difficult --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .result.inches)" = 0 ]
}

@test "an obstacle: half speed and disordered; penalties multiply" {
	move --type infantry --obstacle --dice 4
	[ "$(json .result.inches)" = 2 ]
	[ "$(json .result.disordered)" = true ]
	[ "$(inches --type cavalry --obstacle --terrain difficult --dice 4,4)" = 2 ]
}

@test "artillery cannot cross linear obstacles" {
	move --type foot-artillery --obstacle --dice 4
	[ "$(json .legal)" = false ]
}

@test "each 90 degrees of turn costs 25%" {
	[ "$(inches --type infantry --turn 90 --dice 4)" = 3 ]
	[ "$(inches --type infantry --turn 180 --dice 4)" = 2 ]
	move --type infantry --turn 180 --dice 4
	[ "$(json '.modifiers[0].factor')" = 0.5 ]
}

@test "a turn that is not a multiple of 90 is bad data" {
	umpire --rules brigade move --type infantry --turn 45 --dice 4
	expect_error 65 "--turn: 45 is not a multiple of 90 degrees"
}

@test "charging cavalry: two dice; against cavalry 2.5 dice" {
	[ "$(inches --type cavalry --charge --dice 3,4)" = 7 ]
	[ "$(inches --type cavalry --charge --target-type cavalry --dice 3,4,5)" = 9 ]
}

@test "charging infantry: in column only, one die +2" {
	[ "$(inches --type infantry --formation attack-column --charge --dice 4)" = 6 ]
	move --type infantry --charge --dice 4
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "infantry charge in column only (--formation attack-column)" ]
}

@test "horse artillery 'charge': half speed and unlimber" {
	[ "$(inches --type horse-artillery --charge --dice 3,4)" = 3.5 ]
}

@test "fleeing and pursuing: full speed for type, no dice" {
	[ "$(inches --type infantry --fleeing)" = 6 ]
	[ "$(inches --type cavalry --fleeing)" = 12 ]
	[ "$(inches --type skirmishers --fleeing)" = 9 ]
	move --type cavalry --pursuit
	[ "$(json .result.inches)" = 12 ]
	[ "$(json .result.disordered)" = true ]
	[ "$(json '.dice|length')" = 0 ]
}

@test "push backs: infantry 1/2, 3/4, 1 dice; cavalry 1, 1.5, 2 dice" {
	[ "$(inches --type infantry --pushback 1 --dice 4)" = 2 ]
	[ "$(inches --type infantry --pushback 2 --dice 4)" = 3 ]
	[ "$(inches --type infantry --pushback 3 --dice 4)" = 4 ]
	[ "$(inches --type cavalry --pushback 1 --dice 4)" = 4 ]
	[ "$(inches --type cavalry --pushback 2 --dice 4,5)" = 6 ]
	[ "$(inches --type cavalry --pushback 3 --dice 4,5)" = 9 ]
}

@test "follow ups: infantry 1/4, 1/2, 3/4 dice; cavalry 1/2, 1, 1.5 dice" {
	[ "$(inches --type infantry --follow-up 1 --dice 4)" = 1 ]
	[ "$(inches --type infantry --follow-up 3 --dice 4)" = 3 ]
	[ "$(inches --type cavalry --follow-up 1 --dice 3)" = 1.5 ]
	[ "$(inches --type cavalry --follow-up 3 --dice 4,3)" = 5 ]
}

@test "follow up and fire: a d6 per follow up" {
	[ "$(inches --type infantry --follow-up 1 --and-fire --dice 2)" = 0.5 ]
	[ "$(inches --type infantry --follow-up 2 --and-fire --dice 5)" = 2 ]
	[ "$(inches --type infantry --follow-up 3 --and-fire --dice 3)" = 2 ]
}

@test "follow up and fire is for infantry only" {
	move --type cavalry --follow-up 1 --and-fire --dice 4
	[ "$(json .legal)" = false ]
}

@test "manhandled guns: 1 inch, 0.5 for 12pdr and over" {
	[ "$(inches --type foot-artillery --manhandle)" = 1 ]
	[ "$(inches --type foot-artillery --manhandle --heavy)" = 0.5 ]
	[ "$(inches --type horse-artillery --manhandle)" = 1 ]
	move --type infantry --manhandle
	[ "$(json .legal)" = false ]
}

@test "retiring infantry: half speed, disordered, two moves" {
	move --type infantry --retire --dice 4
	[ "$(json .result.inches)" = 2 ]
	[ "$(json .result.disordered)" = true ]
	[ "$(json .result.retire_moves)" = 2 ]
	move --type cavalry --retire --dice 4,4
	[ "$(json .result.retire_moves)" = 4 ]
}

@test "a changed general order takes effect after a d6 of moves" {
	move --order-change --dice 3
	[ "$(json .result.delay_moves)" = 3 ]
}

@test "one special move at a time" {
	umpire --rules brigade move --type infantry --fleeing --retire
	expect_error 64 "give only one of --charge, --fleeing, --pursuit, --pushback, --follow-up, --manhandle, --retire and --order-change"
}

@test "move needs a type" {
	umpire --rules brigade move --dice 4
	expect_error 64 "give --type infantry|cavalry|foot-artillery|horse-artillery|skirmishers"
}

@test "move needs dice unless fleeing" {
	umpire --rules brigade move --type cavalry
	expect_error 64 "needs dice: white movement d6, white movement d6; give the faces with --dice or let umpire roll with --roll"
}
