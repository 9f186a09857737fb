#!/bin/sh
# Speed of umpire, each figure a ratio against a baseline run in this
# script, with its goal:
#   1. the fsyncs of a stateful ruling (counted with strace): at most 2,
#      against the sqlite3 shell's for one insert;
#   2. a stateful ruling against the floor (tests/bench/floor.c: the same
#      game and settings, one row inserted, one sum read, committed):
#      1.25x (a guard: the floor does a strict subset of a ruling's
#      work), and against the sqlite3 shell doing the same: 0.7x (and, as
#      before, a game of 100,000 journal entries against a small one);
#   3. a ruling, a batch line, an adjust, and a batch of 1,000 fire and
#      adjust pairs, in a 2,000-unit game against a 10-unit game: 1.2x
#      (each costs what it names); report, log, check and every sheet of 2,000 units
#      against 1,000, and of twice the turns: 2.2x, in time and in memory;
#   4. a batch of 10,000 rulings: no temporary file, and 100x faster than a
#      process a ruling;
#   5. odds (an 8- and a 24-gun battery, a 4-a-side squares assault, a
#      fury melee with 11 modifiers; a 60-gun battery of crews 3,3,2,2,1,1
#      ..., a squares morale test of 12 units of 5-6 hits unable to
#      retreat) against a stateless fire: 2x;
#   6. a stateless fire against /bin/true: 1.0x;
#   7. `umpire serve` (umpire-serve beside the binary): a sheet.json asked
#      1000 times of an unchanged game (one curl, one connection) against
#      1000 `umpire sheet --json` processes; and made anew after each
#      ruling (the ruling and a curl of the page subtracted) against
#      `umpire sheet --json` after each ruling (the ruling subtracted):
#      1.0x, no dearer than the process;
#   8. `unit import` of 100,000 rows (1,000 divisions, a brigade under
#      each in turn) against ten of 10,000 rows: 1.2x, linear (every row
#      compared with every other took 191 s for 100,000).
#   tests/bench/run.sh ./umpire build/rel/floor	(BENCH_N runs a figure)
set -eu
u=$(cd "$(dirname "${1:-./umpire}")" && pwd)/$(basename "${1:-./umpire}")
floor=${2:-$(dirname "$u")/build/rel/floor}
floor=$(cd "$(dirname "$floor")" && pwd)/$(basename "$floor")
here=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_N:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset UMPIRE_DB

now_ns() { date +%s%N; }

# time_loop CMD...: nanoseconds for n runs of CMD (runs of them, if set).
time_loop() {
	start=$(now_ns)
	i=0
	while [ $i -lt "${runs:-$n}" ]; do
		# a command that fails is not timed: the bench stops
		"$@" >/dev/null || { echo "bench: failed: $*" >&2; kill "$$"; exit 1; }
		i=$((i + 1))
	done
	echo $(( $(now_ns) - start ))
}

# alternate A B: nanoseconds for n runs of the function A and n of B, in
# ten alternating blocks, so that a drift of the machine's speed (this
# one's varies by a fifth over a minute) weighs on both alike: "nsA nsB".
alternate() {
	total=${runs:-$n}
	runs=$(( total / 10 > 0 ? total / 10 : 1 ))
	ta=0 tb=0 block=0
	while [ $block -lt 10 ]; do
		ta=$(( ta + $($1) ))
		tb=$(( tb + $($2) ))
		block=$((block + 1))
	done
	unset runs
	echo "$ta $tb"
}

# ratio WHAT A B RUNS OP GOAL: A and B in ns for RUNS runs each; OP is
# "<=" or ">=" (the goal for A/B, or for B/A when ">=").
ratio() {
	awk -v what="$1" -v a="$2" -v b="$3" -v n="$4" -v op="$5" -v goal="$6" 'BEGIN {
		r = a / b
		met = op == ">=" ? r >= goal : r <= goal
		printf "%-46s %8.3f ms vs %8.3f ms: %6.2fx (goal %s %s)%s\n",
		    what, a / n / 1e6, b / n / 1e6, r, op, goal, (met ? "" : "  NOT MET")
	}'
}

