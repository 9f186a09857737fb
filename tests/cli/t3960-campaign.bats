#!/usr/bin/env bats
# A campaign (CLI.md "A campaign"): new --from GAME starts the next battle
# from what GAME left, each unit at what it had left plus PERCENT of its
# losses back, rounded down; the new game keeps the earlier battles (game
# --json "campaign") and report ends with the campaign so far.  Every
# strength below is worked by hand in the comments.
load helper

# brigade_saturday: the first battle, at sat.db.  Kempt 4 x 16 british =
# 64, Ross 2 guns x 3 crew = 6 gunners, Vandeleur 3 x 12 cavalry = 36,
# Bachelu 4 x 18 french = 72.  Kempt fires at Bachelu: 64 + 3 (close) =
# 67, carry back 27, die 4 -> 9 (Bachelu 63).  Then Kempt -7, Ross -5,
# Vandeleur -36 (all lost); one turn next: 2 turns.  Losses: British 48,
# French 9.
brigade_saturday() {
	"$U" --db sat.db new --rules brigade --title Saturday >/dev/null
	"$U" --db sat.db unit add Kempt --side British --type infantry --class british >/dev/null
	"$U" --db sat.db unit add Ross --side British --type foot-artillery >/dev/null
	"$U" --db sat.db unit add Vandeleur --side British --type cavalry --cavalry light >/dev/null
	"$U" --db sat.db unit add Bachelu --side French --type infantry --class french >/dev/null
	"$U" --db sat.db fire --unit Kempt --target Bachelu --distance 2 --dice 4 >/dev/null
	"$U" --db sat.db adjust Kempt --figures -7 --reason "Bachelu's fire" >/dev/null
	"$U" --db sat.db adjust Ross --figures -5 --reason "skirmishers" >/dev/null
	"$U" --db sat.db adjust Vandeleur --figures -36 --reason "the charge" >/dev/null
	"$U" --db sat.db turn next >/dev/null
}

# fig NAME: "start now lost" of a unit of the game $DB (unit show --json).
fig() {
	uj --db "$DB" --json unit show "$1" | jq -r '"\(.start_strength) \(.strength) \(.losses)"'
}

