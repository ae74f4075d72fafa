import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Result<Struct, E>` through completion handlers (SwiftLowering+StructResults.swift): the success part is the
/// struct's stored properties, nil on failure, beside the failure part.
@Suite struct StructResultTests {
    static let text = #"""
        import Foundation
        let scenario = Scenario("struct results", until: .seconds(3), variants: [.ios13, .linuxCorelibs])
        struct User {
            let name: String
            var age: Int
        }
        enum FetchError: Error {
            case notFound
            case timeout
        }
        final class Repository {
            var calls = 0
            func fetch(id: Int, completion: @escaping (Result<User, FetchError>) -> Void) {
                calls += 1
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    if id == 0 {
                        completion(.failure(.notFound))
                    } else if id == 1 {
                        completion(.success(User(name: "ada", age: 3)))
                    } else {
                        let user = User(name: "bob", age: id)
                        completion(.success(user))
                    }
                }
            }
        }
        final class Screen {
            let repository = Repository()
            var last: User?
            func load(_ id: Int) {
                repository.fetch(id: id) { result in
                    switch result {
                    case .success(let user):
                        self.last = user
                        print("showing \(user.name) \(user.age)")
                    case .failure(let error):
                        print("failed \(error)")
                    }
                }
            }
            func check(_ id: Int) {
                repository.fetch(id: id) { result in
                    if case .success(let user) = result, user.age > 5 {
                        print("old \(user.name)")
                    } else {
                        print("not old \(self.last?.name ?? "-")")
                    }
                }
            }
        }
        let screen = Screen()
        screen.load(0)
        screen.load(1)
        screen.load(7)
        scenario.at(.seconds(1)) { screen.check(7) }
        scenario.at(.seconds(2)) { screen.check(1) }
        scenario.expect(.all, [
            "logs": 5, "logs[0].text": "failed notFound", "logs[1].text": "showing ada 3",
            "logs[2].text": "showing bob 7", "logs[2].at_ms": 500,
            "logs[3].text": "old bob", "logs[3].at_ms": 1500, "logs[4].text": "not old bob", "logs[4].at_ms": 2500,
        ])
        """#

    @Test func aStructResultTravelsAsItsPropertiesAndTheFailure() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.text, file: "R.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let rendered = SwiftLoweringTests.render(try #require(tree))
        #expect(rendered.contains("{result_success_name: string}, {result_success_age: int}, {result_failure: string}"))
        try SwiftLanguageTests.passes(Self.text)
    }

    @Test func aStructResultKeptInAPropertyOrALocalIsRefusedWhereWritten() throws {
        for (code, line) in [
            ("var kept: Result<User, FetchError>?", 4),
            ("func f() { let r: Result<User, FetchError> = .success(User(name: \"a\", age: 1))\n print(1) }", 4),
            ("func g() -> Result<User, FetchError> { .failure(.timeout) }", 4),
        ] {
            let text = """
                import Foundation
                struct User { let name: String; var age: Int }
                enum FetchError: Error { case timeout }
                final class C { \(code) }
                let scenario = Scenario("r", until: .seconds(1), variants: [.ios13])
                scenario.expect(.all, ["logs": 0])
                """
            let errors = SwiftScenarioLoader.lower(text: text, file: "R.swift").1.filter { $0.severity == .error }
            #expect(errors.count >= 1, "\(code)")
            #expect(errors.first?.location.line == line, "\(code): \(errors)")
            #expect(errors.first?.message.contains("pass it straight to a completion handler") == true, "\(errors)")
        }
    }
}
