#!/usr/bin/env bats
# Each command's usage is declared once (its cmd_entry): umpire help CMD,
# umpire CMD --help and umpire --json help say the same.
load helper

# usage_lines CMD: the command's declared forms as --help prints them.
usage_lines() {
	"$UMPIRE_BIN" --json help | jq -r --arg c "$1" '.commands[] | select(.name == $c) |
	    .usage | split("\n") | to_entries[] |
	    if .key == 0 then "usage: umpire " + .value
	    elif (.value | startswith(" ")) then "      " + .value
	    else "       umpire " + .value end'
}

@test "every command's help starts with its declared usage, the same by help CMD and CMD --help" {
	for c in $("$UMPIRE_BIN" --json help | jq -r '.commands[].name'); do
		# help's help is the overview, version's the version
		case $c in help | version) continue ;; esac
		umpire help "$c"
		[ "$status" -eq 0 ] || { echo "help $c: status $status"; return 1; }
		local by_help=$output
		umpire "$c" --help
		[ "$status" -eq 0 ] || { echo "$c --help: status $status"; return 1; }
		[ "$output" = "$by_help" ] || { echo "$c: help $c and $c --help differ"; return 1; }
		local want
		want=$(usage_lines "$c")
		[ "$(head -n "$(wc -l <<<"$want")" <<<"$output")" = "$want" ] ||
		    { printf '%s: help starts\n%s\nnot\n%s\n' "$c" "$output" "$want"; return 1; }
	done
}

@test "a usage declared on several lines is printed a form a line" {
	umpire tables --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: umpire tables [list | show NAME | export NAME [FILE.csv] |" ]
	[ "${lines[1]}" = "                       import NAME FILE.csv | diff]" ]
	umpire --json help
	[ "$status" -eq 0 ]
	[ "$(json '.commands[] | select(.name == "log") | .usage')" = "log [--unit UNIT] [--turn N] [--for SIDE]
log show ID" ]
}

@test "an unknown option is a usage error that sends to the command's help, for every command parsing its declared options" {
	new_game
	for c in sheet log undo redo game batch report serve adjust; do
		umpire "$c" --no-such-option
		expect_error 64 "umpire: $c: unknown option '--no-such-option' (see 'umpire $c --help')" ||
		    { echo "$c"; return 1; }
		umpire "$c" --help
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "$(usage_lines "$c" | head -1)" ]
	done
	# report and batch as the others: a value missing, an option twice
	umpire report --html
	expect_error 64 "umpire: report: option '--html' needs a value: --html FILE"
	umpire batch --each --each
	expect_error 64 "umpire: batch: option '--each' is given twice"
}

# help_options CMD: the options CMD --help lists, one a line ("  --NAME ...",
# or a rule set's own "  RULES: --NAME ...").
help_options() {
	umpire "$1" --help
	[ "$status" -eq 0 ] || { echo "$1 --help: status $status"; return 1; }
	sed -n 's/^  \([a-z0-9]*: \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' <<<"$output"
}

@test "every game-keeping command's help lists each option it takes, from the declaration its parser and completion read" {
	local commands
	commands=$("$UMPIRE_BIN" --json help |
	    jq -r '.commands[] | select(.usage | startswith("--rules") | not) | .name')
	[ "$(wc -w <<<"$commands")" -ge 18 ]
	for c in $commands; do
		case $c in help | version) continue ;; esac
		umpire complete "umpire $c --"
		[ "$status" -eq 0 ] || { echo "complete $c: status $status"; return 1; }
		# (the global options are the overview's)
		local takes listed
		takes=$(sed 1d <<<"$output" | grep -vxE -- '--(db|rules|json|for|help)' || true)
		listed=$(help_options "$c") || return 1
		for o in $takes; do
			grep -qxF -- "$o" <<<"$listed" || { echo "$c --help does not list $o"; return 1; }
		done
	done
}

@test "serve's help lists the options serve parses, in the words of their declaration" {
	umpire serve --help
	[ "$status" -eq 0 ]
	has_line "  --listen ADDR:PORT     where to listen (default 127.0.0.1:8080; port 0: a free one)" "$output"
	has_line "  --new-tokens           new secret URLs; the old ones stop working" "$output"
	[ "$(help_options serve)" = "--listen
--new-tokens" ]
}
