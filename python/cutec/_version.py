"""The package's version: the version of the C ABI it binds (CUTEC_VERSION
of capi/cutec.h; a test checks they agree)."""
VERSION = "0.1.0"
