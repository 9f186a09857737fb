#!/usr/bin/env python3
"""Checks every --json output the command-line tests kept against its
schema under schema/json/, and prints the verdict as TAP: one line a kind
of output, then one line for the count.

    tests/cli/validate-json.py CAPTURE_DIR

The rule sets, their names and the commands each adjudicates, are not
written in the schemas: they come from the binary's own description
(`umpire --json help`, $UMPIRE_BIN), as rulesets.schema.json, so that a
rule set added to umpire is checked without a schema edited by hand.

CAPTURE_DIR holds what the tests kept (keep_json, helper.bash): N (the
arguments, one a line) and N.out (standard output) for every run with
--json.  It fails when an output does not match its schema, when a run's
command has no schema, when a schema checked nothing, or when fewer than
MINIMUM outputs were kept (the tests would then check nothing)."""

import json
import os
import subprocess
import sys

import jsonschema

MINIMUM = 1000
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = os.path.join(ROOT, "schema", "json")
BASE = "https://umpire.invalid/schema/json/"

GLOBAL_WITH_VALUE = {"--db", "--rules", "--for"}
ADJUDICATIONS = {"fire", "melee", "morale", "rally", "fatigue", "move"}
SUBCOMMANDS = {
    "unit": {"add", "list", "show", "set", "rm", "import", "export"},
    "log": {"show"},
    "tables": {"list", "show", "export", "import", "diff"},
}


