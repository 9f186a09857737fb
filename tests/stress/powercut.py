#!/usr/bin/env python3
"""Power-cut proofs: what a power cut in the middle of umpire commands can
leave on the disk, each such state opened with umpire.

    tests/stress/powercut.py short|full UMPIRE SHIM NAME BASE COMMAND...

BASE is a game file (its -wal beside it goes with it, when there is one)
or "none" (no game yet).  The game is copied as umpire.db into a
directory of its own, taken as wholly on the disk, and each COMMAND (one
umpire command line, shell words) runs there in turn under the shim's
trace (tests/stress/faultshim.c: TRACE), which records every write,
truncation and sync of a file there, every sync of the directory and
every name made or removed in it, and when each command has printed.

Then, for each point of the trace (before its first operation, after
each), the files a power cut there could leave, as a disk keeps them:

  - a file holds every write and truncation made before its last sync,
    then an ordered subset of those made after it: all, none, each
    prefix, each with one left out, each prefix with its last write torn
    (only its first sectors written), and random subsets;
  - a name made, renamed or removed (a creation, a link, a rename, an
    unlink) holds once the directory is synced after it; before, any
    ordered subset of those operations may hold, chosen as for a file's
    writes;

each file's subset and the directory's combined: all kept, all dropped,
each file's (and the directory's) choices with the others all kept or
all dropped, and random combinations, at most LIMIT a point.  Each
distinct set of the game's files (umpire.db and its -wal and -journal;
its -shm is rebuilt by the first opener, so none is left) is opened by
umpire: `umpire check` must say what it says of a game the commands
passed through (exit 0), and the game (the sheet, the log and the rule
tables as JSON, compared whole) must be one of those the commands passed
through, no earlier than the last command that had printed before the
cut: every ruling acknowledged is there, and nothing is half there.

`short` (make check) takes a sample of the points and fewer states a
point.  Prints one TAP line (without its number) and, when it fails, a
comment line a failing state; exits 0 or 1.  POWERCUT_KEEP=DIR keeps the
files of each failing state there.
"""

import concurrent.futures
import hashlib
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile

GAME = "umpire.db"
GAME_FILES = (GAME, GAME + "-wal", GAME + "-journal")
SECTOR = 512


class Trace:
    """The operations of a trace, each with the progress of the commands
    before it: how many had started, the last that had printed."""

    def __init__(self, path):
        with open(path + ".data", "rb") as f:
            data = f.read()
        self.ops = []
        self.marks = []
        procs = {}
        started = acked = 0
        with open(path) as f:
            for line in f:
                w = line.rstrip("\n").split(" ", 2)
                kind = w[0]
                if kind == "P":
                    started += 1
                    procs[w[1]] = started
                    continue
                if kind == "A":
                    acked = max(acked, procs[w[1]])
                    continue
                if kind == "E":
                    continue
                if kind == "W":
                    ino, off, n, at = line.split()[1:]
                    op = ("W", int(ino), int(off), data[int(at):int(at) + int(n)])
                elif kind == "T":
                    op = ("T", int(w[1]), int(w[2]))
                elif kind == "S":
                    op = ("S", int(w[1]))
                elif kind == "D":
                    op = ("D",)
                elif kind in ("C", "L"):
                    op = (kind, int(w[1]), w[2])
                elif kind == "N":
                    op = ("N", int(w[1]))
                elif kind == "R":
                    op = ("R", w[1], w[2])
                elif kind == "U":
                    op = ("U", w[1])
                else:
                    raise ValueError("unknown trace line: " + line)
                self.ops.append(op)
                self.marks.append((started, acked))
        self.marks.append((started, acked))
        self.commands = started


def apply_file(content, ops):
    """The content after ops (writes and truncations), in order."""
    b = bytearray(content)
    for op in ops:
        if op[0] == "W":
            off, data = op[2], op[3]
            if len(b) < off:
                b.extend(bytes(off - len(b)))
            b[off:off + len(data)] = data
        else:
            del b[op[2]:]
    return bytes(b)


