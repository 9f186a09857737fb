#!/usr/bin/env bats
# fury in a game: stands, disorder, leaders' ranges, fatigue up the tree.
load helper

corps() {
	"$U" new --rules fury >/dev/null
	"$U" unit add "Armée du Nord" --side French --type army --quality good >/dev/null
	"$U" unit add "II Corps" --side French --type corps --parent "Armée du Nord" --quality average >/dev/null
	"$U" unit add "5e Division" --side French --type division --parent "II Corps" --quality poor >/dev/null
	"$U" unit add "6e Division" --side French --type division --parent "II Corps" >/dev/null
	"$U" unit add Husson --side French --type infantry --stands 5 --bel veteran --nation france --parent "5e Division" >/dev/null
	"$U" unit add Campi --side French --type infantry --stands 5 --bel regular --nation france --parent "5e Division" >/dev/null
	"$U" unit add Bauduin --side French --type infantry --stands 6 --bel regular --nation france --parent "6e Division" >/dev/null
	"$U" unit add Soye --side French --type infantry --stands 6 --bel regular --nation france --parent "6e Division" >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --stands 4 --bel guard --nation france --parent "Armée du Nord" >/dev/null
	"$U" unit add "Batterie" --side French --type heavy-battery --parent "6e Division" >/dev/null
	"$U" unit add Reille --side French --type leader --rank corps --rating good --nation france --exceptional --parent "II Corps" >/dev/null
	"$U" unit add Napoleon --side French --type leader --rank army --rating excellent --nation france --parent "Armée du Nord" >/dev/null
	"$U" unit add "Great Battery" --side British --type heavy-battery >/dev/null
}

@test "leaders show their command range from the published chart" {
	corps
	umpire --json unit show Reille
	[ "$status" -eq 0 ]
	[ "$(json .command_range)" = 10 ]
	umpire --json unit show Napoleon
	[ "$status" -eq 0 ]
	[ "$(json .command_range)" = 18 ]
	[ "$(json .maneuver_range)" = 6 ]
	[ "$(json .maneuver_modifier)" = 4 ]
}

@test "a brigade needs stands and a BEL; a mixed BEL from battalions" {
	"$U" new --rules fury >/dev/null
	umpire unit add X --side A --type infantry --bel regular
	expect_error 65 "a brigade needs --stands N"
	umpire --json unit add Y --side A --type infantry --stands 4 --battalions regular,veteran,veteran,veteran
	[ "$status" -eq 0 ]
	[ "$(json .bel)" = veteran ]
}

@test "fire in the game: stands lost and disorder recorded" {
	corps
	umpire fire --unit "Great Battery" --target Husson --distance 2 --dice 6,5
	[ "$status" -eq 0 ]
	has_line "  Husson loses 1 stand (4 left)"
	has_line "  Husson is now disordered"
	umpire --json unit show Husson
	[ "$status" -eq 0 ]
	[ "$(json .strength)" = 4 ]
	[ "$(json .state)" = disordered ]
}

@test "a disordered brigade must roll on the disorder table; shaken rallies it" {
	corps
	"$U" fire --unit "Great Battery" --target Husson --distance 2 --dice 4,4 >/dev/null
	umpire --json move --unit Husson --dice 2,2
	[ "$status" -eq 0 ]
	[ "$(json .result.result)" = shaken ]
	umpire --json unit show Husson
	[ "$status" -eq 0 ]
	[ "$(json .state)" = good_order ]
}

@test "fatigue in a game: every formation, summed up the tree" {
	corps
	umpire --json fatigue
	[ "$status" -eq 0 ]
	[ "$(json '.result.formations|length')" = 4 ]
	[ "$(json '.result.formations[0].level')" = 16 ]
	[ "$(json '.result.formations[1].level')" = 11 ]
	[ "$(json '.result.formations[2].level')" = 4 ]
	[ "$(json '.result.formations[3].level')" = 6 ]
}

