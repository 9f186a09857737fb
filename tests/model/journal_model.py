#!/usr/bin/env python3
"""A model of umpire's journal, independent of umpire's own code.

Plays a random game in one rule set's sample battle: rulings (with effects
and without, refused ones too), corrections, turn next, undo, undo --to,
redo, redo --to and batches.  The model keeps its own journal of what
umpire printed when each entry was made, and after every step replays the
entries in force from nothing, in event order, and compares:

  - the log: every entry, in force or undone, and which may be redone;
  - the sheet: every unit's measure (losses, hit markers, fatigue points),
    its flags in force, its tactical formation, and (2x2) its state;
  - the turn: one past the turns ended in force;
  - each kept effect's `left`, the running total of the measure then;
  - now and then `umpire check` (which must agree with the journal).

A refused command must leave the log and the sheet exactly as they were.

  journal_model.py UMPIRE RULES SEED STEPS [CHECK_EVERY]

Exits 0 when every step agrees, else 1 with the seed, the step and the first
difference (and the commands that led there, to replay by hand).
"""
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile

# What each rule set declares, as its text reads (the model's own copy).
COUNTS_DOWN = {"brigade": True, "fury": True, "squares": False, "2x2": False, "ohw": False}
MEASURE_KEY = {"brigade": "losses", "fury": "losses", "squares": "hits", "ohw": "fatigue_points"}
ADJUST_OPTION = {"brigade": "figures", "fury": "stands", "squares": "hits", "ohw": "fp"}
# The flags `turn next` clears, whoever set them (squares l.97, fury l.108).
TURN_CLEARS = {"squares": {"moved", "bombarded", "rallied"}, "fury": {"tried-square"}}
# The flags and state words each rule set keeps, and the word of a unit
# with neither (adjust --state GOOD clears both).
FLAGS = {"brigade": ["disordered", "rallying", "half-speed", "broken", "pushed-back",
                     "following-up", "charging"],
         "fury": ["disordered", "broken", "tried-square", "breakthrough"],
         "squares": ["moved", "bombarded", "rallied"], "ohw": ["saving-themselves"],
         "2x2": ["must-follow-up"]}
STATES = {"2x2": ["pinned", "disrupted", "routed"]}
GOOD = {"brigade": "ok", "fury": "good_order", "squares": "ok", "ohw": "reorganised", "2x2": "ok"}
# The most severe state is final: the good state does not clear it.
FINAL = "destroyed"


class Failure(Exception):
    pass


class Umpire:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.env = dict(os.environ, UMPIRE_DB=os.path.join(workdir, "game.db"))
        self.workdir = workdir

    def run(self, args, stdin=None):
        p = subprocess.run([self.binary] + args, input=stdin, capture_output=True,
                           text=True, env=self.env, cwd=self.workdir)
        return p.returncode, p.stdout, p.stderr

    def json(self, args):
        rc, out, err = self.run(["--json"] + args)
        if rc != 0:
            raise Failure("umpire %s: exit %d: %s" % (" ".join(args), rc, err.strip()))
        return json.loads(out)

    def batch(self, commands):
        """Each command's JSON, from one `batch -` of read-only commands."""
        rc, out, err = self.run(["--json", "batch", "-"], "".join(c + "\n" for c in commands))
        if rc != 0:
            raise Failure("umpire batch %s: exit %d: %s" % (commands, rc, err.strip()))
        answers = [json.loads(line) for line in out.splitlines()]
        if [a.pop("line") for a in answers] != list(range(1, len(commands) + 1)):
            raise Failure("umpire batch %s: %s" % (commands, out))
        return answers


