#!/usr/bin/env bats
# odds: the exact distribution of a ruling, and proof that it is the
# distribution of the rulings themselves, face by face.
load helper

# faces KIND: the faces of a die (avg: the average die, 2 3 3 4 4 5).
faces() {
	case $1 in
	avg) echo 2 3 3 4 4 5 ;;
	d6) echo 1 2 3 4 5 6 ;;
	d8) echo 1 2 3 4 5 6 7 8 ;;
	esac
}

# rulings MODE FIELD -- ARGS: many rulings in one process (rulings.py).
rulings() {
	python3 "$BATS_TEST_DIRNAME/rulings.py" "$@"
}

# by_hand FIELD KIND1 KIND2 -- ARGS: every face of one or two dice through
# the adjudication; prints "value count/total" lines, fractions unreduced.
by_hand() {
	local field=$1 k1=$2 k2=$3 total
	shift 4
	local tmp
	tmp=$(mktemp)
	for a in $(faces "$k1"); do
		if [ "$k2" = - ]; then
			echo "$a"
		else
			for b in $(faces "$k2"); do echo "$a,$b"; done
		fi
	done | rulings values "$field" -- "$@" >"$tmp" || return 1
	total=$(wc -l <"$tmp")
	sort "$tmp" | uniq -c | awk -v t="$total" '
	    function gcd(a, b) { while (b) { c = a % b; a = b; b = c } return a }
	    { g = gcd($1, t); printf "%s %s\n", $2, ($1 == t ? "1" : ($1 / g) "/" (t / g)) }' | sort
	rm -f "$tmp"
}

# by_odds FIELD -- ARGS: the same from umpire odds; fails when the odds
# fail or do not list FIELD.
by_odds() {
	local field=$1 out
	shift 2
	out=$(uj --json odds "$@") || { echo "odds failed: $*" >&2; return 1; }
	printf '%s' "$out" | jq -er ".odds[\"$field\"][] | \"\(.value|tojson) \(.fraction)\"" | sort
	[ "${PIPESTATUS[1]}" -eq 0 ] || { echo "odds list no $field: $*" >&2; return 1; }
}

# same FIELD K1 K2 -- ARGS: the odds equal the rulings face by face; both
# sides must succeed and list something (two failures are not equal).
same() {
	local hand odds
	hand=$(by_hand "$@") || return 1
	odds=$(by_odds "$1" -- "${@:5}") || return 1
	[ -n "$hand" ] && [ -n "$odds" ] || { echo "nothing to compare: '$hand' '$odds'"; return 1; }
	[ "$hand" = "$odds" ] || { diff <(echo "$hand") <(echo "$odds"); return 1; }
}

# by_walk FIELD -- ARGS: walk's sequences weighed 6^-depth each, as
# "value fraction" lines in lowest terms.
by_walk() {
	local field=$1
	shift 2
	rulings walk "$field" -- "$@" | awk '
	    function gcd(a, b) { while (b) { c = a % b; a = b; b = c } return a }
	    { v[NR] = $1; d[NR] = $2; if ($2 > m) m = $2 }
	    END {
		for (i = 1; i <= NR; i++) w[v[i]] += 6 ^ (m - d[i])
		t = 6 ^ m
		for (k in w) { g = gcd(w[k], t); printf "%s %s\n", k, (w[k] == t ? "1" : (w[k] / g) "/" (t / g)) }
	    }' | sort
}

