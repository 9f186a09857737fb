# umpire serve under load, as TAP (sourced by tests/stress/run.sh: it uses
# its $mode, $u, $work, $here and tap).  Localhost only, bounded in time:
#   1. 50 connections making 1,000 requests a second (wrk, 10 s; short: 4 s)
#      while rulings are made: every ruling goes through, their median
#      time within 1.5x of their median without the load, every answer 200,
#      and the server's memory (VmRSS) flat once warm;
#   2. 50 clients on the umpire's events and 50 asking its sheet.json
#      twice a second while 20 rulings are made (short: 10 and 10, 8
#      rulings): every ruling kept, every stream told of each, every
#      answer 200, the server's memory flat;
#   3. 600 slow clients (short: 200) from ten addresses, each sending a
#      header line every 5 s (every second, short), never ending its
#      request, for 30 s (short: 12 s), then as many from one address: a
#      normal client is answered every time, each slow one is cut once
#      its request has taken 10 s, one address holds 64 at most;
#   4. oversized headers and request lines, other methods, '..' and
#      percent-encoded paths, a NUL, no Host, wrong tokens and malformed
#      requests each get their status and the one fixed body (with the
#      server's headers), and the server goes on.
# umpire-serve must stand beside $u (make builds build/flt/umpire-serve).

serve_dir=$work/serve
serve_pid=""

