package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
)

// bankConflictsCheck is the check bank-conflicts (see checks in check.go).
var bankConflictsCheck = &Check{
	Name: "bank-conflicts",
	Doc: "An access whose shared-memory layout, element type and atom are all stated, as in " +
		"bank_check(L, T, ATOM), is conflict-free under the bank model of docs/banks.md; otherwise W0901 " +
		"gives the degree, the wavefronts against the ideal, and the instruction, phase, bank, words and " +
		"threads of the worst conflict. In MLIR the same holds " +
		"for each cute.tiled.copy.partition_S/partition_D of a shared-memory memref by a tiled copy whose atom " +
		"the model knows, every warp analyzed. Where the access is not stated nothing is reported.",
	Codes: []diag.Code{diag.BankConflicts},
	Call:  checkBanks,
}

func checkBanks(s *Subject) {
	if s.Op != "bank_check" {
		return
	}
	rep := s.bank
	if rep == nil || rep.Degree <= 1 {
		return
	}
	s.Report(diag.BankConflicts, s.Span(), fmt.Sprintf("%s of %s elements to %s: %s; %s",
		rep.Access, rep.Elem, rep.Tile, rep.Summary(), rep.Evidence()))
}
