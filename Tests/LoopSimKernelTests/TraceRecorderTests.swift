import Testing
@testable import LoopSimKernel

/// The two ways of recording an event (an array of keys and values, and fields written straight into the line)
/// must give the same bytes, and the cached `{"t":..,"seq":` prefix must follow the instant and the sequence
/// number across every carry (9 -> 10, 99 -> 100, 999 -> 1000).
@Suite struct TraceRecorderTests {
    /// Records `count` events alternating between the two forms, at instants that repeat, jump and go to
    /// `never`, and returns the kept lines.
    static func lines(count: Int, direct: Bool) -> [String] {
        var recorder = TraceRecorder(keepsLines: true)
        for i in 0..<count {
            let instant = i % 17 == 16 ? SimInstant.never : SimInstant(nanoseconds: Int64(i / 3) * 1_000_003)
            let thread = i % 5 == 0 ? "worker \"1\"" : "main"
            let name = i % 7 == 0 ? "NSTimer timer\n\\x" : "block#\(i)"
            if direct {
                recorder.record(at: instant, thread: thread, event: "timer.fire") {
                    $0.field("timer", name)
                    $0.field("slot", instant)
                    $0.field("latency_ns", Int64(-i))
                    $0.field("stale", i % 2 == 0)
                    $0.beginArray("ports")
                    $0.element("wake-up", first: true)
                    $0.element("timer@", Int64(i))
                    $0.element("main-queue")
                    $0.endArray()
                }
            } else {
                recorder.record(at: instant, thread: thread, event: "timer.fire", [
                    ("timer", .string(name)), ("slot", .instant(instant)), ("latency_ns", .int(Int64(-i))),
                    ("stale", .bool(i % 2 == 0)), ("ports", .strings(["wake-up", "timer@\(i)", "main-queue"])),
                ])
            }
        }
        return recorder.lines
    }

    @Test func directFieldsWriteTheSameBytesAsFieldArrays() {
        let direct = Self.lines(count: 1_200, direct: true)
        let array = Self.lines(count: 1_200, direct: false)
        #expect(direct == array)
        #expect(direct[0] == #"{"t":0,"seq":0,"thread":"worker \"1\"","ev":"timer.fire","timer":"NSTimer timer\n\\x","#
            + #""slot":0,"latency_ns":0,"stale":true,"ports":["wake-up","timer@0","main-queue"]}"#)
        #expect(direct[16].hasPrefix(#"{"t":9223372036854775807,"seq":16,"#))  // `t` is always an integer
        #expect(direct[16].contains(#""slot":null"#))
    }

    @Test(arguments: [9, 10, 99, 100, 999, 1_000, 1_199])
    func sequenceNumbersCountUpAcrossCarries(seq: Int) {
        let lines = Self.lines(count: 1_200, direct: true)
        #expect(lines[seq].contains(#","seq":\#(seq),"thread":"#))
    }

    @Test func mixedFormsShareOneSequence() {
        var recorder = TraceRecorder(keepsLines: true)
        for i in 0..<25 {
            if i % 2 == 0 {
                recorder.record(at: .zero, thread: "main", event: "a") { $0.field("i", Int64(i)) }
            } else {
                recorder.record(at: .zero, thread: "main", event: "a", [("i", .int(Int64(i)))])
            }
        }
        #expect(recorder.count == 25)
        #expect(recorder.lines.enumerated().allSatisfy { i, line in line == #"{"t":0,"seq":\#(i),"thread":"main","ev":"a","i":\#(i)}"# })
    }

