#!/bin/sh
# The journal's model tests (tests/model/journal_model.py): random games in
# every rule set's sample battle, each step checked against the model's own
# replay of the journal.
#   tests/model/run.sh short UMPIRE_BINARY SANITIZED_BINARY
#   tests/model/run.sh long UMPIRE_BINARY
# short (make check): every seed of the corpus and 100 steps of a fixed
# seed in each rule set with UMPIRE_BINARY, and 20 steps of another seed in
# each under the sanitizers (a sanitized run costs ten times a plain one),
# two at a time.  long (make stress): 10,000 steps of a fresh seed in each
# rule set, two at a time; a seed that fails is added to the corpus.
set -u
mode=$1
umpire=$2
sanitized=${3:-$2}
here=$(cd "$(dirname "$0")" && pwd)
model="$here/journal_model.py"
fail=0

if [ "$mode" = short ]; then
	# two at a time (this machine has two cores), each one's TAP whole
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	{
		grep -v '^#' "$here/corpus" | grep . | sed "s|^|$umpire |"
		for rules in brigade squares fury 2x2 ohw; do
			echo "$umpire $rules 20261127 100"
			echo "$sanitized $rules 20261128 20"
		done
	} >"$out/runs"
	n=0
	while read -r binary rules seed steps; do
		n=$((n + 1))
		( python3 "$model" "$binary" "$rules" "$seed" "$steps" 10 >"$out/$n" 2>&1 ||
		    grep -q '^not ok' "$out/$n" ||
		    echo "not ok - the model of $rules, seed $seed, ended without its verdict" >>"$out/$n" ) &
		[ $((n % 2)) -eq 0 ] && wait
	done <"$out/runs"
	wait
	k=1
	while [ "$k" -le "$n" ]; do
		cat "$out/$k"
		grep -q '^not ok' "$out/$k" && fail=1
		k=$((k + 1))
	done
	exit $fail
fi

seed=${MODEL_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
steps=${MODEL_STEPS:-10000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for rules in brigade squares fury 2x2 ohw; do
	python3 "$model" "$umpire" "$rules" "$seed" "$steps" 25 >"$out/$rules" 2>&1 &
	# two at a time: this machine has two cores
	[ "$rules" = squares ] || [ "$rules" = 2x2 ] && wait
done
wait
for rules in brigade squares fury 2x2 ohw; do
	cat "$out/$rules"
	if grep -q '^not ok' "$out/$rules"; then
		fail=1
		echo "$rules $seed $steps" >>"$here/corpus"
		echo "# kept in tests/model/corpus: $rules $seed $steps"
	fi
done
exit $fail
