import SwiftSyntax

/// Overloads by argument labels or `async` (docs/swift-scenarios.md, "Methods"): a class that declares
/// `func load(completion: @escaping (Int) -> Void)` beside `func load() async -> Int` — the bridge of a completion API
/// to async — has two methods Swift tells apart at each call by the call's argument labels and, where only `async`
/// differs, by whether the call is awaited (SE-0296, "Overloading and overload resolution": in an asynchronous
/// context Swift prefers the `async` function, and a call of an `async` function must be marked `await`).
///
/// The lowering names a class's methods by their base name, so before it runs, each overload after the first of its
/// name in a class is renamed in the syntax tree (`load` → `load_async`, `load_completion`), and so is each call
/// that reaches it, chosen as Swift chooses: by the call's labels (a trailing closure fills the next closure
/// parameter, a defaulted parameter may be left out) and its `await`. The file's locations are kept: ``map(_:)``
/// turns a position of the renamed tree into the original file's.
///
/// A call that could reach overloads of two classes (its receiver's class is not known before lowering) and an
/// overload Swift tells apart only by its parameter or return types are refused, located.
struct OverloadRenaming {
    /// One instance method of a class of the file.
    struct Method {
        let className: String
        let name: String
        /// Each parameter's argument label (`_` for none), whether it has a default value and whether its type is a
        /// function type (a trailing closure may fill it).
        let parameters: [(label: String, hasDefault: Bool, isClosure: Bool)]
        let isAsync: Bool
        /// The name the lowering gives it.
        var lowered: String
    }

    /// A renamed token: where it was in the original text and how much longer the new name is.
    private struct Edit {
        let originalOffset: Int
        let originalLength: Int
        let newLength: Int
    }

    /// The tree with overloads and their calls renamed.
    private(set) var tree: SourceFileSyntax
    /// The calls refused: what, what to write instead, and where in the original tree.
    private(set) var refusals: [(what: String, instead: String, at: AbsolutePosition)] = []
    /// The renames, in original-text order.
    private var edits: [Edit] = []

    init(_ source: SourceFileSyntax) {
        tree = source
        refusals = Self.unfollowedOverloads(of: source)
        var methods = Self.methods(of: source)
        let overloaded = Self.assignNames(&methods)
        let finder = CallSiteFinder(names: overloaded, methods: methods)
        if !overloaded.isEmpty { finder.walk(source) }
        refusals += finder.refusals
        let words = ReservedWordFinder(viewMode: .sourceAccurate)
        words.walk(source)  // SwiftReservedWords.swift
        guard !overloaded.isEmpty || !words.renames.isEmpty else { return }
        var renames: [SyntaxIdentifier: String] = [:]
        for (token, name) in finder.renames + words.renames where renames[token.id] == nil {
            renames[token.id] = name
            edits.append(
                Edit(
                    originalOffset: token.positionAfterSkippingLeadingTrivia.utf8Offset,
                    originalLength: token.text.utf8.count, newLength: name.utf8.count))
        }
        for (token, name) in finder.declarations {
            renames[token.id] = name
            edits.append(
                Edit(
                    originalOffset: token.positionAfterSkippingLeadingTrivia.utf8Offset,
                    originalLength: token.text.utf8.count, newLength: name.utf8.count))
        }
        edits.sort { $0.originalOffset < $1.originalOffset }
        tree = Renamer(renames).rewrite(source).as(SourceFileSyntax.self) ?? source
    }

    /// The original file's position of `position`, a position in the renamed tree (a position inside a renamed
    /// name is its start).
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

    /// The instance methods of the file's classes and actors (and their extensions), in source order.
    private static func methods(of source: SourceFileSyntax) -> [Method] {
        var methods: [Method] = []
        for item in source.statements {
            let className: String
            let members: MemberBlockItemListSyntax
            if let c = item.item.as(ClassDeclSyntax.self) {
                (className, members) = (c.name.text, c.memberBlock.members)
            } else if let a = item.item.as(ActorDeclSyntax.self) {
                (className, members) = (a.name.text, a.memberBlock.members)
            } else if let e = item.item.as(ExtensionDeclSyntax.self) {
                (className, members) = (e.extendedType.trimmedDescription, e.memberBlock.members)
            } else {
                continue
            }
            for member in members {
                guard let f = member.decl.as(FunctionDeclSyntax.self),
                    !f.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
                else { continue }
                let parameters = f.signature.parameterClause.parameters.map { p in
                    (
                        label: p.firstName.text, hasDefault: p.defaultValue != nil,
                        isClosure: Self.isFunctionType(p.type)
                    )
                }
                methods.append(
                    Method(
                        className: className, name: f.name.text, parameters: parameters,
                        isAsync: f.signature.effectSpecifiers?.asyncSpecifier != nil, lowered: f.name.text))
            }
        }
        return methods
    }

