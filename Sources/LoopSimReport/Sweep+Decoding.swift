import Foundation

extension Sweep {
    /// Reads a sweep document back (`loopsim sweep --format json`, a shard or the whole sweep): the value
    /// ``run(text:file:replications:jobs:shard:)`` returned, for ``merge(_:)``.
    ///
    /// The text is decoded with Foundation's `JSONDecoder` into the document's typed shape, so that each number
    /// comes back as the type it was written from: `row`, `point` and `n` as integers, every figure's `mean`,
    /// `ci95_low` and `ci95_high` as doubles (`null` for one that was not finite). `JSONDecoder` reads a double
    /// correctly rounded and ``JSONValue`` writes the shortest text that reads back to the same double, so a
    /// document read back prints byte for byte as it was printed, and shards merge into exactly the unsharded
    /// sweep. (Untyped, `1e+15` and `1000000000000000` would both read back as one integer.)
    ///
    /// ```swift
    /// let parts = try paths.map { try Sweep.decode(Data(contentsOf: URL(fileURLWithPath: $0))) }
    /// print(try Sweep.merge(parts).pretty)
    /// ```
    /// - Throws: `DecodingError` when `data` is not a sweep document.
    public static func decode(_ data: Data) throws -> JSONValue {
        let doc = try JSONDecoder().decode(SweepDocument.self, from: data)
        let rows = doc.rows.map { r in
            row(
                r.row, point: r.point, params: r.params, variant: r.variant, n: r.n, limited: r.limited,
                figures: r.figures.mapValues { interval(mean: $0.mean, low: $0.low, high: $0.high) })
        }
        let read = document(
            scenario: doc.scenario, file: doc.file, axes: doc.axes, figures: doc.figures, rows: rows,
            shard: doc.shard)
        // A sweep a signal stopped says so; keep the mark, so that a merge can refuse it.
        guard let stopped = doc.stopped, case .object(var fields) = read else { return read }
        fields["stopped"] = .string(stopped)
        return .object(fields)
    }
}

/// A sweep document as ``Sweep/run(text:file:replications:jobs:shard:)`` writes it, for `JSONDecoder`.
private struct SweepDocument: Decodable {
    var scenario: String
    var file: String
    var axes: [String]
    var figures: [String]
    var rows: [Row]
    var shard: String?
    /// Only in a sweep a signal stopped (``Sweep/Plan/document(rows:stopped:)``).
    var stopped: String?

    struct Row: Decodable {
        var row: Int64
        var point: Int64
        var params: [String: String]
        var variant: String
        var n: Int64
        /// Replications a limit stopped (left out of the figures).
        var limited: Int64
        var figures: [String: Interval]
    }

    /// A figure's mean and interval; each key must be there, `null` for a value that was not finite.
    struct Interval: Decodable {
        var mean: Double?
        var low: Double?
        var high: Double?

        enum CodingKeys: String, CodingKey {
            case mean
            case low = "ci95_low"
            case high = "ci95_high"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            mean = try c.decode(Double?.self, forKey: .mean)
            low = try c.decode(Double?.self, forKey: .low)
            high = try c.decode(Double?.self, forKey: .high)
        }
    }
}
