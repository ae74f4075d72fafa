import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `flag.toggle()` (SwiftLowering+Toggle.swift): the standard library's `mutating func toggle() { self = !self }`
/// on a property, a struct's stored property and a `var` local, observers around it as around any store.
@Suite struct BoolToggleTests {
    @Test func toggleFlipsAPropertyAStructFieldAndALocal() throws {
        let report = try SwiftUIKitTests.report(
            """
            struct Snapshot {
                var darkMode: Bool
                var fontScale: Int
            }
            final class Settings {
                var snapshot = Snapshot(darkMode: false, fontScale: 100)
                var isOn = true {
                    didSet { print("isOn now \\(isOn)") }
                }
                func reload() {
                    snapshot.darkMode.toggle()
                    self.snapshot.darkMode.toggle()
                    snapshot.darkMode.toggle()
                    isOn.toggle()
                    var local = false
                    local.toggle()
                    print("dark \\(snapshot.darkMode) local \\(local)")
                }
            }
            let s = Settings()
            s.reload()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["isOn now false", "dark true local true"])
    }

    @Test func aToggleOfAClassesOwnMethodIsStillItsMethod() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Switch {
                var on = false
                func toggle() { on = !on; print("switched \\(on)") }
            }
            let s = Switch()
            s.toggle()
            s.toggle()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["switched true", "switched false"])
    }
}
