import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// The typed events against their text: the JSON encoder, the trace-file reader, the fingerprint, the docs.
@Suite struct EventEncodingTests {
    static let scenarioFiles: [String] = {
        let dir = ReportFixtures.root.appendingPathComponent("scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "scenarios/" + $0 }
    }()

    /// Every scenario under each of its variants: its lines read back give the same events (strings compared as strings)
    /// and fold to the run's fingerprint; encoding the read events gives the same lines.
    @Test(arguments: scenarioFiles)
    func linesReadBackToTheSameEventsAndFingerprint(_ path: String) throws {
        let (_, runs) = try ReportFixtures.runs(path)
        for run in runs {
            let o = run.outcome
            let lines = o.traceLines
            #expect(lines.count == o.events)
            let file = try TraceFile(lines: lines)
            #expect(file.fingerprint.hex == o.fingerprint, "\(path) \(run.variant)")
            #expect(file.events.count == o.eventLog.count)
            for (a, b) in zip(o.eventLog, file.events) {
                #expect(a.instant == b.instant && a.kind == b.kind)
                #expect(o.names[a.thread] == file.names[b.thread])
                #expect(a.body.jsonFields(o.names) == b.body.jsonFields(file.names), "\(path) \(run.variant)")
            }
            var encoder = TraceEncoder()
            let encoded = file.events.enumerated().map { encoder.line($0.element, seq: $0.offset, names: file.names) }
            #expect(encoded == lines)
        }
    }

    /// A trace handed to a ``TraceSink`` as the run goes on (what `run --trace` writes) is the kept trace, line for
    /// line and numbered alike, while the run keeps no event of its own.
    @Test(arguments: scenarioFiles)
    func aSinkGetsTheLinesOfTheKeptTrace(_ path: String) throws {
        final class Lines: TraceSink {
            var encoder = TraceEncoder()
            var lines: [String] = []
            var numbered = true
            func record(_ event: SimEvent, seq: Int, names: borrowing NameTable) {
                numbered = numbered && seq == lines.count
                lines.append(encoder.line(event, seq: seq, names: names))
            }
        }
        let (scenario, kept) = try ReportFixtures.runs(path)
        var sinks: [String: Lines] = [:]
        let streamed = try ScenarioRunner.run(
            scenario,
            traceSink: { variant in
                let sink = Lines()
                sinks[variant] = sink
                return sink
            })
        #expect(streamed.map(\.variant) == kept.map(\.variant))
        for (a, b) in zip(kept, streamed) {
            let sink = try #require(sinks[b.variant])
            #expect(b.outcome.eventLog.isEmpty, "nothing kept in memory")
            #expect(sink.numbered)
            #expect(sink.lines == a.outcome.traceLines, "\(path) \(b.variant)")
            #expect(b.outcome.fingerprint == a.outcome.fingerprint)
        }
    }

    /// The fingerprint depends on the events, not on the order a table interned their strings: the same events
    /// named through two tables filled in opposite orders fold alike; a changed ingredient folds otherwise.
    @Test func theFingerprintFoldsIngredientsNotTableOrder() {
        var forward = NameTable(), backward = NameTable()
        let strings = ["main", "NSTimer#1", "runloop(main)", "default"]
        for s in strings { _ = forward.intern(s) }
        for s in strings.reversed() { _ = backward.intern(s) }
        func events(_ t: inout NameTable, slot: Int64 = 16_000_000) -> [SimEvent] {
            let main = t.intern("main"), timer = t.intern("NSTimer#1")
            return [
                SimEvent(
                    instant: .zero, thread: main,
                    body: .timerAdd(
                        timer: timer, runLoop: t.intern("runloop(main)"),
                        mode: t.intern("default"))),
                SimEvent(
                    instant: SimInstant(nanoseconds: slot), thread: main,
                    body: .timerFire(timer: timer, slot: SimInstant(nanoseconds: slot), latency: .zero)),
            ]
        }
        func fold(_ events: [SimEvent], _ names: NameTable) -> String {
            var f = Fingerprint()
            for e in events { f.fold(e, names: names) }
            return f.hex
        }
        let reference = fold(events(&forward), forward)
        #expect(reference == fold(events(&backward), backward))
        #expect(reference != fold(events(&forward, slot: 16_000_001), forward))
        // Another string where one stood: another stream number.
        var other = NameTable()
        var renamed = events(&other)
        renamed[1].body = .timerFire(
            timer: other.intern("NSTimer#2"), slot: SimInstant(nanoseconds: 16_000_000),
            latency: .zero)
        #expect(reference != fold(renamed, other))
        // The same shape with every occurrence of a name renamed: the content counts where it is first met.
        var consistent = NameTable()
        let main = consistent.intern("main"), timer = consistent.intern("NSTimer#9")
        let same = [
            SimEvent(
                instant: .zero, thread: main,
                body: .timerAdd(
                    timer: timer, runLoop: consistent.intern("runloop(main)"),
                    mode: consistent.intern("default"))),
            SimEvent(
                instant: SimInstant(nanoseconds: 16_000_000), thread: main,
                body: .timerFire(timer: timer, slot: SimInstant(nanoseconds: 16_000_000), latency: .zero)),
        ]
        #expect(reference != fold(same, consistent))
        #expect(Fingerprint().hex.count == 16)
    }

    /// A line that is not an event names its line and what is wrong.
    @Test func aBadLineIsNamedByNumber() {
        let good = #"{"t":0,"seq":0,"thread":"kernel","ev":"run.end","quiescent":true}"#
        let cases: [(String, String)] = [
            (#"{"t":0,"seq":1,"thread":"kernel","ev":"run.end","quiescent":true}"#, "seq 1 where 1"),
            (#"{"t":0,"seq":1,"thread":"kernel","ev":"no.such","x":1}"#, "unknown event kind 'no.such'"),
            (#"{"t":0,"seq":1,"thread":"kernel","ev":"run.end"}"#, "no \"quiescent\""),
            (#"{"t":0,"seq":1,"thread":"kernel","ev":"run.end","quiescent":1}"#, "\"quiescent\" is not a boolean"),
            ("not json", "not JSON"),
        ]
        for (line, message) in cases.dropFirst() {
            #expect(throws: TraceFile.Failure.self) { try TraceFile(lines: [good, line]) }
            do {
                _ = try TraceFile(lines: [good, line])
            } catch {
                #expect(error.line == 2)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(throws: TraceFile.Failure.self) { try TraceFile(lines: [cases[0].0]) }
    }

    /// docs/scenario-format.md §12 documents every event kind with the keys its lines carry.
    @Test func theDocsListEveryEventKindWithItsKeys() throws {
        let docs = try String(
            contentsOf: ReportFixtures.root.appendingPathComponent("docs/scenario-format.md"),
            encoding: .utf8)
        let section = try #require(docs.range(of: "## 12. The trace")).upperBound
        var documented: [String: [String]] = [:]
        for line in docs[section...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            let kind = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            documented[kind] = cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `()"))
            }.filter { !$0.isEmpty }
        }
        for kind in EventKind.allCases {
            #expect(documented["\(kind.name)"] != nil, "docs/scenario-format.md §12 lacks `\(kind.name)`")
        }
        // The keys of every kind the scenarios produce.
        for path in Self.scenarioFiles {
            let (_, runs) = try ReportFixtures.runs(path)
            for run in runs {
                for event in run.outcome.eventLog {
                    let keys = event.body.jsonFields(run.outcome.names).keys.sorted()
                    let doc = documented["\(event.kind.name)"] ?? []
                    #expect(Set(keys).isSubset(of: Set(doc)), "\(event.kind.name): \(keys) vs docs \(doc)")
                }
            }
        }
    }
}