@test "brigade: three battles, each unit at what it had left plus its share back" {
	brigade_saturday
	# Sunday, 50% back, rounded down: Kempt 7 lost -> 3 back, brings 4
	# lost: 60, spread 1,1,1,1 (15 a battalion); Ross 5 -> 2 back, brings
	# 3 lost: 3 gunners, spread 2,1 (gun 1 1 of 3, gun 2 2 of 3);
	# Vandeleur 36 -> 18 back: 18, 6 a regiment (halt: under 8); Bachelu
	# 9 -> 4 back: 67, spread 2,1,1,1 (16,17,17,17).
	umpire --db sun.db new --rules brigade --from sat.db --recover 50 --title Sunday
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "new brigade game 'Sunday' at sun.db: the campaign's battle 2" ]
	[ "${lines[1]}" = "from 'Saturday' (sat.db, 2 turns)" ]
	[ "${lines[2]}" = "British: 3 units, 48 figures lost and 23 back (50%)" ]
	[ "${lines[3]}" = "French: 1 unit, 9 figures lost and 4 back (50%)" ]
	DB=sun.db
	[ "$(fig Kempt)" = "60 60 0" ]
	[ "$(fig Ross)" = "3 3 0" ]
	[ "$(fig Vandeleur)" = "18 18 0" ]
	[ "$(fig Bachelu)" = "67 67 0" ]
	umpire --db sun.db --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[]|.strength]')" = "[15,15,15,15]" ]
	[ "$(jsonc .brought)" = '{"battle":"Saturday","lost":7,"recovered":3,"gone":false,"out":false}' ]
	umpire --db sun.db --json unit show Ross
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[]|.strength]')" = "[1,2]" ]
	umpire --db sun.db --json unit show Vandeleur
	[ "$status" -eq 0 ]
	[ "$(json .state)" = halt ]
	[ "$(jsonc .brought)" = '{"battle":"Saturday","lost":36,"recovered":18,"gone":true,"out":false}' ]
	umpire --db sun.db --json unit show Bachelu
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.units[]|.strength]')" = "[16,17,17,17]" ]
	umpire --db sun.db unit show Kempt
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "  figures: 60 at the start, 0 lost" ]
	[ "${lines[3]}" = "  brought from 'Saturday': 60 of 64 figures (7 lost there, 3 recovered)" ]
	umpire --db sun.db unit show Vandeleur
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "  brought from 'Saturday': 18 of 36 figures (36 lost there, 18 recovered); out of the fight there, back in this one" ]
	# The journal starts empty: what a unit brings is set-up, not a ruling.
	[ "$(sqlite3 sun.db 'SELECT count(*) FROM event')" = 0 ]
	umpire --db sun.db log
	[ "$status" -eq 0 ]
	# Sunday: Kempt -3 (7 of 64 lost in all), Bachelu -6 (11 of 72),
	# Vandeleur -18 (all again).  Losses: British 21, French 6.
	"$U" --db sun.db adjust Kempt --figures -3 --reason "skirmish" >/dev/null
	"$U" --db sun.db adjust Bachelu --figures -6 --reason "Kempt's fire" >/dev/null
	"$U" --db sun.db adjust Vandeleur --figures -18 --reason "the charge" >/dev/null
	[ "$(fig Kempt)" = "60 57 3" ]
	umpire --db sun.db check
	[ "$status" -eq 0 ]
	# Monday, each side its own share: the British none back (Kempt
	# brings its 7 lost: 57; Ross 3; Vandeleur all 36, out of the
	# fight), the French all (Bachelu 11 -> 11 back: 72).
	umpire --db mon.db new --rules brigade --from sun.db --recover British:0 --recover french:100 --title Monday
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "British: 3 units, 46 figures lost and 0 back (0%); 1 out of the fight" ]
	[ "${lines[3]}" = "French: 1 unit, 11 figures lost and 11 back (100%)" ]
	DB=mon.db
	[ "$(fig Kempt)" = "57 57 0" ]
	[ "$(fig Ross)" = "3 3 0" ]
	[ "$(fig Vandeleur)" = "0 0 0" ]
	[ "$(fig Bachelu)" = "72 72 0" ]
	umpire --db mon.db fire --unit Vandeleur --target Bachelu --distance 1 --dice 4
	expect_error 65 "'Vandeleur' has no figures left: it is out of the fight"
	umpire --db mon.db unit show Vandeleur
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "  brought from 'Sunday': 0 of 36 figures (36 lost there, 0 recovered); out of the fight there, and of this one" ]
	# The old files go: the third battle still tells both.
	mkdir gone && mv sat.db* sun.db* gone/
	umpire --db mon.db --json game
	[ "$status" -eq 0 ]
	[ "$(jsonc .campaign)" = '[{"title":"Saturday","turns":2,"losses":{"British":48,"French":9}},{"title":"Sunday","turns":1,"losses":{"British":21,"French":6}}]' ]
	umpire --db mon.db report
	[ "$status" -eq 0 ]
	[ "${lines[-5]}" = "The campaign so far" ]
	[ "${lines[-4]}" = "  1. 'Saturday', 2 turns: British: 48 figures; French: 9 figures" ]
	[ "${lines[-3]}" = "  2. 'Sunday', 1 turn: British: 21 figures; French: 6 figures" ]
	[ "${lines[-2]}" = "  3. 'Monday', this battle, 1 turn so far: British: 0 figures; French: 0 figures" ]
	[ "${lines[-1]}" = "  in all: British: 69 figures; French: 15 figures" ]
	umpire --db mon.db check
	[ "$status" -eq 0 ]
}

