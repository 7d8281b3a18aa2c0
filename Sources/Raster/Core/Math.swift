#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few libm functions the rasterizer needs, so the target depends on the C library
/// only (not Foundation).
enum Math {
    @inline(__always) static func cos(_ x: Double) -> Double { _cos(x) }
    @inline(__always) static func sin(_ x: Double) -> Double { _sin(x) }
    @inline(__always) static func acos(_ x: Double) -> Double { _acos(x) }
    @inline(__always) static func log2(_ x: Double) -> Double { _log2(x) }
}

@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func _acos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func _log2(_ x: Double) -> Double { log2(x) }
