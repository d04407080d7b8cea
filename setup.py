"""Which packages the distribution holds; everything else is in pyproject.toml.

Here rather than in pyproject.toml because a `find` directive there cannot also map the
repository's `data/` folder to the package `gamehost_data` (translations, component data,
fonts), and a hand-written list would miss the next new subpackage.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["engine*", "render*", "bot*"]), "gamehost_data"],
    package_dir={"gamehost_data": "data"},
)
