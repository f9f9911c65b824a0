package gencache

import (
	"strconv"
	"sync"
	"testing"
)

// get is Get followed, on an admitted miss, by Put, as callers use it.
func get(c *Cache[int], space int, text string, v int) (int, bool) {
	got, ok, admit := c.Get(space, []byte(text))
	if !ok && admit {
		c.Put(space, text, v)
	}
	return got, ok
}

func TestAdmittedOnSecondOccurrence(t *testing.T) {
	c := New[int](1024, 2)
	if _, ok := get(c, 0, "a", 1); ok {
		t.Fatal("hit on first sight")
	}
	if _, ok := get(c, 0, "a", 1); ok {
		t.Fatal("hit on second sight: the value is stored only now")
	}
	if v, ok := get(c, 0, "a", 2); !ok || v != 1 {
		t.Fatalf("third sight: %d %v, want the stored 1", v, ok)
	}
	// Spaces are separate.
	if _, ok := get(c, 1, "a", 3); ok {
		t.Fatal("a text of space 0 found in space 1")
	}
}

func TestBoundedAndKeepsRecurringTexts(t *testing.T) {
	const size = 640
	c := New[int](size, 1)
	hot := "hot"
	for i := range 200_000 {
		text := strconv.Itoa(i)
		get(c, 0, text, i)
		get(c, 0, text, i)
		get(c, 0, hot, -1)
	}
	values, hashes := c.Len()
	if values > 2*size || values < size/2 || hashes > 4*size {
		t.Errorf("%d values and %d hashes for a size of %d", values, hashes, size)
	}
	if v, ok := get(c, 0, hot, 0); !ok || v != -1 {
		t.Errorf("a text asked for all along was dropped: %d %v", v, ok)
	}
}

func TestConcurrentUse(t *testing.T) {
	c := New[int](256, 1)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10_000 {
				k := (i * (w + 1)) % 500
				if v, ok := get(c, 0, strconv.Itoa(k), k); ok && v != k {
					t.Errorf("%d maps to %d", k, v)
					return
				}
			}
		}()
	}
	wg.Wait()
}