@test "fury: stands carried; a division's fatigue is figured for the battle" {
	"$U" --db a.db new --rules fury --title Ligny >/dev/null
	"$U" --db a.db unit add "1st Division" --side French --type division --quality average >/dev/null
	"$U" --db a.db unit add Gauthier --side French --type infantry --stands 5 --bel regular \
	    --parent "1st Division" >/dev/null
	"$U" --db a.db unit add Jamin --side French --type infantry --stands 5 --bel veteran \
	    --parent "1st Division" >/dev/null
	"$U" --db a.db unit add Steinmetz --side Prussian --type infantry --stands 6 --bel regular >/dev/null
	# Ligny: Gauthier -3, Jamin -2: the division (10 stands x 50% = 5)
	# has lost 5, fatigued; Steinmetz -6, every stand.
	"$U" --db a.db adjust Gauthier --stands -3 --reason fire >/dev/null
	"$U" --db a.db adjust Jamin --stands -2 --reason fire >/dev/null
	"$U" --db a.db adjust Steinmetz --stands -6 --reason melee >/dev/null
	umpire --db a.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc '.standing.fatigue[0]|[.level,.losses,.fatigued]')" = "[5,5,true]" ]
	# Wavre, nothing back: Gauthier 2 stands, Jamin 3, Steinmetz none,
	# out of the fight.  l.48, "fatigue level for the battle": the
	# division brings 5 stands, 5 x 50% = 2.5, round .5 down: 2, none
	# lost yet: not fatigued.
	umpire --db b.db new --rules fury --from a.db --title Wavre
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "French: 2 units, 5 stands lost and 0 back (0%)" ]
	[ "${lines[3]}" = "Prussian: 1 unit, 6 stands lost and 0 back (0%); 1 out of the fight" ]
	DB=b.db
	[ "$(fig Gauthier)" = "2 2 0" ]
	[ "$(fig Jamin)" = "3 3 0" ]
	[ "$(fig Steinmetz)" = "0 0 0" ]
	umpire --db b.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc '.standing.fatigue[0]|[.level,.losses,.fatigued]')" = "[2,0,false]" ]
	[ "$(jsonc .losses)" = '{"French":0,"Prussian":0}' ]
	# Wavre: Gauthier -1 and Jamin -1: 2 of the level's 2, fatigued.
	"$U" --db b.db adjust Gauthier --stands -1 --reason fire >/dev/null
	"$U" --db b.db adjust Jamin --stands -1 --reason fire >/dev/null
	umpire --db b.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc '.standing.fatigue[0]|[.level,.losses,.fatigued]')" = "[2,2,true]" ]
	# A third battle at 50%: Gauthier 4 lost -> 2 back: 3 stands; Jamin
	# 3 -> 1 back: 3; Steinmetz 6 -> 3 back: 3, in the fight again.
	umpire --db c.db new --rules fury --from b.db --recover 50 --title Waterloo
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "French: 2 units, 7 stands lost and 3 back (50%)" ]
	[ "${lines[3]}" = "Prussian: 1 unit, 6 stands lost and 3 back (50%)" ]
	DB=c.db
	[ "$(fig Gauthier)" = "3 3 0" ]
	[ "$(fig Jamin)" = "3 3 0" ]
	[ "$(fig Steinmetz)" = "3 3 0" ]
	rm a.db b.db
	# Ligny: French 5, Prussian 6; Wavre: French 2, Prussian 0.
	umpire --db c.db --json report
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.campaign.battles[]|[.title,.turns,.losses.French,.losses.Prussian,.this]]')" = '[["Ligny",1,5,6,false],["Wavre",1,2,0,false],["Waterloo",1,0,0,true]]' ]
	[ "$(jsonc .campaign.totals)" = '{"French":7,"Prussian":6}' ]
}

