//! The load generator of tests/bench/realtime, and its baseline server.
//!
//!   realtime-loadgen idle    --url WS --pid PID [--sockets 10000] [--hold 30] [--run ID]
//!   realtime-loadgen fanout  --url WS --pid PID [--subscribers 1000] [--rate 50] [--seconds 20]
//!   realtime-loadgen changes --url WS --pid PID --pg-host DIR [--subscribers 100] [--rate 500]
//!                            [--seconds 20] [--jwt-secret S] [--table bench_events]
//!   realtime-loadgen floor   --port PORT
//!
//! The scenarios speak Phoenix vsn 2.0.0 as realtime-js does (text frames, a heartbeat every
//! 25 s), take every timestamp from one monotonic clock of this process, and print one line
//! `RESULT {json}` that run.sh reads. `--url` is the socket URL with its query
//! (`ws://…/realtime/v1/websocket?apikey=…&vsn=2.0.0`), `--pid` the process whose resident
//! memory and CPU time are read from /proc. `floor` is the baseline: the least a
//! tokio-tungstenite server needs to answer those scenarios (floor.rs).
mod changes;
mod client;
mod fanout;
mod floor;
mod idle;
mod stats;

use std::collections::HashMap;

#[global_allocator]
static GLOBAL: cb_allocator::MiMalloc = cb_allocator::MiMalloc;

/// `--key value` pairs after the subcommand.
pub struct Args(HashMap<String, String>);

impl Args {
    pub fn text(&self, name: &str, default: &str) -> String {
        self.0
            .get(name)
            .cloned()
            .unwrap_or_else(|| default.to_string())
    }

    pub fn required(&self, name: &str) -> String {
        self.0.get(name).cloned().unwrap_or_else(|| {
            eprintln!("--{name} is required");
            std::process::exit(2)
        })
    }

    pub fn number(&self, name: &str, default: u64) -> u64 {
        match self.0.get(name) {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|_| {
                eprintln!("--{name} is not a number: {text}");
                std::process::exit(2)
            }),
        }
    }
}

fn main() {
    cb_allocator::configure();
    let mut argv = std::env::args().skip(1);
    let command = argv.next().unwrap_or_default();
    let mut pairs = HashMap::new();
    while let Some(key) = argv.next() {
        let Some(key) = key.strip_prefix("--") else {
            eprintln!("unexpected argument {key}");
            std::process::exit(2);
        };
        let value = argv.next().unwrap_or_default();
        pairs.insert(key.to_string(), value);
    }
    let args = Args(pairs);
    stats::now_us(); // starts the clock
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let result = runtime.block_on(async {
        match command.as_str() {
            "idle" => idle::run(&args).await,
            "fanout" => fanout::run(&args).await,
            "changes" => changes::run(&args).await,
            "floor" => {
                floor::run(&args).await;
                serde_json::Value::Null
            }
            _ => {
                eprintln!("usage: realtime-loadgen idle|fanout|changes|floor --key value ...");
                std::process::exit(2)
            }
        }
    });
    println!("RESULT {result}");
    // Sockets still closing do not hold the process.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
}
