import LoopSimScenario
import SwiftSyntax

/// An actor's (or a `@MainActor` class's) property read from outside with `await` (SE-0306, "Actor isolation": a
/// cross-actor reference to an actor's stored or computed property is asynchronous, and reads it on the actor's
/// executor): `let total = await store.count`, `print("\(await store.count)")`, `if await store.isFull { … }`. The
/// read is a method of the class the lowering adds, `get_count` returning the property, awaited as any method of
/// the actor is (`await: store.get_count` with `result:`): the task hops to the actor, reads, and hops back. A read
/// of an awaited property inside an expression, like an awaited method that returns a value, is hoisted before its
/// statement into a temporary (SwiftLowering+Returns.swift, ``Hoisting``), where Swift evaluates it each time the
/// statement runs.
extension SwiftLowering {
    /// Records, for every isolated class, the properties the file reads with `await x.name`: a method reading each
    /// (a getter lowered as a method already is one). First pass, after every class's shape.
    mutating func collectAwaitedReads(_ tree: SourceFileSyntax) {
        let finder = AwaitedMemberFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard !finder.names.isEmpty else { return }
        for className in classes.keys.sorted() {
            guard var shape = classes[className], shape.isIsolated else { continue }
            for name in finder.names.sorted() {
                if shape.getters.contains(name) {
                    shape.awaitedReads[name] = name
                    continue
                }
                guard shape.lazy[name] == nil, shape.observers[name] == nil,
                    let type = shape.computed[name]?.type ?? shape.fields[name], Self.isReturnable(type)
                else { continue }
                let method = "get_\(name)"
                guard shape.methods[method] == nil, !shape.hasMember(method) else { continue }
                shape.methods[method] = []
                shape.returns[method] = type
                shape.awaitedReads[name] = method
            }
            classes[className] = shape
        }
    }

    /// The methods ``collectAwaitedReads(_:)`` added to the class: `get_NAME: {returns: TYPE, do: [return: self.NAME]}`
    /// (a computed property's getter expression in place of `self.NAME`).
    mutating func awaitedReadMethods(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard let shape = classes[className] else { return [] }
        var methods: [(String, LocatedNode)] = []
        for name in shape.awaitedReads.keys.sorted() {
            guard let method = shape.awaitedReads[name], method != name, let type = shape.returns[method],
                let typeName = type.fieldTypeName
            else { continue }
            var scope = Scope(kind: .method, className: className)
            scope.locals["self"] = Local(type: .object(className), isVar: false)
            scope.returnType = type
            let steps: [LocatedNode]
            if let computed = shape.computed[name] {
                guard let returned = returnSteps(computed.getter, type: type, in: scope) else { continue }
                steps = returned
            } else {
                steps = [.step("return", "self.\(name)", at: at)]
            }
            methods.append(
                (method, .map([("returns", .plain(typeName, at: at)), ("do", .list(steps, at: at))], at: at)))
        }
        return methods
    }

    /// `await x.name`, `x` an object of an isolated class whose `name` the file reads that way: the receiver, the
    /// method that reads it and its type. Nil for anything else.
    mutating func awaitedReadTarget(
        _ e: ExprSyntax, in scope: Scope
    ) -> (receiver: String, method: String, type: LoweredType)? {
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            case .object(let cls)? = quietType(base, in: scope),
            let method = classes[cls]?.awaitedReads[member.declName.baseName.text],
            let type = classes[cls]?.returns[method], let receiver = expression(base, in: scope)
        else { return nil }
        return (receiver.text, method, type)
    }

    /// The declared type of `x.name` read with `await`, by the declarations of the isolated classes that are read
    /// so: nil unless they all agree (the interpolation's proof, SwiftLowering+Interpolation.swift).
    /// `.some(nil)` when they disagree or are not printed as values; nil when no isolated class is read so.
    func awaitedReadType(_ member: MemberAccessExprSyntax) -> InterpolatedType?? {
        let name = member.declName.baseName.text
        let types = classes.keys.sorted().filter { classes[$0]?.awaitedReads[name] != nil }.map {
            storedPropertyType(name, of: $0, from: Syntax(member))
        }
        guard let first = types.first else { return nil }
        return .some(types.allSatisfy({ $0 == first }) ? first : nil)
    }

