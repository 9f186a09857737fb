#!/bin/sh
# make mutants: proof that the tests can fail.  Each mutant is a small
# change of the source made in a scratch copy of the tree under
# build/mutants/NAME (the real code is never touched) and built there from
# the objects already built; then the tests of make check run on it, and
# every mutant must fail them.  Prints one line a mutant, "NAME: killed
# by N tests" or "NAME: SURVIVED", and exits non-zero when one survived,
# did not build, or its recipe no longer matches the source.
#   tests/stress/mutants.sh UNIT_TEST_BINARY...   (from the top of the tree)
set -u
status=0

# copy NAME: the tree and its built objects, times kept (make rebuilds
# only what the mutant changes).
copy() {
	dir=build/mutants/$1
	rm -rf "$dir"
	mkdir -p "$dir/build"
	tar -cf - --exclude=./build --exclude=./.git --exclude=./umpire . | tar -xf - -C "$dir"
	for b in rel san flt gen embed flags.rel flags.san; do
		[ -e "build/$b" ] && cp -pR "build/$b" "$dir/build/"
	done
	[ -e umpire ] && cp -p umpire "$dir/"
	return 0
}

# edit NAME FILE SED_SCRIPT: applies the recipe to the copy's FILE; a
# recipe that no longer changes the file fails loudly.
edit() {
	f=build/mutants/$1/$2
	cp "$f" "$f.orig"
	sed -i "$3" "$f"
	if cmp -s "$f" "$f.orig"; then
		echo "$1: its recipe no longer matches $2: update tests/stress/mutants.sh"
		return 1
	fi
	rm -f "$f.orig"
}

# The mutants: each a description and a recipe.

# (a) every sqlite3_step result in db/ ignored: an error reads as the end.
mutate_step_ignored() {
	edit "$1" db/internal.h '/^#include <sqlite3.h>$/a\
/* mutant: every sqlite3_step error taken for the end of the rows */\
static inline int mutant_step(sqlite3_stmt *s) { int rc = sqlite3_step(s); return rc == SQLITE_ROW ? rc : SQLITE_DONE; }\
#define sqlite3_step mutant_step'
}

# (b) the COMMIT of a command skipped (SQLite rolls back at close).
mutate_commit_skipped() {
	edit "$1" db/db.c 's/rc = exec(db, "COMMIT", "saving the game");/rc = DB_OK;/'
}

# (c) an event's unit link not written (db_event_unit binds, never steps).
mutate_event_unit_unlinked() {
	edit "$1" db/journal.c '/^db_event_unit(/,/^}/s/return db_step_done(db, st, "recording the ruling");/return DB_OK;/'
}

# (d) the HTML escape of '<' dropped (cmd/html.c, esc).
mutate_html_escape_dropped() {
	edit "$1" cmd/html.c '/^html_esc(FILE \*f, const char \*s)$/,/^}/{/case .<.: fputs("&lt;", f); break;/d}'
}

mutants="step_ignored commit_skipped event_unit_unlinked html_escape_dropped"
for m in $mutants; do
	copy "$m"
	if ! "mutate_$m" "$m"; then
		status=1
		continue
	fi
	dir=build/mutants/$m
	if ! make -s -C "$dir" -j2 umpire build/san/umpire build/flt/umpire build/flt/faultshim.so \
	    build/san/fuzz_replay "$@" >"$dir/build.log" 2>&1; then
		echo "$m: does not build (see $dir/build.log)"
		status=1
		continue
	fi
	(cd "$dir" && tests/run.sh build/flt/umpire build/san/umpire "$@") >"$dir/check.log" 2>&1
	failed=$(tail -1 "$dir/check.log" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed, [0-9]* skipped$/\1/p')
	if [ -z "$failed" ]; then
		echo "$m: the tests did not finish (see $dir/check.log)"
		status=1
	elif [ "$failed" -gt 0 ]; then
		echo "$m: killed by $failed tests"
	else
		echo "$m: SURVIVED"
		status=1
	fi
done
exit "$status"
