#!/bin/sh
# Proofs that stay: umpire keeps a sound game under faults, as TAP.
#   tests/stress/run.sh short|full FAULT_UMPIRE FAULT_SHIM
# FAULT_UMPIRE is the dynamic build (build/flt/umpire), FAULT_SHIM the
# LD_PRELOAD library (build/flt/faultshim.so).  `short` (in make check)
# samples the fault points and runs fewer rounds; `full` (make stress)
# takes every one.
#   1. malloc failure at every allocation of fire (also the fire whose
#      commit copies the WAL into the game file), undo, adjust, unit add,
#      new --force and a batch;
#   2. an I/O failure at every write and sync of each;
#   3. kill -9 in the middle of rulings;
#   4. concurrent writers, none lost;
#   5. foreign files left byte-identical;
#   6. the bad-input catalogue (tests/stress/bad-input.txt);
#   7. power cuts at every point of fire, undo, adjust, a batch, a fire
#      that copies the WAL into the game, new --force and new --example,
#      and of a fire after a reader made the WAL (tests/stress/powercut.py):
#      each state a cut may leave passes check and is a game the commands
#      passed through, every command that had printed in it;
#   8. damaged games (tests/stress/damaged.py): every command on each
#      exits 0, 65 or 74 with one sentence, never 70;
#   9. kill -9 at random moments of new --force and sheet --html: no
#      temporary file outlives the next run.
# Each proof first shows the command works: run without a fault it exits 0
# and leaves the game as worked by hand (the sheet, the log and the rule
# tables as JSON).  Under a fault the run must end without a signal and
# the game pass `umpire check` and be whole: equal, compared whole, to the
# un-faulted run's game when the command said it succeeded, to the game
# before it when it refused (with one sentence naming the real error).
# Exits non-zero when any proof fails.
set -u
mode=${1:?usage: run.sh short|full UMPIRE SHIM}
u=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
shim=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset UMPIRE_DB
export UMPIRE_DB="$work/umpire.db"
n=0
failed=0
# the sweeps and power cuts in two processes (a machine of two cores)
jobs=${STRESS_JOBS:-2}

tap() {	# tap OK DESCRIPTION [DETAIL]
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		failed=1
		echo "not ok $n - $2"
		[ -n "${3:-}" ] && echo "# $3"
	fi
	return 0
}

# state FILE: the game as umpire shows it, one JSON line each: the sheet,
# the log, the rule tables.
state() {
	printf 'sheet\nlog\ntables\n' | "$u" --json batch - 2>&1 | jq -c 'del(.line)' >"$1" 2>&1
}

# use BASE: the game is a fresh copy of BASE (a file in $work).
use() {
	rm -f "$work"/umpire.db "$work"/umpire.db-* "$work"/umpire.db.new-*
	cp "$work/$1" "$UMPIRE_DB"
	[ ! -f "$work/$1-wal" ] || cp "$work/$1-wal" "$UMPIRE_DB-wal"
}

# keep_near_copy NAME: rulings until the next one copies the WAL into the
# game file (the only ruling that writes the file itself); the game just
# before it (the file and its -wal, as they lie: no command has it open) in
# $work/NAME and $work/NAME-wal.
keep_near_copy() {
	tries=0
	while [ $tries -lt 40 ]; do
		cp "$UMPIRE_DB" "$work/$1.try"
		cp "$UMPIRE_DB-wal" "$work/$1.try-wal" 2>/dev/null || rm -f "$work/$1.try-wal"
		ruling || return 1
		if ! cmp -s "$UMPIRE_DB" "$work/$1.try"; then
			mv "$work/$1.try" "$work/$1"
			mv "$work/$1.try-wal" "$work/$1-wal"
			return 0
		fi
		tries=$((tries + 1))
	done
	return 1
}

# keep NAME: the game as it stands, in $work/NAME (the file and the
# rulings its -wal still holds, whole).
keep() {
	rm -f "$work/$1"
	sqlite3 "$UMPIRE_DB" ".backup '$work/$1'"
}

# game_sum: a digest of the game's file and its -wal, as they lie.
game_sum() {
	cat "$UMPIRE_DB" "$UMPIRE_DB-wal" 2>/dev/null | md5sum
}

