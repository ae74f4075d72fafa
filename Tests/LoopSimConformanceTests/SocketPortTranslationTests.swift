import Foundation
import LoopSimConformance
import LoopSimKernel
import LoopSimScenario
import Testing

/// The SocketPort verbs' translation into real `SocketPort` calls (docs/scenario-format.md §7.5.2; c160–c162).
@Suite struct SocketPortTranslationTests {
    static let yaml = """
        name: sockets
        until: 2s
        variants: [linux-corelibs]
        main:
          - socketPort: local
            do: [log: handled]
          - remoteSocketPort: remote
            to: local
          - schedulePort: local
            in: current runloop
            mode: other
          - sendPortMessage: remote
            data: I cannot weave
          - unschedulePort: local
            from: current runloop
            mode: other
          - invalidatePort: local
        """

    /// Each verb becomes the corelibs call it models, on the runtime's `LSSocketPort` (a receive port on a port
    /// the system picks, so programs run in parallel never collide).
    @Test func theVerbsBecomeSocketPortCalls() throws {
        let loaded = ScenarioLoader.load(text: Self.yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let source = try ConformanceTranslator.source(for: [.init(name: "s", file: "s.yaml", scenario: scenario)])
        for expected in [
            "LSSocketPort(handler: LS.call(", "LSSocketPort(remoteTo: LS.obj(",
            "as? LSSocketPort)?.port.schedule(in: rl.ns, forMode: LS.mode(\"other\")) }",
            "as? LSSocketPort)?.send(\"I cannot weave\")",
            "as? LSSocketPort)?.port.remove(from: rl.ns, forMode: LS.mode(\"other\")) }",
            "as? LSSocketPort)?.port.invalidate()",
            "SocketPort(tcpPort: 0)", "SocketPort(remoteWithTCPPort: local.tcpPort, host: \"127.0.0.1\")",
        ] {
            #expect(source.contains(expected), "missing: \(expected)")
        }
    }
}
