/// Swift arrays in the program model (docs/scenario-format.md §7.1, "Arrays"; docs/fidelity.md, "Arrays"): an
/// array is a ``Value/array(_:)`` held by a field or a local, whose object elements that place retains.

/// What an array expression reads.
public enum ArrayProperty: String, Sendable, CaseIterable {
    /// `a.count`: an integer.
    case count
    /// `a.isEmpty`: a boolean.
    case isEmpty
    /// `a.first`, `a.last`: the element, nil for an empty array (Swift's `Optional`).
    case first, last
}

/// The most elements an array holds in a run: a retain path names element `i` of a field in the same 32-bit edge
/// as the field (``LeakAnalysis/forEachEdge(of:_:)``). Growing past it crashes the run saying so.
public let maxArrayCount = 32767

/// What ``ArrayStep`` does to the array in its place.
public enum ArrayOperation: Sendable {
    /// `a.append(x)`.
    case append(Expr)
    /// `a.append(contentsOf: b)`, `a += b`: `b`'s elements, in order (`b` is evaluated first, so `a += a`
    /// doubles `a`, as Swift's value semantics do).
    case appendContents(Expr)
    /// `a.removeAll()`: every element released, in order; the array is empty.
    case removeAll
    /// `a.removeFirst()`, `a.removeLast()`: trap on an empty array, as the standard library's preconditions do.
    case removeFirst, removeLast
    /// `a.remove(at: i)`: traps when `i` is outside the array.
    case removeAt(Expr)
    /// `a[i] = x`: the element at `i` replaced by `x` (retained), the old one released; traps when `i` is outside
    /// the array, as the standard library's subscript does.
    case replaceAt(Expr, Expr)
}

/// `append:`, `removeAll:`, `removeFirst:`, `removeLast:`, `removeAt:`, `replaceAt:` on an array place (a field or a local):
/// reads the array, changes it, and stores it back, retaining what it adds and releasing what it removes, so
/// the place's strong references are always its elements. A place that holds nil (a field of a freed or nil
/// object: a message to nil) does nothing.
public struct ArrayStep: ExecutableStep {
    public var verb: String {
        switch operation {
        case .append, .appendContents: "append"
        case .removeAll: "removeAll"
        case .removeFirst: "removeFirst"
        case .removeLast: "removeLast"
        case .removeAt: "removeAt"
        case .replaceAt: "replaceAt"
        }
    }
    public var place: LValue
    public var operation: ArrayOperation

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        // The argument first, as Swift evaluates a call's arguments before the mutating access begins.
        var added: [Value] = []
        var index = 0
        switch operation {
        case .append(let e): added = [try c.value(e)]
        case .appendContents(let e):
            let value = try c.value(e)
            guard case .array(let elements) = value else {
                throw RuntimeFault("append(contentsOf:) of a value that is not an array")
            }
            added = elements
        case .removeAt(let e):
            guard case .int(let i) = try c.value(e) else { throw RuntimeFault("remove(at:) takes an integer index") }
            index = i
        case .replaceAt(let i, let e):
            // Swift evaluates the subscript's index, then the value assigned (left to right).
            guard case .int(let at) = try c.value(i) else { throw RuntimeFault("a[i] takes an integer index") }
            index = at
            added = [try c.value(e)]
        default: break
        }
        guard let (holder, slot) = try place.location(c) else { return .next }  // a field of nil: a message to nil
        let current: Value
        if let holder { current = k.objects.readSlot(holder, slot) } else { current = c.frame.env.locals[slot] }
        guard case .array(var elements) = current else {
            throw RuntimeFault("\(verb) on a value that is not an array")
        }
        var removed: [Value] = []
        switch operation {
        case .append, .appendContents:
            guard elements.count + added.count <= maxArrayCount else {
                throw RuntimeFault(
                    "an array of more than \(maxArrayCount) elements: LoopSim models arrays of at most "
                        + "\(maxArrayCount) (docs/fidelity.md, \"Arrays\")")
            }
            for value in added { try k.objects.requireRetainable(value) }
            k.objects.retainElements(added)
            elements += added
        case .removeAll:
            removed = elements
            elements = []
        case .removeFirst:
            guard !elements.isEmpty else {
                throw RuntimeFault("Fatal error: Can't remove first element from an empty collection")
            }
            removed = [elements.removeFirst()]
        case .removeLast:
            guard !elements.isEmpty else {
                throw RuntimeFault("Fatal error: Can't remove last element from an empty collection")
            }
            removed = [elements.removeLast()]
        case .removeAt:
            guard elements.indices.contains(index) else { throw RuntimeFault("Fatal error: Index out of range") }
            removed = [elements.remove(at: index)]
        case .replaceAt:
            guard elements.indices.contains(index) else { throw RuntimeFault("Fatal error: Index out of range") }
            for value in added { try k.objects.requireRetainable(value) }
            k.objects.retainElements(added)
            removed = [elements[index]]
            elements[index] = added[0]
        }
        // Stored back without a second retain or release of the elements that stay: the place's references are
        // moved, not copied.
        if let holder, let o = k.heap.object(holder) {
            o[slot: slot] = .array(elements)
            // The change passes no values for an array mutation (a handler reading `change.newValue` of an array
            // property reads nil): the model binds no array-typed block parameters.
            if k.keyValueObserving.isObserving {
                k.keyValueObserving.didChange(o, slot, from: .null, to: .null, on: c.thread)
            }
        } else {
            c.frame.env.locals[slot] = .array(elements)
        }
        k.objects.dropElements(removed, because: "removed from an array", on: c.thread)
        return .next
    }
}

extension LValue {
    /// The object and slot of a field place, or nil and the local's index; nil for a field of nil (a collection
    /// step's place: ``ArrayStep``, ``DictionaryStep``).
    func location(_ c: StepContext) throws(RuntimeFault) -> (ObjectID?, Int)? {
        switch self {
        case .local(let i): return (nil, i)
        case .field(let base, let index):
            guard let o = try c.object(base, expecting: "an object") else { return nil }
            return (o.id, index)
        }
    }
}
