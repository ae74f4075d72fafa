import LoopSimScenario
import SwiftSyntax

/// A literal constant the lowering folds at its uses (docs/swift-scenarios.md, "Everyday Swift"): a `let` whose
/// value is a literal can never change (the Swift book, "Constants and Variables"), so every use reads the literal.
struct SwiftConstant {
    /// The literal as written, without `_` separators (`1.0`, `-2`, `true`, `"feed"`).
    var text: String
    /// `.int` for an integer, `.bool`, `.string`, or `.interval` for a floating-point number (a `TimeInterval`,
    /// `Double`, `CGFloat` or `Float`): seconds where a duration is taken.
    var type: LoweredType
    /// Where it is declared.
    var location: ScenarioLocation

    /// Whether the literal is a floating-point number.
    var isFloat: Bool { type == .interval }
}

extension SwiftLowering {
    /// The floating-point types a constant may be declared with; `TimeInterval` is `Double` (Foundation).
    static let floatTypeNames: Set<String> = ["TimeInterval", "Double", "CGFloat", "Float", "Float64"]

    // MARK: Collecting

    /// Records the literal constants an item of the file declares, before any body is lowered: a top-level
    /// `let`, the `static let`s of a namespace (`enum Constants { … }`, `struct K { … }`), a class's `static let`s
    /// and its floating-point `let` properties, and an extension's `static let`s. Keys: `NAME` at the top level,
    /// `TYPE.NAME` in a type (looked up only).
    mutating func collectConstants(_ item: CodeBlockItemSyntax) {
        guard case .decl(let decl) = item.item else { return }
        if let v = decl.as(VariableDeclSyntax.self) {
            recordConstants(v, prefix: "", instance: false)
        } else if let group = decl.asProtocol(DeclGroupSyntax.self) {
            let owner: String? =
                decl.as(EnumDeclSyntax.self)?.name.text ?? decl.as(StructDeclSyntax.self)?.name.text
                ?? decl.as(ClassDeclSyntax.self)?.name.text
                ?? decl.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            guard let owner, owner != "Notification.Name" else { return }
            collectMembers(group.memberBlock.members, prefix: owner + ".", isClass: decl.is(ClassDeclSyntax.self))
        }
    }

    /// The constants of a type's members under `prefix` (`Poller.`), and of the namespaces nested in it
    /// (`Poller.Constants.`: `private enum Constants { static let interval = 1.0 }` inside a class).
    private mutating func collectMembers(_ members: MemberBlockItemListSyntax, prefix: String, isClass: Bool) {
        for member in members {
            if let v = member.decl.as(VariableDeclSyntax.self), isStatic(v.modifiers) || isClass {
                recordConstants(v, prefix: prefix, instance: isClass)
            } else if let e = member.decl.as(EnumDeclSyntax.self) {
                collectMembers(e.memberBlock.members, prefix: prefix + e.name.text + ".", isClass: false)
            } else if let s = member.decl.as(StructDeclSyntax.self) {
                collectMembers(s.memberBlock.members, prefix: prefix + s.name.text + ".", isClass: false)
            }
        }
    }

