import Foundation
import LoopSimKernel
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

    /// Runs S2 with a ``PlayerGraph`` reading each run's heap at every event.
    static func runsWithGraphs(objectLimit: Int = 400) throws -> ([VariantRun], [PlayerGraph]) {
        let scenario = try ReportFixtures.scenario(ReportFixtures.s2)
        var graphs: [PlayerGraph] = []
        let runs = try ScenarioRunner.run(
            scenario, keepsTrace: true,
            traceSink: { _ in
                graphs.append(PlayerGraph(objectLimit: objectLimit))
                return graphs.last
            },
            attach: { _, kernel in graphs.last?.kernel = kernel })
        return (runs, graphs)
    }

    /// The graph's changes replayed to the end: node -> alive or deallocating, and the references as
    /// `from -label-> to` (a root by its label).
    static func replay(_ graph: PlayerGraph, through last: Int) -> (nodes: [Int: Int], edges: Set<String>) {
        var nodes: [Int: Int] = [:]
        var edges: Set<String> = []
        let d = graph.deltas
        for j in stride(from: 0, to: d.count, by: 6) where d[j] <= last {
            let name = { (n: Int) in n < 0 ? graph.labels[-1 - n] : graph.nodes[n].name }
            let edge = "\(name(d[j + 2])) -\(graph.labels[max(0, d[j + 3])])-> \(graph.nodes[max(0, d[j + 4])].name)"
            switch d[j + 1] {
            case 0: nodes[d[j + 2]] = 0
            case 1: nodes[d[j + 2]] = 1
            case 2: nodes[d[j + 2]] = nil
            case 3: edges.insert(edge)
            case 4: edges.remove(edge)
            default: break
            }
        }
        return (nodes, edges)
    }

    /// The retain graph is read from the heap, not the trace: the runs' fingerprints are the same with it as without,
    /// and its changes add up to what the run shows: under ios9 S2's button is freed at 4.0 s, under ios10 it stays
    /// held by the parked worker's frame through the block that captured it.
    @Test func retainGraphByStepLeavesTheTraceAlone() throws {
        let (_, plain) = try ReportFixtures.runs(ReportFixtures.s2)
        let (runs, graphs) = try Self.runsWithGraphs()
        #expect(runs.map(\.outcome.fingerprint) == plain.map(\.outcome.fingerprint))
        #expect(graphs.count == 2 && graphs.allSatisfy { $0.stoppedAt == nil })
        let button = try #require(graphs[0].nodes.firstIndex { $0.name == "TimerButton button" })
        // ios9: the button's free is one change, at an event at 4.0 s; nothing is alive at the end
        let d9 = graphs[0].deltas
        let freed = try #require(stride(from: 0, to: d9.count, by: 6).first { d9[$0 + 1] == 2 && d9[$0 + 2] == button })
        #expect(runs[0].outcome.eventLog[d9[freed]].instant.nanoseconds == 4_000_000_000)
        let end9 = Self.replay(graphs[0], through: runs[0].outcome.eventLog.count - 1)
        #expect(end9.nodes.isEmpty && end9.edges.isEmpty, "\(end9)")
        // one event before the free the button is still there, held by the block that captured it
        let before = Self.replay(graphs[0], through: d9[freed] - 1)
        #expect(before.nodes[button] != nil)
        // ios10: at the end the worker's frame holds the block, the block the button
        let end10 = Self.replay(graphs[1], through: runs[1].outcome.eventLog.count - 1)
        #expect(end10.edges.contains("thread worker-1 frame -dispatch block-> block#1"), "\(end10.edges.sorted())")
        #expect(end10.edges.contains("block#1 -self-> TimerButton button"))
        #expect(end10.nodes[try #require(graphs[1].nodes.firstIndex { $0.name == "TimerButton button" })] == 0)
        // and the page carries it, with the button's leak kind
        let d = try Self.data(
            PlayerPage.render(scenario: "S2", file: ReportFixtures.s2, runs: runs, graphs: graphs))
        let strings = try #require(d["strings"] as? [String])
        let graph = try #require((d["runs"] as? [[String: Any]])?[1]["graph"] as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [Int])
        let row = try #require(
            stride(from: 0, to: nodes.count, by: 3).first { strings[nodes[$0]] == "TimerButton button" })
        #expect(strings[nodes[row + 2]] == "abandoned")
        #expect((graph["deltas"] as? [Int])?.count == graphs[1].deltas.count)
    }

    /// Past its object limit the graph stops being read, and says at which event.
    @Test func retainGraphStopsPastItsObjectLimit() throws {
        let (runs, graphs) = try Self.runsWithGraphs(objectLimit: 2)
        let stopped = try #require(graphs[0].stoppedAt)
        #expect(stopped < runs[0].outcome.eventLog.count)
        let d = graphs[0].deltas
        #expect(d.count >= 6 && d[d.count - 6] == stopped && d[d.count - 5] == 5)
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
