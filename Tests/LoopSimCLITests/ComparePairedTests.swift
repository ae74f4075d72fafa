import Foundation
import Testing

/// `loopsim compare --replications N`: each figure's paired difference between the variants.
@Suite struct ComparePairedTests {
    typealias CLI = CLIEndToEndTests

    /// S9's random scrolls under ios9 and ios10 (which differ in nothing S9 uses): with common random numbers each
    /// pair is the same run, so every difference is exactly 0, with a 0-wide interval.
    @Test func commonRandomNumbersMakeEqualVariantsExactlyEqual() throws {
        let r = try CLI.loopsim([
            "compare", "scenarios/s09-countdown-random-scrolls.yaml", "--replications", "8",
            "--jobs", "2",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("timers.latency_ms.p99"))
        #expect(r.stdout.contains("difference 0 [0, 0]  n 8"))
        // the flags the variants differ in, though S9 uses none of them
        #expect(r.stdout.contains("\n── flags that differ "))
        #expect(r.stdout.contains("\n  blockBasedTimerAPI"))
        let json = try CLI.loopsim([
            "compare", "scenarios/s09-countdown-random-scrolls.yaml", "--replications", "4",
            "--format", "json",
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(doc["reference"] as? String == "ios9")
        #expect((doc["paired"] as? [[String: Any]])?.first?["n"] as? Int == 4)
        let flags = try #require(doc["flags"] as? [[String: Any]])
        #expect(flags.first?["flag"] as? String == "staleTimerPortWakeAfterLastTimerRemoved")
        let one = try CLI.loopsim(["compare", "scenarios/s09-countdown-random-scrolls.yaml", "--replications", "1"])
        #expect(one.status == 2)
    }
}
