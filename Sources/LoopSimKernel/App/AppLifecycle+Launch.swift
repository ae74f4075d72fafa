/// The app becoming active at launch (docs/scenario-format.md §8.3, docs/fidelity.md "The app's lifecycle").
extension AppLifecycle {
    /// The launch code (`main:`, `application:didFinishLaunchingWithOptions:`) has returned on the main thread:
    /// UIKit makes the app active, calling `applicationDidBecomeActive:` and then posting
    /// `UIApplicationDidBecomeActiveNotification` — Apple, `applicationDidBecomeActive(_:)`: "The app moves to the
    /// active state because it was launched by the user or the system, or because the user …", and "After calling
    /// this method, the app also posts a didBecomeActiveNotification". They reach the main thread through UIKit's
    /// event source, queued after the root controller's appearance callouts of the launch
    /// (`makeKeyAndVisible`): didFinishLaunching, viewDidLoad, viewWillAppear, viewDidAppear, didBecomeActive, the
    /// order one developer logged (progressconcepts.com, "iOS AppDelegate ViewController Method Order"); another
    /// saw didBecomeActive before viewDidAppear on other systems, so that relative order is UNCONFIRMED.
    ///
    /// The model's app is active from the start (its launch's inactive state is not modelled), and the callback
    /// and post are queued only when something would hear them: an `appDelegate:` `didBecomeActive`, or an
    /// observer the notification matches, registered by the end of the launch code. A run nobody hears it in is
    /// left as it was (no event-source turn for it). Without an app lifecycle (`backgroundTaskSeconds: none`,
    /// Linux) nothing is posted.
    /// - Parameters:
    ///   - profile: The variant (whether the app has a lifecycle at all).
    ///   - program: The scenario (its `appDelegate:` callbacks).
    ///   - center: The default notification center (its registrations so far).
    ///   - uikit: UIKit, whose event source delivers the callback and the post.
    ///   - now: The instant the launch code returned.
    func becomeActiveAtLaunch(
        profile: VariantProfile, program: Program, center: NotificationCenter, uikit: UIKit, at now: SimInstant
    ) {
        guard profile.backgroundTaskBudget != nil, state == .active else { return }
        let callback = program.appDelegate.first { $0.name == "didBecomeActive" }?.body
        let heard = center.registrations.contains {
            $0.matches(name: Self.didBecomeActiveNotification, object: .null)
        }
        guard callback != nil || heard else { return }
        let post = Step.perform(PostNotificationStep(name: Self.didBecomeActiveNotification, object: nil))
        let body = Body(steps: (callback?.steps ?? []) + [post], localNames: callback?.localNames ?? [])
        uikit.queue(UserAction(at: now, label: "didBecomeActive", body: body))
    }
}