base_game() {
	rm -f "$work"/umpire.db*
	"$u" new --rules brigade >/dev/null &&
	"$u" unit import "$here/../cli/battle-oob.csv" >/dev/null &&
	keep base.db
}

ruling() {
	"$u" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null 2>&1
}

# The games the proofs start from: the battle (base.db), the battle after
# one ruling (fired.db), and the batch of proof 1 and 2.
games() {
	base_game || return 1
	ruling || return 1
	keep fired.db
	keep_near_copy full.db || return 1
	printf '%s\n' "unit add Ney --side French --type infantry --class french --units 4 --parent 'II Corps'" \
	    "fire --firers 16 --distance 2 --target Ney --dice 4" "turn next" \
	    "adjust Kempt --figures -1 --reason 'a straggler'" >"$work/batch.txt"
}

# The results worked by hand, each a jq test of $a (the game after the
# un-faulted command: [sheet, log, tables]) against $b (the game before).
# 16 firers at close range (+3: 19, carried back to row 7) with a 4 kill 2
# (tests/cli/t2100); a French brigade of 4 battalions has 72 figures.
ALIKE='def others($names): .units | map(select(.name as $x | $names | index($x) | not));
def unit($name): .units[] | select(.name == $name);
def alike($names): ($a[0] | others($names)) == ($b[0] | others($names)) and $a[2] == $b[2]
    and $a[0].title == $b[0].title;'
WANT_FIRE='alike(["Kempt"]) and $a[0].turn == 1
    and ($a[0] | unit("Kempt") | [.strength, .losses, .state]) == [56, 2, "ok"]
    and $a[1] == {"entries": [{"id": 1, "turn": 1, "command": "fire", "summary": "2 casualties",
        "who": [{"unit": "Kempt", "role": "target"}], "undone": false}]}'
# One more ruling on the game whose WAL is about to be copied in: two more
# casualties on Kempt and one more entry, everything else alike.
WANT_FIRE_COPY='alike(["Kempt"]) and $a[0].turn == 1
    and ($a[0] | unit("Kempt") | .losses) == ($b[0] | unit("Kempt") | .losses) + 2
    and ($a[1].entries | length) == ($b[1].entries | length) + 1
    and ($a[1].entries[-1] | [.command, .summary, .who, .undone])
        == ["fire", "2 casualties", [{"unit": "Kempt", "role": "target"}], false]'
WANT_UNDO='alike(["Kempt"]) and $a[0].turn == 1
    and ($a[0] | unit("Kempt") | [.strength, .losses, .state]) == [58, 0, "ok"]
    and $a[1] == {"entries": [{"id": 1, "turn": 1, "command": "fire", "summary": "2 casualties",
        "who": [{"unit": "Kempt", "role": "target"}], "undone": true}]}'
WANT_ADJUST='alike(["Kempt"]) and $a[0].turn == 1
    and ($a[0] | unit("Kempt") | [.strength, .losses, .state]) == [55, 3, "ok"]
    and $a[1] == {"entries": [{"id": 1, "turn": 1, "command": "adjust",
        "summary": "Kempt: -3 figures (miscounted)", "who": [{"unit": "Kempt", "role": "unit"}], "undone": false}]}'
WANT_UNIT_ADD='alike(["Ney"]) and $a[1] == $b[1] and ($b[0] | [unit("Ney")]) == []
    and ($a[0] | unit("Ney") | [.side, .type, .parent, .start_strength, .strength, .losses])
        == ["French", "infantry", "II Corps", 72, 72, 0]
    and ($a[0].units | map(.name) | index("Ney")) == ($b[0].units | length)'
WANT_NEW='$a[0].title == "Fresh" and $a[0].turn == 1 and $a[0].units == []
    and $a[1] == {"entries": []} and $a[2] == $b[2] and ($a[2].tables | length) == 26'
