#!/usr/bin/env bats
# make install: the binary, a real man page and bash completion.
load helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

@test "make install puts the binary, the man page and the completion under PREFIX" {
	make -s -C "$ROOT" install PREFIX=/usr DESTDIR="$TEST_DIR/root" >/dev/null
	[ -x root/usr/bin/umpire ]
	[ -f root/usr/share/man/man1/umpire.1 ]
	[ -f root/usr/share/bash-completion/completions/umpire ]
	man -l root/usr/share/man/man1/umpire.1 >man.txt 2>warnings.txt
	[ ! -s warnings.txt ]
	for section in SYNOPSIS ADJUDICATIONS "GAME KEEPING" "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "RULE SET OPTIONS"; do
		grep -q "^$section" man.txt
	done
	sed -n '/^ADJUDICATIONS/,/^EXIT STATUS/p' man.txt >commands.txt
	for cmd in fire melee morale rally fatigue move odds new unit sheet log undo redo adjust turn tables check batch report help version; do
		grep -qw "$cmd" commands.txt
	done
	# every rule set's options, from the binary itself
	grep -q "brigade fire" man.txt
	grep -q -- "--firers N" man.txt
	grep -q "ohw melee" man.txt
}

@test "bash completion: commands, options of the game's rule set, modifiers, unit names" {
	small_oob
	mkdir bin && ln -s "$U" bin/umpire
	run bash -c 'PATH=$PWD/bin:$PATH; source "$1"
	    complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _umpire; printf "%s\n" "${COMPREPLY[@]}"; }
	    complete_words umpire fi
	    echo --
	    complete_words umpire fire --fir
	    echo --
	    complete_words umpire fire --mod hard
	    echo --
	    complete_words umpire fire --target Ke
	    echo --
	    complete_words umpire melee --attacker P' _ "$ROOT/cmd/umpire.bash"
	[ "$status" -eq 0 ]
	[ "$output" = "fire
--
--firers
--
hard-cover
--
Kempt
--
Pack
Piré" ]
}
