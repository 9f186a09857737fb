#!/usr/bin/env bats
# The bad-input catalogue: each rejected input gives one sentence on
# stderr, the CLI.md exit status and nothing on stdout.
load helper

fire() { umpire --json --rules brigade fire "$@"; }

@test "an average die of 6 or 1 is not a face" {
	fire --firers 16 --distance 2 --dice 6
	expect_error 65 "die 1 is the firers' average die: 6 is not a face of the average die (2-5)"
	fire --firers 16 --distance 2 --dice 1
	expect_error 65 "die 1 is the firers' average die: 1 is not a face of the average die (2-5)"
}

@test "a misfire d6 of 7 names the die and its position" {
	fire --guns 2 --distance 20 --dice 3,7,4
	expect_error 65 "die 2 is the misfire d6 for gun 2: 7 is not a face of a d6"
}

@test "a face that is not a number" {
	fire --firers 16 --distance 2 --dice four
	expect_error 65 "--dice: 'four' is not a die face: give the faces shown as whole numbers, comma-separated (e.g. --dice 4 or --dice 6,6)"
	fire --firers 16 --distance 2 --dice 4,
	expect_error 65 "--dice: '4,' is not a list of die faces (e.g. --dice 4 or --dice 6,6)"
}

@test "too few dice names the die expected" {
	fire --guns 2 --distance 20 --dice 3,4
	expect_error 65 "too few dice: die 3 should be the battery's average die (2-5)"
}

@test "too many dice" {
	fire --firers 16 --distance 2 --dice 4,4
	expect_error 65 "too many dice: 2 given, the ruling uses 1 (drop the ones after it)"
}

@test "no dice at all is a usage error naming the dice needed" {
	fire --guns 2 --distance 20
	expect_error 64 "needs dice: misfire d6 for gun 1, misfire d6 for gun 2, battery's average die; give the faces with --dice or let umpire roll with --roll"
}

@test "--dice with --roll is a usage error" {
	fire --firers 16 --distance 2 --dice 4 --roll
	expect_error 64 "give --dice (the faces shown) or --roll, not both"
}

@test "a bad seed is bad data" {
	fire --firers 16 --distance 2 --roll --seed -1
	expect_error 65 "--seed: '-1' is not a whole number from 0 to 9007199254740991"
}

@test "a negative distance" {
	fire --firers 16 --distance -2 --dice 4
	expect_error 65 "--distance: -2 is negative; a distance is 0 to 1000 inches"
}

@test "NaN and infinite distances" {
	for d in nan NaN inf -inf infinity; do
		fire --firers 16 --distance "$d" --dice 4
		[ "$status" -eq 65 ] || { echo "$d: $status"; return 1; }
		[ -z "$output" ] || { echo "$d: stdout $output"; return 1; }
	done
}

@test "a distance past 1000 inches" {
	fire --firers 16 --distance 1000.5 --dice 4
	expect_error 65 "--distance: 1000.5 is too far; a distance is 0 to 1000 inches"
	fire --firers 16 --distance 1e9 --dice 4
	expect_error 65 "--distance: '1e9' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
}

@test "a distance with a unit umpire does not know" {
	fire --firers 16 --distance 5x --dice 4
	expect_error 65 "--distance: '5x' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
	fire --firers 16 --distance 5ft --dice 4
	expect_error 65 "--distance: '5ft' is not a distance; expected inches such as 4.5, 4in or 11.5cm"
}

@test "a huge figure count" {
	fire --firers 100001 --distance 2 --dice 4
	expect_error 65 "--firers: 100001 is out of range; expected a whole number from 0 to 100000"
	fire --firers 99999999999999999999 --distance 2 --dice 4
	expect_error 65 "--firers: 99999999999999999999 is out of range; expected a whole number from 0 to 100000"
}

@test "a negative or fractional figure count" {
	fire --firers -16 --distance 2 --dice 4
	expect_error 65 "--firers: -16 is negative; expected a whole number from 0 to 100000"
	fire --firers 16.5 --distance 2 --dice 4
	expect_error 65 "--firers: '16.5' is not a whole number; expected 0 to 100000"
}

@test "zero guns makes no sense" {
	fire --guns 0 --distance 2 --dice 4
	expect_error 65 "--guns: 0 is out of range; expected a whole number from 1 to 100000"
}

