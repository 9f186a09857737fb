#!/bin/sh
# Speed of a stateless ruling: 1000 `umpire fire` runs timed against 1000
# runs of /bin/true in the same script; prints the ratio (target: < 3).
#   tests/bench/run.sh ./umpire
set -eu
u=${1:-./umpire}
n=${BENCH_N:-1000}

now_ns() { date +%s%N; }

time_loop() {
	start=$(now_ns)
	i=0
	while [ $i -lt "$n" ]; do
		"$@" >/dev/null
		i=$((i + 1))
	done
	echo $(( $(now_ns) - start ))
}

# Warm the caches once.
time_loop /bin/true >/dev/null
"$u" --rules brigade fire --firers 16 --distance 2 --dice 4 >/dev/null

base=$(time_loop /bin/true)
fire=$(time_loop "$u" --rules brigade fire --firers 16 --distance 2 --dice 4)
base2=$(time_loop /bin/true)
base=$(( (base + base2) / 2 ))

echo "stateless fire: $n runs in $((fire / 1000000)) ms; /bin/true: $((base / 1000000)) ms"
awk -v a="$fire" -v b="$base" -v n="$n" 'BEGIN {
	printf "per run: fire %.3f ms, /bin/true %.3f ms\n", a / n / 1e6, b / n / 1e6
	printf "ratio stateless fire / true: %.2fx (target < 3x)\n", a / b
}'
