import LoopSimKernel
import LoopSimScenario
import Testing

/// `groupNext:` (docs/scenario-format.md §7.13): a task group's children's values taken in the order the children
/// finish, none once every child is taken (SE-0304; swift TaskGroup.cpp's ready queue).
@Suite struct TaskGroupNextTests {
    static func ids(_ yaml: String) -> [DiagnosticID] { SwiftConcurrencyAwaitTests.ids(yaml) }

    /// Children added 300, 100, 200 ms long are taken at 100, 200, 300 ms in that finishing order, and a
    /// `groupNext:` after the last finds none without suspending.
    @Test func valuesComeInFinishingOrderThenNone() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: group
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - for: i in 1..<4
                        do:
                          - addTask:
                            captures: [i]
                            returns: int
                            do: [taskSleep: "((i * 2) % 4 + 1) * 100ms", return: "i * 10"]
                      - let: more = true
                      - while: more
                        do:
                          - groupNext:
                            type: int
                            result: v
                            found: more
                          - if: more
                            then: [log: "got \\\\(v)"]
                            else: [log: none left]
                  - log: group ended
              - runUntil: 800ms
            """)
        // i = 1: 300 ms, i = 2: 100 ms, i = 3: 300 ms (added after 1, finishing after it).
        #expect(
            SwiftConcurrencyTests.logs(o)
                == ["100 got 20", "300 got 10", "300 got 30", "300 none left", "300 group ended"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// Children that finished before `groupNext:` are taken earliest-finished first, without a suspension: the
    /// body works 500 ms on its thread while children of 200 and 100 ms finish.
    @Test func finishedChildrenAreTakenEarliestFirst() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: group
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        returns: int
                        do: [taskSleep: 200ms, return: "2"]
                      - addTask:
                        returns: int
                        do: [taskSleep: 100ms, return: "1"]
                      - work: 500ms
                      - groupNext:
                        type: int
                        result: a
                      - groupNext:
                        type: int
                        result: b
                      - log: "\\\\(a) \\\\(b)"
              - runUntil: 800ms
            """)
        #expect(SwiftConcurrencyTests.logs(o) == ["500 1 2"])
    }

    /// A cancel of the waiting task cancels its children (SE-0304); a child whose throwing sleep is cancelled ends
    /// without a value, and `groupNext:` takes it (nil) at the cancel, not at its deadline.
    @Test func cancellingTheWaiterReachesTheChildren() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: group
            until: 2s
            main:
              - task: parent
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        returns: int
                        do:
                          - taskSleep: 1s
                            throwing: true
                          - return: "1"
                      - groupNext:
                        found: got
                      - log: "taken \\\\(got)"
              - runUntil: 100ms
              - cancelTask: parent
              - release: parent
              - runUntil: 1500ms
            """)
        #expect(SwiftConcurrencyTests.logs(o) == ["100 taken true"])
        #expect(o.findings.leaks.isEmpty)
    }

    /// `groupNext:` outside a group's steps, and with a value, is refused.
    @Test func misplacedGroupNextIsRefused() {
        #expect(Self.ids("name: x\nmain:\n  - task:\n    do:\n      - groupNext:\n        found: f") == [.taskNotAsync])
        #expect(
            Self.ids("name: x\nmain:\n  - task:\n    do:\n      - withTaskGroup:\n          - groupNext: v")
                == [.typeMismatch])
    }
}
