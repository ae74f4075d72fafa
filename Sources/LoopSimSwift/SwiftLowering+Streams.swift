import LoopSimScenario
import SwiftSyntax

/// `AsyncStream` and `for await` (docs/swift-scenarios.md, "Swift concurrency"; SE-0314): a stream made with
/// `AsyncStream(Int.self) { continuation in … }` (the build closure runs at once), `AsyncStream<Int> { … }` or
/// `AsyncStream.makeStream(of: Int.self)` (Swift 5.9), into a local, a property or a pair of them;
/// `continuation.yield(v)` and `continuation.finish()` wherever the continuation was stored; `for await v in stream
/// { … }` in a task or an async method; and `for await note in NotificationCenter.default.notifications(named:)`
/// (iOS 15). Lowered to the `asyncStream:`, `streamYield:`, `streamFinish:` and `streamNext:` steps (the kernel's
/// `Streams`): the stream and its continuation are one object there, as they are two structs around one storage
/// object in Swift (swift stdlib/public/Concurrency/AsyncStream.swift).
extension SwiftLowering {
    /// The lowered type of `AsyncStream<T>` (`element` is T as written).
    static func streamType(element: String, throwing: Bool = false) -> LoweredType {
        .api("\(throwing ? "AsyncThrowingStream" : "AsyncStream")<\(element)>")
    }

    /// The lowered type of `AsyncStream<T>.Continuation`.
    static func streamContinuationType(element: String, throwing: Bool = false) -> LoweredType {
        .api("\(throwing ? "AsyncThrowingStream" : "AsyncStream")<\(element)>.Continuation")
    }

    /// The element type text of a stream or continuation type (`Int` of `AsyncStream<Int>.Continuation`).
    static func streamElement(of type: LoweredType) -> String? {
        guard case .api(let name) = type.unwrapped, let close = name.lastIndex(of: ">") else { return nil }
        for prefix in ["AsyncStream<", "AsyncThrowingStream<"] where name.hasPrefix(prefix) {
            return String(name[name.index(name.startIndex, offsetBy: prefix.count)..<close])
        }
        return nil
    }

    /// `AsyncStream<Int>` or `AsyncStream<Int>.Continuation` as a type annotation; nil for any other type.
    func streamTypeNamed(_ type: TypeSyntax) -> LoweredType? {
        if let throwing = throwingStreamTypeNamed(type) { return throwing }  // SwiftLowering+ThrowingStreams.swift
        if let i = type.as(IdentifierTypeSyntax.self), i.name.text == "AsyncStream",
            let element = i.genericArgumentClause?.arguments.first
        {
            return Self.streamType(element: element.argument.trimmedDescription)
        }
        if let m = type.as(MemberTypeSyntax.self), m.name.text == "Continuation",
            let base = m.baseType.as(IdentifierTypeSyntax.self), base.name.text == "AsyncStream",
            let element = base.genericArgumentClause?.arguments.first
        {
            return Self.streamContinuationType(element: element.argument.trimmedDescription)
        }
        return nil
    }

    /// Whether element type `element` is `Void` (`AsyncStream<Void>`: `yield()` carries no value).
    static func isVoidElement(_ element: String) -> Bool { element == "Void" || element == "()" }

    /// The lowered type of element type text `element`, nil (after saying so) when LoopSim does not carry it.
    private mutating func streamElementType(_ element: String, at node: some SyntaxProtocol) -> LoweredType? {
        if Self.isVoidElement(element) { return .unknown }
        let type = typeNamed(element)
        switch type {
        // A `Date` (or a `TimeInterval`) is a duration: a date is the virtual wall clock's time since the start
        // (SwiftLowering+Dates.swift), and a stream hands the value over unchanged.
        case .int, .bool, .string, .object, .enumeration, .duration: return type
        default:
            unsupported(
                "an AsyncStream of `\(element)`",
                "stream Int, Bool, String, Date, TimeInterval, an enum of the file or an object of a class of the file",
                at: node)
            return nil
        }
    }

    // MARK: Making a stream

