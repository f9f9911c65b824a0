package normalize

import (
	"flag"
	"slices"
	"strconv"
	"strings"
)

// soundOnly restricts the substitution property to a comma-separated list
// of operations (go test ./normalize -run DynamicSubstitution
// -sound.ops=composition,crd2idx), to study one family's counterexamples.
var soundOnly = flag.String("sound.ops", "", "comma-separated operations the substitution property draws (all when empty)")

// drawnOps are the operations the property draws: soundOps, or those
// that -sound.ops names.
func drawnOps() []string {
	if *soundOnly == "" {
		return soundOps()
	}
	want := strings.Split(*soundOnly, ",")
	return slices.DeleteFunc(slices.Clone(soundOps()), func(op string) bool { return !slices.Contains(want, op) })
}

// soundPrint prints every counterexample the property finds, not only the
// first of each operation.
var soundPrint = flag.Bool("sound.print", false, "print every counterexample of the substitution property")

// soundSeed makes a run of the property reproducible: round i checks
// rapid's seeds soundSeed + 100*i onwards (rapid's own -rapid.seed would
// repeat one round's hundred checks in every round). 0 draws fresh seeds.
var soundSeed = flag.Uint64("sound.seed", 0, "first rapid seed of the substitution property's rounds (0: random)")

// seedRound sets rapid's seed for round i where -sound.seed asks for one.
func seedRound(i int) {
	if *soundSeed == 0 {
		return
	}
	if f := flag.Lookup("rapid.seed"); f != nil {
		_ = f.Value.Set(strconv.FormatUint(*soundSeed+100*uint64(i), 10))
	}
}