WANT_BATCH='alike(["Kempt", "Ney"]) and $a[0].turn == 2
    and ($a[0] | unit("Kempt") | [.strength, .losses]) == [57, 1]
    and ($a[0] | unit("Ney") | [.parent, .start_strength, .strength, .losses])
        == ["II Corps", 72, 70, 2]
    and $a[1] == {"entries": [
        {"id": 1, "turn": 1, "command": "fire", "summary": "2 casualties", "who": [{"unit": "Ney", "role": "target"}],
         "undone": false},
        {"id": 2, "turn": 1, "command": "turn", "summary": "turn 2 begins", "who": [],
         "undone": false},
        {"id": 3, "turn": 2, "command": "adjust", "summary": "Kempt: -1 figure (a straggler)",
         "who": [{"unit": "Kempt", "role": "unit"}], "undone": false}]}'

# as_wanted WANT: the game after ($work/after) is the one worked by hand.
as_wanted() {
	jq -n -e --slurpfile a "$work/after" --slurpfile b "$work/before" \
	    "$ALIKE $1" >/dev/null 2>&1
}

# The sentence a refused run must give: one line naming the real error.
real_error() {
	[ "$(wc -l <"$work/err")" = 1 ] || return 1
	case $1 in
	malloc) grep -q '^umpire: .*\(out of memory\|Cannot allocate memory\)' "$work/err" ;;
	# (SQLite says an open it could not make "unable to open")
	io) grep -q '^umpire: .*\(disk I/O error\|Input/output error\|unable to open database file\)' \
	    "$work/err" ;;
	esac
}

# right_exit KIND RC: the exit of a command refused for a fault is CLI.md's:
# out of memory is 70, a bug's; an I/O error 74 (reading or writing a game),
# or 73 when new cannot make the game ($cmd: the command's first word).
right_exit() {
	case $1:$2:$cmd in
	malloc:70:*|io:74:*|io:73:new) return 0 ;;
	*) return 1 ;;
	esac
}

# judge KIND POINT RC: what a faulted run left, added to $bad: a refusal
# prints nothing on standard output (a ruling prints only once kept).
judge() {
	if [ "$3" -ge 128 ]; then
		bad="$bad $2:signal$3"
	elif ls "$work"/umpire.db.new-* >/dev/null 2>&1; then
		bad="$bad $2:left-a-new-file"
	elif ! "$u" check >/dev/null 2>&1; then
		bad="$bad $2:check"
	else
		state "$work/now"
		if [ "$3" = 0 ]; then
			cmp -s "$work/now" "$work/after" || bad="$bad $2:exit0-not-the-ruling"
		elif grep -q "the change was saved (do not\|was recorded (do not\|new game is in place" \
		    "$work/err"; then
			cmp -s "$work/now" "$work/after" || bad="$bad $2:saved-not-the-ruling"
		elif ! cmp -s "$work/now" "$work/before"; then
			bad="$bad $2:refused-but-changed"
		elif [ -s "$work/out" ]; then
			bad="$bad $2:refused-but-printed"
		elif ! real_error "$1"; then
			bad="$bad $2:sentence[$(head -c 120 "$work/err" | tr '\n' ' ')]"
		elif ! right_exit "$1" "$3"; then
			bad="$bad $2:exit$3"
		fi
	fi
}

# points KIND FIRST STEP ARGS...: the command with a fault at point FIRST,
# FIRST + STEP... up to $total, each on a copy of $base; "RUNS OK0 BAD..."
# in $work/result.
points() {
	kind=$1 i=$2 step=$3
	shift 3
	var=FAULT_$(echo "$kind" | tr a-z A-Z)_AT
	bad="" runs=0 ok0=0
	cmd=$1
	while [ "$i" -le "$total" ]; do
		use "$base"
		env LD_PRELOAD="$shim" "$var=$i" "$u" "$@" >"$work/out" 2>"$work/err"
		rc=$?
		runs=$((runs + 1))
		[ "$rc" = 0 ] && ok0=$((ok0 + 1))
		judge "$kind" "$i" "$rc"
		i=$((i + step))
	done
	echo "$runs $ok0$bad" >"$work/result"
}

# job_dir K: a directory of its own for job K, with the game of $base and
# the states before and after.
job_dir() {
	mkdir -p "$work/j$1"
	cp "$work/$base" "$work/before" "$work/after" "$work/j$1/"
	[ ! -f "$work/$base-wal" ] || cp "$work/$base-wal" "$work/j$1/"
}

