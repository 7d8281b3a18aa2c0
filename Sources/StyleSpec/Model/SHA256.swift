/// SHA-256 (FIPS 180-4), written here because content hashes key caches shared between
/// sessions: a non-cryptographic hash would let one session craft a style whose tiles poison
/// another session's cache entries. Streaming, no allocation per block.
struct SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var buffer = [UInt8](repeating: 0, count: 64)
    private var buffered = 0
    private var length: UInt64 = 0

    init() {}

    mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if let done = bytes.withContiguousStorageIfAvailable({ update(buffer: UnsafeRawBufferPointer($0)) }) {
            return done
        }
        Array(bytes).withUnsafeBytes { update(buffer: $0) }
    }

    mutating func update(buffer input: UnsafeRawBufferPointer) {
        length &+= UInt64(input.count)
        var i = 0
        let n = input.count
        if buffered > 0 {
            let take = min(64 - buffered, n)
            copyIntoBuffer(input, from: 0, count: take)
            i = take
            if buffered == 64 {
                buffer.withUnsafeBytes { compress($0.baseAddress!) }
                buffered = 0
            }
        }
        while n - i >= 64 {
            compress(input.baseAddress! + i)
            i += 64
        }
        if i < n { copyIntoBuffer(input, from: i, count: n - i) }
    }

    private mutating func copyIntoBuffer(_ input: UnsafeRawBufferPointer, from: Int, count: Int) {
        guard count > 0 else { return }
        let at = buffered
        buffer.withUnsafeMutableBytes { dst in
            dst.baseAddress!.advanced(by: at).copyMemory(from: input.baseAddress!.advanced(by: from), byteCount: count)
        }
        buffered += count
    }

    /// The 32-byte digest; the hasher should not be used afterwards.
    mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var pad: [UInt8] = [0x80]
        let rem = (buffered + 1) % 64
        pad.append(contentsOf: repeatElement(0, count: rem <= 56 ? 56 - rem : 120 - rem))
        for k in (0..<8).reversed() { pad.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(k) * 8))) }
        let savedLength = length
        update(pad)
        length = savedLength
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for w in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            out.append(UInt8(truncatingIfNeeded: w >> 24)); out.append(UInt8(truncatingIfNeeded: w >> 16))
            out.append(UInt8(truncatingIfNeeded: w >> 8)); out.append(UInt8(truncatingIfNeeded: w))
        }
        return out
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { compress(block, schedule: $0) }
    }

    private mutating func compress(_ block: UnsafeRawPointer, schedule w: UnsafeMutableBufferPointer<UInt32>) {
        for t in 0..<16 {
            let b = block + t * 4
            w[t] = UInt32(b.load(as: UInt8.self)) << 24 | UInt32(b.load(fromByteOffset: 1, as: UInt8.self)) << 16
                | UInt32(b.load(fromByteOffset: 2, as: UInt8.self)) << 8 | UInt32(b.load(fromByteOffset: 3, as: UInt8.self))
        }
        for t in 16..<64 {
            let s0 = SHA256.rotr(w[t - 15], 7) ^ SHA256.rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = SHA256.rotr(w[t - 2], 17) ^ SHA256.rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        SHA256.k.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
                let ch = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ ch &+ k[t] &+ w[t]
                let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                 state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }
}
