import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A display link or timer added for `.common` is a common item of its run loop (CFRunLoop's `_commonModeItems`,
/// copied into each common mode): its leak path starts at the loop's common items, as the code wrote, not at the
/// first common mode's list.
@Suite struct CommonModeLeakPathTests {
    static func path(mode: String) throws -> [String] {
        let report = try SwiftUIKitTests.report(
            """
            final class SkeletonView: UIView {
                var link: CADisplayLink?
                func start() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.add(to: .main, forMode: \(mode))
                }
                @objc func step() {}
            }
            var skeleton: SkeletonView? = SkeletonView()
            skeleton?.start()
            scenario.at(.seconds(1), "leave") {
                skeleton = nil
            }
            """, until: 2)
        var path: [String] = []
        while let step = report.value(at: "leaks[0].path[\(path.count)]")?.compact {
            path.append(step.trimmingCharacters(in: ["\""]))
        }
        #expect(report.value(at: "leaks[0].class") == .string("SkeletonView"))
        return path
    }

    @Test func aCommonModeDisplayLinksPathStartsAtTheCommonItems() throws {
        #expect(try Self.path(mode: ".common").first == "runloop(main) common items")
    }

    @Test func aDefaultModeDisplayLinksPathStartsAtTheDefaultMode() throws {
        #expect(try Self.path(mode: ".default").first == "runloop(main) mode default")
    }
}
