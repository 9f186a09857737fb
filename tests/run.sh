#!/bin/sh
# Runs every test: the unit tests (cmocka) and the command-line tests
# (bats), both as TAP, and ends with one line "N passed, N failed, N
# skipped".
#   tests/run.sh UMPIRE_BINARY SANITIZED_UMPIRE UNIT_TEST_BINARY...
# The command-line tests run the build people install (UMPIRE_BINARY, the
# static release binary): some eight hundred tests of a few processes
# each, ten times slower under the sanitizers; the sanitizers have the
# unit tests, a share of the journal's model (every command, undo and
# redo, random games) and the fuzz corpus.
set -u
umpire=$1
sanitized=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
shift 2
UMPIRE_BIN=$(cd "$(dirname "$umpire")" && pwd)/$(basename "$umpire")
export UMPIRE_BIN
export CMOCKA_MESSAGE_OUTPUT=TAP
export ASAN_OPTIONS=abort_on_error=0:detect_leaks=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
unset UMPIRE_DB

pass=0
fail=0
skip=0
log=$(mktemp)
kept=$(mktemp -d)
trap 'rm -rf "$log" "$kept"' EXIT

# Counts TAP lines in $log; a run that failed without a "not ok" line
# (a crash, a sanitizer report) counts as one failure.  Says how long
# each part took (CI must stay well under its limit).
started=$(date +%s)
tally() {
	now=$(date +%s)
	[ $((now - started)) -lt 10 ] || echo "# $2: $((now - started)) s"
	started=$now
	ok=$(grep '^ok ' "$log" | grep -vc ' # [Ss][Kk][Ii][Pp]')
	skipped=$(grep '^ok ' "$log" | grep -c ' # [Ss][Kk][Ii][Pp]')
	bad=$(grep -c '^not ok ' "$log")
	if [ "$1" -ne 0 ] && [ "$bad" -eq 0 ]; then
		bad=1
	fi
	if [ "$bad" -gt 0 ]; then
		echo "--- failures in $2:"
		grep -v '^ok ' "$log" | head -60
	fi
	pass=$((pass + ok))
	fail=$((fail + bad))
	skip=$((skip + skipped))
}

# First the command-line tests' own check: none that cannot fail.
tests/cli/lint-bats.sh >"$log" 2>&1
rc=$?
[ "$rc" = 0 ] && echo "ok 1 - every bats check can fail" >"$log"
tally $rc tests/cli/lint-bats.sh

# No file of core, db or cmd calls back into one that calls it, and no
# header includes itself (read from the objects make check has built).
tests/cycles.sh build/flt >"$log" 2>&1
rc=$?
[ "$rc" = 0 ] && echo "ok 1 - no cycle of calls or includes" >"$log"
tally $rc tests/cycles.sh

for t in "$@"; do
	"$t" >"$log" 2>&1
	tally $? "$t"
done

# Every --json output of the command-line tests is kept and checked
# against its schema under schema/json/.
# (the files run side by side, each file's tests in order, where GNU
# parallel is there to run them: make deps installs it)
# The files that take longest start first (each took a minute or more of
# a run), so that none of them starts last and runs alone at the end.
jobs=""
command -v parallel >/dev/null 2>&1 && jobs="--jobs ${TEST_JOBS:-3} --no-parallelize-within-files"
slow="t9500-serve t9210-completion t9150-output-grows t9500-fog t9000-odds t9410-html-print"
files=""
for f in $slow; do
	[ ! -f "tests/cli/$f.bats" ] || files="$files tests/cli/$f.bats"
done
for f in tests/cli/*.bats; do
	case " $files " in *" $f "*) ;; *) files="$files $f" ;; esac
done
# shellcheck disable=SC2086
UMPIRE_JSON_CAPTURE=$kept bats --tap $jobs $files >"$log" 2>&1
tally $? tests/cli
tests/cli/validate-json.py "$kept" >"$log" 2>&1
tally $? schema/json

# The journal's model: random games in every rule set, each step against
# the model's own replay of the journal (tests/model).
tests/model/run.sh short "$UMPIRE_BIN" "$sanitized" >"$log" 2>&1
tally $? tests/model

# The fuzz corpus, replayed under the sanitizers.
build/san/fuzz_replay tests/fuzz/corpus/* >"$log" 2>&1
rc=$?
[ "$rc" = 0 ] && echo "ok 1 - fuzz corpus replayed" >"$log"
tally $rc tests/fuzz

# The short form of make stress: sampled fault points, fewer rounds.
tests/stress/run.sh short build/flt/umpire build/flt/faultshim.so >"$log" 2>&1
tally $? tests/stress

# a skipped test proves nothing: it is counted apart, as neither
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
