#!/usr/bin/env bats
# The bands table of each rule set (CLI.md, "What each side may know"): a
# count kept off the table is told as the first row whose percentage is at
# or above the share of the start lost (rounded up, at most 100): 0 fresh,
# 1-25 light losses, 26-50 heavy losses, 51-99 shattered, 100 spent.  Each
# edge at, just below and just above it, at a start where the share is
# whole and where it is not.  (2x2 keeps no count: its states stand on the
# table, and its bands table has nothing to tell.)
load helper

# band SIDE UNIT: the band word SIDE's sheet gives UNIT.
band() {
	uj --json sheet --for "$1" | jq -r --arg u "$2" '.units[] | select(.name==$u) | .band'
}

# steps SIDE UNIT MEASURE SIGN "N WORD"...: adds N to UNIT's MEASURE (SIGN
# + or -, as the rule set counts it) and checks the word SIDE reads, each
# step in turn from nothing lost.
steps() {
	local side=$1 unit=$2 measure=$3 sign=$4 total=0 n word got
	shift 4
	[ "$(band "$side" "$unit")" = fresh ] || { echo "$unit at 0: $(band "$side" "$unit")"; return 1; }
	for step in "$@"; do
		n=${step%% *}
		word=${step#* }
		"$U" adjust "$unit" --$measure $sign$n --reason edge >/dev/null || return 1
		total=$((total + n))
		got=$(band "$side" "$unit")
		[ "$got" = "$word" ] || { echo "$unit at $total lost: '$got', want '$word'"; return 1; }
	done
}

# Brigade figures at fog table, as the enemy reads them.  Kempt, 64: 15 is
# 23.4% -> 24, 16 is 25% (whole), 17 is 26.6% -> 27, 32 is 50%, 33 is 51.6%
# -> 52, 63 is 98.4% -> 99, 64 spent; Ney, 18 (one French
# battalion): 4 is 22.2% -> 23, 5 is 27.8% -> 28, 9 is 50%, 10 is 55.6% ->
# 56, 17 is 94.4% -> 95, 18 is 100%.
@test "brigade: the bands' edges of a brigade's figures, as the enemy reads them" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british >/dev/null
	"$U" unit add Ney --side French --type infantry --class french --units 1 >/dev/null
	steps French Kempt figures - "1 light losses" "14 light losses" "1 light losses" \
	    "1 heavy losses" "15 heavy losses" "1 shattered" "30 shattered" "1 spent"
	steps British Ney figures - "1 light losses" "3 light losses" "1 heavy losses" \
	    "4 heavy losses" "1 shattered" "7 shattered" "1 spent"
}

# ohw fatigue points against the break point at fog table: 16 (4 is 25%,
# 5 is 31.25% -> 32, 8 is 50%, 9 is 56.25% -> 57, 15 is 93.75% -> 94, 16
# is 100%); 15 (3 is 20%, 4 is 26.7% ->
# 27, 7 is 46.7% -> 47, 8 is 53.3% -> 54, 14 is 93.3% -> 94); past the
# break point, spent still.  The share is rounded up, not down: 7 of 27 is
# 25.9%, past 25 (heavy losses), where 6 is 22.2%.
@test "ohw: the bands' edges of fatigue points, as the enemy reads them" {
	"$U" new --rules ohw >/dev/null
	"$U" unit add Sixteen --side French --type infantry --break-point 16 >/dev/null
	"$U" unit add Fifteen --side French --type infantry >/dev/null
	"$U" unit add Odd --side French --type infantry --break-point 27 >/dev/null
	"$U" unit add 1/95th --side British --type skirmishers >/dev/null
	steps British Sixteen fp + "1 light losses" "3 light losses" "1 heavy losses" \
	    "3 heavy losses" "1 shattered" "6 shattered" "1 spent" "1 spent"
	steps British Fifteen fp + "3 light losses" "1 heavy losses" "3 heavy losses" \
	    "1 shattered" "6 shattered" "1 spent"
	steps British Odd fp + "6 light losses" "1 heavy losses"
}

# fury stands at fog hidden, as the brigade's own side reads them: 4
# stands (1 is 25%, 2 is 50%, 3 is 75%, 4 spent); 6 stands (1 is 16.7% ->
# 17, 2 is 33.3% -> 34, 3 is 50%, 4 is 66.7% -> 67, 5 is 83.3% -> 84).
@test "fury: the bands' edges of a brigade's stands at fog hidden" {
	"$U" new --rules fury --fog hidden >/dev/null
	"$U" unit add Four --side British --type infantry --stands 4 --bel regular >/dev/null
	"$U" unit add Six --side British --type infantry --stands 6 --bel regular >/dev/null
	"$U" unit add Foy --side French --type infantry --stands 4 --bel regular >/dev/null
	steps British Four stands - "1 light losses" "1 heavy losses" "1 shattered" "1 spent"
	steps British Six stands - "1 light losses" "1 heavy losses" "1 heavy losses" \
	    "1 shattered" "1 shattered" "1 spent"
}

# squares hit markers at fog hidden, read against four (a count kept
# without a start: the ledger's band_start): 1 is 25%, 2 is 50%, 3 is
# 75%, 4 is 100%.
@test "squares: the bands' edges of hit markers at fog hidden" {
	"$U" new --rules squares --fog hidden >/dev/null
	"$U" unit add Guards --side British --type infantry --skirmish d6 --quality d6 --morale d6 >/dev/null
	"$U" unit add Ney --side French --type infantry --skirmish d8 --quality d8 --morale d8 >/dev/null
	steps British Guards hits + "1 light losses" "1 heavy losses" "1 shattered" "1 spent"
}
