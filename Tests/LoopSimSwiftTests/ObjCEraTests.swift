import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Code ported from Objective-C (docs/swift-scenarios.md, "Objective-C-era calls"): a perform's argument that is a
/// Swift value, `perform(_:with:)` called at once, `performSelector(inBackground:with:)`, `objc_sync_enter` and
/// `objc_sync_exit`, `[String]` modes, KVO observations kept in an array, a Thread stored before it is started, and
/// a capture list's copy of a `var`.
@Suite struct ObjCEraTests {
    /// `with: "feed"`, `with: section` (a String local), `with: 3` and `performSelector(onMainThread:with:…)`: the
    /// method receives the value (Swift bridges it to an NSString or NSNumber for the `Any?` argument), never nil.
    @Test func aPerformPassesAValueArgument() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("values", until: .seconds(3), variants: [.ios10, .ios13])
            final class Loader: NSObject {
                func go() {
                    let section = "news"
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    perform(#selector(load(_:)), with: section, afterDelay: 1)
                    perform(#selector(page(_:)), with: 3, afterDelay: 1.5)
                    performSelector(onMainThread: #selector(load(_:)), with: "now", waitUntilDone: true)
                }
                @objc func load(_ what: String) { print("load \\(what)") }
                @objc func page(_ n: Int) { print("page \\(n + 1)") }
            }
            let loader = Loader()
            scenario.at(.milliseconds(500), "go") { loader.go() }
            scenario.expect(.all, [
                "logged_in_order": ["load now", "load feed", "load news", "page 4"], "logs": 4,
                "logs[0].at_ms": 500, "logs[1].at_ms": 1500, "logs[3].at_ms": 2000,
            ])
            """)
    }

    /// `cancelPreviousPerformRequests(withTarget:selector:object:)` matches the argument by `isEqual:` (Apple:
    /// "Argument equality is determined using isEqual:"): `object: nil` cancels only a request made with nil, so
    /// both `with: "feed"` requests run; an equal String (another literal, a local) cancels the first.
    @Test func cancellingMatchesTheArgumentByValue() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("cancel nil", until: .seconds(4), variants: [.ios13])
            final class Refresher: NSObject {
                private var loads = 0
                func schedule() {
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(load(_:)), object: nil)
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                }
                @objc func load(_ what: String) {
                    loads += 1
                    print("load \\(loads) \\(what)")
                }
            }
            let refresher = Refresher()
            refresher.schedule()
            scenario.expect(.all, ["logs": 2, "logs[1].text": "load 2 feed", "logs[1].at_ms": 1000])
            """)
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("cancel value", until: .seconds(4), variants: [.ios13])
            final class Refresher: NSObject {
                func schedule() {
                    let key = "feed"
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    perform(#selector(load(_:)), with: "inbox", afterDelay: 1)
                    perform(#selector(load(_:)), with: nil, afterDelay: 1)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(load(_:)), object: key)
                    perform(#selector(count(_:)), with: 2, afterDelay: 2)
                    perform(#selector(count(_:)), with: 3, afterDelay: 2)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(count(_:)), object: 2)
                }
                @objc func load(_ what: String?) {
                    if let what { print("load " + what) } else { print("load nothing") }
                }
                @objc func count(_ n: Int) { print("count \\(n)") }
            }
            let refresher = Refresher()
            refresher.schedule()
            scenario.expect(.all, [
                "logged_in_order": ["load inbox", "load nothing", "count 3"], "logs": 3, "logs[2].at_ms": 2000,
            ])
            """)
    }
}