class Model:
    """The journal as the model keeps it: one entry per event umpire made."""

    def __init__(self, rules, units):
        self.rules = rules
        self.units = units          # name -> the sheet's unit at the start
        self.entries = []           # {"id", "effects", "turn_next", "undone"}

    def snapshot(self):
        return [dict(e) for e in self.entries]

    def live(self):
        return [e for e in self.entries if e["undone"] == 0]

    def add(self, event_id, effects, turn_next=False):
        expected = (self.entries[-1]["id"] + 1) if self.entries else 1
        if event_id != expected:
            raise Failure("a new entry is #%s, the model expected #%d" % (event_id, expected))
        for e in self.entries:      # any new entry clears what could be redone
            if e["undone"] == 1:
                e["undone"] = 2
        self.entries.append({"id": event_id, "effects": effects, "turn_next": turn_next,
                             "undone": 0})

    def undo_reach(self, to):
        live = self.live()
        if to is None:
            return [live[-1]["id"]] if live else []
        return [e["id"] for e in reversed(live) if e["id"] >= to]

    def redo_reach(self, to):
        redoable = [e for e in self.entries if e["undone"] == 1]
        if to is None:
            return [redoable[0]["id"]] if redoable else []
        return [e["id"] for e in redoable if e["id"] <= to]

    def mark(self, ids, undone):
        for e in self.entries:
            if e["id"] in ids:
                e["undone"] = 1 if undone else 0

    def turn(self):
        return 1 + sum(1 for e in self.live() if e["turn_next"])

    def replay(self):
        """Each unit's measure, flags, formation and state, from nothing."""
        units = {}
        for name, u in self.units.items():
            # the state word kept: none at the start (the sheet tells the
            # good state in the rule set's words)
            units[name] = {"measure": u.get(MEASURE_KEY.get(self.rules, ""), 0) or 0,
                           "flags": {}, "formation": u.get("formation"), "state": None}
        turn = 1
        for e in self.live():
            for f in e["effects"]:
                apply_effect(self.rules, units[f["unit"]], f, turn)
            if e["turn_next"]:
                for u in units.values():
                    for flag in TURN_CLEARS.get(self.rules, ()):
                        u["flags"].pop(flag, None)
                turn += 1
        return units


def apply_effect(rules, u, f, turn):
    """One effect as umpire printed it, applied by the model's reading."""
    what = f["what"]
    if what == "clear-all":
        u["flags"].clear()
        if u["state"] != FINAL:
            u["state"] = None
    elif what == "formation":
        u["formation"] = f["formation"]
    elif what == "state":
        u["state"] = None if f["state"] == GOOD[rules] else f["state"]
    elif what == "part":
        pass
    elif f.get("left") is not None:
        if f.get("measure"):
            u["measure"] += f["amount"]
    elif f["amount"]:
        u["flags"][what] = f.get("until")
    else:
        u["flags"].pop(what, None)


def in_force(flags, turn):
    return sorted(k for k, until in flags.items() if until is None or until >= turn)


