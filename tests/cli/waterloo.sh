#!/bin/sh
# A Waterloo-size order of battle for one rule set, as a CSV for
# `umpire unit import`: two sides, each an army of 2 corps x 3 divisions x
# 25 units (150 units a side, 300 in all), every unit rated as its rule set
# asks.  Names: "<Side> <corps>/<division>/<n>", e.g. "French 2/3/25".
# UNITS other than 25 a division makes a larger or smaller battle (the
# benchmark's 1,000 and 2,000 units).
#   tests/cli/waterloo.sh RULESET [UNITS] > oob.csv
set -eu
rules=${1:?usage: waterloo.sh RULESET [UNITS]}
per_division=${2:-25}

case $rules in
brigade)
	echo "name,side,type,parent,class,units,guns,weapon,elite,cavalry,lancers"
	unit() {	# name side parent n
		case $(($4 % 5)) in
		0) echo "$1,$2,cavalry,$3,,3,,,,heavy," ;;
		1) echo "$1,$2,foot-artillery,$3,,,2,,,," ;;
		2) echo "$1,$2,infantry,$3,french,4,,,yes,," ;;
		*) echo "$1,$2,infantry,$3,british,4,,musket,,," ;;
		esac
	}
	formation() { echo "$1,$2,$3,$4,,,,,,,"; } ;;
squares)
	echo "name,side,type,parent,skirmish,quality,morale,heavy,light"
	unit() {
		case $(($4 % 5)) in
		0) echo "$1,$2,cavalry,$3,,d10,d8,yes," ;;
		1) echo "$1,$2,foot-artillery,$3,,,d8,," ;;
		*) echo "$1,$2,infantry,$3,d8,d8,d10,," ;;
		esac
	}
	formation() { echo "$1,$2,$3,$4,,,,,"; } ;;
fury)
	echo "name,side,type,parent,stands,bel,cavalry,nation,quality"
	unit() {
		case $(($4 % 5)) in
		0) echo "$1,$2,heavy-cavalry,$3,4,regular,good,france," ;;
		1) echo "$1,$2,heavy-battery,$3,,,,france," ;;
		2) echo "$1,$2,infantry,$3,6,guard,,france," ;;
		*) echo "$1,$2,infantry,$3,5,veteran,,france," ;;
		esac
	}
	formation() { echo "$1,$2,$3,$4,,,,,average"; } ;;
2x2)
	echo "name,side,type,parent,size"
	unit() {
		case $(($4 % 5)) in
		0) echo "$1,$2,heavy-cavalry,$3,common" ;;
		1) echo "$1,$2,foot-artillery,$3,common" ;;
		2) echo "$1,$2,guards,$3,large" ;;
		*) echo "$1,$2,line,$3,common" ;;
		esac
	}
	formation() { echo "$1,$2,$3,$4,"; } ;;
ohw)
	echo "name,side,type,parent,break-point,stubborn,break-percent"
	unit() {
		case $(($4 % 5)) in
		0) echo "$1,$2,cavalry,$3,12,," ;;
		1) echo "$1,$2,foot-artillery,$3,10,," ;;
		*) echo "$1,$2,infantry,$3,15,yes," ;;
		esac
	}
	formation() { echo "$1,$2,$3,$4,,,50"; } ;;
*)
	echo "waterloo.sh: unknown rule set '$rules'" >&2
	exit 64 ;;
esac

for side in French Allied; do
	formation "$side Army" "$side" army ""
	for c in 1 2; do
		formation "$side $c Corps" "$side" corps "$side Army"
		for d in 1 2 3; do
			formation "$side $c/$d Division" "$side" division "$side $c Corps"
			n=1
			while [ $n -le "$per_division" ]; do
				unit "$side $c/$d/$n" "$side" "$side $c/$d Division" $n
				n=$((n + 1))
			done
		done
	done
done