# walls N: the targets of the rulings timed, "Wall 1" to "Wall N", each a
# brigade of four battalions of 24 guards (96 figures, two lost a
# ruling).  A unit with no figure left is out of the fight: the rulings go
# round the walls, and each block of them starts from the game as it was
# kept (pristine, afresh).
walls() {
	k=1
	while [ $k -le "$1" ]; do
		"$u" unit add "Wall $k" --side British --type infantry --class guards --units 4 >/dev/null
		k=$((k + 1))
	done
}

# pristine DIR: keeps DIR's game as it lies (its file, its WAL and the
# WAL's index: no command has them open); afresh DIR: puts it back.
pristine() {
	(cd "$work/$1" && for f in umpire.db umpire.db-wal umpire.db-shm; do
		rm -f "pristine.$f"; [ ! -f "$f" ] || cp "$f" "pristine.$f"; done)
}
afresh() {
	(cd "$work/$1" && for f in umpire.db umpire.db-wal umpire.db-shm; do
		rm -f "$f"; [ ! -f "pristine.$f" ] || cp "pristine.$f" "$f"; done)
	# the copies written out now, not by the first ruling's sync (a
	# journalling file system writes them with the next commit)
	sync
}

# A game of the small battle; with ballast, that many journal entries first.
make_game() {
	mkdir -p "$work/$1"
	(
		cd "$work/$1"
		"$u" new --rules brigade --title bench >/dev/null
		"$u" unit import "$here/cli/battle-oob.csv" >/dev/null
		walls 30
		if [ "$2" -gt 0 ]; then
			# Each ballast event adds then takes back a figure, so every
			# ledger stays true and `umpire check` agrees.
			sqlite3 umpire.db "
			BEGIN;
			WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < $2 - 1)
			INSERT INTO event (turn, command, args, dice, output, summary, created)
			SELECT 1, 'adjust', '[\"adjust\"]', '[]', '{}', 'ballast', 'bench' FROM k;
			INSERT INTO event_unit (event, unit, role)
			SELECT e.id, u.id, 'unit' FROM event e
			JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS r FROM unit WHERE formation = 0) u
			ON u.r = (e.id - 1) % 5;
			INSERT INTO effect (event, unit, kind, name, amount, total, detail)
			SELECT eu.event, eu.unit, 'loss', 'figures',
			    CASE WHEN ((eu.event - 1) / 5) % 2 = 0 THEN 1 ELSE -1 END,
			    CASE WHEN ((eu.event - 1) / 5) % 2 = 0 THEN 1 ELSE 0 END, ''
			FROM event_unit eu;
			COMMIT;"
		fi
		UMPIRE="$u" "$here/cli/battle.sh" --no-new >/dev/null 2>&1 || true
	)
	pristine "$1"
}

# A Waterloo of UNITS a division (12 divisions) in DIR, and TURNS turns
# of 20 rulings each, made by one batch.
make_battle() {
	mkdir -p "$work/$1"
	(
		cd "$work/$1"
		"$u" new --rules brigade >/dev/null
		"$here/cli/waterloo.sh" brigade "$2" >oob.csv
		"$u" unit import oob.csv >/dev/null
		walls 30
		# Each turn's 20 rulings fall on the next infantry of the three
		# divisions of each side's first corps (a unit n of a division
		# with n % 5 in 2..4: waterloo.sh), so that none is worn out by
		# the turns (a unit with no figure left is out of the fight).
		m=$(( $2 / 5 * 3 ))
		t=1
		while [ "$t" -le "$3" ]; do
			echo "turn next"
			k=0
			while [ $k -lt 10 ]; do
				slot=$(( ((t - 1) * 10 + k) % (3 * m) ))
				i=$(( slot % m ))
				unit="1/$(( slot / m + 1 ))/$(( i / 3 * 5 + 2 + i % 3 ))"
				echo "fire --firers 16 --distance 2 --target 'French $unit' --dice 4"
				echo "fire --firers 16 --distance 2 --target 'Allied $unit' --dice 3"
				k=$((k + 1))
			done
			t=$((t + 1))
		done >journal.txt
		"$u" batch journal.txt >/dev/null
	)
	pristine "$1"
}

