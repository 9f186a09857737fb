#!/usr/bin/env bats
# A side's commander knows its own formations' fatigue and break and what
# its units owe (follow up, push back), as the umpire's sheet shows them;
# the enemy's only as far as the fog lets (CLI.md "What each side may
# know"); and 2x2's victory count, which stands on the table.
load helper

# Perponcher's Division, average: 5 + 6 = 11 stands, 50% of 11 = 5.5,
# rounded down: fatigued at 5 lost (RULES.md fury fatigue).  The army,
# good: 60% of 11 = 6.6, rounded up: 7.  The French I Corps, average: 50%
# of 6 = 3.
fury_fatigued() {
	"$U" new --rules fury "$@" >/dev/null
	"$U" unit add "Anglo-Allied Army" --side Allied --type army --quality good >/dev/null
	"$U" unit add "Perponcher's Division" --side Allied --type division \
	    --parent "Anglo-Allied Army" --quality average >/dev/null
	"$U" unit add Bijlandt --side Allied --type infantry --stands 5 --bel conscript \
	    --nation britain --parent "Perponcher's Division" >/dev/null
	"$U" unit add Saxe-Weimar --side Allied --type infantry --stands 6 --bel regular \
	    --nation britain --parent "Perponcher's Division" >/dev/null
	"$U" unit add "I Corps" --side French --type corps --quality average >/dev/null
	"$U" unit add Quiot --side French --type infantry --stands 6 --bel regular \
	    --nation france --parent "I Corps" >/dev/null
	"$U" adjust Bijlandt --stands -3 --reason "a test" >/dev/null
	"$U" adjust Saxe-Weimar --stands -2 --reason "a test" >/dev/null
}

@test "fury: a side reads its own fatigued division on its sheet, as the umpire does; the enemy does not" {
	fury_fatigued
	umpire sheet --for Allied
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Perponcher's Division is fatigued: its brigades may not move within 3\" of the enemy" ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Perponcher's Division is fatigued: its brigades may not move within 3\" of the enemy" ]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "no formation is fatigued" ]
	[ "$(grep -c "Perponcher" <<<"$output")" = 0 ]
}

@test "fury --json --for: the side's own formations' fatigue, each formation's state fatigued or good order" {
	fury_fatigued
	umpire --json sheet --for Allied
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing)" = '{"fatigue":[{"name":"Anglo-Allied Army","type":"army","level":7,"losses":5,"fatigued":false},{"name":"Perponcher'"'"'s Division","type":"division","level":5,"losses":5,"fatigued":true}]}' ]
	[ "$(jsonc '[.formations[] | [.name, .state]]')" = '[["Anglo-Allied Army","good_order"],["Perponcher'"'"'s Division","fatigued"]]' ]
	[ "$(json .standing_text)" = "Perponcher's Division is fatigued: its brigades may not move within 3\" of the enemy" ]
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(json .standing_text)" = "no formation is fatigued" ]
	[ "$(jsonc .standing)" = '{"fatigue":[{"name":"I Corps","type":"corps","level":3,"losses":0,"fatigued":false}]}' ]
	[ "$(jsonc '[.formations[] | .name]')" = '["I Corps"]' ]
	# the umpire's: every formation, the division's state as the side reads it
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.standing.fatigue[] | .name]')" = '["Anglo-Allied Army","Perponcher'"'"'s Division","I Corps"]' ]
	[ "$(json '.formations[] | select(.name == "Perponcher'"'"'s Division") | .state')" = fatigued ]
}

@test "fury at fog hidden: a side knows its division fatigued, not the stands behind it" {
	fury_fatigued --fog hidden
	umpire --json sheet --for Allied
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing)" = '{"fatigue":[{"name":"Anglo-Allied Army","type":"army","fatigued":false},{"name":"Perponcher'"'"'s Division","type":"division","fatigued":true}]}' ]
	umpire sheet --for Allied
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Perponcher's Division is fatigued: its brigades may not move within 3\" of the enemy" ]
}

# Right Wing's two battalions take 15 and 10 FP: the brigade is broken.
ohw_broken() {
	"$U" new --rules ohw "$@" >/dev/null
	"$U" unit add "Right Wing" --side British --type brigade >/dev/null
	"$U" unit add "1st Foot" --side British --type infantry --parent "Right Wing" >/dev/null
	"$U" unit add "2nd Foot" --side British --type infantry --parent "Right Wing" >/dev/null
	"$U" unit add 1/45e --side French --type infantry >/dev/null
	"$U" adjust "1st Foot" --fp +15 --reason "a test" >/dev/null
	"$U" adjust "2nd Foot" --fp +10 --reason "a test" >/dev/null
}