@test "an unknown modifier" {
	fire --firers 16 --distance 2 --mod flanking --dice 4
	expect_error 65 "--mod: 'flanking' is not a brigade fire modifier (see 'umpire fire --rules brigade --help')"
}

@test "a misspelt modifier is told the ones near it" {
	umpire --rules fury fire --fire-points 3 --mod enfilad --dice 3,3
	expect_error 65 "umpire: fire: --mod: 'enfilad' is not a fury fire modifier (did you mean 'enfilade'? see 'umpire fire --rules fury --help')"
}

@test "an automatic modifier cannot be named" {
	fire --firers 16 --distance 2 --mod close --dice 4
	expect_error 65 "--mod: 'close' is not a brigade fire modifier (see 'umpire fire --rules brigade --help')"
}

@test "a modifier named twice" {
	fire --firers 16 --distance 2 --mod hard-cover,hard-cover --dice 4
	expect_error 65 "--mod: modifier 'hard-cover' is named twice"
}

@test "an unknown choice" {
	fire --firers 16 --weapon bow --distance 2 --dice 4
	expect_error 65 "--weapon: 'bow' is not one of musket, rifle"
}

@test "an unknown option" {
	fire --firers 16 --distance 2 --frobnicate --dice 4
	expect_error 64 "unknown option '--frobnicate' for brigade fire (see 'umpire fire --rules brigade --help')"
}

@test "fire needs a distance" {
	fire --firers 16 --dice 4
	expect_error 64 "give --distance D (inches)"
}

@test "fire needs firers, guns or a rocket" {
	fire --distance 2 --dice 4
	expect_error 64 "give --firers N (infantry), --guns N (artillery) or --rocket; in a game, --unit NAME reads them"
	fire --firers 16 --guns 2 --distance 2 --dice 4
	expect_error 64 "give only one of --firers (infantry), --guns (artillery) and --rocket"
}

# ---- every sentence says what to do next ---------------------------------
# Each line: the exit status, the whole line on stderr, nothing on stdout,
# and the game as it was (a stateless ruling is run beside a game too).

game_sum() {
	if [ -e umpire.db ]; then sqlite3 umpire.db .dump | md5sum; else echo none; fi
}

# refused CODE LINE ARGS...: umpire ARGS exits CODE printing LINE whole,
# and umpire.db (or its absence) is untouched.
refused() {
	local code=$1 line=$2 before
	shift 2
	before=$(game_sum)
	umpire "$@"
	expect_error "$code" "$line" || { echo "umpire $*"; return 1; }
	[ "$(game_sum)" = "$before" ] || { echo "the game changed: umpire $*"; return 1; }
}

@test "a missing option of a ruling is told as the option to give, in every rule set" {
	new_game --example
	refused 64 "umpire: morale: give --class CLASS and --figures N" --rules brigade morale --dice 4
	refused 64 "umpire: rally: give --after follow-up|push-back|pursuit|continuous-pushbacks" --rules brigade rally --dice 4
	refused 64 "umpire: fire: give --distance D (inches)" --rules brigade fire --firers 16 --dice 4
	refused 64 "umpire: fire: give --firers N (infantry), --guns N (artillery) or --rocket; in a game, --unit NAME reads them" --rules brigade fire --distance 2 --dice 4
	refused 64 "umpire: fire: give only one of --firers (infantry), --guns (artillery) and --rocket" --rules brigade fire --firers 16 --guns 2 --distance 2 --dice 4
	refused 64 "umpire: move: give only one of --charge, --fleeing, --pursuit, --pushback, --follow-up, --manhandle, --retire and --order-change" --rules brigade move --charge --fleeing
	refused 64 "umpire: move: give --type infantry|cavalry|foot-artillery|horse-artillery|skirmishers" --rules brigade move --dice 3
	refused 64 "umpire: melee: give --attacker-figures N and --defender-figures N" --rules brigade melee --dice 4,4
	refused 64 "umpire: melee: give --attacker-spec SPEC and --defender-spec SPEC (e.g. inf:d8/d8,heavy-cav:d10)" --rules squares melee
	refused 64 "umpire: morale: give --morale dN and --hits N" --rules squares morale
	refused 64 "umpire: fire: give --artillery foot|horse and --range close|long" --rules squares fire
	refused 64 "umpire: rally: give --hits N" --rules squares rally
	refused 64 "umpire: move: give --path DIRS (or --assault)" --rules squares move
	refused 64 "umpire: fire: give --firer TYPE and --distance D (inches)" --rules ohw fire
	refused 64 "umpire: melee: give --attacker-type TYPE and --defender-type TYPE" --rules ohw melee
	refused 64 "umpire: move: give --type TYPE" --rules ohw move
	refused 64 "umpire: fire: give --fire-points P, or --firer-type T --stands N --distance D (inches)" --rules fury fire
	refused 64 "umpire: move: give --quality excellent|good|average|poor (the corps commander's rating), or --disordered" --rules fury move
	refused 64 "umpire: morale: give --stands-start N --stands N and --bel B (or --battalions LIST)" --rules fury morale
	refused 64 "umpire: fire: give --firer TYPE and --distance D (inches)" --rules 2x2 fire
	refused 64 "umpire: melee: give --attacker-type TYPE and --defender-type TYPE" --rules 2x2 melee
	refused 64 "umpire: morale: give --rout (the rout roll), --victory fast|decisive with --destroyed N, or --unit UNIT" --rules 2x2 morale
	refused 64 "umpire: move: give --type TYPE" --rules 2x2 move
}

