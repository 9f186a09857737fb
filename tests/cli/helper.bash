# Shared set-up of the command-line tests: each test runs in a fresh
# temporary directory, with no game unless it makes one.

bats_require_minimum_version 1.5.0

# Programs a test runs often are bash's own where the system has them
# (bash-builtins: make deps installs it): a program started costs some ten
# milliseconds here, a builtin nothing.
builtin_mktemp=
for b in mkdir rm mktemp sleep; do
	if [ -f "/usr/lib/bash/$b" ] && enable -f "/usr/lib/bash/$b" "$b" 2>/dev/null; then
		[ "$b" != mktemp ] || builtin_mktemp=1
	fi
done

# untraced FUNCTION ARGS...: runs one of the helpers below without bats'
# trace.  Bats runs a function of its own before each command of a test
# (its DEBUG trap, so that a failure names its line): 0.1 ms a command
# here, more than the helpers' own work.  A failure inside FUNCTION is
# named by the test's line that called it.
untraced() {
	trap - DEBUG
	"$@"
	local rc=$?
	trap 'bats_debug_trap "$BASH_SOURCE"' DEBUG
	return "$rc"
}

# use_binary: the binary under test as $U.
use_binary() {
	U=${UMPIRE_BIN:?set UMPIRE_BIN to the binary under test}
}

