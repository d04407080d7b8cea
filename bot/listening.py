"""The webhook's listening socket, bound once by the `--workers` supervisor (bot/workers.py)
and inherited by every worker, which accepts from it.

A module of its own, importing nothing but the standard library, so that the supervisor,
which does nothing else with the network, loads no aiogram, aiohttp or game for it
(about 150 MB of resident memory less, and a second less before it starts the workers).
"""

from __future__ import annotations

import socket


def listening_socket(host: str, port: int) -> socket.socket:
    """The socket the supervisor binds once and every worker accepts from."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=1024)
    sock.set_inheritable(True)
    return sock
