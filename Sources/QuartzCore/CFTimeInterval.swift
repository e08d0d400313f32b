/// Core Foundation's seconds, which Core Animation's times are (Foundation on Linux has not this name).
public typealias CFTimeInterval = Double
