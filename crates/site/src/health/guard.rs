//! The link checker's address guard: before any request (and before every redirect hop) the
//! host is resolved here, once, and refused when any of its addresses is on a private or local
//! network (loopback, RFC 1918, link-local, unique-local, CGNAT, unspecified, multicast,
//! broadcast, documentation and other reserved ranges, and the IPv4-mapped or -embedded forms
//! of those). Links in the content are written by staff, but a link checker that requested
//! whatever they name would let anyone with an editor's account (or a page that redirects)
//! probe the server's own network: the cloud metadata service at 169.254.169.254, the database,
//! the admin ports on loopback. The request then connects to the vetted addresses only (see
//! `external`): a second DNS lookup could answer differently (DNS rebinding).
//!
//! `host:port` pairs of the configuration's allow-list skip the classification (an intranet
//! checked on purpose, the tests' local servers), never the pinning.
use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use url::{Host, Url};

/// Why a URL is not requested.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An address on a private or local network; the text says which and why.
    Private(String),
    /// The host has no address (no DNS answer, or it did not come in time).
    NoAddress(String),
    /// Not an http(s) URL with a host.
    Unsupported(String),
}

/// Where a vetted request may connect: the host name to pin (None for an IP address, which
/// needs no lookup) and its addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pinned {
    pub(crate) domain: Option<String>,
    pub(crate) addrs: Vec<SocketAddr>,
}

#[derive(Debug, Clone)]
pub(crate) struct Guard {
    /// `host:port`, lower case, IPv6 addresses in brackets (as [`allow_key`] spells them).
    allowed: HashSet<String>,
    lookup_timeout: Duration,
}

impl Guard {
    pub(crate) fn new(allowed: &[String], lookup_timeout: Duration) -> Self {
        Self {
            allowed: allowed.iter().map(|entry| entry.to_lowercase()).collect(),
            lookup_timeout,
        }
    }

    /// The addresses `url` may be requested at, or why it may not be.
    pub(crate) async fn vet(&self, url: &Url) -> Result<Pinned, Refusal> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Refusal::Unsupported(format!(
                "{} addresses are not web pages",
                url.scheme()
            )));
        }
        let (Some(host), Some(port)) = (url.host(), url.port_or_known_default()) else {
            return Err(Refusal::Unsupported("The address names no host".into()));
        };
        let allowed = allow_key(url).is_some_and(|key| self.allowed.contains(&key));
        let (domain, addrs) = match host {
            Host::Ipv4(ip) => (None, vec![SocketAddr::new(IpAddr::V4(ip), port)]),
            Host::Ipv6(ip) => (None, vec![SocketAddr::new(IpAddr::V6(ip), port)]),
            Host::Domain(name) => (Some(name.to_string()), self.resolve(name, port).await?),
        };
        if !allowed {
            for addr in &addrs {
                if let Some(range) = forbidden(addr.ip()) {
                    let ip = addr.ip();
                    return Err(Refusal::Private(match &domain {
                        Some(name) => format!("{name} resolves to {ip}, {range}"),
                        None => format!("{ip} is {range}"),
                    }));
                }
            }
        }
        Ok(Pinned { domain, addrs })
    }

    async fn resolve(&self, name: &str, port: u16) -> Result<Vec<SocketAddr>, Refusal> {
        let no_address = || Refusal::NoAddress(format!("{name} has no address (DNS)"));
        match tokio::time::timeout(self.lookup_timeout, tokio::net::lookup_host((name, port))).await
        {
            Ok(Ok(found)) => {
                let mut addrs: Vec<SocketAddr> = Vec::new();
                for addr in found {
                    if !addrs.contains(&addr) {
                        addrs.push(addr);
                    }
                }
                if addrs.is_empty() {
                    return Err(no_address());
                }
                Ok(addrs)
            }
            Ok(Err(_)) => Err(no_address()),
            Err(_) => Err(Refusal::NoAddress(format!(
                "{name}: no DNS answer within {} s",
                self.lookup_timeout.as_secs()
            ))),
        }
    }
}

