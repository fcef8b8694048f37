# Gemini CLI: the pinned version run headless (`gemini -p`, --yolo so that
# no tool waits for an approval) on the scenario in gemini.json, against
# the fake model server as the Gemini API (GOOGLE_GEMINI_BASE_URL). Its
# chat, ~/.gemini/tmp/<project>/chats/session-*.jsonl, is kept as
# chat.jsonl in agents/gemini/testdata/gemini-<version>/, with the
# .project_root file Gemini writes beside the chats/ folder (the
# project's path, which the chat itself names only by a hash).

GEMINI_VERSION=0.61.0

record_gemini() {
	local v=$GEMINI_VERSION prefix scenario out
	prefix=$(npm_install "gemini-$v" "@google/gemini-cli@$v")
	out=$(testdata gemini "gemini-$v")
	fake_home gemini
	scenario=$(render_scenario "$HERE/gemini.json")
	start_server "$scenario"
	mkdir -p "$HOME/.gemini"
	cat >"$HOME/.gemini/settings.json" <<JSON
{"security": {"auth": {"selectedType": "gemini-api-key"}}, "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
 "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}
JSON
	(
		cd "$PROJECT"
		GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL="http://$FAKE_ADDR" timeout 300 \
			"$prefix/node_modules/.bin/gemini" --yolo -m gemini-2.5-flash \
			-p "Tidy the calculator in this folder: read it, search it, edit it, run it, and report in Markdown." </dev/null
	) || log "gemini exited with status $?"
	stop_server
	local chat
	chat=$(find "$HOME/.gemini/tmp" -name 'session-*.jsonl' | head -n 1)
	cp "$chat" "$out/chat.jsonl"
	cp "$(dirname "$(dirname "$chat")")/.project_root" "$out/.project_root"
	normalise "$out/chat.jsonl" "$out/.project_root"
	log "Gemini CLI $v: $(find "$out" -type f | wc -l) files in $out"
}
