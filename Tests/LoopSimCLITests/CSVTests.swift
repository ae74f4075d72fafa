import Foundation
import LoopSimReport
import Testing

/// RFC 4180 CSV (``CSV``): cells with a comma, a double quote, CR or LF are quoted, and a sweep's CSV reads back
/// through Python's `csv` module into exactly its cells.
@Suite struct CSVTests {
    @Test func fieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(CSV.field("ios10") == "ios10")
        #expect(CSV.field("") == "")
        #expect(CSV.field(" spaced ") == " spaced ")
        #expect(CSV.field("a, b") == "\"a, b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
        #expect(CSV.field("cr\rlf") == "\"cr\rlf\"")
        #expect(CSV.field("crlf\r\nend") == "\"crlf\r\nend\"")
        #expect(CSV.record(["a", "b,c", "", "d\""]) == "a,\"b,c\",,\"d\"\"\"")
    }

    /// A sweep over a parameter whose values hold commas, quotes and line breaks.
    static let yaml = """
        name: "quoted, sweep"
        seed: 1
        until: 1s
        variants: [ios10]
        params:
          label: plain
        sweep:
          label: ["a, b", "say \\"hi\\"", "two\\nlines", plain]
          replications: 2
        main:
          - log: "${label}"
        """

    /// The project's Python (scripts/setup.sh makes `.venv`), else the system's `python3`; nil when neither exists.
    static var python: String? {
        let venv = CLIEndToEndTests.root.appendingPathComponent(".venv/bin/python").path
        for candidate in [venv, "/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }

    @Test(.enabled(if: python != nil)) func aSweepReadsBackThroughPythonsCSVModule() throws {
        let doc = try Sweep.run(text: Self.yaml, file: "q.yaml", replications: nil, jobs: 1)
        let csv = Sweep.csv(doc)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("sweep.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        // Every row as a JSON list of its cells, as Python's csv module (RFC 4180) reads them.
        let script =
            "import csv, json, sys\n"
            + "print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = ["-c", script, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        try #require(rows.count == 5, "a header and 4 rows: \(rows)")
        let header = rows[0]
        #expect(header.prefix(5) == ["point", "label", "variant", "n", "limited"])
        for row in rows.dropFirst() { #expect(row.count == header.count, "\(row)") }
        #expect(rows.dropFirst().map { $0[1] } == ["a, b", "say \"hi\"", "two\nlines", "plain"])
        #expect(rows.dropFirst().map { $0[2] } == ["ios10", "ios10", "ios10", "ios10"])
    }
}