    /// What a stream-making expression is: the call, its element type (nil when it does not say), the build
    /// closure (nil for `makeStream`), and whether it is `makeStream`.
    struct StreamMaking {
        let call: FunctionCallExprSyntax
        var element: String?
        let build: ClosureExprSyntax?
        let isMakeStream: Bool
        /// `AsyncThrowingStream` (SwiftLowering+ThrowingStreams.swift).
        var throwing = false
        /// `bufferingPolicy: .bufferingOldest(n)` or `.bufferingNewest(n)`; nil for `.unbounded`.
        var buffering: StreamBuffering? = nil
    }

    /// `AsyncStream(Int.self) { c in … }`, `AsyncStream<Int> { … }`, `AsyncStream { (c: AsyncStream<Int>.Continuation)
    /// in … }`, `AsyncStream.makeStream(of: Int.self)` or `AsyncStream<Int>.makeStream()`; nil for anything else.
    /// A form LoopSim refuses (a buffering policy, `AsyncThrowingStream`) is reported and answers `.some(nil)`.
    mutating func streamMaking(_ e: ExprSyntax) -> StreamMaking?? {
        guard let call = unparenthesized(e).as(FunctionCallExprSyntax.self) else { return nil }
        var called = call.calledExpression
        var isMakeStream = false
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "makeStream",
            let base = member.base
        {
            isMakeStream = true
            called = base
        }
        var element: String?
        var buffering: StreamBuffering?
        var typeName = called.trimmedDescription
        if let generic = called.as(GenericSpecializationExprSyntax.self) {
            typeName = generic.expression.trimmedDescription
            element = generic.genericArgumentClause.arguments.first?.argument.trimmedDescription
        }
        let throwing = typeName == "AsyncThrowingStream"
        guard typeName == "AsyncStream" || throwing else { return nil }
        for argument in call.arguments {
            switch argument.label?.text {
            case "throwing" where isMakeStream && throwing:
                guard isErrorMetatype(argument.expression) else { return .some(nil) }  // +ThrowingStreams.swift
            case "bufferingPolicy":
                guard let policy = streamBufferingPolicy(argument.expression) else { return .some(nil) }
                buffering = policy  // SwiftLowering+StreamBuffering.swift
            case nil where !isMakeStream, "of" where isMakeStream:
                if let member = argument.expression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "self", let base = member.base
                {
                    element = base.trimmedDescription
                } else if argument.expression.is(ClosureExprSyntax.self) {
                    continue
                } else {
                    unsupported(
                        "this AsyncStream argument", "name the element type: `AsyncStream(Int.self) { … }`",
                        at: argument)
                    return .some(nil)
                }
            default:
                unsupported(
                    "this form of AsyncStream",
                    "write `AsyncStream(Int.self) { continuation in … }` or `AsyncStream.makeStream(of: Int.self)`",
                    at: argument)
                return .some(nil)
            }
        }
        let build =
            call.trailingClosure ?? call.arguments.last.flatMap { $0.expression.as(ClosureExprSyntax.self) }
        if isMakeStream == (build != nil) || !call.additionalTrailingClosures.isEmpty {
            unsupported(
                "this form of AsyncStream",
                "write `AsyncStream(Int.self) { continuation in … }` or `AsyncStream.makeStream(of: Int.self)`",
                at: call)
            return .some(nil)
        }
        if element == nil, let build, case .parameterClause(let clause)? = build.signature?.parameterClause,
            let type = clause.parameters.first?.type, let t = streamTypeNamed(type)
        {
            element = Self.streamElement(of: t)
        }
        return .some(
            StreamMaking(
                call: call, element: element, build: build, isMakeStream: isMakeStream, throwing: throwing,
                buffering: buffering?.limit == nil ? nil : buffering))
    }

