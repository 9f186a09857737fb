# Shared set-up of the command-line tests: each test runs in a fresh
# temporary directory, with no game unless it makes one.

bats_require_minimum_version 1.5.0

setup() {
	U=${UMPIRE_BIN:?set UMPIRE_BIN to the binary under test}
	TEST_DIR=$(mktemp -d)
	cd "$TEST_DIR" || return 1
	unset UMPIRE_DB
}

teardown() {
	cd / && rm -rf "$TEST_DIR"
}

# umpire ARGS...: runs the binary with stdout and stderr apart.
umpire() {
	run --separate-stderr "$U" "$@"
}

# json FILTER: evaluates a jq filter on the last command's stdout.
json() {
	printf '%s' "$output" | jq -r "$1"
}

# expect_error CODE MESSAGE: the last command failed with CODE, printed
# MESSAGE (a substring) on stderr and nothing on stdout.
expect_error() {
	[ "$status" -eq "$1" ] || { echo "status $status, expected $1; stderr: $stderr"; return 1; }
	[[ "$stderr" == *"$2"* ]] || { echo "stderr: $stderr"; echo "expected: $2"; return 1; }
	[ -z "$output" ] || { echo "stdout not empty: $output"; return 1; }
	local lines
	lines=$(printf '%s\n' "$stderr" | wc -l)
	[ "$lines" -eq 1 ] || { echo "stderr has $lines lines: $stderr"; return 1; }
}