def rulesets_schema():
    """The rule sets as the binary describes them: $defs name (a rule
    set's name), measure (what one counts a unit's strength in), command (any rule set's adjudication) and
    ruleset_command (a ruling's rules and command, as that rule set has
    it)."""
    umpire = os.environ.get("UMPIRE_BIN", os.path.join(ROOT, "umpire"))
    described = json.loads(subprocess.run(
        [umpire, "--json", "help"], check=True, capture_output=True, text=True).stdout)
    names, measures, commands, pairs = [], [], set(), []
    for r in described["rulesets"]:
        own = [a["name"] for a in r["adjudications"] if a["defined"]]
        names.append(r["name"])
        measures.append(r["measure"])
        commands.update(own)
        pairs.append({"properties": {"rules": {"const": r["name"]},
                                     "command": {"enum": own}}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": BASE + "rulesets.schema.json",
        "title": "the rule sets, from umpire --json help",
        "$defs": {
            "name": {"type": "string", "enum": names},
            "measure": {"type": "string", "enum": measures},
            "command": {"type": "string", "enum": sorted(commands)},
            "ruleset_command": {"anyOf": pairs},
        },
    }


def load_schemas():
    """Every schema file, by its name without .schema.json, and the rule
    sets' (rulesets_schema)."""
    schemas = {"rulesets": rulesets_schema()}
    for name in sorted(os.listdir(SCHEMAS)):
        if name.endswith(".schema.json"):
            with open(os.path.join(SCHEMAS, name), encoding="utf-8") as f:
                schemas[name[: -len(".schema.json")]] = json.load(f)
    return schemas


def make_validator(schemas):
    """A function (kind, fragment, instance) -> list of error messages."""
    cls = jsonschema.Draft202012Validator
    for s in schemas.values():
        cls.check_schema(s)
    store = {s["$id"]: s for s in schemas.values()}
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources(
            (uri, Resource.from_contents(s)) for uri, s in store.items())
        cls({}, registry=registry)
    except (ImportError, TypeError):  # before jsonschema 4.18 (Debian 12: 4.10)
        registry = None

    def build(schema):
        if registry is not None:
            return cls(schema, registry=registry)
        return cls(schema, resolver=jsonschema.RefResolver(BASE, schema, store=store))

    cache = {}

    def errors(kind, fragment, instance):
        key = (kind, fragment)
        if key not in cache:
            uri = BASE + kind + ".schema.json"
            cache[key] = build({"$ref": uri + ("#/$defs/" + fragment if fragment else "")})
        found = sorted(cache[key].iter_errors(instance), key=lambda e: list(e.absolute_path))
        return ["%s: %s" % ("/".join(map(str, e.absolute_path)) or "(top)", best_message(e))
                for e in found]

    return errors


def best_message(error):
    """The deepest reason of an anyOf/oneOf failure, else the error's own."""
    if error.context:
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        return "%s (%s)" % (error.message[:200], best_message(deepest))
    return error.message[:300]


def positionals(args):
    """The words that are not options, global options' values skipped."""
    words, i = [], 0
    while i < len(args):
        a = args[i]
        if a in GLOBAL_WITH_VALUE:
            i += 2
            continue
        if not a.startswith("-"):
            words.append(a)
        i += 1
    return words


def side_view(args):
    """True when --for names a side (not the umpire)."""
    if "--for" in args:
        i = args.index("--for")
        return i + 1 < len(args) and args[i + 1].lower() != "umpire"
    return False


def kind_of_run(args):
    """(schema name, $defs fragment or None) for one run's arguments; the
    schema name may be missing from schema/json (then the run fails)."""
    words = positionals(args)
    if "--version" in args and not words:
        return "version", None
    if not words:
        return "(no command)", None
    cmd = words[0]
    sub = words[1] if len(words) > 1 and words[1] in SUBCOMMANDS.get(cmd, ()) else None
    view = "side_view" if side_view(args) else "umpire_view"
    if cmd == "odds" or "--odds" in args:
        return "odds", None
    if cmd in ADJUDICATIONS:
        return "ruling", None
    if cmd == "turn":
        if {"--action-dice", "--dice-off", "--general"} & set(args):
            return "ruling", None
        return "turn", None
    if cmd == "unit":
        if sub in ("add", "set", "show"):
            return "unit", view
        if sub == "list" or (sub == "export" and len(words) == 2):
            return "unit-list", view
        return {"rm": "unit-rm", "import": "unit-import", "export": "export"}.get(sub, "unit ?"), None
    if cmd == "log":
        return ("log-show" if sub == "show" else "log"), None
    if cmd == "tables":
        return {None: "tables-list", "list": "tables-list", "export": "export"}.get(sub, "tables-" + str(sub)), None
    if cmd in ("undo", "redo"):
        return "undo", None
    if cmd == "report" and "--html" in args:
        return "report-html", None
    return cmd, None


def kind_of_line(obj):
    """A batch line's kind, from its keys (its command line is not kept)."""
    keys = set(obj)
    if "result" in keys:
        return "ruling", None
    if "odds" in keys:
        return "odds", None
    if "formations" in keys:
        return "sheet", None
    if keys == {"units"}:
        return "unit-list", "umpire_view"
    if "kind" in keys:
        return "unit", "umpire_view"
    if "entries" in keys:
        return "log", None
    if "undone" in keys or "redone" in keys:
        return "undo", None
    if "what" in keys:
        return "adjust", None
    if keys == {"turn"}:
        return "turn", None
    if "turns" in keys:
        return "report", None
    if "tables" in keys:
        return "tables-list", None
    for single, kind in (("removed", "unit-rm"), ("exported", "export"), ("wrote", "report-html")):
        if single in keys:
            return kind, None
    if "imported" in keys:
        return ("unit-import" if isinstance(obj["imported"], int) else "tables-import"), None
    if "options" in keys:
        return "game", None
    return "(unknown batch line)", None


def check_run(args, out, schemas, errors):
    """[(kind, problem or None)] for one kept run."""
    kind, fragment = kind_of_run(args)
    if kind != "batch":
        if kind not in schemas:
            return [(kind, "no schema for this command's --json output")]
        try:
            obj = json.loads(out)
        except ValueError as e:
            return [(kind, "not one JSON object: %s" % e)]
        return [(kind, "; ".join(errors(kind, fragment, obj)) or None)]
    verdicts = []
    for n, text in enumerate(out.splitlines(), 1):
        try:
            obj = json.loads(text)
        except ValueError as e:
            verdicts.append(("batch-line", "line %d of the output is not JSON: %s" % (n, e)))
            continue
        problems = errors("batch-line", None, obj)
        verdicts.append(("batch-line", "; ".join(problems) or None))
        if isinstance(obj, dict):
            obj.pop("line", None)
            kind, fragment = kind_of_line(obj)
            if kind not in schemas:
                verdicts.append((kind, "no schema for batch output line %d" % n))
            else:
                verdicts.append((kind, "; ".join(errors(kind, fragment, obj)) or None))
    return verdicts


def main():
    capture = sys.argv[1]
    schemas = load_schemas()
    errors = make_validator(schemas)
    checked = {name: 0 for name in schemas if name not in ("common", "rulesets")}
    failures = {}
    outputs = empty = 0
    for name in sorted(os.listdir(capture)):
        if name.endswith(".out"):
            continue
        base = os.path.join(capture, name)
        with open(base, encoding="utf-8") as f:
            args = f.read().split("\n")[:-1]
        with open(base + ".out", encoding="utf-8") as f:
            out = f.read()
        if not out:
            empty += 1  # a failed run: its stdout is empty (checked by the tests)
            continue
        if "--help" in args or "-h" in args:
            continue  # help is text, with or without --json
        outputs += 1
        for kind, problem in check_run(args, out, schemas, errors):
            checked[kind] = checked.get(kind, 0) + 1
            if problem:
                failures.setdefault(kind, []).append(
                    "%s: umpire %s\n#   %s" % (name, " ".join(args), problem))
    n = 0
    for kind in sorted(checked):
        n += 1
        if kind in failures:
            print("not ok %d - json %s: %d of %d outputs do not match" %
                  (n, kind, len(failures[kind]), checked[kind]))
            for f in failures[kind][:20]:
                print("# " + f)
        elif checked[kind] == 0:
            print("not ok %d - json %s: no test printed this output (schema unused)" % (n, kind))
        else:
            print("ok %d - json %s: %d outputs match schema/json/%s.schema.json" %
                  (n, kind, checked[kind], kind))
    n += 1
    status = "ok" if outputs >= MINIMUM else "not ok"
    print("%s %d - json outputs checked: %d (at least %d), %d failed runs with empty stdout" %
          (status, n, outputs, MINIMUM, empty))
    print("1..%d" % n)
    return 1 if failures or outputs < MINIMUM or 0 in checked.values() else 0


if __name__ == "__main__":
    sys.exit(main())