@test "a corps losing stands until it fatigues, and its divisions with it" {
	corps
	for b in Husson Husson Campi Campi Campi; do
		"$U" adjust "$b" --stands -1 --reason "scripted losses" >/dev/null
	done
	umpire --json fatigue --unit "5e Division"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigued)" = true ]
	umpire --json fatigue --unit "6e Division"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigued)" = false ]
	"$U" adjust Bauduin --stands -3 --reason "scripted losses" >/dev/null
	umpire adjust Soye --stands -2 --reason "scripted losses"
	[ "$status" -eq 0 ]
	umpire fire --unit "Great Battery" --target Soye --distance 2 --dice 6,5
	[ "$status" -eq 0 ]
	has_line "  II Corps is fatigued: all its divisions are fatigued; 5e Division is fatigued: its brigades may not move within 3\" of the enemy; 6e Division is fatigued: its brigades may not move within 3\" of the enemy"
	umpire --json fatigue --unit "6e Division"
	[ "$status" -eq 0 ]
	[ "$(json .result.fatigued)" = true ]
	# the French losses: Husson 2 + Campi 3 + Bauduin 3 + Soye 2 + the
	# battery's 1 = 11 stands
	[ "$(uj --json sheet | jq -c .losses)" = '{"French":11,"British":0}' ]
	"$U" sheet > sheet.out
	golden fury-corps.sheet sheet.out
}

@test "guard stands count double against the army" {
	corps
	"$U" adjust "Old Guard" --stands -2 --reason "scripted losses" >/dev/null
	umpire --json fatigue --unit "Armée du Nord"
	[ "$status" -eq 0 ]
	[ "$(json .result.losses)" = 4 ]
}

@test "artillery is not counted in fatigue" {
	corps
	umpire --json fatigue --unit "6e Division"
	[ "$status" -eq 0 ]
	[ "$(json .result.level)" = 6 ]
}

@test "fatigue names a formation, not a brigade" {
	corps
	umpire fatigue --unit Husson
	expect_error 65 "'Husson' is a unit; name a formation"
}

@test "melee in the game: modifiers from stands, freshness and ratings" {
	corps
	umpire --json melee --attacker "Old Guard" --defender Campi --friendly --dice 3,3,3,3
	[ "$status" -eq 0 ]
	[[ "$(json '[.modifiers[].name]|join(",")')" == "attacker:fresh,attacker:guard,defender:more-stands,defender:fresh" ]]
}

@test "a fatigued army is broken and all its remaining brigades disordered (l.54)" {
	corps
	# the army: 26 stands (no battery), good 60% -> 15.6 -> 16; guard double
	"$U" adjust "Old Guard" --stands -4 --reason "scripted" >/dev/null
	"$U" adjust Husson --stands -5 --reason "scripted" >/dev/null
	"$U" adjust Campi --stands -2 --reason "scripted" >/dev/null
	umpire --json fatigue --unit "Armée du Nord"
	[ "$status" -eq 0 ]
	[ "$(json .result.losses)" = 15 ]
	[ "$(json .result.level)" = 16 ]
	umpire fire --unit "Great Battery" --target Soye --distance 2 --dice 6,5
	[ "$status" -eq 0 ]
	fire=$(sqlite3 umpire.db "SELECT max(id) FROM event WHERE command = 'fire'")
	has_line "  Armée du Nord is fatigued (16 of 16): the army is broken"
	has_line "  Bauduin is now disordered: its army is fatigued"
	[ "$(grep -c 'Soye is now disordered' <<<"$output")" = 1 ]
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | select(.kind=="unit") | select(.side=="French" and .type!="leader") | "\(.name)=\(.state)"] | join(",")')" = \
	    "Husson=good_order,Campi=disordered,Bauduin=disordered,Soye=disordered,Old Guard=good_order,Batterie=good_order" ]
	# once broken, a later ruling does not disorder them again
	"$U" rally --unit Bauduin --dice 6,6 >/dev/null || true
	umpire fatigue --unit "Armée du Nord"
	[ "$status" -eq 0 ]
	[[ "$output" != *"now disordered"* ]]
	umpire undo --to "$fire"
	[ "$status" -eq 0 ]
	umpire --json unit show Bauduin
	[ "$status" -eq 0 ]
	[ "$(json .state)" = good_order ]
}

@test "fury l.166 in a game: a brigade the game keeps in square may not enter rough terrain" {
	corps
	"$U" adjust Husson --formation square --reason "formed square" >/dev/null
	umpire --json move --unit Husson --quality good --rough --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "infantry in square may not enter rough terrain" ]
	[ "$(json '.effects|length')" = 0 ]
	# in the open: French line 5", in square half of it
	umpire --json move --unit Husson --quality good --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2.5 ]
	# another formation named on the command line is a formation change
	# (l.74: "Formation changes cost 1/2 of the units movement allowance
	# ... measured against the brigade's line movement allowance"): into
	# line, 5 - 2.5 = 2.5, then x 1/2 in rough = 1.25; it stands in line after
	umpire --json move --unit Husson --quality good --formation line --rough --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 1.25 ]
	[ "$(uj --json unit show Husson | jq -r .formation)" = line ]
}