# fire_at DIR: nanoseconds of n rulings round the 30 walls, from the game
# kept (a block of 100 takes 8 figures of each wall's 96).
fire_at() {
	afresh "$1"
	(
		cd "$work/$1"
		start=$(now_ns)
		i=0
		while [ $i -lt "${runs:-$n}" ]; do
			"$u" fire --firers 16 --distance 2 --target "Wall $(( i % 30 + 1 ))" \
			    --dice 4 >/dev/null ||
			    { echo "bench: failed: fire at Wall $(( i % 30 + 1 ))" >&2; kill "$$"; exit 1; }
			i=$((i + 1))
		done
		echo $(( $(now_ns) - start ))
	)
}

echo "== 6. stateless"
time_loop /bin/true >/dev/null
true_loop() { time_loop /bin/true; }
stateless() { time_loop "$u" --rules brigade fire --firers 16 --distance 2 --dice 4; }
set -- $(alternate stateless true_loop)
ratio "stateless fire / /bin/true" "$1" "$2" "$n" "<=" 1.0

echo "== 1. and 2. a stateful ruling"
make_game small 0
make_game large 100000
sql_call() {
	(cd "$work/small" && time_loop sqlite3 umpire.db "INSERT INTO event (turn, command, args, summary, created) VALUES (1, 'bench', '[]', 'bench', 'now'); SELECT sum(total) FROM unit_ledger WHERE kind = 'loss';")
}
if command -v strace >/dev/null 2>&1; then
	# Each ruling's syncs, over enough rulings to checkpoint twice.
	syncs=""
	i=0
	while [ $i -lt 24 ]; do
		(cd "$work/small" && strace -f -o "$work/strace" -e trace=fsync,fdatasync \
		    "$u" fire --firers 16 --distance 2 --target "Wall 1" --dice 4 >/dev/null)
		syncs="$syncs $(grep -c 'sync(' "$work/strace" || true)"
		i=$((i + 1))
	done
	(cd "$work/small" && strace -f -o "$work/strace" -e trace=fsync,fdatasync \
	    sqlite3 umpire.db "INSERT INTO event (turn, command, args, summary, created) VALUES (1, 'bench', '[]', 'bench', 'now')")
	shell=$(grep -c 'sync(' "$work/strace" || true)
	echo "$syncs" | awk -v shell="$shell" '{
		max = 0; sum = 0
		for (i = 1; i <= NF; i++) { sum += $i; if ($i > max) max = $i }
		printf "%-46s %d at most, %.2f on average; the sqlite3 shell %d: %.2fx (goal <= 2 syncs)%s\n",
		    "fsyncs of a stateful ruling", max, sum / NF, shell, max / shell,
		    (max <= 2 ? "" : "  NOT MET")
	}'
else
	echo "fsyncs of a stateful ruling: not counted (no strace)"
fi
fire_small() { fire_at small; }
fire_large() { fire_at large; }
floor_small() { (cd "$work/small" && time_loop "$floor" umpire.db); }
set -- $(alternate fire_small floor_small)
ratio "stateful fire / the floor (tests/bench/floor.c)" "$1" "$2" "$n" "<=" 1.25
set -- $(alternate fire_small sql_call)
ratio "stateful fire / the sqlite3 shell's insert" "$1" "$2" "$n" "<=" 0.7
set -- $(alternate fire_large fire_small)
ratio "stateful fire, 100,000-entry game / small" "$1" "$2" "$n" "<=" 1.3

echo "== 3. cost by the units a ruling names"
make_battle army2000 167 5
fire_big() { fire_at army2000; }
set -- $(alternate fire_big fire_small)
ratio "a ruling, 2,004-unit game / 10-unit game" "$1" "$2" "$n" "<=" 1.2
# (300 rulings round the 30 walls: 20 figures of each one's 96)
lines=300
i=0
while [ $i -lt "$lines" ]; do
	echo "fire --firers 16 --distance 2 --target 'Wall $(( i % 30 + 1 ))' --dice 4"
	i=$((i + 1))
