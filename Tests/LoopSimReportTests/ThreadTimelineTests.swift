import Foundation
import LoopSimReport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Timelines: the lane model, the terminal drawing and the SVG.
@Suite struct ThreadTimelineTests {
    static func timeline(_ path: String, _ variant: String) throws -> ThreadTimeline {
        let (_, runs) = try ReportFixtures.runs(path, variants: [variant])
        return ThreadTimeline(runs[0])
    }

    @Test func modeSwitchFixtureHasEveryState() throws {
        let tl = try Self.timeline(ReportFixtures.modeSwitch, "ios10")
        #expect(tl.lanes == ["app", "main", "worker"])
        let worker = tl.spans(of: "worker")
        let sleepModes = worker.filter { $0.state == .sleeping }.compactMap(\.mode)
        #expect(Set(sleepModes) == ["custom", "default", "last"])
        #expect(
            worker.filter { $0.state == .busy }.map { $0.end - $0.start } == Array(repeating: 150_000_000, count: 3))
        let blocked = try #require(worker.first { $0.state == .blocked })
        #expect((blocked.start, blocked.end) == (3_000_000_000, 3_300_000_000))
        let parked = try #require(worker.last)
        // asleep since 4.3 s with its timer port armed; parked from 4.5 s, when the port was cancelled (port.cancel)
        #expect(
            parked.state == .parked && parked.mode == "last" && parked.start == 4_500_000_000
                && parked.end == 4_500_000_000)
        let marks = tl.markers(of: "worker")
        #expect(marks.filter { $0.kind == .skipped }.count == 3)
        #expect(
            marks.filter { $0.kind == .modeSwitch }.map(\.label) == [
                "custom → default", "default → custom", "custom → last",
            ])
        #expect(marks.filter { $0.kind == .exit }.count == 3)
        #expect(!marks.contains { $0.kind == .staleWake })
        #expect(tl.markers(of: "app").map(\.label) == ["invalidate from main"])
        let ios9 = try Self.timeline(ReportFixtures.modeSwitch, "ios9")
        #expect(ios9.markers(of: "worker").filter { $0.kind == .staleWake }.map(\.t) == [4_800_000_000])
        #expect(!ios9.spans.contains { $0.state == .parked })
    }

    @Test func s9AppLaneTracksTheScrollAndTheLateFireIsMarked() throws {
        let tl = try Self.timeline(ReportFixtures.s9, "ios10")
        let tracking = try #require(tl.spans(of: "app").first)
        #expect(tracking.state == .tracking && tracking.start == 2_500_000_000 && tracking.end == 5_500_000_000)
        #expect(tl.spans(of: "main").contains { $0.state == .sleeping && $0.mode == "tracking" })
        let fires = tl.markers(of: "main").filter { $0.kind == .fire }
        #expect(fires.count == 8)
        #expect(fires.contains { $0.t == 5_500_000_000 && $0.label == "NSTimer timer fires, 2500 ms late" })
        #expect(tl.markers(of: "main").filter { $0.kind == .skipped }.map(\.t) == [4_000_000_000, 5_000_000_000])
    }

    @Test func s11AppStateLaneAndTheMainThreadFrozenWhileSuspended() throws {
        let tl = try Self.timeline("scenarios/s11-countdown-background-suspension.yaml", "ios9")
        #expect(Array(tl.lanes.prefix(3)) == ["app", "app state", "main"])
        let states = tl.spans(of: "app state")
        let suspended = try #require(states.first { $0.mode == "suspended" })
        #expect((suspended.start, suspended.end) == (10_000_000_000, 30_000_000_000))
        #expect(states.last?.mode == "active")
        let frozen = try #require(tl.spans(of: "main").first { $0.state == .suspended })
        #expect((frozen.start, frozen.end) == (10_000_000_000, 30_000_000_000))
        let text = TimelineText.render(tl, width: 100)
        #expect(text.contains("app state"))
        #expect(text.contains("┄suspended") || text.contains("┄┄┄"))
    }

    @Test func textTimelineFitsTheWidthAndDrawsTheLanes() throws {
        let tl = try Self.timeline(ReportFixtures.s2, "ios10")
        for width in [60, 100, 140] {
            let text = TimelineText.render(tl, width: width)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in lines { #expect(line.count <= width, "\(line.count) > \(width): \(line)") }
            let worker = try #require(lines.first { $0.hasPrefix("worker-1") })
            #expect(worker.contains("─default"))
            #expect(worker.hasSuffix("░"))
            #expect(lines.contains { $0.hasPrefix("main") })
        }
        let text = TimelineText.render(tl, width: 100)
        #expect(text.contains("1 column = 50 ms"))
        #expect(text.contains("░ parked for ever"))
        #expect(text == TimelineText.render(try Self.timeline(ReportFixtures.s2, "ios10"), width: 100))
    }

    @Test func svgIsWellFormedWithASpanPerStateAndTooltips() throws {
        let tl = try Self.timeline(ReportFixtures.modeSwitch, "ios10")
        let svg = TimelineSVG.render([tl], title: "mode switches", width: 900)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\""))
        for state in ["running", "busy", "sleeping", "blocked", "parked"] {
            #expect(svg.contains("class=\"span \(state)\""), "no \(state) span")
        }
        #expect(svg.contains("<g class=\"marker skipped\">"))
        #expect(svg.contains("<title>worker · blocked on dispatch_semaphore"))
        #expect(svg.contains(">custom</text>") || svg.contains(">last</text>"))
        #expect(
            svg
                == TimelineSVG.render(
                    [try Self.timeline(ReportFixtures.modeSwitch, "ios10")], title: "mode switches", width: 900))
    }
}
