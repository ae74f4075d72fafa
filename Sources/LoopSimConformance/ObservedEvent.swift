import Foundation

/// One thing a conformance run can observe from outside the run loop, on LoopSim and on the real machine
/// alike.
///
/// | kind | detail | when |
/// | --- | --- | --- |
/// | `log` | the text | a `log:` step |
/// | `fire` | `NSTimer LABEL` (+ `slot`) | a run-loop fire of a timer; `slot` is the fire date it was due at |
/// | `fire.manual` | `NSTimer LABEL` | `fire:` ran the timer's action |
/// | `deinit` | `Class label` | an instance's dealloc began |
/// | `deliver` | the action's label | a `user:` action ran on the main thread |
/// | `return` | `ID VALUE` | run step `ID` (``RunMarkers``) returned: `true`/`false` for `runMode`, the CF result for `CFRunLoopRunInMode`, `-` otherwise |
/// | `loop.exit` | the CF result | the main thread's own loop (`UIApplicationMain`'s) returned, e.g. after `CFRunLoopStop` |
/// | `dsource` | `dispatch_source LABEL DATA` | a dispatch source's handler ran; `DATA` is `dispatch_source_get_data` |
/// | `sample` | `NAME VALUE` | a `sample:` step |
///
/// Instants are virtual nanoseconds from the start of the run: the generated program's real times are
/// divided by the scale before they get here.
public struct ObservedEvent: Sendable, Hashable, CustomStringConvertible {
    /// Virtual nanoseconds from the start.
    public var at: Int64
    /// `main`, a `thread:` name, or `pool` for any GCD worker (the kernel's `worker-N`).
    public var thread: String
    public var kind: String
    public var detail: String
    /// For `fire`: the slot (the fire date it was due at), virtual nanoseconds from the start.
    public var slot: Int64?

    public init(at: Int64, thread: String, kind: String, detail: String, slot: Int64? = nil) {
        self.at = at
        self.thread = thread
        self.kind = kind
        self.detail = detail
        self.slot = slot
    }

    /// What must match exactly: the thread, the kind and the detail (times are compared with a tolerance).
    public var key: String { "\(thread) \(kind) \(detail)" }

    public var description: String {
        let slotText = slot.map { " slot \(Self.milliseconds($0))" } ?? ""
        return "\(Self.milliseconds(at)) [\(thread)] \(kind) \(detail)\(slotText)"
    }

    /// `1234.5ms`.
    static func milliseconds(_ ns: Int64) -> String {
        let ms = Double(ns) / 1e6
        return ms == ms.rounded() ? "\(Int64(ms))ms" : String(format: "%.1fms", ms)
    }

    /// The kernel's thread name as a conformance thread: GCD workers are interchangeable.
    static func threadGroup(_ name: String) -> String {
        name.hasPrefix("worker-") ? "pool" : name
    }
}

/// What one run of a generated program printed: its events (converted to virtual time) and the instances
/// still alive at the horizon.
public struct RealRun: Sendable {
    public var events: [ObservedEvent]
    public var alive: [String]
    /// CF's own diagnostics the run printed (see ``CFDiagnostic``), in order of first appearance.
    public var diagnostics: [String] = []

    /// Decodes the program's JSON, dividing real nanoseconds by `scale` (real seconds per virtual second).
    /// - Throws: ``ConformanceError`` when the output is not the expected document.
    public init(json: Data, scale: Double) throws(ConformanceError) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let events = object["events"] as? [[String: Any]], let alive = object["alive"] as? [String]
        else {
            throw ConformanceError("the generated program did not print its events document")
        }
        func virtual(_ any: Any?) -> Int64? {
            guard let n = any as? NSNumber else { return nil }
            return Int64((n.doubleValue / scale).rounded())
        }
        self.events = events.map { e in
            ObservedEvent(
                at: virtual(e["t"]) ?? 0, thread: e["thread"] as? String ?? "?", kind: e["kind"] as? String ?? "?",
                detail: e["detail"] as? String ?? "", slot: virtual(e["slot"]))
        }
        self.alive = alive.sorted()
    }

    public init(events: [ObservedEvent], alive: [String], diagnostics: [String] = []) {
        self.events = events
        self.alive = alive.sorted()
        self.diagnostics = diagnostics
    }
}

/// The messages CF logs about misuse, recognised in a real run's standard error and in LoopSim's trace.
///
/// CF prints `invalid mode 'kCFRunLoopCommonModes' provided to CFRunLoopRunSpecific` (once per process) when
/// asked to run the common pseudo-mode; LoopSim traces `rl.invalid-mode` each time. They are compared as
/// sets of kinds, without times.
public enum CFDiagnostic {
    public static let invalidMode = "invalid-mode"

    /// The kinds of diagnostics in a real run's standard error.
    public static func kinds(inStandardError text: String) -> [String] {
        text.contains("provided to CFRunLoopRunSpecific") ? [invalidMode] : []
    }
}

/// A conformance run could not be carried out (translation, compilation, the program itself).
public struct ConformanceError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
