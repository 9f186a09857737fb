#!/usr/bin/env bats
# What a first trial of the sample battles (new --example) found: each
# command answers in a game as the rules read, in plain words.
load helper

example() {
	"$U" new --rules "$1" --example >/dev/null
}

@test "ohw rally points to the save-yourselves fatigue that works in a game, and to the stateless one" {
	example ohw
	umpire rally --unit "66e Ligne"
	expect_error 64 "the ohw rules have no rally roll; see 'umpire fatigue --unit NAME --mod save-yourselves' in a game, or 'umpire fatigue --rules ohw --fp N --mod save-yourselves' without one (+2 FP and a double move), and the reorganising turn on the sheet"
	# the game's form works: "It suffers 2 Fatigue Points" (ohw.txt)
	umpire fatigue --unit "66e Ligne" --mod save-yourselves
	[ "$status" -eq 0 ]
	has_line "  66e Ligne takes 2 FP (2 of 15)"
	# and the stateless one
	umpire fatigue --rules ohw --fp 3 --mod save-yourselves
	[ "$status" -eq 0 ]
	has_line "fresh (5 FP of 15)"
}

@test "ohw fatigue with no options in a game: every unit's and higher formation's fatigue" {
	example ohw
	"$U" adjust "66e Ligne" --fp +8 --reason trial >/dev/null
	umpire fatigue
	[ "$status" -eq 0 ]
	has_line "the fatigue of every unit and higher formation"
	# tired from half the break point: 15 / 2 = 7.5, so from 8
	has_line "  66e Ligne (infantry): 8 FP of 15, tired"
	has_line "  43rd Light Infantry (infantry): 0 FP of 16, fresh"
	# Loison's Division: 50% of 15+15+15+13+13 = 71 -> 35.5, up to 36
	has_line "  Loison's Division (division): 8 FP of 36, fresh"
	# VI Corps: 50% of 71 + 15 (hussars) + 15 (battery) = 101 -> 50.5, up to 51
	has_line "  VI Corps (corps): 8 FP of 51, fresh"
	umpire --json fatigue
	[ "$status" -eq 0 ]
	[ "$(json '.result.units[] | select(.name == "66e Ligne") | "\(.fatigue_points) \(.break_point) \(.state)"')" = "8 15 tired" ]
	[ "$(json '.result.formations[] | select(.name == "VI Corps") | "\(.fatigue_points) \(.break_point) \(.state)"')" = "8 51 fresh" ]
}

# RULES.md (fury morale): "morale reports the unit's state: good order /
# disordered, and its division/corps/army fatigue."
@test "fury morale in a game says the brigade's order and its formations' fatigue" {
	example fury
	"$U" adjust Kempt --state disordered --reason trial >/dev/null
	umpire morale --unit Kempt
	[ "$status" -eq 0 ]
	has_line "Kempt is disordered; fresh (5 of 5 stands, veteran)"
	# Picton's Division: Kempt 5 + Pack 5 + Best 5 stands (the battery not
	# counted), good: 15 x 60% = 9; the army, good: Picton's 15,
	# Perponcher's 5 + 6, Brunswick's 6 + 3 = 35 x 60% = 21
	has_line "  Picton's Division (division): level 9, 0 lost"
	has_line "  Anglo-Allied Army (army): level 21, 0 lost"
	umpire --json morale --unit Kempt
	[ "$status" -eq 0 ]
	[ "$(json '"\(.result.order) \(.result.freshness) \(.result.stands)"')" = "disordered fresh 5" ]
	umpire morale --unit Pack
	[ "$status" -eq 0 ]
	has_line "Pack is in good order; fresh (5 of 5 stands, veteran)"
	"$U" adjust Pack --state routed --reason trial >/dev/null
	umpire morale --unit Pack
	[ "$status" -eq 0 ]
	has_line "Pack is routed; fresh (5 of 5 stands, veteran)"
}

# fury.txt l.148: "The Disorder Table applies to all disordered brigades";
# RULES.md: "Disordered brigades rally through the Disorder maneuver
# table".  A brigade in good order has nothing to rally, as in 2x2.
@test "fury rally of a brigade in good order is refused, as 2x2 refuses one" {
	example fury
	umpire rally --unit Pack --dice 6,6
	[ "$status" -eq 0 ]
	has_line "may not rally: the brigade is not disordered: there is nothing to rally"
	umpire --json rally --unit Pack --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json '"\(.legal) \(.reason) \(.result.result)"')" = "false the brigade is not disordered: there is nothing to rally null" ]
	# a disordered brigade rallies: 6 + 6 + 2 (fresh) = 14 -> with elan
	"$U" adjust Kempt --state disordered --reason trial >/dev/null
	umpire rally --unit Kempt --dice 6,6
	[ "$status" -eq 0 ]
	has_line "rallies with elan (full move, may change formation): 4\""
	has_line "  Kempt is no longer disordered"
}

