import LoopSimKernel
import LoopSimScenario
import Testing

/// Three kernel features the Swift front-end's type members, timer `userInfo` reads and wall deadlines lower to
/// (docs/scenario-format.md §6 and §7.6): `shared C`, a `root: true` class's one instance made on its first read
/// (its `init:` run before a step reads its fields, as Swift's `static let shared = C()` runs its initializer to the
/// end on the first access, swift_once, on whichever thread accesses it first); `t.userInfo`, the value a timer
/// holds until it is invalidated; `dispatch_after:` with `wall: true`.
@Suite struct SharedInstanceTests {
    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    static let counter = """
        name: an instance counter on a shared object
        until: 5s
        classes:
          Counter:
            root: true
            fields: {live: int}
            init: [log: counter made]
          Model:
            init:
              - increment: shared Counter.live
            dealloc:
              - decrement: shared Counter.live
              - log: 'live \\(shared Counter.live)'
        main:
          - log: launched
          - let: a = new Model
          - let: b = new Model
          - log: 'live \\(shared Counter.live)'
        user:
          - at: 1s
            do:
              - release: a
        """

    /// The shared object is made on the first read — after `launched`, when the first Model's init reads it —
    /// and only once; a method and a dealloc reach it without a capture or a field; it is never a leak.
    @Test func sharedInstanceIsMadeOnFirstReadAndSeenByEveryBody() throws {
        let o = try KernelSemanticsTests.run(Self.counter)
        #expect(Self.logs(o) == ["0 launched", "0 counter made", "0 live 2", "1000 live 1"])
        #expect(o.findings.leaks.isEmpty)
    }

    /// `shared C` needs a class declared `root: true`; an unknown class is named.
    @Test func sharedNeedsARootClass() {
        let notRoot = Self.counter.replacingOccurrences(of: "    root: true\n", with: "")
        #expect(ByrefVariableTests.diagnostics(notRoot).contains { $0.hasSuffix("expr.type") })
        let unknown = Self.counter.replacingOccurrences(
            of: "decrement: shared Counter.live", with: "decrement: shared Countr.live")
        #expect(ByrefVariableTests.diagnostics(unknown).contains { $0.hasSuffix("name.undefined") })
    }

    static let userInfo = """
        name: a timer's userInfo
        until: 10s
        classes:
          Session:
            fields: {id: int = 7}
            dealloc: [log: session freed]
          Monitor:
            fields: {timer: weak NSTimer}
            methods:
              start:
                params: [s: Session]
                do:
                  - scheduledTimer: self.timer
                    every: 1s
                    repeats: true
                    target: self
                    selector: "poll:"
                    userInfo: s
                  - scheduledTimer:
                    every: 500ms
                    target: self
                    selector: "count:"
                    userInfo: 3
              poll:
                params: [t: NSTimer]
                do:
                  - let: s = t.userInfo as? Session
                  - if: s != nil
                    then:
                      - log: 'poll \\(s.id)'

              count:
                params: [t: NSTimer]
                do:
                  - let: n = t.userInfo as? int
                  - let: wrong = t.userInfo as? string
                  - if: n == 3 && wrong == nil
                    then: [log: count 3]
              stop:
                - let: t = self.timer
                - invalidate: t
                - if: t.userInfo == nil
                  then: [log: userInfo cleared]
        main:
          - let: m = new Monitor
          - let: s = new Session
          - call: m.start
            with: [s]
          - release: s
        user:
          - at: 2500ms
            do: [call: m.stop]
        """

    /// The timer keeps its userInfo alive after the app lets go of it and reads it in each fire; `invalidate`
    /// releases it (freed at once) and the property reads nil after. `as?` gives nil for another type.
    @Test func timerHoldsItsUserInfoUntilInvalidated() throws {
        let o = try KernelSemanticsTests.run(Self.userInfo, "ios13")
        #expect(
            Self.logs(o) == [
                "500 count 3", "1000 poll 7", "2000 poll 7", "2500 session freed", "2500 userInfo cleared",
            ])
    }

    static let wall = """
        name: wall and uptime deadlines across a lock
        until: 20s
        main:
          - dispatch_after: main
            delay: 5s
            do: [log: uptime]
          - dispatch_after: main
            delay: 5s
            wall: true
            do: [log: wall]
        user:
          - at: 1s
            app: lock
          - at: 8s
            app: unlock
          - at: 9s
            app: foreground
        """

    /// The device sleeps from 1 s to 8 s: the wall deadline expires at 5 s (its block runs when the app returns,
    /// at 9 s); the uptime deadline moves by the 7 s slept, to 12 s.
    @Test func aWallDeadlineGoesOnWhileTheDeviceSleeps() throws {
        let o = try KernelSemanticsTests.run(Self.wall, "ios13")
        #expect(Self.logs(o) == ["9000 wall", "12000 uptime"])
        let awake = Self.wall.replacingOccurrences(of: "app: lock", with: "app: background")
        #expect(Self.logs(try KernelSemanticsTests.run(awake, "ios13")) == ["9000 uptime", "9000 wall"])
    }

    private static func firstReadYAML(_ steps: String) -> String {
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

    private func threadLogs(_ yaml: String) throws -> [String] {
        try KernelSemanticsTests.run(yaml, "ios13").logs.map { "\($0.thread) \($0.text)" }
    }

    /// The first read goes through a field of the instance: its `init:` runs first, on the reading thread, once.
    @Test func theFirstReadThroughAFieldRunsTheInitFirst() throws {
        #expect(
            try threadLogs(
                Self.firstReadYAML("      - call: shared Holder.loader.load\n      - call: shared Holder.loader.load"))
                == ["main holder init", "main loading on main", "main loading on main"])
        #expect(
            try threadLogs(
                Self.firstReadYAML("      - dispatch_async: global\n        do: [{call: shared Holder.loader.load}]"))
                == ["worker-1 holder init", "worker-1 loading on nil"])
    }
}
