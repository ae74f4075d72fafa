import SwiftParser
import SwiftSyntax

/// Method references as closures (docs/swift-scenarios.md, "Method references"): a method of the file named where a
/// closure is expected — `onTick = handleTick`, `self.onTick = self.handleTick`, `block: tick`, `using: handleNote`,
/// `execute: work`, `items.forEach(process)` — is a closure that calls the method on `self`, holding `self` strongly
/// (the Swift book, "Automatic Reference Counting" › "Strong Reference Cycles for Closures", and "Expressions" ›
/// "Explicit Member Expression": a method named without its call is a function value bound to its instance, which it
/// retains; so `onTick = handleTick` on `self` is the cycle self → onTick → closure → self).
///
/// Before lowering, each such reference is written out in the syntax tree as the closure Swift makes of it: `tick` of
/// `func tick(_ t: Timer)` becomes `{ (t: Timer) in self.tick(t) }` (a top-level function's, without `self.`), on
/// one line, so every later line keeps its number; ``map(_:)`` turns a position of the written-out tree into the
/// file's (a position inside a written-out closure is the reference's start). The lowering then lowers it as every
/// closure, with its strong capture of `self`.
///
/// A reference to an `async`, throwing, overloaded, `inout` or variadic method, and `other.m` of another object, are
/// refused, located: Swift's function values of those have no closure the lowering follows.
struct MethodReferenceRewriting {
    /// One method of a class of the file (or a top-level function, of the class named "").
    struct Method {
        let name: String
        /// Each parameter: its argument label (`_` for none), the name the closure gives it and its type's text.
        let parameters: [(label: String, name: String, type: String)]
        /// Why a reference to it is refused, if it is.
        let refusal: String?
    }

    /// A written-out reference: where it was in the original text and how much longer the closure is.
    private struct Edit {
        let originalOffset: Int
        let originalLength: Int
        let newLength: Int
    }

    /// The tree with method references written out as closures.
    private(set) var tree: SourceFileSyntax
    /// The references refused: what, what to write instead, and where in the original tree.
    private(set) var refusals: [(what: String, instead: String, at: AbsolutePosition)] = []
    private var edits: [Edit] = []

    init(_ source: SourceFileSyntax) {
        tree = source
        let table = MethodTable(source)
        guard !table.isEmpty else { return }
        let finder = ReferenceFinder(table: table)
        finder.walk(source)
        refusals = finder.refusals
        guard !finder.replacements.isEmpty else { return }
        var text = Array(source.syntaxTextBytes)
        for r in finder.replacements.sorted(by: { $0.offset > $1.offset }) {
            text.replaceSubrange(r.offset..<(r.offset + r.length), with: Array(r.text.utf8))
        }
        for r in finder.replacements.sorted(by: { $0.offset < $1.offset }) {
            edits.append(Edit(originalOffset: r.offset, originalLength: r.length, newLength: r.text.utf8.count))
        }
        let reparsed = Parser.parse(source: String(decoding: text, as: UTF8.self))
        if !reparsed.hasError { tree = reparsed }
    }

    /// The original file's position of `position`, a position in the written-out tree.
    func map(_ position: AbsolutePosition) -> AbsolutePosition {
        var shift = 0
        for edit in edits {
            let start = edit.originalOffset + shift
            if position.utf8Offset < start { break }
            if position.utf8Offset < start + edit.newLength { return AbsolutePosition(utf8Offset: edit.originalOffset) }
            shift += edit.newLength - edit.originalLength
        }
        return AbsolutePosition(utf8Offset: position.utf8Offset - shift)
    }
}

/// The file's classes' instance methods (through their extensions and the file's superclasses) and top-level
/// functions, and their properties' names.
private struct MethodTable {
    var methods: [String: [MethodReferenceRewriting.Method]] = [:]
    var properties: [String: Set<String>] = [:]
    var superclass: [String: String] = [:]
    var classes: Set<String> = []
    /// The names of the properties of the file's structs, enums, protocols and actors, wherever declared: `r.status`
    /// of a struct `r` reads its field even when a class of the file has a method `status(jobID:)`.
    var valueProperties: Set<String> = []

    var isEmpty: Bool { methods.isEmpty }

    init(_ source: SourceFileSyntax) {
        for item in source.statements {
            if let c = item.item.as(ClassDeclSyntax.self) {
                classes.insert(c.name.text)
                if let first = c.inheritanceClause?.inheritedTypes.first {
                    superclass[c.name.text] = first.type.trimmedDescription
                }
                add(c.memberBlock.members, to: c.name.text)
            } else if let e = item.item.as(ExtensionDeclSyntax.self) {
                add(e.memberBlock.members, to: e.extendedType.trimmedDescription)
            } else if let f = item.item.as(FunctionDeclSyntax.self) {
                methods["", default: []].append(Self.method(f))
            }
        }
        let finder = ValuePropertyFinder(viewMode: .sourceAccurate)
        finder.walk(source)
        valueProperties = finder.names
    }

