#!/usr/bin/env bats
# The fury rule set: fatigue, fire, melee, maneuver, morale, charts.
load helper

fu() { umpire --json --rules fury "$@"; }

@test "the text's fatigue examples: 10 stands average -> 5; 33 good -> 20" {
	fu fatigue --stands 10 --quality average
	[ "$(json .result.level)" = 5 ]
	[ "$(json .result.fatigued)" = false ]
	fu fatigue --stands 33 --quality good
	[ "$(json .result.level)" = 20 ]
	[ "$(json '.working[0]')" = "33 stands x 60% = 19.80 -> 20 (.1-.5 down, .6+ up)" ]
}

@test "rounding: .5 down, .6 up" {
	fu fatigue --stands 5 --quality average
	[ "$(json .result.level)" = 2 ]
	fu fatigue --stands 11 --quality good
	[ "$(json .result.level)" = 7 ]
	fu fatigue --stands 21 --quality average
	[ "$(json .result.level)" = 10 ]
	fu fatigue --stands 4 --quality poor
	[ "$(json .result.level)" = 2 ]
}

@test "fatigued when the losses reach the level" {
	fu fatigue --stands 10 --quality average --losses 4
	[ "$(json .result.fatigued)" = false ]
	fu fatigue --stands 10 --quality average --losses 5
	[ "$(json .result.fatigued)" = true ]
	[ "$(json .result.losses)" = 5 ]
}

@test "bad input: an unknown quality, a negative stand count, a 2d6 face of 7" {
	umpire --rules fury fatigue --stands 10 --quality superb
	expect_error 65 "--quality: 'superb' is not one of good, average, poor"
	umpire --rules fury fatigue --stands -3 --quality good
	expect_error 65 "--stands: -3 is negative; expected a whole number from 0 to 100000"
	umpire --rules fury fire --fire-points 4 --dice 7,1
	expect_error 65 "die 1 is the fire first d6: 7 is not a face of a d6"
}

@test "fire points from the chart: line all stands, column the front, march column one" {
	fu fire --firer-type infantry --stands 5 --distance 2 --dice 3,3
	[ "$(json .result.points)" = 5 ]
	fu fire --firer-type infantry --stands 5 --formation column --distance 2 --dice 3,3
	[ "$(json .result.points)" = 3 ]
	fu fire --firer-type infantry --stands 5 --formation march-column --distance 2 --dice 3,3
	[ "$(json .result.points)" = 1 ]
	fu fire --firer-type infantry --stands 4 --distance 1 --dice 3,3
	[ "$(json .result.points)" = 8 ]
}

@test "artillery bands and ranges" {
	fu fire --firer-type heavy-battery --stands 1 --distance 3 --dice 3,3
	[ "$(json .result.points)" = 6 ]
	fu fire --firer-type heavy-battery --stands 1 --distance 8 --dice 3,3
	[ "$(json .result.points)" = 3 ]
	fu fire --firer-type heavy-battery --stands 1 --distance 15 --dice 3,3
	[ "$(json .result.points)" = 2 ]
	fu fire --firer-type heavy-battery --stands 1 --distance 15.5 --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .result.stands_lost)" = 0 ]
	[[ "$(json .reason)" == "out of range"* ]]
	[ "$(json '.dice|length')" = 0 ]
	fu fire --firer-type russian-heavy-battery --stands 1 --distance 2 --dice 3,3
	[ "$(json .result.points)" = 7 ]
}

@test "fire table edges: 4 or less, 14 or more, the point columns" {
	fu fire --fire-points 13 --dice 1,1
	[ "$(json .result.cell)" = D ]
	fu fire --fire-points 12 --dice 1,1
	[ "$(json .result.cell)" = - ]
	fu fire --fire-points 1 --mod target-column,enfilade,grand-battery --dice 6,6
	[ "$(json .result.score)" = 15 ]
	[ "$(json .result.cell)" = 1 ]
	[ "$(json .result.stands_lost)" = 1 ]
	fu fire --fire-points 4 --dice 4,4
	[ "$(json .result.cell)" = D ]
	[ "$(json .result.disorder)" = true ]
	fu fire --fire-points 3 --dice 4,4
	[ "$(json .result.cell)" = - ]
	[ "$(json .result.disorder)" = false ]
}

@test "the modifier cap: +5 is +3, the uncapped sum in the working" {
	fu fire --fire-points 6 --mod target-column,enfilade,grand-battery,firer-fresh --dice 3,3
	[ "$(json .result.score)" = 9 ]
	[ "$(json '.working[0]')" = "fire modifiers +5, capped at +3" ]
	fu fire --fire-points 6 --mod target-town,target-woods,moved,firer-spent --dice 4,4
	[ "$(json .result.score)" = 5 ]
	[ "$(json '.working[0]')" = "fire modifiers -5, capped at -3" ]
}

