"""Two devices, one game, with no server between them: the host page holds the game
and each remote seat is a person on another device (``hosting``); a guest page shows
its own seat and sends back what it clicks (``guesting``). The messages and the channel
that delivers them once, in order (``link``), travel over a WebRTC data channel paired
by an invitation small enough for a QR code and a link (``sdp``); ``parlor.web.peer``
makes the connection in the browser."""
