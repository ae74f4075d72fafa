import LoopSimKernel

extension ScenarioCompiler {
    /// Where column `offset` of a scalar's text lies in the file.
    func location(in scalar: LocatedNode.Scalar, offset: Int) -> SourceLocation {
        var loc = scalar.location
        loc.column += offset + (scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0)
        return loc
    }

    /// Parses and types the expression in a scalar node.
    func expression(_ node: LocatedNode, scope: Scope) -> (Expr, TypeRef)? {
        guard let scalar = node.scalar, !scalar.isNull else {
            // `if: !x` is a YAML tag `!x` on an empty value: libyaml reads a plain scalar's leading `!` as a tag.
            let tagHint =
                node.scalar?.text.isEmpty == true
                ? " (if you wrote `!x`, YAML read the `!` as a tag: quote the expression, `'!x'`, or write `not x`)"
                : ""
            bag.error(
                .typeMismatch,
                "expected an expression such as `self.timer` or `new Page`, not \(node.kindName)"
                    + tagHint, at: node.location)
            return nil
        }
        return expression(text: scalar.text, in: scalar, offset: 0, scope: scope)
    }

    func expression(text: String, in scalar: LocatedNode.Scalar, offset: Int, scope: Scope) -> (Expr, TypeRef)? {
        switch ExpressionParser.parse(text) {
        case .failure(let error):
            bag.error(
                error.isForeign ? .exprForeign : .exprSyntax, error.message,
                at: location(in: scalar, offset: offset + error.column))
            return nil
        case .success(let parsed):
            return typed(parsed, scope: scope, scalar: scalar, offset: offset)
        }
    }

