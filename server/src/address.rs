//! The key per-address limits count a client under: its address cut to a
//! network prefix (`--ipv4-prefix`, 32 by default: the address itself;
//! `--ipv6-prefix`, 64 by default: one customer's network, which a host
//! hands out whole, so one IPv6 /64 is one client however many of its
//! addresses it uses). An IPv4 address written as IPv6 (`::ffff:a.b.c.d`,
//! on a socket listening on `[::]`) counts as IPv4.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// How addresses are cut to their key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefixes {
    pub v4: u8,
    pub v6: u8,
}

impl Default for Prefixes {
    fn default() -> Prefixes {
        Prefixes { v4: 32, v6: 64 }
    }
}

impl Prefixes {
    /// The key of `ip`: its network of the configured prefix.
    pub fn key(&self, ip: IpAddr) -> IpAddr {
        match ip.to_canonical() {
            IpAddr::V4(v4) => {
                let bits = u32::from(self.v4.min(32));
                let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
                IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
            }
            IpAddr::V6(v6) => {
                let bits = u32::from(self.v6.min(128));
                let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
                IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
            }
        }
    }
}

/// The address `s` names (tests here and in `limits.rs`).
#[cfg(test)]
pub(crate) fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_cut_to_their_prefix() {
        let p = Prefixes::default();
        assert_eq!(p.key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(p.key(ip("2001:db8:1:2::ffff")), p.key(ip("2001:db8:1:2:1::")));
        assert_ne!(p.key(ip("2001:db8:1:3::1")), p.key(ip("2001:db8:1:2::1")));
        assert_eq!(p.key(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(p.key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        let wide = Prefixes { v4: 24, v6: 48 };
        assert_eq!(wide.key(ip("192.0.2.7")), ip("192.0.2.0"));
        assert_eq!(wide.key(ip("2001:db8:1:2::1")), ip("2001:db8:1::"));
        assert_eq!(Prefixes { v4: 0, v6: 0 }.key(ip("192.0.2.7")), ip("0.0.0.0"));
    }
}
