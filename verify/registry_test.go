package verify

import (
	"fmt"
	"sync"
	"testing"
)

// TestRegisterConcurrent: an embedder may register checks while other
// goroutines build passes and list the checks (run it with -race: the
// registry is guarded by a lock). The test's checks are optional, so the
// default pass is unchanged.
func TestRegisterConcurrent(t *testing.T) {
	const n = 16
	var wg sync.WaitGroup
	for i := range n {
		name := fmt.Sprintf("test-concurrent-%d", i)
		wg.Add(2)
		go func() {
			defer wg.Done()
			Register(&Check{Name: name, Doc: "a test check", Optional: true})
		}()
		go func() {
			defer wg.Done()
			if _, err := NewPass(Options{}); err != nil {
				t.Error(err)
			}
			_ = Checks()
		}()
	}
	wg.Wait()
	for i := range n {
		name := fmt.Sprintf("test-concurrent-%d", i)
		if _, ok := lookupCheck(name); !ok {
			t.Errorf("%s was not registered", name)
		}
		if _, err := NewPass(Options{Enable: []string{name}}); err != nil {
			t.Errorf("a pass cannot enable %s: %v", name, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a name twice did not panic")
		}
	}()
	Register(&Check{Name: "test-concurrent-0", Optional: true})
}
