#!/usr/bin/env python3
"""Damaged games: every command on each exits as CLI.md says.

    tests/stress/damaged.py short|full UMPIRE GAME BATCH

GAME is a sound game of the battle with rulings, whole in its file (no
-wal); BATCH a batch file of rulings on it.  From it a corpus of damaged
games is made:

  - the file cut short (at nothing, inside the header, after the first
    page, at half, one page or one byte short of its end);
  - the header's fields broken (zeroed, the magic, the page size, the
    page count, the format versions, the free list, the reserved bytes,
    the text encoding);
  - in each kind of page (the first page, table and index pages, interior
    and leaf, and the pages that are none of these: overflow, free), the
    page's type, its cell count, its first cell pointer, its right child,
    bytes of its cells, or the whole page zeroed;
  - a JSON column made not JSON (the game's options, a unit's ratings, an
    event's arguments, dice and output, a rule table's columns, a rule
    row's cells), and words no rule set knows where a name is kept (the
    game's rule set, a unit's type, an event's command, an effect's kind,
    a unit's state);
  - its WAL broken: the header, a frame's header, a frame's page, a frame
    cut short, the WAL of another game.

Each command of the list below then runs on a fresh copy of each damaged
game.  It must end without a signal within 20 s; exit 0 (a reader that
reads only what is sound, a WAL frame SQLite finds broken and leaves
out: the game as it was before that frame), 65 (not an umpire game, or
from a newer umpire), or 74 (damaged); never 70, the exit of a bug.  A
command that fails says so in one line, `umpire: COMMAND: ...`; with
--json it prints nothing on its standard output when it fails, and JSON
when it does not.  `short` (make check) takes a
sample of the corpus.  Prints one TAP line without its number (and, when
it fails, a comment line for each of the first failures); exits 0 or 1.
DAMAGED_KEEP=DIR keeps the corpus there, a directory a game.
"""

import json
import os
import random
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile

GAME = "umpire.db"

COMMANDS = [
    "sheet", "sheet --json", "sheet --csv", "sheet --html page.html", "report",
    "report --json", "log", "log --json", "log show 1", "--json log show 1", "unit list",
    "unit show Kempt", "--json unit show Kempt", "--json turn", "--json game",
    "unit export", "turn", "game", "tables list", "tables show artillery-ranges",
    "tables diff", "tables export artillery-ranges", "check", "check --json",
    "fire --firers 16 --distance 2 --target Kempt --dice 4",
    "fire --firers 16 --distance 2 --dice 4", "undo", "redo",
    "adjust Kempt --figures -1 --reason straggler",
    "unit add Ney --side French --type infantry --class french --units 4",
    "unit set Kempt --name Kempton", "unit rm Bachelu", "turn next", "game --title Damaged", "batch BATCH",
    "new --rules brigade --force",
]


def page_size(data):
    (ps,) = struct.unpack(">H", data[16:18])
    return 65536 if ps == 1 else ps


