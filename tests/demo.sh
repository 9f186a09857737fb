#!/bin/sh
# A short demo battle under the brigade rules: real adjudications with the
# dice typed as an umpire would, each printed with its working.
#   tests/demo.sh ./umpire
set -eu
u=${1:-./umpire}

step() {
	printf '\n$ umpire %s\n' "$*"
	"$u" "$@"
}

echo "== Quatre Bras, 4 p.m.: a French column against a British line (brigade rules)"
step --rules brigade move --type infantry --formation attack-column --charge --dice 4
step --rules brigade fire --guns 2 --ammo canister --distance 4 --dice 3,4,5
step --rules brigade fire --firers 16 --distance 2 --dice 4
step --rules brigade melee --attacker-figures 36 --defender-figures 14 \
	--attacker-mod column-charge --defender-firers 12 --dice 4,3,5,4
step --rules brigade morale --class british --figures 9
step --rules brigade move --type infantry --pushback 1 --dice 5
step --rules brigade rally --after follow-up --attempt 1 --dice 5
step --rules brigade fire --rocket --distance 14 --points 9 --dice 3,5,6,4,5
