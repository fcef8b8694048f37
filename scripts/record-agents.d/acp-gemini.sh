# Gemini CLI over ACP (`gemini --acp`) driven by `cardtui acp --record` in
# tmux through the scenario in acp-gemini.json: a plan, a read, a search,
# an edit allowed, an edit rejected, a failing command and a new file
# (written through fs/write_text_file after a read of the missing file),
# then a Markdown reply; then /model gemini-2.5-pro and /mode plan from
# the composer (tab-completed). The recording is
# agents/acp/testdata/gemini-<version>/session.jsonl; a second run continues
# that session with --resume (session/load replays it), recorded as
# resume.jsonl next to it.

# shellcheck source=acp-common.bash
source "$HERE/acp-common.bash"

GEMINI_ACP_VERSION=0.61.0

record_acp_gemini() {
	local v=$GEMINI_ACP_VERSION prefix scenario out
	acp_cardtui >/dev/null
	prefix=$(npm_install "gemini-$v" "@google/gemini-cli@$v")
	fake_home "acp-gemini"
	scenario=$(render_scenario "$HERE/acp-gemini.json")
	start_server "$scenario"
	out=$(testdata acp "gemini-$v")
	mkdir -p "$HOME/.gemini"
	cat >"$HOME/.gemini/settings.json" <<JSON
{"security": {"auth": {"selectedType": "gemini-api-key"}}, "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
 "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}
JSON
	cat >"$SCRATCH/env-acp-gemini" <<ENV
export HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_DATA_HOME=$XDG_DATA_HOME
export GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL=http://$FAKE_ADDR
ENV
	# Gemini CLI saves the chat that --resume loads under ~/.gemini/tmp,
	# its last reply (a table row of it) after the turn ended.
	ACP_SETTINGS=$'/model gemini-2.5-p\n/mode pl' ACP_SAVED="$HOME/.gemini/tmp/*/chats/*" ACP_SAVED_TEXT="notes.md | new" \
		acp_record gemini "$out/session.jsonl" "a: int, b: int" \
		"Tidy the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown." \
		"$SCRATCH/env-acp-gemini" -- "$prefix/node_modules/.bin/gemini" --acp -m gemini-2.5-flash
	# Gemini CLI 0.61.0 answers some session/load of the session just
	# saved with "No previous sessions found for this project": a check
	# says so and goes on; a recording fails (run it again).
	if ! acp_resume gemini-resume "$out/resume.jsonl" "$out/session.jsonl" \
		"$SCRATCH/env-acp-gemini" -- "$prefix/node_modules/.bin/gemini" --acp -m gemini-2.5-flash; then
		[[ -n ${CHECK:-} ]] || return 1
		log "gemini: --resume failed; its check is left out"
		rm -f "$out/resume.jsonl"
	fi
	stop_server
	normalise "$out"/*.jsonl
}
