#!/bin/sh
# Speed of umpire, each figure a ratio against a baseline run in this script.
#   1. a stateless ruling: 1000 `umpire fire` against 1000 `/bin/true`
#      (target: 1.3x);
#   2. a stateful ruling: 1000 `umpire fire --target` on a game holding
#      100,000 journal entries against the same on a game of ~10 entries
#      (target: within 1.3x: no cost that grows with history), and against
#      1000 `sqlite3 GAME "INSERT ...; SELECT ..."` doing one comparable
#      insert and read (target: 1.0x);
#   3. the casualty sheet of a 300-unit order of battle (tests/cli/
#      waterloo.sh) against that of the 9-unit battle (target: 2x);
#   4. `umpire odds` of an 8-gun and a 24-gun battery (misfire dice), of a
#      squares assault of 4 brigades a side and of a fury melee with 11
#      modifiers (1,296 outcomes), against a stateless fire (target: 5x);
#   5. 1000 rulings in one `umpire batch` against 1000 processes (target:
#      at least 20x faster);
#   6. `umpire serve` (umpire-serve beside the binary): a sheet.json asked
#      1000 times of an unchanged game (one curl, one connection) against
#      1000 `umpire sheet --json` processes; and made anew after each
#      ruling (the ruling and a curl of the page subtracted) against
#      `umpire sheet --json` after each ruling (the ruling subtracted)
#      (target: 1.0x, no dearer than the process).
#   tests/bench/run.sh ./umpire
set -eu
u=$(cd "$(dirname "${1:-./umpire}")" && pwd)/$(basename "${1:-./umpire}")
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
		"$@" >/dev/null
		i=$((i + 1))
	done
	echo $(( $(now_ns) - start ))
}

# alternate A B: nanoseconds for n runs of the function A and n of B, in
# ten alternating blocks, so that a drift of the machine's speed (this
# one's varies by a fifth over a minute) weighs on both alike: "nsA nsB".
alternate() {
	runs=$(( n / 10 > 0 ? n / 10 : 1 ))
	ta=0 tb=0 block=0
	while [ $block -lt 10 ]; do
		ta=$(( ta + $($1) ))
		tb=$(( tb + $($2) ))
		block=$((block + 1))
	done
	unset runs
	echo "$ta $tb"
}

ratio() {
	awk -v a="$2" -v b="$3" -v n="$n" -v what="$1" -v target="$4" 'BEGIN {
		printf "%-44s %7.3f ms vs %7.3f ms per run: %.2fx (target < %s)\n",
		    what, a / n / 1e6, b / n / 1e6, a / b, target
	}'
}

