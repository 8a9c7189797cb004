#!/usr/bin/env python3
"""A stand-in for the r/SpaceX API, Launch Library 2 and the Spaceflight News API, for tests.

It serves the real responses recorded in a fixtures directory (see that directory's README.md and
QUERY_SEMANTICS.md) from 127.0.0.1, and mimics the servers' behaviour closely enough that the app
cannot tell the difference: for the r/SpaceX API (api.spacexdata.com) the same routes, the same
mongoose-paginate-v2 envelope (key order included), the same populate/select/sort semantics and
the same headers; for Launch Library 2 (ll.thespacedevs.com) and the Spaceflight News API
(api.spaceflightnewsapi.net), both Django REST framework APIs, the same routes, the same
limit/offset paging envelope and links, and DRF's error bodies. On top of
that it has hooks that tests use to make the server misbehave (status codes, delays, malformed or
truncated bodies, dropped connections) and to see what the app asked for.

Standard library only (Python 3.11), so the end-to-end tests need nothing but `python3`.

    python3 fixture_server.py --fixtures DIR [--port 0] [--port-file FILE] [--log FILE]
                              [--fault PREFIX=STATUS | --fault JSON]... [--rename ID=NAME]...
                              [--local-images] [--exit-with-parent]

r/SpaceX API routes (data: <fixtures>/spacex):
    GET  /v5/launches             every launch; also /past, /upcoming, /latest, /next, /ID
                                  (/latest/launches/... is the same)
    POST /v5/launches/query       {"query": {...}, "options": {...}}  (mongoose-paginate-v2)
    GET  /v4/COLLECTION[/ID]      rockets, launchpads, landpads, payloads, crew, cores
    POST /v4/COLLECTION/query
    GET  /images/NAME             the recorded pictures in <fixtures>/images

Launch Library 2 routes (data: <fixtures>/ll2; all answer 404 when that folder is missing).
VERSION is any 2.X.Y (the app is given e.g. http://127.0.0.1:PORT/2.2.0 as its LL2 base URL);
`launch/` may also be spelt `launches/` (2.3.0's name), `launcher_configurations/` (2.3.0's
name) `config/launcher/` (the older one's), and `event/` (the older one's) `events/` (2.3.0's):
each both ways on every version; the trailing slash is optional:
    GET  /VERSION/launch/upcoming/?limit=N&offset=M    {"count", "next", "previous", "results"}
    GET  /VERSION/launch/previous/?limit=N&offset=M    same envelope
    GET  /VERSION/launch/?limit=N&offset=M             same envelope: every launch (upcoming and
                                                       previous together)
    GET  /VERSION/launch/UUID/                         one record (a listed one, or a detail-only
                                                       one: see below); 404 {"detail": "Not found."}
    GET  /VERSION/launcher_configurations/?limit=N&offset=M
                                                       same envelope: rocket configurations
    GET  /VERSION/launcher_configurations/ID/          one configuration (ID: its integer id);
                                                       404 {"detail": "Not found."}
    GET  /VERSION/event/upcoming/?limit=N&offset=M     same envelope: events, by date ascending
    GET  /VERSION/event/previous/?limit=N&offset=M     same envelope: events, by date descending
    GET  /VERSION/event/?limit=N&offset=M              same envelope: every event, newest first
    GET  /VERSION/event/ID/                            one event (ID: its integer id);
                                                       404 {"detail": "Not found."}
    GET  /VERSION/api-throttle/                        {"your_request_limit": 15 (210 with an
                                                       `Authorization: Token ...` header),
                                                       "limit_frequency_secs": 3600, "current_use":
                                                       LL2 requests so far (this one's excepted),
                                                       "next_use_secs": 0, "ident": "127.0.0.1"}
  Paging is DRF's LimitOffsetPagination: limit defaults to 10 and is clamped to 100 (0 means the
  default), offset defaults to 0; a non-integer or negative limit/offset is a 400
  {"detail": "..."} (the one place where this server is stricter than DRF, which would silently
  use the default). `next`/`previous` are full http://127.0.0.1:PORT/... URLs carrying every query
  parameter the client sent (sorted by name, like DRF), null at the ends; the link back to the
  first page has no offset parameter. On the launch lists, `search=<text>` keeps the records whose
  name contains the text (case-insensitive substring; LL2 also searches other fields);
  `ordering=net` / `-net` sorts by net ascending / descending (ties by id, in the same direction
  on upcoming/ and previous/; see launch/ below); `ordering=last_updated` / `-last_updated` sorts
  by last_updated ascending / descending, ties by id ascending either way, on all three lists
  (what a replica asking only what changed walks). `last_updated__gte=<ISO>` /
  `last_updated__lte=<ISO>` keep the records whose last_updated is at or after / at or before the
  value, `net__lt`, `net__lte`, `net__gt` and `net__gte` those whose net is before / at or
  before / after / at or after it: compared as instants, not as text (both parsed; the value
  may be a date alone, its midnight, or a time with `Z` or an offset, none meaning UTC; a `+` in
  an offset has to be sent encoded, %2B, as on any server), a record whose field is null never
  passing; an empty value filters nothing, anything else that is no ISO 8601 date or time is a
  400 {"detail": "..."}; several together all have to hold, and with the other filters too; the
  `count` and the links are the filtered set's. `rocket__configuration__id=N` keeps the
  launches whose rocket.configuration.id is N, `launcher_config__id=N[,M...]` those whose id is
  one of the comma-separated list (ids compared as text, so 164 and "164" both match; an empty
  value filters nothing; both given: both have to hold); a follow's `lsp__id=N[,M...]` and
  `location__ids=N[,M...]` keep the launches whose provider / pad location id is listed (not
  with --ignore-follow-filters; `is_crewed` changes nothing). `mode=detailed` serves each record with
  the detailed mode's lists (`updates`, `timeline`, `vidURLs`/`vid_urls`, `infoURLs`/`info_urls`,
  `mission_patches`, `rocket.launcher_stage`), empty where the recorded record has none (as LL2
  sends them empty); other parameters (other modes, other filters) are accepted and kept in the
  links but change nothing: records are served as stored.
  - last_updated: every launch record served (the lists', the detail's) has one, as LL2's do:
    ISO 8601 UTC, second precision, `Z` ("2026-08-23T21:34:22Z"). The recorded 2.2.0 records
    carry theirs, served as recorded. A record that has none gets a deterministic one at
    start-up, in LL2's place (right after `status`), nothing else changing: a synthesized
    previous record (below), its net plus 1 day (a launch's record is last touched after it
    flies); a recorded one (the 2.0.0 upcoming pages), its net minus 7 days, but never later than
    2026-08-20T00:00:00Z (that instant when the net is null). Today that makes the plain list's
    run from 2006-03-25T22:30:00Z (FalconSat's, flown on the 24th) to 2026-08-23T21:34:22Z
    (Starlink Group 15-22's, recorded). /_control/ll2-patch sets it (see the control endpoints).
  - upcoming: every record of <fixtures>/ll2/2.*/upcoming*.json (the three 2.0.0 list pages and
    the 2.2.0 detailed page), de-duplicated by id (the file of the higher version wins), sorted by
    net ascending, ties by id. Records keep their recorded shape whatever the version in the path
    (plus a last_updated where they have none, as above).
  - previous: LL2 has no recorded list of past launches, so this one is SYNTHESIZED from the
    r/SpaceX past launches (spacex/v5/launches.json, upcoming == false) with their rocket and
    launchpad, in the 2.0.0 list shape: id = uuid5(NAMESPACE_URL,
    "https://api.spacexdata.com/v5/launches/" + SpaceX id); name "ROCKET | NAME"; net = date_utc
    as YYYY-MM-DDTHH:MM:SSZ; status Success (3) / Failure (4) / TBD (2, when success is null);
    image = the rocket's first flickr image; provider SpaceX (121); rocket configuration, pad and
    mission from the rocket, the launchpad and the launch (ids: rocket and mission = flight
    number, configuration/pad/location = 1-based position in rockets.json/launchpads.json/the
    launchpads' distinct locations); last_updated = net + 1 day (after `status`, as above); every
    other 2.0.0 key null (tbddate/tbdtime/webcast_live false). Sorted by net descending, ties by
    id. Built once at start-up (after --rename): later r/SpaceX patches and renames do not reach
    it; /_control/ll2-patch does.
  - launch/ (the plain list, no id after it): the upcoming and previous records together,
    de-duplicated by id (the upcoming record wins), newest first: net descending, ties by id
    ascending. `search`, `rocket__configuration__id`, `launcher_config__id` and the date filters
    filter it as above; `ordering=net` / `-net` sorts by net ascending / descending (ties by id
    ascending either way), `last_updated` / `-last_updated` as above, any other ordering is
    ignored (the default -net).
  - launch/UUID/ (the detail): the record of upcoming or previous with that id, else a
    DETAIL-ONLY record: every record of <fixtures>/ll2/2.*/launch-*-detailed.json (one launch a
    file: today Europa Clipper, 59548105-..., a Falcon Heavy with three launcher_stage boosters,
    and Crew-12, 862b54e3-...) and of spacex-*-detailed-*.json (their `results`: the 2026-08
    SpaceX upcoming and previous pages, 10 each), de-duplicated by id (the higher version's
    file wins; a listed id keeps its list record). They are served as stored (2.3.0: `image` an
    object, as above; all of them are recorded with a last_updated) and are in NO list:
    upcoming/, previous/, launch/, the configurations and every count stay as they are (until
    an ll2-patch moves one into a list).
  - launcher_configurations/ (= config/launcher/): every configuration object of
    <fixtures>/ll2/2.*/launcher-configurations*.json and config-launcher*.json (a list, a
    {"results": [...]} page or one object; the higher version's wins) -- today the five detailed
    SpaceX ones (161, 164, 464, 522, 527) and New Shepard (137, Blue Origin) -- plus every
    distinct rocket.configuration object of the served upcoming and previous records (the
    synthesized previous list's r/SpaceX rockets are ids 1-3: Falcon 1, Falcon 9, Falcon Heavy;
    Starship, 4, never flew there), de-duplicated by id: the recorded files win, then the object
    with the most keys (the first seen among equals). Served as stored (copies: launches keep
    their own), sorted by id ascending. `active=true` / `false` (also True/1, False/0) keeps the
    records whose `active` is true / false, a record without one (New Shepard's 2.0.0 record and
    the objects copied from list rows leave it out; every real configuration has one) counting
    as active, so that each record is in one of the two lists (any other value filters nothing,
    like django-filter); `search=<text>` keeps those whose name or
    full_name contains the text (case-insensitive substring); `ordering=name` / `-name` / `id`
    / `-id` sorts (name ties by id ascending), any other ordering is ignored; `mode` and other
    parameters are accepted, kept in the links, and change nothing.
  - event/ (= events/): events, the recorded 2.0.0 ones and hand-written 2.3.0 ones.
    - upcoming: every record of <fixtures>/ll2/2.*/event-upcoming*.json (today the 9 of
      ll2/2.0.0/event-upcoming-2020-12.json, 2020-12 to 2023-09) plus the `upcoming` records of
      data/ll2-events-2.3.0.json beside this file (6, 2026-12 to 2027-03), sorted by date
      ascending, ties by id. The server does not look at the clock: a record is upcoming because
      of the list it is in.
    - previous: that file's `previous` records (4, 2026-08 to 2026-11) plus every record of
      <fixtures>/ll2/2.*/event-list*.json (today event 77 of ll2/2.0.0/event-list-2020-09.json),
      sorted by date descending, ties by id ascending.
    - event/ (the plain list): both together, newest first: date descending, ties by id
      ascending (an event in both lists is served as its upcoming record).
    Each list is de-duplicated by id (the hand-written record wins over a recorded one); the
    detail looks the id up in both. data/ll2-events-2.3.0.json ({"upcoming": [...], "previous":
    [...]}) holds hand-written records in 2.3.0's detailed Event shape (image, info_urls,
    vid_urls, date_precision, webcast_live, duration, updates, agencies, launches, expeditions,
    spacestations, program, astronauts); its events 1407 and 1408 name two launches this server
    serves (Starlink Group 15-22, 95653d52-..., and the Swift Boost Mission, f596ad48-...), and
    1401 names Europa Clipper (59548105-...), a detail-only launch (see launch/UUID/ above).
    `search=<text>` keeps the events whose name contains the text (case-insensitive substring);
    `ordering=date` / `-date` sorts by date ascending / descending (ties by id: in the same
    direction on upcoming/ and previous/, ascending on event/); other parameters are accepted,
    kept in the links, and change nothing.
  - on 2.3.0 and later paths, a record's `image` URL string is served as an object
    {"image_url": URL, "thumbnail_url": URL} (2.3.0 turned image fields into objects), and a
    configuration's `image_url` key is replaced, in place, by `image`: that object when the URL is
    a string, null when it is null; a 2.0.0 event's `feature_image`, `news_url` and `video_url`
    (2.3.0 removed them) are replaced, in place, by `image` (that object, or null), `info_urls`
    and `vid_urls` (a list of one entry {"priority": 10, "source": the URL's host, "title": "",
    "description": "", "feature_image": null, "url": URL, "type": null, "language": null; for a
    video also "publisher": null, "start_time": null, "end_time": null, "live": false}, or [] for a
    null URL). Records already in the 2.3.0 shape, every record below 2.3.0, and nested objects
    (a launch's rocket.configuration, an event's launches) are served as stored.
  - responses are `Content-Type: application/json` without ETag; errors are DRF's
    {"detail": "..."}, and an injected 429 answers {"detail": "Request was throttled. Expected
    available in N seconds."} with N from the fault's retry_after (also sent as Retry-After).
    Events are LL2 requests like any other: api-throttle counts them.

Spaceflight News API routes (data: <fixtures>/snapi/v4; all answer 404 when that folder is
missing). The same under /snapi (the app can be given http://127.0.0.1:PORT/snapi as its SNAPI
base URL); the trailing slash is optional; /v4/articles is not an r/SpaceX collection:
    GET  /v4/articles/?limit=N&offset=M                {"count", "next", "previous", "results"}
    GET  /v4/articles/ID/                              one article (ID: its integer id); 404
                                                       {"detail": "No Article matches the given query."}
  The articles are every record of <fixtures>/snapi/v4/*.json (`results`), de-duplicated by id
  (the file last by name wins), served as recorded. Paging, links and 400s are LL2's (above:
  limit 10 by default, at most 100). `launch=<uuid>[,<uuid>...]` keeps the articles one of whose
  launches[].launch_id is one of the ids (case-insensitive), `event=<id>[,<id>...]` those one of
  whose events[].event_id is (compared as text); `has_launch` / `has_event` = true / false (also
  True/1, False/0; any other value filters nothing) those with / without launches / events;
  `search=<text>` those whose title or summary contains the text (case-insensitive substring);
  `ordering=published_at` / `-published_at` / `updated_at` / `-updated_at` sorts (the first of a
  comma-separated list; ties by id in the same direction; anything else: the default
  -published_at). Other parameters (news_site, published_at_gte, ...) are accepted, kept in the
  links, and change nothing. Responses, errors and faults are DRF's, as on LL2 (no ETag; not
  counted by LL2's api-throttle).

With --local-images every picture URL (SpaceX patches and rocket photos; LL2 launch `image` (the
detail-only launches' too, alternating in id order),
`mission_patches[].image_url` and `vidURLs[].feature_image`; LL2 event `feature_image` / `image`
(image_url and thumbnail_url), `vid_urls[].feature_image` and the `image` of the launches an event
names, alternating in the order of event/; the served configurations' `image_url`, alternating
between the rocket photos in id order; SNAPI articles' `image_url`, in id order) points at this
server's /images/.

Control endpoints (never logged, never faulted):
    POST /_control/fault          {"path_prefix": "/v5/launches/query", "status": 500, "count": 1}
                                  other keys: retry_after, delay_seconds, malformed, truncate, drop, method,
                                  redirect_to (302 to that path: the request's own makes a loop),
                                  and the runaway server's (one at a time; delay_seconds goes first):
                                  endless, trickle (+ trickle_interval), gzip_bomb, silent,
                                  repeat_first_page, empty_pages; see "A runaway server" below
    POST /_control/reset          clears every fault (including those from --fault)
    GET  /_control/requests       the requests served so far (LL2 and SNAPI ones included):
                                  [{method, path, body, headers, time}]
    POST /_control/clear-requests empties that list
    GET  /_control/ll2-limit      with --ll2-hourly-limit N: {"limit": N, "admitted": [{at, path}],
                                  "refused": [{at, path}]} (at: the server's clock, ISO 8601 UTC)
    POST /_control/patch          {"collection": "launches", "id": "...", "set": {"name": "..."}}
    POST /_control/rename         {"id": "...", "name": "..."}  (shorthand for a patch of `name`)
    POST /_control/ll2-patch      {"id": "<LL2 launch uuid>", "set": {"net": "2026-09-01T12:00:00Z",
                                  "status": {...}, "rocket.configuration.id": 164},
                                  "move": "previous", "last_updated": "2026-08-25T10:00:00Z"}
                                  An LL2 launch record changes as LL2's do: the fields of `set`
                                  (top-level keys, or dotted ones for nested fields, as /patch sets
                                  them) are overlaid on it wherever it is served (upcoming/,
                                  previous/, launch/, the detail; a detail-only record's detail),
                                  and its last_updated becomes `last_updated` (or `set`'s; any ISO
                                  8601 time, stored as YYYY-MM-DDTHH:MM:SSZ), else the server's
                                  clock (the --clock-file instant when given, else the real time;
                                  UTC, to the second). "move": "previous" / "upcoming" takes it out
                                  of the other list (a detail-only record out of the detail-only
                                  ones) into that one, de-duplicated (a launch that flew); with
                                  `set`, or alone. The record is replaced by a patched copy and the
                                  lists re-sorted, as at start-up; a patched net moves nothing
                                  between the lists, only "move" does; `set` and "move" may both be
                                  left out (a bare touch of last_updated). The configurations, and
                                  an event's copies of the launches it names, keep what they had.
                                  Answers {"ok": true, "id", "list": "upcoming" | "previous" |
                                  "detail", "last_updated"}; an unknown id is a 404, a malformed
                                  body a 400, both DRF's {"detail": "..."}.

A runaway server (misbehaviour.py), as faults like any other (`--fault JSON` too). Hostile bodies,
on any route, answer 200 with the route's Content-Type (JSON; image/... under /images/) and never
a usable body; each ends when the client hangs up, when the server stops, or after 10 minutes:
    {"path_prefix": P, "endless": true}     chunked, no end: `{"docs":[` (LL2 and SNAPI: `{"count":...,
                                            "results":[`; pictures: a PNG signature) then filler, as fast as the
                                            client reads, up to 2 GiB
    {"path_prefix": P, "trickle": true, "trickle_interval": 0.5}
                                            chunked: the route's real answer one byte every
                                            trickle_interval seconds (default 0.5), then spaces:
                                            never idle long enough for an idle timeout
    {"path_prefix": P, "gzip_bomb": true}   Content-Encoding: gzip, Content-Length ~1 MB, inflating
                                            to 1 GiB of spaces (built once, kept in memory)
    {"path_prefix": P, "silent": true}      the request is read, nothing is ever answered
Lying list pages apply to list requests only (POST /v5/launches/query and /v4/COLLECTION/query,
GET /VERSION/launch/upcoming|previous/, /VERSION/launch/, /VERSION/launcher_configurations/
(config/launcher/), /VERSION/event/upcoming|previous/ and /VERSION/event/ (events/), and
/v4/articles/ (/snapi/v4/articles/)); other requests under the prefix pass them by without
using up their count. Each list request, page 1 included, uses one of `count` (none: forever):
    {"path_prefix": P, "repeat_first_page": true}
                                            every page answers page 1's records. r/SpaceX: the page
                                            asked for, totalDocs 1000000, hasNextPage true, nextPage
                                            page + 1. LL2, SNAPI: count 1000000, `next` at offset + limit.
    {"path_prefix": P, "empty_pages": true} page 1 as it is; every later page (page >= 2, offset > 0)
                                            answers docs []/results [] with hasNextPage true and
                                            nextPage page + 1 / `next` at offset + limit (the total
                                            stays the real one)
    {"path_prefix": P, "no_records": true}  every page is empty and the last: docs []/results [],
                                            totalDocs/count 0 (an honest empty list)
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import json
import math
import mimetypes
import os
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

import misbehaviour  # the runaway-server faults (this file's folder is on sys.path)

# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------

# Collection name -> file under <fixtures>/spacex. `cores` has a single recorded document.
COLLECTION_FILES = {
    "launches": "v5/launches.json",
    "rockets": "v4/rockets.json",
    "launchpads": "v4/launchpads.json",
    "landpads": "v4/landpads.json",
    "payloads": "v4/payloads.json",
    "crew": "v4/crew.json",
    "cores": "v4/core-one.json",
}

# Collections that can be the target of a populate but have no recorded data: every id in them
# is "not found", which populates as null (single refs) or is dropped (arrays), like mongoose.
EMPTY_COLLECTIONS = ("ships", "capsules")

# Reference paths per collection (from the API's mongoose schemas): path -> target collection.
REFS: dict[str, dict[str, str]] = {
    "launches": {
        "rocket": "rockets",
        "launchpad": "launchpads",
        "payloads": "payloads",
        "crew.crew": "crew",
        "cores.core": "cores",
        "cores.landpad": "landpads",
        "ships": "ships",
        "capsules": "capsules",
        "fairings.ships": "ships",
    },
    "payloads": {"launch": "launches", "dragon.capsule": "capsules"},
    "launchpads": {"rockets": "rockets", "launches": "launches"},
    "landpads": {"launches": "launches"},
    "crew": {"launches": "launches"},
    "cores": {"launches": "launches"},
    "rockets": {},
}

# The v4 API rewrites populate path `crew` to `crew.crew` (v5 crew is [{crew, role}]); accepting
# the plain path on v5 too saves callers from having to know which shape they are talking to.
POPULATE_ALIASES = {"launches": {"crew": "crew.crew"}}

# Fields in each collection's text index (`$text` searches these; no index -> error like MongoDB).
TEXT_INDEXES = {
    "launches": ("name", "details"),
    "payloads": ("name",),
    "launchpads": ("name", "full_name", "details"),
    "landpads": ("name", "full_name", "details"),
    "rockets": ("name",),
    "cores": ("serial", "last_update"),
}

V4_COLLECTIONS = ("rockets", "launchpads", "landpads", "payloads", "crew", "cores")


class QueryError(Exception):
    """A bad query/options/body: the API answers these with 400 and the error message."""


class Dataset:
    """The recorded collections, loaded once. Documents keep the key order of the files, which is
    the order mongoose serialises them in (select keeps it too)."""

    def __init__(self, fixtures: Path):
        self.fixtures = fixtures
        self.lock = threading.Lock()
        self.collections: dict[str, list[dict]] = {}
        for name, rel in COLLECTION_FILES.items():
            data = json.loads((fixtures / "spacex" / rel).read_text(encoding="utf-8"))
            self.collections[name] = data if isinstance(data, list) else [data]
        for name in EMPTY_COLLECTIONS:
            self.collections[name] = []
        self._reindex()

    def _reindex(self) -> None:
        self.by_id = {name: {d["id"]: d for d in docs} for name, docs in self.collections.items()}

    def get(self, collection: str, doc_id: Any) -> dict | None:
        if not isinstance(doc_id, str):
            return None
        return self.by_id.get(collection, {}).get(doc_id)

    def patch(self, collection: str, doc_id: str, changes: dict) -> None:
        """Overlay fields on one document (hostile-data tests). Dotted keys set nested fields."""
        with self.lock:
            doc = self.get(collection, doc_id)
            if doc is None:
                raise KeyError(f"no {collection} document with id {doc_id}")
            for path, value in changes.items():
                target = doc
                parts = path.split(".")
                for part in parts[:-1]:
                    target = target.setdefault(part, {})
                target[parts[-1]] = value


# ---------------------------------------------------------------------------------------------
# MongoDB-style filtering
# ---------------------------------------------------------------------------------------------

_MISSING = object()


def _resolve(value: Any, parts: list[str]) -> list[Any]:
    """Values a dotted path reaches, walking into arrays like MongoDB does. A terminal array
    contributes both itself and its elements (so `{"payloads": id}` matches membership)."""
    if not parts:
        if isinstance(value, list):
            return [value, *value]
        return [value]
    if isinstance(value, list):
        out: list[Any] = []
        for item in value:
            if isinstance(item, dict):
                out.extend(_resolve(item, parts))
        return out
    if isinstance(value, dict):
        if parts[0] in value:
            return _resolve(value[parts[0]], parts[1:])
        return [_MISSING]
    return [_MISSING]


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _cast_like(query_value: Any, doc_value: Any) -> Any:
    """Mongoose casts query values to the schema type; emulate that for the common cases so
    `{"flight_number": "5"}` or `{"upcoming": "true"}` behave as they do on the real API."""
    if isinstance(query_value, str):
        if _is_number(doc_value):
            try:
                return float(query_value)
            except ValueError:
                return query_value
        if isinstance(doc_value, bool) and query_value in ("true", "false"):
            return query_value == "true"
    return query_value


def _equal(doc_value: Any, query_value: Any) -> bool:
    if doc_value is _MISSING:
        return query_value is None  # {field: null} matches a missing field
    query_value = _cast_like(query_value, doc_value)
    if _is_number(doc_value) and _is_number(query_value):
        return doc_value == query_value
    if type(doc_value) is not type(query_value) and not (doc_value is None or query_value is None):
        return False
    return doc_value == query_value


def _compare(doc_value: Any, query_value: Any) -> int | None:
    """-1/0/1 when comparable (same type bracket), None otherwise. Strings compare by code point,
    which is what the API does: every date field is stored as an ISO-8601 String."""
    if doc_value is _MISSING:
        return None
    query_value = _cast_like(query_value, doc_value)
    if _is_number(doc_value) and _is_number(query_value):
        pass
    elif isinstance(doc_value, str) and isinstance(query_value, str):
        pass
    elif isinstance(doc_value, bool) and isinstance(query_value, bool):
        pass
    else:
        return None
    return (doc_value > query_value) - (doc_value < query_value)


def _regex(pattern: Any, options: str = "") -> re.Pattern:
    if not isinstance(pattern, str):
        raise QueryError("$regex has to be a string")
    flags = 0
    for ch in options:
        flags |= {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}.get(ch, 0)
    try:
        return re.compile(pattern, flags)
    except re.error as exc:
        raise QueryError(f"Regular expression is invalid: {exc}") from None


def _match_operators(values: list[Any], ops: dict) -> bool:
    """Evaluate `{"$op": arg, ...}` against the candidate values of one path (all must hold)."""
    present = [v for v in values if v is not _MISSING]
    for op, arg in ops.items():
        if op == "$eq":
            ok = any(_equal(v, arg) for v in values)
        elif op == "$ne":
            ok = not any(_equal(v, arg) for v in values)
        elif op in ("$gt", "$gte", "$lt", "$lte"):
            wanted = {"$gt": (1,), "$gte": (0, 1), "$lt": (-1,), "$lte": (-1, 0)}[op]
            ok = any(_compare(v, arg) in wanted for v in values)
        elif op in ("$in", "$nin"):
            if not isinstance(arg, list):
                raise QueryError(f"{op} needs an array")
            hit = any(_equal(v, a) for v in values for a in arg)
            ok = hit if op == "$in" else not hit
        elif op == "$exists":
            ok = bool(present) == bool(arg)
        elif op == "$regex":
            rx = _regex(arg, ops.get("$options", ""))
            ok = any(isinstance(v, str) and rx.search(v) for v in present)
        elif op == "$options":
            if "$regex" not in ops:
                raise QueryError("$options needs a $regex")
            ok = True
        elif op == "$not":
            if not isinstance(arg, dict):
                raise QueryError("$not needs an object")
            ok = not _match_operators(values, arg)
        elif op == "$size":
            ok = any(isinstance(v, list) and len(v) == arg for v in present)
        elif op == "$all":
            if not isinstance(arg, list):
                raise QueryError("$all needs an array")
            ok = all(any(_equal(v, a) for v in values) for a in arg)
        else:
            raise QueryError(f"unknown operator: {op}")
        if not ok:
            return False
    return True


def _parse_text_search(search: str) -> tuple[list[str], list[str], list[str]]:
    """MongoDB $search syntax: "quoted phrases" must all appear, -terms must not, and at least
    one plain term must appear (when there are plain terms)."""
    phrases = re.findall(r'"([^"]*)"', search)
    rest = re.sub(r'"[^"]*"', " ", search)
    terms, negated = [], []
    for word in rest.split():
        (negated if word.startswith("-") and len(word) > 1 else terms).append(word.lstrip("-"))
    return [p for p in phrases if p.strip()], terms, negated


def _text_match(doc: dict, spec: Any, collection: str) -> bool:
    """Case-insensitive substring match over the collection's text-indexed fields. (MongoDB
    matches stemmed words, not substrings; substrings are close enough for an app's search box
    and far easier to reason about in tests.)"""
    if collection not in TEXT_INDEXES:
        raise QueryError("text index required for $text query")
    if not isinstance(spec, dict) or not isinstance(spec.get("$search"), str):
        raise QueryError("$text needs {$search: <string>}")
    case_sensitive = bool(spec.get("$caseSensitive", False))

    def fold(s: str) -> str:
        return s if case_sensitive else s.casefold()

    text = "\n".join(fold(doc[f]) for f in TEXT_INDEXES[collection] if isinstance(doc.get(f), str))
    phrases, terms, negated = _parse_text_search(spec["$search"])
    if not phrases and not terms:
        return False
    if any(fold(n) in text for n in negated):
        return False
    if not all(fold(p) in text for p in phrases):
        return False
    return not terms or any(fold(t) in text for t in terms)


def matches(doc: dict, query: Any, collection: str) -> bool:
    """Does `doc` satisfy the MongoDB find filter `query`?"""
    if not isinstance(query, dict):
        raise QueryError("query has to be an object")
    for key, cond in query.items():
        if key in ("$and", "$or", "$nor"):
            if not isinstance(cond, list) or not cond:
                raise QueryError(f"{key} must be a nonempty array")
            results = (matches(doc, sub, collection) for sub in cond)
            ok = all(results) if key == "$and" else any(results)
            if key == "$nor":
                ok = not ok
        elif key == "$text":
            ok = _text_match(doc, cond, collection)
        elif key.startswith("$"):
            raise QueryError(f"unknown top level operator: {key}")
        else:
            values = _resolve(doc, key.split("."))
            if isinstance(cond, dict) and cond and all(k.startswith("$") for k in cond):
                ok = _match_operators(values, cond)
            elif isinstance(cond, dict) and any(k.startswith("$") for k in cond):
                raise QueryError(f"unknown operator in {key}")
            else:
                ok = any(_equal(v, cond) for v in values)
        if not ok:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Sort, select, populate
# ---------------------------------------------------------------------------------------------

_SORT_DIRECTIONS = {1: 1, -1: -1, "1": 1, "-1": -1, "asc": 1, "ascending": 1, "desc": -1, "descending": -1}


def parse_sort(sort: Any) -> list[tuple[str, int]]:
    """Mongoose accepts `{"a": "asc", "b": -1}` or `"a -b"`."""
    if sort in (None, "", {}):
        return []
    if isinstance(sort, str):
        return [(f[1:], -1) if f.startswith("-") else (f.lstrip("+"), 1) for f in sort.split()]
    if isinstance(sort, dict):
        out = []
        for field, direction in sort.items():
            key = direction.lower() if isinstance(direction, str) else direction
            if isinstance(key, bool) or key not in _SORT_DIRECTIONS:
                raise QueryError(f"Invalid sort value: {{ {field}: {json.dumps(direction)} }}")
            out.append((field, _SORT_DIRECTIONS[key]))
        return out
    raise QueryError("Invalid sort() argument. Must be a string, object, array, or map.")


def _type_rank(v: Any) -> int:
    # BSON comparison order: null/missing < numbers < strings < objects < arrays < booleans.
    if v is None or v is _MISSING:
        return 0
    if isinstance(v, bool):
        return 5
    if _is_number(v):
        return 1
    if isinstance(v, str):
        return 2
    if isinstance(v, dict):
        return 3
    return 4


class _SortKey:
    """Orders values the way MongoDB does across types; an array sorts by its smallest element
    ascending and its largest descending."""

    __slots__ = ("rank", "value")

    def __init__(self, value: Any, direction: int):
        if isinstance(value, list) and value:
            keys = [_SortKey(v, direction) for v in value]
            chosen = min(keys) if direction == 1 else max(keys)
            self.rank, self.value = chosen.rank, chosen.value
        else:
            self.rank = _type_rank(value)
            if self.rank in (0, 4):
                self.value = 0
            elif self.rank == 3:
                self.value = json.dumps(value, sort_keys=True)
            else:
                self.value = value

    def __lt__(self, other: "_SortKey") -> bool:
        return (self.rank, self.value) < (other.rank, other.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SortKey) and (self.rank, self.value) == (other.rank, other.value)


def sort_docs(docs: list[dict], sort: Any) -> list[dict]:
    """Multi-key sort. Python's sort is stable, so sorting by the last key first gives the
    lexicographic order, and ties keep the collection's natural order (the file order)."""
    keys = parse_sort(sort)
    out = list(docs)
    for field, direction in reversed(keys):
        parts = field.split(".")

        def key(doc: dict, parts=parts, direction=direction) -> _SortKey:
            vals = [v for v in _resolve(doc, parts) if v is not _MISSING]
            # _resolve lists a terminal array and then its elements; the array itself is enough.
            value = vals[0] if len(vals) == 1 or (vals and isinstance(vals[0], list)) else (vals or None)
            return _SortKey(value, direction)

        out.sort(key=key, reverse=direction == -1)
    return out


