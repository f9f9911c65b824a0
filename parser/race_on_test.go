//go:build race

package parser

// raceEnabled reports a build with the race detector, under which sync.Pool
// drops pooled values at random, so that allocation counts are not those of
// a normal build.
const raceEnabled = true