# sweep KIND NAME BASE ARGS...: a fault at every point (short: a sample)
# of one command on a copy of BASE; the sweep in $jobs processes, each
# in a directory of its own.
sweep() {
	kind=$1 name=$2 base=$3
	shift 3
	if [ "$kind" = malloc ]; then total=$(cut -d' ' -f1 "$work/count");
	else total=$(cut -d' ' -f2 "$work/count"); fi
	step=1 first=1
	if [ "$mode" = short ]; then
		[ "$kind" = malloc ] && step=$(( (total + 23) / 24 )) || step=$(( (total + 7) / 8 ))
		first=$(( (step + 1) / 2 ))
	fi
	k=0
	while [ "$k" -lt "$jobs" ]; do
		job_dir "$k"
		( work=$work/j$k; UMPIRE_DB=$work/umpire.db
		  points "$kind" $((first + k * step)) $((jobs * step)) "$@" ) &
		k=$((k + 1))
	done
	# The short sample always takes the last three I/O points: the
	# commit's own writes and sync, where a fault is likeliest to leave a
	# refused ruling standing.
	if [ "$mode" = short ] && [ "$kind" = io ] && [ "$total" -gt 3 ]; then
		job_dir tail
		( work=$work/jtail; UMPIRE_DB=$work/umpire.db
		  points "$kind" $((total - 2)) 1 "$@" ) &
	fi
	wait
	runs=0 ok0=0 bad=""
	for r in "$work"/j*/result; do
		read -r jr jok jbad <"$r"
		runs=$((runs + jr)) ok0=$((ok0 + jok)) bad="$bad${jbad:+ $jbad}"
	done
	rm -rf "$work"/j*
	tap "$([ -z "$bad" ] && [ "$total" -gt 0 ] && echo 0 || echo 1)" \
	    "$kind failure at $runs of $total points of $name: no signal, the game sound and whole ($ok0 went through)" \
	    "failed at:$bad"
}

# prove NAME BASE WANT ARGS...: the command un-faulted, as worked by hand;
# then under every malloc and every I/O fault.
prove() {
	name=$1 base=$2 want=$3
	shift 3
	use "$base"
	state "$work/before"
	use "$base"	# (reading the game may have copied its WAL in)
	rm -f "$work/count"
	LD_PRELOAD=$shim FAULT_COUNT=$work/count "$u" "$@" >/dev/null 2>"$work/err"
	rc=$?
	state "$work/after"
	if [ "$rc" != 0 ] || ! as_wanted "$want" || ! "$u" check >/dev/null 2>&1 ||
	    [ ! -s "$work/count" ]; then
		tap 1 "$name without a fault: exit 0, the game as worked by hand" \
		    "exit $rc: $(head -c 200 "$work/err") game: $(head -c 400 "$work/after")"
		tap 1 "malloc failure in $name (not swept: the command does not work)"
		tap 1 "I/O failure in $name (not swept: the command does not work)"
		return
	fi
	tap 0 "$name without a fault: exit 0, the game as worked by hand"
	sweep malloc "$name" "$base" "$@"
	sweep io "$name" "$base" "$@"
}

# kill -9 at random moments of a ruling and its undo, over and over, from
# the battle: after each round the game passes check and is one the loop
# passes through (at most one ruling in force, Kempt 2 figures down for it;
# nobody else touched).
WANT_ROUND='alike(["Kempt"]) and ($a[1].entries | all(.command == "fire" and .who == [{"unit": "Kempt", "role": "target"}]))
    and ([$a[1].entries[] | select(.undone | not)] | length) as $kept
    | $kept <= 1 and ($a[0] | unit("Kempt") | [.strength, .losses]) == [58 - 2 * $kept, 2 * $kept]'
