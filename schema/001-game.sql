-- JSON columns carry no json_valid() CHECK: SQLite 3.40 does not mark its
-- JSON functions innocuous, so with trusted_schema=OFF a schema may not use
-- them.  `umpire check` verifies every JSON column instead.

-- The game: one row.  Its rule set never changes.
CREATE TABLE game (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	rules TEXT NOT NULL,
	title TEXT NOT NULL DEFAULT '',
	options TEXT NOT NULL DEFAULT '{}',
	created TEXT NOT NULL
) STRICT;

-- Units and formations of the order of battle.  A formation (brigade,
-- division, corps, army, command) groups units through `parent`.  Ratings
-- are the rule set's options, as a JSON object.
CREATE TABLE unit (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE,
	side TEXT NOT NULL,
	type TEXT NOT NULL,
	formation INTEGER NOT NULL DEFAULT 0 CHECK (formation IN (0, 1)),
	parent INTEGER REFERENCES unit(id),
	ratings TEXT NOT NULL DEFAULT '{}',
	start_strength INTEGER NOT NULL DEFAULT 0 CHECK (start_strength >= 0)
) STRICT;
CREATE INDEX unit_parent ON unit(parent);

-- The journal: one event per adjudication, correction or turn.  `undone`
-- is 0 (in force), 1 (undone, may be redone) or 2 (undone and cleared by
-- a later event).  `output` is the whole JSON ruling, so `log show` can
-- print the working again.
CREATE TABLE event (
	id INTEGER PRIMARY KEY,
	turn INTEGER NOT NULL,
	command TEXT NOT NULL,
	args TEXT NOT NULL,
	dice TEXT NOT NULL DEFAULT '[]',
	output TEXT NOT NULL DEFAULT '{}',
	summary TEXT NOT NULL,
	undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1, 2)),
	created TEXT NOT NULL
) STRICT;
CREATE INDEX event_undone ON event(undone, id);
CREATE INDEX event_command ON event(command, undone);
CREATE INDEX event_turn ON event(turn);

-- The units each event named, in their roles (for `log --unit`).
CREATE TABLE event_unit (
	event INTEGER NOT NULL REFERENCES event(id),
	unit INTEGER NOT NULL REFERENCES unit(id),
	role TEXT NOT NULL,
	PRIMARY KEY (event, unit, role)
) STRICT, WITHOUT ROWID;
CREATE INDEX event_unit_unit ON event_unit(unit, event);

-- What each event did to each unit.  Effects form ledgers per unit and
-- kind: `total` is the running total after this effect (losses, push
-- backs), so the current state is the latest effect of an event in force.
-- `name` says which flag or state; `ref` an opposing unit where it matters.
CREATE TABLE effect (
	id INTEGER PRIMARY KEY,
	event INTEGER NOT NULL REFERENCES event(id),
	unit INTEGER NOT NULL REFERENCES unit(id),
	kind TEXT NOT NULL,
	name TEXT NOT NULL DEFAULT '',
	amount INTEGER NOT NULL DEFAULT 0,
	total INTEGER NOT NULL DEFAULT 0,
	ref INTEGER REFERENCES unit(id),
	detail TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX effect_ledger ON effect(unit, kind, id);
CREATE INDEX effect_event ON effect(event);

-- The game's own copy of every rule table, copied from the stock tables
-- at `new` and replaced by `tables import`.  Cells are JSON arrays.
CREATE TABLE rule_table (
	ruleset TEXT NOT NULL,
	name TEXT NOT NULL,
	title TEXT NOT NULL,
	provenance TEXT NOT NULL,
	note TEXT NOT NULL DEFAULT '',
	columns TEXT NOT NULL,
	PRIMARY KEY (ruleset, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE rule_row (
	ruleset TEXT NOT NULL,
	name TEXT NOT NULL,
	ord INTEGER NOT NULL,
	cells TEXT NOT NULL,
	PRIMARY KEY (ruleset, name, ord),
	FOREIGN KEY (ruleset, name) REFERENCES rule_table(ruleset, name)
	    ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
