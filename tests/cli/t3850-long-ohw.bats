#!/usr/bin/env bats
# One long ohw game: 21 rulings over three turns, with undo and redo
# mixed in; the final sheet (fatigue points, states, formations, the
# brigades' morale) against the totals worked by hand from ohw.txt
# (movement l.34-36, musketry l.80-90, artillery l.92-100, melee l.104-119,
# morale l.143-150).
load helper

battle() {
	"$U" new --rules ohw >/dev/null
	"$U" unit add "British Brigade" --side British --type brigade --break-percent 50 >/dev/null
	"$U" unit add "French Brigade" --side French --type brigade --break-percent 50 >/dev/null
	"$U" unit add "1st Foot" --side British --type infantry --parent "British Brigade" >/dev/null
	"$U" unit add "2nd Foot" --side British --type infantry --parent "British Brigade" >/dev/null
	"$U" unit add "Royal Dragoons" --side British --type cavalry --heavy-cavalry --parent "British Brigade" >/dev/null
	"$U" unit add Battery --side British --type foot-artillery --parent "British Brigade" >/dev/null
	"$U" unit add "1/45e" --side French --type infantry --parent "French Brigade" >/dev/null
	"$U" unit add "2/45e" --side French --type infantry --parent "French Brigade" >/dev/null
	"$U" unit add Hussars --side French --type cavalry --parent "French Brigade" >/dev/null
	"$U" unit add Voltigeurs --side French --type skirmishers --formation skirmishers --parent "French Brigade" >/dev/null
	# ---- turn 1 (break point 15: tired from 8, exhausted from 12)
	#  1. the battery at 1/45e, 10" (foot close -1): 5 - 1 = 4 FP (1/45e 4)
	"$U" fire --unit Battery --target 1/45e --distance 10 --dice 5 >/dev/null
	#  2. 1/45e in line at 1st Foot, 8": 4 FP (1st Foot 4)
	"$U" fire --unit 1/45e --target "1st Foot" --distance 8 --dice 4 >/dev/null
	#  3. the voltigeurs at 2nd Foot, 10" (skirmishers -2): 6 - 2 = 4 --
	#     taken back, and rolled again: 3 - 2 = 1 (2nd Foot 1)
	"$U" fire --unit Voltigeurs --target "2nd Foot" --distance 10 --dice 6 >/dev/null
	"$U" undo >/dev/null
	"$U" fire --unit Voltigeurs --target "2nd Foot" --distance 10 --dice 3 >/dev/null
	#  4. 1st Foot forms column: 6"
	"$U" move --unit "1st Foot" --formation column >/dev/null
	#  5. 1st Foot in column at the voltigeurs, 6" (column 8"): 6 -2 column
	#     -2 skirmishers = 2 FP (Voltigeurs 2)
	"$U" fire --unit "1st Foot" --target Voltigeurs --distance 6 --dice 6 >/dev/null
	#  6. 2nd Foot forms square: 1"
	"$U" move --unit "2nd Foot" --formation square >/dev/null
	#  7. the hussars charge the square: 5 +0 = 5 FP on it (2nd Foot 6);
	#     the square 4 +2 = 6, halved for cavalry: 3 (Hussars 3); the
	#     square is not broken: the hussars retire
	"$U" melee --attacker Hussars --defender "2nd Foot" --dice 5,4 >/dev/null
	turn_ends 1
	# ---- turn 2
	#  8. 1/45e's fatigue asked: 4 of 15, fresh
	"$U" fatigue --unit 1/45e >/dev/null
	#  9. the battery at 1/45e, 20" (medium -2): 6 - 2 = 4 (1/45e 8, tired)
	"$U" fire --unit Battery --target 1/45e --distance 20 --dice 6 >/dev/null
	# 10. 1/45e, tired -1, at 1st Foot: 6 - 1 = 5 (1st Foot 9, tired);
	#     taken back and put back
	"$U" fire --unit 1/45e --target "1st Foot" --distance 8 --dice 6 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 11. the dragoons charge 1/45e, which stands in line: 6 +2 = 8 FP on
	#     it (1/45e 16); its 1 -1 tired = 0.  l.119: "in any other
	#     circumstances the infantry unit is destroyed"
	"$U" melee --attacker "Royal Dragoons" --defender 1/45e --dice 6,1 >/dev/null
	# 12. 1st Foot's morale: 9 of 15, tired
	"$U" morale --unit "1st Foot" >/dev/null
	# 13. a correction: the voltigeurs 1 FP more (Voltigeurs 3)
	"$U" adjust Voltigeurs --fp +1 --reason "a skirmish left off the sheet" >/dev/null
	turn_ends 2
	# ---- turn 3
	# 14. 2/45e at 1st Foot, 5": 2 (1st Foot 11)
	"$U" fire --unit "2/45e" --target "1st Foot" --distance 5 --dice 2 >/dev/null
	# 15. 1st Foot forms line again: 4"
	"$U" move --unit "1st Foot" --formation line >/dev/null
	# 16. 1st Foot, tired, at 2/45e: 4 - 1 = 3 (2/45e 3); taken back and
	#     put back
	"$U" fire --unit "1st Foot" --target "2/45e" --distance 5 --dice 4 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 17. the hussars move 12"
	"$U" move --unit Hussars >/dev/null
	# 18. the battery at the hussars, 30" (long -3): 4 - 3 = 1 (Hussars 4)
	"$U" fire --unit Battery --target Hussars --distance 30 --dice 4 >/dev/null
	# 19. the French brigade: 50% of 4 x 15 = 30; 1/45e destroyed counts its
	#     whole 15, then 3 + 4 + 3 = 25: exhausted (75% of 30 = 22.5)
	"$U" morale --unit "French Brigade" >/dev/null
	# 20. 2nd Foot's fatigue: 6, fresh
	"$U" fatigue --unit "2nd Foot" >/dev/null
	# 21. the British brigade: 30; 11 + 6 + 0 + 0 = 17: tired (15)
	"$U" morale --unit "British Brigade" >/dev/null
}

