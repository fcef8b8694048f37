# Crush: its npm package downloads the binary from outside at install,
# and the Go module proxy does not serve github.com/charmbracelet/crush,
# so Crush cannot run here. Its database is written instead from its
# migrations' schema exactly (crush-schema.sql, the Up sections of
# internal/db/migrations at v0.90.0) and a session in the shapes Crush
# writes (crush-session.sql), written in WAL mode as Crush keeps it, as
# agents/crush/testdata/crush-0.90.0/crush.db.

CRUSH_VERSION=0.90.0

record_crush() {
	local out db
	out=$(testdata crush "crush-$CRUSH_VERSION")
	db="$out/crush.db"
	sqlite3 "$db" "PRAGMA journal_mode = WAL;" >/dev/null
	sqlite3 "$db" <"$HERE/crush-schema.sql"
	sqlite3 "$db" <"$HERE/crush-session.sql"
	# Committed as one file: the log checkpointed and the journal back to
	# DELETE, so that opening the fixture leaves no -wal and -shm beside it.
	sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;" >/dev/null
	log "Crush $CRUSH_VERSION (schema only): $(find "$out" -type f | wc -l) files in $out"
}
