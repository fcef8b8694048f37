package claude

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// claudeAPIErrorFields are the fields of a system line of subtype
// api_error: the error of a request to the API, and when Claude Code
// retries it.
type claudeAPIErrorFields struct {
	APIError     json.RawMessage `json:"error"`
	RetryInMs    *float64        `json:"retryInMs"`
	RetryAttempt *int            `json:"retryAttempt"`
	MaxRetries   *int            `json:"maxRetries"`
}

// apiErrorText words an api_error line as Claude Code shows it: "API
// Error (529 Overloaded) · Retrying in 1 seconds… (attempt 1/10)".
func (f claudeAPIErrorFields) apiErrorText() string {
	var e struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
		Error   struct {
			Message string `json:"message"`
			Error   struct {
				Message string `json:"message"`
			} `json:"error"`
		} `json:"error"`
	}
	_ = json.Unmarshal(f.APIError, &e) // an error of another shape is only "API Error"
	message := strings.TrimSpace(cmp.Or(e.Message, e.Error.Message, e.Error.Error.Message))
	status := ""
	if e.Status != 0 {
		status = strconv.Itoa(e.Status)
	}
	if status != "" && !strings.HasPrefix(message, status) {
		message = strings.TrimSpace(status + " " + message)
	}
	text := "API Error"
	if message != "" {
		text += " (" + oneLineText(message) + ")"
	}
	if f.RetryInMs != nil {
		text += fmt.Sprintf(" · Retrying in %d seconds…", int(math.Round(*f.RetryInMs/1000)))
	}
	if f.RetryAttempt != nil && f.MaxRetries != nil {
		text += fmt.Sprintf(" (attempt %d/%d)", *f.RetryAttempt, *f.MaxRetries)
	}
	return text
}
