/// `retain: EXPR` — `[object retain]` (or `CFRetain`) under manual reference counting: +1 on the object, which
/// only a matching release takes back. Nothing refers to it by the reference it adds: an object kept only by such
/// retains is an over-retain, a leak (docs/scenario-format.md §10.1). Nil does nothing; a freed object crashes.
public struct RetainStep: ExecutableStep {
    public var object: Expr
    public var verb: String { "retain" }

    public func execute(in context: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try context.object(object, expecting: "an object to retain") else { return .next }
        context.kernel.retain(o.id)
        return .next
    }
}
