import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Completion handlers as iOS engineers write them (SwiftLowering+Errors.swift, SwiftLowering+Result.swift): optional
/// value parameters passed nil or a value, errors as values of an `enum …: Error`, and `Result` made with
/// `.success`/`.failure` and read with `switch`, `if case`, `guard case` and `try? result.get()`.
@Suite struct CompletionValueTests {
    /// A loader that answers after a second with `body` (inside `asyncAfter`), and a screen that handles it with
    /// `handler`; `expect` is the scenario's figures.
    static func scenario(completion: String, body: String, handler: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("completions", until: .seconds(5), variants: [.ios10, .linuxCorelibs])
        enum LoadError: Error {
            case timeout, offline
        }
        final class Loader {
            func load(page: Int, completion: @escaping \(completion)) {
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                    \(body)
                }
            }
        }
        final class Screen {
            let loader = Loader()
            var shown = 0
            func open(_ page: Int) {
                loader.load(page: page) { [weak self] \(handler)
                }
            }
            deinit { print("screen deinit") }
        }
        var screen: Screen? = Screen()
        screen?.open(1)
        screen?.open(2)
        scenario.at(.seconds(3)) { screen = nil }
        scenario.expect(.all, \(expect))
        """
    }

    @Test func anOptionalValueAndAnOptionalErrorArePassedNilOrAValue() throws {
        let text = Self.scenario(
            completion: "(Int?, Error?) -> Void",
            body: "if page > 1 { completion(nil, LoadError.timeout) } else { completion(page * 10, nil) }",
            handler: """
                value, error in
                        print("raw \\(value)")
                        if let error {
                            print("failed: \\(error)")
                            return
                        }
                        guard let value else { return }
                        self?.shown = value
                        print("loaded \\(value) \\(value > 5)")
                """,
            expect: """
                ["logs": 5, "logs[1].text": "loaded 10 true",
                 "logs[3].text": "failed: timeout", "logs[4].text": "screen deinit", "objects.leaked": 0]
                """)
        try SwiftLanguageTests.passes(text)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let open = try #require(tree?.mapping?["classes"]?.mapping?["Screen"]?.mapping?["methods"]?.mapping?["open"])
        #expect(SwiftLoweringTests.render(open).contains("params: [{value: int}, {error: string}]"))
        let load = try #require(tree?.mapping?["classes"]?.mapping?["Loader"]?.mapping?["methods"]?.mapping?["load"])
        #expect(SwiftLoweringTests.render(load).contains("{callBlock: completion, with: [nil, \"timeout\"]}"))
    }

    @Test func optionalBoolStringAndEnumParametersDefaultWithCoalescing() throws {
        try SwiftLanguageTests.passes(
            Self.scenario(
                completion: "(Bool?, String?) -> Void",
                body: "if page > 1 { completion(nil, nil) } else { completion(true, \"fresh\") }",
                handler: """
                    ok, text in
                            print("\\(ok ?? false) \\(text ?? "none") \\(ok == nil)")
                    """,
                expect: """
                    ["logs": 3, "logs[0].text": "true fresh false", "logs[1].text": "false none true"]
                    """))
    }

    @Test func aResultIsSplitIntoItsSuccessAndFailureParts() throws {
        let text = Self.scenario(
            completion: "(Result<Int, LoadError>) -> Void",
            body: "if page > 1 { completion(.failure(.timeout)) } else { completion(.success(page * 10)) }",
            handler: """
                result in
                        switch result {
                        case .success(let count):
                            self?.shown = count
                            print("loaded \\(count)")
                        case .failure(let error):
                            print("failed: \\(error)")
                        }
                        if case .failure(.timeout) = result { print("timed out") }
                        guard case .success(let n) = result else { return }
                        if let v = try? result.get(), v == n { print("got \\(n)") }
                """,
            expect: """
                ["logs": 5, "logs[0].text": "loaded 10", "logs[1].text": "got 10",
                 "logs[2].text": "failed: timeout", "logs[3].text": "timed out", "objects.leaked": 0]
                """)
        try SwiftLanguageTests.passes(text)
        let (tree, _) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        let load = try #require(tree?.mapping?["classes"]?.mapping?["Loader"]?.mapping?["methods"]?.mapping?["load"])
        let rendered = SwiftLoweringTests.render(load)
        #expect(rendered.contains("{callBlock: completion, with: [nil, \"timeout\"]}"))
        #expect(rendered.contains("{callBlock: completion, with: [page * 10, nil]}"))
        let open = try #require(tree?.mapping?["classes"]?.mapping?["Screen"]?.mapping?["methods"]?.mapping?["open"])
        #expect(SwiftLoweringTests.render(open).contains("params: [{result_success: int}, {result_failure: string}]"))
    }

    /// `Result<Void, Error>`, a Result passed on to a method and captured by a nested closure, `case let`, and
    /// bare `.success`/`.failure` patterns.
    @Test func aVoidResultIsPassedOnToAMethodThroughANestedClosure() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("result", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
            enum SaveError: Error { case denied }
            final class Store {
                func save(_ n: Int, completion: @escaping (Result<Void, Error>) -> Void) {
                    DispatchQueue.global().async {
                        if n > 1 { completion(.failure(SaveError.denied)) } else { completion(.success(())) }
                    }
                }
            }
            final class Editor {
                let store = Store()
                func commit(_ n: Int) {
                    store.save(n) { result in
                        DispatchQueue.main.async { self.show(result) }
                    }
                }
                func show(_ result: Result<Void, Error>) {
                    switch result {
                    case .success: print("saved")
                    case let .failure(error): print("not saved: \\(error)")
                    }
                }
            }
            let editor = Editor()
            editor.commit(1)
            scenario.at(.seconds(1)) { editor.commit(2) }
            scenario.expect(.all, ["logs": 2, "logs[0].text": "saved", "logs[1].text": "not saved: denied"])
            """)
    }

    /// A completion stored in a property with a strong `self` is a cycle through the closure (the model and the
    /// closure leak), whatever its parameters; `[weak self]` breaks it.
    @Test func aStoredResultCompletionKeepsItsCaptures() throws {
        func text(_ capture: String) -> String {
            """
            import Foundation
            let scenario = Scenario("stored", until: .seconds(3), variants: [.ios10])
            enum LoadError: Error { case timeout }
            final class Model {
                var onResult: ((Result<String, LoadError>) -> Void)?
                var title = ""
                func bind() {
                    onResult = { \(capture) result in
                        if case .success(let t) = result { self\(capture.isEmpty ? "" : "?").title = t }
                    }
                }
                func finish() { onResult?(.success("done")) }
            }
            var model: Model? = Model()
            model?.bind()
            model?.finish()
            scenario.at(.seconds(1)) { model = nil }
            scenario.expect(.all, ["objects.leaked": \(capture.isEmpty ? 2 : 0)])
            """
        }
        try SwiftLanguageTests.passes(text(""))
        try SwiftLanguageTests.passes(text("[weak self]"))
    }

    @Test func errorEnumsNeedDistinctCaseNamesAndNoIntRawType() {
        let (_, shared) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("e", until: .seconds(1), variants: [.ios10])
                enum LoadError: Error { case timeout }
                enum SaveError: Error { case timeout }
                """, file: "E.swift")
        #expect(shared.contains { $0.location.line == 4 && $0.message.contains("two error enums") })
        let (_, int) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("e", until: .seconds(1), variants: [.ios10])
                enum LoadError: Int, Error { case timeout }
                """, file: "E.swift")
        #expect(int.contains { $0.location.line == 3 && $0.message.contains("`Int` raw values") })
    }
}
