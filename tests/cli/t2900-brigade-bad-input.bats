#!/usr/bin/env bats
# The bad-input catalogue: each rejected input gives one sentence on
# stderr, the CLI.md exit status and nothing on stdout.
load helper

fire() { umpire --json --rules brigade fire "$@"; }

@test "an average die of 6 or 1 is not a face" {
	fire --firers 16 --distance 2 --dice 6
	expect_error 65 "die 1 is the firers' average die: 6 is not a face of the average die (2-5)"
	fire --firers 16 --distance 2 --dice 1
	expect_error 65 "die 1 is the firers' average die: 1 is not a face of the average die (2-5)"
}

@test "a misfire d6 of 7 names the die and its position" {
	fire --guns 2 --distance 20 --dice 3,7,4
	expect_error 65 "die 2 is the misfire d6 for gun 2: 7 is not a face of a d6"
}

@test "a face that is not a number" {
	fire --firers 16 --distance 2 --dice four
	expect_error 65 "--dice: 'four' is not a die face: give the faces shown as whole numbers, comma-separated (e.g. --dice 4 or --dice 6,6)"
	fire --firers 16 --distance 2 --dice 4,
	expect_error 65 "--dice: '4,' is not a list of die faces (e.g. --dice 4 or --dice 6,6)"
}

@test "too few dice names the die expected" {
	fire --guns 2 --distance 20 --dice 3,4
	expect_error 65 "too few dice: die 3 should be the battery's average die (2-5)"
}

@test "too many dice" {
	fire --firers 16 --distance 2 --dice 4,4
	expect_error 65 "too many dice: 2 given, the ruling uses 1 (drop the ones after it)"
}

@test "no dice at all is a usage error naming the dice needed" {
	fire --guns 2 --distance 20
	expect_error 64 "needs dice: misfire d6 for gun 1, misfire d6 for gun 2, battery's average die; give the faces with --dice or let umpire roll with --roll"
}

@test "--dice with --roll is a usage error" {
	fire --firers 16 --distance 2 --dice 4 --roll
	expect_error 64 "give --dice (the faces shown) or --roll, not both"
}

@test "a bad seed is bad data" {
	fire --firers 16 --distance 2 --roll --seed -1
	expect_error 65 "--seed: '-1' is not a whole number from 0 to 9007199254740991"
}

@test "a negative distance" {
	fire --firers 16 --distance -2 --dice 4
	expect_error 65 "--distance: -2 is negative; a distance is 0 to 1000 inches"
}

@test "NaN and infinite distances" {
	for d in nan NaN inf -inf infinity; do
		fire --firers 16 --distance "$d" --dice 4
		[ "$status" -eq 65 ] || { echo "$d: $status"; return 1; }
		[ -z "$output" ] || { echo "$d: stdout $output"; return 1; }
	done
}

@test "a distance past 1000 inches" {
	fire --firers 16 --distance 1000.5 --dice 4
	expect_error 65 "--distance: 1000.5 is too far; a distance is 0 to 1000 inches"
	fire --firers 16 --distance 1e9 --dice 4
	expect_error 65 "--distance: '1e9' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
}

@test "a distance with a unit umpire does not know" {
	fire --firers 16 --distance 5x --dice 4
	expect_error 65 "--distance: '5x' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
	fire --firers 16 --distance 5ft --dice 4
	expect_error 65 "--distance: '5ft' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
}

@test "a huge figure count" {
	fire --firers 100001 --distance 2 --dice 4
	expect_error 65 "--firers: 100001 is out of range; expected a whole number from 0 to 100000"
	fire --firers 99999999999999999999 --distance 2 --dice 4
	expect_error 65 "--firers: 99999999999999999999 is out of range; expected a whole number from 0 to 100000"
}

@test "a negative or fractional figure count" {
	fire --firers -16 --distance 2 --dice 4
	expect_error 65 "--firers: -16 is negative; expected a whole number from 0 to 100000"
	fire --firers 16.5 --distance 2 --dice 4
	expect_error 65 "--firers: '16.5' is not a whole number; expected 0 to 100000"
}

@test "zero guns makes no sense" {
	fire --guns 0 --distance 2 --dice 4
	expect_error 65 "--guns: 0 is out of range; expected a whole number from 1 to 100000"
}

@test "an unknown modifier" {
	fire --firers 16 --distance 2 --mod flanking --dice 4
	expect_error 65 "--mod: 'flanking' is not a brigade fire modifier (see 'umpire fire --rules brigade --help')"
}

@test "a misspelt modifier is told the ones near it" {
	umpire --rules fury fire --fire-points 3 --mod enfilad --dice 3,3
	expect_error 65 "umpire: fire: --mod: 'enfilad' is not a fury fire modifier (did you mean 'enfilade'? see 'umpire fire --rules fury --help')"
}

@test "an automatic modifier cannot be named" {
	fire --firers 16 --distance 2 --mod close --dice 4
	expect_error 65 "--mod: 'close' is not a brigade fire modifier (see 'umpire fire --rules brigade --help')"
}

@test "a modifier named twice" {
	fire --firers 16 --distance 2 --mod hard-cover,hard-cover --dice 4
	expect_error 65 "--mod: modifier 'hard-cover' is named twice"
}

@test "an unknown choice" {
	fire --firers 16 --weapon bow --distance 2 --dice 4
	expect_error 65 "--weapon: 'bow' is not one of musket, rifle"
}

@test "an unknown option" {
	fire --firers 16 --distance 2 --frobnicate --dice 4
	expect_error 64 "unknown option '--frobnicate' for brigade fire (see 'umpire fire --rules brigade --help')"
}

@test "fire needs a distance" {
	fire --firers 16 --dice 4
	expect_error 64 "give --distance D (inches)"
}

@test "fire needs firers, guns or a rocket" {
	fire --distance 2 --dice 4
	expect_error 64 "give --firers N (infantry), --guns N (artillery) or --rocket; in a game, --unit NAME reads them"
	fire --firers 16 --guns 2 --distance 2 --dice 4
	expect_error 64 "give only one of --firers (infantry), --guns (artillery) and --rocket"
}
