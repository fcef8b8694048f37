# Helpers of the acp-<agent>.sh recorders (sourced by them; not an agent
# of its own, hence not .sh): build cardtui, and drive `cardtui acp
# --record FILE -- AGENT` in tmux through one prompt, answering the
# permission requests in order.

# acp_cardtui: builds cardtui into the scratch folder once; prints its path.
acp_cardtui() {
	[[ -x "$SCRATCH/bin/cardtui" ]] || (cd "$ROOT" && go build -o "$SCRATCH/bin/cardtui" ./cmd/cardtui)
	echo "$SCRATCH/bin/cardtui"
}

# acp_tmux ARGS: tmux on a server of the recorder's own, which nothing
# else on the machine starts or kills.
acp_tmux() { tmux -L "record-agents-$$" -f /dev/null "$@"; }

# acp_pane SESSION: the tmux pane's text.
acp_pane() { acp_tmux capture-pane -p -t "$1" 2>/dev/null || true; }

# acp_wait SESSION SECONDS PATTERN: waits until the pane shows PATTERN.
acp_wait() {
	local i
	for ((i = 0; i < $2 * 4; i++)); do
		acp_pane "$1" | grep -q -- "$3" && return 0
		sleep 0.25
	done
	log "timed out waiting for \"$3\"; the screen:"
	acp_pane "$1" >&2
	return 1
}

# acp_answer SESSION KEY: answers the waiting permission request with KEY
# (ctrl+y first gives the request the keys).
acp_answer() {
	acp_tmux send-keys -t "$1" C-y
	sleep 0.3
	acp_tmux send-keys -t "$1" "$2"
}

# acp_checkpoint SESSION OUT NAME: in --check mode, keeps the screen as
# screen-NAME.txt next to the recording OUT (screen-STEM-NAME.txt when
# OUT is STEM.jsonl, not session.jsonl), the scratch path normalised.
acp_checkpoint() {
	[[ -n ${CHECK:-} ]] || return 0
	local stem screen="$(dirname "$2")/screen-$3.txt"
	stem=$(basename "$2" .jsonl)
	[[ $stem == session ]] || screen="$(dirname "$2")/screen-$stem-$3.txt"
	acp_pane "$1" >"$screen"
	normalise "$screen"
}

# acp_sum FILE: FILE's SHA-256, or "absent".
acp_sum() { if [[ -f $1 ]]; then sha256sum <"$1" | cut -d' ' -f1; else echo absent; fi; }

# acp_start NAME OUT ARGS -- AGENT...: starts cardtui acp ARGS --record
# OUT on AGENT in $PROJECT inside tmux with the environment $ACP_ENV
# exports, waits until the session is ready and prints the tmux session.
acp_start() {
	local name=$1 out=$2 args=() cardtui session runner="$SCRATCH/run-$1.sh"
	shift 2
	while [[ $1 != -- ]]; do args+=("$1") && shift; done
	shift
	session="acp-rec-$name-$$"
	cardtui=$(acp_cardtui)
	{
		echo "#!/usr/bin/env bash"
		echo "source $(printf %q "$ACP_ENV")"
		printf 'cd %q\n' "$PROJECT"
		printf 'exec %q acp' "$cardtui"
		printf ' %q' "${args[@]}" --record "$out" -- "$@"
		echo
	} >"$runner"
	chmod +x "$runner"
	acp_tmux new-session -d -s "$session" -x 160 -y 50 "$runner; sleep 600"
	if ! acp_wait "$session" 180 " · ready\|could not be opened" || acp_pane "$session" | grep -q "could not be opened"; then
		log "$name: the session did not open; the screen:"
		acp_pane "$session" >&2
		acp_tmux kill-session -t "$session"
		return 1
	fi
	echo "$session"
}

# acp_quit SESSION OUT NAME: keeps the last screen (checkpoint "end") and
# quits cardtui.
acp_quit() {
	sleep 1
	acp_checkpoint "$1" "$2" end
	acp_tmux send-keys -t "$1" C-d
	sleep 3
	acp_tmux kill-session -t "$1" 2>/dev/null || true
	log "$3: $(wc -l <"$2") lines recorded"
}

