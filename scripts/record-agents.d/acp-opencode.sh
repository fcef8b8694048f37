# opencode over ACP (`opencode acp`) driven by `cardtui acp --record` in
# tmux through the scenario in acp-opencode.json, its model a custom
# OpenAI-compatible provider on the fake model server: a plan (its
# todowrite tool), a read, a search, an edit allowed, an edit rejected, a
# failing command, a new file, a sub-agent (task) and a Markdown reply.
# Edits and commands ask ("permission": "ask"). The recording is
# agents/acp/testdata/opencode-<version>/session.jsonl; a second run continues
# that session with --resume (session/load replays it), recorded as
# resume.jsonl next to it.

# shellcheck source=acp-common.bash
source "$HERE/acp-common.bash"

OPENCODE_ACP_VERSION=1.18.33

record_acp_opencode() {
	local v=$OPENCODE_ACP_VERSION prefix scenario out bin
	acp_cardtui >/dev/null
	prefix=$(npm_install "opencode-$v" "opencode-ai@$v")
	bin=$(find "$prefix/node_modules" -path '*/opencode-linux-x64/bin/opencode' | head -n 1)
	fake_home "acp-opencode"
	scenario=$(render_scenario "$HERE/acp-opencode.json")
	start_server "$scenario"
	out=$(testdata acp "opencode-$v")
	mkdir -p "$XDG_CONFIG_HOME/opencode"
	cat >"$XDG_CONFIG_HOME/opencode/opencode.json" <<JSON
{"\$schema": "https://opencode.ai/config.json", "autoupdate": false, "share": "disabled",
 "model": "fake/fake-model", "small_model": "fake/fake-model",
 "permission": {"edit": "ask", "bash": "ask"},
 "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
   "options": {"baseURL": "http://$FAKE_ADDR/v1", "apiKey": "sk-fake"},
   "models": {"fake-model": {"name": "Fake model", "tool_call": true}}}}}
JSON
	cat >"$SCRATCH/env-acp-opencode" <<ENV
export HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_STATE_HOME=$XDG_STATE_HOME
export OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_LSP_DOWNLOAD=1
export OPENCODE_DISABLE_DEFAULT_PLUGINS=1 OPENCODE_DISABLE_SHARE=1 npm_config_cache=$npm_config_cache
ENV
	# opencode ends the turn when a change is rejected: a follow-up goes on.
	ACP_FOLLOWUP="Go on with the rest of the plan." acp_record opencode "$out/session.jsonl" "a: int, b: int" \
		"Tidy the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown." \
		"$SCRATCH/env-acp-opencode" -- "$bin" acp
	acp_resume opencode-resume "$out/resume.jsonl" "$out/session.jsonl" \
		"$SCRATCH/env-acp-opencode" -- "$bin" acp
	stop_server
	normalise "$out/session.jsonl" "$out/resume.jsonl"
	sed -i "s#${SCRATCH#/}#tmp/rec#g" "$out/session.jsonl" "$out/resume.jsonl" # opencode's titles drop the leading /
}
