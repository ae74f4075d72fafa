/// The references UIKit keeps for a view controller or a navigation controller (all strong but
/// `presenting`). They are edges of the object graph like fields, labelled by UIKit's property names.
struct UIKitLinks {
    var presented: ObjectID?
    var presenting: ObjectID?
    /// A dismissal of this presented controller is under way (until its transition ends).
    var isBeingDismissed = false
    var viewControllers: [ObjectID] = []
    /// `navigationBar.items`: the navigation items of the pushed controllers.
    var barItems: [ObjectID] = []
    var navigationItem: ObjectID?
    var rightBarButtonItem: ObjectID?
    var customView: ObjectID?

    /// Strong links as (property, object), in a fixed order.
    var strongLinks: [(String, ObjectID)] {
        var links: [(String, ObjectID)] = []
        if let presented { links.append(("presentedViewController", presented)) }
        for vc in viewControllers { links.append(("viewControllers", vc)) }
        for item in barItems { links.append(("navigationBar.items", item)) }
        if let navigationItem { links.append(("navigationItem", navigationItem)) }
        if let rightBarButtonItem { links.append(("rightBarButtonItem", rightBarButtonItem)) }
        if let customView { links.append(("customView", customView)) }
        return links
    }
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