    /// The overloads this renaming does not follow, each refused at its second declaration: a struct's methods and
    /// a class's `static` ones (a call of either names its type or value, which is only known while lowering).
    private static func unfollowedOverloads(
        of source: SourceFileSyntax
    ) -> [(what: String, instead: String, at: AbsolutePosition)] {
        var refusals: [(what: String, instead: String, at: AbsolutePosition)] = []
        var seen: Set<String> = []
        for item in source.statements {
            let typeName: String
            let members: MemberBlockItemListSyntax
            var isStruct = false
            if let c = item.item.as(ClassDeclSyntax.self) {
                (typeName, members) = (c.name.text, c.memberBlock.members)
            } else if let a = item.item.as(ActorDeclSyntax.self) {
                (typeName, members) = (a.name.text, a.memberBlock.members)
            } else if let st = item.item.as(StructDeclSyntax.self) {
                (typeName, members, isStruct) = (st.name.text, st.memberBlock.members, true)
            } else if let e = item.item.as(ExtensionDeclSyntax.self) {
                (typeName, members) = (e.extendedType.trimmedDescription, e.memberBlock.members)
            } else {
                continue
            }
            for member in members {
                guard let f = member.decl.as(FunctionDeclSyntax.self) else { continue }
                let isStatic = f.modifiers.contains { ["static", "class"].contains($0.name.text) }
                guard isStatic || isStruct else { continue }
                let key = "\(typeName).\(isStatic ? "static " : "")\(f.name.text)"
                guard !seen.insert(key).inserted else { continue }
                let kind = isStatic ? "static method" : "struct method"
                refusals.append(
                    (
                        "a second \(kind) named `\(f.name.text)` in `\(typeName)` (an overload)",
                        "give each its own name: LoopSim tells apart overloads of a class's instance methods only",
                        f.name.positionAfterSkippingLeadingTrivia
                    ))
            }
        }
        return refusals
    }

    /// Whether `type` is a closure type (`@escaping (Int) -> Void`, `(() -> Void)?`).
    private static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let a = type.as(AttributedTypeSyntax.self) { return isFunctionType(a.baseType) }
        if let o = type.as(OptionalTypeSyntax.self) { return isFunctionType(o.wrappedType) }
        if let t = type.as(TupleTypeSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return isFunctionType(only.type)
        }
        return false
    }

    /// Gives each overload after the first of its name in a class a name of its own: the base name and its labels
    /// (`load_completion`), `_async` where only `async` tells it apart, a number if that is taken. Overloads of one
    /// signature but for types keep their name (the lowering refuses the second). The names overloaded.
    private static func assignNames(_ methods: inout [Method]) -> Set<String> {
        var overloaded: Set<String> = []
        var taken: Set<String> = Set(methods.map { "\($0.className).\($0.name)" })
        for i in methods.indices {
            let m = methods[i]
            let earlier = methods[..<i].filter { $0.className == m.className && $0.name == m.name }
            guard !earlier.isEmpty else { continue }
            let labels = m.parameters.map(\.label)
            guard
                !earlier.contains(where: { $0.parameters.map(\.label) == labels && $0.isAsync == m.isAsync })
            else { continue }
            var name = m.name
            let spelled = labels.map { $0 == "_" ? "" : $0 }.filter { !$0.isEmpty }
            if !spelled.isEmpty { name += "_" + spelled.joined(separator: "_") }
            if taken.contains("\(m.className).\(name)") && m.isAsync { name += "_async" }
            var n = 2
            let stem = name
            while taken.contains("\(m.className).\(name)") {
                name = "\(stem)_\(n)"
                n += 1
            }
            taken.insert("\(m.className).\(name)")
            methods[i].lowered = name
            overloaded.insert(m.name)
        }
        return overloaded
    }
}

/// Finds the declarations of renamed overloads and the calls that reach them.
private final class CallSiteFinder: SyntaxVisitor {
    let names: Set<String>
    let methods: [OverloadRenaming.Method]
    var renames: [(TokenSyntax, String)] = []
    var declarations: [(TokenSyntax, String)] = []
    var refusals: [(what: String, instead: String, at: AbsolutePosition)] = []
    /// The class whose body (or extension) is being walked.
    private var classStack: [String] = []
    /// How many declarations of each class's methods were seen so far, to pair declarations with ``methods``.
    private var seen: [String: Int] = [:]

