import LoopSimKernel
import LoopSimScenario
import Testing

/// `withTaskGroup:` with `addTask:` and `waitForAll:` in its steps (docs/scenario-format.md §7.13): the YAML words
/// of a task group whose children are added as its body runs (SE-0304).
@Suite struct TaskGroupBodyTests {
    static func ids(_ yaml: String) -> [DiagnosticID] { SwiftConcurrencyAwaitTests.ids(yaml) }

    /// Children added in a `for:` loop each capture that turn's counter; `waitForAll:` waits for those added so
    /// far, and the body's end for the rest.
    @Test func childrenAddedInALoopAndAWaitMidway() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: group
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - for: i in 1..<3
                        do:
                          - addTask:
                            captures: [i]
                            do: [taskSleep: "i * 100ms", log: "child \\\\(i)"]
                      - waitForAll:
                      - log: first two done
                      - addTask:
                        do: [taskSleep: 50ms, log: last child]
                  - log: group ended
              - runUntil: 800ms
            """)
        #expect(
            SwiftConcurrencyTests.logs(o)
                == ["100 child 1", "200 child 2", "200 first two done", "250 last child", "250 group ended"])
    }

    /// A task that ends inside a group's body (its throwing sleep is cancelled) lets go of the children's handles:
    /// nothing is left alive once the children end.
    @Test func aTaskEndingInsideTheBodyLetsGoOfItsChildren() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: group
            until: 1s
            main:
              - task: parent
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        do: [work: 100ms, log: child]
                      - taskSleep: 500ms
                        throwing: true
                      - log: not reached
              - runUntil: 50ms
              - cancelTask: parent
              - release: parent
              - runUntil: 800ms
            """)
        #expect(SwiftConcurrencyTests.logs(o) == ["100 child"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// `addTask:` and `waitForAll:` outside a group's steps, a group outside a task, and a `break` out of a group
    /// (its body is a closure) are refused.
    @Test func misplacedGroupWordsAreRefused() {
        #expect(
            Self.ids("name: x\nmain:\n  - task:\n    do:\n      - addTask:\n        do: [log: a]") == [.taskNotAsync])
        #expect(Self.ids("name: x\nmain:\n  - task:\n    do:\n      - waitForAll:") == [.taskNotAsync])
        #expect(Self.ids("name: x\nmain:\n  - withTaskGroup: [log: a]") == [.taskNotAsync])
        #expect(
            Self.ids(
                "name: x\nmain:\n  - task:\n    do:\n      - while: \"true\"\n        do:\n"
                    + "          - withTaskGroup: [break]") == [.loopControl])
    }
}