def apply_dir(names, ops):
    """The names after ops (creations, renames, unlinks), in order; an
    operation on a name the subset left out is void."""
    names = dict(names)
    for op in ops:
        if op[0] in ("C", "L"):
            names[op[2]] = op[1]
        elif op[0] == "R":
            if op[1] in names:
                ino = names.pop(op[1])
                if op[2] != "-":
                    names[op[2]] = ino
        elif op[0] == "U":
            names.pop(op[1], None)
    return names


def torn(op):
    """The write op with only its first sectors written, or None."""
    if op[0] != "W" or len(op[3]) <= SECTOR:
        return None
    keep = (len(op[3]) // 2) // SECTOR * SECTOR or SECTOR
    return ("W", op[1], op[2], op[3][:keep])


def choices(pending, rng, extra):
    """The ordered subsets of pending a power cut may keep, each a list."""
    n = len(pending)
    seen = set()
    out = []

    def add(idx, last=None):
        key = (tuple(idx), last is not None)
        if key in seen:
            return
        seen.add(key)
        ops = [pending[i] for i in idx]
        if last is not None:
            ops[-1] = last
        out.append(ops)

    add(range(n))
    add([])
    for p in range(1, n):
        add(range(p))
    for i in range(n):
        add([j for j in range(n) if j != i])
    for p in range(1, n + 1):
        t = torn(pending[p - 1])
        if t is not None:
            add(range(p), t)
    for _ in range(extra if n > 1 else 0):
        add(sorted(rng.sample(range(n), rng.randint(1, n - 1))))
    return out


class Disk:
    """What is on the disk for sure (synced), and what is not yet."""

    def __init__(self, files, shm):
        self.names = {}
        self.content = {}
        self.pending = {}
        self.dir_pending = []
        self.shm = set(shm)
        for name, (ino, data) in files.items():
            self.names[name] = ino
            self.content[ino] = data
            self.pending[ino] = []

    def step(self, op):
        kind = op[0]
        if kind == "C" and op[2].endswith("-shm"):
            self.shm.add(op[1])
        if kind in ("W", "T", "S", "C") and op[1] in self.shm:
            return
        if kind in ("W", "T"):
            if op[1] not in self.content:
                raise ValueError("a write to a file the trace never made: %r" % (op[:3],))
            self.pending[op[1]].append(op)
        elif kind == "S":
            if op[1] in self.content:
                self.content[op[1]] = apply_file(self.content[op[1]], self.pending[op[1]])
                self.pending[op[1]] = []
        elif kind == "D":
            self.names = apply_dir(self.names, self.dir_pending)
            self.dir_pending = []
        elif kind in ("C", "N"):
            self.content[op[1]] = b""
            self.pending[op[1]] = []
            if kind == "C":
                self.dir_pending.append(op)
        else:
            self.dir_pending.append(op)

    def game_inodes(self):
        """The files that may hold one of the game's names after a cut."""
        inos = {self.names[n] for n in GAME_FILES if n in self.names}
        for name in GAME_FILES:
            for op in self.dir_pending:
                if op[0] in ("C", "L") and op[2] == name:
                    inos.add(op[1])
                elif op[0] == "R" and op[2] == name and op[1] in self.names:
                    inos.add(self.names[op[1]])
                elif op[0] == "R" and op[2] == name:
                    inos.update(o[1] for o in self.dir_pending
                                if o[0] in ("C", "L") and o[2] == op[1])
        return sorted(inos)

    def states(self, rng, limit, extra):
        """The game's files a power cut now may leave: lists of
        (name, content), at most limit of them."""
        units = [("dir", self.dir_pending)] if self.dir_pending else []
        units += [(ino, self.pending[ino]) for ino in self.game_inodes()
                  if self.pending.get(ino)]
        opts = {u: choices(p, rng, extra) for u, p in units}
        full = {u: o[0] for u, o in opts.items()}
        empty = {u: o[1] for u, o in opts.items()}
        combos = [full, empty]
        for u, o in opts.items():
            for c in o[2:]:
                combos.append({**full, u: c})
                combos.append({**empty, u: c})
        for _ in range(extra):
            combos.append({u: rng.choice(o) for u, o in opts.items()})
        if len(combos) > limit:
            combos = combos[:2] + rng.sample(combos[2:], limit - 2)
        out = []
        for combo in combos:
            names = apply_dir(self.names, combo.get("dir", []))
            files = []
            for name in GAME_FILES:
                if name not in names:
                    continue
                ino = names[name]
                files.append((name, apply_file(self.content[ino], combo.get(ino, []))))
            out.append(files)
        return out


class Umpire:
    """umpire run on a set of files in a scratch directory: what `check`
    answers and the game as JSON."""

    def __init__(self, binary, scratch):
        self.binary = binary
        self.scratch = scratch
        self.env = dict(os.environ, UMPIRE_DB=GAME)
        self.env.pop("LD_PRELOAD", None)

    def run(self, args, stdin=b""):
        p = subprocess.run([self.binary] + args, cwd=self.scratch, env=self.env,
                           input=stdin, capture_output=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def look(self, files):
        shutil.rmtree(self.scratch, ignore_errors=True)
        os.mkdir(self.scratch)
        for name, data in files:
            with open(os.path.join(self.scratch, name), "wb") as f:
                f.write(data)
        rc, _, err = self.run(["check"])
        src, out, serr = self.run(["--json", "batch", "-"], b"sheet\nlog\ntables\n")
        if src != 0:
            game = "exit %d: %s" % (src, serr.decode(errors="replace").strip())
        else:
            lines = [json.loads(x) for x in out.decode().splitlines()]
            for x in lines:
                x.pop("line", None)
            game = json.dumps(lines, sort_keys=True)
        return rc, game, err.decode(errors="replace").strip()


def snapshot(directory):
    """The files of a directory as they lie: name -> (inode, bytes); its
    -shm left out."""
    files = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if name.endswith("-shm") or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            files[name] = (os.stat(path).st_ino, f.read())
    return files


def shm_inodes(directory):
    return [os.stat(os.path.join(directory, n)).st_ino
            for n in os.listdir(directory) if n.endswith("-shm")]


def game_files(files):
    return [(n, files[n][1]) for n in GAME_FILES if n in files]


def digest(files):
    h = hashlib.sha1()
    for name, data in files:
        h.update(name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def main():
    mode, binary, shim, name, base = sys.argv[1:6]
    commands = sys.argv[6:]
    short = mode == "short"
    work = tempfile.mkdtemp(prefix="powercut.")
    try:
        return prove(short, binary, shim, name, base, commands, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_commands(binary, shim, base, commands, work, umpire):
    """The commands, traced; the game before and after each, with what
    check said of it."""
    game = os.path.join(work, "game")
    os.mkdir(game)
    if base != "none":
        shutil.copyfile(base, os.path.join(game, GAME))
        if os.path.exists(base + "-wal"):
            shutil.copyfile(base + "-wal", os.path.join(game, GAME + "-wal"))
    start = snapshot(game), shm_inodes(game)
    games = [umpire.look(game_files(start[0]))[:2]]
    trace = os.path.join(work, "trace")
    env = dict(os.environ, UMPIRE_DB=GAME, TRACE=trace, TRACE_DIR=game, LD_PRELOAD=shim)
    for i, cmd in enumerate(commands):
        with open(os.path.join(work, "out%d" % i), "wb") as out:
            p = subprocess.run([binary] + shlex.split(cmd), cwd=game, env=env,
                               stdout=out, stderr=subprocess.PIPE, timeout=120)
        if p.returncode != 0:
            raise RuntimeError("'%s' failed (exit %d): %s" % (
                cmd, p.returncode, p.stderr.decode(errors="replace").strip()))
        games.append(umpire.look(game_files(snapshot(game)))[:2])
    return start, games, Trace(trace)


def look_all(umpires, pending, seen):
    """Opens each set of files in pending with umpire, as many at once as
    there are scratch directories; the answers into seen."""
    keys = list(pending)
    with concurrent.futures.ThreadPoolExecutor(len(umpires)) as pool:
        for i in range(0, len(keys), len(umpires)):
            batch = keys[i:i + len(umpires)]
            answers = pool.map(lambda a: a[0].look(pending[a[1]]), zip(umpires, batch))
            for key, answer in zip(batch, answers):
                seen[key] = answer
    pending.clear()


def prove(short, binary, shim, name, base, commands, work):
    jobs = int(os.environ.get("STRESS_JOBS", "1"))
    umpires = [Umpire(binary, os.path.join(work, "scratch%d" % i)) for i in range(jobs)]
    try:
        start, games, trace = run_commands(binary, shim, base, commands, work, umpires[0])
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
        print("not ok - power cuts in %s (not run: %s)" % (name, e))
        return 1
    if trace.commands != len(commands):
        print("not ok - power cuts in %s (the trace holds %d commands of %d)" % (
            name, trace.commands, len(commands)))
        return 1
    limit, extra = (6, 2) if short else (200, 24)
    points = range(len(trace.ops) + 1)
    if short:
        step = max(1, len(points) // 12)
        points = sorted(set(list(points)[::step]) | set(points[-3:]))
    seen, pending, found = {}, {}, []
    for point, files in crash_states(trace, start, points, name, limit, extra):
        key = digest(files)
        if key not in seen and key not in pending:
            pending[key] = files
        found.append((point, key))
        if len(pending) >= 64:
            look_all(umpires, pending, seen)
    look_all(umpires, pending, seen)
    failures = {}
    for point, key in found:
        started, acked = trace.marks[point]
        if seen[key][:2] not in games[acked:started + 1]:
            failures.setdefault(key, (point, acked, started))
    what = "%s: %d points, %d crash states (%d distinct)" % (
        name, len(points), len(found), len(seen))
    if not failures:
        print("ok - power cuts in %s, each game one the commands passed through, "
              "every acknowledged command in it, check passing" % what)
        return 0
    print("not ok - power cuts in %s: %d distinct states unsound" % (what, len(failures)))
    keep = os.environ.get("POWERCUT_KEEP")
    for k, (key, (point, acked, started)) in enumerate(list(failures.items())[:8]):
        rc, game, err = seen[key]
        op = trace.ops[point - 1][:3] if point > 0 else ("start",)
        known = [i for i, g in enumerate(games) if g[1] == game]
        print("# after operation %d %r: check exit %d (%s), the game %s, wanted the game "
              "after command %d..%d" % (
                  point, op, rc, err[:120],
                  "after command %d" % known[0] if known else "unknown: " + game[:200],
                  acked, started))
    if keep:
        kept = list(failures)[:8]
        for _, files in crash_states(trace, start, points, name, limit, extra):
            key = digest(files)
            if key not in kept:
                continue
            d = os.path.join(keep, "%s-%d" % (name.replace(" ", "_"), kept.index(key)))
            os.makedirs(d, exist_ok=True)
            for n, data in files:
                with open(os.path.join(d, n), "wb") as f:
                    f.write(data)
    return 1


def crash_states(trace, start, points, name, limit, extra):
    """Each point and a set of the game's files a power cut there may
    leave, the same for the same name."""
    rng = random.Random(name)
    disk = Disk(*start)
    done = 0
    for point in points:
        while done < point:
            disk.step(trace.ops[done])
            done += 1
        for files in disk.states(rng, limit, extra):
            yield point, files


if __name__ == "__main__":
    sys.exit(main())
