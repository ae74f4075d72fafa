import LoopSimKernel

/// Swift dictionaries in the scenario language (docs/scenario-format.md §7.1.2, "Dictionaries"): `updateValue:` and
/// `removeValue:` on a dictionary place, each a ``DictionaryStep``; `removeAll:` on one (ScenarioCompiler+Arrays.swift
/// sends it here); the literal `[k: v, …]` and `[:]`; `d[k]`, `d.count`, `d.isEmpty`, `d.keys`, `d.values`.
extension ScenarioCompiler {
    /// The dictionary verbs, listed in ``stepVerbs``.
    static let dictionaryVerbs: [StepVerb] = [
        StepVerb("updateValue", keys: ["forKey", "value"]) { c, s in
            guard let (place, key, value) = c.dictionaryPlace(s),
                let node = c.requiredKey(s, "value", "`updateValue` needs the value to store: `value: timer`"),
                let (valueExpr, valueType) = c.expression(node, scope: s.scope)
            else { return [] }
            // nil removes the entry, as Swift's `d[k] = nil` does.
            if valueType != .null { c.checkAssignable(.dictionary(key.1, valueType), to: value, at: node.location) }
            return [.perform(DictionaryStep.make(place: place, operation: .update(key: key.0, value: valueExpr)))]
        },
        StepVerb("removeValue", keys: ["forKey"]) { c, s in
            guard let (place, key, _) = c.dictionaryPlace(s) else { return [] }
            return [.perform(DictionaryStep.make(place: place, operation: .remove(key: key.0)))]
        },
    ]

    /// The verb's argument as a dictionary place and its `forKey:` key, type-checked against the dictionary's key
    /// type; also the dictionary's type.
    private func dictionaryPlace(_ s: StepSite) -> (LValue, (Expr, TypeRef), TypeRef)? {
        guard let (place, type) = lvalue(s.arg, scope: s.scope) else { return nil }
        guard case .dictionary(let keyType, _) = type else {
            bag.error(
                .exprType, "`\(s.verb)` changes a dictionary (a field or local of type `[K: V]`), not \(type)",
                at: s.arg.location)
            return nil
        }
        guard let node = requiredKey(s, "forKey", "`\(s.verb)` needs the key: `forKey: \"poll\"`"),
            let (key, given) = expression(node, scope: s.scope)
        else { return nil }
        guard given == keyType else {
            bag.error(.exprType, "this dictionary's key is \(keyType), not \(given)", at: node.location)
            return nil
        }
        return (place, (key, keyType), type)
    }

    /// The node under `key`, or nil after reporting `message`.
    private func requiredKey(_ s: StepSite, _ key: String, _ message: String) -> LocatedNode? {
        guard let node = s.map[key] else {
            bag.error(.keyMissing, message, at: s.at)
            return nil
        }
        return node
    }

    /// `removeAll: PLACE` on a dictionary place: every value released.
    func dictionaryRemoveAll(_ place: LValue) -> [Step] {
        [.perform(DictionaryStep.make(place: place, operation: .removeAll))]
    }

    /// `[k: v, …]` and `[:]`: keys of one type (int, string or bool), values of one type (objects of different
    /// classes are `id`s), each typed by `type`.
    func dictionaryLiteral(
        _ keyItems: [ParsedExpr], _ valueItems: [ParsedExpr], scope: Scope, at location: SourceLocation,
        type: (ParsedExpr) -> (Expr, TypeRef)?
    ) -> (Expr, TypeRef)? {
        var keys: [Expr] = [], values: [Expr] = []
        var keyType = TypeRef.null, valueType = TypeRef.null
        for (keyItem, valueItem) in zip(keyItems, valueItems) {
            guard let (key, kt) = type(keyItem), let (value, vt) = type(valueItem) else { return nil }
            guard [.int, .string, .bool].contains(kt), keyType == .null || kt == keyType else {
                bag.error(
                    .exprType, "a dictionary's keys are all int, all string or all bool here, not \(kt)", at: location)
                return nil
            }
            switch vt {
            case .array, .dictionary:
                bag.error(
                    .exprType, "a dictionary of collections is not modelled: keep the values in objects of a class",
                    at: location)
                return nil
            default: break
            }
            if valueType == .null {
                valueType = vt
            } else if vt != valueType && vt != .null {
                guard valueType.isObject && vt.isObject else {
                    bag.error(
                        .exprType, "the values of a dictionary literal have one type: \(valueType) and \(vt)",
                        at: location)
                    return nil
                }
                valueType = .anyObject
            }
            keyType = kt
            keys.append(key)
            values.append(value)
        }
        return (.dictionaryLiteral(keys: keys, values: values), .dictionary(keyType, valueType))
    }

    /// A dictionary's member: `count`, `isEmpty`, `keys`, `values`; nil after reporting any other.
    func dictionaryMember(_ base: Expr, _ type: TypeRef, _ field: String, at location: SourceLocation)
        -> (Expr, TypeRef)?
    {
        guard case .dictionary(let key, let value) = type else { return nil }
        switch field {
        case "count": return (.arrayProperty(base, .count), .int)
        case "isEmpty": return (.arrayProperty(base, .isEmpty), .bool)
        case "keys": return (.dictionaryView(base, isKeys: true), .array(key))
        case "values": return (.dictionaryView(base, isKeys: false), .array(value))
        default:
            bag.error(
                .exprType,
                "a dictionary has no property '\(field)'; it reads `count`, `isEmpty`, `keys`, `values` and `d[key]`"
                    + suggestion(field, ["count", "isEmpty", "keys", "values"]), at: location)
            return nil
        }
    }
}