@test "fury l.54 in a game: an army of 660 brigades reaching fatigue disorders the 528 standing at once" {
	# A ruling's units and effects grow with what it reaches: they were
	# fixed arrays of 512 units and 1,024 effects (here 529 units).
	"$U" new --rules fury >/dev/null
	"$BATS_TEST_DIRNAME/waterloo.sh" fury 110 >oob.csv
	"$U" unit import oob.csv >/dev/null
	sqlite3 umpire.db "SELECT name FROM unit WHERE side = 'French' AND formation = 0
	    AND type = 'infantry' ORDER BY id" |
	    while read -r name; do echo "adjust '$name' --stands -3 --reason losses"; done >losses.txt
	umpire batch losses.txt
	[ "$status" -eq 0 ]
	# the line that fatigued the army broke it and disordered each brigade
	# still standing (not the batteries)
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM effect WHERE kind = 'flag' AND name = 'broken'")" = 1 ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM effect WHERE kind = 'flag' AND name = 'disordered'")" = \
	    "$(sqlite3 umpire.db "SELECT count(*) FROM unit WHERE side = 'French' AND formation = 0
	    AND type <> 'heavy-battery'")" ]
	[ "$(sqlite3 umpire.db "SELECT count(*) FROM unit WHERE side = 'French' AND formation = 0
	    AND type <> 'heavy-battery'")" = 528 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "turn next names no unit as its actor: what the turn's end cleared is said under it" {
	corps
	"$U" move --efc --unit Husson --dice 1,1 >/dev/null
	"$U" turn next >/dev/null
	umpire log
	[ "$status" -eq 0 ]
	has_line "#2     turn 1   turn     turn 2 begins"
	has_line "      Husson may try to form square again"
	umpire report
	[ "$status" -eq 0 ]
	has_line "  #2 turn: turn 2 begins"
	has_line "      Husson may try to form square again"
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(json '.entries[1].who[0].unit')" = Husson ]
	# a turn's end keeps no output of its own: its JSON is the log's
	umpire --json log show 2
	[ "$status" -eq 0 ]
	[ "$output" = '{"id":2,"turn":1,"command":"turn","summary":"turn 2 begins","undone":false}' ]
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "undid #2 turn 1 turn: turn 2 begins" ]
}

@test "the printable sheet: a formation's path from the army down, its flags and its fatigue" {
	corps
	"$U" adjust Husson --stands -3 --reason "a test" >/dev/null
	"$U" adjust Campi --stands -3 --reason "a test" >/dev/null
	"$U" fatigue >/dev/null
	"$U" sheet --html sheet.html >/dev/null
	grep -qF '<td colspan="8">Armée du Nord &gt; II Corps &gt; 5e Division (division): fatigued <span class="note">fatigued: its brigades may not move within 3&quot; of the enemy</span></td>' sheet.html
	grep -qF '<td colspan="8">Armée du Nord &gt; II Corps (corps): good order <span class="note">not fatigued</span></td>' sheet.html
	grep -qF '<td colspan="8">Armée du Nord (army): good order <span class="note">not fatigued</span></td>' sheet.html
	umpire unit show "5e Division"
	[ "$status" -eq 0 ]
	has_line "    fatigued: its brigades may not move within 3\" of the enemy"
}

@test "a fact under a unit is said whole, however long the name it carries" {
	# (each line under a unit was cut at 159 bytes)
	local corps="The Second Corps of the Armée du Nord under General Reille, as it stood south of Hougoumont at noon on the 18th June"
	"$U" new --rules fury >/dev/null
	"$U" unit add "Armée du Nord" --side French --type army --quality good >/dev/null
	"$U" unit add "$corps" --side French --type corps --parent "Armée du Nord" --quality poor >/dev/null
	"$U" unit add "5e Division" --side French --type division --parent "$corps" --quality good >/dev/null
	"$U" unit add Husson --side French --type infantry --stands 5 --bel veteran --nation france --parent "5e Division" >/dev/null
	"$U" unit add Campi --side French --type infantry --stands 5 --bel regular --nation france --parent "$corps" >/dev/null
	# the corps: 10 stands x 40% (poor) = 4, fatigued at 4 lost; its
	# division with it (l.52)
	"$U" adjust Campi --stands -4 --reason "a test" >/dev/null
	umpire unit show "5e Division"
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "    fatigued with $corps: its brigades may not move within 3\" of the enemy" ]
	"$U" sheet --html sheet.html >/dev/null
	[ "$(grep -c "<span class=\"note\">fatigued with The Second Corps of the Armée du Nord under General Reille, as it stood south of Hougoumont at noon on the 18th June: its brigades may not move within 3&quot; of the enemy</span>" sheet.html)" = 1 ]
}

