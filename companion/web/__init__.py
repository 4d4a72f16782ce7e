"""The table on every phone: a live page the device serves on the local network.

Every phone at the table opens one page: the game's public view drawn for a phone, the
prompt, a log in words and, for a seated player, their own hand and their legal options as
buttons. The pieces, each with one job:

* ``settings``: the ``[web]`` section of the device configuration, checked.
* ``seating``: join codes, seat tokens and the device's OK for a seat already held.
* ``payloads``: what one viewer receives: built from ``public_view(state, that seat)`` only.
* ``views``: the generic page view of any game; a game names its own with ``GameType.page``.
* ``bridge``: the app's side, run in the app's one loop (every action through the session).
* ``server``: Starlette on uvicorn in a thread of its own, WebSockets for live updates.
* ``join``: the page's address, its QR code for the panel, the mDNS announcement.
"""
