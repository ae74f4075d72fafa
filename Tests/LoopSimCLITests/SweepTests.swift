import Foundation
import LoopSimKernel
import LoopSimReport
import Testing

/// Sweeps: grid order, shards that merge back byte for byte, CSV layout, parameter substitution.
@Suite struct SweepTests {
    static let yaml = """
        name: tiny sweep
        seed: 3
        until: 20s
        variants: [ios9, ios10]
        params:
          gap: 4s
          interval: 1s
        sweep:
          gap: [2s, 6s]
          interval: [500ms, 1s]
          replications: 6
        classes:
          VC:
            fields: {t: weak NSTimer}
            methods:
              start:
                - scheduledTimer: self.t
                  every: ${interval}
                  repeats: true
                  block: {do: []}
        main:
          - let: vc = new VC
          - call: vc.start
        gestures:
          every: {exponential: "${gap}"}
          drag: 1s
        """

    @Test func shardsMergeIntoTheUnshardedDocument() throws {
        let full = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: nil, jobs: 1)
        let parts = try (1...3).map {
            try Sweep.run(text: Self.yaml, file: "s.yaml", replications: nil, jobs: 2, shard: ($0, 3))
        }
        let merged = try Sweep.merge(parts.map { try Sweep.decode(Data($0.pretty.utf8)) })
        #expect(merged.pretty == full.pretty)
        #expect(Sweep.csv(merged) == Sweep.csv(full))
    }

    /// A merge that misses a shard (a Slurm task that never ran) or has one twice fails, naming the shards,
    /// instead of printing a partial sweep; through the CLI it exits 2.
    @Test func aMergeWithoutEveryShardFails() throws {
        let parts = try (1...4).map {
            try Sweep.run(text: Self.yaml, file: "s.yaml", replications: nil, jobs: 1, shard: ($0, 4))
        }
        let docs = try parts.map { try Sweep.decode(Data($0.pretty.utf8)) }
        #expect(throws: Sweep.Failure.self) { try Sweep.merge([docs[0], docs[2]]) }
        do {
            _ = try Sweep.merge([docs[0], docs[2]])
        } catch {
            #expect(error.message.hasPrefix("shards 2/4, 4/4 missing"), "\(error.message)")
        }
        do {
            _ = try Sweep.merge([docs[0], docs[1], docs[1], docs[2], docs[3]])
        } catch {
            #expect(error.message.hasPrefix("shard 2/4 given twice"), "\(error.message)")
        }
        #expect(try Sweep.merge(docs) == Sweep.merge(docs.reversed()))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let files = try parts.enumerated().map { i, part in
            let url = dir.appendingPathComponent("part\(i + 1).json")
            try part.pretty.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let partial = try CLIEndToEndTests.loopsim(["merge", files[0], files[1], files[3]])
        #expect(partial.status == 2)
        #expect(partial.stderr.contains("shard 3/4 missing"))
        #expect(partial.stdout.isEmpty)
        #expect(try CLIEndToEndTests.loopsim(["merge"] + files).status == 0)
    }

    @Test func aDocumentReadsBackToTheSameValue() throws {
        let full = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: nil, jobs: 1)
        #expect(try Sweep.decode(Data(full.pretty.utf8)) == full)
        let shard = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: 2, jobs: 1, shard: (2, 3))
        #expect(try Sweep.decode(Data(shard.pretty.utf8)) == shard)
        // Typed, not guessed from the text: a mean printed as `1e+15` stays a double, a row number an integer.
        let figure: JSONValue = .object(["mean": .double(1e15), "ci95_low": .double(0.1 + 0.2), "ci95_high": .null])
        let big: JSONValue = .object([
            "scenario": .string("s"), "file": .string("s.yaml"), "axes": .array([]), "figures": .array([.string("f")]),
            "rows": .array([
                .object([
                    "row": .int(0), "point": .int(0), "params": .object([:]),
                    "variant": .string("ios9"), "n": .int(2), "limited": .int(0),
                    "figures": .object(["f": figure]),
                ])
            ]),
        ])
        #expect(try Sweep.decode(Data(big.pretty.utf8)) == big)
        #expect(throws: DecodingError.self) { try Sweep.decode(Data(#"{"rows": []}"#.utf8)) }
    }

    /// A replication a limit stops is left out of its row's figures and counted in `limited`; the command
    /// exits 3 (it printed the sweep first).
    @Test func aLimitedReplicationIsCountedAndLeftOut() throws {
        var tight = RunLimits()
        tight.maxEvents = 40
        let doc = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: 2, jobs: 1, limits: tight)
        guard case .array(let rows)? = doc.value(at: "rows") else { Issue.record("no rows"); return }
        // ios9 has no block timers: its runs end at once, under the limit; ios10's run to it
        for row in rows {
            let cut = row.value(at: "variant") == .string("ios10")
            #expect(row.value(at: "limited") == .int(cut ? 2 : 0))
            if cut { #expect(row.value(at: "figures") == .object([:]), "no figure from cut-short runs") }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loopsim-sweep-\(UUID().uuidString).yaml")
        try Self.yaml.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLIEndToEndTests.loopsim(["sweep", file.path, "--replications", "2", "--max-events", "40"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("8 replications stopped at a limit"), "\(r.stderr)")
        #expect(try CLIEndToEndTests.loopsim(["sweep", file.path, "--replications", "2"]).status == 0)
    }

    @Test func rowsFollowTheGridWithTheLastAxisFastest() throws {
        let doc = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: 2, jobs: 1)
        let lines = Sweep.csv(doc).split(separator: "\n")
        #expect(lines.count == 1 + 2 * 2 * 2)
        #expect(lines[0].hasPrefix("point,gap,interval,variant,n,limited,objects.leaked.mean,"))
        #expect(
            lines[1...].map { $0.split(separator: ",").prefix(6).joined(separator: ",") } == [
                "0,2s,500ms,ios9,2,0", "0,2s,500ms,ios10,2,0", "1,2s,1s,ios9,2,0", "1,2s,1s,ios10,2,0",
                "2,6s,500ms,ios9,2,0", "2,6s,500ms,ios10,2,0", "3,6s,1s,ios9,2,0", "3,6s,1s,ios10,2,0",
            ])
    }

    @Test func theIntervalParameterReachesTheTimer() throws {
        let doc = try Sweep.run(text: Self.yaml, file: "s.yaml", replications: 2, jobs: 1)
        // the fires scale with 1/interval (rows 1 and 5 are ios10; under ios9 the block-based timer API crashes)
        let fires = { (row: Int) -> Double in
            guard case .array(let rows)? = doc.value(at: "rows"), case .object(let r) = rows[row],
                case .object(let f)? = r["figures"], case .object(let ci)? = f["timers.fires"],
                case .double(let mean)? = ci["mean"]
            else { return -1 }
            return mean
        }
        #expect(fires(1) > 1.5 * fires(3))  // 500 ms vs 1 s at the same gap
        #expect(fires(0) == 0)
    }

    @Test func anUndeclaredParameterIsADiagnostic() throws {
        #expect(throws: Sweep.Failure.self) {
            _ = try Sweep.run(
                text: Self.yaml.replacingOccurrences(of: "${interval}", with: "${intervl}"),
                file: "s.yaml", replications: 1, jobs: 1)
        }
    }
}
