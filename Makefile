# umpire: build, test, demo, bench.  `make` builds ./umpire and the server
# `umpire serve` runs, ./umpire-serve; `make check` runs every test (the
# unit tests, the journal's model and the fuzz corpus under ASan+UBSan, the
# command-line tests on the build people install); `make deps` installs
# what is missing.

CC      ?= gcc
PREFIX  ?= /usr/local
DESTDIR ?=

STD      = -std=c17
WARN     = -Wall -Wextra -Werror -Wstrict-prototypes -Wvla -Wwrite-strings \
           -Wshadow -Wformat=2
CPPFLAGS = -D_DEFAULT_SOURCE -Icore -Idb -Icmd
OPT     ?= -O2 -g
SAN      = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
           -fno-omit-frame-pointer
DEPFLAGS = -MMD -MP
# The release binary is linked statically: a ruling starts without the
# dynamic loader, faster than /bin/true (see tests/bench).  The sanitizer
# build cannot be static; it links SQLite, libcsv, GMP and utf8proc
# statically only.
LIBS     = -Wl,-Bstatic -lsqlite3 -lcsv -lgmp -lutf8proc -Wl,-Bdynamic -lm -lpthread -ldl
REL_LIBS = -static -lsqlite3 -lcsv -lgmp -lutf8proc -lm -lpthread -ldl

