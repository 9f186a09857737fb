#!/usr/bin/env bats
# The README's command blocks (```sh) run verbatim, in order, in a fresh
# directory holding what they name (tests/cli/battle-oob.csv).
load helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

@test "every sh block of the README runs as written" {
	mkdir -p bin tests/cli
	ln -s "$U" bin/umpire
	cp "$ROOT/tests/cli/battle-oob.csv" tests/cli/
	awk '/^```sh$/ { on = 1; n++; next } /^```/ { on = 0; next }
	    on { print > ("block" n ".sh") }' "$ROOT/README.md"
	[ -f block1.sh ]
	for b in block*.sh; do
		run bash -e -o pipefail -c "PATH=$PWD/bin:\$PATH; source $b"
		[ "$status" -eq 0 ] || { echo "$b failed ($status): $output"; cat "$b"; return 1; }
	done
	[ -f sheet.html ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 7 ]
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
