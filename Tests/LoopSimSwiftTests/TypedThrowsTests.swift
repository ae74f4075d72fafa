import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Typed throws (SE-0413; SwiftLowering+TypedThrows.swift), checked by what the run logs against what this
/// machine's swiftc (6.3.1, `-swift-version 5`) build of the same code prints: inside `throws(ParseError)` a bare
/// `throw .empty` is a case of `ParseError`, and a `do` whose throwing sites all throw `ParseError` binds its
/// `catch`'s `error` as one, so `switch error { case .bad: … }` needs no cast.
@Suite struct TypedThrowsTests {
    @Test func aTypedThrowIsCaughtAsItsEnumAndSwitchedOn() throws {
        let logs = try ThrowingTests.run(
            """
            final class Parser {
                func parse(_ s: String) throws(ParseError) -> Int {
                    if s.isEmpty { throw .badDigit }
                    return 7
                }
                func check(_ s: String) throws(ParseError) {
                    _ = try parse(s)
                    print("checked")
                }
                func run() {
                    do {
                        let n = try parse("")
                        print("never \\(n)")
                    } catch {
                        switch error {
                        case .badDigit: print("bad digit")
                        }
                    }
                    do throws(ParseError) {
                        try check("")
                    } catch {
                        print("typed \\(error)")
                    }
                    do {
                        let n = try parse("7")
                        print("n \\(n)")
                        try check("7")
                    } catch .badDigit {
                        print("never")
                    } catch {
                        print("never \\(error)")
                    }
                }
            }
            Parser().run()
            """
        ).logs
        #expect(logs == ["0 bad digit", "0 typed badDigit", "0 n 7", "0 checked"])
    }

    @Test func aDoWithMixedThrowsCatchesAnyError() throws {
        // `parse` throws ParseError, `load` any error: the catch's `error` is `any Error`, so it is cast.
        let logs = try ThrowingTests.run(
            """
            final class Parser {
                func parse() throws(ParseError) { throw .badDigit }
                func load() throws { throw LoadError.timeout }
                func run() {
                    do {
                        try load()
                        try parse()
                    } catch {
                        if let e = error as? LoadError { print("load \\(e)") }
                    }
                }
            }
            Parser().run()
            """
        ).logs
        #expect(logs == ["0 load timeout"])
    }
}
