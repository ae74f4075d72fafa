import LoopSimScenario
import SwiftSyntax

/// Payload-enum values crossing a call or a closure (docs/swift-scenarios.md, "Enums with cases" › "Passed to
/// methods and closures"). A value of a payload enum is its tag and each case's values in places of their own
/// (SwiftLowering+PayloadEnums.swift); a parameter of one, of a method or of a closure, is one parameter per place,
/// `event_tag`, `event_progress_done`, …, and an argument is the value's places, or a temporary's made for a case
/// written in the call (`emit(.finished(bytes: 5))`, `onChange?(.loading)`, `handler(Ev.idle)`). Swift passes an
/// enum by value (the Swift book, "Enumerations" › "Associated Values"; "Structures and Enumerations Are Value
/// Types"), so a callee's copy is the caller's value at the call, which these places are.
extension SwiftLowering {
    /// A place of a payload enum declared from a case (`let e: Ev = .finished(bytes: 5)`, the temporary of a case
    /// passed as an argument): the values of the other cases, declared nil. Swift's value holds no such values
    /// (an enum's storage is one case's payload) and nothing reads them (a case's values are read only under its
    /// pattern), but every place of the value is passed on or copied as a whole, so each is declared.
    func payloadEnumUnsetFields(
        _ e: PayloadEnum, besides set: PayloadEnum.Case, of prefix: String, at: ScenarioLocation
    ) -> [LocatedNode] {
        guard let shape = structs[e.name] else { return [] }
        var steps: [LocatedNode] = []
        for c in e.cases where c.name != set.name {
            for index in c.values.indices {
                let fieldName = PayloadEnum.field(c, index)
                guard let field = shape.field(fieldName) else { continue }
                let typeName = field.type == .timer ? "NSTimer" : (field.type.fieldTypeName ?? "id")
                steps.append(.step("let", "\(prefix)_\(fieldName): \(typeName) = nil", at: at))
            }
        }
        return steps
    }

    /// The payload enum `value` is a case of, spelled with its type (`Ev.progress(done: 1)`, `Ev.idle`): what a
    /// local without an annotation holds (`let event = DownloadEvent.finished(bytes: 5)`). Nil for another value
    /// (`.idle` alone has no type without an annotation, as in Swift).
    func payloadEnumSpelledCase(_ value: ExprSyntax) -> String? {
        let member =
            value.as(MemberAccessExprSyntax.self)
            ?? value.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        guard let name = member?.base?.trimmedDescription, payloadEnums[name] != nil,
            isPayloadCaseValue(value, of: name)
        else { return nil }
        return name
    }
}

extension SwiftLowering {
    /// A closure's parameter `name` (lowered `lowered`: `$0` is `shorthand0`) of the payload enum or struct `s`:
    /// one block parameter per place, `event_tag`, `event_progress_done`, …, which a `callBlock:` passes in order
    /// (``structArguments(_:struct:in:)``), and the locals the body reads them by: `name` as the value (for
    /// `switch`, `if case`, `print` and passing it on) and each place. A constant, as Swift's closure parameters are.
    func valueClosureParameters(_ name: String, lowered: String, struct s: String, at: ScenarioLocation)
        -> (params: [LocatedNode], locals: [(String, Local)])
    {
        var whole = Local(type: .value(s), isVar: false)
        if lowered != name { whole.lowered = lowered }
        var params: [LocatedNode] = []
        var locals: [(String, Local)] = [(name, whole)]
        for (place, field) in flatFields(of: s, prefix: lowered) {
            let typeName = field.type == .timer ? "NSTimer" : (field.type.fieldTypeName ?? "id")
            params.append(.map([(place, .plain(typeName, at: at))], at: at))
            locals.append((place, Local(type: field.type, isVar: false)))
        }
        return (params, locals)
    }
}

extension SwiftLowering {
    /// The arguments of `await x.m(…)`, `await m(…)` as a synchronous call's (``callArguments(_:types:callee:
    /// defaults:in:)``), typed by the method's parameters when the receiver is an object of the file's classes: a
    /// payload enum or a struct passed as its places (a case written in the call made into a temporary first, and
    /// released after the await), a `Result` as its two parts. Nil after a reported problem.
    mutating func awaitedArguments(_ call: FunctionCallExprSyntax, method: String, in scope: Scope)
        -> (before: [LocatedNode], arguments: [LocatedNode], after: [LocatedNode])?
    {
        var className: String?
        if call.calledExpression.is(DeclReferenceExprSyntax.self) {
            className = scope.className
        } else if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            case .object(let cls) = staticType(base, in: scope, report: false)
        {
            className = cls
        }
        let types = className.flatMap { classes[$0]?.methodParameterTypes[method] } ?? []
        return callArguments(call, types: types, callee: "`\(className ?? "?").\(method)`", in: scope)
    }
}

/// Where the statement's hoisted steps stood before an expression was lowered (``SwiftLowering/Hoisting``).
struct HoistMark {
    var steps: Int
    var releases: Int
    var throwChecks: Int

    init(_ hoisting: SwiftLowering.Hoisting) {
        (steps, releases, throwChecks) = (hoisting.steps.count, hoisting.releases.count, hoisting.throwChecks.count)
    }
}

extension SwiftLowering {
    /// `steps` with the calls hoisted since `mark` before them and their results' releases after them, taken out
    /// of the statement's: the arguments of `onEvent?(.finished(bytes: count()))`, which Swift evaluates only when
    /// the closure is not nil ("If the optional is nil, all of those operators and their sub-expressions are
    /// skipped": John McCall, forums.swift.org/t/how-does-the-optional-chaining-work-here/69850; certain, and
    /// checked by swiftc in conformance sw93). A `try` among them (its check recorded by index) leaves them in place.
    mutating func takeHoisted(since mark: HoistMark, around steps: [LocatedNode]) -> [LocatedNode] {
        guard hoisting.throwChecks.count == mark.throwChecks, hoisting.steps.count >= mark.steps,
            hoisting.releases.count >= mark.releases
        else { return steps }
        let made = Array(hoisting.steps[mark.steps...])
        let released = Array(hoisting.releases[mark.releases...])
        hoisting.steps.removeSubrange(mark.steps...)
        hoisting.releases.removeSubrange(mark.releases...)
        return made + steps + released
    }
}

extension SwiftLowering {
    /// How a refusal names a value of `s` to write instead: `a case (`.idle`, `.progress(done: …, total: …)`)` of a
    /// payload enum, `a `S(…)`` of a struct; `bare`: the first case, or `S(…)`, alone.
    func valueSpelling(_ s: String, bare: Bool = false) -> String {
        guard let e = payloadEnums[s] else { return bare ? "\(s)(…)" : "a `\(s)(…)`" }
        let cases = e.cases.prefix(2).map { c in
            c.values.isEmpty
                ? ".\(c.name)"
                : ".\(c.name)("
                    + c.values.map { ($0.label.map { "\($0): " } ?? "") + "…" }
                    .joined(separator: ", ") + ")"
        }
        if bare { return cases.first ?? s }
        return "a case (" + cases.map { "`\($0)`" }.joined(separator: ", ") + ")"
    }
}