@test "the rule sets' commands outside a game say what to give" {
	refused 64 "umpire: turn: give --action-dice --commands N, or --dice-off dA,dB" --rules squares turn --dice 3
	refused 64 "umpire: fatigue: give --fp N (and --break-point B), or, in a game, --unit NAME" --rules ohw fatigue
	refused 64 "umpire: fatigue: give --stands N and --quality good|average|poor (or, in a game, --unit FORMATION)" --rules fury fatigue
}

@test "dice: a die named once, the faces asked for in words" {
	new_game --example
	refused 64 "umpire: fire: needs dice: firers' average die; give the faces with --dice or let umpire roll with --roll" --rules brigade fire --firers 16 --distance 2
	refused 64 "umpire: fire: needs dice: misfire d6 for gun 1, misfire d6 for gun 2, battery's average die; give the faces with --dice or let umpire roll with --roll" --rules brigade fire --guns 2 --distance 20
	refused 64 "umpire: turn: needs dice: action d3 1, action d3 2, action d3 3; give the faces with --dice or let umpire roll with --roll" --rules squares turn --action-dice --commands 3
	refused 65 "umpire: fire: too few dice: die 3 should be the battery's average die (2-5)" --rules brigade fire --guns 2 --distance 20 --dice 3,4
	refused 65 "umpire: fire: --dice: 'four' is not a die face: give the faces shown as whole numbers, comma-separated (e.g. --dice 4 or --dice 6,6)" --rules brigade fire --firers 16 --distance 2 --dice four
	refused 64 "umpire: odds: drop --dice, --roll and --seed: the odds weigh every face the dice can show" --rules brigade odds fire --firers 16 --distance 2 --dice 4
}

@test "options: a missing value and a misspelt name are told the option to give" {
	new_game --example
	refused 64 "umpire: fire: option '--firers' needs a value: --firers N" --rules brigade fire --distance 2 --dice 4 --firers
	refused 64 "umpire: fire: option '--firers' needs a value: --firers N" --rules brigade fire --firers --distance 2 --dice 4
	refused 64 "umpire: option '--rules' needs a value: --rules NAME ($(rulesets_listed))" fire --rules
	refused 64 "umpire: option '--db' needs a value: --db PATH" --db
	refused 64 "umpire: option '--for' needs a value: --for SIDE" sheet --for
	refused 64 "umpire: fire: unknown option '--firer' for brigade fire (did you mean '--firers'? see 'umpire fire --rules brigade --help')" --rules brigade fire --firer 16 --distance 2 --dice 4
	refused 64 "umpire: adjust: unknown option '--reson' (did you mean '--reason'? see 'umpire adjust --help')" adjust Kempt --figures -1 --reson tired
	refused 64 "umpire: fire: this command shows no side's view: drop --for" fire --for French --unit Kempt
	refused 64 "umpire: unit: 'unit add' shows no side's view: drop --for" unit add X --side French --type infantry --for French
	refused 64 "umpire: turn: 'turn next' shows no side's view: drop --for" turn next --for French
}