    func typed(_ e: ParsedExpr, scope: Scope, scalar: LocatedNode.Scalar, offset: Int) -> (Expr, TypeRef)? {
        switch e {
        case .int(let v): return (.literal(.int(v)), .int)
        case .duration(let ns): return (.literal(.duration(.nanoseconds(ns))), .duration)
        case .bool(let b): return (.literal(.bool(b)), .bool)
        case .string(let text): return (.literal(.string(text)), .string)
        case .null: return (.literal(.null), .null)
        case .currentRunLoop: return (.currentRunLoop, .runLoop)
        case .mainRunLoop: return (.mainRunLoop, .runLoop)
        case .currentThread: return (.currentThread, .thread)
        case .mainThread: return (.mainThread, .thread)
        case .newSemaphore(let value): return (.newSemaphore(value), .semaphore)
        case .newGroup: return (.newGroup, .group)
        case .newQueue(let label, let concurrent):
            return (.newQueue(label: label, width: concurrent ? Program.maxQueueWidth : 1), .queue)
        case .wallSeconds: return (.wallSeconds, .int)
        case .wallNow: return (.wallNow, .duration)
        case .uptimeNow: return (.uptimeNow, .duration)
        case .format(let format, let textColumn, let arguments, let column):
            let pieces: [FormatPiece]
            switch FormatPiece.parse(format) {
            case .success(let p): pieces = p
            case .failure(let error):
                bag.error(
                    .exprType, "format: \(error.message)",
                    at: location(in: scalar, offset: offset + textColumn + error.offset))
                return nil
            }
            let wanted = FormatPiece.arguments(of: pieces)
            guard wanted.count == arguments.count else {
                bag.error(
                    .exprType,
                    "format: the format has \(wanted.count) conversion(s) and \(arguments.count) argument(s) follow it",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            var values: [Expr] = []
            for (argument, kind) in zip(arguments, wanted) {
                guard let (value, type) = typed(argument, scope: scope, scalar: scalar, offset: offset) else {
                    return nil
                }
                let fits =
                    switch kind {
                    case .integer: type == .int
                    case .floating: type == .duration
                    case .string: type == .string || type == .null
                    }
                guard fits else {
                    let conversion =
                        switch kind {
                        case .integer: "a `%d`-style conversion takes an int"
                        case .floating: "a `%f`-style conversion takes a duration (a TimeInterval)"
                        case .string: "`%@` takes a string"
                        }
                    bag.error(
                        .exprType, "format: \(conversion), not \(type)",
                        at: location(in: scalar, offset: offset + column))
                    return nil
                }
                values.append(value)
            }
            return (.format(pieces, values), .string)
        case .wholeSeconds(let inner, let column):
            guard let (value, type) = typed(inner, scope: scope, scalar: scalar, offset: offset) else { return nil }
            guard type == .duration || type == .int else {
                bag.error(
                    .exprType, "int(…) takes a duration (its whole seconds) or an integer, not \(type)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.wholeSeconds(value), .int)
        case .power(let base, let exponent, let column):
            guard let (b, tb) = typed(base, scope: scope, scalar: scalar, offset: offset),
                let (n, tn) = typed(exponent, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            guard tb == .duration || tb == .int, tn == .int else {
                bag.error(
                    .exprType, "pow(…) takes a duration (or an int, its seconds) and an int exponent, not \(tb), \(tn)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            let seconds: Expr = tb == .int ? .product(b, .multiply, .literal(.duration(.seconds(1)))) : b
            return (.power(seconds, exponent: n), .duration)
        case .taskIsCancelled: return (.taskIsCancelled, .bool)
        case .arithmetic(let lhs, let op, let rhs):
            guard var (a, ta) = typed(lhs, scope: scope, scalar: scalar, offset: offset),
                var (b, tb) = typed(rhs, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            if op == "+", ta == .string, tb == .string {
                // Swift's `+` of two strings: their concatenation, the interpolation of both (`"\(a)\(b)"`).
                return (.interpolation([.value(a), .value(b)]), .string)
            }
            if ta == .duration || tb == .duration {
                if op == "<<" || op == ">>" {
                    bag.error(
                        .exprType, "\(op) takes integers, not \(ta) and \(tb): a TimeInterval has no shifts",
                        at: location(in: scalar, offset: offset))
                    return nil
                }
                guard
                    let typed = durationArithmetic(
                        (a, ta, lhs), op, (b, tb, rhs), at: location(in: scalar, offset: offset))
                else { return nil }
                (a, ta, b, tb) = (typed.0, .duration, typed.1, .duration)
                if let product = ProductOperator(rawValue: op) { return (.product(a, product, b), .duration) }
                return (.arithmetic(a, isAddition: op == "+", b), .duration)
            }
            if ta != .int || tb != .int {
                bag.error(
                    .exprType, "\(op) takes integers, not \(ta) and \(tb)", at: location(in: scalar, offset: offset))
                return nil
            }
            if let product = ProductOperator(rawValue: op) { return (.product(a, product, b), .int) }
            return (.arithmetic(a, isAddition: op == "+", b), .int)
        case .new(let name, let column):
            guard let c = program.classes.firstIndex(where: { $0.name == name }) else {
                bag.error(
                    .nameUndefined, "no class named '\(name)'" + suggestion(name, program.classes.map(\.name)),
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.new(classIndex: c, label: name.lowercasedFirst), .object(classIndex: c, name: name))
        case .shared(let name, let column):
            guard let c = program.classes.firstIndex(where: { $0.name == name }) else {
                bag.error(
                    .nameUndefined, "no class named '\(name)'" + suggestion(name, program.classes.map(\.name)),
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            guard program.classes[c].isRoot else {
                bag.error(
                    .exprType,
                    "`shared \(name)` reads the one instance of a singleton class: declare \(name) with `root: true`",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.path(.shared(c), []), .object(classIndex: c, name: name))
        case .not(let inner):
            guard let (expr, _) = typed(inner, scope: scope, scalar: scalar, offset: offset) else { return nil }
            return (.not(expr), .bool)
        case .logical(let lhs, let op, let rhs):
            // Any value is a condition (C's truthiness, as `if:` reads it); the result is a boolean.
            guard let (a, _) = typed(lhs, scope: scope, scalar: scalar, offset: offset),
                let (b, _) = typed(rhs, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            return (.logical(a, isAnd: op == "&&", b), .bool)
        case .coalesce(let lhs, let rhs):
            // Swift's `??`: a value and a default of the same type (either may be nil, as `Optional` allows).
            guard let (a, ta) = typed(lhs, scope: scope, scalar: scalar, offset: offset),
                let (b, tb) = typed(rhs, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            if ta == .null { return (.coalesce(a, b), tb) }
            if tb == .null || ta == tb { return (.coalesce(a, b), ta) }
            if ta.isObject && tb.isObject { return (.coalesce(a, b), .anyObject) }
            // `xs ?? []`: the empty array literal takes the left side's array type.
            if case .array = ta, case .arrayLiteral(let elements) = b, elements.isEmpty { return (.coalesce(a, b), ta) }
            bag.error(
                .exprType, "?? takes a value and a default of the same type, not \(ta) and \(tb)",
                at: location(in: scalar, offset: offset))
            return nil
        case .compare(let lhs, let op, let rhs):
            guard var (a, ta) = typed(lhs, scope: scope, scalar: scalar, offset: offset),
                var (b, tb) = typed(rhs, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            if (ta == .duration) != (tb == .duration) && ta != .null && tb != .null {
                // `delay > 60`: Swift types the literal as a `TimeInterval`, seconds.
                let at = location(in: scalar, offset: offset)
                if ta == .duration, let seconds = literalSeconds(rhs, at: at) {
                    (b, tb) = (seconds, .duration)
                } else if tb == .duration, let seconds = literalSeconds(lhs, at: at) {
                    (a, ta) = (seconds, .duration)
                } else {
                    bag.error(
                        .exprType,
                        "\(op) compares a duration with a duration, not with \(ta == .duration ? tb : ta) "
                            + "(an integer of seconds is `n * 1s`, Swift's `Double(n)`)", at: at)
                    return nil
                }
            }
            return (.compare(a, CompareOperator(rawValue: op)!, b), .bool)
        case .cast(let inner, let typeName, let column):
            return cast(inner, to: typeName, column: column, scope: scope, scalar: scalar, offset: offset)
        case .interpolated(let text, let column):
            // The text's parts start one past the opening quote.
            guard
                let parts = interpolationParts(
                    text, in: scalar, offset: offset + column + 1, scope: scope, what: "a string")
            else { return nil }
            return (.interpolation(parts), .string)
        case .arrayLiteral(let items, let column):
            var elements: [Expr] = []
            var elementType = TypeRef.null
            for item in items {
                guard let (element, type) = typed(item, scope: scope, scalar: scalar, offset: offset) else {
                    return nil
                }
                if case .array = type {
                    bag.error(
                        .exprType, "an array of arrays is not modelled: keep the elements in one array",
                        at: location(in: scalar, offset: offset + column))
                    return nil
                }
                if elementType == .null {
                    elementType = type
                } else if type != elementType && type != .null {
                    elementType = elementType.isObject && type.isObject ? .anyObject : elementType
                    if !(elementType.isObject && type.isObject) {
                        bag.error(
                            .exprType, "the elements of an array literal have one type: \(elementType) and \(type)",
                            at: location(in: scalar, offset: offset + column))
                        return nil
                    }
                }
                elements.append(element)
            }
            return (.arrayLiteral(elements), .array(elementType))
        case .dictionaryLiteral(let keyItems, let valueItems, let column):
            return dictionaryLiteral(
                keyItems, valueItems, scope: scope, at: location(in: scalar, offset: offset + column)
            ) {
                typed($0, scope: scope, scalar: scalar, offset: offset)
            }
        case .sum(let base, let column):
            guard let (array, arrayType) = typed(base, scope: scope, scalar: scalar, offset: offset) else { return nil }
            guard case .array(let element) = arrayType, element == .int || element == .duration else {
                bag.error(
                    .exprType, "`sum()` adds an array of int or duration, not \(arrayType)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.sum(array, ofDurations: element == .duration), element)
        case .sorted(let base, let column):
            guard let (array, arrayType) = typed(base, scope: scope, scalar: scalar, offset: offset) else { return nil }
            guard case .array(let element) = arrayType, [.int, .string, .duration].contains(element) else {
                bag.error(
                    .exprType, "`sorted()` orders an array of int, string or duration, not \(arrayType)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.sorted(array), arrayType)
        case .element(let base, let indexExpr, let column):
            guard let (array, arrayType) = typed(base, scope: scope, scalar: scalar, offset: offset),
                let (i, indexType) = typed(indexExpr, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            if case .dictionary(let keyType, let valueType) = arrayType {
                // `d[k]`: the value under the key, nil when there is none (Swift's optional subscript).
                guard indexType == keyType else {
                    bag.error(
                        .exprType, "this dictionary's key is \(keyType), not \(indexType)",
                        at: location(in: scalar, offset: offset + column + 1))
                    return nil
                }
                return (.dictionaryValue(array, key: i), valueType)
            }
            if case .record(let parts) = arrayType {
                // `r[1]`: a part of a struct an async method returned, by a constant index (TypeRef.record).
                guard case .int(let n) = indexExpr, n >= 0, n < parts.count else {
                    bag.error(
                        .exprType, "a part of \(arrayType) is read by a constant index from 0 to \(parts.count - 1)",
                        at: location(in: scalar, offset: offset + column + 1))
                    return nil
                }
                return (.arrayElement(array, index: i), parts[n])
            }
            guard case .array(let element) = arrayType else {
                bag.error(
                    .exprType, "`[…]` reads an element of an array, not of a value of type \(arrayType)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            guard indexType == .int else {
                bag.error(
                    .exprType, "an array's index is an int, not \(indexType)",
                    at: location(in: scalar, offset: offset + column + 1))
                return nil
            }
            return (.arrayElement(array, index: i), element)
        case .stringCall(let base, let name, let argument, let column):
            return stringCall(base, name, argument, column: column, scope: scope, scalar: scalar, offset: offset)
        case .contains(let base, let argument, let column):
            guard let (array, arrayType) = typed(base, scope: scope, scalar: scalar, offset: offset),
                let (value, _) = typed(argument, scope: scope, scalar: scalar, offset: offset)
            else { return nil }
            if arrayType == .string {
                return stringCall(
                    base, "contains", argument, column: column, scope: scope, scalar: scalar, offset: offset)
            }
            guard case .array = arrayType else {
                bag.error(
                    .exprType, "`contains` is asked of an array, not of a value of type \(arrayType)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            return (.arrayContains(array, value), .bool)
        case .name, .member:
            return path(e, scope: scope, scalar: scalar, offset: offset)
        }
    }

    /// The operands of `+ - * / %` where one is a duration (docs/scenario-format.md §6, "Durations as values"):
    /// two durations take every operator but `%`; a duration and an integer take `*` (either side) and `/` (the
    /// integer dividing); an integer literal beside a duration in `+`, `-` or as a dividend is that many seconds,
    /// as Swift types a literal beside a `TimeInterval`. Anything else is an error saying how to convert.
    private func durationArithmetic(
        _ lhs: (Expr, TypeRef, ParsedExpr), _ op: String, _ rhs: (Expr, TypeRef, ParsedExpr),
        at location: SourceLocation
    ) -> (Expr, Expr)? {
        var (a, ta) = (lhs.0, lhs.1)
        var (b, tb) = (rhs.0, rhs.1)
        let (pa, pb) = (lhs.2, rhs.2)
        if op == "%" {
            bag.error(
                .exprType, "% takes integers; a duration has no remainder here (Swift's `truncatingRemainder`)",
                at: location)
            return nil
        }
        let scaling = op == "*" || op == "/"
        if ta == .int && tb == .duration && op == "*" { return (a, b) }  // `2 * delay`
        if ta == .duration && tb == .int && scaling { return (a, b) }  // `delay * 2`, `interval / 2`
        if ta == .int, tb == .duration, let seconds = literalSeconds(pa, at: location) {
            (a, ta) = (seconds, .duration)
        }
        if tb == .int, ta == .duration, let seconds = literalSeconds(pb, at: location) {
            (b, tb) = (seconds, .duration)
        }
        guard ta == .duration && tb == .duration else {
            let other = ta == .duration ? tb : ta
            bag.error(
                .exprType,
                "\(op) of a duration and \(other == .int ? "an int" : "a value of type \(other)"): "
                    + (other == .int
                        ? "write the int as a duration, `n * 1s` (Swift's `Double(n)`), or scale by it with `*` or `/`"
                        : "durations take durations, and `*`/`/` an int"),
                at: location)
            return nil
        }
        return (a, b)
    }

    /// An integer literal (`60`, `-1`) as that many seconds, for the operand beside a duration; nil (quietly) for
    /// anything else.
    private func literalSeconds(_ e: ParsedExpr, at location: SourceLocation) -> Expr? {
        guard case .int(let n) = e else { return nil }
        let (ns, overflow) = Int64(n).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else {
            bag.error(.durationOverflow, "\(n) seconds is outside the durations LoopSim's clock holds", at: location)
            return nil
        }
        return .literal(.duration(.nanoseconds(ns)))
    }

    /// The type of a plain path, without reporting anything (nil when it does not resolve).
    func quietType(_ e: ParsedExpr, scope: Scope) -> (Expr, TypeRef)? {
        switch e {
        case .name(let name, _):
            switch scope.resolve(name) {
            case .local(_, let t), .capture(_, let t), .selfObject(let t), .byrefLocal(_, let t),
                .byrefCapture(_, let t):
                return (.literal(.null), t)
            case nil: return nil
            }
        case .member(let base, let field, _):
            guard let (_, t) = quietType(base, scope: scope) else { return nil }
            // `d.keys`, `d.values`: arrays (section 7.1.2, "Dictionaries").
            if case .dictionary(let key, let value) = t, field == "keys" || field == "values" {
                return (.literal(.null), .array(field == "keys" ? key : value))
            }
            guard case .object(let c, _) = t, let f = classFields[c].first(where: { $0.name == field }) else {
                return nil
            }
            return (.literal(.null), f.type)
        case .sorted(let base, _):
            guard let (_, t) = quietType(base, scope: scope), case .array = t else { return nil }
            return (.literal(.null), t)
        default:
            return nil
        }
    }

    /// The steps of a verb that takes a mode: `make` with the mode's name when `node` is a literal mode (or absent:
    /// `fallback`), or a ``ModeExpressionStep`` when it is a variable or field of type `string`, resolved when the
    /// step runs. A name is a variable only if it resolves to a `string`: any other text stays a mode's name.
    func modeSteps(
        _ node: LocatedNode?, scope: Scope, default fallback: String = RunLoopModeName.default,
        make: @escaping @Sendable (String) -> any ExecutableStep
    ) -> [Step] {
        if let node, let scalar = node.scalar, scalar.style == .plain,
            case .success(let parsed) = ExpressionParser.parse(scalar.text), parsed.pathNames != nil,
            let (_, type) = quietType(parsed, scope: scope), type == .string
        {
            guard let (mode, _) = expression(node, scope: scope) else { return [] }
            return [.perform(ModeExpressionStep(mode: mode, make: make))]
        }
        if node == nil { return [.perform(make(fallback))] }
        guard let name = modeName(node) else { return [] }
        return [.perform(make(name))]
    }

    /// The slot of a `__block` variable's storage that holds its value.
    static let byrefSlot = 0

    /// A place to store into. A bare new name becomes a local when `declare` is true.
    func lvalue(_ node: LocatedNode, scope: Scope, declare: TypeRef? = nil) -> (LValue, TypeRef)? {
        guard let scalar = node.scalar, !scalar.isNull else {
            bag.error(.typeMismatch, "expected a variable or a field such as `self.timer`", at: node.location)
            return nil
        }
        return lvalue(text: scalar.text, in: scalar, offset: 0, scope: scope, declare: declare)
    }

    func lvalue(
        text: String, in scalar: LocatedNode.Scalar, offset: Int, scope: Scope,
        declare: TypeRef? = nil
    ) -> (LValue, TypeRef)? {
        guard case .success(let parsed) = ExpressionParser.parse(text),
            let names = parsed.pathNames ?? parsed.sharedPathNames
        else {
            bag.error(
                .exprSyntax, "expected a variable or a field such as `self.timer`, got '\(text)'",
                at: location(in: scalar, offset: offset))
            return nil
        }
        if names.count == 1 {
            switch scope.resolve(names[0]) {
            case .local(let i, let t):
                if scope.counters.contains(i) {
                    bag.error(
                        .exprType,
                        "'\(names[0])' is the counter of a `for:` loop, a constant as in Swift's "
                            + "`for \(names[0]) in`; copy it into a local (`let:`) to change it",
                        at: location(in: scalar, offset: offset))
                    return nil
                }
                return (.local(i), t)
            case .byrefLocal(let i, let t):
                return (.field(.path(.local(i), []), Self.byrefSlot), t)
            case .byrefCapture(let i, let t):
                return (.field(.path(.capture(i), []), Self.byrefSlot), t)
            case .capture:
                bag.error(
                    .exprType,
                    "'\(names[0])' is a captured value and cannot be assigned (blocks copy their "
                        + "captures); assign a field of an object instead", at: location(in: scalar, offset: offset))
                return nil
            case .selfObject:
                bag.error(.exprType, "self cannot be assigned", at: location(in: scalar, offset: offset))
                return nil
            case nil:
                if let declare { return (.local(scope.declare(names[0], declare)), declare) }
                _ = path(parsed, scope: scope, scalar: scalar, offset: offset)  // reports the undefined name
                return nil
            }
        }
        guard case .member(let base, let field, let column) = parsed,
            let (baseExpr, baseType) = typed(base, scope: scope, scalar: scalar, offset: offset)
        else { return nil }
        guard case .object(let c, let className) = baseType else {
            bag.error(
                .exprType, "'\(field)' is assigned on a value of type \(baseType), which has no fields",
                at: location(in: scalar, offset: offset + column))
            return nil
        }
        guard let index = classFields[c].firstIndex(where: { $0.name == field }) else {
            bag.error(
                .nameUndefined, "\(className) has no field '\(field)'" + suggestion(field, classFields[c].map(\.name)),
                at: location(in: scalar, offset: offset + column))
            return nil
        }
        return (.field(baseExpr, index), classFields[c][index].type)
    }

    /// Checks that a value of type `actual` may be stored where `expected` is declared.
    func checkAssignable(_ actual: TypeRef, to expected: TypeRef, at location: SourceLocation) {
        if case .dictionary(let key, let value) = expected {
            // `[:]` fits every dictionary; a dictionary is never nil.
            if case .dictionary(let k, let v) = actual, k == key || k == .null,
                v == value || v == .null || (value == .anyObject && v.isObject)
            {
                return
            }
            bag.error(
                .exprType,
                "a value of type \(actual) cannot be stored where \(expected) is declared"
                    + (actual == .null ? " (a dictionary is never nil: write `[:]` for an empty one)" : ""),
                at: location)
            return
        }
        if case .array(let element) = expected {
            // `[]` fits every array; an array never holds nil (Swift's `[T]` is not optional).
            if case .array(let given) = actual, given == element || given == .null { return }
            if case .array(let given) = actual, element == .anyObject, given.isObject { return }
            bag.error(
                .exprType,
                "a value of type \(actual) cannot be stored where \(expected) is declared"
                    + (actual == .null ? " (an array is never nil: write `[]` for an empty one)" : ""), at: location)
            return
        }
        if actual == expected || actual == .null || expected == .anyObject { return }
        if actual == .anyObject && expected.isObject { return }
        bag.error(.exprType, "a value of type \(actual) cannot be stored where \(expected) is declared", at: location)
    }
}

extension String {
    /// A class name as a value's name, as Swift's API Design Guidelines case it ("acronyms and initialisms …
    /// uniformly up- or down-cased"): `Button` → `button`, `UIViewController` → `uiViewController`, `URL` → `url`.
    var lowercasedFirst: String {
        let capitals = prefix { $0.isUppercase }.count
        // A run of capitals before a lowercase letter ends with the next word's first letter, which stays.
        let lowered = capitals > 1 && capitals < count ? capitals - 1 : max(capitals, 1)
        return prefix(lowered).lowercased() + dropFirst(lowered)
    }
}
