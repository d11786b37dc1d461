"""The online table: an authoritative, event-sourced ASGI server (Starlette on uvicorn).

Entry point for the CLI: ``add_serve_command``/``serve`` (``backroom serve``). Its load
generator, ``backroom bench server``, lives in ``backroom.sim.server_load``, outside this
package. The protocol is in docs/protocol.md.
"""

from backroom.server.app import create_app
from backroom.server.cli import add_serve_command, serve

__all__ = ["add_serve_command", "create_app", "serve"]
