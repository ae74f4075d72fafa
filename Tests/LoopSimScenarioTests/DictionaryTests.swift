import LoopSimKernel
import LoopSimScenario
import Testing

/// Dictionaries in the scenario language and the kernel (docs/scenario-format.md §7.1.2, docs/fidelity.md
/// "Dictionaries"): the place holding a dictionary retains its object values, a store under a present key replaces
/// (and releases) the old value, a removal releases it, and retain paths name the entry by its key.
@Suite struct DictionaryTests {
    private func run(_ yaml: String, _ variant: String = "ios13") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    private func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    private func ids(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "t.yaml").diagnostics.map(\.id.description)
    }

    /// A manager keeps one repeating timer per key: the dictionary retains each timer, so replacing the key's timer
    /// frees the old one (after it is invalidated) and removing the key frees the last; the counts and keys read
    /// as Swift's do.
    @Test func aTimerPerKeyIsRetainedReplacedAndRemoved() throws {
        let o = try run(
            """
            name: timers keyed by name
            until: 3s
            classes:
              Manager:
                root: true
                fields:
                  timers: '[string: NSTimer]'
                  fires: '[string: int] = [:]'
                methods:
                  start:
                    - let: old = self.timers["poll"]
                    - invalidate: old
                    - scheduledTimer: t
                      every: 500ms
                      repeats: true
                      block: {captures: [strong self], do: [{updateValue: self.fires, forKey: '"poll"', value: '(self.fires["poll"] ?? 0) + 1'}]}
                    - updateValue: self.timers
                      forKey: '"poll"'
                      value: t
                    - log: 'timers \\(self.timers.count)'
                  stop:
                    - let: t = self.timers["poll"]
                    - invalidate: t
                    - removeValue: self.timers
                      forKey: '"poll"'
                    - log: 'fired \\(self.fires["poll"] ?? 0), empty \\(self.timers.isEmpty), keys \\(self.fires.keys.sorted())'
            main:
              - call: shared Manager.start
            user:
              - {at: 1200ms, name: restart, do: [{call: shared Manager.start}]}
              - {at: 2300ms, name: stop, do: [{call: shared Manager.stop}]}
            """)
        #expect(o.crash == nil)
        #expect(logs(o) == ["0 timers 1", "1200 timers 1", "2300 fired 4, empty true, keys [\"poll\"]"])
        // Both timers freed, with their blocks: the first when the restart replaced it, the second when stop removed
        // it.
        #expect(o.deallocated == 4)
        #expect(o.findings.leaks.isEmpty)
    }

    /// A cycle through a dictionary: a registry holds a screen under the key "home", the screen holds the registry.
    /// Once the app lets the registry go both leak, and the cycle's edge names the entry by its key; without the
    /// cycle, removing the key frees the screen.
    @Test func aRetainPathNamesTheEntryByItsKey() throws {
        let yaml = """
            name: a registry keeps screens
            until: 1s
            classes:
              Screen: {fields: {registry: strong Registry}}
              Registry:
                fields:
                  screens: '[string: Screen]'
            main:
              - let: r = new Registry
              - let: s = new Screen
              - updateValue: r.screens
                forKey: '"home"'
                value: s
              - set: s.registry = r
              - release: s
              - release: r
            """
        let o = try run(yaml)
        #expect(o.crash == nil)
        #expect(o.findings.leaks.count == 2, "\(o.findings.leaks)")
        let screen = try #require(o.findings.leaks.first { $0.className == "Screen" })
        #expect(screen.edges.contains("screens[\"home\"]"), "\(screen.edges)")
        let freed = try run(yaml.replacingOccurrences(of: "  - set: s.registry = r\n", with: ""))
        #expect(freed.findings.leaks.isEmpty)
        #expect(freed.deallocated == 2)
    }

    /// A copy of a dictionary retains its values again; a literal with a key written twice crashes as Swift's does;
    /// `d[k] = nil` (a nil value) removes.
    @Test func copiesLiteralsAndNilStores() throws {
        let o = try run(
            """
            name: copies
            until: 1s
            classes:
              Item: {fields: {n: int}}
            main:
              - let: 'd: [int: Item] = [:]'
              - let: a = new Item
              - updateValue: d
                forKey: 1
                value: a
              - release: a
              - let: copy = d
              - updateValue: d
                forKey: 1
                value: nil
              - log: 'd \\(d.count) copy \\(copy.count)'
              - check: copied
              - removeAll: copy
              - log: 'copy \\(copy.isEmpty)'
              - let: 'dup: [string: int] = ["a": 1, "a": 2]'
            """)
        #expect(logs(o) == ["0 d 0 copy 1", "0 copy true"])
        #expect(o.deallocated == 1)
        #expect(
            o.crash?.message.contains("Dictionary literal contains duplicate keys") == true,
            "\(String(describing: o.crash))")
    }

    /// `a.sum()` adds integers or durations (a zero duration for an empty array of them) and refuses strings.
    @Test func sumAddsIntegersAndDurations() throws {
        let o = try run(
            """
            name: sums
            until: 1s
            main:
              - let: 'd: [string: int] = ["a": 2, "b": 5]'
              - let: 'gaps: [duration] = [250ms, 0.5]'
              - let: 'none: [duration] = []'
              - log: 'sum \\(d.values.sum()) gaps \\(gaps.sum()) none \\(none.sum())'
            """)
        #expect(logs(o) == ["0 sum 7 gaps 0.75 none 0.0"])
        #expect(ids("name: s\nuntil: 1s\nmain:\n  - let: 'n: [string] = []'\n  - let: x = n.sum()\n") == ["expr.type"])
    }

    /// Wrong keys and values are located type errors; a whole dictionary is not interpolated (its order is Swift's
    /// to choose); a dictionary field is never weak.
    @Test func misuseIsLocated() {
        let base = """
            name: bad
            until: 1s
            classes:
              Box:
                fields:
                  d: '[string: int]'
            main:
              - let: b = new Box

            """
        #expect(ids(base + "  - updateValue: b.d\n    forKey: 1\n    value: 2\n") == ["expr.type"])
        #expect(ids(base + "  - updateValue: b.d\n    forKey: '\"a\"'\n    value: '\"x\"'\n") == ["expr.type"])
        #expect(ids(base + "  - log: 'all \\(b.d)'\n").contains("expr.type"))
        #expect(ids(base + "  - removeValue: b.d\n") == ["key.missing"])
        #expect(ids(base + "  - let: x = b.d.first\n") == ["expr.type"])
        #expect(
            ids(
                """
                name: weak
                until: 1s
                classes:
                  Box: {fields: {d: 'weak [string: int]'}}
                main: []
                """) == ["field.declaration"])
    }

    /// A field read of what a subscript yields (`self.requests[key].waiting`, Swift's `inFlight[key]?.completions`):
    /// the entry's field, nil for a missing key, as optional chaining gives; the array of blocks read through it is
    /// called element by element. The in-flight de-duplication idiom: two callers wait on one request.
    @Test func aFieldOfADictionaryValueIsReadThroughTheSubscript() throws {
        let o = try run(
            """
            name: a field through a subscript
            until: 2s
            classes:
              Request:
                fields:
                  waiting: '[block]'
                  attempts: int
              Loader:
                root: true
                fields:
                  requests: '[string: Request]'
                methods:
                  finish:
                    - let: handlers = self.requests["a"].waiting ?? []
                    - let: missing = self.requests["b"].attempts
                    - log: 'handlers \\(handlers.count), attempts \\(self.requests["a"].attempts), missing \\(missing == nil)'
                    - for: h in handlers
                      do:
                        - callBlock: h
            main:
              - let: r = new Request
              - set: r.attempts = 2
              - block: b1
                do: [{log: first}]
              - block: b2
                do: [{log: second}]
              - append: r.waiting
                value: b1
              - append: r.waiting
                value: b2
              - updateValue: shared Loader.requests
                forKey: '"a"'
                value: r
            user:
              - {at: 1s, name: finish, do: [{call: shared Loader.finish}]}
            """)
        #expect(o.crash == nil)
        #expect(logs(o) == ["1000 handlers 2, attempts 2, missing true", "1000 first", "1000 second"])
    }
}
