#!/bin/sh
# A small brigade battle, as an umpire would key it in.  Used by the CLI
# tests (the final sheet is compared with golden/battle.sheet) and to fill
# a game for the benchmark.
#   UMPIRE=path/to/umpire tests/cli/battle.sh   (in an empty directory)
set -eu
u=${UMPIRE:?set UMPIRE to the binary}

# --no-new: the game and its order of battle are already there.
if [ "${1:-}" != --no-new ]; then
	"$u" new --rules brigade --title "Quatre Bras" >/dev/null
	"$u" unit import "$(dirname "$0")/battle-oob.csv" >/dev/null
fi

"$u" fire --unit "Royal Horse Artillery" --target Bachelu --distance 20 --dice 3,4,5 >/dev/null
"$u" fire --unit Kempt --target Bachelu --distance 2 --dice 4 >/dev/null
"$u" fire --unit Bachelu --target Kempt --distance 2 --dice 3 >/dev/null
"$u" turn next >/dev/null
"$u" move --unit Bachelu --formation attack-column --charge --dice 4 >/dev/null
"$u" melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 4,3 >/dev/null
"$u" melee --attacker Piré --defender Pack --dice 3,3 >/dev/null
"$u" turn next >/dev/null
"$u" melee --attacker Bachelu --defender Kempt --dice 5,2 >/dev/null
"$u" melee --attacker Piré --defender Pack --dice 5,2 >/dev/null
"$u" move --unit Pack --follow-up 1 --obstacle --dice 4 >/dev/null
"$u" adjust "Royal Horse Artillery" --figures -1 --reason "a gunner left off the sheet" >/dev/null
