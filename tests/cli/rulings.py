#!/usr/bin/env python3
"""Many rulings of the binary under test in one process, for the odds
tests (tests/cli/t9000-odds.bats): a shell loop paid a shell and a jq a
ruling.

  rulings.py values FIELD -- ARGS   each line of stdin a --dice LIST:
                                    result.FIELD of that ruling, as jq -c
  rulings.py walk FIELD -- ARGS     every sequence of d6 faces the ruling
                                    asks for, one die more while it says
                                    "too few dice": "VALUE DEPTH" a line
The binary is $UMPIRE_BIN."""
import json
import os
import subprocess
import sys

BINARY = os.environ.get("U") or os.environ["UMPIRE_BIN"]


def ruling(args, dice):
    return subprocess.run([BINARY, "--json"] + args + ["--dice", dice],
                          capture_output=True, text=True)


def value(out, field):
    return json.dumps(json.loads(out)["result"][field], separators=(",", ":"),
                      ensure_ascii=False)


def values(field, args):
    for line in sys.stdin:
        dice = line.strip()
        if not dice:
            continue
        done = ruling(args, dice)
        if done.returncode != 0:
            sys.exit("ruling failed: %s --dice %s: %s" % (" ".join(args), dice, done.stderr))
        print(value(done.stdout, field))


def walk(field, args, prefix="", depth=0):
    for face in range(1, 7):
        dice = prefix + str(face)
        done = ruling(args, dice)
        if done.returncode == 0:
            print(value(done.stdout, field), depth + 1)
        elif "too few dice" in done.stderr:
            walk(field, args, dice + ",", depth + 1)
        else:
            sys.exit("ruling failed: %s --dice %s: %s" % (" ".join(args), dice, done.stderr))


def main():
    mode, field, sep, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    if sep != "--" or mode not in ("values", "walk"):
        sys.exit(__doc__)
    (values if mode == "values" else walk)(field, args)


if __name__ == "__main__":
    main()
