# The README's two set-up commands are `make demo` and `make test`; each
# installs what is missing first. `.ci/run` runs `make test`.
SWIFT := $(shell scripts/find-swift)
PREFIX ?= /usr/local
CC ?= cc

.PHONY: deps demo previews gallery test fuzz bench build release install clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build --product segue
	$(SWIFT) build --product SegueUIKitLayer

# The main job on the built-in catalogue: list it, then check every entry;
# then `segue` is made a command (scripts/link-segue says where, or how).
demo: build
	$$($(SWIFT) build --show-bin-path)/segue list
	$$($(SWIFT) build --show-bin-path)/segue check
	mkdir -p .build/demo
	$$($(SWIFT) build --show-bin-path)/segue preview half-sheet --dismiss --out .build/demo/half-sheet.gif
	@scripts/link-segue "$$($(SWIFT) build --show-bin-path)/segue"

# The README's pictures: a contact sheet and a GIF of every built-in entry.
PREVIEW_ENTRIES := fade slide-from-bottom half-sheet flip page-curl card-stack spring-slide
previews: release
	mkdir -p docs/images
	$$($(SWIFT) build -c release --show-bin-path)/segue preview half-sheet --out docs/images/half-sheet.png --frames 8
	for entry in $(PREVIEW_ENTRIES); do \
		$$($(SWIFT) build -c release --show-bin-path)/segue preview "$$entry" --dismiss --fps 20 --out "docs/images/$$entry.gif" || exit 1; \
	done

# A GIF and a player page of every built-in entry, with the index to browse them.
gallery: release
	$$($(SWIFT) build -c release --show-bin-path)/segue gallery built-in --out .build/gallery

# Swift Testing prints each failure where it happens, which in a long run is
# far from the end: they are printed again last, so a log's tail says what failed.
test: deps
	@mkdir -p .build
	@bash -c 'set -o pipefail; start=$$(date +%s); $(SWIFT) test 2>&1 | tee .build/test.log; status=$$?; \
	  if [ $$status -ne 0 ]; then echo; echo "What failed (all of it is in .build/test.log):"; \
	    grep -a -E "✘|error:|fatal error|Fatal error" .build/test.log | tail -n 60; fi; \
	  echo "make test: $$(( $$(date +%s) - start )) s, building included"; exit $$status'

# The scripting API fuzzer with many more cases than `make test` runs
# (100, at a 0.25 s time limit): generated entries through every scenario at
# the default limits, each under 15 s and the
# process under 1 GiB. SEGUE_FUZZ_SEED, SEGUE_FUZZ_ONLY=K (one case) and
# SEGUE_FUZZ_SKIP=feature,… are read too (Tests/RobustnessTests/FuzzTests.swift).
# The structure-aware fuzzer (HostFunctionFuzzTests: every host function ×
# every argument position × a hostile value, over 10,000 cases) runs a
# sample in `make test` and every case here, at the default limits.
FUZZ_CASES ?= 3000
fuzz: deps
	SEGUE_FUZZ_CASES=$(FUZZ_CASES) SEGUE_FUZZ_TIME_LIMIT=2 SEGUE_HOSTFUZZ=all $(SWIFT) test --filter FuzzTests

release: deps
	$(SWIFT) build -c release --product segue
	$(SWIFT) build -c release --product SegueUIKitLayer

# Lua boundary: Swift host against a C host built now, in the same run;
# engine: transitions a second against the target; check: the catalogue's
# scenarios against the same scenarios run by each entry's exported Swift
# (no Lua; its runners compiled with -O once, then cached); check-scale: the real
# segue over 100 and 1,000 entries, peak memory and the parallel speed-up,
# beside the targets; list-scale: the real segue list over 100, 1,000 and
# 10,000 entries in 10 catalogues, beside the empty catalogues (per-entry
# cost, to show it is linear), peak memory and the 300 ms target at 1,000;
# render: frames a second against pixman's plain blend of the same layers,
# GIF encoding, and a whole preview.
# encoders: GIF and PNG milliseconds a 390×844 frame; html: the player
# page's size for the 1-second flip at @1×, beside the GIF of the same run;
# gallery: the built-in catalogue's site beside its GIFs made one at a time.
bench: deps
	$(SWIFT) build -c release --product segue-bench
	$(CC) -O2 -o .build/lua-boundary-c Benchmarks/lua_boundary.c $$(pkg-config --cflags --libs lua5.4)
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench lua-boundary --baseline .build/lua-boundary-c
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench engine
	# check's baseline runs each entry's exported Swift, compiled against the UIKit layer beside segue-bench.
	$(SWIFT) build -c release --product SegueUIKitLayer
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench check
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench encoders
	$(SWIFT) build -c release --product segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench check-scale --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench list-scale --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench render --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	# The renderer's targets must hold without AVX-512: on a processor that has it, its figures again on AVX2's paths.
	if grep -q avx512f /proc/cpuinfo; then $$($(SWIFT) build -c release --show-bin-path)/segue-bench render --paths avx2; fi
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench watch --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench html --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench gallery --segue $$($(SWIFT) build -c release --show-bin-path)/segue
	$$($(SWIFT) build -c release --show-bin-path)/segue-bench export --segue $$($(SWIFT) build -c release --show-bin-path)/segue

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/segue
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/segue $(DESTDIR)$(PREFIX)/bin/segue
	# The HTML player's templates, a SwiftPM resource bundle: segue looks for it beside itself.
	rm -rf $(DESTDIR)$(PREFIX)/bin/Segue_HTMLPlayer.resources
	cp -R $$($(SWIFT) build -c release --show-bin-path)/Segue_HTMLPlayer.resources $(DESTDIR)$(PREFIX)/bin/
	rm -rf $(DESTDIR)$(PREFIX)/share/segue/Catalogue
	cp -R Catalogue $(DESTDIR)$(PREFIX)/share/segue/Catalogue
	# What segue export --verify compiles exported Swift against (found in ../lib/segue beside segue).
	rm -rf $(DESTDIR)$(PREFIX)/lib/segue
	install -d $(DESTDIR)$(PREFIX)/lib/segue
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/libSegueUIKitLayer.so $(DESTDIR)$(PREFIX)/lib/segue/
	cp -R $$($(SWIFT) build -c release --show-bin-path)/Modules $(DESTDIR)$(PREFIX)/lib/segue/Modules

clean:
	rm -rf .build
