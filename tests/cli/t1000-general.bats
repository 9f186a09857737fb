#!/usr/bin/env bats
# The command-line skeleton: global options, help, version, dispatch, exit codes.
load helper

@test "--version prints the version and exits 0, as the version command does" {
	umpire --version
	[ "$status" -eq 0 ]
	[[ "$output" == "umpire 0.1.0 (SQLite 3."* ]]
	umpire --json --version
	[ "$status" -eq 0 ]
	[ "$(jsonc 'keys')" = '["sqlite","version"]' ]
	version_object=$output
	umpire --json version
	[ "$status" -eq 0 ]
	[ "$output" = "$version_object" ]
}

@test "--help lists the commands and exits 0" {
	umpire --help
	[ "$status" -eq 0 ]
	for c in fire melee morale rally fatigue move new unit sheet log undo redo adjust turn tables check; do
		[[ "$output" =~ (^|$'\n')"  $c "" "*[a-z] ]] || { echo "missing $c"; return 1; }
	done
}

@test "-h is --help" {
	umpire -h
	[ "$status" -eq 0 ]
	has_line "usage: umpire [--db PATH] [--rules NAME] [--json] COMMAND [OPTIONS]"
}

@test "no command is a usage error" {
	umpire
	[ "$status" -eq 64 ]
	has_line "usage: umpire [--db PATH] [--rules NAME] [--json] COMMAND [OPTIONS]" "$stderr"
}

@test "an unknown command exits 64" {
	umpire --rules brigade frobnicate
	expect_error 64 "umpire: unknown command 'frobnicate' (see 'umpire --help')"
}

@test "an ambiguous prefix lists the candidates" {
	umpire --rules brigade m
	expect_error 64 "'m' is ambiguous: melee morale move"
}

@test "an unambiguous prefix runs the command" {
	umpire --rules brigade fir --firers 16 --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "2 casualties" ]
}

@test "undo, redo and new do not match by prefix" {
	umpire und
	expect_error 64 "unknown command 'und' (see 'umpire --help'); did you mean 'undo'?"
}

@test "an unknown rule set exits 65" {
	umpire --rules chess fire --firers 16 --distance 2 --dice 4
	expect_error 65 "umpire: fire: unknown rule set 'chess' ($(rulesets_listed))"
}

@test "no rule set and no game exits 64 saying to name one" {
	umpire fire --firers 16 --distance 2 --dice 4
	expect_error 64 "no rule set: there is no game at 'umpire.db' to take it from; give --rules NAME ($(rulesets_listed)), or start a game with 'umpire new --rules NAME'"
}

@test "global options may stand after the command" {
	umpire fire --firers 16 --distance 2 --dice 4 --rules brigade --json
	[ "$status" -eq 0 ]
	[ "$(json .result.casualties)" = 2 ]
}

@test "--rules=NAME and --db=PATH spellings are accepted" {
	umpire --rules=brigade --db=nowhere.db fire --firers 16 --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ ! -e nowhere.db ]
}

@test "a stateless ruling opens no database" {
	umpire --rules brigade fire --firers 16 --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ ! -e umpire.db ]
}

@test "--rules without a value is a usage error" {
	umpire fire --rules
	expect_error 64 "option '--rules' needs a value: --rules NAME ($(rulesets_listed))"
}

@test "an abbreviated option is unknown (no abbreviations)" {
	umpire --rules brigade fire --fire 16 --distance 2 --dice 4
	expect_error 64 "unknown option '--fire' for brigade fire (did you mean '--firers'? see 'umpire fire --rules brigade --help')"
}

@test "a command the rule set does not define exits 64 with its sentence" {
	umpire --rules brigade fatigue
	[ "$status" -eq 64 ]
	[ "$stderr" = "umpire: fatigue: the brigade rules have no fatigue" ]
}

@test "ohw rally points to save-yourselves" {
	umpire --rules ohw rally
	[ "$status" -eq 64 ]
	has_line "umpire: rally: the ohw rules have no rally roll; see 'umpire fatigue --unit NAME --mod save-yourselves' in a game, or 'umpire fatigue --rules ohw --fp N --mod save-yourselves' without one (+2 FP and a double move), and the reorganising turn on the sheet" "$stderr"
}

@test "per-command help lists options, modifiers with values and dice" {
	umpire fire --rules brigade --help
	[ "$status" -eq 0 ]
	has_line "  --firers N             infantry: figures in the front two ranks firing"
	has_line "  --weapon musket|rifle  infantry weapon (default musket)"
	has_line "  hard-cover                     -2  infantry: target in hard cover (buildings, walls, large rocks, trenches, defence works): -2 figures"
	has_line "Dice, in this order: infantry: the average die (--moving: a d6 first); artillery: one misfire d6 per gun, then the average die; rocket: a launch d6, one d6 per 6\" section, then the average die where it lands"
}