@test "squares: hit markers removed; a destroyed unit back only among its side's share" {
	"$U" --db a.db new --rules squares --title Albuera >/dev/null
	for u in Guards Buffs; do
		"$U" --db a.db unit add $u --side British --type infantry --skirmish d6 --quality d6 \
		    --morale d6 >/dev/null
	done
	"$U" --db a.db unit add Column --side French --type infantry --skirmish d8 --quality d8 \
	    --morale d8 >/dev/null
	# Albuera: Guards 3 hit markers; the Column 2, then destroyed.
	"$U" --db a.db adjust Guards --hits +3 --reason fire >/dev/null
	"$U" --db a.db adjust Column --hits +2 --reason fire >/dev/null
	"$U" --db a.db adjust Column --state destroyed --reason morale >/dev/null
	# 50%: Guards 3 -> 1 removed: 2; the Column 2 -> 1 removed: 1, but
	# 1 destroyed x 50% = 0 back: it stays out.
	umpire --db b.db new --rules squares --from a.db --recover 50 --title second
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "British: 2 units, 3 hits taken and 1 back (50%)" ]
	[ "${lines[3]}" = "French: 1 unit, 2 hits taken and 1 back, 1 destroyed and 0 back (50%); 1 out of the fight" ]
	umpire --db b.db --json unit show Guards
	[ "$status" -eq 0 ]
	[ "$(json .hits)" = 2 ]
	umpire --db b.db --json unit show Column
	[ "$status" -eq 0 ]
	[ "$(json .hits)" = 1 ]
	[ "$(json .state)" = destroyed ]
	[ "$(jsonc .brought)" = '{"battle":"Albuera","lost":2,"recovered":1,"gone":true,"out":true}' ]
	umpire --db b.db fire --unit Column --target Guards --artillery foot --range close --bases 1 --dice 6
	expect_error 65 "'Column' was lost in an earlier battle of the campaign and not recovered: it is out of the fight"
	umpire --db b.db morale --unit Column --dice 6
	expect_error 65 "'Column' was lost in an earlier battle of the campaign and not recovered: it is out of the fight"
	# this battle's losses: the markers brought are not this battle's
	umpire --db b.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc .losses)" = '{"British":0,"French":0}' ]
	"$U" --db b.db adjust Buffs --hits +1 --reason fire >/dev/null
	# 100%: Guards 2 -> 0; Buffs 1 -> 0; the Column 1 -> 0, and 1
	# destroyed x 100% = 1 back: in the fight again.
	umpire --db c.db new --rules squares --from b.db --recover 100 --title third
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "French: 1 unit, 1 hit taken and 1 back, 1 destroyed and 1 back (100%)" ]
	umpire --db c.db --json unit show Column
	[ "$status" -eq 0 ]
	[ "$(json .hits)" = 0 ]
	[ "$(json .state)" = ok ]
	# Albuera: British 3, French 2; second: British 1, French 0.
	umpire --db c.db report
	[ "$status" -eq 0 ]
	[ "${lines[-4]}" = "  1. 'Albuera', 1 turn: British: 3 hits; French: 2 hits" ]
	[ "${lines[-3]}" = "  2. 'second', 1 turn: British: 1 hit; French: 0 hits" ]
	[ "${lines[-1]}" = "  in all: British: 4 hits; French: 2 hits" ]
}

# twobytwo_maida: Maida's sample battle at a.db, three French units
# destroyed (1er Léger, 42e Ligne and the Swiss, in the roster's order)
# and the 81st routed.
twobytwo_maida() {
	"$U" --db a.db new --rules 2x2 --example >/dev/null
	for u in "42e Ligne" "1er Léger" "Swiss Battalion"; do
		"$U" --db a.db adjust "$u" --state destroyed --reason test >/dev/null
	done
	"$U" --db a.db adjust "81st Foot" --state routed --reason test >/dev/null
}

@test "2x2: a side's destroyed units come back by its share, rounded down, in the roster's order" {
	twobytwo_maida
	# French 3 destroyed x 50% = 1.5: 1 back, the first in the roster
	# (1er Léger); 42e Ligne and the Swiss stay out.  The 81st's rout is
	# over: states are as at set-up.
	umpire --db b.db new --rules 2x2 --from a.db --recover French:50 --title second
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "British: 10 units, 0 destroyed and 0 back (0%)" ]
	[ "${lines[3]}" = "French: 8 units, 3 destroyed and 1 back (50%); 2 out of the fight" ]
	umpire --db b.db --json unit show "1er Léger"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = ok ]
	umpire --db b.db --json unit show "42e Ligne"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = destroyed ]
	[ "$(jsonc .brought)" = '{"battle":"Maida, 4 July 1806","gone":true,"out":true}' ]
	umpire --db b.db --json unit show "81st Foot"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = ok ]
	# the victory counts this battle's destroyed: none yet
	umpire --db b.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing.destroyed)" = '{"British":0,"French":0}' ]
	umpire --db b.db fire --unit "42e Ligne" --target "81st Foot" --dice 3
	expect_error 65 "'42e Ligne' was lost in an earlier battle of the campaign and not recovered: it is out of the fight"
	"$U" --db b.db adjust "23e Léger" --state destroyed --reason test >/dev/null
	umpire --db b.db --json sheet
	[ "$status" -eq 0 ]
	[ "$(jsonc .standing.destroyed)" = '{"British":0,"French":1}' ]
	umpire --db b.db check
	[ "$status" -eq 0 ]
	# The third battle at 50%: the French have 3 destroyed (42e Ligne
	# and the Swiss, still out, and 23e Léger): 1 back, the first in the
	# roster's order, 42e Ligne (1er Léger, 42e Ligne, 23e Léger, 1st
	# Polish, Swiss).
	umpire --db c.db new --rules 2x2 --from b.db --recover 50 --title third
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "French: 8 units, 3 destroyed and 1 back (50%); 2 out of the fight" ]
	umpire --db c.db --json unit show "42e Ligne"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = ok ]
	umpire --db c.db --json unit show "23e Léger"
	[ "$status" -eq 0 ]
	[ "$(json .state)" = destroyed ]
	# Maida: French 3; second: French 1 (23e Léger; the two out were lost
	# at Maida).
	umpire --db c.db --json game
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.campaign[]|.losses.French]')" = "[3,1]" ]
}

