import Foundation
import LoopSimReport
import Testing

/// `loopsim play`'s page: self-contained, deterministic, and carrying every event and narration line of each run in
/// the flat encoding its script reads (``PlayerData``).
@Suite struct PlayerPageTests {
    /// The data embedded in a page, parsed.
    static func data(_ page: String) throws -> [String: Any] {
        let open = #"<script type="application/json" id="loopsim-data">"#
        let start = try #require(page.range(of: open)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let text = page[start..<end].replacingOccurrences(of: "<\\/", with: "</")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func s2PageIsSelfContainedAndDeterministic() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2)
        let page = PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs)
        // no request leaves the page: no URL (an SVG's namespace names one but loads nothing), no external script,
        // style sheet or image; a policy forbids them
        let text = page.replacingOccurrences(of: "xmlns=\\\"http://www.w3.org/2000/svg\\\"", with: "")
        for needle in ["http://", "https://", "<link", " src=", "@import", "fetch("] {
            #expect(!text.contains(needle), "the page contains \(needle)")
        }
        #expect(page.contains("default-src 'none'"))
        #expect(page == PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs))
    }

    @Test func s2DataHasEveryEventAndLineAndWhereTheTracesPart() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2)
        let d = try Self.data(PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs))
        let strings = try #require(d["strings"] as? [String])
        let kinds = try #require(d["kinds"] as? [[Any]])
        let encoded = try #require(d["runs"] as? [[String: Any]])
        #expect(encoded.map { $0["variant"] as? String } == ["ios9", "ios10"])
        // both runs part at the same step: ios10's port.cancel at 3.5 s, which ios9 never records
        let diverges = encoded.map { $0["diverges"] as? Int }
        #expect(diverges[0] != nil && diverges[0] == diverges[1])
        for (run, e) in zip(runs, encoded) {
            let flat = try #require(e["events"] as? [Int])
            // walking the flat events by their kinds' widths lands exactly on the end, event for event
            var p = 0, n = 0, t = 0
            var names: [String] = []
            while p < flat.count {
                t += flat[p]
                let kind = kinds[flat[p + 2]]
                let width = try #require(kind[2] as? Int), list = try #require(kind[3] as? Int)
                #expect(t == run.outcome.eventLog[n].instant.nanoseconds)
                #expect(kind[0] as? String == run.outcome.eventLog[n].kind.name.description)
                names.append(strings[flat[p + 1]])
                p += 3 + width + (list >= 0 ? flat[p + list] : 0)
                n += 1
            }
            #expect(p == flat.count)
            #expect(n == run.outcome.eventLog.count)
            #expect(names == run.outcome.eventLog.map { run.outcome.names[$0.thread] })
            // ten numbers per narration line, as many as the narration has
            let lines = try #require(e["lines"] as? [Int])
            #expect(lines.count == 10 * Narration(events: RunEvents(run.outcome), profile: run.profile).lines.count)
        }
        // the stale wake's line cites its flag
        let flags = try #require(d["flags"] as? [[String]])
        #expect(flags.contains { $0[0] == "staleTimerPortWakeAfterLastTimerRemoved" && $0[1] == "true" })
        // ios10 leaks the button, and its retain graph is embedded
        #expect((encoded[1]["leaks"] as? [[String: Any]])?.first?["class"] as? String == "TimerButton")
        #expect((encoded[1]["retain"] as? String)?.contains("<svg") == true)
    }

    @Test func noScriptEndInsideTheData() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios9"])
        let page = PlayerPage.render(scenario: "</script><b>x", file: scenario.file, runs: runs)
        let open = try #require(page.range(of: #"id="loopsim-data">"#)).upperBound
        let close = try #require(page.range(of: "</script>", range: open..<page.endIndex)).lowerBound
        #expect(!page[open..<close].contains("</"))
        #expect(try Self.data(page)["scenario"] as? String == "</script><b>x")
    }
}
