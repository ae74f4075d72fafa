#!/usr/bin/env python3
"""The timer storm in SimPy: N processes, process k yields env.timeout on the same grid as LoopSim and the C
heap (interval INTERVALS[k % 3] ns, first due at interval + (k % 1000) us), time in integer nanoseconds so
the grid is exact. env.run(until=T + 1) processes every timeout due at or before T (SimPy stops before
events at `until`). Prints one JSON line: setup_s (creating the processes), run_s, the same as process CPU time
(setup_cpu_s, run_cpu_s), fires.

    python3 storm_simpy.py N T_NS
"""
import json
import sys
import time

import simpy

INTERVALS = (16_666_667, 100_000_000, 1_000_000_000)


def main():
    n, until = int(sys.argv[1]), int(sys.argv[2])
    env = simpy.Environment()
    fires = [0]

    def timer(first, interval):
        yield env.timeout(first)
        while True:
            fires[0] += 1
            yield env.timeout(interval)

    t0, c0 = time.perf_counter(), time.process_time()
    for k in range(n):
        iv = INTERVALS[k % 3]
        env.process(timer(iv + (k % 1000) * 1000, iv))
    t1, c1 = time.perf_counter(), time.process_time()
    env.run(until=until + 1)
    t2, c2 = time.perf_counter(), time.process_time()
    print(json.dumps({"setup_s": t1 - t0, "run_s": t2 - t1, "setup_cpu_s": c1 - c0, "run_cpu_s": c2 - c1,
                      "fires": fires[0], "simpy": simpy.__version__}))


if __name__ == "__main__":
    main()
