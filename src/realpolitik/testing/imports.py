"""Each module of the package imported alone, cheaply: a child process (the *zygote*) loads the
outside libraries the package imports, but nothing of the package, and forks once per module
asked for; the fork imports that one module and exits. Every fork starts with no module of
the package loaded, as a fresh interpreter does, without paying the libraries' import again
(a quarter of a second to a second each, 250 times).

What a fork does not see as a fresh interpreter would: a module that uses a library's submodule
it never imported, which another library's import happened to load. That is a library's
order, not the package's; the package's own order is what the test checks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

from realpolitik.testing.load import allowance

#: the zygote's program: preload the libraries named on the command line, then answer one line
#: per module name read with one JSON line (its exit status and what it wrote to stderr)
ZYGOTE = r"""
import importlib, json, os, sys, tempfile, traceback
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except BaseException:
        pass
assert not [m for m in sys.modules if m == "realpolitik" or m.startswith("realpolitik.")]
for line in sys.stdin:
    module = line.strip()
    with tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            os.dup2(err.fileno(), 2)
            try:
                importlib.import_module(module)
            except BaseException:
                traceback.print_exc()
                sys.stderr.flush()
                os._exit(1)
            sys.stderr.flush()
            os._exit(0)
        _, status = os.waitpid(pid, 0)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    print(json.dumps({"status": os.waitstatus_to_exitcode(status), "stderr": text}), flush=True)
"""


@dataclass(frozen=True)
class Imported:
    """How importing one module alone ended: its exit status (0: fine) and its stderr."""

    status: int
    stderr: str


class Zygote:
    """The forking importer; ``libraries`` are loaded once before the first fork; ``path`` goes
    before the module search path."""

    def __init__(self, libraries: list[str], path: list[str] = ()) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([*path, *filter(None, [env.get("PYTHONPATH")])])
        self.proc = subprocess.Popen([sys.executable, "-c", ZYGOTE, *libraries], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def load(self, module: str) -> Imported:
        """Import ``module`` in a fork of the zygote."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(module + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the zygote exited ({self.proc.wait()}) while {module} was imported")
        answer = json.loads(line)
        return Imported(answer["status"], answer["stderr"])

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=allowance(30))
