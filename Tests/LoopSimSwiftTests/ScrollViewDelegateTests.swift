import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// UIKit delegates in Swift (docs/swift-scenarios.md, "Scroll-view and search-bar delegates"): a scroll view's
/// delegate gets the drag's callbacks inside the tracking activation, held weakly (UIScrollView.h); a search bar's
/// and a text field's are inert, their methods called by the experiment.
@Suite struct ScrollViewDelegateTests {
    /// A carousel whose timer, in the common modes, the delegate pauses for the drag; `scroll` is the experiment's
    /// scroll and `extra` more top-level code.
    static func carousel(scroll: String, extra: String = "") -> String {
        """
        final class CarouselViewController: UIViewController, UIScrollViewDelegate {
            let scrollView = UIScrollView()
            private weak var timer: Timer?
            private var page = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                scrollView.delegate = self
                resume()
            }
            private func resume() {
                timer?.invalidate()
                let timer = Timer(timeInterval: 1, repeats: true) { [weak self] _ in self?.advance() }
                RunLoop.main.add(timer, forMode: .common)
                self.timer = timer
            }
            private func advance() {
                page += 1
                print("page \\(page)")
            }
            func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
                timer?.invalidate()
                print("began")
            }
            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                print("ended \\(decelerate)")
                if !decelerate { resume() }
            }
            func scrollViewWillBeginDecelerating(_: UIScrollView) {
                print("decelerating")
            }
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                print("settled")
                resume()
            }
        }
        var carousel: CarouselViewController? = CarouselViewController()
        carousel?.loadViewIfNeeded()
        \(extra)
        scenario.at(.milliseconds(1500), "drag") {
            \(scroll)
        }
        """
    }

    /// The drag from 1.5 s to 3.5 s, then a deceleration to 4.5 s: the timer stops at 1.5 s and restarts at 4.5 s.
    /// Without the delegate it would fire each second (5 times in 5.9 s); with it, at 1 s, 5.5 s only.
    @Test func theDelegatePausesTheTimerForTheDragAndTheDeceleration() throws {
        let report = try SwiftUIKitTests.report(
            Self.carousel(scroll: "scenario.scroll(.seconds(2), decelerate: .seconds(1), in: carousel!.scrollView)"),
            until: 6)
        #expect(
            SwiftUIKitTests.logs(report) == ["page 1", "began", "ended true", "decelerating", "settled", "page 2"])
        #expect(report.value(at: "timers.fires")?.compact == "2")
        #expect(report.value(at: "logs[1].at_ms")?.compact == "1500")
        #expect(report.value(at: "logs[2].at_ms")?.compact == "3500")
        #expect(report.value(at: "logs[3].at_ms")?.compact == "3500")
        #expect(report.value(at: "logs[4].at_ms")?.compact == "4500")
        #expect(report.value(at: "logs[5].at_ms")?.compact == "5500")
    }

    /// A drag without deceleration: `willDecelerate` false, no deceleration callbacks, and the scroll view is the
    /// only one with a delegate, so `in:` may be left out.
    @Test func aDragWithoutDecelerationEndsWithDidEndDraggingFalse() throws {
        let report = try SwiftUIKitTests.report(Self.carousel(scroll: "scenario.scroll(.seconds(2))"), until: 5)
        #expect(SwiftUIKitTests.logs(report) == ["page 1", "began", "ended false", "page 2"])
        #expect(report.value(at: "logs[2].at_ms")?.compact == "3500")
        #expect(report.value(at: "logs[3].at_ms")?.compact == "4500")
    }

    /// UIKit holds the delegate weakly: the controller freed during the drag gets no more callbacks, and the scroll
    /// kept nothing alive.
    @Test func aFreedDelegateGetsNothing() throws {
        let report = try SwiftUIKitTests.report(
            Self.carousel(
                scroll: "scenario.scroll(.seconds(2), decelerate: .seconds(1))",
                extra: "scenario.at(.seconds(2), \"leave\") { carousel = nil }"), until: 6)
        #expect(SwiftUIKitTests.logs(report) == ["page 1", "began"])
        #expect(report.value(at: "objects.leaked")?.compact == "0")
        #expect(report.value(at: "timers.fires")?.compact == "1")
    }

    /// A scroll view whose delegate is never set gets no callbacks: the timer keeps firing (common modes).
    @Test func noDelegateNoCallbacks() throws {
        let code = Self.carousel(scroll: "scenario.scroll(.seconds(2), in: carousel!.scrollView)")
            .replacingOccurrences(of: "scrollView.delegate = self", with: "")
        let report = try SwiftUIKitTests.report(code, until: 4)
        let logs = SwiftUIKitTests.logs(report)
        #expect(!logs.contains("began") && !logs.contains("ended false"), "\(logs)")
        #expect(logs.prefix(3) == ["page 1", "page 2", "page 3"], "\(logs)")
    }

    /// A search bar's delegate is inert: the experiment calls the method, whose `UISearchBar` parameter takes no
    /// value; the bar made at the top level is no object of the run.
    @Test func aSearchBarDelegateMethodIsCalledByTheExperiment() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class SearchViewController: UIViewController, UISearchBarDelegate {
                let searchBar = UISearchBar()
                private var pending: DispatchWorkItem?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    searchBar.delegate = self
                }
                func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
                    pending?.cancel()
                    let item = DispatchWorkItem { print("search \\(searchText)") }
                    pending = item
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: item)
                }
            }
            let search = SearchViewController()
            search.loadViewIfNeeded()
            let bar = UISearchBar()
            bar.delegate = search
            scenario.at(.seconds(1), "s") { search.searchBar(bar, textDidChange: "s") }
            scenario.at(.milliseconds(1100), "sw") { search.searchBar(bar, textDidChange: "sw") }
            """, until: 3)
        #expect(SwiftUIKitTests.logs(report) == ["search sw"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "1400")
    }

    /// `in:` must name a scroll view kept in a property.
    @Test func scrollInSomethingElseIsRefused() throws {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                final class V: UIViewController {
                    let label = UILabel()
                }
                let v = V()
                scenario.at(.seconds(1), "drag") { scenario.scroll(.seconds(1), in: v.label) }
                """), file: "U.swift")
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("a `UIScrollView` kept in a property"), "\(error.message)")
        #expect(error.location.line == 7 && error.location.column == 69, "\(error.location)")
    }
}
