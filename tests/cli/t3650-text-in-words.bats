#!/usr/bin/env bats
# Text output is in words: no JSON key, snake_case word or "1: ..." label
# in a summary, a working line, a sheet or help; the units a ruling names
# by their names, the acting one first.  JSON keeps its keys and values.
load helper

@test "ohw melee: the outcome said as a sentence, its JSON word kept" {
	# The fatigue points are the ones t7000 works by hand for these dice.
	umpire --rules ohw melee --attacker-type cavalry --defender-type infantry --defender-mod in-cover --dice 1,6
	[ "$status" -eq 0 ]
	has_line "the cavalry retire: the attacker takes 3 FP, the defender 2" "$output"
	umpire --rules ohw melee --attacker-type cavalry --defender-type infantry --dice 5,4
	[ "$status" -eq 0 ]
	has_line "the infantry are destroyed: the attacker takes 2 FP, the defender 7" "$output"
	umpire --rules ohw melee --attacker-type cavalry --defender-type square --dice 5,4
	[ "$status" -eq 0 ]
	has_line "the attacker retires: the attacker takes 3 FP, the defender 5" "$output"
	umpire --rules ohw melee --attacker-type infantry --defender-type infantry --defender-fp 12 --dice 3,1
	[ "$status" -eq 0 ]
	has_line "the defender breaks: the attacker takes 1 FP, the defender 3" "$output"
	umpire --rules ohw melee --attacker-type infantry --defender-type infantry --defender-mod bua --dice 5,1
	[ "$status" -eq 0 ]
	has_line "the attacker gains a lodgement: the attacker takes 1 FP, the defender 3" "$output"
	umpire --json --rules ohw melee --attacker-type cavalry --defender-type square --dice 5,4
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = attacker_retires ]
}

@test "fury fire: the stands lost in words, the chart's result after" {
	umpire --rules fury fire --fire-points 13 --dice 1,1
	[ "$status" -eq 0 ]
	has_line "disordered (fire result D)" "$output"
	umpire --rules fury fire --fire-points 12 --dice 1,1
	[ "$status" -eq 0 ]
	has_line "no effect (fire result -)" "$output"
	umpire --rules fury fire --fire-points 1 --mod target-column,enfilade,grand-battery --dice 6,6
	[ "$status" -eq 0 ]
	has_line "1 stand lost, disordered (fire result 1)" "$output"
	umpire --json --rules fury fire --fire-points 1 --mod target-column,enfilade,grand-battery --dice 6,6
	[ "$status" -eq 0 ]
	[ "$(json .result.cell)" = 1 ]
}

@test "squares without a game: the assault's units and the generals in plain words" {
	# Two dice an infantry brigade, hits on 5+; the horse artillery one
	# d10, hits on 6+.
	umpire --rules squares melee --attacker-spec inf:d8/d8,inf:d6/d6 --defender-spec horse-art --dice 3,2,6,5,1
	[ "$status" -eq 0 ]
	has_line "the defender loses: the attacker takes 0 hits, the defender 2; the defender checks morale" "$output"
	has_line "  die 1: 3, d8 of attacking infantry 1 (d8): miss" "$output"
	has_line "  die 3: 6, d6 of attacking infantry 2 (d6): hit" "$output"
	has_line "  die 5: 1, d10 of defending horse artillery 1 (d10): miss" "$output"
	umpire --rules squares turn --dice-off d8,d10 --dice 5,7
	[ "$status" -eq 0 ]
	[ "$output" = "the second general wins the action die
  die 1: 5, d8 of the first general (d8)
  die 2: 7, d10 of the second general (d10)" ]
}

@test "squares in a game: the working names the units and the generals" {
	"$U" new --rules squares >/dev/null
	"$U" unit add "Left Wing" --side Allied --type command --quality d8 >/dev/null
	"$U" unit add Ney --side French --type command --quality d10 >/dev/null
	"$U" unit add Picton --side Allied --type infantry --skirmish d8 --quality d8 --morale d8 --parent "Left Wing" >/dev/null
	"$U" unit add Marcognet --side French --type infantry --skirmish d8 --quality d8 --morale d10 --parent Ney >/dev/null
	umpire turn --general "Left Wing" --general Ney --dice 5,7
	[ "$status" -eq 0 ]
	has_line "  die 1: 5, d8 of Left Wing (d8)" "$output"
	has_line "  die 2: 7, d10 of Ney (d10)" "$output"
	# skirmish d8 7 against d8 4; Marcognet hits on 5+ with 5, 6; Picton
	# on 6+ with 6, 3
	umpire melee --attacker marcognet --defender PICTON --dice 7,4,5,6,6,3
	[ "$status" -eq 0 ]
	has_line "the defender loses: the attacker takes 1 hit, the defender 2; the defender checks morale" "$output"
	has_line "  skirmish: the attacker's best 7, the defender's 4: the attacker has the advantage" "$output"
	has_line "  die 1: 7, skirmish d8 of Marcognet (d8)" "$output"
	has_line "  die 2: 4, skirmish d8 of Picton (d8)" "$output"
	has_line "  die 3: 5, d8 of Marcognet (d8): hit" "$output"
	has_line "  die 6: 3, d8 of Picton (d8): miss" "$output"
	# Picton, 2 hits: two d8, 5 and 3: one fail, retreats
	umpire morale --unit Picton --dice 5,3
	[ "$status" -eq 0 ]
	has_line "  Picton (brigade, d8, 2 hits): 1 fail: retreats" "$output"
	has_line "  die 1: 5, morale d8 of Picton (1 of 2) (d8): pass" "$output"
}

@test "the sheet, unit list and card say a state in words; JSON keeps the word" {
	small_oob
	"$U" adjust Kempt --state disordered --reason "crossed a hedge" >/dev/null
	"$U" adjust Kempt --state good_order --reason "reformed" >/dev/null
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	umpire unit show Kempt
	[ "$status" -eq 0 ]
	has_line "  state: ok" "$output"
	umpire --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .state)" = ok ]
	rm umpire.db; "$U" new --rules fury >/dev/null
	"$U" unit add Husson --side French --type infantry --stands 5 --bel veteran >/dev/null
	umpire unit show Husson
	[ "$status" -eq 0 ]
	has_line "  state: good order" "$output"
	umpire unit list
	[ "$status" -eq 0 ]
	[ "$output" = "name                           type         side       parent               stands left state
Husson                         infantry     French                          5/5         good order" ]
	umpire sheet
	[ "$status" -eq 0 ]
	[[ $output != *good_order* ]]
	umpire --json unit show Husson
	[ "$status" -eq 0 ]
	[ "$(json .state)" = good_order ]
}

@test "log, log show and the report name the acting unit first, whatever the roster's order" {
	new_game
	"$U" unit add Kempt --side British --type infantry --class british --units 4 >/dev/null
	"$U" unit add "Grand Battery" --side French --type infantry --class french --units 4 >/dev/null
	"$U" fire --target Kempt --unit "Grand Battery" --distance 2 --dice 4 >/dev/null
	umpire log
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *"fire     Grand Battery (unit), Kempt (target): "* ]]
	umpire log show 1
	[ "$status" -eq 0 ]
	has_line "        who: Grand Battery (unit), Kempt (target)" "$output"
	umpire report
	[ "$status" -eq 0 ]
	[[ $output == *"#1 fire: Grand Battery (unit), Kempt (target): "* ]]
	umpire --json log
	[ "$status" -eq 0 ]
	[ "$(json '[.entries[0].who[] | "\(.unit)/\(.role)"] | join(" ")')" = "Grand Battery/unit Kempt/target" ]
	umpire log --for British
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *"Grand Battery (unit), Kempt (target): "* ]]
}

