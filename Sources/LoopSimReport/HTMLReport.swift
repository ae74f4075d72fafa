import LoopSimScenario

/// `loopsim report`: one self-contained HTML page per scenario — no external script, style sheet, font or
/// image — with the variant table (differing figures marked) and the flags that differ between the variants with
/// their evidence (``FlagDifferences``), the first divergence between the variants,
/// the timeline of every variant (SVG), each variant's retain graph of leaks and its parked threads, the
/// histogram of timer-fire latencies, and each variant's narration (collapsed).
///
/// The page is deterministic: the same scenario, variants and seed give the same bytes. Its only script
/// filters the table down to the figures that differ.
public enum HTMLReport {
    /// How many narration lines each variant shows.
    public static let narrationLimit = 400

    /// The page for `scenario` run as `runs` (their outcomes must keep their traces), with the paired differences of
    /// replications (`loopsim report --replications N`) after the variant table when there are some, and a link to
    /// the run's player page (``PlayerPage``, `loopsim report --player`) when `player` names it.
    public static func render(
        _ scenario: Scenario, _ runs: [VariantRun], paired: PairedComparison? = nil,
        player: String? = nil
    ) -> String {
        let e = SVGText.escape
        let comparison = VariantComparison(scenario, runs)
        let timelines = runs.map(ThreadTimeline.init)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="loopsim report">
            <title>LoopSim · \(e(scenario.name))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>\(e(scenario.name))</h1>
            <p class="meta">\(e(scenario.file))\(scenario.covers.isEmpty ? "" : " · covers " + e(scenario.covers.joined(separator: " ")))
             · seed \(comparison.seed) · variants \(e(comparison.variants.joined(separator: ", ")))</p>
            \(player.map { "<p class=\"meta\"><a id=\"player\" href=\"\(e($0))\">Step through the run</a>: the player, "
                + "forward and back by event, phase or pass, the variants side by side</p>" } ?? "")
            </header>

            """
        html += section("variants", "Variants", table(comparison) + flagTable(comparison.flags))
        if let paired { html += section("paired", "Paired differences", pairedTable(paired)) }
        if !comparison.divergences.isEmpty {
            html += section("divergence", "First divergence", comparison.divergences.map(divergence).joined())
        }
        html += section(
            "timeline", "Timeline",
            "<p class=\"note\">Lanes per thread: running, busy in <code>work:</code>, asleep in a run-loop mode, "
                + "blocked, parked for ever; marks for timer fires, skipped slots, stale timer-port wakes, mode "
                + "switches, exits and deallocs. Hover for details.</p>\n<div class=\"figure\">"
                + TimelineSVG.render(timelines, title: scenario.name, width: 960) + "</div>\n")
        var retain = ""
        for (i, run) in runs.enumerated() {
            retain +=
                "<h3>\(e(run.variant))</h3>\n<div class=\"figure\">"
                + RetainGraphSVG.render(run.outcome.findings.leaks, width: 960, id: "retain\(i)") + "</div>\n"
            let parked = run.outcome.findings.parkedThreads
            if !parked.isEmpty {
                retain +=
                    "<ul class=\"parked\">"
                    + parked.map { p in
                        "<li><strong>\(e(p.name))</strong> parked"
                            + (p.since.map { " since \(TimeText.seconds($0.nanoseconds))" } ?? "")
                            + ": \(e(p.reason))</li>"
                    }.joined() + "</ul>\n"
            }
            let suspended = run.outcome.findings.suspendedTasks
            if !suspended.isEmpty {
                retain +=
                    "<ul class=\"parked\">"
                    + suspended.map { t in
                        "<li><strong>\(e(t.name))</strong> suspended for ever (it holds no thread)"
                            + (t.since.map { " since \(TimeText.seconds($0.nanoseconds))" } ?? "")
                            + ": \(e(t.reason))</li>"
                    }.joined() + "</ul>\n"
            }
        }
        html += section("retain", "Retain graph", retain)
        let series = runs.map(\.outcome.timers.pooledLatency)
        html += section(
            "latency", "Timer latency",
            "<div class=\"figure\">" + LatencyHistogramSVG.render(series, names: runs.map(\.variant), width: 960)
                + "</div>\n"
                + latencyTable(runs))
        var narration = ""
        for run in runs {
            let lines = Narration(events: RunEvents(run.outcome), profile: run.profile).lines
            let shown = Narration.render(Array(lines.prefix(narrationLimit)))
            narration +=
                "<details><summary>\(e(run.variant)) · \(lines.count) steps"
                + (lines.count > narrationLimit ? " (first \(narrationLimit) shown)" : "")
                + "</summary><pre>\(e(shown))</pre></details>\n"
        }
        html += section("narration", "Narration", narration)
        html +=
            "<footer>generated by <code>loopsim report</code> · "
            + runs.map { "\(e($0.variant)) trace \($0.outcome.fingerprint)" }.joined(separator: " · ") + "</footer>\n"
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    static func section(_ id: String, _ title: String, _ content: String) -> String {
        "<section id=\"\(id)\">\n<h2>\(title)</h2>\n\(content)</section>\n\n"
    }

    static func table(_ c: VariantComparison) -> String {
        let e = SVGText.escape
        var t =
            "<label class=\"filter\"><input type=\"checkbox\" id=\"only-differing\"> show only the figures that differ</label>\n"
        t +=
            "<table class=\"variants\"><thead><tr><th>figure</th>" + c.variants.map { "<th>\(e($0))</th>" }.joined()
            + "</tr></thead><tbody>\n"
        for f in c.figures {
            t +=
                "<tr class=\"\(f.differs ? "differs" : "same")\"><td>\(f.differs ? "≠ " : "")\(e(f.label))</td>"
                + f.texts.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n"
        }
        let n = c.figures.filter(\.differs).count
        return t
            + "</tbody></table>\n<p class=\"note\">≠ marks the \(n) figure\(n == 1 ? "" : "s") that differ; every variant ran with seed \(c.seed).</p>\n"
    }

    /// The flags whose values differ, each with its values, its source and its Linux evidence.
    static func flagTable(_ flags: FlagDifferences) -> String {
        let e = SVGText.escape
        guard !flags.rows.isEmpty else {
            return "<p class=\"note\">Every flag has the same value in each variant.</p>\n"
        }
        var t =
            "<h3>Flags that differ</h3>\n<table class=\"flags\"><thead><tr><th>flag</th>"
            + flags.variants.map { "<th>\(e($0))</th>" }.joined()
            + "<th>source</th><th>Linux evidence</th></tr></thead><tbody>\n"
        for row in flags.rows {
            t +=
                "<tr><td><code>\(e(row.flag.name))</code></td>" + row.values.map { "<td>\(e($0))</td>" }.joined()
                + "<td>\(e(row.flag.source))</td><td>\(e(row.flag.linuxEvidence.text))</td></tr>\n"
        }
        return t + "</tbody></table>\n<p class=\"note\">A measured Linux value is checked by the conformance scenarios "
            + "named (<code>loopsim conform</code> runs them on a real RunLoop); a cited one rests on its source "
            + "(<code>loopsim variants</code>, docs/fidelity.md).</p>\n"
    }

    /// Per figure and variant, the paired difference from the reference with its 95 % interval (``PairedComparison``).
    static func pairedTable(_ p: PairedComparison) -> String {
        let e = SVGText.escape, number = PairedComparison.number
        var t =
            "<p class=\"note\">\(p.n) replications per variant; replication <em>i</em> of every variant runs with "
            + "the same seed (common random numbers), so each figure's difference is taken replication by replication: "
            + "its mean, variant − \(e(p.reference)), with its 95 % confidence interval (GSL's t quantile). "
            + "≠ marks an interval that excludes 0.</p>\n"
        if !p.leftOut.isEmpty {
            t += "<p class=\"note\">Left out of the pairs, cut short: \(e(p.leftOut.joined(separator: ", "))).</p>\n"
        }
        t +=
            "<table class=\"paired\"><thead><tr><th>figure</th><th>variant</th><th>\(e(p.reference)) mean</th>"
            + "<th>variant mean</th><th>difference</th><th>95 % CI</th><th>n</th></tr></thead><tbody>\n"
        for row in p.rows {
            let d = row.difference
            t +=
                "<tr class=\"\(row.differs ? "differs" : "same")\">"
                + "<td>\(row.differs ? "≠ " : "")\(e(row.figure))</td>"
                + "<td>\(e(row.variant))</td><td>\(number(row.referenceMean))</td><td>\(number(row.variantMean))</td>"
                + "<td>\(number(d.mean))</td><td>[\(number(d.low)), \(number(d.high))]</td><td>\(d.n)</td></tr>\n"
        }
        return t + "</tbody></table>\n"
    }

    static func divergence(_ d: TraceDivergence) -> String {
        let e = SVGText.escape
        var s = "<h3>\(e(d.a)) vs \(e(d.b))</h3>\n"
        if d.identical { return s + "<p>None: the traces are identical event for event.</p>\n" }
        if let at = d.at, let thread = d.thread {
            s += "<p class=\"where\">at <strong>\(TimeText.seconds(at))</strong> on <strong>\(e(thread))</strong></p>\n"
        }
        s +=
            "<dl class=\"first\">" + d.first.map { "<dt>\(e($0.variant))</dt><dd>\(e($0.text))</dd>" }.joined()
            + "</dl>\n"
        if !d.setup.isEmpty {
            s +=
                "<p>set up by</p><ul>"
                + d.setup.map { "<li>\(e($0.variant)) · \(TimeText.seconds($0.t)) \(e($0.thread)): \(e($0.text))</li>" }
                .joined() + "</ul>\n"
        }
        s += "<div class=\"chains\">"
        for (i, name) in [d.a, d.b].enumerated() {
            var items = d.consequences[i].map { "\(TimeText.seconds($0.t)) \($0.thread): \($0.text)" }
            if items.isEmpty { items.append("nothing more happens") }
            items += d.endState[i]
            s += "<div><h4>\(e(name))</h4><ol>" + items.map { "<li>\(e($0))</li>" }.joined() + "</ol></div>"
        }
        return s + "</div>\n"
    }

    static func latencyTable(_ runs: [VariantRun]) -> String {
        let e = SVGText.escape
        var t =
            "<table class=\"latency\"><thead><tr><th>variant</th><th>fires</th><th>skipped</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th></tr></thead><tbody>"
        for run in runs {
            let cell = { (path: String) in e(VariantComparison.text(run.report.value(at: path) ?? .null)) }
            t +=
                "<tr><td>\(e(run.variant))</td><td>\(cell("timers.fires"))</td><td>\(cell("timers.skipped"))</td>"
                + "<td>\(cell("timers.latency_ms.p50"))</td><td>\(cell("timers.latency_ms.p99"))</td><td>\(cell("timers.latency_ms.max"))</td></tr>"
        }
        return t + "</tbody></table>\n"
    }

    static let style = """
        body{font-family:Helvetica,Arial,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 12px}\
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}\
        h3{font-size:14px;margin:14px 0 6px}.meta,.note{color:#666;font-size:13px}\
        table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #e3e3e3;padding:3px 8px;text-align:left}\
        tr.differs td{background:#fff4e5;font-weight:600}.figure{overflow-x:auto}\
        dl.first dt{font-weight:700;float:left;width:70px}dl.first dd{margin:0 0 4px 80px}\
        .chains{display:flex;gap:24px}.chains div{flex:1}.chains ol{font-size:13px;padding-left:20px}\
        pre{font-size:11px;background:#f7f7f7;padding:8px;overflow-x:auto}footer{margin-top:32px;color:#888;font-size:11px}\
        body.only-differing tr.same{display:none}label.filter{font-size:13px;display:block;margin-bottom:6px}\
        table.flags td{vertical-align:top;font-size:12px}
        """

    static let script = """
        (function(){var box=document.getElementById('only-differing');if(!box)return;\
        box.addEventListener('change',function(){document.body.classList.toggle('only-differing',box.checked);});})();
        """
}
