/// One registration in the default notification center.
public struct NotificationRegistration: Sendable {
    public enum Kind: Sendable {
        /// `addObserverForName:object:queue:usingBlock:`: the center holds the block until the token is removed;
        /// the token only names the registration (swift-foundation `_addObserver`; conformance D1).
        case block(token: ObjectID, block: ObjectID, queue: QueueRef?)
        /// `addObserver:selector:name:object:`: the observer is held weakly or unretained, per the variant.
        case selector(observer: ObjectID, classIndex: Int, method: Int)
    }
    public var id: Int
    /// The notification name it observes; nil: every name (`addObserverForName:nil`, `name:nil`), so every post its
    /// `object:` filter lets through.
    public var name: String?
    /// The `object:` filter; `.null` matches every sender.
    public var object: Value
    public var kind: Kind
    /// A block observer's `NSOperationQueue` (an index of ``OperationQueues``), when its queue is one: the block
    /// is delivered as an operation added to it.
    public var operationQueue: Int? = nil
    /// Whether its block or method takes the notification as its parameter (`notification:`, a selector's
    /// `params:`): a post then makes its `NSNotification` object.
    public var takesNotification = false

    /// How events and leak paths name an observer's notification name: the name, or ``everyName`` for nil.
    var nameText: String { name ?? Self.everyName }

    /// What stands for a nil name in events and leak paths.
    public static let everyName = "(every name)"

    /// Whether it observes a post of `name` from `object`: the name matches (or it observes every name), and it has
    /// no `object:` filter or the filter is the sender (NSNotificationCenter's matching, on every variant).
    func matches(name postName: String, object: Value) -> Bool {
        (name == nil || name == postName) && (self.object == .null || self.object == object)
    }
}
