"""The online table: an authoritative, event-sourced ASGI server (Starlette on uvicorn).

Entry point for the CLI: ``backroom.server.cli`` (``add_serve_command``/``serve``, ``backroom
serve``); the app is ``backroom.server.app.create_app``. Nothing is imported here, so commands
that do not serve never load the web stack. Its load generator, ``backroom bench server``,
lives in ``backroom.sim.server_load``, outside this package. The protocol is in
docs/protocol.md.
"""
