package main

/*
#define CUTEC_NO_PROTOTYPES
#include <stdlib.h>
#include "cutec.h"
*/
import "C"

import (
	"encoding/json"

	"github.com/cutec/cutec/internal/bridge"
	"github.com/cutec/cutec/internal/explain"
)

// cutec_explain derives an expression as "cutec eval -explain -json" does:
// value is the derivation's JSON object ({"expr","value","failed","steps"}),
// also when the expression fails (the derivation then ends with the error).
//
//export cutecgo_explain
func cutecgo_explain(expr *C.char, n C.size_t) *C.cutec_result {
	return call("cutec_explain", expr, n, func(src []byte) bridge.Result {
		b, err := json.Marshal(explain.Explain(string(src)))
		if err != nil {
			return bridge.Failure("cutec_explain", "%v", err)
		}
		return bridge.Result{Value: b, HasValue: true, Kind: "derivation"}
	})
}
