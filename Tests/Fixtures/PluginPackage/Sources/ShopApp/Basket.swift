/// The app's basket, presented with the `basket-fade` transition of Catalogue/.
public struct Basket {
    public var items: [String] = []

    public init() {}

    public var isEmpty: Bool { items.isEmpty }
}
