/// The references UIKit keeps for a view controller, navigation controller, navigation bar, bar item or custom
/// view (all strong but `presenting`). They are edges of the object graph like fields, labelled by UIKit's property
/// names (docs/fidelity.md, "The navigation bar and its items", gives each edge its source and certainty).
struct UIKitLinks {
    var presented: ObjectID?
    var presenting: ObjectID?
    /// A dismissal of this presented controller is under way (until its transition ends).
    var isBeingDismissed = false
    /// On a presented controller: whether its presentation removes the presenter's views (full screen), so that
    /// the presenter gets disappear hooks when it is presented and appear hooks when it is dismissed.
    var coversPresenter = true
    /// On a view controller: its `modalPresentationStyle`, how a `present` shows it (`automatic` until the app
    /// sets it).
    var modalPresentationStyle = PresentationStyle.automatic
    var viewControllers: [ObjectID] = []
    /// On a navigation controller: its `UINavigationBar`. A navigation item does not keep the bar it is on: its
    /// `_owningNavigationBar` is `assign` in iOS 9's and 10's runtime headers and `weak` in iOS 16's.
    var navigationBar: ObjectID?
    /// On a navigation bar: its item stack (`navigationBar.items`, `copy`), the navigation items of the pushed
    /// controllers, root first.
    var items: [ObjectID] = []
    /// On a view controller: its `navigationItem`, made on first use.
    var navigationItem: ObjectID?
    /// On a navigation item: its `rightBarButtonItem` (`strong` in UINavigationItem.h).
    var rightBarButtonItem: ObjectID?
    /// On a bar button item made with `initWithCustomView:`: its `customView` (`strong` in UIBarButtonItem.h).
    var customView: ObjectID?
    /// On a custom view whose navigation item is covered (a push put another item over it, and no pop has made it
    /// the top item again or taken it off): the bar that covered it. The model's one closed-source edge, inferred
    /// from seed 000 (S3): such views outlive their controllers until a pop (docs/fidelity.md).
    var coveringBar: ObjectID?
    /// On a container view controller: its `childViewControllers` (`addChildViewController:` keeps each; UIKit's
    /// array, strong), in the order added (UIKit+Containment.swift).
    var children: [ObjectID] = []
    /// On a child view controller: its `parentViewController` (weak in UIViewController.h).
    var parentController: ObjectID?
    /// On a child view controller: its view is in its parent's view hierarchy (`addSubview(child.view)`), so the
    /// parent forwards its appearance hooks to it.
    var viewInParent = false
    /// On a view controller: it has appeared (its `viewWillAppear` ran) and not yet disappeared (its
    /// `viewDidDisappear`), so a child view added now appears at once.
    var isAppeared = false

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
        if let coveringBar { links.append(("coveringBar", coveringBar)) }
        for child in children { links.append(("childViewControllers", child)) }
        return links
    }
}

/// How `present:` shows a controller (`modalPresentationStyle`), as the app sets it. What a style does on the
/// modelled device, an iPhone (compact width), depends on the variant's `sheetPresentation`
/// (``effect(on:)``; docs/fidelity.md "UIKit").
public enum PresentationStyle: String, Sendable, CaseIterable {
    /// `UIModalPresentationAutomatic` (iOS 13), every controller's default: "For most view controllers, UIKit maps
    /// this style to" a page sheet (Apple, `UIModalPresentationStyle.automatic`). Before iOS 13 the default was
    /// full screen, which is what the model gives it there.
    case automatic
    /// `UIModalPresentationFullScreen`: the presenter's views are removed after the presentation (its disappear
    /// hooks run) and put back by the dismissal (its appear hooks run). Before iOS 13 the default.
    case fullScreen
    /// `UIModalPresentationPageSheet`: from iOS 13 a sheet on an iPhone, part of the presenter stays visible, its
    /// views stay, and it gets no appear or disappear hooks; before iOS 13 an iPhone adapts it to full screen.
    case pageSheet
    /// `UIModalPresentationFormSheet`: as a page sheet on an iPhone (a sheet from iOS 13, full screen before).
    case formSheet
    /// `UIModalPresentationOverFullScreen`: covers the screen but leaves the presenter's views in place (no hooks),
    /// on every version.
    case overFullScreen

    /// Whether the presentation removes the presenter's views (full screen), under `sheets`, the variant's
    /// `sheetPresentation`.
    func coversPresenter(sheets: SheetPresentation) -> Bool {
        switch self {
        case .fullScreen: true
        case .overFullScreen: false
        case .automatic, .pageSheet, .formSheet: sheets != .sheet
        }
    }
}

/// What the variant's iPhone does with the default style and the sheet styles (flag `sheetPresentation`).
public enum SheetPresentation: String, Sendable, Hashable, CaseIterable {
    /// Before iOS 13: the default is full screen, and a page or form sheet is adapted to full screen in a
    /// compact-width size class.
    case fullScreen
    /// iOS 13 and later: `automatic` is a page sheet, and page and form sheets stay sheets on an iPhone.
    case sheet
    /// No UIKit (Linux): presenting a controller crashes the run, naming the variant.
    case none
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