class Game:
    def __init__(self, binary, rules, seed, workdir):
        self.u = Umpire(binary, workdir)
        self.rules = rules
        self.rng = random.Random(seed)
        self.seed = seed
        self.history = []
        self.counts = {"effects": 0, "no change": 0, "refused": 0, "undo": 0, "redo": 0,
                       "batch": 0, "correction": 0, "turn": 0}
        rc, out, err = self.u.run(["new", "--rules", rules, "--example"])
        if rc != 0:
            raise Failure("new --example: %s" % err)
        sheet = self.u.json(["sheet"])
        self.sheet_units = {x["name"]: x for x in sheet["units"]}
        # formations take effects too (a fatigued army), but are not fired on
        self.model = Model(rules, dict(self.sheet_units,
                                       **{x["name"]: x for x in sheet.get("formations", [])}))
        self.measure_word = None
        for x in sheet["units"]:
            self.measure_word = x.get("measure")
        self.names = sorted(self.sheet_units)

    # ---- the random commands ------------------------------------------

    def pick(self, pred=lambda u: True):
        names = [n for n in self.names if pred(self.sheet_units[n])]
        return self.rng.choice(names) if names else self.rng.choice(self.names)

    def pair(self):
        a = self.pick(lambda u: u["type"] not in ("leader", "general", "hq"))
        side = self.sheet_units[a]["side"]
        b = self.pick(lambda u: u["side"] != side)
        return a, b

    def roll(self):
        return ["--roll", "--seed", str(self.rng.randrange(1 << 40))]

    def ruling(self):
        r = self.rules
        a, b = self.pair()
        d = self.rng.choice(["1", "2", "3", "5", "8", "12", "20"])
        kind = self.rng.random()
        if kind < 0.35:
            if r == "squares":
                return ["fire", "--unit", a, "--target", b, "--range",
                        self.rng.choice(["close", "long"])] + self.roll()
            return ["fire", "--unit", a, "--target", b, "--distance", d] + self.roll()
        if kind < 0.6:
            return ["melee", "--attacker", a, "--defender", b] + self.roll()
        if kind < 0.72:
            if r == "squares":
                return ["move", "--unit", a, "--path", self.rng.choice(["n", "n,ne", "e,e"])]
            if r in ("2x2", "ohw"):
                return ["move", "--unit", a]
            return ["move", "--unit", a] + self.roll()
        if kind < 0.84:
            if r == "brigade":
                return ["rally", "--unit", a, "--after", "follow-up", "--attempt",
                        self.rng.choice(["1", "2", "3"])] + self.roll()
            if r == "ohw":
                return ["fatigue", "--unit", a]
            return ["rally", "--unit", a] + self.roll()
        if r == "2x2":
            return ["morale", "--rout", "--unit", a] + self.roll()
        if r == "fury":
            return ["fatigue"]
        return ["morale", "--unit", a] + ([] if r in ("brigade", "ohw") else self.roll())

    def correction(self):
        a = self.pick(lambda u: u["type"] not in ("leader", "general", "hq"))
        if self.rules != "2x2" and self.rng.random() < 0.6:
            n = self.rng.choice([-3, -2, -1, 1, 2])
            return ["adjust", a, "--" + ADJUST_OPTION[self.rules], "%+d" % n, "--reason", "model"]
        words = FLAGS[self.rules] + STATES.get(self.rules, []) + [GOOD[self.rules]]
        if FLAGS[self.rules] and self.rng.random() < 0.3:
            return ["adjust", a, "--clear", self.rng.choice(FLAGS[self.rules]), "--reason", "model"]
        return ["adjust", a, "--state", self.rng.choice(words), "--reason", "model"]

    def bad(self):
        a, b = self.pair()
        return self.rng.choice([
            ["fire", "--unit", a, "--target", "No Such Unit", "--distance", "2"] + self.roll(),
            ["fire", "--unit", a, "--target", b, "--distance", "-3"] + self.roll(),
            ["undo", "3"],
            ["redo", "--to", "0"],
            ["adjust", a, "--reason", "nothing to change"],
        ])

    def batch_line(self):
        x = self.rng.random()
        if x < 0.6:
            return self.ruling()
        if x < 0.75:
            return self.correction()
        if x < 0.85:
            return ["turn", "next"]
        return [self.rng.choice(["undo", "redo"])]

    # ---- the steps, as the model expects them -------------------------

    def step(self):
        x = self.rng.random()
        live = [e["id"] for e in self.model.live()]
        redoable = [e["id"] for e in self.model.entries if e["undone"] == 1]
        if x < 0.45:
            self.entry(self.ruling())
        elif x < 0.55:
            self.entry(self.correction())
        elif x < 0.6:
            self.entry(["turn", "next"])
        elif x < 0.7:
            self.undo(None)
        elif x < 0.74 and live:
            self.undo(self.rng.choice(live[-6:]))
        elif x < 0.82:
            self.redo(None)
        elif x < 0.85 and redoable:
            self.redo(self.rng.choice(redoable[:6]))
        elif x < 0.93:
            self.batch()
        else:
            self.refused(self.bad())

    def record(self, args, rc, out, err):
        del out, err
        self.history.append("%s  # exit %d" % (" ".join(shlex.quote(a) for a in ["umpire"] + args), rc))

    def kept(self, args, result):
        """Adds what one command printed to the model's journal."""
        if args[:2] == ["turn", "next"]:
            self.counts["turn"] += 1
            self.model.add(result["event"], [], turn_next=True)
            return
        if args[0] == "adjust":
            self.counts["correction"] += 1
            effects, _ = self.correction_effects(args)
            self.model.add(result["event"], effects)
            self.check_correction(args, result)
            return
        if result.get("event") is None:
            raise Failure("umpire %s kept no event in a game" % " ".join(args))
        effects = []
        self.counts["effects" if result["effects"] else "no change"] += 1
        for f in result["effects"]:
            f = dict(f)
            f["measure"] = f["what"] == self.measure_word and f.get("left") is not None
            effects.append(f)
        self.model.add(result["event"], effects)
        self.check_left()

    def correction_effects(self, args):
        """What a correction does by the model's reading, and whether it
        changes anything (umpire refuses one that does not, 65)."""
        unit = args[1]
        u = self.model.replay()[unit]
        turn = self.model.turn()
        option, value = args[2], args[3]
        if option == "--clear":
            on = value in in_force(u["flags"], turn)
            return [{"unit": unit, "what": value, "amount": 0, "left": None}], on
        if option == "--state":
            if value == GOOD[self.rules]:
                changes = bool(in_force(u["flags"], turn)) or u["state"] not in (None, FINAL)
                return [{"unit": unit, "what": "clear-all", "state": value, "amount": 0,
                         "left": None}], changes
            if value in STATES.get(self.rules, []):
                return [{"unit": unit, "what": "state", "state": value, "amount": 0,
                         "left": None}], u["state"] != value
            on = value in in_force(u["flags"], turn)
            return [{"unit": unit, "what": value, "amount": 1, "left": None}], not on
        n = int(value)
        change = -n if COUNTS_DOWN[self.rules] else n
        total = u["measure"] + change
        start = self.sheet_units[unit].get("start_strength", 0) or 0
        fits = total >= 0 and (not COUNTS_DOWN[self.rules] or total <= start)
        return [{"unit": unit, "what": self.measure_word, "amount": change, "left": total,
                 "measure": True}], fits

    def check_correction(self, args, result):
        u = self.model.replay()[args[1]]
        if "losses" in result and result["losses"] != u["measure"]:
            raise Failure("%s: the correction says %s lost, the model %s"
                          % (args[1], result["losses"], u["measure"]))
        if "flags" in result and sorted(result["flags"]) != in_force(u["flags"], self.model.turn()):
            raise Failure("%s: the correction leaves flags %s, the model %s"
                          % (args[1], sorted(result["flags"]), in_force(u["flags"], self.model.turn())))

    def check_left(self):
        """Each measure effect of the last entry: its `left` is the running
        total the model has then."""
        last = self.model.entries[-1]
        saved = last["effects"]
        last["effects"] = []
        base = self.model.replay()
        last["effects"] = saved
        for f in saved:
            if not f.get("measure"):
                continue
            u = base[f["unit"]]
            u["measure"] += f["amount"]
            start = self.sheet_units[f["unit"]].get("start_strength", 0) or 0
            want = start - u["measure"] if COUNTS_DOWN[self.rules] else u["measure"]
            if f["left"] != want:
                raise Failure("%s: an effect says %s left, the model's running total gives %s"
                              % (f["unit"], f["left"], want))

    def entry(self, args):
        changes = self.correction_effects(args)[1] if args[0] == "adjust" else None
        rc, out, err = self.u.run(["--json"] + args)
        self.record(args, rc, out, err)
        if changes is not None and changes != (rc == 0):
            raise Failure("umpire %s: exit %d (%s), the model %s it (it has %s)" % (
                " ".join(args), rc, err.strip(), "expected" if changes else "refused",
                self.model.replay()[args[1]]))
        if rc != 0:
            self.nothing_changed(args, rc, err)
            return
        self.kept(args, json.loads(out))

    def undo(self, to):
        self.take(["undo"] + (["--to", str(to)] if to else []))

    def redo(self, to):
        self.take(["redo"] + (["--to", str(to)] if to else []))

    def take(self, args):
        dry = self.rng.random() < 0.1
        if dry:
            args = args + ["--dry-run"]
        rc, out, err = self.u.run(["--json"] + args)
        self.record(args, rc, out, err)
        if rc != 0:
            raise Failure("umpire %s: exit %d: %s" % (" ".join(args), rc, err.strip()))
        self.taken(args, json.loads(out))

    def taken(self, args, result):
        """What undo or redo printed, against the model's reach."""
        to = int(args[args.index("--to") + 1]) if "--to" in args else None
        redo = args[0] == "redo"
        expected = self.model.redo_reach(to) if redo else self.model.undo_reach(to)
        got = [x["id"] for x in result["redone" if redo else "undone"]]
        if got != expected:
            raise Failure("umpire %s took %s, the model expected %s" % (" ".join(args), got, expected))
        if "--dry-run" not in args:
            self.model.mark(set(got), not redo)
            self.counts[args[0]] += len(got)

    def batch(self):
        lines = [self.batch_line() for _ in range(self.rng.randint(1, 4))]
        if self.rng.random() < 0.25:
            lines.insert(self.rng.randrange(len(lines) + 1), self.bad())
        each = self.rng.random() < 0.3
        text = "".join(" ".join(shlex.quote(a) for a in l) + "\n" for l in lines)
        args = ["batch", "-"] + (["--each"] if each else [])
        before = self.model.snapshot()
        self.counts["batch"] += 1
        rc, out, err = self.u.run(["--json"] + args, stdin=text)
        self.history.append("umpire %s <<'EOF'\n%sEOF" % (" ".join(args), text))
        results = [json.loads(l) for l in out.splitlines() if l.strip()]
        if rc != 0 and not each:
            if results:
                raise Failure("a failed batch printed %d lines" % len(results))
            self.model.entries = before
            return
        for res in results:
            l = lines[res["line"] - 1]
            if l[0] in ("undo", "redo"):
                self.taken(l, res)
            elif res.get("event") is None:
                raise Failure("batch line %d kept no event" % res["line"])
            else:
                self.kept(l, res)

    def refused(self, args):
        rc, out, err = self.u.run(["--json"] + args)
        self.record(args, rc, out, err)
        if rc == 0:
            raise Failure("umpire %s was expected to be refused" % " ".join(args))
        self.nothing_changed(args, rc, err)

    def nothing_changed(self, args, rc, err):
        self.counts["refused"] += 1
        if rc not in (64, 65):
            raise Failure("umpire %s: exit %d: %s" % (" ".join(args), rc, err.strip()))
        if err.count("\n") != 1:
            raise Failure("umpire %s: not one line on stderr: %r" % (" ".join(args), err))

    # ---- the comparison -------------------------------------------------

    def compare(self, with_check):
        # the log and the sheet as one reader sees them: one process
        log, sheet = self.u.batch(["log", "sheet"])
        log = log["entries"]
        got = [(e["id"], e["undone"]) for e in log]
        want = [(e["id"], e["undone"] != 0) for e in self.model.entries]
        if got != want:
            raise Failure("the log is %s, the model's %s" % (got, want))
        turn = self.model.turn()
        if sheet["turn"] != turn:
            raise Failure("the sheet says turn %d, the model %d" % (sheet["turn"], turn))
        units = self.model.replay()
        key = MEASURE_KEY.get(self.rules)
        for x in sheet["units"]:
            m = units[x["name"]]
            if key and x[key] != m["measure"]:
                raise Failure("%s: the sheet says %s %s, the replay %s"
                              % (x["name"], key, x[key], m["measure"]))
            flags = in_force(m["flags"], turn)
            if sorted(x["flags"]) != flags:
                raise Failure("%s: the sheet's flags are %s, the replay's %s"
                              % (x["name"], sorted(x["flags"]), flags))
            if x.get("formation") != m["formation"]:
                raise Failure("%s: the sheet's formation is %s, the replay's %s"
                              % (x["name"], x.get("formation"), m["formation"]))
            if self.rules == "2x2" and x["state"] != (m["state"] or GOOD["2x2"]):
                raise Failure("%s: the sheet's state is %s, the replay's %s"
                              % (x["name"], x["state"], m["state"]))
        if with_check:
            rc, out, err = self.u.run(["check"])
            if rc != 0:
                raise Failure("umpire check: exit %d: %s%s" % (rc, out, err))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    binary, rules, seed, steps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    every = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    with tempfile.TemporaryDirectory() as d:
        g = Game(os.path.abspath(binary), rules, seed, d)
        for i in range(1, steps + 1):
            try:
                g.step()
                g.compare(i % every == 0 or i == steps)
            except Failure as f:
                print("not ok - %s seed %d step %d: %s" % (rules, seed, i, f))
                print("# the commands, in order:")
                for h in g.history:
                    print("#   " + h.replace("\n", "\n#   "))
                sys.exit(1)
        kept = len(g.model.entries)
        live = len(g.model.live())
        print("ok - %s seed %d: %d steps, %d entries (%d in force), every step as the model replays it"
              % (rules, seed, steps, kept, live))
        print("# " + ", ".join("%s %d" % kv for kv in g.counts.items()))


if __name__ == "__main__":
    main()