@test "melee help lists the melee modifiers once for both sides" {
	umpire melee --rules brigade --help
	[ "$status" -eq 0 ]
	has_line "Modifiers for --attacker-mod, --defender-mod NAME (the melee-modifiers table, text):"
	has_line "  column-charge                  20  infantry column charge impact, per brigade (none against buildings, courtyards or defence works)"
	[ "$(grep -c 'Modifiers for' <<<"$output")" -eq 1 ]
}

@test "command help without a rule set lists the rule sets" {
	umpire fire --help
	[ "$status" -eq 0 ]
	has_line "  brigade  infantry, artillery, rocket and counter-battery fire"
	has_line "  squares  bombardment: one die per base per action point"
	has_line "  fury     fire points on the fire table"
	has_line "  2x2      shooting: 1d6 + modifiers on the result ladder"
	has_line "  ohw      fatigue points from fire: 1d6 + modifiers"
}

@test "a positional argument to an adjudication is a usage error" {
	umpire --rules brigade fire 16
	expect_error 64 "unexpected argument '16' (see 'umpire fire --help')"
}

@test "an option given twice is a usage error" {
	umpire --rules brigade fire --firers 16 --firers 12 --distance 2 --dice 4
	expect_error 64 "option '--firers' is given twice"
}

@test "an option without its value is a usage error" {
	umpire --rules brigade fire --distance 2 --dice 4 --firers
	expect_error 64 "option '--firers' needs a value: --firers N"
}

@test "a flag given a value is a usage error" {
	umpire --rules brigade fire --firers 16 --distance 2 --moving=yes --dice 3,4
	expect_error 64 "option '--moving' takes no value"
}

@test "usage errors win over bad data (64 before 65)" {
	umpire --rules brigade fire --firers -3 --bogus --dice 4
	[ "$status" -eq 64 ]
}

@test "--json with an error leaves stdout empty" {
	umpire --json --rules brigade fire --firers 16 --distance 2 --dice 9
	expect_error 65 "die 1 is the firers' average die: 9 is not a face of the average die (2-5)"
}

@test "umpire help [COMMAND] and umpire version" {
	umpire help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: umpire "* ]]
	umpire help fire
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: umpire --rules NAME fire "* ]]
	umpire version
	[ "$status" -eq 0 ]
	[[ "$output" == "umpire 0.1.0 (SQLite 3."* ]]
	umpire help nosuch
	expect_error 64 "unknown command 'nosuch' (see 'umpire --help')"
}

@test "rule set names in any case; dice lists with spaces" {
	umpire --json --rules Brigade fire --firers 16 --distance 2 --dice ' 4 '
	[ "$status" -eq 0 ]
	[ "$(json .rules)" = brigade ]
	[ "$(json .result.casualties)" = 2 ]
	umpire --json --rules BRIGADE fire --guns 2 --distance 6 --dice '4, 3, 5'
	[ "$status" -eq 0 ]
	[ "$(json '.dice|join(",")')" = "4,3,5" ]
}

@test "an order of battle from a spreadsheet (UTF-8 BOM) or standard input" {
	new_game
	printf '\357\273\277name,side,type,class,units\nKempt,British,infantry,british,4\n' >oob.csv
	umpire unit import oob.csv
	[ "$status" -eq 0 ]
	[ "$output" = "imported 1 unit from oob.csv" ]
	printf 'name,side,type,class,units\nPack,British,infantry,british,4\n' | "$U" unit import - >out.txt
	[ "$(cat out.txt)" = "imported 1 unit from standard input" ]
	umpire --json unit show Pack
	[ "$status" -eq 0 ]
	[ "$(json .name)" = Pack ]
}

@test "--json help describes the rule sets from their declarations" {
	umpire --json help
	[ "$status" -eq 0 ]
	[ "$(json '[.rulesets[].name]|join(" ")')" = "brigade squares fury 2x2 ohw" ]
	[ "$(jsonc '.rulesets[]|select(.name=="brigade")|.flags')" = '["disordered","rallying","half-speed","broken","pushed-back","following-up","charging"]' ]
	[ "$(jsonc '.rulesets[]|select(.name=="fury")|[.adjudications[]|select(.defined)|.name]')" = '["fire","melee","morale","rally","fatigue","move"]' ]
	[ "$(jsonc '.rulesets[]|select(.name=="2x2")|[.measure_option,.good_state]')" = '[null,"ok"]' ]
	[ "$(jsonc '[.commands[].name]|index("undo")')" = 11 ]
	umpire --json help fire
	expect_error 64 "--json describes all of umpire: give 'umpire --json help' no command"
}
