#!/usr/bin/env bats
# The --json outputs against schema/json/: tests/run.sh keeps every --json
# output of these tests and checks each with tests/cli/validate-json.py.
# Here: the outputs no other test prints, and the check itself.
load helper

@test "the file commands' --json: unit import, export and rm, tables export and import, report --html" {
	small_oob
	umpire --json unit export oob.csv
	[ "$status" -eq 0 ]
	[ "$output" = '{"exported":"oob.csv"}' ]
	umpire --json unit rm Pack
	[ "$status" -eq 0 ]
	[ "$output" = '{"removed":"Pack"}' ]
	sed -n '1p;/^Pack,/p' oob.csv >pack.csv
	umpire --json unit import pack.csv
	[ "$status" -eq 0 ]
	[ "$output" = '{"imported":1}' ]
	umpire --json tables export bands bands.csv
	[ "$status" -eq 0 ]
	[ "$output" = '{"exported":"bands"}' ]
	umpire --json tables import bands bands.csv
	[ "$status" -eq 0 ]
	[ "$output" = '{"imported":"bands"}' ]
	umpire --json report --html report.html
	[ "$status" -eq 0 ]
	[ "$output" = '{"wrote":"report.html"}' ]
}

# capture ARGS OUTPUT: one kept run, as keep_json (helper.bash) keeps it.
capture() {
	mkdir -p kept
	KEPT=$((${KEPT:-0} + 1))
	printf '%s\n' $1 >"kept/run$KEPT"
	printf '%s\n' "$2" >"kept/run$KEPT.out"
}

@test "the check names an output that breaks its schema, a command without one and too few outputs" {
	capture "--json --rules brigade fire --firers 16 --distance 2 --dice 4" \
	    '{"rules":"brigade","command":"fire","dice":[4],"seed":null,"modifiers":[],"legal":true,"reason":null,"result":{"casualties":2,"range":"far","row":19,"carried_row":7,"guns_fired":null,"misfires":null},"effects":[],"summary":"2 casualties","standing":null,"working":[]}'
	capture "--json frobnicate" '{}'
	run python3 "$BATS_TEST_DIRNAME/validate-json.py" kept
	[ "$status" -eq 1 ]
	has_line "not ok 14 - json ruling: 1 of 1 outputs do not match"
	has_line "#   (top): 'event' is a required property; result/range: 'far' is not one of ['close', 'long', 'out', None]"
	has_line "not ok 5 - json frobnicate: 1 of 1 outputs do not match"
	has_line "#   no schema for this command's --json output"
	has_line "not ok 28 - json outputs checked: 2 (at least 1000), 0 failed runs with empty stdout"
}

# A ruling of RULES and COMMAND with an empty result, kept as run N.
capture_ruling() {
	capture "--json --rules $1 $2" \
	    "{\"rules\":\"$1\",\"command\":\"$2\",\"dice\":[],\"seed\":null,\"modifiers\":[],\"legal\":true,\"reason\":null,\"result\":{},\"effects\":[],\"summary\":\"x\",\"event\":null,\"standing\":null,\"working\":[]}"
}

@test "the schemas take the rule sets and their commands from the binary's description" {
	capture_ruling brigade fatigue
	capture_ruling toy fire
	run python3 "$BATS_TEST_DIRNAME/validate-json.py" kept
	[ "$status" -eq 1 ]
	has_line "not ok 13 - json ruling: 2 of 2 outputs do not match"
	[ "$(grep -c "('fatigue' is not one of \['fire', 'melee', 'morale', 'rally', 'move'\])$" <<<"$output")" -eq 1 ]
	[ "$(grep -c "rules: 'toy' is not one of \['brigade', 'squares', 'fury', '2x2', 'ohw'\]$" <<<"$output")" -eq 1 ]
	# a binary that describes a sixth rule set, toy, with fire: its
	# ruling is checked as the others are, no schema edited
	cat >toy-umpire <<-TOY
	#!/bin/sh
	"$U" --json help | jq '.rulesets += [{name: "toy", measure: "figures", adjudications: [{name: "fire", defined: true}]}]'
	TOY
	chmod +x toy-umpire
	UMPIRE_BIN=$PWD/toy-umpire run python3 "$BATS_TEST_DIRNAME/validate-json.py" kept
	[ "$status" -eq 1 ]
	has_line "not ok 13 - json ruling: 1 of 2 outputs do not match"
	[ "$(grep -c "rules: 'toy'" <<<"$output")" -eq 0 ]
}
