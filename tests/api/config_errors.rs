//! Bad configuration: one clear line naming the problem and the fix, a non-zero exit, no panic.
use std::process::Command;

use cb_tests::reachable_tempdir;

use crate::server_process::serve_until_exit;

const SERVER: &str = env!("CARGO_BIN_EXE_claimbridge-under-test");

/// The server run with `vars` until it exits: its exit code (-1 when killed) and its stderr.
fn serve_with(vars: &[(&str, &str)]) -> (i32, String) {
    let data = reachable_tempdir();
    let hash = cb_server::passcode::hash("irrelevant-passcode").unwrap();
    let mut all = vec![("ADMIN_PASSCODE_HASH", hash.as_str())];
    all.extend_from_slice(vars);
    let (code, stderr) = serve_until_exit(data.path(), &all);
    (code.unwrap_or(-1), stderr)
}

fn assert_one_line(stderr: &str, expected: &[&str]) {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 1, "exactly one line, got: {stderr}");
    let line = lines[0];
    assert!(line.starts_with("claimbridge: "), "{line}");
    for word in expected {
        assert!(line.contains(word), "'{word}' in: {line}");
    }
    assert!(
        !line.contains("panicked") && !line.to_lowercase().contains("backtrace"),
        "{line}"
    );
}

#[test]
fn a_short_jwt_secret_is_refused() {
    let (code, stderr) = serve_with(&[("JWT_SECRET", "short-secret")]);
    assert_ne!(code, 0);
    assert_one_line(&stderr, &["JWT_SECRET", "at least 32"]);
}

#[test]
fn production_refuses_the_demo_secret() {
    let (code, stderr) = serve_with(&[("CLAIMBRIDGE_ENV", "production")]);
    assert_ne!(code, 0);
    assert_one_line(&stderr, &["JWT_SECRET", "demo secret"]);
}

#[test]
fn an_unreachable_database_is_named_without_its_password() {
    let (code, stderr) = serve_with(&[
        (
            "DATABASE_URL",
            "postgres://claimbridge:hunter2-secret@127.0.0.1:1/claimbridge",
        ),
        ("CLAIMBRIDGE_PORT", "0"),
    ]);
    assert_ne!(code, 0);
    assert_one_line(
        &stderr,
        &[
            "cannot connect to the database",
            "127.0.0.1:1",
            "DATABASE_URL",
        ],
    );
    assert!(
        !stderr.contains("hunter2"),
        "the password never reaches the output"
    );
}

#[test]
fn a_port_in_use_is_named() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (code, stderr) = serve_with(&[("CLAIMBRIDGE_PORT", &port)]);
    assert_ne!(code, 0);
    assert_one_line(
        &stderr,
        &[
            &format!("port {port}"),
            "already in use",
            "CLAIMBRIDGE_PORT",
        ],
    );
}

#[test]
fn missing_postgresql_binaries_name_the_package() {
    let empty = tempfile::tempdir().unwrap();
    let (code, stderr) = serve_with(&[
        ("POSTGRES_BIN_DIR", empty.path().to_str().unwrap()),
        ("CLAIMBRIDGE_PORT", "0"),
    ]);
    assert_ne!(code, 0);
    assert_one_line(&stderr, &["PostgreSQL", "postgresql-15"]);
}

#[test]
fn keys_prints_the_anon_and_service_role_keys() {
    let output = Command::new(SERVER)
        .arg("keys")
        .env_clear()
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains(&format!("ANON_KEY={}", cb_tests::DEMO_ANON_KEY)));
    assert!(stdout.contains(&format!(
        "SERVICE_ROLE_KEY={}",
        cb_tests::DEMO_SERVICE_ROLE_KEY
    )));
}

#[test]
fn passcode_hash_prints_an_argon2_hash_that_verifies() {
    let output = Command::new(SERVER)
        .args(["passcode-hash", "a-long-enough-passcode"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let hash = String::from_utf8(output.stdout).unwrap();
    assert!(hash.starts_with("$argon2id$"));
    assert!(cb_server::passcode::verify(
        "a-long-enough-passcode",
        hash.trim()
    ));
    let short = Command::new(SERVER)
        .args(["passcode-hash", "short"])
        .output()
        .unwrap();
    assert!(!short.status.success());
}

#[test]
fn a_bad_signing_keys_file_is_named_without_its_keys() {
    let dir = reachable_tempdir();
    let file = dir.path().join("signing_keys.json");
    // An EC key whose public point is not its private key's.
    let keys = r#"[{"kty":"EC","kid":"k1","key_ops":["sign","verify"],"alg":"ES256","crv":"P-256",
        "d":"dIhR8wywJlqlua4y_yMq2SLhlFXDZJBCvFrY1DCHyVU",
        "x":"GwbnH57MUhgL14dJfayyzuI6o2_mB_Pm8xIuauHXtQs","y":"cYqN0VAcv0BC9wrg3vNgHlKhGP8ZEedUC2A8jXpaGwA"}]"#;
    std::fs::write(&file, keys).unwrap();
    let (code, stderr) = serve_with(&[("AUTH_SIGNING_KEYS_PATH", file.to_str().unwrap())]);
    assert_ne!(code, 0);
    assert_one_line(
        &stderr,
        &[
            "AUTH_SIGNING_KEYS_PATH",
            "signing_keys.json",
            "key 1 (kid 'k1')",
            "not the public point",
        ],
    );
    assert!(
        !stderr.contains("dIhR8wywJlqlua4y"),
        "the private key never reaches the output"
    );
}
