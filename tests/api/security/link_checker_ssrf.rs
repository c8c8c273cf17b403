//! The link checker as a way into the server's own network (server-side request forgery): an
//! editor, or a page on another site that redirects, names an address on loopback or a private
//! network, and the checker would request it from inside. Every such link is marked 'refused'
//! and never requested; a recording listener on loopback proves no connection reaches it, also
//! when the name only resolves there (localhost), when the address is spelled another way, and
//! when an allowed host redirects there.
use std::time::Duration;

use serde_json::Value;

use crate::site::site_health::{LocalSite, Route, add_post, checked, spawn_checking_links};

#[tokio::test]
async fn links_to_loopback_and_private_addresses_are_refused_and_never_requested() {
    // Loopback listeners that must never see a connection.
    let trap = LocalSite::start("127.0.0.1:0", vec![]).await.unwrap();
    let trap_v6 = LocalSite::start("[::1]:0", vec![]).await;
    let port = trap.port;
    let port_v6 = trap_v6.as_ref().map_or(port, |site| site.port);
    // An allowed host (standing in for a public site) whose pages redirect inside.
    let redirector = LocalSite::start(
        "127.0.0.1:0",
        vec![
            Route::redirects(
                "/to-loopback",
                302,
                format!("http://127.0.0.1:{port}/after-redirect"),
            ),
            Route::redirects(
                "/to-localhost",
                301,
                format!("http://localhost:{port}/after-redirect"),
            ),
            Route::redirects(
                "/to-metadata",
                307,
                "http://169.254.169.254/latest/meta-data/".into(),
            ),
            Route::redirects(
                "/to-ipv6",
                308,
                format!("http://[::1]:{port_v6}/after-redirect"),
            ),
        ],
    )
    .await
    .unwrap();
    let allowed = format!("127.0.0.1:{}", redirector.port);
    let health = spawn_checking_links(std::slice::from_ref(&allowed)).await;
    let app = &health.app;

    let direct = [
        format!("http://127.0.0.1:{port}/direct"),
        format!("http://[::1]:{port_v6}/direct"),
        "http://10.0.0.7/internal".to_string(),
        "http://169.254.169.254/latest/meta-data/iam/".to_string(),
        "http://192.168.1.1/router".to_string(),
        format!("http://localhost:{port}/by-name"),
        // 127.0.0.1 spelled as one number: the URL parser makes it 127.0.0.1.
        format!("http://2130706433:{port}/decimal"),
        format!("http://[::ffff:127.0.0.1]:{port}/mapped"),
        "https://100.64.0.1/carrier-nat".to_string(),
        "http://0.0.0.0:80/unspecified".to_string(),
    ];
    let redirected = ["/to-loopback", "/to-localhost", "/to-metadata", "/to-ipv6"]
        .map(|path| format!("http://{allowed}{path}"));
    let content: String = direct
        .iter()
        .chain(&redirected)
        .map(|url| format!("<p><a href=\"{url}\">x</a></p>"))
        .collect();
    add_post(app, "ssrf-links", "Links inside", &content).await;

    let expected_keys: Vec<String> = direct
        .iter()
        .map(|url| {
            url.replace("2130706433", "127.0.0.1")
                .replace("[::ffff:127.0.0.1]", "[::ffff:7f00:1]")
                .replace("0.0.0.0:80", "0.0.0.0")
        })
        .chain(redirected.iter().cloned())
        .collect();
    let rows = checked(app, &expected_keys).await;
    for row in &rows {
        assert_eq!(row["status"], "refused", "{row}");
        assert!(row["internal"] == false, "{row}");
    }
    let detail = |url: &str| -> String {
        rows.iter()
            .find(|row| row["url"] == url)
            .and_then(|row| row["detail"].as_str())
            .unwrap_or_else(|| panic!("no result for {url}"))
            .to_string()
    };
    assert_eq!(
        detail("http://169.254.169.254/latest/meta-data/iam/"),
        "Not requested: 169.254.169.254 is a link-local address (such as a cloud metadata service)"
    );
    assert_eq!(
        detail("http://10.0.0.7/internal"),
        "Not requested: 10.0.0.7 is a private network address"
    );
    assert!(
        detail(&format!("http://localhost:{port}/by-name"))
            .starts_with("Not requested: localhost resolves to "),
    );
    assert_eq!(
        detail(&format!("http://{allowed}/to-loopback")),
        format!(
            "Redirects to http://127.0.0.1:{port}/after-redirect: Not requested: 127.0.0.1 is a loopback address (this server)"
        )
    );
    // The redirect itself was an answer; the hop it names was never taken.
    for row in &rows {
        let redirect = redirected.iter().any(|url| row["url"] == url.as_str());
        assert_eq!(row["http_status"], Value::Null, "{row}");
        assert_eq!(
            row["detail"].as_str().unwrap().starts_with("Redirects to "),
            redirect,
            "{row}"
        );
    }

    // Nothing reached the listeners on loopback: not one connection.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(trap.connections(), 0, "{:?}", trap.requests());
    if let Some(trap_v6) = &trap_v6 {
        assert_eq!(trap_v6.connections(), 0, "{:?}", trap_v6.requests());
    }
    // The allowed host was asked once per link, with HEAD.
    let mut asked: Vec<(String, String)> = redirector
        .requests()
        .into_iter()
        .map(|seen| (seen.method, seen.path))
        .collect();
    asked.sort();
    assert_eq!(
        asked,
        ["/to-ipv6", "/to-localhost", "/to-loopback", "/to-metadata"]
            .map(|path| ("HEAD".to_string(), path.to_string()))
    );
    // The admin sees them as links visitors cannot open either.
    let reported: i64 = app
        .db
        .count(
            "select count(*) from public.content_links c
               join public.link_checks l using (url)
              where l.status = 'refused'",
        )
        .await;
    assert_eq!(reported, expected_keys.len() as i64);
}
