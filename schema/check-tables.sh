#!/bin/sh
# The build's check that each rule set has the tables its code reads:
# for each folder core/RULESET/, every table named in a call
# rule_table(ts, RULESET, "NAME", ...) and the bands table the fog reads
# must be schema/tables/RULESET/NAME.csv (a missing one would show only
# when a ruling asked for it).  The modifier tables the options name are
# checked by tests/unit/test_table.c against the declarations.
#   schema/check-tables.sh      (from the top of the tree)
set -eu
bad=0
for dir in core/*/; do
	rs=$(basename "$dir")
	if [ ! -d "schema/tables/$rs" ]; then
		echo "check-tables: the rule set in core/$rs/ has no schema/tables/$rs/" >&2
		bad=1
		continue
	fi
	names=$({
		grep -ho 'rule_table(ts, [A-Z_0-9]*, "[a-z0-9-]*"' "$dir"*.c | sed 's/.*"\(.*\)"/\1/'
		echo bands
	} | sort -u)
	for name in $names; do
		[ -f "schema/tables/$rs/$name.csv" ] && continue
		echo "check-tables: core/$rs/ reads the table '$name': schema/tables/$rs/$name.csv is missing" >&2
		bad=1
	done
done
exit "$bad"
