//! Open redirects through the redirect manager (public.redirects): a rule is the site answering
//! "go there" under its own name, so no writer (an editor's stolen session, a careless paste, a
//! forged client) may point one at script, at another host through a path that only looks local,
//! send a whole section of the site off it, smuggle headers or invisible characters into it, or
//! take over the paths the server itself answers. Each attempt is a 400 (22023) and stores
//! nothing, on create and on change alike.
use cb_tests::{Exchange as _, TestApp, add_staff, admin_jwt, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

const OFF_SITE: &str =
    "Redirect targets must be a path on this site (or a full https:// address for an exact rule).";
const CANNOT_HOLD: &str =
    "The path to redirect from cannot contain spaces, control characters or a backslash.";

/// `rule` sent as `token` to `method path`: the status and the error's code and message.
async fn attempt(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    rule: &Value,
) -> (u16, Value, Value) {
    let (status, body) = app
        .with_token(method, &format!("/rest/v1/{path}"), token)
        .header("Prefer", "return=representation")
        .json(rule)
        .status_json()
        .await;
    (status, body["code"].clone(), body["message"].clone())
}

/// Hostile targets, each with the source it is tried on and the match type.
fn hostile_targets() -> Vec<(&'static str, String)> {
    let mut cases: Vec<(&'static str, String)> = [
        "javascript:alert(document.domain)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "//evil.example",
        "//evil.example/blog",
        "/\\evil.example",
        "\\\\evil.example",
        "/\\/evil.example",
        "https:evil.example",
        "https:/evil.example",
        "https://",
        "https://trusted.example@evil.example/",
        "https://evil.example\\@trusted.example/",
        " https://evil.example/",
        "evil.example",
        "/ok\r\nSet-Cookie: session=stolen",
        "/ok\nLocation: https://evil.example",
        "/ok\tnext",
        "/ok next",
        "/ok\u{0001}",
        "/ok\u{007f}",
        "/ok\u{0085}",
        "/ok\u{00a0}",
        "/\u{200b}/evil.example",
        "/ok\u{202e}lmth.exe",
        "/ok\u{2028}",
        "/ok\u{feff}",
    ]
    .into_iter()
    .map(|target| ("exact", target.to_owned()))
    .collect();
    // A prefix rule would send every page under it to another host.
    for target in [
        "https://evil.example",
        "https://evil.example/",
        "http://evil.example/blog/",
        "HTTPS://EVIL.EXAMPLE/",
    ] {
        cases.push(("prefix", target.to_owned()));
    }
    cases
}

#[tokio::test]
async fn targets_that_leave_the_site_or_run_script_are_refused_on_create_and_change() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    // The passcode is an owner: no more rights over a target than anyone.
    for token in [editor.clone(), admin_jwt()] {
        for (match_type, target) in hostile_targets() {
            let rule = json!({"source_path": "/old/", "match_type": match_type, "target": target});
            let (status, code, message) =
                attempt(&app, &token, Method::POST, "redirects", &rule).await;
            assert_eq!(
                (status, code, message),
                (400, json!("22023"), json!(OFF_SITE)),
                "{match_type} rule to {target:?}"
            );
        }
    }
    assert_eq!(app.db.count("select count(*) from redirects").await, 0);

    // A rule that is fine, then changed into each: refused, and it stays as it was.
    for rule in [
        json!({"source_path": "/old", "target": "/new"}),
        json!({"source_path": "/old/", "match_type": "prefix", "target": "/new/"}),
    ] {
        let (status, _, message) = attempt(&app, &editor, Method::POST, "redirects", &rule).await;
        assert_eq!(status, 201, "{message}");
    }
    for (match_type, target) in hostile_targets() {
        let path = format!("redirects?match_type=eq.{match_type}");
        let (status, code, message) = attempt(
            &app,
            &editor,
            Method::PATCH,
            &path,
            &json!({"target": target}),
        )
        .await;
        assert_eq!(
            (status, code, message),
            (400, json!("22023"), json!(OFF_SITE)),
            "{match_type} rule changed to {target:?}"
        );
    }
    // An exact rule made a prefix keeps no full address: it would take the whole folder along.
    let (status, _, _) = attempt(
        &app,
        &editor,
        Method::PATCH,
        "redirects?match_type=eq.exact",
        &json!({"target": "https://partner.example/"}),
    )
    .await;
    assert_eq!(status, 200, "an exact rule may send one page to a partner");
    let (status, code, message) = attempt(
        &app,
        &editor,
        Method::PATCH,
        "redirects?match_type=eq.exact",
        &json!({"source_path": "/old-folder/", "match_type": "prefix"}),
    )
    .await;
    assert_eq!(
        (status, code, message),
        (400, json!("22023"), json!(OFF_SITE))
    );
    assert_eq!(
        app.db
            .json_rows("select source_path, match_type, target from redirects order by match_type")
            .await,
        [
            json!({"source_path": "/old", "match_type": "exact", "target": "https://partner.example/"}),
            json!({"source_path": "/old/", "match_type": "prefix", "target": "/new/"}),
        ]
    );
}