done >"$work/rulings.txt"
batch_at() {	# DIR FILE: nanoseconds for one batch of FILE, from the game kept
	afresh "$1"
	(cd "$work/$1" && start=$(now_ns) && "$u" batch "$2" >/dev/null && echo $(( $(now_ns) - start )))
}
batch_big() { t=0; for k in 1 2 3; do t=$((t + $(batch_at army2000 "$work/rulings.txt"))); done; echo $t; }
batch_small() { t=0; for k in 1 2 3; do t=$((t + $(batch_at small "$work/rulings.txt"))); done; echo $t; }
runs=10
set -- $(alternate batch_big batch_small)
unset runs	# (alternate's own unset is its subshell's)
ratio "a batch line, 2,004-unit game / 10-unit game" "$1" "$2" $((lines * 3 * 10)) "<=" 1.2
# adjust names one unit: a figure lost at each wall, then given back
# (+N gives figures back, -N takes them).
adjust_at() {
	afresh "$1"
	(
		cd "$work/$1"
		start=$(now_ns)
		i=0
		while [ $i -lt "${runs:-$n}" ]; do
			sign=$([ $(( i / 30 % 2 )) = 0 ] && echo -1 || echo +1)
			"$u" adjust "Wall $(( i % 30 + 1 ))" --figures "$sign" --reason bench \
			    >/dev/null ||
			    { echo "bench: failed: adjust of Wall $(( i % 30 + 1 ))" >&2; kill "$$"; exit 1; }
			i=$((i + 1))
		done
		echo $(( $(now_ns) - start ))
	)
}
adjust_big() { adjust_at army2000; }
adjust_small() { adjust_at small; }
set -- $(alternate adjust_big adjust_small)
ratio "adjust, 2,004-unit game / 10-unit game" "$1" "$2" "$n" "<=" 1.2
# 1,000 pairs of a fire (two figures lost) and an adjust that gives them
# back.
pairs=1000
i=0
while [ $i -lt "$pairs" ]; do
	echo "fire --firers 16 --distance 2 --target 'Wall $(( i % 30 + 1 ))' --dice 4"
	echo "adjust 'Wall $(( i % 30 + 1 ))' --figures +2 --reason bench"
	i=$((i + 1))
done >"$work/pairs.txt"
pairs_big() { batch_at army2000 "$work/pairs.txt"; }
pairs_small() { batch_at small "$work/pairs.txt"; }
set -- $(alternate pairs_big pairs_small)
ratio "a batch of fire + adjust pairs, 2,004 units / 10" "$1" "$2" $((pairs * 10)) "<=" 1.2
make_battle units1000 83 100
make_battle units2000 167 100
cp -r "$work/units1000" "$work/turns200"
(cd "$work/turns200" && "$u" batch journal.txt >/dev/null)
echo "(996 and 2,004 units, 2,100 journal entries in 100 turns; and 996 units, 4,200 in 200 turns)"
memory() {	# DIR ARGS...: the largest resident size in KB
	d=$1
	shift
	(cd "$work/$d" && /usr/bin/time -f %M "$u" "$@" 2>&1 >/dev/null | tail -1)
}
each=$(( n / 50 > 2 ? n / 50 : 3 ))
for cmd in "report" "report --html $work/r.html" "log" "check" "sheet" "sheet --csv" \
    "--json sheet" "sheet --html $work/s.html"; do
	# shellcheck disable=SC2086
	at1000() { (cd "$work/units1000" && time_loop "$u" $cmd); }
	# shellcheck disable=SC2086
	at2000() { (cd "$work/units2000" && time_loop "$u" $cmd); }
	# shellcheck disable=SC2086
	at200() { (cd "$work/turns200" && time_loop "$u" $cmd); }
	runs=$each
	set -- $(alternate at2000 at1000)
	units=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }')
	runs=$each
	set -- $(alternate at200 at1000)
	turns=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }')
	name=$(echo "$cmd" | sed "s|$work/||")
	if [ -x /usr/bin/time ]; then
		# shellcheck disable=SC2086
		m1=$(memory units1000 $cmd)
		# shellcheck disable=SC2086
		m2=$(memory units2000 $cmd)
		# shellcheck disable=SC2086
		m3=$(memory turns200 $cmd)
		mem=$(awk -v a="$m1" -v b="$m2" -v c="$m3" 'BEGIN { printf "memory %.2fx, %.2fx (%d KB)", b / a, c / a, a }')
	else
		mem="memory not measured (no /usr/bin/time)"
	fi
	echo "$units $turns" | awk -v what="$name" -v mem="$mem" '{
		printf "%-22s 2x units %.2fx, 2x turns %.2fx; %s (goal <= 2.2)%s\n", what, $1, $2,
		    mem, ($1 <= 2.2 && $2 <= 2.2 ? "" : "  NOT MET")
	}'
