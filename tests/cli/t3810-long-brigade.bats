#!/usr/bin/env bats
# One long brigade game: 20 rulings over three turns, with undo and redo
# mixed in; the final sheet (figures per brigade and battalion, push backs,
# formations) against the totals worked by hand from the Melee/Firing
# Table (floor(row x die / 12), brigade-table.md) and brigade.txt (fire
# l.168-179, square l.278, column l.243, push backs l.297-307, falling
# back l.431).
load helper

battle() {
	"$U" new --rules brigade --title "Quatre Bras, long" >/dev/null
	"$U" unit add "Anglo-Allied Army" --side British --type army >/dev/null
	"$U" unit add "5th Division" --side British --type division --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add Kempt --side British --type infantry --class british --units 4 --parent "5th Division" >/dev/null
	"$U" unit add Pack --side British --type infantry --class british --units 3 --elite --parent "5th Division" >/dev/null
	"$U" unit add Ponsonby --side British --type cavalry --cavalry heavy --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add RHA --side British --type horse-artillery --guns 2 --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add "Armée du Nord" --side French --type army >/dev/null
	"$U" unit add "II Corps" --side French --type corps --parent "Armée du Nord" >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 4 --parent "II Corps" >/dev/null
	"$U" unit add Foy --side French --type infantry --class french --units 3 --parent "II Corps" >/dev/null
	"$U" unit add Piré --side French --type cavalry --cavalry light --lancers --parent "II Corps" >/dev/null
	"$U" unit add Battery --side French --type foot-artillery --guns 2 --parent "II Corps" >/dev/null
	# ---- turn 1
	#  1. the RHA at Bachelu, 10": misfire dice 3, 4, both fire; 2 x 3 crew
	#     = 6, +1 a gun close = 8; die 5: floor(8 x 5 / 12) = 3 (Bachelu 3)
	"$U" fire --unit RHA --target Bachelu --distance 10 --dice 3,4,5 >/dev/null
	#  2. Kempt's 64 at 2": +3 close = 67; carry back floor(67 x 5 / 12) =
	#     27; die 4: floor(27 x 4 / 12) = 9 (Bachelu 12)
	"$U" fire --unit Kempt --target Bachelu --distance 2 --dice 4 >/dev/null
	#  3. Bachelu forms attack column: one die +2 = 5"
	"$U" move --unit Bachelu --formation attack-column --dice 3 >/dev/null
	#  4. the Battery at Kempt, 8": 2, 5 both fire; 8 points; die 4:
	#     floor(32 / 12) = 2 (Kempt 2).  Taken back and put back
	"$U" fire --unit Battery --target Kempt --distance 8 --dice 2,5,4 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	#  5. Pack forms square: half dice speed, 2"
	"$U" move --unit Pack --formation square --dice 4 >/dev/null
	#  6. Piré charges the square: 36 +1 lancers = 37 -> 15, die 3 -> 3
	#     (Pack 3); Pack 48 +3 elite +9 square = 60 -> 25, die 3 -> 6 (Piré
	#     6); 6 - 3 >= 2: Piré is pushed back (1)
	"$U" melee --attacker Piré --defender Pack --dice 3,3 >/dev/null
	turn_ends 1
	# ---- turn 2
	#  7. Bachelu, in attack column, charges Kempt: 60 +20 impact = 80 ->
	#     33, die 4 -> 11 (Kempt 13); Kempt 62 -> 25, die 3 -> 6 (Bachelu
	#     18); Kempt is pushed back (1)
	"$U" melee --attacker Bachelu --defender Kempt --dice 4,3 >/dev/null
	#  8. Kempt, pushed back this turn, may not fire (refused, l.235)
	"$U" fire --unit Kempt --target Bachelu --distance 2 --dice 4 >/dev/null
	#  9. its push back: infantry 1st, half dice: 4 / 2 = 2"
	"$U" move --unit Kempt --pushback 1 --dice 4 >/dev/null
	# 10. Kempt's morale: 13 lost over 4 battalions, 4, 3, 3, 3: 12, 13,
	#     13, 13 left, all OK (11-16)
	"$U" morale --unit Kempt >/dev/null
	# 11. Foy's 54, three ranks firing two: 36, +3 = 39 -> 16, die 5 -> 6
	#     (Pack 9)
	"$U" fire --unit Foy --target Pack --distance 3 --dice 5 >/dev/null
	# 12. Piré rallies after its push back: one move rallying
	"$U" rally --unit Piré --after push-back >/dev/null
	# 13. a correction: a straggler off Kempt (Kempt 14)
	"$U" adjust Kempt --figures -1 --reason "a straggler off the sheet" >/dev/null
	turn_ends 2
	# ---- turn 3
	# 14. Bachelu attacks Kempt again, the same melee: no impact in its
	#     second round; 54 -> 22, die 3 -> 5 (Kempt 19); Kempt 50 -> 20,
	#     die 5 -> 8 (Bachelu 26); Bachelu is pushed back.  Taken back and
	#     put back
	"$U" melee --attacker Bachelu --defender Kempt --dice 3,5 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 15. Ponsonby moves two dice: 7"
	"$U" move --unit Ponsonby --dice 3,4 >/dev/null
	# 16. Ponsonby charges Piré: 36 +6 heavy v light = 42 -> 17, die 5 -> 7
	#     (Piré 13); Piré 30 +1 lancers = 31 -> 12, die 2 -> 2 (Ponsonby 2);
	#     Piré is pushed back, a new run: 1 of it, 2 in the game
	"$U" melee --attacker Ponsonby --defender Piré --dice 5,2 >/dev/null
	# 17. the RHA at Foy, 14": misfire 1 discounts gun 1, 3 fires: 3 crew,
	#     no close band past 12"; die 4: floor(12 / 12) = 1 (Foy 1)
	"$U" fire --unit RHA --target Foy --distance 14 --dice 1,3,4 >/dev/null
	# 18. Pack's morale: 9 lost, 3 a battalion: 13 each, OK
	"$U" morale --unit Pack >/dev/null
	# 19. the Battery at Pack's square, 10": 6 + 2 close + 2 square = 10,
	#     die 5 -> 4 (Pack 13)
	"$U" fire --unit Battery --target Pack --distance 10 --dice 3,4,5 >/dev/null
	# 20. Bachelu's morale: 26 lost over 4: 7, 7, 6, 6: 11, 11, 12, 12
	#     left; french HALT 6-11: halt
	"$U" morale --unit Bachelu >/dev/null
}