# serve_start: the game's server on a free port; BASE, TOKEN (the umpire's),
# SIDE_TOKEN (a side's).
serve_start() {
	mkdir -p "$serve_dir"
	(cd "$serve_dir" && UMPIRE_DB=$serve_dir/umpire.db exec "$u" serve \
	    --listen 127.0.0.1:0 >serve.out 2>serve.err) &
	serve_pid=$!
	i=0
	while [ "$(cat "$serve_dir/serve.out" 2>/dev/null | wc -l)" -lt 3 ] &&
	    [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	BASE=$(head -1 "$serve_dir/serve.out" | sed 's/^umpire //; s|/v/.*||')
	TOKEN=$(sed -n 1p "$serve_dir/serve.out" | sed 's|.*/v/||; s|/$||')
	SIDE_TOKEN=$(sed -n 2p "$serve_dir/serve.out" | sed 's|.*/v/||; s|/$||')
}

serve_stop() {
	[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null
	serve_pid=""
}

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$serve_pid/status"; }

serve_ruling() {
	UMPIRE_DB=$serve_dir/umpire.db "$u" fire --firers 16 --distance 2 --target Kempt \
	    --dice 4 >/dev/null 2>>"$serve_dir/rulings.err"
}

# The ruling's two figures put back, untimed (a brigade with no figure
# left is out of the fight: forty rulings would wear Kempt out).
serve_correction() {
	UMPIRE_DB=$serve_dir/umpire.db "$u" adjust Kempt --figures 2 \
	    --reason "back in the ranks" >/dev/null 2>>"$serve_dir/rulings.err"
}

# timed_rulings N GAP FILE: N rulings GAP seconds apart, each one's
# milliseconds a line of FILE; false when one failed.
timed_rulings() {
	k=0 ruling_failed=0	# not run.sh's $failed, which says a proof failed
	: >"$3"
	while [ $k -lt "$1" ]; do
		start=$(date +%s%N)
		serve_ruling || ruling_failed=1
		echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$3"
		serve_correction || ruling_failed=1
		sleep "$2"
		k=$((k + 1))
	done
	return $ruling_failed
}

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

serve_load() {
	seconds=10 rulings=20
	[ "$mode" = short ] && seconds=4 rulings=8
	if ! command -v wrk >/dev/null; then
		tap 0 "serve under load: skipped, wrk is not installed (make deps) # SKIP"
		return
	fi
	timed_rulings "$rulings" 0.1 "$serve_dir/alone.ms" || true
	serve_start
	# Each of the 50 connections waits 50 ms after each answer: at most
	# 1,000 requests a second, over the three views' sheets and pages.
	cat >"$serve_dir/paced.lua" <<-'EOF'
	local paths, i = {}, 0
	function init(args) paths = args end
	function request()
		i = i % #paths + 1
		return wrk.format("GET", paths[i])
	end
	function delay() return 50 end
	EOF
	paths=$(sed 's|.*127\.0\.0\.1:[0-9]*||' "$serve_dir/serve.out" | while read -r p; do
		printf '%s %ssheet.json ' "$p" "$p"; done)
	# shellcheck disable=SC2086
	wrk -t2 -c50 -d"${seconds}s" -s "$serve_dir/paced.lua" "$BASE" -- $paths \
	    >"$serve_dir/wrk.out" 2>&1 &
	wrk_pid=$!
	sleep 1
	rss_warm=$(rss_kb)
	ok_rulings=0
	gap=$(awk -v s="$seconds" -v r="$rulings" 'BEGIN { printf "%.2f", (s - 2.5) / r }')
	timed_rulings "$rulings" "$gap" "$serve_dir/loaded.ms" && ok_rulings=1
	wait "$wrk_pid"
	rss_end=$(rss_kb)
	rate=$(awk '/^Requests\/sec:/ { printf "%d", $2 }' "$serve_dir/wrk.out")
	bad=$(awk '/Non-2xx|Socket errors/' "$serve_dir/wrk.out")
	alone=$(median "$serve_dir/alone.ms")
	loaded=$(median "$serve_dir/loaded.ms")
	growth=$(( rss_end - rss_warm ))
	fail=0
	[ "$ok_rulings" = 1 ] || fail=1
	[ "${rate:-0}" -ge 900 ] || fail=1
	[ -z "$bad" ] || fail=1
	[ $(( loaded * 2 )) -le $(( alone * 3 + 2 )) ] || fail=1
	[ "$growth" -le 2048 ] || fail=1
	tap $fail "serve: 50 connections at $rate requests/s for ${seconds}s while $rulings rulings were made: all kept, median $loaded ms against $alone ms alone, RSS $rss_warm -> $rss_end KB" \
	    "$(cat "$serve_dir/wrk.out" "$serve_dir/rulings.err") loaded: $(tr '\n' ' ' <"$serve_dir/loaded.ms")"
}

# crowd_script: $serve_dir/rulings.sh N, N rulings 0.3 s apart round the
# battle's three brigades of infantry, printing a line for each ruling
# kept (none worn out: 20 rulings take 14 figures at most of each one's
# 58 to 72, two a ruling).
crowd_script() {
	cat >"$serve_dir/rulings.sh" <<-EOF
	#!/bin/sh
	n=\$1 k=0
	while [ \$k -lt "\$n" ]; do
		set -- Kempt Pack Bachelu
		shift \$(( k % 3 ))
		UMPIRE_DB='$serve_dir/umpire.db' '$u' fire --firers 16 --distance 2 \\
		    --target "\$1" --dice 4 >/dev/null 2>>'$serve_dir/rulings.err' && echo ok
		sleep 0.3
		k=\$((k + 1))
	done
	EOF
}

serve_crowd() {
	streams=50 pollers=50 rulings=20
	[ "$mode" = short ] && streams=10 pollers=10 rulings=8
	before=$(UMPIRE_DB=$serve_dir/umpire.db "$u" --json log | jq '.entries | length')
	crowd_script
	python3 "$here/serve_clients.py" crowd "$BASE/v/$TOKEN/" --streams "$streams" \
	    --pollers "$pollers" --every 0.5 -- sh "$serve_dir/rulings.sh" "$rulings" \
	    >"$serve_dir/crowd.json" 2>"$serve_dir/crowd.err" &
	crowd_pid=$!
	# (its clients connected, the first rulings made: the server warm)
	sleep 2
	rss_before=$(rss_kb)
	wait "$crowd_pid"
	rss_after=$(rss_kb)
	after=$(UMPIRE_DB=$serve_dir/umpire.db "$u" --json log | jq '.entries | length')
	fail=0
	jq -e --argjson r "$rulings" --argjson s "$streams" '.rulings == $r and .exit == 0 and
	    .changes_fewest >= $r and .streams_open == $s and .polls_not_200 == 0' \
	    "$serve_dir/crowd.json" >/dev/null || fail=1
	[ $(( after - before )) = "$rulings" ] || fail=1
	[ $(( rss_after - rss_before )) -le 2048 ] || fail=1
	tap $fail "serve: $streams clients on the events and $pollers asking sheet.json while $rulings rulings were made: $(( after - before )) kept, each stream told $(jq .changes_fewest "$serve_dir/crowd.json") to $(jq .changes_most "$serve_dir/crowd.json") times, $(jq .polls "$serve_dir/crowd.json") answers ($(jq .polls_not_200 "$serve_dir/crowd.json") not 200), RSS $rss_before -> $rss_after KB" \
	    "$(cat "$serve_dir/crowd.json" "$serve_dir/crowd.err" "$serve_dir/rulings.err")"
}

serve_slow_clients() {
	clients=600 every=5 seconds=30
	[ "$mode" = short ] && clients=200 every=1 seconds=12
	sources=127.0.0.2
	for k in 3 4 5 6 7 8 9 10 11; do sources="$sources,127.0.0.$k"; done
	python3 "$here/serve_clients.py" slow "$BASE/v/$SIDE_TOKEN/sheet.json" \
	    --clients "$clients" --sources "$sources" --every "$every" --seconds "$seconds" \
	    >"$serve_dir/slow.json" 2>&1
	python3 "$here/serve_clients.py" slow "$BASE/v/$SIDE_TOKEN/sheet.json" \
	    --clients "$clients" --sources 127.0.0.12 --every "$every" --seconds 5 \
	    >"$serve_dir/one.json" 2>&1
	fail=0
	# (every slow client held at once; at the end some are between a cut
	# and their next connection, so held_end is a matter of timing)
	jq -e --argjson c "$clients" '.slow.held_most == $c and .slow.longest_s >= 10 and
	    .slow.longest_s <= 12.5 and .normal.ok == .normal.asked' "$serve_dir/slow.json" \
	    >/dev/null || fail=1
	jq -e '.slow.held_end == 64 and .normal.ok == .normal.asked' "$serve_dir/one.json" \
	    >/dev/null || fail=1
	tap $fail "serve: $clients slow clients (a header line every ${every}s) from ten addresses, cut after $(jq .slow.longest_s "$serve_dir/slow.json") s at most; a normal client answered $(jq .normal.ok "$serve_dir/slow.json") of $(jq .normal.asked "$serve_dir/slow.json") times (worst $(jq .normal.worst_ms "$serve_dir/slow.json") ms); from one address, $(jq .slow.held_end "$serve_dir/one.json") held and the normal client answered $(jq .normal.ok "$serve_dir/one.json") of $(jq .normal.asked "$serve_dir/one.json")" \
	    "$(cat "$serve_dir/slow.json" "$serve_dir/one.json")"
}

# expect STATUS BODY CURL-ARGS...: the answer's status and whole body.
serve_expect() {
	want=$1 body=$2
	shift 2
	got=$(curl -s --path-as-is -o "$serve_dir/body" -w '%{http_code}' "$@")
	if [ "$got" != "$want" ] || { [ -n "$body" ] && [ "$(cat "$serve_dir/body")" != "$body" ]; }; then
		bad="$bad [$*: $got]"
	fi
	count=$((count + 1))
}

# raw "STATUS..." BYTES: sent as they are; the answer's status must be one
# of STATUS ("-": the connection closed with nothing said; libmicrohttpd
# may close at once on a request it cannot read, its answer unsent).
# An answer comes with the server's headers, libmicrohttpd's own too.
serve_raw() {
	bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 0
	    printf "$2" >&3 2>/dev/null
	    timeout 5 sed "/^\r\$/q" <&3' raw "${BASE##*:}" "$2" | tr -d '\r' >"$serve_dir/raw"
	got=$(head -1 "$serve_dir/raw")
	seen=$(echo "$got" | sed -n 's/^HTTP\/1\.1 \([0-9]*\) .*/\1/p')
	case " $1 " in *" ${seen:--} "*) ;; *) bad="$bad [raw $2: $got]" ;; esac
	[ -n "$seen" ] || [ -z "$got" ] || bad="$bad [raw $2: $got]"
	if [ -n "$seen" ] && { ! grep -q '^Content-Type: ' "$serve_dir/raw" ||
	    ! grep -q '^X-Content-Type-Options: nosniff$' "$serve_dir/raw"; }; then
		bad="$bad [raw $2: no Content-Type or nosniff]"
	fi
	count=$((count + 1))
}

