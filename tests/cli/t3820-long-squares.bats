#!/usr/bin/env bats
# One long squares game: 21 rulings over three turns, with undo and redo
# mixed in; the final sheet (hit markers, states, the turn's flags)
# against the totals worked by hand from squares.txt (action dice l.51,
# dice-off l.55, bombardment l.88-90, assault C3.3.4-C3.3.6 l.122-128,
# saves l.139, rerolls l.145, rallying l.152-154).
load helper

battle() {
	"$U" new --rules squares >/dev/null
	"$U" unit add "Left Wing" --side Allied --type command --quality d8 >/dev/null
	"$U" unit add Ney --side French --type command --quality d10 >/dev/null
	"$U" unit add Reille --side French --type command --quality d8 >/dev/null
	"$U" unit add Picton --side Allied --type infantry --skirmish d8 --quality d8 --morale d8 --parent "Left Wing" >/dev/null
	"$U" unit add Ponsonby --side Allied --type cavalry --quality d10 --morale d8 --heavy --parent "Left Wing" >/dev/null
	"$U" unit add RA --side Allied --type foot-artillery --morale d8 --parent "Left Wing" >/dev/null
	"$U" unit add Donzelot --side French --type infantry --skirmish d6 --quality d8 --morale d8 --parent Ney >/dev/null
	"$U" unit add Marcognet --side French --type infantry --skirmish d8 --quality d8 --morale d10 --parent Ney >/dev/null
	"$U" unit add Travers --side French --type cavalry --quality d8 --morale d8 --parent Reille >/dev/null
	"$U" unit add 12pdr --side French --type foot-artillery --morale d10 --parent Reille >/dev/null
	# ---- turn 1
	#  1. one d3 per command, three commands: 3, 1, 2 -> 3, 2, 1
	"$U" turn --action-dice --dice 3,1,2 >/dev/null
	#  2. the dice-off for the 3: Left Wing's d8 5, Ney's d10 7: Ney
	"$U" turn --general "Left Wing" --general Ney --dice 5,7 >/dev/null
	#  3. the 12pdr at Picton, close, 2 AP: two d10, 5 hits, 3 misses
	#     (Picton 1); the 12pdr has bombarded
	"$U" fire --unit 12pdr --target Picton --range close --ap 2 --dice 5,3 >/dev/null
	#  4. Donzelot moves two squares north: 2 AP
	"$U" move --unit Donzelot --path n,n >/dev/null
	#  5. the RA at Donzelot, long: a d8, 6, a hit (Donzelot 1)
	"$U" fire --unit RA --target Donzelot --range long --dice 6 >/dev/null
	#  6. Picton tests: one d8 for its one hit, 6, holds
	"$U" morale --unit Picton --dice 6 >/dev/null
	turn_ends 1
	# ---- turn 2 (the turn's end cleared the 12pdr's and the RA's
	#      bombardment)
	#  7. a dice-off of two d8: 6 and 6, the same score on the same die:
	#     roll again (nothing decided)
	"$U" turn --general "Left Wing" --general Reille --dice 6,6 >/dev/null
	#  8. 6 and 4: Left Wing
	"$U" turn --general "Left Wing" --general Reille --dice 6,4 >/dev/null
	#  9. Marcognet assaults Picton: skirmish d8 7 against d8 4, the
	#     attacker's advantage; Marcognet 5, 6 on 5+: 2 hits (Picton 3);
	#     Picton 6, 3 on 6+: 1 hit (Marcognet 1)
	"$U" melee --attacker Marcognet --defender Picton --dice 7,4,5,6,6,3 >/dev/null
	# 10. Picton, the loser, tests with three d8: 5, 4, 6: one fail, retreats
	"$U" morale --unit Picton --dice 5,4,6 >/dev/null
	# 11. Picton rallies: d8 5, one marker off (Picton 2); taken back and
	#     put back
	"$U" rally --unit Picton --dice 5 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 12. the 12pdr at Ponsonby, long: d8 5, a hit (Ponsonby 1)
	"$U" fire --unit 12pdr --target Ponsonby --range long --dice 5 >/dev/null
	# 13. Ponsonby (heavy, d10) assaults Donzelot: no infantry among the
	#     attackers, so no skirmish roll; 9 hit, 2 miss; Donzelot 5 hit, 1
	#     miss; the heavy cavalry reroll the miss: 7, a hit (2 hits);
	#     Donzelot, attacked by cavalry only, saves on its d8: 5 saved, 3
	#     not: 1 hit (Donzelot 2); Ponsonby 1 (Ponsonby 2): drawn
	"$U" melee --attacker Ponsonby --defender Donzelot --dice 9,2,5,1,7,5,3 >/dev/null
	# 14. drawn: both test.  Ponsonby two d8: 5, 6, holds
	"$U" morale --unit Ponsonby --dice 5,6 >/dev/null
	# 15. Donzelot two d8: 3, 6, one fail, retreats
	"$U" morale --unit Donzelot --dice 3,6 >/dev/null
	turn_ends 2
	# ---- turn 3
	# 16. the action dice: 2, 2, 3 -> 3, 2, 2
	"$U" turn --action-dice --dice 2,2,3 >/dev/null
	# 17. Donzelot rallies: d8 6 (Donzelot 1); that takes all its actions
	#     this turn (l.152)
	"$U" rally --unit Donzelot --dice 6 >/dev/null
	# 18. Ponsonby's overnight rally: two or more markers leave one
	#     (Ponsonby 1)
	"$U" rally --unit Ponsonby --overnight >/dev/null
	# 19. the RA at Marcognet, close, 3 AP: d10 5, 5, 2: 2 hits
	#     (Marcognet 3); the RA has bombarded
	"$U" fire --unit RA --target Marcognet --range close --ap 3 --dice 5,5,2 >/dev/null
	# 20. Marcognet tests with three d10: 7, 2, 3: two fails, destroyed;
	#     taken back and put back
	"$U" morale --unit Marcognet --dice 7,2,3 >/dev/null
	"$U" undo >/dev/null
	"$U" redo >/dev/null
	# 21. a correction: a marker knocked off Picton (Picton 1)
	"$U" adjust Picton --hits -1 --reason "a marker knocked off the table" >/dev/null
}

