"""Rafter Five (Oink Games): the raft-stacking dexterity game, played in a physics simulation.

Not registered yet (no `SPEC`): this package holds the foundation the GameSpec will use.

* `config`   - component facts and simulation parameters, from `data/rafter/components.json`;
* `scene`    - the physical raft as plain values (pieces, poses in mm) and its JSON codec;
* `mjcf`     - the MuJoCo model of a scene;
* `tremor`   - the seeded hand tremor and seed derivation;
* `physics`  - drop pieces, lift a rafter, settle, sort what fell below the raft top;
* `risk`     - "how risky is this?" as safe / shaky / dangerous;
* `seating`, `falls`, `ranking` - colours per player count, sorting fallen pieces, the end
  conditions and the ranking (rulebook and house variant; readings documented there).

Still to come: the state and its turn steps (`state`, `actions`, `rules`), menus with the
ghost lumber card, views, the renderer and translations, then registration.
"""
