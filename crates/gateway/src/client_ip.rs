//! The client's IP address: the TCP peer, or, when the peer is a trusted proxy, the nearest
//! address in `X-Forwarded-For` that is not a trusted proxy itself (read right to left, since a
//! client can write anything at the left end).
use std::net::IpAddr;

use http::HeaderMap;
use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// A comma- or space-separated list of addresses and CIDR ranges; empty trusts nobody.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut nets = Vec::new();
        for item in text
            .split([',', ' '])
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            let net = match item.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => match item.parse::<IpAddr>() {
                    Ok(ip) => IpNet::from(ip),
                    Err(_) => return Err(format!("'{item}' is not an IP address or CIDR range")),
                },
            };
            nets.push(net);
        }
        Ok(Self(nets))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client address for a request from `peer` carrying `headers`.
    pub fn client_ip(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.trusts(peer) {
            return Some(peer);
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect();
        let mut client = peer;
        for entry in forwarded.iter().rev() {
            let Some(ip) = parse_forwarded(entry) else {
                break;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        Some(client)
    }
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:443`.
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    if let Some(rest) = entry.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok().map(canonical);
    }
    let (host, _port) = entry.rsplit_once(':')?;
    host.parse().ok().map(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in xff {
            map.append("x-forwarded-for", value.parse().unwrap());
        }
        map
    }

    #[test]
    fn untrusted_peers_are_the_client_whatever_they_claim() {
        let none = TrustedProxies::default();
        let peer: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(
            none.client_ip(Some(peer), &headers(&["1.1.1.1"])),
            Some(peer)
        );
        assert_eq!(none.client_ip(None, &headers(&["1.1.1.1"])), None);
    }

    #[test]
    fn trusted_proxies_hand_over_the_rightmost_untrusted_address() {
        let trusted = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap();
        let proxy: IpAddr = "10.1.2.3".parse().unwrap();
        let got = trusted.client_ip(
            Some(proxy),
            &headers(&["6.6.6.6, 198.51.100.4", "10.9.9.9"]),
        );
        assert_eq!(got, Some("198.51.100.4".parse().unwrap()));
        assert_eq!(
            trusted.client_ip(Some(proxy), &headers(&[])),
            Some(proxy),
            "no header: the proxy itself"
        );
        assert_eq!(
            trusted.client_ip(Some(proxy), &headers(&["[2001:db8::1]:443"])),
            Some("2001:db8::1".parse().unwrap())
        );
        assert_eq!(
            trusted.client_ip(Some(proxy), &headers(&["garbage, 10.0.0.5"])),
            Some("10.0.0.5".parse().unwrap()),
            "an unparsable entry stops the walk"
        );
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(
            trusted.client_ip(Some(mapped), &headers(&["192.0.2.1:5555"])),
            Some("192.0.2.1".parse().unwrap())
        );
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
        assert!(TrustedProxies::parse("").unwrap().is_empty());
    }
}
