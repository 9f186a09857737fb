#!/usr/bin/env bats
# The squares rule set: bombardment, assault (skirmish, dice, rerolls,
# saves), morale, rally, action points, action dice and dice-off.
load helper

sq() { umpire --json --rules squares "$@"; }

@test "bombardment dice: foot d10 close, d8 long; horse d8 close, d6 long; hits on 5+" {
	umpire --rules squares fire --artillery foot --range close --dice 5,4
	expect_error 65 "too many dice: 2 given, the ruling uses 1 (drop the ones after it)"
	sq fire --artillery foot --range close --dice 5
	[ "$(json .result.hits)" = 1 ]
	sq fire --artillery foot --range close --dice 4
	[ "$(json .result.hits)" = 0 ]
	sq fire --artillery foot --range close --dice 10
	[ "$(json .result.hits)" = 1 ]
	umpire --rules squares fire --artillery foot --range long --dice 9
	expect_error 65 "die 1 is the d8 of base 1, action 1: 9 is not a face of a d8"
	umpire --rules squares fire --artillery horse --range long --dice 7
	expect_error 65 "die 1 is the d6 of base 1, action 1: 7 is not a face of a d6"
	sq fire --artillery horse --range close --dice 8
	[ "$(json .result.hits)" = 1 ]
}

@test "one die per base per action point" {
	sq fire --artillery foot --range close --bases 2 --ap 2 --dice 5,4,10,6
	[ "$(json .result.hits)" = 3 ]
	[ "$(json '.dice|length')" = 4 ]
	umpire --rules squares fire --artillery foot --range close --bases 2 --ap 2 --dice 5,4,10
	expect_error 65 "too few dice: die 4 should be the d10 of base 2, action 2 (1-10)"
}

@test "a woods square is hit on 6+" {
	sq fire --artillery foot --range close --mod woods --dice 5
	[ "$(json .result.hits)" = 0 ]
	sq fire --artillery foot --range close --mod woods --dice 6
	[ "$(json .result.hits)" = 1 ]
}

@test "infantry in a town save one hit per d8 of 5+" {
	sq fire --artillery foot --range close --bases 3 --mod town --dice 5,6,7,5,4,3
	[ "$(json .result.hits)" = 3 ]
	[ "$(json .result.saved)" = 1 ]
	[ "$(json .result.hits_after_saves)" = 2 ]
	sq fire --artillery foot --range close --mod town --dice 3
	[ "$(json '.dice|length')" = 1 ]
}

@test "skirmish: highest single die wins; a tie gives no advantage" {
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --dice 6,5,1,1,1,1
	[ "$(json .result.skirmish_advantage)" = attacker ]
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --dice 5,5,1,1,1,1
	[ "$(json .result.skirmish_advantage)" = none ]
}

@test "skirmish: the side whose enemy has cavalry cannot roll and loses it automatically" {
	sq melee --attacker-spec heavy-cav:d10 --defender-spec inf:d6/d8 --dice 1,1,1,1,1,1
	[ "$(json .result.skirmish_advantage)" = none ]
	sq melee --attacker-spec inf:d8/d8,cav:d8 --defender-spec inf:d6/d8 --dice 1,1,1,1,1,1
	[ "$(json .result.skirmish_advantage)" = attacker ]
	[ "$(json '.dice|length')" = 6 ]
}

@test "skirmish: no rolls when both sides have cavalry" {
	sq melee --attacker-spec inf:d8/d8,cav:d8 --defender-spec inf:d6/d8,cav:d8 --dice 1,1,1,1,1,1,1,1
	[ "$(json .result.skirmish_advantage)" = none ]
	[ "$(json '.dice|length')" = 8 ]
}

@test "hits on 5+, 6+ against the side with the skirmish advantage" {
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --dice 6,1,5,5,5,5
	[ "$(json .result.hits_on_defender)" = 2 ]
	[ "$(json .result.hits_on_attacker)" = 0 ]
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --dice 6,1,4,4,6,6
	[ "$(json .result.hits_on_attacker)" = 2 ]
	[ "$(json .result.loser)" = attacker ]
}

@test "artillery: foot d12, horse d10, one die" {
	sq melee --attacker-spec cav:d8 --defender-spec foot-art --dice 1,1,12
	[ "$(json .result.hits_on_attacker)" = 1 ]
	umpire --rules squares melee --attacker-spec cav:d8 --defender-spec horse-art --dice 1,1,11
	expect_error 65 "die 3 is the d10 of defending horse artillery 1: 11 is not a face of a d10"
}

