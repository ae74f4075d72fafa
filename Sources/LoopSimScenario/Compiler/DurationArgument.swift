import LoopSimKernel

/// A step's duration argument as written: a literal, or an expression evaluated when the step runs
/// (``ScenarioCompiler/durationArgument(_:what:scope:allowNegative:)``).
enum DurationArgument {
    case fixed(SimDuration)
    case computed(Expr)

    /// The kernel's form of it.
    var spec: DurationSpec {
        switch self {
        case .fixed(let d): .fixed(d)
        case .computed(let e): .expression(e)
        }
    }

    /// The literal's value (zero for a computed one, which ``computed`` then overrides).
    var fixed: SimDuration {
        if case .fixed(let d) = self { return d }
        return .zero
    }

    /// The expression of a computed duration; nil for a literal.
    var computed: Expr? {
        if case .computed(let e) = self { return e }
        return nil
    }
}
