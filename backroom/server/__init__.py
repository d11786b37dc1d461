"""The online table: an authoritative, event-sourced ASGI server (Starlette on uvicorn).

Entry points for the CLI: ``add_serve_command``/``serve`` (``backroom serve``) and
``backroom.server.bench`` (``backroom bench server``). The protocol is in docs/protocol.md.
"""

from backroom.server.app import create_app
from backroom.server.cli import add_serve_command, serve

__all__ = ["add_serve_command", "create_app", "serve"]
