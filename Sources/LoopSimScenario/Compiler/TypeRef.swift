import LoopSimKernel

/// The static type of an expression, known at compile time so that `self.button.timer` resolves to indices.
indirect enum TypeRef: Equatable, Sendable, CustomStringConvertible {
    case object(classIndex: Int, name: String)
    case timer
    case runLoop
    /// An `NSThread` (`current thread`), a kernel handle like a run loop.
    case thread
    case source
    /// A `CFRunLoopObserver` (`addObserver:` with `into:`).
    case observer
    /// An `NSPort` (a port-based run-loop source) or a stream scheduled in a run loop.
    case port
    case block
    case dispatchSource
    case semaphore
    case group
    /// A dispatch queue made at run time (`dispatch_queue_create "label"`): a kernel handle like a thread, not an
    /// object (``Value/queue(_:)``).
    case queue
    /// An `NSNotification` (an observer's `notification:` parameter).
    case notification
    case int
    case bool
    case string
    /// A time value (Swift's `TimeInterval`, `DispatchTimeInterval`, `Duration`): ``Value/duration(_:)``.
    case duration
    case null
    /// An object of unknown class (`id`).
    case anyObject
    /// A Swift array of its element type (`[NSTimer]`, `[string]`); `[]` alone is an array of `nil` elements, which
    /// fits every array place (section 7.1, "Arrays").
    case array(TypeRef)
    /// A Swift dictionary of its key type (int, string or bool) and value type (`[string: NSTimer]`); `[:]` alone
    /// is a dictionary of `nil` keys and values, which fits every dictionary place (section 7.1.2, "Dictionaries").
    case dictionary(TypeRef, TypeRef)
    /// The stored properties of a Swift struct an `async` or actor method returns (`returns: (string, int)`), in
    /// order: one value, an array of them at run time, read back by a constant index (`r[1]`); or the parallel
    /// arrays of an array of structs a method returns (`returns: ([int], [string])`), one array of plain values per
    /// part. Never nil, never an object, never holding one (docs/scenario-format.md, "Methods that return several
    /// values").
    case record([TypeRef])

    var description: String {
        switch self {
        case .object(_, let name): name
        case .timer: "NSTimer"
        case .runLoop: "CFRunLoop"
        case .thread: "NSThread"
        case .source: "CFRunLoopSource"
        case .observer: "CFRunLoopObserver"
        case .port: "NSPort"
        case .block: "block"
        case .dispatchSource: "dispatch_source"
        case .semaphore: "dispatch_semaphore"
        case .group: "dispatch_group"
        case .queue: "dispatch_queue"
        case .notification: "NSNotification"
        case .int: "int"
        case .bool: "bool"
        case .string: "string"
        case .duration: "duration"
        case .null: "nil"
        case .anyObject: "id"
        case .array(let element): "[\(element)]"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        case .record(let parts): "(" + parts.map(\.description).joined(separator: ", ") + ")"
        }
    }

    var isObject: Bool {
        switch self {
        case .object, .timer, .source, .observer, .port, .block, .dispatchSource, .semaphore, .group, .notification,
            .anyObject, .null:
            true
        default: false
        }
    }
}