/// `url`'s allow-list key: `host:port` (the scheme's port when none is written), lower case.
pub(crate) fn allow_key(url: &Url) -> Option<String> {
    Some(format!(
        "{}:{}",
        url.host_str()?.to_lowercase(),
        url.port_or_known_default()?
    ))
}

/// The range `ip` is in when that range is not the public internet ("a loopback address"), as
/// words for the admin screen; None for a public address.
pub(crate) fn forbidden(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(ip) => forbidden_v4(ip),
        IpAddr::V6(ip) => forbidden_v6(ip),
    }
}

const LOOPBACK: &str = "a loopback address (this server)";
const PRIVATE: &str = "a private network address";
const LINK_LOCAL: &str = "a link-local address (such as a cloud metadata service)";
const SHARED: &str = "a carrier-grade NAT address (100.64.0.0/10)";
const UNSPECIFIED: &str = "an unspecified address";
const MULTICAST: &str = "a multicast address";
const BROADCAST: &str = "a broadcast address";
const DOCUMENTATION: &str = "a documentation address";
const UNIQUE_LOCAL: &str = "a unique-local address";
const RESERVED: &str = "a reserved address";

/// IPv4 ranges that are not the public internet (IANA's special-purpose registry), first match.
const V4_RANGES: &[([u8; 4], u8, &str)] = &[
    ([255, 255, 255, 255], 32, BROADCAST),
    ([0, 0, 0, 0], 32, UNSPECIFIED),
    ([0, 0, 0, 0], 8, RESERVED),
    ([10, 0, 0, 0], 8, PRIVATE),
    ([100, 64, 0, 0], 10, SHARED),
    ([127, 0, 0, 0], 8, LOOPBACK),
    ([169, 254, 0, 0], 16, LINK_LOCAL),
    ([172, 16, 0, 0], 12, PRIVATE),
    ([192, 0, 0, 0], 24, RESERVED),
    ([192, 0, 2, 0], 24, DOCUMENTATION),
    ([192, 88, 99, 0], 24, RESERVED),
    ([192, 168, 0, 0], 16, PRIVATE),
    ([198, 18, 0, 0], 15, RESERVED),
    ([198, 51, 100, 0], 24, DOCUMENTATION),
    ([203, 0, 113, 0], 24, DOCUMENTATION),
    ([224, 0, 0, 0], 4, MULTICAST),
    ([240, 0, 0, 0], 4, RESERVED),
];

fn forbidden_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let bits = u32::from(ip);
    V4_RANGES
        .iter()
        .find(|(network, prefix, _)| {
            let mask = u32::MAX.checked_shl(32 - u32::from(*prefix)).unwrap_or(0);
            bits & mask == u32::from_be_bytes(*network) & mask
        })
        .map(|(_, _, range)| *range)
}

/// IPv6 ranges that are not the public internet, first match; the forms that embed an IPv4
/// address are judged by that address first (see [`forbidden_v6`]).
const V6_RANGES: &[(u128, u8, &str)] = &[
    (0, 128, UNSPECIFIED),
    (1, 128, LOOPBACK),
    // IPv4-compatible (deprecated): ::a.b.c.d.
    (0, 96, RESERVED),
    // Local-use NAT64.
    (0x0064_ff9b_0001 << 80, 48, PRIVATE),
    // Discard-only.
    (0x0100 << 112, 64, RESERVED),
    (0x2001_0db8 << 96, 32, DOCUMENTATION),
    // IETF protocol assignments: Teredo (which embeds an IPv4 address), ORCHID, and others.
    (0x2001 << 112, 23, RESERVED),
    (0x3fff << 112, 20, DOCUMENTATION),
    // SRv6 segment identifiers.
    (0x5f00 << 112, 16, RESERVED),
    (0xfc00 << 112, 7, UNIQUE_LOCAL),
    (0xfe80 << 112, 10, LINK_LOCAL),
    // Site-local (deprecated).
    (0xfec0 << 112, 10, PRIVATE),
    (0xff00 << 112, 8, MULTICAST),
];

