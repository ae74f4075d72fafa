#!/usr/bin/env python3
"""Runs every benchmark workload for LoopSim and its peers, prints one table and writes results.json.

Called by benchmarks/run.sh, which builds the binaries first. Each measurement runs --reps times (default 3)
and the median is reported; the machine's load average is recorded before and after each workload.

    python3 benchmarks/bench.py --loopsim CLI --driver DRIVER --heap HEAP --tracehash TRACEHASH \
        --python VENV_PYTHON [--reps 3] [--budget 60] [--sizes 1000,10000,100000,1000000] \
        [--only storm,tracefloor,churn,leak,replications]
        [--out benchmarks/results.json] [--work DIR] [--merge]
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

# T per N so that each storm run has about three million fires (23.67 fires per timer per virtual second;
# at 1M timers the 1 s timers never come due in 0.15 s).
STORM_T_NS = {1_000: 128_000_000_000, 10_000: 12_800_000_000, 100_000: 1_280_000_000, 1_000_000: 150_000_000}
CHURN_M = 10_000_000
LEAK_OBJECTS, LEAK_CYCLES = 1_000_000, 10_000
REPLICATIONS = 10_000
S9 = "scenarios/s09-countdown-random-scrolls.yaml"


def load():
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def run(cmd, timeout=None, stdout_path=None):
    """Runs cmd; returns (wall seconds, peak RSS KiB, CPU seconds user+sys, stdout text, exit code)."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.PIPE
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
    try:
        _, status, ru = os.wait4(p.pid, 0)
    except KeyboardInterrupt:
        p.kill()
        raise
    wall = time.perf_counter() - t0
    text = ""
    if stdout_path:
        out.close()
    else:
        text = p.stdout.read().decode()
    err = p.stderr.read().decode()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1, 3):
        sys.stderr.write(f"command failed ({code}): {' '.join(cmd)}\n{err[-2000:]}\n")
    return wall, ru.ru_maxrss, ru.ru_utime + ru.ru_stime, text, code


def median_runs(cmd, reps, parse=json.loads):
    """Runs cmd reps times; returns the list of (wall, rss, cpu, parsed) and the medians."""
    rows = []
    for _ in range(reps):
        wall, rss, cpu, text, code = run(cmd)
        rows.append({"wall_s": wall, "rss_kib": rss, "cpu_s": cpu, "out": parse(text.strip().splitlines()[-1])})
    return rows


def med(rows, key):
    vals = [r["out"][key] if key in r["out"] else r[key] for r in rows]
    return statistics.median(vals)


