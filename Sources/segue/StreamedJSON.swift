/// A JSON document printed while its first member, an array, is still being
/// made: each element is written as it comes and let go, and the bytes are
/// those `Output.json` gives for the whole document at once (pretty, keys
/// sorted: the array's key must sort before the others').
///
///     {                          ← init
///       "entries" : [
///         { … },                 ← append, each element indented under the array
///         { … }
///       ],                       ← finish, then the other members
///       "problems" : [ … ],
///       "schema" : "segue.list/1"
///     }
struct StreamedJSON {
    private var count = 0
    /// Why an element could not be encoded: `finish` throws it.
    private var failure: Error?

    /// - Parameter key: the array's key, plain ASCII (it is written as it is).
    init(array key: String) {
        print("{\n  \"\(key)\" : [", terminator: "")
    }

    mutating func append<T: Encodable>(_ element: T) {
        let text: String
        do { text = try Output.json(element) } catch {
            failure = failure ?? error
            return
        }
        print(count == 0 ? "\n" : ",\n", terminator: "")
        // Strings never hold a raw newline in JSON: every line break is the encoder's. A blank line stays blank.
        print(text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"),
              terminator: "")
        count += 1
    }

    /// Closes the array and prints the document's other members.
    ///
    /// - Parameter rest: encodes those members (at least one).
    /// - Throws: the first element's or the members' encoding error.
    func finish<T: Encodable>(rest: T) throws {
        if let failure { throw failure }
        let members = try Output.json(rest)
        // The encoder writes an empty array with a blank line inside: "[\n\n  ]".
        print((count == 0 ? "\n" : "") + "\n  ],\n" + members.dropFirst("{\n".count))
    }
}