# fury.txt l.108: "Any time an infantry brigade is charged by cavalry and it
# is not defending in or along cover, (wall, works, etc) deployed in a
# town, already in square formation or already in contact with another
# enemy unit; it must immediately roll on the Emergency Formation Change
# table in an attempt to form square."
@test "fury: cavalry charging infantry in line says the emergency formation change comes first, until it is rolled" {
	example fury
	umpire melee --attacker Guiton --defender Pack --dice 3,4,3,4
	[ "$status" -eq 0 ]
	has_line "  Pack must first roll on the emergency formation change table (move --efc), unless in or along cover, in a town or already in contact with another enemy"
	"$U" undo >/dev/null
	# 1 + 1 + 1 (veteran) + 1 (fresh) = 4: caught, still in line
	umpire move --unit Pack --efc --dice 1,1
	[ "$status" -eq 0 ]
	has_line "  Pack has tried to form square"
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "  Pack                         infantry        line              5     5      0  disordered has tried to form square"
	umpire melee --attacker Guiton --defender Pack --dice 3,4,3,4
	[ "$status" -eq 0 ]
	[[ "$output" != *"must first roll"* ]]
	# the next turn it is charged afresh
	"$U" turn next >/dev/null
	umpire melee --attacker Guiton --defender Bijlandt --dice 3,4,3,4
	[ "$status" -eq 0 ]
	has_line "  Bijlandt must first roll on the emergency formation change table (move --efc), unless in or along cover, in a town or already in contact with another enemy"
}

@test "squares: a battery that fired has bombarded, in words, and may bombard again the next turn" {
	example squares
	umpire fire --unit "Ruty's Grand Battery" --target Colborne --range close --dice 3
	[ "$status" -eq 0 ]
	has_line "  Ruty's Grand Battery has bombarded"
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "  Ruty's Grand Battery         foot-artillery     0  ok has bombarded"
	umpire turn next
	[ "$status" -eq 0 ]
	umpire log show 2
	[ "$status" -eq 0 ]
	has_line "      Ruty's Grand Battery may bombard again"
}

@test "adjust takes a state as the sheet says it, in any case, and says states in words" {
	example fury
	umpire adjust Kempt --state good_order --reason trial
	expect_error 65 "Kempt has no state or flag to clear: nothing to change"
	umpire adjust Kempt --state "Good Order" --reason trial
	expect_error 65 "Kempt has no state or flag to clear: nothing to change"
	umpire adjust Kempt --state DISORDERED --reason trial
	[ "$status" -eq 0 ]
	has_line "Kempt: disordered (trial)"
	umpire adjust Kempt --state "good order" --reason trial
	[ "$status" -eq 0 ]
	has_line "Kempt: good order (trial)"
	umpire adjust Kempt --formation "March Column" --reason trial
	[ "$status" -eq 0 ]
	has_line "Kempt: in march column (trial)"
	umpire adjust Kempt --formation march-column --reason trial
	expect_error 65 "Kempt is already in march column: nothing to change"
	umpire adjust Kempt --state wobbly --reason trial
	expect_error 65 "the fury rules keep no state 'wobbly': give good-order, suppressed, silenced, damaged, wrecked, routed, destroyed, disordered, broken, tried-square or breakthrough"
}

@test "counts in words: one hit, one stand, one unit destroyed; a count that counts up is not 'lost'" {
	example squares
	umpire adjust Colborne --hits +1 --reason trial
	[ "$status" -eq 0 ]
	has_line "Colborne: +1 hit (trial)"
	"$U" adjust Colborne --hits +1 --reason trial >/dev/null
	"$U" adjust Colborne --hits -1 --reason trial >/dev/null
	umpire report
	[ "$status" -eq 0 ]
	has_line "      Colborne: +1 hit, now 1 hit"
	has_line "      Colborne: +1 hit, now 2 hits"
	has_line "      Colborne: -1 hit, now 1 hit"
	# 1 + 1 - 1 = 1 hit for the Allies this turn
	has_line "  losses: Allied 1 hit this turn, 1 in all; French 0 hits this turn, 0 in all"
}

@test "ohw: fatigue points added are counted, not lost" {
	example ohw
	"$U" adjust "82e Ligne" --fp +8 --reason trial >/dev/null
	"$U" adjust "82e Ligne" --fp +2 --reason trial >/dev/null
	umpire report
	[ "$status" -eq 0 ]
	has_line "      82e Ligne: +2 fatigue points, now 10 fatigue points"
}

