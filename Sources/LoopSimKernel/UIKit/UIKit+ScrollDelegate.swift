/// A scroll view's delegate (docs/fidelity.md, "Scroll-view delegate callbacks"). UIKit keeps it weakly
/// (UIScrollView.h: `@property(nullable,nonatomic,weak) id<UIScrollViewDelegate> delegate`) and calls it from the
/// touch handling on the main thread, so each callback is a callout of UIKit's event source, which is in the common
/// modes: it runs inside the tracking activation of the main run loop while the scroll is tracked.
///
/// The order is UIScrollViewDelegate's: `scrollViewWillBeginDragging(_:)` when the drag starts,
/// `scrollViewDidEndDragging(_:willDecelerate:)` when the finger lifts (`willDecelerate` when a deceleration
/// follows), then `scrollViewWillBeginDecelerating(_:)` if one does, and `scrollViewDidEndDecelerating(_:)` when the deceleration ends, only after one. A touch that begins
/// before a scroll has ended stops it: that scroll's pending end callbacks are not sent (the new touch sends its own).
extension UIKit {
    static let willBeginDragging = "scrollViewWillBeginDragging"
    static let didEndDragging = "scrollViewDidEndDragging"
    static let willBeginDecelerating = "scrollViewWillBeginDecelerating"
    static let didEndDecelerating = "scrollViewDidEndDecelerating"

    /// A scroll begins (after ``beginTracking(for:on:_:)``): a new touch serial, and the delegate's callbacks, if it
    /// has one, queued for the touch's start, the drag's end and the deceleration's end. The delegate is not
    /// retained: each callback finds it by id and is not sent once it is freed.
    func queueScrollDelegate(_ delegate: ObjectID?, drag: SimDuration, decelerate: SimDuration) {
        scrolls += 1
        guard let delegate else { return }
        let serial = scrolls
        func call(_ method: String, _ argument: Value? = nil) -> [Step] {
            [.internalStep(.callScrollDelegate(delegate, method, argument: argument, scroll: serial))]
        }
        let decelerates = decelerate > .zero
        let start = recorder.now
        queueCallouts(call(Self.willBeginDragging), at: start, label: "scrollViewWillBeginDragging")
        queueCallouts(
            call(Self.didEndDragging, .bool(decelerates)), at: start + drag, label: "scrollViewDidEndDragging")
        if decelerates {
            queueCallouts(
                call(Self.willBeginDecelerating), at: start + drag, label: "scrollViewWillBeginDecelerating")
            queueCallouts(
                call(Self.didEndDecelerating), at: start + drag + decelerate, label: "scrollViewDidEndDecelerating")
        }
    }

    /// Whether a scroll-delegate callback of scroll number `scroll` is still sent: an end callback of a scroll a
    /// later touch has stopped is not. (A freed delegate, or one whose class lacks the method, gets nothing either:
    /// ``hookFrame(_:_:arguments:aliveOnly:_:)``.)
    func sendsScrollCallback(_ method: String, scroll: Int) -> Bool {
        method == Self.willBeginDragging || scroll == scrolls
    }
}
