-- The rule tables brought up to this umpire's stock again (as at version
-- 6, db/rtables.c db_tables_upgrade): ohw's rules gained the horse
-- battery's quarter of its move for limbering or unlimbering (l.41) and
-- its melee modifiers the infantry column that charged (l.130: it retreats
-- 2 inches and forms line); brigade and fury gained their formations
-- table (the troops that may stand in each: square is infantry's alone).
SELECT 1;
