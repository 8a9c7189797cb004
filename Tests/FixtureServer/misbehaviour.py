"""The runaway-server faults of fixture_server.py: hostile bodies and lying list pages.

Hostile bodies (each answers 200, with the Content-Type the route would have):
  endless      chunked, never finished: a JSON list opening (or a PNG signature) and then filler,
               as fast as the client reads, until it hangs up
  trickle      chunked: the route's real body one byte per `trickle_interval` seconds, then
               spaces, so a client with only an idle timeout never times out
  gzip_bomb    `Content-Encoding: gzip`, about 1 MB that inflates to 1 GiB of spaces
  silent       the request is read and never answered
Every one of them stops when the client hangs up, when the server closes, after
`STREAM_SECONDS` or (endless) after `ENDLESS_BYTES`: the server never runs away itself.

Lying list pages (`lie_*`): take the page the server would answer and make it say there is
always more (`repeat_first_page`: page 1's records on every page, a huge total; `empty_pages`:
no records after page 1, a next page all the same, page 1 included).

Standard library only.
"""

from __future__ import annotations

import math
import select
import socket
import struct
import threading
import time
import zlib
from typing import Any

STREAM_SECONDS = 600          # no hostile answer lasts longer than this
ENDLESS_BYTES = 2 << 30       # nor sends more than this
BOMB_INFLATED = 1 << 30       # what the gzip bomb inflates to
REPEAT_TOTAL = 1_000_000      # the total a repeat_first_page page claims
_BLOCK = 1 << 20
_CHUNK = 64 * 1024

HOSTILE_BODIES = ("endless", "trickle", "gzip_bomb", "silent")
PAGING_LIES = ("repeat_first_page", "empty_pages", "no_records")

_bomb_lock = threading.Lock()
_bomb: bytes | None = None