    /// The steps that make the stream of `made` into local `local` (new, of the stream type), run its build closure
    /// at once with its parameter bound to the same object, and declare the local in `scope`. Nil after a refusal.
    mutating func makeStreamSteps(
        _ made: StreamMaking, element: String?, into local: String, in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(made.call)
        guard let element else {
            unsupported(
                "an AsyncStream without its element type",
                "say it: `AsyncStream(Int.self) { … }`, `AsyncStream<Int> { … }` or `let s: AsyncStream<Int> = …`",
                at: made.call)
            return nil
        }
        guard streamElementType(element, at: made.call) != nil else { return nil }
        let throwing = made.throwing
        var keys: [(String, LocatedNode)] = throwing ? [("throwing", .plain("true", at: at))] : []
        if let buffering = made.buffering, let limit = buffering.limit {
            guard let n = expression(limit, in: scope) else { return nil }
            guard n.type == .int else {
                unsupported("this buffering limit", "give the number of values the buffer keeps, an Int", at: limit)
                return nil
            }
            keys.append(
                (buffering.keepsNewest ? "bufferingNewest" : "bufferingOldest", .plain(n.text, at: location(limit))))
        }
        var steps: [LocatedNode] = [.step("asyncStream", local, at: at, keys)]
        scope.locals[local] = Local(type: Self.streamType(element: element, throwing: throwing), isVar: false)
        guard let build = made.build else { return steps }
        // The build closure runs at once, synchronously, in `init` (AsyncStream.swift: `build(Continuation(…))`):
        // its statements are lowered in place, its parameter naming the stream's storage.
        var parameter = "$0"
        switch build.signature?.parameterClause {
        case .simpleInput(let list)?: if let first = list.first { parameter = first.name.text }
        case .parameterClause(let clause)?:
            if let first = clause.parameters.first { parameter = first.secondName?.text ?? first.firstName.text }
        case nil: break
        }
        if build.signature?.capture != nil {
            unsupported(
                "a capture list on AsyncStream's build closure",
                "the closure runs at once, before the initializer returns: leave the list out", at: build)
            return nil
        }
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        inner.throwContext = nil
        if parameter != "_" {
            inner.locals[parameter] = Local(
                type: Self.streamContinuationType(element: element, throwing: throwing), isVar: false, lowered: local)
        }
        steps += lowerStatements(build.statements, in: &inner, tail: true)
        return steps
    }

    /// `let stream = AsyncStream(Int.self) { … }`, `let s: AsyncStream<Int> = AsyncStream { … }` or `let (stream,
    /// continuation) = AsyncStream.makeStream(of: Int.self)`: the stream into new locals. Nil when `binding` makes
    /// no stream.
    mutating func streamBinding(_ binding: PatternBindingSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let value = binding.initializer?.value, let found = streamMaking(value) else { return nil }
        guard let made = found else { return [] }
        let annotated = binding.typeAnnotation.flatMap { streamTypeNamed($0.type) }
        let element = made.element ?? annotated.flatMap(Self.streamElement(of:))
        let at = location(binding)
        if let pattern = binding.pattern.as(TuplePatternSyntax.self) {
            let names = pattern.elements.map { $0.pattern.trimmedDescription }
            guard made.isMakeStream, names.count == 2, pattern.elements.allSatisfy({ $0.label == nil }) else {
                unsupported(
                    "this pattern", "write `let (stream, continuation) = AsyncStream.makeStream(of: Int.self)`",
                    at: pattern)
                return []
            }
            let stream = names[0] == "_" ? Self.temporaryName("stream", at: at) : names[0]
            guard var steps = makeStreamSteps(made, element: element, into: stream, in: &scope) else { return [] }
            if names[1] != "_", let element {
                steps.append(.step("let", "\(names[1]) = \(stream)", at: at))
                scope.locals[names[1]] = Local(
                    type: Self.streamContinuationType(element: element, throwing: made.throwing), isVar: false)
            }
            return steps
        }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        if made.isMakeStream {
            unsupported(
                "`makeStream` into one name",
                "take the pair apart: `let (stream, continuation) = AsyncStream.makeStream(of: Int.self)`",
                at: binding.pattern)
            return []
        }
        if scope.capturedVars.contains(name),
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier
                .text == "var"
        {
            unsupported("a `var` stream a closure captures", "declare it with `let`", at: binding.pattern)
            return []
        }
        return makeStreamSteps(made, element: element, into: name, in: &scope) ?? []
    }

