#!/usr/bin/env bats
# The printable sheet and report of each rule set, printed by headless
# Chromium as an umpire would print them for the table: a side a page,
# every unit named, the charts' axes titled with a label for every turn,
# and a unit lost whole shown by its rule set's word, never "ok".
load helper

# chromium_print PAGE: PAGE.html printed to PAGE.pdf and shot to PAGE.png,
# by one launch of the browser (its start is most of its time); a profile
# of the test's own, as the file's tests run side by side.
chromium_print() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
	    --user-data-dir="$TEST_DIR/chromium" --no-pdf-header-footer --print-to-pdf="$1.pdf" \
	    --screenshot="$1.png" --window-size=900,1300 "file://$PWD/$1.html" 2>/dev/null
	[ -s "$1.pdf" ] || { echo "no $1.pdf"; return 1; }
	[ -s "$1.png" ] || { echo "no $1.png"; return 1; }
}

# pages PDF: its page count.
pages() {
	pdfinfo "$1" | awk '/^Pages:/ { print $2 }'
}

# png_ok PNG: a PNG 900 pixels wide with more on it than a blank page.
png_ok() {
	[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || { echo "$1 is not a PNG"; return 1; }
	[ "$(od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')" = 900 ] ||
	    { echo "$1 is not 900 pixels wide"; return 1; }
	[ "$(stat -c %s "$1")" -gt 20000 ] || { echo "$1 is nearly blank"; return 1; }
}

# chart_labels CLASS FILE: the labels of that class (turn, value) of the
# first chart in FILE, in order, on one line.
chart_labels() {
	sed -n '/<svg /,/<\/svg>/p' "$2" | sed '/<\/svg>/q' |
	    grep -o "<text class=\"$1\"[^>]*>[^<]*</text>" | sed 's/.*>\([^<]*\)<\/text>/\1/' | paste -sd' '
}

# labels_fit FILE: every label of every chart lies inside its chart's
# viewBox, at the widest its font sets a character (two thirds of its
# 11 pixels): none is cut off at an edge.
labels_fit() {
	awk '
	/<svg / { match($0, /viewBox="0 0 [0-9]+ [0-9]+"/); split(substr($0, RSTART + 9, RLENGTH - 10), vb, " "); w = vb[3] }
	{
		s = $0
		while (match(s, /<text [^>]*x="[0-9]+"[^>]*>[^<]*<\/text>/)) {
			t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			match(t, /x="[0-9]+"/); x = substr(t, RSTART + 3, RLENGTH - 4) + 0
			match(t, />[^<]*</); n = RLENGTH - 2; half = n * 22 / 3 / 2
			if (t ~ /text-anchor="end"/) { lo = x - 2 * half; hi = x } else { lo = x - half; hi = x + half }
			if (lo < 0 || hi > w) { print "label cut off: " t " in a chart " w " wide"; bad = 1 }
			labels++
		}
	}
	END { if (labels == 0) { print "no labels"; exit 1 } exit bad }' "$1"
}

# print_check R SIDES TITLE TURNS VALUES WORD NAMES...: rule set R's sample
# battle: its sheet prints on one page per side (SIDES), its report on one;
# both name every unit, title the y axis TITLE, label turns TURNS under the
# first side's bars and VALUES over them, and the unit lost whole (LOST)
# stands as WORD.
print_check() {
	local rules=$1 sides=$2 title=$3 turns=$4 values=$5 word=$6
	shift 6
	command -v chromium >/dev/null || skip "chromium is not installed (make deps installs it)"
	sample_battle "$rules"
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	umpire report --html report.html
	[ "$status" -eq 0 ]
	chromium_print sheet
	chromium_print report
	[ "$(pages sheet.pdf)" = "$sides" ]
	[ "$(pages report.pdf)" = 1 ]
	png_ok sheet.png
	png_ok report.png
	pdftotext -layout sheet.pdf sheet.txt
	pdftotext -layout report.pdf report.txt
	# every name, though a narrow column may fold it over two lines
	pdftotext sheet.pdf - | tr -s ' \n' '  ' >sheet.words
	for name in "$@"; do
		grep -qF -- " $name " sheet.words || { echo "the printed sheet does not name $name"; return 1; }
	done
	for page in sheet report; do
		# the axes' titles, and the turns under the bars as a row of their own
		# (the report's charts stand side by side: a row may hold two)
		grep -qxE "( *($title|[0-9]+))+ *" $page.txt ||
		    { echo "$page: no y axis titled '$title'"; return 1; }
		grep -qxE '( *turn)+ *' $page.txt || { echo "$page: no x axis titled turn"; return 1; }
		grep -qxE "( *${turns// / +})+ *" $page.txt || { echo "$page: no row of turns '$turns'"; return 1; }
		[ "$(chart_labels turn $page.html)" = "$turns" ]
		[ "$(chart_labels value $page.html)" = "$values" ]
		labels_fit $page.html
	done
	# the report draws the very charts of the sheet
	[ "$(sed -n '/<svg /,/<\/svg>/p' sheet.html)" = "$(sed -n '/<svg /,/<\/svg>/p' report.html)" ]
	# the unit lost whole: its rule set's word, not ok
	grep "<tr><td>$LOST</td>" sheet.html | grep -qF "<td class=\"gone\">$word</td>" ||
	    { grep "<tr><td>$LOST</td>" sheet.html; return 1; }
	run grep -F '<td>ok</td>' <<<"$(grep "<tr><td>$LOST</td>" sheet.html)"
	[ "$status" -eq 1 ]
	grep -qE "(^| )$LOST .*$word" sheet.txt
}

# Losses worked from each sample battle (tests/cli/helper.bash):
#   brigade British: Bachelu's fire, 3 of Kempt; the melee, 9 more (12);
#   RHA's six gunners (18).
@test "brigade: the sheet and the report print a side a page, with every battalion's boxes" {
	print_check brigade 2 "figures lost" "1 2 3" "3 12 18" destroyed \
	    Kempt RHA Bachelu "Piré" 1/28th 1/32nd 1/95th "gun 1" "gun 2" "1st battalion"
	# Kempt's battalions: 16, 16 and 12 figures; 12 lost, spread evenly: 4 each
	[ "$(grep -c '<tr class="part"><td>1/[0-9][0-9a-z]*</td>' sheet.html)" = 3 ]
	[ "$(grep '<tr class="part"><td>1/28th</td>' sheet.html | grep -o 'class="box lost"' | wc -l)" = 4 ]
	[ "$(grep '<tr class="part"><td>1/28th</td>' sheet.html | grep -o 'class="box"' | wc -l)" = 12 ]
	[ "$(grep '<tr class="part"><td>1/95th</td>' sheet.html | grep -o 'class="box"' | wc -l)" = 8 ]
	grep -q '<tr class="part"><td>1/95th</td>.*4 of 12 figures lost</span> halt ' sheet.html
	# the battery's two guns, three gunners each, all crossed off
	[ "$(grep '<tr class="part"><td>gun 2</td>' sheet.html | grep -o 'class="box lost"' | wc -l)" = 3 ]
	grep -q '<tr class="part"><td>gun 2</td>.*<span class="gone">destroyed</span>' sheet.html
}

#   squares Allied: the 12pdr's bombardment, 1 hit on Picton in turn 1.
@test "squares: hit markers as filled boxes; a unit destroyed says so" {
	print_check squares 2 "hits taken" "1 2 3" "1 1 1" destroyed Picton RA Donzelot 12pdr
	[ "$(grep '<tr><td>Donzelot</td>' sheet.html | grep -o 'class="box taken"' | wc -l)" = 2 ]
}

#   fury French: Pack's fire, 1 stand of Quiot in turn 1.
@test "fury: stands crossed off; a unit with every stand lost is destroyed" {
	print_check fury 2 "stands lost" "1 2 3" "1 1 1" destroyed Quiot "Grande Batterie" Kempt Pack
	[ "$(grep '<tr><td>Pack</td>' sheet.html | grep -o 'class="box lost"' | wc -l)" = 5 ]
	[ "$(grep '<tr><td>Quiot</td>' sheet.html | grep -o 'class="box"' | wc -l)" = 5 ]
	grep -q '<tr><td>Quiot</td>.*<td>disordered</td>' sheet.html
}

#   2x2 Allies: Kempt destroyed in the melee of turn 2, Pack by the
#   correction of turn 3.
@test "2x2: each unit's states as boxes, losses as units destroyed" {
	print_check 2x2 2 "units destroyed" "1 2 3" "0 1 2" destroyed Kempt Pack Bachelu Cuirassiers
	grep -q 'Losses: 2 units destroyed' sheet.html
	# Bachelu pinned: the first of its four states crossed off
	[ "$(grep '<tr><td>Bachelu</td>' sheet.html | grep -o 'class="box lost"' | wc -l)" = 1 ]
	[ "$(grep '<tr><td>Bachelu</td>' sheet.html | grep -o 'class="box"' | wc -l)" = 3 ]
	grep -q '<tr><td>Bachelu</td>.*<td>pinned</td>' sheet.html
}

#   ohw British: 1/45e's fire, 4 FP on 1st Foot in turn 1, none since.
@test "ohw: fatigue points against the break point; a unit at it is broken" {
	print_check ohw 2 "fatigue points taken" "1 2 3" "4 4 4" broken "1st Foot" Battery 1/45e Hussars
	[ "$(grep '<tr><td>1/45e</td>' sheet.html | grep -o 'class="box taken"' | wc -l)" = 15 ]
}

@test "a game of one turn draws a bar for it, not an empty frame" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 4 >/dev/null
	"$U" adjust Bachelu --figures -6 --reason "skirmishers" >/dev/null
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	[ "$(sed -n '/<svg /,/<\/svg>/p' sheet.html | grep -c '<rect ')" = 2 ]
	[ "$(sed -n '/<figcaption>French/,/<\/svg>/p' sheet.html | grep -o '<text class="value"[^>]*>[^<]*<' | sed 's/.*>//; s/<//')" = 6 ]
	[ "$(sed -n '/<figcaption>French/,/<\/svg>/p' sheet.html | grep -c '<rect [^>]*height="0"')" = 0 ]
	[ "$(chart_labels turn sheet.html)" = 1 ]
	labels_fit sheet.html
}

