#!/usr/bin/env bats
# The 2x2 rule set: shooting, melee, rout, rally, move, victory, army lists.
load helper

r2() { umpire --json --rules 2x2 "$@"; }

shoot() {
	r2 fire "$@"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
}

@test "shooting ladder edges: 4 no effect, 5 pinned, 6 disrupted, 7 routs, 8 destroyed" {
	shoot --firer line --distance 1 --dice 3
	[ "$(json .result.score)" = 4 ]; [ "$(json .result.outcome)" = no_effect ]
	shoot --firer line --distance 1 --dice 4
	[ "$(json .result.score)" = 5 ]; [ "$(json .result.outcome)" = pinned ]
	shoot --firer line --distance 1 --dice 5
	[ "$(json .result.score)" = 6 ]; [ "$(json .result.outcome)" = disrupted ]
	shoot --firer line --distance 1 --dice 6
	[ "$(json .result.score)" = 7 ]; [ "$(json .result.outcome)" = routs ]
	[ "$(json .summary)" = "target routs (d6 6 +1 = 7); roll its rout die next (morale --rout)" ]
	shoot --firer line --distance 1 --mod target-cavalry --dice 5
	[ "$(json .result.score)" = 8 ]; [ "$(json .result.outcome)" = destroyed ]
}

@test "muskets: 1 inch, close; first volley +1 only when not pinned" {
	shoot --firer line --distance 1 --dice 4
	[ "$(json .result.range)" = close ]
	[ "$(json '.modifiers[0].name')" = first-volley ]
	shoot --firer line --distance 1 --firer-pinned --dice 4
	[ "$(json .result.score)" = 4 ]
	shoot --firer line --distance 1.1 --dice 4
	[ "$(json .result.range)" = out ]
	[ "$(json .result.outcome)" = no_effect ]
	[ "$(json .result.score)" = null ]
	[ "$(json '.dice|length')" = 0 ]
}

@test "foot artillery: +1 at 1 inch, short to 3, -1 long to 8, out beyond" {
	shoot --firer foot-artillery --distance 1 --dice 4
	[ "$(json .result.range)" = close ]; [ "$(json .result.score)" = 5 ]
	shoot --firer foot-artillery --distance 3 --dice 4
	[ "$(json .result.range)" = short ]; [ "$(json .result.score)" = 4 ]
	shoot --firer foot-artillery --distance 3.5 --dice 4
	[ "$(json .result.range)" = long ]; [ "$(json .result.score)" = 3 ]
	shoot --firer foot-artillery --distance 8 --dice 4
	[ "$(json .result.range)" = long ]
	shoot --firer foot-artillery --distance 8.5 --dice 4
	[ "$(json .result.range)" = out ]
	[[ "$(json .reason)" == "out of range"* ]]
}

@test "horse artillery: short to 2, long to 5" {
	shoot --firer horse-artillery --distance 2 --dice 4
	[ "$(json .result.range)" = short ]
	shoot --firer horse-artillery --distance 5 --dice 4
	[ "$(json .result.range)" = long ]
	shoot --firer horse-artillery --distance 5.5 --dice 4
	[ "$(json .result.range)" = out ]
}

@test "size: large +1, small -1 for infantry firers only" {
	shoot --firer line --firer-size large --distance 1 --dice 3
	[ "$(json .result.score)" = 5 ]
	shoot --firer line --firer-size small --distance 1 --dice 3
	[ "$(json .result.score)" = 3 ]
	shoot --firer foot-artillery --firer-size large --distance 2 --dice 3
	[ "$(json .result.score)" = 3 ]
}

@test "every shooting modifier by name" {
	shoot --firer foot-artillery --distance 2 --mod out-of-flank,target-in-cover,target-light-infantry-woods --dice 6
	[ "$(json .result.score)" = 2 ]
	shoot --firer foot-artillery --distance 2 --mod target-downhill,target-disrupted,hq-contact,target-flank --dice 1
	[ "$(json .result.score)" = 5 ]
}

@test "light infantry take any effect as pinned" {
	shoot --firer line --distance 1 --mod target-light-infantry,target-cavalry --dice 6
	[ "$(json .result.score)" = 9 ]
	[ "$(json .result.outcome)" = pinned ]
	shoot --firer line --distance 1 --mod target-light-infantry --dice 3
	[ "$(json .result.outcome)" = no_effect ]
}

@test "only artillery and muskets shoot" {
	r2 fire --firer heavy-cavalry --distance 1 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "only artillery and muskets shoot: HQs and cavalry may not" ]
}

