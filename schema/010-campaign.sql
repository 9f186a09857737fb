-- A campaign (CLI.md "A campaign"): `new --from GAME` starts the next
-- battle from what the last one left.  The new game keeps the battles
-- before it, oldest first, copied in (the old files may move or go), each
-- with its turns and each side's losses in it: the side's measure lost
-- in that battle (figures, stands, hit markers, fatigue points) or the
-- count its rule set declares the losses (2x2: units destroyed), and the
-- measure it brought into it (`start`), which a band word is a fraction
-- of.  Sides in the roster's order.  (IF NOT EXISTS: a test's game set
-- back to an earlier version migrates again.)
CREATE TABLE IF NOT EXISTS battle (
	id INTEGER PRIMARY KEY,
	title TEXT NOT NULL,
	turns INTEGER NOT NULL CHECK (turns >= 1)
) STRICT;
CREATE TABLE IF NOT EXISTS battle_side (
	battle INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,
	ord INTEGER NOT NULL,
	side TEXT NOT NULL,
	losses INTEGER NOT NULL,
	start INTEGER NOT NULL CHECK (start >= 0),
	PRIMARY KEY (battle, ord)
) STRICT, WITHOUT ROWID;

-- What a unit brought from the campaign's last battle: set-up, like its
-- ratings, not a ruling (the journal of the new battle starts empty).
-- `lost` is its measure lost (or taken) when that battle ended, of which
-- `recovered` came back: it starts with `lost - recovered` as its
-- measure's total.  `gone`: it ended that battle gone (destroyed, or its
-- measure spent); `out`: it stays out of this one.  `state`: the state it
-- starts in (the rule set's most severe, 'destroyed', for a unit destroyed
-- and not recovered; '' for any other), as the journal's first entries
-- find it.
CREATE TABLE IF NOT EXISTS unit_brought (
	unit INTEGER PRIMARY KEY REFERENCES unit(id) ON DELETE CASCADE,
	lost INTEGER NOT NULL CHECK (lost >= 0),
	recovered INTEGER NOT NULL CHECK (recovered >= 0 AND recovered <= lost),
	gone INTEGER NOT NULL CHECK (gone IN (0, 1)),
	out INTEGER NOT NULL CHECK (out IN (0, 1)),
	state TEXT NOT NULL DEFAULT ''
) STRICT;
