#!/usr/bin/env bats
# Pages umpire writes: every text of the game escaped, every file written
# whole or not at all (never through a link planted at its name).
load helper

# Texts an attacker would plant: markup, a way out of the chart's SVG,
# both quotes, and a bare ampersand.
X1='<script>alert(1)</script>'
X2='</svg><img src=x onerror=alert(2)>'
X3="q\"uo'te & amp"

hostile_game() {
	"$U" new --rules brigade --title "T $X1 $X3" >/dev/null
	"$U" unit add "C $X2" --side "Side $X1" --type corps >/dev/null
	"$U" unit add "U $X1" --side "Side $X1" --type infantry --class british --parent "C $X2" >/dev/null
	"$U" unit add "M $X3" --side "Other $X2" --type infantry \
	    --battalion "B $X1:british:16" --battalion "B2 $X3:french:18" >/dev/null
	"$U" fire --firers 16 --distance 2 --target "U $X1" --dice 4 >/dev/null
	"$U" adjust "M $X3" --figures -2 --reason "R $X2 $X3" >/dev/null
	"$U" turn next >/dev/null
}

# no_raw FILE: none of the planted markup reaches the page unescaped.
no_raw() {
	local f=$1
	for needle in '<script' '<img' '</svg><' "q\"uo" "q\"uo'te" "'te & amp" '& amp'; do
		if grep -qF -- "$needle" "$f"; then
			echo "$f holds '$needle' unescaped:"
			grep -nF -- "$needle" "$f" | head -3
			return 1
		fi
	done
	# and the texts are there, escaped
	grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$f" || { echo "$f: no escaped script"; return 1; }
	grep -qF 'q&quot;uo&#39;te &amp; amp' "$f" || { echo "$f: no escaped quotes"; return 1; }
}

@test "every stored text is escaped on the sheet page, one side or all" {
	hostile_game
	umpire sheet --html all.html
	[ "$status" -eq 0 ]
	no_raw all.html
	umpire sheet --side "Side $X1" --html one.html
	[ "$status" -eq 0 ]
	no_raw one.html
	# exactly one <script-free> page structure: the only SVG elements are the charts
	[ "$(grep -c '<svg ' all.html)" = "$(grep -c '</svg>' all.html)" ]
}

@test "every stored text is escaped in the report page" {
	hostile_game
	umpire report --html report.html
	[ "$status" -eq 0 ]
	no_raw report.html
	grep -qF 'R &lt;/svg&gt;&lt;img src=x onerror=alert(2)&gt;' report.html
}

@test "a link planted at the page's name is replaced, never followed" {
	hostile_game
	echo "precious" >target.txt
	ln -s target.txt page.html
	umpire sheet --html page.html
	[ "$status" -eq 0 ]
	[ "$(cat target.txt)" = precious ]
	[ ! -L page.html ]
	grep -q '<!DOCTYPE html>' page.html
	ln -s target.txt rep.html
	umpire report --html rep.html
	[ "$status" -eq 0 ]
	[ "$(cat target.txt)" = precious ]
	[ ! -L rep.html ]
	ln -s target.txt units.csv
	umpire unit export units.csv
	[ "$status" -eq 0 ]
	[ "$(cat target.txt)" = precious ]
	[ ! -L units.csv ]
	ln -s target.txt table.csv
	umpire tables export artillery-ranges table.csv
	[ "$status" -eq 0 ]
	[ "$(cat target.txt)" = precious ]
	[ ! -L table.csv ]
	[ "$(head -1 table.csv)" = "$("$U" tables export artillery-ranges | head -1)" ]
}

@test "a page that cannot be finished leaves the old one whole and no temporary file" {
	hostile_game
	umpire sheet --html page.html
	[ "$status" -eq 0 ]
	cp page.html old.html
	# a directory at the name: the write fails at the rename, the old page stays
	mkdir sub
	cp page.html sub/page.html
	chmod 755 sub
	umpire sheet --html sub
	[ "$status" -eq 74 ]
	[[ "$stderr" == "umpire: sheet: cannot write 'sub': "* ]]
	cmp page.html old.html
	[ -z "$(ls | grep '\.tmp')" ]
	# a directory that cannot be written: nothing made, exit 73
	mkdir ro
	chmod 555 ro
	as_nobody "$U" sheet --html ro/page.html
	[ "$status" -eq 73 ]
	[[ "$stderr" == "umpire: sheet: cannot write 'ro/page.html': Permission denied" ]]
	[ -z "$(ls ro)" ]
}
