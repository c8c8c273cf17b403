//! Server rendering of the website: the React app compiled for the server
//! (`frontend/dist/.ssr/server.js`, built from `frontend/src/entry-server.tsx`) runs in embedded
//! QuickJS engines, so the server stays one Rust binary with no Node process beside it.
//!
//! Each engine lives on a thread of its own (a QuickJS runtime is single-threaded) with the
//! bundle loaded once; requests queue for the next free engine. Every render is bounded: the
//! queue has a fixed length ([`RenderError::Busy`] past it, so the caller serves its fallback
//! at once instead of piling up work), a render past its deadline is interrupted, and an engine
//! has a memory limit. An engine whose render failed is replaced by a fresh one, so a bad page
//! cannot leave state behind for the next.
mod engine;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};

use engine::{Engine, Program};

/// How many engines, and how each is bounded.
#[derive(Debug, Clone)]
pub struct RendererSettings {
    /// Engines (threads), each rendering one page at a time.
    pub workers: usize,
    /// Renders that may wait for an engine; more are refused with [`RenderError::Busy`].
    pub queue: usize,
    /// Longest time a render may take, waiting in the queue included.
    pub timeout: Duration,
    /// Memory limit of one engine, in bytes.
    pub memory_limit: usize,
}

impl Default for RendererSettings {
    fn default() -> Self {
        Self {
            workers: 1,
            queue: 32,
            timeout: Duration::from_secs(2),
            memory_limit: 128 * 1024 * 1024,
        }
    }
}

/// Sanitises stored HTML for the pages that show it (the bundle calls it as
/// `__claimbridgeSanitize`; the browser uses DOMPurify with the same allow-list).
pub type Sanitizer = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// What the engines are started with.
#[derive(Clone)]
pub struct RendererSetup {
    /// The server bundle's source (a classic script defining `ClaimBridgeServer`).
    pub bundle: Arc<str>,
    /// The JSON the bundle reads as `globalThis.__CLAIMBRIDGE_SERVER__`: the runtime
    /// configuration the pages are rendered with (`injectedConfig`) and the site's `origin`.
    pub globals: serde_json::Value,
    pub sanitize: Sanitizer,
}

impl std::fmt::Debug for RendererSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RendererSetup")
            .field("bundle_bytes", &self.bundle.len())
            .field("globals", &self.globals)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RenderError {
    #[error("the server bundle could not be loaded: {0}")]
    Load(String),
    #[error("every renderer is busy")]
    Busy,
    #[error("the render took longer than {0:?}")]
    Timeout(Duration),
    #[error("the render failed: {0}")]
    Script(String),
    #[error("the renderer has stopped")]
    Stopped,
}

/// An image the page wants preloaded from the head (its largest image above the fold).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ImagePreload {
    pub href: String,
    pub srcset: Option<String>,
    pub sizes: Option<String>,
}

/// How much of today's date a page shows, so its rendering is kept only while that holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DateUse {
    #[default]
    None,
    Year,
    Day,
}

/// One rendered page (`render` of src/entry-server.tsx).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderedPage {
    /// The markup of `#root`.
    pub html: String,
    pub image_preloads: Vec<ImagePreload>,
    pub date_use: DateUse,
    /// The lazily loaded modules it rendered (source paths, the build manifest's keys).
    #[serde(default)]
    pub modules: Vec<String>,
    /// The head the page claimed (lib/use-head.ts `useHead`), as lib/head.ts `HeadSpec`.
    #[serde(default)]
    pub head: Option<serde_json::Value>,
}

struct Job {
    url: String,
    page_data: String,
    queued_at: Instant,
    reply: oneshot::Sender<Result<RenderedPage, RenderError>>,
}

/// The engines. Dropping it stops them once their current render is done.
#[derive(Debug)]
pub struct Renderer {
    jobs: mpsc::Sender<Job>,
    markup_config_key: String,
    timeout: Duration,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("url", &self.url).finish()
    }
}

