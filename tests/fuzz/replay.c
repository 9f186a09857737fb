/*
 * replay: runs tests/fuzz/fuzz_cli.c over corpus files without libFuzzer
 * (gcc, ASan+UBSan), so `make check` proves every input found so far.
 *   replay FILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char **argv)
{
	static uint8_t buf[1 << 16];

	/* Quiet, as libFuzzer's -close_fd_mask=3; FUZZ_VERBOSE shows all. */
	if (getenv("FUZZ_VERBOSE") == NULL && (freopen("/dev/null", "w", stdout) == NULL ||
	    freopen("/dev/null", "w", stderr) == NULL))
		return 1;
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t n;

		if (f == NULL) {
			perror(argv[i]);
			return 1;
		}
		n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
	}
	return 0;
}
