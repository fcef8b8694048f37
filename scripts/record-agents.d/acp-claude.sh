# Claude Code over ACP: @zed-industries/claude-agent-acp (which runs the
# Claude Code bundled in its SDK) driven by `cardtui acp --record` in tmux
# through the scenario in acp-claude.json: a plan, a read, a search, an
# edit allowed, an edit rejected, a failing command, a new file, a
# sub-agent and a Markdown reply; then /model haiku and /mode plan from
# the composer (tab-completed). The recording is
# agents/acp/testdata/claude-agent-acp-<version>/session.jsonl; a second
# run continues that session with --resume (session/load replays it),
# recorded as resume.jsonl next to it.

# shellcheck source=acp-common.bash
source "$HERE/acp-common.bash"

CLAUDE_ACP_VERSION=0.23.1

record_acp_claude() {
	local v=$CLAUDE_ACP_VERSION prefix scenario out
	acp_cardtui >/dev/null
	prefix=$(npm_install "claude-agent-acp-$v" "@zed-industries/claude-agent-acp@$v")
	fake_home "acp-claude"
	scenario=$(render_scenario "$HERE/acp-claude.json")
	start_server "$scenario"
	out=$(testdata acp "claude-agent-acp-$v")
	cat >"$SCRATCH/env-acp-claude" <<ENV
export HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_DATA_HOME=$XDG_DATA_HOME
export IS_SANDBOX=1 ANTHROPIC_BASE_URL=http://$FAKE_ADDR ANTHROPIC_API_KEY=sk-fake
export CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1
ENV
	# The type hints are rejected, everything else allowed.
	ACP_SETTINGS=$'/model hai\n/mode pl' acp_record claude "$out/session.jsonl" "a: int, b: int" \
		"Clean up the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown." \
		"$SCRATCH/env-acp-claude" -- "$prefix/node_modules/.bin/claude-agent-acp"
	acp_resume claude-resume "$out/resume.jsonl" "$out/session.jsonl" \
		"$SCRATCH/env-acp-claude" -- "$prefix/node_modules/.bin/claude-agent-acp"
	stop_server
	normalise "$out/session.jsonl" "$out/resume.jsonl"
}
