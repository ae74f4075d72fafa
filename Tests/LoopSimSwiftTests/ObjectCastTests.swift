import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Casts of an object to a class of the file (SwiftLowering+ObjectCasts.swift): `as?`, `as!`, `is`, `if let`,
/// `guard let`, and `switch` with `as`/`is` patterns, each tested on the object's class at run time.
@Suite struct ObjectCastTests {
    /// Two screens of a navigation stack (a home screen, then a review screen with a star-rating view) and a
    /// settings screen presented over it; `code` is the experiment.
    static func stack(_ code: String, extra: String = "") -> String {
        """
        final class RatingView {
            var stars = 0
            func tapStar(at index: Int) {
                stars = index
                print("rated \\(index)")
            }
        }
        final class HomeViewController: UIViewController {
            func refresh() { print("home refresh") }
        }
        final class ReviewViewController: UIViewController {
            let ratingView = RatingView()
        }
        final class SettingsViewController: UIViewController {}
        \(extra)
        let window = UIWindow(frame: UIScreen.main.bounds)
        let nav = UINavigationController(rootViewController: HomeViewController())
        window.rootViewController = nav
        window.makeKeyAndVisible()
        scenario.at(.seconds(1), "open the review") {
            nav.pushViewController(ReviewViewController(), animated: false)
        }
        \(code)
        """
    }

    static func logs(_ code: String, extra: String = "") throws -> [String] {
        SwiftUIKitTests.logs(try SwiftUIKitTests.report(stack(code, extra: extra)))
    }

    @Test func conditionalCastInAnOptionalChainCallsOnlyOnTheRightClass() throws {
        let logs = try Self.logs(
            """
            scenario.at(.milliseconds(500), "too early") {
                (nav.topViewController as? ReviewViewController)?.ratingView.tapStar(at: 2)
            }
            scenario.at(.seconds(2), "tap") {
                (nav.topViewController as? ReviewViewController)?.ratingView.tapStar(at: 4)
                (nav.topViewController as? HomeViewController)?.refresh()
            }
            """)
        #expect(logs == ["rated 4"])
    }

    @Test func conditionalCastIntoALocal() throws {
        let logs = try Self.logs(
            """
            scenario.at(.seconds(2), "tap") {
                let review = nav.topViewController as? ReviewViewController
                review?.ratingView.tapStar(at: 3)
                review?.ratingView.tapStar(at: 5)
                let home = nav.topViewController as? HomeViewController
                print("home is nil: \\(home == nil)")
            }
            """)
        #expect(logs == ["rated 3", "rated 5", "home is nil: true"])
    }

    @Test func isTestsTheClass() throws {
        let logs = try Self.logs(
            """
            scenario.at(.milliseconds(500), "before") {
                print("review on top: \\(nav.topViewController is ReviewViewController)")
                print("home on top: \\(nav.topViewController is HomeViewController)")
            }
            scenario.at(.seconds(2), "after") {
                if nav.topViewController is ReviewViewController { print("review on top") }
                if !(nav.topViewController is HomeViewController) { print("home not on top") }
            }
            """)
        #expect(
            logs == ["review on top: false", "home on top: true", "review on top", "home not on top"])
    }

    @Test func ifLetAndGuardLetBindTheCastObject() throws {
        let logs = try Self.logs(
            """
            scenario.at(.seconds(2), "tap") {
                if let review = nav.topViewController as? ReviewViewController {
                    review.ratingView.tapStar(at: 1)
                } else {
                    print("no review")
                }
                if let home = nav.topViewController as? HomeViewController {
                    home.refresh()
                } else {
                    print("no home")
                }
                Checker().check(nav.topViewController)
            }
            """,
            extra: """
                final class Checker {
                    func check(_ top: UIViewController?) {
                        guard let review = top as? ReviewViewController else {
                            print("not a review")
                            return
                        }
                        print("review with \\(review.ratingView.stars) stars")
                    }
                }
                """)
        #expect(logs == ["rated 1", "no home", "review with 1 stars"])
    }

    @Test func switchWithCastPatterns() throws {
        let logs = try Self.logs(
            """
            scenario.at(.milliseconds(500), "home") { Router().route(nav.topViewController) }
            scenario.at(.seconds(2), "review") { Router().route(nav.topViewController) }
            scenario.at(.seconds(3), "settings") { Router().route(SettingsViewController()) }
            """,
            extra: """
                final class Router {
                    func route(_ top: UIViewController?) {
                        switch top {
                        case let review as ReviewViewController:
                            review.ratingView.tapStar(at: 5)
                        case is HomeViewController:
                            print("home")
                        default:
                            print("other")
                        }
                    }
                }
                """)
        #expect(logs == ["home", "rated 5", "other"])
    }

    @Test func forcedCastOfTheRightClassRunsAndOfAnotherTraps() throws {
        let good = try SwiftUIKitTests.report(
            Self.stack(
                """
                scenario.at(.seconds(2), "tap") {
                    (nav.topViewController as! ReviewViewController).ratingView.tapStar(at: 2)
                }
                """))
        #expect(SwiftUIKitTests.logs(good) == ["rated 2"])
        #expect(good.value(at: "crashed")?.compact == "false")
        let bad = try SwiftUIKitTests.report(
            Self.stack(
                """
                scenario.at(.seconds(2), "tap") {
                    let home = nav.topViewController as! HomeViewController
                    print("not reached")
                    home.refresh()
                }
                """))
        #expect(SwiftUIKitTests.logs(bad) == [])
        #expect(bad.value(at: "crashed")?.compact == "true")
        let crash = bad.value(at: "crash.message")?.compact ?? bad.value(at: "crash")?.compact ?? ""
        #expect(crash.contains("Could not cast value to 'HomeViewController'"), "\(crash)")
    }

    @Test func aCastOfAPropertyTypedByAProtocol() throws {
        let logs = try Self.logs(
            """
            scenario.at(.seconds(2), "tap") {
                let holder = Holder()
                holder.delegate = nav.topViewController as? ReviewViewController
                holder.report()
                holder.delegate = nil
                holder.report()
            }
            """,
            extra: """
                protocol Rating: AnyObject {}
                extension ReviewViewController: Rating {}
                final class Holder {
                    weak var delegate: Rating?
                    func report() {
                        if let review = delegate as? ReviewViewController {
                            print("delegate has \\(review.ratingView.stars) stars")
                        } else {
                            print("no delegate")
                        }
                    }
                }
                """)
        #expect(logs == ["delegate has 0 stars", "no delegate"])
    }
}
