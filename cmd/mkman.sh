#!/bin/sh
# Builds the man page: cmd/umpire.1.in, then sections made from the built
# binary and the JSON Schemas, so the page lists what umpire takes and
# prints: every adjudication's options (RULE SET OPTIONS), each rule set's
# unit ratings (UNIT RATINGS), the columns of unit import and export (CSV
# COLUMNS) and every key of every --json output (JSON OUTPUT).
#   cmd/mkman.sh ./umpire cmd/umpire.1.in schema/json > build/umpire.1
set -eu
u=$1
schemas=$3
version=$("$u" version | cut -d' ' -f2)
sed "s/@VERSION@/$version/" "$2"

# roff: a line of text as it is (backslashes, a leading dot or quote).
literal() { sed 's/\\/\\e/g; s/^\./\\\&./; s/^'"'"'/\\\&'"'"'/'; }
# The rule sets and their adjudications (squares: and turn, its action
# dice and dice-off), as completion offers them.
words() { "$u" complete "$1" | sed 1d; }
rule_sets=$(words "umpire --rules ")

echo '.SH RULE SET OPTIONS'
for rules in $rule_sets; do
	for cmd in $(words "umpire --rules $rules odds "); do
		help=$("$u" --rules "$rules" "$cmd" --help 2>&1) || continue
		echo ".SS $rules $cmd"
		echo '.nf'
		printf '%s\n' "$help" | literal
		echo '.fi'
	done
done

cat <<'ROFF'
.SH UNIT RATINGS
The options of \fBunit add\fR and \fBunit set\fR under each rule set:
the types of unit and formation, and the ratings each takes.
ROFF
for rules in $rule_sets; do
	echo ".SS $rules"
	echo '.nf'
	"$u" --rules "$rules" unit --help | sed -n '/^Unit types/,$p' | literal
	echo '.fi'
done

cat <<'ROFF'
.SH CSV COLUMNS
\fBunit export\fR writes, and \fBunit import\fR reads, one row a unit or
formation under this header (a rating column per option; a flag is
\fByes\fR; a list's elements are separated by \fB;\fR).  An import may
leave out any column but \fBname\fR, \fBside\fR and \fBtype\fR.
ROFF
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for rules in $rule_sets; do
	"$u" --db "$scratch/$rules.db" new --rules "$rules" >/dev/null
	echo ".SS $rules"
	echo '.nf'
	"$u" --db "$scratch/$rules.db" unit export | head -1 | literal
	echo '.fi'
done

echo '.SH JSON OUTPUT'
cat <<'ROFF'
.ad l
.nh
With \fB\-\-json\fR each command prints one JSON object (\fBbatch\fR: one a
line, with \fBline\fR, its line number); on an error, nothing.  The keys of
each kind of output follow, each with its type; \fI(optional)\fR marks a key
that is absent where it does not apply (in a side's view under fog, a key
the side may not know), every other key is always there, null where it does
not apply.  The JSON Schemas of these outputs are in the source, under
\fIschema/json/\fR.
ROFF
# (the rule sets' names, measures and commands: the binary's own
# description, as the tests' rulesets.schema.json is)
jq -r --argjson described "$("$u" --json help)" -f "$(dirname "$0")/mkman-json.jq" \
    "$schemas"/common.schema.json \
    "$schemas"/ruling.schema.json $(ls "$schemas"/*.schema.json |
    grep -v '/common\.\|/ruling\.')
