import LoopSimScenario
import SwiftSyntax

/// `print("tick \(count)")` logs the value, as Swift prints it, wherever the lowering can prove what Swift would
/// write: the interpolated expression is an `Int`, a `Bool` or a `String` that cannot be nil, which the scenario
/// language evaluates when the step runs (`log: tick \(self.count)`, docs/scenario-format.md §7.1). Swift writes an
/// optional as `Optional(3)` or `nil`, a `Double` as `1.0`, an object as its type's name and an address — none of
/// which the language evaluates — so any other interpolation is logged as written (`\(self?.count)`), as before;
/// `loopsim conform` matches such an interpolation with any text.
///
/// The proof is syntactic and conservative: a name's declaration is found in the enclosing scopes (a `let`/`var`
/// with a type annotation or a literal value, a parameter, an `if let`/`guard let` binding, a `for` over an integer
/// range, a stored property of the file's class) and must be `Int`, `Bool` or `String`; arithmetic and comparisons
/// of such values give one (Swift refuses arithmetic on optionals, and a comparison is a `Bool`). When it cannot
/// tell, it logs the text as written: never a value Swift would print differently.
enum InterpolatedType {
    /// `Int`, `Bool` or `String`: printed as the language writes it.
    case plain
    /// `Int?`, `Bool?`, `String?` (or `!`): `if let x = it` binds a plain value.
    case optionalPlain
}

extension SwiftLowering {
    /// The log text of a `print` item or an interpolation: `\(LOWERED)` when its value is certainly a plain
    /// `Int`, `Bool` or `String` the language can evaluate, else `\\(SOURCE)`, the text as written.
    mutating func logItem(_ e: ExprSyntax, in scope: Scope) -> String {
        // Written as is: every `\(` in it escaped too, so that a nested interpolation stays text.
        let asWritten = "\\\\(" + e.trimmedDescription.replacingOccurrences(of: "\\(", with: "\\\\(") + ")"
        // `print(String(format: …))`: a format whose values do not fit its conversions is refused, not logged as
        // written (Swift compiles it and prints what the registers hold).
        if let call = e.as(FunctionCallExprSyntax.self), let format = formatCall(call, in: scope) {
            return format.map { "\\(" + $0.0 + ")" } ?? asWritten
        }
        if refuseYieldResults(in: e, scope: scope) { return asWritten }  // SwiftLowering+StreamBuffering.swift
        if let tuple = tupleLogText(e, in: scope) { return tuple }  // SwiftLowering+Tuples.swift
        if let state = payloadEnumLogText(e, in: scope) { return state }  // SwiftLowering+PayloadEnums.swift
        if let described = describedValue(e) { return logItem(described, in: scope) }  // +StringPayloads.swift
        if refusesStructArrayLog(e, in: scope) { return asWritten }  // SwiftLowering+StructArrayReads.swift
        if let value = structArrayValueLogText(e, in: scope) { return value ?? asWritten }  // +StructArrayValues
        // Lowered without reporting anything or changing any state: a value the language cannot spell is logged
        // as written, not refused.
        let snapshot = self
        let lowered = expression(e, in: scope)
        let calls =
            hoisting.temporaries.count != snapshot.hoisting.temporaries.count || callsAReturningMethod(Syntax(e))
        let globalsRead = usedGlobals
        self = snapshot
        usedGlobals = globalsRead  // a global read here is a field of the globals' object (+Globals.swift)
        // `print("\(describe())")`, `\(cache.status)`: a call of a method or getter in it runs before the statement
        // (SwiftLowering+Returns.swift), as Swift's interpolation runs it, whether its value is logged or not.
        if calls { _ = expression(e, in: scope) }
        // A `\(` in the lowered text is inside a string value (`"\(self.count)"` from `count.description`), which
        // the log's parser reads as one string literal.
        guard
            interpolatedType(e) == .plain || memberOfAnObjectIsPlain(e, in: scope)
                || memberOfAReachedObjectIsPlain(e, in: scope) || isPlainArrayRead(e, in: scope)
                || isNonOptionalArrayFunction(e)  // SwiftLowering+ArrayFunctions.swift
                || isStructArrayValueCount(e, in: scope)  // SwiftLowering+StructArrayValues.swift
                || isJoinedCall(e)  // SwiftLowering+Joined.swift
                || isPlainStringFunction(e, in: scope)  // SwiftLowering+StringFunctions.swift
                || isWholeSeconds(e, lowered) || isRawValueRead(e, lowered)
                || isPlainStructRead(e, in: scope)  // SwiftLowering+Structs.swift
                || isPlainDictionaryRead(e, in: scope)  // SwiftLowering+Dictionaries.swift
                || isPlainGlobalRead(e, in: scope)  // SwiftLowering+Globals.swift
                || isThreadFlagRead(e, lowered, in: scope),  // SwiftLowering+ThreadCancel.swift
            let lowered, Self.isPrintedAsItsValue(lowered.type, enums: enums)
        else {
            return asWritten
        }
        return "\\(" + lowered.text + ")"
    }