    /// The names of a class's instance `let`s that are folded constants: reading one in a closure uses `self`, as
    /// reading any instance property does (the Swift book, "Strong Reference Cycles for Closures"), so the closure
    /// captures `self` though the value is folded (``ClassShape/constantMembers``).
    func instanceConstantNames(_ decl: some ClassLikeDecl) -> Set<String> {
        var names: Set<String> = []
        for member in decl.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers), isFoldedConstant(v),
                let name = v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            names.insert(name)
        }
        return names
    }

    /// Records the bindings of `decl` that are literal constants. `instance`: a class's stored `let` (folded only
    /// when floating-point: an integer, boolean or string `let` stays a field, as it was before). A top-level
    /// integer, boolean or string `let` stays a local of `main:` too, which `main:` and the actions read; methods
    /// and their closures, which do not see `main:`'s names, read the folded literal (a global of `main.swift`).
    private mutating func recordConstants(_ decl: VariableDeclSyntax, prefix: String, instance: Bool) {
        guard decl.bindingSpecifier.text == "let" else { return }
        recordNotificationName(decl, prefix: prefix)  // SwiftLowering+NotificationNames.swift
        let isInstance = instance && !isStatic(decl.modifiers)
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, let constant = literalConstant(value, binding: binding)
            else { continue }
            if isInstance && !constant.isFloat { continue }
            constants[prefix + name] = constant
        }
    }

    /// The literal constant `value` is, with the binding's annotation (`let n: TimeInterval = 2` is `2.0`).
    private func literalConstant(_ value: ExprSyntax, binding: PatternBindingSyntax) -> SwiftConstant? {
        let annotation = binding.typeAnnotation?.type.trimmedDescription
        let floatAnnotated = annotation.map { Self.floatTypeNames.contains($0) } ?? false
        var e = value
        var sign = ""
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            sign = "-"
            e = p.expression
        }
        // `TimeInterval(2)`, `Double(0.5)`: the literal converted.
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.arguments.first?.label == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.floatTypeNames.contains(callee.baseName.text), let inner = call.arguments.first?.expression,
            inner.is(IntegerLiteralExprSyntax.self) || inner.is(FloatLiteralExprSyntax.self)
        {
            let text = inner.trimmedDescription.replacingUnderscores()
            return SwiftConstant(text: sign + text, type: .interval, location: location(value))
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            let text = sign + i.literal.text.replacingUnderscores()
            return SwiftConstant(text: text, type: floatAnnotated ? .interval : .int, location: location(value))
        }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            // `1e-3`, `0x1p-2`: no decimal the language reads; lowered where written, and refused there
            guard f.literal.text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "_" }) else { return nil }
            return SwiftConstant(
                text: sign + f.literal.text.replacingUnderscores(), type: .interval, location: location(value))
        }
        guard sign.isEmpty else { return nil }
        if let b = e.as(BooleanLiteralExprSyntax.self) {
            return SwiftConstant(text: b.literal.text, type: .bool, location: location(value))
        }
        if let s = plainString(e), !s.contains("\"") {
            return SwiftConstant(text: "\"\(s)\"", type: .string, location: location(value))
        }
        return nil
    }

    /// Whether `decl`, a stored property of a class, is a folded constant: a `let` of a floating-point literal
    /// (`private let interval: TimeInterval = 1.0`), or a `static let` of any literal. Such a property is no field.
    func isFoldedConstant(_ decl: VariableDeclSyntax) -> Bool {
        if isNotificationNameConstant(decl) { return true }  // SwiftLowering+NotificationNames.swift
        if isCenterAliasDeclaration(decl) { return true }  // the default center's name (+CenterAliases.swift)
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1,
            let binding = decl.bindings.first, let value = binding.initializer?.value,
            let constant = literalConstant(value, binding: binding)
        else { return false }
        return isStatic(decl.modifiers) || constant.isFloat
    }

    /// A top-level declaration that lowers to nothing because its uses are folded: a floating-point `let`
    /// (`let kInterval: TimeInterval = 0.5`), or a namespace of literal constants (`enum Constants { static let
    /// interval = 1.0 }`, a struct likewise). A namespace holding anything else is refused at that member.
    mutating func foldsAway(_ decl: DeclSyntax) -> Bool {
        if let v = decl.as(VariableDeclSyntax.self) {
            return v.modifiers.allSatisfy { Self.accessModifiers.contains($0.name.text) } && isFoldedConstant(v)
        }
        let members: MemberBlockItemListSyntax
        if let e = decl.as(EnumDeclSyntax.self), e.genericParameterClause == nil, e.inheritanceClause == nil {
            members = e.memberBlock.members
        } else if let s = decl.as(StructDeclSyntax.self), s.genericParameterClause == nil, s.inheritanceClause == nil {
            members = s.memberBlock.members
        } else {
            return false
        }
        // A namespace: every member a `static let` (an enum without cases, a struct never made).
        guard !members.isEmpty,
            members.allSatisfy({ $0.decl.as(VariableDeclSyntax.self).map { isStatic($0.modifiers) } ?? false })
        else { return false }
        for member in members {
            guard let v = member.decl.as(VariableDeclSyntax.self) else { continue }
            if v.bindingSpecifier.text != "let" {
                unsupported(
                    "a `static var`", "a namespace holds literal constants (`static let`); keep state in a class",
                    at: v)
            } else if !isFoldedConstant(v) {
                unsupported(
                    "a constant whose value is not a literal",
                    "write its value as a number, boolean or string literal, folded at every use", at: v)
            }
        }
        return true
    }

    /// What a property of a floating-point type other than `TimeInterval`/`Double` can be instead (`var d: Float`):
    /// a time is a `TimeInterval`, the language's `duration` (SwiftLowering+Durations.swift).
    func floatFieldAdvice(_ type: TypeSyntax) -> String {
        let name = type.trimmedDescription.replacingOccurrences(of: "?", with: "")
        guard Self.floatTypeNames.contains(name) else { return "" }
        return "; a time is a `TimeInterval` (a `Double` of seconds): declare it `TimeInterval`"
    }

    /// The access modifiers, which change nothing the model follows (the Swift book, "Access Control").
    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open"]

    // MARK: Folding

    /// The constant a bare name means at `node`: a constant of the enclosing class (or of an extension of it), or
    /// a top-level one; nil when the name is a parameter of the enclosing function or closure (which shadows it).
    func constant(named name: String, at node: some SyntaxProtocol) -> SwiftConstant? {
        var current: Syntax? = Syntax(node)
        var owner: String?
        var child: Syntax? = nil
        while let n = current {
            if let list = n.as(CodeBlockItemListSyntax.self), let child,
                let found = localConstant(name, in: list, before: child)
            {
                return found
            }
            child = n
            if let f = n.as(FunctionDeclSyntax.self),
                f.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return nil
            }
            if let c = n.as(ClosureExprSyntax.self), Self.closureParameterNames(c).contains(name) {
                return nil
            }
            if let c = n.as(ClassDeclSyntax.self) { owner = c.name.text; break }
            if let e = n.as(ExtensionDeclSyntax.self) { owner = e.extendedType.trimmedDescription; break }
            if let e = n.as(EnumDeclSyntax.self) { owner = e.name.text; break }
            if let s = n.as(StructDeclSyntax.self) { owner = s.name.text; break }
            current = n.parent
        }
        if let owner, let found = constants[owner + "." + name] { return found }
        return constants[name]
    }

    /// A local `let NAME = LITERAL` (floating-point) among the statements of `list` before `child`: a body's
    /// constant, folded as the others (``isFoldedConstant(_:)``), which the body's later statements see.
    private func localConstant(_ name: String, in list: CodeBlockItemListSyntax, before child: Syntax) -> SwiftConstant?
    {
        guard list.parent?.is(SourceFileSyntax.self) == false else { return nil }  // top-level: `constants`
        var found: SwiftConstant?
        for item in list {
            if item.id == child.id { break }
            guard let v = item.item.as(VariableDeclSyntax.self), isFoldedConstant(v), let binding = v.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let value = binding.initializer?.value
            else { continue }
            found = literalConstant(value, binding: binding)
        }
        return found
    }

    /// The names a closure's parameters bind (`timer in`, `(note: Notification) in`).
    static func closureParameterNames(_ closure: ClosureExprSyntax) -> Set<String> {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): Set(list.map(\.name.text))
        case .parameterClause(let clause): Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
        case nil: []
        }
    }

    /// The constant `TYPE.NAME`, `Self.NAME` or `self.NAME` means, if it is one.
    func constant(member: MemberAccessExprSyntax) -> SwiftConstant? {
        let name = member.declName.baseName.text
        guard let base = member.base else { return nil }
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let type = ref.baseName.text
            if type == "self" || type == "Self" { return enclosingConstant(name, at: member) }
            if let nested = enclosingConstant(type + "." + name, at: member) { return nested }
            return constants[type + "." + name]
        }
        if base.is(TypeExprSyntax.self), base.trimmedDescription == "Self" {
            return enclosingConstant(name, at: member)
        }
        return nil
    }

    /// A constant of the type whose body holds `node`.
    private func enclosingConstant(_ name: String, at node: some SyntaxProtocol) -> SwiftConstant? {
        var current: Syntax? = Syntax(node)
        while let n = current {
            if let c = n.as(ClassDeclSyntax.self) { return constants[c.name.text + "." + name] }
            if let e = n.as(ExtensionDeclSyntax.self) {
                return constants[e.extendedType.trimmedDescription + "." + name]
            }
            current = n.parent
        }
        return nil
    }

    /// The constant an expression names, if it names one (a bare name, or a member as above).
    func namedConstant(_ e: ExprSyntax) -> SwiftConstant? {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return constant(named: ref.baseName.text, at: ref) }
        if let member = e.as(MemberAccessExprSyntax.self) { return constant(member: member) }
        return nil
    }

    /// A use of a constant as a value of the scenario language (§6): an integer, boolean or string as written; a
    /// floating-point one only when it is a whole number (the language's numbers are integers), else refused at
    /// the use, saying where it folds.
    mutating func constantValue(_ c: SwiftConstant, name: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)?
    {
        guard c.isFloat else { return (c.text, c.type) }
        // A `TimeInterval` constant is the language's duration literal, seconds (SwiftLowering+Durations.swift).
        guard let text = decimalText(c.text) else {
            unsupported("`\(name)` (\(c.text)) as a number here", "write it as a decimal, e.g. `0.001`", at: node)
            return nil
        }
        return (text, .duration)
    }

    /// A floating-point constant's text as a decimal the scenario language reads as seconds (`4` → `4.0`,
    /// `-0.5`); nil for an exponent or a hexadecimal float.
    func decimalText(_ text: String) -> String? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.count == 1 || !parts[1].isEmpty
        else { return nil }
        return parts.count == 1 ? text + ".0" : text
    }

    /// A duration a constant gives: `interval` (a `TimeInterval` of seconds), `.seconds(kDelay)`,
    /// `.milliseconds(kTimeout)` with an integer constant. Nil when `e` uses no constant.
    mutating func constantDuration(_ e: ExprSyntax) -> String? {
        if let c = namedConstant(e) {
            guard c.type == .interval || c.type == .int else {
                unsupported(
                    "the constant `\(e.trimmedDescription)` as a duration", "a duration is a number of seconds",
                    at: e)
                return nil
            }
            return c.text + "s"
        }
        guard let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            call.arguments.count == 1, let argument = call.arguments.first?.expression,
            let c = namedConstant(argument), c.type == .int
        else { return nil }
        switch member.declName.baseName.text {
        case "seconds": return c.text + "s"
        case "milliseconds": return c.text + "ms"
        case "microseconds": return c.text + "us"
        case "nanoseconds": return c.text + "ns"
        default: return nil
        }
    }

    /// The literal text of a constant an operand of a comparison names, for ``infix(_:in:)``'s literal handling
    /// (so that beside a timer's `timeInterval` it is converted from seconds, as a literal is).
    func constantLiteral(_ e: ExprSyntax) -> SwiftConstant? {
        guard let c = namedConstant(e), c.type == .int || c.type == .interval else { return nil }
        return c
    }
}