@test "fire-point multipliers: disordered halves, flank fire doubles" {
	fu fire --firer-type infantry --stands 5 --distance 2 --mod firer-disordered --dice 3,3
	[ "$(json .result.points)" = 2 ]
	fu fire --firer-type infantry --stands 5 --distance 2 --mod flank-fire --dice 3,3
	[ "$(json .result.points)" = 10 ]
}

@test "results on artillery: suppressed, silenced, damaged, wrecked" {
	fu fire --fire-points 13 --target-type artillery --dice 1,1
	[ "$(json .result.artillery_result)" = suppressed ]
	fu fire --fire-points 13 --target-type artillery --dice 2,4
	[ "$(json .result.artillery_result)" = silenced ]
	fu fire --fire-points 13 --target-type artillery --dice 3,4
	[ "$(json .result.artillery_result)" = damaged ]
	fu fire --fire-points 13 --target-type artillery --dice 6,5
	[ "$(json .result.artillery_result)" = wrecked ]
	[ "$(json .result.stands_lost)" = 0 ]
}

@test "retreat 3 inches; a unit that cannot retreat loses another stand" {
	fu fire --fire-points 4 --dice 5,5
	[ "$(json .result.cell)" = R ]
	[ "$(json .result.retreat)" = true ]
	fu fire --fire-points 4 --mod cannot-retreat --dice 5,5
	[ "$(json .result.retreat)" = false ]
	[ "$(json .result.stands_lost)" = 1 ]
}

@test "a natural 12 with a leader attached: a further 2d6 of 2-9 hits him" {
	fu fire --fire-points 4 --mod leader-attached --dice 6,6,4,5
	[ "$(json .result.leader_hit)" = true ]
	fu fire --fire-points 4 --mod leader-attached --dice 6,6,5,5
	[ "$(json .result.leader_hit)" = false ]
	# fury-charts.md: leader_hit is null unless a natural 12 was rolled
	fu fire --fire-points 4 --mod leader-attached --dice 5,6
	[ "$(json .result.leader_hit)" = null ]
	fu fire --fire-points 4 --dice 6,6
	[ "$(json .result.leader_hit)" = null ]
}

@test "melee: the difference and both sides' results" {
	fu melee --dice 4,4,4,4
	[ "$(json .result.difference)" = 0 ]
	[ "$(json .result.attacker.disordered)" = true ]
	[ "$(json .result.defender.disordered)" = true ]
	fu melee --dice 4,4,3,4
	[ "$(json .result.defender.retreat)" = true ]
	[ "$(json .result.defender.stands_lost)" = 0 ]
	fu melee --dice 5,5,3,4
	[ "$(json .result.defender.stands_lost)" = 1 ]
	[ "$(json .result.attacker.breakthrough)" = none ]
	fu melee --dice 6,5,3,4
	[ "$(json .result.attacker.breakthrough)" = optional ]
	fu melee --attacker-type cavalry --dice 6,6,2,3
	[ "$(json .result.defender.stands_lost)" = 2 ]
	[ "$(json .result.attacker.breakthrough)" = required ]
	fu melee --dice 6,6,1,2
	[ "$(json .result.defender.routs)" = true ]
	[ "$(json .result.defender.stands_lost)" = 3 ]
}

@test "cavalry against a square loses at most 1 stand; reacting cavalry no breakthrough" {
	fu melee --attacker-type cavalry --defender-mod square-vs-cavalry --dice 1,1,6,6
	[ "$(json .result.attacker.stands_lost)" = 1 ]
	fu melee --defender-type cavalry --defender-mod reacting --dice 1,2,5,4
	[ "$(json .result.defender.breakthrough)" = none ]
}

@test "melee modifiers capped at +/-3 per side" {
	fu melee --attacker-mod twice-stands,fresh,guard,outflanking --defender-mod disordered,spent --dice 3,3,3,3
	[ "$(json '.working[0]')" = "attacker modifiers +6, capped at +3" ]
	[ "$(json .result.difference)" = 6 ]
}

@test "a brigade of 2 stands is always in line and fires with both (l.86)" {
	fu fire --firer-type infantry --stands 2 --formation column --distance 2 --dice 3,3
	[ "$(json .result.points)" = 2 ]
	fu fire --firer-type infantry --stands 2 --formation march-column --distance 2 --dice 3,3
	[ "$(json .result.points)" = 2 ]
	fu fire --firer-type infantry --stands 3 --formation column --distance 2 --dice 3,3
	[ "$(json .result.points)" = 2 ]
}

