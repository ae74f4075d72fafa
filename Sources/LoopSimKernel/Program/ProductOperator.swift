/// Integer `*`, `/` and `%`: Swift's `Int` operators, which the scenario's 64-bit integers follow. Each traps where
/// Swift's does (The Swift Programming Language, "Basic Operators" and "Advanced Operators": "Swift's arithmetic
/// operators don't allow values to overflow by default"; the standard library's `Int./` and `Int.%`: "the
/// result of dividing by zero" is a runtime error, as is `Int.min / -1`): the run crashes with the message.
/// Division truncates toward zero and the remainder takes the dividend's sign, as in Swift and C99 §6.5.5.
public enum ProductOperator: String, Sendable {
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    /// `<<` and `>>`: Swift's smart shifts of `Int` (the standard library's `BinaryInteger.<<`: a shift past the
    /// width gives 0, or -1 for a negative value shifted right; a negative amount shifts the other way). They
    /// never trap.
    case shiftLeft = "<<"
    case shiftRight = ">>"

    /// `a op b`, or the fault Swift traps with.
    public func apply(_ a: Int, _ b: Int) throws(RuntimeFault) -> Int {
        let (result, overflow): (Int, Bool)
        switch self {
        case .shiftLeft: return a << b
        case .shiftRight: return a >> b
        case .multiply: (result, overflow) = a.multipliedReportingOverflow(by: b)
        case .divide, .remainder:
            guard b != 0 else {
                throw RuntimeFault(
                    "\(self == .divide ? "division" : "remainder") by zero: \(a) \(rawValue) 0; Swift traps here")
            }
            (result, overflow) =
                self == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
        }
        guard !overflow else {
            throw RuntimeFault(
                "arithmetic overflow: \(a) \(rawValue) \(b) is outside the 64-bit integers "
                    + "(\(Int.min)...\(Int.max)); Swift traps here")
        }
        return result
    }
}
