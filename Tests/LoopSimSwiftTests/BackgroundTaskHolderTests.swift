import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A background task never ended: UIApplication holds the task, and through it the expiration handler, until
/// `endBackgroundTask(_:)`; the controller's `UIBackgroundTaskIdentifier` is a number that holds nothing. So a
/// popped exporter whose handler captures `self` strongly is abandoned, held by the app's running tasks — not a
/// cycle through its identifier property (a hidden reviewer's file found the cycle).
@Suite struct BackgroundTaskHolderTests {
    static func app(end: Bool) -> String {
        """
        final class ExportViewController: UIViewController {
            private var exportTask = UIBackgroundTaskIdentifier.invalid
            func startExport() {
                exportTask = UIApplication.shared.beginBackgroundTask {
                    self.finishExport()
                }
            }
            func finishExport() {
                UIApplication.shared.endBackgroundTask(exportTask)
                exportTask = .invalid
            }
        }
        var exporter: ExportViewController? = ExportViewController()
        exporter?.startExport()
        scenario.at(.seconds(1), "done") {
            \(end ? "exporter?.finishExport()" : "print(\"left running\")")
            exporter = nil
        }
        """
    }

    @Test func aTaskNeverEndedKeepsItsHandlersObjectAbandoned() throws {
        let report = try SwiftUIKitTests.report(Self.app(end: false), until: 3)
        #expect(report.value(at: "leaks[0].class")?.compact == "\"ExportViewController\"")
        #expect(report.value(at: "leaks[0].kind")?.compact == "\"abandoned\"")
        #expect(
            report.value(at: "leaks[0].path")?.compact
                == "[\"UIApplication background tasks\",\"UIBackgroundTask#4\",\"block#1\",\"ExportViewController exporter\"]"
        )
    }

    @Test func anEndedTaskLeavesNothing() throws {
        let report = try SwiftUIKitTests.report(Self.app(end: true), until: 3)
        #expect(report.value(at: "leaks")?.compact == "[]")
    }
}
