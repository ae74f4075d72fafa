import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Data` as a value (SwiftLowering+Data.swift, docs/swift-scenarios.md "Data"): held as its byte count, in fields,
/// locals, optionals, dictionaries and returns; what reads the bytes is refused (UnsupportedConstructTests).
@Suite struct DataValueTests {
    /// The logs of `text` (a whole file) under its first variant, each as "MS TEXT".
    static func logs(_ text: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(text)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    @Test func dataIsItsByteCount() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("data", until: .seconds(1), variants: [.ios13])
            final class W {
                var body: Data?
                var blobs: [String: Data] = [:]
                var last = Data()
                func keep(_ d: Data) { last = d }
                func make(_ n: Int) -> Data { Data(count: n * 2) }
                func probe() {
                    let a = Data(count: 3)
                    let b = "héllo".data(using: .utf8)!
                    if body == nil { print("no body") }
                    body = b
                    blobs["x"] = a
                    keep(Data(repeating: 0xFF, count: 7))
                    if let body, !body.isEmpty { print("body \\(body.count)") }
                    print("a \\(a.count) last \\(last.count) blobs \\(blobs.count) empty \\(Data().isEmpty)")
                    if let x = blobs["x"] { print("x \\(x.count)") }
                    if blobs["y"] == nil { print("no y") }
                    let made = make(5)
                    let either = body ?? made
                    print("made \\(made.count) \\(either.count)")
                }
            }
            let w = W()
            w.probe()
            """)
        // "héllo" is 6 bytes of UTF-8 (é is two).
        #expect(logs == ["0 no body", "0 body 6", "0 a 3 last 7 blobs 1 empty true", "0 x 3", "0 no y", "0 made 10 6"])
    }

    @Test func dataPassedToACompletion() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("completion", until: .seconds(1), variants: [.ios13])
            final class Downloader {
                func load(completion: @escaping (Data) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { completion(Data(count: 4)) }
                }
            }
            let d = Downloader()
            d.load { data in print("got \\(data.count)") }
            """)
        #expect(logs == ["250 got 4"])
    }

    /// An actor cache checked before an await and filled after it: while the first call waits for the download,
    /// the others re-enter the actor, miss, and download too (actors are reentrant, SE-0306). A later call hits.
    @Test func reentrantActorCacheDownloadsTwice() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("cache", until: .seconds(2), variants: [.ios13])
            final class Loader {
                func fetch(_ key: String) async -> Data {
                    try? await Task.sleep(nanoseconds: 300_000_000)
                    return Data(repeating: 1, count: 512)
                }
            }
            actor Cache {
                private var images: [String: Data] = [:]
                private let loader = Loader()
                func image(for key: String) async -> Data {
                    if let cached = images[key] {
                        print("hit")
                        return cached
                    }
                    print("download")
                    let data = await loader.fetch(key)
                    images[key] = data
                    return data
                }
            }
            final class Cell {
                let cache: Cache
                init(cache: Cache) { self.cache = cache }
                func show() {
                    Task {
                        let data = await cache.image(for: "a")
                        print("shows \\(data.count)")
                    }
                }
            }
            let cache = Cache()
            Cell(cache: cache).show()
            Cell(cache: cache).show()
            scenario.at(.seconds(1), "later") { Cell(cache: cache).show() }
            """)
        #expect(logs == ["0 download", "0 download", "300 shows 512", "300 shows 512", "1000 hit", "1000 shows 512"])
    }

    /// The fix: the in-flight `Task<Data, Never>` kept in a dictionary, joined by the calls that re-enter.
    @Test func inFlightTaskDictionaryDownloadsOnce() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("dedupe", until: .seconds(2), variants: [.ios13])
            final class Loader {
                func fetch(_ key: String) async -> Data {
                    print("download")
                    try? await Task.sleep(nanoseconds: 300_000_000)
                    return Data(count: 64)
                }
            }
            actor Cache {
                private var inFlight: [String: Task<Data, Never>] = [:]
                private let loader = Loader()
                func image(for key: String) async -> Data {
                    if let task = inFlight[key] {
                        print("join")
                        let joined: Data = await task.value
                        return joined
                    }
                    let task = Task { await loader.fetch(key) }
                    inFlight[key] = task
                    let data: Data = await task.value
                    return data
                }
            }
            let cache = Cache()
            for _ in 0..<3 {
                Task {
                    let data = await cache.image(for: "a")
                    print("got \\(data.count)")
                }
            }
            """)
        // The joiners run while the new task waits for the pool; one download either way.
        #expect(logs == ["0 join", "0 join", "0 download", "300 got 64", "300 got 64", "300 got 64"])
    }
}
