import Foundation
import Testing

@testable import LoopSimSwift

@Suite struct ZZDumpTests {
    @Test func dump() throws {
        guard let path = ProcessInfo.processInfo.environment["DUMP_SWIFT"] else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "D.swift")
        print("DIAG", diagnostics)
        if let tree { print("TREE", SwiftLoweringTests.render(tree)) }
    }
}