    /// `self.stream = AsyncStream(Int.self) { continuation in self.continuation = continuation }` or `(stream,
    /// continuation) = AsyncStream.makeStream(of: Int.self)` (in an `init`): made into a temporary, then stored.
    /// Nil when `rhs` makes no stream.
    mutating func streamAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        if let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "onTermination" {
            return streamOnTermination(member, rhs, in: scope)  // SwiftLowering+ThrowingStreams.swift
        }
        guard let found = streamMaking(rhs) else { return nil }
        guard let made = found else { return [] }
        let at = location(rhs)
        let temporary = Self.temporaryName("stream", at: at)
        if let tuple = lhs.as(TupleExprSyntax.self) {
            guard made.isMakeStream, tuple.elements.count == 2 else {
                unsupported(
                    "this assignment", "write `(stream, continuation) = AsyncStream.makeStream(of: Int.self)`",
                    at: lhs)
                return []
            }
            let places = tuple.elements.map(\.expression)
            var element = made.element
            var targets: [(text: String, type: LoweredType)?] = []
            for place in places {
                if place.is(DiscardAssignmentExprSyntax.self) {
                    targets.append(nil)
                    continue
                }
                guard let target = expression(place, in: scope) else { return [] }
                element = element ?? Self.streamElement(of: target.type)
                targets.append(target)
            }
            guard var steps = makeStreamSteps(made, element: element, into: temporary, in: &scope) else { return [] }
            for target in targets.compactMap({ $0 }) {
                steps.append(.step("set", "\(target.text) = \(temporary)", at: at))
            }
            return steps
        }
        if made.isMakeStream {
            unsupported(
                "`makeStream` into one place",
                "take the pair apart: `(stream, continuation) = AsyncStream.makeStream(of: Int.self)`", at: lhs)
            return []
        }
        guard let place = expression(lhs, in: scope) else { return [] }
        let element = made.element ?? Self.streamElement(of: place.type)
        guard var steps = makeStreamSteps(made, element: element, into: temporary, in: &scope) else { return [] }
        steps.append(.step("set", "\(place.text) = \(temporary)", at: at))
        return steps
    }

    // MARK: The continuation

    /// `continuation.yield(v)`, `continuation.yield()` and `yield(())` (a stream of `Void`) and `continuation.finish()` on a
    /// continuation (`receiver`, its lowered text; an optional chain is nil-safe); any other call is refused.
    mutating func streamContinuationMethod(
        _ type: String, _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let element = Self.streamElement(of: .api(type)) ?? ""
        guard type.hasSuffix(".Continuation") else {
            unsupported(
                "`\(call.calledExpression.trimmedDescription)` on an AsyncStream",
                "read a stream with `for await value in stream { … }`; yield and finish on its continuation", at: call)
            return []
        }
        let arguments = Array(call.arguments)
        switch name {
        case "finish" where arguments.isEmpty && call.trailingClosure == nil:
            return [.step("streamFinish", receiver, at: at)]
        case "finish" where arguments.count == 1 && arguments[0].label?.text == "throwing":
            return streamFinishThrowing(type, receiver, arguments[0].expression, at: call, in: scope)  // +Throwing…
        case "yield"
        where arguments.count == 1 && arguments[0].label == nil && Self.isVoidElement(element)
            && arguments[0].expression.as(TupleExprSyntax.self)?.elements.isEmpty == true:
            // `yield(())`: the one value of `Void`, the empty tuple (the Swift book, "Functions" › "Functions
            // Without Return Values"), spelled out; the same call as `yield()`.
            return [.step("streamYield", receiver, at: at, [("value", .plain("nil", at: at))])]
        case "yield" where arguments.count == 1 && arguments[0].label == nil:
            let argument = arguments[0].expression
            var value: (text: String, type: LoweredType)?
            if case .enumeration(let enumName, let isInt)? = Optional(typeNamed(element)) {
                value = withEnumContext(.enumeration(enumName, isInt: isInt)) { $0.expression(argument, in: scope) }
            } else {
                value = expression(argument, in: scope)
            }
            guard let value else { return [] }
            return [.step("streamYield", receiver, at: at, [("value", .plain(value.text, at: location(argument)))])]
        case "yield" where arguments.isEmpty && Self.isVoidElement(element):
            return [.step("streamYield", receiver, at: at, [("value", .plain("nil", at: at))])]
        default:
            unsupported(
                "`\(call.calledExpression.trimmedDescription)(…)` on an AsyncStream continuation",
                "LoopSim models `yield(value)`, `finish()`, `finish(throwing:)` and `onTermination`; `yield(with:)` "
                    + "and the buffering policies are not modelled", at: call)
            return []
        }
    }

    // MARK: for await

    /// `for await v in stream { … }` over an AsyncStream, or over `NotificationCenter.default.notifications(named:
    /// object:)`: a `while: true` loop whose turn starts with `streamNext:` and leaves at the end; `break`,
    /// `continue`, `where` and `return` as in any loop. Nil when `f` is no `for await`.
    mutating func streamForAwait(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard f.awaitKeyword != nil else { return nil }
        let at = location(f)
        var name: String?
        if let identifier = f.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if !f.pattern.is(WildcardPatternSyntax.self) {
            unsupported("this loop pattern", "name the value: `for await value in stream`", at: f.pattern)
            return []
        }
        var before: [LocatedNode] = []
        var after: [LocatedNode] = []
        let stream: String
        let element: LoweredType
        let elementName: String?
        var iteratedType = LoweredType.unknown
        var dropsStream = false
        if let notifications = notificationSequence(f.sequence) {
            guard let made = notificationStreamSteps(notifications, in: scope) else { return [] }
            (stream, before, after) = made
            element = .object("NSNotification")
            elementName = "NSNotification"
        } else {
            let other =
                "LoopSim models `for await` over an AsyncStream and over "
                + "`NotificationCenter.default.notifications(named:)`; other AsyncSequences (`url.lines`, "
                + "an `AsyncPublisher`) are not modelled: feed an `AsyncStream(Int.self) { continuation in … }` (or "
                + "an `AsyncThrowingStream`) from the callback instead"
            if let member = unparenthesized(f.sequence).as(MemberAccessExprSyntax.self),
                ["lines", "bytes", "values", "characters", "unicodeScalars", "resourceBytes"].contains(
                    member.declName.baseName.text)
            {
                unsupported("`for await` over `\(f.sequence.trimmedDescription)`", other, at: f)
                return []
            }
            if refuseSequenceOperator(f) { return [] }  // SwiftLowering+ThrowingStreams.swift
            guard let sequence = expression(f.sequence, in: scope) else { return [] }
            guard let written = Self.streamElement(of: sequence.type) else {
                unsupported("`for await` over this sequence", other, at: f)
                return []
            }
            if case .api(let type) = sequence.type.unwrapped, type.hasSuffix(".Continuation") {
                unsupported("`for await` over a continuation", "iterate the stream itself", at: f.sequence)
                return []
            }
            if Self.isThrowingStream(sequence.type), f.tryKeyword == nil {
                unsupported(
                    "`for await` over an AsyncThrowingStream", "its `next()` throws: write `for try await`",
                    at: f)
                return []
            }
            guard let type = streamElementType(written, at: f.sequence) else { return [] }
            guard let drops = streamDroppedAtExit(f) else { return [] }  // SwiftLowering+StreamExit.swift
            dropsStream = drops
            element = type
            iteratedType = sequence.type
            elementName = Self.isVoidElement(written) ? nil : type.fieldTypeName
            // The iterator is made once, from the stream the expression names when the loop starts.
            stream = Self.temporaryName("iterated", at: at)
            before.append(.step("let", "\(stream) = \(sequence.text)", at: location(f.sequence)))
        }
        let ended = Self.temporaryName("ended", at: at)
        var next: [(String, LocatedNode)] = []
        if let name, let elementName {
            next.append(("type", .plain(elementName, at: at)))
            next.append(("result", .plain(name, at: location(f.pattern))))
        }
        next.append(("ended", .plain(ended, at: at)))
        // `for try await` over an AsyncThrowingStream: its error, after the buffered values (+ThrowingStreams.swift).
        guard let thrown = streamLoopError(f, iteratedType, into: &next, in: scope) else { return [] }
        var body = scope
        body.returnBreaksLoop = false
        if let name {
            body.locals[name] = Local(type: element, isVar: false)
            body.locals[name]?.isPlainElement = [.int, .bool, .string].contains(element)
        }
        guard let steps = loopBody(f, in: &body) else { return [] }  // SwiftLowering+Arrays.swift
        let leave = LocatedNode.step("if", ended, at: at, [("then", .list([.plain("break", at: at)], at: at))])
        let turn = [LocatedNode.step("streamNext", stream, at: location(f.sequence), next)] + thrown + [leave] + steps
        let loop = [LocatedNode.step("while", "true", at: location(f.pattern), [("do", .list(turn, at: at))])]
        return before + (dropsStream ? Self.cancellingAtExits(loop, stream, at: at) : loop) + after
    }

    /// `NotificationCenter.default.notifications(named: N)` or `(named: N, object: O)`: the call; nil for anything
    /// else.
    private func notificationSequence(_ e: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = unparenthesized(e).as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "notifications",
            ["NotificationCenter.default", "NotificationCenter.`default`"].contains(
                member.base?.trimmedDescription ?? "") || member.base.map(isCenterAlias) == true
        else { return nil }
        return call
    }

    /// The stream of a `notifications(named:object:)` sequence (Foundation, iOS 15): made with a block observer
    /// registered when the call is made, with no queue, so it yields each notification on the posting thread; the
    /// observer is removed when the loop ends. Returns the stream's local and the steps before and after the loop.
    private mutating func notificationStreamSteps(_ call: FunctionCallExprSyntax, in scope: Scope)
        -> (stream: String, before: [LocatedNode], after: [LocatedNode])?
    {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label?.text == "named", arguments.count <= 2,
            arguments.count == 1 || arguments[1].label?.text == "object", call.trailingClosure == nil
        else {
            unsupported(
                "this form of `notifications(…)`", "write `NotificationCenter.default.notifications(named: .x)`",
                at: call)
            return nil
        }
        guard let name = notificationName(first.expression, allowNil: false) else { return nil }
        var extra: [(String, LocatedNode)] = []
        if arguments.count == 2, !arguments[1].expression.is(NilLiteralExprSyntax.self) {
            guard let object = expression(arguments[1].expression, in: scope) else { return nil }
            extra.append(("object", .plain(object.text, at: location(arguments[1].expression))))
        }
        // iOS 15 API: the model's iOS variants are older, and run it as iOS 15 does (docs/swift-scenarios.md).
        bag.warning(
            .swiftIgnored,
            "`notifications(named:)` is iOS 15+ (and macOS 12+); LoopSim runs it on every variant as iOS 15 does: a "
                + "block observer with no queue, registered now, yields each notification on the posting thread, "
                + "and is removed when the loop ends (docs/swift-scenarios.md)", at: at)
        let stream = Self.temporaryName("notifications", at: at)
        let token = Self.temporaryName("notificationsObserver", at: at)
        let note = Self.temporaryName("note", at: at)
        extra += [
            ("token", .plain(token, at: at)), ("notification", .plain(note, at: at)),
            ("captures", .list([.plain(stream, at: at)], at: at)),
            ("do", .list([.step("streamYield", stream, at: at, [("value", .plain(note, at: at))])], at: at)),
        ]
        let observe = LocatedNode.step("addObserverForName", nil, at: at, extra).replacingArgumentNode(name)
        return (
            stream, [.step("asyncStream", stream, at: at), observe], [.step("removeObserver", token, at: at)]
        )
    }
}

