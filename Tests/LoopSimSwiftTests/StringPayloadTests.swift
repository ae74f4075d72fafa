import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `String` associated values of error enums and payload enums, printed as Swift prints them
/// (SwiftLowering+StringPayloads.swift): a case's `String` value quoted and escaped (`failed("timeout")`,
/// `server(message: "busy")`), measured with swiftc 6.3.1 on this machine (conformance sw97).
@Suite struct StringPayloadTests {
    static let header = """
        import Foundation
        let scenario = Scenario("string payloads", until: .seconds(5), variants: [.ios13])

        """

    /// The run's logs as "MS TEXT".
    static func logs(_ body: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(header + body, file: "S.swift")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// The error diagnostics of a file.
    static func errors(_ body: String) -> [Diagnostic] {
        SwiftScenarioLoader.load(text: header + body, file: "S.swift").diagnostics.filter { $0.severity == .error }
    }

    /// `\"` and `\\` in a printed literal and in a string value are what Swift writes: `say "hi"`, `a\b`.
    @Test func aQuoteInAPrintAndInAStringValueIsLogged() throws {
        let logs = try Self.logs(
            #"""
            final class Greeter {
                var last = "none"
                func greet(_ name: String) {
                    last = "said \"hi\" to \(name)"
                    let path = "a\\b \"q\""
                    print("greeter: \"\(name)\" \(last) \(path)")
                }
            }
            let g = Greeter()
            g.greet("ann")
            print("done \"\(g.last)\"")
            """#)
        #expect(
            logs == [
                #"0 greeter: "ann" said "hi" to ann a\b "q""#, #"0 done "said "hi" to ann""#,
            ])
    }
}
