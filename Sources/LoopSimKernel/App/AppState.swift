/// The app's state, as UIKit reports it.
public enum AppState: String, Sendable, Hashable {
    case active, inactive, background, suspended
    /// Killed by the watchdog: a background task outlived its budget.
    case killed
}

/// One entry of the app's state timeline.
public struct AppStateChange: Sendable, Hashable {
    public var at: SimInstant
    public var state: AppState
    public var deviceAsleep: Bool
}

/// Countdown figures at one return to the foreground.
public struct ForegroundReturn: Sendable, Hashable {
    public var at: SimInstant
    /// Per repeating timer: ticks so far, and the slots that passed by the wall clock since its first slot.
    public var countdowns: [(timer: String, ticks: Int, wallSlots: Int, interval: SimDuration)]

    public static func == (a: ForegroundReturn, b: ForegroundReturn) -> Bool {
        a.at == b.at
            && a.countdowns.map { "\($0.timer)\($0.ticks)\($0.wallSlots)" }
                == b.countdowns.map { "\($0.timer)\($0.ticks)\($0.wallSlots)" }
    }
    public func hash(into h: inout Hasher) { h.combine(at) }
}

/// A `beginBackgroundTask` registration.
struct BackgroundTask {
    var id: ObjectID
    var expiration: ObjectID?
    var ended = false
}

/// A `sample:` step's value.
public struct Sample: Sendable, Hashable {
    public var name: String
    public var at: SimInstant
    public var value: Int
}
