import LoopSimKernel

/// A variant flag a narrated step rests on: its name, its value in the run's profile, where the behaviour comes
/// from (``VariantFlag/source``) and how sure the model is of that value in this profile.
///
/// The narration cites a flag only where the run's events show the flag's effect (a timer port disarmed or left
/// armed when a mode's last timer goes, a stale wake, UIKit's tracking mode, an autorelease pool freeing an
/// object), never from the scenario's name.
///
/// ```swift
/// let flag = NarrationFlag("staleTimerPortWakeAfterLastTimerRemoved", in: VariantProfile.builtIn("ios9")!)
/// flag?.value      // "true"
/// flag?.certainty  // "inferred: no CF of iOS 9 (CF-1240) is public; …"
/// ```
public struct NarrationFlag: Sendable, Hashable {
    public var name: String
    /// The flag's value in the run's profile, as `loopsim variants` prints it.
    public var value: String
    /// ``VariantFlag/source``: the CF release, documentation page or measurement behind the behaviour.
    public var source: String
    /// How sure the model is of this value in this profile, nil when no note is kept for the profile.
    public var certainty: String?

    /// The flag `name` as `profile` sets it; nil for an unknown flag.
    public init?(_ name: String, in profile: VariantProfile) {
        guard let flag = VariantFlag.named(name), let value = profile.value(of: name) else { return nil }
        self.name = name
        self.value = value
        source = flag.source
        if let builtIn = VariantProfile.builtIn(profile.name), builtIn.value(of: name) != value {
            certainty = "set for this run (a scenario's set: or --set), not \(profile.name)'s own value"
        } else {
            certainty =
                Self.certainties[name]?[profile.name]
                ?? (profile.name == Self.linux ? flag.linuxEvidence.text : nil)
        }
    }

    /// `name = value`, as a step shows it.
    public var assignment: String { "\(name) = \(value)" }

    /// The flag as JSON: `name`, `value`, `source`, `certainty` (null when unknown).
    public var json: JSONValue {
        .object([
            "name": .string(name), "value": .string(value), "source": .string(source),
            "certainty": certainty.map(JSONValue.string) ?? .null,
        ])
    }

    /// The Linux profile, whose values' certainty is the flag's own ``VariantFlag/linuxEvidence``: the conformance
    /// scenarios that measure it on this machine, or what it is cited from.
    public static let linux = "linux-corelibs"

    /// How sure each iOS value of the flags the narration cites is, by flag, then by profile:
    /// runloop-semantics.md §0.2, §4.2, §10 and §11, and docs/fidelity.md ("Variant flags and their evidence").
    public static let certainties: [String: [String: String]] = {
        let readInCF1153 =
            "read in the source: CF-1153.18 is the CF of OS X 10.10.3-10.10.5, contemporaneous with "
            + "iOS 8.3/8.4, and its iOS build is mk_timer-only (semantics §0.2, §4.2)"
        let inferredIOS9 =
            "inferred: no CF of iOS 9 (CF-1240) is public; the value is CF-1153.18's iOS build plus "
            + "the reported device behaviour, and the release in which Apple switched the iOS build is UNCONFIRMED "
            + "(semantics §0.2, §10)"
        let readInSierra =
            "read in the source: SCF-Sierra, the CF of macOS 10.12 / iOS 10, builds iOS with the "
            + "dispatch timer and tracks what it armed (semantics §4.2)"
        let noWake =
            "read in the source: CFRunLoopRemoveTimer and CFRunLoopTimerInvalidate send no wake-up "
            + "(CF-1153.18, SCF-Sierra; semantics §1.7)"
        let uikit = "documented (UITrackingRunLoopMode) and seen in run-loop dumps (semantics §1.8, §2)"
        let autorelease =
            "a convention: ARC returns the results of methods not named alloc/new/copy autoreleased; "
            + "when the pool drains follows UIKit's pool observers (semantics §1.8)"
        let releases =
            "documented (Timer.invalidate: the timer removes its strong references to its target and user "
            + "info) and read in the source (CFRunLoopTimerInvalidate calls the context's release)"
        let ios = ["ios8", "ios9", "ios10", "ios13"]
        func each(_ text: String) -> [String: String] { Dictionary(uniqueKeysWithValues: ios.map { ($0, text) }) }
        return [
            "staleTimerPortWakeAfterLastTimerRemoved": [
                "ios8": readInCF1153, "ios9": inferredIOS9, "ios10": readInSierra, "ios13": readInSierra,
            ],
            "removeOrInvalidateWakesLoop": each(noWake),
            "timerReleasesTargetOnInvalidate": each(releases),
            "uikitMainRunLoop": each(uikit),
            "autoreleasedFactoryResults": each(autorelease),
        ]
    }()
}
