import LoopSimKernel
import LoopSimScenario
import Testing

/// Methods that return values: `returns:`, `return:` and `call:`'s `result:` (docs/scenario-format.md §4, §7.1).
@Suite struct ReturnValueTests {
    static func outcome(_ yaml: String, limits: RunLimits = RunLimits()) throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        var configuration = scenario.configuration(profile: try scenario.profile(for: "ios10"))
        configuration.limits = limits
        return Kernel(program: scenario.program, configuration: configuration).run()
    }

    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.id.rawValue)" }
    }

    static let classes = """
        classes:
          Child:
            fields: {n: int}
            dealloc: [log: 'child \\(self.n) freed']
          Loader:
            fields:
              isLoading: bool
              kept: strong Child
            methods:
              loadSync:
                returns: bool
                do:
                  - if: self.isLoading
                    then: [return: false]
                  - set: self.isLoading = true
                  - return: true
              delay:
                params: [attempt: int]
                returns: int
                do:
                  - for: i in 0..<10
                    do:
                      - if: i == attempt
                        then:
                          - let: doubled = i * 2
                          - return: doubled
                  - return: -1
              make:
                params: [n: int]
                returns: Child
                do:
                  - let: c = new Child
                  - set: c.n = n
                  - return: c
              fresh:
                returns: Child
                do: [return: new Child]
              keptChild:
                returns: Child
                do: [return: self.kept]
              fact:
                params: [n: int]
                returns: int
                do:
                  - if: n <= 1
                    then: [return: 1]
                  - call: self.fact
                    with: n - 1
                    result: r
                  - return: n * r
              stopEarly:
                - log: before
                - if: true
                  then: [return]
                - log: never
        """

    /// A guard-style Bool method: the first call takes the branch that falls through, the second returns early;
    /// a value returned from inside a loop inside an `if` ends the method there.
    @Test func valuesComeBackFromAnyDepth() throws {
        let o = try Self.outcome(
            """
            name: values
            until: 1s
            \(Self.classes)
            main:
              - let: loader = new Loader
              - call: loader.loadSync
                result: ok
              - log: 'first \\(ok)'
              - call: loader.loadSync
                result: ok
              - log: 'second \\(ok)'
              - call: loader.delay
                with: 3
                result: d
              - log: 'delay \\(d)'
              - call: loader.delay
                with: 12
                result: d
              - log: 'delay \\(d)'
              - call: loader.fact
                with: 5
                result: f
              - log: 'fact \\(f)'
              - call: loader.stopEarly
            """)
        #expect(
            o.logs.map(\.text) == ["first true", "second false", "delay 6", "delay -1", "fact 120", "before"])
        #expect(o.crash == nil && o.limit == nil)
    }

    /// A returned object is +1 to the caller: kept by the field `result:` names, and freed when the call's statement
    /// ends when nobody takes it; a local moved out of the method is not let go by the method's end.
    @Test func aReturnedObjectIsOwnedByTheCaller() throws {
        let o = try Self.outcome(
            """
            name: objects
            until: 1s
            \(Self.classes)
            main:
              - let: loader = new Loader
              - call: loader.make
                with: 7
                result: loader.kept
              - log: 'kept \\(loader.kept.n)'
              - call: loader.make
                with: 8
              - log: after the dropped one
              - call: loader.fresh
                result: c
              - call: loader.keptChild
                result: again
              - release: loader.kept
              - log: 'still \\(again.n)'
              - release: again
              - log: end
            """)
        #expect(
            o.logs.map(\.text) == [
                "kept 7", "child 8 freed", "after the dropped one", "still 7", "child 7 freed", "end",
            ])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.allocated == 4 && o.deallocated == 2)  // `c` is the app's: alive, not lost
    }

    /// A message to nil stores nil into the result, and the `new` argument it was passed is freed.
    @Test func aMessageToNilReturnsNil() throws {
        let o = try Self.outcome(
            """
            name: nil
            until: 1s
            \(Self.classes)
            main:
              - let: loader = new Loader
              - release: loader
              - let: ok = true
              - call: loader.loadSync
                result: ok
              - if: ok == nil
                then: [log: nil]
            """)
        #expect(o.logs.map(\.text) == ["nil"])
    }

    /// A method that calls itself without end nests a frame per call and stops at `--max-depth`, cleanly.
    @Test func endlessRecursionStopsAtTheDepthLimit() throws {
        var limits = RunLimits()
        limits.maxDepth = 64
        let o = try Self.outcome(
            """
            name: recursion
            until: 1s
            classes:
              R:
                methods:
                  down:
                    params: [n: int]
                    returns: int
                    do:
                      - call: self.down
                        with: n + 1
                        result: r
                      - return: r
            main:
              - let: r = new R
              - call: r.down
                with: 0
                result: v
            """, limits: limits)
        #expect(o.limit?.kind == "max-depth")
        #expect(o.crash == nil)
    }

    /// The compiler's checks: a missing return, a value where none is declared, none where one is, `result:` of a
    /// method that returns nothing, a `return` in the app's code, and a value of the wrong type.
    @Test func misplacedReturnsAreLocatedErrors() {
        let d = Self.diagnostics(
            """
            name: bad
            until: 1s
            classes:
              C:
                methods:
                  maybe:
                    returns: int
                    do:
                      - if: true
                        then: [return: 1]
                  plain:
                    - return: 1
                  counted:
                    returns: int
                    do:
                      - return
                  typed:
                    returns: bool
                    do: [return: '"text"']
            main:
              - let: c = new C
              - call: c.plain
                result: x
              - return
            """)
        // `counted` is refused twice: its bare `return`, and then its steps, which end without a value.
        #expect(
            d == [
                "6:7 return.value", "12:19 return.value", "13:7 return.value", "16:13 return.value",
                "19:22 expr.type", "23:13 return.value", "24:5 return.value",
            ])
    }
}
