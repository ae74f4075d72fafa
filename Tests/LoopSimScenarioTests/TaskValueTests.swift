import LoopSimKernel
import LoopSimScenario
import Testing

/// `task:` with `returns:` and `awaitTask:` with `result:` (docs/scenario-format.md §7.13): a task's value, what its
/// closure returns, kept on the task and read by `let n = await task.value` (swift `AsyncTask::completeFuture`
/// stores a future's result in the task; `swift_task_future_wait` reads it once the task has finished).
@Suite struct TaskValueTests {
    /// A waiter suspends until the task returns, then reads its value; a second await of the finished task reads
    /// it again at once; an object returned is kept by the task until the handle goes, then freed.
    @Test func awaitedValueIsWhatTheClosureReturned() throws {
        let o = try SwiftConcurrencyTests.run(
            """
            name: values
            until: 1s
            classes:
              Page: {}
            main:
              - task: loader
                detached: true
                returns: int
                do:
                  - taskSleep: 200ms
                  - return: 42
              - task: maker
                detached: true
                returns: Page
                do:
                  - return: new Page
              - task:
                actor: main
                captures: [loader, maker]
                do:
                  - awaitTask: loader
                    type: int
                    result: n
                  - if: n == 42
                    then: [log: got 42]
                  - awaitTask: loader
                    result: n
                  - log: again at once
                  - awaitTask: maker
                    type: Page
                    result: page
                  - if: page != nil
                    then: [log: got a page]
              - release: loader
              - release: maker
              - runUntil: 500ms
            """)
        #expect(SwiftConcurrencyTests.logs(o) == ["200 got 42", "200 again at once", "200 got a page"])
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// A value returned from a closure without `returns:` is refused, as a block's is.
    @Test func aReturnedValueNeedsReturns() {
        #expect(
            SwiftConcurrencyAwaitTests.ids("name: x\nmain:\n  - task:\n    do:\n      - return: 1").isEmpty == false)
    }
}
