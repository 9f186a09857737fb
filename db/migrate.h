/* migrate: the schema steps compiled from schema/NNN-*.sql (generated). */
#ifndef UMPIRE_MIGRATE_H
#define UMPIRE_MIGRATE_H

struct migration {
	int version;		/* the user_version after this step */
	const char *sql;
};

extern const struct migration db_migrations[];
extern const int db_migration_count;

#endif
