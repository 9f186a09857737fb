#!/usr/bin/env bats
# The turn, as the rules run it (CLI.md): what each unit did this turn and
# what a result obliges are derived from the journal in force; what the
# texts forbid from them is refused (legal false, the rule quoted, the
# earlier event named), --overrule rules it anyway, and undo of the earlier
# event lifts it; the consequences (-6, a charge's bonus, destroyed) apply
# on their own.

load helper

brigade() {
	"$U" new --rules brigade --example >/dev/null
}

# ---- brigade ----------------------------------------------------------

# l.128: "Brigades may not fire in the same move in which they changed
# direction or formation."
@test "brigade l.128: a brigade that changed formation may not fire that move; --overrule, undo" {
	brigade
	"$U" move --unit Kempt --formation attack-column --dice 3 >/dev/null
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "Brigades may not fire in the same move in which they changed direction or formation (brigade.txt l.128; Kempt changed formation in event #1)" ]
	[ "$(json .effects)" = "[]" ]
	[ "$(json .event)" = 2 ]
	# the umpire rules it anyway: kept with his reason, the fire as worked
	# by hand (46 figures +3 close = 49: carried to 20, die 4 -> 6)
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4 --overrule "it fired before it formed"
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.casualties)" = 6 ]
	[ "$(json '.working[0]')" = "overruled (it fired before it formed): Brigades may not fire in the same move in which they changed direction or formation" ]
	[ "$(sqlite3 umpire.db 'SELECT args FROM event WHERE id = 3')" = '["fire","--unit","Kempt","--target","Charlet","--distance","2","--dice","4","--overrule","it fired before it formed"]' ]
	# undo of the change of formation lifts it
	"$U" undo --to 1 >/dev/null
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.casualties)" = 6 ]
}

@test "brigade l.128: a change of direction forbids its fire too; the next turn it may fire" {
	brigade
	"$U" move --unit Kempt --turn 90 --dice 4 >/dev/null
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .reason)" = "Brigades may not fire in the same move in which they changed direction or formation (brigade.txt l.128; Kempt changed direction in event #1)" ]
	"$U" turn next >/dev/null
	umpire --json fire --unit Kempt --target Charlet --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# l.142: "infantry columns charging to contact may not fire"
@test "brigade l.142: a charging column may not fire; its charge is an obligation of two moves" {
	brigade
	"$U" move --unit Charlet --formation attack-column --charge --dice 4 >/dev/null
	umpire --json fire --unit Charlet --target Kempt --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[[ "$(json .reason)" == *"(brigade.txt l.142; Charlet charged in event #1)" ]] ||
	    [[ "$(json .reason)" == *"(brigade.txt l.128; Charlet changed formation in event #1)" ]]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json '.units[] | select(.unit == "Charlet") | .acts | join(",")')" = "moved,changed-formation,charged" ]
	[ "$(jsonc '.units[] | select(.unit == "Charlet") | .must')" = '[{"what":"follow the charge with two moves at normal speed","rule":"brigade.txt l.249"}]' ]
	[ "$(jsonc '[.units[] | select(.unit == "Charlet") | .may_not[].rule]')" = '["brigade.txt l.128","brigade.txt l.142"]' ]
}

# l.13: "if one unit in a brigade is unable to advance due to morale ...
# then the entire brigade is immobilised".  Pack's battalions of 12, 11,
# 11 and 12 lose 9 spread over four (3,2,2,2): 2/44th and 1/92nd fall to
# 9 and 10, halt for british (8-10).
@test "brigade l.13: a battalion at HALT immobilises the brigade; a retirement is still made" {
	brigade
	"$U" adjust Pack --figures -9 --reason "musketry" >/dev/null
	umpire --json move --unit Pack --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "one of its battalions is at HALT: the entire brigade is immobilised and may not advance (brigade.txt l.13)" ]
	umpire --json move --unit Pack --retire --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(json .result.inches)" = 2.5 ]
	umpire --json move --unit Pack --dice 5 --overrule "the brigadier led them on"
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 5 ]
	umpire turn
	[ "$status" -eq 0 ]
	has_line "    may not: advance (brigade.txt l.13: a battalion is at HALT)"
	# undo the loss: it advances again
	"$U" undo --to 1 >/dev/null
	umpire --json move --unit Pack --dice 5
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 5 ]
}