done
unset runs

echo "== 4. batch"
mkdir -p "$work/batch"
# 10,000 rulings round 250 walls: 80 figures of each one's 96
(
	cd "$work/batch" && "$u" new --rules brigade >/dev/null &&
	    "$u" unit import "$here/cli/battle-oob.csv" >/dev/null && walls 250
)
pristine batch
i=0
while [ $i -lt 10000 ]; do
	echo "fire --firers 16 --distance 2 --target 'Wall $(( i % 250 + 1 ))' --dice 4"
	i=$((i + 1))
done >"$work/batch/rulings.txt"
if command -v strace >/dev/null 2>&1; then
	cp "$work/batch/umpire.db" "$work/batch/copy.db"
	(cd "$work/batch" && strace -f -o "$work/strace" -e trace=open,openat,creat \
	    "$u" --db copy.db batch rulings.txt >/dev/null)
	temps=$(grep -c 'etilqs_\|O_TMPFILE' "$work/strace" || true)
	printf "%-46s %d (goal 0)%s\n" "temporary files of a batch of 10,000 rulings" "$temps" \
	    "$([ "$temps" = 0 ] || echo "  NOT MET")"
fi
one_batch=$(cd "$work/batch" && start=$(now_ns) && "$u" batch rulings.txt >/dev/null && echo $(( $(now_ns) - start )))
np=$(( n / 2 > 0 ? n / 2 : 1 ))
np=$(( np > 300 ? 300 : np ))	# (the first 30 walls' figures)
processes=$(runs=$np fire_at batch)
awk -v a="$processes" -v b="$one_batch" -v np=$np 'BEGIN {
	r = (a / np) / (b / 10000)
	printf "%-46s %8.3f ms vs %8.3f ms: %6.1fx faster (goal >= 100)%s\n",
	    "a process a ruling / one batch of 10,000", a / np / 1e6, b / 10000 / 1e6, r,
	    (r >= 100 ? "" : "  NOT MET")
}'

echo "== 5. odds before the roll"
odds_n=$(( n / 10 > 0 ? n / 10 : 1 ))
fire_loop() { time_loop "$u" --rules brigade fire --firers 16 --distance 2 --dice 4; }
battery() { time_loop "$u" odds --rules brigade fire --guns 8 --distance 6; }
battery24() { time_loop "$u" odds --rules brigade fire --guns 24 --distance 6; }
assault() {
	time_loop "$u" odds --rules squares melee \
	    --attacker-spec heavy-cav:d10,heavy-cav:d10,cav:d8,cav:d8 \
	    --defender-spec cav:d8,cav:d8,light-cav:d6,light-cav:d6
}
melee() {
	time_loop "$u" odds --rules fury melee --attacker-type cavalry \
	    --attacker-mod more-stands,fresh,guard,cavalry-charging-infantry,heavy-v-light,uphill,outflanking,leader-attached \
	    --defender-mod worn,disordered,defending-cover
}
crews60=$(printf '3,3,2,2,1,1,%.0s' 1 2 3 4 5 6 7 8 9 10)
battery60() { time_loop "$u" odds --rules brigade fire --guns 60 --distance 6 --crew "${crews60%,}"; }
testers12=$(printf -- '--test brigade:d8:5 --test brigade:d8:6 %.0s' 1 2 3 4 5 6)
# shellcheck disable=SC2086
morale12() { time_loop "$u" odds --rules squares morale $testers12 --mod cannot-retreat; }
for what in battery battery24 assault melee battery60 morale12; do
	runs=$odds_n
	set -- $(alternate "$what" fire_loop)
	case $what in
	battery) name="odds of an 8-gun battery / stateless fire" ;;
	battery24) name="odds of a 24-gun battery / fire" ;;
	assault) name="odds of a 4-a-side squares assault / fire" ;;
	melee) name="odds of a fury melee, 11 modifiers / fire" ;;
	battery60) name="odds of a 60-gun battery, mixed crews / fire" ;;
	morale12) name="odds of squares morale, 12 units / fire" ;;
	esac
	ratio "$name" "$1" "$2" "$odds_n" "<=" 2
