#!/bin/sh
# Finds cycles among the source files of core/, db/ and cmd/ (the
# server's, cmd/serve/, too): a header that includes itself through
# others, or a file whose functions call another's that calls back into
# it (adjudicate.c <-> odds_report.c was one).  A file-level cycle is a
# tangle: neither file can be read, changed or tested without the other.
#   tests/cycles.sh [-p] [OBJECT_DIR]   (default build/flt)
# The calls are read from the objects (nm: what each defines and what it
# calls, functions only), the includes from the sources: every source
# needs its object (make build/flt/umpire build/flt/umpire-serve), else
# it exits 2.  -p prints the two graphs, an edge "FROM TO" a line.  Exits
# 1 and names the files of each cycle when there is one.
set -u
LC_ALL=C
export LC_ALL
print=0
if [ "${1:-}" = "-p" ]; then
	print=1
	shift
fi
objdir=${1:-build/flt}
cd "$(dirname "$0")/.." || exit 2
graph=$(mktemp -d)
trap 'rm -rf "$graph"' EXIT

# The source file of an object (build/flt/adjudicate.o: cmd/adjudicate.c).
find core db cmd -name '*.c' | awk -F/ '{ b = $NF; sub(/\.c$/, "", b); print b, $0 }' |
    sort >"$graph/sources"

# calls: "CALLER CALLEE", a file each, for every function one file's
# object calls that another's defines.
missing=$(while read -r b f; do [ -f "$objdir/$b.o" ] || printf '%s ' "$f"; done <"$graph/sources")
if [ -n "$missing" ]; then
	echo "cycles.sh: no object in $objdir for ${missing}(make $objdir/umpire $objdir/umpire-serve)" >&2
	exit 2
fi
nm -A --defined-only "$objdir"/*.o | awk '$(NF-1) == "T" { print $NF, file($1) }
    function file(f) { sub(/\.o:.*/, "", f); sub(/.*\//, "", f); return f }' |
    sort -u >"$graph/defines"
nm -A -u "$objdir"/*.o | awk '{ print $NF, file($1) }
    function file(f) { sub(/\.o:.*/, "", f); sub(/.*\//, "", f); return f }' |
    sort -u >"$graph/uses"
join "$graph/uses" "$graph/defines" | awk '$2 != $3 { print $2, $3 }' | sort -u |
    join - "$graph/sources" | awk '{ print $3, $2 }' | sort -k2,2 |
    join -1 2 - "$graph/sources" | awk '{ print $2, $3 }' | sort -u >"$graph/calls"

# includes: "FILE HEADER" for every #include "..." found in core, db or cmd
# (the file's own folder first, then -Icore -Idb -Icmd as the build has).
find core db cmd -name '*.[ch]' | while read -r f; do
	sed -n 's/^#include "\(.*\)".*/\1/p' "$f" | while read -r h; do
		for d in "$(dirname "$f")" core db cmd; do
			if [ -f "$d/$h" ]; then
				echo "$f $d/$h"
				break
			fi
		done
	done
done | sort -u >"$graph/includes"

if [ "$print" = 1 ]; then
	echo "# calls"
	cat "$graph/calls"
	echo "# includes"
	cat "$graph/includes"
fi
rc=0
for g in calls includes; do
	if ! tsort "$graph/$g" >/dev/null 2>"$graph/loop"; then
		echo "cycles.sh: a cycle of $g among:"
		sed -n 's/^tsort: //p' "$graph/loop" | grep -v 'input contains a loop'
		rc=1
	fi
done
[ "$rc" = 0 ] && echo "cycles.sh: no cycle of calls or includes among core, db and cmd"
exit "$rc"