#[tokio::test]
async fn the_servers_own_paths_and_hidden_characters_cannot_be_sources() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let owned = |path: &str| format!("{path} belongs to the site itself and cannot be redirected.");
    let mut cases: Vec<(&str, String, String)> = Vec::new();
    for source in [
        "/admin",
        "/admin/",
        "/Admin/leads",
        "/auth",
        "/auth/v1/token",
        "/rest/v1/blog_posts",
        "/REST/v1/rpc/preview",
        "/storage/v1/object/public/whitepapers/guide.pdf",
        "/functions/v1/simple-auth",
        "/realtime/v1/websocket",
        "/assets/index-abc123.js",
        "/preview/token",
        "/robots.txt",
        "/sitemap.xml",
        "/rss.xml",
    ] {
        cases.push(("exact", source.to_owned(), owned(source)));
    }
    for source in ["/admin/", "/rest/", "/storage/", "/assets/"] {
        cases.push(("prefix", source.to_owned(), owned(source)));
    }
    for source in [
        "/old\r\nSet-Cookie: a=b",
        "/old\tpage",
        "/old page",
        "/old\u{0001}",
        "/old\u{00a0}page",
        "/\u{200b}admin",
        "/old\u{202e}",
        "/old\\page",
        "/\\evil.example",
    ] {
        cases.push(("exact", source.to_owned(), CANNOT_HOLD.to_owned()));
    }
    let single_slash = "The path to redirect from must start with a single /, such as /old-page (not a full https:// address).";
    for source in [
        "//evil.example",
        "https://evil.example/old",
        "javascript:alert(1)",
    ] {
        cases.push(("exact", source.to_owned(), single_slash.to_owned()));
    }
    cases.push((
        "exact",
        "/x/../admin".to_owned(),
        "The path to redirect from cannot contain /./ or /../ steps.".to_owned(),
    ));

    for (match_type, source, message) in cases {
        let rule = json!({"source_path": source, "match_type": match_type, "target": "/"});
        let (status, code, got) = attempt(&app, &editor, Method::POST, "redirects", &rule).await;
        assert_eq!(
            (status, code, got),
            (400, json!("22023"), json!(message)),
            "{match_type} rule from {source:?}"
        );
    }
    // A prefix of the whole site sends every page somewhere under itself: a loop.
    let (status, code, message) = attempt(
        &app,
        &editor,
        Method::POST,
        "redirects",
        &json!({"source_path": "/", "match_type": "prefix", "target": "/new/"}),
    )
    .await;
    assert_eq!(
        (status, code, message),
        (
            400,
            json!("22023"),
            json!("This redirect would loop: /new/ is inside / itself.")
        )
    );
    assert_eq!(app.db.count("select count(*) from redirects").await, 0);

    // Paths that only begin like the server's are the site's pages, free to redirect.
    for source in ["/administration-services", "/authorizations", "/restful"] {
        let rule = json!({"source_path": source, "target": "/services"});
        let (status, _, message) = attempt(&app, &editor, Method::POST, "redirects", &rule).await;
        assert_eq!(status, 201, "{source}: {message}");
    }
}