# every test reads where the one game ended
setup_file() {
	shared_game battle
}

# The final sheet, from the working above:
#   British: 1st Foot 4 + 5 + 2 = 11 tired, in line; 2nd Foot 1 + 5 = 6
#   fresh, in square; the dragoons and the battery 0.  17 FP in all.
#   French: 1/45e 4 + 4 + 8 = 16, destroyed; 2/45e 3; Hussars 3 + 1 = 4;
#   Voltigeurs 2 + 1 = 3.  26 FP in all.
@test "the long ohw game's final sheet is the one worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | "\(.name)=\(.fatigue_points):\(.state):\(.formation)"] | join(" ")')" = "1st Foot=11:tired:line 2nd Foot=6:fresh:square Royal Dragoons=0:fresh:line Battery=0:fresh:unlimbered 1/45e=16:destroyed:line 2/45e=3:fresh:line Hussars=4:fresh:line Voltigeurs=3:fresh:skirmishers" ]
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"British":17,"French":26}' ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "French Brigade is exhausted (25 FP of 30)" ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "the long ohw game's formations' morale and the report by turn" {
	from_shared_game
	umpire --json morale --unit "French Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "French Brigade: exhausted (25 FP of 30)" ]
	umpire --json morale --unit "British Brigade"
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "British Brigade: tired (17 FP of 30)" ]
	# turn 1: British 4 + 1 + 5 = 10, French 4 + 2 + 3 = 9; turn 2:
	# British +5 = 15, French +4 +8 +1 = 22; turn 3: British +2 = 17,
	# French +3 +1 = 26
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.turns[] | [.losses.British.total, .losses.French.total]]')" = '[[10,9],[15,22],[17,26]]' ]
}

# In force: the 21 rulings numbered above, the correction among them, and
# two turns begun; the voltigeurs' first volley (3) stays undone.
@test "the long ohw game's journal" {
	from_shared_game
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone | not)] | length')" = 23 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone)] | length')" = 1 ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.summary == "")] | length')" = 0 ]
}

# The turn by the text: a unit charged once may not be charged again that
# turn (l.65): the 2nd Foot in turn 1, the 1/45e in turn 2.
@test "the long ohw game's turn by turn: acts, obligations and prohibitions" {
	from_shared_game
	uj --json turn >turn3.json
	[ "$(turn_units turn1.json)" = '["1st Foot",["fired-on","moved","fired"],[],[]]
["2nd Foot",["fired-on","moved","charged-by"],[],["be charged again this turn ohw.txt l.65"]]
["Battery",["fired"],[],[]]
["1/45e",["fired-on","fired"],[],[]]
["Hussars",["charged"],[],[]]
["Voltigeurs",["fired","fired-on"],[],[]]' ]
	[ "$(turn_units turn2.json)" = '["1st Foot",["fired-on"],[],[]]
["Royal Dragoons",["charged"],[],[]]
["Battery",["fired"],[],[]]
["1/45e",["fired-on","fired","charged-by"],[],["be charged again this turn ohw.txt l.65"]]' ]
	[ "$(turn_units turn3.json)" = '["1st Foot",["fired-on","moved","fired"],[],[]]
["Battery",["fired"],[],[]]
["2/45e",["fired","fired-on"],[],[]]
["Hussars",["moved","fired-on"],[],[]]' ]
	[ "$(jq -c '[.turn, .phase]' turn1.json turn2.json turn3.json | paste -sd' ')" = '[1,null] [2,null] [3,null]' ]
}