impl Renderer {
    /// Starts the engines. The first one loads the bundle before this returns, so a bundle that
    /// does not load is reported here, not on the first request.
    pub fn start(setup: &RendererSetup, settings: &RendererSettings) -> Result<Self, RenderError> {
        let started = Instant::now();
        // On a thread of its own: everything the parser allocates is freed when it ends, so the
        // C allocator's arena it used is empty and given back, instead of holding the parser's
        // peak (about 9 MB) under the calling thread's live allocations.
        let program = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("render-compile".into())
                .spawn_scoped(scope, || {
                    Program::compile(
                        &setup.bundle,
                        &setup.globals,
                        setup.sanitize.clone(),
                        settings,
                    )
                })
                .map_err(|err| RenderError::Load(format!("could not start a thread: {err}")))?
                .join()
                .map_err(|_| RenderError::Load("compiling the bundle panicked".into()))?
        })?;
        let program = Arc::new(program);
        let (jobs, receiver) = mpsc::channel::<Job>(settings.queue.max(1));
        let receiver = Arc::new(Mutex::new(receiver));
        // Each engine is made on its own thread (a QuickJS runtime never leaves it); the first
        // reports whether the bundle loads.
        let (ready, loaded) = std::sync::mpsc::channel::<Result<String, RenderError>>();
        for index in 0..settings.workers.max(1) {
            let receiver = receiver.clone();
            let program = program.clone();
            let settings = settings.clone();
            let ready = (index == 0).then(|| ready.clone());
            std::thread::Builder::new()
                .name(format!("render-{index}"))
                .spawn(move || {
                    let engine = Engine::load(&program, &settings);
                    if let Some(ready) = ready {
                        let _ = ready.send(
                            engine
                                .as_ref()
                                .map(|engine| engine.markup_config_key().to_string())
                                .map_err(Clone::clone),
                        );
                    }
                    work(engine.ok(), &program, &settings, &receiver);
                })
                .map_err(|err| {
                    RenderError::Load(format!("could not start a render thread: {err}"))
                })?;
        }
        drop(ready);
        let markup_config_key = loaded.recv().map_err(|_| RenderError::Stopped)??;
        tracing::info!(
            workers = settings.workers.max(1),
            load_ms = started.elapsed().as_millis() as u64,
            "server renderer ready"
        );
        Ok(Self {
            jobs,
            markup_config_key,
            timeout: settings.timeout,
        })
    }

    /// What of the configuration the bundle's markup shows (`markupConfigKey`): a page
    /// rendered elsewhere (the build's prerender) with another key differs from this one's.
    pub fn markup_config_key(&self) -> &str {
        &self.markup_config_key
    }

    /// Renders the app at `url` (path and query) with `page_data` (the JSON the page embeds).
    pub async fn render(&self, url: &str, page_data: String) -> Result<RenderedPage, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            url: url.to_string(),
            page_data,
            queued_at: Instant::now(),
            reply,
        };
        self.jobs.try_send(job).map_err(|err| match err {
            mpsc::error::TrySendError::Full(_) => RenderError::Busy,
            mpsc::error::TrySendError::Closed(_) => RenderError::Stopped,
        })?;
        // The engine interrupts a render at the deadline; this bound covers the queue wait too.
        match tokio::time::timeout(self.timeout + Duration::from_millis(500), answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(RenderError::Stopped),
            Err(_) => Err(RenderError::Timeout(self.timeout)),
        }
    }
}