@test "help: what umpire works out is said in words, no '(applied by umpire)'" {
	umpire --rules brigade fire --help
	[ "$status" -eq 0 ]
	has_line "  close                           3  infantry: target at close range: +3 figures firing (umpire works this out from the options or the game)" "$output"
	for r in $(rulesets); do
		for c in fire melee morale rally move fatigue; do
			run "$U" --rules "$r" "$c" --help
			[ "$status" -eq 0 ] || { echo "$r $c: status $status"; return 1; }
			[[ $output != *"applied by"* ]] || { echo "$r $c"; return 1; }
		done
	done
}

@test "a side's modifier in text is 'lancers (attacker)'; JSON keeps 'attacker:lancers'" {
	small_oob
	umpire melee --attacker Piré --defender Pack --dice 3,4
	[ "$status" -eq 0 ]
	has_line "  modifiers: lancers (attacker) +1, elite (defender) +3" "$output"
	umpire log show 1
	[ "$status" -eq 0 ]
	has_line "        modifiers: lancers (attacker) +1, elite (defender) +3" "$output"
	umpire --json log show 1
	[ "$status" -eq 0 ]
	[ "$(json '[.modifiers[].name] | join(",")')" = "attacker:lancers,defender:elite" ]
}

@test "a unit with every figure lost reads 'destroyed' in text, never 'ok'; JSON keeps the band's word" {
	umpire new --rules brigade
	[ "$status" -eq 0 ]
	umpire unit add RHA --side British --type horse-artillery --guns 2
	[ "$status" -eq 0 ]
	umpire unit add Kempt --side British --type infantry --class british --units 1 --figures 4
	[ "$status" -eq 0 ]
	# 2 guns x 3 crew = 6 figures, all lost; 4 of 4 lost
	umpire adjust RHA --figures -6 --reason "every gunner lost"
	[ "$status" -eq 0 ]
	umpire adjust Kempt --figures -4 --reason "every man lost"
	[ "$status" -eq 0 ]
	umpire unit list
	[ "$status" -eq 0 ]
	[ "$(grep '^RHA ' <<<"$output" | awk '{print $(NF-1), $NF}')" = "0/6 destroyed" ]
	[ "$(grep '^Kempt ' <<<"$output" | awk '{print $(NF-1), $NF}')" = "0/4 destroyed" ]
	umpire sheet
	[ "$status" -eq 0 ]
	[ "$(grep '^      gun 1 ' <<<"$output" | awk '{print $4, $5}')" = "0/3 destroyed," ]
	[ "$(grep '^  RHA ' <<<"$output" | awk '{print $7}')" = destroyed ]
	umpire unit show RHA
	[ "$status" -eq 0 ]
	has_line "  state: destroyed" "$output"
	umpire --json sheet
	[ "$status" -eq 0 ]
	[ "$(json '[.units[] | .name + "=" + .state] | join(",")')" = "RHA=ok,Kempt=fall_back" ]
}