@test "the printable sheet: a brigade's flag the state says already is not said again" {
	corps
	"$U" adjust Husson --state disordered --reason "a test" >/dev/null
	"$U" sheet --html sheet.html >/dev/null
	[ "$(grep -c '<td>disordered</td>' sheet.html)" = 1 ]
	[ "$(grep -c 'disordered <span class="box' sheet.html)" = 0 ]
}

@test "fury l.238: a suppressed battery fires its next fire phase at half points, and is suppressed no more" {
	"$U" new --rules fury --example >/dev/null
	"$U" fire --unit Kempt --target "II Corps Reserve Battery" --distance 2 --dice 4,4 >/dev/null
	[ "$(uj --json unit show "II Corps Reserve Battery" | jq -r .state)" = suppressed ]
	# a shot out of range fires nothing: still suppressed
	"$U" fire --unit "II Corps Reserve Battery" --target Pack --distance 40 --dice 4,4 >/dev/null
	[ "$(uj --json unit show "II Corps Reserve Battery" | jq -r .state)" = suppressed ]
	umpire fire --unit "II Corps Reserve Battery" --target Kempt --distance 5 --dice 4,4
	[ "$status" -eq 0 ]
	has_line "  modifiers: battery-suppressed x0.5"
	has_line "  II Corps Reserve Battery is no longer suppressed"
	[ "$(uj --json unit show "II Corps Reserve Battery" | jq -r .state)" = good_order ]
	# l.222: Kempt is fired upon once this fire phase; the next is another turn's
	"$U" turn next >/dev/null
	umpire fire --unit "II Corps Reserve Battery" --target Kempt --distance 5 --dice 4,4
	[ "$status" -eq 0 ]
	[[ "$output" != *suppressed* ]]
	# undo takes back the fire that changed nothing and the turn, then the
	# one that cleared it: suppressed again
	"$U" undo --to 4 >/dev/null
	[ "$(uj --json unit show "II Corps Reserve Battery" | jq -r .state)" = good_order ]
	"$U" undo >/dev/null
	[ "$(uj --json unit show "II Corps Reserve Battery" | jq -r .state)" = suppressed ]
}

@test "fury l.172: a battery limbers and moves without the maneuver table, at its column allowance" {
	"$U" new --rules fury --example >/dev/null
	umpire move --unit "Rogers' Battery"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "limbers and moves up to 8\" (no maneuver roll for a battery)" ]
	has_line "  Movement allowances (inches) [reconstructed]: foot-artillery in column: 8\""
	# dice rolled all the same are told unused
	umpire --json move --unit "Rogers' Battery" --rough --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(printf '%s' "$output" | jq -c .result)" = '{"result":"limbers_and_moves","inches":2}' ]
	umpire --rules fury move --type horse-artillery --formation march-column --road
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "limbers and moves up to 24\" (no maneuver roll for a battery)" ]
}

