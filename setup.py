"""Build Backroom, compiling its inner loops to C with mypyc where it can.

``backroom/compiled.txt`` lists the modules (``backroom/compiled.py`` says why). Where mypyc or
a C compiler is missing, or ``BACKROOM_PURE_PYTHON=1`` is set, the install keeps their Python
source, which plays the same, only slower. Code mypyc refuses fails the build: a silent
fallback would leave an older build running in a clone (``make install``).
"""

import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_ext import build_ext


class AllOrNothing(build_ext):
    """Builds the compiled modules as one: each extension is optional (no C compiler: the
    Python source, not a failed install), and if any failed, the ones built are removed, since
    a module's small extension imports the group's shared library."""

    def run(self) -> None:
        super().run()
        built = [self._places(ext.name) for ext in self.extensions]
        if all(any(place.exists() for place in places) for places in built):
            return
        for places in built:
            for place in places:
                place.unlink(missing_ok=True)
        print("backroom: a C compiler failed; the compiled modules stay Python", file=sys.stderr)

    def _places(self, name: str) -> list[Path]:
        """Where the extension of module ``name`` lands: the build's tree, and the source's for an
        editable install."""
        file = self.get_ext_filename(name)
        return [Path(self.build_lib) / file, Path(file)]


def listed() -> ModuleType:
    """``backroom/compiled.py`` (the list and ``BACKROOM_PURE_PYTHON``), read by its path: the
    package's dependencies are not installed yet."""
    spec = spec_from_file_location("backroom_compiled", Path(__file__).parent / "backroom" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extensions() -> list:
    said = listed()
    if said.pure():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("backroom: mypyc is not installed; the compiled modules stay Python", file=sys.stderr)
        return []
    built = mypycify(list(said.SOURCES), opt_level="3", group_name="backroom.compiled")
    for extension in built:
        extension.optional = True
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": AllOrNothing})
