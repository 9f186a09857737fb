-- The rule tables of a game made by an earlier umpire brought up to this
-- one's stock: done in C at this version (db/rtables.c db_tables_upgrade,
-- called by db/db.c migrate), since the stock tables live in the binary.
-- A stock table the game lacks (bands) is copied in; a column or keyed row
-- the stock has gained (fury's in-good-order, ohw's broken, brigade's
-- silences) is added, and every value the game kept stays (a house rule).
SELECT 1;
