-- The rule tables brought up to this umpire's stock again (as at version
-- 9, db/rtables.c db_tables_upgrade): a battery stands limbered or
-- unlimbered.  Brigade and fury's formations tables gained the two rows
-- (brigade.txt l.90, l.94; fury.txt l.92), ohw gained its formations table
-- (ohw.txt l.40), and each fire modifiers table the row that forbids a
-- limbered battery's fire (fury.txt l.218: "Only infantry, dismounted
-- cavalry and unlimbered artillery are eligible to fire").  A game keeps
-- the values its tables hold: an artillery unit it set in line stays
-- there lawfully.
SELECT 1;
