#!/usr/bin/env bats
# batch: many commands in one process and one transaction.
load helper

@test "batch runs each line, shell quoting and comments, in one transaction" {
	small_oob
	cat >turn.txt <<'LINES'
# the first fire of the day
fire --firers 16 --distance 2 --target Kempt --dice 4
fire --firers 16 --distance 2 --target "Piré" --dice 3   # at the lancers
adjust 'Pack' --figures -1 --reason "a straggler's \"loss\""
turn next
LINES
	umpire batch turn.txt
	[ "$status" -eq 0 ]
	has_line "  Kempt loses 2 figures (62 left)"
	has_line "turn 2"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 4 ]
	[ "$(sqlite3 umpire.db "SELECT summary FROM event WHERE id = 3")" = "Pack: -1 figure (a straggler's \"loss\")" ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "the first bad line stops the batch with its line number, and nothing is written" {
	small_oob
	before=$(md5sum umpire.db)
	printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\n\nfire --firers 16 --distance 2 --target Kempt --dice 9\nturn next\n' >bad.txt
	umpire batch bad.txt
	expect_error 65 "line 3: fire: die 1 is the firers' average die: 9 is not a face of the average die (2-5); nothing was written"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
	umpire batch - <<<'fire --firers 16 --distance 2 --target Kempt'
	expect_error 64 "line 1: fire: needs dice: firers' average die; give the faces with --dice or let umpire roll with --roll; nothing was written"
	umpire batch - <<<'fire --target "Kempt'
	expect_error 64 "line 1: a quote is not closed; nothing was written"
	[ "$(md5sum umpire.db)" = "$before" ]
}

@test "--each keeps the lines before a bad one" {
	small_oob
	printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\nfire --firers 16 --distance 2 --target Nobody --dice 4\nturn next\n' >each.txt
	run --separate-stderr "$U" batch --each each.txt
	[ "$status" -eq 65 ]
	[ "$stderr" = "umpire: batch: line 2: fire: no unit is named 'Nobody' ('umpire unit list' lists them); the 1 line before it was kept (the last event recorded is 1)" ]
	has_line "  Kempt loses 2 figures (62 left)"
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 1 ]
}

@test "batch --json prints one JSON object a line; readers see the batch's own writes" {
	small_oob
	printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\nunit show Kempt\nlog\n' >j.txt
	umpire --json batch j.txt
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" = 3 ]
	[ "$(printf '%s\n' "${lines[0]}" | jq -r .line)" = 1 ]
	[ "$(printf '%s\n' "${lines[1]}" | jq -r .line)" = 2 ]
	[ "$(printf '%s\n' "${lines[2]}" | jq -r .line)" = 3 ]
	[ "$(printf '%s\n' "${lines[0]}" | jq -r .result.casualties)" = 2 ]
	[ "$(printf '%s\n' "${lines[1]}" | jq -r .losses)" = 2 ]
	[ "$(printf '%s\n' "${lines[2]}" | jq -r '.entries | length')" = 1 ]
}

@test "a batch of a thousand rulings is kept whole" {
	small_oob
	for i in $(seq 500); do
		echo "fire --firers 16 --distance 2 --target Kempt --dice 2"
		echo "undo"
	done >many.txt
	umpire batch many.txt
	[ "$status" -eq 0 ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event WHERE undone = 0')" = 0 ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 500 ]
	umpire check
	[ "$status" -eq 0 ]
}

@test "each line's text output is marked with its line number" {
	small_oob
	printf '# a comment line\nturn\n\nturn next\n' >t.txt
	umpire batch t.txt
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '# line 2\nturn 1\n# line 4\nturn 2')" ]
}

@test "batch, new, serve and --db are refused wherever they stand on a line (65, nothing written)" {
	small_oob
	before=$(md5sum umpire.db)
	printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\n' >ok.txt
	for line in 'new --rules brigade --force' '--rules squares new --force' \
	    '--rules brigade batch --each SELF' '--json batch -' 'serve' \
	    '--db other.db turn next' 'turn next --db=other.db' 'unit add x --side a --type infantry --db other.db'; do
		printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\n%s\n' "$line" >bad.txt
		umpire batch bad.txt
		[ "$status" -eq 65 ] || { echo "line '$line': status $status"; return 1; }
		[[ "$stderr" == "umpire: batch: line 2: '"*"' cannot be used inside a batch; nothing was written" ]] ||
		    { echo "line '$line': $stderr"; return 1; }
		[ -z "$output" ]
		[ ! -e other.db ]
		[ "$(md5sum umpire.db)" = "$before" ]
	done
	# --each keeps what came before, and says so
	printf 'fire --firers 16 --distance 2 --target Kempt --dice 4\n--rules squares new --force\nturn next\n' >each.txt
	umpire batch --each each.txt
	[ "$status" -eq 65 ]
	[ "$stderr" = "umpire: batch: line 2: 'new' cannot be used inside a batch; the 1 line before it was kept (the last event recorded is 1)" ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 1 ]
	[ "$(sqlite3 umpire.db 'SELECT rules FROM game')" = brigade ]
}

@test "a line of any length is one line: a long comment never runs its tail" {
	small_oob
	{
		printf 'turn # '
		head -c 20000 /dev/zero | tr '\0' 'x'
		printf ' turn next\n'
	} >long.txt
	umpire batch long.txt
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '# line 1\nturn 1')" ]
	[ "$(sqlite3 umpire.db 'SELECT count(*) FROM event')" = 0 ]
	# a long name on one line is one word
	name=$(head -c 9000 /dev/zero | tr '\0' 'y')
	printf 'log --unit %s\n' "$name" >name.txt
	umpire batch name.txt
	expect_error 65 "umpire: batch: line 1: log: --unit: too much text in the options; nothing was written"
}