@test "a long game labels every turn, its last whole" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 8 >/dev/null
	for t in 1 2 3 4 5 6 7 8 9 10 11; do
		"$U" adjust Bachelu --figures -11 --reason "turn $t" >/dev/null
		"$U" turn next >/dev/null
	done
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	# 11 figures a turn for 11 turns: 121 by the end of the eleventh
	[ "$(sed -n '/<figcaption>French/,/<\/svg>/p' sheet.html | grep -o '<text class="value"[^>]*>[^<]*<' | sed 's/.*>//; s/<//' | paste -sd' ')" = "11 22 33 44 55 66 77 88 99 110 121 121" ]
	[ "$(chart_labels turn sheet.html)" = "1 2 3 4 5 6 7 8 9 10 11 12" ]
	labels_fit sheet.html
}

# y_labels N FILE: the y axis's tick labels of the Nth chart in FILE, in
# order, on one line.
y_labels() {
	awk -v n="$1" '/<svg / { k++ } k == n && /<\/svg>/ { exit } k == n' "$2" |
	    grep -o '<text x="[0-9]*" y="[0-9]*" text-anchor="end">[0-9]*</text>' |
	    sed 's/.*>\([0-9]*\)<\/text>/\1/' | paste -sd' '
}

#   2x2: the Allies lose Kempt in turn 2 and Pack in turn 3, 2 units
#   destroyed; the French none.  Both charts run 0 to 2 (ticks of 1).
@test "every chart of one report and of one sheet on one y scale: the lighter loser's bars as short as they are" {
	sample_battle 2x2
	umpire report --html report.html
	[ "$status" -eq 0 ]
	[ "$(grep -c '<svg ' report.html)" = 2 ]
	[ "$(y_labels 1 report.html)" = "0 1 2" ]
	[ "$(y_labels 2 report.html)" = "0 1 2" ]
	umpire sheet --html sheet.html
	[ "$status" -eq 0 ]
	[ "$(y_labels 1 sheet.html)" = "0 1 2" ]
	[ "$(y_labels 2 sheet.html)" = "0 1 2" ]
}

#   A side's chart is its own: the French, who lost nothing, are not told
#   the Allies' 2 by an axis drawn to them (0 to 1, the least an axis
#   runs).
@test "a side's report and sheet scale its chart by its own losses, not the enemy's" {
	sample_battle 2x2
	umpire report --for French --html report.html
	[ "$status" -eq 0 ]
	[ "$(grep -c '<svg ' report.html)" = 1 ]
	[ "$(y_labels 1 report.html)" = "0 1" ]
	umpire sheet --for French --html sheet.html
	[ "$status" -eq 0 ]
	[ "$(grep -c '<svg ' sheet.html)" = 1 ]
	[ "$(y_labels 1 sheet.html)" = "0 1" ]
}
