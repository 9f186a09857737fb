#!/usr/bin/env bats
# One long 2x2 game: 24 rulings over three turns, with undo and redo mixed
# in; the final sheet, the report and the victory check against the
# totals worked by hand from 2x2.txt's tables (shooting l.226-250, melee
# l.254-258, rally l.193, rout l.247-249).
load helper

battle() {
	"$U" new --rules 2x2 --victory fast >/dev/null
	for u in Kempt Pack Picton; do
		"$U" unit add $u --side Allies --type line >/dev/null
	done
	"$U" unit add Bachelu --side French --type line >/dev/null
	"$U" unit add Cuirassiers --side French --type heavy-cavalry >/dev/null
	"$U" unit add "Foot Battery" --side French --type foot-artillery >/dev/null
	"$U" unit add "Old Guard" --side French --type guards >/dev/null
	# ---- turn 1
	#  1. Picton moves on a road: line 3", 4" on roads
	"$U" move --unit Picton --road >/dev/null
	#  2. Bachelu at Kempt, 1": d6 5 +1 first volley = 6, disrupted;
	#     Bachelu is pinned for shooting (l.217)
	"$U" fire --unit Bachelu --target Kempt --distance 1 --dice 5 >/dev/null
	#  3. the battery at Pack, 5" (long, -1): 6 - 1 = 5, pinned
	"$U" fire --unit "Foot Battery" --target Pack --distance 5 --dice 6 >/dev/null
	#  4. Cuirassiers charge Kempt: 3 +2 heavy cavalry +2 enemy disrupted = 7
	#     against 4: a difference of 3, Kempt destroyed (Allies 1)
	"$U" melee --attacker Cuirassiers --defender Kempt --dice 3,4 >/dev/null
	#     taken back and put back
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	#  5. Pack rallies: d6 5, 5+ (pinned: no -1), no longer pinned
	"$U" rally --unit Pack --dice 5 >/dev/null
	#  6. Kempt's state asked: destroyed (a ruling that changes nothing)
	"$U" morale --unit Kempt >/dev/null
	#  7. Picton at Bachelu, 1": 6 +1 = 7, routs (worse than pinned);
	#     Picton pinned
	"$U" fire --unit Picton --target Bachelu --distance 1 --dice 6 >/dev/null
	#  8. Bachelu's rout die 2: destroyed (French 1)
	"$U" morale --rout --unit Bachelu --dice 2 >/dev/null
	turn_ends 1
	# ---- turn 2
	#  9. the Cuirassiers move 4"
	"$U" move --unit Cuirassiers >/dev/null
	# 10. they charge Pack: 2 +2 = 4 against 5: the attacker routs
	"$U" melee --attacker Cuirassiers --defender Pack --dice 2,5 >/dev/null
	# 11. their rout die 4: 4" away, disrupted -- taken back, and rolled
	#     again: 1, destroyed (French 2)
	"$U" morale --rout --unit Cuirassiers --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" morale --rout --unit Cuirassiers --dice 1 >/dev/null
	# 12. the battery at Picton, 2": short, but not 1" or less: 4, no effect
	"$U" fire --unit "Foot Battery" --target Picton --distance 2 --dice 4 >/dev/null
	# 13. again at 1": 5 +1 = 6, Picton disrupted (worse than pinned)
	"$U" fire --unit "Foot Battery" --target Picton --distance 1 --dice 5 >/dev/null
	# 14. the Old Guard charge Picton: 5 +1 guards +2 enemy disrupted = 8
	#     against 1: 7, Picton destroyed (Allies 2)
	"$U" melee --attacker "Old Guard" --defender Picton --dice 5,1 >/dev/null
	# 15. a correction: Pack pinned by skirmishers
	"$U" adjust Pack --state pinned --reason "pinned by skirmishers" >/dev/null
	turn_ends 2
	# ---- turn 3
	# 16. Pack fails to rally: 4
	"$U" rally --unit Pack --dice 4 >/dev/null
	# 17. Pack (pinned: no first volley) at the Old Guard, 1": 6, disrupted;
	#     taken back and put back
	"$U" fire --unit Pack --target "Old Guard" --distance 1 --dice 6 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 18. the battery at Pack, 6" (long): 3 - 1 = 2, no effect
	"$U" fire --unit "Foot Battery" --target Pack --distance 6 --dice 3 >/dev/null
	# 19. the Old Guard rally: 6 +1 guards -1 disrupted = 6, rallied
	"$U" rally --unit "Old Guard" --dice 6 >/dev/null
	# 20. the battery at Pack, 1": 6 +1 = 7, Pack routs
	"$U" fire --unit "Foot Battery" --target Pack --distance 1 --dice 6 >/dev/null
	# 21. Pack's rout die 5: 3" away, disrupted
	"$U" morale --rout --unit Pack --dice 5 >/dev/null
	# 22. the victory: fast, lost at 5 destroyed; 2 and 2
	"$U" morale --victory >/dev/null
}

