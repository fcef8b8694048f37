# Helpers of the acp-<agent>.sh recorders (sourced by them; not an agent
# of its own, hence not .sh): build cardtui, and drive `cardtui acp
# --record FILE -- AGENT` in tmux through one prompt, answering the
# permission requests in order.

# acp_cardtui: builds cardtui into the scratch folder once; prints its path.
acp_cardtui() {
	[[ -x "$SCRATCH/bin/cardtui" ]] || (cd "$ROOT" && go build -o "$SCRATCH/bin/cardtui" ./cmd/cardtui)
	echo "$SCRATCH/bin/cardtui"
}

# acp_pane SESSION: the tmux pane's text.
acp_pane() { tmux capture-pane -p -t "$1" 2>/dev/null || true; }

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

# acp_record NAME OUT REJECT PROMPT ENVFILE -- AGENT...: runs cardtui acp
# on AGENT in $PROJECT inside tmux with the environment ENVFILE exports,
# sends PROMPT, answers each permission request — esc (reject) the first
# time the screen shows the text REJECT while asking, enter (the first
# allow-once option) otherwise, each after ctrl+y, which gives the
# request the keys — waits for the turn to end and quits.
# The recording goes to OUT. When ACP_FOLLOWUP is set and the turn ended
# after the rejection (Codex and opencode end their turn then), it is
# sent as a second prompt, once.
acp_record() {
	local name=$1 out=$2 reject=$3 prompt=$4 envfile=$5 rejected=
	shift 6
	local cardtui session="acp-rec-$name-$$" runner="$SCRATCH/run-$name.sh"
	cardtui=$(acp_cardtui)
	{
		echo "#!/usr/bin/env bash"
		echo "source $(printf %q "$envfile")"
		printf 'cd %q\n' "$PROJECT"
		printf 'exec %q acp --record %q --' "$cardtui" "$out"
		printf ' %q' "$@"
		echo
	} >"$runner"
	chmod +x "$runner"
	tmux new-session -d -s "$session" -x 160 -y 50 "$runner; sleep 600"
	acp_wait "$session" 180 " · ready" || { tmux kill-session -t "$session"; return 1; }
	tmux send-keys -t "$session" -l "$prompt"
	tmux send-keys -t "$session" Enter
	acp_wait "$session" 30 "turn running\|waiting for your answer" || true
	local i screen
	for ((i = 0; i < 1200; i++)); do
		screen=$(acp_pane "$session")
		if grep -q "waiting for your answer" <<<"$screen"; then
			if [[ -z $rejected ]] && grep -qF -- "$reject" <<<"$screen"; then
				log "$name: permission asked, rejecting"
				tmux send-keys -t "$session" C-y && sleep 0.3 && tmux send-keys -t "$session" Escape
				rejected=1
			else
				log "$name: permission asked, allowing"
				tmux send-keys -t "$session" C-y && sleep 0.3 && tmux send-keys -t "$session" Enter
			fi
			sleep 1
			continue
		fi
		if grep -q " · ready\|the agent has ended" <<<"$screen"; then
			if [[ -n ${ACP_FOLLOWUP:-} && -n $rejected ]]; then
				log "$name: the turn was cancelled, sending the follow-up"
				tmux send-keys -t "$session" -l "$ACP_FOLLOWUP"
				tmux send-keys -t "$session" Enter
				ACP_FOLLOWUP=
				acp_wait "$session" 30 "turn running\|waiting for your answer" || true
				continue
			fi
			break
		fi
		sleep 0.25
	done
	sleep 1
	acp_pane "$session" >"$SCRATCH/screen-$name.txt"
	tmux send-keys -t "$session" C-d
	sleep 3
	tmux kill-session -t "$session" 2>/dev/null || true
	log "$name: $(wc -l <"$out") lines recorded"
}