# l.50: "A division that has suffered fatigue may not move any of its
# brigades to within 3" inches of an enemy unit. Defending cavalry of a
# fatigued division may still react into contact however."
@test "fury l.50: a brigade of a fatigued division may not charge (cavalry may react); its moves are told the 3\" limit" {
	corps
	"$U" unit add Blue --side British --type infantry --stands 5 --bel regular --nation britain >/dev/null
	"$U" unit add Chasseurs --side French --type light-cavalry --stands 4 --bel regular --cavalry good --nation france --parent "5e Division" >/dev/null
	# 5e Division: 5 + 5 + 4 = 14 stands, poor 40%: 5.6 -> 6; 6 lost
	"$U" adjust Husson --stands -3 --reason "a test" >/dev/null
	"$U" adjust Campi --stands -3 --reason "a test" >/dev/null
	umpire --json melee --attacker Campi --defender Blue --dice 6,6,1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "its division is fatigued: its brigades may not move within 3\" of the enemy (its cavalry may react into contact)" ]
	umpire --json melee --attacker Chasseurs --defender Blue --dice 6,6,1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	umpire --json melee --attacker Chasseurs --defender Blue --attacker-mod reacting --dice 6,6,1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire move --unit Campi --dice 4,4
	[ "$status" -eq 0 ]
	has_line "  its division is fatigued: it may not move to within 3\" of an enemy unit"
	# a brigade of 6e Division, not fatigued, charges
	"$U" unit add Green --side British --type infantry --stands 5 --bel regular --nation britain >/dev/null
	umpire --json melee --attacker Bauduin --defender Green --dice 6,6,1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire --json --rules fury melee --attacker-fatigued --dice 6,6,1,1
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}

# l.90: "Square. (infantry only)".  Before, a heavy cavalry brigade in
# square took the square's +2 to artillery fire: 4 points, 3+4 = 7 is '-',
# and 9 is D.
@test "fury l.90: square is infantry only, wherever a unit is put in it" {
	corps
	"$U" unit add Milhaud --side French --type heavy-cavalry --stands 4 --bel veteran >/dev/null
	"$U" unit add Halkett --side British --type infantry --stands 4 --bel veteran >/dev/null
	umpire unit add Kellermann --side French --type heavy-cavalry --stands 4 --bel veteran --formation square
	expect_error 65 "--formation: 'Kellermann' is heavy-cavalry, and square is infantry only (l.90)"
	umpire unit set Milhaud --formation square
	expect_error 65 "--formation: 'Milhaud' is heavy-cavalry, and square is infantry only (l.90)"
	umpire adjust Batterie --formation square --reason "into square"
	expect_error 65 "Batterie is heavy-battery, and square is infantry only (l.90)"
	umpire --json move --unit Milhaud --formation square --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "square is infantry only (l.90)" ]
	[ "$(json '.effects|length')" = 0 ]
	umpire --json move --unit Milhaud --efc --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "square is infantry only (l.90)" ]
	umpire --json fire --unit "Great Battery" --target Milhaud --fire-points 4 --mod target-square --dice 3,4
	expect_error 65 "--mod target-square: the target is cavalry, and square is infantry only (l.90)"
	# infantry may, and is fired on as a square: +2, 9 in column 4 is D
	umpire adjust Husson --formation square --reason "formed square"
	[ "$status" -eq 0 ]
	umpire --json fire --unit "Great Battery" --target Husson --fire-points 4 --dice 3,4
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name] | join(",")')" = target-square ]
	[ "$(json .result.cell)" = D ]
}

# l.74-76: "Formation changes cost 1/2 of the units movement allowance ...
# measured against the brigade's line movement allowance ... [Ex: A French
# line brigade changes from line to column formation. If it has rolled a
# 'well handled' ... the brigade would still have 2 1/2 inches of movement
# left.]"  umpire said 4 1/2 (the column's 7" less 2 1/2).
@test "fury l.74-76: a French brigade well handled from line into column has 2 1/2 inches left" {
	corps
	# 6,6 = 12: well handled in every column of the good order table
	umpire --json move --unit Husson --formation column --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .result.result)" = well_handled ]
	[ "$(json .result.inches)" = 2.5 ]
	umpire --json unit show Husson
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = column ]
	# back into line, well handled: 5 - 2.5 = 2.5 again
	umpire --json move --unit Husson --formation line --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2.5 ]
}

