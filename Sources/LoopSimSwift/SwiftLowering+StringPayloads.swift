import LoopSimScenario
import SwiftSyntax

/// `String` associated values, printed as Swift prints them (docs/swift-scenarios.md, "Enums with cases" and
/// "Errors: throws, try and do-catch"). `print` of an enum case with associated values writes the case's name and
/// its values in parentheses, each after its label, each as `debugPrint` writes it (the standard library's
/// `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift): an `Int` and a `Bool` as themselves, a `String`
/// quoted and escaped, `String.debugDescription` (`failed("timeout")`, `server(message: "say \"hi\"")`), an optional
/// as `Optional(…)` or `nil`. Measured with swiftc 6.3.1 on this machine (conformance sw97). A `Double` prints its
/// shortest round-trip digits and an enum its module's name (`nested(App.Inner.a)`), neither of which the language
/// writes: those are logged as written (SwiftLowering+Interpolation.swift).
extension SwiftLowering {
    /// The text Swift prints for a value held at `place` of `type` inside a case's parentheses, for the language's
    /// interpolated string: `\(place)` for an `Int` or a `Bool`, `\(place.debugDescription)` for a `String`
    /// (docs/scenario-format.md §6). Nil for another type.
    static func printedPayloadValue(_ place: String, type: LoweredType) -> String? {
        switch type {
        case .int, .bool: "\\(\(place))"
        case .string: "\\(\(place).debugDescription)"
        default: nil
        }
    }
}
