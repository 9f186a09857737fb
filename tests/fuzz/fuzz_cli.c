/*
 * fuzz_cli: libFuzzer over the whole command line, in a game.  The input
 * is up to four lines, each a command's words separated by spaces; they
 * run one after another through umpire_main (which returns instead of
 * exiting) against a fresh copy of a small brigade game.  Words naming a
 * path or another game (a '/', --db) are dropped, so nothing outside the
 * scratch directory is touched, and so is "serve" (a server does not
 * return).  Built by `make fuzz` (clang, libFuzzer) and replayed over
 * tests/fuzz/corpus by `make check` (tests/fuzz/replay.c).
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

#define LINES 4
#define WORDS 24

static char dir[64], game[96], game_wal[100], game_shm[100], pristine[96],
    home[4096];

static int
copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n;
	int in = open(from, O_RDONLY), out;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			break;
	close(in);
	close(out);
	return n == 0 ? 0 : -1;
}

static int
run(int argc, const char *const *words)
{
	char *argv[WORDS + 4];
	int n = 0;

	argv[n++] = (char *)"umpire";
	argv[n++] = (char *)"--db";
	argv[n++] = game;
	for (int i = 0; i < argc; i++)
		argv[n++] = (char *)words[i];
	argv[n] = NULL;
	return umpire_main(n, argv);
}

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* The scratch directory goes at exit. */
static void
cleanup(void)
{
	if (chdir("/") == 0)
		nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

static void
setup_once(void)
{
	static const char *const oob[][16] = {
		{ "new", "--rules", "brigade", NULL },
		{ "unit", "add", "Kempt", "--side", "British", "--type", "infantry",
		  "--class", "british", "--units", "4", NULL },
		{ "unit", "add", "Bachelu", "--side", "French", "--type", "infantry",
		  "--class", "french", "--units", "4", NULL },
		{ "unit", "add", "Piré", "--side", "French", "--type", "cavalry",
		  "--cavalry", "light", "--lancers", NULL },
		{ "unit", "add", "RHA", "--side", "British", "--type", "horse-artillery",
		  "--guns", "2", NULL },
	};

	snprintf(dir, sizeof dir, "/tmp/umpire-fuzz-XXXXXX");
	if (getcwd(home, sizeof home) == NULL || mkdtemp(dir) == NULL || chdir(dir) != 0)
		abort();
	atexit(cleanup);
	snprintf(game, sizeof game, "%s/g.db", dir);
	snprintf(game_wal, sizeof game_wal, "%s-wal", game);
	snprintf(game_shm, sizeof game_shm, "%s-shm", game);
	snprintf(pristine, sizeof pristine, "%s/pristine.db", dir);
	if (freopen("/dev/null", "r", stdin) == NULL)
		abort();
	for (size_t i = 0; i < sizeof oob / sizeof oob[0]; i++) {
		int argc = 0;

		while (oob[i][argc] != NULL)
			argc++;
		if (run(argc, oob[i]) != 0)
			abort();
	}
	if (copy_file(game, pristine) != 0 || chdir(home) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	char text[1024], *save = NULL;
	int lines = 0;

	if (!ready) {
		setup_once();
		ready = 1;
	}
	if (size >= sizeof text)
		size = sizeof text - 1;
	memcpy(text, data, size);
	text[size] = '\0';
	if (strlen(text) != size)	/* a NUL: no argv can hold it */
		return 0;
	/* Files a command writes (unit export X) land in the scratch
	 * directory; the fuzzer's own reads are relative to home. */
	unlink(game);
	unlink(game_wal);	/* a ruling's WAL stays beside its game */
	unlink(game_shm);
	if (copy_file(pristine, game) != 0 || chdir(dir) != 0)
		abort();
	for (char *line = strtok_r(text, "\n", &save); line != NULL && lines < LINES;
	    line = strtok_r(NULL, "\n", &save), lines++) {
		const char *words[WORDS];
		char *wsave = NULL;
		int n = 0;

		for (char *w = strtok_r(line, " ", &wsave); w != NULL && n < WORDS;
		    w = strtok_r(NULL, " ", &wsave))
			if (strchr(w, '/') == NULL && strncmp(w, "--db", 4) != 0 &&
			    strcmp(w, "serve") != 0)
				words[n++] = w;
		(void)run(n, words);
		fflush(stdout);
		clearerr(stdout);
	}
	if (chdir(home) != 0)
		abort();
	return 0;
}