# l.243: "Melees are not permitted between infantry in line"; the +20
# belongs to "Infantry charging in column".
@test "brigade l.243: infantry in line may not melee infantry in line, nor claim the column's +20" {
	brigade
	umpire --json melee --attacker Charlet --defender Kempt --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "Melees are not permitted between infantry in line (skirmishers included)" ]
	umpire --json melee --attacker Gobrecht --defender Kempt --attacker-mod column-charge --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "the +20 impact bonus is for infantry charging in column: the brigade is not in attack column" ]
	# in attack column it may: 72 figures +20 = 92 against 46
	"$U" adjust Charlet --formation attack-column --reason "formed" >/dev/null
	umpire --json melee --attacker Charlet --defender Kempt --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:column-charge"]' ]
	[ "$(json .result.attacker_total)" = 92 ]
}

# l.251 "All charging cavalry have a +3 melee bonus per brigade", l.229
# "+3 cavalry charging infantry": a recorded charge carries them.  Gobrecht
# (24 figures of lancers) counts 36 as a purely cavalry brigade, +1
# lancers, +3, +3: 43.
@test "brigade: a recorded charge carries its bonuses into the melee that follows" {
	brigade
	umpire --json melee --attacker Gobrecht --defender Kempt --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(json .result.attacker_total)" = 37 ]
	"$U" undo >/dev/null
	"$U" move --unit Gobrecht --charge --target-type infantry --dice 3,4 >/dev/null
	umpire --json melee --attacker Gobrecht --defender Kempt --dice 4,3
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:lancers","attacker:charging-cavalry","attacker:cavalry-charging-infantry"]' ]
	[ "$(json .result.attacker_total)" = 43 ]
}

# l.342: "Any brigades contacted by their pursuers ... whilst ... being
# pushed back or following up, are -6 in melee"; the push back and the
# follow up are owed the turn after the melee, and the game fills them.
@test "brigade l.342: contacted while pushed back, -6; the push back and follow up are filled" {
	brigade
	"$U" adjust Charlet --formation attack-column --reason "formed" >/dev/null
	umpire --json melee --attacker Charlet --defender Kempt --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = attacker_wins ]
	[ "$(json .result.pushback)" = 1 ]
	"$U" turn next >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units[] | select(.unit == "Kempt") | .must')" = '[{"what":"be pushed back","rule":"brigade.txt l.299"}]' ]
	[ "$(jsonc '.units[] | select(.unit == "Charlet") | .must')" = '[{"what":"follow up at least one move","rule":"brigade.txt l.315"}]' ]
	# the push back: infantry 0.5 dice speed, die 4 -> 2"; the follow up
	# 0.25 dice speed, die 4 -> 1"
	umpire --json move --unit Kempt --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 2 ]
	[ "$(jsonc .effects)" = '[{"unit":"Kempt","what":"pushed-back","amount":0,"state":null,"left":null}]' ]
	umpire --json move --unit Charlet --dice 4
	[ "$status" -eq 0 ]
	[ "$(json .result.inches)" = 1 ]
	umpire --json melee --attacker Charlet --defender Kempt --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["defender:falling-back"]' ]
	[ "$(json .result.pushback)" = 2 ]
	# undo the push back move: still owed, still -6
	"$U" undo >/dev/null
	"$U" undo >/dev/null
	"$U" undo >/dev/null
	umpire --json melee --attacker Charlet --defender Kempt --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["defender:falling-back"]' ]
	# undo back before the first melee: no -6 at all
	"$U" undo --to 2 >/dev/null
	umpire --json melee --attacker Charlet --defender Kempt --dice 5,2
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.modifiers[].name]')" = '["attacker:column-charge"]' ]
}

# l.108: "Troops killed by infantry fire may fire back in the same move
# ... before they are removed": Pack loses 6 to Bourgeois (72 figures +3
# close = 75, carried to row 27, die 5 -> 6 ... as the game works it) and
# fires back with the 46 that stood (49 with close: 20, die 4 -> 6).
@test "brigade l.108: return fire in the same move counts the figures lost to small arms" {
	brigade
	umpire --json fire --unit Bourgeois --target Pack --distance 2 --dice 5
	[ "$status" -eq 0 ]
	lost=$(json .result.casualties)
	[ "$lost" -gt 0 ]
	umpire --json fire --unit Pack --target Bourgeois --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.working[1]')" = "46 figures firing, 49 after modifiers" ]
	[ "$(json .result.casualties)" = 6 ]
	# the next move they are gone
	"$U" undo >/dev/null
	"$U" turn next >/dev/null
	umpire --json fire --unit Pack --target Bourgeois --distance 2 --dice 4
	[ "$status" -eq 0 ]
	[ "$(json '.working[1]')" = "$((46 - lost)) figures firing, $((49 - lost)) after modifiers" ]
}

# ---- fury -------------------------------------------------------------

fury() {
	"$U" new --rules fury --example >/dev/null
}