# every test reads where the one game ended
setup_file() {
	shared_game battle
}

# The final sheet, worked by hand from the comments above:
#   Allies: Kempt destroyed (4), Pack disrupted (21), Picton destroyed (14)
#   French: Bachelu destroyed (8), Cuirassiers destroyed (11), the battery
#   ok (artillery is not pinned for shooting), the Old Guard ok (19)
#   each side 2 units destroyed: nobody has lost a fast game (5).
@test "the long 2x2 game's final sheet is the one worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | "\(.name)=\(.state)"] | join(" ")')" = "Kempt=destroyed Pack=disrupted Picton=destroyed Bachelu=destroyed Cuirassiers=destroyed Foot Battery=ok Old Guard=ok" ]
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"Allies":2,"French":2}' ]
	[ "$(printf '%s' "$output" | jq -c .standing.lost)" = '[]' ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^==')" = "== Allies (6 AP), losses: 2 units destroyed
== French (11 AP), losses: 2 units destroyed" ]
	[ "${lines[1]}" = "nobody has lost yet" ]
	umpire check
	[ "$status" -eq 0 ]
}

# Losses by turn: turn 1 Kempt and Bachelu, turn 2 Picton and the
# Cuirassiers, turn 3 none.
@test "the long 2x2 game's report and chart count the units destroyed turn by turn" {
	from_shared_game
	umpire report
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep 'losses:')" = "  losses: Allies 1 unit destroyed this turn, 1 in all; French 1 unit destroyed this turn, 1 in all
  losses: Allies 1 unit destroyed this turn, 2 in all; French 1 unit destroyed this turn, 2 in all
  losses: Allies 0 units destroyed this turn, 2 in all; French 0 units destroyed this turn, 2 in all" ]
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.turns[] | [.losses.Allies.total, .losses.French.total]]')" = '[[1,1],[2,2],[2,2]]' ]
	"$U" sheet --html sheet.html >/dev/null
	[ "$(chart_bars sheet.html)" = "1: 1 2: 2 3: 2 1: 1 2: 2 3: 2" ]
}

# In force: the 22 rulings and corrections numbered above and the two
# turns begun (24); the rout die taken back in 11 stays in the log as
# undone.  Undo takes back the last entry, a ruling that changed nothing too.
@test "the long 2x2 game's journal: what is in force, and undo takes the last entry" {
	from_shared_game
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone | not)] | length')" = 24 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.command == "turn")] | length')" = 2 ]
	# the last entry is the victory check (22), which changed nothing; the
	# one before it Pack's rout (21)
	umpire undo --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "would undo #25 turn 3 morale: Allies has not lost (2 destroyed, the opponent 2)" ]
	umpire undo --to 24 --dry-run
	[ "$status" -eq 0 ]
	has_line "would undo #24 turn 3 morale of Pack (unit): the unit routs 3\" away and is disrupted (d6 5)"
	umpire morale --victory
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Allies has not lost (2 destroyed, the opponent 2)" ]
}

# The turn by the text: a unit may shoot once in its turn (l.47), so each
# firer may not shoot again; turn 2's winning attack (the Old Guard) owes
# its mandatory follow up (l.258), still owed in turn 3.
@test "the long 2x2 game's turn by turn: acts, obligations and prohibitions" {
	from_shared_game
	uj --json turn >turn3.json
	[ "$(turn_units turn1.json)" = '["Kempt",["fired-on","meleed"],[],[]]
["Pack",["fired-on","rallied"],[],[]]
["Picton",["moved","fired"],[],["shoot again this turn 2x2.txt l.47"]]
["Bachelu",["fired","fired-on"],[],["shoot again this turn 2x2.txt l.47"]]
["Cuirassiers",["attacked"],[],[]]
["Foot Battery",["fired"],[],["shoot again this turn 2x2.txt l.47"]]' ]
	[ "$(turn_units turn2.json)" = '["Pack",["meleed"],[],[]]
["Picton",["fired-on","meleed"],[],[]]
["Cuirassiers",["moved","attacked"],[],[]]
["Foot Battery",["fired"],[],["shoot again this turn 2x2.txt l.47"]]
["Old Guard",["attacked"],["follow up: up to a full move directly ahead"],[]]' ]
	[ "$(turn_units turn3.json)" = '["Pack",["rallied","fired","fired-on"],[],["shoot again this turn 2x2.txt l.47"]]
["Foot Battery",["fired"],[],["shoot again this turn 2x2.txt l.47"]]
["Old Guard",["fired-on","rallied"],["follow up: up to a full move directly ahead"],[]]' ]
	[ "$(jq -c '[.turn, .phase]' turn1.json turn2.json turn3.json | paste -sd' ')" = '[1,null] [2,null] [3,null]' ]
}
