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
    public var name: String
    /// The `object:` filter; `.null` matches every sender.
    public var object: Value
    public var kind: Kind
    /// A block observer's `NSOperationQueue` (an index of ``OperationQueues``), when its queue is one: the block
    /// is delivered as an operation added to it.
    public var operationQueue: Int? = nil
}
