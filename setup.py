"""Build Backroom, compiling its inner loops to C with mypyc where it can.

``backroom/compiled.txt`` lists the modules (``backroom/compiled.py`` says why). Each is
optional: where mypyc or a C compiler is missing, or ``BACKROOM_PURE_PYTHON=1`` is set, the
install keeps their Python source, which plays the same, only slower.
"""

import os
import sys
from pathlib import Path

from setuptools import setup


def extensions() -> list:
    if os.environ.get("BACKROOM_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("backroom: mypyc is not installed; the compiled modules stay Python", file=sys.stderr)
        return []
    here = Path(__file__).parent
    sources = (here / "backroom" / "compiled.txt").read_text("utf-8").split()
    try:
        built = mypycify(sources, opt_level="3", group_name="backroom.compiled")
    except (Exception, SystemExit) as exc:  # mypyc reports a type error by exiting
        print(f"backroom: mypyc could not compile ({exc}); the modules stay Python", file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True  # no C compiler: the Python source, not a failed install
    return built


setup(ext_modules=extensions())