@test "2x2: one unit destroyed on the sheet" {
	example 2x2
	"$U" adjust "20th Foot" --state destroyed --reason trial >/dev/null
	umpire sheet
	[ "$status" -eq 0 ]
	has_line "== British (22 AP), losses: 1 unit destroyed"
}

# RULES.md (ohw melee): "Infantry that stood in line or column against a
# cavalry charge: wins if it inflicted more FP than it took, otherwise it
# is destroyed".
@test "ohw: infantry destroyed by a charge is said destroyed, not tired on the way" {
	example ohw
	# cavalry 6 + 2 = 8 FP on the infantry; the infantry 1 + 0 = 1, not
	# more than 8: destroyed; the cavalry takes half of 1, rounded up: 1
	umpire melee --attacker "3e Hussards" --defender "43rd Light Infantry" --dice 6,1
	[ "$status" -eq 0 ]
	has_line "the infantry are destroyed: the attacker takes 1 FP, the defender 8"
	has_line "  43rd Light Infantry takes 8 FP (8 of 16)"
	has_line "  43rd Light Infantry is destroyed"
	[[ "$output" != *"now tired"* ]]
}

# squares.txt: "+1 into woods or hills ... +1 crossing a river" (RULES.md);
# a second diagonal step costs 2.
@test "squares move: each step's direction and ground in words" {
	umpire move --rules squares --path n,ne,e,sw --terrain -,hill+river,woods,-
	[ "$status" -eq 0 ]
	# 1 + (1 + 1 hill + 1 river) + (1 + 1 woods) + 2 (second diagonal) = 8
	has_line "8 action points"
	has_line "  step 1: north, into open ground: 1 AP"
	has_line "  step 2: north-east, into hills, crossing a river: 3 AP"
	has_line "  step 3: east, into woods: 2 AP"
	has_line "  step 4: south-west, into open ground: 2 AP"
}

@test "log show quotes a name with an apostrophe in double quotes, when nothing in it is special there" {
	example squares
	"$U" fire --unit "Ruty's Grand Battery" --target Colborne --range close --dice 3 >/dev/null
	umpire log show 1
	[ "$status" -eq 0 ]
	has_line "        typed: umpire fire --unit \"Ruty's Grand Battery\" --target Colborne --range close --dice 3"
	"$U" adjust Colborne --hits +1 --reason 'Ruty'"'"'s "$5"' >/dev/null
	umpire log show 2
	[ "$status" -eq 0 ]
	has_line "        typed: umpire adjust Colborne --hits +1 --reason 'Ruty'\"'\"'s \"\$5\"'"
}

@test "a bad die face is one plain sentence naming the die" {
	example squares
	umpire fire --unit "Ruty's Grand Battery" --target Colborne --range close --dice 11
	expect_error 65 "die 1 is the d10 of base 1, action 1: 11 is not a face of a d10"
}

@test "fury sheet: a leader's command range names his rank and nation in words" {
	example fury
	umpire sheet
	[ "$status" -eq 0 ]
	# the published chart: Britain army 16"; France wing 12", corps 8"
	has_line "      army commander of Britain: command range 16\""
	has_line "      wing commander of France: command range 12\""
	has_line "      corps commander of France: command range 8\""
}

@test "a misspelt command is told the commands near it, exit 64" {
	umpire frie
	expect_error 64 "umpire: unknown command 'frie' (see 'umpire --help'); did you mean 'fire'?"
	umpire sheat
	expect_error 64 "umpire: unknown command 'sheat' (see 'umpire --help'); did you mean 'sheet'?"
	umpire xyzzy
	expect_error 64 "umpire: unknown command 'xyzzy' (see 'umpire --help')"
}

@test "a unit name with two letters swapped is near it too" {
	example fury
	umpire morale --unit Kmept
	expect_error 65 "no unit is named 'Kmept': did you mean 'Kempt'?"
}

@test "fury: a leader has no stands and stands in no formation, in every view" {
	umpire new --rules fury --example
	[ "$status" -eq 0 ]
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Wellington") | [.formation, .start_strength] | tostring')" = '[null,0]' ]
	[ "$(json '.units[] | select(.name=="Kempt") | .formation')" = line ]
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Wellington") | [.formation, has("strength"), has("band")] | tostring')" = '[null,false,false]' ]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	has_line "  Wellington                   leader                                        good order" "$output"
	umpire sheet --csv
	[ "$status" -eq 0 ]
	has_line "Allied,Anglo-Allied Army,Wellington,leader,0,0,0,good order,," "$output"
}
