#!/usr/bin/env python3
"""Builds tminus's built-in r/SpaceX archive (Resources/spacex-archive.json) from the recorded
API data in ../shared/fixtures/spacex.

The app reads the archive with the same decoders as a live answer, so every launch is written
the way the app's own query (`populate: rocket, launchpad, payloads, cores.core,
cores.landpad`) brings it back, cut to the fields the app reads, nulls left out (the decoders
read a missing field as null). The one exception is the rocket: four rockets populated into
205 launches would be two thirds of the file, so a launch names its rocket by id and the app
puts the rocket object in after decoding, from the archive's `rockets`.

Deterministic (sorted keys, fixed separators): `make archive` run twice writes the same bytes,
and a test checks that the committed file is what this script writes.

Usage: build_archive.py [FIXTURES_SPACEX_DIR] [OUTPUT_FILE]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURES = os.path.join(HERE, "..", "..", "shared", "fixtures", "spacex")
DEFAULT_OUTPUT = os.path.join(HERE, "..", "Resources", "spacex-archive.json")

# What each populated record keeps: the fields its Swift model decodes (Launchpad, Payload,
# Landpad, CoreRecord, CrewMember in Sources/TminusCore/Models).
LAUNCHPAD_KEYS = ("id", "name", "full_name", "locality", "region")
PAYLOAD_KEYS = ("id", "name", "type", "orbit", "mass_kg", "customers")
LANDPAD_KEYS = ("id", "name", "full_name")
CORE_KEYS = ("id", "serial", "block", "reuse_count")
CREW_KEYS = ("id", "name", "agency")
LAUNCH_KEYS = ("id", "name", "flight_number", "date_utc", "date_precision", "upcoming", "success",
               "details", "window", "failures")
CORE_USE_KEYS = ("flight", "reused", "landing_attempt", "landing_success", "landing_type")


def load(fixtures, name):
    with open(os.path.join(fixtures, name), encoding="utf-8") as f:
        return json.load(f)


def pick(record, keys):
    """The record cut to `keys`, nulls left out."""
    return {k: record[k] for k in keys if record.get(k) is not None}


def populate(ref, table, keys):
    """An id as the object it names (cut to `keys`), or the id itself when the data set has no
    such record, as the API leaves an id it cannot populate."""
    if ref is None:
        return None
    record = table.get(ref)
    return pick(record, keys) if record is not None else ref


def links(raw):
    out = {}
    patch = pick(raw.get("patch") or {}, ("small", "large"))
    if patch:
        out["patch"] = patch
    for key in ("webcast", "presskit", "wikipedia", "article"):
        if raw.get(key):
            out[key] = raw[key]
    # The app keeps one thread: the launch discussion, else the campaign thread.
    reddit = raw.get("reddit") or {}
    thread = reddit.get("launch") or reddit.get("campaign")
    if thread:
        out["reddit"] = {"launch": thread}
    return out


def convert(fixtures):
    launches = load(fixtures, "v5/launches.json")
    rockets = load(fixtures, "v4/rockets.json")
    by_id = lambda records: {r["id"]: r for r in records}
    launchpads = by_id(load(fixtures, "v4/launchpads.json"))
    payloads = by_id(load(fixtures, "v4/payloads.json"))
    landpads = by_id(load(fixtures, "v4/landpads.json"))
    crew = by_id(load(fixtures, "v4/crew.json"))
    # Only one core's record was recorded; the others stay ids, as the API sends an unknown one.
    cores = by_id([load(fixtures, "v4/core-one.json")])

    out = []
    for raw in launches:
        launch = pick(raw, LAUNCH_KEYS)
        if raw.get("rocket"):
            launch["rocket"] = raw["rocket"]
        if raw.get("launchpad"):
            launch["launchpad"] = populate(raw["launchpad"], launchpads, LAUNCHPAD_KEYS)
        launch["payloads"] = [populate(p, payloads, PAYLOAD_KEYS) for p in raw.get("payloads") or []]
        launch["crew"] = [
            {**({"crew": populate(c["crew"], crew, CREW_KEYS)} if c.get("crew") else {}),
             **pick(c, ("role",))} if isinstance(c, dict) else {"crew": populate(c, crew, CREW_KEYS)}
            for c in raw.get("crew") or []
        ]
        launch["cores"] = []
        for use in raw.get("cores") or []:
            core = pick(use, CORE_USE_KEYS)
            if use.get("core"):
                core["core"] = populate(use["core"], cores, CORE_KEYS)
            if use.get("landpad"):
                core["landpad"] = populate(use["landpad"], landpads, LANDPAD_KEYS)
            launch["cores"].append(core)
        launch["links"] = links(raw.get("links") or {})
        out.append(launch)

    past = [l["date_utc"] for l in out if not l.get("upcoming") and l.get("date_utc")]
    last = max(past)
    return {
        # What the screen says the data runs to ("data to 2022-10"): the month of the last launch flown.
        "data_to": last[:7],
        # When the data set was taken, as far as it says: the last launch flown. The app gives
        # archive answers this age.
        "snapshot": last,
        "rockets": rockets,
        "launches": out,
    }


def render(archive):
    return json.dumps(archive, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def main(argv):
    fixtures = argv[1] if len(argv) > 1 else DEFAULT_FIXTURES
    output = argv[2] if len(argv) > 2 else DEFAULT_OUTPUT
    text = render(convert(fixtures))
    tmp = output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, output)
    print(f"{os.path.normpath(output)}: {len(text.encode('utf-8'))} bytes")


if __name__ == "__main__":
    main(sys.argv)
