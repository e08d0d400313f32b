import Synchronization

/// Device pixels that may still be visited, shared by every renderer
/// drawing one preview: drawing frames on several cores at once must not
/// give a script several budgets.
final class WorkBudget: Sendable {
    let limit: Int
    private let remaining: Atomic<Int>

    init(limit: Int) {
        self.limit = limit
        remaining = Atomic(limit)
    }

    var left: Int { remaining.load(ordering: .relaxed) }

    /// Charges `pixels` visits, or throws when the budget is spent.
    func charge(_ pixels: Int) throws {
        let (_, after) = remaining.wrappingSubtract(pixels, ordering: .relaxed)
        if after < 0 { throw RasterError.tooMuchWork(limit: limit) }
    }
}
