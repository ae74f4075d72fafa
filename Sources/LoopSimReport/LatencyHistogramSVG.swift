import LoopSimKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws the distribution of timer-fire latencies (fire time minus the slot it was due at) of several
/// variants as one grouped histogram: bins of a round width in milliseconds, one bar per variant in each
/// bin, its count above it. Counts are on a log scale (1, 10, 100… gridlines): most fires are on time, and on a
/// linear scale the late tail, a few fires beside thousands, drew no visible bar.
///
/// Binning is integer arithmetic on nanoseconds: bin `k` holds latencies in `[k·w, (k+1)·w)`; with every
/// latency 0, a single bin `0 ms` is drawn. Each bucket of a variant's ``LatencyHistogram`` counts in the bin
/// of its value: every latency in its own bin while the histogram is exact, and beyond that a bucket's
/// latencies together (a bucket is at most 0.1 % of its values wide).
public enum LatencyHistogramSVG {
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b"]

    /// The counts per bin for each series, and the bin width in nanoseconds.
    public static func bins(_ series: [LatencyHistogram], maxBins: Int = 12) -> (width: Int64, counts: [[Int]]) {
        let maxLatency = series.compactMap(\.max?.nanoseconds).max() ?? 0
        let width = maxLatency == 0 ? 1_000_000 : TimeText.niceStep(atLeast: max(1, maxLatency / Int64(maxBins - 1)))
        let count = Int(maxLatency / width) + 1
        return (
            width,
            series.map { latencies in
                var c = Array(repeating: 0, count: count)
                for b in latencies.buckets { c[Int(max(0, b.value.nanoseconds) / width)] += b.count }
                return c
            }
        )
    }

    /// The histogram of `series` (the latencies of each variant, named by `names`).
    public static func render(
        _ series: [LatencyHistogram], names: [String], width: Int = 900,
        height: Int = 260
    ) -> String {
        let (binWidth, counts) = bins(series)
        let total = series.map(\.count).reduce(0, +)
        let left = 48.0, bottom = 40.0, top = 40.0
        let plotW = Double(width) - left - 16, plotH = Double(height) - bottom - top
        var body = SVGText.text(
            "timer-fire latency (ms) · bin \(TimeText.ms(binWidth))", x: left, y: 16, size: 12, fill: "#333")
        guard total > 0 else {
            body += SVGText.text("no run-loop timer fired", x: left, y: top + 30, size: 12, fill: "#666")
            return wrap(body, width: width, height: height)
        }
        let bins = counts.first?.count ?? 1
        let maxCount = max(1, counts.flatMap { $0 }.max() ?? 1)
        // log10(1 + count) over log10(1 + the largest): a single fire is a visible bar beside thousands.
        let logMax = log10(1 + Double(maxCount))
        func barHeight(_ count: Int) -> Double { log10(1 + Double(count)) / logMax * plotH }
        var decade = 1
        while decade <= maxCount {
            let y = top + plotH - barHeight(decade)
            body +=
                "<line x1=\"\(SVGText.num(left))\" y1=\"\(SVGText.num(y))\" x2=\"\(SVGText.num(left + plotW))\" "
                + "y2=\"\(SVGText.num(y))\" stroke=\"#eee\"/>"
            body += SVGText.text("\(decade)", x: left - 4, y: y + 3, anchor: "end", size: 9, fill: "#888")
            decade *= 10
        }
        body += SVGText.text("fires (log scale)", x: left, y: 30, size: 9, fill: "#888")
        let groupW = plotW / Double(bins)
        let barW = min(40, max(2, (groupW - 8) / Double(max(1, series.count))))
        let inset = (groupW - barW * Double(max(1, series.count))) / 2
        body +=
            "<line x1=\"\(SVGText.num(left))\" y1=\"\(SVGText.num(top + plotH))\" x2=\"\(SVGText.num(left + plotW))\" "
            + "y2=\"\(SVGText.num(top + plotH))\" stroke=\"#999\"/>"
        for b in 0..<bins {
            let gx = left + Double(b) * groupW
            body += SVGText.text(
                TimeText.decimal(Int64(b) * binWidth, scale: 1_000_000), x: gx + groupW / 2, y: top + plotH + 14,
                anchor: "middle", size: 9, fill: "#666")
            for (s, c) in counts.enumerated() where c[b] > 0 {
                let h = barHeight(c[b])
                let x = gx + inset + Double(s) * barW
                body += SVGText.rect(
                    x: x, y: top + plotH - h, width: barW - 1, height: h, fill: palette[s % palette.count],
                    title: "\(names[s]): \(c[b]) fire\(c[b] == 1 ? "" : "s") between "
                        + "\(TimeText.ms(Int64(b) * binWidth)) and \(TimeText.ms(Int64(b + 1) * binWidth)) late",
                    extra: "class=\"bar\"")
                body += SVGText.text(
                    "\(c[b])", x: x + barW / 2, y: top + plotH - h - 3, anchor: "middle", size: 9, fill: "#333")
            }
        }
        var lx = left
        for (s, name) in names.enumerated() {
            body += SVGText.rect(x: lx, y: Double(height) - 14, width: 10, height: 10, fill: palette[s % palette.count])
            body += SVGText.text(
                "\(name) (\(series[s].count) fires)", x: lx + 14, y: Double(height) - 5, size: 10, fill: "#444")
            lx += 24 + Double(name.count + 12) * 6
        }
        return wrap(body, width: width, height: height)
    }

    static func wrap(_ body: String, width: Int, height: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "font-family=\"Helvetica, Arial, sans-serif\" role=\"img\"><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
            + body + "</svg>"
    }
}
