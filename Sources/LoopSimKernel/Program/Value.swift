/// A value held by a local, a field, a capture or a timer slot.
///
/// Objects are reference-counted heap handles; run loops, threads and queues are kernel handles that
/// are not reference-counted (a `CFRunLoopRef` stored with `assign`, as the seeds do).
///
/// A string is boxed (`indirect`): strings are rare values (a run loop's result), and unboxed their 16 bytes made
/// every value, slot and local 24 bytes apart instead of 16 (memory per timer, BENCHMARKS.md).
public enum Value: Hashable, Sendable {
    case null
    case int(Int)
    case bool(Bool)
    indirect case string(String)
    case object(ObjectID)
    case runLoop(Int)
    case thread(Int)
    /// A time value: Swift's `TimeInterval` (a `Double` of seconds), `DispatchTimeInterval` or `Duration`, held in
    /// the kernel's clock unit, integer nanoseconds (fixed-point seconds with nine decimals; docs/scenario-format.md
    /// §6, "Durations as values"). Arithmetic on it is exact where the result is a whole number of nanoseconds and
    /// truncates toward zero otherwise, as Dispatch converts a `Double` of seconds (``DurationArithmetic``).
    case duration(SimDuration)
    /// A Swift array (`[Timer]`, `[String]`, `[Child]`): its elements in order, none of them an array. A value
    /// type whose buffer holds strong references (The Swift Programming Language, "Collection Types"): the place
    /// that holds it retains each object element, so storing a copy into a second place retains the elements again
    /// (docs/fidelity.md, "Arrays"). Boxed (`indirect`), as a string is, to keep a value 9 bytes.
    indirect case array([Value])

    /// The object handle, if this is an object.
    public var object: ObjectID? {
        if case .object(let id) = self { return id }
        return nil
    }

    /// Calls `body` with each object this value holds a reference to: itself, or an array's object elements.
    @inline(__always)
    public func forEachObject(_ body: (ObjectID) -> Void) {
        switch self {
        case .object(let id): body(id)
        case .array(let elements): for case .object(let id) in elements { body(id) }
        default: break
        }
    }

    /// The objects this value holds, with the edge name each is held by: `name` for an object, `name[i]` for an
    /// array's element `i` (the retain paths name the array edge, `timers[2]`).
    public func objectEdges(_ name: String) -> [(String, ObjectID)] {
        switch self {
        case .object(let id): return [(name, id)]
        case .array(let elements):
            return elements.enumerated().compactMap { i, v in v.object.map { ("\(name)[\(i)]", $0) } }
        default: return []
        }
    }
}

/// How a slot holds an object.
public enum Strength: String, Sendable, Hashable {
    /// Retains the object (ARC `strong`, a block's default capture).
    case strong
    /// Zeroing weak: reads nil once the object starts deallocating.
    case weak
    /// Swift's unsafe unowned reference / ObjC's `assign`: neither retains nor zeroes; using it after dealloc crashes.
    case unretained
}
