#!/usr/bin/env bats
# What each side may know (CLI.md): fog levels kept in the game, views
# --for SIDE on sheet, report, log, log show, unit list and unit show, and
# no view of a side showing what it may not know.
load helper

# Every view SIDE can ask for, text, JSON, CSV and HTML, into views/.
all_views() {
	local side=$1 n=0
	rm -rf views && mkdir views
	for args in "sheet" "--json sheet" "sheet --csv" "report" "log" "--json log" \
	    "unit list" "--json unit list"; do
		n=$((n + 1))
		"$U" $args --for "$side" >views/$n.out 2>&1 || { echo "'$args --for $side' failed"; cat views/$n.out; return 1; }
	done
	"$U" sheet --html views/sheet.html --for "$side" >/dev/null || return 1
	"$U" report --html views/report.html --for "$side" >/dev/null || return 1
	for unit in "${UNITS[@]}"; do
		n=$((n + 1))
		"$U" unit show "$unit" --for "$side" >views/$n.out 2>&1 || return 1
		uj --json unit show "$unit" --for "$side" >views/$n.json 2>&1 || return 1
	done
	for id in $(sqlite3 umpire.db 'SELECT id FROM event'); do
		"$U" log show "$id" --for "$side" >views/show$id.out 2>&1
		uj --json log show "$id" --for "$side" >views/show$id.json 2>&1
	done
	cat views/* >views.all
}

# no_leak SIDE WORD...: none of the words in any view of SIDE (a number
# as a number: 21 is not in a chart 217 pixels high).
no_leak() {
	local side=$1 how
	shift
	all_views "$side" || return 1
	for word in "$@"; do
		how=-F
		[[ $word =~ ^[0-9]+$ ]] && how=-wF
		if grep -q $how -- "$word" views.all; then
			echo "the $side view shows '$word':"
			grep -l $how -- "$word" views/* | head -3
			grep -h $how -- "$word" views/* | head -3
			return 1
		fi
	done
}

# shown SIDE WORD: the word is in some view of SIDE (the search can find it).
shown() {
	all_views "$1" || return 1
	grep -qF -- "$2" views.all || { echo "the $1 view does not show '$2'"; return 1; }
}

squares_game() {
	"$U" new --rules squares "$@" >/dev/null
	"$U" unit add Battery --side British --type foot-artillery --morale d6 >/dev/null
	"$U" unit add Guards --side British --type infantry --skirmish d6 --quality d6 --morale d6 >/dev/null
	"$U" unit add "Ney's Column" --side French --type infantry --skirmish d8 --quality d12 \
	    --morale d10 >/dev/null
	"$U" fire --unit Battery --target "Ney's Column" --artillery foot --range close \
	    --bases 3 --dice 6,6,6 >/dev/null
	UNITS=(Battery Guards "Ney's Column")
}

brigade_game() {
	"$U" new --rules brigade "$@" >/dev/null
	"$U" unit add Kempt --side British --type infantry --class british >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --class guards --units 32 >/dev/null
	"$U" fire --unit Kempt --target "Old Guard" --distance 2 --dice 4 >/dev/null
	UNITS=(Kempt "Old Guard")
}

@test "new --fog: the level is kept, table by default; game shows and changes it" {
	"$U" new --rules brigade >/dev/null
	umpire --json game
	[ "$status" -eq 0 ]
	[ "$(json .fog)" = table ]
	[ "$(json .rules)" = brigade ]
	umpire game --fog hidden --title "Quatre Bras"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "fog: hidden" ]
	umpire --json game
	[ "$status" -eq 0 ]
	[ "$(json .fog)" = hidden ]
	[ "$(json .title)" = "Quatre Bras" ]
	# a setting, not a ruling: nothing to undo
	umpire undo
	[ "$status" -eq 0 ]
	[ "$output" = "nothing to undo" ]
	umpire game --fog fog
	expect_error 65 "umpire: game: --fog: 'fog' is not one of open, table, hidden"
	"$U" new --rules brigade --fog open --force >/dev/null
	umpire --json game
	[ "$status" -eq 0 ]
	[ "$(json .fog)" = open ]
}

@test "--for names a side of the game or the umpire; other commands take none" {
	brigade_game
	umpire sheet --for Prussians
	expect_error 65 "umpire: sheet: --for: no unit fights for side 'Prussians' (give British, French or umpire)"
	umpire fire --for British --firers 6 --distance 2 --dice 4
	expect_error 64 "umpire: fire: this command shows no side's view: drop --for"
	umpire unit add X --side British --type infantry --class british --for British
	expect_error 64 "umpire: unit: 'unit add' shows no side's view: drop --for"
	# --for umpire is the umpire's view
	uj --json sheet >a.json
	uj --json sheet --for umpire >b.json
	cmp a.json b.json
	# a side's name folded: --for british
	umpire --json sheet --for british
	[ "$status" -eq 0 ]
	[ "$(json .for)" = British ]
}

@test "brigade at fog table: the enemy's figures as a band word, its ratings and dice never" {
	brigade_game
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	# 9 of 768 lost: 2%, up to 25% "light losses" (the bands table)
	[ "$(json '.units[] | select(.name=="Old Guard") | .band')" = "light losses" ]
	[ "$(json '.units[] | select(.name=="Old Guard") | has("strength") or has("losses") or has("start_strength") or has("ratings") or has("parent")')" = false ]
	# its state (ok, halt, fall back) follows from its figures: not seen,
	# so absent, as the text leaves it blank; a side's own is there
	[ "$(json '.units[] | select(.name=="Old Guard") | has("state")')" = false ]
	[ "$(json '.units[] | select(.name=="Kempt") | .state')" = ok ]
	[ "$(json '.units[] | select(.name=="Kempt") | .strength')" = 64 ]
	# the French see Kempt's losses... none, and their own exact
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Old Guard") | .strength')" = 759 ]
	[ "$(json '.units[] | select(.name=="Kempt") | .band')" = fresh ]
	no_leak British 768 759 guards "dice" '"die' "carry back"
	no_leak French 64 british "dice" '"die'
	# the search finds them where they may be seen
	shown French 759
	shown French guards
}

@test "brigade at fog table: a state the enemy cannot see is blank in CSV and HTML as in text" {
	brigade_game
	# 24 of 64 lost, 6 a battalion: 10 of 16 left, below ok_min 11 and
	# not below halt_min 8: halt, which the French cannot count (37.5%
	# lost: the first band at or above it, 50, says "heavy losses")
	"$U" adjust Kempt --figures -24 --reason "hard fighting" >/dev/null
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Kempt") | .state')" = halt ]
	umpire sheet --for French --csv
	[ "$status" -eq 0 ]
	has_line "side,order_of_battle,name,type,formation,seen,state,flags" "$output"
	has_line "British,,Kempt,infantry,line,heavy losses,," "$output"
	umpire sheet --for French --html f.html
	[ "$status" -eq 0 ]
	grep -qF "<td>heavy losses</td><td></td>" f.html
	run grep -c "halt" f.html
	[ "$status" -eq 1 ]
	[ "$output" = 0 ]
	# the umpire's page draws a brigade's parts as rows, not the text's heading
	umpire sheet --html all.html
	[ "$status" -eq 0 ]
	run grep -c "battalion  *class  *figures" all.html
	[ "$status" -eq 1 ]
	[ "$output" = 0 ]
}

@test "brigade at fog hidden: a side's own figures too only as band words" {
	brigade_game --fog hidden
	umpire --json sheet --for French
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Old Guard") | .band')" = "light losses" ]
	[ "$(json '.units[] | select(.name=="Old Guard") | has("strength")')" = false ]
	[ "$(json '.units[] | select(.name=="Old Guard") | .ratings.class')" = guards ]
	no_leak French 768 759 "1st battalion" 64
	no_leak British 768 759 guards
}

@test "at fog open every view sees everything" {
	brigade_game --fog open
	shown British 759
	shown British guards
	# the same sheet, but for whom it is and its own side's units first
	uj --json sheet | jq -S '.units |= sort_by(.name)' >a.json
	uj --json sheet --for British | jq -S 'del(.for) | .units |= sort_by(.name)' >b.json
	cmp a.json b.json
	[ "$(uj --json sheet --for British | jq -r '.for, .fog, .units[0].side')" = "$(printf 'British\nopen\nBritish')" ]
}

@test "squares at fog table and hidden: hit markers stand on the table; ratings, dice and working do not" {
	squares_game
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Ney'"'"'s Column") | .hits')" = 3 ]
	no_leak British d12 d10 d8 "[6,6,6]" "6, 6, 6" "die 1" "hits on 5+"
	no_leak French "[6,6,6]" "die 1" "d10 per base" "hits on 5+"
	"$U" game --fog hidden >/dev/null
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	# 3 hit markers of the 4 a unit is told by: 75%, shattered
	[ "$(json '.units[] | select(.name=="Ney'"'"'s Column") | .band')" = "shattered" ]
	[ "$(json '.units[] | select(.name=="Ney'"'"'s Column") | has("hits")')" = false ]
	[ "$(json '.units[] | select(.name=="Guards") | .band')" = "fresh" ]
	no_leak British d12 d10 "[6,6,6]" "die 1"
}

@test "a side's log lists the rulings its units took part in, as it may read them" {
	brigade_game
	"$U" unit add Pack --side British --type infantry --class british >/dev/null
	"$U" adjust Pack --figures -2 --reason "stragglers" >/dev/null
	"$U" turn next >/dev/null
	umpire --json log --for French
	[ "$status" -eq 0 ]
	[ "$(json '.entries | length')" = 2 ]
	[ "$(json '.entries[0].summary')" = "Old Guard loses 9 figures (759 left)" ]
	[ "$(json '.entries[1].summary')" = "turn 2 begins" ]
	umpire --json log --for British
	[ "$status" -eq 0 ]
	[ "$(json '.entries | length')" = 3 ]
	[ "$(json '.entries[0].summary')" = "Old Guard: light losses" ]
	[ "$(json '.entries[0].who[0].unit')" = Kempt ]
	[ "$(json '.entries[0].who[0].role')" = unit ]
	# French's log is numbered by its own entries: the game's 1 and 3
	umpire log show 2 --for French
	[ "$status" -eq 0 ]
	[ "$output" = "event 2, turn 1, turn
  turn 2 begins" ]
	umpire log show 3 --for French
	expect_error 65 "umpire: log: there is no event 3 in French's log, which has 2 (the rulings its units took part in; log --for lists them)"
	# an event that is not in the journal reads the same
	umpire log show 99 --for French
	expect_error 65 "umpire: log: there is no event 99 in French's log, which has 2 (the rulings its units took part in; log --for lists them)"
	umpire --json log show 1 --for British
	[ "$status" -eq 0 ]
	[ "$(json .summary)" = "Old Guard: light losses" ]
	[ "$(json 'has("dice") or has("working") or has("result")')" = false ]
}

# Five corrections of the British alone (game ids 1-5), Kempt's fire on the
# Old Guard (6), one more British (7), a second fire (8), undone, and the
# turn's end (9): French reads 6, 8 and 9 only, as its 1, 2 and 3.
@test "a side's log is numbered by its own entries, 1, 2, 3; the umpire's keeps the game's" {
	"$U" new --rules brigade >/dev/null
	"$U" unit add Kempt --side British --type infantry --class british >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --class guards --units 32 >/dev/null
	"$U" unit add Pack --side British --type infantry --class british >/dev/null
	for i in 1 2 3 4 5; do
		"$U" adjust Pack --figures -1 --reason "straggler $i" >/dev/null
	done
	"$U" fire --unit Kempt --target "Old Guard" --distance 2 --dice 4 >/dev/null
	"$U" adjust Pack --figures -1 --reason late >/dev/null
	"$U" fire --unit Kempt --target "Old Guard" --distance 2 --dice 5 >/dev/null
	"$U" undo >/dev/null
	"$U" turn next >/dev/null
	umpire log --for French
	[ "$status" -eq 0 ]
	[ "$output" = "#1     turn 1   fire     Kempt (unit), Old Guard (target): Old Guard loses 9 figures (759 left)
#2     turn 1   fire     Kempt (unit), Old Guard (target): Old Guard loses 11 figures (748 left)  (undone)
#3     turn 1   turn     turn 2 begins" ]
	umpire --json log --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.entries[].id]')" = "[1,2,3]" ]
	# a filter keeps the numbers of the whole log
	umpire --json log --for French --unit "Old Guard"
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.entries[].id]')" = "[1,2]" ]
	umpire log show 2 --for French
	[ "$status" -eq 0 ]
	[ "$output" = "event 2, turn 1, fire (undone)
  Old Guard loses 11 figures (748 left)" ]
	umpire --json log show 3 --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc .)" = '{"id":3,"turn":1,"command":"turn","summary":"turn 2 begins","undone":false}' ]
	umpire log show 4 --for French
	expect_error 65 "umpire: log: there is no event 4 in French's log, which has 3 (the rulings its units took part in; log --for lists them)"
	# the report numbers a ruling as the log does (the undone one is not told)
	umpire report --for French
	[ "$status" -eq 0 ]
	has_line "  #1 fire: Kempt (unit), Old Guard (target): Old Guard loses 9 figures (759 left)"
	has_line "  #3 turn: turn 2 begins"
	umpire --json report --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.turns[].events[].id]')" = "[1,3]" ]
	umpire complete "umpire log show --for French "
	[ "$status" -eq 0 ]
	[ "$output" = "words
1
2
3" ]
	# the umpire's view keeps the game's ids
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.entries[].id]')" = "[1,2,3,4,5,6,7,8,9]" ]
	umpire --json report
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.turns[].events[].id]')" = "[1,2,3,4,5,6,7,9]" ]
	umpire log show 6
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "event 6, turn 1, fire" ]
}

@test "no view of a side, at any fog level, carries the game's id of a ruling" {
	"$U" new --rules brigade >/dev/null
	"$U" unit add Kempt --side British --type infantry --class british >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --class guards --units 32 >/dev/null
	"$U" unit add Pack --side British --type infantry --class british >/dev/null
	for i in 1 2 3 4 5 6 7; do
		"$U" adjust Pack --figures -1 --reason "straggler $i" >/dev/null
	done
	# the game's 8 and 9, French's 1 and 2
	"$U" fire --unit Kempt --target "Old Guard" --distance 2 --dice 4 >/dev/null
	"$U" turn next >/dev/null
	UNITS=(Kempt "Old Guard")
	for fog in table hidden; do
		"$U" game --fog $fog >/dev/null
		all_views French || return 1
		# (log show 8 and 9, asked by all_views, are refused naming them)
		grep -v "^umpire: log: there is no event" views.all >seen.all
		grep -h -E '#[89]\b|"id": ?[89]\b|event [89]\b' seen.all | head -3
		[ "$(grep -c -E '#[89]\b|"id": ?[89]\b|event [89]\b' seen.all)" = 0 ]
		[ "$(grep -c -E '#1 |"id":1\b' views.all)" -ge 3 ]
	done
}

fury_game() {
	"$U" new --rules fury "$@" >/dev/null
	"$U" unit add Halkett --side British --type infantry --stands 5 --bel veteran --nation britain >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 7 --bel militia --nation france >/dev/null
	"$U" fire --unit Foy --target Halkett --distance 3 --dice 6,6 >/dev/null
	UNITS=(Halkett Foy)
}

@test "fury at fog table and hidden: stands stand on the table; BEL, nation, dice and working do not" {
	fury_game
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Foy") | .strength')" = 7 ]
	[ "$(json '.units[] | select(.name=="Foy") | has("ratings") or has("bel")')" = false ]
	[ "$(json '.units[] | select(.name=="Halkett") | .strength')" = 4 ]
	no_leak British militia france "die 1" "2d6" "'1R'" "fire points"
	no_leak French veteran britain "die 1" "2d6" "'1R'" "fire points"
	shown British veteran
	shown French militia
	"$U" game --fog hidden >/dev/null
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Halkett") | .band')" = "light losses" ]
	[ "$(json '.units[] | select(.name=="Halkett") | .ratings | keys | join(",")')" = "bel,nation" ]
	no_leak British militia "(4 left)" "stands 5" '"strength"' '"stands":' "die 1"
	shown British veteran
}

twobytwo_game() {
	"$U" new --rules 2x2 "$@" >/dev/null
	"$U" unit add Guard --side French --type infantry --size large >/dev/null
	"$U" unit add 95th --side British --type infantry --size small >/dev/null
	"$U" fire --unit Guard --target 95th --distance 1 --dice 6 >/dev/null
	UNITS=(Guard 95th)
}

@test "2x2 at fog table and hidden: state markers stand on the table; size, army points, dice and working do not" {
	twobytwo_game
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Guard") | .state')" = pinned ]
	[ "$(json '.units[] | select(.name=="95th") | .state')" = destroyed ]
	no_leak British large '"points":3' "3 AP" "d6 6" "die 1" "firer-large"
	no_leak French small "1.5" "d6 6" "die 1"
	shown French large
	"$U" game --fog hidden >/dev/null
	no_leak British large "d6 6" "die 1"
	shown British destroyed
}

ohw_game() {
	"$U" new --rules ohw "$@" >/dev/null
	"$U" unit add "Old Guard" --side French --type infantry --break-point 21 --stubborn >/dev/null
	"$U" unit add 1/45e --side British --type infantry >/dev/null
	"$U" fire --unit 1/45e --target "Old Guard" --distance 6 --dice 6 >/dev/null
	UNITS=("Old Guard" 1/45e)
}

@test "ohw at fog table and hidden: fatigue points only as band words; ratings, dice and working never" {
	ohw_game
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.name=="Old Guard") | .band')" = "heavy losses" ]
	[ "$(json '.units[] | select(.name=="Old Guard") | has("fatigue_points") or has("ratings")')" = false ]
	no_leak British 21 "6 FP" "(6 of" stubborn "d6 6" "die 1"
	shown French "6 of 21"
	"$U" game --fog hidden >/dev/null
	no_leak French "6 of 21" '"fatigue_points"' "die 1" '"break-point"'
	shown French stubborn
}

# The enemy's units across the table: one head (its formations are not on
# the table), the measure's column and the state's apart, and no state
# word the table does not show.
@test "ohw --for: the enemy under one head, its fatigue as a band word, no state word it cannot see" {
	ohw_game
	umpire sheet --for British
	[ "$status" -eq 0 ]
	# Old Guard: 6 FP of 21, 29% (rounded up) lost: up to 50% "heavy losses"
	[ "$(printf '%s\n' "$output" | sed -n '/^== French/,/^$/p')" = "== French
  unit                         type            formation     fatigue points  state, flags
 units seen
  Old Guard                    infantry        line          heavy losses" ]
	[[ "$output" != *reorganised* ]]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	has_line "  1/45e                        infantry        line          fresh"
}

@test "--for: the enemy's state word is the one its own side reads for the same state" {
	squares_game
	umpire sheet --for French
	[ "$status" -eq 0 ]
	has_line "  Guards                       infantry        0               ok"
	has_line "  Ney's Column                 infantry           3  ok"
	umpire sheet --for British
	[ "$status" -eq 0 ]
	has_line "  Ney's Column                 infantry        3               ok"
}

@test "--for: the enemy's formations are not named, nor shown as many empty heads" {
	"$U" new --rules brigade --example >/dev/null
	umpire sheet --for Allied
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^ units seen$')" = 1 ]
	[ "$(printf '%s\n' "$output" | grep -c 'no formation')" = 0 ]
	[ "$(printf '%s\n' "$output" | grep -c "Quiot\|Donzelot\|Marcognet\|Jacquinot\|I Corps")" = 0 ]
	has_line "  Charlet                      infantry        line          fresh"
	umpire sheet --for French
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^ units seen$')" = 1 ]
	[ "$(printf '%s\n' "$output" | grep -c "Picton's Division")" = 0 ]
}

@test "a side is not named umpire, nor spelt as another side folds; --for takes the side spelt as given" {
	"$U" new --rules ohw >/dev/null
	"$U" unit add Bleu --side Française --type infantry --break-point 17 >/dev/null
	umpire unit add Gris --side umpire --type infantry
	expect_error 65 "umpire: unit: a side cannot be named 'umpire': --for umpire is the umpire's own view"
	umpire unit add Gris --side UMPIRE --type infantry
	expect_error 65 "umpire: unit: a side cannot be named 'UMPIRE': --for umpire is the umpire's own view"
	umpire unit add Gris --side Francaise --type infantry
	expect_error 65 "umpire: unit: the side 'Française' is already in the game, and 'Francaise' would match it (sides match regardless of case and accents): give it as 'Française'"
	umpire unit add Gris --side "Bleus " --type infantry
	expect_error 65 "umpire: unit: a unit's side cannot begin or end with a space ('Bleus ')"
	printf 'name,side,type\nGris,FRANÇAISE,infantry\n' >oob.csv
	umpire unit import oob.csv
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"the side 'Française' is already in the game, and 'FRANÇAISE' would match it"* ]]
	"$U" unit add Gris --side British --type infantry --break-point 11 >/dev/null
	umpire unit set Gris --side francaise
	expect_error 65 "umpire: unit: the side 'Française' is already in the game, and 'francaise' would match it (sides match regardless of case and accents): give it as 'Française'"
	umpire unit set Gris --side umpire
	expect_error 65 "umpire: unit: a side cannot be named 'umpire': --for umpire is the umpire's own view"
	# a game of an earlier umpire with two sides one folding reads
	sqlite3 umpire.db "UPDATE unit SET side = 'FRANÇAISE' WHERE name = 'Gris'"
	umpire --json sheet --for FRANÇAISE
	[ "$status" -eq 0 ]
	[ "$(json .for)" = FRANÇAISE ]
	[ "$(json '.units[] | select(.name == "Bleu") | has("ratings")')" = false ]
	umpire sheet --for francaise
	expect_error 65 "umpire: sheet: --for: 'francaise' matches the sides 'Française' and 'FRANÇAISE': give one as it is spelt"
	# ... and with a side named umpire, serve gives no page of it
	sqlite3 umpire.db "UPDATE unit SET side = 'umpire' WHERE name = 'Gris'"
	umpire serve --listen 127.0.0.1:0
	expect_error 65 "umpire: serve: the game has a side named 'umpire', which is the umpire's own view: give its units another side (unit set NAME --side SIDE) before serving"
}

@test "brigade at fog hidden: a side's own battalions are not listed with their figures" {
	"$U" new --rules brigade --example --fog hidden >/dev/null
	umpire --json unit show Pack --for Allied
	[ "$status" -eq 0 ]
	[ "$(json '.ratings | has("battalion")')" = false ]
	umpire unit show Kempt --for Allied
	[ "$status" -eq 0 ]
	[[ "$output" != *":british"* ]]
	umpire --json sheet --for Allied
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | .ratings | has("battalion")] | any')" = false ]
	"$U" game --fog table >/dev/null
	umpire --json unit show Pack --for Allied
	[ "$status" -eq 0 ]
	[ "$(json '.ratings.battalion | length')" -gt 1 ]
}

@test "2x2 at fog hidden: a side's own army points are not shown, as every count" {
	"$U" new --rules 2x2 --example --fog hidden >/dev/null
	umpire sheet --for British
	[ "$status" -eq 0 ]
	has_line "== British"
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.points')" = "{}" ]
	"$U" game --fog table >/dev/null
	umpire --json sheet --for British
	[ "$status" -eq 0 ]
	[ "$(json '.points | keys | join(",")')" = British ]
	umpire sheet --for British
	[ "$status" -eq 0 ]
	has_line "== British (22 AP), losses: 0 units destroyed"
}

@test "--for: the enemy's formations cannot be named, asked for or completed" {
	"$U" new --rules brigade --example >/dev/null
	"$U" fire --unit Kempt --target Charlet --distance 2 --dice 4 >/dev/null
	"$U" adjust Charlet --figures -1 --reason "French only" >/dev/null
	umpire unit show "Quiot's Division" --for Allied
	expect_error 65 "umpire: unit: no unit is named 'Quiot's Division' ('umpire unit list' lists them)"
	umpire unit show "Quiot's Divison" --for Allied
	expect_error 65 "umpire: unit: no unit is named 'Quiot's Divison' ('umpire unit list' lists them)"
	umpire log --unit Quiot --for Allied
	expect_error 65 "umpire: log: no unit is named 'Quiot' ('umpire unit list' lists them)"
	umpire unit show "Picton's Division" --for Allied
	[ "$status" -eq 0 ]
	umpire unit show "Quiot's Division"
	[ "$status" -eq 0 ]
	umpire complete "umpire unit show --for Allied "
	[ "$status" -eq 0 ]
	[[ "$output" != *Quiot* ]]
	[[ "$output" == *Picton* ]]
	[[ "$output" == *Charlet* ]]
	umpire complete "umpire unit show "
	[ "$status" -eq 0 ]
	[[ "$output" == *Quiot* ]]
	umpire complete "umpire log show --for Allied "
	[ "$status" -eq 0 ]
	[ "$output" = "words
1" ]
	umpire complete "umpire log show "
	[ "$status" -eq 0 ]
	[ "$output" = "words
1
2" ]
}

@test "fury --for: the enemy's stands lost are counted in the log as on the sheet at fog table, as band words at hidden" {
	fury_game
	umpire log --for French
	[ "$status" -eq 0 ]
	[[ "$output" == *"Halkett loses 1 stand (4 left)"* ]]
	umpire sheet --for French
	[ "$status" -eq 0 ]
	has_line "  Halkett                      infantry        line          4               disordered"
	"$U" game --fog hidden >/dev/null
	umpire log --for French
	[ "$status" -eq 0 ]
	[[ "$output" == *"Halkett: light losses"* ]]
	[[ "$output" != *"(4 left)"* ]]
}

@test "report at fog hidden: no losses line where no side's losses may be counted" {
	brigade_game --fog hidden
	umpire report --for British
	[ "$status" -eq 0 ]
	[[ "$output" != *"losses:"* ]]
	has_line "Turn 1"
	umpire report
	[ "$status" -eq 0 ]
	has_line "  losses: British 0 figures this turn, 0 in all; French 9 figures this turn, 9 in all"
}