kill_rounds() {
	rounds=$1
	bad=""
	use base.db
	state "$work/before"
	ruling && "$u" undo >/dev/null 2>&1 && ruling
	rc=$?
	state "$work/after"
	if [ "$rc" != 0 ] || ! as_wanted "$WANT_ROUND" ||
	    [ "$(jq -s '.[1].entries | length' "$work/after")" != 2 ]; then
		tap 1 "kill -9 in the middle of rulings (not run: ruling, undo, ruling does not work)" \
		    "exit $rc: $(head -c 400 "$work/after")"
		return
	fi
	r=1
	while [ "$r" -le "$rounds" ]; do
		use base.db
		# the loop in a session of its own, killed whole; the round ends
		# when none of it is left
		setsid sh -c 'while :; do
			"$1" fire --firers 16 --distance 2 --target Kempt --dice 4
			"$1" undo; done >/dev/null 2>&1' sh "$u" &
		pid=$!
		sleep "0.0$(( (r * 37) % 9 + 1 ))"
		kill -9 "-$pid" 2>/dev/null || kill -9 "$pid"
		wait "$pid" 2>/dev/null
		while kill -0 "-$pid" 2>/dev/null; do sleep 0.01; done
		state "$work/after"
		if ! "$u" check >/dev/null 2>&1; then
			bad="$bad $r:check"
		elif ! as_wanted "$WANT_ROUND"; then
			bad="$bad $r:$(jq -s -c '[.[0].units[0] | .strength, .losses], [.[1].entries[] | .undone]' \
			    "$work/after" | tr -d '\n')"
		fi
		r=$((r + 1))
	done
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" \
	    "kill -9 in the middle of rulings: $rounds/$rounds rounds sound, each game one the rulings pass through" \
	    "unsound after rounds:$bad"
}

concurrent() {
	writers=8 each=$1
	use base.db
	rm -f "$work/lost" "$work/conc.err"
	w=1
	# Each writer's casualty is put back by its own correction after it
	# (the game refuses a ruling on a brigade with no figure left).
	while [ "$w" -le "$writers" ]; do
		( k=0; while [ $k -lt "$each" ]; do
			UMPIRE_BUSY_TIMEOUT=20000 "$u" fire --firers 16 --distance 2 --target Kempt \
			    --dice 3 >/dev/null 2>>"$work/conc.err" || echo x >>"$work/lost"
			UMPIRE_BUSY_TIMEOUT=20000 "$u" adjust Kempt --figures 1 --reason "back in the ranks" \
			    >/dev/null 2>>"$work/conc.err" || echo x >>"$work/lost"
			k=$((k + 1)); done ) &
		w=$((w + 1))
	done
	wait
	want=$((writers * each))
	# every ruling in the log, each linked to Kempt
	got=$("$u" log --json | jq '[.entries[] | select(.command == "fire" and
	    .who == [{"unit": "Kempt", "role": "target"}] and (.undone | not))] | length')
	"$u" check >/dev/null 2>&1
	tap $(( $? != 0 || got != want )) "$writers concurrent writers: $got/$want rulings kept" \
	    "$(head -3 "$work/conc.err" 2>/dev/null) $([ -f "$work/lost" ] && wc -l <"$work/lost") refused"
}

COMMANDS="sheet
log
fire --firers 16 --distance 2 --target Kempt --dice 4
unit add Ney --side French --type infantry --class french --units 4
undo"

