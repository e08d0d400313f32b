@testable import Transitions
import Testing

/// The properties compare and hash by case (not through their names, as a raw-valued enum otherwise does): the
/// same answers as their names give, for every pair.
@Suite struct AnimatablePropertyTests {
    @Test func equalExactlyWhenTheNamesAre() {
        let all = AnimatableProperty.allCases
        for a in all {
            for b in all {
                #expect((a == b) == (a.rawValue == b.rawValue), "\(a) and \(b)")
            }
        }
    }

    @Test func everyCaseItsOwnKey() {
        let all = AnimatableProperty.allCases
        // The ordinal is the enum's one-byte tag.
        #expect(MemoryLayout<AnimatableProperty>.size == 1)
        #expect(Set(all).count == all.count)
        // Hashed apart, not all alike (a constant hash would still find every key, slowly).
        #expect(Set(all.map(\.hashValue)).count == all.count)
        var byProperty: [AnimatableProperty: String] = [:]
        for property in all { byProperty[property] = property.rawValue }
        #expect(byProperty.count == all.count)
        for property in all {
            #expect(byProperty[property] == property.rawValue)
            #expect(AnimatableProperty(rawValue: property.rawValue).map { $0.hashValue == property.hashValue } == true)
        }
    }
}
