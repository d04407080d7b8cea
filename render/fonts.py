"""The font files the pictures are drawn with, shipped in the package (gamehost_data/fonts)
and pinned by their SHA-256: pictures are byte-for-byte deterministic, so a font that
changed under us (a damaged install, a file swapped by hand) must stop the drawing with a
clear error rather than quietly draw something else.

Source Sans Pro 2.020 (Adobe; Latin incl. Polish, Cyrillic) was copied from the
`font-source-sans-pro` 0.0.1 wheel, which the project used to depend on unpinned; Noto Color
Emoji is Google's COLRv1 build without flags (render/emoji.py). Both are under the SIL Open
Font License (fonts/SourceSansPro-OFL.txt, fonts/OFL.txt).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from gamehost_data import ROOT

FONTS_DIR = ROOT / "fonts"

PINNED: dict[str, str] = {
    "SourceSansPro-Regular.ttf": "b77f3a700edd0fc0dec73258f882d5c3926c77f5caf6800a201d2166568d2309",
    "SourceSansPro-Semibold.ttf": "b440fd42fd5a54e1b252731deca9cc86604bee6ffa99281f5874c3476eb17eae",
    "SourceSansPro-Bold.ttf": "2efc3a95d076f2d04c5928c0ad698b7c61cc302d6f6e79e9643cd3722f7becc2",
    "SourceSansPro-Black.ttf": "1e59595ebe0445db9bcea5de0d0fa2e08766809d1c97789d938b71a77ecf3cf5",
    "Noto-COLRv1-noflags.ttf": "f7b3670a2da6ffaba7451571892de9d52586795ea12ce808f5b3ec27c3fd876a",
}


class FontMismatch(RuntimeError):
    """A font file is missing or is not the one the pictures were made with."""


@cache
def font_file(name: str, directory: Path = FONTS_DIR) -> Path:
    """The path of a pinned font, checked once per process against its SHA-256."""
    expected = PINNED[name]
    path = directory / name
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise FontMismatch(f"font {name} cannot be read ({exc}); reinstall the package") from None
    if digest != expected:
        raise FontMismatch(f"font {path} has SHA-256 {digest}, expected {expected}; "
                           "reinstall the package")
    return path