# keep_json OUTPUT ARGS...: when UMPIRE_JSON_CAPTURE names a directory and
# ARGS hold --json, OUTPUT (that run's standard output) is kept there for
# tests/cli/validate-json.py: N (ARGS, one a line) and N.out.
keep_json() {
	[ -n "${UMPIRE_JSON_CAPTURE:-}" ] || return 0
	local out=$1 a base
	shift
	for a; do
		[ "$a" = --json ] || continue
		base=$UMPIRE_JSON_CAPTURE/${BATS_TEST_FILENAME##*/}.${BATS_TEST_NUMBER:-0}.$BASHPID.$SRANDOM
		printf '%s\n' "$@" >"$base"
		if [ -n "$out" ]; then printf '%s\n' "$out"; fi >"$base.out"
		return 0
	done
}

# uj ARGS...: the binary run as it is (its output where the caller sends
# it, its status returned), its --json output kept as keep_json says.
uj() {
	untraced uj_untraced "$@"
}
uj_untraced() {
	if [ -z "${UMPIRE_JSON_CAPTURE:-}" ]; then
		"$U" "$@"
		return
	fi
	local out rc
	out=$("$U" "$@") && rc=0 || rc=$?
	keep_json "$out" "$@"
	[ -z "$out" ] || printf '%s\n' "$out"
	return "$rc"
}

setup() {
	use_binary
	if [ -n "$builtin_mktemp" ]; then
		mktemp -d -v TEST_DIR "${TMPDIR:-/tmp}/umpire-test.XXXXXX" >/dev/null || return 1
	else
		TEST_DIR=$(mktemp -d) || return 1
	fi
	cd "$TEST_DIR" || return 1
	unset UMPIRE_DB
}

teardown() {
	# a lock holder a failed test left waiting is let go
	if [ -n "${HOLDER:-}" ]; then
		timeout 2 sh -c 'echo >"$1"' sh "$TEST_DIR/release.fifo" 2>/dev/null
		wait "$HOLDER" 2>/dev/null
	fi
	cd / && rm -rf "$TEST_DIR"
}

# umpire ARGS...: runs the binary with stdout and stderr apart, as bats'
# `run --separate-stderr` does: $status, $output and $lines (its lines
# not empty), $stderr; at under half the cost of run, which makes a
# temporary file and more subshells each time (the tests call it some
# 1,200 times, loops aside).
umpire() {
	untraced umpire_untraced "$@"
}
umpire_untraced() {
	local flags=$-
	set +eET
	output=$(exec "$U" "$@" 2>"$BATS_TEST_TMPDIR/.stderr") && status=0 || status=$?
	keep_json "$output" "$@"
	read -d '' -r stderr <"$BATS_TEST_TMPDIR/.stderr"
	# split on newlines, empty lines dropped, no pattern expanded (a read
	# loop reads a pipe a byte a call: a large output took seconds)
	local IFS=$'\n'
	set -f
	# shellcheck disable=SC2206
	lines=($output)
	[[ $flags == *f* ]] || set +f
	set "-$flags"
}

# json FILTER: evaluates a jq filter on the last command's stdout.
json() {
	jq -r "$1" <<<"$output"
}

# jsonc FILTER: the filter's value, on the last command's stdout, as
# compact JSON.
jsonc() {
	jq -c "$1" <<<"$output"
}

# The rule sets' names as the binary declares them (umpire --json help),
# a word each, or joined by ", " as messages list them.
rulesets() {
	"$UMPIRE_BIN" --json help | jq -r '.rulesets[].name'
}
rulesets_listed() {
	"$UMPIRE_BIN" --json help | jq -r '[.rulesets[].name] | join(", ")'
}

# shared_game BUILD, in setup_file: plays BUILD (a function of the file)
# once, in a directory of its own, for all the file's tests; each test
# that reads only where the game ended starts from a copy of what it left
# (the game and the files beside it) with from_shared_game.
shared_game() {
	use_binary
	mkdir "$BATS_FILE_TMPDIR/shared"
	cd "$BATS_FILE_TMPDIR/shared"
	"$1"
	cd /
}
from_shared_game() {
	cp -a "$BATS_FILE_TMPDIR/shared/." .
}

# rounds SHORT LONG: how many rounds a race or a long run takes: SHORT in
# make check, LONG in make stress (UMPIRE_STRESS=1).
rounds() {
	if [ -n "${UMPIRE_STRESS:-}" ]; then
		echo "$2"
	else
		echo "$1"
	fi
}

# expect_error CODE MESSAGE: the last command failed with CODE and printed
# one line on stderr, MESSAGE whole ("umpire: COMMAND: MESSAGE", or the
# whole line), and nothing on stdout.
expect_error() {
	untraced expect_error_untraced "$@"
}
expect_error_untraced() {
	[ "$status" -eq "$1" ] || { echo "status $status, expected $1; stderr: $stderr"; return 1; }
	local message=${stderr#umpire: }
	message=${message#*: }
	if [ -n "${UMPIRE_LEARN:-}" ] && [[ "$stderr" == *"$2"* ]] &&
	    [ "$stderr" != "$2" ] && [ "$message" != "$2" ] && [ "${stderr#umpire: }" != "$2" ]; then
		printf '%s\t%s\t%s\n' "${BATS_TEST_FILENAME##*/}" "$2" "$stderr" >>"$UMPIRE_LEARN"
	fi
	[ "$stderr" = "$2" ] || [ "$message" = "$2" ] || [ "${stderr#umpire: }" = "$2" ] ||
	    { echo "stderr: $stderr"; echo "expected: $2"; return 1; }
	[ -z "$output" ] || { echo "stdout not empty: $output"; return 1; }
	[[ "$stderr" != *$'\n'* ]] || { echo "stderr has more than one line: $stderr"; return 1; }
}

# new_game [ARGS...]: a fresh brigade game in the test directory.
new_game() {
	"$U" new --rules brigade "$@" >/dev/null
}

# as_nobody CMD...: runs a command as an unprivileged user (root ignores
# file modes, so read-only tests must drop privileges).
# The binary is copied beside the test: the checkout may sit where nobody
# cannot reach it (under /root).
as_nobody() {
	chmod 755 "$TEST_DIR"
	if [ ! -x "$TEST_DIR/.umpire" ]; then
		cp "$UMPIRE_BIN" "$TEST_DIR/.umpire"
		chmod 755 "$TEST_DIR/.umpire"
	fi
	local args=()
	for a in "$@"; do
		[ "$a" = "$U" ] && a="$TEST_DIR/.umpire"
		args+=("$a")
	done
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups "${args[@]}"
}

# small_oob: two brigades a side.
small_oob() {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" unit add Pack --side British --type infantry --class british --units 4 --elite >/dev/null
	"$U" unit add Bachelu --side French --type infantry --class french --units 4 --formation attack-column >/dev/null
	"$U" unit add Piré --side French --type cavalry --cavalry light --lancers >/dev/null
}

# golden NAME FILE: FILE must equal tests/cli/golden/NAME.  `make golden`
# (UMPIRE_GOLDEN=1) writes FILE there instead: review the diff, and keep a
# test of the same output's totals worked by hand beside every golden.
golden() {
	if [ -n "${UMPIRE_GOLDEN:-}" ]; then
		cp "$2" "$BATS_TEST_DIRNAME/golden/$1"
		return 0
	fi
	diff -u "$BATS_TEST_DIRNAME/golden/$1" "$2"
}

# wait_for CMD...: polls until CMD succeeds (10 s at most).  A hand-over
# waits on a state the other process makes, never on a guess at its speed.
wait_for() {
	local i=0
	until "$@"; do
		i=$((i + 1))
		[ "$i" -lt 1000 ] || { echo "timed out waiting for: $*"; return 1; }
		sleep 0.01
	done
}

# hold_lock GAME: an sqlite3 process takes GAME's write lock and holds it
# until release_lock; returns once the lock is held (the holder makes the
# file 'held' after its BEGIN IMMEDIATE).
hold_lock() {
	rm -f held release.fifo
	mkfifo release.fifo
	(echo "BEGIN IMMEDIATE;"; echo ".shell touch held"; cat release.fifo; echo "COMMIT;") |
	    sqlite3 "$1" >/dev/null 3>&- &
	HOLDER=$!
	wait_for [ -e held ]
}

release_lock() {
	echo >release.fifo
	wait "$HOLDER"
	HOLDER=
}

# has_open PID FILE: process PID has FILE (in the test directory) open.
has_open() {
	local f
	for f in /proc/"$1"/fd/*; do
		[ "$(readlink "$f")" = "$(pwd -P)/$2" ] && return 0
	done
	return 1
}

# holds_exclusive FILE: some process holds an exclusive flock on FILE.
holds_exclusive() {
	grep -q "FLOCK  *ADVISORY  *WRITE .*:$(stat -c %i "$1") " /proc/locks
}

# True when some line of $output (or of $2) is exactly $1: a whole line,
# never a part of one ("push back 3" is not "push back 30").
has_line() {
	untraced has_line_untraced "$@"
}
has_line_untraced() {
	local text=${2-$output}

	[[ $'\n'$text$'\n' != *$'\n'"$1"$'\n'* ]] || return 0
	printf 'no line "%s" in:\n%s\n' "$1" "$text"
	return 1
}

# sample_battle R: a small game of rule set R keyed in as an umpire would:
# a few units a side, two turns of rulings with typed dice, and in the
# third turn a correction that loses one unit whole (its name in LOST).
sample_battle() {
	case $1 in
	brigade)
		"$U" new --rules brigade --title "Brigade sample" >/dev/null
		"$U" unit add Kempt --side British --type infantry --battalion "1/28th:british:16" \
		    --battalion "1/32nd:british:16" --battalion "1/95th:british:12" >/dev/null
		"$U" unit add RHA --side British --type horse-artillery --guns 2 >/dev/null
		"$U" unit add Bachelu --side French --type infantry --class french --units 3 >/dev/null
		"$U" unit add "Piré" --side French --type cavalry --cavalry light --units 2 >/dev/null
		"$U" fire --unit RHA --target Bachelu --distance 20 --dice 3,4,5 >/dev/null
		"$U" fire --unit Kempt --target Bachelu --distance 2 --dice 4 >/dev/null
		"$U" fire --unit Bachelu --target Kempt --distance 2 --dice 3 >/dev/null
		"$U" turn next >/dev/null
		"$U" move --unit Bachelu --formation attack-column --charge --dice 4 >/dev/null
		"$U" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 4,3 >/dev/null
		"$U" turn next >/dev/null
		LOST=RHA
		"$U" adjust RHA --figures -6 --reason "every gunner lost" >/dev/null
		;;
	squares)
		"$U" new --rules squares --title "Squares sample" >/dev/null
		"$U" unit add Picton --side Allied --type infantry --skirmish d8 --quality d8 --morale d8 >/dev/null
		"$U" unit add RA --side Allied --type foot-artillery --morale d8 >/dev/null
		"$U" unit add Donzelot --side French --type infantry --skirmish d6 --quality d8 --morale d8 >/dev/null
		"$U" unit add 12pdr --side French --type foot-artillery --morale d10 >/dev/null
		"$U" fire --unit 12pdr --target Picton --range close --ap 2 --dice 5,3 >/dev/null
		"$U" fire --unit RA --target Donzelot --range long --dice 6 >/dev/null
		"$U" turn next >/dev/null
		"$U" fire --unit RA --target Donzelot --range long --dice 6 >/dev/null
		"$U" turn next >/dev/null
		LOST=12pdr
		"$U" adjust 12pdr --state destroyed --reason "overrun" >/dev/null
		;;
	fury)
		"$U" new --rules fury --title "Fury sample" >/dev/null
		"$U" unit add "I Corps" --side French --type corps --quality average >/dev/null
		"$U" unit add Quiot --side French --type infantry --stands 6 --bel regular --nation france --parent "I Corps" >/dev/null
		"$U" unit add "Grande Batterie" --side French --type heavy-battery --parent "I Corps" >/dev/null
		"$U" unit add Kempt --side British --type infantry --stands 5 --bel veteran --nation britain >/dev/null
		"$U" unit add Pack --side British --type infantry --stands 5 --bel regular --nation britain >/dev/null
		"$U" fire --unit "Grande Batterie" --target Kempt --distance 6 --dice 5,5 >/dev/null
		"$U" fire --unit Pack --target Quiot --distance 2 --dice 6,5 >/dev/null
		"$U" turn next >/dev/null
		"$U" fire --unit Quiot --target Pack --distance 3 --dice 6,6 >/dev/null
		"$U" turn next >/dev/null
		LOST=Pack
		"$U" adjust Pack --stands -5 --reason "lost to skirmishers" >/dev/null
		;;
	2x2)
		"$U" new --rules 2x2 --title "2x2 sample" >/dev/null
		"$U" unit add Kempt --side Allies --type line >/dev/null
		"$U" unit add Pack --side Allies --type line >/dev/null
		"$U" unit add Bachelu --side French --type line >/dev/null
		"$U" unit add Cuirassiers --side French --type heavy-cavalry >/dev/null
		"$U" fire --unit Bachelu --target Kempt --distance 1 --dice 5 >/dev/null
		"$U" fire --unit Pack --target Bachelu --distance 1 --dice 4 >/dev/null
		"$U" turn next >/dev/null
		"$U" melee --attacker Cuirassiers --defender Kempt --dice 3,4 >/dev/null
		"$U" turn next >/dev/null
		LOST=Pack
		"$U" adjust Pack --state destroyed --reason "ridden down" >/dev/null
		;;
	ohw)
		"$U" new --rules ohw --title "OHW sample" >/dev/null
		"$U" unit add "1st Foot" --side British --type infantry >/dev/null
		"$U" unit add Battery --side British --type foot-artillery >/dev/null
		"$U" unit add "1/45e" --side French --type infantry >/dev/null
		"$U" unit add Hussars --side French --type cavalry >/dev/null
		"$U" fire --unit Battery --target 1/45e --distance 10 --dice 5 >/dev/null
		"$U" fire --unit 1/45e --target "1st Foot" --distance 8 --dice 4 >/dev/null
		"$U" turn next >/dev/null
		"$U" fire --unit Battery --target 1/45e --distance 20 --dice 6 >/dev/null
		"$U" turn next >/dev/null
		LOST=1/45e
		"$U" adjust 1/45e --fp +7 --reason "caught in the open" >/dev/null
		;;
	esac
}

# chart_bars FILE: each bar of the page's charts, in order, as "TURN: VALUE"
# (its turn's label under it, its value over it), on one line.
chart_bars() {
	grep -o '<text class="value"[^>]*>[0-9]*</text><text class="turn"[^>]*>[0-9]*<' "$1" |
	    sed -E 's/^.*>([0-9]*)<\/text><text .*>([0-9]*)<$/\2: \1/' | paste -sd' '
}

# turn_ends N: the turn as the game keeps it (turn --json) into turnN.json,
# then the next turn.  turn_units FILE: its units, a line each: [unit,
# acts, what it must do, what it may not and the rule].
turn_ends() {
	uj --json turn >"turn$1.json"
	"$U" turn next >/dev/null
}
turn_units() {
	jq -c '.units[] | [.unit, .acts, [.must[].what], [.may_not[] | .what + " " + .rule]]' "$1"
}

# before_batteries RULES: the game as schema 10 left it, before a battery
# stood limbered or unlimbered: its formations table without those rows
# (every type in line and column), its fire modifiers without the
# limbered row (ohw's formations table is then removed by its test).
before_batteries() {
	sqlite3 umpire.db "
	DELETE FROM rule_row WHERE ruleset = '$1' AND name = 'fire-modifiers'
	    AND json_extract(cells, '\$[0]') = 'limbered';
	DELETE FROM rule_row WHERE ruleset = '$1' AND name = 'formations'
	    AND json_extract(cells, '\$[0]') IN ('limbered', 'unlimbered');
	UPDATE rule_row SET cells = json_replace(cells, '\$[1]', 'any') WHERE ruleset = '$1'
	    AND name = 'formations' AND json_extract(cells, '\$[0]') IN ('line', 'column', 'attack-column');
	UPDATE rule_table SET hash = '' WHERE ruleset = '$1' AND name IN ('fire-modifiers', 'formations');
	PRAGMA user_version = 10;"
}

# fire_refused REASON ARGS...: `fire ARGS` is ruled not legal for REASON,
# with no effects, and every unit stays as it was.
fire_refused() {
	local reason=$1
	shift
	uj --json sheet >before.json
	umpire --json fire "$@"
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "$reason" ]
	[ "$(jsonc .effects)" = "[]" ]
	uj --json sheet >after.json
	[ "$(jq -c .units before.json)" = "$(jq -c .units after.json)" ]
}

# formation_words RULES: the formations the game's table lists, in order.
formation_words() {
	sqlite3 umpire.db "SELECT group_concat(f, ',') FROM (SELECT json_extract(cells, '\$[0]') AS f
	    FROM rule_row WHERE ruleset = '$1' AND name = 'formations' ORDER BY ord)"
}
