# opencode: the pinned version run with `opencode run` on the scenario in
# opencode.json, its model a custom OpenAI-compatible provider whose
# baseURL is the fake model server (Chat Completions). Kept in
# agents/opencode/testdata/opencode-<version>/: the database
# ($XDG_DATA_HOME/opencode/opencode.db, checkpointed, as opencode.db), the
# session's `opencode export` (export.json) and the stdout of a second
# run with --format json (run.jsonl).

OPENCODE_VERSION=1.18.33

record_opencode() {
	local v=$OPENCODE_VERSION prefix scenario out bin db
	prefix=$(npm_install "opencode-$v" "opencode-ai@$v")
	bin=$(find "$prefix/node_modules" -path '*/opencode-linux-x64/bin/opencode' | head -n 1)
	out=$(testdata opencode "opencode-$v")
	fake_home opencode
	scenario=$(render_scenario "$HERE/opencode.json")
	start_server "$scenario"
	mkdir -p "$XDG_CONFIG_HOME/opencode"
	cat >"$XDG_CONFIG_HOME/opencode/opencode.json" <<JSON
{"\$schema": "https://opencode.ai/config.json", "autoupdate": false, "share": "disabled",
 "model": "fake/fake-model", "small_model": "fake/fake-model",
 "permission": {"edit": "allow", "bash": "allow", "webfetch": "allow"},
 "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
   "options": {"baseURL": "http://$FAKE_ADDR/v1", "apiKey": "sk-fake"},
   "models": {"fake-model": {"name": "Fake model", "tool_call": true, "reasoning": true}}}}}
JSON
	local prompt="Tidy the calculator in this folder: read it, search it, edit it, run it, and report in Markdown."
	(cd "$PROJECT" && OPENCODE_DISABLE_AUTOUPDATE=1 timeout 300 "$bin" run "$prompt" </dev/null) ||
		log "opencode run exited with status $?"
	db="$XDG_DATA_HOME/opencode/opencode.db"
	local session
	session=$(sqlite3 "$db" "SELECT id FROM session ORDER BY time_created LIMIT 1")
	(cd "$PROJECT" && timeout 120 "$bin" export "$session" </dev/null >"$out/export.json") ||
		log "opencode export exited with status $?"
	(cd "$PROJECT" && git checkout -q -- . 2>/dev/null; OPENCODE_DISABLE_AUTOUPDATE=1 timeout 300 "$bin" run --format json "$prompt" </dev/null >"$out/run.jsonl") ||
		log "opencode run --format json exited with status $?"
	sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE); VACUUM INTO '$out/opencode.db'"
	stop_server
	normalise "$out/export.json" "$out/run.jsonl"
	sed -i "s#${SCRATCH#/}#tmp/rec#g" "$out/export.json" "$out/run.jsonl"
	normalise_db "$out/opencode.db"
	log "opencode $v: $(find "$out" -type f | wc -l) files in $out"
}

# normalise_db DB: normalise's replacement in every text column of every
# table of a SQLite database, then a VACUUM.
normalise_db() {
	local db=$1 table col sql=""
	for table in $(sqlite3 "$db" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"); do
		for col in $(sqlite3 "$db" "SELECT name FROM pragma_table_info('$table') WHERE type LIKE 'text%'"); do
			sql+="UPDATE \"$table\" SET \"$col\" = replace(replace(\"$col\", '$SCRATCH', '/tmp/rec'), '${SCRATCH#/}', 'tmp/rec');"
		done
	done
	sqlite3 "$db" "$sql VACUUM;"
}