@test "no game, another game's rules: where the game was looked for and what to do" {
	refused 64 "umpire: fire: no rule set: there is no game at 'umpire.db' to take it from; give --rules NAME ($(rulesets_listed)), or start a game with 'umpire new --rules NAME'" fire --firers 16 --distance 2 --dice 4
	refused 64 "umpire: tables: no rule set: there is no game at 'umpire.db' to take it from; give --rules NAME ($(rulesets_listed))" tables list
	refused 66 "umpire: sheet: there is no game at 'umpire.db': start one with 'umpire new --rules NAME', or give the game's path with --db PATH" sheet
	UMPIRE_DB=$PWD/elsewhere.db refused 66 "umpire: sheet: there is no game at '$PWD/elsewhere.db', the path \$UMPIRE_DB names: start one with 'umpire new --rules NAME', or give the game's path with --db PATH" sheet
	refused 64 "umpire: new: give --rules NAME ($(rulesets_listed))" new
	refused 64 "umpire: unit: give the new unit's NAME: unit add NAME --side SIDE --type TYPE" unit add
	new_game --example
	refused 64 "umpire: fire: the game 'umpire.db' is played under the brigade rules, not squares: drop --rules squares (or give --db GAME, a game under the squares rules)" --rules squares fire --unit Kempt
	refused 65 "umpire: log: there is no event 99 in the journal ('umpire log' lists them)" log show 99
	refused 65 "umpire: undo: there is no event 99 in the journal ('umpire log' lists them)" undo --to 99
}

@test "game keeping: a missing or stray argument is told as what to give" {
	new_game --example
	refused 64 "umpire: adjust: give the brigade rules' measure, --figures ±N, or --state STATE" adjust Kempt --reason tired
	refused 64 "umpire: adjust: give --reason TEXT: why the correction is made (the journal keeps it)" adjust Kempt --figures -1
	refused 64 "umpire: adjust: give a unit NAME, the rule set's measure (--figures, --hits...) ±N or --state STATE, and --reason TEXT" adjust
	refused 64 "umpire: batch: give one FILE, or - for standard input" batch a b
	refused 64 "umpire: check: unexpected argument 'x' (see 'umpire check --help')" check x
	refused 64 "umpire: log: give the event's number: log show ID ('umpire log' lists them)" log show
	refused 64 "umpire: log: give --unit NAME, --turn N, or 'show ID'" log sho 1
	refused 64 "umpire: version: unexpected argument 'x' (see 'umpire --help')" version x
	refused 64 "umpire: odds: name the ruling to weigh: umpire odds fire|melee|morale|rally|fatigue|move [its options, no --dice]" odds
	refused 64 "umpire: report: unexpected argument 'x' (see 'umpire report --help')" report x
	refused 64 "umpire: tables: unexpected argument 'x' (see 'umpire tables --help')" tables list x
	refused 64 "umpire: tables: unexpected argument 'x' (see 'umpire tables --help')" tables diff x
	refused 64 "umpire: tables: give one table's NAME: tables show NAME ('umpire tables list' lists them)" tables show
	refused 64 "umpire: tables: give one table's NAME, and a FILE.csv if not to standard output: tables export NAME [FILE.csv]" tables export
	refused 64 "umpire: tables: give the table's NAME and the FILE.csv to load: tables import NAME FILE.csv" tables import x
	refused 64 "umpire: turn: give nothing, or 'next' to end the turn" turn x
	refused 64 "umpire: undo: a bare number is not taken: give --to ID to take back event ID and every entry after it (see 'umpire log')" undo 3
	refused 64 "umpire: redo: a bare number is not taken: give --to ID to bring back event ID and every entry undone before it (see 'umpire log')" redo 3
	refused 64 "umpire: unit: give the new unit's NAME: unit add NAME --side SIDE --type TYPE" unit add
	refused 64 "umpire: unit: give one NAME (quote a name with spaces)" unit add A B --side French --type infantry
	refused 64 "umpire: unit: give --side SIDE and --type TYPE" unit add X --class british
	refused 64 "umpire: unit: give the unit's NAME first, then the options to change" unit set --side French
	refused 64 "umpire: unit: give the NAME of one unit to remove (quote a name with spaces)" unit rm
	refused 64 "umpire: unit: give one FILE.csv to load" unit import
	refused 64 "umpire: unit: give at most one FILE.csv to write (none: standard output)" unit export a b
	refused 64 "umpire: unit: unexpected argument 'x' (see 'umpire unit --help')" unit list x
	refused 64 "umpire: unit: give the NAME of one unit to show (quote a name with spaces)" unit show
	refused 64 "umpire: complete: give the command line up to the cursor" complete
}

