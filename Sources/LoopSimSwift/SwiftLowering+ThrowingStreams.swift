import LoopSimScenario
import SwiftSyntax

/// `AsyncThrowingStream`, `for try await` and a stream's `onTermination` (docs/swift-scenarios.md, "AsyncStream and
/// for await"; SE-0314): `AsyncThrowingStream { continuation in … }`, `AsyncThrowingStream<Int, Error> { … }`,
/// `AsyncThrowingStream.makeStream(of: Int.self)` (and `throwing: Error.self`) made as an `AsyncStream` is (the
/// `asyncStream:` step with `throwing: true`); `continuation.finish(throwing: UploadError.stalled)` (`streamFinish:`
/// with `error:`); `for try await v in stream` (`streamNext:` with `error:`, the error passed on as a `try`'s is:
/// into the `do`'s `catch`, or out of a `throws` method); `continuation.onTermination = { termination in … }` on
/// either stream (`streamOnTermination:`), its parameter a `Termination` (`.finished`, `.cancelled`); and a method
/// returning a stream (`func progress() -> AsyncThrowingStream<Int, Error> { AsyncThrowingStream { … } }`).
extension SwiftLowering {
    /// The lowered enum of a termination handler's parameter (`AsyncStream<T>.Continuation.Termination`, and the
    /// throwing stream's): its cases are their names, as Swift prints an `AsyncStream`'s.
    static let streamTerminationEnum = "Termination"
    /// An `AsyncThrowingStream`'s termination: Swift prints `.finished` with its optional error (`finished(nil)`),
    /// so it is not printed as its case's name (declared with a raw type, which ``isPrintedAsItsValue`` excludes).
    static let throwingStreamTerminationEnum = "ThrowingTermination"

    /// Whether `type` is an `AsyncThrowingStream` (or its continuation).
    static func isThrowingStream(_ type: LoweredType) -> Bool {
        guard case .api(let name) = type.unwrapped else { return false }
        return name.hasPrefix("AsyncThrowingStream<")
    }

    /// `AsyncThrowingStream<Int, Error>` or `AsyncThrowingStream<Int, any Error>.Continuation` as a type annotation
    /// (the failure type is `Error`: Swift makes an `AsyncThrowingStream` of no other); nil for any other type.
    func throwingStreamTypeNamed(_ type: TypeSyntax) -> LoweredType? {
        var base = type
        var isContinuation = false
        if let m = type.as(MemberTypeSyntax.self), m.name.text == "Continuation" {
            base = m.baseType
            isContinuation = true
        }
        guard let i = base.as(IdentifierTypeSyntax.self), i.name.text == "AsyncThrowingStream",
            let element = i.genericArgumentClause?.arguments.first
        else { return nil }
        let text = element.argument.trimmedDescription
        return isContinuation
            ? Self.streamContinuationType(element: text, throwing: true)
            : Self.streamType(element: text, throwing: true)
    }

    /// `Error.self` or `(any Error).self` as `makeStream`'s `throwing:`; false after refusing another type.
    mutating func isErrorMetatype(_ e: ExprSyntax) -> Bool {
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base?.trimmedDescription,
            ["Error", "(any Error)", "any Error", "Swift.Error", "(Error)"].contains(base)
        {
            return true
        }
        unsupported(
            "`throwing: \(e.trimmedDescription)`",
            "an AsyncThrowingStream fails with `any Error`: write `throwing: Error.self`, or leave it out", at: e)
        return false
    }

    // MARK: finish(throwing:)

    /// `continuation.finish(throwing: UploadError.stalled)` on an AsyncThrowingStream's continuation: `streamFinish:`
    /// with `error:`; `finish(throwing: nil)` is `finish()`.
    mutating func streamFinishThrowing(
        _ type: String, _ receiver: String, _ argument: ExprSyntax, at call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        guard Self.isThrowingStream(.api(type)) else {
            unsupported(
                "`finish(throwing:)` on an AsyncStream's continuation",
                "an AsyncStream cannot fail: end it with `finish()`, or make an `AsyncThrowingStream` to end it with "
                    + "an error", at: call)
            return []
        }
        if argument.is(NilLiteralExprSyntax.self) { return [.step("streamFinish", receiver, at: at)] }
        guard
            let value = withEnumContext(
                .enumeration(Self.errorTypeName, isInt: false), { $0.expression(argument, in: scope) })
        else { return [] }
        guard case .enumeration = value.type.unwrapped else {
            unsupported(
                "finishing a stream with this error",
                "finish with a case of an error enum of the file (`continuation.finish(throwing: "
                    + "UploadError.stalled)`)", at: argument)
            return []
        }
        return [.step("streamFinish", receiver, at: at, [("error", .plain(value.text, at: location(argument)))])]
    }

    // MARK: for try await

    /// The `error:` of a `streamNext:` over an AsyncThrowingStream (`iterated`, the stream's type), added to `next`,
    /// and the steps after it that pass a thrown error on as a `try` does (SwiftLowering+Throws.swift): `[]` for a
    /// stream that cannot fail; nil after a refusal (a `for try await` where Swift accepts no throw).
    mutating func streamLoopError(
        _ f: ForStmtSyntax, _ iterated: LoweredType, into next: inout [(String, LocatedNode)], in scope: Scope
    ) -> [LocatedNode]? {
        guard Self.isThrowingStream(iterated) else { return [] }
        let at = location(f)
        let error = Self.temporaryName("streamError", at: at)
        next.append(("error", .plain(error, at: at)))
        // From inside the loop's body: into a `do`'s flag, the loop left first; out of a `throws` method.
        guard let out = propagate(error, from: f.body, in: scope) else { return nil }
        return [.step("if", "\(error) != nil", at: at, [("then", .list(out, at: at))])]
    }