@test "ohw: a side reads its own broken brigade, with its FP at fog table and without at hidden" {
	ohw_broken
	umpire sheet
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Right Wing is broken (25 FP of 15)" ]
	umpire sheet --for British
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Right Wing is broken (25 FP of 15)" ]
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing)" = '{"formations":[{"name":"Right Wing","fatigue_points":25,"break_point":15,"state":"broken"}]}' ]
	[ "$(jsonc '[.formations[] | [.name, .state]]')" = '[["Right Wing","broken"]]' ]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "no formation is exhausted or broken" ]
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing)" = '{"formations":[]}' ]
	"$U" game --fog hidden >/dev/null
	umpire sheet --for British
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Right Wing is broken" ]
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing)" = '{"formations":[{"name":"Right Wing","state":"broken"}]}' ]
}

@test "brigade: what a unit owes, in every view that sees its flags, as turn tells it" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 4 >/dev/null
	"$U" adjust Kempt --state following-up --reason "a test" >/dev/null
	"$U" adjust Bachelu --state pushed-back --reason "a test" >/dev/null
	for who in British French umpire; do
		umpire --json sheet --for "$who"
		[ "$status" -eq 0 ]
		[ "$(jsonc '[.units[] | [.name, .must]]' | jq -c 'sort')" = '[["Bachelu",[{"what":"be pushed back","rule":"brigade.txt l.299","flag":"pushed-back"}]],["Kempt",[{"what":"follow up at least one move","rule":"brigade.txt l.315","flag":"following-up"}]]]' ]
	done
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[] | select(.unit == "Kempt") | .must[]]')" = '[{"what":"follow up at least one move","rule":"brigade.txt l.315"}]' ]
	umpire sheet --for British
	[ "$status" -eq 0 ]
	[ "$(grep -c '^  Kempt .* must follow up$' <<<"$output")" = 1 ]
}

@test "2x2 and fury: a unit's obligation in its side's sheet; none owed, an empty list" {
	"$U" new --rules 2x2 >/dev/null
	"$U" unit add Kempt --side Allies --type line >/dev/null
	"$U" unit add Bachelu --side French --type line >/dev/null
	"$U" adjust Kempt --state must-follow-up --reason "a test" >/dev/null
	umpire --json sheet --for Allies
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[] | [.name, .must]]')" = '[["Kempt",[{"what":"follow up: up to a full move directly ahead","rule":"2x2.txt l.258","flag":"must-follow-up"}]],["Bachelu",[]]]' ]
	rm umpire.db
	"$U" new --rules fury >/dev/null
	"$U" unit add Quiot --side French --type infantry --stands 6 --bel regular --nation france >/dev/null
	"$U" adjust Quiot --state breakthrough --reason "a test" >/dev/null
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units[0].must')" = '[{"what":"make its breakthrough melee","rule":"fury.txt l.256","flag":"breakthrough"}]' ]
}

# The Allies lose Kempt: 1 unit destroyed of the 5 a fast game is lost at.
twobytwo_one_lost() {
	"$U" new --rules 2x2 "$@" >/dev/null
	"$U" unit add Kempt --side Allies --type line >/dev/null
	"$U" unit add Pack --side Allies --type line >/dev/null
	"$U" unit add Bachelu --side French --type line >/dev/null
	"$U" adjust Kempt --state destroyed --reason "a test" >/dev/null
}

@test "2x2 at fog table: each side reads the victory count, both sides' units destroyed" {
	twobytwo_one_lost
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.standing, .losses]')" = '[{"victory":"fast","destroyed":{"Allies":1,"French":0},"lost":[]},{"Allies":1,"French":0}]' ]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "nobody has lost yet" ]
	[ "$(grep -c '^== Allies, losses: 1 unit destroyed$' <<<"$output")" = 1 ]
	[ "$(grep -c '^== French (.* AP), losses: 0 units destroyed$' <<<"$output")" = 1 ]
}

# Four more of the Allies destroyed: 5, a fast game lost.
@test "2x2 at fog hidden: who has lost, without the counts" {
	twobytwo_one_lost --fog hidden
	for n in 2 3 4 5; do
		"$U" unit add "Allied $n" --side Allies --type line >/dev/null
		"$U" adjust "Allied $n" --state destroyed --reason "a test" >/dev/null
	done
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.standing, .losses]')" = '[{"victory":"fast","lost":["Allies"]},{}]' ]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Allies lose" ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "Allies lose: 5 units destroyed" ]
}