@test "a subsequent round: one die a brigade" {
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --round 2 --dice 6,1,5,5
	[ "$(json '.dice|length')" = 4 ]
	[ "$(json '.result.attacker_units[0].dice')" = 1 ]
}

@test "woods: infantry use the skirmish die, cavalry one die, no artillery" {
	umpire --rules squares melee --attacker-spec inf:d6/d10 --defender-spec inf:d6/d8 --mod attacker-woods --dice 1,1,7,1,1,1
	expect_error 65 "die 3 is the d6 of attacking infantry 1: 7 is not a face of a d6"
	sq melee --attacker-spec cav:d10 --defender-spec inf:d6/d8,foot-art --mod defender-woods --dice 5,1,1,1,1
	[ "$(json '.result.defender_units[1].dice')" = 0 ]
	sq melee --attacker-spec cav:d10 --defender-spec inf:d6/d8 --mod attacker-woods --dice 5,1,1,1
	[ "$(json '.result.attacker_units[0].dice')" = 1 ]
}

@test "attacking heavy cavalry reroll their misses" {
	sq melee --attacker-spec heavy-cav:d10 --defender-spec cav:d8 --dice 4,9,1,1,7
	[ "$(json .result.hits_on_defender)" = 2 ]
	sq melee --attacker-spec cav:d10 --defender-spec heavy-cav:d8 --dice 4,9,1,1
	[ "$(json .result.hits_on_defender)" = 1 ]
}

@test "defenders uphill reroll misses" {
	sq melee --attacker-spec cav:d8 --defender-spec cav:d8,foot-art --mod defender-uphill --dice 1,1,4,5,3,6
	[ "$(json .result.hits_on_attacker)" = 2 ]
	sq melee --attacker-spec cav:d8 --defender-spec inf:d8/d8 --mod defender-uphill --dice 1,1,4,5,6
	[ "$(json .result.hits_on_attacker)" = 2 ]
}

@test "saves: infantry attacked only by cavalry (artillery does not block it)" {
	sq melee --attacker-spec heavy-cav:d10,foot-art --defender-spec inf:d6/d8 --dice 5,6,5,1,1,8,2,1
	[ "$(json .result.hits_on_defender)" = 2 ]
	[ "$(json '.result.defender_units[0].saved')" = 1 ]
	sq melee --attacker-spec heavy-cav:d10,inf:d8/d8 --defender-spec inf:d6/d8 --dice 5,6,1,1,1,1
	[ "$(json .result.hits_on_defender)" = 2 ]
	[ "$(json .result.skirmish_advantage)" = attacker ]
}

@test "saves: infantry defending a town" {
	sq melee --attacker-spec inf:d8/d8 --defender-spec inf:d6/d8 --mod defender-town --dice 1,1,5,5,1,1,6,2
	[ "$(json .result.hits_on_defender)" = 1 ]
}

@test "hits are shared among a side's units in the order given" {
	sq melee --attacker-spec cav:d8 --defender-spec cav:d8,cav:d8 --dice 5,6,1,1,1,1
	[ "$(json '.result.defender_units[0].hits')" = 1 ]
	[ "$(json '.result.defender_units[1].hits')" = 1 ]
}

@test "a drawn assault: both sides check" {
	sq melee --attacker-spec cav:d8 --defender-spec cav:d8 --dice 5,1,5,1
	[ "$(json .result.loser)" = draw ]
	[ "$(json .summary)" = "a drawn assault: the attacker takes 1 hit, the defender 1; both sides check morale" ]
}

@test "an unknown unit spec" {
	umpire --rules squares melee --attacker-spec dragoons:d8 --defender-spec inf:d6/d8 --dice 1
	expect_error 65 "--attacker-spec: 'dragoons:d8' is not a unit spec (inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art)"
	umpire --rules squares melee --attacker-spec inf:d8 --defender-spec inf:d6/d8 --dice 1
	expect_error 65 "--attacker-spec: 'inf:d8' is not a unit spec (inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art)"
	umpire --rules squares melee --attacker-spec cav:d7 --defender-spec inf:d6/d8 --dice 1
	expect_error 65 "--attacker-spec: 'cav:d7' is not a unit spec (inf:dS/dQ, mixed:dS/dQ, cav:dQ, heavy-cav:dQ, light-cav:dQ, foot-art, horse-art)"
}