    // MARK: onTermination

    /// `continuation.onTermination = { termination in … }` (`{ _ in … }`, `{ @Sendable _ in … }`, with a capture
    /// list) or `= nil`, on either stream's continuation: the closure as a block of one parameter (the termination,
    /// `finished` or `cancelled`), handed to `streamOnTermination:`, which keeps it in the stream's storage.
    mutating func streamOnTermination(_ member: MemberAccessExprSyntax, _ rhs: ExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(member)
        var baseExpr = member.base.map { ExprSyntax($0) }
        if let chained = baseExpr?.as(OptionalChainingExprSyntax.self) { baseExpr = chained.expression }
        guard let baseExpr, let base = expression(baseExpr, in: scope) else {
            if member.base == nil {
                unsupported(
                    "`.onTermination`", "set it on the continuation: `continuation.onTermination = …`", at: member)
            }
            return []
        }
        guard case .api(let type) = base.type.unwrapped, Self.streamElement(of: base.type) != nil,
            type.hasSuffix(".Continuation")
        else {
            unsupported(
                "`onTermination` here",
                "set it on the stream's continuation: `continuation.onTermination = { termination in … }`",
                at: member)
            return []
        }
        if rhs.is(NilLiteralExprSyntax.self) {
            return [.step("streamOnTermination", base.text, at: at, [("handler", .plain("nil", at: at))])]
        }
        guard let closure = rhs.as(ClosureExprSyntax.self) else {
            unsupported(
                "`onTermination` set to this value",
                "write the closure there: `continuation.onTermination = { termination in … }`", at: rhs)
            return []
        }
        let throwing = Self.isThrowingStream(base.type)
        let termination = throwing ? Self.throwingStreamTerminationEnum : Self.streamTerminationEnum
        if enums[termination] == nil {
            enums[termination] = SwiftEnum(
                name: termination, rawType: throwing ? "String" : nil,
                cases: [("finished", "\"finished\""), ("cancelled", "\"cancelled\"")])
        }
        let handler = Self.temporaryName("onTermination", at: at)
        let made = closureValueSteps(
            closure, place: handler, types: [.enumeration(termination, isInt: false)], in: scope)
        guard !made.isEmpty else { return [] }
        // The storage takes its own reference; the temporary lets go of its one at once, so that the handler lives
        // exactly as long as the storage keeps it.
        return made + [
            .step("streamOnTermination", base.text, at: at, [("handler", .plain(handler, at: at))]),
            .step("release", handler, at: at),
        ]
    }

    // MARK: A method returning a stream

    /// `func progress(of id: Int) -> AsyncThrowingStream<Int, Error> { AsyncThrowingStream { continuation in … } }`
    /// (or `return AsyncStream(Int.self) { … }`): the stream made into a local named by the method, its build
    /// closure run at once, and returned. Nil when `value` makes no stream.
    mutating func streamReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, type: LoweredType, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let found = streamMaking(value) else { return nil }
        guard let made = found else { return [] }
        if made.isMakeStream {
            unsupported(
                "returning `makeStream`'s pair",
                "return the stream: `AsyncThrowingStream(Int.self) { continuation in … }`, or keep the pair in "
                    + "properties: `let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)`",
                at: value)
            return []
        }
        if Self.streamElement(of: type) == nil || Self.isThrowingStream(type) != made.throwing {
            unsupported(
                "returning this stream here", "return the stream type the method declares", at: value)
            return []
        }
        let at = location(ret)
        let method = ret.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) })?.name.text ?? "stream"
        let local = scope.locals[method] == nil ? method : Self.temporaryName(method, at: at)
        let element = made.element ?? Self.streamElement(of: type)
        guard let steps = makeStreamSteps(made, element: element, into: local, in: &scope) else { return [] }
        return steps + [.step("return", local, at: at)]
    }
}

extension SwiftLowering {
    /// The `AsyncSequence` operators (swift stdlib/public/Concurrency: AsyncMapSequence.swift and its siblings).
    static let asyncSequenceOperators: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "prefix", "dropFirst", "drop", "first", "reduce", "contains",
        "allSatisfy", "min", "max", "enumerated", "removeDuplicates", "debounce", "throttle", "chunked", "merge",
    ]

    /// `for await v in stream.map { … }` (any `AsyncSequence` operator on the sequence) is refused, located, with
    /// what to write instead. True after refusing.
    mutating func refuseSequenceOperator(_ f: ForStmtSyntax) -> Bool {
        var e = unparenthesized(f.sequence)
        if let t = e.as(TryExprSyntax.self) { e = t.expression }
        guard let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
            Self.asyncSequenceOperators.contains(member.declName.baseName.text)
        else { return false }
        let name = member.declName.baseName.text
        unsupported(
            "the AsyncSequence operator `.\(name)` in `for await`",
            "LoopSim iterates the stream itself: loop over it and do the `\(name)` in the body (`for await v in "
                + "stream { guard v > 0 else { continue }; … }`)", at: call)
        return true
    }
}

extension SwiftLowering {
    /// Whether `e` is a call that makes a stream (`AsyncThrowingStream { … }`, `AsyncStream<Int>(…)`,
    /// `AsyncStream.makeStream(of:)`): a method returning it makes a new stream at each call, so it is a method,
    /// not a value to inline.
    static func makesStream(_ e: ExprSyntax) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self) else { return false }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "makeStream",
            let base = member.base
        {
            called = base
        }
        if let generic = called.as(GenericSpecializationExprSyntax.self) { called = generic.expression }
        return ["AsyncStream", "AsyncThrowingStream"].contains(called.trimmedDescription)
    }
}
