//! Module preloads for the data pages. Their code loads in three steps (the entry, then the
//! page's lazy chunk, then the lazily imported database client, then the data); listing the
//! page chunk and the client as `<link rel="modulepreload">` in the HTML lets the browser fetch
//! them alongside the entry, which takes the waits out of the path to their first content.
//! The chunk file names come from the build's `.vite/manifest.json`, the page modules from its
//! site manifest (site_manifest.rs).
use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use cb_escape as escape;

#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(rename = "dynamicImports", default)]
    dynamic_imports: Vec<String>,
    #[serde(rename = "isEntry", default)]
    is_entry: bool,
    #[serde(default)]
    css: Vec<String>,
}

/// The `<link rel="modulepreload">` tags of each data page module, ready to insert, and the
/// files behind every lazily loaded module of the build.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Preloads {
    tags: HashMap<String, String>,
    /// Per module (its source path, the manifest's key): its chunk and what that imports
    /// statically, less what the entry loads anyway.
    module_files: HashMap<String, Vec<String>>,
    /// Per module: the stylesheets of those chunks (the browser would add them only once the
    /// chunk runs; a server-rendered page needs them before its first paint).
    module_css: HashMap<String, Vec<String>>,
}

impl Preloads {
    /// From the text of `.vite/manifest.json`, with preload tags for each of `page_modules`
    /// (the data pages' and the post page's). A manifest that does not parse, or lacks a module,
    /// gives no preloads for it (the page still works, one step slower).
    pub(crate) fn from_manifest<'a>(
        manifest: &str,
        page_modules: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let Ok(chunks) = serde_json::from_str::<HashMap<String, Chunk>>(manifest) else {
            tracing::warn!("site: the build manifest does not parse; no module preloads");
            return Self::default();
        };
        // What the entry already loads (index.html preloads its own static imports).
        let mut loaded = HashSet::new();
        for (key, chunk) in chunks.iter().filter(|(_, chunk)| chunk.is_entry) {
            collect_static(&chunks, key, &mut loaded);
            loaded.insert(chunk.file.clone());
        }
        let mut module_files = HashMap::new();
        let mut module_css = HashMap::new();
        for key in chunks.keys().filter(|key| !key.starts_with('_')) {
            let mut files = HashSet::new();
            collect_static(&chunks, key, &mut files);
            let mut css: Vec<String> = chunks
                .values()
                .filter(|chunk| files.contains(&chunk.file) && !loaded.contains(&chunk.file))
                .flat_map(|chunk| chunk.css.iter().cloned())
                .collect();
            css.sort();
            css.dedup();
            let mut files: Vec<String> = files.difference(&loaded).cloned().collect();
            files.sort();
            module_files.insert(key.clone(), files);
            module_css.insert(key.clone(), css);
        }
        let mut tags = HashMap::new();
        for module in page_modules {
            let Some(chunk) = chunks.get(module) else {
                continue;
            };
            let mut files = HashSet::new();
            collect_static(&chunks, module, &mut files);
            // Shared chunks the page imports lazily (the database client), not other pages.
            for shared in chunk
                .dynamic_imports
                .iter()
                .filter(|key| key.starts_with('_'))
            {
                collect_static(&chunks, shared, &mut files);
            }
            let mut files: Vec<String> = files.difference(&loaded).cloned().collect();
            files.sort();
            tags.insert(module.to_string(), module_preload_tags(&files));
        }
        Self {
            tags,
            module_files,
            module_css,
        }
    }

    /// What the head needs for the lazily loaded modules a server-rendered page rendered: their
    /// stylesheets (the page's first paint needs them) as tags, and a `page-modules` data block
    /// listing their scripts, which index.html's loader preloads with the app's code once the
    /// page has painted (frontend/vite.config.ts), so the browser has them before it hydrates.
    pub(crate) fn tags_for_modules(&self, modules: &[String]) -> String {
        fn collect<'a>(
            map: &'a HashMap<String, Vec<String>>,
            modules: &[String],
        ) -> Vec<&'a String> {
            let mut files: Vec<&String> = modules
                .iter()
                .filter_map(|module| map.get(module))
                .flatten()
                .collect();
            files.sort();
            files.dedup();
            files
        }
        let mut tags: String = collect(&self.module_css, modules)
            .into_iter()
            .map(|file| {
                format!(
                    r#"<link rel="stylesheet" crossorigin href="/{}">"#,
                    escape::markup(file)
                )
            })
            .collect();
        let scripts: Vec<String> = collect(&self.module_files, modules)
            .into_iter()
            .map(|file| format!("/{file}"))
            .collect();
        if !scripts.is_empty() {
            tags.push_str(r#"<script id="page-modules" type="application/json">"#);
            tags.push_str(&escape::json_for_script(&serde_json::json!(scripts)));
            tags.push_str("</script>");
        }
        tags
    }

    /// The tags for a page module ("" when it has none), for pages the browser renders.
    pub(crate) fn tags(&self, module: Option<&str>) -> &str {
        module
            .and_then(|module| self.tags.get(module))
            .map_or("", String::as_str)
    }
}