def parse_select(select: Any) -> tuple[str, dict] | None:
    """Turn a mongoose select (object or string) into ("include"|"exclude", path tree)."""
    if select in (None, "", {}):
        return None
    fields: list[tuple[str, bool]] = []
    if isinstance(select, str):
        for f in select.split():
            if f.startswith("-"):
                fields.append((f[1:], False))
            elif f.startswith("+"):
                continue  # "+path" forces select:false fields in; this API has none
            else:
                fields.append((f, True))
    elif isinstance(select, dict):
        for f, v in select.items():
            if isinstance(v, bool) or v in (0, 1):
                fields.append((f, bool(v)))
            elif isinstance(v, str) and v in ("0", "1"):
                fields.append((f, v == "1"))
            else:
                raise QueryError(f"Invalid projection value for {f}: {json.dumps(v)}")
    else:
        raise QueryError("select has to be a string or an object")
    fields = [(f, inc) for f, inc in fields if f not in ("_id", "id")]  # id is always returned
    if not fields:
        return None
    modes = {inc for _, inc in fields}
    if len(modes) > 1:
        raise QueryError("Projection cannot have a mix of inclusion and exclusion.")
    tree: dict = {}
    for f, _ in fields:
        node = tree
        parts = f.split(".")
        for i, part in enumerate(parts):
            if node.get(part) is True:
                break  # a parent path is already selected as a whole
            if i == len(parts) - 1:
                node[part] = True
            else:
                node = node.setdefault(part, {})
    return ("include" if modes.pop() else "exclude", tree)