done
unset runs

echo "== 7. serve"
# The small game's pages; the server goes when the script ends.
serve_pid=""
trap '[ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$work/small" && exec "$u" serve --listen 127.0.0.1:0 >serve.out 2>serve.err) &
serve_pid=$!
i=0
while [ "$(cat "$work/small/serve.out" 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
page=$(awk '$1 == "umpire" { print $2 }' "$work/small/serve.out")
[ -n "$page" ] || { echo "umpire serve did not start: $(cat "$work/small/serve.err")"; exit 1; }
# curl_many: n sheet.json over one connection, in one process.
curl_many() {
	start=$(now_ns)
	i=0
	while [ $i -lt "${runs:-$n}" ]; do
		echo "url = \"${page}sheet.json\""
		echo "output = /dev/null"
		i=$((i + 1))
	done | curl -s -K - && echo $(( $(now_ns) - start ))
}
sheet_json() { (cd "$work/small" && time_loop "$u" sheet --json); }
set -- $(alternate curl_many sheet_json)
ratio "serve: sheet.json, unchanged game / process" "$1" "$2" "$n" "<=" 1.0
# After each ruling, a sheet.json made anew: the fetch alone timed (not
# the ruling), less a fetch of the page (the same curl, no game read),
# against `umpire sheet --json` alone, less the clock's own cost.
after_n=$(( n / 10 > 0 ? n / 10 : 1 ))
# (a ruling and the correction that puts its figures back: the wall lasts)
rule() {
	"$u" fire --firers 16 --distance 2 --target "Wall 1" --dice 4 >/dev/null
	"$u" adjust "Wall 1" --figures 2 --reason "back in the ranks" >/dev/null
}
after_rulings() {	# after_rulings CMD...: ns of CMD, each run after a ruling
	total=0
	i=0
	while [ $i -lt "${runs:-$after_n}" ]; do
		rule
		start=$(now_ns)
		"$@" >/dev/null
		total=$(( total + $(now_ns) - start ))
		i=$((i + 1))
	done
	echo $total
}
json_after() { (cd "$work/small" && after_rulings curl -s "${page}sheet.json"); }
page_after() { (cd "$work/small" && after_rulings curl -s "$page"); }
sheet_after() { (cd "$work/small" && after_rulings "$u" sheet --json); }
clock_after() { (cd "$work/small" && after_rulings true); }
runs=$after_n
set -- $(alternate json_after page_after)
runs=$after_n
set -- "$@" $(alternate sheet_after clock_after)
ratio "serve: sheet.json after a ruling / process" $(( $1 - $2 )) $(( $3 - $4 )) "$after_n" "<=" 1.0

clients() { python3 "$here/stress/serve_clients.py" "$@"; }
# A ruling to its change event, the umpire's view: 10 rulings at one wall
# (20 of its 96 figures), each timed from its end (its commit is before),
# beside the ruling's own time.
(cd "$work/small" && clients latency "$page" --runs 10 -- \
    "$u" fire --firers 16 --distance 2 --target "Wall 2" --dice 4) >"$work/latency.json"
jq -r '"\(.worst_ms) \(.median_ms) \(.command_median_ms)"' "$work/latency.json" | awk '{
	printf "%-46s %8.1f ms worst of 10 (median %.1f ms; the ruling itself %.1f ms): %.2fx the goal (goal <= 200 ms)%s\n",
	    "serve: a ruling to its change event", $1, $2, $3, $1 / 200, ($1 <= 200 ? "" : "  NOT MET")
}'
# 20 rulings 0.3 s apart, each at a wall of its own (Wall 3 to 22): the
# microseconds of each one kept, a line each.
{
	echo 'k=3'
	echo 'while [ $k -le 22 ]; do'
	echo '	start=$(date +%s%N)'
	echo "	'$u' fire --firers 16 --distance 2 --target \"Wall \$k\" --dice 4 >/dev/null &&"
	echo '	    echo $(( ($(date +%s%N) - start) / 1000 ))'
	echo '	sleep 0.3'
	echo '	k=$((k + 1))'
	echo 'done'
} >"$work/rulings.sh"
median_of() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$serve_pid/status"; }
# The same rulings with no client, then with 50 on the events and 50
# asking sheet.json twice a second (4 figures of each wall's 96 in all).
alone=$(cd "$work/small" && sh "$work/rulings.sh" | median_of)
(cd "$work/small" && clients crowd "$page" --streams 50 --pollers 50 --every 0.5 -- \
    sh "$work/rulings.sh" >"$work/crowd.json") &
