import LoopSimKernel
import LoopSimScenario
import Testing

/// `shared C`, the one instance of a `root: true` class, is made on its first read and its `init:` has run before
/// a step reads its fields, as Swift's `static let shared = C()` runs its initializer to the end on the first
/// access (swift_once), on whichever thread accesses it first.
@Suite struct SharedInstanceTests {
    private static func yaml(_ steps: String) -> String {
        """
        name: shared
        until: 1s
        classes:
          Loader:
            methods:
              load: [{log: 'loading on \\(current thread.name)'}]
          Holder:
            root: true
            fields: {loader: strong Loader}
            init: [{log: holder init}, {set: self.loader = new Loader}]
        main: []
        user:
          - at: 100ms
            name: go
            do:
        \(steps)
        """
    }

    private func logs(_ yaml: String) throws -> [String] {
        try KernelSemanticsTests.run(yaml, "ios13").logs.map { "\($0.thread) \($0.text)" }
    }

    /// The first read goes through a field of the instance: its `init:` runs first, on the reading thread, once.
    @Test func theFirstReadThroughAFieldRunsTheInitFirst() throws {
        #expect(
            try logs(Self.yaml("      - call: shared Holder.loader.load\n      - call: shared Holder.loader.load"))
                == ["main holder init", "main loading on main", "main loading on main"])
        #expect(
            try logs(Self.yaml("      - dispatch_async: global\n        do: [{call: shared Holder.loader.load}]"))
                == ["worker-1 holder init", "worker-1 loading on nil"])
    }
}
