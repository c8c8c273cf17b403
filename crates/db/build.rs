//! Embeds the SQL migrations (sql/ then supabase/migrations/), the seed and the seed's storage
//! files into the binary, so `claimbridge` runs from any directory and in a container.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn sorted_files(dir: &Path, extension: Option<&str>) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.is_file())
            .filter(|path| extension.is_none_or(|ext| path.extension().is_some_and(|e| e == ext)))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

#[expect(
    clippy::disallowed_methods,
    reason = "a build script reads what cargo tells it"
)]
fn main() {
    let manifest =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let root = manifest
        .join("../..")
        .canonicalize()
        .expect("workspace root");
    let platform = root.join("sql");
    let website = root.join("supabase/migrations");
    let seed = root.join("supabase/seed.sql");
    let seed_storage = root.join("supabase/seed/storage");
    for path in [&platform, &website, &seed, &seed_storage] {
        println!("cargo:rerun-if-changed={}", path.display());
    }

    let mut code = String::from("pub(crate) static MIGRATIONS: &[(&str, &str, &str)] = &[\n");
    for (source, dir) in [("platform", &platform), ("website", &website)] {
        for file in sorted_files(dir, Some("sql")) {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            writeln!(
                code,
                "    ({source:?}, {name:?}, include_str!({:?})),",
                file.display()
            )
            .unwrap();
        }
    }
    code.push_str("];\n");

    if seed.is_file() {
        writeln!(
            code,
            "pub(crate) static SEED_SQL: Option<&str> = Some(include_str!({:?}));",
            seed.display()
        )
        .unwrap();
    } else {
        code.push_str("pub(crate) static SEED_SQL: Option<&str> = None;\n");
    }

    let mut files = Vec::new();
    walk(&seed_storage, &mut files);
    files.sort();
    code.push_str("pub(crate) static SEED_FILES: &[(&str, &[u8])] = &[\n");
    for file in files {
        let relative = file
            .strip_prefix(&seed_storage)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({relative:?}, include_bytes!({:?})),",
            file.display()
        )
        .unwrap();
    }
    code.push_str("];\n");

    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(out, code).expect("write embedded.rs");
}
