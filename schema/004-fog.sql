-- What each side may know (CLI.md): the game's fog level, a setting that
-- `umpire game --fog` changes (not a ruling: undo does not take it back).
ALTER TABLE game ADD COLUMN fog TEXT NOT NULL DEFAULT 'table'
	CHECK (fog IN ('open', 'table', 'hidden'));
