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
    /// A dispatch queue made at run time (``Expr/newQueue(label:width:)``), by its index among the kernel's
    /// queues (``QueueRef/serial(_:)``): a kernel handle like a thread, not reference-counted.
    case queue(Int)
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
    /// A Swift dictionary (`[String: Timer]`, `[Int: Int]`): its entries in the order their keys were first
    /// stored (``DictionaryEntries``). A value type whose storage holds strong references, as an array's: the place
    /// that holds it retains each object value (docs/fidelity.md, "Dictionaries").
    indirect case dictionary(DictionaryEntries)

    /// The object handle, if this is an object.
    public var object: ObjectID? {
        if case .object(let id) = self { return id }
        return nil
    }

    /// The values a collection holds, which its place retains: an array's elements, a dictionary's values (its
    /// keys are never objects); nil for any other value.
    @inline(__always)
    public var heldElements: [Value]? {
        switch self {
        case .array(let elements): elements
        case .dictionary(let entries): entries.values
        default: nil
        }
    }

    /// Calls `body` with each object this value holds a reference to: itself, or a collection's object elements.
    @inline(__always)
    public func forEachObject(_ body: (ObjectID) -> Void) {
        switch self {
        case .object(let id): body(id)
        case .array(let elements): for case .object(let id) in elements { body(id) }
        case .dictionary(let entries): for case .object(let id) in entries.values { body(id) }
        default: break
        }
    }

    /// The objects this value holds, with the edge name each is held by: `name` for an object, `name[i]` for an
    /// array's element `i` (the retain paths name the array edge, `timers[2]`), `name[key]` for a dictionary's
    /// value (`timers["poll"]`).
    public func objectEdges(_ name: String) -> [(String, ObjectID)] {
        switch self {
        case .object(let id): return [(name, id)]
        case .array, .dictionary:
            let elements = heldElements ?? []
            return elements.indices.compactMap { i in elements[i].object.map { (elementEdgeName(name, i), $0) } }
        default: return []
        }
    }

    /// The edge name of element `i` of the collection this value is, held by a place named `name`: `name[i]` for
    /// an array, `name[key]` for a dictionary, its key written as Swift's debug description writes it
    /// (`timers["poll"]`, `observers[3]`).
    public func elementEdgeName(_ name: String, _ i: Int) -> String {
        guard case .dictionary(let entries) = self, entries.keys.indices.contains(i) else { return "\(name)[\(i)]" }
        let key = entries.keys[i]
        if case .string(let s) = key { return "\(name)[\"\(s)\"]" }
        switch key {
        case .int(let n): return "\(name)[\(n)]"
        case .bool(let b): return "\(name)[\(b)]"
        default: return "\(name)[?]"
        }
    }
}

/// A dictionary's entries: its keys (integers, strings or Booleans, never objects) and the value under each, in the
/// order the keys were first stored. Storing under a key already present replaces its value in place; removing a
/// key drops its entry. Swift's own order is unspecified ("The order of key-value pairs in a dictionary is stable
/// between mutations but is otherwise unpredictable", Apple, Dictionary): the model's insertion order is its
/// deterministic stand-in, and the compilers refuse what would print it (docs/fidelity.md, "Dictionaries").
public struct DictionaryEntries: Hashable, Sendable {
    public var keys: [Value] = []
    public var values: [Value] = []

    public init(keys: [Value] = [], values: [Value] = []) {
        self.keys = keys
        self.values = values
    }

    /// The position of `key`'s entry, if it has one.
    public func index(of key: Value) -> Int? { keys.firstIndex(of: key) }

    /// The value under `key`; nil (``Value/null``) when it has none, as Swift's subscript reads an absent key.
    public subscript(key: Value) -> Value { index(of: key).map { values[$0] } ?? .null }
}

/// How a slot holds an object.
public enum Strength: String, Sendable, Hashable {
    /// Retains the object (ARC `strong`, a block's default capture).
    case strong
    /// Zeroing weak: reads nil once the object starts deallocating.
    case weak
    /// Swift's unsafe unowned reference / ObjC's `assign`: neither retains nor zeroes; using it after dealloc crashes.
    case unretained
    /// Swift's (safe) `unowned`: neither retains nor zeroes, as `unretained`; reading it once its object is
    /// deallocated traps with the Swift runtime's fatal error (``Objects/unownedReadFault(_:)``).
    case unowned
}