@test "squares: a unit that cannot retreat retests on its own dice, which odds weigh as rolled only then" {
	# a d6 passes on 5+: one fail, a hit more and two dice again; two fails
	# destroy it
	hand=$(by_walk outcome -- --rules squares morale --morale d6 --hits 1 --mod cannot-retreat)
	odds=$(by_odds outcome -- --rules squares morale --morale d6 --hits 1 --mod cannot-retreat)
	[ -n "$hand" ] && [ "$hand" = "$odds" ] || { diff <(echo "$hand") <(echo "$odds"); return 1; }
	# (two hits walk some 5,000 rulings: half a minute a run)
	hand=$(by_walk fails -- --rules squares morale --morale d6 --hits 1 --mod cannot-retreat)
	odds=$(by_odds fails -- --rules squares morale --morale d6 --hits 1 --mod cannot-retreat)
	[ -n "$hand" ] && [ "$hand" = "$odds" ] || { diff <(echo "$hand") <(echo "$odds"); return 1; }
	# worked by hand: the first die passes 1/3 (holds); else (2/3) both
	# dice of the retest fail (2/3)^2 = 4/9: destroyed 2/3 x 4/9 = 8/27
	[ "$(by_odds outcome -- --rules squares morale --morale d6 --hits 1 --mod cannot-retreat)" = '"destroyed" 8/27
"holds" 19/27' ]
}

@test "odds of a stateless fire, text: the headline table, the expected value" {
	umpire odds --rules brigade fire --firers 16 --distance 2
	[ "$status" -eq 0 ]
	has_line "  expected casualties: 1.500"
	[[ "${lines[0]}" == "odds of brigade fire: "* ]]
}

@test "odds --json: one entry per scalar field, fractions in lowest terms summing to 1" {
	umpire --json odds --rules fury fire --fire-points 6
	[ "$status" -eq 0 ]
	[ "$(json '.rules')" = fury ]
	[ "$(json '.command')" = fire ]
	for f in stands_lost retreat disorder cell score; do
		[ "$(json ".odds.$f | map(.p) | add | . * 1000000 | round")" = 1000000 ]
		# the fractions add up to exactly 1 (a common denominator of 36)
		[ "$(json "[.odds.$f[].fraction | if . == \"1\" then 36 else (split(\"/\") | (.[0]|tonumber) * 36 / (.[1]|tonumber)) end] | add")" = 36 ]
	done
	[ "$(json '.odds.score | map(select(.value == 7))[0].fraction')" = "1/6" ]
	[ "$(json '.expected.score')" = 7 ]
}

@test "--odds on an adjudication equals umpire odds" {
	umpire --json --rules 2x2 melee --attacker-type line --defender-type guards --odds
	[ "$status" -eq 0 ]
	a=$output
	umpire --json odds --rules 2x2 melee --attacker-type line --defender-type guards
	[ "$status" -eq 0 ]
	[ "$a" = "$output" ]
}

@test "brigade: odds equal the rulings, face by face" {
	same casualties avg - -- --rules brigade fire --firers 16 --distance 2
	same casualties avg - -- --rules brigade fire --firers 40 --distance 5 --mod hard-cover
}

@test "fury: odds equal the rulings, face by face" {
	same cell d6 d6 -- --rules fury fire --fire-points 6 --mod enfilade
	same result d6 d6 -- --rules fury move --quality good --type infantry
}

@test "2x2: odds equal the rulings, face by face" {
	same outcome d6 - -- --rules 2x2 fire --firer line --distance 1
	same loser d6 d6 -- --rules 2x2 melee --attacker-type heavy-cavalry --defender-type line
}

@test "ohw: odds equal the rulings, face by face" {
	same fatigue_points d6 - -- --rules ohw fire --firer line --distance 5
	same outcome d6 d6 -- --rules ohw melee --attacker-type cavalry --defender-type infantry
}

@test "squares: odds equal the rulings, face by face" {
	same hits d8 - -- --rules squares fire --artillery horse --range close
	same rallied d6 - -- --rules squares rally --morale d6 --hits 2
}

@test "odds in a game read the units and record nothing" {
	small_oob
	before=$(md5sum umpire.db)
	umpire --json odds fire --firers 16 --distance 2 --target Kempt
	[ "$status" -eq 0 ]
	[ "$(json '.odds.casualties | length')" = 2 ]
	[ "$(md5sum umpire.db)" = "$before" ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
}

@test "odds take the adjudication's errors; dice are refused" {
	umpire odds --rules brigade fire --firers 16 --distance 2 --dice 4
	expect_error 64 "drop --dice, --roll and --seed: the odds weigh every face the dice can show"
	umpire odds --rules brigade fire --distance 2
	expect_error 64 "give --firers N (infantry), --guns N (artillery) or --rocket; in a game, --unit NAME reads them"
	umpire odds --rules brigade fire --firers -1 --distance 2
	expect_error 65 "--firers: -1 is negative; expected a whole number from 0 to 100000"
	umpire odds --rules brigade fatigue
	expect_error 64 "the brigade rules have no fatigue"
	umpire odds
	expect_error 64 "name the ruling to weigh: umpire odds fire|melee|morale|rally|fatigue|move [its options, no --dice]"
	umpire --json odds
	expect_error 64 "name the ruling to weigh: umpire odds fire|melee|morale|rally|fatigue|move [its options, no --dice]"
}

@test "brigade artillery: misfire dice counted, not ordered, equal the rulings face by face" {
	# two guns: each misfire d6 (1 or 6 misfires), then the average die
	# unless both misfired; weights over 6 x 6 x 6 sequences
	local tmp total=216
	tmp=$(mktemp)
	for m1 in 1 2 3 4 5 6; do for m2 in 1 2 3 4 5 6; do
		if { [ $m1 = 1 ] || [ $m1 = 6 ]; } && { [ $m2 = 1 ] || [ $m2 = 6 ]; }; then
			for i in 1 2 3 4 5 6; do echo "$m1,$m2"; done
		else
			for a in 2 3 3 4 4 5; do echo "$m1,$m2,$a"; done
		fi
	done; done | rulings values casualties -- --rules brigade fire --guns 2 --distance 6 \
	    >"$tmp" || return 1
	hand=$(sort "$tmp" | uniq -c | awk -v t=$total '
	    function gcd(a, b) { while (b) { c = a % b; a = b; b = c } return a }
	    { g = gcd($1, t); printf "%s %s\n", $2, ($1 / g) "/" (t / g) }' | sort)
	rm -f "$tmp"
	odds=$(by_odds casualties -- --rules brigade fire --guns 2 --distance 6)
	[ -n "$hand" ] && [ "$hand" = "$odds" ]
}

@test "brigade artillery of 8 guns: exact, and quick" {
	umpire --json odds --rules brigade fire --guns 8 --distance 6
	[ "$status" -eq 0 ]
	[ "$(json '.odds.casualties | map(.p) | add | . * 1000000 | round')" = 1000000 ]
	[ "$(json '.odds.guns_fired | map(select(.value == 8))[0].fraction')" = "256/6561" ]
}

# sum_is_one FIELD: the fractions of FIELD in the last odds add up to
# exactly 1 (over their common denominator, with python's exact fractions).
sum_is_one() {
	printf '%s' "$output" | jq -r ".odds[\"$1\"][].fraction" | python3 -c '
import sys
from fractions import Fraction
total = sum(Fraction(line.strip()) for line in sys.stdin)
sys.exit(0 if total == 1 else 1)'
}

@test "a battery whose crews alternate is weighed gun by gun, at once" {
	# 24 guns, crews 3,2,3,2...: trying every roll made 2^24 outcomes and
	# more (it was refused); gun by gun, each fires 2 times in 3 (the
	# misfire table: 1 and 6 misfire)
	local crews=3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2,3,2 start elapsed
	start=$(date +%s%N)
	umpire --json odds --rules brigade fire --guns 24 --distance 20 --crew "$crews"
	elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
	[ "$status" -eq 0 ]
	[ "$elapsed" -lt 2000 ] || { echo "weighed in $elapsed ms"; return 1; }
	for f in casualties row guns_fired misfires; do sum_is_one "$f"; done
	# every gun fires: (2/3)^24 = 2^24 / 3^24
	[ "$(json '.odds.guns_fired | map(select(.value == 24))[0].fraction')" = "16777216/282429536481" ]
	# 20" is long range (no per-gun bonus): the row is the crew firing,
	# 2/3 of the 60 crew on average; 16 guns fire, 8 misfire
	[ "$(json '.expected.row')" = 40 ]
	[ "$(json '.expected.guns_fired')" = 16 ]
	[ "$(json '.expected.misfires')" = 8 ]
}

@test "a battery of 60 guns, crews in any order: exact, worked by hand" {
	local crews
	crews=$(printf '3,3,2,2,1,1,%.0s' 1 2 3 4 5 6 7 8 9 10)
	umpire --json odds --rules brigade fire --guns 60 --distance 6 --crew "${crews%,}"
	[ "$status" -eq 0 ]
	for f in casualties range row carried_row guns_fired misfires; do sum_is_one "$f"; done
	# 6" is close range: +1 a gun firing; a gun fires 2 times in 3, so
	# on average 40 fire with 2/3 of the 120 crew: row 80 + 40 = 120
	[ "$(json '.expected.guns_fired')" = 40 ]
	[ "$(json '.expected.row')" = 120 ]
	# the most: every gun, 120 crew + 60 = row 180, in (2/3)^60
	[ "$(json '.odds.row | map(select(.value == 180))[0].fraction')" = \
	    "1152921504606846976/42391158275216203514294433201" ]
	[ "$(json '.odds.guns_fired | length')" = 61 ]
}

@test "the largest battery a ruling takes is weighed; one gun more is refused as the ruling is" {
	# a misfire die a gun and the average die: 256 dice, a ruling's most
	umpire --json odds --rules brigade fire --guns 255 --distance 20
	[ "$status" -eq 0 ]
	# a gun fires 2 times in 3: 170 of 255 on average
	[ "$(json '.expected.guns_fired')" = 170 ]
	sum_is_one guns_fired
	umpire --rules brigade fire --guns 256 --distance 20 --roll --seed 3
	expect_error 65 "umpire: fire: the ruling asks for more than 256 dice"
	umpire odds --rules brigade fire --guns 256 --distance 20
	expect_error 65 "umpire: odds: the ruling asks for more than 256 dice"
}

@test "a squares morale test of twelve units is weighed unit by unit: exact, worked by hand" {
	local tests=() i
	for i in 1 2 3 4 5 6; do tests+=(--test brigade:d8:5 --test brigade:d8:6); done
	umpire --json odds --rules squares morale "${tests[@]}" --square-units 6 --mod cannot-retreat
	[ "$status" -eq 0 ]
	for f in fails outcome square_must_retreat; do sum_is_one "$f"; done
	# the last unit (d8, passes 5+: 1 in 2, 6 hits) holds on no fail (1 in
	# 64), or, unable to retreat on one fail (6 in 64), on at most one fail
	# of 7 dice (8 in 128): 1/64 + 6/64 x 1/16 = 11/512
	[ "$(json '.odds.outcome | map("\(.value)=\(.fraction)") | join(",")')" = "destroyed=501/512,holds=11/512" ]
	# without the retest its fails are as the dice fall: 3 on average
	umpire --json odds --rules squares morale "${tests[@]}"
	[ "$status" -eq 0 ]
	[ "$(json '.expected.fails')" = 3 ]
	[ "$(json '.odds.outcome | map(select(.value == "holds"))[0].fraction')" = "1/64" ]
	# as many units as the ruling takes, and one more refused as it is
	umpire --json odds --rules squares morale "${tests[@]}" "${tests[@]:0:8}"
	[ "$status" -eq 0 ]
	umpire odds --rules squares morale "${tests[@]}" "${tests[@]:0:10}"
	expect_error 65 "umpire: odds: --test: at most 16 units"
}

@test "odds of a morale test of nine units of a game read them, unit by unit, and record nothing" {
	"$U" new --rules squares --example >/dev/null
	local units=(Colborne Hoghton Abercrombie "Allied Artillery" "Myers' Fusiliers"
	    "Harvey's Portuguese" "Lumley's Cavalry" Zayas Ballesteros) args=() u before
	for u in "${units[@]}"; do
		"$U" adjust "$u" --hits 2 --reason "under fire" >/dev/null
		args+=(--unit "$u")
	done
	before=$(sqlite3 umpire.db 'SELECT count(*) FROM event')
	umpire --json odds morale "${args[@]}" --mod cannot-retreat
	[ "$status" -eq 0 ]
	for f in fails outcome; do sum_is_one "$f"; done
	# the last, Ballesteros (morale d6: passes 5+, 1 in 3; 2 hits), holds
	# on no fail (1/9), or, unable to retreat on one (4/9), on at most one
	# fail of 3 dice (1/27 + 6/27): 1/9 + 4/9 x 7/27 = 55/243
	[ "$(json '.odds.outcome | map(select(.value == "holds"))[0].fraction')" = "55/243" ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = "$before" ]
	# and the ruling takes the nine
	umpire morale "${args[@]}" --mod cannot-retreat --roll --seed 4
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "9 units tested: "* ]]
}

@test "text prints values as the ruling does, and never 0.0% for a chance that is not nil" {
	# difficult ground halves a d6: 0.5 to 3 inches, each 1 in 6
	umpire odds --rules brigade move --type infantry --terrain difficult
	[ "$status" -eq 0 ]
	has_line "  2.5                      16.7%  1/6            #######"
	# 8 guns all misfire in 1 of 3^8 = 6561: under a tenth of a per cent
	umpire odds --rules brigade fire --guns 8 --distance 6
	[ "$status" -eq 0 ]
	[[ "$output" == *"guns fired: 0 <0.1%, 1 0.2%,"* ]]
	[[ "$output" != *" 0.0%"* ]]
}

@test "a turn's action dice are weighed by their faces, whatever their number" {
	umpire --json odds --rules squares turn --action-dice --commands 50
	[ "$status" -eq 0 ]
	# 52 choose 2 sets of faces of 50 d3s
	[ "$(json '.outcomes')" = 1326 ]
}

@test "a squares assault of four brigades a side is exact, and quick" {
	start=$(date +%s%N)
	umpire --json odds --rules squares melee \
	    --attacker-spec inf:d8/d8,inf:d8/d8,heavy-cav:d10,mixed:d8/d10 \
	    --defender-spec inf:d6/d8,inf:d8/d8,inf:d6/d6,inf:d8/d12 --mod defender-uphill
	elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
	[ "$status" -eq 0 ]
	[ "$elapsed" -lt 2000 ]
	for f in hits_on_attacker hits_on_defender skirmish_advantage loser; do
		[ "$(json ".odds.$f | map(.p) | add | . * 1000000 | round")" = 1000000 ]
	done
	# the attacker has cavalry: the defender cannot skirmish, the attacker's
	# infantry wins the advantage outright
	[ "$(json '.odds.skirmish_advantage | map("\(.value)=\(.fraction)") | join(",")')" = "attacker=1" ]
}
