#!/usr/bin/env bats
# squares in a game: hit markers recorded, morale outcomes applied, rally
# removes hits, the sheet shows hits, undo.
load helper

game() {
	"$U" new --rules squares >/dev/null
	"$U" unit add "Ney's 1st" --side French --type infantry --skirmish d8 --quality d8 --morale d8 >/dev/null
	"$U" unit add Cuirassiers --side French --type cavalry --quality d10 --morale d10 --heavy >/dev/null
	"$U" unit add "IR 4" --side Austrian --type infantry --skirmish d6 --quality d8 --morale d8 >/dev/null
	"$U" unit add Battery --side Austrian --type foot-artillery --morale d8 >/dev/null
	"$U" unit add Uhlans --side Austrian --type cavalry --quality d8 --morale d8 --light >/dev/null
}

hits() {
	uj --json unit show "$1" | jq -r .hits
}

@test "ratings are checked" {
	"$U" new --rules squares >/dev/null
	umpire unit add X --side A --type infantry --quality d8 --morale d8
	expect_error 65 "an infantry unit needs --skirmish dN"
	umpire unit add X --side A --type foot-artillery --morale d8 --quality d8
	expect_error 65 "artillery is rated for morale only"
	umpire unit add X --side A --type cavalry --quality d8 --morale d7
	expect_error 65 "--morale: 'd7' is not one of d6, d8, d10, d12"
}

@test "bombardment hits are recorded on the target" {
	game
	umpire fire --unit Battery --target "Ney's 1st" --range close --ap 2 --dice 5,7
	[ "$status" -eq 0 ]
	has_line "  Ney's 1st takes 2 hit markers (2 now)"
	[ "$(hits "Ney's 1st")" = 2 ]
}

@test "an assault in the game: specs from the units, hits on each" {
	game
	umpire --json melee --attacker "Ney's 1st" --attacker Cuirassiers --defender "IR 4" --defender Battery --dice 7,3,4,6,2,8,5,9
	[ "$status" -eq 0 ]
	[ "$(json .result.skirmish_advantage)" = attacker ]
	[ "$(hits "IR 4")" = 2 ]
	[ "$(hits Battery)" = 1 ]
	[ "$(hits "Ney's 1st")" = 1 ]
}

@test "morale in the game: one die per hit marker, destroyed units, the square rule" {
	game
	"$U" melee --attacker "Ney's 1st" --attacker Cuirassiers --defender "IR 4" --defender Battery --dice 7,3,4,6,2,8,5,9 >/dev/null
	umpire morale --unit "IR 4" --unit Battery --square-mates Uhlans --dice 4,3,2
	[ "$status" -eq 0 ]
	has_line "  IR 4 is now destroyed"
	has_line "  Uhlans must retreat: more than half of its square has gone"
	[ "$(uj --json unit show Battery | jq -r .state)" = destroyed ]
	umpire fire --unit Battery --target "Ney's 1st" --range close --dice 5
	expect_error 65 "'Battery' is destroyed"
}

@test "rally removes hit markers; undo puts them back" {
	game
	"$U" fire --unit Battery --target "Ney's 1st" --range close --ap 3 --dice 5,7,9 >/dev/null
	umpire rally --unit "Ney's 1st" --dice 5
	[ "$status" -eq 0 ]
	[ "$(hits "Ney's 1st")" = 2 ]
	"$U" undo >/dev/null
	[ "$(hits "Ney's 1st")" = 3 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "the sheet shows hits" {
	game
	"$U" fire --unit Battery --target "Ney's 1st" --range close --dice 5 >/dev/null
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "  Ney's 1st                    infantry           1  ok"
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.units[0].hits')" = 1 ]
}

@test "only artillery bombards" {
	game
	umpire fire --unit Uhlans --target "Ney's 1st" --range close --dice 5
	expect_error 65 "'Uhlans' is not artillery: only artillery bombards"
}

@test "a foot battery that bombarded may not move or attack this turn; the next turn it may" {
	game
	"$U" fire --unit Battery --target "Ney's 1st" --range close --dice 6 >/dev/null
	umpire --json move --unit Battery --path n
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "foot artillery cannot combine movement and bombardment in the same turn" ]
	umpire --json melee --attacker Battery --attacker "IR 4" --defender "Ney's 1st" --dice 1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	"$U" turn next >/dev/null
	umpire --json move --unit Battery --path n
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire --json fire --unit Battery --target "Ney's 1st" --range close --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}

@test "a command's general takes a die (--quality dN) and the dice-off reads it" {
	"$U" new --rules squares >/dev/null
	"$U" unit add "I Corps" --side French --type command --quality d10 >/dev/null
	"$U" unit add "Bagration" --side Russian --type command --quality d8 >/dev/null
	"$U" unit add "Reserve" --side Russian --type command >/dev/null
	umpire --json turn --general "I Corps" --general Bagration --dice 3,8
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = b ]
	[ "$(json '[.dice[]]|join(",")')" = "3,8" ]
	umpire --json turn --general "I Corps" --general Bagration --dice 8,8
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = a ]
	umpire turn --general "I Corps" --general Reserve --dice 3,3
	expect_error 65 "'Reserve' has no general's die: give it one with 'unit set \"Reserve\" --quality dN'"
	umpire unit add Z --side French --type command --quality good
	[ "$status" -eq 65 ]
	"$U" unit export > oob.csv
	"$U" new --rules squares --force >/dev/null
	"$U" unit import oob.csv >/dev/null
	"$U" unit export | diff -u oob.csv -
}