# acp_record NAME OUT REJECT PROMPT ENVFILE -- AGENT...: runs cardtui acp
# on AGENT in $PROJECT inside tmux with the environment ENVFILE exports,
# sends PROMPT, answers each permission request — esc (reject) the first
# time the screen shows the text REJECT while asking, enter (the first
# allow-once option) otherwise, each after ctrl+y, which gives the
# request the keys — waits for the turn to end, types each
# line of ACP_SETTINGS into the composer (tab completes it, enter sends
# it: "/mode pl") and quits. The recording goes to OUT. When ACP_FOLLOWUP
# is set and the turn ended after the rejection (Codex and opencode end
# their turn then), it is sent as a second prompt, once. In --check mode
# the screen is kept when a permission is first asked ("waiting"), after
# the rejection ("rejected") and at the end ("end"), and reject.txt
# records the file ACP_REJECT_FILE (default calc.py) before the rejection
# and at the end, files.txt the project's files at the end.
acp_record() {
	local name=$1 out=$2 reject=$3 prompt=$4 rejected= asked= session
	ACP_ENV=$5
	shift 6
	session=$(acp_start "$name" "$out" -- "$@") || return 1
	acp_tmux send-keys -t "$session" -l "$prompt"
	acp_tmux send-keys -t "$session" Enter
	acp_wait "$session" 30 "turn running\|waiting for your answer" || true
	local i screen
	for ((i = 0; i < 1200; i++)); do
		screen=$(acp_pane "$session")
		if grep -q "waiting for your answer" <<<"$screen"; then
			if [[ -z $rejected ]] && grep -qF -- "$reject" <<<"$screen"; then
				log "$name: permission asked, rejecting"
				acp_reject "$session" "$out" "$reject"
				rejected=1
			else
				log "$name: permission asked, allowing"
				[[ -n $asked ]] || acp_checkpoint "$session" "$out" waiting
				acp_answer "$session" Enter
			fi
			asked=1
			sleep 1
			continue
		fi
		if grep -q " · ready\|the agent has ended" <<<"$screen"; then
			if [[ -n ${ACP_FOLLOWUP:-} && -n $rejected ]]; then
				log "$name: the turn was cancelled, sending the follow-up"
				acp_tmux send-keys -t "$session" -l "$ACP_FOLLOWUP"
				acp_tmux send-keys -t "$session" Enter
				ACP_FOLLOWUP=
				acp_wait "$session" 30 "turn running\|waiting for your answer" || true
				continue
			fi
			break
		fi
		sleep 0.25
	done
	acp_settings "$session" "$name"
	acp_saved
	if [[ -n ${CHECK:-} ]]; then
		echo "end $(acp_sum "$PROJECT/${ACP_REJECT_FILE:-calc.py}")" >>"$(dirname "$out")/reject.txt"
		(cd "$PROJECT" && find . -type f | sort) >"$(dirname "$out")/files.txt"
	fi
	acp_quit "$session" "$out" "$name"
}

# acp_reject SESSION OUT TEXT: rejects the waiting request; in --check
# mode first records the file it would change (reject.txt: its name, the
# TEXT that asked, its checksum before) and keeps the screen once the
# card shows it rejected.
acp_reject() {
	local file=${ACP_REJECT_FILE:-calc.py}
	[[ -z ${CHECK:-} ]] || printf 'file %s\ntext %s\nbefore %s\n' "$file" "$3" "$(acp_sum "$PROJECT/$file")" >"$(dirname "$2")/reject.txt"
	acp_answer "$1" Escape
	if [[ -n ${CHECK:-} ]]; then
		acp_wait "$1" 30 "rejected ─╮" || true
		acp_checkpoint "$1" "$2" rejected
	fi
}

# acp_saved: waits (half a minute at most) until a file matching the glob
# ACP_SAVED, when set, holds the text ACP_SAVED_TEXT: where the agent
# keeps the session that a --resume run loads, which it may write after
# the turn ended.
acp_saved() {
	local i
	[[ -n ${ACP_SAVED:-} ]] || return 0
	for ((i = 0; i < 30; i++)); do
		# shellcheck disable=SC2086 # the glob is to be expanded
		compgen -G "$ACP_SAVED" >/dev/null && grep -qF -- "${ACP_SAVED_TEXT:-}" $ACP_SAVED && return 0
		sleep 1
	done
	log "no $ACP_SAVED holds \"${ACP_SAVED_TEXT:-}\": the agent did not save its session"
}

# acp_settings SESSION NAME: types each line of ACP_SETTINGS, completes it
# with tab and sends it, then waits for the agent's answer.
acp_settings() {
	local line
	while IFS= read -r line; do
		[[ -n $line ]] || continue
		log "$2: $line, tab, enter"
		acp_tmux send-keys -t "$1" -l "$line"
		sleep 0.5
		acp_tmux send-keys -t "$1" Tab
		sleep 0.5
		acp_tmux send-keys -t "$1" Enter
		sleep 3
	done <<<"${ACP_SETTINGS:-}"
}

# acp_resume NAME OUT FROM ENVFILE -- AGENT...: continues the session
# recorded in FROM with cardtui acp --resume (the agent's session/load
# replays it), waits until the replay is over and quits. The recording
# goes to OUT.
acp_resume() {
	local name=$1 out=$2 id session
	id=$(grep -m1 -o '"sessionId": *"[^"]*"' "$3" | sed 's/.*"\([^"]*\)"$/\1/')
	ACP_ENV=$4
	shift 5
	log "$name: resuming $id"
	session=$(acp_start "$name" "$out" --resume "$id" -- "$@") || return 1
	acp_settle "$out"
	acp_quit "$session" "$out" "$name"
}

# acp_settle FILE: waits (a minute at most) until the recording FILE has
# not grown for three seconds: the agent has replayed the session.
acp_settle() {
	local i size last=-1 still=0
	for ((i = 0; i < 60 && still < 3; i++)); do
		size=$(wc -c <"$1")
		if [[ $size == "$last" ]]; then still=$((still + 1)); else still=0; fi
		last=$size
		sleep 1
	done
}
