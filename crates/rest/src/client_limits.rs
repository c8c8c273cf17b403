//! How many statements one client may have running at once. One client (an IP address, through
//! trusted proxies) sending slow requests in parallel would otherwise hold every connection of
//! the pool, and everybody else would wait for them. A request over the limit waits a little
//! for one of its own client's to finish (a page that fires a burst of reads is not refused),
//! then is refused with 429; the waiting queue is bounded too.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The limits of [`ClientLimits`]; `per_client` 0 turns them off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientLimitSettings {
    /// Statements one client may have running at once.
    pub per_client: usize,
    /// Requests of one client that may wait for a turn, beyond the running ones.
    pub queue: usize,
    /// How long a request waits for a turn before it is refused.
    pub wait: Duration,
}

impl Default for ClientLimitSettings {
    fn default() -> Self {
        ClientLimitSettings {
            per_client: 4,
            queue: 16,
            wait: Duration::from_secs(2),
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct ClientLimits {
    settings: ClientLimitSettings,
    clients: Mutex<HashMap<IpAddr, Arc<Client>>>,
}

#[derive(Debug)]
struct Client {
    turns: Arc<Semaphore>,
    /// Requests running or waiting; the entry is removed when it drops to zero.
    present: AtomicUsize,
}

/// The client has as many requests running and waiting as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooBusy;

/// A request's turn; its client's count goes down when it is dropped.
#[derive(Debug)]
pub(crate) struct Turn<'l> {
    _permit: OwnedSemaphorePermit,
    _presence: Presence<'l>,
}

#[derive(Debug)]
struct Presence<'l> {
    limits: &'l ClientLimits,
    ip: IpAddr,
    client: Arc<Client>,
}

impl Drop for Presence<'_> {
    fn drop(&mut self) {
        if self.client.present.fetch_sub(1, Ordering::AcqRel) == 1
            && let Ok(mut clients) = self.limits.clients.lock()
            && self.client.present.load(Ordering::Acquire) == 0
            && clients
                .get(&self.ip)
                .is_some_and(|current| Arc::ptr_eq(current, &self.client))
        {
            clients.remove(&self.ip);
        }
    }
}

impl ClientLimits {
    pub(crate) fn new(settings: ClientLimitSettings) -> Self {
        ClientLimits {
            settings,
            clients: Mutex::default(),
        }
    }

    /// The limit, for error texts.
    pub(crate) fn per_client(&self) -> usize {
        self.settings.per_client
    }

    /// A turn for `ip`, or `None` when it has too many requests running and waiting.
    /// With the limits off, or no address to key on, every request gets one at once.
    pub(crate) async fn turn(&self, ip: Option<IpAddr>) -> Result<Option<Turn<'_>>, TooBusy> {
        let (Some(ip), true) = (ip, self.settings.per_client > 0) else {
            return Ok(None);
        };
        let client = {
            let mut clients = self.clients.lock().map_err(|_| TooBusy)?;
            let client = clients.entry(ip).or_insert_with(|| {
                Arc::new(Client {
                    turns: Arc::new(Semaphore::new(self.settings.per_client)),
                    present: AtomicUsize::new(0),
                })
            });
            client.present.fetch_add(1, Ordering::AcqRel);
            Arc::clone(client)
        };
        let presence = Presence {
            limits: self,
            ip,
            client,
        };
        if presence.client.present.load(Ordering::Acquire)
            > self.settings.per_client + self.settings.queue
        {
            return Err(TooBusy);
        }
        let turns = Arc::clone(&presence.client.turns);
        match tokio::time::timeout(self.settings.wait, turns.acquire_owned()).await {
            Ok(Ok(permit)) => Ok(Some(Turn {
                _permit: permit,
                _presence: presence,
            })),
            _ => Err(TooBusy),
        }
    }

    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.clients
            .lock()
            .map(|clients| clients.len())
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_client: usize, queue: usize) -> ClientLimits {
        ClientLimits::new(ClientLimitSettings {
            per_client,
            queue,
            wait: Duration::from_millis(50),
        })
    }

    const ONE: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 1)));
    const TWO: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 2)));

    /// A request from `ONE` that waits for its turn in the background (given a moment to start
    /// waiting): whether it got one.
    async fn waiting_for_turn(
        limits: &Arc<ClientLimits>,
    ) -> tokio::task::JoinHandle<Result<bool, TooBusy>> {
        let waiting = {
            let limits = Arc::clone(limits);
            tokio::spawn(async move { limits.turn(ONE).await.map(|turn| turn.is_some()) })
        };
        tokio::time::sleep(Duration::from_millis(10)).await;
        waiting
    }

    #[tokio::test]
    async fn a_client_past_its_limit_waits_then_is_refused_others_are_not() {
        let limits = limits(2, 1);
        let a = limits.turn(ONE).await.unwrap();
        let b = limits.turn(ONE).await.unwrap();
        assert!(a.is_some() && b.is_some());
        assert!(
            limits.turn(ONE).await.is_err(),
            "the third waits, then is refused"
        );
        assert!(limits.turn(TWO).await.unwrap().is_some(), "another client");
        drop(a);
        assert!(
            limits.turn(ONE).await.unwrap().is_some(),
            "a turn was freed"
        );
    }

    #[tokio::test]
    async fn a_waiting_request_gets_the_next_free_turn() {
        let limits = Arc::new(limits(1, 1));
        let first = limits.turn(ONE).await.unwrap();
        let waiting = waiting_for_turn(&limits).await;
        drop(first);
        assert_eq!(waiting.await.unwrap(), Ok(true));
    }

    #[tokio::test]
    async fn the_queue_is_bounded_and_clients_are_forgotten_when_idle() {
        let limits = Arc::new(limits(1, 1));
        let running = limits.turn(ONE).await.unwrap();
        let queued = waiting_for_turn(&limits).await;
        // One running, one waiting: the third is refused without waiting.
        let started = std::time::Instant::now();
        assert!(limits.turn(ONE).await.is_err());
        assert!(started.elapsed() < Duration::from_millis(40));
        drop(running);
        assert!(queued.await.unwrap().is_ok());
        assert_eq!(limits.tracked(), 0);
        assert!(
            limits.turn(None).await.unwrap().is_none(),
            "no address, no limit"
        );
        assert!(
            ClientLimits::new(ClientLimitSettings {
                per_client: 0,
                ..ClientLimitSettings::default()
            })
            .turn(ONE)
            .await
            .unwrap()
            .is_none(),
            "turned off"
        );
    }
}
