"""The project as a package (`pip install .`, not editable): the wheel holds every file the
code loads (translations, component data, pinned fonts, the playground's static files, the
migrations), and the bot runs from the installed layout alone: the wheel unpacked as
site-packages holds it, the playground answers. (Installing the wheel with all its
dependencies into a fresh venv takes over a minute here, too slow for the suite; it was
done by hand, README "Install as a package".) Also: the pinned fonts' checksums, the
version, and what `tasks.py` installs and says."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import gamehost_data
import pytest
from setuptools import find_packages

from bot.i18n import I18N_DIR
from bot.web.routes import STATIC
from engine.lanterns.components import DATA_FILE as LANTERNS_DATA
from engine.rafter.config import DATA_FILE as RAFTER_DATA
from render.fonts import FONTS_DIR, PINNED, FontMismatch, font_file

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
sys.path.insert(0, str(ROOT))
import tasks


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel `pip install .` would install, built from a copy of the working tree (so
    no build/ or egg-info lands in the repository)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "chatgames"
    source.mkdir()
    for name in ("bot", "engine", "render", "data"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy(ROOT / name, source / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--disable-pip-version-check", "-w", str(work / "out"), str(source)],
                           capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    (found,) = (work / "out").glob("chatgames-*.whl")
    return found


def in_package(path: Path, package_root: Path, prefix: str) -> str:
    return f"{prefix}/{path.relative_to(package_root).as_posix()}"


def test_the_wheel_holds_every_file_the_code_loads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    data = gamehost_data.ROOT
    loaded = [*I18N_DIR.glob("*/*.ftl"), LANTERNS_DATA, RAFTER_DATA,
              *(FONTS_DIR / name for name in PINNED), FONTS_DIR / "OFL.txt",
              FONTS_DIR / "SourceSansPro-OFL.txt"]
    assert len(list(I18N_DIR.glob("*/*.ftl"))) >= 3 * 13
    missing = [in_package(p, data, "gamehost_data") for p in loaded
               if in_package(p, data, "gamehost_data") not in names]
    assert not missing
    static = [in_package(p, STATIC, "bot/web/static") for p in STATIC.iterdir()]
    assert static and not set(static) - names
    migrations = ROOT / "bot" / "storage" / "migrations"
    scripts = [in_package(p, migrations, "bot/storage/migrations")
               for p in [migrations / "env.py", *migrations.glob("versions/*.py")]]
    assert not set(scripts) - names
    # every package of the code, and no stray top-level `data` folder
    packages = find_packages(str(ROOT), include=["engine*", "render*", "bot*"])
    assert not {f"{p.replace('.', '/')}/__init__.py" for p in packages} - names
    assert not [n for n in names if n.startswith(("data/", "tests/", "bench/"))]


def test_the_wheel_declares_the_console_script_and_no_dev_or_font_package(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    metadata = archive.read(info).decode()
    entry_points = archive.read(info.replace("METADATA", "entry_points.txt")).decode()
    assert "gamehost = bot.cli:main" in entry_points
    version = PYPROJECT["project"]["version"]
    assert f"Version: {version}\n" in metadata
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert not [r for r in requires if "font-source-sans-pro" in r]
    dev = [r for r in requires if r.split()[1].startswith(("pytest", "playwright", "ruff"))]
    assert dev and all('extra == "dev"' in r for r in dev)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_installed_layout_alone_runs_the_playground(wheel: Path, tmp_path: Path) -> None:
    """The wheel unpacked is site-packages as `pip install .` leaves it: run from there
    (first on the path, away from the repository), the bot finds its translations, data,
    fonts and static files in the package and serves the playground."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "PLAYGROUND_PORT": str(free_port()),
           "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "HOME": str(tmp_path)}
    check = subprocess.run([sys.executable, "-c", f"""
import gamehost_data, bot, render.kit, render.emoji, engine.rafter.config as rafter
from bot.i18n import Translator
from render.fonts import PINNED, font_file
assert bot.__file__.startswith(r'{site}'), bot.__file__
assert str(gamehost_data.ROOT).startswith(r'{site}'), gamehost_data.ROOT
Translator.load()
for name in PINNED: font_file(name)
assert render.emoji._font() is not None and render.kit.font(12)
rafter.load_config()
"""], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
                           check=False)
    assert check.returncode == 0, check.stderr
    run = "import sys; from bot.cli import main; sys.exit(main([]))"  # what gamehost runs
    bot = subprocess.Popen([sys.executable, "-c", run], cwd=tmp_path, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{env['PLAYGROUND_PORT']}"
    try:
        deadline = time.monotonic() + 120  # a guard against a hang, not a timing
        while True:
            assert bot.poll() is None, bot.stdout.read() if bot.stdout else ""
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as page:
                    html = page.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "the playground never answered"
                time.sleep(0.2)
        assert "/static/app.js" in html
        with urllib.request.urlopen(url + "/static/app.js", timeout=10) as script:
            assert script.read() == (STATIC / "app.js").read_bytes()
    finally:
        bot.send_signal(signal.SIGTERM)
        output, _ = bot.communicate(timeout=60)
    assert bot.returncode == 0, output
    assert "Traceback" not in output


def test_fonts_are_pinned_by_checksum(tmp_path: Path) -> None:
    for name in PINNED:
        assert font_file(name) == FONTS_DIR / name
    shutil.copytree(FONTS_DIR, tmp_path / "fonts")
    damaged = tmp_path / "fonts" / "SourceSansPro-Bold.ttf"
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with pytest.raises(FontMismatch, match="SourceSansPro-Bold.ttf has SHA-256"):
        font_file("SourceSansPro-Bold.ttf", tmp_path / "fonts")
    (tmp_path / "fonts" / "SourceSansPro-Black.ttf").unlink()
    with pytest.raises(FontMismatch, match="cannot be read"):
        font_file("SourceSansPro-Black.ttf", tmp_path / "fonts")


def test_the_version_is_the_packages_and_the_changelogs() -> None:
    version = PYPROJECT["project"]["version"]
    shown = subprocess.run([sys.executable, "-m", "bot.cli", "--version"], capture_output=True,
                           text=True, timeout=60, check=False)
    assert shown.stdout == f"gamehost {version}\n"
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8").splitlines()
    newest = next(line for line in changelog if line.startswith("## "))
    assert newest.startswith(f"## {version} ")  # the newest entry is this version


def test_tasks_installs_the_dev_extras_only_for_tests() -> None:
    assert tasks.EXTRAS == {"run": "run", "test": "dev", "bench": "dev"}
    assert tasks.to_install("run", None, False) == "run"
    assert tasks.to_install("dev", None, False) == "dev"
    assert tasks.to_install("run", "run", True) is None
    assert tasks.to_install("dev", "run", True) == "dev"  # a run env is upgraded for tests
    assert tasks.to_install("run", "dev", True) is None  # dev holds all run needs
    assert tasks.to_install("run", "dev", False) == "dev"  # stale: never downgraded
    assert tasks.to_install("run", "run", False) == "run"


def test_tasks_test_says_what_to_install_when_chromium_is_missing(tmp_path: Path) -> None:
    missing = tmp_path / "no-chromium"
    said = subprocess.run([sys.executable, str(ROOT / "tasks.py"), "test",
                           "tests/test_web_browser.py"], capture_output=True, text=True,
                          timeout=60, check=False, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "CHROMIUM": str(missing)})
    assert said.returncode == 1
    assert said.stdout == ""
    assert said.stderr == (f"The browser tests need Chromium at {missing}: install it "
                           "(Debian/Ubuntu: sudo apt-get install chromium; or set "
                           "CHROMIUM=/path/to/chromium), then run again.\n")
    assert tasks.needs_browser([])
    assert tasks.needs_browser(["-k", "lanterns"])
    assert tasks.needs_browser([str(ROOT / "tests" / "test_web_browser.py")])
    assert not tasks.needs_browser([str(ROOT / "tests" / "test_i18n.py"), "-x"])
