#!/usr/bin/env bats
# One long fury game: 22 rulings over three turns, with undo and redo
# mixed in; the final sheet (stands, states, formations) and the
# formations' fatigue against the totals worked by hand from fury.txt and
# fury-charts.md (the fire, melee, maneuver, disorder, EFC and freshness
# charts; fatigue l.48-54; combined fire l.222; BEL l.46).
load helper

battle() {
	"$U" new --rules fury >/dev/null
	"$U" unit add "Armée du Nord" --side French --type army --quality good >/dev/null
	"$U" unit add "I Corps" --side French --type corps --quality average --parent "Armée du Nord" >/dev/null
	"$U" unit add "1e Division" --side French --type division --quality average --parent "I Corps" >/dev/null
	"$U" unit add "d'Erlon" --side French --type leader --rank corps --rating good --parent "I Corps" >/dev/null
	"$U" unit add Napoleon --side French --type leader --rank army --rating excellent --parent "Armée du Nord" >/dev/null
	"$U" unit add Quiot --side French --type infantry --stands 6 --bel regular --nation france --parent "1e Division" >/dev/null
	"$U" unit add Bourgeois --side French --type infantry --stands 5 --bel veteran --nation france --parent "1e Division" >/dev/null
	"$U" unit add Travers --side French --type heavy-cavalry --stands 4 --bel veteran --parent "I Corps" >/dev/null
	"$U" unit add "Grande Batterie" --side French --type heavy-battery --parent "I Corps" >/dev/null
	"$U" unit add "Anglo-Allied Army" --side British --type army --quality good >/dev/null
	"$U" unit add Wellington --side British --type leader --rank army --rating excellent --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add Kempt --side British --type infantry --stands 5 --bel veteran --nation britain --parent "Anglo-Allied Army" >/dev/null
	# Pack's battalions: (2 + 2 + 3 + 4) / 4 = 2.75, veteran (l.46)
	"$U" unit add Pack --side British --type infantry --stands 5 --battalions regular,regular,veteran,guard --nation britain --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add Ponsonby --side British --type heavy-cavalry --stands 4 --bel regular --parent "Anglo-Allied Army" >/dev/null
	"$U" unit add RHA --side British --type horse-battery --parent "Anglo-Allied Army" >/dev/null
	# ---- turn 1
	#  1. the Grande Batterie at Kempt, 6": 3 points (over 3 up to 8);
	#     5+5 = 10, column p3: D, Kempt disordered
	"$U" fire --unit "Grande Batterie" --target Kempt --distance 6 --dice 5,5 >/dev/null
	#  2. Quiot forms column: d'Erlon's good column (the corps commander),
	#     5+4 +2 fresh = 11, well handled; column 7" less half the line's
	#     5" = 4.5"; Quiot in column
	"$U" move --unit Quiot --formation column --dice 5,4 >/dev/null
	#  3. Travers: 3+3 +2 fresh +1 cavalry = 9, well handled, 10"
	"$U" move --unit Travers --dice 3,3 >/dev/null
	#  4. Kempt's emergency formation change: 4+3, veteran +1, fresh +1,
	#     disordered -1 = 8: forms square
	"$U" move --unit Kempt --efc --dice 4,3 >/dev/null
	#  5. Travers charges the square: 3+3 +1 fresh = 7; Kempt 4+4, more
	#     stands +1, fresh +1, disordered -2, square +3 = +3: 11.  By 4:
	#     Travers loses 1 stand, retreats, disordered.  Taken back and put
	#     back
	"$U" melee --attacker Travers --defender Kempt --dice 3,3,4,4 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	#  6. Pack (5 stands in line, 1 point each at 2") at Quiot in column:
	#     6+5, fresh +1, column +1 = 13, column p4: 1R, Quiot loses a stand
	#     and is disordered
	"$U" fire --unit Pack --target Quiot --distance 2 --dice 6,5 >/dev/null
	#  7. every formation's fatigue: 1e Division 11 stands x 50% = 5.5 -> 5,
	#     1 lost; I Corps 15 x 50% = 7.5 -> 7, 2 lost; the French army 15 x
	#     60% = 9, 2; the Allied army 14 x 60% = 8.4 -> 8, 0
	"$U" fatigue >/dev/null
	turn_ends 1
	# ---- turn 2
	#  8. Quiot, disordered: the disorder table, 5+4 = 9 (worn, 5 of 6: no
	#     modifier), rallies, half of its column's 7": 3.5"
	"$U" move --unit Quiot --dice 5,4 >/dev/null
	#  9. combined fire at Pack, 3": Quiot in column fires with its front
	#     (5 + 1) / 2 = 3 stands, Bourgeois with 5: 8 points, p8; 4+5 = 9:
	#     1, Pack loses a stand (4 left) and is disordered
	"$U" fire --unit Quiot --unit Bourgeois --target Pack --distance 3 --dice 4,5 >/dev/null
	# 10. Bourgeois attacks Pack: 5+5, more stands +1, fresh +1 = 12; Pack
	#     3+2, fresh +1 (4 of 5, not yet worn), disordered -2 = 4.  By 8: Pack
	#     loses 3 stands (1 left) and routs
	"$U" melee --attacker Bourgeois --defender Pack --dice 5,5,3,2 >/dev/null
	# 11. the RHA at Travers, 5": 2 points; 3+3 +1 cavalry in the open = 7,
	#     p2: no effect
	"$U" fire --unit RHA --target Travers --distance 5 --dice 3,3 >/dev/null
	# 12. Pack's morale, routed: answered
	"$U" morale --unit Pack >/dev/null
	# 13. a correction: Ponsonby lost a stand to skirmishers
	"$U" adjust Ponsonby --stands -1 --reason "lost to skirmishers" >/dev/null
	turn_ends 2
	# ---- turn 3
	# 14. Ponsonby charges Quiot (in column, not in square): 6+6, worn -1,
	#     cavalry charging infantry +2 = 13; Quiot 2+2, more stands +1, worn
	#     -1, infantry charged by cavalry -3 = 1.  By 12: Quiot loses 3
	#     stands (2 left) and routs.  Taken back and put back
	"$U" melee --attacker Ponsonby --defender Quiot --dice 6,6,2,2 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 15. the Grande Batterie at Kempt's square, 6": 3 points; 4+4 +2 square
	#     = 10: D, Kempt disordered
	"$U" fire --unit "Grande Batterie" --target Kempt --distance 6 --dice 4,4 >/dev/null
	# 16. Kempt, disordered: Wellington excellent is not read (the disorder
	#     table); 4+4 +2 fresh = 10, rallies, half the square's 2": 1"
	"$U" move --unit Kempt --dice 4,4 >/dev/null
	# 17. the RHA at Bourgeois, 2": 4 points, 6+6 = 12, p4: 1, Bourgeois
	#     loses a stand (4 left) and is disordered -- the 1e Division has
	#     lost 1 + 3 + 1 = 5 of 5: fatigued.  Taken back, and fired again
	"$U" fire --unit RHA --target Bourgeois --distance 2 --dice 6,6 >/dev/null
	"$U" undo >/dev/null
	"$U" fire --unit RHA --target Bourgeois --distance 2 --dice 6,6 >/dev/null
	# 18. Quiot's morale, routed: answered
	"$U" morale --unit Quiot >/dev/null
	# 19. the Grande Batterie at Ponsonby, 12": 2 points; 2+3 +1 = 6: no
	#     effect
	"$U" fire --unit "Grande Batterie" --target Ponsonby --distance 12 --dice 2,3 >/dev/null
	# 20-22. fatigue: the division, the Allied army, then all of them
	"$U" fatigue --unit "1e Division" >/dev/null
	"$U" fatigue --unit "Anglo-Allied Army" >/dev/null
	"$U" fatigue >/dev/null
}

