"""A whole game as one animated GIF, from the PNGs of its boards (one per move).

Frames are scaled to `width` (a phone's screen shows no more), share one palette taken from
the last board (which holds most of what the game ever showed: its pieces, colours and
text), and Pillow stores only what changed from one frame to the next, so a 40-move game
stays small.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

from PIL import Image

WIDTH = 720
"""Frame width in pixels: readable on a phone, small to send."""
FRAME_MS = 900
LAST_MS = 4000  # the final board stays a while before the animation starts again


def game_gif(frames: Sequence[bytes], *, width: int = WIDTH, frame_ms: int = FRAME_MS,
             last_ms: int = LAST_MS) -> bytes:
    """The GIF of `frames` (PNG bytes, in order), each shown `frame_ms`, the last `last_ms`."""
    return assemble([prepare(png, width=width) for png in frames], frame_ms=frame_ms,
                    last_ms=last_ms)


def prepare(png: bytes, *, width: int = WIDTH) -> Image.Image:
    """One frame, decoded and scaled (threads may prepare several at once: Pillow lets go
    of the GIL while it decodes and resizes)."""
    return _scaled(Image.open(io.BytesIO(png)).convert("RGB"), width)


def assemble(images: Sequence[Image.Image], *, frame_ms: int = FRAME_MS,
             last_ms: int = LAST_MS,
             map_: Callable[[Callable[[Image.Image], Image.Image], Sequence[Image.Image]],
                            Iterable[Image.Image]] = map) -> bytes:
    """The GIF of prepared frames; `map_` may spread their quantizing over threads."""
    if not images:
        raise ValueError("no frames")
    size = images[-1].size
    palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)

    def paletted(image: Image.Image) -> Image.Image:
        if image.size != size:
            image = image.resize(size, Image.Resampling.BILINEAR)
        return image.quantize(palette=palette, dither=Image.Dither.NONE)

    frames = list(map_(paletted, images))
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:],
                   duration=[frame_ms] * (len(frames) - 1) + [last_ms], loop=0, disposal=1)
    return out.getvalue()


def _scaled(image: Image.Image, width: int) -> Image.Image:
    if image.width <= width:
        return image
    height = round(image.height * width / image.width)
    # bilinear from a box-reduced copy: as sharp to the eye as Lanczos, at half the cost
    return image.resize((width, height), Image.Resampling.BILINEAR, reducing_gap=2.0)
