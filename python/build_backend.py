"""The build backend of the package (PEP 517), in the standard library only,
so that "pip install --no-build-isolation ./python" works offline on any
Python 3.8+ with pip: a Debian python3 has no setuptools or wheel by
default. It builds the C ABI with python/build.py's build_library (go
build -buildmode=c-shared ./capi, as "python3 python/build.py" does) and
writes a wheel of cutec/ with the library in it. The wheel is tagged
py3-none-<platform>: the library does not depend on the Python version
(the package loads it with ctypes)."""
import base64
import hashlib
import importlib.util
import os
import re
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "cutec"


def _version():
    """CUTEC_VERSION of capi/cutec.h: the package's version is the C ABI's."""
    with open(os.path.join(os.path.dirname(HERE), "capi", "cutec.h"), encoding="utf-8") as f:
        m = re.search(r'#define CUTEC_VERSION "([0-9.]+)"', f.read())
    if not m:
        raise RuntimeError("cutec: no CUTEC_VERSION in capi/cutec.h")
    return m.group(1)


def _build_library():
    """python/build.py's build_library, which leaves cutec/libcutec.so."""
    spec = importlib.util.spec_from_file_location("_cutec_build", os.path.join(HERE, "build.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.build_library()


def _metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            "Summary: CuTe layouts evaluated, verified, linted, formatted and drawn by cutec's library\n"
            "Requires-Python: >=3.8\nClassifier: Typing :: Typed\n"
            f"Description-Content-Type: text/markdown\n\n{readme}")


def _tag():
    return "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def _dist_files():
    wheel = f"Wheel-Version: 1.0\nGenerator: cutec build_backend\nRoot-Is-Purelib: false\nTag: {_tag()}\n"
    return {"METADATA": _metadata(), "WHEEL": wheel, "top_level.txt": NAME + "\n"}


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    d = os.path.join(metadata_directory, _dist_info())
    os.makedirs(d, exist_ok=True)
    for name, text in _dist_files().items():
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    return _dist_info()


def _record_line(arc, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _build_library()
    pkg = os.path.join(HERE, NAME)
    files = sorted(f for f in os.listdir(pkg) if f.endswith(".py") or f in ("py.typed", "libcutec.so"))
    if "libcutec.so" not in files:
        raise RuntimeError("cutec: the build left no cutec/libcutec.so")
    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
        def add(arc, data):
            z.writestr(arc, data)
            record.append(_record_line(arc, data))
        for f in files:
            with open(os.path.join(pkg, f), "rb") as fh:
                add(f"{NAME}/{f}", fh.read())
        for name, text in _dist_files().items():
            add(f"{_dist_info()}/{name}", text.encode("utf-8"))
        record.append(f"{_dist_info()}/RECORD,,")
        z.writestr(f"{_dist_info()}/RECORD", "\n".join(record) + "\n")
    return wheel_name
