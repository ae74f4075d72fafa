/// `QualityOfService`: the levels an operation or an operation queue may be given (`setQualityOfService:`), as a
/// scenario names them, and the queue priority swift-corelibs-foundation derives from one.
public enum OperationQualityOfService: String, Sendable, CaseIterable {
    case userInteractive, userInitiated, utility, background
    case `default`

    /// The priority list an operation without a `queuePriority` of its own enters on a queue whose
    /// `maxConcurrentOperationCount` is not 1 (corelibs `_addOperations`: `.userInteractive` → `veryHigh`,
    /// `.userInitiated` → `high`, `.utility` → `low`, `.background` → `veryLow`, `.default` → `normal`;
    /// measured on this machine's Foundation: conformance c148).
    public var priority: OperationPriority {
        switch self {
        case .userInteractive: .veryHigh
        case .userInitiated: .high
        case .utility: .low
        case .background: .veryLow
        case .default: .normal
        }
    }
}

/// A property of an `NSOperationQueue` that `queueProperty:` stores into a place (docs/scenario-format.md §7.11).
public enum OperationQueueProperty: String, Sendable, CaseIterable {
    /// `isSuspended` (a bool): false for `OperationQueue.main`, whose setter corelibs ignores.
    case isSuspended
    /// `name` (a string): a declared queue's name; `NSOperationQueue Main Queue` for the main queue.
    case name
    /// `qualityOfService` (a string): `default` until set; `userInteractive` for the main queue.
    case qualityOfService
    /// `maxConcurrentOperationCount` (an int): -1 for the default.
    case maxConcurrentOperationCount

    /// Whether the property is read as a string (else a bool or an int).
    public var isString: Bool { self == .name || self == .qualityOfService }
}
