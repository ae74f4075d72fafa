/// A property of an `NSOperation` a scenario reads in an expression (`op.isCancelled`; docs/scenario-format.md §6).
/// Each is a boolean, as swift-corelibs-foundation's `Operation` answers it (Operation.swift lines 365-400 at
/// 761b621). `isCancelled` is also a `DispatchWorkItem`'s (`dispatch_block_testcancel`). `isAsynchronous` is the
/// operation's override (false for an `NSBlockOperation`; an `Operation` subclass's `isAsynchronous:`).
public enum OperationProperty: String, Sendable, CaseIterable {
    case isCancelled, isExecuting, isFinished, isReady, isAsynchronous
}

/// `Operation.QueuePriority`: the levels and their raw values (Foundation's `NSOperationQueuePriority`: -8, -4, 0,
/// 4, 8), as a scenario names them (`setQueuePriority: op` with `to: high`).
public enum OperationPriority: Int, Sendable, CaseIterable {
    case veryLow = -8, low = -4, normal = 0, high = 4, veryHigh = 8

    /// The priority corelibs gives a barrier block's operation (`QueuePriority.barrier`, 12): above `veryHigh`.
    static let barrier = 12

    /// The level corelibs' `queuePriority` setter stores for `value` (Operation.swift lines 541-556 at 761b621):
    /// the highest level at or below it, except that a value between `low` and `normal` (exclusive) becomes
    /// `normal` and one between `veryLow` and `low` becomes `low`.
    public static func level(of value: Int) -> OperationPriority {
        if value >= Self.veryHigh.rawValue { return .veryHigh }
        if value >= Self.high.rawValue { return .high }
        if value >= Self.normal.rawValue { return .normal }
        if value > Self.low.rawValue { return .normal }
        if value > Self.veryLow.rawValue { return .low }
        return .veryLow
    }

    /// The level named `name` (`veryLow`, `low`, `normal`, `high`, `veryHigh`), nil for any other name.
    public static func named(_ name: String) -> OperationPriority? {
        allCases.first { "\($0)" == name }
    }
}
