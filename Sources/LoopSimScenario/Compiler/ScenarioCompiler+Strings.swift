import LoopSimKernel

extension ScenarioCompiler {
    /// `s.hasPrefix(p)`, `s.hasSuffix(p)`, `s.contains(p)` (a `bool`) and `s.uppercased()`, `s.lowercased()` (a
    /// `string`) of a string (docs/scenario-format.md §6): Swift's own String functions, evaluated when the step runs.
    func stringCall(
        _ base: ParsedExpr, _ name: String, _ argument: ParsedExpr?, column: Int, scope: Scope,
        scalar: LocatedNode.Scalar, offset: Int
    ) -> (Expr, TypeRef)? {
        guard let function = StringFunction(rawValue: name),
            let (string, type) = typed(base, scope: scope, scalar: scalar, offset: offset)
        else { return nil }
        guard type == .string else {
            bag.error(
                .exprType, "`\(name)` is asked of a string, not of a value of type \(type)",
                at: location(in: scalar, offset: offset + column))
            return nil
        }
        var other: Expr?
        if let argument {
            guard let (value, valueType) = typed(argument, scope: scope, scalar: scalar, offset: offset) else {
                return nil
            }
            guard valueType == .string else {
                bag.error(
                    .exprType, "`\(name)` takes a string, not a value of type \(valueType)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            other = value
        }
        return (.stringFunction(string, function, other), function.takesArgument ? .bool : .string)
    }
}
