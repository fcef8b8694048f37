package native

import "github.com/cardtui/cardtui/producers"

// Tools returns the producers of the harness's native tool family, by
// the names the harness logs them under; doc.go lists them with the
// sources they are ported from.
func Tools() producers.Registry {
	return producers.Registry{
		"read":                 readProducer,
		"write":                writeProducer,
		"edit":                 editProducer,
		"read_image":           readImageProducer,
		"str_replace_editor":   strReplaceEditorProducer,
		"bash":                 bashProducer,
		"pwsh":                 bashProducer,
		"job_output":           jobOutputProducer,
		"job_list":             jobListProducer,
		"job_kill":             jobKillProducer,
		"terminal_open":        terminalOpenProducer,
		"terminal_send":        terminalSendProducer,
		"terminal_read":        terminalReadProducer,
		"terminal_signal":      terminalSignalProducer,
		"terminal_close":       terminalCloseProducer,
		"terminal_list":        terminalListProducer,
		"run_code":             runCodeProducer,
		"workflow":             workflowProducer,
		"subagent":             subagentProducer,
		"subagent_codex":       subagentProducer,
		"subagent_claude_code": subagentProducer,
		"subagent_fork":        subagentProducer,
		"send_message":         sendMessageProducer,
		"list_agents":          listAgentsProducer,
		"report":               reportProducer,
		"todo_write":           todoWriteProducer,
		"exit_plan_mode":       exitPlanModeProducer,
		"ask_user_question":    askUserQuestionProducer,
		"lsp":                  lspProducer,
		"skill":                skillProducer,
		"session_event_read":   sessionEventReadProducer,
		"cordis_define":        cordisDefineProducer,
		"cordis_run":           cordisRunProducer,
		"cordis_inspect_self":  cordisInspectSelfProducer,
		"cordis_inspect_query": cordisInspectQueryProducer,
		"cordis_undefine":      cordisUndefineProducer,
		"glob":                 globProducer,
		"grep":                 grepProducer,
		"web_search":           webSearchProducer,
		"web_fetch":            webFetchProducer,
		"get_goal":             getGoalProducer,
		"create_goal":          createGoalProducer,
		"update_goal":          updateGoalProducer,
	}
}
