/// Why a view cannot go where it was put.
public enum ViewHierarchyError: Error, Sendable, Equatable, CustomStringConvertible {
    case addedToItself(name: String)
    case cycle(child: String, parent: String)
    case tooDeep(child: String, parent: String, limit: Int)
    /// A mask is drawn only as its owner's mask, in no tree of its own.
    case isMask(child: String, owner: String)
    case maskOfItself(name: String)
    case maskInTree(mask: String)
    case maskTaken(mask: String, owner: String)
    case maskHasMask(mask: String)
    case maskIsMask(name: String)

    public var description: String {
        switch self {
        case .addedToItself(let name):
            "can't add '\(name)' as a subview of itself (UIKit raises an exception)"
        case .cycle(let child, let parent):
            "can't add '\(child)' inside '\(parent)', which is inside it: that would make a cycle (UIKit raises an exception)"
        case .tooDeep(let child, let parent, let limit):
            "adding '\(child)' inside '\(parent)' would make the view hierarchy deeper than \(limit) levels"
        case .isMask(let child, let owner):
            "'\(child)' is the mask of '\(owner)'; a mask is in no layer tree (set \(owner)'s mask to nil first)"
        case .maskOfItself(let name):
            "'\(name)' can't be its own mask"
        case .maskInTree(let mask):
            "'\(mask)' is in a layer tree (it has a superlayer); a mask must be a layer of its own: remove it from its superlayer first"
        case .maskTaken(let mask, let owner):
            "'\(mask)' is already the mask of '\(owner)'; a layer masks one layer at most"
        case .maskHasMask(let mask):
            "'\(mask)' has a mask of its own; a mask cannot be masked (Core Animation ignores it)"
        case .maskIsMask(let name):
            "'\(name)' is a mask; a mask cannot be masked (Core Animation ignores it)"
        }
    }
}
