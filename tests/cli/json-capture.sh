#!/bin/bash
# The binary under test, run as it is; when UMPIRE_JSON_CAPTURE names a
# directory and an argument is --json, its standard output is also kept
# there (N.out, with N its arguments one a line) for
# tests/cli/validate-json.py to check against schema/json/.
real=${UMPIRE_REAL_BIN:?set UMPIRE_REAL_BIN to the binary under test}
dir=${UMPIRE_JSON_CAPTURE:-}
if [ -n "$dir" ]; then
	for a in "$@"; do
		if [ "$a" = --json ]; then
			base=$(mktemp "$dir/XXXXXXXX")
			printf '%s\n' "$@" >"$base"
			# serve runs until a signal: it keeps its process id;
			# every other command is waited for with its copy, so a
			# caller reading its output file finds it whole
			case " $* " in
			*" serve "*) exec "$real" "$@" > >(tee "$base.out") ;;
			esac
			"$real" "$@" | tee "$base.out"
			exit "${PIPESTATUS[0]}"
		fi
	done
fi
exec "$real" "$@"
