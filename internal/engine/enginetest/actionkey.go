package enginetest

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
)

// CheckActionKeys checks a ruleset's search keys for actions (appendKey,
// its AppendActionKey): two of acts get the same key exactly when their
// JSON forms (engine.EncodeAction) are the same, and a key appended to
// other bytes is those bytes and the key. It returns how many actions
// appendKey declined, and how many distinct keys it gave.
func CheckActionKeys(t testing.TB, appendKey func(dst []byte, a engine.Action) ([]byte, bool), acts []engine.Action) (declined, distinct int) {
	t.Helper()
	keys := map[string]string{} // key -> JSON
	slow := map[string]string{} // JSON -> key
	for i, a := range acts {
		k, ok := appendKey(nil, a)
		if !ok {
			declined++
			continue
		}
		if k2, _ := appendKey([]byte("x"), a); string(k2) != "x"+string(k) {
			t.Fatalf("%v: appended to x, key %q, want x then %q", a, k2, k)
		}
		enc, err := engine.EncodeAction(a)
		if err != nil {
			t.Fatalf("action %d %+v: %v", i, a, err)
		}
		sk := string(enc)
		if o, dup := keys[string(k)]; dup && o != sk {
			t.Fatalf("%s and %s share a key", o, sk)
		}
		if o, dup := slow[sk]; dup && o != string(k) {
			t.Fatalf("%s has two keys", sk)
		}
		keys[string(k)], slow[sk] = sk, string(k)
	}
	return declined, len(keys)
}
