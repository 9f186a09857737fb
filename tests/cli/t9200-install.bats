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
	for section in SYNOPSIS ADJUDICATIONS "GAME KEEPING" "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "RULE SET OPTIONS"; do
		grep -q "^$section" man.txt
	done
	sed -n '/^ADJUDICATIONS/,/^EXIT STATUS/p' man.txt >commands.txt
	for cmd in fire melee morale rally fatigue move odds new unit sheet log undo redo adjust turn tables check batch report serve help version; do
		grep -qw "$cmd" commands.txt
	done
	# every rule set's options, from the binary itself
	grep -q "brigade fire" man.txt
	grep -q -- "--firers N" man.txt
	grep -q "ohw melee" man.txt
}
