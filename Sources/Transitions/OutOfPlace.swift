/// Changes what `object` keeps at `place` outside any access to it: the value is moved out (`emptied` left in its
/// place, so that it is held once and changes without a copy), changed, and put back.
///
/// Swift checks at run time that accesses to a class's stored property do not overlap, unless it can prove at compile
/// time that none does. It proves that only for a property that is not public and none of whose accesses lasts through
/// a call it cannot see into; a change in place (an append that may grow the array, a dictionary's hashing, a
/// predicate) is such an access, and one of them costs every read of the property the check. The engine reads what it
/// changes this way at every frame (docs/performance.md, "How the code gets its speed"). Inlined, so that `place` is
/// a constant key path the compiler turns into the stored property itself.
@inline(__always)
func changeOutOfPlace<Object: AnyObject, Value, Result>(
    _ object: Object, _ place: ReferenceWritableKeyPath<Object, Value>, emptied: Value,
    _ change: (inout Value) -> Result
) -> Result {
    var value = object[keyPath: place]
    object[keyPath: place] = emptied
    defer { object[keyPath: place] = value }
    return change(&value)
}