# every test reads where the one game ended
setup_file() {
	shared_game battle
}

# The final sheet, from the working above:
#   British: Kempt 2 + 11 + 1 + 5 = 19 (45 left; 11, 11, 11, 12), pushed
#   back once, and the winner of turn 3's melee owes its follow up (l.315);
#   Pack 3 + 6 + 4 = 13 (35), in square; Ponsonby 2 (34), owing a follow
#   up too; the RHA 0.  34 figures.
#   French: Bachelu 3 + 9 + 6 + 8 = 26 (46), halt, in attack column, pushed
#   back once; Foy 1 (53); Piré 6 + 7 = 13 (23), pushed back twice in the
#   game; the Battery 0.  40 figures.
@test "the long brigade game's final sheet is the one worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | "\(.name)=\(.losses)"] | join(" ")')" = "Kempt=19 Pack=13 Ponsonby=2 RHA=0 Bachelu=26 Foy=1 Piré=13 Battery=0" ]
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"British":34,"French":40}' ]
	[ "$(json '[.units[] | "\(.name)=\(.formation)"] | join(" ")')" = "Kempt=line Pack=square Ponsonby=line RHA=unlimbered Bachelu=attack-column Foy=line Piré=line Battery=unlimbered" ]
	[ "$(json '.units[] | select(.name == "Piré") | .pushbacks.total')" = 2 ]
	[ "$(json '.units[] | select(.name == "Bachelu") | .state')" = halt ]
	umpire sheet --side British --csv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "British,Anglo-Allied Army > 5th Division,Kempt,infantry,64,45,19,ok,1,1,line,following-up" ]
	umpire check
	[ "$status" -eq 0 ]
}