// MARK: Stream properties

extension SwiftLowering {
    /// The type of a stream property from its initial value, `let events = AsyncStream(Int.self) { … }` or
    /// `AsyncStream<Int> { … }`; nil when the value makes no stream or does not say its element type.
    func streamPropertyType(_ value: ExprSyntax) -> LoweredType? {
        guard let call = unparenthesized(value).as(FunctionCallExprSyntax.self) else { return nil }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "makeStream" {
            return nil
        }
        var element: String?
        if let generic = called.as(GenericSpecializationExprSyntax.self) {
            called = generic.expression
            element = generic.genericArgumentClause.arguments.first?.argument.trimmedDescription
        }
        let throwing = called.trimmedDescription == "AsyncThrowingStream"
        guard called.trimmedDescription == "AsyncStream" || throwing else { return nil }
        if element == nil, let first = call.arguments.first, first.label == nil,
            let member = first.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self"
        {
            element = member.base?.trimmedDescription
        }
        return element.map { Self.streamType(element: $0, throwing: throwing) }
    }

    /// `let (stream, continuation) = AsyncStream.makeStream(of: Int.self)` as a property pair: the two fields'
    /// types, by name; nil for any other binding.
    func streamPairFields(_ binding: PatternBindingSyntax) -> [(String, LoweredType)]? {
        guard let pattern = binding.pattern.as(TuplePatternSyntax.self), pattern.elements.count == 2,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "makeStream", let base = member.base
        else { return nil }
        var element: String?
        let streamTypes = ["AsyncStream", "AsyncThrowingStream"]
        let throwing =
            (base.as(GenericSpecializationExprSyntax.self)?.expression ?? base).trimmedDescription
            == "AsyncThrowingStream"
        if let generic = base.as(GenericSpecializationExprSyntax.self) {
            guard streamTypes.contains(generic.expression.trimmedDescription) else { return nil }
            element = generic.genericArgumentClause.arguments.first?.argument.trimmedDescription
        } else {
            guard streamTypes.contains(base.trimmedDescription) else { return nil }
            if let of = call.arguments.first(where: { $0.label?.text == "of" })?.expression.as(
                MemberAccessExprSyntax.self), of.declName.baseName.text == "self"
            {
                element = of.base?.trimmedDescription
            }
        }
        guard let element else { return nil }
        let names = pattern.elements.map { $0.pattern.trimmedDescription }
        return [
            (names[0], Self.streamType(element: element, throwing: throwing)),
            (names[1], Self.streamContinuationType(element: element, throwing: throwing)),
        ]
        .filter { $0.0 != "_" }
    }

