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