serve_bad_requests() {
	bad="" count=0
	big=$(head -c 20000 /dev/zero | tr '\0' a)
	nf="not found" na="method not allowed"
	serve_expect 431 "" -H "X-Big: $big" "$BASE/v/$TOKEN/sheet.json"
	serve_expect 414 "" "$BASE/v/$TOKEN/$big"
	for m in POST PUT DELETE PATCH OPTIONS TRACE; do
		serve_expect 405 "$na" -X "$m" "$BASE/v/$TOKEN/"
		serve_expect 405 "$na" -X "$m" "$BASE/v/nothing/"
	done
	wrong=$(echo "$TOKEN" | sed 's/^./x/')
	for p in "/v/$TOKEN/../$SIDE_TOKEN/" "/v/$TOKEN/%2e%2e/$SIDE_TOKEN/" \
	    "/v/$TOKEN/%73heet.json" "/v/%$TOKEN/" "/v/$wrong/" "/v/$wrong/sheet.json" \
	    "/v/$TOKEN" "/v/$TOKEN/x" "/" "/v/" "/v/$TOKEN/sheet.json/.."; do
		serve_expect 404 "$nf" "$BASE$p"
	done
	serve_raw "400 -" 'GARBAGE\r\n\r\n'
	serve_raw "505 -" 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'
	serve_raw "400 -" '\000\001\002\r\n\r\n'
	serve_raw "400 -" 'GET /v/\r\n\r\n'
	serve_raw "400 -" 'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n'
	serve_raw "400" 'GET / HTTP/1.1\r\n\r\n'
	serve_raw "404" "GET /v/$TOKEN/sheet.json\\0x HTTP/1.1\r\nHost: x\r\n\r\n"
	serve_expect 200 "" -I "$BASE/v/$TOKEN/events"
	serve_expect 405 "$na" -X POST "$BASE/v/$TOKEN/events"
	serve_expect 404 "$nf" "$BASE/v/$wrong/events"
	serve_expect 200 "" "$BASE/v/$TOKEN/sheet.json"
	tap "$([ -z "$bad" ] && echo 0 || echo 1)" \
	    "serve: $count bad requests (oversized, other methods, '..', escapes, wrong tokens, malformed) each got its status and body, and the server goes on" "$bad"
}

serve_stress() {
	mkdir -p "$serve_dir"
	UMPIRE_DB=$serve_dir/umpire.db "$u" new --rules brigade >/dev/null &&
	    UMPIRE_DB=$serve_dir/umpire.db "$u" unit import "$here/../cli/battle-oob.csv" >/dev/null
	if [ ! -x "$(dirname "$u")/umpire-serve" ]; then
		tap 1 "serve: umpire-serve is not built beside $u"
		return
	fi
	serve_load
	[ -n "$serve_pid" ] || serve_start
	serve_crowd
	serve_slow_clients
	serve_bad_requests
	serve_stop
}

serve_stress
