/* entry: the program's main, apart so tests/fuzz links the rest. */
#include <stdio.h>
#include <unistd.h>

#include "cmd.h"

int
main(int argc, char **argv)
{
	/* A sheet of 300 units is 80 KB: written in two calls rather than
	 * twenty.  A terminal keeps its line buffering. */
	static char out[1 << 16];

	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out, _IOFBF, sizeof out);
	return umpire_main(argc, argv);
}