/// One engine's thread: renders queued jobs until the renderer is dropped, replacing the engine
/// after any failed render.
fn work(
    mut engine: Option<Engine>,
    program: &Program,
    settings: &RendererSettings,
    jobs: &Mutex<mpsc::Receiver<Job>>,
) {
    loop {
        let job = {
            let mut receiver = jobs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            receiver.blocking_recv()
        };
        let Some(job) = job else { return };
        let remaining = settings.timeout.saturating_sub(job.queued_at.elapsed());
        if remaining.is_zero() {
            let _ = job.reply.send(Err(RenderError::Timeout(settings.timeout)));
            continue;
        }
        let loaded = match engine.take() {
            Some(engine) => Ok(engine),
            None => Engine::load(program, settings),
        };
        let result = match loaded {
            Ok(loaded) => {
                let result = loaded
                    .render(&job.url, &job.page_data, remaining)
                    .map_err(|err| match err {
                        RenderError::Timeout(_) => RenderError::Timeout(settings.timeout),
                        other => other,
                    });
                // A failed render may leave the engine in any state: the next job gets a new one.
                if result.is_ok() {
                    engine = Some(loaded);
                } else {
                    tracing::warn!(url = %job.url, "server render failed; replacing its engine");
                }
                result
            }
            Err(err) => Err(err),
        };
        let _ = job.reply.send(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in bundle with the server bundle's API; `url` picks the behaviour.
    const BUNDLE: &str = r#"
var ClaimBridgeServer = (function () {
  var prepared = false;
  var renders = 0;
  return {
    prepare: function () { return Promise.resolve().then(function () { prepared = true; }); },
    markupConfigKey: function () { return JSON.stringify(globalThis.__CLAIMBRIDGE_SERVER__.injectedConfig); },
    renderJson: function (url, pageData) {
      renders += 1;
      var data = JSON.parse(pageData);
      if (url === '/loop') { while (true) {} }
      if (url === '/memory') { var hoard = []; while (true) { hoard.push(new Array(100000).fill(url)); } }
      if (url === '/throw') { globalThis.poisoned = true; throw new Error('page exploded'); }
      if (url === '/timers') { var again = function () { setTimeout(again); }; again(); }
      return JSON.stringify({
        html: '<p>' + url + ' ' + data.title + ' ' + globalThis.__claimbridgeSanitize('<b>x</b>') +
          ' prepared=' + prepared + ' renders=' + renders + ' poisoned=' + (globalThis.poisoned === true) + '</p>',
        imagePreloads: [{ href: '/a.png', srcset: null, sizes: null }],
        dateUse: 'year'
      });
    }
  };
})();
globalThis.setTimeout = function (callback) { Promise.resolve().then(callback); return 0; };
"#;

    fn setup(bundle: &str) -> RendererSetup {
        RendererSetup {
            bundle: Arc::from(bundle),
            globals: serde_json::json!({ "injectedConfig": { "company": "Acme" }, "origin": "http://x" }),
            sanitize: Arc::new(|html: &str| html.replace("<b>", "[b]").replace("</b>", "[/b]")),
        }
    }

    fn settings() -> RendererSettings {
        RendererSettings {
            queue: 4,
            timeout: Duration::from_millis(500),
            memory_limit: 32 * 1024 * 1024,
            ..RendererSettings::default()
        }
    }

    #[tokio::test]
    async fn renders_with_the_page_data_the_globals_and_the_sanitiser() {
        let renderer = Renderer::start(&setup(BUNDLE), &settings()).unwrap();
        assert_eq!(renderer.markup_config_key(), r#"{"company":"Acme"}"#);
        let page = renderer
            .render("/blog", r#"{"title":"Hello"}"#.into())
            .await
            .unwrap();
        assert_eq!(
            page.html,
            "<p>/blog Hello [b]x[/b] prepared=true renders=1 poisoned=false</p>"
        );
        assert_eq!(page.date_use, DateUse::Year);
        assert_eq!(page.image_preloads[0].href, "/a.png");
        let second = renderer
            .render("/", r#"{"title":"Again"}"#.into())
            .await
            .unwrap();
        assert!(second.html.contains("renders=2"), "{}", second.html);
    }

    #[tokio::test]
    async fn a_runaway_render_is_interrupted_and_the_next_gets_a_fresh_engine() {
        let renderer = Renderer::start(&setup(BUNDLE), &settings()).unwrap();
        let started = Instant::now();
        let err = renderer.render("/loop", "{}".into()).await.unwrap_err();
        assert_eq!(err, RenderError::Timeout(Duration::from_millis(500)));
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );

        let err = renderer.render("/throw", "{}".into()).await.unwrap_err();
        assert!(
            matches!(&err, RenderError::Script(message) if message.contains("page exploded")),
            "{err}"
        );
        // The failed render's global state went with its engine.
        let page = renderer
            .render("/", r#"{"title":"t"}"#.into())
            .await
            .unwrap();
        assert!(
            page.html.contains("renders=1 poisoned=false"),
            "{}",
            page.html
        );
    }

    #[tokio::test]
    async fn memory_and_timer_loops_are_bounded() {
        let renderer = Renderer::start(&setup(BUNDLE), &settings()).unwrap();
        for (route, props) in [("/memory", "{}"), ("/timers", r#"{"title":"t"}"#)] {
            let err = renderer.render(route, props.into()).await.unwrap_err();
            assert!(
                matches!(err, RenderError::Script(_) | RenderError::Timeout(_)),
                "{route}: {err}"
            );
        }
        assert!(
            renderer
                .render("/", r#"{"title":"t"}"#.into())
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once() {
        let renderer = Arc::new(Renderer::start(&setup(BUNDLE), &settings()).unwrap());
        // One busy engine (a render that loops until its deadline), four waiting: the sixth
        // render is refused without waiting.
        let spawn_loop = || {
            let renderer = renderer.clone();
            tokio::spawn(async move { renderer.render("/loop", "{}".into()).await })
        };
        let mut pending = vec![spawn_loop()];
        tokio::time::sleep(Duration::from_millis(100)).await;
        pending.extend((0..4).map(|_| spawn_loop()));
        tokio::time::sleep(Duration::from_millis(20)).await;
        let started = Instant::now();
        assert_eq!(
            renderer.render("/", "{}".into()).await,
            Err(RenderError::Busy)
        );
        assert!(started.elapsed() < Duration::from_millis(50));
        for task in pending {
            // The waiting ones are past their deadline by the time the engine is free.
            assert_eq!(
                task.await.unwrap(),
                Err(RenderError::Timeout(Duration::from_millis(500)))
            );
        }
    }

    #[test]
    fn a_broken_bundle_is_reported_at_start() {
        let err = Renderer::start(&setup("this is not javascript"), &settings()).unwrap_err();
        assert!(matches!(err, RenderError::Load(_)), "{err}");
        let err = Renderer::start(&setup("var x = 1;"), &settings()).unwrap_err();
        assert!(
            matches!(&err, RenderError::Load(message) if message.contains("ClaimBridgeServer")),
            "{err}"
        );
    }
}