    /// `\(style.rawValue)`: the raw value of an enum held as it (SwiftLowering+Enums.swift), an `Int` or a `String`
    /// that Swift prints as itself. The base is no optional: Swift reads `rawValue` of one only through `?.` or `!`.
    private func isRawValueRead(_ e: ExprSyntax, _ lowered: (text: String, type: LoweredType)?) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
            let base = member.base, !base.trimmedDescription.contains("?"), !base.trimmedDescription.contains("!"),
            let lowered
        else { return false }
        return lowered.type == .int || lowered.type == .string
    }

    /// `"tick \(count)"` as a value (`log.append("tick \(n)")`, `state = "step \(n)"`): the language's interpolated
    /// string, each interpolation a plain `Int`, `Bool` or `String` (or an array of them) written as Swift writes it
    /// when the statement runs. An interpolation Swift would write otherwise (an optional as `Optional(3)`, a
    /// `Double`, an object), an escape other than `\"` and `\\` in the text, and a multi-line literal are refused.
    mutating func interpolatedString(_ literal: StringLiteralExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard literal.openingQuote.text == "\"", literal.openingPounds == nil else {
            unsupported("this string literal", "write a one-line `\"…\"` literal without `#`", at: literal)
            return nil
        }
        var text = ""
        for segment in literal.segments {
            if let s = segment.as(StringSegmentSyntax.self) {
                // `\"` and `\\` are the language's escapes too (docs/scenario-format.md §6); another escape is not.
                guard Self.hasOnlyQuoteEscapes(s.content.text) else {
                    unsupported(
                        "an escape other than `\\\"` and `\\\\` in an interpolated string",
                        "write the text without it", at: s)
                    return nil
                }
                text += s.content.text
                continue
            }
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil
            else {
                unsupported("this interpolation", "interpolate one value: `\\(count)`", at: segment)
                return nil
            }
            var item = logItem(only.expression, in: scope)
            // A folded `String` constant (`let name = "meter"`) is its text, written in place.
            if item.hasPrefix("\\(\""), item.hasSuffix("\")"), item.count >= 5 {
                let inner = item.dropFirst(3).dropLast(2)
                if !inner.contains("\""), !inner.contains("\\") { item = String(inner) }
            }
            guard !item.hasPrefix("\\\\("), !item.dropFirst(2).contains("\"") else {
                unsupported(
                    "an interpolation of a value Swift writes otherwise (an optional as `Optional(…)`, a `Double`, an "
                        + "object) or of a string literal",
                    "interpolate an `Int`, a `Bool` or a `String` that cannot be nil (unwrap it first: `if let`)",
                    at: only.expression)
                return nil
            }
            text += item
        }
        return ("\"\(text)\"", .string)
    }

    /// Whether a string literal segment's escapes (`\"`, `\\`) are those the scenario language reads as Swift
    /// does.
    static func hasOnlyQuoteEscapes(_ text: String) -> Bool {
        var escaped = false
        for c in text {
            if escaped {
                guard c == "\"" || c == "\\" else { return false }
                escaped = false
            } else if c == "\\" {
                escaped = true
            }
        }
        return !escaped
    }

    /// Whether `e` is `Int(x)` of a `TimeInterval`, which the lowering made `int(x)` (SwiftLowering+Dates.swift): an
    /// `Int`, never nil.
    private func isWholeSeconds(_ e: ExprSyntax, _ lowered: (text: String, type: LoweredType)?) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Int", let lowered
        else { return false }
        return lowered.type == .int && lowered.text.hasPrefix("int(")
    }

    /// Whether `e` reads an array's `count` or `isEmpty`, an element of an array of `Int`, `Bool` or `String`
    /// (`log[0]`), or such an array itself, which Swift prints as the language does (`["a", "b"]`): never nil.
    private func isPlainArrayRead(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let ref = e.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text]?.isPlainElement == true {
            return true  // `for line in lines { print(line) }`
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            ["count", "isEmpty"].contains(member.declName.baseName.text)
        {
            return isArrayExpression(base, in: scope)
        }
        let array = e.as(SubscriptCallExprSyntax.self)?.calledExpression ?? e
        guard isArrayExpression(array, in: scope) else { return false }
        var copy = self
        guard case .array(let element)? = copy.expression(array, in: scope)?.type else { return false }
        return [.int, .bool, .string].contains(element)
    }

    /// Whether `node` calls a method that returns a value or reads a getter lowered as a method (by name, in any of the
    /// file's classes): such an interpolation is lowered for real, its calls run or its refusal reported.
    private func callsAReturningMethod(_ node: Syntax) -> Bool {
        if node.is(ClosureExprSyntax.self) { return false }
        if let call = node.as(FunctionCallExprSyntax.self) {
            let name =
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let name, classes.values.contains(where: { $0.returns[name] != nil }) { return true }
        }
        let name =
            node.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? node.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let name, classes.values.contains(where: { $0.getters.contains(name) }) { return true }
        return node.children(viewMode: .sourceAccurate).contains { callsAReturningMethod($0) }
    }

    /// Whether the language's value of `type` is what Swift prints: an `Int`, a `Bool`, a `String`, or a case of
    /// an enum without raw values, which the lowering holds as the string of its name (SwiftLowering+Enums.swift)
    /// and Swift prints by that name (`String(describing:)` of a case is its name; the Swift book, "Enumerations").
    /// A case of an enum with raw values is held as its raw value, which Swift does not print.
    static func isPrintedAsItsValue(_ type: LoweredType, enums: [String: SwiftEnum]) -> Bool {
        switch type {
        case .int, .bool, .string, .array(.int), .array(.bool), .array(.string): true
        case .enumeration(let name, _):
            enums[name].map { $0.rawType == nil }
                ?? (name == errorTypeName && enums.values.allSatisfy { !$0.isError || $0.rawType == nil })
        default: false
        }
    }

    /// A string literal's log text: its segments as written (`\\(` in them stays a `\(` as written), its
    /// interpolations through ``logItem(_:in:)``.
    mutating func logText(_ literal: StringLiteralExprSyntax, in scope: Scope) -> String {
        var text = ""
        for segment in literal.segments {
            if let s = segment.as(StringSegmentSyntax.self) {
                text += s.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil
            {
                text += logItem(only.expression, in: scope)
            } else {
                text += "\\" + segment.trimmedDescription
            }
        }
        return text
    }

    /// What `e`'s Swift type is, when it is one of the kinds an interpolation evaluates; nil when unknown.
    func interpolatedType(_ e: ExprSyntax) -> InterpolatedType? {
        if let group = taskGroupInterpolatedType(e) { return group }  // SwiftLowering+ThrowingTaskGroups.swift
        if let t = e.as(TryExprSyntax.self) {
            // `try f()`, `try! f()`: f's value; `try? f()`: optional (SE-0230 flattens an optional one).
            let inner = t.expression.as(AwaitExprSyntax.self)?.expression ?? t.expression
            let type =
                triedValueTypes[t.id].map { Self.isPrintedAsItsValue($0, enums: enums) ? .plain : nil }
                ?? interpolatedType(inner)
            guard t.questionOrExclamationMark?.text == "?" else { return type }
            return type == .plain || type == .optionalPlain ? .optionalPlain : nil
        }
        if let s = e.as(SequenceExprSyntax.self), s.elements.count == 3,
            let cast = Array(s.elements)[1].as(UnresolvedAsExprSyntax.self),
            let type = Array(s.elements)[2].as(TypeExprSyntax.self),
            enums[type.type.trimmedDescription]?.isError == true
        {
            // `error as? LoadError`: a `LoadError?`, whose `if let` binding prints its case (+Throws.swift)
            return cast.questionOrExclamationMark?.text == "?" ? .optionalPlain : .plain
        }
        if let a = e.as(AwaitExprSyntax.self) {
            // `await store.count` (SwiftLowering+ActorReads.swift), `await loader.next()`: the value's own type.
            if let member = a.expression.as(MemberAccessExprSyntax.self), let read = awaitedReadType(member) {
                return read
            }
            return interpolatedType(a.expression)
        }
        if e.is(IntegerLiteralExprSyntax.self) || e.is(BooleanLiteralExprSyntax.self) { return .plain }
        if let s = e.as(StringLiteralExprSyntax.self) {
            // A `String`; with interpolations, only of values the lowering writes as Swift does (else refused).
            let provable = s.segments.allSatisfy { segment in
                guard let part = segment.as(ExpressionSegmentSyntax.self) else { return true }
                guard part.expressions.count == 1, let only = part.expressions.first, only.label == nil else {
                    return false
                }
                return interpolatedType(only.expression) == .plain
            }
            return provable ? .plain : nil
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "description", let base = m.base {
            return interpolatedType(base) == .plain ? .plain : nil
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            call.arguments.first?.label?.text == "format"
        {
            return .plain  // `String(format:)`: a `String` (SwiftLowering+Format.swift), or refused
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            call.arguments.count == 1, let only = call.arguments.first
        {
            return interpolatedType(only.expression) == .plain ? .plain : nil
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return interpolatedType(only.expression)
        }
        if let prefix = e.as(PrefixOperatorExprSyntax.self) {
            switch prefix.operator.text {
            case "!": return .plain
            case "-": return interpolatedType(prefix.expression) == .plain ? .plain : nil
            default: return nil
            }
        }
        if let unwrap = e.as(ForceUnwrapExprSyntax.self) {
            return interpolatedType(unwrap.expression) == .optionalPlain ? .plain : nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) { return infixType(sequence) }
        if let read = e.as(SubscriptCallExprSyntax.self), let value = dictionaryPropertyValueType(read.calledExpression)
        {
            // `limits["a"]` of a `[String: Int]` property: an `Int?`; with `default:`, an `Int`
            // (SwiftLowering+Dictionaries.swift).
            guard Self.isPrintedAsItsValue(value, enums: enums) else { return nil }
            return read.arguments.count == 2 ? .plain : .optionalPlain
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "removeValue", let base = member.base,
            let value = dictionaryPropertyValueType(base)
        {
            return Self.isPrintedAsItsValue(value, enums: enums) ? .optionalPlain : nil  // the removed `Int?`
        }
        if Self.intBound(e) != nil { return .plain }  // `Int.max`
        if let call = e.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["min", "max"].contains(name), call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil })
        {
            // `let m = min(n, 3)` of two `Int`s: an `Int` (SwiftLowering+Durations.swift `minMaxStore`).
            let plain = call.arguments.allSatisfy { interpolatedType($0.expression) == .plain }
            return plain ? .plain : nil
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Int", call.arguments.count == 1,
            let only = call.arguments.first, only.label == nil,
            let product = only.expression.as(SequenceExprSyntax.self),
            product.elements.contains(where: {
                ["*", "/"].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text)
            })
        {
            // `let ms = Int(elapsed * 1000)`: `Int(_:)` of a product or quotient, which no `String` is, so the
            // initializer that cannot fail (an `Int` from a number; `Int(String)` is the failable one).
            return .plain
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "reduce",
            call.arguments.first.map({ ["0", "0.0"].contains($0.expression.trimmedDescription) }) == true
        {
            return .plain  // `a.reduce(0, +)`: an Int or a Double, never nil (or refused where lowered)
        }
        if let call = e.as(FunctionCallExprSyntax.self), let value = syncClosureValue(call) {
            return interpolatedType(value)  // `queue.sync { items.count }`: its closure's value (+SyncValues.swift)
        }
        if let call = e.as(FunctionCallExprSyntax.self), let type = syncClosureReturnedType(call) {
            return type  // `queue.sync { () -> Int in …; return n }` (SwiftLowering+SyncValues.swift)
        }
        if let call = e.as(FunctionCallExprSyntax.self), Self.stringFunction(call) != nil,
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            !base.trimmedDescription.contains("?")
        {
            // `let normalized = text.trimmingCharacters(in: .whitespaces)`: a `String` function of a plain value (only a
            // `String` has them), itself a `String` (SwiftLowering+StringFunctions.swift).
            return interpolatedType(base) == .plain ? .plain : nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) { return returnedType(call) }
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            return declaredType(of: ref.baseName.text, at: Syntax(ref))
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isMainThread",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread"
        {
            return .plain  // `Thread.isMainThread`, a `Bool`
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isCancelled",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
        {
            return .plain  // `Task.isCancelled`, a `Bool`
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(MemberAccessExprSyntax.self),
            base.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread",
            ["current", "main"].contains(base.declName.baseName.text)
        {
            // `Thread.current.name` is a `String?` (`?? "?"` makes it plain); `isMainThread` a `Bool`.
            switch member.declName.baseName.text {
            case "name": return .optionalPlain
            case "isMainThread", "isCancelled": return .plain
            default: return nil
            }
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            let e = enums[base.baseName.text], e.rawType == nil, e.value(of: member.declName.baseName.text) != nil
        {
            return .plain  // `UploadState.idle`, a case of an enum without raw values
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            let type = changeValueType("\(base.baseName.text).\(member.declName.baseName.text)", at: Syntax(member))
        {
            // A KVO change's `newValue`/`oldValue`: an optional of the observed property's type.
            return Self.isPrintedAsItsValue(type, enums: enums) ? .optionalPlain : nil
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text != "self", let cls = closureParameterClass(base.baseName.text, at: Syntax(member))
        {
            // `user.name` of a closure's parameter of one of the file's classes (`{ user in … }`).
            return storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member))
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            let cls = base.baseName.text == "Self" ? enclosingClassName(of: Syntax(member)) : base.baseName.text,
            classes[typeObjectName(cls)] != nil
        {
            // `Poller.instances`, `Self.instances`: a type property (SwiftLowering+TypeMembers.swift).
            return storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member), isStatic: true)
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == "self"
        {
            // `self.count` (a `self?.count` is an optional chain, not this form).
            guard let cls = enclosingClassName(of: Syntax(member)) else { return nil }
            return storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member))
        }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(OptionalChainingExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName
                .text == "self"
        {
            // `self?.count` under `[weak self]`: an optional of the property's type (`self?.count ?? 0` is plain).
            guard let cls = enclosingClassName(of: Syntax(member)) else { return nil }
            let type = storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member))
            return type == .plain ? .optionalPlain : nil
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            case .value(let s)? = propertyType(base), payloadEnums[s] == nil,
            let field = structs[s]?.fields.first(where: { $0.name == member.declName.baseName.text })
        {
            // `config.length` of a struct property: the field's own type (SwiftLowering+Structs.swift).
            return !field.isOptional && Self.isPrintedAsItsValue(field.type, enums: enums) ? .plain : nil
        }
        if let member = e.as(MemberAccessExprSyntax.self),
            ["isEmpty", "count"].contains(member.declName.baseName.text),
            let base = member.base, !base.trimmedDescription.contains("?")
        {
            // `query.isEmpty` (a Bool), `timers.count` (an Int) of a local or another object's property: the
            // collection's and String's members, never optional without a `?` (a property of the file's own class
            // named so was looked up above).
            return .plain
        }
        return nil
    }

    /// What a call of a method of the file's classes returns (`describe()`, `loader.loadSync()`): the type its
    /// declarations annotate, when every method of that name in the file's classes declares the same one; optional
    /// through `x?.f()`. Nil when unknown.
    private func returnedType(_ call: FunctionCallExprSyntax) -> InterpolatedType? {
        let name: String
        var chained = false
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            chained = base.is(OptionalChainingExprSyntax.self) || base.trimmedDescription.contains("?")
        } else {
            return nil
        }
        guard let file = call.root.as(SourceFileSyntax.self) else { return nil }
        var found: [InterpolatedType?] = []
        for statement in file.statements {
            let members: MemberBlockItemListSyntax
            if let decl = statement.item.as(ClassDeclSyntax.self) {
                members = decl.memberBlock.members
            } else if let decl = statement.item.as(ActorDeclSyntax.self) {
                members = decl.memberBlock.members
            } else if let decl = statement.item.as(EnumDeclSyntax.self) {
                members = decl.memberBlock.members  // `enum Renderer { static func decodeAll(…) -> Int }`
            } else if let decl = statement.item.as(StructDeclSyntax.self) {
                members = decl.memberBlock.members
            } else if let ext = statement.item.as(ExtensionDeclSyntax.self) {
                members = ext.memberBlock.members
            } else if let f = statement.item.as(FunctionDeclSyntax.self), f.name.text == name,
                let type = declaredReturnType(f)
            {
                found.append(annotatedType(type))  // a top-level function (SwiftLowering+Globals.swift)
                continue
            } else {
                continue
            }
            for member in members {
                guard let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == name,
                    let type = declaredReturnType(f)
                else { continue }
                found.append(annotatedType(type))
            }
        }
        if found.isEmpty, !chained { return closureResultInterpolatedType(call, named: name) }  // +ClosureResults
        guard let first = found.first, found.allSatisfy({ $0 == first }), let type = first else { return nil }
        return chained ? (type == .plain ? .optionalPlain : nil) : type
    }

    /// `cache.status`, where `cache` is a local holding an object of the file's class (not optional: Swift needs `?`
    /// or `!` to reach a member of an optional) and `status` a property of that class, stored (also `lazy`) or
    /// computed (a getter lowered as a method or inlined), declared `Int`, `Bool`, `String` or an enum without raw
    /// values, not optional (``storedPropertyType(_:of:from:isStatic:)``).
    func memberOfAnObjectIsPlain(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text != "self", case .object(let cls)? = scope.locals[base.baseName.text]?.type,
            classes[cls] != nil
        else { return false }
        return storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member)) == .plain
    }

    /// `\(session.userID)`, `\(self.session.userID)`: a stored `Int`, `Bool` or `String` property of an object the
    /// base expression reaches without `?` (a property of `self`, a chain of them), whose class the lowering knows.
    /// The read runs when the log does, so a read through an `unowned` reference whose object is gone traps there,
    /// as Swift's does. A base through `?.` or `!` is not this form (Swift prints an optional otherwise).
    mutating func memberOfAReachedObjectIsPlain(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            !base.trimmedDescription.contains("?"), !base.trimmedDescription.contains("!"),
            !base.is(DeclReferenceExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.text != "self"
        else { return false }
        let snapshot = self
        let lowered = expression(base, in: scope)
        self = snapshot
        guard case .object(let cls)? = lowered?.type, classes[cls] != nil else { return false }
        return storedPropertyType(member.declName.baseName.text, of: cls, from: Syntax(member)) == .plain
    }

    /// An infix chain: a comparison or a logical operator makes a `Bool`; `+ - * / %` of plain values a plain one;
    /// `a ?? b` the default's type when each value before it is plain or optional (Swift's `??` unwraps: the
    /// standard library's `??(_:_:)` returns `T` for a `T` default); `c ? a : b` the type both branches share.
    /// Anything else: unknown.
    private func infixType(_ sequence: SequenceExprSyntax) -> InterpolatedType? {
        let elements = Array(sequence.elements)
        // `c ? a : b`, the condition any chain: the operator binds loosest, so its `else` is what follows it.
        let marks = elements.indices.filter { elements[$0].is(UnresolvedTernaryExprSyntax.self) }
        if let k = marks.first {
            guard marks.count == 1, k == elements.count - 2,
                let ternary = elements[k].as(UnresolvedTernaryExprSyntax.self)
            else { return nil }
            let yes = interpolatedType(ternary.thenExpression)
            return yes != nil && yes == interpolatedType(elements[k + 1]) ? yes : nil
        }
        // `x is C`: a `Bool` (the Swift book, "Type Casting" › "Checking Type"; SwiftLowering+ObjectCasts.swift).
        if elements.count == 3, elements[1].is(UnresolvedIsExprSyntax.self) { return .plain }
        // `x as? Int`: an optional Int (a notification's userInfo value, SwiftLowering+Notifications.swift).
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark?.text == "?",
            let type = elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription
        {
            return ["Int", "Bool", "String"].contains(type) ? .optionalPlain : nil
        }
        // `x as? Int ?? 0`: the cast's optional, unwrapped by a plain default.
        if elements.count >= 5, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark?.text == "?",
            let type = elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription,
            ["Int", "Bool", "String"].contains(type),
            elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            let rest = Array(elements[4...])
            let fallback = rest.count == 1 ? interpolatedType(rest[0]) : nil
            return fallback == .plain ? .plain : nil
        }
        // The operands between `??`s: `a ?? b + 1` is `a ?? (b + 1)` (NilCoalescingPrecedence is below addition).
        var segments: [[ExprSyntax]] = [[]]
        var boolean = false
        for (i, element) in elements.enumerated() {
            if i % 2 == 0 {
                segments[segments.count - 1].append(element)
                continue
            }
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
            switch op {
            case "==", "!=", "<", "<=", ">", ">=", "&&", "||", "===", "!==": boolean = true
            case "+", "-", "*", "/", "%": break
            case "??": segments.append([])
            default: return nil
            }
        }
        if boolean { return .plain }
        func plainChain(_ operands: [ExprSyntax]) -> Bool { operands.allSatisfy { interpolatedType($0) == .plain } }
        guard let last = segments.last else { return nil }
        for value in segments.dropLast() {
            guard value.count == 1, let type = interpolatedType(value[0]), type == .plain || type == .optionalPlain
            else { return nil }
        }
        if plainChain(last) { return .plain }
        return segments.count > 1 && last.count == 1 && interpolatedType(last[0]) == .optionalPlain
            ? .optionalPlain : nil
    }
}