    private mutating func add(_ members: MemberBlockItemListSyntax, to className: String) {
        for member in members {
            if let v = member.decl.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    if let n = b.pattern.as(IdentifierPatternSyntax.self) {
                        properties[className, default: []].insert(n.identifier.text)
                    }
                }
            }
            guard let f = member.decl.as(FunctionDeclSyntax.self),
                !f.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            methods[className, default: []].append(Self.method(f))
        }
    }

    private static func method(_ f: FunctionDeclSyntax) -> MethodReferenceRewriting.Method {
        var refusal: String?
        if f.signature.effectSpecifiers?.asyncSpecifier != nil { refusal = "an `async` method" }
        if f.signature.effectSpecifiers?.throwsClause != nil { refusal = "a throwing method" }
        if f.genericParameterClause != nil { refusal = "a generic method" }
        var parameters: [(label: String, name: String, type: String)] = []
        for (i, p) in f.signature.parameterClause.parameters.enumerated() {
            if p.ellipsis != nil { refusal = "a variadic method" }
            if let a = p.type.as(AttributedTypeSyntax.self),
                a.specifiers.contains(where: { $0.trimmedDescription == "inout" })
            {
                refusal = "a method with an `inout` parameter"
            }
            let inner = (p.secondName ?? p.firstName).text
            let name = inner == "_" ? "argument\(i)" : inner
            parameters.append((p.firstName.text, name, p.type.trimmedDescription))
        }
        return .init(name: f.name.text, parameters: parameters, refusal: refusal)
    }

    /// Whether `name` is an instance method of some class of the file and no class's property.
    func isMethodOnly(_ name: String) -> Bool {
        methods.contains { $0.key != "" && $0.value.contains { $0.name == name } }
            && !properties.values.contains { $0.contains(name) } && !valueProperties.contains(name)
    }

    /// The methods named `name` that an instance of `className` has (its own, then its file superclasses').
    func methods(named name: String, of className: String) -> [MethodReferenceRewriting.Method] {
        var cls: String? = className
        var seen: Set<String> = []
        while let c = cls, seen.insert(c).inserted {
            if properties[c]?.contains(name) == true { return [] }
            let found = methods[c, default: []].filter { $0.name == name }
            if !found.isEmpty { return found }
            cls = superclass[c].flatMap { classes.contains($0) ? $0 : nil }
        }
        return []
    }
}

/// The property names declared in the members of the file's structs, enums, protocols and actors (nested ones too).
private final class ValuePropertyFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let owner = node.parent?.parent?.parent?.parent
        if owner?.is(StructDeclSyntax.self) == true || owner?.is(EnumDeclSyntax.self) == true
            || owner?.is(ProtocolDeclSyntax.self) == true || owner?.is(ActorDeclSyntax.self) == true
        {
            for b in node.bindings {
                if let n = b.pattern.as(IdentifierPatternSyntax.self) { names.insert(n.identifier.text) }
            }
        }
        return .visitChildren
    }
}

/// Finds the method references of the file and the closure each is.
private final class ReferenceFinder: SyntaxVisitor {
    let table: MethodTable
    var replacements: [(offset: Int, length: Int, text: String)] = []
    var refusals: [(what: String, instead: String, at: AbsolutePosition)] = []

    init(table: MethodTable) {
        self.table = table
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        .skipChildren  // `#selector(tick)` names a method for the Objective-C runtime, not a closure
    }

    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Whether `base` names a type (`Names`, `IdleTimer`, `Self`; Swift's types are capitalized by convention, the
    /// API Design Guidelines): `Names.signedOut` is a static member, a constant or a type's method, never an
    /// instance's method bound to an object.
    static func isTypeName(_ base: ExprSyntax) -> Bool {
        guard let ref = base.as(DeclReferenceExprSyntax.self), let first = ref.baseName.text.first else { return false }
        return first.isUppercase
    }

    override func visit(_ node: ClosureCaptureClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .skipChildren
        }
        consider(ExprSyntax(node), name: node.baseName.text, labels: node.argumentNames, viaSelf: false)
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "self" {
            consider(
                ExprSyntax(node), name: node.declName.baseName.text, labels: node.declName.argumentNames,
                viaSelf: true)
            return .skipChildren
        }
        let name = node.declName.baseName.text
        if let base = node.base, !base.is(SuperExprSyntax.self), !Self.isTypeName(base), isValueUse(ExprSyntax(node)),
            table.isMethodOnly(name)
        {
            // `other.method`: Swift binds the method to the object `other` is now, which a closure reading `other`
            // when called would not.
            let object = base.trimmedDescription
            refusals.append(
                (
                    "a reference to `\(name)` of another object (`\(object).\(name)`) as a closure",
                    "write the closure with the object in its capture list: `{ [\(object)] x in "
                        + "\(object).\(name)(x) }` (bind the object to a local first if it is not a name)",
                    node.positionAfterSkippingLeadingTrivia
                ))
            return .skipChildren
        }
        return .visitChildren
    }

