package sqlitedb

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Guard is the SQL expression of the column col that reads as NULL when
// its value is larger than MaxValue: SQLite refuses such a value, which
// would end the query and with it every row after the one holding it
// (octet_length reads a value's size, not the value).
func Guard(col string) string {
	return fmt.Sprintf("iif(octet_length(%[1]s) > %[2]d, NULL, %[1]s)", col, MaxValue)
}

// Equal is the condition col = expr, which an index on col serves, with
// col's size tested first: SQLite tests the terms of a WHERE clause in
// their order, so that where no index serves it a value of col larger
// than MaxValue is not read (which would end the query). expr is a
// scalar subquery, which SQLite does not put in place of col in the size
// test as it does a constant.
func Equal(col, expr string) string {
	return fmt.Sprintf("octet_length(%[1]s) <= %[2]d AND %[1]s = (SELECT %[3]s)", col, MaxValue, expr)
}

// OrderBy is the ORDER BY list of the columns given, each guarded: a
// sort reads every value it orders by.
func OrderBy(cols ...string) string {
	for i, c := range cols {
		cols[i] = Guard(c)
	}
	return strings.Join(cols, ", ")
}

// JSON is the SQL expression of the column col as JSON for json_extract
// and json_each: NULL when its value is larger than MaxValue or is not
// JSON SQLite reads (one nested deeper than its 1,000 levels, say).
func JSON(col string) string {
	return fmt.Sprintf("iif(octet_length(%[1]s) <= %[2]d AND json_valid(%[1]s), %[1]s, NULL)", col, MaxValue)
}

// Selection is the columns a query reads of each row of a table, the
// first the row's id, each with what stands for one the table lacks, and
// each read with its size: Scan makes a row whose value is larger than
// MaxValue or of the wrong kind a RowError, costing that row only.
type Selection struct {
	table string
	names []string
	sql   string
}

// Select is the selection of the columns wanted of table, whose columns
// are have: each the column when the table has it, else the fallback
// expression given (NULL, 0, the empty string); a column's NULL reads as its
// fallback too, so that one row's NULL costs nothing but that value.
func Select(have map[string]bool, table string, want [][2]string) Selection {
	s := Selection{table: table}
	var values, sizes []string
	for _, w := range want {
		s.names = append(s.names, w[0])
		col := `"` + w[0] + `"`
		switch {
		case !have[w[0]]:
			values, sizes = append(values, w[1]), append(sizes, "0")
			continue
		case w[1] == "NULL":
			values = append(values, Guard(col))
		default:
			values = append(values, "coalesce("+Guard(col)+", "+w[1]+")")
		}
		sizes = append(sizes, "octet_length("+col+")")
	}
	s.sql = strings.Join(append(values, sizes...), ", ")
	return s
}

// SQL is the selection's list of expressions, for a SELECT.
func (s Selection) SQL() string { return s.sql }

// Scan reads the current row of rows, the n-th of its query, whose first
// columns are the selection's and whose others are read into extra.
func (s Selection) Scan(rows *Rows, n int, extra ...any) Row {
	values := make([]any, len(s.names))
	sizes := make([]sql.NullInt64, len(s.names))
	dest := make([]any, 0, 2*len(s.names)+len(extra))
	for i := range values {
		dest = append(dest, &values[i])
	}
	for i := range sizes {
		dest = append(dest, &sizes[i])
	}
	r := Row{sel: s, values: values, n: n}
	if err := rows.Scan(append(dest, extra...)...); err != nil {
		r.fail(err.Error())
	}
	for i, size := range sizes {
		if size.Int64 > MaxValue {
			r.fail(fmt.Sprintf("%s holds %d bytes, more than %d MiB", s.names[i], size.Int64, MaxValue>>20))
		}
	}
	return r
}

// Row is a row read by a Selection: its values by column name, and the
// first problem found reading it.
type Row struct {
	sel    Selection
	values []any
	// n is the row's place in its query, which names it when its id
	// does not read.
	n   int
	err error
}

// RowError is a row that could not be read: its table, the row (its id)
// and why. The database's other rows read as they are.
type RowError struct {
	Table, Row, Reason string
}

func (e *RowError) Error() string {
	return fmt.Sprintf("table %s, row %s: %s", e.Table, e.Row, e.Reason)
}

// fail records the row's first problem.
func (r *Row) fail(reason string) {
	if r.err == nil {
		r.err = &RowError{Table: r.sel.table, Row: r.ID(), Reason: reason}
	}
}

// Err is the row's first problem, a *RowError, or nil.
func (r *Row) Err() error { return r.err }

// ID is the row's id, its first column, or "#" and its place in the
// query when that is not text.
func (r *Row) ID() string {
	if id, ok := r.value(r.sel.names[0]).(string); ok && id != "" {
		return id
	}
	return "#" + strconv.Itoa(r.n)
}

// value is the value of column name.
func (r *Row) value(name string) any {
	for i, n := range r.sel.names {
		if n == name {
			return r.values[i]
		}
	}
	return nil
}

// Text is the text of column name: "" for NULL or a value too large,
// a number as its digits.
func (r *Row) Text(name string) string {
	switch v := r.value(name).(type) {
	case string:
		return v
	case []byte:
		return string(v)
	case nil:
		return ""
	default:
		return fmt.Sprint(v)
	}
}

// Need is the text of column name, which the row cannot do without:
// NULL there, or a value too large, is the row's problem.
func (r *Row) Need(name string) string {
	if r.value(name) == nil {
		r.fail(name + " is NULL")
	}
	return r.Text(name)
}

// NeedJSON is Need for a column holding JSON: text that is not JSON is
// the row's problem too.
func (r *Row) NeedJSON(name string) string {
	text := r.Need(name)
	if r.value(name) != nil && !json.Valid([]byte(text)) {
		r.fail(name + " is not JSON")
	}
	return text
}

// Int is the number of column name, a real's integer part; 0 for NULL.
// Text or a blob there is the row's problem.
func (r *Row) Int(name string) int64 {
	switch v := r.value(name).(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	case nil:
		return 0
	default:
		r.fail(fmt.Sprintf("%s is %s, not a number", name, kind(v)))
		return 0
	}
}

// Float is the number of column name; 0 for NULL. Text or a blob there
// is the row's problem.
func (r *Row) Float(name string) float64 {
	switch v := r.value(name).(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	case nil:
		return 0
	default:
		r.fail(fmt.Sprintf("%s is %s, not a number", name, kind(v)))
		return 0
	}
}

// kind names the kind of a value that is not a number.
func kind(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(cut(v))
	case []byte:
		return fmt.Sprintf("a blob of %d bytes", len(v))
	default:
		return fmt.Sprintf("a %T", v)
	}
}

// cut is a value's text cut to the start a problem quotes.
func cut(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	return strings.ToValidUTF8(s[:most], "") + "…"
}

// EachRow gives read each of a session's rows of table (those whose
// session_id is session), in order, read as Select reads want; a row
// read leaves with an error (Row.Err) is then given to problem.
func EachRow(db *DB, table string, want [][2]string, order, session string, read func(*Row), problem func(error)) error {
	cols, err := Columns(db, table)
	if err != nil {
		return err
	}
	sel := Select(cols, table, want)
	rows, err := db.Query("SELECT "+sel.SQL()+" FROM "+table+" WHERE "+Equal("session_id", "?")+" ORDER BY "+order, session)
	if err != nil {
		return err
	}
	defer rows.Close()
	for n := 1; rows.Next(); n++ {
		r := sel.Scan(rows, n)
		if read(&r); r.Err() != nil {
			problem(r.Err())
		}
	}
	return rows.Err()
}
