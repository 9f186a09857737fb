-- Each unit's state as the journal gives it: the latest effect in force of
-- each ledger, and the flags whose latest word is "set".  The journal is the
-- truth; this table keeps its answer, refreshed (db/sql.c, STATE_DERIVED) in
-- the same transaction as every effect, undo and redo, so reading a unit's
-- state never grows with the journal.  `umpire check` recomputes it.  The
-- rows of existing games are filled when this migration has run.
CREATE TABLE unit_state (
	unit INTEGER PRIMARY KEY REFERENCES unit(id) ON DELETE CASCADE,
	losses INTEGER NOT NULL DEFAULT 0,
	defence_lost INTEGER NOT NULL DEFAULT 0,
	state TEXT NOT NULL DEFAULT '',
	flags TEXT NOT NULL DEFAULT '',
	pb_run INTEGER NOT NULL DEFAULT 0,
	pb_total INTEGER NOT NULL DEFAULT 0,
	pb_turn INTEGER NOT NULL DEFAULT 0,
	pb_ref INTEGER NOT NULL DEFAULT 0,
	melee_open INTEGER NOT NULL DEFAULT 0,
	melee_round INTEGER NOT NULL DEFAULT 0,
	melee_ref INTEGER NOT NULL DEFAULT 0,
	melee_turn INTEGER NOT NULL DEFAULT 0
) STRICT;

-- A ruling that changed nothing (a look-up, a refused action) is in the
-- log, but undo passes over it.
ALTER TABLE event ADD COLUMN changes INTEGER NOT NULL DEFAULT 1
	CHECK (changes IN (0, 1));
UPDATE event SET changes = (command IN ('turn', 'adjust') OR
	EXISTS (SELECT 1 FROM effect WHERE effect.event = event.id));
CREATE INDEX event_changes ON event(undone, changes, id);

-- The fingerprint of a game's copy of a rule table (core/kind.h); a copy
-- whose fingerprint is the stock table's is read from the binary.  NULL:
-- unknown, read from its rows.
ALTER TABLE rule_table ADD COLUMN hash TEXT;