@test "morale with 0, 1, 2 and 3 fails" {
	sq morale --morale d8 --hits 3 --dice 5,6,7
	[ "$(json .result.fails)" = 0 ]; [ "$(json .result.outcome)" = holds ]
	sq morale --morale d8 --hits 3 --dice 4,6,7
	[ "$(json .result.fails)" = 1 ]; [ "$(json .result.outcome)" = retreats ]
	sq morale --morale d8 --hits 3 --dice 4,3,7
	[ "$(json .result.fails)" = 2 ]; [ "$(json .result.outcome)" = destroyed ]
	sq morale --morale d8 --hits 3 --dice 1,2,3
	[ "$(json .result.fails)" = 3 ]; [ "$(json .result.outcome)" = destroyed ]
}

@test "one fail destroys foot artillery; horse artillery retreats" {
	sq morale --morale d8 --hits 1 --type foot-artillery --dice 4
	[ "$(json .result.outcome)" = destroyed ]
	sq morale --morale d8 --hits 1 --type horse-artillery --dice 4
	[ "$(json .result.outcome)" = retreats ]
}

@test "one die fewer on a hill or in a town; no hits, no dice" {
	sq morale --morale d8 --hits 2 --mod hill --dice 4
	[ "$(json '.dice|length')" = 1 ]
	sq morale --morale d8 --hits 0
	[ "$(json .result.outcome)" = holds ]
}

@test "a unit that cannot retreat takes a hit and tests again, ignoring a second retreat" {
	sq morale --morale d8 --hits 2 --mod cannot-retreat --dice 4,5,5,4,6
	[ "$(json .result.outcome)" = holds ]
	[ "$(json '.result.units[0].extra_hit')" = true ]
	sq morale --morale d8 --hits 2 --mod cannot-retreat --dice 4,5,1,4,6
	[ "$(json .result.outcome)" = destroyed ]
}

@test "more than half of an open square retreating forces the rest" {
	sq morale --test brigade:d8:1 --test brigade:d8:1 --square-units 3 --dice 4,4
	[ "$(json .result.square_must_retreat)" = true ]
	sq morale --test brigade:d8:1 --test brigade:d8:1 --square-units 4 --dice 4,4
	[ "$(json .result.square_must_retreat)" = false ]
}

@test "battlefield rally: 2+ hits, 5+ removes one, never the last, not next to the enemy" {
	sq rally --morale d8 --hits 2 --dice 5
	[ "$(json .result.rallied)" = true ]; [ "$(json .result.hits_after)" = 1 ]
	sq rally --morale d8 --hits 2 --dice 4
	[ "$(json .result.rallied)" = false ]; [ "$(json .result.hits_after)" = 2 ]
	sq rally --morale d8 --hits 1 --dice 6
	[ "$(json .legal)" = false ]; [ "$(json .result.rallied)" = false ]
	sq rally --morale d8 --hits 3 --mod enemy-adjacent --dice 6
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "an enemy unit is in one of the eight adjacent squares: no battlefield rally" ]
}

@test "overnight rally: 1 hit to 0, 2 or more to 1; surrounded rally as on the battlefield" {
	sq rally --overnight --hits 1
	[ "$(json .result.hits_after)" = 0 ]
	sq rally --overnight --hits 4
	[ "$(json .result.hits_after)" = 1 ]
	sq rally --overnight --hits 4 --morale d8 --mod surrounded --dice 5
	[ "$(json .result.hits_after)" = 3 ]
}

@test "action points: a second diagonal costs 2, terrain +1 each" {
	sq move --path n,ne,ne --terrain -,woods,-
	[ "$(json .result.ap_cost)" = 5 ]
	[ "$(json .result.ap_left)" = null ]
	sq move --path n,e --terrain hill+river,town
	[ "$(json .result.ap_cost)" = 5 ]
	sq move --path ne --ap 3 --assault
	[ "$(json .result.ap_cost)" = 3 ]; [ "$(json .result.ap_left)" = 0 ]
}