def pages_by_kind(data):
    """The pages of the file by kind: their numbers."""
    ps = page_size(data)
    kinds = {}
    names = {2: "index interior", 5: "table interior", 10: "index leaf", 13: "table leaf"}
    for n in range(1, len(data) // ps + 1):
        at = (n - 1) * ps + (100 if n == 1 else 0)
        kind = "first" if n == 1 else names.get(data[at], "other")
        kinds.setdefault(kind, []).append(n)
    return kinds


def patched(data, at, new):
    b = bytearray(data)
    b[at:at + len(new)] = new
    return bytes(b)


def header_damage(data):
    out = {
        "the header zeroed": patched(data, 0, bytes(100)),
        "the magic zeroed": patched(data, 0, bytes(16)),
        "the page size 0x1234": patched(data, 16, b"\x12\x34"),
        "the write format 3": patched(data, 18, b"\x03"),
        "the read format 3": patched(data, 19, b"\x03"),
        "the reserved bytes 255": patched(data, 20, b"\xff"),
        "the page count huge": patched(data, 28, b"\x7f\xff\xff\xff"),
        "the free list at a page past the end": patched(data, 32, b"\x00\x0f\xff\xff"),
        "the free page count huge": patched(data, 36, b"\x00\x0f\xff\xff"),
        "the schema format 9": patched(data, 44, b"\x00\x00\x00\x09"),
        "the text encoding UTF-16": patched(data, 56, b"\x00\x00\x00\x03"),
        "the text encoding 7": patched(data, 56, b"\x00\x00\x00\x07"),
    }
    return out


def page_damage(data, rng, short):
    ps = page_size(data)
    out = {}
    for kind, pages in sorted(pages_by_kind(data).items()):
        picks = sorted({pages[len(pages) * k // 4] for k in range(4)} | {pages[-1]})
        for n in picks[:1] if short else picks:
            base = (n - 1) * ps
            hdr = base + (100 if n == 1 else 0)
            what = "%s page %d" % (kind, n)
            if kind != "other":
                out[what + ": its type 0xff"] = patched(data, hdr, b"\xff")
                out[what + ": its cell count 0xffff"] = patched(data, hdr + 3, b"\xff\xff")
                cells = hdr + (12 if data[hdr] in (2, 5) else 8)
                out[what + ": its first cell pointer past the page"] = patched(
                    data, cells, b"\xff\xf0")
                out[what + ": its first cell pointer into the header"] = patched(
                    data, cells, b"\x00\x02")
                if data[hdr] in (2, 5):
                    out[what + ": its right child past the end"] = patched(
                        data, hdr + 8, b"\x00\x0f\xff\xff")
                    out[what + ": its right child itself"] = patched(
                        data, hdr + 8, struct.pack(">I", n))
            b = bytearray(data)
            for _ in range(16):
                at = base + rng.randrange(ps // 2, ps)
                b[at] ^= 1 << rng.randrange(8)
            out[what + ": 16 bits of its cells flipped"] = bytes(b)
            if n > 1:
                out[what + ": zeroed"] = patched(data, base, bytes(ps))
    return out


def cut_damage(data):
    ps = page_size(data)
    cuts = {0: "nothing", 50: "inside the header", ps: "the first page only",
            len(data) // ps // 2 * ps: "half", len(data) - ps: "a page short",
            len(data) - 1: "a byte short"}
    return {"cut to %s (%d bytes)" % (w, n): data[:n] for n, w in sorted(cuts.items())}


SQL_DAMAGE = {
    "the game's options not JSON": "UPDATE game SET options = '{\"a\":'",
    "a unit's ratings not JSON": "UPDATE unit SET ratings = 'x' WHERE name = 'Kempt'",
    "an event's arguments not JSON": "UPDATE event SET args = '[' WHERE id = 1",
    "an event's dice not JSON": "UPDATE event SET dice = '[1,' WHERE id = 1",
    "an event's output not JSON": "UPDATE event SET output = '{' WHERE id = 1",
    "every event's output not JSON": "UPDATE event SET output = 'nope'",
    "a rule table's columns not JSON": "UPDATE rule_table SET columns = '[' "
                                       "WHERE name = 'artillery-ranges'",
    "a rule row's cells not JSON": "UPDATE rule_row SET cells = '[\"a' "
                                   "WHERE name = 'artillery-ranges' AND ord = 1",
    "every rule row's cells not JSON": "UPDATE rule_row SET cells = '{'",
    "the options JSON but not an object": "UPDATE game SET options = '[1,2]'",
    "a unit's ratings JSON but not an object": "UPDATE unit SET ratings = '7' "
                                               "WHERE name = 'Kempt'",
    "an event's output JSON but not an object": "UPDATE event SET output = '\"x\"'",
    "the game's rule set unknown": "UPDATE game SET rules = 'chess'",
    "a unit's type unknown": "UPDATE unit SET type = 'dragon' WHERE name = 'Kempt'",
    "an event's command unknown": "UPDATE event SET command = 'teleport' WHERE id = 1",
    "an effect's kind unknown": "UPDATE effect SET kind = 'magic'",
    "a unit's state unknown": "UPDATE unit_state SET state = 'levitating'",
    "the rule tables gone": "DELETE FROM rule_row",
}


def sql_damage(game, work):
    out = {}
    for what, sql in SQL_DAMAGE.items():
        path = os.path.join(work, "sql.db")
        shutil.copyfile(game, path)
        db = sqlite3.connect(path)
        try:
            db.execute("PRAGMA foreign_keys = OFF")
            db.execute(sql)
            db.commit()
        finally:
            db.close()
        with open(path, "rb") as f:
            out[what] = f.read()
    return out


def wal_game(game, batch, umpire, work):
    """The game with rulings in its WAL: (file, WAL)."""
    d = os.path.join(work, "walgame")
    os.mkdir(d)
    shutil.copyfile(game, os.path.join(d, GAME))
    env = dict(os.environ, UMPIRE_DB=GAME)
    subprocess.run([umpire, "batch", batch], cwd=d, env=env, capture_output=True, check=True)
    with open(os.path.join(d, GAME), "rb") as f, open(os.path.join(d, GAME + "-wal"), "rb") as w:
        return f.read(), w.read()


def wal_damage(data, wal, other_wal):
    ps = page_size(data)
    frame = 24 + ps
    out = {
        "the WAL's header zeroed": patched(wal, 0, bytes(32)),
        "the WAL's magic broken": patched(wal, 0, b"\x00\x00\x00\x00"),
        "the WAL's page size 0x1234": patched(wal, 8, b"\x00\x00\x12\x34"),
        "the WAL's salt changed": patched(wal, 16, b"\xde\xad\xbe\xef"),
        "a frame's page number past the end": patched(wal, 32, b"\x7f\xff\xff\xff"),
        "a frame's page number zero": patched(wal, 32, b"\x00\x00\x00\x00"),
        "a frame's commit size huge": patched(wal, 32 + frame * 2 + 4, b"\x7f\xff\xff\xff"),
        "a frame's page flipped": patched(wal, 32 + 24 + 100, b"\xff\xff\xff\xff"),
        "the WAL cut inside a frame": wal[:32 + frame + frame // 2],
        "the WAL cut to its header": wal[:32],
        "the WAL of another game": other_wal,
    }
    return {k: (data, v) for k, v in out.items()}


def corpus(game, batch, umpire, work, short):
    rng = random.Random(29)
    with open(game, "rb") as f:
        data = f.read()
    files = {}
    for group in (cut_damage(data), header_damage(data), page_damage(data, rng, short),
                  sql_damage(game, work)):
        files.update({k: (v, None) for k, v in group.items()})
    main, wal = wal_game(game, batch, umpire, work)
    other = os.path.join(work, "other")
    os.mkdir(other)
    env = dict(os.environ, UMPIRE_DB=GAME)
    for cmd in (["new", "--rules", "brigade"],
                ["unit", "add", "A", "--side", "X", "--type", "infantry", "--class",
                 "british", "--units", "4"],
                ["unit", "add", "B", "--side", "Y", "--type", "infantry", "--class",
                 "french", "--units", "4"],
                ["fire", "--unit", "A", "--target", "B", "--distance", "2", "--dice", "4"]):
        subprocess.run([umpire] + cmd, cwd=other, env=env, capture_output=True, check=True)
    with open(os.path.join(other, GAME + "-wal"), "rb") as f:
        other_wal = f.read()
    files.update(wal_damage(main, wal, other_wal))
    return files


def run(umpire, work, files, cmd, batch):
    """The command on a copy of files: its exit, and what is wrong with
    how it ended (None: nothing)."""
    d = os.path.join(work, "run")
    shutil.rmtree(d, ignore_errors=True)
    os.mkdir(d)
    main, wal = files
    with open(os.path.join(d, GAME), "wb") as f:
        f.write(main)
    if wal is not None:
        with open(os.path.join(d, GAME + "-wal"), "wb") as f:
            f.write(wal)
    args = [batch if a == "BATCH" else a for a in cmd.split()]
    try:
        p = subprocess.run([umpire] + args, cwd=d, env=dict(os.environ, UMPIRE_DB=GAME),
                           capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, "no end within 20 s"
    err = p.stderr.decode(errors="replace")
    rc = p.returncode
    if rc < 0:
        return rc, "signal %d: %s" % (-rc, err[-200:])
    if rc not in (0, 65, 74):
        return rc, "exit %d: %s" % (rc, err.strip()[:200])
    word = [a for a in args if not a.startswith("--")][0]
    if rc != 0 and (err.count("\n") != 1 or not err.startswith("umpire: %s: " % word)):
        return rc, "exit %d, not one sentence: %r" % (rc, err[:200])
    if rc != 0 and p.stdout and "--json" in args:
        return rc, "exit %d, with output: %r" % (rc, p.stdout[:100])
    if rc == 0 and "--json" in args:
        try:
            for line in p.stdout.decode().splitlines():
                json.loads(line)
        except ValueError as e:
            return rc, "exit 0, output not JSON (%s): %r" % (e, p.stdout[:100])
    return rc, None


SHORT = ("check", "sheet --json", "log", "report", "undo", "turn next",
         "fire --firers 16 --distance 2 --target Kempt --dice 4",
         "unit add Ney --side French --type infantry --class french --units 4")


def main():
    mode, umpire, game, batch = sys.argv[1:5]
    short = mode == "short"
    umpire = os.path.abspath(umpire)
    work = tempfile.mkdtemp(prefix="damaged.")
    try:
        with open(game, "rb") as f:
            sound = (f.read(), None)
        unsound = [c for c in COMMANDS if run(umpire, work, sound, c, batch)[0] != 0]
        if unsound:
            print("not ok - damaged games (not run: on the sound game these fail: %s)" %
                  ", ".join(unsound))
            return 1
        files = corpus(game, batch, umpire, work, short)
        names = sorted(files)
        keep = os.environ.get("DAMAGED_KEEP")
        for i, name in enumerate(names if keep else []):
            os.makedirs(os.path.join(keep, "%03d" % i), exist_ok=True)
            with open(os.path.join(keep, "%03d" % i, "what"), "w") as f:
                f.write(name + "\n")
            for suffix, data in zip(("", "-wal"), files[name]):
                if data is not None:
                    with open(os.path.join(keep, "%03d" % i, GAME + suffix), "wb") as f:
                        f.write(data)
        commands = [c for c in COMMANDS if not short or c in SHORT]
        if short:
            names = random.Random(7).sample(names, min(len(names), 40))
        bad, checks = [], {}
        for name in names:
            for cmd in commands:
                rc, why = run(umpire, work, files[name], cmd, batch)
                if why is not None:
                    bad.append("%s: %s: %s" % (name, cmd, why))
                if cmd == "check":
                    checks[rc] = checks.get(rc, 0) + 1
        what = ("%d damaged games, %d commands on each: each exit 0, 65 or 74, one "
                "sentence when not 0, never 70 (check: %s)" % (
                    len(names), len(commands),
                    ", ".join("exit %s %d times" % (rc, n) for rc, n in sorted(checks.items()))))
        if bad:
            print("not ok - %s: %d wrong" % (what, len(bad)))
            for b in bad[:int(os.environ.get('DAMAGED_SHOW', '12'))]:
                print("# " + b)
            return 1
        print("ok - " + what)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
