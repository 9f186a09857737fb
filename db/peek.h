/* peek: what a game file's header says, read without opening it in SQLite. */
#ifndef UMPIRE_DB_PEEK_H
#define UMPIRE_DB_PEEK_H

/*
 * True when the regular file at path is an umpire game of this umpire's
 * own schema, by its first hundred bytes.  Opening a game of an older
 * umpire upgrades it, so a reader that must never write (completion)
 * asks first.  A header not yet brought up to date from the -wal may say
 * older: false, never wrongly true.
 */
int db_peek_current(const char *path);

#endif