# The engine in core/, each rule set in a folder of its own (core/RULESET/).
CORE_SRC = $(sort $(wildcard core/*.c core/*/*.c))
RULESET_DIRS = $(sort $(dir $(wildcard core/*/*.c)))
DB_SRC   = $(sort $(wildcard db/*.c))
CMD_SRC  = $(sort $(wildcard cmd/*.c))
TABLES   = $(sort $(wildcard schema/tables/*/*.csv))
SQL      = $(sort $(wildcard schema/[0-9]*.sql))
EXAMPLES = $(sort $(wildcard schema/examples/*.csv))
GEN_SRC  = build/gen/stock_tables.c build/gen/schema_sql.c build/gen/examples.c
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
# The server (umpire serve): its own program, linked dynamically with
# libmicrohttpd, from the same objects and cmd/serve/.
SERVE_SRC = $(sort $(wildcard cmd/serve/*.c)) build/gen/serve_page_html.c

LIB_SRC  = $(CORE_SRC) $(DB_SRC) $(GEN_SRC)
REL_LIB  = $(patsubst %.c,build/rel/%.o,$(notdir $(LIB_SRC)))
SAN_LIB  = $(patsubst %.c,build/san/%.o,$(notdir $(LIB_SRC)))
REL_CMD  = $(patsubst %.c,build/rel/%.o,$(notdir $(CMD_SRC)))
FLT_LIB  = $(patsubst %.c,build/flt/%.o,$(notdir $(LIB_SRC)))
FLT_CMD  = $(patsubst %.c,build/flt/%.o,$(notdir $(CMD_SRC)))
SAN_CMD  = $(patsubst %.c,build/san/%.o,$(notdir $(CMD_SRC)))
UNIT_BIN = $(patsubst tests/unit/%.c,build/san/%,$(UNIT_SRC))
REL_SERVE = $(patsubst %.c,build/rel/%.o,$(notdir $(SERVE_SRC)))
SAN_SERVE = $(patsubst %.c,build/san/%.o,$(notdir $(SERVE_SRC)))
FLT_SERVE = $(patsubst %.c,build/flt/%.o,$(notdir $(SERVE_SRC)))
SERVE_LIBS = $(LIBS) -lmicrohttpd

vpath %.c core $(RULESET_DIRS) db cmd cmd/serve build/gen tests/unit

.PHONY: all check deps demo bench stress mutants valgrind check-san fuzz golden man clean install FORCE
all: umpire umpire-serve

# Rebuild when the flags change.
build/flags.rel: FORCE
	@mkdir -p build
	@echo '$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(LIBS)' | cmp -s - $@ || \
	    echo '$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(LIBS)' > $@
build/flags.san: FORCE
	@mkdir -p build
	@echo '$(CC) $(STD) $(SAN) $(WARN) $(CPPFLAGS) $(LIBS)' | cmp -s - $@ || \
	    echo '$(CC) $(STD) $(SAN) $(WARN) $(CPPFLAGS) $(LIBS)' > $@

build/embed: schema/embed.c core/kind.c core/kind.h
	@mkdir -p build
	$(CC) $(STD) -O2 $(WARN) -Icore -o $@ schema/embed.c core/kind.c -lcsv -lm

build/gen/stock_tables.c: build/embed $(TABLES) schema/check-tables.sh $(wildcard core/*/*.c)
	@schema/check-tables.sh
	@mkdir -p build/gen
	build/embed tables $@ $(TABLES)
build/gen/schema_sql.c: build/embed $(SQL)
	@mkdir -p build/gen
	build/embed sql $@ $(SQL)
build/gen/examples.c: build/embed $(EXAMPLES)
	@mkdir -p build/gen
	build/embed examples $@ $(EXAMPLES)
build/gen/serve_page_html.c: build/embed cmd/serve/page.html
	@mkdir -p build/gen
	build/embed page $@ serve_page_html cmd/serve/page.html

build/rel/%.o: %.c build/flags.rel | $(GEN_SRC)
	@mkdir -p build/rel
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(DEPFLAGS) -c -o $@ $<
build/san/%.o: %.c build/flags.san | $(GEN_SRC)
	@mkdir -p build/san
	$(CC) $(STD) $(SAN) $(WARN) $(CPPFLAGS) $(DEPFLAGS) -c -o $@ $<

# SQLite's unused extension loader names dlopen: the static link warns, and
# the warning is silenced (nothing loads extensions).
umpire: $(REL_LIB) $(REL_CMD)
	@rc=0; $(CC) $(OPT) -o $@.new $^ $(REL_LIBS) 2>build/link.log || rc=$$?; \
	    grep -v "dlopen\|unixDlOpen" build/link.log >&2; \
	    [ $$rc = 0 ] && mv $@.new $@
# `umpire serve` executes it from beside itself (or PREFIX/libexec/umpire).
umpire-serve: $(REL_LIB) $(REL_CMD) $(REL_SERVE)
	$(CC) $(OPT) -o $@ $^ $(SERVE_LIBS)
# The fault binary: dynamic, so tests/stress/faultshim.so can fail its
# mallocs and writes one at a time (make stress).
build/flt/%.o: %.c build/flags.rel | $(GEN_SRC)
	@mkdir -p build/flt
	$(CC) $(STD) -O1 -g $(WARN) $(CPPFLAGS) $(DEPFLAGS) -c -o $@ $<
build/flt/umpire: $(FLT_LIB) $(FLT_CMD)
	$(CC) -O1 -g -o $@ $^ $(LIBS)
build/flt/umpire-serve: $(FLT_LIB) $(FLT_CMD) $(FLT_SERVE)
	$(CC) -O1 -g -o $@ $^ $(SERVE_LIBS)
build/flt/faultshim.so: tests/stress/faultshim.c
	@mkdir -p build/flt
	$(CC) -O1 -g -shared -fPIC -Wall -Wextra -Werror -o $@ $< -ldl

# The release objects linked dynamically, so valgrind sees every malloc
# (make valgrind).
build/vg/umpire: $(REL_LIB) $(REL_CMD)
	@mkdir -p build/vg
	$(CC) $(OPT) -o $@ $^ $(LIBS)

build/san/umpire: $(SAN_LIB) $(SAN_CMD)
	$(CC) $(SAN) -o $@ $^ $(LIBS)
build/san/umpire-serve: $(SAN_LIB) $(SAN_CMD) $(SAN_SERVE)
	$(CC) $(SAN) -o $@ $^ $(SERVE_LIBS)
# The unit tests read results as the user sees them: through cmd/render.c
# (and its JSON writer, cmd/jsonw.c).
build/san/test_%: build/san/test_%.o $(SAN_LIB) build/san/render.o build/san/jsonw.o
	$(CC) $(SAN) -o $@ $^ -lcmocka $(LIBS)

# (the release build and its man page too: t9200-install.bats installs
# them, and make builds them here with its -j, not one file at a time
# inside a test)
check: build/san/umpire $(UNIT_BIN) build/flt/umpire \
    build/flt/umpire-serve build/flt/faultshim.so build/san/fuzz_replay \
    umpire umpire-serve build/umpire.1
	@tests/run.sh umpire build/san/umpire $(UNIT_BIN)

# The fuzz harness: replayed over its corpus (gcc, sanitizers) in make
# check; `make fuzz` runs libFuzzer (clang) for FUZZ_SECONDS and adds what
# it finds to the corpus.
FUZZ_SECONDS ?= 300
SAN_NOMAIN = $(filter-out build/san/entry.o,$(SAN_CMD))
# The contract test drives the whole command line through umpire_main;
# the error test runs commands through cmd_run.
build/san/test_contract build/san/test_error: build/san/%: build/san/%.o $(SAN_LIB) $(SAN_NOMAIN)
	$(CC) $(SAN) -o $@ $^ -lcmocka $(LIBS)
build/san/fuzz_replay: tests/fuzz/fuzz_cli.c tests/fuzz/replay.c $(SAN_LIB) $(SAN_NOMAIN)
	$(CC) $(STD) $(SAN) $(WARN) $(CPPFLAGS) -o $@ tests/fuzz/fuzz_cli.c tests/fuzz/replay.c \
	    $(SAN_LIB) $(SAN_NOMAIN) $(LIBS)
FUZZ_SRC = $(LIB_SRC) $(filter-out cmd/entry.c,$(CMD_SRC)) tests/fuzz/fuzz_cli.c
build/fuzz/fuzz_cli: $(FUZZ_SRC)
	@mkdir -p build/fuzz
	clang $(STD) -O1 -g -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -o $@ $(FUZZ_SRC) $(LIBS)
fuzz: build/fuzz/fuzz_cli
	build/fuzz/fuzz_cli -max_total_time=$(FUZZ_SECONDS) -max_len=400 -timeout=10 \
	    -close_fd_mask=3 tests/fuzz/corpus

# The golden files remade from the binary (review the diff before keeping
# it: each golden has a test of its totals worked by hand).
golden: build/san/umpire
	UMPIRE_BIN=$(CURDIR)/build/san/umpire UMPIRE_GOLDEN=1 bats $$(grep -l '^	*golden ' tests/cli/*.bats)

# Every fault point, 70 kill -9 rounds, 3,200 concurrent rulings; then the
# journal's model over 10,000 steps a rule set (MODEL_SEED=N replays one).
# The command-line tests that race or run long, at their full length
# (make check runs each shorter: tests/cli/helper.bash's rounds).
STRESS_BATS = 'a reader never sees half a ruling'
stress: umpire build/flt/umpire build/flt/umpire-serve build/flt/faultshim.so
	@tests/stress/run.sh full build/flt/umpire build/flt/faultshim.so
	UMPIRE_STRESS=1 UMPIRE_BIN=$(CURDIR)/build/flt/umpire bats --filter $(STRESS_BATS) tests/cli
	@tests/model/run.sh long ./umpire

# The command-line tests under ASan+UBSan (not in make check: some 25
# minutes on two cores).
check-san: build/san/umpire build/san/umpire-serve
	UMPIRE_BIN=$(CURDIR)/build/san/umpire bats --jobs 3 --no-parallelize-within-files tests/cli

# The command-line tests with the release build under valgrind's memcheck:
# no read of an uninitialised value, no invalid access (not in make check).
valgrind: build/vg/umpire
	@tests/stress/valgrind.sh build/vg/umpire

# Mutants of the source, each built in a scratch copy (build/mutants/):
# every one must fail the tests of make check, which run once for each (not
# part of make check).
mutants: umpire build/san/umpire $(UNIT_BIN) build/flt/umpire build/flt/faultshim.so \
    build/san/fuzz_replay
	@tests/stress/mutants.sh $(UNIT_BIN)

deps:
	@missing=""; \
	for p in gcc make libsqlite3-dev libcsv-dev libgmp-dev libutf8proc-dev libcmocka-dev parallel \
	    libmicrohttpd-dev bats sqlite3 jq curl wrk chromium poppler-utils man-db tmux \
	    python3-jsonschema bash-builtins; do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	    echo "installing:$$missing"; \
	    $$sudo apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "all build and test dependencies are installed"; fi

demo: umpire
	@tests/demo.sh ./umpire

# The floor a stateful ruling is measured against (tests/bench/floor.c),
# linked as umpire is.
build/rel/floor: tests/bench/floor.c build/rel/vfs.o build/rel/place.o build/flags.rel
	@rc=0; $(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) -o $@ tests/bench/floor.c \
	    build/rel/vfs.o build/rel/place.o $(REL_LIBS) 2>build/floor.log || rc=$$?; \
	    grep -v "dlopen\|unixDlOpen" build/floor.log >&2; exit $$rc

bench: umpire umpire-serve build/rel/floor
	@tests/bench/run.sh ./umpire build/rel/floor

# The man page: the hand-written body, every rule set's options, unit
# ratings and CSV columns from the binary itself, and the keys of every
# --json output from the JSON Schemas.
build/umpire.1: umpire cmd/umpire.1.in cmd/mkman.sh cmd/mkman-json.jq $(wildcard schema/json/*.json)
	cmd/mkman.sh ./umpire cmd/umpire.1.in schema/json > $@.new && mv $@.new $@
man: build/umpire.1

install: umpire umpire-serve build/umpire.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	    $(DESTDIR)$(PREFIX)/libexec/umpire
	install -m 755 umpire $(DESTDIR)$(PREFIX)/bin/umpire
	install -m 755 umpire-serve $(DESTDIR)$(PREFIX)/libexec/umpire/umpire-serve
	install -m 644 build/umpire.1 $(DESTDIR)$(PREFIX)/share/man/man1/umpire.1
	install -m 644 cmd/umpire.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/umpire

clean:
	rm -rf build umpire umpire.new umpire-serve

-include $(wildcard build/rel/*.d build/san/*.d build/flt/*.d)