def _include(value: Any, tree: dict) -> Any:
    if isinstance(value, list):
        return [_include(v, tree) for v in value if isinstance(v, dict)]
    if not isinstance(value, dict):
        return _MISSING
    out = {}
    for k, v in value.items():  # document order, not select order: that is what mongoose returns
        sub = tree.get(k)
        if sub is True or k == "id":
            out[k] = v
        elif isinstance(sub, dict):
            picked = _include(v, sub)
            if picked is not _MISSING:
                out[k] = picked
    return out


def _exclude(value: Any, tree: dict) -> Any:
    if isinstance(value, list):
        return [_exclude(v, tree) if isinstance(v, dict) else v for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for k, v in value.items():
        sub = tree.get(k)
        if sub is True:
            continue
        out[k] = _exclude(v, sub) if isinstance(sub, dict) else v
    return out


def apply_select(doc: dict, select: Any) -> dict:
    parsed = parse_select(select)
    if parsed is None:
        return doc
    mode, tree = parsed
    return _include(doc, tree) if mode == "include" else _exclude(doc, tree)


def _normalize_populate(populate: Any) -> list[dict]:
    """String ("rocket launchpad"), array of strings/objects, or {path, select, populate, match}."""
    if populate in (None, "", []):
        return []
    if isinstance(populate, str):
        return [{"path": p} for p in populate.split()]
    if isinstance(populate, list):
        out: list[dict] = []
        for item in populate:
            out.extend(_normalize_populate(item))
        return out
    if isinstance(populate, dict):
        path = populate.get("path")
        if not isinstance(path, str) or not path.strip():
            raise QueryError("populate needs a path")
        return [{**populate, "path": p} for p in path.split()]
    raise QueryError("populate has to be a string, an array or an object")


class Populator:
    def __init__(self, dataset: Dataset):
        self.dataset = dataset

    def populate(self, doc: dict, collection: str, populate: Any) -> dict:
        for spec in _normalize_populate(populate):
            path = POPULATE_ALIASES.get(collection, {}).get(spec["path"], spec["path"])
            target = REFS.get(collection, {}).get(path)
            if target is None:
                raise QueryError(
                    f"Cannot populate path `{spec['path']}` because it is not in your schema. "
                    "Set the `strictPopulate` option to false to override."
                )
            self._fill(doc, path.split("."), target, spec)
        return doc

    def _lookup(self, ref: Any, target: str, spec: dict) -> Any:
        if isinstance(ref, dict):
            return ref  # already an object (core-one.json was recorded with its launches populated)
        found = self.dataset.get(target, ref)
        if found is None:
            return None
        if "match" in spec and not matches(found, spec["match"] or {}, target):
            return None
        result = apply_select(copy.deepcopy(found), spec.get("select"))
        if spec.get("populate"):
            result = self.populate(result, target, spec["populate"])
        return result

    def _fill(self, node: Any, parts: list[str], target: str, spec: dict) -> None:
        if isinstance(node, list):
            for item in node:
                self._fill(item, parts, target, spec)
            return
        if not isinstance(node, dict) or parts[0] not in node:
            return  # not selected, or absent: nothing to populate
        if len(parts) > 1:
            self._fill(node[parts[0]], parts[1:], target, spec)
            return
        value = node[parts[0]]
        if isinstance(value, list):
            # Mongoose drops array entries whose document is not found.
            looked_up = (self._lookup(v, target, spec) for v in value)
            node[parts[0]] = [d for d in looked_up if d is not None]
        elif value is not None:
            node[parts[0]] = self._lookup(value, target, spec)


def _js_parse_int(value: Any) -> int | None:
    """JavaScript's parseInt(value, 10): leading integer of the string form, else NaN (None)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        return int(value)
    if isinstance(value, int):
        return value
    m = re.match(r"\s*([+-]?\d+)", str(value))
    return int(m.group(1)) if m else None


def paginate(dataset: Dataset, collection: str, query: Any, options: Any) -> dict:
    """mongoose-paginate-v2 (1.7) `Model.paginate(query, options)`, line for line where it matters."""
    if query is None:
        query = {}
    if options is None:
        options = {}
    if not isinstance(query, dict):
        raise QueryError("query has to be an object")
    if not isinstance(options, dict):
        raise QueryError("options has to be an object")

    pagination = options.get("pagination", True) is not False
    limit = 10
    if pagination:
        parsed = _js_parse_int(options.get("limit", 10))
        limit = parsed if parsed is not None and parsed > 0 else 0

    offset = page = None
    if "offset" in options:
        offset = _js_parse_int(options["offset"])
        if offset is None or offset < 0:
            raise QueryError("offset has to be a non-negative integer")
        skip = offset
    elif "page" in options:
        page = _js_parse_int(options["page"])
        if page is None:
            raise QueryError("page has to be an integer")
        page = max(page, 1)
        skip = (page - 1) * limit
    else:
        offset, page, skip = 0, 1, 0
    if not pagination:
        page = 1

    all_docs = dataset.collections[collection]
    matching = [d for d in all_docs if matches(d, query, collection)]
    count = len(matching)

    docs: list[dict] = []
    if limit:
        ordered = sort_docs(matching, options.get("sort"))
        if pagination:
            ordered = ordered[skip : skip + limit]
        populator = Populator(dataset)
        for d in ordered:
            doc = apply_select(copy.deepcopy(d), options.get("select"))
            docs.append(populator.populate(doc, collection, options.get("populate")))
    else:
        # No docs query runs, but a bad sort/select/populate is still a bad request.
        parse_sort(options.get("sort"))
        parse_select(options.get("select"))
        _normalize_populate(options.get("populate"))

    # Key insertion order below is the envelope's key order.
    meta: dict[str, Any] = {"totalDocs": count}
    if offset is not None:
        meta["offset"] = offset
        page = math.ceil((offset + 1) / limit) if limit else 1
    pages = (math.ceil(count / limit) or 1) if limit > 0 else None
    meta.update(
        limit=count, totalPages=1, page=page, pagingCounter=(page - 1) * limit + 1,
        hasPrevPage=False, hasNextPage=False, prevPage=None, nextPage=None,
    )
    if pagination:
        meta["limit"] = limit
        meta["totalPages"] = pages
        if page > 1:
            meta["hasPrevPage"], meta["prevPage"] = True, page - 1
        elif page == 1 and offset is not None and offset != 0:
            meta["hasPrevPage"], meta["prevPage"] = True, 1
        if pages is not None and page < pages:
            meta["hasNextPage"], meta["nextPage"] = True, page + 1
    if limit == 0:
        meta.update(limit=0, totalPages=1, page=1, pagingCounter=1,
                    prevPage=None, nextPage=None, hasPrevPage=False, hasNextPage=False)
    return {"docs": docs, **meta}


# ---------------------------------------------------------------------------------------------
# Launch Library 2
# ---------------------------------------------------------------------------------------------

# Any LL2 path: /2.X.Y/... (the version is the first path segment, as on ll.thespacedevs.com).
LL2_PATH = re.compile(r"^/2\.\d+\.\d+(?:/|$)")
LL2_DEFAULT_LIMIT = 10
# /api-throttle/'s your_request_limit: the free tier, and a Patreon tier's (an API key).
LL2_FREE_LIMIT = 15
LL2_TOKEN_LIMIT = 210
LL2_MAX_LIMIT = 100

# Key order of a 2.0.0 list record (the shape of ll2/2.0.0/upcoming-*.json).
LL2_LIST_KEYS = ("id", "url", "launch_library_id", "slug", "name", "status", "net", "window_end",
                 "window_start", "inhold", "tbdtime", "tbddate", "probability", "holdreason",
                 "failreason", "hashtag", "launch_service_provider", "rocket", "mission", "pad",
                 "webcast_live", "image", "infographic", "program")

# The synthesized previous list's ids: uuid5(NAMESPACE_URL, this + SpaceX id). Never change it:
# tests (and the app's caches) rely on the ids being the same from one run to the next.
LL2_PREVIOUS_ID_PREFIX = "https://api.spacexdata.com/v5/launches/"
LL2_SPACEX_PROVIDER = {"id": 121, "url": None, "name": "SpaceX", "type": "Commercial"}


def is_ll2_path(path: str) -> bool:
    return bool(LL2_PATH.match(path))


# The hand-written Launch Library 2 events in the 2.3.0 shape, beside this file (see the docstring).
LL2_EVENTS_FILE = Path(__file__).resolve().parent / "data" / "ll2-events-2.3.0.json"

# Spaceflight News API (api.spaceflightnewsapi.net, also a Django REST framework API): its
# articles, at /v4/articles/ (the real path) and under /snapi (a base URL of its own for the app).
SNAPI_PATH = re.compile(r"^/snapi(?:/|$)|^/v4/articles(?:/|$)")
SNAPI_NOT_FOUND = "No Article matches the given query."


def is_snapi_path(path: str) -> bool:
    return bool(SNAPI_PATH.match(path))


def is_drf_path(path: str) -> bool:
    """LL2 and SNAPI: Django REST framework APIs (`{"detail": ...}` errors, no ETag)."""
    return is_ll2_path(path) or is_snapi_path(path)


# The paged list routes: what repeat_first_page and empty_pages apply to.
SPACEX_LIST = re.compile(r"^/(?:(?:v5|latest)/(?P<launches>launches)|v4/(?P<collection>"
                         + "|".join(V4_COLLECTIONS) + r"))/query/?$")
LL2_LIST = re.compile(r"^/(?P<version>2\.\d+\.\d+)/(?:launch(?:es)?(?:/(?P<which>upcoming|previous))?"
                      r"|(?P<events>events?)(?:/(?P<event_which>upcoming|previous))?"
                      r"|(?P<configurations>launcher_configurations|config/launcher))/?$")
SNAPI_LIST = re.compile(r"^(?:/snapi)?/v4/articles/?$")


def ll2_list_which(m: re.Match) -> str:
    """Which LL2 list an LL2_LIST match is: upcoming, previous, all (launch/), configurations,
    or (event/) event_upcoming, event_previous, event_all."""
    if m["events"]:
        return "event_" + (m["event_which"] or "all")
    return m["which"] or ("configurations" if m["configurations"] else "all")


def is_list_request(method: str, path: str) -> bool:
    return (method == "POST" and bool(SPACEX_LIST.match(path))) or (
        method == "GET" and bool(LL2_LIST.match(path) or SNAPI_LIST.match(path)))


def ll2_version(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def ll2_previous_id(spacex_id: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, LL2_PREVIOUS_ID_PREFIX + spacex_id))


def ll2_throttled_detail(wait: int | None) -> str:
    """DRF's Throttled message (rest_framework.exceptions.Throttled)."""
    if wait is None:
        return "Request was throttled."
    unit = "second" if wait == 1 else "seconds"
    return f"Request was throttled. Expected available in {wait} {unit}."


def ll2_error_detail(status: int, message: str | None = None, method: str = "GET") -> str:
    """The `detail` DRF (and LL2) puts in an error body."""
    if status == 404:
        return "Not found."
    if status == 405:
        return f'Method "{method}" not allowed.'
    if status == 429:
        return ll2_throttled_detail(None)
    return message or (HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "Error")


def _utc_z(date: str) -> str:
    """`2022-10-05T16:00:00.000Z` (or any ISO-8601 with an offset) -> `2022-10-05T16:00:00Z`."""
    parsed = datetime.fromisoformat(date.replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# A launch record's `last_updated` where the recording has none (see the module docstring):
# a synthesized previous record was last touched a day after it flew; a recorded one a week
# before its net, but never after the day the most recent recordings were made.
LL2_FLOWN_TOUCHED_AFTER = timedelta(days=1)
LL2_RECORDED_TOUCHED_BEFORE = timedelta(days=7)
LL2_RECORDED_TOUCHED_BY = datetime(2026, 8, 20, tzinfo=timezone.utc)

# The launch lists' date filters: parameter -> (record field, keep when record value OP asked value).
LL2_DATE_FILTERS: dict[str, tuple[str, Callable[[datetime, datetime], bool]]] = {
    "last_updated__gte": ("last_updated", lambda have, asked: have >= asked),
    "last_updated__lte": ("last_updated", lambda have, asked: have <= asked),
    "net__lt": ("net", lambda have, asked: have < asked),
    "net__lte": ("net", lambda have, asked: have <= asked),
    "net__gt": ("net", lambda have, asked: have > asked),
    "net__gte": ("net", lambda have, asked: have >= asked),
}


def ll2_instant(value: Any) -> datetime | None:
    """An ISO 8601 date or time (`Z` or an offset; none: UTC; a date alone: its midnight) as an
    aware UTC datetime, None when it is not one (null, a number, junk)."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    return (parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def ll2_stamp(instant: datetime) -> str:
    """LL2's `last_updated` format: ISO 8601 UTC, second precision, `Z`."""
    return instant.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ll2_recorded_last_updated(record: dict) -> str:
    """The `last_updated` of a recorded launch record without one: its net less 7 days, never
    later than 2026-08-20T00:00:00Z (that instant itself when the net is null or unreadable)."""
    net = ll2_instant(record.get("net"))
    if net is None:
        return ll2_stamp(LL2_RECORDED_TOUCHED_BY)
    return ll2_stamp(min(net - LL2_RECORDED_TOUCHED_BEFORE, LL2_RECORDED_TOUCHED_BY))


def ll2_with_last_updated(record: dict, stamp: str) -> dict:
    """A copy of `record` whose `last_updated` is `stamp`: in its place when the record has the
    key, else right after `status` (where LL2 puts it), else last. Nested objects are shared."""
    if "last_updated" in record:
        return {**record, "last_updated": stamp}
    out: dict[str, Any] = {}
    for key, value in record.items():
        out[key] = value
        if key == "status":
            out["last_updated"] = stamp
    out.setdefault("last_updated", stamp)
    return out


def ll2_ensure_last_updated(record: dict) -> dict:
    """`record` itself when it has a `last_updated`, else a copy with the recorded rule's."""
    if record.get("last_updated"):
        return record
    return ll2_with_last_updated(record, ll2_recorded_last_updated(record))


def ll2_image(url: Any) -> dict | None:
    """2.3.0's picture object for a URL string (None for anything else, e.g. null)."""
    return {"image_url": url, "thumbnail_url": url} if isinstance(url, str) else None


def ll2_link_list(url: Any, video: bool) -> list[dict]:
    """2.3.0's `vid_urls` / `info_urls` for a 2.0.0 event's `video_url` / `news_url`: one entry
    (VidURL / InfoURL keys; what 2.0.0 does not say is null), or none for a null URL."""
    if not isinstance(url, str) or not url:
        return []
    entry: dict[str, Any] = {"priority": 10, "source": urlsplit(url).hostname}
    if video:
        entry["publisher"] = None
    entry.update(title="", description="", feature_image=None, url=url, type=None, language=None)
    if video:
        entry.update(start_time=None, end_time=None, live=False)
    return [entry]


def ll2_230_fields(record: dict, changes: dict[str, tuple[str, Callable[[Any], Any]]]) -> dict:
    """2.3.0's field changes: each key of `changes` present in `record` becomes (new name,
    converted value), in the same place, on a shallow copy; `record` itself when none is there."""
    if not any(key in record for key in changes):
        return record
    out = {}
    for key, value in record.items():
        if key in changes:
            new_key, convert = changes[key]
            out[new_key] = convert(value)
        else:
            out[key] = value
    return out


LL2_230_IMAGE = {"image": ("image", ll2_image)}
LL2_230_CONFIGURATION = {"image_url": ("image", ll2_image)}
LL2_230_EVENT = {"feature_image": ("image", ll2_image),
                 "news_url": ("info_urls", lambda url: ll2_link_list(url, video=False)),
                 "video_url": ("vid_urls", lambda url: ll2_link_list(url, video=True))}


def _event_id_key(record: dict) -> tuple:
    return (str(record.get("date") or ""), *_ll2_id_key(record))


class LL2Data:
    """Launch Library 2 records: the recorded upcoming pages and a previous list synthesized from
    the r/SpaceX past launches, and the events (see the module docstring). Records are shared, not
    copied: the server only ever adds keys to shallow copies of them (see `render`). A launch
    record is never changed in place either: /_control/ll2-patch (`patch_launch`) replaces it by a
    patched copy and the lists holding it by new lists, so that a request being answered keeps
    the records and the lists it started with."""

    def __init__(self, fixtures: Path, dataset: Dataset, events_file: Path = LL2_EVENTS_FILE):
        self.directory = fixtures / "ll2"
        self.available = self.directory.is_dir()
        self.lock = threading.Lock()  # one ll2-patch at a time (readers take no lock)
        self.upcoming: list[dict] = []
        self.previous: list[dict] = []
        self.by_id: dict[str, dict] = {}
        self.everything: list[dict] = []
        self._arrange(self._load_upcoming() if self.available else [],
                      self._synthesize_previous(dataset) if self.available else [])
        # Records only the detail route finds (never in a list): see `_load_detail_only`.
        self.detail_only: dict[str, dict] = self._load_detail_only() if self.available else {}
        self.configurations: list[dict] = self._collect_configurations() if self.available else []
        self.configurations_by_id: dict[str, dict] = {str(c["id"]): c for c in self.configurations}
        self.events_upcoming, self.events_previous = self._load_events(events_file) if self.available else ([], [])
        self.events_by_id: dict[str, dict] = {str(r["id"]): r for r in (*self.events_previous, *self.events_upcoming)}
        # event/ (the plain list): every event, newest first, ties by id ascending.
        self.events_all: list[dict] = sorted(sorted(self.events_by_id.values(), key=_ll2_id_key),
                                             key=lambda r: str(r.get("date") or ""), reverse=True)

    def _arrange(self, upcoming: list[dict], previous: list[dict]) -> None:
        """Sorts the two launch lists and builds launch/ and the index from them (at start-up, and
        after each ll2-patch): upcoming by net ascending, previous and launch/ by net descending,
        ties by id ascending; launch/ and the index de-duplicated by id (the upcoming record wins).
        Every attribute is assigned a new object, the index before the lists."""
        upcoming = sorted(upcoming, key=lambda r: (str(r.get("net") or ""), str(r["id"])))
        previous = sorted(sorted(previous, key=lambda r: str(r["id"])),
                          key=lambda r: str(r.get("net") or ""), reverse=True)  # stable: ties stay in id order
        by_id = {r["id"]: r for r in (*previous, *upcoming)}
        # launch/ (the plain list): every launch, newest first, ties by id.
        everything = sorted(sorted(by_id.values(), key=lambda r: str(r["id"])),
                            key=lambda r: str(r.get("net") or ""), reverse=True)
        self.by_id, self.upcoming, self.previous, self.everything = by_id, upcoming, previous, everything

    def patch_launch(self, record_id: str, changes: dict, move: str | None, stamp: str) -> tuple[dict, str]:
        """/_control/ll2-patch: the launch record `record_id` (a listed or a detail-only one)
        replaced by a copy with `changes` overlaid (dotted keys set nested fields, as
        Dataset.patch does) and `last_updated` = `stamp`; with `move` ("upcoming" or "previous"),
        it leaves its list (or the detail-only records) for that list. Answers the new record
        and where it is now (upcoming, previous or detail). KeyError for an unknown id."""
        with self.lock:
            old = (self.by_id.get(record_id) or self.detail_only.get(record_id)) if self.available else None
            if old is None:
                raise KeyError(record_id)
            record = copy.deepcopy(old)
            for path, value in changes.items():
                target = record
                parts = path.split(".")
                for part in parts[:-1]:
                    if not isinstance(target.get(part), dict):
                        target[part] = {}
                    target = target[part]
                target[parts[-1]] = value
            record = ll2_with_last_updated(record, stamp)
            in_upcoming = any(r["id"] == record_id for r in self.upcoming)
            in_previous = any(r["id"] == record_id for r in self.previous)
            where = move or ("upcoming" if in_upcoming else "previous" if in_previous else "detail")
            upcoming = [r for r in self.upcoming if r["id"] != record_id]
            previous = [r for r in self.previous if r["id"] != record_id]
            detail_only = dict(self.detail_only)
            detail_only.pop(record_id, None)
            {"upcoming": upcoming, "previous": previous}.get(where, []).append(record)
            if where == "detail":
                detail_only[record_id] = record
            self._arrange(upcoming, previous)  # the index first: the record is always found
            self.detail_only = detail_only
            return record, where

    def _recorded_files(self, *patterns: str) -> list[Path]:
        """<fixtures>/ll2/2.X.Y/PATTERN files, lower versions first (then by name)."""
        files = []
        for folder in self.directory.iterdir():
            if folder.is_dir() and re.fullmatch(r"2\.\d+\.\d+", folder.name):
                for pattern in patterns:
                    files.extend((ll2_version(folder.name), f.name, f) for f in folder.glob(pattern))
        return [path for _, _, path in sorted(files)]

    def _load_events(self, events_file: Path) -> tuple[list[dict], list[dict]]:
        """(upcoming, previous): the recorded event pages (event-upcoming*.json; event-list*.json)
        and the hand-written file's two lists, de-duplicated by id (the hand-written record wins)."""

        def records(path: Path) -> list[dict]:
            data = json.loads(path.read_text(encoding="utf-8"))
            return [r for r in (data.get("results", []) if isinstance(data, dict) else data)
                    if isinstance(r, dict) and r.get("id") is not None]

        written = json.loads(events_file.read_text(encoding="utf-8")) if events_file.is_file() else {}
        upcoming: dict[str, dict] = {}
        previous: dict[str, dict] = {}
        for path in self._recorded_files("event-upcoming*.json"):
            upcoming.update((str(r["id"]), r) for r in records(path))
        for path in self._recorded_files("event-list*.json"):
            previous.update((str(r["id"]), r) for r in records(path))
        upcoming.update((str(r["id"]), r) for r in written.get("upcoming", []))
        previous.update((str(r["id"]), r) for r in written.get("previous", []))
        by_date_then_id = sorted(previous.values(), key=_ll2_id_key)
        return (sorted(upcoming.values(), key=_event_id_key),
                sorted(by_date_then_id, key=lambda r: str(r.get("date") or ""), reverse=True))

    def _load_recorded_configurations(self) -> list[dict]:
        """The configuration objects of ll2/2.*/launcher-configurations*.json and
        config-launcher*.json (a list, a {"results": [...]} page or one object), lower versions
        first (so that a higher version's object wins)."""
        out: list[dict] = []
        for path in self._recorded_files("launcher-configurations*.json", "config-launcher*.json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("results"), list):
                data = data["results"]
            out.extend(c for c in (data if isinstance(data, list) else [data])
                       if isinstance(c, dict) and c.get("id") is not None)
        return out

    def _collect_configurations(self) -> list[dict]:
        """launcher_configurations/: the recorded configuration objects plus every distinct
        rocket.configuration of the served launches, by id (recorded files win, then the object
        with the most keys), sorted by id. Deep copies: --local-images rewrites these pictures
        without touching the launches' own configuration objects."""
        found: dict[str, dict] = {}
        for record in (*self.upcoming, *self.previous):
            config = (record.get("rocket") or {}).get("configuration")
            if isinstance(config, dict) and config.get("id") is not None:
                kept = found.get(str(config["id"]))
                if kept is None or len(config) > len(kept):
                    found[str(config["id"])] = config
        for config in self._load_recorded_configurations():
            found[str(config["id"])] = config
        return sorted((copy.deepcopy(c) for c in found.values()), key=_ll2_id_key)

    def _load_upcoming(self) -> list[dict]:
        by_id: dict[str, dict] = {}
        for path in self._recorded_files("upcoming*.json"):  # lower versions first: a higher version's record wins
            for record in json.loads(path.read_text(encoding="utf-8"))["results"]:
                by_id[record["id"]] = record
        # Sorted by `_arrange`; a record recorded without a last_updated gets the rule's.
        return [ll2_ensure_last_updated(r) for r in by_id.values()]

    def _load_detail_only(self) -> dict[str, dict]:
        """The recorded detailed launches that are in no list: every record of
        ll2/2.*/launch-*-detailed.json (one launch each) and of spacex-*-detailed-*.json (their
        `results`), by id, lower versions first (a higher version's record wins); an id a list
        serves keeps its list record."""
        found: dict[str, dict] = {}
        for path in self._recorded_files("launch-*-detailed.json", "spacex-*-detailed-*.json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            records = data.get("results", []) if isinstance(data, dict) and "results" in data else [data]
            found.update((r["id"], r) for r in records if isinstance(r, dict) and r.get("id") is not None)
        return {record_id: ll2_ensure_last_updated(r) for record_id, r in sorted(found.items())
                if record_id not in self.by_id}

    @staticmethod
    def _synthesize_previous(dataset: Dataset) -> list[dict]:
        rockets = dataset.collections.get("rockets", [])
        pads = dataset.collections.get("launchpads", [])
        rocket_ids = {r["id"]: i + 1 for i, r in enumerate(rockets)}
        pad_ids = {p["id"]: i + 1 for i, p in enumerate(pads)}
        location_ids: dict[str, int] = {}
        for pad in pads:
            name = ", ".join(x for x in (pad.get("locality"), pad.get("region")) if x)
            if name:
                location_ids.setdefault(name, len(location_ids) + 1)

        out = []
        for launch in dataset.collections["launches"]:
            if launch.get("upcoming") is not False:
                continue
            rocket = dataset.get("rockets", launch.get("rocket"))
            pad = dataset.get("launchpads", launch.get("launchpad"))
            rocket_name = rocket.get("name") if rocket else None
            success = launch.get("success")
            status = ({"id": 3, "name": "Success"} if success is True else
                      {"id": 4, "name": "Failure"} if success is False else {"id": 2, "name": "TBD"})
            photos = (rocket or {}).get("flickr_images") or []
            record: dict[str, Any] = dict.fromkeys(LL2_LIST_KEYS)
            location_name = ", ".join(x for x in ((pad or {}).get("locality"), (pad or {}).get("region")) if x)
            record.update(
                id=ll2_previous_id(launch["id"]),
                name=f"{rocket_name} | {launch['name']}" if rocket_name else launch["name"],
                status=status,
                net=_utc_z(launch["date_utc"]),
                tbdtime=False,
                tbddate=False,
                probability=None,
                launch_service_provider=dict(LL2_SPACEX_PROVIDER),
                rocket={"id": launch.get("flight_number"), "configuration": None if rocket is None else {
                    "id": rocket_ids[rocket["id"]], "name": rocket_name, "family": None,
                    "full_name": rocket_name, "variant": ""}},
                mission={"id": launch.get("flight_number"), "name": launch["name"],
                         "description": launch.get("details") or None, "type": None, "orbit": None},
                pad=None if pad is None else {
                    "id": pad_ids[pad["id"]], "name": pad.get("name"),
                    "location": {"id": location_ids[location_name], "name": location_name} if location_name else None},
                webcast_live=False,
                image=photos[0] if photos else None,
            )
            # A launch's record is last touched after it flew: a day after its net.
            flown = ll2_instant(record["net"]) + LL2_FLOWN_TOUCHED_AFTER
            out.append(ll2_with_last_updated(record, ll2_stamp(flown)))
        return out  # sorted by `_arrange`

    def records(self, which: str) -> list[dict]:
        """upcoming, previous, all (launch/), configurations, event_upcoming, event_previous or
        event_all (event/)."""
        if not self.available:
            raise HTTPError(404, "Not found.")
        return {"upcoming": self.upcoming, "previous": self.previous, "all": self.everything,
                "configurations": self.configurations, "event_upcoming": self.events_upcoming,
                "event_previous": self.events_previous, "event_all": self.events_all}[which]

    def event(self, event_id: str) -> dict:
        digits = self.available and re.fullmatch(r"[0-9]+", event_id)
        record = self.events_by_id.get(str(int(event_id))) if digits else None
        if record is None:
            raise HTTPError(404, "Not found.")
        return record

    def get(self, record_id: str) -> dict:
        record = (self.by_id.get(record_id) or self.detail_only.get(record_id)) if self.available else None
        if record is None:
            raise HTTPError(404, "Not found.")
        return record

    def configuration(self, config_id: str) -> dict:
        record = self.configurations_by_id.get(config_id) if self.available else None
        if record is None:
            raise HTTPError(404, "Not found.")
        return record

    @staticmethod
    def render_configuration(record: dict, version: str) -> dict:
        """A configuration as a given API version shows it: 2.3.0 replaced `image_url` by an
        `image` object (in the same place)."""
        if ll2_version(version) < (2, 3, 0):
            return record
        return ll2_230_fields(record, LL2_230_CONFIGURATION)

    @staticmethod
    def render(record: dict, version: str) -> dict:
        """A record as a given API version shows it: 2.3.0 made image fields objects."""
        if ll2_version(version) >= (2, 3, 0) and isinstance(record.get("image"), str):
            return ll2_230_fields(record, LL2_230_IMAGE)  # a shallow copy: only this key changes
        return record

    @staticmethod
    def render_detailed(record: dict, version: str) -> dict:
        """A list record in `mode=detailed`: LL2 sends the detailed mode's lists on every record
        (`updates`, `timeline`, the videos and info links, `mission_patches`, the rocket's
        `launcher_stage`), empty when there is nothing; a recorded list record that lacks one
        gets it empty (nothing else is added). Records recorded in the detailed mode are as stored."""
        shown = dict(LL2Data.render(record, version))
        links = ("vid_urls", "info_urls") if ll2_version(version) >= (2, 3, 0) else ("vidURLs", "infoURLs")
        has = {"vidURLs": "vid_urls", "infoURLs": "info_urls", "vid_urls": "vidURLs", "info_urls": "infoURLs"}
        for key in ("updates", "timeline", "mission_patches") + links:
            if key not in shown and has.get(key) not in shown:
                shown[key] = []
        if isinstance(shown.get("rocket"), dict) and "launcher_stage" not in shown["rocket"]:
            shown["rocket"] = dict(shown["rocket"], launcher_stage=[])
        return shown

    @staticmethod
    def render_event(record: dict, version: str) -> dict:
        """An event as a given API version shows it: 2.3.0 replaced a 2.0.0 event's
        `feature_image`, `news_url` and `video_url` by `image`, `info_urls` and `vid_urls` (in the
        same places); records already in the 2.3.0 shape, and every record below 2.3.0, as stored."""
        if ll2_version(version) < (2, 3, 0):
            return record
        return LL2Data.render(ll2_230_fields(record, LL2_230_EVENT), version)

    def point_images_at(self, base: str, photos: list[str]) -> None:
        """--local-images: launch and event pictures alternate between the rocket photos, webcast
        pictures follow their launch's (event's) photo, mission patches (wherever they are nested)
        get patch.png."""

        def patches(value: Any) -> None:
            if isinstance(value, dict):
                for key, item in value.items():
                    if key == "mission_patches" and isinstance(item, list):
                        for patch in item:
                            if isinstance(patch, dict) and patch.get("image_url"):
                                patch["image_url"] = base + "patch.png"
                    patches(item)
            elif isinstance(value, list):
                for item in value:
                    patches(item)

        def pictures(record: dict, photo: str) -> None:
            """A launch's or an event's own pictures (a launch's image, an event's feature_image
            or image object, their webcasts') become `photo`; mission patches patch.png."""
            if isinstance(record.get("image"), str):
                record["image"] = photo
            elif isinstance(record.get("image"), dict):
                record["image"].update(image_url=photo, thumbnail_url=photo)
            if isinstance(record.get("feature_image"), str):
                record["feature_image"] = photo
            for video in (*(record.get("vidURLs") or []), *(record.get("vid_urls") or [])):
                if isinstance(video, dict) and video.get("feature_image"):
                    video["feature_image"] = photo
            patches(record)

        for records in (self.upcoming, self.previous, list(self.detail_only.values())):
            for i, record in enumerate(records):
                pictures(record, base + photos[i % len(photos)])
        # Events: alternating in the order of event/ (newest first); the launches an event names
        # show its photo.
        for i, record in enumerate(self.events_all):
            photo = base + photos[i % len(photos)]
            pictures(record, photo)
            for launch in record.get("launches") or []:
                if isinstance(launch, dict):
                    pictures(launch, photo)
        pictured = [c for c in self.configurations if isinstance(c.get("image_url"), str)]
        for i, config in enumerate(pictured):  # in id order, alternating
            config["image_url"] = base + photos[i % len(photos)]


def _ll2_id_key(record: dict) -> tuple:
    """Sorts LL2 ids: integers numerically, then anything else as text."""
    value = record.get("id")
    return (0, value, "") if _is_number(value) else (1, 0, str(value))


def _ll2_truthy(raw: str) -> bool | None:
    """django-filter's BooleanFilter (a NullBooleanField): True, False, or None (no filter)."""
    return {"true": True, "1": True, "false": False, "0": False}.get(raw.strip().lower())


def ll2_filter_launches(records: list[dict], values: dict[str, str], follow: bool = True) -> list[dict]:
    """The date filters (`ll2_filter_dates`), search, rocket__configuration__id and
    launcher_config__id (see the module docstring);
    with `follow`, also what a follow asks (issue 38): `lsp__id=N[,M...]` keeps the launches
    whose launch_service_provider.id is listed, `location__ids=N[,M...]` those whose
    pad.location.id is (ids compared as text; an empty value filters nothing). `is_crewed` is
    accepted and changes nothing (the recorded list rows do not say who flies).
    `--ignore-follow-filters` turns `follow` off: a server that ignores them."""
    records = ll2_filter_dates(records, values)
    if follow:
        for key, where in (("lsp__id", lambda r: (r.get("launch_service_provider") or {}).get("id")),
                           ("location__ids", lambda r: ((r.get("pad") or {}).get("location") or {}).get("id"))):
            listed = {x.strip() for x in values.get(key, "").split(",") if x.strip()}
            if listed:
                records = [r for r in records if str(where(r)) in listed]
    search = values.get("search", "").strip().casefold()
    if search:
        records = [r for r in records if search in str(r.get("name") or "").casefold()]
    wanted_sets = []
    single = values.get("rocket__configuration__id", "").strip()
    if single:
        wanted_sets.append({single})
    listed = {x.strip() for x in values.get("launcher_config__id", "").split(",") if x.strip()}
    if listed:
        wanted_sets.append(listed)
    for wanted in wanted_sets:
        records = [r for r in records
                   if str(((r.get("rocket") or {}).get("configuration") or {}).get("id")) in wanted]
    return records


def ll2_filter_dates(records: list[dict], values: dict[str, str]) -> list[dict]:
    """last_updated__gte / __lte and net__lt / __lte / __gt / __gte on the launch lists: the
    records whose field compares so with the value, as instants (both parsed: `ll2_instant`); a
    record whose field is null or unreadable never passes; an empty value filters nothing; a
    value that is no ISO 8601 date or time is a QueryError (400)."""
    for name, (field, keep) in LL2_DATE_FILTERS.items():
        raw = values.get(name, "")
        if not raw.strip():
            continue
        asked = ll2_instant(raw)
        if asked is None:
            raise QueryError(f"Invalid {name} {raw!r}: expected an ISO 8601 date/time such as 2026-08-20T00:00:00Z.")
        records = [r for r in records
                   if (have := ll2_instant(r.get(field))) is not None and keep(have, asked)]
    return records


def ll2_order_by_last_updated(records: list[dict], descending: bool) -> list[dict]:
    """`ordering=last_updated` / `-last_updated` on the launch lists: by last_updated as an
    instant, ascending / descending, ties by id ascending either way."""
    oldest = datetime.min.replace(tzinfo=timezone.utc)
    by_id = sorted(records, key=lambda r: str(r.get("id") or ""))
    return sorted(by_id, key=lambda r: ll2_instant(r.get("last_updated")) or oldest, reverse=descending)


def ll2_filter_configurations(records: list[dict], values: dict[str, str]) -> list[dict]:
    """active, search and ordering on launcher_configurations/ (see the module docstring)."""
    active = _ll2_truthy(values.get("active", ""))
    if active is not None:
        records = [c for c in records if (c.get("active") is not False) is active]
    search = values.get("search", "").strip().casefold()
    if search:
        records = [c for c in records
                   if any(search in str(c.get(k) or "").casefold() for k in ("name", "full_name"))]
    ordering = values.get("ordering", "").strip()
    if ordering in ("id", "-id"):
        records = sorted(records, key=_ll2_id_key, reverse=ordering == "-id")
    elif ordering in ("name", "-name"):  # records are in id order: stable, so ties stay that way
        records = sorted(records, key=lambda c: str(c.get("name") or ""), reverse=ordering == "-name")
    return records


def ll2_paging(query: str) -> tuple[list[tuple[str, str]], int, int]:
    """The query parameters, limit and offset of an LL2 list request (DRF LimitOffsetPagination,
    except that a malformed value is a 400 here rather than silently the default)."""
    params = parse_qsl(query, keep_blank_values=True)
    values = dict(params)  # the last value wins, like a Django QueryDict

    def number(name: str, default: int) -> int:
        raw = values.get(name)
        if raw is None:
            return default
        if not re.fullmatch(r"\s*\+?\d+\s*", raw):
            raise QueryError(f"Invalid {name} {raw!r}: expected a non-negative integer.")
        return int(raw)

    limit = number("limit", LL2_DEFAULT_LIMIT)
    limit = LL2_DEFAULT_LIMIT if limit == 0 else min(limit, LL2_MAX_LIMIT)
    return params, limit, number("offset", 0)


def ll2_link(base: str, params: list[tuple[str, str]], limit: int, offset: int | None) -> str:
    """DRF's replace_query_param/remove_query_param: every parameter kept, limit and offset set
    (offset dropped for the first page), then sorted by name."""
    merged: dict[str, list[str]] = {}
    for key, value in params:
        merged.setdefault(key, []).append(value)
    merged["limit"] = [str(limit)]
    if offset is None:
        merged.pop("offset", None)
    else:
        merged["offset"] = [str(offset)]
    return base + "?" + urlencode(sorted(merged.items()), doseq=True)


def ll2_page(records: list[dict], base: str, query: str, *, version: str,
             render: Callable[[dict, str], dict] | None = None) -> dict:
    render = render or LL2Data.render
    params, limit, offset = ll2_paging(query)
    count = len(records)
    page = records[offset : offset + limit] if offset <= count else []
    next_link = ll2_link(base, params, limit, offset + limit) if offset + limit < count else None
    if offset <= 0:
        previous_link = None
    else:
        previous_link = ll2_link(base, params, limit, offset - limit if offset - limit > 0 else None)
    # Key insertion order is the envelope's key order.
    return {"count": count, "next": next_link, "previous": previous_link,
            "results": [render(r, version) for r in page]}


def ll2_filter_events(records: list[dict], values: dict[str, str], which: str) -> list[dict]:
    """search and ordering on event/ (see the module docstring)."""
    search = values.get("search", "").strip().casefold()
    if search:
        records = [r for r in records if search in str(r.get("name") or "").casefold()]
    ordering = values.get("ordering", "").strip()
    if ordering.lstrip("-") == "date":
        descending = ordering.startswith("-")
        if which == "event_all":  # ties by id ascending either way (the records are in id order)
            records = sorted(sorted(records, key=_ll2_id_key),
                             key=lambda r: str(r.get("date") or ""), reverse=descending)
        else:
            records = sorted(records, key=_event_id_key, reverse=descending)
    return records


# ---------------------------------------------------------------------------------------------
# Spaceflight News API
# ---------------------------------------------------------------------------------------------


def _instant(value: Any) -> datetime:
    """An ISO-8601 time (SNAPI's carry microseconds or not) for sorting; unreadable ones first."""
    try:
        parsed = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return datetime.min.replace(tzinfo=timezone.utc)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


class SnapiData:
    """Spaceflight News API articles: every record of <fixtures>/snapi/v4/*.json (a {"results":
    [...]} page or a list), de-duplicated by id (the file read last, by name, wins)."""

    def __init__(self, fixtures: Path):
        self.directory = fixtures / "snapi" / "v4"
        self.available = self.directory.is_dir()
        by_id: dict[int, dict] = {}
        for path in sorted(self.directory.glob("*.json")) if self.available else []:
            data = json.loads(path.read_text(encoding="utf-8"))
            for record in data.get("results", []) if isinstance(data, dict) else data:
                if isinstance(record, dict) and isinstance(record.get("id"), int):
                    by_id[record["id"]] = record
        self.by_id = by_id
        self.articles: list[dict] = list(by_id.values())

    def article(self, article_id: str) -> dict | None:
        if not self.available or not re.fullmatch(r"[0-9]+", article_id):
            return None
        return self.by_id.get(int(article_id))

    def point_images_at(self, base: str, photos: list[str]) -> None:
        """--local-images: article pictures alternate between the rocket photos (in id order)."""
        for i, article in enumerate(sorted(self.articles, key=lambda a: a["id"])):
            if isinstance(article.get("image_url"), str):
                article["image_url"] = base + photos[i % len(photos)]


def snapi_filter_articles(records: list[dict], values: dict[str, str]) -> list[dict]:
    """launch, event, has_launch, has_event, search and ordering (see the module docstring)."""
    launches = {x.strip().casefold() for x in values.get("launch", "").split(",") if x.strip()}
    if launches:
        records = [a for a in records
                   if any(str(l.get("launch_id")).casefold() in launches for l in a.get("launches") or [])]
    events = {x.strip() for x in values.get("event", "").split(",") if x.strip()}
    if events:
        records = [a for a in records if any(str(e.get("event_id")) in events for e in a.get("events") or [])]
    for parameter, field in (("has_launch", "launches"), ("has_event", "events")):
        wanted = _ll2_truthy(values.get(parameter, ""))
        if wanted is not None:
            records = [a for a in records if bool(a.get(field)) is wanted]
    search = values.get("search", "").strip().casefold()
    if search:
        records = [a for a in records
                   if search in str(a.get("title") or "").casefold() or search in str(a.get("summary") or "").casefold()]
    ordering = values.get("ordering", "").split(",")[0].strip()
    if ordering.lstrip("-") not in ("published_at", "updated_at"):
        ordering = "-published_at"
    field = ordering.lstrip("-")
    return sorted(records, key=lambda a: (_instant(a.get(field)), a["id"]), reverse=ordering.startswith("-"))



# ---------------------------------------------------------------------------------------------
# Faults and the request log
# ---------------------------------------------------------------------------------------------


@dataclass
class Fault:
    path_prefix: str = "/"
    method: str | None = None          # only requests with this method (any when None)
    count: int | None = None           # how many matching requests it affects (None: until reset)
    status: int | None = None          # answer with this status and a JSON error body
    retry_after: int | None = None     # adds a Retry-After header (with status, e.g. 429/503)
    delay_seconds: float = 0.0         # wait this long before answering (alone: then answer normally)
    malformed: bool = False            # 200 with the body `{"docs": [`
    truncate: bool = False             # full Content-Length, half the body, then close
    drop: bool = False                 # close the connection without any response
    # A runaway server (misbehaviour.py). Hostile bodies, one at a time:
    endless: bool = False              # 200, chunked, never ends (stops when the client goes)
    trickle: bool = False              # 200, the real body a byte per trickle_interval, then spaces
    trickle_interval: float | None = None  # seconds between trickled bytes (default 0.5)
    gzip_bomb: bool = False            # 200, Content-Encoding: gzip, ~1 MB inflating to 1 GiB
    silent: bool = False               # read the request, never answer
    # Lying list pages (list requests only; other requests pass the fault by):
    repeat_first_page: bool = False    # every page is page 1's records, "more" forever
    empty_pages: bool = False          # pages after the first have no records, "more" forever
    no_records: bool = False           # an empty list (no records, no more): a list with nothing in it
    # 302 Found to this path (with its query): the request's own path makes a redirect loop
    redirect_to: str | None = None

    KEYS = ("path_prefix", "method", "count", "status", "retry_after", "delay_seconds",
            "malformed", "truncate", "drop", "endless", "trickle", "trickle_interval", "gzip_bomb",
            "silent", "repeat_first_page", "empty_pages", "no_records", "redirect_to")
    ANSWERS = ("status", "malformed", "truncate", "drop", "redirect_to", *misbehaviour.HOSTILE_BODIES, *misbehaviour.PAGING_LIES)

    @classmethod
    def from_json(cls, obj: Any) -> "Fault":
        if not isinstance(obj, dict):
            raise QueryError("a fault is a JSON object")
        unknown = set(obj) - set(cls.KEYS)
        if unknown:
            raise QueryError(f"unknown fault keys: {sorted(unknown)}")
        fault = cls(**obj)
        if not isinstance(fault.path_prefix, str) or not fault.path_prefix.startswith("/"):
            raise QueryError("path_prefix has to start with /")
        if fault.status is not None and not (isinstance(fault.status, int) and 100 <= fault.status <= 599):
            raise QueryError("status has to be an HTTP status code")
        if fault.redirect_to is not None and (not isinstance(fault.redirect_to, str) or not fault.redirect_to.startswith("/")):
            raise QueryError("redirect_to has to be a path starting with /")
        if fault.count is not None and (not isinstance(fault.count, int) or fault.count < 1):
            raise QueryError("count has to be a positive integer")
        if fault.retry_after is not None and (not isinstance(fault.retry_after, int) or fault.retry_after < 0):
            raise QueryError("retry_after has to be a non-negative integer (seconds)")
        fault.delay_seconds = fault.delay_seconds or 0.0
        if not _is_number(fault.delay_seconds) or not 0 <= fault.delay_seconds <= 600:
            raise QueryError("delay_seconds has to be a number of seconds (0-600)")
        for flag in ("malformed", "truncate", "drop", *misbehaviour.HOSTILE_BODIES, *misbehaviour.PAGING_LIES):
            setattr(fault, flag, bool(getattr(fault, flag)))
        if fault.method is not None:
            fault.method = str(fault.method).upper()
        runaway = [k for k in (*misbehaviour.HOSTILE_BODIES, *misbehaviour.PAGING_LIES) if getattr(fault, k)]
        if runaway:
            others = [k for k in cls.ANSWERS if k not in runaway and getattr(fault, k) not in (None, False)]
            if len(runaway) > 1 or others or fault.retry_after is not None:
                raise QueryError(f"{runaway[0]} cannot be combined with {sorted(runaway[1:] + others) or ['retry_after']}")
        if fault.trickle_interval is not None:
            if not fault.trickle:
                raise QueryError("trickle_interval goes with trickle")
            if not _is_number(fault.trickle_interval) or not 0 < fault.trickle_interval <= 60:
                raise QueryError("trickle_interval has to be a number of seconds (more than 0, at most 60)")
        return fault

    @property
    def hostile_body(self) -> str | None:
        """endless, trickle, gzip_bomb or silent, when this fault is one of them."""
        return next((k for k in misbehaviour.HOSTILE_BODIES if getattr(self, k)), None)

    @property
    def paging_lie(self) -> str | None:
        """repeat_first_page or empty_pages, when this fault is one of them."""
        return next((k for k in misbehaviour.PAGING_LIES if getattr(self, k)), None)

    @classmethod
    def from_cli(cls, text: str) -> "Fault":
        """`PREFIX=STATUS` (e.g. `/v5/launches/query=500`) or a JSON object."""
        if text.lstrip().startswith("{"):
            return cls.from_json(json.loads(text))
        prefix, sep, status = text.rpartition("=")
        if not sep or not status.isdigit():
            raise ValueError(f"--fault wants PREFIX=STATUS or JSON, got {text!r}")
        return cls.from_json({"path_prefix": prefix, "status": int(status)})

    def applies_to(self, method: str, path: str) -> bool:
        if self.paging_lie and not is_list_request(method, path):
            return False  # a detail or a picture under the same prefix is answered (and counted) normally
        return path.startswith(self.path_prefix) and (self.method is None or self.method == method)


class FaultTable:
    def __init__(self, faults: list[Fault] | None = None):
        self.lock = threading.Lock()
        self.faults = list(faults or [])

    def add(self, fault: Fault) -> None:
        with self.lock:
            self.faults.append(fault)

    def reset(self) -> None:
        with self.lock:
            self.faults.clear()

    def take(self, method: str, path: str) -> Fault | None:
        """The first fault that applies (registration order), using up one of its count."""
        with self.lock:
            for i, fault in enumerate(self.faults):
                if fault.applies_to(method, path):
                    if fault.count is not None:
                        fault.count -= 1
                        if fault.count <= 0:
                            del self.faults[i]
                    return fault
        return None


class RequestLog:
    def __init__(self, log_path: Path | None):
        self.lock = threading.Lock()
        self.entries: list[dict] = []
        self.started = time.monotonic()
        self.file = open(log_path, "a", encoding="utf-8") if log_path else None

    def record(self, method: str, path: str, body: str | None, headers: dict[str, str]) -> None:
        entry = {"method": method, "path": path, "body": body, "headers": headers,
                 "time": round(time.monotonic() - self.started, 4)}
        with self.lock:
            self.entries.append(entry)
            if self.file:
                line = f"{method} {path}"
                if body:
                    try:  # one line per request, whatever the client's formatting
                        line += " " + json.dumps(json.loads(body), ensure_ascii=False, separators=(",", ":"))
                    except ValueError:
                        line += " " + json.dumps(body, ensure_ascii=False)
                self.file.write(line + "\n")
                self.file.flush()

    def snapshot(self) -> list[dict]:
        with self.lock:
            return list(self.entries)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()

    def close(self) -> None:
        if self.file:
            self.file.close()
            self.file = None


# ---------------------------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------------------------


class HTTPError(Exception):
    def __init__(self, status: int, message: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message or HTTPStatus(status).phrase


@dataclass
class Response:
    status: int
    body: bytes
    content_type: str = "application/json; charset=utf-8"
    headers: dict[str, str] | None = None


def json_bytes(obj: Any) -> bytes:
    # Like JSON.stringify: compact, non-ASCII as is, control characters as \u00XX escapes.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def ll2_response(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    # DRF's JSONRenderer: compact, UTF-8, `Content-Type: application/json` (no charset).
    return Response(status, json_bytes(obj), "application/json", headers)


def etag_for(body: bytes) -> str:
    # The format of the `etag` package the API uses (koa-etag): W/"<length hex>-<sha1 base64[:27]>".
    digest = base64.b64encode(hashlib.sha1(body).digest()).decode("ascii")[:27]
    return f'W/"{len(body):x}-{digest}"'


Route = tuple[str, re.Pattern, Callable[..., Any]]


def _as_stored(record: dict, version: str) -> dict:
    return record  # SNAPI has one version: records are served as recorded


class LL2HourlyLimit:
    """Launch Library 2's free tier as the real server enforces it: `limit` requests in any
    hour (a sliding window over the last 3600 s), a 429 with Retry-After past that. The time is
    the real one, or the ISO 8601 instant in `clock_file` when given (the same file the app
    under test reads its clock from, `TMINUS_CLOCK_FILE`), so an hour can pass in a minute.
    The requests it answered count (not the 429s), /api-throttle/ excepted (free there too).
    What it admitted and refused is kept for the test (`GET /_control/ll2-limit`)."""

    def __init__(self, limit: int, clock_file: Path | None):
        self.limit = limit
        self.clock_file = clock_file
        self.lock = threading.Lock()
        self.admitted: list[tuple[float, str]] = []
        self.refused: list[tuple[float, str]] = []

    def now(self) -> float:
        if self.clock_file is not None:
            try:
                text = self.clock_file.read_text().strip()
                return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
            except (OSError, ValueError):
                pass
        return time.time()

    def admit(self, path: str) -> int | None:
        """None when the request may be answered, else the seconds until it may."""
        with self.lock:
            now = self.now()
            recent = [at for at, _ in self.admitted if now - at < 3600]
            if len(recent) >= self.limit:
                self.refused.append((now, path))
                return max(1, math.ceil(min(recent) + 3600 - now))
            self.admitted.append((now, path))
            return None

    def usage(self) -> tuple[int, int]:
        """/api-throttle/'s current_use (the last hour's) and next_use_secs (0 while any is left)."""
        with self.lock:
            now = self.now()
            recent = [at for at, _ in self.admitted if now - at < 3600]
            wait = max(1, math.ceil(min(recent) + 3600 - now)) if len(recent) >= self.limit else 0
            return len(recent), wait

    def report(self) -> dict:
        with self.lock:
            def entries(items):
                return [{"at": datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "path": p}
                        for at, p in items]
            return {"limit": self.limit, "admitted": entries(self.admitted), "refused": entries(self.refused)}


class FixtureServer(ThreadingHTTPServer):
    daemon_threads = True       # a delayed response must not keep the process alive at exit
    allow_reuse_address = True

    def __init__(self, fixtures: Path, port: int = 0, log_path: Path | None = None,
                 faults: list[Fault] | None = None, renames: dict[str, str] | None = None,
                 local_images: bool = False, distinct_images: bool = False,
                 ll2_hourly_limit: int | None = None, clock_file: Path | None = None,
                 ignore_follow_filters: bool = False):
        self.ll2_limit = LL2HourlyLimit(ll2_hourly_limit, clock_file) if ll2_hourly_limit else None
        self.clock_file = clock_file
        self.ignore_follow_filters = ignore_follow_filters
        self.dataset = Dataset(fixtures)
        for launch_id, name in (renames or {}).items():
            self.dataset.patch("launches", launch_id, {"name": name})
        self.fixtures = fixtures
        self.ll2 = LL2Data(fixtures, self.dataset)  # after the renames: they show in `previous`
        self.snapi = SnapiData(fixtures)
        self.faults = FaultTable(faults)
        self.streams = misbehaviour.Streams()  # endless, trickle, gzip_bomb and silent answers
        self.request_log = RequestLog(log_path)
        self.routes: list[Route] = []
        self._add_routes()
        super().__init__(("127.0.0.1", port), FixtureRequestHandler)
        if local_images:
            self.point_images_here(distinct=distinct_images)

    def point_images_here(self, distinct: bool = False) -> None:
        """Rewrites every picture URL (mission patches, rocket photos, LL2 launch pictures) to
        this server's /images/ route, serving the recorded images: tests then draw real pictures
        and never reach the internet. Patches get patch.png; rocket photos alternate between the
        two recorded photos so a gallery visibly changes. With `distinct`, each launch's patches
        carry its id (`patch.png?launch=ID`): the same file, but a picture of its own to download,
        decode and keep, as every launch's patch is on the real API (soak and benchmarks)."""
        base = f"http://127.0.0.1:{self.port}/images/"
        photos = ["falcon9.jpg", "falcon_heavy.jpg"]
        with self.dataset.lock:
            for launch in self.dataset.collections.get("launches", []):
                patch = (launch.get("links") or {}).get("patch") or {}
                # The large patch gets its own URL (same file): the detail's picture is then a
                # download of its own, which a test can hold back while the list's is drawn.
                for size in ("small", "large"):
                    if patch.get(size):
                        query = [("size", "large")] if size == "large" else []
                        if distinct:
                            query.append(("launch", str(launch.get("id", ""))))
                        patch[size] = base + "patch.png" + ("?" + urlencode(query) if query else "")
            for rocket in self.dataset.collections.get("rockets", []):
                images = rocket.get("flickr_images") or []
                rocket["flickr_images"] = [base + photos[i % len(photos)] for i in range(len(images))]
            self.dataset._reindex()
        self.ll2.point_images_at(base, photos)
        self.snapi.point_images_at(base, photos)

    def now(self) -> datetime:
        """The server's clock: the ISO 8601 instant in --clock-file when given (and readable),
        else the real time; UTC."""
        if self.clock_file is not None:
            try:
                instant = ll2_instant(self.clock_file.read_text().strip())
            except OSError:
                instant = None
            if instant is not None:
                return instant
        return datetime.now(timezone.utc)

    @property
    def port(self) -> int:
        return self.server_address[1]

    def server_close(self) -> None:
        self.streams.closing.set()  # hostile answers still running end now
        super().server_close()
        self.request_log.close()

    def handle_error(self, request, client_address) -> None:
        # Clients hanging up mid-response (timeouts, truncate/drop faults) are expected; anything
        # else is a bug in this server and worth a traceback on stderr.
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout)):
            return
        super().handle_error(request, client_address)

    # -- routes -----------------------------------------------------------------------------

    def route(self, method: str, pattern: str, handler: Callable[..., Any]) -> None:
        self.routes.append((method, re.compile(pattern + r"/?$"), handler))

    def _add_routes(self) -> None:
        v5 = r"^/(?:v5|latest)/launches"
        self.route("GET", v5, lambda h: self.find("launches", {}, "flight_number"))
        self.route("GET", v5 + r"/past", lambda h: self.find("launches", {"upcoming": False}, "flight_number"))
        self.route("GET", v5 + r"/upcoming", lambda h: self.find("launches", {"upcoming": True}, "flight_number"))
        self.route("GET", v5 + r"/latest", lambda h: self.find_one("launches", {"upcoming": False}, "-flight_number"))
        self.route("GET", v5 + r"/next", lambda h: self.find_one("launches", {"upcoming": True}, "flight_number"))
        self.route("POST", v5 + r"/query", lambda h: self.query(h, "launches"))
        self.route("GET", v5 + r"/(?P<id>[^/]+)", lambda h, id: self.by_id("launches", id))
        for name in V4_COLLECTIONS:
            base = rf"^/v4/{name}"
            self.route("GET", base, lambda h, name=name: self.find(name, {}, None))
            self.route("POST", base + r"/query", lambda h, name=name: self.query(h, name))
            self.route("GET", base + r"/(?P<id>[^/]+)", lambda h, id, name=name: self.by_id(name, id))
        self.route("GET", r"^/images/(?P<name>[^/]+)", lambda h, name: self.image(name))

        # Launch Library 2: /2.X.Y/launch/... (2.3.0 renamed launch/ to launches/; both, always).
        ll2 = r"^/(?P<version>2\.\d+\.\d+)/launch(?:es)?"
        self.route("GET", ll2, lambda h, version: self.ll2_list(h, version, "all"))
        self.route("GET", ll2 + r"/upcoming", lambda h, version: self.ll2_list(h, version, "upcoming"))
        self.route("GET", ll2 + r"/previous", lambda h, version: self.ll2_list(h, version, "previous"))
        self.route("GET", ll2 + r"/(?P<id>[^/]+)", lambda h, version, id: self.ll2_detail(version, id))
        # 2.3.0 renamed config/launcher/ to launcher_configurations/; both, always.
        configs = r"^/(?P<version>2\.\d+\.\d+)/(?:launcher_configurations|config/launcher)"
        self.route("GET", configs, lambda h, version: self.ll2_list(h, version, "configurations"))
        self.route("GET", configs + r"/(?P<id>[^/]+)",
                   lambda h, version, id: self.ll2_configuration(version, id))
        # Events: 2.3.0 renamed event/ to events/; both, always.
        events = r"^/(?P<version>2\.\d+\.\d+)/events?"
        self.route("GET", events, lambda h, version: self.ll2_list(h, version, "event_all"))
        self.route("GET", events + r"/upcoming", lambda h, version: self.ll2_list(h, version, "event_upcoming"))
        self.route("GET", events + r"/previous", lambda h, version: self.ll2_list(h, version, "event_previous"))
        self.route("GET", events + r"/(?P<id>[^/]+)", lambda h, version, id: self.ll2_event(version, id))
        self.route("GET", r"^/(?P<version>2\.\d+\.\d+)/api-throttle", lambda h, version: self.ll2_throttle(h))

        # Spaceflight News API: /v4/articles/ (not an r/SpaceX collection), also under /snapi.
        articles = r"^(?:/snapi)?/v4/articles"
        self.route("GET", articles, self.snapi_articles)
        self.route("GET", articles + r"/(?P<id>[^/]+)", lambda h, id: self.snapi_article(id))

        self.route("POST", r"^/_control/fault", self.control_fault)
        self.route("POST", r"^/_control/reset", lambda h: (self.faults.reset(), {"ok": True})[1])
        self.route("GET", r"^/_control/requests", lambda h: self.request_log.snapshot())
        self.route("GET", r"^/_control/ll2-limit$",
                   lambda h: self.ll2_limit.report() if self.ll2_limit else {"limit": None, "admitted": [], "refused": []})
        self.route("POST", r"^/_control/clear-requests", lambda h: (self.request_log.clear(), {"ok": True})[1])
        self.route("POST", r"^/_control/patch", self.control_patch)
        self.route("POST", r"^/_control/rename", self.control_rename)
        self.route("POST", r"^/_control/ll2-patch", self.control_ll2_patch)

    # -- handlers ---------------------------------------------------------------------------

    def find(self, collection: str, query: dict, sort: str | None) -> list[dict]:
        docs = [d for d in self.dataset.collections[collection] if matches(d, query, collection)]
        return sort_docs(docs, sort)

    def find_one(self, collection: str, query: dict, sort: str) -> dict | None:
        docs = self.find(collection, query, sort)
        return docs[0] if docs else None  # findOne with no match answers 200 `null`

    def by_id(self, collection: str, doc_id: str) -> dict:
        doc = self.dataset.get(collection, doc_id)
        if doc is None:
            raise HTTPError(404)
        return doc

    def query(self, handler: "FixtureRequestHandler", collection: str) -> dict:
        body = handler.json_body(default={})
        if not isinstance(body, dict):
            raise QueryError("the body has to be a JSON object")
        return paginate(self.dataset, collection, body.get("query", {}), body.get("options", {}))

    def image(self, name: str) -> Response:
        directory = (self.fixtures / "images").resolve()
        path = (directory / name).resolve()
        if path.parent != directory or not path.is_file():
            raise HTTPError(404)
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return Response(200, path.read_bytes(), ctype, {"Cache-Control": "max-age=20"})

    def ll2_list(self, handler: "FixtureRequestHandler", version: str, which: str) -> Response:
        render = self._ll2_render(which)
        mode = dict(parse_qsl(urlsplit(handler.path).query)).get("mode", "")
        if mode == "detailed" and render is LL2Data.render:
            render = LL2Data.render_detailed
        return ll2_response(ll2_page(*self._ll2_list_input(handler, which), version=version, render=render))

    @staticmethod
    def _ll2_render(which: str) -> Callable[[dict, str], dict]:
        if which.startswith("event_"):
            return LL2Data.render_event
        return LL2Data.render_configuration if which == "configurations" else LL2Data.render

    def _ll2_list_input(self, handler: "FixtureRequestHandler", which: str) -> tuple[list[dict], str, str]:
        """The records a list request selects (filters, ordering), the base of its links, its query."""
        records = self.ll2.records(which)
        target = urlsplit(handler.path)
        values = dict(parse_qsl(target.query, keep_blank_values=True))
        if which == "configurations":
            records = ll2_filter_configurations(records, values)
        elif which.startswith("event_"):
            records = ll2_filter_events(records, values, which)
        else:
            records = ll2_filter_launches(records, values, follow=not self.ignore_follow_filters)
            ordering = values.get("ordering", "")
            if ordering.lstrip("-") == "last_updated":  # every launch list alike
                records = ll2_order_by_last_updated(records, descending=ordering.startswith("-"))
            elif which == "all":
                if ordering == "net":  # records are newest first, ties by id: stable, ties stay so
                    records = sorted(records, key=lambda r: str(r.get("net") or ""))
            elif ordering.lstrip("-") == "net":
                records = sorted(records, key=lambda r: (str(r.get("net") or ""), str(r.get("id") or "")),
                                 reverse=ordering.startswith("-"))
        # DRF builds its links from the request URI; the app only ever talks to 127.0.0.1:PORT.
        return records, f"http://127.0.0.1:{self.port}{target.path}", target.query

    def lying_page(self, handler: "FixtureRequestHandler", how: str, path: str) -> Response:
        """The list page a repeat_first_page or empty_pages fault answers (see misbehaviour.py)."""
        m = LL2_LIST.match(path)
        if m:
            which = ll2_list_which(m)
            return self._lying_drf_page(how, *self._ll2_list_input(handler, which), m["version"],
                                        self._ll2_render(which))
        if SNAPI_LIST.match(path):
            return self._lying_drf_page(how, *self._snapi_list_input(handler), "", _as_stored)
        m = SPACEX_LIST.match(path)
        body = handler.json_body(default={})
        if not isinstance(body, dict):
            raise QueryError("the body has to be a JSON object")
        collection = m["launches"] or m["collection"]
        query, options = body.get("query", {}), body.get("options", {})
        asked = paginate(self.dataset, collection, query, options)
        first = None
        if how == "repeat_first_page":
            first_options = {k: v for k, v in (options or {}).items() if k not in ("page", "offset")}
            first = paginate(self.dataset, collection, query, {**first_options, "page": 1})
        return Response(200, json_bytes(misbehaviour.lie_spacex(how, asked, first)),
                        headers={"Cache-Control": "max-age=20"})

    @staticmethod
    def _lying_drf_page(how: str, records: list[dict], base: str, query: str, version: str,
                        render: Callable[[dict, str], dict]) -> Response:
        """A DRF limit/offset page (LL2, SNAPI) made to lie."""
        params, limit, offset = ll2_paging(query)
        asked = ll2_page(records, base, query, version=version, render=render)
        first = ll2_page(records, base, urlencode([(k, v) for k, v in params if k != "offset"]),
                         version=version, render=render)
        next_link = ll2_link(base, params, limit, offset + limit)
        return ll2_response(misbehaviour.lie_ll2(how, asked, first, offset, next_link))

    def ll2_detail(self, version: str, record_id: str) -> Response:
        return ll2_response(LL2Data.render(self.ll2.get(record_id), version))

    def ll2_event(self, version: str, event_id: str) -> Response:
        return ll2_response(LL2Data.render_event(self.ll2.event(event_id), version))

    def _snapi_list_input(self, handler: "FixtureRequestHandler") -> tuple[list[dict], str, str]:
        """The articles a list request selects (filters, ordering), the base of its links, its query."""
        if not self.snapi.available:
            raise HTTPError(404)
        target = urlsplit(handler.path)
        values = dict(parse_qsl(target.query, keep_blank_values=True))
        return (snapi_filter_articles(self.snapi.articles, values),
                f"http://127.0.0.1:{self.port}{target.path}", target.query)

    def snapi_articles(self, handler: "FixtureRequestHandler") -> Response:
        records, base, query = self._snapi_list_input(handler)
        return ll2_response(ll2_page(records, base, query, version="", render=_as_stored))

    def snapi_article(self, article_id: str) -> Response:
        article = self.snapi.article(article_id)
        if article is None:
            return ll2_response({"detail": SNAPI_NOT_FOUND}, 404)
        return ll2_response(article)

    def ll2_configuration(self, version: str, config_id: str) -> Response:
        return ll2_response(LL2Data.render_configuration(self.ll2.configuration(config_id), version))

    def ll2_throttle(self, handler: "FixtureRequestHandler") -> Response:
        """LL2's /api-throttle/: the limit (15 an hour, LL2_TOKEN_LIMIT with an `Authorization:
        Token ...` header) and the LL2 requests served so far as `current_use` (this endpoint's
        own excepted: it costs nothing there either)."""
        token = (handler.headers.get("Authorization") or "").startswith("Token ")
        if self.ll2_limit:  # the hour's window, as the real server counts it
            used, next_use = self.ll2_limit.usage()
            return ll2_response({"your_request_limit": self.ll2_limit.limit, "limit_frequency_secs": 3600,
                                 "current_use": used, "next_use_secs": next_use, "ident": "127.0.0.1"})
        used = sum(1 for entry in self.request_log.snapshot()
                   if is_ll2_path(entry["path"]) and "/api-throttle" not in entry["path"])
        return ll2_response({"your_request_limit": LL2_TOKEN_LIMIT if token else LL2_FREE_LIMIT,
                             "limit_frequency_secs": 3600, "current_use": used, "next_use_secs": 0,
                             "ident": "token" if token else "127.0.0.1"})

    def control_fault(self, handler: "FixtureRequestHandler") -> dict:
        self.faults.add(Fault.from_json(handler.json_body()))
        return {"ok": True}

    def control_patch(self, handler: "FixtureRequestHandler") -> dict:
        body = handler.json_body()
        if not isinstance(body, dict) or not isinstance(body.get("set"), dict):
            raise QueryError('patch wants {"collection", "id", "set": {...}}')
        try:
            self.dataset.patch(body.get("collection", "launches"), body.get("id"), body["set"])
        except KeyError as exc:
            raise HTTPError(404, str(exc.args[0])) from None
        return {"ok": True}

    def control_rename(self, handler: "FixtureRequestHandler") -> dict:
        body = handler.json_body()
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise QueryError('rename wants {"id": ..., "name": "..."}')
        try:
            self.dataset.patch("launches", body.get("id"), {"name": body["name"]})
        except KeyError as exc:
            raise HTTPError(404, str(exc.args[0])) from None
        return {"ok": True}


    def control_ll2_patch(self, handler: "FixtureRequestHandler") -> Response | dict:
        """{"id": UUID, "set": {...}, "move": "upcoming" | "previous", "last_updated": ISO}: see
        the module docstring. Errors are DRF's {"detail": ...} (404: no such launch; 400: a bad
        body), as on the LL2 routes."""
        try:
            body = handler.json_body()
        except QueryError as exc:
            return ll2_response({"detail": str(exc)}, 400)
        if not isinstance(body, dict) or not isinstance(body.get("id"), str):
            return ll2_response({"detail": 'll2-patch wants {"id": "<launch uuid>", "set": {...}, '
                                           '"move": "upcoming" | "previous", "last_updated": "<ISO 8601>"}'}, 400)
        changes = body.get("set", {})
        if not isinstance(changes, dict) or not all(isinstance(k, str) and k for k in changes):
            return ll2_response({"detail": '"set" has to be an object of field names (dotted for nested ones)'}, 400)
        move = body.get("move")
        if move not in (None, "upcoming", "previous"):
            return ll2_response({"detail": f'"move" has to be "upcoming" or "previous", not {move!r}'}, 400)
        # The top-level last_updated, else the one in `set`, else the server's clock; stored as LL2 has it.
        asked = body.get("last_updated", changes.get("last_updated"))
        if asked is None:
            stamp = ll2_stamp(self.now())
        else:
            instant = ll2_instant(asked)
            if instant is None:
                return ll2_response({"detail": f"Invalid last_updated {asked!r}: expected an ISO 8601 date/time."}, 400)
            stamp = ll2_stamp(instant)
        try:
            record, where = self.ll2.patch_launch(body["id"], changes, move, stamp)
        except KeyError:
            return ll2_response({"detail": f"No LL2 launch with id {body['id']!r}."}, 404)
        return {"ok": True, "id": record["id"], "list": where, "last_updated": record["last_updated"]}


class FixtureRequestHandler(BaseHTTPRequestHandler):
    server: FixtureServer
    protocol_version = "HTTP/1.1"  # keep-alive, like the real API; every response has a length

    def version_string(self) -> str:
        return "tminus-fixture-server"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the request log (--log, /_control/requests) is the record

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_PUT(self) -> None:
        self._handle("PUT")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    def do_PATCH(self) -> None:
        self._handle("PATCH")

    # -- request body -------------------------------------------------------------------------

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def json_body(self, default: Any = None) -> Any:
        if not self.body.strip():
            if default is not None:
                return default
            raise QueryError("a JSON body is required")
        try:
            return json.loads(self.body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise QueryError(f"malformed JSON body: {exc}") from None

    # -- dispatch -----------------------------------------------------------------------------

    def _handle(self, method: str) -> None:
        self.body = self._read_body()
        target = urlsplit(self.path)
        path = unquote(target.path)
        control = path.startswith("/_control/")
        if not control:
            body_text = self.body.decode("utf-8", "replace") if self.body else None
            self.server.request_log.record(method, self.path, body_text, dict(self.headers.items()))
            fault = self.server.faults.take(method, path)
            if fault and self._apply_fault(fault):
                return
            limit = self.server.ll2_limit
            if limit and is_ll2_path(path) and "/api-throttle" not in path:
                wait = limit.admit(self.path)
                if wait is not None:
                    headers = {"Retry-After": str(wait)}
                    self._send(ll2_response({"detail": ll2_throttled_detail(wait)}, 429, headers), conditional=False)
                    return
        try:
            response = self._dispatch(method, path)
        except (HTTPError, QueryError) as exc:
            response = self._error_response(method, path, exc)
        except Exception as exc:  # a bug here: say so loudly, but still answer the client
            traceback.print_exc()
            response = self._error_response(method, path, HTTPError(500, f"fixture server bug: {exc!r}"))
        # No ETag on LL2 (its throttle counts every request, conditional ones included) nor SNAPI.
        self._send(response, method == "GET" and not control and not is_drf_path(path))

    @staticmethod
    def _error_response(method: str, path: str, exc: Exception) -> Response:
        """The API's error body: `{"error": ...}` (r/SpaceX) or DRF's `{"detail": ...}` (LL2, SNAPI)."""
        status = exc.status if isinstance(exc, HTTPError) else 400
        message = exc.message if isinstance(exc, HTTPError) else str(exc)
        if is_drf_path(path):
            return ll2_response({"detail": ll2_error_detail(status, message, method)}, status)
        return Response(status, json_bytes({"error": message}))

    def _dispatch(self, method: str, path: str) -> Response:
        allowed = False
        for route_method, pattern, handler in self.server.routes:
            m = pattern.match(path)
            if not m:
                continue
            if route_method != method:
                allowed = True
                continue
            result = handler(self, **m.groupdict())
            if isinstance(result, Response):
                return result
            return Response(200, json_bytes(result), headers={"Cache-Control": "max-age=20"})
        if allowed:
            raise HTTPError(405)
        raise HTTPError(404)

    def _send(self, response: Response, conditional: bool, truncate: bool = False) -> None:
        headers = dict(response.headers or {})
        if response.status == 200 and conditional:
            etag = etag_for(response.body)
            headers["ETag"] = etag
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        self.send_response(response.status)
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(response.body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        for k, v in headers.items():
            self.send_header(k, v)
        if truncate:
            self.send_header("Connection", "close")
        self.end_headers()
        if truncate:
            self.wfile.write(response.body[: len(response.body) // 2])
            self.wfile.flush()
            self._hang_up()
        else:
            self.wfile.write(response.body)

    def _hang_up(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _apply_fault(self, fault: Fault) -> bool:
        """Apply an injected fault. True when it produced the response (or the lack of one)."""
        if fault.delay_seconds:
            time.sleep(fault.delay_seconds)
        if fault.drop:
            self._hang_up()
            return True
        path = unquote(urlsplit(self.path).path)
        ll2 = is_drf_path(path)  # LL2 or SNAPI: DRF's bodies
        if fault.hostile_body:
            self._answer_hostile(fault, path)
            return True
        if fault.paging_lie:
            try:
                response = self.server.lying_page(self, fault.paging_lie, path)
            except (HTTPError, QueryError) as exc:
                response = self._error_response(self.command, path, exc)
            self._send(response, conditional=False)
            return True
        if fault.redirect_to is not None:
            self._send(Response(302, b"", "text/plain", headers={"Location": fault.redirect_to}), conditional=False)
            return True
        if fault.status is not None:
            headers = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
            phrase = HTTPStatus(fault.status).phrase if fault.status in HTTPStatus._value2member_map_ else "Error"
            if ll2 and fault.status == 429:
                response = ll2_response({"detail": ll2_throttled_detail(fault.retry_after)}, 429, headers)
            elif ll2:
                response = ll2_response({"detail": f"{phrase} (injected fault)"}, fault.status, headers)
            else:
                response = Response(fault.status, json_bytes({"error": f"{phrase} (injected fault)"}), headers=headers)
            self._send(response, conditional=False, truncate=fault.truncate)
            return True
        if fault.malformed:
            if ll2:
                response = Response(200, b'{"count": 1, "next": null, "previous": null, "results": [',
                                    "application/json")
            else:
                response = Response(200, b'{"docs": [', headers={"Cache-Control": "max-age=20"})
            self._send(response, conditional=False, truncate=fault.truncate)
            return True
        if fault.truncate:
            try:
                response = self._dispatch(self.command, path)
            except (HTTPError, QueryError) as exc:
                if ll2:
                    response = self._error_response(self.command, path, exc)
                else:
                    status = exc.status if isinstance(exc, HTTPError) else 400
                    response = Response(status, json_bytes({"error": str(exc)}))
            self._send(response, conditional=False, truncate=True)
            return True
        return False  # a pure delay: answer normally

    def _answer_hostile(self, fault: Fault, path: str) -> None:
        """endless, trickle, gzip_bomb or silent, with the Content-Type the route has."""
        kind = ("image" if path.startswith("/images/") else "ll2" if is_ll2_path(path)
                else "snapi" if is_snapi_path(path) else "spacex")
        if kind == "image":
            content_type = mimetypes.guess_type(path)[0] or "image/png"
        else:
            content_type = "application/json" if kind in ("ll2", "snapi") else Response(200, b"").content_type
        body = b""
        if fault.trickle:  # what the route would have answered, a byte at a time
            try:
                body = self._dispatch(self.command, path).body
            except (HTTPError, QueryError) as exc:
                body = self._error_response(self.command, path, exc).body
        self.server.streams.serve(self, fault.hostile_body, content_type, body, kind,
                                  fault.trickle_interval or 0.5)


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def write_port_file(path: Path, port: int) -> None:
    # Write then rename, so a reader polling for the file never sees it half-written.
    fd, tmp = tempfile.mkstemp(prefix=".port-", dir=path.parent or Path("."))
    with os.fdopen(fd, "w") as f:
        f.write(f"{port}\n")
    os.replace(tmp, path)


class _Stop(BaseException):
    """SIGTERM/SIGINT. A BaseException, like KeyboardInterrupt: socketserver handles a request's
    `Exception`s itself (`handle_error`), so a signal landing while the main thread accepts a
    connection would otherwise be swallowed and the server would run on."""


def watch_parent() -> None:
    """SIGTERM ourselves once we are re-parented, i.e. the test process died without stopping us."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def main(argv: list[str] | None = None) -> int:
    # The docstring after its usage line: the routes of both APIs, paging, control endpoints.
    details = __doc__.split("\n\n", 4)[4]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=details,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fixtures", type=Path, default=os.environ.get("TMINUS_FIXTURES"),
                        help="fixtures directory (default: $TMINUS_FIXTURES): spacex/ (required), "
                             "images/, ll2/ and snapi/ (optional: without one, its API's routes answer 404)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--port-file", type=Path, help="write the chosen port here once listening")
    parser.add_argument("--log", type=Path, help="append one line per request here")
    parser.add_argument("--fault", action="append", default=[], metavar="PREFIX=STATUS|JSON",
                        help="start with this fault injected (repeatable)")
    parser.add_argument("--rename", action="append", default=[], metavar="ID=NAME",
                        help="serve launch ID under NAME (repeatable)")
    parser.add_argument("--local-images", action="store_true",
                        help="point patch, rocket photo, LL2 launch/event/patch/webcast/configuration and SNAPI "
                             "article picture URLs at this server's /images/ (no internet)")
    parser.add_argument("--distinct-images", action="store_true",
                        help="with --local-images, every launch's patch URL names the launch "
                             "(patch.png?launch=ID): a picture of its own for each, as on the real API")
    parser.add_argument("--ll2-hourly-limit", type=int, metavar="N",
                        help="answer LL2 requests past N in any hour with 429 and Retry-After, as LL2's "
                             "free tier does (api-throttle excepted); GET /_control/ll2-limit lists them")
    parser.add_argument("--clock-file", type=Path, metavar="FILE",
                        help="the time (--ll2-hourly-limit's hour, /_control/ll2-patch's last_updated) is the "
                             "ISO 8601 instant in FILE (a test's scripted clock, the app's TMINUS_CLOCK_FILE), "
                             "else the real time")
    parser.add_argument("--ignore-follow-filters", action="store_true",
                        help="serve LL2 launch lists as if lsp__id and location__ids were not asked (a server ignoring them)")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="exit when the process that started this one goes away (no orphans "
                             "when a test run crashes)")
    args = parser.parse_args(argv)

    if not args.fixtures:
        parser.error("no fixtures directory: pass --fixtures or set TMINUS_FIXTURES")
    fixtures = Path(args.fixtures)
    if not (fixtures / "spacex" / "v5" / "launches.json").is_file():
        parser.error(f"{fixtures} does not look like the fixtures directory (no spacex/v5/launches.json)")
    try:
        faults = [Fault.from_cli(f) for f in args.fault]
    except (ValueError, QueryError) as exc:
        parser.error(str(exc))
    renames = {}
    for item in args.rename:
        launch_id, sep, name = item.partition("=")
        if not sep:
            parser.error(f"--rename wants ID=NAME, got {item!r}")
        renames[launch_id] = name

    try:
        server = FixtureServer(fixtures, args.port, args.log, faults, renames, local_images=args.local_images,
                                distinct_images=args.distinct_images, ll2_hourly_limit=args.ll2_hourly_limit,
                                ignore_follow_filters=args.ignore_follow_filters,
                                clock_file=args.clock_file)
    except KeyError as exc:
        parser.error(str(exc.args[0]))

    def stop(signum, frame):
        raise _Stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent's blocked-signal mask is inherited (Foundation's Process, run from a Swift worker
    # thread, hands its children one with SIGTERM blocked); we must be stoppable regardless.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if args.exit_with_parent:
        watch_parent()
    try:
        if args.port_file:
            write_port_file(args.port_file, server.port)
        print(f"listening on 127.0.0.1:{server.port}", flush=True)
        server.serve_forever(poll_interval=0.1)
    except _Stop:
        pass
    finally:
        server.server_close()
        if args.port_file:
            try:
                args.port_file.unlink()  # a stale port file would point the next reader at nothing
            except FileNotFoundError:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
