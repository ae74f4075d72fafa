/// How a run stops before its horizon — the modelled app crashed, or a safety limit was reached — and what the
/// step loop reads before every step to know whether it has (``isHalted``) and when to look at the limits
/// (``nextCheck``, ``maxEvents``). ``Kernel/countStep()`` checks the limits, ``Kernel/stopForLimit(_:_:)`` and
/// ``appCrashed(_:on:)`` stop the run; the outcome reports ``crash`` and ``limit``.
final class Halt {
    /// The modelled app's crash, if it crashed: the run stops after the step under way. Set only by
    /// ``appCrashed(_:on:)`` (`private(set)`): every crash takes the one path that records its one `crash` event
    /// (docs/kernel.md; a direct write elsewhere does not compile).
    private(set) var crash: Crash? { didSet { isHalted = crash != nil || limit != nil } }
    /// The safety limit that stopped the run, if one did.
    var limit: LimitStop? { didSet { isHalted = crash != nil || limit != nil } }
    /// `crash != nil || limit != nil`, kept as a flag: the step loop asks before every step, where comparing an
    /// optional struct with strings to nil cost more than the step's own checks (with the fingerprint's
    /// stream-round cache, 244 fewer instructions per timer-storm fire, callgrind).
    @exclusivity(unchecked) private(set) var isHalted = false
    /// The interpreter step at which ``Kernel/countStep()`` next looks at the limits: the next multiple of 1024
    /// (where it asks whether the run was interrupted; the limits themselves are looked at every 4096th step,
    /// ``Kernel/pollMask``) or the first step beyond `--max-steps`, whichever is first.
    @exclusivity(unchecked) var nextCheck = 0
    /// `--max-events`, read at every step.
    let maxEvents: Int
    /// Where the crash is recorded.
    private let recorder: Recorder

    init(maxEvents: Int, recorder: Recorder) {
        self.maxEvents = maxEvents
        self.recorder = recorder
    }

    /// The modelled app crashed here: the run stops after the step under way, and one `crash` event is traced.
    /// The one path for every crash (``crash`` can be set nowhere else); a second crash in the same step
    /// (a dealloc crashing while the first unwinds) is not recorded: the app is already dead.
    func appCrashed(_ message: String, on thread: SimThread?) {
        guard crash == nil else { return }
        crash = Crash(message: message, at: recorder.now, thread: thread?.name ?? "kernel")
        recorder.record(thread, .crash(message: recorder.name(message)))
    }
}

extension Kernel {
    /// The modelled app crashed here (``Halt/appCrashed(_:on:)``, the one crash path).
    func appCrashed(_ message: String, on thread: SimThread?) { halt.appCrashed(message, on: thread) }
}
