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

# Each word as a shell would need it to paste the command back.
quoted() {
	for w in "$@"; do
		case $w in
		*[!A-Za-z0-9_.,:/=+-]*|'') printf " '%s'" "$(printf '%s' "$w" | sed "s/'/'\\\\''/g")" ;;
		*) printf ' %s' "$w" ;;
		esac
	done
}

step() {
	printf '\n$ umpire%s\n' "$(quoted "$@")"
	"$u" "$@"
}

echo "== Quatre Bras, 4 p.m.: a French column against a British line (brigade rules)"
step new --rules brigade --title "Quatre Bras"
cp "$here/cli/battle-oob.csv" .
step unit import battle-oob.csv
step fire --unit "Royal Horse Artillery" --target Bachelu --ammo canister --distance 4 --dice 3,4,5
step fire --unit Kempt --target Bachelu --distance 2 --dice 4
step move --unit Bachelu --formation attack-column --charge --dice 4
step melee --attacker Bachelu --defender Kempt --attacker-mod column-charge --dice 4,3
step morale --unit Kempt
step odds melee --attacker Bachelu --defender Kempt --attacker-mod column-charge
step sheet
step undo
step log
step log show 2

echo
echo "== The other rule sets, stateless"
step --rules 2x2 fire --firer foot-artillery --distance 2 --mod target-cavalry --dice 5
step --rules squares melee --attacker-spec inf:d8/d8,heavy-cav:d10 --defender-spec inf:d6/d8,foot-art --dice 7,3,4,6,2,8,5,9
step --rules fury fatigue --stands 33 --quality good
step --rules ohw fire --firer foot-artillery --distance 20 --dice 5