@test "bad shooting input: a d6 face of 7, an unknown firer, a negative distance" {
	umpire --rules 2x2 fire --firer line --distance 1 --dice 7
	expect_error 65 "die 1 is the shooting d6: 7 is not a face of a d6"
	umpire --rules 2x2 fire --firer dragoons --distance 1 --dice 4
	expect_error 65 "--firer: 'dragoons' is not one of hq, line, infantry, guards, light-infantry, militia, heavy-cavalry, light-cavalry, foot-artillery, horse-artillery"
	umpire --rules 2x2 fire --firer line --distance -1 --dice 4
	expect_error 65 "--distance: -1 is negative; a distance is 0 to 1000 inches"
}

@test "melee bands: 0 reroll, 1-2 routs, 3 destroyed (optional), 4+ destroyed (mandatory)" {
	r2 melee --attacker-type line --defender-type line --dice 3,3
	[ "$(json .result.difference)" = 0 ]; [ "$(json .result.loser)" = none ]
	[ "$(json .result.outcome)" = reroll ]; [ "$(json .result.follow_up)" = none ]
	r2 melee --attacker-type line --defender-type line --dice 5,3
	[ "$(json .result.loser)" = defender ]; [ "$(json .result.outcome)" = routs ]
	[ "$(json .result.follow_up)" = optional ]
	r2 melee --attacker-type line --defender-type line --dice 2,5
	[ "$(json .result.loser)" = attacker ]; [ "$(json .result.outcome)" = destroyed ]
	[ "$(json .result.follow_up)" = optional ]
	r2 melee --attacker-type line --defender-type line --dice 6,2
	[ "$(json .result.outcome)" = destroyed ]; [ "$(json .result.follow_up)" = mandatory ]
}

@test "melee modifiers from types and sizes" {
	r2 melee --attacker-type heavy-cavalry --defender-type light-cavalry --dice 3,3
	[ "$(json .result.attacker_score)" = 5 ]; [ "$(json .result.defender_score)" = 2 ]
	r2 melee --attacker-type guards --attacker-size large --defender-type foot-artillery --dice 3,3
	[ "$(json .result.attacker_score)" = 5 ]; [ "$(json .result.defender_score)" = 0 ]
	r2 melee --attacker-type hq --defender-type light-infantry --defender-size small --dice 3,3
	[ "$(json .result.attacker_score)" = 0 ]; [ "$(json .result.defender_score)" = -1 ]
}

@test "named melee modifiers, extra units by count" {
	r2 melee --attacker-type line --defender-type heavy-cavalry --attacker-mod enemy-disrupted,extra-units=2,hq-contact,uphill,subsequent --defender-mod in-town --dice 1,1
	[ "$(json .result.attacker_score)" = 6 ]
	[ "$(json .result.defender_score)" = 1 ]
	umpire --rules 2x2 melee --attacker-type line --defender-type line --attacker-mod extra-units --dice 1,1
	expect_error 65 "--attacker-mod: modifier 'extra-units' needs a value: extra-units=N"
}

@test "the rout roll: 1-2 destroyed, else a full move away and disrupted" {
	r2 morale --rout --type line --dice 2
	[ "$(json .result.destroyed)" = true ]
	r2 morale --rout --type light-cavalry --dice 3
	[ "$(json .result.destroyed)" = false ]
	[ "$(json .result.outcome)" = disrupted ]
	[ "$(json .result.inches)" = 5 ]
	r2 morale --rout --type line --mod touched-enemy --dice 6
	[ "$(json .result.destroyed)" = true ]
}

@test "guards routing take every unit they pass; militia rout when any unit routs near them" {
	r2 morale --rout --type guards --passed "Old Guard:guards" --passed "52nd:line" --passed "Landwehr:militia" --dice 5
	[ "$(json '.result.also_rout|join(",")')" = "Old Guard,52nd,Landwehr" ]
	r2 morale --rout --type line --passed "52nd:line" --passed "Landwehr:militia" --dice 5
	[ "$(json '.result.also_rout|join(",")')" = "Landwehr" ]
	r2 morale --rout --type guards --passed "52nd:line" --passed "Landwehr:militia" --dice 1
	[ "$(json '.result.also_rout|join(",")')" = "Landwehr" ]
}

@test "victory: fast lost at 5 destroyed; decisive at 5 and 2 more" {
	r2 morale --victory fast --destroyed 4
	[ "$(json .result.lost)" = false ]
	r2 morale --victory fast --destroyed 5 --enemy-destroyed 5
	[ "$(json .result.lost)" = true ]
	r2 morale --victory decisive --destroyed 5 --enemy-destroyed 4
	[ "$(json .result.lost)" = false ]
	r2 morale --victory decisive --destroyed 6 --enemy-destroyed 4
	[ "$(json .result.lost)" = true ]
}

