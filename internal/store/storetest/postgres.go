package storetest

import (
	"database/sql"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// PostgresEnv names the variable holding the URL of a scratch PostgreSQL
// database; .ci/postgres.sh prints it.
const PostgresEnv = "SANDTABLE_TEST_POSTGRES"

var schemas atomic.Int32

// PostgresSchemaURL returns the URL of a fresh schema, named after prefix,
// in the scratch database named by PostgresEnv; the schema is dropped when
// the test ends. It skips the test when the variable is not set.
func PostgresSchemaURL(t testing.TB, prefix string) string {
	t.Helper()
	url := os.Getenv(PostgresEnv)
	if url == "" {
		t.Skip(PostgresEnv + " is not set: skipping a PostgreSQL test (run `eval \"$(bash .ci/postgres.sh)\"` to start a throwaway cluster)")
	}
	schema := fmt.Sprintf("%s_%d_%d", prefix, os.Getpid(), schemas.Add(1))
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if admin, err := sql.Open("pgx", url); err == nil {
			admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			admin.Close()
		}
	})
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + schema
}
