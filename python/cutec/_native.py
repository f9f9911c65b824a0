"""ctypes bindings of the C ABI (capi/cutec.h): the one place that touches
the shared library. Each call copies its result out of C memory and frees
it before returning."""
import ctypes
import json
import os

CUTE, MLIR = 0, 1  # CUTEC_CUTE, CUTEC_MLIR
DRAW_FORMATS = {"text": 0, "svg": 1, "html": 2, "latex": 3}  # CUTEC_DRAW_*


class _Result(ctypes.Structure):
    _fields_ = [
        ("status", ctypes.c_int),
        ("value", ctypes.c_void_p),
        ("value_len", ctypes.c_size_t),
        ("kind", ctypes.c_char_p),
        ("diagnostics", ctypes.c_void_p),
        ("diagnostics_len", ctypes.c_size_t),
        ("obligations", ctypes.c_void_p),  # since 0.2.0
        ("obligations_len", ctypes.c_size_t),
        ("notes", ctypes.c_char_p),
    ]


def _library_path():
    """CUTEC_LIBRARY, else libcutec.so beside this file (python/build.py puts
    it there), else build/libcutec.so of the repository."""
    env = os.environ.get("CUTEC_LIBRARY")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for path in (os.path.join(here, "libcutec.so"),
                 os.path.join(os.path.dirname(os.path.dirname(here)), "build", "libcutec.so")):
        if os.path.exists(path):
            return path
    raise ImportError("cutec: libcutec.so not found; build it with: python3 python/build.py "
                      "(or set CUTEC_LIBRARY to its path)")


def _load():
    lib = ctypes.CDLL(_library_path())
    p, n, i = ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int
    res = ctypes.POINTER(_Result)
    for name, args in (("cutec_eval", [p, n]), ("cutec_verify", [p, n]),
                       ("cutec_lint", [p, p, n, i]), ("cutec_format", [p, p, n, i]),
                       ("cutec_draw", [p, n, i])):
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    lib.cutec_result_free.argtypes, lib.cutec_result_free.restype = [res], None
    lib.cutec_version.argtypes, lib.cutec_version.restype = [], ctypes.c_char_p
    return lib


_lib = _load()


class Raw:
    """A result copied out of C: status, value (bytes or None), kind (str or
    None), the diagnostics as decoded JSON objects, the obligations of an
    eval as decoded JSON objects and its notes (the text "cutec eval" prints
    after the value)."""

    __slots__ = ("ok", "value", "kind", "diagnostics", "obligations", "notes")

    def __init__(self, ok, value, kind, diagnostics, obligations=(), notes=""):
        self.ok, self.value, self.kind, self.diagnostics = ok, value, kind, diagnostics
        self.obligations, self.notes = obligations, notes


def _take(ptr):
    if not ptr:
        raise MemoryError("cutec: the library could not allocate a result")
    try:
        r = ptr.contents
        value = ctypes.string_at(r.value, r.value_len) if r.value else None
        kind = r.kind.decode() if r.kind else None
        diags = json.loads(ctypes.string_at(r.diagnostics, r.diagnostics_len).decode("utf-8"))
        obligations = json.loads(ctypes.string_at(r.obligations, r.obligations_len).decode("utf-8"))
        notes = r.notes.decode("utf-8", "surrogateescape") if r.notes else ""
        return Raw(r.status == 0, value, kind, diags, obligations, notes)
    finally:
        _lib.cutec_result_free(ptr)


def _bytes(text):
    """Input as bytes: str is encoded as UTF-8 (lone surrogates from
    surrogateescape back to their bytes, any other lone surrogate as the
    three bytes surrogatepass gives, which are not UTF-8: the library
    reports them as E0107 at their offset); bytes pass unchanged."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    return _encode(str(text))


def _encode(s):
    try:
        return s.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        # A lone surrogate outside U+DC80..U+DCFF: encoded character by
        # character, so that the others keep their surrogateescape bytes.
        out = bytearray()
        for ch in s:
            try:
                out += ch.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                out += ch.encode("utf-8", "surrogatepass")
        return bytes(out)


def _name(name):
    """A file name for the C ABI, which takes a NUL-terminated string: a
    name holding NUL is refused (ValueError) rather than cut short."""
    if not isinstance(name, str):
        raise TypeError(f"cutec: a name is a str, not {type(name).__name__}")
    b = _encode(name)
    if b"\x00" in b:
        raise ValueError(f"cutec: the name {name!r} holds a NUL character, which a name cannot hold")
    return b


def version():
    return _lib.cutec_version().decode()


def eval_(text):
    b = _bytes(text)
    return _take(_lib.cutec_eval(b, len(b)))


def verify(text):
    b = _bytes(text)
    return _take(_lib.cutec_verify(b, len(b)))


def lint(name, text, kind):
    b = _bytes(text)
    return _take(_lib.cutec_lint(_name(name), b, len(b), kind))


def format_(name, text, kind):
    b = _bytes(text)
    return _take(_lib.cutec_format(_name(name), b, len(b), kind))


def draw(text, fmt):
    b = _bytes(text)
    return _take(_lib.cutec_draw(b, len(b), fmt))


def explain(text):
    """cutec_explain, looked up on first use: a library built before it had
    none."""
    fn = getattr(_lib, "cutec_explain", None)
    if fn is None:
        raise NotImplementedError("cutec: this libcutec.so has no cutec_explain; rebuild it (python3 python/build.py)")
    fn.argtypes, fn.restype = [ctypes.c_char_p, ctypes.c_size_t], ctypes.POINTER(_Result)
    b = _bytes(text)
    return _take(fn(b, len(b)))


def inspect(text):
    """cutec_inspect: the value as structured JSON (an empty input: the
    catalogue of operations)."""
    fn = getattr(_lib, "cutec_inspect", None)
    if fn is None:
        raise NotImplementedError("cutec: this libcutec.so has no cutec_inspect; rebuild it (python3 python/build.py)")
    fn.argtypes, fn.restype = [ctypes.c_char_p, ctypes.c_size_t], ctypes.POINTER(_Result)
    b = _bytes(text)
    return _take(fn(b, len(b)))