@test "light cavalry not assaulting get one more action; too few points is not allowed" {
	sq move --path n,n,n,n --type light-cavalry --ap 3
	[ "$(json .legal)" = true ]; [ "$(json .result.ap_left)" = 0 ]
	sq move --path n,n,n,n --type cavalry --ap 3
	[ "$(json .legal)" = false ]
}

@test "cavalry entering woods end their actions; only infantry occupy a town" {
	sq move --path n,n --terrain woods,- --type cavalry
	[ "$(json .legal)" = false ]
	sq move --path n,n --terrain -,woods --type cavalry
	[ "$(json .legal)" = true ]
	sq move --path n --terrain town --type cavalry
	[ "$(json .legal)" = false ]
}

@test "stacking: four brigades, two artillery, six units" {
	sq move --path n --brigades 4 --artillery 2
	[ "$(json .legal)" = true ]
	sq move --path n --brigades 5
	[ "$(json .legal)" = false ]
	sq move --path n --brigades 3 --artillery 3
	[ "$(json .legal)" = true ]
	sq move --path n --brigades 4 --artillery 3
	[ "$(json .legal)" = false ]
}

@test "action dice: one d3 per command, largest first" {
	umpire --json --rules squares turn --action-dice --commands 6 --dice 1,3,2,2,1,2
	[ "$status" -eq 0 ]
	[ "$(json '.result.action_dice|join(",")')" = "3,2,2,2,1,1" ]
	umpire --rules squares turn --action-dice --commands 2 --dice 4,1
	expect_error 65 "die 1 is the action d3 1: 4 is not a face of a d3"
}

@test "dice-off: higher wins; a tie goes to the larger die; same die and score reroll" {
	umpire --json --rules squares turn --dice-off d8,d10 --dice 5,7
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = b ]
	umpire --json --rules squares turn --dice-off d8,d10 --dice 7,7
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = b ]
	umpire --json --rules squares turn --dice-off d10,d8 --dice 7,7
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = a ]
	umpire --json --rules squares turn --dice-off d8,d8 --dice 7,7
	[ "$status" -eq 0 ]
	[ "$(json .result.winner)" = reroll ]
}

@test "fatigue is not in the squares rules" {
	umpire --rules squares fatigue
	[ "$status" -eq 64 ]
	[ "$stderr" = "umpire: fatigue: the squares rules have no fatigue" ]
}

@test "cavalry may not attack towns (l.110)" {
	umpire --json --rules squares melee --attacker-spec cav:d8 --defender-spec inf:d6/d8 --mod defender-town --dice 1,2,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "cavalry may not attack towns" ]
	[ "$(json .result.hits_on_defender)" = 0 ]
}

@test "foot artillery cannot move and bombard in one turn (l.97), nor attack after bombarding (l.118)" {
	umpire --json --rules squares fire --artillery foot --range close --moved --dice 3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "foot artillery cannot combine movement and bombardment in the same turn" ]
	umpire --json --rules squares fire --artillery horse --range close --moved --dice 3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire --json --rules squares move --type foot-artillery --path n --bombarded
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	umpire --json --rules squares melee --attacker-spec foot-art,inf:d6/d6 --defender-spec inf:d6/d8 --attacker-bombarded --dice 1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "foot artillery who bombarded this turn cannot take part in an attack" ]
}

# C3.3.3: "If one side is able to make a roll and the other not (e.g. due
# to cavalry) then the advantage is won automatically. If cavalry is
# present on both sides then there are no rolls": the working says why.
@test "the skirmish says why a side cannot roll: no infantry, or the other side's cavalry" {
	umpire --rules squares melee --attacker-spec inf:d8/d8 --defender-spec foot-art --dice 5,5,3
	[ "$status" -eq 0 ]
	has_line "  skirmish: only the attacker can roll (the defender has no infantry): it wins the advantage" "$output"
	umpire --rules squares melee --attacker-spec inf:d8/d8 --defender-spec inf:d8/d8,cav:d8 --dice 5,5,3,4,2,1
	[ "$status" -eq 0 ]
	has_line "  skirmish: only the defender can roll (the defending cavalry keeps the attacker's skirmishers in): it wins the advantage" "$output"
	umpire --rules squares melee --attacker-spec cav:d8 --defender-spec cav:d8 --dice 5,5,1,1
	[ "$status" -eq 0 ]
	has_line "  skirmish: neither side can roll: no advantage" "$output"
}