# Foreign files: each left byte-identical by readers and writers.  First
# the same commands on a sound game: each works.
foreign() {
	bad=""
	use base.db
	rm -f "$work/unsound" "$work/fresh.db"
	echo "$COMMANDS" | while read -r cmd; do
		# shellcheck disable=SC2086
		"$u" $cmd >/dev/null 2>&1 || echo "$cmd" >>"$work/unsound"
	done
	"$u" --db "$work/fresh.db" new --rules brigade >/dev/null 2>&1 || echo new >>"$work/unsound"
	if [ -s "$work/unsound" ]; then
		tap 1 "foreign files (not run: the commands fail on a sound game)" "$(cat "$work/unsound")"
		return
	fi
	mkdir -p "$work/f" && cd "$work/f" || return
	head -c 65536 /dev/urandom >random.db
	printf 'name,side\nKempt,British\n' >text.db
	: >empty.db
	head -c 5000 "$work/base.db" >truncated.db
	sqlite3 other.db "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
	cp "$work/base.db" newer.db
	sqlite3 newer.db "PRAGMA user_version = 999"
	cp "$work/base.db" corrupt.db
	printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' |
	    dd of=corrupt.db bs=1 seek=$((4096 * 2 + 8)) conv=notrunc 2>/dev/null
	mkdir dir.db
	mkfifo fifo.db
	ln -s nowhere dangling.db
	for f in random text empty truncated other newer corrupt dir fifo dangling; do
		before=$(ls -l "$f.db" | cut -c1-10; [ -f "$f.db" ] && md5sum <"$f.db")
		# readers may read what is sound of a damaged game; writers refuse
		printf '%s\nnew --rules brigade\n' "$COMMANDS" >"$work/cmds"
		while read -r cmd; do
			# shellcheck disable=SC2086
			timeout 10 "$u" --db "$f.db" $cmd >/dev/null 2>&1 </dev/null
			rc=$?
			# (undo finds nothing to undo without reading the damaged
			# page, and writes nothing: the file stays as it was)
			case $rc:$cmd in
			0:sheet|0:log|0:undo) [ "$f" = corrupt ] || bad="$bad $f:$cmd:$rc" ;;
			0:*) bad="$bad $f:$cmd:$rc" ;;
			esac
			[ "$rc" -ge 124 ] && bad="$bad $f:$cmd:$rc"
		done <"$work/cmds"
		after=$(ls -l "$f.db" | cut -c1-10; [ -f "$f.db" ] && md5sum <"$f.db")
		[ "$before" = "$after" ] || bad="$bad $f:changed"
		[ -L dangling.db ] || bad="$bad dangling:replaced"
	done
	cd "$work" || return
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" \
	    "foreign files (random, text, empty, truncated, other app, newer, corrupt page, directory, FIFO, dangling symlink) refused and byte-identical" \
	    "$bad"
}

# The bad-input catalogue: each line "STATUS<tab>ARGS"; the command must
# exit with STATUS, print one line on stderr and nothing on stdout, and
# leave the game byte-identical.  First the good ruling works.
catalogue() {
	bad="" count=0
	use base.db
	state "$work/before"
	ruling
	rc=$?
	state "$work/after"
	if [ "$rc" != 0 ] || ! as_wanted "$WANT_FIRE"; then
		tap 1 "the bad-input catalogue (not run: the good ruling does not work)"
		return
	fi
	keep cat.db
	sum=$(game_sum)
	while IFS='	' read -r want args; do
		case $want in ''|'#'*) continue ;; esac
		count=$((count + 1))
		eval "set -- $args"
		"$u" "$@" >"$work/out" 2>"$work/err"
		rc=$?
		lines=$(wc -l <"$work/err")
		if [ "$rc" != "$want" ] || [ -s "$work/out" ] || [ "$lines" != 1 ]; then
			bad="$bad [$args: $rc, $lines lines]"
		fi
		[ "$(game_sum)" = "$sum" ] || { bad="$bad [$args: changed the game]";
		    use cat.db; sum=$(game_sum); }
	done <"$here/bad-input.txt"
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" "the bad-input catalogue: $count cases, each refused with its status and the game untouched" "$bad"
}

# power_cut NAME BASE COMMAND...: the power cuts of tests/stress/powercut.py
# in the commands run in turn on a copy of BASE ("none": no game).
power_cut() {
	STRESS_JOBS=$jobs python3 "$here/powercut.py" "$mode" "$u" "$shim" "$@" >"$work/cut.out" 2>&1
	rc=$?
	tap "$rc" "$(head -1 "$work/cut.out" | sed 's/^\(not \)*ok - //')" \
	    "$(tail -n +2 "$work/cut.out" | head -c 3000)"
}

