#!/bin/sh
# The journal's model tests (tests/model/journal_model.py): random games in
# every rule set's sample battle, each step checked against the model's own
# replay of the journal.
#   tests/model/run.sh short|long UMPIRE_BINARY
# short (make check): every seed of the corpus, and 150 steps of a fixed
# seed in each rule set.  long (make stress): 10,000 steps of a fresh seed
# in each rule set, two at a time; a seed that fails is added to the corpus.
set -u
mode=$1
umpire=$2
here=$(cd "$(dirname "$0")" && pwd)
model="$here/journal_model.py"
fail=0

if [ "$mode" = short ]; then
	while read -r rules seed steps; do
		case "$rules" in ''|'#'*) continue ;; esac
		python3 "$model" "$umpire" "$rules" "$seed" "$steps" 10 || fail=1
	done <"$here/corpus"
	for rules in brigade squares fury 2x2 ohw; do
		python3 "$model" "$umpire" "$rules" 20261127 150 10 || fail=1
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
