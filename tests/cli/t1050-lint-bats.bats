#!/usr/bin/env bats
# tests/cli/lint-bats.sh: the checker make check runs first, which fails on
# a bats check that cannot fail.
load helper

LINT=$BATS_TEST_DIRNAME/lint-bats.sh
SAMPLES=$BATS_TEST_DIRNAME/lint-samples

@test "lint-bats: each check that cannot fail is named by its line, and fails the run" {
	run "$LINT" "$SAMPLES/bad.sample"
	[ "$status" -eq 1 ]
	[ "$output" = "$SAMPLES/bad.sample:3: \"! cmd\" not as the test's last line never fails
$SAMPLES/bad.sample:9: a \"!= *...*\" check with no status check before it
$SAMPLES/bad.sample:8: the status of this run is never looked at
$SAMPLES/bad.sample:13: the status of this run is never looked at" ]
}

@test "lint-bats: the same checks written to fail pass" {
	run "$LINT" "$SAMPLES/good.sample"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "lint-bats: every command-line test can fail" {
	run "$LINT"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

# The helper the tests lean on (helper.bash): umpire's split of the output
# into lines, has_line's whole-line match, and the shell left as it was.
@test "helper: lines drop empty ones and keep the rest as printed; has_line matches a whole line" {
	U=printf
	umpire '%s\n' 'a *' '' '  b  ' '' '' 'c\d'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[0]}" = 'a *' ]
	[ "${lines[1]}" = '  b  ' ]
	[ "${lines[2]}" = 'c\d' ]
	has_line '  b  '
	has_line 'c\d'
	run has_line b
	[ "$status" -eq 1 ]
	run has_line '*'
	[ "$status" -eq 1 ]
	touch g1 g2
	set -- g*
	[ "$#" -eq 2 ]
}