# every test reads where the one game ended
setup_file() {
	shared_game battle
}

# The final sheet, from the working above:
#   French: Quiot 6 - 1 - 3 = 2, routed, in column; Bourgeois 4,
#   disordered; Travers 3, disordered; the battery 1.  6 stands lost.
#   British: Kempt 5, in square, in good order; Pack 1, routed; Ponsonby 3,
#   owing the breakthrough its win by 12 requires (l.256); the RHA 1.  5
#   stands lost.
@test "the long fury game's final sheet is the one worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | select(.type != "leader") | "\(.name)=\(.strength):\(.state):\(.formation):\(.flags|join("+"))"] | join(" ")')" = "Quiot=2:routed:column:disordered Bourgeois=4:disordered:line:disordered Travers=3:disordered:line:disordered Grande Batterie=1:good_order:unlimbered: Kempt=5:good_order:square: Pack=1:routed:line:disordered Ponsonby=3:good_order:line:breakthrough RHA=1:good_order:unlimbered:" ]
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"French":6,"British":5}' ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "1e Division is fatigued: its brigades may not move within 3\" of the enemy" ]
	umpire check
	[ "$status" -eq 0 ]
}

# Fatigue at the end: 1e Division 5 of 5, fatigued; I Corps 1 + 5 = 6 of
# 7; the French army 6 of 9; the Allied army 4 + 1 = 5 of 8.
@test "the long fury game's fatigue up the formation tree" {
	from_shared_game
	umpire --json fatigue
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.result.formations[] | [.name, .level, .losses, .fatigued]]')" = '[["Armée du Nord",9,6,false],["I Corps",7,6,false],["1e Division",5,5,true],["Anglo-Allied Army",8,5,false]]' ]
	# by turn: French 1 + 1 = 2, then 2, then 2 + 3 + 1 = 6; British 0,
	# then 1 + 3 + 1 = 5, then 5
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.turns[] | [.losses.French.total, .losses.British.total]]')" = '[[2,0],[2,5],[6,5]]' ]
}

