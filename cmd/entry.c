/* entry: the program's main, apart so tests/fuzz links the rest. */
#include "cmd.h"

int
main(int argc, char **argv)
{
	return umpire_main(argc, argv);
}
