/// A reference that reads nil once its object is gone, as `weak` does,
/// without sending every count of the object's references down Swift's slow
/// path. A `weak` reference gives its object a side table, and from then on
/// every retain and release of it goes through that table: for the objects a
/// scenario touches at every step (the simulation, its clock, a transition, a
/// controller), that was a twentieth of `segue check`'s time.
///
/// The object makes its link, attaches itself once its stored properties are
/// set, and clears the link first thing in its `deinit`, before anything it
/// holds is released: whoever still holds the link then reads nil, never a
/// freed object. Only this module's classes attach and clear (other modules
/// read), so that every link has an owner that clears it. One thread at a
/// time, as the simulation is.
public final class Link<Object: AnyObject> {
    public private(set) unowned(unsafe) var object: Object?

    init() {}

    /// Called once, by the object, as soon as its stored properties are set.
    func attach(_ object: Object) {
        precondition(self.object == nil, "a link is attached once")
        self.object = object
    }

    /// Called by the object, first thing in its `deinit`.
    func clear() { object = nil }
}
