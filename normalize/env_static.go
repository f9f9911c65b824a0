package normalize

import "github.com/cutec/cutec/layout"

// Defined reports whether name is bound.
func (e *Env) Defined(name string) bool {
	_, ok := e.names.find(name)
	return ok
}

// DefineStatic binds name to the static layout s, defined at site: what
// Define does with the value Layout{s.Layout()}, without building its
// tree. It returns false, binding nothing, when name is already bound or
// Define would not keep that value packed (its packed bytes exceed 255);
// the caller then uses Define, which reports the one or binds the other.
func (e *Env) DefineStatic(name string, s *layout.Static, site Site) bool {
	_, dup, at := e.names.lookup(name)
	return !dup && e.bind(name, at, s, nil, site)
}

// LookupStatic sets *s to the layout name is bound to and returns true
// when Define kept it packed (a static layout, see Define); it returns
// false for a name that is not bound or holds any other value.
func (e *Env) LookupStatic(name string, s *layout.Static) bool {
	r, ok := e.names.find(name)
	if !ok {
		return false
	}
	data := e.names.data(r)
	if data[0] == 0 {
		return false
	}
	*s, ok = layout.UnpackStatic(data[1 : 1+int(data[0])])
	return ok
}