    /// The lowered type `await x.name` gives, `x` of an isolated class read so; nil for anything else.
    func awaitedReadLoweredType(_ value: ExprSyntax, in scope: Scope) -> LoweredType? {
        guard let member = value.as(AwaitExprSyntax.self)?.expression.as(MemberAccessExprSyntax.self),
            let base = member.base, case .object(let cls)? = quietType(base, in: scope),
            let method = classes[cls]?.awaitedReads[member.declName.baseName.text]
        else { return nil }
        return classes[cls]?.returns[method]
    }

    /// `let n = await store.count`, `self.total = await store.count`: the read's value into `place` (`await:` with
    /// `result:`). Nil when `value` is no awaited read of an isolated class's property.
    mutating func awaitedRead(_ value: ExprSyntax, place: String, in scope: Scope) -> [LocatedNode]? {
        guard let awaited = value.as(AwaitExprSyntax.self),
            let target = awaitedReadTarget(awaited.expression, in: scope)
        else { return nil }
        let at = location(awaited.expression)
        return [.step("await", "\(target.receiver).\(target.method)", at: at, [("result", .plain(place, at: at))])]
    }

    /// An `await` inside an expression: an awaited read of an isolated class's property, an awaited call of a
    /// method of the file that returns a value, or an `async let` name, hoisted before the statement into a
    /// temporary the expression reads.
    /// Nil when `a` is neither (the caller refuses it); `.some(nil)` when it is refused here.
    mutating func hoistedAwait(_ a: AwaitExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        if let done = hoisting.temporaries[a.id] { return .some(done) }
        let at = location(a.expression)
        let child = asyncLetChild(a.expression, in: scope)  // SwiftLowering+AsyncLet.swift
        let read = child == nil ? awaitedReadTarget(a.expression, in: scope) : nil
        let call = a.expression.as(FunctionCallExprSyntax.self)
        let type: LoweredType
        let name: String
        var callee: (className: String, method: String)?
        if let child {
            (type, name) = (child.type, child.name)
        } else if let read {
            (type, name) = (read.type, read.method)
        } else if let call {
            guard let found = returningCallee(call, in: scope) else { return nil }
            guard let found else { return .some(nil) }
            (type, name) = (found.type, found.method)
            callee = (found.className, found.method)
        } else {
            return nil
        }
        if let why = whyNotHoisted(a, in: scope) {
            unsupported(
                "`\(a.trimmedDescription)` \(why)",
                "await it first into a local (`let v = \(a.trimmedDescription)`), then use the local", at: a)
            return .some(nil)
        }
        // An `async let`'s temporary is named at its `await`, a call's or a read's at what is awaited.
        let temporary = Self.temporaryName("\(name)_", at: child == nil ? at : location(a))
        var steps: [LocatedNode] = []
        if let child {
            steps = awaitTaskSteps(child.task, type: type, into: temporary, at: location(a))
        } else if let read {
            steps = [
                .step("await", "\(read.receiver).\(read.method)", at: at, [("result", .plain(temporary, at: at))])
            ]
        } else if let call, let found = callee, let s = structArrayElement(type) {
            // an array of structs' parallel arrays, unpacked (SwiftLowering+StructArrayReturns.swift)
            guard
                let made = awaitedStructCall(
                    call, className: found.className, method: found.method, struct: s, temporary: temporary, in: scope)
            else { return .some(nil) }
            steps = made
        } else if let call, let found = callee, case .value(let s) = type, structs[s] != nil, payloadEnums[s] == nil {
            // a struct's parts, unpacked into the temporaries read as it (SwiftLowering+AsyncStructReturns.swift)
            guard
                let made = awaitedStructCall(
                    call, className: found.className, method: found.method, struct: s, temporary: temporary, in: scope)
            else { return .some(nil) }
            steps = made
        } else if let call {
            steps = awaitMethod(call, in: scope, result: temporary)
        }
        return .some(hoisted(steps, into: temporary, type: type, for: a.id, at: at))
    }
}

/// The names `await x.name` reads (a member access awaited, not called), anywhere in the file.
private final class AwaitedMemberFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.expression.as(MemberAccessExprSyntax.self), member.base != nil {
            names.insert(member.declName.baseName.text)
        }
        return .visitChildren
    }
}