@test "ohw: fatigue points removed; a unit at its break point back when enough are" {
	"$U" --db a.db new --rules ohw --title Coa >/dev/null
	"$U" --db a.db unit add 43rd --side British --type infantry >/dev/null
	"$U" --db a.db unit add 95th --side British --type infantry >/dev/null
	"$U" --db a.db unit add Ferey --side French --type infantry --break-point 12 >/dev/null
	# the Coa: 43rd 15 FP, at its break point (15): broken; 95th 5;
	# Ferey 7 of 12 (tired from 6).
	"$U" --db a.db adjust 43rd --fp +15 --reason fire >/dev/null
	"$U" --db a.db adjust 95th --fp +5 --reason fire >/dev/null
	"$U" --db a.db adjust Ferey --fp +7 --reason fire >/dev/null
	# 50%: 43rd 15 -> 7 removed: 8 (tired from 7.5); 95th 5 -> 2: 3;
	# Ferey 7 -> 3: 4 (fresh).
	umpire --db b.db new --rules ohw --from a.db --recover 50 --title second
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "British: 2 units, 20 fatigue points taken and 9 back (50%)" ]
	[ "${lines[3]}" = "French: 1 unit, 7 fatigue points taken and 3 back (50%)" ]
	umpire --db b.db --json unit show 43rd
	[ "$status" -eq 0 ]
	[ "$(json .fatigue_points)" = 8 ]
	[ "$(json .state)" = tired ]
	[ "$(jsonc .brought)" = '{"battle":"Coa","lost":15,"recovered":7,"gone":true,"out":false}' ]
	umpire --db b.db --json unit show Ferey
	[ "$status" -eq 0 ]
	[ "$(json .fatigue_points)" = 4 ]
	[ "$(json .state)" = fresh ]
	umpire --db b.db unit show 95th
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "  brought from 'Coa': 3 fatigue points (5 taken there, 2 recovered)" ]
	# second: the 43rd takes 7 (15: broken again); nothing back: it
	# stays at its break point, out of the fight.
	"$U" --db b.db adjust 43rd --fp +7 --reason fire >/dev/null
	umpire --db c.db new --rules ohw --from b.db --title third
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "British: 2 units, 18 fatigue points taken and 0 back (0%); 1 out of the fight" ]
	umpire --db c.db --json unit show 43rd
	[ "$status" -eq 0 ]
	[ "$(json .fatigue_points)" = 15 ]
	[ "$(jsonc .brought)" = '{"battle":"second","lost":15,"recovered":0,"gone":true,"out":true}' ]
	# Coa: British 20, French 7; second: British 7, French 0.
	umpire --db c.db --json game
	[ "$status" -eq 0 ]
	[ "$(jsonc '[.campaign[]|[.losses.British,.losses.French]]')" = "[[20,7],[7,0]]" ]
}