@test "a correction of a measure the rules do not count names the one they do" {
	"$U" new --rules 2x2 --example >/dev/null
	refused 64 "umpire: adjust: the 2x2 rules count states, not figures: give --state STATE (as the sheet says it)" adjust Stuart --figures -1 --reason tired
	refused 64 "umpire: adjust: the 2x2 rules count states: give --state STATE" adjust Stuart --reason tired
}

@test "a side or a unit not in the game: the names to give instead" {
	new_game --example
	refused 65 "umpire: sheet: --side: no unit fights for side 'Frnch' (give Allied or French)" sheet --side Frnch
	refused 65 "umpire: sheet: --for: no unit fights for side 'Frnch' (give Allied, French or umpire)" sheet --for Frnch
	refused 65 "umpire: unit: no unit is named 'Zzz' ('umpire unit list' lists them)" unit show Zzz
	refused 65 "umpire: unit: no unit is named 'kemp': did you mean 'Kempt'?" unit rm kemp
	refused 65 "umpire: fire: 'Kempt' is named twice in one ruling: a unit takes one part in it" fire --unit Kempt --target Kempt --distance 2 --dice 4
	refused 64 "umpire: melee: give both --attacker NAME and --defender NAME: a melee in the game names both sides" melee --attacker Kempt --dice 4,4
	refused 65 "umpire: log: 'x' is not an event number: give a whole number, as 'umpire log' lists them" log show x
	printf 'name,side,colour\nX,French,red\n' >c.csv
	refused 65 "umpire: unit: c.csv: line 1: 'colour' is not a unit option of the brigade rules ('umpire unit export' shows the columns)" unit import c.csv
}

@test "two ways to say one thing: which one to drop" {
	new_game --example
	refused 64 "umpire: fire: give --dice (the faces shown) or --roll, not both" --rules brigade fire --firers 16 --distance 2 --dice 4 --roll
	refused 65 "umpire: fire: too many dice: 2 given, the ruling uses 1 (drop the ones after it)" --rules brigade fire --firers 16 --distance 2 --dice 4,4
	refused 64 "umpire: adjust: give the measure ±N or --state, not both: a correction is of one" adjust Kempt --figures -1 --state disordered --reason tired
	refused 64 "umpire: complete: this command has no JSON output: drop --json" --json complete "umpire "
	refused 64 "umpire: sheet: give only one of --json, --csv and --html" sheet --json --csv
}

@test "a rule's further option is named with what it counts" {
	refused 64 "umpire: rally: --after follow-up needs --attempt 1|2|3 (which attempt this is)" --rules brigade rally --after follow-up
	refused 64 "umpire: rally: --after push-back needs --pushbacks 1|2 (how many times it was pushed back)" --rules brigade rally --after push-back
	refused 64 "umpire: rally: --after pursuit needs --moves 1|2|3 (the moves it has pursued so far)" --rules brigade rally --after pursuit --dice 3
	refused 64 "umpire: fire: --rocket needs --distance D (inches)" --rules brigade fire --rocket --dice 3
	refused 64 "umpire: move: --radius needs --distance D (inches)" --rules ohw move --radius corps
}

@test "a state or formation not kept: the words listed as they are typed, and each is taken" {
	new_game --example
	refused 65 "umpire: adjust: the brigade rules keep no state 'wobbly': give good-order, destroyed, disordered, rallying, half-speed, broken, pushed-back, following-up or charging" adjust Kempt --state wobbly --reason tired
	refused 65 "umpire: adjust: the brigade rules know no formation 'blob': give line, march-column, attack-column, square, limbered or unlimbered" adjust Kempt --formation blob --reason tired
	umpire adjust Kempt --state half-speed --reason listed
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Kempt: half speed (listed)" ]
	umpire adjust Kempt --formation march-column --reason listed
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Kempt: in march column (listed)" ]
}
