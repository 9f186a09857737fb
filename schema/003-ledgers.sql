-- What a game keeps for a unit is generic: each ledger its rule set
-- declares (a running total with its latest change, turn and opponent) is a
-- row of unit_ledger, and the words every game keeps (state, tactical
-- formation, flags) are unit_state's.  Both keep the journal's answer,
-- refreshed in the same transaction as every effect, undo and redo; the
-- journal is the truth and `umpire check` recomputes them.  The rows of
-- existing games are filled when this migration has run.
-- A unit's tactical formation at the start (line, column...): set-up,
-- like its ratings; the rulings that change it are in the journal.
ALTER TABLE unit ADD COLUMN tactical TEXT NOT NULL DEFAULT '';

DROP TABLE unit_state;
CREATE TABLE unit_state (
	unit INTEGER PRIMARY KEY REFERENCES unit(id) ON DELETE CASCADE,
	state TEXT NOT NULL DEFAULT '',
	formation TEXT NOT NULL DEFAULT '',
	flags TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE TABLE unit_ledger (
	unit INTEGER NOT NULL REFERENCES unit(id) ON DELETE CASCADE,
	kind TEXT NOT NULL,
	total INTEGER NOT NULL,
	amount INTEGER NOT NULL,
	turn INTEGER NOT NULL,
	ref INTEGER NOT NULL,
	PRIMARY KEY (unit, kind)
) STRICT, WITHOUT ROWID;

-- A part of a unit that changed (a battalion's morale, a gun knocked out)
-- is a record of kind 'part' in every rule set.
UPDATE effect SET kind = 'part' WHERE kind = 'morale';