crowd=$!
sleep 2		# (every client connected, the first rulings made)
rss_warm=$(rss)
wait "$crowd"
rss_end=$(rss)
jq -r '"\(.rulings) \(.changes_fewest) \(.streams_open) \(.polls) \(.polls_not_200) \(.output | map(tonumber) | sort | .[(length - 1) / 2 | floor])"' \
    "$work/crowd.json" | awk -v alone="$alone" -v warm="$rss_warm" -v end="$rss_end" '{
	met = $1 == 20 && $2 >= 20 && $3 == 50 && $5 == 0 && end - warm <= 2048
	printf "%-46s %d of 20 kept (median %.1f ms vs %.1f ms with no client: %.2fx), each of %d streams told %d times or more, %d answers (%d not 200); RSS %d -> %d KB (goal: every ruling kept and told, RSS flat)%s\n",
	    "serve: 50 on the events, 50 polling, 20 rulings", $1, $6 / 1000, alone / 1000,
	    $6 / alone, $3, $2, $4, $5, warm, end, (met ? "" : "  NOT MET")
}'
# A normal client asking the page every 0.2 s for 15 s alone, then while
# 600 slow clients from ten addresses (each sending a header line every
# 5 s, never ending its request) hold connections.
clients slow "$page" --clients 0 --seconds 15 >"$work/quiet.json"
clients slow "$page" --clients 600 --every 5 --seconds 15 \
    --sources 127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8,127.0.0.9,127.0.0.10,127.0.0.11 \
    >"$work/slow.json"
jq -rs '"\(.[0].normal.worst_ms) \(.[1].normal.worst_ms) \(.[1].normal.ok) \(.[1].normal.asked) \(.[1].slow.held_end)"' \
    "$work/quiet.json" "$work/slow.json" | awk '{
	printf "%-46s answered %d of %d (%d slow held), worst %.1f ms vs %.1f ms alone: %.2fx (goal: answered every time)%s\n",
	    "serve: the page beside 600 slow clients", $3, $4, $5, $2, $1, $2 / $1,
	    ($3 == $4 && $5 == 600 ? "" : "  NOT MET")
}'

# A CSV of ROWS rows: a tenth of a percent divisions, the rest brigades,
# each under a division in turn; imported into a fresh game.
oob() {
	awk -v rows="$1" 'BEGIN {
		print "name,side,type,parent,class,units"
		d = rows / 100
		for (i = 1; i <= d; i++)
			print "Division " i ",French,division,,,"
		for (i = 1; i <= rows - d; i++)
			print "Brigade " i ",French,infantry,Division " (i % d + 1) ",british,4"
	}' >"$work/oob$1.csv"
}
import_rows() {	# import_rows ROWS: ns of importing the CSV of ROWS into a fresh game
	rm -rf "$work/imp"
	mkdir "$work/imp"
	(cd "$work/imp" && "$u" new --rules brigade >/dev/null && start=$(now_ns) &&
	    "$u" unit import "$work/oob$1.csv" >/dev/null && echo $(( $(now_ns) - start )))
}
oob 100000
oob 10000
big=$(import_rows 100000)
small=0
for k in 1 2 3 4 5 6 7 8 9 10; do
	small=$(( small + $(import_rows 10000) ))
done
ratio "unit import: 100,000 rows / ten of 10,000" "$big" "$small" 1 "<=" 1.2
