import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// What a view keeps and what it sends: `scrollView.delegate = self` is refused for the callbacks UIKit would send,
/// not for a reference the view would keep (UIScrollView.h: `@property(nullable,nonatomic,weak)
/// id<UIScrollViewDelegate> delegate`); UIView's drawing and layout methods inherited by the file's own view
/// subclass (`carousel.addSubview(…)`) are inert, as on an outlet, and another inherited UIKit method is refused as
/// UIKit's, never with "declare it".
@Suite struct ViewDelegateAndInheritedMethodTests {
    static func errors(_ code: String) -> [Diagnostic] {
        SwiftScenarioLoader.lower(text: SwiftUIKitTests.file(code), file: "U.swift").1.filter { $0.severity == .error }
    }

    @Test func aViewsDelegateIsRefusedForItsCallbacks() throws {
        let errors = Self.errors(
            """
            final class FeedViewController: UIViewController {
                @IBOutlet var scrollView: UIScrollView!
                @IBOutlet var table: UITableView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    scrollView.delegate = self
                    table.dataSource = self
                }
            }
            """)
        #expect(errors.count == 2, "\(errors)")
        let first = try #require(errors.first)
        #expect(first.message.contains("making one of the file's objects a view's `delegate`"), "\(first.message)")
        #expect(first.message.contains("UIKit holds it weakly"), "\(first.message)")
        #expect(first.message.contains("sends no delegate or data-source callbacks"), "\(first.message)")
        #expect(!first.message.contains("the view would keep it"), "\(first.message)")
        #expect(first.location.line == 8 && first.location.column == 31, "\(first.location)")
        #expect(errors.last?.message.contains("a view's `dataSource`") == true, "\(errors)")
    }

    /// `addSubview` of one of the file's objects is still refused: the view would keep it.
    @Test func aSubviewOfTheFilesObjectsIsRefusedAsKept() throws {
        let errors = Self.errors(
            """
            final class Badge: UIView {}
            final class HomeViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let badge = Badge()
                    view.addSubview(badge)
                }
            }
            """)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("the view would keep it") == true, "\(errors)")
    }

    /// The file's UIView subclass: `addSubview`, `setNeedsLayout` and `layoutIfNeeded` it inherits do nothing;
    /// the methods it declares run.
    @Test func inheritedDrawingMethodsOfTheFilesViewAreInert() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class BannerCarouselView: UIView {
                var page = 0
                func advance() {
                    page += 1
                    print("page \\(page)")
                }
            }
            final class HomeViewController: UIViewController {
                let carousel = BannerCarouselView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    carousel.addSubview(UIImageView())
                    carousel.layoutIfNeeded()
                    view.addSubview(carousel)
                    carousel.advance()
                }
            }
            let home = HomeViewController()
            scenario.at(.seconds(1), "show") {
                home.loadViewIfNeeded()
            }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["page 1"])
    }

    @Test func anotherInheritedUIKitMethodIsRefusedAsUIKits() throws {
        let errors = Self.errors(
            """
            final class BannerCarouselView: UIView {
                func advance() {}
            }
            final class HomeViewController: UIViewController {
                let carousel = BannerCarouselView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    carousel.becomeFirstResponder()
                }
            }
            """)
        #expect(errors.count == 1, "\(errors)")
        let message = try #require(errors.first?.message)
        #expect(
            message.contains("`becomeFirstResponder`, which `BannerCarouselView` inherits from UIView"), "\(message)")
        #expect(!message.contains("declare `func"), "\(message)")
        #expect(errors.first?.location.line == 10, "\(errors)")
    }
}