# every test reads where the one game ended
setup_file() {
	shared_game battle
}

# The final sheet, from the working above:
#   Allied: Picton 1 + 2 - 1 - 1 = 1; Ponsonby 1 + 1 - 1 = 1; the RA 0,
#   bombarded this turn.  2 hit markers.
#   French: Donzelot 1 + 1 - 1 = 1, rallied this turn; Marcognet 1 + 2 =
#   3, destroyed;
#   Travers 0; the 12pdr 0 (its bombardment of turn 2 cleared).  4.
@test "the long squares game's final sheet is the one worked by hand" {
	from_shared_game
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | "\(.name)=\(.hits):\(.state):\(.flags|join("+"))"] | join(" ")')" = "Picton=1:ok: Ponsonby=1:ok: RA=0:ok:bombarded Donzelot=1:ok:rallied Marcognet=3:destroyed: Travers=0:ok: 12pdr=0:ok:" ]
	[ "$(printf '%s' "$output" | jq -c .losses)" = '{"Allied":2,"French":4}' ]
	umpire check
	[ "$status" -eq 0 ]
}

# Turn 1: Allied 1 (Picton), French 1 (Donzelot); turn 2: Allied
# +2 -1 +1 +1 = 4, French +1 +1 = 3; turn 3: Allied -1 -1 = 2, French
# -1 +2 = 4.
@test "the long squares game's hit markers turn by turn" {
	from_shared_game
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.turns[] | [.losses.Allied.total, .losses.French.total]]')" = '[[1,1],[4,3],[2,4]]' ]
}

# The dice-offs that decided are in force and undo would take them back;
# the tie decided nothing.
@test "the long squares game's dice-offs and journal" {
	from_shared_game
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c '[.entries[] | select(.command == "turn") | .summary]')" = '["3 action dice, largest first: 3, 2, 1","Ney wins the dice-off","turn 2 begins","a tie on the same die: roll again","Left Wing wins the dice-off","turn 3 begins","3 action dice, largest first: 3, 2, 2"]' ]
	[ "$(printf '%s' "$output" | jq '[.entries[] | select(.undone | not)] | length')" = 23 ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM effect WHERE kind = 'part' AND name = 'dice-off'")" = 2 ]
}

# The turn by the text: each turn's action dice (C1) and who has acted.
# Turn 1: Ney's command activates; the RA and the 12pdr bombard, so they
# may not move or join an attack (l.97) and, having spent an action, may
# not rally (l.152); Donzelot moved and was bombarded.  Turn 2: Picton
# rallied on the battlefield, which takes all its actions (l.152: no move,
# bombardment or assault); Ponsonby and Marcognet assaulted.  Turn 3:
# Ponsonby and Donzelot rally; Marcognet is bombarded and tests.
@test "the long squares game's turn by turn: acts, obligations and prohibitions" {
	from_shared_game
	uj --json turn >turn3.json
	[ "$(turn_units turn1.json)" = '["Ney",["activated"],[],[]]
["Picton",["bombarded-by","tested"],[],[]]
["RA",["bombarded"],[],["move or join an attack squares.txt l.97","rally (it has spent an action) squares.txt l.152"]]
["Donzelot",["moved","bombarded-by"],[],["rally (it has spent an action) squares.txt l.152"]]
["12pdr",["bombarded"],[],["move or join an attack squares.txt l.97","rally (it has spent an action) squares.txt l.152"]]' ]
	[ "$(turn_units turn2.json)" = '["Left Wing",["activated"],[],[]]
["Picton",["defended","tested","rallied"],[],["move, bombard or assault squares.txt l.152"]]
["Ponsonby",["bombarded-by","assaulted","tested"],[],["rally (it has spent an action) squares.txt l.152"]]
["Donzelot",["defended","tested"],[],[]]
["Marcognet",["assaulted"],[],["rally (it has spent an action) squares.txt l.152"]]
["12pdr",["bombarded"],[],["move or join an attack squares.txt l.97","rally (it has spent an action) squares.txt l.152"]]' ]
	[ "$(turn_units turn3.json)" = '["Ponsonby",["rallied"],[],[]]
["RA",["bombarded"],[],["move or join an attack squares.txt l.97","rally (it has spent an action) squares.txt l.152"]]
["Donzelot",["rallied"],[],["move, bombard or assault squares.txt l.152"]]
["Marcognet",["bombarded-by","tested"],[],[]]' ]
	[ "$(jq -c '[.turn, .phase]' turn1.json turn2.json turn3.json | paste -sd' ')" = '[1,null] [2,null] [3,null]' ]
	# the action dice left: rolled at turns 1 and 3, all spent in turn 2
	[ "$(jq -c '.action_dice' turn1.json turn2.json turn3.json | paste -sd' ')" = '[{"side":"Allied","dice":[2,1]},{"side":"French","dice":[2,1]}] [] [{"side":"Allied","dice":[3,2,2]},{"side":"French","dice":[3,2,2]}]' ]
}
