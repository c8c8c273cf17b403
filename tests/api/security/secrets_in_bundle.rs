//! No secret reaches the browser: the built site (scripts, styles, pages, prerendered data) holds
//! neither the service_role key nor the JWT secret, whatever the build picked up.
use std::path::Path;

use cb_tests::{DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, workspace_root};

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("frontend/dist is built (make frontend)") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn the_built_site_holds_no_secret() {
    let mut all = Vec::new();
    files(&workspace_root().join("frontend/dist"), &mut all);
    let texts: Vec<_> = all
        .iter()
        .filter(|path| {
            matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("js" | "mjs" | "css" | "html" | "json" | "txt" | "xml" | "map")
            )
        })
        .collect();
    assert!(texts.len() > 20, "the build's files: {}", texts.len());
    for path in texts {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for secret in [DEMO_SERVICE_ROLE_KEY, DEMO_JWT_SECRET, "service_role"] {
            assert!(
                !text.contains(secret),
                "{} holds {secret:.12}…",
                path.display()
            );
        }
    }
}
