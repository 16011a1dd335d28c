# Parlor development tasks. Everything a fresh clone needs is installed from here.
#
#   make setup        install everything (npm ci, vendor/, .venv, pytest wheels, chromium)
#   make run          serve the app at http://127.0.0.1:8000/index.html (PORT=... to change)
#   make test         lint + CPython tests + tests inside Pyodide + browser (e2e) tests
#                     (three chains side by side: e2e then the smoke suite in Chromium,
#                     Firefox ESR and WebKitGTK; CPython, niced; lint then Pyodide, niced)
#   make dist         build dist/: exactly what a static host needs (works from a sub-path)
#   make bench        the benchmarks' default set (SUITE=name for one; results merged into
#                     docs/bench-results.md; not in `make test`)
#   make lint | test-py | test-pyodide | test-e2e | test-engines | bench | golden | clean
#
# Steps are guarded by stamp files whose prerequisites are the lock files, so a second
# `make setup` does nothing and takes well under a second.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
NPM ?= npm
NODE ?= node
# What `make test` runs the CPython and Pyodide suites under, beside the browser tests.
NICE ?= nice -n 10
PORT ?= 8000
export PORT

VENV := .venv
VPY := $(VENV)/bin/python
WHEELS := .cache/wheels

NPM_STAMP := node_modules/.parlor-npm-stamp
VENDOR_STAMP := vendor/.vendor-stamp.json
VENV_STAMP := $(VENV)/.parlor-venv-stamp
WHEELS_STAMP := $(WHEELS)/.parlor-wheels-stamp
FONTS_STAMP := vendor/fonts/stamp.json
SANDBOX_STAMP := vendor/pyodide-sandbox/.stamp
LAB_SANDBOX_CODE := assets/lab-sandbox-code.js

# Lint targets: only the folders that exist (others write py/, tests/, e2e/).
LINT_PATHS := $(wildcard py tests e2e tools)

.PHONY: help setup setup-core precache chromium engines run test lint test-py test-pyodide \
	test-e2e test-engines test-checks-engines bench \
	dist clean golden

help:
	@awk '!/^#/ { exit } { sub(/^# ?/, ""); print }' Makefile

setup: setup-core chromium engines

setup-core: $(NPM_STAMP) $(VENDOR_STAMP) $(SANDBOX_STAMP) $(VENV_STAMP) $(WHEELS_STAMP) \
	$(FONTS_STAMP) sw.js $(LAB_SANDBOX_CODE) precache

# --- sw.js: the service worker, one classic script bundled from sw.mjs and its imports ---
# (git-ignored). Classic and at this URL: index.html registers ./sw.js, and every
# visitor's installed worker updates to it there. Not minified, so it stays readable.
# Rebuilt only when a source is newer; esbuild writes nothing when it fails, and the
# rename makes sure a half-written file is never left as sw.js.
ESBUILD := node_modules/.bin/esbuild
SW_SOURCES := sw.mjs assets/snapshot-check.mjs
sw.js: $(SW_SOURCES) $(NPM_STAMP)
	$(ESBUILD) sw.mjs --bundle --format=iife --target=es2022 --log-level=warning \
	    --banner:js='// Built from sw.mjs by esbuild (make setup-core): do not edit; edit sw.mjs.' \
	    --outfile=sw.js.tmp
	@mv sw.js.tmp $@

