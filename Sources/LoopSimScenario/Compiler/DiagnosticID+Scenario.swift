extension DiagnosticID {
    public static let stepUnknown: DiagnosticID = "step.unknown"
    public static let stepShape: DiagnosticID = "step.shape"
    public static let exprSyntax: DiagnosticID = "expr.syntax"
    public static let exprType: DiagnosticID = "expr.type"
    public static let fieldDecl: DiagnosticID = "field.declaration"
    public static let timerAction: DiagnosticID = "timer.action"
    public static let timerInterval: DiagnosticID = "timer.interval"
    public static let variantUnknown: DiagnosticID = "variant.unknown"
    /// A class with more than 256 fields, a block with more than 256 captures, or a method, block, init or dealloc
    /// with more than 256 locals and parameters (``ScenarioCompiler/maxNames``); a file with more than 256 cases
    /// (``ScenarioLoader/maxCases``).
    public static let namesTooMany: DiagnosticID = "names.too-many"
    /// `variants:` lists a variant twice: each run of it would be the same run again.
    public static let variantDuplicate: DiagnosticID = "variant.duplicate"
    public static let flagInvalid: DiagnosticID = "flag.invalid"
    public static let expectFigure: DiagnosticID = "expect.figure"
    public static let coversUnknown: DiagnosticID = "covers.unknown"
    public static let distributionInvalid: DiagnosticID = "distribution.invalid"
    public static let valueInvalid: DiagnosticID = "value.invalid"
}
