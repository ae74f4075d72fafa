/// A run-time failure of the modelled app: what would crash it on a device.
public struct RuntimeFault: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }

    /// The crash of an API that swift-corelibs-foundation does not have (the `linux-corelibs` variant's profile
    /// says which: `selectorTimerAPI`, `performSelectorAPI`, `machPortAPI`, `selectorObserverRef`): "`api` does not
    /// exist in swift-corelibs-foundation (`why`): `instead`", one wording for every such step.
    /// - Parameters:
    ///   - api: the call as the app wrote it, e.g. `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`.
    ///   - why: why it is missing (no Objective-C runtime; corelibs' own words), or nil.
    ///   - instead: what to use on Linux.
    public static func missingInCorelibs(_ api: String, why: String? = nil, instead: String) -> RuntimeFault {
        RuntimeFault("\(api) does not exist in swift-corelibs-foundation\(why.map { " (\($0))" } ?? ""): \(instead)")
    }

    /// The reason of the APIs that need the Objective-C runtime.
    public static let noSelectors = "no Objective-C runtime, no selectors"
}

extension Interpreter {
    /// The queue `value` is (``QueueRef/value(_:)``'s expression evaluated), as a declared queue's reference; a
    /// fault for nil or a value that is not a queue.
    static func queue(_ value: Value) throws(RuntimeFault) -> QueueRef {
        guard case .queue(let index) = value else {
            throw RuntimeFault("a dispatch call on a queue that is nil or not a queue (EXC_BAD_ACCESS)")
        }
        return .serial(index)
    }

    /// Evaluates `expr`; `new` and block literals yield a fresh +1 reference (`owned == true`) that the
    /// caller must store or release.
    func evaluateOwned(_ expr: Expr, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) throws(RuntimeFault)
        -> (Value, Bool)
    {
        switch expr {
        case .new(let classIndex, let label):
            let id = k.objects.allocateInstance(classIndex: classIndex, label: label, on: thread)
            if let overrides = k.program.classes[classIndex].operation {
                k.operations.adopt(id, classIndex: classIndex, overrides: overrides)
            }
            return (.object(id), true)
        case .block(let templateIndex):
            return (.object(try k.objects.allocateBlock(templateIndex: templateIndex, in: frame, on: thread, k)), true)
        case .newSemaphore(let value):
            let o = k.objects.allocate(
                kind: .semaphore, className: "dispatch_semaphore", label: nil, slotNames: [],
                slotStrengths: [], slots: [], isDeclaredRoot: false, at: k.now, on: thread.name)
            o.semaphore = SemaphoreState(value: value)
            return (.object(o.id), true)
        case .newGroup:
            let o = k.objects.allocate(
                kind: .semaphore, className: "dispatch_group", label: nil, slotNames: [],
                slotStrengths: [], slots: [], isDeclaredRoot: false, at: k.now, on: thread.name)
            o.semaphore = SemaphoreState(value: 0, isGroup: true)
            return (.object(o.id), true)
        default:
            return (try evaluate(expr, in: frame, on: thread, k), false)
        }
    }

