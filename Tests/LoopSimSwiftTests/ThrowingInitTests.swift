import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Throwing initializers (SwiftLowering+ThrowingInits.swift), each checked by what the run logs against what this
/// machine's swiftc build of the same code prints: the Swift book, "Initialization" — a class instance whose init
/// throws before every stored property has a value is freed without its `deinit` (the properties already set are
/// released); after that it is a whole object, released with its `deinit`; the caller never holds it.
@Suite struct ThrowingInitTests {
    static let classes = """
        enum ConfigError: Error {
            case empty
            case tooLong
        }
        final class Box {
            let n: Int
            init(n: Int) { self.n = n }
            deinit { print("Box deinit \\(n)") }
        }
        final class Config {
            let path: String
            let box: Box
            var retries = 0
            init(path: String) throws {
                box = Box(n: path.count)
                guard !path.isEmpty else { throw ConfigError.empty }
                self.path = path
                if path.count > 5 { throw ConfigError.tooLong }
                print("init done \\(path)")
            }
            deinit { print("Config deinit \\(path)") }
        }

        """

    static func run(_ body: String) throws -> [String] {
        try ThrowingTests.run(classes + body).logs
    }

    @Test func aThrowBeforeEveryPropertyIsSetSkipsDeinitAndOneAfterRunsIt() throws {
        let logs = try Self.run(
            """
            final class Loader {
                var config: Config?
                func load(_ p: String) {
                    do {
                        let c = try Config(path: p)
                        print("loaded \\(c.path)")
                        config = c
                    } catch ConfigError.empty {
                        print("empty path")
                    } catch {
                        print("failed \\(error)")
                    }
                }
            }
            let loader = Loader()
            loader.load("")
            loader.load("abcdefg")
            loader.load("abc")
            loader.config = nil
            """)
        #expect(
            logs == [
                "0 Box deinit 0", "0 empty path", "0 Config deinit abcdefg", "0 Box deinit 7", "0 failed tooLong",
                "0 init done abc", "0 loaded abc", "0 Config deinit abc", "0 Box deinit 3",
            ])
    }

    @Test func tryOptionalIsNilAndTryPropagatesOutOfAThrowingMethodIntoAProperty() throws {
        let logs = try Self.run(
            """
            final class Loader {
                var config: Config?
                func quiet(_ p: String) {
                    if let c = try? Config(path: p) {
                        print("quiet \\(c.path)")
                    } else {
                        print("quiet nil")
                    }
                    guard let d = try? Config(path: p) else {
                        print("guard nil")
                        return
                    }
                    print("guard \\(d.path)")
                }
                func relay(_ p: String) throws {
                    config = try Config(path: p)
                    print("relayed")
                }
            }
            let loader = Loader()
            loader.quiet("")
            loader.quiet("xy")
            do {
                try loader.relay("")
            } catch {
                print("relay failed \\(error)")
            }
            do {
                try loader.relay("ok")
            } catch {
                print("never")
            }
            print("kept \\(loader.config != nil)")
            """)
        #expect(
            logs == [
                "0 Box deinit 0", "0 quiet nil", "0 Box deinit 0", "0 guard nil", "0 init done xy", "0 quiet xy",
                "0 Config deinit xy", "0 Box deinit 2", "0 init done xy", "0 guard xy", "0 Config deinit xy",
                "0 Box deinit 2", "0 Box deinit 0", "0 relay failed empty", "0 init done ok", "0 relayed",
                "0 kept true",
            ])
    }

    @Test func tryForcedTrapsAtTheSwiftLine() throws {
        let (logs, run) = try ThrowingTests.run(
            Self.classes + """
                final class Loader {
                    func force() {
                        let c = try! Config(path: "")
                        print("never \\(c.path)")
                    }
                }
                Loader().force()
                """)
        #expect(logs == [])
        let crash = try #require(run.outcome.crash)
        #expect(crash.message.hasSuffix(": Fatal error: 'try!' expression unexpectedly raised an error"))
    }

    @Test func aStaticFactoryThrowsFromTheTypeObject() throws {
        let logs = try ThrowingTests.run(
            """
            enum SetupError: Error {
                case noInterval
            }
            final class Poller {
                static var made = 0
                var interval = 0
                static func make(interval: Int) throws -> Poller {
                    guard interval > 0 else { throw SetupError.noInterval }
                    made += 1
                    let p = Poller()
                    p.interval = interval
                    return p
                }
                static func check(_ n: Int) throws {
                    if n > 3 { throw SetupError.noInterval }
                    print("checked \\(n)")
                }
                deinit { print("Poller deinit \\(interval)") }
            }

            final class Screen {
                var poller: Poller?
                func start(_ n: Int) {
                    do {
                        try Poller.check(n)
                        let p = try Poller.make(interval: n)
                        poller = p
                        print("started \\(p.interval)")
                    } catch {
                        print("no poller: \\(error)")
                    }
                    let q = try? Poller.make(interval: 0)
                    print("q \\(q == nil)")
                }
            }
            let s = Screen()
            s.start(0)
            s.start(2)
            s.start(5)
            s.poller = nil
            """
        ).logs
        // swiftc's build of the same code prints these lines.
        #expect(
            logs == [
                "0 checked 0", "0 no poller: noInterval", "0 q true", "0 checked 2", "0 started 2", "0 q true",
                "0 no poller: noInterval", "0 q true", "0 Poller deinit 2",
            ])
    }

    @Test func asyncAndTypedThrowingInitsAreRefused() {
        for (code, fragment) in [
            ("final class C { let n: Int\n init(n: Int) async { self.n = n } }", "an `async` init"),
            ("final class C { let n: Int\n init(n: Int) throws(CancellationError) { self.n = n } }", "typed throws"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: ThrowingTests.header + "enum ConfigError: Error { case empty }\n" + code, file: "I.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