def gzip_bomb() -> bytes:
    """A gzip member that inflates to BOMB_INFLATED spaces, built once (under a second) and kept.

    One MiB of spaces is deflated and ended with a full flush, which byte-aligns the output and
    resets the compressor: the same bytes repeated are then a valid stream of that MiB repeated,
    so only one MiB is ever compressed; the CRC-32 still covers every byte."""
    global _bomb
    with _bomb_lock:
        if _bomb is None:
            block = b" " * _BLOCK
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            segment = compressor.compress(block) + compressor.flush(zlib.Z_FULL_FLUSH)
            final = zlib.compressobj(9, zlib.DEFLATED, -15).flush()  # an empty last block
            crc = 0
            for _ in range(BOMB_INFLATED // _BLOCK):
                crc = zlib.crc32(block, crc)
            header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # gzip, deflate, no name, mtime 0
            trailer = struct.pack("<II", crc, BOMB_INFLATED & 0xFFFFFFFF)
            _bomb = header + segment * (BOMB_INFLATED // _BLOCK) + final + trailer
        return _bomb


def endless_parts(kind: str) -> tuple[bytes, bytes]:
    """The opening and the repeated filler of an endless body for `kind` (spacex, ll2, snapi,
    image). LL2 and SNAPI (both Django REST framework) open a limit/offset page."""
    if kind == "image":
        return b"\x89PNG\r\n\x1a\n", b"\x00" * _CHUNK
    record = b'{"id":"endless","name":"endless"},'
    filler = record * (_CHUNK // len(record))
    if kind in ("ll2", "snapi"):
        return b'{"count":1000000,"next":null,"previous":null,"results":[', filler
    return b'{"docs":[', filler


class Streams:
    """Runs the hostile answers and counts the ones in progress (tests wait for 0)."""

    def __init__(self) -> None:
        self.closing = threading.Event()   # set when the server closes: every answer ends
        self._lock = threading.Lock()
        self._active = 0

    @property
    def active(self) -> int:
        with self._lock:
            return self._active

    def serve(self, handler: Any, how: str, content_type: str, body: bytes = b"", kind: str = "spacex",
              interval: float = 0.5) -> None:
        """Answers `handler`'s request the hostile way `how` (one of HOSTILE_BODIES). `body` is
        what trickle sends first; `kind` picks the endless body's shape."""
        with self._lock:
            self._active += 1
        handler.close_connection = True
        sock: socket.socket = handler.connection
        deadline = time.monotonic() + STREAM_SECONDS
        try:
            if how == "silent":
                self._hold(sock, deadline)
                return
            handler.send_response(200)
            handler.send_header("Content-Type", content_type)
            if how == "gzip_bomb":
                bomb = gzip_bomb()
                handler.send_header("Content-Encoding", "gzip")
                handler.send_header("Content-Length", str(len(bomb)))
                handler.send_header("Connection", "close")
                handler.end_headers()
                sock.setblocking(False)
                self._send(sock, bomb, deadline)
                return
            handler.send_header("Transfer-Encoding", "chunked")
            handler.send_header("Connection", "close")
            handler.end_headers()
            sock.setblocking(False)
            if how == "endless":
                self._endless(sock, kind, deadline)
            else:
                self._trickle(sock, body, interval, deadline)
        except OSError:
            pass  # the client went away
        finally:
            with self._lock:
                self._active -= 1
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    # -- the ways ---------------------------------------------------------------------------

    def _endless(self, sock: socket.socket, kind: str, deadline: float) -> None:
        opening, filler = endless_parts(kind)
        sent = 0
        data = _chunk(opening + filler)
        framed = _chunk(filler)
        while sent < ENDLESS_BYTES and self._send(sock, data, deadline):
            sent += len(data)
            data = framed

    def _trickle(self, sock: socket.socket, body: bytes, interval: float, deadline: float) -> None:
        position = 0
        while time.monotonic() < deadline and not _peer_gone(sock):
            byte = body[position:position + 1] or b" "   # the real body, then JSON whitespace
            position += 1
            if not self._send(sock, _chunk(byte), deadline) or self.closing.wait(interval):
                return

    def _hold(self, sock: socket.socket, deadline: float) -> None:
        while time.monotonic() < deadline and not self.closing.is_set():
            readable, _, _ = select.select([sock], [], [], 0.2)
            if readable and _peer_gone(sock):
                return

    def _send(self, sock: socket.socket, data: bytes, deadline: float) -> bool:
        """All of `data` on a non-blocking socket; False once the client is gone, the server
        closes or the deadline passes (a client that stops reading cannot hold us forever)."""
        view = memoryview(data)
        while view:
            if self.closing.is_set() or time.monotonic() >= deadline:
                return False
            _, writable, _ = select.select([], [sock], [], 0.2)
            if not writable:
                continue
            try:
                view = view[sock.send(view):]
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                return False
        return True


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _peer_gone(sock: socket.socket) -> bool:
    """True when the client has closed its end (or reset it); never blocks."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        previous = sock.gettimeout()
        sock.setblocking(False)
        try:
            return sock.recv(65536) == b""   # anything else (a pipelined request) is ignored
        finally:
            sock.settimeout(previous)
    except BlockingIOError:
        return False
    except OSError:
        return True


# ---------------------------------------------------------------------------------------------
# Lying list pages


def lie_spacex(how: str, asked: dict, first: dict | None) -> dict:
    """A mongoose-paginate-v2 envelope (`asked`, the page the client asked for) made to lie.
    `first` is page 1 of the same query (repeat_first_page only). Unpaged answers stay true."""
    limit, page = asked.get("limit") or 0, asked.get("page") or 1
    if how == "no_records":  # not a lie: a list with nothing in it
        return {**asked, "docs": [], "totalDocs": 0, "totalPages": 1, "hasNextPage": False, "nextPage": None,
                "hasPrevPage": False, "prevPage": None}
    if limit <= 0:
        return asked
    out = dict(asked)
    if how == "repeat_first_page":
        out["docs"] = list((first or asked)["docs"])
        out["totalDocs"] = REPEAT_TOTAL
        out["totalPages"] = math.ceil(REPEAT_TOTAL / limit)
        out["hasPrevPage"], out["prevPage"] = page > 1, (page - 1 if page > 1 else None)
    elif page >= 2:  # empty_pages: page 1 as it is
        out["docs"] = []
        out["totalPages"] = max(out.get("totalPages") or 1, page + 1)
    else:
        return asked
    out["hasNextPage"], out["nextPage"] = True, page + 1
    return out


def lie_ll2(how: str, asked: dict, first: dict | None, offset: int, next_link: str) -> dict:
    """A DRF limit/offset page (`asked`, at `offset`) made to lie; `next_link` is the link to
    offset + limit, `first` the page at offset 0 (repeat_first_page only)."""
    out = dict(asked)
    if how == "no_records":  # not a lie: a list with nothing in it
        return {**asked, "results": [], "count": 0, "next": None, "previous": None}
    if how == "repeat_first_page":
        out["results"] = list((first or asked)["results"])
        out["count"] = REPEAT_TOTAL
    elif offset > 0:  # empty_pages: the first page's records as they are
        out["results"] = []
    elif asked.get("next"):
        return asked
    # Always a next page, the first one's included (a list that fits one page, 32 upcoming
    # launches in LL2's page of 100, would otherwise be whole at once).
    out["next"] = next_link
    return out