    /// The kernel's threads, run loops and modes hand their names over quoted once (`QuotedName`): a line
    /// written with them has the bytes of one written with the names as strings, escapes included.
    @Test(arguments: ["main", "worker \"1\"", "NSTimer timer\n\\x", "tab\there é \u{1}", ""])
    func quotedNamesWriteTheSameBytesAsStrings(name: String) {
        let quoted = QuotedName.allocate(name)
        defer { quoted.free() }
        var viaStrings = TraceRecorder(keepsLines: true)
        var viaQuoted = TraceRecorder(keepsLines: true)
        for i in 0..<3 {
            let at = SimInstant(nanoseconds: Int64(i))
            viaStrings.record(at: at, thread: name, event: "port.arm") { $0.field("mode", name) }
            viaQuoted.record(at: at, thread: quoted, event: "port.arm") { $0.field("mode", quoted) }
            viaStrings.record(at: at, thread: name, event: "rl.run", [("mode", .string(name))])
            [("mode", TraceValue.string(name))].withUnsafeBufferPointer {
                viaQuoted.record(at: at, thread: quoted, event: "rl.run", $0)
            }
        }
        #expect(viaQuoted.lines == viaStrings.lines)
        #expect(viaQuoted.hash == viaStrings.hash)
        #expect(QuotedName.kernel.literal == #""kernel""#)
    }

    /// Lines are hashed a chunk at a time: 40 lines stay in one chunk, 3,000 cross many chunk boundaries.
    @Test(arguments: [40, 3_000])
    func hashIsTheHashOfTheKeptLines(count: Int) {
        var recorder = TraceRecorder(keepsLines: true)
        for i in 0..<count {
            recorder.record(at: SimInstant(nanoseconds: Int64(i)), thread: "main", event: "e") { $0.field("k", "v\(i)") }
        }
        var hasher = TraceHasher()
        for line in recorder.lines { hasher.combine(line: line) }
        #expect(recorder.hash == hasher.hexDigest)
    }
}

/// The word-at-a-time escape scan against the byte-at-a-time definition.
@Suite struct TraceEscapeScanTests {
    /// Every byte value at every position of strings of 1 to 20 bytes (the eight-byte words and the tail),
    /// padded with a clean byte and with a byte past ASCII.
    @Test(arguments: [UInt8(ascii: "a"), 0xC3])
    func wordScanAgreesWithTheByteTest(filler: UInt8) {
        for length in 1...20 {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: length)
                    bytes[position] = UInt8(value)
                    let expected = bytes.contains(where: LoopSimKernel.TraceLine.needsEscape)
                    let found = bytes.withUnsafeBufferPointer { LoopSimKernel.TraceLine.containsEscape($0) }
                    if found != expected {
                        Issue.record("byte \(value) at \(position) of \(length): scan says \(found)")
                        return
                    }
                }
            }
        }
    }

    @Test func escapedStringsMatchJSON() {
        var recorder = TraceRecorder(keepsLines: true)
        recorder.record(at: .zero, thread: "main", event: "e") { $0.field("s", "tab\there \"quoted\" back\\slash \u{1}\u{1F} é") }
        #expect(recorder.lines[0].hasSuffix(#""s":"tab\there \"quoted\" back\\slash \u0001\u001f é"}"#))
    }
}

/// Integers in the trace against Swift's own decimal formatting: every power of ten and its neighbours (where
/// the digit count changes), both signs, and the extremes.
@Suite struct TraceIntegerTests {
    static let values: [Int64] = {
        var values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 101, .max, .max - 1, .min, .min + 1, 16_666_667, 33_517_334]
        var power: Int64 = 10
        for _ in 1...18 {
            values += [power - 1, power, power + 1, power * 2 - 1]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        return values + values.map { $0 == .min ? .max : -$0 }
    }()

    @Test func integersMatchSwiftsDecimalForm() {
        let line = LoopSimKernel.TraceLine()
        for value in Self.values {
            line.reset()
            line.int(value)
            #expect(line.string() == String(value), "\(value)")
        }
    }

    @Test func digitCountsMatchTheDecimalForm() {
        for value in Self.values where value.magnitude >= 10 {
            #expect(LoopSimKernel.TraceLine.digitCount(value.magnitude) == String(value.magnitude).count, "\(value)")
        }
        #expect(LoopSimKernel.TraceLine.digitCount(.max) == 20)
    }
}
