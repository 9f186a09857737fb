#!/usr/bin/env bats
# The README's command blocks (```sh) run verbatim, in order, in an empty
# directory (nothing of the repository in it), with nothing but the built
# umpire on the PATH.
load helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

@test "every sh block of the README runs as written, from an empty directory" {
	local bin play
	bin=$(mktemp -d) play=$(mktemp -d)
	# the binary itself: the block's PATH holds nothing else (no tee for a capture)
	ln -s "$UMPIRE_BIN" "$bin/umpire"
	awk '/^```sh$/ { on = 1; n++; next } /^```/ { on = 0; next }
	    on { print > ("block" n ".sh") }' "$ROOT/README.md"
	[ -f block1.sh ]
	[ -z "$(ls -A "$play")" ]
	for b in block*.sh; do
		run bash -e -o pipefail -c "cd '$play' && PATH='$bin' && source '$PWD/$b'"
		[ "$status" -eq 0 ] || { echo "$b failed ($status): $output"; cat "$b"; return 1; }
	done
	# fire, the charge move, melee, two adjustments, turn next; the batch's
	# fire and turn next
	[ "$(sqlite3 "$play/umpire.db" 'SELECT count(*) FROM event')" = 8 ]
	[ "$(sqlite3 "$play/umpire.db" 'SELECT title FROM game')" = "Waterloo: d'Erlon's attack, 18 June 1815" ]
	grep -q '<html' "$play/sheet.html"
	# the export's round trip: the same 26 units and formations, by name
	[ "$(wc -l <"$play/oob.csv")" = 27 ]
	diff <(uj --db "$play/umpire.db" --json unit list | jq -r '.units[].name') \
	    <(uj --db "$play/copy.db" --json unit list | jq -r '.units[].name')
	rm -rf "$bin" "$play"
}

@test "the demo prints commands that paste back" {
	run sh "$ROOT/tests/demo.sh" "$U"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep '^\$ umpire ' | sed 's/^\$ //' >commands.txt
	grep -q "umpire fire --unit 'Royal Horse Artillery'" commands.txt
	# each printed command parses back to the same words as a shell
	mkdir -p bin && ln -sf "$U" bin/umpire
	while IFS= read -r line; do
		eval "set -- $line"
		[ "$1" = umpire ]
	done <commands.txt
}