# l.48, l.68-70 in a game: a formation is fatigued once its stand losses
# reach its level, not one before.  5 + 6 = 11 stands, average: 5.5 -> 5
# (".1-.5 down"); the same under a good division: 6.6 -> 7 (".6+ up").
@test "fury fatigue in a game at the level, one below it and one past it, whole and not" {
	"$U" new --rules fury >/dev/null
	"$U" unit add Avg --side French --type division --quality average >/dev/null
	"$U" unit add Good --side French --type division --quality good >/dev/null
	"$U" unit add A --side French --type infantry --stands 5 --bel regular --parent Avg >/dev/null
	"$U" unit add B --side French --type infantry --stands 6 --bel regular --parent Avg >/dev/null
	"$U" unit add C --side French --type infantry --stands 5 --bel regular --parent Good >/dev/null
	"$U" unit add D --side French --type infantry --stands 6 --bel regular --parent Good >/dev/null
	"$U" unit add Halkett --side British --type infantry --stands 4 --bel veteran >/dev/null
	fat() {
		uj --json fatigue --unit "$1" | jq -r '"\(.result.level) \(.result.losses) \(.result.fatigued)"'
	}
	"$U" adjust A --stands -4 --reason edge >/dev/null
	[ "$(fat Avg)" = "5 4 false" ]
	"$U" adjust B --stands -1 --reason edge >/dev/null
	[ "$(fat Avg)" = "5 5 true" ]
	"$U" adjust B --stands -1 --reason edge >/dev/null
	[ "$(fat Avg)" = "5 6 true" ]
	"$U" adjust C --stands -4 --reason edge >/dev/null
	"$U" adjust D --stands -2 --reason edge >/dev/null
	[ "$(fat Good)" = "7 6 false" ]
	"$U" adjust D --stands -1 --reason edge >/dev/null
	[ "$(fat Good)" = "7 7 true" ]
	"$U" adjust D --stands -1 --reason edge >/dev/null
	[ "$(fat Good)" = "7 8 true" ]
}

# l.92: "Artillery batteries are either limbered or unlimbered. Limbered
# formation allows movement ... but no combat"; l.218: "Only infantry,
# dismounted cavalry and unlimbered artillery are eligible to fire";
# l.172: a battery limbers and moves without the maneuver table, and
# unlimbers where the umpire finds it in command; l.180: "If it had just
# unlimbered however it could then fire".  The battery at Husson in line
# at 10": 2 points, 3+3 = 6: no effect.
@test "fury l.92: a battery stands unlimbered; limbered it may not fire; unlimbered it fires that turn" {
	corps
	umpire --json unit show "Great Battery"
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
	umpire --json move --unit "Great Battery"
	[ "$status" -eq 0 ]
	[ "$(json .result.result)" = limbers_and_moves ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = limbered ]
	fire_refused "only infantry, dismounted cavalry and unlimbered artillery are eligible to fire (fury.txt l.218; Great Battery is limbered)" --unit "Great Battery" --target Husson --distance 10 --dice 3,3
	# limbered, it is the +1 target limbered artillery (the fire chart)
	umpire --json fire --unit Husson --target "Great Battery" --distance 2 --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["firer-fresh","target-limbered"]' ]
	"$U" undo >/dev/null
	umpire --json move --unit "Great Battery" --formation unlimbered
	[ "$status" -eq 0 ]
	[ "$(json .result.result)" = unlimbers ]
	[ "$(json .result.inches)" = 0 ]
	umpire --json fire --unit "Great Battery" --target Husson --distance 10 --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.cell)" = "-" ]
}

# l.240: "An artillery battery that is silenced is immediately limbered
# up"; a battery stands in no line; no brigade limbers.  Husson's 5 stands
# in line at 2" are 5 points (p4): 4+5 = 9 +1 fresh = 10: R, silenced.
@test "fury l.240: a battery silenced is limbered up; only batteries limber" {
	corps
	umpire --json fire --unit Husson --target "Great Battery" --distance 2 --dice 4,5
	[ "$status" -eq 0 ]
	[ "$(json .result.cell)" = R ]
	[ "$(json .result.artillery_result)" = silenced ]
	[ "$(json '.effects[] | select(.what == "formation") | .formation')" = limbered ]
	umpire unit add Foo --side French --type infantry --stands 4 --formation limbered
	expect_error 65 "--formation: 'Foo' is infantry, and only artillery batteries limber (l.92)"
	umpire adjust Batterie --formation line --reason "a slip"
	expect_error 65 "Batterie is heavy-battery, and artillery batteries are either limbered or unlimbered (l.92)"
}

@test "a fury game of schema 10 gains limbered and unlimbered" {
	corps
	before_batteries fury
	umpire check
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 11 ]
	[ "$(formation_words fury)" = "line,column,march-column,square,limbered,unlimbered" ]
	umpire --json unit show Batterie
	[ "$status" -eq 0 ]
	[ "$(json .formation)" = unlimbered ]
	"$U" move --unit Batterie >/dev/null
	umpire --json fire --unit Batterie --target "Great Battery" --distance 10 --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
}
