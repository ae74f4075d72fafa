// swift-format-ignore-file
// (the runtime is Swift source in string literals, kept as it is written).
extension GeneratedRuntime {
    /// The base class of a scenario class declared `superclass: Operation`, and `finishOperation:` for it and
    /// for `LSAsyncOperation`.
    static let operations = #"""
// ─── Operation subclasses ──────────────────────────────────────────────────────────────────────────

/// Base class of the instances of a scenario class that subclasses `Operation`: an `LSObject` (name, fields,
/// registry) that a queue runs. A subclass that overrides `start()` keeps its own `isExecuting`/`isFinished`
/// (`lsOwnsState`), set by `lsBeginExecuting()` and by `finish()` with their KVO notifications.
class LSOperationInstance: Operation, LSObject, @unchecked Sendable {
    let lsName: String
    private let lsLock = NSLock()
    private var lsExecuting = false
    private var lsFinished = false
    /// Its overridden `start()` was called (the queue started it, cancelled or not).
    private var lsStarted = false
    /// Whether the subclass overrides `start()` and so answers `isExecuting` and `isFinished` itself.
    var lsOwnsState: Bool { false }
    init(className: String, label: String) {
        lsName = "\(className) \(label)"
        super.init()
        LS.register(self)
    }
    func lsGet(_ index: Int) -> LSValue { .null }
    func lsSet(_ index: Int, _ value: LSValue) {}
    func lsInit() {}
    override var isExecuting: Bool {
        guard lsOwnsState else { return super.isExecuting }
        lsLock.lock(); defer { lsLock.unlock() }; return lsExecuting
    }
    override var isFinished: Bool {
        guard lsOwnsState else { return super.isFinished }
        lsLock.lock(); defer { lsLock.unlock() }; return lsFinished
    }
    /// An overridden `start()` begins: `isExecuting` true (with its KVO notification) unless cancelled.
    func lsBeginExecuting() {
        lsLock.lock(); lsStarted = true; lsLock.unlock()
        if isCancelled { return }
        willChangeValue(forKey: "isExecuting")
        lsLock.lock(); lsExecuting = true; lsLock.unlock()
        didChangeValue(forKey: "isExecuting")
    }
    /// `isExecuting = false; isFinished = true`, each with its KVO notification: the queue finishes it.
    func finish() {
        guard lsOwnsState else { return }
        lsLock.lock()
        let done = lsFinished || !lsStarted
        lsLock.unlock()
        if done { return }  // as the model: finishing one not started, or finished, does nothing
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        lsLock.lock(); lsExecuting = false; lsFinished = true; lsLock.unlock()
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
    }
}

extension LS {
    /// A `QualityOfService` as the scenario names it.
    static func qosName(_ qos: QualityOfService) -> LSValue {
        switch qos {
        case .userInteractive: return .string("userInteractive")
        case .userInitiated: return .string("userInitiated")
        case .utility: return .string("utility")
        case .background: return .string("background")
        default: return .string("default")
        }
    }

    /// `finishOperation:` on an asynchronous `operation:` or on an `Operation` subclass's instance.
    static func finishOperation(_ v: LSValue) {
        if let o = obj(v) as? LSAsyncOperation { o.finish() }
        if let o = obj(v) as? LSOperationInstance { o.finish() }
    }
}
"""#
}
