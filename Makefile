# SPDX-License-Identifier: GPL-2.0
#
# modparm: MODULE_PARM back on 6.12 as an obsolete layer, the converter
# that retires it, and the QEMU harness that tests both.  See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help setup tree export-patches kernel kernel-hardened bisect-check \
	tool check check-hardened demo bench mutate fuzz clean distclean

help:
	@echo 'make check           run every test suite (ends with "N passed, N failed")'
	@echo 'make demo            build everything and show a legacy driver end to end'
	@echo 'make tree            build/linux: Debian linux-source-6.12 + patches/ as commits'
	@echo 'make export-patches  regenerate patches/ from the commits in build/linux'
	@echo 'make kernel          build the base test kernel (build/out-base)'
	@echo 'make bisect-check    build every patch of the series in turn'
	@echo 'make tool            build tools/modparm-convert'
	@echo 'make bench           benchmarks, written to bench/results.md'
	@echo 'make mutate          mutation testing (TARGET=converter|harness|series), bench/mutate.md'
	@echo 'make fuzz            fuzz modparm-convert (FUZZ_SECONDS, default 300)'
	@echo 'make clean           remove build products (keeps the kernel tree)'
	@echo 'make distclean       remove build/ entirely'

setup:
	@scripts/setup

tree: setup
	@scripts/kernel-tree $(if $(FORCE),--force)

export-patches:
	@scripts/export-patches

kernel: setup
	@scripts/kernel-build base

kernel-hardened: setup
	@scripts/kernel-build hardened

bisect-check: setup
	@scripts/bisect-check

tool:
	@$(MAKE) -s -C tools/modparm-convert

check: setup
	@tests/run

check-hardened: setup
	@tests/run hostile

demo: setup
	@scripts/demo

bench: setup
	@bench/run

# Not part of make check: each mutant reruns the suites it touches (and a
# series mutant rebuilds the kernel).  TARGET= runs one target's mutants.
mutate: setup
	@nice -n 19 tests/mutate/run-mutants $(if $(TARGET),--target $(TARGET))

fuzz: setup
	@$(MAKE) -s -C tools/modparm-convert fuzz FUZZ_SECONDS=$(or $(FUZZ_SECONDS),300)

clean:
	-@$(MAKE) -s -C tools/modparm-convert clean
	rm -rf build/modules build/vm build/test-logs build/harness

distclean: clean
	rm -rf build
