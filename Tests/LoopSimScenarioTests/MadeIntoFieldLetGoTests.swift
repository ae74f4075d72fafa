import LoopSimKernel
import LoopSimScenario
import Testing

/// A step that makes an object straight into a place (`scheduledTimer: self.timer`, `displayLink: self.link`, Swift's
/// `timer = Timer.scheduledTimer(…)`) drops what the place held as an assignment does: an old object that survives
/// the drop (a repeating timer its run loop still holds) is let go, "reference overwritten", so the restart bug —
/// a second `start()` without `invalidate()` — reports the first timer abandoned, not alive.
@Suite struct MadeIntoFieldLetGoTests {
    /// A poller whose `start` makes MAKE into its field; the user starts it again at 1.5 s.
    static func yaml(_ make: String) -> String {
        """
        name: restart without invalidate
        until: 3s
        variants: [ios13]
        classes:
          Poller:
            fields:
              timer: strong NSTimer
              spare: strong NSTimer
            methods:
              start:
        \(make)
              tick: [log: tick]
        main:
          - let: p = new Poller
          - call: p.start
        user:
          - at: 1500ms
            name: restart
            do: [call: p.start]
        """
    }

    /// The abandoned objects of a run, each as `name letGo-ms reason`.
    static func abandoned(_ yaml: String) throws -> [String] {
        let outcome = try KernelSemanticsTests.run(yaml, "ios13")
        return outcome.findings.leaks.filter { $0.kind == .abandoned }.map {
            "\($0.object) \($0.letGo.map { "\($0.at.nanoseconds / 1_000_000)" } ?? "-") \($0.letGo?.reason ?? "-")"
        }
    }

    @Test func aTimerMadeIntoItsFieldAgainAbandonsTheFirstAsAnAssignmentDoes() throws {
        let direct = try Self.abandoned(
            Self.yaml(
                """
                        - scheduledTimer: self.timer
                          every: 1s
                          repeats: true
                          target: self
                          selector: tick
                """))
        let throughALocal = try Self.abandoned(
            Self.yaml(
                """
                        - scheduledTimer: t
                          every: 1s
                          repeats: true
                          target: self
                          selector: tick
                        - set: self.timer = t
                """))
        #expect(direct == ["timer 1500 reference overwritten"], "\(direct)")
        // The same verdict as storing through a local, but for the name the object was made under.
        #expect(
            throughALocal.count == 1 && throughALocal[0].hasSuffix("1500 reference overwritten"), "\(throughALocal)")
    }

    @Test func aDisplayLinkMadeIntoItsFieldAgainAbandonsTheFirst() throws {
        let found = try Self.abandoned(
            Self.yaml(
                """
                        - displayLink: self.timer
                          target: self
                          selector: tick
                        - addTimer: self.timer
                          mode: common
                """))
        #expect(found.count == 1 && found[0].hasSuffix("1500 reference overwritten"), "\(found)")
    }

    @Test func aFieldThatHeldNothingOrAnInvalidatedTimerLetsNothingGo() throws {
        // `invalidate` first (the fix): the run loop lets the old timer go, and the overwrite frees it.
        let fixed = try Self.abandoned(
            Self.yaml(
                """
                        - invalidate: self.timer
                        - scheduledTimer: self.timer
                          every: 1s
                          repeats: true
                          target: self
                          selector: tick
                """))
        #expect(fixed.isEmpty, "\(fixed)")
    }
}
