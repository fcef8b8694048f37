// Package native presents the tools of deepseek-ai/deepseek-harness, the
// harness's native family, by the names its session log records: Tools is
// their producers.Registry, which the harness's decoder (agents/harness)
// and the ACP recording's (agents/acp) use. "ported" follows the tool's own
// presentCall / presentResult, read in its source; "cardtui" marks a tool
// whose source declares none (the harness's clients then show the tool's
// name and raw arguments), for which the card is this package's; a call
// from a sub-call of run_code goes through the same producers.
//
//	tool                        file         call view                                            result view                                   source
//	read                        fs.go        generic read "Read <path> (a - b)", location         read card from meta                           ported
//	write / edit                fs.go        diff of the content / old → new                      applied diff from meta                        ported
//	read_image                  editor.go    generic read "Read image <path>", location           content (the image)                           ported
//	str_replace_editor          editor.go    view: read; create/str_replace/insert: diff;         view preformatted, else content               cardtui (Anthropic's schema)
//	                                         undo_edit: generic edit
//	bash (foreground)           bash.go      terminal: the command, description?, cwd?            terminal: output, exit badge from             ported (tool-bash; tool-bash-persistent
//	                                                                                              [exit code: N] / [killed by signal: X] /      takes no description)
//	                                                                                              [shell exited: code N] / [shell killed by
//	                                                                                              signal: X] / [shell exited]
//	bash (background)           bash.go      generic execute, the command                         console block                                 ported
//	pwsh                        bash.go      as bash                                              as bash (the same markers)                    ported (tool-pwsh/render.ts)
//	job_output/job_list/job_kill bash.go     generic "Read output from background job <id>" …     console block / text / content                ported
//	terminal_open               terminal.go  generic execute "Open terminal <name|type>"          preformatted text                             ported (tool-terminal)
//	terminal_send               terminal.go  terminal: the text sent, "Terminal <id>";            terminal output (background, error: content)  ported
//	                                         background: generic "Send to terminal <id> in
//	                                         background"
//	terminal_read/_signal       terminal.go  generic "Read|Signal terminal <id>", raw input       preformatted text                             ported
//	terminal_close/_list        terminal.go  generic "Close terminal <id>" / "List terminal       preformatted text                             ported
//	                                         sessions"
//	run_code                    code.go      generic execute titled by its description, the       JSON as a JSON block, else content            ported (core/tools code-mode.ts; the
//	                                         program as a TypeScript block                                                                      program is its rawInput there)
//	workflow                    code.go      generic "workflow: <name>", description, the         as run_code                                   ported (workflow/tool-workflow; the
//	                                         script as JavaScript                                                                               script is its rawInput there)
//	subagent, subagent_codex,   subagent.go  generic think "Subagent · <description>", the        the answer, Markdown                          cardtui (tool-subagent declares none)
//	subagent_claude_code,                    prompt verbatim, "(in background)"
//	subagent_fork
//	send_message                subagent.go  generic "Message subagent <id>", verbatim            the answer, Markdown                          cardtui
//	list_agents                 subagent.go  generic read "List subagents"                        JSON block or preformatted text               cardtui
//	report                      subagent.go  generic "Report to the parent agent", Markdown       content                                       cardtui
//	todo_write                  todo.go      generic "Update todo list"                           checklist                                     ported
//	exit_plan_mode              plan.go      generic titled by the plan's first heading,          generic "Plan review", content                ported (plan/plan-mode)
//	                                         the plan as Markdown
//	ask_user_question           plan.go      generic "Ask the user", the questions and options    the answers, content                          cardtui
//	lsp                         lsp.go       generic search "LSP <operation> <path>:<line>:<col>" JSON block or preformatted text               cardtui
//	skill                       skill.go     generic read "Load skill <name>"                     the skill file as a Markdown source block     cardtui
//	session_event_read          session.go   generic read "Read session event <seq>"              JSON block or preformatted text               cardtui
//	cordis_define               cordis.go    generic edit "Define Cordis package <name>",         JSON block or preformatted text               cardtui
//	                                         purpose, host/client code as JavaScript
//	cordis_run / _inspect_self  cordis.go    "Run Cordis package <plugin>/<package>" /            JSON block or preformatted text               cardtui
//	/ _inspect_query /                       "Inspect Cordis plugin <id>" / "Query Cordis
//	_undefine                                <provider>.<method> on <platform>" / "Remove
//	                                         Cordis plugin <id>"
//	glob / grep                 search.go    generic search                                       search card from meta                         ported
//	web_search / web_fetch      web.go       generic fetch                                        web card from meta                            ported
//	get_goal / create_goal /    goal.go      generic read "Read current goal" / "Create goal",    the goal as a JSON block                      ported (goal/tool-goal)
//	update_goal                              the objective / "<Action> goal" ("Mark goal" for
//	                                         blocked), the reason, objective or goal id
//	anything else               (producers)  fallback: the tool's name, code-like strings         content                                       fallback: no producer
//	                                         fenced, the rest raw input
package native
