import LoopSimScenario
import SwiftSyntax

/// Bridging casts of values to Foundation objects (docs/swift-scenarios.md, "Casts of objects"): `"job-\(id)" as
/// NSString`, `5 as NSNumber`, `x as AnyObject` of a `String`, `Int` or `Bool`, as an argument or a value.
extension SwiftLowering {
    /// `"job-\(id)" as NSString`, `n as NSNumber`, `name as AnyObject`: a `String`, `Int` or `Bool` bridged to its
    /// Foundation object, which holds the same value (Apple, "Working with Foundation Types": `String` bridges to
    /// `NSString`, `Int` and `Bool` to `NSNumber`; an `as` of a bridged value type to `AnyObject` boxes it so). The
    /// model holds the value itself, which the receiving method reads as Swift's would. Nil when `elements` is no
    /// such cast; refused (`.some(nil)`) for a value of another type.
    mutating func bridgingCast(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)?? {
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark == nil, let target = elements[2].as(TypeExprSyntax.self),
            ["NSString", "NSNumber", "AnyObject"].contains(target.type.trimmedDescription)
        else { return nil }
        guard let value = expression(elements[0], in: scope) else { return .some(nil) }
        let name = target.type.trimmedDescription
        let fits: Bool =
            switch name {
            case "NSString": value.type == .string
            case "NSNumber": value.type == .int || value.type == .bool
            default: [.string, .int, .bool].contains(value.type) || value.type.isObject
            }
        guard fits else {
            unsupported(
                "`as \(name)` of a value of type \(value.type)",
                "bridge a `String` to `NSString`, an `Int` or a `Bool` to `NSNumber` (or either to `AnyObject`), or "
                    + "pass the value itself", at: elements[1])
            return .some(nil)
        }
        return .some(value)
    }
}
