import Foundation

/// Which network addresses a remote fetch may connect to. A session can POST any style, so a
/// style's URL must never make the server reach its own machine or network: loopback,
/// private, link-local, unique-local, shared (CGNAT), multicast, broadcast and unspecified
/// addresses are refused unless the operator lists the host in `remotePrivateHosts`. The
/// check runs on the resolved addresses, before any connection is attempted.
enum AddressPolicy {
    /// Why `address` (numeric, IPv4 or IPv6) is not public, or nil when it is public.
    static func nonPublicReason(_ address: String) -> String? {
        if let v4 = ipv4(address) { return reason(v4) }
        if let v6 = ipv6(address) { return reason(v6) }
        return "not an IP address"
    }

    private static func reason(_ b: [UInt8]) -> String? {
        switch (b[0], b[1]) {
        case (0, _): return "unspecified (0.0.0.0/8)"
        case (10, _): return "private (10.0.0.0/8)"
        case (100, 64...127): return "shared (100.64.0.0/10)"
        case (127, _): return "loopback (127.0.0.0/8)"
        case (169, 254): return "link-local (169.254.0.0/16)"
        case (172, 16...31): return "private (172.16.0.0/12)"
        case (192, 168): return "private (192.168.0.0/16)"
        case (192, 0) where b[2] == 0: return "reserved (192.0.0.0/24)"
        case (198, 18...19): return "benchmarking (198.18.0.0/15)"
        case (224...239, _): return "multicast"
        case (240...255, _): return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }

    private static func reason(_ w: [UInt16]) -> String? {
        if w.allSatisfy({ $0 == 0 }) { return "unspecified (::)" }
        if w[0..<7].allSatisfy({ $0 == 0 }) && w[7] == 1 { return "loopback (::1)" }
        // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96) carry an IPv4 address.
        if w[0..<5].allSatisfy({ $0 == 0 }) && w[5] == 0xFFFF || w[0] == 0x64 && w[1] == 0xFF9B && w[2..<6].allSatisfy({ $0 == 0 }) {
            return reason([UInt8(w[6] >> 8), UInt8(w[6] & 0xFF), UInt8(w[7] >> 8), UInt8(w[7] & 0xFF)]).map { "\($0), IPv4 inside IPv6" }
        }
        if w[0] & 0xFE00 == 0xFC00 { return "unique-local (fc00::/7)" }
        if w[0] & 0xFFC0 == 0xFE80 { return "link-local (fe80::/10)" }
        if w[0] & 0xFFC0 == 0xFEC0 { return "site-local (fec0::/10)" }
        if w[0] & 0xFF00 == 0xFF00 { return "multicast (ff00::/8)" }
        if w[0] == 0x2001 && w[1] == 0x0DB8 { return "documentation (2001:db8::/32)" }
        return nil
    }

    static func ipv4(_ s: String) -> [UInt8]? {
        var a = in_addr()
        guard inet_pton(AF_INET, s, &a) == 1 else { return nil }
        return withUnsafeBytes(of: a) { Array($0) }
    }

    static func ipv6(_ s: String) -> [UInt16]? {
        var a = in6_addr()
        let bare = s.hasPrefix("[") && s.hasSuffix("]") ? String(s.dropFirst().dropLast()) : s
        guard inet_pton(AF_INET6, bare, &a) == 1 else { return nil }
        return withUnsafeBytes(of: a) { raw in (0..<8).map { UInt16(raw[2 * $0]) << 8 | UInt16(raw[2 * $0 + 1]) } }
    }

    /// The numeric addresses `host` resolves to (getaddrinfo: blocking, so called off the
    /// event loops). An IP literal resolves to itself without a lookup.
    static func resolve(_ host: String) -> [String] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if ipv4(bare) != nil || ipv6(bare) != nil { return [bare] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var out: [String] = []
        var p: UnsafeMutablePointer<addrinfo>? = first
        while let ai = p {
            var buf = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(ai.pointee.ai_addr, ai.pointee.ai_addrlen, &buf, socklen_t(buf.count), nil, 0, NI_NUMERICHOST) == 0 {
                let s = String(cString: buf)
                if !out.contains(s) { out.append(s) }
            }
            p = ai.pointee.ai_next
        }
        return out
    }
}
