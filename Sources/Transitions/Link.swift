/// A reference that reads nil once its object is gone, as `weak` does,
/// without sending every count of the object's references down Swift's slow
/// path. A `weak` reference gives its object a side table, and from then on
/// every retain and release of it goes through that table: for the objects a
/// scenario touches at every step (the simulation, its clock, a script's
/// runtime), that was a tenth of `segue check`'s time.
///
/// The object makes its link, attaches itself once it is initialised, and
/// clears the link first thing in its `deinit`, before anything it holds is
/// released: whoever still holds the link then reads nil, never a freed object.
/// One thread at a time, as the simulation is.
public final class Link<Object: AnyObject> {
    public private(set) unowned(unsafe) var object: Object?

    public init() {}

    /// Called once, by the object, at the end of its initialiser.
    public func attach(_ object: Object) {
        precondition(self.object == nil, "a link is attached once")
        self.object = object
    }

    /// Called by the object, first thing in its `deinit`.
    public func clear() { object = nil }
}
