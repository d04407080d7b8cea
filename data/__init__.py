"""The bot's data files, installed as the package `gamehost_data` (setup.py maps this
`data/` folder to it), so a plain `pip install .` ships them beside the code:

* `i18n/<lang>/*.ftl`: every text a person reads (bot/i18n.py);
* `lanterns/`, `rafter/`: component data (engine/lanterns, engine/rafter);
* `fonts/`: the TTFs the pictures are drawn with, pinned by checksum (render/fonts.py),
  with their SIL Open Font Licenses.

Code finds them as `gamehost_data.ROOT / "i18n"`, never relative to its own file: an
installed package and a checkout lay the folders out differently.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
