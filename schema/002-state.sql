-- Each unit's state as the journal gives it: the latest effect in force of
-- each ledger, and the flags whose latest word is "set".  This view is the
-- truth; `unit_state` keeps its rows, refreshed by the triggers below in the
-- same transaction as every effect, undo and redo, so reading a unit's
-- state never grows with the journal.  `umpire check` compares the two.
CREATE VIEW unit_state_derived AS
SELECT u.id AS unit,
	coalesce((SELECT e.total FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'loss' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS losses,
	coalesce((SELECT e.total FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'defence' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS defence_lost,
	coalesce((SELECT e.name FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'state' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), '') AS state,
	coalesce((SELECT group_concat(f.name, ',') FROM (
	    SELECT e.name, e.amount, max(e.id) AS last FROM effect e
	    JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'flag' AND v.undone = 0
	    GROUP BY e.name ORDER BY max(e.id)) f WHERE f.amount <> 0), '') AS flags,
	coalesce((SELECT e.amount FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'pushback' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS pb_run,
	coalesce((SELECT e.total FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'pushback' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS pb_total,
	coalesce((SELECT v.turn FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'pushback' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS pb_turn,
	coalesce((SELECT coalesce(e.ref, 0) FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'pushback' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS pb_ref,
	coalesce((SELECT e.amount FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'melee' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS melee_open,
	coalesce((SELECT e.total FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'melee' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS melee_round,
	coalesce((SELECT coalesce(e.ref, 0) FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'melee' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS melee_ref,
	coalesce((SELECT v.turn FROM effect e JOIN event v ON v.id = e.event
	    WHERE e.unit = u.id AND e.kind = 'melee' AND v.undone = 0
	    ORDER BY e.id DESC LIMIT 1), 0) AS melee_turn
FROM unit u;

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

INSERT INTO unit_state SELECT * FROM unit_state_derived;

CREATE TRIGGER unit_state_new AFTER INSERT ON unit BEGIN
	INSERT INTO unit_state (unit) VALUES (NEW.id);
END;

CREATE TRIGGER unit_state_effect AFTER INSERT ON effect BEGIN
	INSERT OR REPLACE INTO unit_state
	SELECT * FROM unit_state_derived WHERE unit = NEW.unit;
END;

-- Undo and redo: an event going out of force or back into it.
CREATE TRIGGER unit_state_undo AFTER UPDATE OF undone ON event
WHEN (OLD.undone = 0) <> (NEW.undone = 0) BEGIN
	INSERT OR REPLACE INTO unit_state
	SELECT * FROM unit_state_derived
	WHERE unit IN (SELECT unit FROM effect WHERE event = NEW.id);
END;

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