    /// `expr` naming `name`: written out when it names a method of the enclosing class (or a top-level function)
    /// and is not called.
    private func consider(
        _ expr: ExprSyntax, name: String, labels: DeclNameArgumentsSyntax?, viaSelf: Bool
    ) {
        guard isValueUse(expr) else { return }
        let enclosing = enclosingClass(of: Syntax(expr))
        var candidates: [MethodReferenceRewriting.Method] = []
        var receiver = ""
        if let cls = enclosing {
            candidates = table.methods(named: name, of: cls)
            receiver = candidates.isEmpty ? "" : "self."
        }
        if candidates.isEmpty, !viaSelf, enclosing == nil || table.properties[enclosing ?? ""]?.contains(name) != true {
            candidates = table.methods["", default: []].filter { $0.name == name }
        }
        guard !candidates.isEmpty, !isShadowed(name, at: Syntax(expr)) else { return }
        if let labels {
            let spelled = labels.arguments.map { $0.name.text }
            candidates = candidates.filter { $0.parameters.map(\.label) == spelled }
        }
        let at = expr.positionAfterSkippingLeadingTrivia
        guard candidates.count == 1, let method = candidates.first else {
            refusals.append(
                (
                    "a reference to `\(name)`, a method of more than one signature, as a closure",
                    "write the closure: `{ x in self.\(name)(x) }`", at
                ))
            return
        }
        if let refusal = method.refusal {
            refusals.append(
                (
                    "a reference to \(refusal) (`\(name)`) as a closure",
                    "write the closure that calls it, with its `try`/`await` inside a `do` or a `Task`", at
                ))
            return
        }
        let arguments = method.parameters.map { ($0.label == "_" ? "" : "\($0.label): ") + $0.name }
        let call = "\(receiver)\(name)(\(arguments.joined(separator: ", ")))"
        let signature = method.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        let text = method.parameters.isEmpty ? "{ \(call) }" : "{ (\(signature)) in \(call) }"
        let length = expr.endPositionBeforeTrailingTrivia.utf8Offset - at.utf8Offset
        replacements.append((at.utf8Offset, length, text))
    }

    /// Whether `expr` is used as a value: not called, not a member's base, not `super`'s.
    private func isValueUse(_ expr: ExprSyntax) -> Bool {
        guard let parent = expr.parent else { return false }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == expr.id { return false }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expr.id { return false }
        if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { return false }
        if parent.is(InOutExprSyntax.self) { return false }
        return parent.is(LabeledExprSyntax.self) || parent.is(InitializerClauseSyntax.self)
            || parent.is(ExprListSyntax.self) || parent.is(ReturnStmtSyntax.self)
    }

    /// The class (or class extension) whose member `node` is inside, if any; nil inside a struct, an enum or an
    /// actor, whose members this rewrite does not follow.
    private func enclosingClass(of node: Syntax) -> String? {
        var n = node.parent
        while let current = n {
            if let c = current.as(ClassDeclSyntax.self) { return c.name.text }
            if let e = current.as(ExtensionDeclSyntax.self) {
                let name = e.extendedType.trimmedDescription
                return table.classes.contains(name) ? name : nil
            }
            if current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self) || current.is(ActorDeclSyntax.self)
            {
                return "\u{0}"  // no class: matches no methods
            }
            n = current.parent
        }
        return nil
    }

    /// Whether `name` is declared inside the member or top-level statement enclosing `node` (a parameter, a local,
    /// a closure's parameter): then `name` is that, not the method.
    private func isShadowed(_ name: String, at node: Syntax) -> Bool {
        var n: Syntax? = node
        var outermost: Syntax = node
        while let current = n {
            if current.is(MemberBlockItemSyntax.self) || current.is(CodeBlockItemSyntax.self) {
                outermost = current
                if current.is(MemberBlockItemSyntax.self) { break }
                if current.parent?.parent?.is(SourceFileSyntax.self) == true { break }
            }
            n = current.parent
        }
        let declared = DeclaredNames()
        declared.walk(outermost)
        return declared.names.contains(name)
    }
}

/// The names a piece of Swift declares: patterns, parameters, closure parameters.
private final class DeclaredNames: SyntaxVisitor {
    var names: Set<String> = []
    init() { super.init(viewMode: .sourceAccurate) }
    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.identifier.text)
        return .skipChildren
    }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
}
