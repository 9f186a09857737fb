-- The rule tables brought up to this umpire's stock again (as at version
-- 6, db/rtables.c db_tables_upgrade): 2x2's movement, shooting and rally
-- tables gained their routed rows (a routed unit makes only its rout
-- move), brigade's movement factors their half-speed row (the moves after
-- a rally), ohw's melee modifiers their saving-themselves row (it may not
-- charge).
SELECT 1;
