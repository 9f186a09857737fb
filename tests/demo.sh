#!/bin/sh
# A short demo battle: real adjudications with the dice typed as an umpire
# would, in a game kept in a temporary directory, then the casualty sheet.
#   tests/demo.sh ./umpire
set -eu
u=$(cd "$(dirname "${1:-./umpire}")" && pwd)/$(basename "${1:-./umpire}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
unset UMPIRE_DB

step() {
	printf '\n$ umpire %s\n' "$*"
	"$u" "$@"
}

echo "== Quatre Bras, 4 p.m.: a French column against a British line (brigade rules)"
step new --rules brigade --title "Quatre Bras"
step unit import "$here/cli/battle-oob.csv"
step fire --unit "Royal Horse Artillery" --target Bachelu --ammo canister --distance 4 --dice 3,4,5
step fire --unit Kempt --target Bachelu --distance 2 --dice 4
step move --unit Bachelu --formation attack-column --charge --dice 4
step melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 4,3
step morale --unit Kempt
step sheet
step undo
step log

echo
echo "== The other rule sets, stateless"
step --rules 2x2 fire --firer foot-artillery --distance 2 --mod target-cavalry --dice 5
step --rules squares melee --attacker-spec inf:d8/d8,heavy-cav:d10 --defender-spec inf:d6/d8,foot-art --dice 7,3,4,6,2,8,5,9
step --rules fury fatigue --stands 33 --quality good
step --rules ohw fire --firer foot-artillery --distance 20 --dice 5