@test "the long fury game's journal" {
	from_shared_game
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone | not)] | length')" = 24 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone)] | length')" = 1 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.summary == "")] | length')" = 0 ]
}

# The turn by the text.  Turn 1: Quiot and Kempt changed formation, so
# neither may move into melee this phase (l.78); each was fired on once
# and may not be again this fire phase (l.222).  Turn 2: Travers and Pack
# are fired on once each.  Turn 3: Ponsonby's melee won a breakthrough it
# must make; Bourgeois, Kempt and Ponsonby are fired on once each.
@test "the long fury game's turn by turn: acts, obligations and prohibitions" {
	from_shared_game
	uj --json turn >turn3.json
	[ "$(turn_units turn1.json)" = '["Quiot",["moved","changed-formation","fired-on"],[],["move into melee fury.txt l.78","be fired upon again this fire phase fury.txt l.222"]]
["Travers",["moved","meleed"],[],[]]
["Grande Batterie",["fired"],[],[]]
["Kempt",["fired-on","moved","changed-formation","meleed"],[],["move into melee fury.txt l.78","be fired upon again this fire phase fury.txt l.222"]]
["Pack",["fired"],[],[]]' ]
	[ "$(turn_units turn2.json)" = '["Quiot",["moved","fired"],[],[]]
["Bourgeois",["fired","meleed"],[],[]]
["Travers",["fired-on"],[],["be fired upon again this fire phase fury.txt l.222"]]
["Pack",["fired-on","meleed"],[],["be fired upon again this fire phase fury.txt l.222"]]
["RHA",["fired"],[],[]]' ]
	[ "$(turn_units turn3.json)" = '["Quiot",["meleed"],[],[]]
["Bourgeois",["fired-on"],[],["be fired upon again this fire phase fury.txt l.222"]]
["Grande Batterie",["fired"],[],[]]
["Kempt",["fired-on","moved"],[],["be fired upon again this fire phase fury.txt l.222"]]
["Ponsonby",["meleed","fired-on"],["make its breakthrough melee"],["be fired upon again this fire phase fury.txt l.222"]]
["RHA",["fired"],[],[]]' ]
	[ "$(jq -c '[.turn, .phase]' turn1.json turn2.json turn3.json | paste -sd' ')" = '[1,null] [2,null] [3,null]' ]
}