# l.78: "A brigade may not change formation and move into melee during
# the same movement phase."
@test "fury l.78: a brigade that changed formation may not move into melee that phase" {
	fury
	"$U" move --unit Jamin --formation column --change-formation --dice 6,6 >/dev/null
	umpire --json melee --attacker Jamin --defender Pack --dice 4,4,3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "A brigade may not change formation and move into melee during the same movement phase (fury.txt l.78; Jamin changed formation in event #1)" ]
	umpire --json melee --attacker Jamin --defender Pack --dice 4,4,3,3 --overrule "it formed before the phase"
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	"$U" undo --to 1 >/dev/null
	umpire --json melee --attacker Jamin --defender Pack --dice 4,4,3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# l.222: "A target unit may only be fired upon once per fire phase."
@test "fury l.222: a target is fired upon once a fire phase; combined fire is one fire" {
	fury
	umpire --json fire --unit Husson --unit Campi --target Kempt --distance 3 --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire --json fire --unit "II Corps Reserve Battery" --target Kempt --distance 5 --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "A target unit may only be fired upon once per fire phase (fury.txt l.222; Kempt was fired on in event #1)" ]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units[] | select(.unit == "Kempt") | .may_not')" = '[{"what":"be fired upon again this fire phase","rule":"fury.txt l.222"}]' ]
	"$U" turn next >/dev/null
	umpire --json fire --unit "II Corps Reserve Battery" --target Kempt --distance 5 --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# l.136: a leader attached to a brigade stays with it the turn; l.230: at
# a natural 12 the fire hits him on 2-9, "and is immediately removed".
@test "fury l.136, l.230: the attached leader is named when hit, and removed" {
	fury
	umpire move --unit Wellington --attach Kempt
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "attaches to Kempt for the turn" ]
	umpire --json fire --unit Husson --target Kempt --distance 3 --dice 6,6,2,2
	[ "$status" -eq 0 ]
	[ "$(json .result.leader_hit)" = true ]
	umpire fire --unit Husson --target Kempt --distance 3 --dice 6,6,2,2 --overrule "a second volley"
	[ "$status" -eq 0 ]
	has_line "  Wellington, attached to Kempt, is wounded or killed"
	umpire --json unit show Wellington
	[ "$status" -eq 0 ]
	[ "$(json .state)" = destroyed ]
	# the leader attaches to his own side's brigades only
	umpire move --unit Ney --attach Kempt
	expect_error 65 "'Ney' and 'Kempt' are not of one side: a leader attaches to a unit of his own side"
}

# ---- ohw --------------------------------------------------------------

# l.147: "If contacted during the turn after it fled, or during the turn
# spent reorganizing, the unit is destroyed."
@test "ohw l.147: a unit saving itself that is contacted is destroyed; reorganised, it fights" {
	"$U" new --rules ohw --example >/dev/null
	"$U" fatigue --unit "1/95th Rifles" --mod save-yourselves >/dev/null
	"$U" turn next >/dev/null
	umpire --json melee --attacker "3e Hussards" --defender "1/95th Rifles" --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" = defender_destroyed ]
	[ "$(jsonc .effects)" = '[{"unit":"1/95th Rifles","what":"state","amount":0,"state":"destroyed","left":null}]' ]
	"$U" undo >/dev/null
	"$U" turn next >/dev/null
	umpire --json melee --attacker "3e Hussards" --defender "1/95th Rifles" --dice 4,4
	[ "$status" -eq 0 ]
	[ "$(json .result.outcome)" != defender_destroyed ]
}

# l.65: "Only one attacking unit may engage any given defending unit per turn"
@test "ohw l.65: one attacking unit a turn may engage a defender" {
	"$U" new --rules ohw --example >/dev/null
	umpire --json melee --attacker "66e Ligne" --defender "43rd Light Infantry" --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	umpire --json melee --attacker "82e Ligne" --defender "43rd Light Infantry" --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "Only one attacking unit may engage any given defending unit per turn (the defender) (ohw.txt l.65; 43rd Light Infantry was charged in event #1)" ]
	"$U" turn next >/dev/null
	umpire --json melee --attacker "82e Ligne" --defender "43rd Light Infantry" --dice 3,3
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# ---- squares ----------------------------------------------------------

