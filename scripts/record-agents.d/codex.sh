# Codex CLI: the pinned version run with `codex exec` on the scenario in
# codex.json, twice: once for the rollout
# ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl, kept as rollout.jsonl)
# and once with --json for its stdout (exec.jsonl), in
# agents/codex/testdata/codex-<version>/.
#
# No sandbox (bubblewrap is not assumed): danger-full-access, never ask.

CODEX_VERSION=0.169.0

record_codex() {
	local v=$CODEX_VERSION prefix out
	prefix=$(npm_install "codex-$v" "@openai/codex@$v")
	out=$(testdata codex "codex-$v")
	codex_run "$prefix" plain "$CODEX_PROMPT" codex.json >/dev/null
	cp "$(find "$CODEX_HOME/sessions" -name 'rollout-*.jsonl' | head -n 1)" "$out/rollout.jsonl"
	codex_run "$prefix" json "$CODEX_PROMPT" codex.json >"$out/exec.jsonl"
	normalise "$out"/*.jsonl
	log "Codex $v: $(find "$out" -type f | wc -l) files in $out"
}

# CODEX_PROMPT is the prompt of codex.json's scenario.
CODEX_PROMPT="Tidy the calculator in this folder: read it, search it, patch it, run it, and report in Markdown."

# codex_run PREFIX NAME PROMPT SCENARIO [TOML]: one `codex exec` of PROMPT
# in a fresh home named NAME, against the fake model server with
# record-agents.d/SCENARIO; TOML is added to its config.toml; --json when
# NAME ends in json. Prints what codex prints on stdout.
codex_run() {
	local prefix=$1 name=$2 prompt=$3 scenario=$4 extra=${5:-} json=()
	[[ "$name" == *json ]] && json=(--json)
	fake_home "codex-$name"
	export CODEX_HOME="$HOME/.codex"
	mkdir -p "$CODEX_HOME"
	start_server "$(render_scenario "$HERE/$scenario")"
	codex_config "$CODEX_HOME" never "$extra"
	(
		cd "$PROJECT"
		FAKE_MODEL_KEY=sk-fake timeout 300 "$prefix/node_modules/.bin/codex" exec --skip-git-repo-check "${json[@]}" \
			"$prompt" </dev/null
	) || log "codex exec ($name) exited with status $?"
	stop_server
}

# codex_config DIR APPROVAL [TOML]: DIR/config.toml with the fake model
# server as the model provider (its key in $FAKE_MODEL_KEY), no sandbox
# and approval_policy APPROVAL; TOML is added to it.
codex_config() {
	cat >"$1/config.toml" <<TOML
model = "gpt-5.5"
model_provider = "fake"
sandbox_mode = "danger-full-access"
approval_policy = "$2"
${3:-}
[model_providers.fake]
name = "fake"
base_url = "http://$FAKE_ADDR/v1"
wire_api = "responses"
env_key = "FAKE_MODEL_KEY"
TOML
}
