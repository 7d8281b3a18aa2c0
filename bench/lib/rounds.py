"""Results of interleaved benchmark rounds in one output folder: Strata's JSON line per zoom
and round (strata-z<Z>-<round>.json) and each anchor's RESULT per round (<name>-<round>.json),
as bench/compare-anchors.sh and bench/compare-osm.sh write them."""
import json
import os
import statistics


def load(path):
    """A JSON file, or None when it is missing or broken (a failed round)."""
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def rounds(out, count, zooms, names):
    """(ours by zoom, anchors by name): lists over rounds 1…count."""
    ours = {z: [load(os.path.join(out, "strata-z%s-%d.json" % (z, r))) for r in range(1, count + 1)] for z in zooms}
    anchors = {n: [load(os.path.join(out, "%s-%d.json" % (n, r))) for r in range(1, count + 1)] for n in names}
    return ours, anchors


def med(xs):
    return statistics.median(xs) if xs else None
