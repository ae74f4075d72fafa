/// A UIKit property a scenario expression reads (`self.presentingViewController`, `nav.topViewController`,
/// `nav.viewControllers.count`): what UIKit answers from its references (``UIKit/property(_:of:)``).
public enum UIKitProperty: String, Sendable, CaseIterable {
    /// `presentedViewController`: what the controller, or the navigation controller it sits in, presents.
    case presentedViewController
    /// `presentingViewController`: who presents the controller, or the navigation controller it sits in.
    case presentingViewController
    /// `topViewController` of a navigation controller: the top of its stack (nil for any other object).
    case topViewController
    /// `navigationController`: the navigation controller whose stack holds the controller.
    case navigationController
    /// `viewControllers.count` of a navigation controller (0 for any other object).
    case viewControllerCount = "viewControllers.count"

    /// Whether the property is an object (else an integer).
    public var isObject: Bool { self != .viewControllerCount }
}