# kill_leaves NAME ROUNDS PATTERN ARGS...: the command killed (-9) at a
# random moment of its run, ROUNDS times, each time run again whole after
# (the next run); the files PATTERN (a glob in $work) left after the kill,
# and after the next run, counted: none may outlive the next run.
kill_leaves() {
	name=$1 rounds=$2 pattern=$3
	shift 3
	killed=0 after=0 r=1
	while [ "$r" -le "$rounds" ]; do
		"$u" "$@" >/dev/null 2>&1 &
		pid=$!
		sleep "$(awk -v r="$r" 'BEGIN { srand(r); printf "%.3f", rand() / 10 }')"
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		# shellcheck disable=SC2086
		killed=$((killed + $(ls -d $pattern 2>/dev/null | wc -l)))
		"$u" "$@" >/dev/null 2>&1 || after=$((after + 1000))
		# shellcheck disable=SC2086
		after=$((after + $(ls -d $pattern 2>/dev/null | wc -l)))
		r=$((r + 1))
	done
	tap "$after" "kill -9 in $name, $rounds times: $after temporary files after the next run ($killed left by the kills)" \
	    "$(ls -d $pattern 2>/dev/null | head -5)"
}

leftovers() {
	use base.db
	(echo "name,side,type,class,units"
	 seq 600 | awk '{ print "Brigade " $1 "," ($1 % 2 ? "French" : "British") ",infantry,british,4" }') \
	    >"$work/big.csv"
	"$u" unit import "$work/big.csv" >/dev/null
	kill_leaves "sheet --html of 605 units" "$1" "$work/page.html.tmp*" sheet --html "$work/page.html"
	kill_leaves "new --force" "$2" "$UMPIRE_DB.new-*" new --rules brigade --force --title Killed
}

# The damaged games of tests/stress/damaged.py, made from the game after a
# ruling.
damaged() {
	python3 "$here/damaged.py" "$mode" "$u" "$work/fired.db" "$work/batch.txt" \
	    >"$work/damaged.out" 2>&1
	rc=$?
	tap "$rc" "$(head -1 "$work/damaged.out" | sed 's/^\(not \)*ok - //')" \
	    "$(tail -n +2 "$work/damaged.out" | head -c 3000)"
}

power_cuts() {
	fire="fire --firers 16 --distance 2 --target Kempt --dice 4"
	power_cut fire "$work/fired.db" "$fire"
	# a reader makes the WAL, SQLite never syncs what a reader makes: the
	# fire after it must sync the directory (db/vfs.c)
	power_cut "a reader, then a fire" "$work/base.db" sheet "$fire"
	power_cut "a fire copying its WAL into the game" "$work/full.db" "$fire"
	power_cut undo "$work/fired.db" undo
	power_cut adjust "$work/base.db" "adjust Kempt --figures -3 --reason miscounted"
	power_cut batch "$work/base.db" "batch $work/batch.txt"
	# the old game's WAL goes before the new game takes its name, each
	# synced (db/db.c)
	power_cut "new --force" "$work/fired.db" "new --rules brigade --force --title Fresh"
	power_cut "new --example" none "new --rules brigade --example"
	# a game made by new is in WAL mode from its birth: its first writer
	# made a rollback journal to turn it to WAL, which a cut left hot for
	# check, a reader, to trip on (db/db.c)
	power_cut "new, unit import, a fire" none "new --rules brigade" \
	    "unit import $here/../cli/battle-oob.csv" "$fire" sheet
}

cd "$work" || exit 1
if ! games; then
	echo "not ok 1 - the battle game cannot be made"
	exit 1
fi
prove fire base.db "$WANT_FIRE" fire --firers 16 --distance 2 --target Kempt --dice 4
prove "fire as its WAL is copied in" full.db "$WANT_FIRE_COPY" fire --firers 16 --distance 2 \
    --target Kempt --dice 4
prove undo fired.db "$WANT_UNDO" undo
prove adjust base.db "$WANT_ADJUST" adjust Kempt --figures -3 --reason miscounted
prove "unit add" base.db "$WANT_UNIT_ADD" unit add Ney --side French --type infantry \
    --class french --units 4 --parent "II Corps"
prove "new --force" base.db "$WANT_NEW" new --rules brigade --force --title Fresh
prove batch base.db "$WANT_BATCH" batch "$work/batch.txt"
if [ "$mode" = short ]; then
	kill_rounds 10
	concurrent 25
	leftovers 10 20
else
	kill_rounds 70
	concurrent 400
	leftovers 100 600
fi
foreign
catalogue
damaged
power_cuts
. "$here/serve.sh"
echo "1..$n"
exit "$failed"