fn module_preload_tags<S: AsRef<str>>(files: impl IntoIterator<Item = S>) -> String {
    files
        .into_iter()
        .map(|file| {
            format!(
                // Low: the page is already rendered, so its stylesheets and images go first.
                r#"<link rel="modulepreload" crossorigin fetchpriority="low" href="/{}">"#,
                escape::markup(file.as_ref())
            )
        })
        .collect()
}

/// The file of `key` and of everything it imports statically, transitively.
fn collect_static(chunks: &HashMap<String, Chunk>, key: &str, files: &mut HashSet<String>) {
    let Some(chunk) = chunks.get(key) else {
        return;
    };
    if !files.insert(chunk.file.clone()) {
        return;
    }
    for import in &chunk.imports {
        collect_static(chunks, import, files);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "index.html": {"file": "assets/index-A.js", "isEntry": true, "imports": ["_jsx-B.js"],
                     "dynamicImports": ["_supabase-C.js", "src/features/blog/blog-list-page.tsx"]},
      "_jsx-B.js": {"file": "assets/jsx-B.js"},
      "_supabase-C.js": {"file": "assets/supabase-C.js", "imports": ["_jsx-B.js", "index.html"]},
      "_page-header-D.js": {"file": "assets/page-header-D.js", "imports": ["index.html"], "css": ["assets/page-header-D.css"]},
      "src/features/blog/blog-list-page.tsx": {"file": "assets/blog-list-page-E.js", "isDynamicEntry": true, "css": ["assets/blog-E.css"],
        "imports": ["index.html", "_jsx-B.js", "_page-header-D.js"],
        "dynamicImports": ["_supabase-C.js", "src/features/whitepapers/whitepapers-page.tsx"]},
      "src/features/whitepapers/whitepapers-page.tsx": {"file": "assets/whitepapers-page-F.js",
        "imports": ["index.html"]}
    }"#;

    const BLOG_LIST: &str = "src/features/blog/blog-list-page.tsx";
    const BLOG_POST: &str = "src/features/blog/blog-post-page.tsx";
    const WHITEPAPERS: &str = "src/features/whitepapers/whitepapers-page.tsx";

    fn preloads(manifest: &str) -> Preloads {
        Preloads::from_manifest(manifest, [BLOG_LIST, BLOG_POST, WHITEPAPERS])
    }

    #[test]
    fn a_data_page_preloads_its_chunk_its_imports_and_the_database_client_not_what_the_entry_loads()
    {
        let preloads = preloads(MANIFEST);
        assert_eq!(
            preloads.tags(Some(BLOG_LIST)),
            "<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/blog-list-page-E.js\">\
             <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/page-header-D.js\">\
             <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/supabase-C.js\">"
        );
        assert_eq!(
            preloads.tags(Some(WHITEPAPERS)),
            "<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/whitepapers-page-F.js\">"
        );
    }

    #[test]
    fn other_routes_and_unknown_modules_get_nothing() {
        let preloads = preloads(MANIFEST);
        assert_eq!(preloads.tags(None), "");
        assert_eq!(
            preloads.tags(Some(BLOG_POST)),
            "",
            "not in the build manifest"
        );
        assert_eq!(
            Preloads::from_manifest(MANIFEST, []).tags(Some(BLOG_LIST)),
            "",
            "not a page module"
        );
    }

    #[test]
    fn rendered_modules_preload_their_chunks_once_each() {
        let preloads = preloads(MANIFEST);
        assert_eq!(
            preloads.tags_for_modules(&[
                "src/features/whitepapers/whitepapers-page.tsx".into(),
                "src/features/blog/blog-list-page.tsx".into(),
                "src/unknown.tsx".into(),
            ]),
            "<link rel=\"stylesheet\" crossorigin href=\"/assets/blog-E.css\">\
             <link rel=\"stylesheet\" crossorigin href=\"/assets/page-header-D.css\">\
             <script id=\"page-modules\" type=\"application/json\">\
             [\"/assets/blog-list-page-E.js\",\"/assets/page-header-D.js\",\"/assets/whitepapers-page-F.js\"]</script>"
        );
        assert_eq!(preloads.tags_for_modules(&[]), "");
    }

    #[test]
    fn a_manifest_that_does_not_parse_gives_no_preloads() {
        assert_eq!(preloads("not json"), Preloads::default());
    }
}
