#!/bin/sh
# make valgrind: the command-line tests (tests/cli) with the release build
# (dynamically linked: build/vg/umpire) run under valgrind's memcheck.
# Every umpire the tests start goes through a wrapper; memcheck's reports
# go to a log a process.  Passes when the tests pass and no process
# reported an error (a read of an uninitialised value, an invalid access).
#   tests/stress/valgrind.sh UMPIRE [BATS_FILE...]
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Reachable by the unprivileged user the read-only tests run as.
chmod 755 "$work"
mkdir -m 1777 "$work/logs"
cp "$bin" "$work/umpire.real"
cat >"$work/umpire" <<EOF
#!/bin/sh
exec valgrind -q --tool=memcheck --error-exitcode=99 --track-origins=yes \\
    --log-file="$work/logs/vg.%p" "$work/umpire.real" "\$@"
EOF
chmod 755 "$work/umpire" "$work/umpire.real"
UMPIRE_BIN=$work/umpire
export UMPIRE_BIN
unset UMPIRE_DB
[ $# -gt 0 ] || set -- tests/cli
bats --tap "$@" >"$work/bats.log" 2>&1
rc=$?
grep -v '^ok ' "$work/bats.log"
errors=$(cat "$work"/logs/vg.* 2>/dev/null | grep -c '^==[0-9]*== [A-Z]')
runs=$(ls "$work"/logs | wc -l)
if [ "$errors" -gt 0 ]; then
	# each report once, with the stack that made it
	cat "$work"/logs/vg.* | sed 's/^==[0-9]*== //' |
	    awk '/^[A-Z]/ { if (block != "") seen[block]++; block = $0 "\n"; next }
	         /^ / { block = block $0 "\n"; next }
	         END { if (block != "") seen[block]++; for (b in seen) printf "%d times:\n%s\n", seen[b], b }'
fi
echo "$(grep -c '^ok ' "$work/bats.log") tests passed under valgrind ($runs umpire runs); $errors memcheck reports"
[ "$rc" = 0 ] && [ "$errors" = 0 ]
