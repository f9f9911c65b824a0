// The one function of the C ABI written in C: the version of capi/cutec.h
// the library was built with, as a static string.
#include "cutec.h"

const char *cutec_version(void) { return CUTEC_VERSION; }