    init(names: Set<String>, methods: [OverloadRenaming.Method]) {
        self.names = names
        self.methods = methods
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        classStack.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { classStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        classStack.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { classStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        classStack.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { classStack.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let cls = classStack.last, node.parent?.is(MemberBlockItemSyntax.self) == true,
            !node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
        else { return .visitChildren }
        // The methods were collected in the same order: the k-th method of the class is this one.
        let k = seen[cls, default: 0]
        seen[cls] = k + 1
        let mine = methods.filter { $0.className == cls }
        if k < mine.count, mine[k].lowered != mine[k].name { declarations.append((node.name, mine[k].lowered)) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let token: TokenSyntax
        var onSelf = false
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            token = ref.baseName
            onSelf = true
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            token = member.declName.baseName
            onSelf = Self.isSelf(base)
        } else {
            return .visitChildren
        }
        let name = token.text
        guard names.contains(name) else { return .visitChildren }
        var candidates = methods.filter { $0.name == name }
        if onSelf, let cls = classStack.last, candidates.contains(where: { $0.className == cls }) {
            candidates = candidates.filter { $0.className == cls }
        } else if onSelf, node.calledExpression.is(DeclReferenceExprSyntax.self) {
            return .visitChildren  // a bare call outside the classes: a function of the file, not a method
        }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let closures = (node.trailingClosure == nil ? 0 : 1) + node.additionalTrailingClosures.count
        var matching = candidates.filter { Self.matches($0, labels: labels, trailingClosures: closures) }
        if Set(matching.map(\.isAsync)).count > 1 {
            let awaited = Self.isAwaited(node)
            matching = matching.filter { $0.isAsync == awaited }
        }
        let lowered = Set(matching.map(\.lowered))
        if lowered.count > 1 {
            let classes = Set(matching.map(\.className)).sorted().map { "`\($0)`" }.joined(separator: " and ")
            refusals.append(
                (
                    "a call of `\(name)` that may reach the overloads of \(classes)",
                    "give the overloads names of their own (`func \(name)Async() async`)",
                    node.positionAfterSkippingLeadingTrivia
                ))
        } else if let only = lowered.first, only != name {
            renames.append((token, only))
        }
        return .visitChildren
    }

    /// A compound name (`#selector(show(message:))`, `self.show(message:)` as a value) names the overload of those
    /// labels, in the class it is written in, or the one of the file's classes that has it.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard let argumentNames = node.argumentNames, names.contains(node.baseName.text) else { return .visitChildren }
        let labels = argumentNames.arguments.map(\.name.text)
        var matching = methods.filter { $0.name == node.baseName.text && $0.parameters.map(\.label) == labels }
        if let cls = classStack.last, matching.contains(where: { $0.className == cls }) {
            matching = matching.filter { $0.className == cls }
        }
        let lowered = Set(matching.map(\.lowered))
        if lowered.count == 1, let only = lowered.first, only != node.baseName.text {
            renames.append((node.baseName, only))
        }
        return .visitChildren
    }

    /// `self`, `self?`, `self!`.
    private static func isSelf(_ e: ExprSyntax) -> Bool {
        if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.tokenKind == .keyword(.self) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return isSelf(o.expression) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return isSelf(f.expression) }
        return false
    }

    /// Whether a call with these argument labels and trailing closures can call `m` (the Swift book, "Functions":
    /// each argument matches the next parameter of its label, a parameter with a default value may be left out,
    /// and a trailing closure fills the next closure parameter).
    private static func matches(_ m: OverloadRenaming.Method, labels: [String], trailingClosures: Int) -> Bool {
        var given = labels[...]
        var closures = trailingClosures
        for p in m.parameters {
            if let next = given.first, next == p.label {
                given.removeFirst()
            } else if given.isEmpty, closures > 0, p.isClosure {
                closures -= 1
            } else if !p.hasDefault {
                return false
            }
        }
        return given.isEmpty && closures == 0
    }

    /// Whether `call` is marked `await`: inside an `await` of its statement (not of an enclosing closure's), or the
    /// value of an `async let`, which Swift evaluates in a child task without one.
    private static func isAwaited(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let n = node {
            if n.is(AwaitExprSyntax.self) { return true }
            if let binding = n.as(PatternBindingListSyntax.self),
                let decl = binding.parent?.as(VariableDeclSyntax.self)
            {
                return decl.modifiers.contains { $0.name.text == "async" }
            }
            if n.is(ClosureExprSyntax.self) || n.is(CodeBlockItemSyntax.self) || n.is(MemberBlockItemSyntax.self) {
                return false
            }
            node = n.parent
        }
        return false
    }
}

/// Renames the tokens found.
private final class Renamer: SyntaxRewriter {
    let renames: [SyntaxIdentifier: String]

    init(_ renames: [SyntaxIdentifier: String]) {
        self.renames = renames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        guard let name = renames[token.id] else { return token }
        return token.with(\.tokenKind, .identifier(name))
    }
}
