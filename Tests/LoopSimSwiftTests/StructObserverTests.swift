import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Observers of a property that holds a struct (docs/swift-scenarios.md, "Property observers"): they run around a
/// store into one of the struct's properties and a `mutating` method's call, as around a whole new value. The
/// expected logs are what swiftc's build of the same class prints on this machine (Swift 6.3.1).
@Suite struct StructObserverTests {
    static let progress = """
        struct Progress {
            var done = 0
            var total = 10
            mutating func step() { done += 1 }
            func describe() { print("describing") }
        }
        final class Volume {
            var progress = Progress() {
                willSet { print("will") }
                didSet { print("progress \\(progress.done)/\\(progress.total)") }
            }
            func run() {
                progress.done += 1
                progress.step()
                self.progress.total = 20
                progress.describe()
                let p = Progress(done: 1, total: 2)
                progress = p
            }
        }
        let volume = Volume()
        volume.run()
        volume.progress.done = 7
        """

    @Test func everyMutationThroughTheStructCallsTheObservers() throws {
        let report = try SwiftUIKitTests.report(Self.progress)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "will", "progress 1/10",  // progress.done += 1
                "will", "progress 2/10",  // progress.step(), mutating
                "will", "progress 2/20",  // self.progress.total = 20
                "describing",  // a non-mutating method: no observer
                "will", "progress 1/2",  // a whole new value
                "will", "progress 7/2",  // a store from outside the class
            ])
    }

    @Test func anInitializerStoresWithoutObservers() throws {
        let report = try SwiftUIKitTests.report(
            """
            struct State { var count = 0 }
            final class Screen {
                var state = State() { didSet { print("render \\(state.count)") } }
                init() { state.count = 5 }
                func bump() { state.count += 1 }
            }
            let screen = Screen()
            screen.bump()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["render 6"])
    }

    @Test func anObserverThatReadsTheOldStructIsRefusedWhereDeclared() {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                struct State { var count = 0 }
                final class Screen {
                    var state = State() { didSet { print("was \\(oldValue.count)") } }
                    func bump() { state.count += 1 }
                }
                """), file: "U.swift")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("`oldValue` of an observer of a property that holds a struct") == true)
        #expect(errors.first?.location.line == 5)
    }
}
