#!/bin/sh
# Builds the man page: cmd/umpire.1.in, then a RULE SET OPTIONS section
# from the built binary's own --help of every adjudication of every rule
# set (so the page lists what umpire takes, options and modifiers alike).
#   cmd/mkman.sh ./umpire cmd/umpire.1.in > build/umpire.1
set -eu
u=$1
version=$("$u" version | cut -d' ' -f2)
sed "s/@VERSION@/$version/" "$2"
echo '.SH RULE SET OPTIONS'
# The rule sets and their adjudications, as completion offers them.
words() { "$u" complete "$1" | sed 1d; }
for rules in $(words "umpire --rules "); do
	for cmd in $(words "umpire --rules $rules odds "); do
		help=$("$u" --rules "$rules" "$cmd" --help 2>&1) || continue
		echo ".SS $rules $cmd"
		echo '.nf'
		printf '%s\n' "$help" | sed 's/\\/\\e/g; s/^\./\\\&./; s/^'"'"'/\\\&'"'"'/'
		echo '.fi'
	done
done
