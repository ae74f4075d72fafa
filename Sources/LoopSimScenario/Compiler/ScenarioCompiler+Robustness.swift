import LoopSimKernel

extension ScenarioCompiler {
    /// The longest duration a scenario may write: 100 years (876000h). Every instant of a run is the current
    /// instant (at most `until:`) plus one such duration, so no instant can overflow 64-bit nanoseconds
    /// (about 292 years), which would trap in the kernel.
    static let longestDuration = SimDuration(nanoseconds: 876_000 * 3_600_000_000_000)

    /// Mode spellings a custom mode name is compared with (see ``checkModeSpelling(_:at:)``).
    static let wellKnownModes = [
        "default", "common", "tracking", "NSDefaultRunLoopMode", "kCFRunLoopDefaultMode",
        "NSRunLoopCommonModes", "kCFRunLoopCommonModes", "UITrackingRunLoopMode",
    ]

    /// `duration.overflow` for a duration longer than ``longestDuration`` (either sign); nil when it fits.
    func checkDurationRange(_ duration: SimDuration, text: String, what: String, at location: SourceLocation)
        -> SimDuration?
    {
        let limit = Self.longestDuration.nanoseconds
        guard duration.nanoseconds > limit || duration.nanoseconds < -limit else { return duration }
        bag.error(
            .durationOverflow,
            "\(what): duration \"\(text)\" is longer than 100 years (876000h), the longest a "
                + "scenario may use, so that no instant of a run can overflow; use `distantFuture` for \"never\" where it "
                + "is accepted", at: location)
        return nil
    }

    /// `mode.unknown` for a custom mode name one or two edits away from a well-known spelling (`defualt`).
    /// - Returns: Whether the name was accepted.
    @discardableResult
    func checkModeSpelling(_ name: String, at location: SourceLocation) -> Bool {
        guard RunLoopModeName.canonical(name) == name, !Self.wellKnownModes.contains(name) else { return true }
        for known in Self.wellKnownModes {
            let distance = KeyChecker.editDistance(name.lowercased(), known.lowercased())
            if distance <= 2 && distance * 2 < known.count {
                bag.error(
                    .modeUnknown,
                    "unknown mode '\(name)'; did you mean `\(known)`? (any other name is a custom "
                        + "mode, which must be spelled the same wherever it is used)", at: location)
                return false
            }
        }
        return true
    }

    // MARK: Cyclic initializers

    /// `class.cyclic-init` for every class whose `init:` creates (at its top level, unconditionally) an
    /// instance of a class whose `init:` leads back to it: every allocation would start another, without end.
    /// Reported once per cycle, at the `new` in the first class of the cycle (in declaration order).
    func checkInitCycles(_ node: LocatedNode?) {
        guard let map = node?.mapping else { return }
        let names = map.entries.map(\.key.text)
        // edges[c]: the classes c's init creates, with where.
        var edges: [[(Int, SourceLocation)]] = Array(repeating: [], count: names.count)
        for (c, entry) in map.entries.enumerated() {
            guard let steps = entry.value.mapping?["init"]?.sequence?.items else { continue }
            for step in steps {
                guard let first = step.mapping?.entries.first, ["let", "set"].contains(first.key.text),
                    let scalar = first.value.scalar, let created = newClassName(in: scalar.text),
                    let target = names.firstIndex(of: created.name)
                else { continue }
                edges[c].append((target, location(in: scalar, offset: created.offset)))
            }
        }
        var reported: Set<Int> = []
        for start in names.indices where !reported.contains(start) {
            guard let cycle = path(from: start, to: start, edges: edges) else { continue }
            let members = cycle.map(\.0)
            if members.contains(where: { reported.contains($0) }) { continue }
            reported.formUnion(members)
            let route = ([start] + members).map { names[$0] }.joined(separator: " → ")
            let what =
                members.count == 1
                ? "init of \(names[start]) creates a new \(names[start])"
                : "init of \(names[start]) creates a new \(names[cycle[0].0]), whose creation leads back to it (\(route))"
            bag.error(
                .classCyclicInit,
                what + ": every instance would create another without end; create it later "
                    + "(in a method), or store an existing object", at: cycle[0].1)
        }
    }

    /// The shortest chain of init edges from `start` back to `goal` (breadth-first), each with its location.
    private func path(from start: Int, to goal: Int, edges: [[(Int, SourceLocation)]]) -> [(Int, SourceLocation)]? {
        var parent: [Int: (Int, SourceLocation)] = [:]
        var frontier = [start]
        var head = 0
        while head < frontier.count {
            let c = frontier[head]
            head += 1
            for (next, at) in edges[c] {
                if next == goal {
                    var chain = [(next, at)]
                    var cursor = c
                    while cursor != start, let (p, pAt) = parent[cursor] {
                        chain.insert((cursor, pAt), at: 0)
                        cursor = p
                    }
                    return chain
                }
                if parent[next] == nil && next != start {
                    parent[next] = (c, at)
                    frontier.append(next)
                }
            }
        }
        return nil
    }

    /// `Name` and its offset in `x = new Name`, if the right-hand side is a `new`.
    private func newClassName(in text: String) -> (name: String, offset: Int)? {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let rhsOffset = text.distance(from: text.startIndex, to: eq) + 1
        guard case .success(.new(let name, let column)) = ExpressionParser.parse(String(text[text.index(after: eq)...]))
        else { return nil }
        return (name, rhsOffset + column)
    }

    // MARK: Threads named by expectations

    /// Names of every `thread: NAME` step in the file, wherever it is.
    func declaredThreadNames(_ node: LocatedNode) -> Set<String> {
        var names: Set<String> = ["main"]
        func walk(_ node: LocatedNode) {
            switch node {
            case .scalar: break
            case .sequence(let seq): seq.items.forEach(walk)
            case .mapping(let map):
                if let first = map.entries.first, first.key.text == "thread", let name = first.value.scalar?.text {
                    names.insert(name)
                }
                for entry in map.entries { walk(entry.value) }
            }
        }
        walk(node)
        return names
    }

    /// Whether `name` can be a thread of a run: `main`, a declared `thread:`, or a pool worker (`worker-N`).
    func isKnownThread(_ name: String, declared: Set<String>) -> Bool {
        if declared.contains(name) { return true }
        guard name.hasPrefix("worker-") else { return false }
        let number = name.dropFirst("worker-".count)
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }
}