# l.152: "Battlefield rallying takes all of a unit's actions for the turn"
@test "squares l.152: a rally takes all of a unit's actions, either way round" {
	"$U" new --rules squares --example >/dev/null
	"$U" adjust Colborne --hits +3 --reason "the morning" >/dev/null
	umpire --json rally --unit Colborne --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .result.rallied)" = true ]
	umpire --json move --unit Colborne --path n
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "a battlefield rally takes all of a unit's actions for the turn (squares.txt l.152): it has rallied" ]
	umpire --json move --unit Colborne --path n --overrule "its general's die was a 3"
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
	"$U" undo --to 2 >/dev/null
	"$U" move --unit Colborne --path n >/dev/null
	umpire --json rally --unit Colborne --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "Battlefield rallying takes all of a unit's actions for the turn: it has spent one already (squares.txt l.152; Colborne moved in event #5)" ]
	"$U" turn next >/dev/null
	umpire --json rally --unit Colborne --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = true ]
}

# l.51-57: the turn's action dice, the highest to each dice-off's winner;
# turn tells each side's dice left and who has acted.
@test "squares: turn keeps the action dice left and the commands that have acted" {
	"$U" new --rules squares --example >/dev/null
	"$U" turn --action-dice --dice 3,2,1,2,2,2 >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc .action_dice)" = '[{"side":"Allied","dice":[3,2,2,2,2,1]},{"side":"French","dice":[3,2,2,2,2,1]}]' ]
	"$U" turn --general Stewart --general Girard --dice 5,3 >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc .action_dice)" = '[{"side":"Allied","dice":[2,2,2,2,1]},{"side":"French","dice":[2,2,2,2,1]}]' ]
	[ "$(jsonc '.units[] | select(.unit == "Stewart")')" = '{"unit":"Stewart","side":"Allied","acts":["activated"],"must":[],"may_not":[]}' ]
	"$U" undo >/dev/null
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(json '.units | length')" = 0 ]
}

# ---- 2x2 --------------------------------------------------------------

# l.47: "A unit may shoot only ONCE during its turn."  l.258: a difference
# of 4 or more destroys the loser, "mandatory follow up".
@test "2x2 l.47, l.258: a unit shoots once a turn; a mandatory follow up is owed until it moves" {
	"$U" new --rules 2x2 --example >/dev/null
	"$U" fire --unit "Royal Artillery" --target "42e Ligne" --distance 9 --dice 1 >/dev/null
	umpire --json fire --unit "Royal Artillery" --target "42e Ligne" --distance 7 --dice 6
	[ "$status" -eq 0 ]
	[ "$(json .legal)" = false ]
	[ "$(json .reason)" = "A unit may shoot only ONCE during its turn (2x2.txt l.47; Royal Artillery shot in event #1)" ]
	# guards +1 (large +1 from its size): 6+2 = 8 against a line's 1: 7
	umpire --json melee --attacker "Grenadier Battalion" --defender "42e Ligne" --dice 6,1
	[ "$status" -eq 0 ]
	[ "$(json .result.follow_up)" = mandatory ]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units[] | select(.unit == "Grenadier Battalion") | .must')" = '[{"what":"follow up: up to a full move directly ahead","rule":"2x2.txt l.258"}]' ]
	umpire --json move --unit "Grenadier Battalion"
	[ "$status" -eq 0 ]
	[ "$(jsonc .effects)" = '[{"unit":"Grenadier Battalion","what":"must-follow-up","amount":0,"state":null,"left":null}]' ]
	umpire --json turn
	[ "$status" -eq 0 ]
	[ "$(jsonc '.units[] | select(.unit == "Grenadier Battalion") | .must')" = '[]' ]
}

# ---- the view ---------------------------------------------------------

@test "turn: text, JSON and --for SIDE; turn next --for is refused" {
	brigade
	"$U" move --unit Kempt --formation attack-column --dice 3 >/dev/null
	"$U" fire --unit Bourgeois --target Pack --distance 2 --dice 5 >/dev/null
	umpire turn
	[ "$status" -eq 0 ]
	[ "$output" = "turn 1
  Kempt (Allied)
    did: moved, changed formation
    may not: fire (brigade.txt l.128: it changed formation in event #1)
  Pack (Allied)
    did: was fired on, was shot at by small arms
    may not: advance (brigade.txt l.13: a battalion is at HALT)
  Bourgeois (French)
    did: fired" ]
	umpire --json turn --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc .)" = '{"turn":1,"phase":null,"units":[{"unit":"Bourgeois","side":"French","acts":["fired"],"must":[],"may_not":[]}]}' ]
	umpire turn next --for French
	expect_error 64 "'turn next' shows no side's view: drop --for"
	# a new turn: the acts are gone, the battalions at HALT are not
	"$U" turn next >/dev/null
	umpire turn
	[ "$status" -eq 0 ]
	[ "$output" = "turn 2
  Pack (Allied)
    may not: advance (brigade.txt l.13: a battalion is at HALT)" ]
}