# By turn: British 2 + 3 = 5, then + 11 + 6 + 1 = 23, then + 5 + 2 + 4 =
# 34; French 3 + 9 + 6 = 18, then + 6 = 24, then + 8 + 7 + 1 = 40.
@test "the long brigade game's losses turn by turn" {
	from_shared_game
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.turns[] | [.losses.British.total, .losses.French.total]]')" = '[[5,18],[23,24],[34,40]]' ]
	"$U" sheet --html sheet.html >/dev/null
	# the chart counts the figures lost by the end of each turn
	[ "$(chart_bars sheet.html)" = "1: 5 2: 23 3: 34 1: 18 2: 24 3: 40" ]
}

@test "the long brigade game's journal: the refused fire is kept with its rule" {
	from_shared_game
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone | not)] | length')" = 22 ]
	[ "$(printf '%s' "$output" | jq -r '[.entries[] | select(.command == "fire")][3].summary')" = "no fire: brigades falling back or pushed back may not fire (brigade.txt l.235; Kempt is pushed back)" ]
}

# The turn by the text, from the rulings above.  Turn 1: Kempt fired (2)
# and was fired on (4); Pack formed square (5), so may not fire in that
# move (l.128), and won its melee against Piré (6): it must follow up
# (l.315); Bachelu was fired on by the RHA and shot at by Kempt's muskets
# (1, 2) and formed column (3): no fire (l.128); Piré lost (6): it must be
# pushed back (l.299) and may not fire (l.235).  Turn 2: Kempt lost the
# melee (7), so its fire (8) is refused and not an act; its push back (9)
# is its move; Pack was shot at by Foy (11) and still owes its follow up;
# Bachelu won (7): it follows up; Piré rallies after its push back (12):
# rallying it neither fires nor moves (l.352).  Turn 3: Bachelu lost (14):
# pushed back, no longer following up, at halt after its morale (20, l.13:
# no advance); Kempt won it: it follows up, its push back no longer owed;
# Ponsonby moved (15) and won (16); Piré, beaten again, is pushed back.
@test "the long brigade game's turn by turn: acts, obligations and prohibitions" {
	from_shared_game
	uj --json turn >turn3.json
	[ "$(turn_units turn1.json)" = '["Kempt",["fired","fired-on"],[],[]]
["Pack",["moved","changed-formation","meleed"],["follow up at least one move"],["fire brigade.txt l.128"]]
["RHA",["fired"],[],[]]
["Bachelu",["fired-on","shot-at","moved","changed-formation"],[],["fire brigade.txt l.128"]]
["Piré",["meleed"],["be pushed back"],["fire brigade.txt l.235"]]
["Battery",["fired"],[],[]]' ]
	[ "$(turn_units turn2.json)" = '["Kempt",["meleed","moved","pushed-back"],[],["fire brigade.txt l.235"]]
["Pack",["fired-on","shot-at"],["follow up at least one move"],[]]
["Bachelu",["meleed"],["follow up at least one move"],[]]
["Foy",["fired"],[],[]]
["Piré",["rallied"],["be pushed back"],["fire or move brigade.txt l.352","fire brigade.txt l.235"]]' ]
	[ "$(turn_units turn3.json)" = '["Kempt",["meleed"],["follow up at least one move"],[]]
["Pack",["fired-on"],[],[]]
["Ponsonby",["moved","meleed"],["follow up at least one move"],[]]
["RHA",["fired"],[],[]]
["Bachelu",["meleed"],["be pushed back"],["advance brigade.txt l.13","fire brigade.txt l.235"]]
["Foy",["fired-on"],[],[]]
["Piré",["meleed"],["be pushed back"],["advance brigade.txt l.13","fire brigade.txt l.235"]]
["Battery",["fired"],[],[]]' ]
	[ "$(jq -c '[.turn, .phase]' turn1.json turn2.json turn3.json | paste -sd' ')" = '[1,null] [2,null] [3,null]' ]
}
