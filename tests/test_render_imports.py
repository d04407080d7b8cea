"""A drawing process never loads MuJoCo (issue 32 item 6): it draws every game's pictures from
views, and Rafter Five's pictures need the engine's shapes and component data, not its physics
(`render.rafter.engine_data` loads those pure modules without the package that loads the rules).
Each check runs in a fresh interpreter, as a drawing process is one ("spawn")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.rafter import SPEC as RAFTER

ROOT = Path(__file__).resolve().parents[1]

DRAW_AND_TELL = """
import json, sys
from bot import pictures
keys = json.load(sys.stdin)
sizes = [len(pictures.draw(key) or b"") for key in keys]
print(json.dumps({"sizes": sizes, "mujoco": "mujoco" in sys.modules,
                  "physics": "engine.rafter.physics" in sys.modules}))
"""


def _in_fresh_process(code: str, stdin: str = "") -> dict:
    done = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_every_games_pictures_loads_no_mujoco() -> None:
    told = _in_fresh_process(
        "import json, sys\nfrom render import RENDERERS\n"
        "print(json.dumps({'games': sorted(RENDERERS), 'mujoco': 'mujoco' in sys.modules}))")
    assert "rafter" in told["games"]
    assert told["mujoco"] is False


def test_a_drawing_process_draws_rafter_five_without_mujoco() -> None:
    state = RAFTER.setup(3, 7, dict(RAFTER.default_options))
    keys = [json.dumps(["rafter", kind, RAFTER.view(state, seat), ["Ann", "Bob", "Cid"], None],
                       sort_keys=True)
            for kind, seat in (("board", None), ("panel", 0), ("waiting", 1))]
    told = _in_fresh_process(DRAW_AND_TELL, json.dumps(keys))
    assert all(size > 1000 for size in told["sizes"])  # three real PNGs
    assert told == {"sizes": told["sizes"], "mujoco": False, "physics": False}


def test_the_engine_loads_after_the_pictures() -> None:
    """The pictures' copies leave nothing behind that would stop the engine's own import."""
    told = _in_fresh_process(
        "import json, sys\nimport render.rafter.engine_data as pure\n"
        "before = sorted(m for m in sys.modules if m.startswith('engine.rafter'))\n"
        "import engine.rafter.scene as scene\nfrom engine.rafter import SPEC\n"
        "pose = scene.Pose((1.0, 2.0, 3.0))\n"
        "print(json.dumps({'before': before, 'spec': SPEC.name, 'pose': pose.pos,"
        " 'shapes': pure.CONFIG.raft_size == sys.modules['engine.rafter.config'].CONFIG.raft_size}))")
    assert told == {"before": [], "spec": "rafter", "pose": [1.0, 2.0, 3.0], "shapes": True}


def test_with_the_engine_loaded_the_pictures_use_its_modules() -> None:
    told = _in_fresh_process(
        "import json\nimport engine.rafter.scene as scene\nfrom render.rafter import engine_data\n"
        "print(json.dumps({'same': engine_data.Pose is scene.Pose}))")
    assert told == {"same": True}