fn forbidden_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some(embedded) = embedded_v4(ip) {
        return forbidden_v4(embedded);
    }
    let bits = u128::from(ip);
    let in_range = |network: u128, prefix: u8| {
        let mask = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
        bits & mask == network & mask
    };
    if let Some((_, _, range)) = V6_RANGES
        .iter()
        .find(|(network, prefix, _)| in_range(*network, *prefix))
    {
        return Some(range);
    }
    // Only 2000::/3 is global unicast; everything else is unassigned or special.
    (!in_range(0x2000 << 112, 3)).then_some(RESERVED)
}

/// The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d), NAT64
/// (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::), each of which reaches that IPv4 address.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let bits = u128::from(ip);
    let low = Ipv4Addr::from((bits & 0xffff_ffff) as u32);
    if bits >> 32 == 0xffff {
        return Some(low);
    }
    if bits >> 32 == 0x0064_ff9b << 64 {
        return Some(low);
    }
    if bits >> 112 == 0x2002 {
        return Some(Ipv4Addr::from(((bits >> 80) & 0xffff_ffff) as u32));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(ip: &str) -> Option<&'static str> {
        forbidden(ip.parse().unwrap_or_else(|_| panic!("{ip}")))
    }

    #[test]
    fn every_private_and_local_range_is_refused() {
        for (ip, range) in [
            ("127.0.0.1", LOOPBACK),
            ("127.255.255.254", LOOPBACK),
            ("10.0.0.1", PRIVATE),
            ("10.255.255.255", PRIVATE),
            ("172.16.0.1", PRIVATE),
            ("172.31.255.255", PRIVATE),
            ("192.168.1.1", PRIVATE),
            ("169.254.169.254", LINK_LOCAL),
            ("100.64.0.1", SHARED),
            ("100.127.255.255", SHARED),
            ("0.0.0.0", UNSPECIFIED),
            ("0.1.2.3", RESERVED),
            ("224.0.0.1", MULTICAST),
            ("239.255.255.250", MULTICAST),
            ("255.255.255.255", BROADCAST),
            ("240.0.0.1", RESERVED),
            ("192.0.0.8", RESERVED),
            ("192.0.2.10", DOCUMENTATION),
            ("198.51.100.7", DOCUMENTATION),
            ("203.0.113.9", DOCUMENTATION),
            ("198.18.0.1", RESERVED),
            ("::", UNSPECIFIED),
            ("::1", LOOPBACK),
            ("fe80::1", LINK_LOCAL),
            ("fc00::1", UNIQUE_LOCAL),
            ("fd12:3456:789a::1", UNIQUE_LOCAL),
            ("fec0::1", PRIVATE),
            ("ff02::1", MULTICAST),
            ("2001:db8::1", DOCUMENTATION),
            ("3fff::1", DOCUMENTATION),
            ("2001::1", RESERVED),
            ("100::1", RESERVED),
            ("64:ff9b:1::1", PRIVATE),
            ("::2", RESERVED),
            ("4000::1", RESERVED),
        ] {
            assert_eq!(verdict(ip), Some(range), "{ip}");
        }
    }

    #[test]
    fn ipv4_mapped_and_embedded_forms_are_judged_by_their_ipv4_address() {
        for (ip, range) in [
            ("::ffff:127.0.0.1", Some(LOOPBACK)),
            ("::ffff:7f00:1", Some(LOOPBACK)),
            ("::ffff:10.1.2.3", Some(PRIVATE)),
            ("::ffff:169.254.169.254", Some(LINK_LOCAL)),
            ("::ffff:192.168.0.1", Some(PRIVATE)),
            ("64:ff9b::127.0.0.1", Some(LOOPBACK)),
            ("64:ff9b::a9fe:a9fe", Some(LINK_LOCAL)),
            ("2002:7f00:1::", Some(LOOPBACK)),
            ("2002:c0a8:101::1", Some(PRIVATE)),
            // Their public forms reach a public address.
            ("::ffff:93.184.216.34", None),
            ("64:ff9b::8.8.8.8", None),
            ("2002:5db8:d822::1", None),
        ] {
            assert_eq!(verdict(ip), range, "{ip}");
        }
    }

    #[test]
    fn public_addresses_pass() {
        for ip in [
            "8.8.8.8",
            "1.1.1.1",
            "93.184.216.34",
            "172.15.255.255",
            "172.32.0.1",
            "100.63.255.255",
            "100.128.0.1",
            "169.253.0.1",
            "192.167.1.1",
            "223.255.255.255",
            "2606:4700:4700::1111",
            "2a00:1450:4001:80b::200e",
            "2001:4860:4860::8888",
        ] {
            assert_eq!(verdict(ip), None, "{ip}");
        }
    }

    fn guard(allowed: &[&str]) -> Guard {
        let allowed: Vec<String> = allowed.iter().map(|entry| (*entry).to_string()).collect();
        Guard::new(&allowed, Duration::from_secs(5))
    }

    async fn vet(guard: &Guard, url: &str) -> Result<Pinned, Refusal> {
        guard.vet(&Url::parse(url).unwrap()).await
    }

    #[tokio::test]
    async fn literal_and_disguised_addresses_are_refused_before_any_lookup() {
        let guard = guard(&[]);
        for url in [
            "http://127.0.0.1/",
            "http://[::1]:8080/",
            "http://10.0.0.5/admin",
            "http://169.254.169.254/latest/meta-data/",
            "http://192.168.1.1/",
            // What the URL parser turns into 127.0.0.1: decimal, hex, octal, short forms.
            "http://2130706433/",
            "http://0x7f.0.0.1/",
            "http://0177.0.0.1/",
            "http://127.1/",
            "http://[::ffff:127.0.0.1]/",
            "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
        ] {
            assert!(
                matches!(vet(&guard, url).await, Err(Refusal::Private(_))),
                "{url}"
            );
        }
        assert_eq!(
            vet(&guard, "http://169.254.169.254/").await,
            Err(Refusal::Private(format!("169.254.169.254 is {LINK_LOCAL}")))
        );
    }

    #[tokio::test]
    async fn a_name_resolving_to_loopback_is_refused() {
        match vet(&guard(&[]), "http://localhost:9/").await {
            Err(Refusal::Private(reason)) => {
                assert!(reason.starts_with("localhost resolves to "), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn the_allow_list_lets_one_host_and_port_through_pinned() {
        let guard = guard(&["127.0.0.1:8080", "[::1]:8443", "LOCALHOST:9"]);
        assert_eq!(
            vet(&guard, "http://127.0.0.1:8080/x").await,
            Ok(Pinned {
                domain: None,
                addrs: vec!["127.0.0.1:8080".parse().unwrap()],
            })
        );
        assert!(vet(&guard, "https://[::1]:8443/").await.is_ok());
        // Another port of an allowed host is not allowed.
        assert!(matches!(
            vet(&guard, "http://127.0.0.1:8081/").await,
            Err(Refusal::Private(_))
        ));
        let pinned = vet(&guard, "http://localhost:9/").await.unwrap();
        assert_eq!(pinned.domain.as_deref(), Some("localhost"));
        assert!(!pinned.addrs.is_empty());
        assert!(pinned.addrs.iter().all(|addr| addr.port() == 9));
    }

    #[tokio::test]
    async fn only_web_addresses_are_requested() {
        let guard = guard(&[]);
        for url in [
            "ftp://example.com/file",
            "file:///etc/passwd",
            "gopher://x/",
        ] {
            assert!(
                matches!(vet(&guard, url).await, Err(Refusal::Unsupported(_))),
                "{url}"
            );
        }
        assert!(matches!(
            vet(&guard, "http://no-such-host.invalid/").await,
            Err(Refusal::NoAddress(_))
        ));
    }
}
