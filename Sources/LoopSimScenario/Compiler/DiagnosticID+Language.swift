extension DiagnosticID {
    /// `break` or `continue` outside a loop's body (in a block literal inside a loop too: the block is a body of
    /// its own), or written with an argument.
    public static let loopControl: DiagnosticID = "loop.control"
    /// A `for:` header that is not `NAME in FROM..<TO` or `NAME in FROM...TO` over integers.
    public static let loopHeader: DiagnosticID = "loop.header"
    /// A `return` outside a method or block, a value returned where the method declares no `returns:` (or none where
    /// it does), a `result:` of a call to a method that returns nothing, and a method with `returns:` whose steps can
    /// end without a `return:` (Swift: "missing return in instance method").
    public static let returnValue: DiagnosticID = "return.value"
    /// A step written as C, Objective-C or Swift writes it (`while (x)`, `for (int i = 0; …)`, `else if`, `i++`,
    /// `guard`, `repeat`): the message says how to write it here.
    public static let stepForeign: DiagnosticID = "step.foreign"
    /// An expression written as C, Objective-C or Swift writes it (`&`, `%`, `self->x`, `[obj msg]`,
    /// `@selector(x)`, `NULL`): the message says how to write it here.
    public static let exprForeign: DiagnosticID = "expr.foreign"
}
