import LoopSimScenario

#if canImport(Glibc)
import Glibc
#endif

/// One input: read as UTF-8 (invalid bytes replaced), it must load without a trap, every diagnostic must point
/// inside the text (one of its lines, or the line after the last) at a column ≥ 1 and at most one past the end of
/// its line, and render, and a scenario must come back exactly when there is no error: `diag.location` and
/// `diag.consistent` of `InvariantChecker`, lines counted the same way (`SourceLocation.lines(of:)`, libyaml's
/// line breaks). A broken check traps, so libFuzzer keeps the input.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let loaded = ScenarioLoader.load(text: text, file: "input.yaml")
    var lengths = SourceLocation.lines(of: text).map(\.count)
    if lengths.isEmpty { lengths = [0] }  // an empty text has one empty line
    for diagnostic in loaded.diagnostics {
        let location = diagnostic.location
        precondition(location.line >= 1 && location.line <= lengths.count + 1 && location.column >= 1,
                     "diagnostic outside the input: \(diagnostic)")
        precondition(location.line > lengths.count || location.column <= lengths[location.line - 1] + 2,
                     "diagnostic past the end of its line: \(diagnostic)")
        _ = DiagnosticPrinter().render(diagnostic, source: text)
    }
    precondition(loaded.diagnostics.contains { $0.severity == .error } == (loaded.scenario == nil),
                 "a scenario and its errors disagree")
    return 0
}

// SwiftPM gives an executable its own `main`, so libFuzzer's is not linked: start its driver from here.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv) { data, size in testOneInput(data, size) })
