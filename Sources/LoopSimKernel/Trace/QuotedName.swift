/// A name that recurs in trace lines (a thread's, a run loop's, a mode's), as the JSON string literal the lines
/// print, escaped once when its owner is made. A line copies its bytes and touches no `String`: no retain and
/// release of the name's storage, no comparison with a cache, no scan for characters to escape (the three were
/// about 7 % of a timer fire, BENCHMARKS.md).
///
/// A plain pair of pointer and length, so reading it from its owner retains nothing. The owner (``SimThread``,
/// ``SimRunLoop``, ``RunLoopMode``) frees it in its `deinit`; a copy is valid while the owner lives.
struct QuotedName {
    let bytes: UnsafePointer<UInt8>
    let count: Int

    /// `name` as a JSON string literal, in a new allocation that ``free()`` releases.
    static func allocate(_ name: String) -> QuotedName {
        let line = TraceLine()
        line.quoted(name)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: line.count)
        bytes.initialize(from: line.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: line.count)
        return QuotedName(bytes: bytes, count: line.count)
    }

    /// `"kernel"`: the thread of the kernel's own events (static storage, nothing to free).
    static var kernel: QuotedName {
        let literal: StaticString = "\"kernel\""
        return QuotedName(bytes: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Releases a name made by ``allocate(_:)``.
    func free() { UnsafeMutablePointer(mutating: bytes).deallocate() }

    /// The name as the line prints it, quotes and escapes included (for tests).
    var literal: String { String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) }
}