@test "maneuver: the good order table by the commander's rating, one column lower without a path" {
	fu move --quality excellent --dice 4,4
	[ "$(json .result.result)" = well_handled ]
	fu move --quality good --dice 4,4
	[ "$(json .result.result)" = half_move_and_formation_change ]
	fu move --quality good --no-command-path --dice 4,4
	[ "$(json .result.result)" = half_move_or_formation_change ]
	fu move --quality poor --dice 1,2
	[ "$(json .result.result)" = retreats_half_move ]
	fu move --quality poor --no-command-path --dice 6,5
	[ "$(json .result.result)" = well_handled ]
}

@test "maneuver modifiers and the army commander's" {
	fu move --quality average --mod division-officer,fresh --dice 4,3
	[ "$(json .result.result)" = well_handled ]
	fu move --quality average --mod army-commander=excellent --dice 2,2
	[ "$(json '.working[0]')" = "maneuver modifiers +4, capped at +3" ]
	[ "$(json .result.result)" = half_move_or_formation_change ]
}

@test "the disorder table: routs to rallies with elan" {
	fu move --disordered --mod spent --dice 1,2
	[ "$(json .result.result)" = routs ]
	fu move --disordered --dice 1,2
	[ "$(json .result.result)" = broken ]
	fu move --disordered --dice 2,3
	[ "$(json .result.result)" = wavering ]
	fu move --disordered --dice 3,3
	[ "$(json .result.result)" = shaken ]
	fu move --disordered --dice 4,4
	[ "$(json .result.result)" = rallies_half_move ]
	fu rally --dice 5,6
	[ "$(json .result.result)" = rallies_with_elan ]
}

@test "the inches a result allows for the type and formation" {
	fu move --quality good --type french-infantry --formation line --dice 5,4
	[ "$(json .result.inches)" = 5 ]
	fu move --quality good --type infantry --formation square --dice 5,4
	[ "$(json .result.inches)" = 2 ]
	fu move --quality good --type light-cavalry --formation march-column --road --dice 5,4
	[ "$(json .result.inches)" = 28 ]
	fu move --quality good --type infantry --formation column --dice 4,4
	[ "$(json .result.inches)" = 3 ]
	fu move --quality good --type french-infantry --formation line --change-formation --dice 5,4
	[ "$(json .result.inches)" = 2.5 ]
	fu move --quality good --type infantry --formation line --rough --ford --dice 5,4
	[ "$(json .result.inches)" = 0 ]
	fu move --disordered --type infantry --formation line --dice 1,2
	[ "$(json .result.inches)" = 6 ]
}

@test "reacting cavalry need a half-move result and have half their allowance" {
	fu move --quality good --type light-cavalry --formation line --reacting --dice 4,4
	[ "$(json .result.inches)" = 6 ]
	fu move --quality good --type light-cavalry --formation line --reacting --dice 1,2
	[ "$(json .legal)" = false ]
}

@test "evasion, the emergency formation change, prolonging" {
	fu move --evasion --dice 2,3
	[ "$(json .result.result)" = fails ]
	fu move --evasion --dice 3,3
	[ "$(json .result.result)" = half_move ]
	fu move --evasion --silenced --dice 4,5
	[ "$(json .result.result)" = half_move ]
	fu move --efc --efc-mod column,fresh --dice 3,3
	[ "$(json .result.result)" = square ]
	fu move --efc --efc-mod militia --dice 3,3
	[ "$(json .result.result)" = caught ]
	fu move --prolong horse
	[ "$(json .result.inches)" = 2 ]
}

@test "freshness by the published chart" {
	fu morale --stands-start 6 --stands 6 --bel regular
	[ "$(json .result.freshness)" = fresh ]
	fu morale --stands-start 6 --stands 5 --bel regular
	[ "$(json .result.freshness)" = worn ]
	fu morale --stands-start 6 --stands 3 --bel regular
	[ "$(json .result.freshness)" = spent ]
	fu morale --stands-start 6 --stands 6 --bel militia
	[ "$(json .result.freshness)" = fresh ]
	fu morale --stands-start 6 --stands 5 --bel militia
	[ "$(json .result.freshness)" = spent ]
	fu morale --stands-start 4 --stands 1 --bel regular --cavalry elite
	[ "$(json .result.freshness)" = spent ]
	umpire --rules fury morale --stands-start 9 --stands 5 --bel regular
	expect_error 65 "the Brigade effectiveness: fresh / worn / spent covers brigades of 3 to 7 stands, not 9"
}

