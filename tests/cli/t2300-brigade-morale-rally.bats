#!/usr/bin/env bats
# brigade morale bands by class, and every rally case.
load helper

morale() { umpire --json --rules brigade morale "$@"; }
rally() { umpire --json --rules brigade rally "$@"; }

band() {
	morale --class "$1" --figures "$2"
	[ "$status" -eq 0 ] || return 1
	[ "$(json .result.state)" = "$3" ] || { echo "$1 $2: $(json .result.state), expected $3"; return 1; }
	[ "$(json .result.figures_left)" = "$2" ]
}

@test "guards: 24-16 ok, 15-8 halt, 7-0 fall back" {
	band guards 24 ok; band guards 16 ok; band guards 15 halt
	band guards 8 halt; band guards 7 fall_back; band guards 0 fall_back
}

@test "british: 16-11 ok, 10-8 halt, 7-0 fall back" {
	band british 16 ok; band british 11 ok; band british 10 halt
	band british 8 halt; band british 7 fall_back
}

@test "french: 18-12 ok, 11-6 halt, 5-0 fall back" {
	band french 18 ok; band french 12 ok; band french 11 halt
	band french 6 halt; band french 5 fall_back
}

@test "prussian and cavalry: 12-8 ok, 7-5 halt, 4-0 fall back" {
	band prussian 12 ok; band prussian 8 ok; band prussian 7 halt
	band prussian 5 halt; band prussian 4 fall_back
	band cavalry 8 ok; band cavalry 7 halt; band cavalry 4 fall_back
}

@test "divisional cavalry: 6-4 ok, 3-2 halt, 1-0 fall back" {
	band divcav 6 ok; band divcav 4 ok; band divcav 3 halt
	band divcav 2 halt; band divcav 1 fall_back
}

@test "morale needs no dice and says so in text" {
	umpire --rules brigade morale --class british --figures 9
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "british unit with 9 figures left: HALT" ]
}

@test "more figures than a full unit is bad data" {
	umpire --rules brigade morale --class british --figures 17
	expect_error 65 "--figures: 17 is more than a full british unit (16 figures)"
}

@test "an unknown class is bad data" {
	umpire --rules brigade morale --class hussars --figures 5
	expect_error 65 "--class: 'hussars' is not a class of the morale-bands table (guards, british, french, prussian, cavalry, divcav)"
}

@test "rally after following up: first attempt 5-6" {
	rally --after follow-up --attempt 1 --dice 4
	[ "$(json .result.rallied)" = false ]
	rally --after follow-up --attempt 1 --dice 5
	[ "$(json .result.rallied)" = true ]
	[ "$(json .result.moves_rallying)" = 1 ]
	[ "$(json .result.moves_half_speed)" = 0 ]
}

@test "rally after following up: second attempt 4-6" {
	rally --after follow-up --attempt 2 --dice 3
	[ "$(json .result.rallied)" = false ]
	rally --after follow-up --attempt 2 --dice 4
	[ "$(json .result.rallied)" = true ]
}

@test "rally after the third follow up is automatic and takes no die" {
	rally --after follow-up --attempt 3
	[ "$status" -eq 0 ]
	[ "$(json .result.rallied)" = true ]
	[ "$(json '.dice|length')" = 0 ]
}

@test "rally after being pushed back: as many moves rallying, as many at half speed" {
	rally --after push-back --pushbacks 2
	[ "$status" -eq 0 ]
	[ "$(json .result.rallied)" = true ]
	[ "$(json .result.moves_rallying)" = 2 ]
	[ "$(json .result.moves_half_speed)" = 2 ]
}

@test "after three push backs the brigade cannot rally" {
	rally --after push-back --pushbacks 3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .result.rallied)" = false ]
}

@test "halting a pursuit: 6 after one move, 5-6 after two, 4-6 after three" {
	rally --after pursuit --moves 1 --dice 5
	[ "$(json .result.rallied)" = false ]
	rally --after pursuit --moves 1 --dice 6
	[ "$(json .result.rallied)" = true ]
	[ "$(json .result.moves_rallying)" = 1 ]
	rally --after pursuit --moves 2 --dice 5
	[ "$(json .result.rallied)" = true ]
	rally --after pursuit --moves 3 --dice 4
	[ "$(json .result.rallied)" = true ]
}

@test "after three moves of pursuit the pursuers must halt; cavalry also at half speed" {
	rally --after pursuit --moves 3 --type cavalry --dice 1
	[ "$(json .result.rallied)" = true ]
	[ "$(json .result.moves_rallying)" = 3 ]
	[ "$(json .result.moves_half_speed)" = 3 ]
}

@test "winners after three continuous push backs rally 3 and 3" {
	rally --after continuous-pushbacks
	[ "$(json .result.moves_rallying)" = 3 ]
	[ "$(json .result.moves_half_speed)" = 3 ]
}

@test "rally needs --after" {
	umpire --rules brigade rally --dice 5
	expect_error 64 "give --after follow-up|push-back|pursuit|continuous-pushbacks"
}

@test "rally takes a d6: 7 is bad data" {
	umpire --rules brigade rally --after follow-up --attempt 1 --dice 7
	expect_error 65 "die 1 is the rally d6: 7 is not a face of a d6"
}
