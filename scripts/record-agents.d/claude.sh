# Claude Code: the pinned version and the newest 2.1.x, each run once
# non-interactively with --output-format stream-json --verbose on the
# scenario in claude.json. Kept: the session transcript
# (~/.claude/projects/<project>/<id>.jsonl), its sub-agents'
# <id>/subagents/agent-*.jsonl and .meta.json, and the stream-json
# stdout (stream.jsonl), in agents/claude/testdata/cc-<version>/.
#
# Permissions: acceptEdits with Bash allowed; editing README.md is
# denied by a rule, WebFetch is not allowed (so it needs an approval
# print mode cannot give).

CLAUDE_VERSIONS=(2.1.83 2.1.332)

# The prompt's marker picks the scenario's conversation: 2.1.83 offers
# Grep and Glob, the newer versions search with Bash and load WebFetch
# through ToolSearch.
claude_marker() {
	case "$1" in
	2.1.83) echo "[grep-tools]" ;;
	*) echo "[toolsearch]" ;;
	esac
}

record_claude() {
	local v
	for v in "${CLAUDE_VERSIONS[@]}"; do
		record_claude_version "$v"
	done
}

record_claude_version() {
	local v=$1 prefix scenario out
	prefix=$(npm_install "claude-$v" "@anthropic-ai/claude-code@$v")
	fake_home "claude-$v"
	scenario=$(render_scenario "$HERE/claude.json")
	start_server "$scenario"
	out=$(testdata claude "cc-$v")
	log "running Claude Code $v in $PROJECT"
	(
		cd "$PROJECT"
		IS_SANDBOX=1 ANTHROPIC_BASE_URL="http://$FAKE_ADDR" ANTHROPIC_API_KEY=sk-fake \
			CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
			timeout 300 "$prefix/node_modules/.bin/claude" -p \
			"Clean up the calculator in this folder $(claude_marker "$v"): read it, search it, fix it, and report in Markdown." \
			--model claude-sonnet-4-6 --output-format stream-json --verbose \
			--permission-mode acceptEdits --allowedTools Bash --disallowedTools "Edit(README.md)" \
			>"$out/stream.jsonl"
	) || log "Claude Code $v exited with status $?"
	stop_server
	local proj
	proj=$(find "$HOME/.claude/projects" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	[[ -n "$proj" ]] || { log "Claude Code $v wrote no transcript"; exit 1; }
	cp -R "$proj"/. "$out"/
	normalise $(find "$out" -type f)
	log "Claude Code $v: $(find "$out" -type f | wc -l) files in $out"
}
