#!/bin/sh
# Finds the checks in bats tests that cannot fail.
#   tests/cli/lint-bats.sh [FILE.bats...]   (default: tests/cli/*.bats)
# Prints FILE:LINE: what is wrong, a line each, and exits 1 if any:
# - a line "! cmd" that is not its test's last: bats runs a test under
#   errexit, which a negated command never trips, so only the last line's
#   status (the test's own) is seen;
# - a glob "[[ ... != *...* ]]" with no status check since the last run:
#   a command that failed printed nothing, and nothing matches anything;
# - a run (or the helpers umpire and as_nobody, which run) whose status is
#   never looked at before the next run or the test's end.
# A status check is a line that names $status, or calls a function that
# does (expect_error, a file's own helpers), read first from helper.bash
# and the files; a function that runs before it checks is a checked run.
# "run -N" and "run !" check their own.
dir=$(dirname "$0")
if [ "$#" -eq 0 ]; then
	set -- "$dir"/*.bats
fi
awk '
# pass 1: the functions that look at a status
pass == 1 && /^[A-Za-z_][A-Za-z_0-9]*\(\) *\{/ {
	fn = $0; sub(/\(\).*/, "", fn); in_fn = 1; fn_ran = 0; next
}
pass == 1 && in_fn && /^}/ { in_fn = 0; next }
pass == 1 && in_fn && /^[ \t]*(run|umpire|as_nobody)([ \t]|$)/ { fn_ran = 1 }
pass == 1 && in_fn && /\$\{?status|expect_error/ && !((own(), fn) in checks) {
	checks[own(), fn] = 1; runs[own(), fn] = fn_ran
}
pass == 1 { next }
# the functions of helper.bash serve every file; those of a file, only it
function own() {
	return FILENAME ~ /helper\.bash$/ ? "" : FILENAME
}
function flush_run() {
	if (run_line && !run_checked)
		report(run_line, "the status of this run is never looked at")
	run_line = 0
}
function report(line, what) {
	printf "%s:%d: %s\n", FILENAME, line, what
	bad = 1
}
/^@test / { in_test = 1; bang = 0; last = 0; run_line = 0; next }
in_test && /^}/ {
	flush_run()
	if (bang && bang != last)
		report(bang, "\"! cmd\" not as the test'"'"'s last line never fails")
	in_test = 0
	next
}
!in_test { next }
/^[ \t]*(#|$)/ { next }
{ last = FNR }
/^[ \t]*![ \t]/ { bang = FNR }
/^[ \t]*([A-Za-z_][A-Za-z_0-9]*=[^ \t]*[ \t]+)*(run|umpire|as_nobody)([ \t]|$)/ {
	flush_run()
	run_line = FNR
	run_checked = ($0 ~ /run[ \t]+(-[0-9]+|!)[ \t]/)
	next
}
/\$\{?status|expect_error/ { run_checked = 1 }
{
	word = $1; sub(/^!/, "", word)
	key = (("", word) in checks) ? "" : FILENAME
	if ((key, word) in checks) {
		if (runs[key, word]) { flush_run(); run_line = FNR }
		run_checked = 1
	}
}
/!=[ \t]*("[^"]*")?\*/ {
	if (!run_line || !run_checked)
		report(FNR, "a \"!= *...*\" check with no status check before it")
}
END { exit bad }
' pass=1 "$dir/helper.bash" "$@" pass=2 "$@"
