import LoopSimScenario
import SwiftSyntax

/// The conditions of `if`, `guard` and `while`: one scenario expression, with the steps its optional bindings and
/// hoisted calls need first, and `#available` as the variant's iOS version.
extension SwiftLowering {
    /// The conditions of an `if`, `guard` or `while` as one expression, with the `let:` steps their optional
    /// bindings need first (`if let t = self.timer` is `let: t = self.timer` then `if: t != nil`).
    mutating func conditions(_ list: ConditionElementListSyntax, in scope: inout Scope) -> (String, [LocatedNode])? {
        var parts: [String] = []
        var pre: [LocatedNode] = []
        conditionHoists = 0
        // The calls an element hoists (SwiftLowering+Returns.swift) run before its own steps, after the earlier
        // elements' (only the first element may call: ``hoistedCall(_:in:)`` refuses the others).
        var hoistedBefore = hoisting.steps.count
        var releasesBefore = hoisting.releases.count
        var preStart = 0
        func absorb(_ lowering: inout SwiftLowering, _ pre: inout [LocatedNode], at element: some SyntaxProtocol)
            -> Bool
        {
            defer {
                hoistedBefore = lowering.hoisting.steps.count
                releasesBefore = lowering.hoisting.releases.count
                preStart = pre.count
            }
            if lowering.hoisting.releases.count > releasesBefore {
                lowering.unsupported(
                    "an object returned by a call in a condition",
                    "bind it first: `if let x = f()` or `let x = f()`", at: element)
                return false
            }
            guard lowering.hoisting.steps.count > hoistedBefore else { return true }
            let hoisted = lowering.hoisting.steps[hoistedBefore...]
            lowering.conditionHoists += hoisted.count
            pre.insert(contentsOf: hoisted, at: preStart)
            lowering.hoisting.steps.removeSubrange(hoistedBefore...)
            return true
        }
        for element in list {
            guard absorb(&self, &pre, at: element) else { return nil }
            switch element.condition {
            case .expression(let e):
                guard let lowered = expression(e, in: scope) else { return nil }
                parts.append(list.count > 1 ? "(\(lowered.text))" : lowered.text)
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    unsupported("this binding pattern", "bind one name: `if let x = …`", at: binding.pattern)
                    return nil
                }
                if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let made = returningCallSteps(call, place: name, in: scope)
                {
                    // `if let t = makeTimer()`: the call's value goes straight into the binding's local.
                    pre += made.steps
                    scope.locals[name] = Local(type: made.type, isVar: false)
                    parts.append("\(name) != nil")
                    continue
                }
                if let initial = binding.initializer?.value,
                    let made = throwingInitBinding(name, initial, in: scope)  // SwiftLowering+ThrowingInits.swift
                {
                    // `if let c = try? Config(path: p)`: made into the binding's local, nil when its init threw.
                    guard let made else { return nil }
                    pre += made.steps
                    scope.locals[name] = Local(type: made.type, isVar: false)
                    parts.append("\(name) != nil")
                    continue
                }
                if let initial = binding.initializer?.value,
                    let cast = errorCastBinding(initial, name: name, in: scope)  // SwiftLowering+ErrorCasts.swift
                {
                    // `if let e = error as? LoadError`: the error into `e`, tested to be one of the enum's cases.
                    guard let (source, test, type) = cast else { return nil }
                    pre.append(.step("let", "\(name) = \(source)", at: location(binding)))
                    scope.locals[name] = Local(type: type, isVar: false)
                    parts.append("(\(test))")
                    continue
                }
                let value: ExprSyntax =
                    binding.initializer?.value
                    ?? ExprSyntax(
                        DeclReferenceExprSyntax(
                            baseName: .identifier(name)))
                if let found = structEntryBinding(name, value, at: binding, in: &scope) {  // +StructDictionaries
                    guard let (test, steps) = found else { return nil }
                    pre += steps
                    parts.append(list.count > 1 ? "(\(test))" : test)
                    continue
                }
                if let found = optionalStructBinding(
                    name, value, isVar: binding.bindingSpecifier.text == "var", at: binding, in: &scope)
                {
                    pre += found.steps  // SwiftLowering+OptionalStructs.swift
                    parts.append(list.count > 1 ? "(\(found.test))" : found.test)
                    continue
                }
                if let found = resultOptionalBinding(name, value, at: binding, in: &scope) {  // +ResultValues.swift
                    guard let (test, steps) = found else { return nil }
                    pre += steps
                    parts.append(list.count > 1 ? "(\(test))" : test)
                    continue
                }
                let lowered: (text: String, type: LoweredType)?
                if binding.initializer == nil {
                    lowered = scope.locals[name].map { (name, $0.type) } ?? expression(value, in: scope)
                } else {
                    lowered = expression(value, in: scope)
                }
                guard let lowered else { return nil }
                if name == "self", lowered.text == "self", scope.kind == .closure {
                    // `guard let self` / `if let self`: a strong reference for the rest of the body (SE-0079),
                    // the strong local `strongSelf`, which the body reads for `self`.
                    pre.append(.step("let", "strongSelf = self", at: location(binding)))
                    scope.locals["self"] = Local(type: lowered.type, isVar: false, lowered: "strongSelf")
                    parts.append("strongSelf != nil")
                    continue
                }
                if lowered.text != name {
                    pre.append(.step("let", "\(name) = \(lowered.text)", at: location(binding)))
                    scope.locals[name] = Local(type: lowered.type, isVar: false)
                }
                parts.append("\(name) != nil")
            case .matchingPattern(let m):
                if let found = resultCaseCondition(m, in: &scope) {  // SwiftLowering+Result.swift
                    guard let (test, steps) = found else { return nil }
                    pre += steps
                    parts.append(list.count > 1 ? "(\(test))" : test)
                    continue
                }
                if let found = payloadEnumCaseCondition(m, in: &scope) {  // SwiftLowering+PayloadEnums.swift
                    guard let (test, steps) = found else { return nil }
                    pre += steps
                    parts.append(list.count > 1 ? "(\(test))" : test)
                    continue
                }
                if let found = errorPayloadCaseCondition(m, in: &scope) {  // SwiftLowering+ErrorPayloads.swift
                    guard let (test, steps) = found else { return nil }
                    pre += steps
                    parts.append(list.count > 1 ? "(\(test))" : test)
                    continue
                }
                guard let test = enumCaseCondition(m, in: scope) else { return nil }  // SwiftLowering+Enums.swift
                parts.append(list.count > 1 ? "(\(test))" : test)
            case .availability(let a):
                guard let test = availabilityTest(a) else { return nil }
                parts.append(list.count > 1 ? "(\(test))" : test)
            default:
                unsupported("this condition", "use a boolean expression or `if let`", at: element)
                return nil
            }
        }
        guard absorb(&self, &pre, at: list) else { return nil }
        return (parts.joined(separator: " && "), pre)
    }

    /// `#available(iOS 10.0, *)` (`#unavailable(iOS 10)`): the variant's iOS version against the one named,
    /// `iosVersion >= 1000` (`<` for `#unavailable`). Another platform's version in the list is not LoopSim's (its
    /// variants are iOS and Linux): ignored; without an iOS entry the check passes, by its `*`.
    private mutating func availabilityTest(_ a: AvailabilityConditionSyntax) -> String? {
        let unavailable = a.availabilityKeyword.text == "#unavailable"
        for argument in a.availabilityArguments {
            guard case .availabilityVersionRestriction(let r) = argument.argument, r.platform.text == "iOS" else {
                continue
            }
            guard let version = r.version else { break }
            let major = Int(version.major.text) ?? -1
            let minor = version.components.first.flatMap { Int($0.number.text) } ?? 0
            guard major >= 0, (0..<100).contains(minor) else {
                unsupported("this iOS version", "write `iOS MAJOR.MINOR`", at: version)
                return nil
            }
            return "iosVersion \(unavailable ? "<" : ">=") \(major * 100 + minor)"
        }
        return unavailable ? "false" : "true"
    }
}
