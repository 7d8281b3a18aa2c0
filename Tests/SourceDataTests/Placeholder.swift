import XCTest
// Tests for this target land with its issue.
