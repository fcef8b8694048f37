# The everyday loop and what CI runs. `make help` lists the targets.
GO   ?= go
LINT := $(GO) tool -modfile=tools/go.mod golangci-lint

.PHONY: help test test-short lint fmt golden bench bench-search record fuzz

help: ## this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/'

test: ## every test, as CI runs them (about 75-85 s)
	$(GO) test ./...

test-short: ## the everyday loop: no tmux, subprocess or recording tests (about 27-30 s)
	$(GO) test -short ./...

lint: ## vet, exhaustive switches, staticcheck, golangci-lint (godot, misspell, revive, gofumpt, goimports)
	$(GO) vet ./...
	$(GO) tool go-check-sumtype -default-signifies-exhaustive=false ./...
	$(GO) tool staticcheck ./...
	$(LINT) run --allow-parallel-runners ./...

fmt: ## rewrite the tree as the formatters want it (gofumpt, goimports)
	$(LINT) fmt ./...

golden: ## rewrite every golden file from today's output; review `git diff` before committing
	$(GO) test ./... -update
	git status --short -- '*testdata*'

bench: ## the performance table against the tools a user would pick instead (BEFORE=REV adds a column)
	scripts/bench-vs

bench-search: ## search over a generated home beside ripgrep, five kinds of query (SEARCH_HOME=DIR, BEFORE=REV)
	scripts/bench-search

record: ## record the real agents offline as fixtures (AGENTS="claude codex" for some)
	scripts/record-agents $(AGENTS)

fuzz: ## every fuzz target briefly (FUZZTIME=5s)
	.ci/fuzz $(or $(FUZZTIME),5s)
