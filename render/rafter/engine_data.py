"""The engine's pure Rafter Five modules (`config`, `scene`, `mjcf`), without its package.

`import engine.rafter.config` would first run `engine/rafter/__init__.py`, which builds the
game's spec from its rules, and the rules load MuJoCo: some 50 MB and a third of a second in a
drawing process that never simulates anything (issue 32). These three modules import nothing
but each other, `engine.core` and the component data, so in a process without the engine's
package they are loaded here from their own files. They are taken out of `sys.modules` again
once loaded: left there without their package, `import engine.rafter.scene` would later find
the module but no `engine.rafter` to reach it through. So such a process has the pictures'
own copies (a `Pose` of theirs is not the engine's class; the pictures only read the engine's
shapes and data). In a process that already has the package, the package's modules are used.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

PACKAGE = "engine.rafter"
PURE = ("config", "scene", "mjcf")  # in the order they import each other


def _modules() -> tuple[ModuleType, ...]:
    if PACKAGE in sys.modules:  # the engine is loaded anyway: nothing to save
        return tuple(importlib.import_module(f"{PACKAGE}.{name}") for name in PURE)
    engine = importlib.import_module(PACKAGE.rpartition(".")[0])  # `engine`: a docstring
    folder = Path(engine.__file__).parent / PACKAGE.rpartition(".")[2]
    loaded: dict[str, ModuleType] = {}
    try:
        for name in PURE:  # registered while loading: each finds the ones before it
            full = f"{PACKAGE}.{name}"
            spec = importlib.util.spec_from_file_location(full, folder / f"{name}.py")
            assert spec is not None and spec.loader is not None
            loaded[full] = sys.modules[full] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(loaded[full])
    finally:
        for full in loaded:
            del sys.modules[full]
    return tuple(loaded.values())


config, scene, mjcf = _modules()

CONFIG = config.CONFIG
BoxPart = config.BoxPart
Piece = scene.Piece
Pose = scene.Pose
yaw_quat = scene.yaw_quat
piece_parts = mjcf.piece_parts
raft_top_mm = mjcf.raft_top_mm
