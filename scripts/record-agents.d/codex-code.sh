# Codex CLI in code mode: the pinned version (codex.sh's) run with `codex
# exec -c features.code_mode=true` on the scenario in codex-code.json —
# reads and searches one after the other, update_plan (which 0.169 does
# not offer), and `exec` scripts that run commands and a patch — once for
# the rollout and once with --json, kept as rollout.jsonl and exec.jsonl
# in agents/codex/testdata/codex-<version>-code/.
#
# No sandbox (bubblewrap is not assumed): danger-full-access, never ask.

# shellcheck source=codex.sh
source "$HERE/codex.sh"

record_codex_code() {
	local v=$CODEX_VERSION prefix out
	prefix=$(npm_install "codex-$v" "@openai/codex@$v")
	out=$(testdata codex "codex-$v-code")
	codex_code_run "$prefix" plain >/dev/null
	cp "$(find "$CODEX_HOME/sessions" -name 'rollout-*.jsonl' | head -n 1)" "$out/rollout.jsonl"
	codex_code_run "$prefix" json >"$out/exec.jsonl"
	normalise "$out"/*.jsonl
	log "Codex $v in code mode: $(find "$out" -type f | wc -l) files in $out"
}

# codex_code_run PREFIX NAME: codex_run's run of codex-code.json, in code
# mode.
codex_code_run() {
	local prefix=$1 name=$2 json=()
	[[ "$name" == json ]] && json=(--json)
	fake_home "codex-code-$name"
	export CODEX_HOME="$HOME/.codex"
	mkdir -p "$CODEX_HOME"
	start_server "$(render_scenario "$HERE/codex-code.json")"
	cat >"$CODEX_HOME/config.toml" <<TOML
model = "gpt-5.5"
model_provider = "fake"
sandbox_mode = "danger-full-access"
approval_policy = "never"

[features]
code_mode = true

[model_providers.fake]
name = "fake"
base_url = "http://$FAKE_ADDR/v1"
wire_api = "responses"
env_key = "FAKE_MODEL_KEY"
TOML
	(
		cd "$PROJECT"
		FAKE_MODEL_KEY=sk-fake timeout 300 "$prefix/node_modules/.bin/codex" exec --skip-git-repo-check "${json[@]}" \
			"Explore the calculator, plan, then change it in code mode." </dev/null
	) || log "codex exec ($name) exited with status $?"
	stop_server
}