    /// Evaluates `expr` to a borrowed value. Messaging nil yields nil; messaging a freed object is a fault.
    func evaluate(_ expr: Expr, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) throws(RuntimeFault) -> Value
    {
        switch expr {
        case .literal(let v):
            return v
        case .path(let root, let fields):
            var value: Value
            switch root {
            case .local(let i): value = frame.env.locals[i]
            case .capture(let i):
                guard let block = frame.env.block else { throw RuntimeFault("capture read outside a block") }
                value = try k.objects.readSlotChecked(block, i)
            case .selfObject: value = frame.env.selfValue
            case .shared(let classIndex): value = .object(k.objects.sharedInstance(classIndex: classIndex, on: thread))
            }
            for field in fields {
                switch value {
                case .null:
                    return .null
                case .object(let id):
                    guard k.heap.object(id) != nil else { throw k.objects.deallocatedMessage(id) }
                    value = try k.objects.readSlotChecked(id, field)
                default:
                    throw RuntimeFault("field access on a value that is not an object")
                }
            }
            return value
        case .field(let base, let field):
            switch try evaluate(base, in: frame, on: thread, k) {
            case .null:
                return .null
            case .object(let id):
                guard k.heap.object(id) != nil else { throw k.objects.deallocatedMessage(id) }
                return try k.objects.readSlotChecked(id, field)
            default:
                throw RuntimeFault("field access on a value that is not an object")
            }
        case .new, .block, .newSemaphore, .newGroup:
            // a +1 temporary: the frame holds it until the step's call ends (ProgramFrame.temporaries)
            let (value, _) = try evaluateOwned(expr, in: frame, on: thread, k)
            if case .object(let id) = value { frame.temporaries.append(id) }
            return value
        case .currentRunLoop:
            return .runLoop(k.runLoops.runLoop(for: thread).id)
        case .mainRunLoop:
            return .runLoop(k.runLoops.runLoop(for: k.threads[0]).id)
        case .compare(let lhs, let op, let rhs):
            let a = try evaluate(lhs, in: frame, on: thread, k)
            let b = try evaluate(rhs, in: frame, on: thread, k)
            return .bool(compare(a, op, b))
        case .not(let inner):
            return .bool(!isTruthy(try evaluate(inner, in: frame, on: thread, k)))
        case .logical(let lhs, let isAnd, let rhs):
            // Short-circuit: the right side runs only when the left leaves the answer open.
            let left = try condition(lhs, in: frame, on: thread, k)
            if left != isAnd { return .bool(left) }
            return .bool(try condition(rhs, in: frame, on: thread, k))
        case .iosVersion:
            return .int(k.profile.iosVersion)
        case .coalesce(let lhs, let rhs):
            let left = try evaluate(lhs, in: frame, on: thread, k)
            if case .null = left { return try evaluate(rhs, in: frame, on: thread, k) }
            return left
        case .taskIsCancelled:
            return .bool(k.runningTask(on: thread).map { k.tasks.isCancelled($0) } ?? false)
        case .wallSeconds:
            return .int(Int(k.now.nanoseconds / 1_000_000_000))
        case .wallNow:
            return .duration(SimDuration(nanoseconds: k.now.nanoseconds))
        case .uptimeNow:
            return .duration(k.app.monotonicNow(k.now))
        case .format(let pieces, let arguments):
            var text = ""
            var next = 0
            for piece in pieces {
                switch piece {
                case .text(let t):
                    text += t
                case .integer(let spec):
                    guard case .int(let n) = try evaluate(arguments[next], in: frame, on: thread, k) else {
                        throw RuntimeFault("format: `%\(spec.conversion)` takes an integer")
                    }
                    text += FormatPiece.write(n, spec)
                    next += 1
                case .floating(let spec):
                    // A `TimeInterval` is a duration: the `Double` nearest its seconds (the quotient of two exact
                    // doubles, rounded once), what the app's own `Double` holds when it was written in nanoseconds.
                    guard case .duration(let d) = try evaluate(arguments[next], in: frame, on: thread, k) else {
                        throw RuntimeFault("format: `%\(spec.conversion)` takes a TimeInterval (a duration)")
                    }
                    text += FormatPiece.write(Double(d.nanoseconds) / 1e9, spec)
                    next += 1
                case .string(let spec):
                    let value = try evaluate(arguments[next], in: frame, on: thread, k)
                    // `%@` of nil writes `(null)`, as Foundation's does.
                    if case .null = value {
                        text += FormatPiece.write("(null)", spec)
                    } else if case .string(let s) = value {
                        text += FormatPiece.write(s, spec)
                    } else {
                        throw RuntimeFault("format: `%@` takes a string")
                    }
                    next += 1
                }
            }
            return .string(text)
        case .wholeSeconds(let inner):
            switch try evaluate(inner, in: frame, on: thread, k) {
            case .duration(let d): return .int(Int(d.nanoseconds / 1_000_000_000))
            case .int(let n): return .int(n)
            default: throw RuntimeFault("int(…) takes a duration or an integer")
            }
        case .power(let base, let exponent):
            guard case .duration(let b) = try evaluate(base, in: frame, on: thread, k),
                case .int(let n) = try evaluate(exponent, in: frame, on: thread, k)
            else { throw RuntimeFault("pow(…) takes a duration and an integer exponent") }
            return .duration(try DurationArithmetic.power(b, n))
        case .timerProperty(let base, let property):
            guard let object = try liveObject(try evaluate(base, in: frame, on: thread, k), expecting: "a timer")
            else { return property == .userInfo ? .null : property.isBool ? .bool(false) : .int(0) }  // nil
            guard object.isTimer else {
                throw RuntimeFault("'\(property.rawValue)' read from a \(object.className), not a timer")
            }
            if property.isFrameTime { return try property.frameTime(of: object, now: k.now, app: k.app) }
            return property.value(of: object, k.profile)
        case .runLoopProperty(let base, let property):
            guard let loop = try k.runLoops.runLoop(named: try evaluate(base, in: frame, on: thread, k))
            else { return property.isString ? .null : .int(0) }  // a message to nil
            return property.value(of: loop)
        case .currentThread:
            return .thread(thread.id)
        case .mainThread:
            return .thread(0)
        case .threadProperty(let base, let property):
            guard case .thread(let id) = try evaluate(base, in: frame, on: thread, k) else {
                return property.isString ? .null : .bool(false)  // a message to nil
            }
            return property.value(of: k.threads[id], readOn: thread, k)
        case .uikitProperty(let base, let property):
            guard let object = try liveObject(try evaluate(base, in: frame, on: thread, k), expecting: "a UIKit object")
            else { return property.isObject ? .null : .int(0) }  // a message to nil
            return k.uikit.property(property, of: object.id)
        case .notificationProperty(let base, let property):
            guard let note = try notification(try evaluate(base, in: frame, on: thread, k), property.rawValue)
            else { return .null }  // a message to nil
            return k.objects.readSlot(note.id, property.slot)
        case .userInfoValue(let base, let key):
            guard let note = try notification(try evaluate(base, in: frame, on: thread, k), "userInfo"),
                let slot = NotificationSlots.userInfoSlot(key, in: note)
            else { return .null }
            return k.objects.readSlot(note.id, slot)
        case .cast(let inner, let type):
            let value = try evaluate(inner, in: frame, on: thread, k)
            return try type.admits(value, k) ? value : .null
        case .operationProperty(let base, let property):
            guard let object = try liveObject(try evaluate(base, in: frame, on: thread, k), expecting: "an operation")
            else { return .bool(false) }  // a message to nil
            if k.operations.isOperation(object) { return .bool(k.operations.property(property, of: object)) }
            if property == .isCancelled, let cancelled = k.dispatch.workItemIsCancelled(object) {
                return .bool(cancelled)
            }
            throw RuntimeFault("'\(property.rawValue)' read from a \(object.className), not an NSOperation")
        case .interpolation(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .text(let literal): text += literal
                case .value(let e): text += InterpolatedLogStep.describe(try evaluate(e, in: frame, on: thread, k))
                }
            }
            return .string(text)
        case .arrayLiteral(let elements):
            var values: [Value] = []
            for e in elements { values.append(try evaluate(e, in: frame, on: thread, k)) }
            return .array(values)
        case .arrayProperty(let base, let property):
            let elements = try array(base, in: frame, on: thread, k)
            switch property {
            case .count: return .int(elements.count)
            case .isEmpty: return .bool(elements.isEmpty)
            case .first: return elements.first.map(normalized) ?? .null
            case .last: return elements.last.map(normalized) ?? .null
            }
        case .arrayElement(let base, let indexExpr):
            let elements = try array(base, in: frame, on: thread, k)
            guard case .int(let i) = try evaluate(indexExpr, in: frame, on: thread, k) else {
                throw RuntimeFault("an array index is not an integer")
            }
            guard elements.indices.contains(i) else { throw RuntimeFault("Fatal error: Index out of range") }
            return elements[i]
        case .arrayContains(let base, let element):
            let elements = try array(base, in: frame, on: thread, k)
            let value = try evaluate(element, in: frame, on: thread, k)
            return .bool(elements.contains { compare($0, .equal, value) })
        case .stringCount(let base):
            switch try evaluate(base, in: frame, on: thread, k) {
            case .string(let s): return .int(s.count)
            case .null: return .int(0)
            default: throw RuntimeFault("count of a value that is not a string")
            }
        case .stringFunction(let base, let function, let argument):
            let value = try evaluate(base, in: frame, on: thread, k)
            var other: Value?
            if let argument { other = try evaluate(argument, in: frame, on: thread, k) }
            guard case .string(let s) = value else {
                if case .null = value { return function.takesArgument ? .bool(false) : .null }
                throw RuntimeFault("\(function.rawValue) of a value that is not a string")
            }
            switch (function, other) {
            case (.hasPrefix, .string(let p)?): return .bool(s.hasPrefix(p))
            case (.hasSuffix, .string(let p)?): return .bool(s.hasSuffix(p))
            case (.contains, .string(let p)?): return .bool(p.isEmpty || s.contains(p))
            case (.uppercased, _): return .string(s.uppercased())
            case (.lowercased, _): return .string(s.lowercased())
            case (.trimmingWhitespaces, _), (.trimmingWhitespacesAndNewlines, _): return .string(function.trimmed(s))
            // The standard library's own `String.debugDescription` (stdlib/public/core/StringDebugDescription…:
            // `\"`, `\\`, `\'`, `\n`, `\t`, `\r`, `\0`, `\u{1F}` escaped), which `print` uses for a String payload.
            case (.debugDescription, _): return .string(s.debugDescription)
            default: return .bool(false)  // a nil argument: a message with nil answers NO
            }
        case .sum(let base, let ofDurations):
            var total: Value = ofDurations ? .duration(.zero) : .int(0)
            for element in try array(base, in: frame, on: thread, k) {
                switch (total, element) {
                case (.int(let a), .int(let b)): total = .int(try Self.arithmetic(a, true, b))
                case (.duration(let a), .duration(let b)): total = .duration(try DurationArithmetic.add(a, true, b))
                default: throw RuntimeFault("sum() of an array that is not of integers or durations")
                }
            }
            return total
        case .sorted(let base):
            return .array(try Self.sorted(try array(base, in: frame, on: thread, k)))
        case .dictionaryLiteral(let keyExprs, let valueExprs):
            var entries = DictionaryEntries()
            for (keyExpr, valueExpr) in zip(keyExprs, valueExprs) {
                let key = try evaluate(keyExpr, in: frame, on: thread, k)
                guard entries.index(of: key) == nil else {
                    throw RuntimeFault("Fatal error: Dictionary literal contains duplicate keys")
                }
                entries.keys.append(key)
                entries.values.append(try evaluate(valueExpr, in: frame, on: thread, k))
            }
            return .dictionary(entries)
        case .dictionaryValue(let base, let keyExpr):
            let entries = try dictionary(base, in: frame, on: thread, k)
            return entries[try evaluate(keyExpr, in: frame, on: thread, k)]
        case .dictionaryView(let base, let isKeys):
            let entries = try dictionary(base, in: frame, on: thread, k)
            return .array(isKeys ? entries.keys : entries.values)
        case .currentOperationQueue:
            return k.operations.currentQueueName(on: thread).map { .string($0) } ?? .null
        case .newQueue(let label, let width):
            guard let index = k.dispatch.makeQueue(label: label, width: width) else {
                k.stopForLimit(
                    "max-queues",
                    "more than \(DispatchQueues.maxRuntimeQueues) dispatch queues made at run time "
                        + "(DispatchQueue(label:) in a loop, or in a class made over and over)")
                return .null
            }
            return .queue(index)
        case .arithmetic(let lhs, let isAddition, let rhs):
            switch (try evaluate(lhs, in: frame, on: thread, k), try evaluate(rhs, in: frame, on: thread, k)) {
            case (.int(let a), .int(let b)): return .int(try Self.arithmetic(a, isAddition, b))
            case (.duration(let a), .duration(let b)): return .duration(try DurationArithmetic.add(a, isAddition, b))
            default: throw RuntimeFault("+ and - take two integers or two durations")
            }
        case .product(let lhs, let op, let rhs):
            switch (try evaluate(lhs, in: frame, on: thread, k), try evaluate(rhs, in: frame, on: thread, k)) {
            case (.int(let a), .int(let b)): return .int(try op.apply(a, b))
            case (.duration(let a), .int(let b)): return .duration(try DurationArithmetic.apply(a, op, b))
            case (.int(let a), .duration(let b)) where op == .multiply:
                return .duration(try DurationArithmetic.apply(b, op, a))
            case (.duration(let a), .duration(let b)): return .duration(try DurationArithmetic.apply(a, op, b))
            default: throw RuntimeFault("\(op.rawValue) takes integers or durations")
            }
        }
    }

    /// The elements of the array `expr` yields (a dictionary's values, for `count` and `isEmpty`): none for nil (a
    /// field read through nil, as a message to nil).
    private func array(_ expr: Expr, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) throws(RuntimeFault)
        -> [Value]
    {
        switch try evaluate(expr, in: frame, on: thread, k) {
        case .array(let elements): return elements
        case .dictionary(let entries): return entries.values
        case .null: return []
        default: throw RuntimeFault("an array read from a value that is not an array")
        }
    }

    /// The entries of the dictionary `expr` yields: none for nil (a field read through nil).
    private func dictionary(_ expr: Expr, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel)
        throws(RuntimeFault) -> DictionaryEntries
    {
        switch try evaluate(expr, in: frame, on: thread, k) {
        case .dictionary(let entries): return entries
        case .null: return DictionaryEntries()
        default: throw RuntimeFault("a dictionary read from a value that is not a dictionary")
        }
    }

    /// `a.sorted()`: integers, durations or strings in ascending order; the compiler lets no other array through.
    static func sorted(_ elements: [Value]) throws(RuntimeFault) -> [Value] {
        var ints: [Int] = [], strings: [String] = [], durations: [SimDuration] = []
        for element in elements {
            switch element {
            case .int(let n): ints.append(n)
            case .string(let s): strings.append(s)
            case .duration(let d): durations.append(d)
            default: throw RuntimeFault("sorted() of an array that is not of integers, strings or durations")
            }
        }
        guard [ints.count, strings.count, durations.count].filter({ $0 > 0 }).count <= 1 else {
            throw RuntimeFault("sorted() of an array of mixed types")
        }
        // Strings by their Unicode scalars: Swift's `<` for the strings a scenario writes (no combining marks).
        return ints.sorted().map(Value.int)
            + strings.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map(Value.string)
            + durations.sorted().map(Value.duration)
    }

    /// Whether `expr` holds (an `if:` or `while:` condition): C's truthiness (``isTruthy(_:_:)``).
    func condition(
        _ expr: Expr, in frame: ProgramFrame, on thread: SimThread,
        _ k: Kernel
    ) throws(RuntimeFault) -> Bool {
        isTruthy(try evaluate(expr, in: frame, on: thread, k))
    }

    /// `expr`'s integer value; a fault naming `what` when it is not an integer (nil, a freed object's field).
    func integer(
        _ expr: Expr, _ what: String, in frame: ProgramFrame, on thread: SimThread,
        _ k: Kernel
    ) throws(RuntimeFault) -> Int {
        guard case .int(let n) = try evaluate(expr, in: frame, on: thread, k) else {
            throw RuntimeFault("\(what) is not an integer")
        }
        return n
    }

    func isTruthy(_ v: Value) -> Bool {
        switch v {
        case .null: false
        case .bool(let b): b
        case .int(let i): i != 0
        case .duration(let d): d != .zero
        default: true
        }
    }

    /// `x OP y` of two integers or two durations.
    private func ordered<T: Comparable>(_ x: T, _ op: CompareOperator, _ y: T) -> Bool {
        switch op {
        case .equal: x == y
        case .notEqual: x != y
        case .less: x < y
        case .lessOrEqual: x <= y
        case .greater: x > y
        case .greaterOrEqual: x >= y
        }
    }

    private func compare(_ a: Value, _ op: CompareOperator, _ b: Value) -> Bool {
        if case .int(let x) = a, case .int(let y) = b { return ordered(x, op, y) }
        if case .duration(let x) = a, case .duration(let y) = b { return ordered(x, op, y) }
        if case .string(let x) = a, case .string(let y) = b {
            // Swift's `String` comparison: canonical equivalence for `==`, and the order of the strings' Unicode
            // scalars after normalisation for `<` (the standard library's `String` `Comparable` conformance).
            switch op {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            }
        }
        let equal = normalized(a) == normalized(b)
        return op == .notEqual ? !equal : (op == .equal ? equal : false)
    }

    /// Weak-zeroed or freed objects compare equal to nil.
    private func normalized(_ v: Value) -> Value {
        if case .object(let id) = v, !objects.heap.isAlive(id) { return .null }
        return v
    }

    /// The fault of messaging a freed object through an unretained reference.
    /// The live object `value` names, or nil for nil; a fault for a freed object or a non-object.
    func liveObject(_ value: Value, expecting what: String) throws(RuntimeFault) -> HeapObject? {
        switch value {
        case .null: return nil
        case .object(let id):
            guard let o = objects.heap.object(id) else { throw objects.deallocatedMessage(id) }
            return o
        default: throw RuntimeFault("expected \(what), got a non-object value")
        }
    }

    /// The live notification `value` names, nil for nil; a fault for anything else (`what` is the property read).
    private func notification(_ value: Value, _ what: String) throws(RuntimeFault) -> HeapObject? {
        guard let o = try liveObject(value, expecting: "a notification") else { return nil }
        guard case .notification = o.kind else {
            throw RuntimeFault("'\(what)' read from a \(o.className), not a notification")
        }
        return o
    }

    /// Stores into an lvalue; returns the object whose strong reference was dropped, if any.
    @discardableResult
    func store(
        _ value: Value, owned: Bool, into lvalue: LValue, in frame: ProgramFrame,
        on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) -> ObjectID? {
        switch lvalue {
        case .local(let i):
            if !owned { try k.objects.requireRetainable(value) }  // locals are strong
            let old = frame.env.locals[i]
            frame.env.locals[i] = value
            if !owned, case .object(let id) = value { k.retain(id) }
            if let elements = value.heldElements { k.objects.retainElements(elements) }
            if let elements = old.heldElements {
                // `.null` ends a `for: x in ARRAY` loop's copy: its scope ends (ScenarioCompiler+Loops.swift).
                k.objects.dropElements(
                    elements, because: value == .null ? Objects.outOfScope : "reference overwritten", on: thread)
            }
            if case .object(let oldID) = old {
                k.release(oldID, on: thread)
                return oldID
            }
            return nil
        case .field(let base, let index):
            let target = try evaluate(base, in: frame, on: thread, k)
            guard let object = try liveObject(target, expecting: "an object") else {
                if owned, case .object(let id) = value { k.release(id, on: thread) }
                return nil  // storing into nil is a no-op, as messaging nil is
            }
            if !owned && object.slotStrengths[index] == .strong { try k.objects.requireRetainable(value) }
            return k.objects.writeSlot(object.id, index, value, owned: owned, on: thread, k)
        }
    }
}
