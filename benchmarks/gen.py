#!/usr/bin/env python3
"""Scenario generators for the LoopSim benchmarks.

The scenario language has no loop, so N timers or objects are made by a call tree: a leaf method with the
steps written out, and methods that call the level below ten times, so the YAML stays small (a few thousand
lines) at any N and parse/compile cost stays out of the run. `--flat` writes the naive form instead (every
step in `main:`), to measure what the parser and compiler cost at N steps.

    python3 benchmarks/gen.py storm N T_NS OUT.yaml [--flat]
    python3 benchmarks/gen.py churn M OUT.yaml
    python3 benchmarks/gen.py leakheap OBJECTS CYCLES OUT.yaml [--checks K]
"""
import sys

# The timer storm's grid, shared with peers/heap.c and peers/storm_simpy.py: timer k repeats every
# INTERVALS[k % 3] ns and is first due at that interval plus (k % 1000) µs. 1/60 s is rounded to 16666667 ns.
INTERVALS = (16_666_667, 100_000_000, 1_000_000_000)
PERIOD = 3000  # (k % 3, k % 1000) repeats every 3000 timers


def timer_step(k, indent):
    iv = INTERVALS[k % 3]
    first = iv + (k % 1000) * 1000
    return (f"{indent}- {{scheduledTimer: ~, every: {iv}ns, firstFire: {first}ns, repeats: true, "
            f"userInfo: {{do: []}}}}\n")


def call_tree(count, leaf_size, leaf_steps, prefix):
    """Methods that together run `leaf_steps(i)` for i in 0..<count (in order, i relative to the leaf), and
    the main-step lines that call them. leaf_steps(n) returns the YAML lines of a method body doing n units.
    Level 0 is the leaf (leaf_size units inline); level L calls level L-1 ten times. The remainder below one
    leaf is a method of its own."""
    methods = {}
    calls = []
    full, rest = divmod(count, leaf_size)
    methods[f"{prefix}0"] = leaf_steps(leaf_size)
    level, size = 0, 1
    digits = []
    while full:
        full, d = divmod(full, 10)
        digits.append(d)
    for level in range(1, len(digits)):
        methods[f"{prefix}{level}"] = "".join(f"        - call: self.{prefix}{level - 1}\n" for _ in range(10))
    for level in reversed(range(len(digits))):
        calls += [f"{prefix}{level}"] * digits[level]
    if rest:
        methods[f"{prefix}rest"] = leaf_steps(rest)
        calls.append(f"{prefix}rest")
    return methods, calls


def storm(n, until_ns, flat=False):
    head = (f"name: timer storm N={n}\n"
            f"description: {n} repeating timers on the main run loop, default mode, empty callouts\n"
            f"until: {until_ns}ns\nvariants: [ios10]\n")
    if flat:
        return head + "main:\n" + "".join(timer_step(k, "  ") for k in range(n))
    # Leaf: the 3000-timer pattern. Timer k = q*3000 + i is the i-th step of the q-th call, so creation order
    # (and with it the FIFO order among equal deadlines) is k's order, as in the peers.
    methods, calls = call_tree(n, PERIOD, lambda m: "".join(timer_step(i, "        ") for i in range(m)), "t")
    out = [head, "classes:\n  Storm:\n    methods:\n"]
    for name, body in methods.items():
        out.append(f"      {name}:\n{body}")
    out.append("main:\n  - let: s = new Storm\n")
    out += [f"  - call: s.{c}\n" for c in calls]
    return "".join(out)


def churn(m):
    def leaf(k):
        return "".join("        - let: o = new Obj\n        - release: o\n" for _ in range(k))
    methods, calls = call_tree(m, 1000, leaf, "c")
    out = [f"name: object churn M={m}\ndescription: {m} objects allocated and released by scenario steps\n"
           "until: 1s\nvariants: [ios10]\nclasses:\n  Obj:\n    fields:\n      n: int = 0\n  Churn:\n    methods:\n"]
    for name, body in methods.items():
        out.append(f"      {name}:\n{body}")
    out.append("main:\n  - let: s = new Churn\n")
    out += [f"  - call: s.{c}\n" for c in calls]
    return "".join(out)


def leakheap(objects, cycles, checks=0):
    """`objects` live scenario objects at the end: a Builder, a chain of nodes reachable from it (node.a is
    the next node, node.b the one after: two strong edges per node), and `cycles` leaked two-node cycles
    (four strong edges each). Nothing reachable is ever let go (cursors are weak), so the only leaks are the
    2*cycles cycle members."""
    chain = objects - 1 - 2 * cycles
    assert chain >= 3

    def chain_leaf(k):
        return "".join("        - set: self.cur.a = new Node\n        - set: self.prev.b = self.cur.a\n"
                       "        - set: self.prev = self.cur\n        - set: self.cur = self.cur.a\n" for _ in range(k))

    def cycle_leaf(k):
        return "".join("        - let: c = new Node\n        - set: c.a = new Node\n        - set: c.a.a = c\n"
                       "        - set: c.b = c.a\n        - set: c.a.b = c\n        - release: c\n" for _ in range(k))
    # start makes the head and the second node; the tree adds chain - 2 more
    cm, ccalls = call_tree(chain - 2, 100, chain_leaf, "n")
    ym, ycalls = call_tree(cycles, 100, cycle_leaf, "y")
    out = [f"name: leak analysis heap, {objects} objects, {cycles} cycles\n"
           "description: a reachable chain with two strong edges per node, and leaked two-node cycles\n"
           "until: 1s\nvariants: [ios10]\nclasses:\n  Node:\n    fields:\n      a: strong Node\n      b: strong Node\n"
           "  Builder:\n    fields:\n      head: strong Node\n      cur: weak Node\n      prev: weak Node\n"
           "    methods:\n      start:\n        - set: self.head = new Node\n        - set: self.head.a = new Node\n"
           "        - set: self.prev = self.head\n        - set: self.cur = self.head.a\n"]
    for name, body in {**cm, **ym}.items():
        out.append(f"      {name}:\n{body}")
    out.append("main:\n  - let: builder = new Builder\n  - call: builder.start\n")
    out += [f"  - call: builder.{c}\n" for c in ccalls + ycalls]
    out += [f"  - check: analysis {i}\n" for i in range(checks)]
    return "".join(out)


def main(argv):
    kind = argv[1]
    if kind == "storm":
        text = storm(int(argv[2]), int(argv[3]), flat="--flat" in argv)
        out = argv[4]
    elif kind == "churn":
        text, out = churn(int(argv[2])), argv[3]
    elif kind == "leakheap":
        checks = int(argv[argv.index("--checks") + 1]) if "--checks" in argv else 0
        text, out = leakheap(int(argv[2]), int(argv[3]), checks), argv[4]
    else:
        sys.exit(__doc__)
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main(sys.argv)
