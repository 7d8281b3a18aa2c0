"""Summary of bench/compare-omt.sh: per style, Strata's and the MapLibre Native anchors'
process-CPU ms per tile and Strata's speed-ups (per round, median over rounds) against each
anchor's repeat (target ≥ 5×) and first render (target ≥ 4×), then one JSON line.

usage: omt_summary.py OUT "ZOOMS" CORE "STYLES"   (OUT/<style>/ as compare-omt.sh writes it)"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rounds import load, med  # noqa: E402

ANCHORS = (("pymgl", "MapLibre Native 0.5 (pymgl 0.5.0)"), ("pymgl061", "MapLibre Native 2026 (pymgl 0.6.1)"))
TARGETS = (("repeat_png", "total_ms_per_tile", 5, "repeat"), ("first_png", "first_ms_per_tile", 4, "first"))


def count_rounds(folder):
    n = 0
    while os.path.exists(os.path.join(folder, "pymgl-%d.json" % (n + 1))) or \
            os.path.exists(os.path.join(folder, "strata-z11-%d.json" % (n + 1))):
        n += 1
    return n


def workload(result, z, metric):
    try:
        v = result["workloads"]["z" + z][metric]
        return v["cpu_ms_per_tile"] if isinstance(v, dict) else v
    except (KeyError, TypeError):
        return None


def style_table(folder, style, zooms, unmet, summary):
    rounds = max(count_rounds(folder), 1)
    ours = {z: [load(os.path.join(folder, "strata-z%s-%d.json" % (z, r))) for r in range(1, rounds + 1)] for z in zooms}
    anchors = {n: [load(os.path.join(folder, "%s-%d.json" % (n, r))) for r in range(1, rounds + 1)] for n, _ in ANCHORS}
    print("\n## %s, %d rounds\n" % (style, rounds))
    print("| renderer | " + " | ".join("z%s" % z for z in zooms) + " |")
    print("|---|" + "---:|" * len(zooms))

    def strata(metric, z):
        return [o.get(metric) if o else None for o in ours[z]]

    for label, metric in (("Strata repeat (render + PNG)", "total_ms_per_tile"), ("Strata first", "first_ms_per_tile")):
        vals = [med([v for v in strata(metric, z) if v is not None]) for z in zooms]
        print("| %s | %s |" % (label, " | ".join("–" if v is None else "%.2f" % v for v in vals)))
    for name, label in ANCHORS:
        if not any(anchors[name]):
            continue
        for metric, mine, target, what in TARGETS:
            cells = []
            for z in zooms:
                theirs = [workload(a, z, metric) if a else None for a in anchors[name]]
                ms = med([t for t in theirs if t is not None])
                up = med([t / s for t, s in zip(theirs, strata(mine, z)) if t is not None and s])
                cells.append("–" if ms is None else "%.2f (%s)" % (ms, "–" if up is None else "%.1f×" % up))
                summary.setdefault(style, {}).setdefault(name, {})["%s_z%s" % (what, z)] = {
                    "cpu_ms_per_tile": ms and round(ms, 3), "speedup": up and round(up, 2)}
                if up is None or up < target:
                    unmet.append("%s %s %s z%s" % (style, name, what, z))
            print("| %s %s (Strata's speed-up, target ≥ %d×) | %s |" % (label, what, target, " | ".join(cells)))


def main():
    out, zooms, core, styles = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4].split()
    print("# Real styles: Strata vs. MapLibre Native, each process pinned to core %s; loadavg %s" % (
        core, " ".join(open("/proc/loadavg").read().split()[:3])))
    print("process CPU ms per 256 px tile (4×4 block per zoom), median over rounds; speed-up per round, median")
    unmet, summary = [], {}
    for style in styles:
        style_table(os.path.join(out, style), style, zooms, unmet, summary)
    print("\ntargets: %s" % ("all met" if not unmet else "NOT met: " + ", ".join(unmet)))
    print("raw results: %s" % out)
    print(json.dumps({"bench": "omt", "core": core, "rows": summary, "unmet": unmet}, sort_keys=True))


main()