# --- assets/lab-sandbox-code.js: the Lab sandboxes' frame and workers' code, as text ---
# (git-ignored). The page writes it into the frame's srcdoc and each worker's one classic
# script (the frame and its workers load nothing); its sources are the modules in
# assets/lab-sandbox/, one function each, turned into text by esbuild in
# tools/lab_sandbox_code.mjs, which stops the build when one is not exactly one function
# that imports nothing, and renames a whole file into place. Precached (it is in assets/).
$(LAB_SANDBOX_CODE): $(wildcard assets/lab-sandbox/*.mjs) tools/lab_sandbox_code.mjs $(NPM_STAMP)
	$(NODE) tools/lab_sandbox_code.mjs >/dev/null

# --- precache.js: the service worker's file list and content hash (cheap; always checked) ---
# (After the sandbox's splices and code: the Lab's snapshot is made on the wasm they cap,
# and they are precached.)
precache: $(VENDOR_STAMP) $(FONTS_STAMP) $(SANDBOX_STAMP) $(LAB_SANDBOX_CODE)
	@$(PYTHON) tools/site.py precache >/dev/null

# --- vendor/fonts: Persian and Japanese web fonts, Japanese cut to the catalog's characters ---
$(FONTS_STAMP): $(NPM_STAMP) tools/fonts.py py/parlor/i18n/catalogs/ja.json | $(VENV_STAMP)
	$(VPY) tools/fonts.py

# --- node: PyScript and Pyodide from npm, exact versions from package-lock.json ---
$(NPM_STAMP): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

# --- vendor/: the files the browser loads (tools/vendor.py is itself idempotent) ---
# The parlor sources are prerequisites because the cut standard library must hold what
# they import (vendor.py measures again only when they import something new).
STDLIB_CUT := tools/stdlib_cut.py tools/stdlib_pyodide.py tools/stdlib_build.mjs \
	tools/stdlib-keep.txt
$(VENDOR_STAMP): $(NPM_STAMP) tools/vendor.py tools/editor_module.py $(STDLIB_CUT) $(shell find py/parlor -name '*.py')
	$(PYTHON) tools/vendor.py
	@touch $@

# --- vendor/pyodide-sandbox/: the Lab sandbox's changes to Pyodide's glue and wasm ---
# worked out and checked once here, not searched for in the page (tools/pyodide_sandbox.mjs
# writes splices.json; the page applies them by place, assets/splice.mjs): a Pyodide whose
# files do not look as expected stops the build. Written only when its bytes change.
$(SANDBOX_STAMP): $(VENDOR_STAMP) tools/pyodide_sandbox.mjs assets/splice.mjs
	$(NODE) tools/pyodide_sandbox.mjs >/dev/null
	@touch $@

# --- .venv: pytest, playwright (python package only), ruff ---
$(VENV_STAMP): requirements-dev.txt tools/pyodide-requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 needed (set PYTHON=...)")'
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# --- pure-Python wheels of pytest & co, unpacked into Pyodide by tools/pyodide_pytest.mjs ---
$(WHEELS_STAMP): tools/pyodide-requirements.txt | $(VENV_STAMP)
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(VPY) -m pip download --quiet --disable-pip-version-check --no-deps \
	    --only-binary=:all: --python-version 3.14 --implementation py --abi none \
	    --platform any -d $(WHEELS) -r tools/pyodide-requirements.txt
	@touch $@

# --- headless Chromium for e2e (Debian's package; `playwright install` is not used) ---
# $CHROMIUM (a path) wins; then /usr/bin/chromium; then chromium on PATH.
chromium:
	@if [ -n "$${CHROMIUM:-}" ] && [ -x "$${CHROMIUM}" ]; then exit 0; fi; \
	if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "chromium not found: installing Debian's chromium package"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -q && apt-get install -y -q --no-install-recommends chromium; \
	else \
	    echo "ERROR: the browser tests need Chromium and none was found." >&2; \
	    echo "  Debian/Ubuntu: sudo apt-get install -y --no-install-recommends chromium" >&2; \
	    echo "  or point CHROMIUM at a Chromium/Chrome binary: make test CHROMIUM=/path/to/chrome" >&2; \
	    exit 1; \
	fi

# --- Firefox ESR and WebKitGTK for the smoke suite (e2e/test_engines.py), from Debian ---
# Firefox is driven through Marionette and WebKitGTK through WebKitWebDriver, which needs
# a display: xvfb-run gives it one. No Python package is needed (e2e/engines.py speaks
# both protocols). As root they are installed when missing; otherwise a loud warning, and
# the smoke suite skips that engine saying why (a non-root run cannot install them).
ENGINE_PACKAGES := firefox-esr webkit2gtk-driver xvfb
engines:
	@missing=""; \
	if [ -z "$${FIREFOX:-}" ] && ! command -v firefox-esr >/dev/null 2>&1 \
	    && ! command -v firefox >/dev/null 2>&1; then missing="$$missing firefox-esr"; fi; \
	command -v WebKitWebDriver >/dev/null 2>&1 || missing="$$missing webkit2gtk-driver"; \
	command -v xvfb-run >/dev/null 2>&1 || [ -n "$${DISPLAY:-}" ] || missing="$$missing xvfb"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "smoke-suite browsers missing:$$missing; installing Debian's packages"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -q && apt-get install -y -q --no-install-recommends $$missing; \
	else \
	    echo "WARNING: not installed:$$missing. The smoke suite will SKIP those engines." >&2; \
	    echo "  Debian/Ubuntu: sudo apt-get install -y --no-install-recommends $(ENGINE_PACKAGES)" >&2; \
	fi

# --- serve ---
run: setup-core
	$(PYTHON) tools/serve.py

# --- checks ---
# `make test` runs two chains side by side: the browser tests (the long pole; alone they
# use about one core of two); and under `nice`, so that it takes only the CPU the browsers
# leave, lint, the CPython suite and the tests tagged for Pyodide, one after another, then
# (not niced) the smoke suite in three engines (each phase's time and CPU:
# docs/developing.md, "Tests"). The browsers are never niced: a niced browser beside an
# unniced one gets a tenth of a busy core, and the Lab's time limits (a bot's file loads
# in 5 s) are wall-clock limits a starved sandbox overran (the smoke suite's Lab match, in
# CI). The smoke suite follows the niced checks, not the browser tests: on an ordinary
# day the checks end first (a fresh clone, 2026-11-30: the browser tests 661 s, lint,
# CPython and Pyodide ~585 s), so the two chains end together instead of the smoke
# suite's 74 s coming after the long pole; on a slow day the checks end last either way.
# The niced work is one single-threaded process at a time: with two (three
# chains, as before) a run took 1,411-1,440 s, with one 1,372-1,408 s; the machine is
# busy throughout either way (docs/developing.md, "Tests"). Any failure fails the run;
# each target's output is kept together.
test: setup
	$(MAKE) --no-print-directory -j2 --output-sync=target test-e2e test-checks-engines

test-checks-engines:
	$(NICE) $(MAKE) --no-print-directory lint
	$(NICE) $(MAKE) --no-print-directory test-py
	$(NICE) $(MAKE) --no-print-directory test-pyodide
	$(MAKE) --no-print-directory test-engines

# The JavaScript is type-checked too (TypeScript's checkJs over JSDoc, no output): the
# page's scripts, the workers and the service worker, the Node tools (tsconfig*.json).
TSC := $(NODE) node_modules/typescript/bin/tsc
TSCONFIGS := tsconfig.json tsconfig.worker.json tsconfig.node.json

lint: $(VENV_STAMP) $(NPM_STAMP) $(VENDOR_STAMP)
	$(VENV)/bin/ruff check $(LINT_PATHS)
	$(VENV)/bin/mypy
	$(VPY) -m pytest -q -p no:cacheprovider tests/test_layers.py
	@for c in $(TSCONFIGS); do echo "tsc -p $$c"; $(TSC) -p $$c; done

# Each phase says how long it took and its slowest tests (--durations), so a slow
# `make test` shows where the time went.
TIMED = sh tools/timed.sh

test-py: $(VENV_STAMP)
	$(TIMED) test-py $(VPY) -m pytest --durations=10 tests

test-pyodide: $(NPM_STAMP) $(WHEELS_STAMP)
	$(TIMED) test-pyodide $(NODE) tools/pyodide_pytest.mjs --durations=10 -q tests

test-e2e: setup
	$(TIMED) test-e2e $(VPY) -m pytest --durations=10 e2e --ignore=e2e/test_engines.py

# The smoke suite in each engine (e2e/test_engines.py); its request log per engine lands
# in e2e/artifacts/requests-<engine>.txt. ENGINES=chromium,firefox,webkit to choose.
ENGINES ?= chromium,firefox,webkit
test-engines: setup
	@rm -f e2e/artifacts/requests-*.txt
	PARLOR_ENGINES=$(ENGINES) $(TIMED) test-engines $(VPY) -m pytest -p no:cacheprovider -rs \
	    --durations=10 e2e/test_engines.py
	@for f in e2e/artifacts/requests-*.txt; do [ -f "$$f" ] || continue; \
	    head -n1 "$$f"; tail -n1 "$$f"; done

# The benchmarks (tools/bench/, one package; not in `make test`): the default set, or
# SUITE=name (several: SUITE="speed sim"); `PYTHONPATH=py .venv/bin/python -m tools.bench
# --list` lists the suites. Figures are printed and merged into docs/bench-results.md.
# BENCH_ARGS="--quick" for a smoke run, or a suite's options (see --help).
SUITE ?=
BENCH_ARGS ?=
bench: setup
	PYTHONPATH=py $(VPY) -m tools.bench $(SUITE) $(BENCH_ARGS)

# Rewrite tests/golden/ (seeded playthroughs) after a meant rules or log change; read the diff.
golden: $(VENV_STAMP)
	PARLOR_WRITE_GOLDEN=1 $(VPY) -m pytest -q tests/test_golden.py

# --- a folder holding exactly what a static host needs (no tests, no node_modules) ---
dist: setup-core
	$(PYTHON) tools/site.py dist dist

clean:
	rm -rf node_modules vendor $(VENV) .cache dist precache.js sw.js $(LAB_SANDBOX_CODE) \
	    .ruff_cache .pytest_cache
	rm -f py/parlor.zip py/snapshot-*.bin.gz py/snapshot.json py/.snapshot-stamp.json \
	    py/lab-sandbox-*.bin.gz py/lab-snapshot.json py/.lab-snapshot-stamp.json
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
