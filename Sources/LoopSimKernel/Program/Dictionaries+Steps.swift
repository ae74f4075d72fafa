/// Swift dictionaries in the program model (docs/scenario-format.md §7.1.2, "Dictionaries"; docs/fidelity.md,
/// "Dictionaries"): a dictionary is a ``Value/dictionary(_:)`` held by a field or a local, whose object values that
/// place retains, as an array's elements.

/// What ``DictionaryStep`` does to the dictionary in its place.
public enum DictionaryOperation: Sendable {
    /// `d[k] = v`, `d.updateValue(v, forKey: k)`: stores `v` under `k` (replacing the value in the key's entry, or
    /// adding an entry at the end); a nil `v` removes the entry, as Swift's subscript setter does.
    case update(key: Expr, value: Expr)
    /// `d.removeValue(forKey: k)`, `d[k] = nil`: drops `k`'s entry, if any.
    case remove(key: Expr)
    /// `d.removeAll()`, `d = [:]`: every value released, in the dictionary's order.
    case removeAll
}

/// The most entries a dictionary holds in a run, as for arrays (``maxArrayCount``): a retain path names entry `i`
/// of a field in the field's 32-bit edge.
public let maxDictionaryCount = maxArrayCount

/// `updateValue:`, `removeValue:` and `removeAll:` on a dictionary place (a field or a local): reads the dictionary,
/// changes it, and stores it back, retaining what it adds and releasing what it removes or replaces, so the
/// place's strong references are always its values. A place that holds nil (a field of a freed or nil object: a
/// message to nil) does nothing.
public struct DictionaryStep: ExecutableStep {
    public var verb: String {
        switch operation {
        case .update: "updateValue"
        case .remove: "removeValue"
        case .removeAll: "removeAll"
        }
    }
    public var place: LValue
    public var operation: DictionaryOperation

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        // The key and the new value first, as Swift evaluates a call's arguments (and an assignment's right side)
        // before the mutating access begins.
        var key = Value.null
        var newValue = Value.null
        switch operation {
        case .update(let keyExpr, let valueExpr):
            newValue = try c.value(valueExpr)
            key = try c.value(keyExpr)
        case .remove(let keyExpr): key = try c.value(keyExpr)
        case .removeAll: break
        }
        switch key {
        case .null, .int, .string, .bool: break
        default: throw RuntimeFault("a dictionary key that is not an integer, a string or a Boolean")
        }
        guard let (holder, slot) = try place.location(c) else { return .next }  // a field of nil: a message to nil
        let current: Value
        if let holder { current = k.objects.readSlot(holder, slot) } else { current = c.frame.env.locals[slot] }
        guard case .dictionary(var entries) = current else {
            throw RuntimeFault("\(verb) on a value that is not a dictionary")
        }
        var removed: [Value] = []
        switch operation {
        case .removeAll:
            removed = entries.values
            entries = DictionaryEntries()
        case .update, .remove:
            // A nil key cannot be stored (the compiler types keys as non-optional); reading it finds no entry.
            let at = key == .null ? nil : entries.index(of: key)
            if newValue == .null {
                if let at {
                    removed = [entries.values.remove(at: at)]
                    entries.keys.remove(at: at)
                }
            } else {
                try k.objects.requireRetainable(newValue)
                if let at {
                    removed = [entries.values[at]]
                    entries.values[at] = newValue
                } else {
                    guard entries.keys.count < maxDictionaryCount else {
                        throw RuntimeFault(
                            "a dictionary of more than \(maxDictionaryCount) entries: LoopSim models dictionaries of "
                                + "at most \(maxDictionaryCount) (docs/fidelity.md, \"Dictionaries\")")
                    }
                    entries.keys.append(key)
                    entries.values.append(newValue)
                }
                k.objects.retainElements([newValue])
            }
        }
        // Stored back without a second retain or release of the values that stay: the place's references move.
        if let holder, let o = k.heap.object(holder) {
            o[slot: slot] = .dictionary(entries)
            // As for arrays, the change passes no values (a handler reading `change.newValue` reads nil).
            if k.keyValueObserving.isObserving {
                k.keyValueObserving.didChange(o, slot, from: .null, to: .null, on: c.thread)
            }
        } else {
            c.frame.env.locals[slot] = .dictionary(entries)
        }
        k.objects.dropElements(removed, because: "removed from a dictionary", on: c.thread)
        return .next
    }
}
