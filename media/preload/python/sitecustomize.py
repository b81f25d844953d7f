"""MCP Lens: trace stray stdout writes of a Python MCP server to the line that wrote them.

Put on PYTHONPATH by MCP Lens (src/core/preload/launch.ts) only when MCP_LENS_SIDE_FILE is
set. sys.stdout is wrapped by a thin proxy whose write() forwards every call unchanged to
the real stream first and returns its result, so not one byte of stdout changes. Each
stdout line that is not a JSON-RPC message ("a JSON object with jsonrpc") is reported with
the stack of the write that began it, as one JSON line appended to MCP_LENS_SIDE_FILE.
Mirrors src/core/preload/lineObserver.ts. Observation never raises into the server.

A sitecustomize found later on sys.path (a venv's or the distribution's) is still run.
"""
import os
import sys


_SIDE_FILE_ENV = "MCP_LENS_SIDE_FILE"
_STDOUT_ID_ENV = "MCP_LENS_STDOUT_ID"
_MAX_LINE = 4 * 1024 * 1024
_MAX_TEXT = 2000
_MAX_RECORDS = 5000
_HERE = os.path.abspath(__file__)


def _without_cr(line):
    return line[:-1] if line.endswith("\r") else line


def _is_protocol_line(line, truncated=False):
    text = _without_cr(line)
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return False
    if truncated:
        return '"jsonrpc"' in text[:4096]
    import json

    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and "jsonrpc" in value


class _LineObserver:
    """Buffers text per line; blames a stray line on the write that began it."""

    def __init__(self, capture, on_stray):
        self._capture = capture
        self._on_stray = on_stray
        self._pending = []
        self._pending_len = 0
        self._pending_site = None
        self._overflow = False

    def write(self, text):
        site = []

        def here():
            if not site:
                site.append(self._capture())
            return site[0]

        start = 0
        while True:
            nl = text.find("\n", start)
            if nl == -1:
                break
            began = self._pending_site if self._pending_len else None
            self._append(text[start:nl])
            line, overflow = "".join(self._pending), self._overflow
            self._pending, self._pending_len, self._pending_site, self._overflow = [], 0, None, False
            if not _is_protocol_line(line, overflow):
                # The text as the wire framer shows the line: without the \r of a \r\n ending.
                self._on_stray(_without_cr(line), began if began is not None else here(), False)
            start = nl + 1
        if start < len(text):
            if not self._pending_len:
                self._pending_site = here()
            self._append(text[start:])

    def end(self):
        line = "".join(self._pending)
        if line and self._pending_site is not None and not _is_protocol_line(line, self._overflow):
            self._on_stray(_without_cr(line), self._pending_site, True)
        self._pending, self._pending_len, self._pending_site = [], 0, None

    def _append(self, text):
        if self._overflow or not text:
            return
        room = _MAX_LINE - self._pending_len
        if len(text) > room:
            text, self._overflow = text[:room], True
        self._pending.append(text)
        self._pending_len += len(text)


def _library_roots():
    import sysconfig

    roots = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            roots.add(os.path.abspath(sysconfig.get_paths()[key]))
        except Exception:
            pass
    return tuple(root + os.sep for root in roots)


def _capture():
    """(code, lasti, lineno) of each frame below the proxy: cheap, resolved only if reported."""
    frames = []
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_filename != _HERE:
            frames.append((code, frame.f_lasti, frame.f_lineno))
        frame = frame.f_back
    return frames


def _column(code, lasti):
    try:
        positions = code.co_positions()  # Python 3.11+
    except AttributeError:
        return 0
    for index, position in enumerate(positions):
        if index == lasti // 2:
            return (position[2] or 0) + 1
    return 0


def _frames(site, library_roots):
    result = []
    for code, lasti, lineno in site:
        filename = code.co_filename
        if filename.startswith("<frozen"):
            continue
        path = os.path.abspath(filename) if not filename.startswith("<") else filename
        frame = {
            "file": path,
            "line": lineno or 0,
            "column": _column(code, lasti),
            "function": getattr(code, "co_qualname", code.co_name),
        }
        if path.startswith(library_roots):
            frame["library"] = True
        result.append(frame)
    return result


def _writes_to_server_stdout():
    """True when fd 1 is the server's stdout (the first observing process records which)."""
    try:
        stat = os.fstat(1)
    except OSError:
        return False
    if not stat.st_ino:
        return True
    ident = "%d:%d" % (stat.st_dev, stat.st_ino)
    expected = os.environ.get(_STDOUT_ID_ENV)
    if not expected:
        os.environ[_STDOUT_ID_ENV] = ident
        return True
    return expected == ident


class _ObservedStdout:
    """Forwards everything to the real stream; observes write() and writelines()."""

    def __init__(self, inner, observe):
        object.__setattr__(self, "_mcp_lens_inner", inner)
        object.__setattr__(self, "_mcp_lens_observe", observe)

    def write(self, s):
        result = self._mcp_lens_inner.write(s)
        self._mcp_lens_observe(s)
        return result

    def writelines(self, lines):
        lines = list(lines)
        result = self._mcp_lens_inner.writelines(lines)
        for line in lines:
            self._mcp_lens_observe(line)
        return result

    def __getattr__(self, name):
        return getattr(self._mcp_lens_inner, name)

    def __setattr__(self, name, value):
        setattr(self._mcp_lens_inner, name, value)

    def __enter__(self):
        self._mcp_lens_inner.__enter__()
        return self

    def __exit__(self, *exc):
        return self._mcp_lens_inner.__exit__(*exc)

    def __iter__(self):
        return iter(self._mcp_lens_inner)

    def __repr__(self):
        return repr(self._mcp_lens_inner)


def _install():
    side_file = os.environ.get(_SIDE_FILE_ENV)
    if not side_file or sys.stdout is None or getattr(sys.stdout, "_mcp_lens_inner", None) is not None:
        return
    if not _writes_to_server_stdout():
        return

    import atexit
    import json
    import threading
    import time

    lock = threading.RLock()
    state = {"fd": None, "count": 0}
    library_roots = _library_roots()

    def on_stray(text, site, partial):
        if state["count"] >= _MAX_RECORDS:
            return
        state["count"] += 1
        record = {
            "text": text[:_MAX_TEXT],
            "stack": _frames(site, library_roots),
            "pid": os.getpid(),
            "runtime": "python",
            "t": time.time() * 1000,
            "n": state["count"],
        }
        if partial:
            record["partial"] = True
        if len(text) > _MAX_TEXT:
            record["length"] = len(text)
        if state["fd"] is None:
            state["fd"] = os.open(side_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.write(state["fd"], (json.dumps(record) + "\n").encode("utf-8"))

    observer = _LineObserver(_capture, on_stray)

    def observe(s):
        try:
            if isinstance(s, str) and s:
                with lock:
                    observer.write(s)
        except Exception:
            pass

    def at_exit():
        try:
            with lock:
                observer.end()
        except Exception:
            pass

    atexit.register(at_exit)
    sys.stdout = _ObservedStdout(sys.stdout, observe)


def _chain():
    """Run the sitecustomize this one shadows, as site.py would have."""
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(_HERE)
    path = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


try:
    _install()
except Exception:
    pass

_chain()
