package evalfast

import (
	"errors"

	"github.com/cutec/cutec/layout"
)

// Failed is the Kind of a line that Eval read whole and whose operation
// failed: an error of the algebra (a divisibility or injectivity
// condition), reported in a Failure.
const Failed Kind = 3

// Failure is an error of the algebra on a line the fast path reads whole:
// the error the general function of package layout returns, and the byte
// offset in the line of what it is about (the argument it names, or the
// call), where the full path's diagnostic starts.
//
// The error is held as its values (Lazy) where layout.Failure finds it
// from the Static layouts read, the commonest errors (a composition, a
// complement, a divide by a layout), and its text is written only when printed
// (AppendMessage); otherwise Err is the general function's error.
type Failure struct {
	Err  *layout.Error
	Lazy layout.Failure // the error when Err is nil
	At   int
}

// Code is the code of the error.
func (f *Failure) Code() string {
	if f.Err != nil {
		return f.Err.Code
	}
	return f.Lazy.Code
}

// AppendMessage appends what the error's diagnostic says
// (layout.Error.Message).
func (f *Failure) AppendMessage(b []byte) []byte {
	if f.Err != nil {
		return append(b, f.Err.Message()...)
	}
	return f.Lazy.AppendMessage(b)
}

// Eval is Append that also answers the lines whose operation fails: when
// the Static operation declines a line read whole, Eval runs the general
// function on the same layouts (as normalize does) and, when that returns
// an error of the algebra, sets *fail and returns kind Failed with dst
// unchanged. No second parse: the layouts read are reused. The caller words
// the error (layout.Error.Message) as the full path does.
func Eval(dst, line []byte, fail *Failure) (out []byte, kind Kind, ok bool) {
	return appendLine(dst, line, fail)
}

// callArgs are the offsets of a call's name and of its first two arguments.
type callArgs struct{ name, arg0, arg1 int }

// failure runs the general function of operation o on the layouts a and b
// (b unused by the operations of one argument), the cotarget when has is
// set, and fills *fail when it returns an error of the algebra. It reports
// whether it did; a success of the general function (the Static operation
// declined for another reason) or an error of another kind is left to the
// full path.
func failure(o op, a, b *layout.Static, cotarget int64, has bool, at callArgs, fail *Failure) bool {
	if lazyFailure(o, a, b, cotarget, has, &fail.Lazy) {
		fail.Err = nil
		fail.at(fail.Lazy.Arg, at)
		return true
	}
	la := a.Layout()
	var err error
	switch o {
	case opComposition:
		_, err = layout.ComposeTiler(la, layout.TileLayout(b.Layout()))
	case opComplement:
		if has && cotarget < 1 {
			return false // the full path words a cotarget that is not positive
		} else if has {
			_, err = layout.ComplementTo(la, layout.Int(cotarget))
		} else {
			_, err = layout.Complement(la)
		}
	case opLeftInverse:
		_, err = layout.LeftInverse(la)
	case opLogicalDivide:
		_, err = layout.LogicalDivide(la, layout.TileLayout(b.Layout()))
	case opZippedDivide:
		_, err = layout.ZippedDivide(la, layout.TileLayout(b.Layout()))
	case opTiledDivide:
		_, err = layout.TiledDivide(la, layout.TileLayout(b.Layout()))
	case opFlatDivide:
		_, err = layout.FlatDivide(la, layout.TileLayout(b.Layout()))
	case opLogicalProduct:
		_, err = layout.LogicalProduct(la, layout.TileLayout(b.Layout()))
	case opZippedProduct:
		_, err = layout.ZippedProduct(la, layout.TileLayout(b.Layout()))
	case opTiledProduct:
		_, err = layout.TiledProduct(la, layout.TileLayout(b.Layout()))
	case opFlatProduct:
		_, err = layout.FlatProduct(la, layout.TileLayout(b.Layout()))
	case opBlockedProduct:
		_, err = layout.BlockedProduct(la, b.Layout())
	case opRakedProduct:
		_, err = layout.RakedProduct(la, b.Layout())
	default:
		return false
	}
	var e *layout.Error
	if err == nil || !errors.As(err, &e) {
		return false
	}
	fail.Err = e
	fail.at(e.Arg, at)
	return true
}

// at sets f.At to the offset of argument arg (the call's name when the
// error is not about one argument).
func (f *Failure) at(arg int, at callArgs) {
	f.At = at.name
	switch arg {
	case 0:
		f.At = at.arg0
	case 1:
		if at.arg1 >= 0 {
			f.At = at.arg1
		}
	}
}

// lazyFailure finds the error of operation o with layout.Failure, without
// the general function, for the operations it knows.
func lazyFailure(o op, a, b *layout.Static, cotarget int64, has bool, x *layout.Failure) bool {
	switch o {
	case opComposition:
		return x.Compose(a, b)
	case opComplement:
		return x.Complement(a, cotarget, has)
	case opLogicalDivide:
		return x.LogicalDivide(a, b)
	case opZippedDivide:
		return x.ZippedDivide(a, b)
	case opTiledDivide:
		return x.TiledDivide(a, b)
	case opFlatDivide:
		return x.FlatDivide(a, b)
	}
	return false
}