@test "the old game is only read: byte for byte the same, kept as old as it was, read-only" {
	brigade_saturday
	# a ruling last: its frames wait in the WAL (db/db.c), read too
	"$U" --db sat.db fire --unit Bachelu --target Kempt --distance 2 --dice 2 >/dev/null
	[ -s sat.db-wal ]
	cp sat.db before.db
	cp sat.db-wal before.db-wal
	umpire --db sun.db new --rules brigade --from sat.db --recover 50
	[ "$status" -eq 0 ]
	cmp sat.db before.db
	cmp sat.db-wal before.db-wal
	# Bachelu's fire: 63 left, front ranks 15*2/3 + 16*2/3 x 3 = 10 + 10 +
	# 10 + 10 = 40, +3 close = 43, carry back 17, die 2 -> 2 (Kempt 9 in
	# all, 4 back at 50%: 59)
	DB=sun.db
	[ "$(fig Kempt)" = "59 59 0" ]
	# a game of an earlier schema is read as it is, never brought up to
	# date (it keeps no campaign: it brought nothing from before)
	sqlite3 sat.db "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 9" >/dev/null
	cp sat.db before.db
	umpire --db older.db new --rules brigade --from sat.db
	[ "$status" -eq 0 ]
	cmp sat.db before.db
	[ "$(sqlite3 sat.db 'PRAGMA user_version')" = 9 ]
	DB=older.db
	[ "$(fig Kempt)" = "55 55 0" ]
	# a game its reader may not write, in a directory it may not write
	sqlite3 sat.db "PRAGMA user_version = 11"
	cp sat.db before.db
	mkdir out && chmod 777 out
	chmod 444 sat.db
	as_nobody "$U" --db out/ro.db new --rules brigade --from sat.db --recover 100
	[ "$status" -eq 0 ]
	cmp sat.db before.db
	DB=out/ro.db
	[ "$(fig Kempt)" = "64 64 0" ]
}

@test "refusals: another rule set, not a game, a percent out of range, a newer game" {
	brigade_saturday
	umpire --db x.db new --rules fury --from sat.db
	expect_error 65 "'sat.db' is a brigade game, not fury: a campaign's battles are fought under one rule set"
	[ ! -e x.db ]
	echo "the order of battle, by hand" >notes.txt
	umpire --db x.db new --rules brigade --from notes.txt
	expect_error 65 "'notes.txt' is not an umpire game"
	sqlite3 other.db "CREATE TABLE t (x); PRAGMA application_id = 7"
	umpire --db x.db new --rules brigade --from other.db
	expect_error 65 "'other.db' is not an umpire game"
	umpire --db x.db new --rules brigade --from sat.db --recover 101
	expect_error 65 "--recover: 101 is not a percent from 0 to 100"
	umpire --db x.db new --rules brigade --from sat.db --recover British:150
	expect_error 65 "--recover: 150 is not a percent from 0 to 100"
	umpire --db x.db new --rules brigade --from sat.db --recover -5
	expect_error 65 "--recover: '-5' is not PERCENT or SIDE:PERCENT"
	umpire --db x.db new --rules brigade --from sat.db --recover 12.5
	expect_error 65 "--recover: '12.5' is not PERCENT or SIDE:PERCENT"
	umpire --db x.db new --rules brigade --from sat.db --recover Prussians:50
	expect_error 65 "--recover: no unit of 'sat.db' fights for side 'Prussians'"
	# bad data is said before a missing game (64 < 65 < 66)
	umpire --db x.db new --rules brigade --from nothere.db --recover 101
	expect_error 65 "--recover: 101 is not a percent from 0 to 100"
	umpire --db x.db new --rules brigade --from nothere.db
	expect_error 66 "--from: there is no game at 'nothere.db'"
	umpire --db x.db new --rules brigade --recover 50
	expect_error 64 "--recover gives back a share of the losses of the battle --from GAME names: give --from"
	umpire --db x.db new --rules brigade --from sat.db --example
	expect_error 64 "--from starts the campaign's next battle from a game's roster: --example cannot be given with it"
	cp sat.db newer.db
	sqlite3 newer.db "PRAGMA user_version = 99"
	umpire --db x.db new --rules brigade --from newer.db
	expect_error 65 "'newer.db' is from a newer umpire (schema 99; this umpire knows 11): upgrade umpire"
	[ ! -e x.db ]
	# a game at the path is replaced only with --force, even by its own
	# next battle
	umpire --db sat.db new --rules brigade --from sat.db
	expect_error 73 "a game exists at 'sat.db'; give --force to replace it"
	umpire --db sat.db new --rules brigade --from sat.db --force --title Sunday
	[ "$status" -eq 0 ]
	umpire --db sat.db --json game
	[ "$status" -eq 0 ]
	[ "$(json .title)" = Sunday ]
	[ "$(jsonc '.campaign[0].losses')" = '{"British":48,"French":9}' ]
}

