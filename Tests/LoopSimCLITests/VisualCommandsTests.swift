import Foundation
import Testing

/// End-to-end runs of `compare`, `timeline`, `report`, `run --narrate` and `run --trace-format chrome`.
@Suite(.serialized) struct VisualCommandsTests {
    static let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
    static func loopsim(_ arguments: [String]) throws -> CLIEndToEndTests.Result {
        try CLIEndToEndTests.loopsim(arguments)
    }

    @Test func compareNamesTheStaleWakeAndFollowsItToTheButton() throws {
        let r = try Self.loopsim(["compare", Self.s2, "--variants", "ios9,ios10"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("── first divergence: ios9 vs ios10 "))
        #expect(r.stdout.contains("  at 4.000 s on worker-1\n"))
        #expect(
            r.stdout.contains(
                "ios9   the timer port of mode default of runloop(worker-1) fires (stale: no timer is due)"))
        #expect(r.stdout.contains("→ 4.000 s worker-1: frees TimerButton button"))
        #expect(r.stdout.contains("→ worker-1 is parked for ever"))
        let json = try Self.loopsim(["compare", Self.s2, "--variants", "ios9,ios10", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let d = try #require((doc["divergences"] as? [[String: Any]])?.first)
        #expect(d["at_ms"] as? Int == 4000)
        #expect(r.stdout.contains("\n  staleTimerPortWakeAfterLastTimerRemoved  ios9 true · ios10 false\n"))
        #expect((doc["flags"] as? [[String: Any]])?.count == 6)
        #expect(try Self.loopsim(["compare", Self.s2, "--variants", "ios9"]).status == 2)
        #expect(try Self.loopsim(["compare", Self.s2, "--variants", "ios9,ios9"]).status == 2, "a usage error")
        // --variant is repeatable here too, as in run, report and timeline; the two spellings give the same bytes
        let repeated = try Self.loopsim([
            "compare", Self.s2, "--variant", "ios9", "--variant", "ios10", "--format", "json",
        ])
        #expect(repeated.status == 0)
        #expect(repeated.stdout == json.stdout)
        #expect(try Self.loopsim(["compare", Self.s2, "--variant", "ios9", "--variants", "ios9"]).status == 2)
    }

    @Test func narrateOneThreadInAWindow() throws {
        let r = try Self.loopsim([
            "run", Self.s2, "--variant", "ios9", "--narrate", "--thread", "worker-1", "--from", "4s", "--to", "4s",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("4.000 s  worker-1  default #1.4  finds no timer due in mode default"))
        #expect(!r.stdout.contains("3.000 s"))
        #expect(!r.stdout.contains("  main  "))
        let json = try Self.loopsim(["run", Self.s2, "--variant", "ios9", "--narrate", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let lines = try #require((doc["runs"] as? [[String: Any]])?.first?["narration"] as? [[String: Any]])
        #expect(lines.contains { $0["activity"] as? String == "Exit" && $0["thread"] as? String == "worker-1" })
        #expect(try Self.loopsim(["run", Self.s2, "--thread", "main"]).status == 2, "--thread needs --narrate")
        #expect(
            try Self.loopsim(["run", Self.s2, "--narrate", "--from", "2"]).status == 2,
            "a bare number is not a duration")
    }

    @Test func narrateBriefKeepsTheDecisiveStepsAndWhatIsLeft() throws {
        let r = try Self.loopsim(["run", Self.s2, "--variant", "ios10", "--narrate", "--brief"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("── ios10 (seed 1) · brief narration ─"))
        #expect(
            r.stdout.contains(
                "disarms the timer port of mode default of runloop(worker-1): invalidating NSTimer "
                    + "timer took the mode's last timer; no wake-up is sent, so worker-1 sleeps on "
                    + "[staleTimerPortWakeAfterLastTimerRemoved = false; "
                    + "removeOrInvalidateWakesLoop = false]"))
        #expect(r.stdout.contains("  left behind:\n    TimerButton button is abandoned"))
        #expect(!r.stdout.contains("BeforeTimers"))
        let json = try Self.loopsim(["run", Self.s2, "--variant", "ios9", "--narrate", "--brief", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect(run["detail"] as? String == "brief")
        #expect((run["left_behind"] as? [String])?.isEmpty == true)
        let lines = try #require(run["narration"] as? [[String: Any]])
        let inferred = try #require(lines.first { $0["kind"] as? String == "infer" })
        let flag = try #require((inferred["flags"] as? [[String: Any]])?.first)
        #expect(
            flag["name"] as? String == "staleTimerPortWakeAfterLastTimerRemoved" && flag["value"] as? String == "true")
        #expect((flag["certainty"] as? String)?.hasPrefix("inferred:") == true)
        #expect(try Self.loopsim(["run", Self.s2, "--brief"]).status == 2, "--brief needs --narrate")
    }

    @Test func timelineTextSVGAndJSON() throws {
        let text = try Self.loopsim(["timeline", Self.s2, "--variant", "ios10", "--width", "90"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("── ios10 (seed 1) · timeline 0 → 3.500 s · 1 column = 50 ms"))
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 90 })
        let svg = try Self.loopsim(["timeline", Self.s2, "--format", "svg"])
        #expect(svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let json = try Self.loopsim(["timeline", Self.s2, "--format", "json", "--variant", "ios10"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tl = try #require((doc["timelines"] as? [[String: Any]])?.first)
        #expect(tl["lanes"] as? [String] == ["app", "main", "worker-1"])
        let spans = try #require(tl["spans"] as? [[String: Any]])
        #expect(spans.contains { $0["state"] as? String == "parked" && $0["lane"] as? String == "worker-1" })
    }

    @Test func chromeTraceAndReportFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-visual-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("s2.json").path
        let r = try Self.loopsim(["run", Self.s2, "--trace", trace, "--trace-format", "chrome"])
        #expect(r.status == 0, "\(r.stderr)")
        // one document for both variants, a process each, named after its variant, so Perfetto shows them together
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace)))
                as? [String: Any])
        let events = try #require(doc["traceEvents"] as? [[String: Any]])
        let processes = events.filter { $0["name"] as? String == "process_name" }
            .map { "\($0["pid"] as? Int ?? 0) \(($0["args"] as? [String: Any])?["name"] as? String ?? "")" }
        #expect(
            processes == [
                "1 TimerButton countdown on a worker run loop (the bug) · ios9 · seed 1",
                "2 TimerButton countdown on a worker run loop (the bug) · ios10 · seed 1",
            ])
        #expect(Set(events.compactMap { $0["pid"] as? Int }) == [1, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["s2.json"])
        // JSON Lines traces stay one file per variant, and the command names them
        let lines = try Self.loopsim(["run", Self.s2, "--trace", dir.appendingPathComponent("s2.jsonl").path])
        #expect(
            lines.stderr
                == "wrote \(dir.path)/s2.ios9.jsonl (the ios9 trace)\nwrote \(dir.path)/s2.ios10.jsonl (the ios10 trace)\n"
        )
        let page = dir.appendingPathComponent("report.html").path
        let report = try Self.loopsim(["report", Self.s2, "-o", page])
        #expect(report.status == 0, "\(report.stderr)")
        // an existing page, timeline or report file is replaced only with --force, as `run -o` does
        for args in [
            ["report", Self.s2, "-o", page], ["timeline", Self.s2, "-o", page], ["run", Self.s2, "-o", page],
        ] {
            let refused = try Self.loopsim(args)
            #expect(refused.status == 2, "\(args)")
            #expect(refused.stderr.contains("already exists; pass --force to replace it"), "\(refused.stderr)")
            #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"), "left as it was")
        }
        #expect(try Self.loopsim(["timeline", Self.s2, "-o", dir.appendingPathComponent("t.txt").path]).status == 0)
        #expect(try Self.loopsim(["report", Self.s2, "-o", page, "--force"]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<section id=\"timeline\">"))
    }

    /// `report --replications N`: the page adds the paired differences between the variants, the same bytes for any
    /// `--jobs`; it needs pairs and at least two variants.
    @Test func reportWithReplicationsAddsThePairedDifferences() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-paired-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one.html").path, two = dir.appendingPathComponent("two.html").path
        let r = try Self.loopsim(["report", Self.s2, "--replications", "3", "-o", one])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: one, encoding: .utf8)
        #expect(html.contains("<section id=\"paired\">"))
        #expect(
            html.contains(
                "<td>≠ threads.parked</td><td>ios10</td><td>0</td><td>1</td><td>1</td><td>[1, 1]</td>"
                    + "<td>3</td>"))
        #expect(try Self.loopsim(["report", Self.s2, "--replications", "3", "--jobs", "2", "-o", two]).status == 0)
        #expect(try String(contentsOfFile: two, encoding: .utf8) == html, "identical bytes for any --jobs")
        #expect(try Self.loopsim(["report", Self.s2, "--replications", "1"]).status == 2)
        let single = try Self.loopsim(["report", Self.s2, "--variant", "ios9", "--replications", "3"])
        #expect(single.status == 2)
        #expect(single.stderr.contains("--replications compares variants"), "\(single.stderr)")
    }
}
