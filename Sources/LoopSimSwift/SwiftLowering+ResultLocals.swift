import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// `let result: Result<String, ProfileError>` without a value, given one later on each path (`switch status {
    /// case 200: result = .success("Ada") … }`; Swift's definite initialization, the Swift book, "The Basics" ›
    /// "Constants and Variables", checks that every path stores one before a read): its two parts declared nil, each
    /// store setting both (SwiftLowering+ResultValues.swift). A `var` a closure captures is refused as with a value.
    mutating func deferredResultLocal(
        _ name: String, _ s: LoweredType, _ f: LoweredType, isVar: Bool, at binding: PatternBindingSyntax,
        in scope: inout Scope
    ) -> [LocatedNode] {
        if refusesStructResult(.result(s, f), at: binding) { return [] }  // SwiftLowering+StructResults.swift
        if isVar && scope.capturedVars.contains(name) {
            unsupported(
                "a `Result` `var` a closure captures",
                "keep the `Result` in a property of the class, which the closure reaches through `self`, or copy it "
                    + "into a `let` first", at: binding)
            return []
        }
        let at = location(binding)
        let (success, failure) = Self.resultPartNames(name)
        let successType = s == .timer ? "NSTimer" : (s.fieldTypeName ?? "id")
        scope.locals[name] = Local(type: .result(s, f), isVar: isVar)
        scope.locals["\(name).success"] = Local(type: s, isVar: isVar, lowered: success)
        scope.locals["\(name).failure"] = Local(type: f, isVar: isVar, lowered: failure)
        return [
            .step("let", "\(success): \(successType) = nil", at: at),
            .step("let", "\(failure): \(f.fieldTypeName ?? "string") = nil", at: at),
        ]
    }
}