@test "freshness: a brigade stays fresh until it is worn, and the working says down to which stand" {
	fu morale --stands-start 6 --stands 5 --bel veteran
	[ "$(json .result.freshness)" = fresh ]
	umpire --rules fury morale --stands-start 6 --stands 5 --bel veteran
	[ "$status" -eq 0 ]
	has_line "  Brigade effectiveness: fresh / worn / spent [published]: 6 stands, veteran: fresh down to 5, worn at 4, spent at 2"
	umpire --rules fury morale --stands-start 6 --stands 6 --bel militia
	[ "$status" -eq 0 ]
	has_line "  Brigade effectiveness: fresh / worn / spent [published]: 6 stands, militia: fresh down to 6, never worn, spent at 5"
	umpire --rules fury morale --stands-start 3 --stands 2 --bel guard
	[ "$status" -eq 0 ]
	has_line "fresh (2 of 3 stands, guard)"
	has_line "  Brigade effectiveness: fresh / worn / spent [published]: 3 stands, guard: fresh down to 1, never worn, never spent"
}

@test "the BEL of a mixed brigade: the mean, .6 and over rounding up" {
	fu morale --stands-start 4 --stands 4 --battalions regular,regular,regular,veteran
	[ "$(json .result.bel)" = regular ]
	fu morale --stands-start 5 --stands 5 --battalions regular,veteran,veteran,veteran,regular
	[ "$(json .result.bel)" = veteran ]
	umpire --rules fury morale --stands-start 4 --stands 4 --battalions regular,hussars
	expect_error 65 "--battalions: 'hussars' is not one of militia, conscript, regular, veteran, guard"
}

@test "the charts carry their provenance" {
	umpire --rules fury tables list
	[ "$status" -eq 0 ]
	has_line "command-ranges       published         5 rows  Standard officer command ranges (inches)"
	has_line "good-order-table     earlier version   24 rows  Good order maneuver table (column: the corps commander's rating)"
	has_line "fire-table           reconstructed    11 rows  Fire table"
}

@test "the melee headline tells what the loser suffers, after the square's cap" {
	fu melee --attacker-type cavalry --defender-mod square-vs-cavalry --dice 1,1,6,6
	[ "$(json .summary)" = "the defender wins by 13: the attacker loses 1 stand and routs; breakthrough optional" ]
	[ "$(json .result.attacker.stands_lost)" = 1 ]
	fu melee --dice 4,4,2,1
	[ "$(json .summary)" = "the attacker wins by 5: the defender loses 1 stand, retreats a full move, disordered; breakthrough optional" ]
	fu melee --attacker-mod reacting --attacker-type cavalry --dice 5,5,1,1
	[ "$(json .summary)" = "the attacker wins by 8: the defender loses 3 stands and routs; no breakthrough" ]
}

@test "artillery may never move into contact: no melee (l.188)" {
	fu melee --attacker-type artillery --defender-type infantry --dice 6,6,1,1
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "artillery batteries may never move into contact with the enemy" ]
	[ "$(json .result.difference)" = null ]
}

@test "heavy cavalry may not enter woods unless in march column on a road (l.160)" {
	fu move --quality good --type heavy-cavalry --mod woods --dice 4,4
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "heavy cavalry may not enter woods unless in march column along a road" ]
	fu move --quality good --type heavy-cavalry --formation march-column --road --mod woods --dice 4,4
	[ "$(json .legal)" = true ]
	fu move --quality good --type light-cavalry --mod woods --dice 4,4
	[ "$(json .legal)" = true ]
}

@test "a non-light unit changing formation in woods is disordered (l.82)" {
	fu move --quality good --type infantry --change-formation --mod woods --dice 6,6
	[ "$(json '.working | map(select(. == "a non-light unit changing formation in woods is disordered")) | length')" = 1 ]
	fu move --quality good --type light-infantry --change-formation --mod woods --dice 6,6
	[ "$(json '.working | map(select(test("in woods is disordered"))) | length')" = 0 ]
}

@test "rough terrain for cavalry is exactly a third: 12 inches -> 4" {
	fu move --quality good --type heavy-cavalry --formation column --rough --dice 6,6
	[ "$(json .result.inches)" = 4 ]
}

@test "fury l.166: a square may not enter rough terrain" {
	fu move --quality good --type infantry --formation square --rough --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "infantry in square may not enter rough terrain" ]
	[ "$(json .summary)" = "no move: infantry in square may not enter rough terrain" ]
	[ "$(json .result.inches)" = null ]
	[ "$(json '.dice|length')" = 0 ]
	# in the open a square has half its line allowance: 4 x 1/2 = 2
	fu move --quality good --type infantry --formation square --dice 5,4
	[ "$(json .legal)" = true ]
	[ "$(json .result.inches)" = 2 ]
	# a line in rough terrain: 4 x 1/2 = 2
	fu move --quality good --type infantry --formation line --rough --dice 5,4
	[ "$(json .result.inches)" = 2 ]
}
