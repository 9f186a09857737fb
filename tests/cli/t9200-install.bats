#!/usr/bin/env bats
# make install: the binary, a real man page and bash completion (which
# t9210-completion.bats drives).
load helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

@test "make install puts the binary, its server, the man page and the completion under PREFIX" {
	make -s -C "$ROOT" install PREFIX=/usr DESTDIR="$TEST_DIR/root" >/dev/null
	[ -x root/usr/bin/umpire ]
	[ -x root/usr/libexec/umpire/umpire-serve ]
	[ -f root/usr/share/man/man1/umpire.1 ]
	[ -f root/usr/share/bash-completion/completions/umpire ]
	man -l root/usr/share/man/man1/umpire.1 >man.txt 2>warnings.txt
	[ ! -s warnings.txt ]
	for section in SYNOPSIS ADJUDICATIONS "GAME KEEPING" "EXIT STATUS" ENVIRONMENT FILES EXAMPLES \
	    "RULE SET OPTIONS" "UNIT RATINGS" "CSV COLUMNS" "JSON OUTPUT"; do
		grep -q "^$section" man.txt
	done
	sed -n '/^ADJUDICATIONS/,/^EXIT STATUS/p' man.txt >commands.txt
	for cmd in fire melee morale rally fatigue move odds new unit sheet log undo redo adjust turn tables check batch report serve help version game; do
		grep -qw "$cmd" commands.txt
	done
	# every rule set's options, from the binary itself
	grep -q "brigade fire" man.txt
	grep -q -- "--firers N" man.txt
	grep -q "ohw melee" man.txt
	# squares' turn: its action dice and the generals' dice-off
	sed -n '/^   squares turn$/,/^   [^ ]/p' man.txt >turn.txt
	for option in "--action-dice" "--dice-off dA,dB" "--general COMMAND"; do
		grep -q -- "^         $option " turn.txt
	done
}

# section_of TITLE: the lines of man.txt's section TITLE (a line of its own).
section_of() {
	sed -n "/^$1\$/,/^[A-Z]/p" man.txt
}

@test "the man page lists each rule set's unit ratings and CSV columns, from the binary" {
	make -s -C "$ROOT" build/umpire.1 >/dev/null
	MANWIDTH=200 man -l "$ROOT/build/umpire.1" >man.txt 2>/dev/null
	section_of "UNIT RATINGS" >ratings.txt
	# one rating of each rule set and its allowed values, as unit --help gives them
	for rating in "--class CLASS" "--skirmish dN" "--bel militia|conscript|regular|veteran|guard" \
	    "--size large|common|small" "--break-point B" "--break-percent P" "--quality good|average|poor"; do
		# the option alone on its line when its help goes on the next
		grep -q -- "^         $rating\( \|\$\)" ratings.txt
	done
	for rules in $(rulesets); do
		has_line "   $rules" "$(cat ratings.txt)"
		# every rating the binary declares is on the page
		"$U" --rules "$rules" unit --help | sed -n '/^Unit types/,$s/^  \(--[^ ]*\).*/\1/p' >declared.txt
		while read -r option; do
			grep -q -- "^         $option" ratings.txt || { echo "$rules $option"; return 1; }
		done <declared.txt
	done
	section_of "CSV COLUMNS" >csv.txt
	has_line "       name,side,type,parent,formation,quality,break-percent,size" "$(cat csv.txt)"
	has_line "       name,side,type,parent,formation,break-percent,break-point,stubborn,pyrrhic,impetuous,en-tirailleur,heavy-cavalry,rifles" "$(cat csv.txt)"
}

@test "the man page gives every key of every --json output, from the JSON Schemas" {
	make -s -C "$ROOT" build/umpire.1 >/dev/null
	MANWIDTH=200 man -l "$ROOT/build/umpire.1" >man.txt 2>/dev/null
	section_of "JSON OUTPUT" >json.txt
	local schema key
	for schema in "$ROOT"/schema/json/*.schema.json; do
		[ "${schema##*/}" = common.schema.json ] ||
		    has_line "   $(jq -r .title "$schema")" "$(cat json.txt)"
		# every top-level key, each on a line of its own
		for key in $(jq -r '.properties // {} | keys[]' "$schema"); do
			grep -q "^       $key\b" json.txt || { echo "${schema##*/}: $key"; return 1; }
		done
	done
	# CLI.md's keys of a ruling, then umpire's own
	for key in rules command dice seed modifiers legal reason result effects summary event working standing; do
		grep -q "^       $key\b" json.txt
	done
	# the result fields of RULES.md, by rule set and command
	has_line "       brigade melee" "$(cat json.txt)"
	grep -q "^              attacker_casualties (integer|null), defender_casualties (integer|null), outcome (attacker_wins|defender_wins|draw|null), pushback (integer|null)," json.txt
	has_line "       ohw fatigue" "$(cat json.txt)"
	grep -q "^              fatigue_points (integer, optional), break_point (integer, optional), state (fresh|tired|exhausted|broken|destroyed, optional), units (array of fatigue unit, optional)," json.txt
	# odds adds outcomes and runs; a unit its measure
	grep -q "^       outcomes" json.txt
	grep -q "^       runs" json.txt
	grep -q "^       fatigue_points" json.txt
}
