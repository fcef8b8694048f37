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
	local v=$CODEX_VERSION prefix out prompt="Explore the calculator, plan, then change it in code mode."
	local mode=$'\n[features]\ncode_mode = true\n'
	prefix=$(npm_install "codex-$v" "@openai/codex@$v")
	out=$(testdata codex "codex-$v-code")
	codex_run "$prefix" code-plain "$prompt" codex-code.json "$mode" >/dev/null
	cp "$(find "$CODEX_HOME/sessions" -name 'rollout-*.jsonl' | head -n 1)" "$out/rollout.jsonl"
	codex_run "$prefix" code-json "$prompt" codex-code.json "$mode" >"$out/exec.jsonl"
	normalise "$out"/*.jsonl
	log "Codex $v in code mode: $(find "$out" -type f | wc -l) files in $out"
}
