# Codex over ACP: @zed-industries/codex-acp driven by `cardtui acp
# --record` in tmux through the scenario in acp-codex.json: a plan, a
# read, a search, a patch allowed, a patch rejected, a failing command and
# a new file, then a Markdown reply (this Codex has no sub-agent tool);
# then /model gpt-5.4-mini from the composer (tab-completed). Codex offers
# modes (its approval presets) only when its configuration is one of
# them, which this one, without a sandbox, is not.
# approval_policy "untrusted" asks before every command and patch; no
# sandbox (bubblewrap is not assumed). The recording is
# agents/acp/testdata/codex-acp-<version>/session.jsonl; a second run
# continues that session with --resume (session/load replays it),
# recorded as resume.jsonl next to it.

# shellcheck source=acp-common.bash
source "$HERE/acp-common.bash"
# shellcheck source=codex.sh
source "$HERE/codex.sh"

CODEX_ACP_VERSION=0.16.0

record_acp_codex() {
	local v=$CODEX_ACP_VERSION prefix scenario out
	acp_cardtui >/dev/null
	prefix=$(npm_install "codex-acp-$v" "@zed-industries/codex-acp@$v")
	fake_home "acp-codex"
	scenario=$(render_scenario "$HERE/acp-codex.json")
	start_server "$scenario"
	out=$(testdata acp "codex-acp-$v")
	mkdir -p "$HOME/.codex"
	codex_config "$HOME/.codex" untrusted
	cat >"$SCRATCH/env-acp-codex" <<ENV
export HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_DATA_HOME=$XDG_DATA_HOME
export CODEX_HOME=$HOME/.codex FAKE_MODEL_KEY=sk-fake
ENV
	# Codex ends the turn when a change is rejected: a follow-up goes on.
	ACP_FOLLOWUP="Go on with the rest of the plan." ACP_SETTINGS="/model gpt-5.4-m" acp_record codex "$out/session.jsonl" "a: int, b: int" \
		"Tidy the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown." \
		"$SCRATCH/env-acp-codex" -- "$prefix/node_modules/.bin/codex-acp"
	acp_resume codex-resume "$out/resume.jsonl" "$out/session.jsonl" \
		"$SCRATCH/env-acp-codex" -- "$prefix/node_modules/.bin/codex-acp"
	stop_server
	normalise "$out/session.jsonl" "$out/resume.jsonl"
}
