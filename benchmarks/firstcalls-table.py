#!/usr/bin/env python3
"""Prints the Markdown table of docs/measurements.md "First calls" from a CSV of benchmarks/firstcalls.sh.

Each cell is the median over the CSV's runs, in microseconds per call (start-up in milliseconds).
HyMPJ's variants are columns ("warm" is the default, "cold" has -Dhympj.warmup=false); Open MPI's
rows of the same ranks and operation sit beside them.
    benchmarks/firstcalls-table.py benchmarks/results/firstcalls-20261127-final.csv
"""
import csv
import statistics
import sys
from collections import defaultdict


def main(path):
    cells = defaultdict(list)
    for row in csv.DictReader(open(path)):
        cells[(row["impl"], row["operation"], row["ranks"], row["mode"], row["phase"], row["variant"])].append(
            float(row["value"]))

    def cell(*key):
        values = cells.get(key)
        return statistics.median(values) if values else None

    def fmt(v, digits=2):
        return "" if v is None else f"{v:.{digits}f}"

    variants = sorted({k[5] for k in cells if k[0] == "hympj"}, key=lambda v: (v != "warm", v))
    configs = sorted({(k[1], int(k[2]), k[3]) for k in cells if k[0] == "hympj"},
                     key=lambda c: (["pingpong", "allreduce", "barrier", "bcast"].index(c[0]), c[1], c[2]))
    head = ["operation", "ranks", "mode"]
    for v in variants:
        head += [f"first 50k ({v})", f"steady ({v})", f"ratio ({v})", f"first, median block ({v})",
                 f"steady, median block ({v})", f"start-up ms ({v})"]
    head += ["Open MPI first", "Open MPI steady"]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for op, ranks, mode in configs:
        line = [op, str(ranks), mode]
        for v in variants:
            first = cell("hympj", op, str(ranks), mode, "first", v)
            steady = cell("hympj", op, str(ranks), mode, "steady", v)
            ratio = first / steady if first and steady else None
            line += [fmt(first), fmt(steady), fmt(ratio, 1), fmt(cell("hympj", op, str(ranks), mode, "first-median-block", v)),
                     fmt(cell("hympj", op, str(ranks), mode, "steady-median-block", v)),
                     fmt(cell("hympj", op, str(ranks), mode, "launch-to-init", v), 0)]
        line += [fmt(cell("openmpi", op, str(ranks), "processes", "first", "native")),
                 fmt(cell("openmpi", op, str(ranks), "processes", "steady", "native"))]
        print("| " + " | ".join(line) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
