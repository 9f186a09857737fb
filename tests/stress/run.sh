#!/bin/sh
# Proofs that stay: umpire keeps a sound game under faults, as TAP.
#   tests/stress/run.sh short|full FAULT_UMPIRE FAULT_SHIM
# FAULT_UMPIRE is the dynamic build (build/flt/umpire), FAULT_SHIM the
# LD_PRELOAD library (build/flt/faultshim.so).  `short` (in make check)
# samples the fault points and runs fewer rounds; `full` (make stress)
# takes every one.
#   1. malloc failure at every allocation of one stateful ruling;
#   2. an I/O failure at every write and sync of it;
#   3. kill -9 in the middle of rulings;
#   4. concurrent writers, none lost;
#   5. foreign files left byte-identical;
#   6. the bad-input catalogue (tests/stress/bad-input.txt).
# Each fault run must end without a signal; the game must pass
# `umpire check` and hold the event whole, or not at all.
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

tap() {	# tap OK DESCRIPTION [DETAIL]
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		[ -n "${3:-}" ] && echo "# $3"
	fi
}

events() { sqlite3 "$UMPIRE_DB" "SELECT count(*) FROM event"; }

# The last event is whole: linked to its units, its effects there.
linked() {
	sqlite3 "$UMPIRE_DB" "SELECT (SELECT count(*) FROM event_unit WHERE event = m) > 0
	    AND (SELECT count(*) FROM effect WHERE event = m) > 0
	    FROM (SELECT max(id) AS m FROM event)"
}

base_game() {
	rm -f "$work"/umpire.db*
	"$u" new --rules brigade >/dev/null &&
	"$u" unit import "$here/../cli/battle-oob.csv" >/dev/null &&
	cp "$UMPIRE_DB" "$work/base.db"
}

ruling() {
	"$u" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null 2>&1
}

# sweep KIND: a fault at every point (short: every 7th) of one ruling.
sweep() {
	kind=$1
	var=FAULT_$(echo "$kind" | tr a-z A-Z)_AT
	rm -f "$work/count"
	LD_PRELOAD=$shim FAULT_COUNT=$work/count ruling
	if [ "$kind" = malloc ]; then total=$(cut -d' ' -f1 "$work/count");
	else total=$(cut -d' ' -f2 "$work/count"); fi
	step=1
	[ "$mode" = short ] && step=7
	bad="" runs=0 ok0=0
	i=1
	while [ "$i" -le "$total" ]; do
		rm -f "$work"/umpire.db-*
		cp "$work/base.db" "$UMPIRE_DB"
		env LD_PRELOAD="$shim" "$var=$i" "$u" fire --firers 16 --distance 2 \
		    --target Kempt --dice 4 >/dev/null 2>"$work/err"
		rc=$?
		runs=$((runs + 1))
		after=$(events)
		if [ "$rc" -ge 128 ]; then
			bad="$bad $i:signal$rc"
		elif ! "$u" check >/dev/null 2>&1; then
			bad="$bad $i:check"
		elif [ "$rc" = 0 ] && { [ "$after" != 1 ] || [ "$(linked)" != 1 ]; }; then
			bad="$bad $i:exit0-without-event"
		elif [ "$after" != 0 ] && [ "$(linked)" != 1 ]; then
			bad="$bad $i:half-event"
		fi
		[ "$rc" = 0 ] && ok0=$((ok0 + 1))
		i=$((i + step))
	done
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" \
	    "$kind failure at $runs of $total points of a stateful fire: no signal, the game sound ($ok0 went through)" \
	    "failed at:$bad"
}

kill_rounds() {
	rounds=$1
	bad=""
	base_game
	r=1
	while [ "$r" -le "$rounds" ]; do
		( while :; do ruling; "$u" undo >/dev/null 2>&1; ruling; done ) &
		pid=$!
		sleep "0.0$(( (r * 37) % 9 + 1 ))"
		kill -9 "$pid" 2>/dev/null
		pkill -9 -P "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		sleep 0.02
		"$u" check >/dev/null 2>&1 || bad="$bad $r"
		r=$((r + 1))
	done
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" "kill -9 in the middle of rulings: $rounds/$rounds rounds sound" \
	    "unsound after rounds:$bad"
}

concurrent() {
	writers=8 each=$1
	base_game
	w=1
	while [ "$w" -le "$writers" ]; do
		( k=0; while [ $k -lt "$each" ]; do
			UMPIRE_BUSY_TIMEOUT=20000 "$u" fire --firers 16 --distance 2 --target Kempt \
			    --dice 3 >/dev/null 2>>"$work/conc.err" || echo x >>"$work/lost"
			k=$((k + 1)); done ) &
		w=$((w + 1))
	done
	wait
	want=$((writers * each))
	got=$(events)
	"$u" check >/dev/null 2>&1
	tap $(( $? != 0 || got != want )) "$writers concurrent writers: $got/$want rulings kept" \
	    "$(head -3 "$work/conc.err" 2>/dev/null)"
}

# Foreign files: each left byte-identical by readers and writers.
foreign() {
	bad=""
	mkdir -p "$work/f" && cd "$work/f" || return
	head -c 65536 /dev/urandom >random.db
	printf 'name,side\nKempt,British\n' >text.db
	: >empty.db
	base_game
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
		# a damaged page they load
		for cmd in "sheet" "log" "fire --firers 16 --distance 2 --target Kempt --dice 4" \
		    "unit add Ney --side French --type infantry --class french --units 4" \
		    "undo" "new --rules brigade"; do
			# shellcheck disable=SC2086
			timeout 10 "$u" --db "$f.db" $cmd >/dev/null 2>&1
			rc=$?
			# (undo finds nothing to undo without reading the damaged
			# page, and writes nothing: the file stays as it was)
			case $rc:$cmd in
			0:sheet|0:log|0:undo) [ "$f" = corrupt ] || bad="$bad $f:$cmd:$rc" ;;
			0:*) bad="$bad $f:$cmd:$rc" ;;
			esac
			[ "$rc" -ge 124 ] && bad="$bad $f:$cmd:$rc"
		done
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
# leave the game byte-identical.
catalogue() {
	bad="" count=0
	base_game
	"$u" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	cp "$UMPIRE_DB" "$work/cat.db"
	sum=$(md5sum <"$UMPIRE_DB")
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
		[ "$(md5sum <"$UMPIRE_DB")" = "$sum" ] || { bad="$bad [$args: changed the game]";
		    cp "$work/cat.db" "$UMPIRE_DB"; }
	done <"$here/bad-input.txt"
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" "the bad-input catalogue: $count cases, each refused with its status and the game untouched" "$bad"
}

cd "$work" || exit 1
base_game
sweep malloc
sweep io
if [ "$mode" = short ]; then
	kill_rounds 10
	concurrent 25
else
	kill_rounds 70
	concurrent 400
fi
foreign
catalogue
echo "1..$n"