@test "--json: new --from, game, unit show and report as their schemas say" {
	brigade_saturday
	"$U" --db sat.db game --fog hidden >/dev/null
	umpire --db sun.db --json new --rules brigade --from sat.db --recover 50 --recover French:10
	[ "$status" -eq 0 ]
	# Bachelu 9 lost at 10%: 0 back
	[ "$(jsonc .campaign)" = '{"from":"sat.db","battle":2,"sides":[{"side":"British","units":3,"formations":0,"percent":50,"lost":48,"recovered":23,"destroyed":0,"back":0,"out":0},{"side":"French","units":1,"formations":0,"percent":10,"lost":9,"recovered":0,"destroyed":0,"back":0,"out":0}]}' ]
	# the fog and settings are the old game's unless given
	[ "$(json .fog)" = hidden ]
	umpire --db sun.db --json game
	[ "$status" -eq 0 ]
	[ "$(jsonc '.campaign|length')" = 1 ]
	umpire --db sun.db --json unit show Kempt
	[ "$status" -eq 0 ]
	[ "$(json .brought.recovered)" = 3 ]
	umpire --db sun.db --json unit show Kempt --for British
	[ "$status" -eq 0 ]
	[ "$(jsonc .brought)" = '{"battle":"Saturday","gone":false,"out":false}' ]
	umpire --db sun.db --json unit show Kempt --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc .brought)" = null ]
	umpire --db sun.db --json report
	[ "$status" -eq 0 ]
	[ "$(jsonc '.campaign.battles|length')" = 2 ]
	umpire --db sun.db --json report --for British
	[ "$status" -eq 0 ]
	# a game that is no campaign's later battle: an empty campaign, and
	# no campaign in its report
	umpire --db sat.db --json game
	[ "$status" -eq 0 ]
	[ "$(jsonc .campaign)" = "[]" ]
	umpire --db sat.db --json report
	[ "$status" -eq 0 ]
	[ "$(jsonc .campaign)" = null ]
	umpire --db sat.db game
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c campaign)" = 0 ]
}

@test "report --for SIDE: the campaign as that side may know it" {
	brigade_saturday
	umpire --db sun.db new --rules brigade --from sat.db --recover 50
	[ "$status" -eq 0 ]
	"$U" --db sun.db adjust Bachelu --figures -6 --reason fire >/dev/null
	# fog table: its own side counted; the enemy's figures (kept on the
	# sheet) as band words, the bands table's first row at or above the
	# share lost, rounded up (0 fresh, 25 light losses, 50 heavy
	# losses): French 9 of 72 at Saturday (13%), 6 of the 67 it brought
	# (9%), 15 of 72 in all (21%): light losses
	umpire --db sun.db report --for British
	[ "$status" -eq 0 ]
	[ "${lines[-4]}" = "The campaign so far" ]
	[ "${lines[-3]}" = "  1. 'Saturday', 2 turns: British: 48 figures; French: light losses" ]
	[ "${lines[-2]}" = "  2. this battle, 1 turn so far: British: 0 figures; French: light losses" ]
	[ "${lines[-1]}" = "  in all: British: 48 figures; French: light losses" ]
	# fog hidden: its own counts as words too: British 48 of the 106
	# figures it brought to Saturday (46%: heavy losses); this battle
	# none of the 81 it brought (106 less 48 lost and 23 back: fresh)
	"$U" --db sun.db game --fog hidden >/dev/null
	umpire --db sun.db --json report --for British
	[ "$status" -eq 0 ]
	[ "$(jsonc .campaign.totals)" = '{"British":"heavy losses","French":"light losses"}' ]
	[ "$(jsonc '.campaign.battles[1].losses')" = '{"British":"fresh","French":"light losses"}' ]
	# fog open: every count
	"$U" --db sun.db game --fog open >/dev/null
	umpire --db sun.db --json report --for French
	[ "$status" -eq 0 ]
	[ "$(jsonc .campaign.totals)" = '{"British":48,"French":15}' ]
	# the page tells it too
	umpire --db sun.db report --html report.html
	[ "$status" -eq 0 ]
	grep -q '<h2>The campaign so far</h2>' report.html
	grep -q '<tr class="total"><td>in all</td><td></td><td>48 figures</td><td>15 figures</td></tr>' report.html
}
