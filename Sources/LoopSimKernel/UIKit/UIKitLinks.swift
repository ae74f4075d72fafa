/// The references UIKit keeps for a view controller, navigation controller, navigation bar or bar item (all
/// strong but `presenting`). They are edges of the object graph like fields, labelled by UIKit's property names.
struct UIKitLinks {
    var presented: ObjectID?
    var presenting: ObjectID?
    /// A dismissal of this presented controller is under way (until its transition ends).
    var isBeingDismissed = false
    /// On a presented controller: whether its presentation removes the presenter's views (full screen), so that
    /// the presenter gets disappear hooks when it is presented and appear hooks when it is dismissed.
    var coversPresenter = true
    var viewControllers: [ObjectID] = []
    /// On a navigation controller: its `UINavigationBar`. On a navigation item pushed over another: the bar it is
    /// on, through the back button the bar shows for it (the model's one closed-source edge, docs/fidelity.md).
    var navigationBar: ObjectID?
    /// On a navigation bar: its item stack (`navigationBar.items`), the navigation items of the pushed controllers.
    var items: [ObjectID] = []
    var navigationItem: ObjectID?
    var rightBarButtonItem: ObjectID?
    var customView: ObjectID?

    /// Strong links as (property, object), in a fixed order.
    var strongLinks: [(String, ObjectID)] {
        var links: [(String, ObjectID)] = []
        if let presented { links.append(("presentedViewController", presented)) }
        for vc in viewControllers { links.append(("viewControllers", vc)) }
        if let navigationBar { links.append(("navigationBar", navigationBar)) }
        for item in items { links.append(("items", item)) }
        if let navigationItem { links.append(("navigationItem", navigationItem)) }
        if let rightBarButtonItem { links.append(("rightBarButtonItem", rightBarButtonItem)) }
        if let customView { links.append(("customView", customView)) }
        return links
    }
}

/// How `present:` shows a controller (`modalPresentationStyle`).
public enum PresentationStyle: String, Sendable, CaseIterable {
    /// `UIModalPresentationFullScreen`: the presenter's views are removed after the presentation (its disappear
    /// hooks run) and put back by the dismissal (its appear hooks run). Before iOS 13 the default.
    case fullScreen
    /// `UIModalPresentationPageSheet`, what iOS 13's default `automatic` gives most controllers on an iPhone: part
    /// of the presenter stays visible, its views stay, and it gets no appear or disappear hooks.
    case pageSheet
    /// `UIModalPresentationOverFullScreen`: covers the screen but leaves the presenter's views in place (no hooks).
    case overFullScreen

    var coversPresenter: Bool { self == .fullScreen }
}

/// What happened to each controller that was presented (or refused).
public struct PresentationRecord: Sendable, Hashable {
    public var object: String
    public var serial: Int
    public var className: String
    /// When the app made the controller: for an alert made when a reply arrives, the reply's arrival, when the app
    /// asked for it; the start of its wait (``waitBeforeShown``).
    public var createdAt: SimInstant
    public var requests = 0
    public var refused = 0
    public var shown = 0
    public var firstRequestedAt: SimInstant?
    public var firstShownAt: SimInstant?

    /// How long the controller waited, from its creation (the app asking for it) to its first presentation; nil
    /// when it was never shown. Not from its first `present:`: a queue that holds an alert until the one on screen
    /// goes (S18, S19) makes its present call just before it is shown, so that wait is always about 0.
    public var waitBeforeShown: SimDuration? { firstShownAt.map { $0 - createdAt } }
}