# A game of the small battle; with ballast, 100,000 journal entries first.
make_game() {
	mkdir -p "$work/$1"
	(
		cd "$work/$1"
		"$u" new --rules brigade --title bench >/dev/null
		"$u" unit import "$here/cli/battle-oob.csv" >/dev/null
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
}

echo "== stateless"
time_loop /bin/true >/dev/null
base=$(time_loop /bin/true)
fire=$(time_loop "$u" --rules brigade fire --firers 16 --distance 2 --dice 4)
base2=$(time_loop /bin/true)
ratio "stateless fire / /bin/true" "$fire" $(( (base + base2) / 2 )) 1.3

echo "== stateful"
make_game small 0
make_game large 100000
echo "journal entries: small $(sqlite3 "$work/small/umpire.db" 'SELECT count(*) FROM event'), large $(sqlite3 "$work/large/umpire.db" 'SELECT count(*) FROM event')"
"$u" --db "$work/large/umpire.db" check >/dev/null
fire_at() {
	(cd "$work/$1" && time_loop "$u" fire --firers 16 --distance 2 --target Pack --dice 4)
}
fire_small() { fire_at small; }
fire_large() { fire_at large; }
sql_call() {
	(cd "$work/small" && time_loop sqlite3 umpire.db "INSERT INTO event (turn, command, args, summary, created) VALUES (1, 'bench', '[]', 'bench', 'now'); SELECT total FROM effect WHERE unit = 4 AND kind = 'loss' ORDER BY id DESC LIMIT 1;")
}
set -- $(alternate fire_large fire_small)
ratio "stateful fire, 100,000-entry game / small" "$1" "$2" 1.3
set -- $(alternate fire_small sql_call)
ratio "stateful fire (small game) / sqlite3 call" "$1" "$2" 1.0

echo "== the casualty sheet"
mkdir -p "$work/waterloo"
(
	cd "$work/waterloo"
	"$u" new --rules brigade >/dev/null
	"$here/cli/waterloo.sh" brigade > oob.csv
	"$u" unit import oob.csv >/dev/null
)
sheet_at() {
	(cd "$work/$1" && time_loop "$u" sheet)
}
sheet_nine() { sheet_at small; }
sheet_waterloo() { sheet_at waterloo; }
set -- $(alternate sheet_waterloo sheet_nine)
ratio "sheet of 300 units / of 9 units" "$1" "$2" 2

echo "== odds before the roll"
n=$(( n / 20 > 0 ? n / 20 : 1 ))	# fewer runs: an assault takes longer
fire1=$(time_loop "$u" --rules brigade fire --firers 16 --distance 2 --dice 4)
battery=$(time_loop "$u" odds --rules brigade fire --guns 8 --distance 6)
assault=$(time_loop "$u" odds --rules squares melee \
    --attacker-spec heavy-cav:d10,heavy-cav:d10,cav:d8,cav:d8 \
    --defender-spec cav:d8,cav:d8,light-cav:d6,light-cav:d6)
battery24=$(time_loop "$u" odds --rules brigade fire --guns 24 --distance 6)
melee=$(time_loop "$u" odds --rules fury melee --attacker-type cavalry \
    --attacker-mod more-stands,fresh,guard,cavalry-charging-infantry,heavy-v-light,uphill,outflanking,leader-attached \
    --defender-mod worn,disordered,defending-cover)
ratio "odds of an 8-gun battery / stateless fire" "$battery" "$fire1" 5
ratio "odds of a 4-a-side squares assault / fire" "$assault" "$fire1" 5
ratio "odds of a 24-gun battery / fire" "$battery24" "$fire1" 5
ratio "odds of a fury melee, 11 modifiers / fire" "$melee" "$fire1" 5

echo "== batch"
mkdir -p "$work/batch"
(cd "$work/batch" && "$u" new --rules brigade >/dev/null && "$u" unit import "$here/cli/battle-oob.csv" >/dev/null)
n=${BENCH_N:-1000}
i=0
while [ $i -lt "$n" ]; do
	echo "fire --firers 16 --distance 2 --target Pack --dice 4"
	i=$((i + 1))
done >"$work/batch/rulings.txt"
one_batch=$(cd "$work/batch" && start=$(now_ns) && "$u" batch rulings.txt >/dev/null && echo $(( $(now_ns) - start )))
processes=$(fire_at batch)
awk -v a="$processes" -v b="$one_batch" -v n="$n" 'BEGIN {
	printf "%-44s %7.3f ms vs %7.3f ms per ruling: %.1fx faster (target > 20)\n",
	    "a process per ruling / one batch", a / n / 1e6, b / n / 1e6, a / b
}'

echo "== serve"
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
n=${BENCH_N:-1000}
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
ratio "serve: sheet.json, unchanged game / process" "$1" "$2" 1.0
# After each ruling, a sheet.json made anew: the fetch alone timed (not
# the ruling), less a fetch of the page (the same curl, no game read),
# against `umpire sheet --json` alone, less the clock's own cost.
n=$(( n / 10 > 0 ? n / 10 : 1 ))
rule() { "$u" fire --firers 16 --distance 2 --target Pack --dice 4 >/dev/null; }
after_rulings() {	# after_rulings CMD...: ns of CMD, each run after a ruling
	total=0
	i=0
	while [ $i -lt "${runs:-$n}" ]; do
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
set -- $(alternate json_after page_after) $(alternate sheet_after clock_after)
ratio "serve: sheet.json after a ruling / process" $(( $1 - $2 )) $(( $3 - $4 )) 1.0