    /// A stored property made by a stream: `let events = AsyncStream(Int.self) { … }` or `let (stream,
    /// continuation) = AsyncStream.makeStream(of: Int.self)`: `id` fields, and the stream made at the start of
    /// `init`, where Swift evaluates a property's initial value. False when `binding` makes no stream.
    mutating func streamField(
        _ binding: PatternBindingSyntax, _ decl: VariableDeclSyntax, className: String,
        into fields: inout [(String, LocatedNode)], initSteps: inout [LocatedNode]
    ) -> Bool {
        guard let value = binding.initializer?.value, let found = streamMaking(value) else { return false }
        guard let made = found else { return true }
        if decl.modifiers.contains(where: { $0.name.text == "lazy" }) {
            unsupported(
                "a `lazy` AsyncStream property",
                "make it when the object is made: `let (stream, continuation) = AsyncStream.makeStream(of: Int.self)`, "
                    + "or in `init`", at: decl)
            return true
        }
        let at = location(binding)
        var scope = methodScope(className: className, body: [])
        let temporary = Self.temporaryName("stream", at: at)
        var names: [String] = []
        var element = made.element
        if let pair = streamPairFields(binding) {
            names = binding.pattern.as(TuplePatternSyntax.self)?.elements.map { $0.pattern.trimmedDescription } ?? []
            element = element ?? pair.first.flatMap { Self.streamElement(of: $0.1) }
        } else if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, !made.isMakeStream {
            names = [name]
            element = element ?? binding.typeAnnotation.flatMap { streamTypeNamed($0.type) }.flatMap(Self.streamElement)
        } else {
            unsupported(
                "this stream property",
                "write `let (stream, continuation) = AsyncStream.makeStream(of: Int.self)` or `let stream = "
                    + "AsyncStream(Int.self) { continuation in … }`", at: binding.pattern)
            return true
        }
        guard let steps = makeStreamSteps(made, element: element, into: temporary, in: &scope) else { return true }
        initSteps += steps
        for name in names where name != "_" {
            fields.append((name, .plain("strong id", at: at)))
            initSteps.append(.step("set", "self.\(name) = \(temporary)", at: at))
        }
        return true
    }
}
