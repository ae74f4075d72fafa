import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Continuations in Swift source (docs/swift-scenarios.md, "Swift concurrency"; SE-0300): the four
/// `with…Continuation` functions awaited as a statement, into a local, returned, with `try`; `resume` on the
/// parameter, in a completion closure, on a stored property, from a Timer or a queue; and the two misuses.
@Suite struct SwiftContinuationTests {
    /// `text` (a file's declarations and top-level code) run under iOS 13: its logs as `text@ms`, and its crash.
    static func run(_ text: String) throws -> (logs: [String], crash: String?) {
        let run = try SwiftConcurrencyTests.run(
            "import Foundation\nlet scenario = Scenario(\"c\", until: .seconds(1), variants: [.ios13])\n" + text)
        let crash = run.report.value(at: "crash.message")?.compact.replacingOccurrences(of: "\"", with: "")
        return (TaskGroupLoopTests.logs(run), crash)
    }

    @Test func aCompletionHandlerBridgedIntoAMainActorTask() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            """
            let v = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: 4) }
            }
            """, async: true)
        #expect(
            lowered
                == "[{withContinuation: continuation, function: probe(), type: int, result: v, do: [{dispatch_async: "
                + "global, captures: [strong continuation], do: [{resume: continuation, returning: 4}]}]}]",
            "\\(lowered)")
        let o = try Self.run(
            """
            final class LegacyLoader {
                func fetch(completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                        completion(42)
                    }
                }

                func load() async -> Int {
                    await withCheckedContinuation { continuation in
                        fetch { value in continuation.resume(returning: value) }
                    }
                }
            }
            let loader = LegacyLoader()
            Task { @MainActor in
                let value = await loader.load()
                print("loaded \\(value)")
            }
            """)
        #expect(o.logs == ["loaded 42@300"])
    }

    /// A continuation kept in a property and resumed by a Timer (`pending?.resume(returning:)`, then nil); a
    /// throwing one resumed by a completion with a value or an error, caught by the `do`.
    @Test func storedResumedByATimerAndThrowing() throws {
        let o = try Self.run(
            """
            @MainActor final class LocationProvider {
                var pending: CheckedContinuation<Int, Never>?

                func nextFix() async -> Int {
                    return await withCheckedContinuation { continuation in
                        pending = continuation
                        Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
                            self.deliver(7)
                        }
                    }
                }

                func deliver(_ fix: Int) {
                    pending?.resume(returning: fix)
                    pending = nil
                }
            }

            enum LoadError: Error { case timeout }

            final class Api {
                func fetch(ok: Bool, completion: @escaping (Bool) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
                        completion(ok)
                    }
                }

                func load(ok: Bool) async throws -> Int {
                    try await withCheckedThrowingContinuation { continuation in
                        fetch(ok: ok) { success in
                            if success {
                                continuation.resume(returning: 1)
                            } else {
                                continuation.resume(throwing: LoadError.timeout)
                            }
                        }
                    }
                }
            }

            let provider = LocationProvider()
            let api = Api()
            Task { @MainActor in
                let fix = await provider.nextFix()
                print("fix \\(fix)")
                do {
                    let n = try await api.load(ok: true)
                    print("got \\(n)")
                    let m = try await api.load(ok: false)
                    print("unreached \\(m)")
                } catch {
                    print("failed \\(error)")
                }
            }
            """)
        #expect(o.logs == ["fix 7@200", "got 1@300", "failed timeout@400"])
        #expect(o.crash == nil)
    }

    /// An image cache whose `lookup` never calls its completion when `cached` (a leaked continuation), and a `ping`
    /// that resumes a checked continuation once, or twice when `twice`.
    static func imageCache(pingTwice twice: Bool) -> String {
        """
        final class ImageCache {
            var cached = true

            func lookup(completion: @escaping (Int) -> Void) {
                if cached {
                    return
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
                    completion(5)
                }
            }

            func image() async -> Int {
                await withCheckedContinuation { continuation in
                    lookup { continuation.resume(returning: $0) }
                }
            }

            func ping(twice: Bool) async {
                await withUnsafeContinuation { (c: UnsafeContinuation<Void, Never>) in
                    DispatchQueue.main.async {
                        c.resume()
                    }
                }
                await withCheckedContinuation {
                    let held = $0
                    DispatchQueue.main.async {
                        held.resume()
                        if twice {
                            held.resume()
                        }
                    }
                }
            }
        }

        let cache = ImageCache()
        Task {
            await cache.ping(twice: \(twice))
            print("pinged")
            let size: Int = await withCheckedContinuation { c in c.resume(returning: 3) }
            print("size \\(size)")
            let n = await cache.image()
            print("image \\(n)")
        }
        """
    }

    /// `$0`, an unsafe continuation, a typed local resumed in the body (no suspension), and the leaked
    /// continuation of a completion never called: Swift's misuse log, and the task parked.
    @Test func shorthandUnsafeAndALeak() throws {
        let o = try Self.run(Self.imageCache(pingTwice: false))
        #expect(
            o.logs == [
                "pinged@0", "size 3@0",
                "SWIFT TASK CONTINUATION MISUSE: image() leaked its continuation without resuming it. This may "
                    + "cause tasks waiting on it to remain suspended forever.@0",
            ])
        let twice = try Self.run(Self.imageCache(pingTwice: true))
        #expect(twice.logs.isEmpty)
        #expect(
            twice.crash
                == "Fatal error: SWIFT TASK CONTINUATION MISUSE: ping(twice:) tried to resume its continuation more "
                + "than once, returning ()!")
    }

    /// `let t = Task { … return 42 }` then `let n: Int = await t.value`: the value the closure returned, read at
    /// the task's end and again at once; without a type the value is refused, located.
    @Test func aTasksValueIsAwaited() throws {
        let o = try Self.run(
            """
            let loader = Task.detached {
                try? await Task.sleep(for: .milliseconds(200))
                return 42
            }
            Task { @MainActor in
                let n: Int = await loader.value
                print("loaded \\(n)")
                let again: Int = await loader.value
                print("again \\(again)")
            }
            """)
        #expect(o.logs == ["loaded 42@200", "again 42@200"])
        let refused = SwiftScenarioLoader.load(
            text: SwiftConcurrencyTests.file("let t = Task { return 1 }\nlet n = await t.value", async: true),
            file: "C.swift"
        ).diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(refused.first?.contains("without a type") == true, "\(refused)")
    }

    /// What stays out is refused where it is written.
    @Test func outOfTheSubsetIsLocated() {
        func errors(_ body: String) -> [String] {
            SwiftScenarioLoader.load(text: SwiftConcurrencyTests.file(body, async: true), file: "C.swift").diagnostics
                .filter { $0.severity == .error }.map(\.message)
        }
        #expect(
            errors("withCheckedContinuation { c in c.resume() }").first?.contains(
                "`await withCheckedContinuation { continuation in … }`") == true)
        #expect(
            errors("await withCheckedContinuation { c in c.resume(with: .success(())) }").first?.contains(
                "resume(with:)") == true)
        #expect(
            errors("let v = await withCheckedContinuation { c in c.resume(returning: self.count) }").first?.contains(
                "without a type") == true)
    }
}

/// A task's value of a computed expression: its type from the closure's signature or from the typed place its value
/// is awaited into (Swift's `Success`); with neither, the return is refused saying so.
@Suite struct ComputedTaskValueTests {
    @Test func aTaskReturnsAComputedValueOfAKnownType() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("task value", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class CartTotals {
                var prices = [10, 20, 30]
                func refresh() {
                    let items = prices
                    let base = 5
                    Task {
                        let job = Task { () -> Int in
                            var sum = 0
                            for price in items { sum += price }
                            return sum
                        }
                        let other = Task { return base * 2 }
                        let total: Int = await job.value
                        let extra: Int = await other.value
                        print("total \\(total) extra \\(extra)")
                    }
                }
            }
            let totals = CartTotals()
            totals.refresh()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "total 60 extra 10"])
            """)
        let (_, problems) = SwiftScenarioLoader.lower(
            text: SwiftLoweringTests.file("let b = 2\nTask { let t = Task { return b + 1 }\n    _ = t }"),
            file: "P.swift")
        #expect(problems.contains { $0.message.contains("`Task { () -> Int in … }`") }, "\(problems)")
    }
}
