import LoopSimKernel
import LoopSimScenario
import Testing

/// `SocketPort` as swift-corelibs-foundation builds it on CF's sockets (docs/scenario-format.md §7.5.2,
/// docs/fidelity.md "SocketPort"; conformance c160–c162): version-0 sources signalled by CF's socket manager.
@Suite struct SocketPortTests {
    /// `"<ms> <text>"` for each log of a run.
    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    /// `"<ms> <mode> <result>"` for each run-loop exit on the main thread.
    static func exits(_ o: RunOutcome) -> [String] {
        o.runLoopExits.filter { $0.thread == "main" }.map {
            "\($0.at.nanoseconds / 1_000_000) \(RunLoopModeName.short($0.mode)) \($0.result)"
        }
    }

    /// A receive port scheduled in `mode` of the main loop, a sender thread that sends `data` (one line per
    /// message, `-` for none) every 500 ms from 500 ms, and `runs` runs of `runMode` in `runMode`.
    static func scenario(
        mode: String = "default", runMode: String = "default", data: [String] = ["I cannot weave"], runs: Int = 2,
        extra: String = ""
    ) -> String {
        let sends = data.map { d in
            "      - work: 500ms\n      - sendPortMessage: remote\n" + (d == "-" ? "" : "        data: \(d)\n")
        }.joined()
        let runSteps = (1...runs).map { "  - runMode: \(runMode)\n    before: 3s\n  - log: returned \($0)\n" }.joined()
        return """
            name: socket port
            until: 4s
            main:
              - socketPort: local
                do:
                  - log: handled
              - remoteSocketPort: remote
                to: local
              - schedulePort: local
                in: current runloop
                mode: \(mode)
            \(extra)  - thread: sender
                captures: [strong remote]
                do:

            """ + sends + runSteps
    }

    /// The accept callout, then the data callout: two handled sources for the first message; one for the next.
    @Test func aNewConnectionsFirstMessageEndsRunModeTwice() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(data: ["first message", "second message"], runs: 3),
            "linux-corelibs")
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["500 returned 1", "500 handled", "500 returned 2", "1000 handled", "1000 returned 3"])
        #expect(
            Self.exits(o).prefix(3) == [
                "500 default handledSource", "500 default handledSource",
                "1000 default handledSource",
            ])
    }

    /// corelibs' `handleMessage` cannot parse a message under 52 bytes: 11 data bytes are dropped (the data callout
    /// still ends the run), 12 reach the delegate; a message without components is dropped too.
    @Test(arguments: [("abcdefghijk", false), ("abcdefghijkl", true), ("-", false)])
    func aShortMessageNeverReachesTheDelegate(data: String, delivered: Bool) throws {
        let o = try KernelSemanticsTests.run(Self.scenario(data: [data]), "linux-corelibs")
        let expected =
            delivered
            ? ["500 returned 1", "500 handled", "500 returned 2"] : ["500 returned 1", "500 returned 2"]
        #expect(Self.logs(o) == expected)
        #expect(Self.exits(o).prefix(2) == ["500 default handledSource", "500 default handledSource"])
    }

    /// A port in another mode: the manager's wake-up ends nothing and the run times out; a run of the port's mode
    /// then takes both callouts at once.
    @Test func aPortInAnotherModeWaitsForARunOfItsMode() throws {
        let yaml =
            Self.scenario(mode: "other", runs: 1).replacingOccurrences(of: "before: 3s", with: "before: 1s")
            + "  - runMode: other\n    before: 1s\n  - runMode: other\n    before: 1s\n  - log: other done\n"
        let o = try KernelSemanticsTests.run(yaml, "linux-corelibs")
        #expect(Self.logs(o) == ["1000 returned 1", "1000 handled", "1000 other done"])
        #expect(
            Self.exits(o).prefix(3) == [
                "1000 default timedOut", "1000 other handledSource",
                "1000 other handledSource",
            ])
    }

    /// Scheduling a port twice in one mode is once: one accept callout, one data callout, then nothing to handle.
    @Test func schedulingTwiceInAModeIsOnce() throws {
        let twice = "  - schedulePort: local\n    in: current runloop\n    mode: default\n"
        let o = try KernelSemanticsTests.run(Self.scenario(runs: 3, extra: twice), "linux-corelibs")
        #expect(Self.logs(o) == ["500 returned 1", "500 handled", "500 returned 2", "3500 returned 3"])
    }

    /// `invalidate()` on a receive port posts the notification synchronously and empties the mode; on a remote port
    /// it posts nothing, and a send on it afterwards crashes (corelibs unwraps its nil `core`).
    @Test func invalidatingAReceivePortNotifiesAndARemotePortDoesNot() throws {
        let yaml = """
            name: invalidate
            until: 2s
            main:
              - addObserverForName: NSPortDidBecomeInvalidNotification
                do:
                  - log: notified
              - socketPort: local
              - remoteSocketPort: remote
                to: local
              - schedulePort: local
                in: current runloop
                mode: other
              - invalidatePort: remote
              - log: remote invalidated
              - invalidatePort: local
              - log: local invalidated
              - invalidatePort: local
              - runMode: other
                before: 1s
              - log: returned
              - sendPortMessage: remote
                data: I cannot weave
              - log: not reached
            """
        let o = try KernelSemanticsTests.run(yaml, "linux-corelibs")
        #expect(Self.logs(o) == ["0 remote invalidated", "0 notified", "0 local invalidated", "0 returned"])
        #expect(Self.exits(o).isEmpty)  // an empty mode: `runMode:` returns at once, without an activation
        let crash = try #require(o.crash)
        #expect(crash.message.contains("SocketPort.send on an invalidated"))
    }

    /// Apple documents `SocketPort` for macOS only: the iOS variants crash at `socketPort:`, naming it; the flag,
    /// not the variant's name, decides.
    @Test func theIOSVariantsHaveNoSocketPort() throws {
        for variant in ["ios8", "ios9", "ios10", "ios13"] {
            let o = try KernelSemanticsTests.run(Self.scenario(), variant)
            let crash = try #require(o.crash)
            #expect(crash.message.contains("SocketPort does not exist on iOS"))
            #expect(o.logs.isEmpty)
            #expect(try #require(VariantProfile.builtIn(variant)).socketPortAPI == false)
        }
        #expect(try #require(VariantProfile.builtIn("linux-corelibs")).socketPortAPI)
        let allowed = Self.scenario().replacingOccurrences(
            of: "until: 4s", with: "until: 4s\nset: {socketPortAPI: true}")
        #expect(Self.logs(try KernelSemanticsTests.run(allowed, "ios13")).contains("500 handled"))
    }

    /// `remoteSocketPort:` needs `to:`, and the port verbs take ports: compile errors at the node.
    @Test func badPortArgumentsAreDiagnosed() {
        let noTarget = """
            name: bad
            main:
              - remoteSocketPort: remote
            """
        #expect(ByrefVariableTests.diagnostics(noTarget) == ["3:5 key.missing"])
        let notAPort = """
            name: bad
            main:
              - let: n = 3
              - schedulePort: n
            """
        #expect(ByrefVariableTests.diagnostics(notAPort) == ["4:19 expr.type"])
    }
}
