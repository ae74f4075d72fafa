import Foundation
import LoopSimReport
import Testing

/// The HTML report: its content, its self-containment, and its rendering in a real headless Chromium.
@Suite(.serialized) struct HTMLReportTests {
    /// S2 under ios9 and ios10, with the paired differences of 4 replications (`report --replications 4`) or not.
    static func page(_ path: String = ReportFixtures.s2, replications: Int? = 4) throws -> String {
        let (scenario, runs) = try ReportFixtures.runs(path, variants: ["ios9", "ios10"])
        let paired = try replications.map { n in
            // run together, so that each replication of ios10 is paired with ios9's as they run
            PairedComparison(try Replications.run(scenario, variants: ["ios9", "ios10"], n: n, jobs: 1))
        }
        return HTMLReport.render(scenario, runs, paired: paired)
    }

    @Test func pageHasEverySectionAndNoExternalResource() throws {
        let html = try Self.page()
        for id in ["variants", "paired", "divergence", "timeline", "retain", "latency", "narration"] {
            #expect(html.contains("<section id=\"\(id)\">"), "no section \(id)")
        }
        // the paired differences, after the variant table: S2 has no randomness, so every pair differs alike
        #expect(
            html.contains(
                "<tr class=\"differs\"><td>≠ objects.abandoned</td><td>ios10</td><td>0</td><td>1</td>"
                    + "<td>1</td><td>[1, 1]</td><td>4</td></tr>"))
        #expect(html.contains("<td>≠ end_time_ms</td><td>ios10</td><td>4000</td><td>3500</td><td>-500</td>"))
        #expect(html.contains("<tr class=\"same\"><td>timers.fires</td><td>ios10</td><td>3</td><td>3</td><td>0</td>"))
        let variants = try #require(html.range(of: "<section id=\"variants\">"))
        let paired = try #require(html.range(of: "<section id=\"paired\">"))
        let divergence = try #require(html.range(of: "<section id=\"divergence\">"))
        #expect(variants.lowerBound < paired.lowerBound && paired.lowerBound < divergence.lowerBound)
        #expect(!(try Self.page(replications: nil)).contains("<section id=\"paired\">"), "only with --replications")
        #expect(html.contains("<tr class=\"differs\"><td>≠ objects abandoned</td><td>0</td><td>1</td></tr>"))
        // the flags that differ, with their source and Linux evidence, under the variant table
        #expect(html.contains("<h3>Flags that differ</h3>"))
        #expect(
            html.contains(
                "<tr><td><code>staleTimerPortWakeAfterLastTimerRemoved</code></td><td>true</td>"
                    + "<td>false</td><td>CF-1153.18 vs SCF-Sierra __CFArmNextTimerInMode"))
        #expect(html.contains("<td>measured by conformance c01, c16, c31</td></tr>"))
        #expect(html.contains("the timer port of mode default of runloop(worker-1) fires (stale: no timer is due)"))
        #expect(html.contains("<g class=\"node abandoned\"><title>TimerButton button (abandoned)</title>"))
        #expect(html.contains("no leaks: every object the scenario let go was deallocated"))
        // the latency histogram's counts on a log scale (a late tail beside on-time fires), and a legend with every
        // colour the timelines use
        #expect(html.contains("fires (log scale)"))
        #expect(html.contains("UIKit tracks a touch (app lane)") && html.contains("app background"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 4)  // timeline, two retain graphs, histogram
        // Self-contained: nothing is fetched (the only URL is the SVG namespace).
        for needle in ["src=", "<link", "@import", "url(http", "href=\"http"] {
            #expect(!html.contains(needle), "\(needle)")
        }
        #expect(html == (try Self.page()), "byte-identical twice")
    }

    // MARK: Headless Chromium

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    /// In CI the browser must be there (scripts/setup.sh installs it); elsewhere the test is skipped without it.
    static let browserRequired = ProcessInfo.processInfo.environment["CI"] != nil

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", executable] + arguments
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// A probe run first in `<head>`: records uncaught errors, failed loads and `console.error` calls, and after
    /// `load` writes what it saw, and what the page laid out, into attributes of `<html>`.
    static let probe = """
        <script>window.__errors=[];window.addEventListener('error',function(e){window.__errors.push(String(e.message||\
        ('failed to load '+(e.target&&(e.target.src||e.target.href)))));},true);\
        window.addEventListener('unhandledrejection',function(e){window.__errors.push('rejection '+e.reason);});\
        var __ce=console.error;console.error=function(){window.__errors.push(Array.prototype.join.call(arguments,' '));\
        __ce.apply(console,arguments);};window.addEventListener('load',function(){var r=document.documentElement;\
        var t=document.querySelector('#timeline svg').getBoundingClientRect();\
        r.setAttribute('data-errors',String(window.__errors.length));r.setAttribute('data-error-text',window.__errors.join(' | '));\
        r.setAttribute('data-svgs',String(document.querySelectorAll('svg').length));\
        r.setAttribute('data-timeline',Math.round(t.width)+'x'+Math.round(t.height));\
        r.setAttribute('data-bars',String(document.querySelectorAll('#latency rect.bar').length));\
        r.setAttribute('data-paired',String(document.querySelectorAll('#paired tr.differs').length));});</script>
        """

    @Test(.enabled(if: chromium != nil || browserRequired, "Chromium is not installed (scripts/setup.sh installs it)"))
    func reportRendersInHeadlessChromiumWithoutErrors() throws {
        let browser = try #require(Self.chromium, "CI needs Chromium: scripts/setup.sh installs it")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = try Self.page()
        let page = dir.appendingPathComponent("report.html"), probed = dir.appendingPathComponent("probe.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        try html.replacingOccurrences(of: "<head>\n", with: "<head>\n" + Self.probe + "\n")
            .write(to: probed, atomically: true, encoding: .utf8)
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            "--user-data-dir=" + dir.appendingPathComponent("profile").path,
        ]

        // 1. The DOM after load: no errors, every SVG laid out.
        let dom = try Self.run(browser, common + ["--virtual-time-budget=3000", "--dump-dom", probed.absoluteString])
        #expect(dom.status == 0, "chromium failed: \(dom.stderr.suffix(2000))")
        #expect(dom.stdout.contains("data-errors=\"0\""), "console errors: \(dom.stdout.prefix(400))")
        #expect(dom.stdout.contains("data-svgs=\"4\""))
        #expect(dom.stdout.contains("data-bars=\"2\""))
        #expect(dom.stdout.contains("data-paired=\"3\""), "the paired rows that differ: abandoned, parked, end time")
        let timeline = try #require(dom.stdout.firstMatch(of: /data-timeline="(\d+)x(\d+)"/))
        #expect(Int(timeline.1) == 960)
        #expect((Int(timeline.2) ?? 0) > 200)
        #expect(!dom.stderr.contains("Uncaught"))

        // 2. A screenshot of the page as a person sees it: not blank.
        let png = dir.appendingPathComponent("report.png")
        let shot = try Self.run(
            browser, common + ["--window-size=1100,1800", "--screenshot=" + png.path, page.absoluteString])
        #expect(shot.status == 0, "chromium failed: \(shot.stderr.suffix(2000))")
        let script = ReportFixtures.root.appendingPathComponent("Tests/LoopSimReportTests/Support/png_stats.py").path
        let stats = try Self.run("/usr/bin/env", ["python3", script, png.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        let fields = stats.stdout.split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(fields.count == 4)
        guard fields.count == 4 else { return }
        #expect(fields[0] == "1100" && fields[1] == "1800")
        let nonWhite = Double(fields[2]) ?? 0, colours = Int(fields[3]) ?? 0
        #expect(nonWhite > 0.05, "only \(nonWhite) of the screenshot is not white")
        #expect(colours > 30, "only \(colours) colours: the SVGs did not render")
    }
}
