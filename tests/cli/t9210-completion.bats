#!/usr/bin/env bats
# bash completion (cmd/umpire.bash and `umpire complete`): driven through
# the completion function as readline calls it, and once through a real
# interactive bash.  Every candidate is data: names that hold shell syntax
# come back as typed and run nothing.
load helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

# The end-to-end test's tmux server goes with the test, whatever happens.
teardown() {
	[ ! -S "$TEST_DIR/tmux.sock" ] || tmux -S "$TEST_DIR/tmux.sock" kill-server 2>/dev/null
	cd / && rm -rf "$TEST_DIR"
}

# A bin directory whose umpire is the binary under test.
bin_umpire() {
	mkdir -p bin
	ln -sf "${1:-$UMPIRE_BIN}" bin/umpire
}

# complete_line LINE [in-order]: calls _umpire in a fresh bash with COMP_LINE,
# COMP_POINT (the cursor at the end), COMP_WORDS and COMP_CWORD set as
# readline sets them; prints COMPREPLY, one a line, sorted unless the
# second argument is in-order.
complete_line() {
	run --separate-stderr bash -c '
		PATH=$PWD/bin:$PATH
		source "$1" || exit 1
		line=$2
		COMP_LINE=$line
		COMP_POINT=${#line}
		read -ra COMP_WORDS <<<"$line"
		[[ $line == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_umpire umpire "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" || exit 1
		((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}" |
		    if [ "$3" = in-order ]; then cat; else LC_ALL=C sort; fi' \
	    _ "$ROOT/cmd/umpire.bash" "$1" "${2-sorted}"
}

# offers LINE [WORD...]: completing LINE offers exactly the WORDs (as they
# go onto the line), with status 0 and nothing on stderr.
offers() {
	local line=$1 want=""
	shift
	(($# == 0)) || want=$(printf '%s\n' "$@" | LC_ALL=C sort)
	complete_line "$line"
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	[ -z "$stderr" ] || { echo "stderr: $stderr"; return 1; }
	[ "$output" = "$want" ] || {
		echo "line:   $line"; echo "offers: $output"; echo "wanted: $want"; return 1
	}
}

# A game with a formation whose name holds an apostrophe, and two events.
game() {
	small_oob
	"$U" unit add "Wellington's Army" --side British --type army >/dev/null
	"$U" fire --firers 16 --distance 2 --target Kempt --dice 4 >/dev/null
	"$U" turn next >/dev/null
	bin_umpire
}

ALL_COMMANDS="fire melee morale rally fatigue move new game unit sheet log undo redo adjust turn tables check odds help version batch report serve"

@test "names holding shell syntax complete as typed in every quoting and run nothing" {
	new_game
	bin_umpire
	local names=('x$(touch RAN)' 'a`touch RAN`' 'i${IFS}j' "q'single'" 'd"double"'
	    'star*' 'what?' 'two words' "Wellington's Army" 'back\slash' '-lead'
	    'Ünïcödé ñame' 'Ney!' "Lannes'" '$HOME')
	local typed=(x a i q d st wh tw we ba - un ney lan '$')
	for n in "${names[@]}"; do
		"$U" unit add "$n" --side French --type infantry --class french --units 4 >/dev/null
	done
	for k in "${!names[@]}"; do
		for quote in "" "'" '"'; do
			# The user types the start of the name (any case, no accents);
			# the part typed inside quotes is typed as it is.
			local start=${typed[k]}
			[ -n "$quote" ] || start=$(printf '%q' "$start")
			complete_line "umpire fire --target $quote$start"
			[ "$status" -eq 0 ] && [ -z "$stderr" ]
			[ -n "$output" ] && [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ] ||
			    { echo "'$quote$start' offers: $output"; return 1; }
			# Accepted, the word is the opening quote, the candidate and
			# the closing quote readline adds when it is not there.
			local word=$quote$output
			[ -z "$quote" ] || [[ $word == *"$quote" && ${#word} -gt 1 ]] || word+=$quote
			run bash -c 'set +H; eval "words=($1)"; printf "%s\n" "${#words[@]}" "${words[0]}"' _ "$word"
			[ "$status" -eq 0 ]
			[ "$output" = "1
${names[k]}" ] || { echo "'$quote$start' gives $word: $output"; return 1; }
		done
	done
	[ ! -e RAN ]
}

@test "completion never expands a name: the check a unit named x\$(touch RAN) passes" {
	g=$TEST_DIR
	UMPIRE_DB=$g/c.db "$U" new --rules brigade >/dev/null
	UMPIRE_DB=$g/c.db "$U" unit add 'x$(touch '"$g"'/RAN)' --side A --type infantry --class british --units 4 >/dev/null
	bin_umpire
	run --separate-stderr env UMPIRE_DB=$g/c.db PATH="$g/bin:$PATH" bash -c \
	    'source "$1"; COMP_WORDS=(umpire fire --target ""); COMP_CWORD=3; _umpire umpire "" --target; printf "%s\n" "${COMPREPLY[@]}"' \
	    _ "$ROOT/cmd/umpire.bash"
	[ "$status" -eq 0 ]
	[ "$output" = 'x\$\(touch\ '"$(printf '%q' "$g")"'/RAN\)' ]
	[ ! -e "$g/RAN" ]
	# No game data can reach an expansion: the script has none to offer it.
	run grep -wE 'compgen|eval' <(grep -v '^[[:space:]]*#' "$ROOT/cmd/umpire.bash")
	[ "$status" -eq 1 ]
}

@test "commands, and under a rule set only the adjudications it has" {
	game
	offers "umpire " fire melee morale rally move new game unit sheet log undo redo adjust turn tables check odds help version batch report serve
	offers "umpire --rules fury " $ALL_COMMANDS
	offers "umpire fi" fire
	offers "umpire --" --db --rules --json --help --version
	offers "umpire --json --" --db --rules --help --version
	offers "umpire help mo" morale move
	offers "umpire odds " fire melee morale rally move
	offers "umpire --rules squares odds " fire melee morale rally move turn
	offers "umpire nosuch "
}

@test "no game: commands, and options under --rules" {
	bin_umpire
	offers "umpire " $ALL_COMMANDS
	offers "umpire fire --target "
	offers "umpire fire --fir"
	offers "umpire --rules brigade fire --fir" --firers
	offers "umpire --rules " $(rulesets)
	offers "umpire --rules=2" 2x2
	offers "umpire --rules 2x2 new --" --title --force --fog --example --from --recover --victory --points --db --json --help
	offers "umpire --rules 2x2 new --victory " fast decisive
	offers "umpire new --rules 2x2 --points 40 --" --title --force --fog --example --from --recover --victory --db --json --help
}

@test "options of the command under the game's rule set, each once" {
	game
	offers "umpire fire --fir" --firers
	offers "umpire fire --t" --target-type --target-crew --target
	offers "umpire fire --firers 4 --fir"
	offers "umpire fire --mod hard-cover --m" --mod --moving
	offers "umpire melee --attacker-m" --attacker-mod
	offers "umpire log --" --unit --turn --db --rules --json --for --help
	offers "umpire sheet --" --side --csv --html --db --rules --json --for --help
	offers "umpire undo --" --to --dry-run --db --rules --json --help
	offers "umpire adjust Kempt --" --figures --state --clear --formation --reason --db --rules --json --help
	offers "umpire report --" --html --db --rules --json --for --help
	offers "umpire serve --" --listen --new-tokens --db --rules --json --help
	offers "umpire batch --" --each --db --rules --json --help
	offers "umpire unit add X --type division --" --side --parent --formation --quality --break-percent --db --rules --json --help
	offers "umpire --rules squares turn --" --action-dice --commands --dice-off --general --overrule --dice --roll --seed --odds --db --json --for --help
}

@test "option values from the declarations" {
	game
	offers "umpire fire --weapon " musket rifle
	offers "umpire fire --ammo s" shrapnel shell
	offers "umpire fire --gun=h" howitzer
	offers "umpire melee --attacker-type " infantry cavalry artillery skirmishers
	offers "umpire unit add X --type div" division
	offers "umpire unit add X --cavalry " heavy medium light
	offers "umpire unit add X --type division --quality " good average poor
	offers "umpire unit set \"Wellington's Army\" --quality p" poor
	offers "umpire adjust Kempt --state " good_order destroyed disordered rallying half-speed broken pushed-back following-up charging
	offers "umpire adjust Kempt --clear " disordered rallying half-speed broken pushed-back following-up charging
	offers "umpire adjust Kempt --formation " line march-column attack-column square
	offers "umpire unit set Kempt --formation " line march-column attack-column square
	offers "umpire --rules fury fire --formation " line column march-column
	offers "umpire --rules fury unit add X --bel v" veteran
	offers "umpire sheet --side " British French
	offers "umpire sheet --side fr" French
}

@test "modifier names from the game's own tables, the stock ones without a game" {
	game
	offers "umpire fire --mod hard" hard-cover
	offers "umpire fire --mod hard-cover,enf" hard-cover,enfilade
	offers "umpire fire --mod 'hard-cover,enf" hard-cover,enfilade
	offers "umpire melee --attacker-mod fl" flank
	offers "umpire melee --defender-mod sta" stationary-target
	offers "umpire fire --mod clo"
	"$U" tables export fire-modifiers fm.csv
	echo 'sunken-road,infantry,-1,named,,a house rule' >>fm.csv
	"$U" tables import fire-modifiers fm.csv >/dev/null
	offers "umpire fire --mod su" sunken-road
	rm umpire.db
	offers "umpire --rules brigade fire --mod su"
	offers "umpire --rules squares fire --mod " woods town
	offers "umpire --rules 2x2 melee --attacker-mod ex" extra-units=
	offers "umpire --rules fury move --mod army-commander=g" good
}

@test "units after the options and commands that name them, however they are spelt" {
	game
	offers "umpire fire --unit kem" Kempt
	offers "umpire fire --unit pire" Piré
	offers "umpire fire --target PI" Piré
	offers "umpire melee --attacker p" Pack Piré
	offers "umpire fire --target " Kempt Pack Bachelu Piré
	offers "umpire adjust " Kempt Pack Bachelu Piré "Wellington\\'s\\ Army"
	offers "umpire adjust W" "Wellington\\'s\\ Army"
	offers "umpire unit show 'Wellington" "Wellington'\\''s Army"
	offers "umpire unit set \"well" "Wellington's Army"
	offers "umpire unit rm b" Bachelu
	offers "umpire log --unit k" Kempt
	offers "umpire unit add X --parent " "Wellington\\'s\\ Army"
}

@test "--for: the umpire and the game's sides, quoted as names are; --side: the sides" {
	game
	"$U" unit add Halkett --side "King's German Legion" --type infantry --class british >/dev/null
	offers "umpire sheet --for " umpire British French "King\\'s\\ German\\ Legion"
	offers "umpire sheet --for 'K" "King'\\''s German Legion"
	offers "umpire --for f" French
	offers "umpire report --for=u" umpire
	offers "umpire unit list --for B" British
	offers "umpire sheet --side " British French "King\\'s\\ German\\ Legion"
	offers "umpire unit list --" --db --rules --json --for --help
	offers "umpire unit rm --" --db --rules --json --help
	offers "umpire undo --" --to --dry-run --db --rules --json --help
}

@test "subcommands, tables and event numbers" {
	game
	offers "umpire unit " add list show set rm import export
	offers "umpire tables " list show export import diff
	offers "umpire tables show morale" morale-bands
	offers "umpire tables export fire-m" fire-modifiers
	offers "umpire turn " next
	offers "umpire log " show
	offers "umpire log show " 1 2
	offers "umpire log show 2 "
	offers "umpire --db "
	offers "umpire unit import "
}

# Completion in a game of each other rule set: its commands' options and
# values, its modifiers, its units however spelt (apostrophes, spaces,
# accents, any case), events after `log show`, units after adjust and
# unit show|set|rm, and adjust's tactical formations (not formations of
# the order of battle).
@test "in a fury game: its values, modifiers, names, events and formations" {
	bin_umpire
	"$U" new --rules fury >/dev/null
	"$U" unit add "Reille's Corps" --side French --type corps >/dev/null
	"$U" unit add "Éblé" --side French --type infantry --parent "Reille's Corps" --stands 4 --bel veteran >/dev/null
	"$U" unit add "O'Connor" --side British --type infantry --stands 4 --bel regular >/dev/null
	"$U" adjust "O'Connor" --stands -1 --reason "a stand lost" >/dev/null
	offers "umpire fire --unit " Éblé "O\\'Connor"
	offers "umpire fire --unit e" Éblé
	offers "umpire fire --unit EBLE" Éblé
	offers "umpire fire --target \"o'" "O'Connor"
	offers "umpire fire --formation " line column march-column
	offers "umpire fire --mod target-c" target-column target-cavalry
	offers "umpire unit add X --bel " militia conscript regular veteran guard
	offers "umpire unit add X --parent " "Reille\\'s\\ Corps"
	offers "umpire adjust " "Reille\\'s\\ Corps" Éblé "O\\'Connor"
	offers "umpire adjust Éblé --formation " line column march-column square
	offers "umpire unit show r" "Reille\\'s\\ Corps"
	offers "umpire unit set 'o" "O'\\''Connor"
	offers "umpire unit rm É" Éblé
	offers "umpire log show " 1
}

@test "in a squares game: commands, dice-off generals, assault units by name" {
	bin_umpire
	"$U" new --rules squares >/dev/null
	"$U" unit add "Left Wing" --side Allied --type command --quality d8 >/dev/null
	"$U" unit add "Ney's Corps" --side French --type command --quality d10 >/dev/null
	"$U" unit add Picton --side Allied --type infantry --skirmish d8 --quality d8 --morale d8 --parent "Left Wing" >/dev/null
	"$U" unit add Marcognet --side French --type infantry --skirmish d8 --quality d8 --morale d10 --parent "Ney's Corps" >/dev/null
	"$U" turn --general "Left Wing" --general "Ney's Corps" --dice 5,7 >/dev/null
	offers "umpire turn --" --action-dice --commands --dice-off --general --overrule --dice --roll --seed --odds --db --rules --json --for --help
	offers "umpire turn --general " "Left\\ Wing" "Ney\\'s\\ Corps"
	offers "umpire turn --general 'n" "Ney'\\''s Corps"
	offers "umpire melee --attacker M" Marcognet
	offers "umpire melee --mod defender-" defender-woods defender-town defender-uphill
	offers "umpire fire --range " close long
	offers "umpire unit add X --quality " d6 d8 d10 d12
	offers "umpire adjust Picton --formation "
	offers "umpire unit set pic" Picton
	offers "umpire log show " 1
}

@test "in a 2x2 game: sizes, types, modifiers with a value, names" {
	bin_umpire
	"$U" new --rules 2x2 >/dev/null
	"$U" unit add "1er Ligne" --side French --type line --size large >/dev/null
	"$U" unit add "Maitland's Guards" --side British --type guards >/dev/null
	"$U" unit add "Ête" --side British --type militia >/dev/null
	"$U" adjust "Ête" --state destroyed --reason "ran" >/dev/null
	offers "umpire melee --attacker " "1er\\ Ligne" "Maitland\\'s\\ Guards" Ête
	offers "umpire melee --defender m" "Maitland\\'s\\ Guards"
	offers "umpire fire --target ê" Ête
	offers "umpire unit add X --size " large common small
	offers "umpire unit add X --type g" guards
	offers "umpire melee --attacker-mod ex" extra-units=
	offers "umpire adjust 'mait" "Maitland'\\''s Guards"
	offers "umpire unit rm \"ê" Ête
	offers "umpire sheet --side " French British
	offers "umpire log show " 1
}

@test "in an ohw game: fatigue, types, modifiers, names with accents and apostrophes" {
	bin_umpire
	"$U" new --rules ohw >/dev/null
	"$U" unit add "Brunswick's Black" --side Allied --type infantry >/dev/null
	"$U" unit add "Lützow" --side Allied --type cavalry --heavy-cavalry >/dev/null
	"$U" unit add "Grenadiers à Cheval" --side French --type cavalry >/dev/null
	"$U" adjust "Lützow" --fp 2 --reason "a skirmish" >/dev/null
	offers "umpire fatigue --unit " "Brunswick\\'s\\ Black" Lützow "Grenadiers\\ à\\ Cheval"
	offers "umpire fatigue --unit 'gren" "Grenadiers à Cheval"
	offers "umpire fatigue --unit LUTZ" Lützow
	offers "umpire fatigue --mod " stubborn pyrrhic save-yourselves
	offers "umpire melee --attacker-type " cavalry heavy-cavalry infantry skirmishers square
	offers "umpire adjust Lützow --" --fp --state --clear --formation --reason --db --rules --json --help
	offers "umpire adjust Lützow --formation " line column
	offers "umpire unit show \"b" "Brunswick's Black"
	offers "umpire log show " 1
}

# best_time LINE WORD...: the best of three completions of LINE, which
# offer the WORDs, in microseconds, in $best.
# best_time LINE [WORD...]: completing LINE offers the WORDs; best is the
# best of five runs of the umpire's part, in microseconds (the shell's own
# start is the shell's; timed with the build people install when there is
# one, as the sanitizers make every process some three times slower).
best_time() {
	local fast=$ROOT/build/flt/umpire
	[ -x "$fast" ] && bin_umpire "$fast"
	offers "$@"
	best=999999999
	for _ in 1 2 3 4 5; do
		local t0=$EPOCHREALTIME took
		UMPIRE_BUSY_TIMEOUT=20 bin/umpire complete "$1" >/dev/null 2>&1
		took=$((${EPOCHREALTIME/./} - ${t0/./}))
		((took < best)) && best=$took
	done
	true
}

@test "a missing, damaged or locked game, or no umpire at all: nothing, quietly and at once" {
	bin_umpire
	offers "umpire fire --target "
	printf 'not a game' >umpire.db
	offers "umpire fire --target "
	offers "umpire " $ALL_COMMANDS
	[ "$(cat umpire.db)" = "not a game" ]
	rm umpire.db
	game
	rm -f held release.fifo
	mkfifo release.fifo
	(echo "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; SELECT 1;"; echo ".shell touch held"
	    cat release.fifo) | sqlite3 umpire.db >/dev/null 3>&- &
	HOLDER=$!
	wait_for [ -e held ]
	best_time "umpire fire --target "
	release_lock
	[ "$best" -lt 200000 ] || { echo "best of 3: $best us"; return 1; }
	rm bin/umpire
	offers "umpire fire --target "
}

@test "completion is quick: under 0.2 s with a game" {
	game
	best_time "umpire fire --target k" Kempt
	[ "$best" -lt 200000 ] || { echo "best of 3: $best us"; return 1; }
}

@test "a read-only game as another user: read, never written, nothing made beside it" {
	game
	chmod 444 umpire.db
	cp "$ROOT/cmd/umpire.bash" completion.bash
	as_nobody "$U" complete "umpire fire --target "
	[ "$status" -eq 0 ]
	[ "$output" = "words
Kempt
Pack
Bachelu
Piré" ]
	ln -sf "$TEST_DIR/.umpire" bin/umpire
	before=$(ls -a; md5sum umpire.db)
	as_nobody bash -c 'PATH=$PWD/bin:$PATH; source completion.bash
	    COMP_LINE="umpire fire --target k"; COMP_POINT=22
	    COMP_WORDS=(umpire fire --target k); COMP_CWORD=3
	    _umpire umpire k --target; printf "%s\n" "${COMPREPLY[@]}"'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "Kempt" ]
	[ "$(ls -a; md5sum umpire.db)" = "$before" ]
}

@test "a game from an older umpire is left as it is: not upgraded to be read" {
	game
	sqlite3 umpire.db "PRAGMA user_version = 1"
	before=$(md5sum umpire.db)
	offers "umpire fire --target "
	offers "umpire fire --fir" --firers
	[ "$(md5sum umpire.db)" = "$before" ]
	[ "$(sqlite3 umpire.db 'PRAGMA user_version')" = 1 ]
}

@test "umpire complete: words then candidates; names with control characters left out" {
	game
	sqlite3 umpire.db "UPDATE unit SET name = 'Pa' || char(10) || 'ck' WHERE name = 'Pack'"
	umpire complete "umpire fire --target p"
	[ "$status" -eq 0 ]
	[ "$output" = "words
Piré" ]
	umpire complete "umpire --db "
	[ "$status" -eq 0 ]
	[ "$output" = "files" ]
	umpire complete
	expect_error 64 "give the command line up to the cursor"
}

# tmux KEYS...: sends keys to the test's own tmux server.
tmux_keys() {
	tmux -S "$TEST_DIR/tmux.sock" send-keys -t t "$@"
}

# screen_has TEXT: waits up to 5 s for TEXT on the tmux screen.
screen_has() {
	for _ in $(seq 50); do
		tmux -S "$TEST_DIR/tmux.sock" capture-pane -t t -p | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "not on the screen: $1"
	tmux -S "$TEST_DIR/tmux.sock" capture-pane -t t -p
	return 1
}

@test "end to end: TAB in an interactive bash puts the name on the line" {
	command -v tmux >/dev/null || skip "tmux is not installed"
	game
	"$U" unit add 'x$(touch RAN)' --side French --type infantry --class french --units 4 >/dev/null
	cat >rc.bash <<-EOF
		PS1='[ready] '
		unset HISTFILE
		PATH=$TEST_DIR/bin:\$PATH
		source $ROOT/cmd/umpire.bash
		umpire() { printf '<%s>' "\$@"; echo; }
	EOF
	# Its server must not hold bats' output open (3>&-).
	tmux -S "$TEST_DIR/tmux.sock" new-session -d -s t -x 150 -y 20 \
	    "cd $TEST_DIR && env -i HOME=$TEST_DIR TERM=screen LANG=C.UTF-8 bash --rcfile rc.bash -i" 3>&-
	screen_has '[ready]'
	local lines=("umpire fire --target Kem" "umpire fire --target x" "umpire adjust 'Wellington"
	    "umpire fire --target \"pire")
	local want=("<fire><--target><Kempt>" '<fire><--target><x$(touch RAN)>'
	    "<adjust><Wellington's Army>" "<fire><--target><Piré>")
	for i in "${!lines[@]}"; do
		tmux_keys -l "${lines[i]}"
		tmux_keys Tab
		sleep 0.5
		tmux_keys Enter
		screen_has "${want[i]}"
	done
	[ ! -e RAN ]
	# The shell leaves, and its server with it, before the directory goes.
	tmux_keys exit Enter
	for _ in $(seq 50); do
		tmux -S "$TEST_DIR/tmux.sock" has-session 2>/dev/null || break
		sleep 0.1
	done
}

# In the order umpire gives them (bash keeps it: complete -o nosort).
in_order() {
	local line=$1
	shift
	complete_line "$line" in-order
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	[ "$output" = "$(printf '%s\n' "$@")" ] || {
		echo "line:   $line"; echo "offers: $output"; echo "wanted: $*"; return 1
	}
}

@test "targets from the other side, the own side only with --friendly; lists without repeats" {
	game
	in_order "umpire fire --unit Kempt --target " Bachelu Piré
	in_order "umpire melee --attacker Piré --defender " Kempt Pack
	in_order "umpire fire --unit Kempt --friendly --target " Bachelu Piré Pack
	offers "umpire fire --mod hard-cover,soft-cover,h"
	offers "umpire fire --mod hard-cover,en" hard-cover,enfilade
	# a brigade game's new offers the brigade rules' options, none of 2x2's
	offers "umpire new --" --title --force --fog --example --from --recover --db --rules --json --help
	for k in 1 2 3 4 5 6 7 8 9 10; do
		"$U" adjust Pack --figures -1 --reason "a count of the ids" >/dev/null
	done
	in_order "umpire log show " 1 2 3 4 5 6 7 8 9 10 11 12
}

# brigade l.90, fury l.92: a battery stands limbered or unlimbered, and
# troops never do; completion offers the formations the unit's type may
# stand in, by the formations table (its types column).
@test "the tactical formations offered are those of the unit's type" {
	bin_umpire
	"$U" new --rules fury >/dev/null
	"$U" unit add "Grand Battery" --side French --type heavy-battery --stands 1 --bel veteran >/dev/null
	"$U" unit add Bachelu --side French --type infantry --stands 4 --bel veteran >/dev/null
	offers "umpire move --unit 'Grand Battery' --formation " march-column limbered unlimbered
	offers "umpire move --unit Bachelu --formation " line column march-column square
	offers "umpire adjust 'Grand Battery' --formation " march-column limbered unlimbered
	offers "umpire unit set Bachelu --formation " line column march-column square
	offers "umpire unit add X --type horse-battery --formation " march-column limbered unlimbered
	# no unit named, no type given: every formation the rule set keeps
	offers "umpire move --formation " line column march-column square limbered unlimbered
	offers "umpire --rules brigade unit add X --type foot-artillery --formation " march-column limbered unlimbered
	offers "umpire --rules brigade move --type skirmishers --formation " line march-column attack-column square
}