class Bench:
    def __init__(self, a):
        self.a = a
        os.makedirs(a.work, exist_ok=True)
        self.results = {"workloads": {}, "rows": []}

    def path(self, name):
        return os.path.join(self.a.work, name)

    def row(self, workload, n, metric, loopsim, simpy, c, note=""):
        self.results["rows"] = [x for x in self.results["rows"] if (x["workload"], x["n"]) != (workload, n)]
        r = {"workload": workload, "n": n, "metric": metric, "loopsim": loopsim, "simpy": simpy, "c": c,
             "loopsim_vs_c": (loopsim / c) if loopsim and c else None,
             "loopsim_vs_simpy": (loopsim / simpy) if loopsim and simpy else None, "note": note}
        self.results["rows"].append(r)
        return r

    # MARK: Timer storm
    def storm(self):
        a = self.a
        # A storm run replaces the storm results whole (with --merge only the other workloads' are kept).
        out = self.results["workloads"]["storm"] = {}
        for n in a.sizes:
            t_ns = STORM_T_NS[n]
            l0 = load()
            c = median_runs([a.heap, "storm", str(n), str(t_ns)], a.reps)
            fires = c[0]["out"]["fires"]
            simpy = median_runs([a.python, os.path.join(HERE, "peers", "storm_simpy.py"), str(n), str(t_ns)], a.reps)
            assert all(r["out"]["fires"] == fires for r in simpy), "SimPy fires differ from the C heap's"
            # LoopSim: probe a short run for its rate, then cap T so that one run stays within --budget seconds.
            # At N = 1M creating the timers takes seconds and dominates, so no probe: T is cut to the first
            # 10 us of fires of the 1/60 s timers (about 3,300 fires).
            if n >= 1_000_000:
                ls_t = min(t_ns, a.t_1m_ns)
            else:
                # at least the first fires of the 1/60 s timers (16.67 ms + up to 10 us)
                probe_t = max(16_676_667, t_ns * (20_000 if n < 100_000 else 5_000) // fires)
                probe_yaml = self.path(f"storm-{n}-probe.yaml")
                with open(probe_yaml, "w") as f:
                    f.write(gen.storm(n, probe_t))
                probe = median_runs([a.driver, probe_yaml], 1)[0]["out"]
                rate = max(probe["fires"], 1) / max(probe["events_s"], 1e-6)
                ls_t = t_ns if fires / rate <= a.budget else int(t_ns * a.budget * rate / fires)
            ls_reps = a.reps if n < 1_000_000 else a.reps_1m
            yaml = self.path(f"storm-{n}.yaml")
            with open(yaml, "w") as f:
                f.write(gen.storm(n, ls_t))
            ls = median_runs([a.driver, yaml], ls_reps)
            ls_fires = ls[0]["out"]["fires"]
            cap_fires = json.loads(run([a.heap, "storm", str(n), str(ls_t)])[3])["fires"]
            assert ls_fires == cap_fires, f"LoopSim fired {ls_fires}, the C heap {cap_fires} for the same T"
            entry = {
                "n": n, "until_ns": t_ns, "fires": fires, "load_before": l0, "load_after": load(),
                "c": {"fires_per_s": fires / med(c, "run_s"), "fires_per_cpu_s": fires / med(c, "run_cpu_s"),
                      "run_s": med(c, "run_s"), "setup_s": med(c, "setup_s"), "setup_cpu_s": med(c, "setup_cpu_s"),
                      "peak_rss_kib": med(c, "rss_kib"), "runs": c},
                "simpy": {"fires_per_s": fires / med(simpy, "run_s"), "fires_per_cpu_s": fires / med(simpy, "run_cpu_s"),
                          "run_s": med(simpy, "run_s"), "setup_s": med(simpy, "setup_s"),
                          "setup_cpu_s": med(simpy, "setup_cpu_s"), "peak_rss_kib": med(simpy, "rss_kib"),
                          "version": simpy[0]["out"]["simpy"], "runs": simpy},
                "loopsim": {"until_ns": ls_t, "capped": ls_t < t_ns, "fires": ls_fires,
                            "fires_per_s": ls_fires / med(ls, "events_s"),
                            "fires_per_cpu_s": ls_fires / med(ls, "events_cpu_s"), "events_s": med(ls, "events_s"),
                            "setup_s": med(ls, "setup_s"), "setup_cpu_s": med(ls, "setup_cpu_s"), "load_s": med(ls, "load_s"),
                            "outcome_s": med(ls, "outcome_s"), "wall_s": med(ls, "wall_s"),
                            "events": ls[0]["out"]["events"], "fingerprint": ls[0]["out"]["fingerprint"],
                            "identical_hashes": len({r["out"]["fingerprint"] for r in ls}) == 1,
                            "peak_rss_kib": med(ls, "rss_kib"), "reps": ls_reps, "runs": ls},
            }
            if n <= 10_000:
                entry["cli"] = self.cli_check(n, t_ns, fires)
            out[str(n)] = entry
            e = entry
            note = f"{fires:,} fires" + (f"; LoopSim T cut to {ls_t / 1e9:g} s ({ls_fires:,} fires)" if ls_t < t_ns else "")
            self.row("storm fires/CPU s", n, "timer fires per CPU second", e["loopsim"]["fires_per_cpu_s"],
                     e["simpy"]["fires_per_cpu_s"], e["c"]["fires_per_cpu_s"], note)
            self.row("storm fires/wall s", n, "timer fires per wall second", e["loopsim"]["fires_per_s"], e["simpy"]["fires_per_s"],
                     e["c"]["fires_per_s"], f"load {l0:.1f} -> {e['load_after']:.1f}")
            self.row("storm setup", n, "CPU seconds to create N timers", e["loopsim"]["setup_cpu_s"], e["simpy"]["setup_cpu_s"],
                     e["c"]["setup_cpu_s"], f"LoopSim YAML load+compile {e['loopsim']['load_s']:.3f} s wall, not included")
            self.progress()
        self.results["workloads"]["storm"] = out
        sizes = sorted(int(k) for k in out if k.isdigit())
        if len(sizes) >= 2:
            lo, hi = sizes[0], sizes[-1]
            # LoopSim keeps every fire's latency, so its N = min run (millions of fires) would raise the baseline
            # by 8 bytes a fire: the baseline is N = min run to the same T as the N = max run.
            base_t = out[str(hi)]["loopsim"]["until_ns"]
            base_yaml = self.path(f"storm-{lo}-memory-base.yaml")
            with open(base_yaml, "w") as f:
                f.write(gen.storm(lo, base_t))
            base = median_runs([a.driver, base_yaml], a.reps)
            out["memory_baseline"] = {"n": lo, "until_ns": base_t, "fires": base[0]["out"]["fires"],
                                      "peak_rss_kib": med(base, "rss_kib"), "runs": base}
            for peer in ("loopsim", "simpy", "c"):
                ratio = out[str(lo)][peer]["fires_per_cpu_s"] / out[str(hi)][peer]["fires_per_cpu_s"]
                out.setdefault("cost_per_fire_ratio", {})[peer] = ratio
                lo_rss = out["memory_baseline"]["peak_rss_kib"] if peer == "loopsim" else out[str(lo)][peer]["peak_rss_kib"]
                mem = (out[str(hi)][peer]["peak_rss_kib"] - lo_rss) * 1024 / (hi - lo)
                out.setdefault("bytes_per_timer", {})[peer] = mem
            r = out["cost_per_fire_ratio"]
            self.row("storm cost/fire ratio", f"{hi}/{lo}", "cost per fire at N=max / at N=min", r["loopsim"], r["simpy"],
                     r["c"], "target LoopSim <= 2")
            m = out["bytes_per_timer"]
            self.row("memory per live timer", f"{hi}-{lo}", "peak RSS difference / timers (bytes)", m["loopsim"],
                     m["simpy"], m["c"], "target LoopSim <= 160")
        if 10_000 in sizes:
            # Peak memory must not grow with the length of a run (latencies are kept in bounded memory): the
            # 10k storm to T = 10 s and to T = 40 s, through the driver.
            runs = {}
            for t_s in (10, 40):
                yaml = self.path(f"storm-10000-{t_s}s.yaml")
                with open(yaml, "w") as f:
                    f.write(gen.storm(10_000, t_s * 1_000_000_000))
                r = median_runs([a.driver, yaml], a.reps)
                runs[t_s] = {"fires": r[0]["out"]["fires"], "peak_rss_kib": med(r, "rss_kib"), "runs": r}
            ratio = runs[40]["peak_rss_kib"] / runs[10]["peak_rss_kib"]
            out["memory_vs_length"] = {"n": 10_000, "t10": runs[10], "t40": runs[40], "ratio": ratio}
            self.row("memory vs run length", 10_000, "peak RSS at T = 40 s / at T = 10 s", ratio, None, None,
                     f"{runs[10]['peak_rss_kib']:,} -> {runs[40]['peak_rss_kib']:,} KiB; target <= 1.10")

    def cli_check(self, n, t_ns, fires):
        """The same storm through `loopsim run FILE --format json` (the CLI keeps RunLimits(): 2,000,000 trace
        events, so T is cut to about 100k fires) and through the driver: the two runs' fingerprints must agree, and the
        wall times show what the CLI adds (JSON report with a per_timer and a countdowns entry per timer). The
        fingerprints must agree."""
        a = self.a
        t_cli = max(1, t_ns * 100_000 // fires)
        yaml = self.path(f"storm-{n}-cli.yaml")
        with open(yaml, "w") as f:
            f.write(gen.storm(n, t_cli))
        json_path = self.path(f"storm-{n}-cli.json")
        wall, rss, cpu, _, code = run([a.loopsim, "run", yaml, "--format", "json"], stdout_path=json_path)
        with open(json_path) as f:
            report = json.load(f)["runs"][0]
        drv_wall, drv_rss, _, text, _ = run([a.driver, yaml])
        drv = json.loads(text.strip().splitlines()[-1])
        return {"until_ns": t_cli, "exit_code": code, "limit": report.get("limit"), "fires": report["timers"]["fires"],
                "events": report["events"], "cli_fingerprint": report["fingerprint"], "driver_fingerprint": drv["fingerprint"],
                "same_trace": report["fingerprint"] == drv["fingerprint"], "cli_wall_s": wall, "cli_peak_rss_kib": rss,
                "driver_wall_s": drv_wall, "driver_peak_rss_kib": drv_rss, "json_bytes": os.path.getsize(json_path)}

    # MARK: Trace floor
    def tracefloor(self):
        """What writing and hashing the trace's JSON lines alone costs per fire (the 10k storm), in C: what the
        kernel paid on every fire while its trace hash was XXH64 of those lines (before the fingerprint of event
        ingredients), and what a run that writes `--trace` still pays for its text. Two LoopSim runs (T = 0.2 s and 0.4 s) write their traces; peers/tracehash.c formats
        each from its pieces and integers and hashes it (checking the hash); the figure is the difference over
        the fires between, as for the instructions per fire in BENCHMARKS.md."""
        a = self.a
        n = 10_000
        runs = []
        for t_ns in (200_000_000, 400_000_000):
            yaml, trace, report = (self.path(f"floor-{n}-{t_ns}.{ext}") for ext in ("yaml", "jsonl", "json"))
            with open(yaml, "w") as f:
                f.write(gen.storm(n, t_ns))
            run([a.loopsim, "run", yaml, "--trace", trace, "--force", "--format", "json", "--max-events", "100000000",
                 "--max-steps", "1000000000", "--max-objects", "10000000"], stdout_path=report)
            with open(report) as f:
                r = json.load(f)["runs"][0]
            floor = json.loads(run([a.tracehash, trace, str(max(a.reps, 3))])[3])
            assert floor["lines"] == r["events"], (floor, r["events"])
            runs.append({"until_ns": t_ns, "fires": r["timers"]["fires"], "fingerprint": r["fingerprint"], **floor})
            os.remove(trace)
        lo, hi = runs
        fires = hi["fires"] - lo["fires"]
        ns = (hi["format_hash_cpu_s"] - lo["format_hash_cpu_s"]) * 1e9 / fires
        storm = self.results["workloads"].get("storm", {}).get(str(n))
        if storm:  # the storm row's own C heap figure, so that the two rows agree
            heap_ns = 1e9 / storm["c"]["fires_per_cpu_s"]
        else:
            c = median_runs([a.heap, "storm", str(n), str(STORM_T_NS[n])], a.reps)
            heap_ns = med(c, "run_cpu_s") * 1e9 / c[0]["out"]["fires"]
        entry = {"n": n, "runs": runs, "fires_between": fires, "bytes_per_fire": (hi["bytes"] - lo["bytes"]) / fires,
                 "lines_per_fire": (hi["lines"] - lo["lines"]) / fires, "format_hash_ns_per_fire": ns,
                 "c_heap_ns_per_fire": heap_ns}
        self.results["workloads"]["tracefloor"] = entry
        self.row("storm trace floor", n, "fires per CPU s if a fire only wrote and hashed its trace lines (C)", None, None,
                 1e9 / ns, f"{entry['bytes_per_fire']:.0f} B, {entry['lines_per_fire']:.1f} lines per fire: {ns:.0f} ns "
                 f"against the C heap's {heap_ns:.0f} ns; the storm target "
                 f"(0.25 x C) leaves {4 * heap_ns:.0f} ns for a whole fire")
        self.progress()

    # MARK: Churn
    def churn(self):
        a = self.a
        m = a.churn
        yaml = self.path(f"churn-{m}.yaml")
        with open(yaml, "w") as f:
            f.write(gen.churn(m))
        l0 = load()
        c = median_runs([a.heap, "churn", str(m)], a.reps)
        ls = median_runs([a.driver, yaml], a.reps)
        assert ls[0]["out"]["deallocated"] == m, ls[0]["out"]
        entry = {"m": m, "load_before": l0, "load_after": load(),
                 "c": {"objects_per_s": m / med(c, "run_s"), "objects_per_cpu_s": m / med(c, "run_cpu_s"),
                       "run_s": med(c, "run_s"), "runs": c},
                 "loopsim": {"objects_per_s": m / med(ls, "run_s"), "objects_per_cpu_s": m / med(ls, "run_cpu_s"),
                             "run_s": med(ls, "run_s"), "run_cpu_s": med(ls, "run_cpu_s"), "load_s": med(ls, "load_s"),
                             "outcome_s": med(ls, "outcome_s"), "wall_s": med(ls, "wall_s"),
                             "events": ls[0]["out"]["events"], "peak_rss_kib": med(ls, "rss_kib"), "runs": ls}}
        self.results["workloads"]["churn"] = entry
        self.row("object churn", m, "objects allocated+released per CPU second", entry["loopsim"]["objects_per_cpu_s"],
                 None, entry["c"]["objects_per_cpu_s"],
                 f"SimPy has no object heap: n/a; LoopSim wall {entry['loopsim']['run_s']:.1f} s, load {l0:.1f}")
        self.progress()

    # MARK: Leak analysis
    def leak(self):
        a = self.a
        yaml = self.path("leakheap.yaml")
        with open(yaml, "w") as f:
            f.write(gen.leakheap(a.leak_objects, LEAK_CYCLES))
        l0 = load()
        ls = median_runs([a.driver, yaml, "--analysis"], a.reps)
        o = ls[0]["out"]
        assert o["leaks"] == 2 * LEAK_CYCLES, o
        entry = {"objects": a.leak_objects, "cycles": LEAK_CYCLES, "edges_approx": 2 * a.leak_objects,
                 "load_before": l0, "load_after": load(),
                 "loopsim": {"analysis_s": med(ls, "analysis_s"), "analysis_cpu_s": med(ls, "analysis_cpu_s"),
                             "build_s": med(ls, "setup_s"),
                             "run_s": med(ls, "run_s"), "load_s": med(ls, "load_s"), "leaks": o["leaks"],
                             "peak_rss_kib": med(ls, "rss_kib"), "runs": ls}}
        self.results["workloads"]["leak"] = entry
        self.row("leak analysis", a.leak_objects, "CPU seconds, 2M edges, 10k leaked cycles",
                 entry["loopsim"]["analysis_cpu_s"], None, None,
                 f"wall {entry['loopsim']['analysis_s']:.2f} s; building the heap {entry['loopsim']['build_s']:.1f} s; target < 1 s")
        self.progress()

    # MARK: Replications
    def replications(self):
        a = self.a
        entry = {"replications": a.replications, "load_before": load()}
        outputs = {}
        for jobs in (1, 2):
            rows = []
            for i in range(a.reps):
                path = self.path(f"s9-jobs{jobs}-{i}.json")
                wall, rss, cpu, _, code = run([a.loopsim, "run", S9, "--replications", str(a.replications), "--jobs",
                                               str(jobs), "--format", "json"], stdout_path=path)
                rows.append({"wall_s": wall, "cpu_s": cpu, "rss_kib": rss, "out": {}})
                with open(path, "rb") as f:
                    outputs.setdefault(jobs, set()).add(f.read())
            entry[f"jobs{jobs}"] = {"wall_s": med(rows, "wall_s"), "cpu_s": med(rows, "cpu_s"), "runs": rows}
        entry["load_after"] = load()
        entry["speedup"] = entry["jobs1"]["wall_s"] / entry["jobs2"]["wall_s"]
        entry["cpu_overhead_jobs2"] = entry["jobs2"]["cpu_s"] / entry["jobs1"]["cpu_s"]
        entry["byte_identical"] = len(outputs[1] | outputs[2]) == 1
        self.results["workloads"]["replications"] = entry
        self.row("S9 replications", a.replications, "speedup --jobs 2 vs 1 (wall)", entry["speedup"], None, None,
                 f"byte-identical: {entry['byte_identical']}; jobs1 {entry['jobs1']['wall_s']:.1f} s, "
                 f"jobs2 {entry['jobs2']['wall_s']:.1f} s wall; CPU x{entry['cpu_overhead_jobs2']:.2f}; "
                 f"load {entry['load_before']:.1f} -> {entry['load_after']:.1f}; target >= 1.7")
        self.progress()

    def progress(self):
        self.write()
        print(self.table(), flush=True)

    def table(self):
        def f(x):
            if x is None:
                return "n/a"
            if isinstance(x, str):
                return x
            if abs(x) >= 1000:
                return f"{x:,.0f}"
            return f"{x:.3g}"
        lines = ["| workload | N | metric | LoopSim | SimPy | C heap | LoopSim/C | LoopSim/SimPy | note |",
                 "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for r in self.results["rows"]:
            lines.append(f"| {r['workload']} | {r['n']} | {r['metric']} | {f(r['loopsim'])} | {f(r['simpy'])} | {f(r['c'])} "
                         f"| {f(r['loopsim_vs_c'])} | {f(r['loopsim_vs_simpy'])} | {r['note']} |")
        return "\n".join(lines)

    def write(self):
        with open(self.a.out, "w") as f:
            json.dump(self.results, f, indent=1, sort_keys=True, default=str)


def machine():
    info = {"nproc": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()}
    try:
        with open("/proc/cpuinfo") as f:
            info["cpu"] = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
        with open("/proc/meminfo") as f:
            info["mem_total_kib"] = int(next(l.split()[1] for l in f if l.startswith("MemTotal")))
    except (OSError, StopIteration):
        pass
    for tool, cmd in (("swift", ["swift", "--version"]), ("cc", ["cc", "--version"])):
        try:
            info[tool] = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            pass
    return info


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--loopsim", required=True)
    p.add_argument("--driver", required=True)
    p.add_argument("--heap", required=True)
    p.add_argument("--tracehash", required=True, help="peers/tracehash.c built: the trace floor")
    p.add_argument("--python", required=True)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--reps-1m", type=int, default=1, help="LoopSim repetitions at N = 1M (its setup alone takes seconds)")
    p.add_argument("--budget", type=float, default=60, help="seconds of simulated events per LoopSim storm run")
    p.add_argument("--t-1m-ns", type=int, default=16_676_667, help="LoopSim's T at N = 1M (default: ~3,300 fires)")
    p.add_argument("--sizes", default="1000,10000,100000,1000000")
    p.add_argument("--churn", type=int, default=CHURN_M)
    p.add_argument("--leak-objects", type=int, default=LEAK_OBJECTS)
    p.add_argument("--replications", type=int, default=REPLICATIONS)
    p.add_argument("--only", default="storm,tracefloor,churn,leak,replications")
    p.add_argument("--out", default=os.path.join(HERE, "results.json"))
    p.add_argument("--work", default=os.path.join(HERE, "gen"))
    p.add_argument("--source", default="")
    p.add_argument("--merge", action="store_true", help="keep the other workloads' results already in --out")
    a = p.parse_args()
    a.sizes = [int(s) for s in a.sizes.split(",")]
    b = Bench(a)
    if a.merge and os.path.exists(a.out):
        with open(a.out) as f:
            b.results = json.load(f)  # rerun some workloads/sizes, keep the rest
    b.results["machine"] = machine()
    b.results["source"] = a.source
    b.results["started"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    b.results["settings"] = {"reps": a.reps, "reps_1m": a.reps_1m, "budget_s": a.budget, "sizes": a.sizes,
                             "storm_until_ns": {str(k): v for k, v in STORM_T_NS.items()}}
    for w in a.only.split(","):
        getattr(b, w)()
    b.results["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    b.write()
    print(f"\nwrote {a.out}")


if __name__ == "__main__":
    main()
