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
        // Lowered without reporting anything or changing any state: a value the language cannot spell is logged
        // as written, not refused.
        let snapshot = self
        let lowered = expression(e, in: scope)
        let calls =
            hoisting.temporaries.count != snapshot.hoisting.temporaries.count || callsAReturningMethod(Syntax(e))
        self = snapshot
        // `print("\(describe())")`, `\(cache.status)`: a call of a method or getter in it runs before the statement
        // (SwiftLowering+Returns.swift), as Swift's interpolation runs it, whether its value is logged or not.
        if calls { _ = expression(e, in: scope) }
        // A `\(` in the lowered text is inside a string value (`"\(self.count)"` from `count.description`), which
        // the log's parser reads as one string literal.
        guard
            interpolatedType(e) == .plain || memberOfAnObjectIsPlain(e, in: scope) || isPlainArrayRead(e, in: scope)
                || isWholeSeconds(e, lowered)
                || isPlainStructRead(e, in: scope),  // SwiftLowering+Structs.swift
            let lowered, Self.isPrintedAsItsValue(lowered.type, enums: enums)
        else {
            return asWritten
        }
        return "\\(" + lowered.text + ")"
    }

    /// `"tick \(count)"` as a value (`log.append("tick \(n)")`, `state = "step \(n)"`): the language's interpolated
    /// string, each interpolation a plain `Int`, `Bool` or `String` (or an array of them) written as Swift writes it
    /// when the statement runs. An interpolation Swift would write otherwise (an optional as `Optional(3)`, a
    /// `Double`, an object), an escape or a quote in the text, and a multi-line literal are refused.
    mutating func interpolatedString(_ literal: StringLiteralExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard literal.openingQuote.text == "\"", literal.openingPounds == nil else {
            unsupported("this string literal", "write a one-line `\"…\"` literal without `#`", at: literal)
            return nil
        }
        var text = ""
        for segment in literal.segments {
            if let s = segment.as(StringSegmentSyntax.self) {
                guard !s.content.text.contains("\\"), !s.content.text.contains("\"") else {
                    unsupported("an escape in an interpolated string", "write the text without `\\`", at: s)
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
        if let call = e.as(FunctionCallExprSyntax.self) { return returnedType(call) }
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            return declaredType(of: ref.baseName.text, at: Syntax(ref))
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isMainThread",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread"
        {
            return .plain  // `Thread.isMainThread`, a `Bool`
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(MemberAccessExprSyntax.self),
            base.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread",
            ["current", "main"].contains(base.declName.baseName.text)
        {
            // `Thread.current.name` is a `String?` (`?? "?"` makes it plain); `isMainThread` a `Bool`.
            switch member.declName.baseName.text {
            case "name": return .optionalPlain
            case "isMainThread": return .plain
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
            } else if let ext = statement.item.as(ExtensionDeclSyntax.self) {
                members = ext.memberBlock.members
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
        guard let first = found.first, found.allSatisfy({ $0 == first }), let type = first else { return nil }
        return chained ? (type == .plain ? .optionalPlain : nil) : type
    }

    /// `cache.status`, where `cache` is a local holding an object of the file's class (not optional: Swift needs `?`
    /// or `!` to reach a member of an optional) and `status` a getter of that class lowered as a method
    /// (``ClassShape/getters``) declared `Int`, `Bool`, `String` or an enum without raw values. (Stored properties
    /// of another object stay logged as written, as before.)
    private func memberOfAnObjectIsPlain(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text != "self", case .object(let cls)? = scope.locals[base.baseName.text]?.type,
            classes[cls]?.getters.contains(member.declName.baseName.text) == true
        else { return false }
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
        // `x as? Int`: an optional Int (a notification's userInfo value, SwiftLowering+Notifications.swift).
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark?.text == "?",
            let type = elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription
        {
            return ["Int", "Bool", "String"].contains(type) ? .optionalPlain : nil
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

    /// The declared type of the name `name` as seen at `node`: the nearest declaration in the enclosing scopes.
    func declaredType(of name: String, at node: Syntax) -> InterpolatedType? {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                // The latest declaration before the statement that holds `node` (a later `let` shadows it).
                var found: InterpolatedType?? = nil
                for item in items {
                    guard item.position < current.position else { break }
                    if let decl = declaration(of: name, in: item.item) { found = decl }
                }
                if let found { return found }
            } else if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id {
                if let type = resultCaseBindings[ifExpr.conditions.id]?[name] {  // SwiftLowering+Result.swift
                    return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
                }
                if let bound = binding(of: name, in: ifExpr.conditions) { return bound }
            } else if let switchCase = parent.as(SwitchCaseSyntax.self),
                let type = resultCaseBindings[switchCase.id]?[name]
            {
                return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), whileStmt.body.id == current.id {
                if let bound = binding(of: name, in: whileStmt.conditions) { return bound }
            } else if let forStmt = parent.as(ForStmtSyntax.self), forStmt.body.id == current.id {
                if forStmt.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return isIntegerRange(forStmt.sequence) ? .plain : nil
                }
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                // A closure value's parameter, whose type the lowering took from the closure's type
                // (SwiftLowering+ClosureValues.swift): an `Int`, `Bool` or `String` parameter is never optional.
                if let type = closureParameterTypes[closure.id]?[name] {
                    // An optional one (`(Int?) -> Void`) prints `Optional(3)`: its `if let` binding prints 3.
                    guard Self.isPrintedAsItsValue(type.unwrapped, enums: enums) else { return nil }
                    return type == type.unwrapped ? .plain : .optionalPlain
                }
                if closureDeclares(name, closure) || name.hasPrefix("$") { return nil }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if let parameter = function.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return annotatedType(parameter.type)
                }
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                if let parameter = initializer.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return annotatedType(parameter.type)
                }
            } else if let accessor = parent.as(AccessorDeclSyntax.self),
                ["willSet", "didSet"].contains(accessor.accessorSpecifier.text)
            {
                // An observer's `newValue`/`oldValue` (or the name written): the property's type.
                let implicit = accessor.accessorSpecifier.text == "willSet" ? "newValue" : "oldValue"
                if (accessor.parameters?.name.text ?? implicit) == name {
                    var holder = Syntax(accessor)
                    while let up = holder.parent, !up.is(PatternBindingSyntax.self) { holder = up }
                    return holder.parent?.as(PatternBindingSyntax.self).flatMap { bindingType($0) }
                }
            } else if parent.is(MemberBlockSyntax.self) {
                guard let cls = enclosingClassName(of: current) else { return nil }
                // inside a `static func`, a bare name is a type property (SwiftLowering+TypeMembers.swift)
                let inTypeMethod = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }).map {
                    isStatic($0.modifiers)
                }
                return storedPropertyType(name, of: cls, from: current, isStatic: inTypeMethod ?? false)
            }
            current = parent
        }
        return nil
    }

    /// What the statement `item` declares `name` as: `.some(type)` when it declares it (type nil when unknown),
    /// nil when it does not declare it.
    private func declaration(of name: String, in item: CodeBlockItemSyntax.Item) -> InterpolatedType?? {
        if let variable = item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return .some(bindingType(binding))
            }
            return nil
        }
        if let guardStmt = item.as(GuardStmtSyntax.self), let type = resultCaseBindings[guardStmt.conditions.id]?[name]
        {
            return .some(Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil)  // SwiftLowering+Result.swift
        }
        if let guardStmt = item.as(GuardStmtSyntax.self), let bound = binding(of: name, in: guardStmt.conditions) {
            return .some(bound)
        }
        return nil  // an `if`'s bindings are visible in its body only (`declaredType(of:at:)`)
    }

    /// The type an `if let`/`guard let`/`while let` condition list binds `name` to; nil when it binds no `name`.
    private func binding(of name: String, in conditions: ConditionElementListSyntax) -> InterpolatedType?? {
        for condition in conditions {
            guard let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            if let annotation = optional.typeAnnotation { return .some(annotatedType(annotation.type)) }
            // `if let x = e` unwraps e; `if let x` (SE-0345) unwraps the outer `x`.
            let source = optional.initializer?.value
            let unwrapped =
                source.map { interpolatedType($0) }
                ?? declaredType(of: name, at: Syntax(conditions.parent ?? Syntax(conditions)))
            return .some(unwrapped == .optionalPlain ? .plain : nil)
        }
        return nil
    }

    /// A `let`/`var` binding's type: its annotation, or its initial value's.
    private func bindingType(_ binding: PatternBindingSyntax) -> InterpolatedType? {
        if let annotation = binding.typeAnnotation { return annotatedType(annotation.type) }
        guard let value = binding.initializer?.value else { return nil }
        // `let n = await counter.increment()`: what the awaited method returns.
        if let awaited = value.as(AwaitExprSyntax.self) { return interpolatedType(awaited.expression) }
        return interpolatedType(value)
    }

    /// `Int`, `Bool`, `String` and an enum of the file without raw values are plain; the same wrapped in `?` or `!`
    /// optional; anything else unknown.
    private func annotatedType(_ type: TypeSyntax) -> InterpolatedType? {
        if let o = type.as(OptionalTypeSyntax.self) {
            return annotatedType(o.wrappedType) == .plain ? .optionalPlain : nil
        }
        if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            // Swift 5 prints an IUO as an optional in an interpolation (SE-0054: it is an Optional).
            return annotatedType(o.wrappedType) == .plain ? .optionalPlain : nil
        }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else {
            return nil
        }
        let name = identifier.name.text
        if let e = enums[name] { return e.rawType == nil ? .plain : nil }
        if name == Self.errorTypeName {
            // An `Error` holds a case of the file's error enums, printed by its name (SwiftLowering+Errors.swift).
            return Self.isPrintedAsItsValue(.enumeration(name, isInt: false), enums: enums) ? .plain : nil
        }
        return ["Int", "Bool", "String"].contains(name) ? .plain : nil
    }

    /// `a..<b`, `a...b` of plain values.
    private func isIntegerRange(_ e: ExprSyntax) -> Bool {
        let e = unparenthesized(e)
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `stride(from:to:by:)` of `Int`s, `(a..<b).reversed()` (SwiftLowering+Stride.swift)
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "stride" {
                return call.arguments.count == 3
                    && call.arguments.allSatisfy { interpolatedType($0.expression) == .plain }
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "reversed", let base = member.base
            {
                return isIntegerRange(base)
            }
            return false
        }
        guard let sequence = e.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..<" || op == "..."
        else { return false }
        return interpolatedType(elements[0]) == .plain && interpolatedType(elements[2]) == .plain
    }

    /// The class of `name` when it is a parameter of an enclosing closure whose type the lowering took (a closure
    /// value's, a KVO handler's object) and no statement in between declares the name again.
    private func closureParameterClass(_ name: String, at node: Syntax) -> String? {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items where item.position < current.position {
                    // `guard let user = user` (or `guard let user`) unwraps the same object: still its class.
                    if let guardStmt = item.item.as(GuardStmtSyntax.self), unwrapsItself(name, guardStmt.conditions) {
                        continue
                    }
                    if declaration(of: name, in: item.item) != nil { return nil }
                }
            } else if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id {
                if binding(of: name, in: ifExpr.conditions) != nil && !unwrapsItself(name, ifExpr.conditions) {
                    return nil
                }
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                if let type = closureParameterTypes[closure.id]?[name] {
                    if case .object(let cls) = type, classes[cls] != nil { return cls }
                    return nil
                }
                if closureDeclares(name, closure) { return nil }
            } else if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// Whether `conditions` bind `name` by unwrapping the outer `name` itself (`let name = name`, `let name`).
    private func unwrapsItself(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { condition in
            guard let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                optional.typeAnnotation == nil
            else { return false }
            guard let value = optional.initializer?.value else { return true }
            return value.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
    }

    /// The observed property's type of `change.newValue` (`change.oldValue`) when `node` is in a KVO change handler
    /// whose `change` it reads (SwiftLowering+KVO.swift).
    private func changeValueType(_ path: String, at node: Syntax) -> LoweredType? {
        var current = node
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self), let type = closureParameterTypes[closure.id]?[path] {
                return type
            }
            current = parent
        }
        return nil
    }

    /// Whether a closure's parameters or capture list declare `name` (whose type the lowering does not follow).
    private func closureDeclares(_ name: String, _ closure: ClosureExprSyntax) -> Bool {
        guard let signature = closure.signature else { return false }
        if signature.capture?.items.contains(where: { $0.name.text == name }) == true { return true }
        switch signature.parameterClause {
        case .simpleInput(let shorthand): return shorthand.contains { $0.name.text == name }
        case .parameterClause(let clause):
            return clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        case nil: return false
        }
    }

    /// The class (or extended class) whose member block holds `node`.
    private func enclosingClassName(of node: Syntax) -> String? {
        var current: Syntax? = node
        while let c = current {
            if let cls = c.as(ClassDeclSyntax.self) { return cls.name.text }
            if let e = c.as(EnumDeclSyntax.self) { return e.name.text }  // a namespace enum's type members
            if let ext = c.as(ExtensionDeclSyntax.self) {
                return ext.extendedType.as(IdentifierTypeSyntax.self)?.name.text
            }
            current = c.parent
        }
        return nil
    }

    /// The type of the property `name` declared in the body of the file's class `cls` (stored, or computed with
    /// an annotation).
    private func storedPropertyType(
        _ name: String, of cls: String, from node: Syntax, isStatic: Bool = false
    ) -> InterpolatedType? {
        guard let file = node.root.as(SourceFileSyntax.self) else { return nil }
        for statement in file.statements {
            // a class, or a namespace enum holding type properties (SwiftLowering+TypeMembers.swift)
            let members =
                statement.item.as(ClassDeclSyntax.self).flatMap { $0.name.text == cls ? $0.memberBlock.members : nil }
                ?? statement.item.as(EnumDeclSyntax.self).flatMap {
                    $0.name.text == cls && isStatic ? $0.memberBlock.members : nil
                }
            guard let members else { continue }
            for member in members {
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" })
                        == isStatic
                else { continue }
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return bindingType(binding)
                }
            }
        }
        return nil
    }
}
