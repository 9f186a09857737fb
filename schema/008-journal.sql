-- The journal is the truth (CLI.md): `undo` takes back the last entry
-- whatever it is, and any new entry clears what could be redone, so the
-- entries in force always form one chain, each made on top of exactly the
-- entries in force before it.  event.prev is the entry in force an event
-- was made on (0 for the first; NULL: made by an earlier umpire, which did
-- not say); `umpire check` walks the chain.  db/db.c adds the column, once.
-- An entry undone before a later one was made (an earlier umpire let a
-- ruling that changed nothing leave it redoable) can no longer be redone.
UPDATE event SET undone = 2 WHERE undone = 1 AND id < (SELECT max(id) FROM event WHERE undone = 0);
