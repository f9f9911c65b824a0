package banks

// The parameters of the shared-memory model, in one place. docs/banks.md
// names the public sources: the CUDA C++ Programming Guide (shared memory:
// 32 banks, successive 32-bit words in successive banks, broadcast of a word
// read by several threads) and the PTX ISA (ldmatrix and stmatrix: each
// 8x8 matrix of 16-bit elements is 8 rows of 16 bytes whose addresses come
// from 8 threads).
const (
	// NumBanks is the number of shared-memory banks.
	NumBanks = 32
	// BankBytes is the width of a bank: successive 4-byte words sit in
	// successive banks.
	BankBytes = 4
	// WarpSize is the number of threads of a warp.
	WarpSize = 32
	// MaxWidthBits is the widest access a thread makes in one instruction.
	MaxWidthBits = 128
)

// bankBits is the width of a bank in bits.
const bankBits = 8 * BankBytes

// PhaseThreads returns how many consecutive threads of a warp form one
// phase of an access of widthBits bits a thread: all 32 for 32 bits or
// less, 16 for 64 bits, 8 for 128 bits (ldmatrix and stmatrix, whose threads
// each supply one 16-byte row address, are 128-bit accesses). A phase moves
// at most NumBanks words, so it is served in one wavefront when no bank
// holds two distinct words.
func PhaseThreads(widthBits int) int {
	switch {
	case widthBits <= bankBits:
		return WarpSize
	case widthBits <= 2*bankBits:
		return WarpSize / 2
	default:
		return WarpSize / 4
	}
}

// bankOf returns the bank of a 4-byte word index.
func bankOf(word int64) int { return int(word % NumBanks) }