@test "rally: 5+, modifiers" {
	r2 rally --dice 5
	[ "$(json .result.rallied)" = true ]; [ "$(json .result.score)" = 5 ]
	r2 rally --dice 4
	[ "$(json .result.rallied)" = false ]
	r2 rally --type guards --dice 4
	[ "$(json .result.rallied)" = true ]
	r2 rally --type militia --dice 5
	[ "$(json .result.rallied)" = false ]
	r2 rally --size small --mod disrupted --dice 6
	[ "$(json .result.score)" = 4 ]
	r2 rally --type hq --dice 3
	[ "$(json .result.score)" = 5 ]
	r2 rally --mod hq-contact --dice 4
	[ "$(json .result.rallied)" = true ]
}

@test "rally: every not-possible case, with the reason and the die unused" {
	r2 rally --mod hq-beyond-6 --dice 6
	[ "$status" -eq 0 ]; [ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the HQ is more than 6 inches away" ]
	[ "$(json .result.rallied)" = false ]; [ "$(json '.dice|length')" = 0 ]
	r2 rally --mod enemy-contact --dice 6
	[ "$(json .reason)" = "an enemy is in contact" ]
	r2 rally --mod enemy-within-2 --dice 6
	[ "$(json .legal)" = false ]
	[[ "$(json .reason)" == "not with an enemy within 2 inches"* ]]
	r2 rally --type hq --mod enemy-contact --dice 6
	[ "$(json .legal)" = false ]
}

@test "rally exceptions: guards or the HQ in contact with an enemy within 2; a HQ rallies itself" {
	r2 rally --type guards --mod enemy-within-2 --dice 6
	[ "$(json .legal)" = true ]; [ "$(json .result.score)" = 5 ]
	r2 rally --mod enemy-within-2,hq-contact --dice 6
	[ "$(json .legal)" = true ]; [ "$(json .result.score)" = 5 ]
	r2 rally --type hq --mod hq-beyond-6 --dice 3
	[ "$(json .legal)" = true ]; [ "$(json .result.rallied)" = true ]
}

@test "movement rates and roads" {
	r2 move --type line
	[ "$(json .result.inches)" = 3 ]
	r2 move --type infantry --road
	[ "$(json .result.inches)" = 4 ]
	r2 move --type hq --road
	[ "$(json .result.inches)" = 7 ]
	r2 move --type light-cavalry
	[ "$(json .result.inches)" = 5 ]
	r2 move --type horse-artillery --road
	[ "$(json .result.inches)" = 4 ]
	r2 move --type foot-artillery --road
	[ "$(json .result.inches)" = 3 ]
}

@test "terrain: stream +1 inch cost, towns half with no road bonus, sideways double" {
	r2 move --type heavy-cavalry --terrain stream
	[ "$(json .result.inches)" = 3 ]
	r2 move --type heavy-cavalry --terrain town --road
	[ "$(json .result.inches)" = 2 ]
	r2 move --type line --sideways
	[ "$(json .result.inches)" = 1.5 ]
}

@test "woods are impassable except to light infantry; pinned units may not move" {
	r2 move --type line --terrain woods
	[ "$status" -eq 0 ]; [ "$(json .legal)" = false ]
	r2 move --type light-infantry --terrain woods
	[ "$(json .legal)" = true ]; [ "$(json .result.inches)" = 3 ]
	r2 move --type line --mod pinned
	[ "$(json .legal)" = false ]
}

@test "move needs no dice; reinforcements: 3+ rear, 4+ flank" {
	r2 move --type line
	[ "$(json '.dice|length')" = 0 ]
	r2 move --reinforcement rear --dice 3
	[ "$(json .result.arrives)" = true ]
	r2 move --reinforcement flank --dice 3
	[ "$(json .result.arrives)" = false ]
	r2 move --reinforcement flank --dice 4
	[ "$(json .result.arrives)" = true ]
}

@test "fatigue is not in the 2x2 rules" {
	umpire --rules 2x2 fatigue
	[ "$status" -eq 64 ]
	[ "$stderr" = "umpire: fatigue: the 2x2 rules have no fatigue" ]
}

@test "help lists the 2x2 modifiers with values" {
	umpire fire --rules 2x2 --help
	[ "$status" -eq 0 ]
	# The names' column is as wide as the longest, target-light-infantry-woods (27).
	has_line "  target-cavalry                   2  target is cavalry"
	has_line "  target-light-infantry-woods     -1  target is light infantry in woods"
	has_line "  --firer TYPE           the firing unit's type (artillery and muskets shoot)"
}
