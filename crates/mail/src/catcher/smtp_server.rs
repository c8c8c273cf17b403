//! The catcher's SMTP side: enough of RFC 5321 for any client (EHLO/HELO, MAIL FROM, RCPT TO,
//! DATA with dot-unstuffing, RSET, NOOP, VRFY, QUIT), no authentication, no TLS, and no relay:
//! every message accepted is kept in the store and goes nowhere else. Bounded everywhere: the
//! message size, the line length, the recipients, the connections at once, an idle timeout per
//! read and a lifetime per connection.
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{
    AsyncBufRead, AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::store::{Caught, Store};

/// The longest command line (RFC 5321 allows 512 octets; extensions add some).
const MAX_COMMAND_LINE: usize = 4096;
/// DATA is read in pieces of at most this much (a longer line is read in several).
const MAX_DATA_CHUNK: usize = 64 * 1024;
const MAX_RECIPIENTS: usize = 100;
const MAX_CONNECTIONS: usize = 32;
/// A client that makes this many mistakes is not an SMTP client (an HTTP request sent to the
/// SMTP port, say): the connection is closed.
const MAX_ERRORS: usize = 10;
const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
const SESSION_LIFETIME: Duration = Duration::from_secs(600);

/// Accepts connections until the task is aborted (which ends every session with it).
pub(super) async fn serve(listener: TcpListener, store: Arc<Store>, max_message_bytes: usize) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut sessions = JoinSet::new();
    loop {
        let (mut stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(err) => {
                // Out of file descriptors and the like: wait rather than spin.
                tracing::warn!(%err, "mail catcher: accepting an SMTP connection failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        while sessions.try_join_next().is_some() {}
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            let _ = stream
                .write_all(b"421 4.3.2 Too many connections, try again later\r\n")
                .await;
            continue;
        };
        let store = Arc::clone(&store);
        sessions.spawn(async move {
            let _slot = slot;
            let session = Session::new(stream, &store, max_message_bytes);
            let _ = tokio::time::timeout(SESSION_LIFETIME, session.run()).await;
        });
    }
}

/// How a line read ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Read {
    /// The line, with its line ending.
    Line,
    /// `limit` bytes and no line ending yet.
    Partial,
    Closed,
}

/// Reads up to and including the next `\n` into `buf`, at most `limit` bytes.
async fn read_line(
    reader: &mut (impl AsyncBufRead + Unpin),
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Read> {
    buf.clear();
    let read = tokio::time::timeout(
        IDLE_TIMEOUT,
        (&mut *reader).take(limit as u64).read_until(b'\n', buf),
    )
    .await
    .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))??;
    Ok(match (read, buf.last()) {
        (0, _) => Read::Closed,
        (_, Some(b'\n')) => Read::Line,
        _ => Read::Partial,
    })
}

/// One client's transaction state.
struct Session<'a> {
    reader: BufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
    store: &'a Store,
    max_message_bytes: usize,
    greeted: bool,
    from: Option<String>,
    recipients: Vec<String>,
    errors: usize,
}

impl<'a> Session<'a> {
    fn new(stream: TcpStream, store: &'a Store, max_message_bytes: usize) -> Self {
        let (reader, writer) = stream.into_split();
        Self {
            reader: BufReader::new(reader),
            writer,
            store,
            max_message_bytes,
            greeted: false,
            from: None,
            recipients: Vec::new(),
            errors: 0,
        }
    }

    async fn reply(&mut self, text: &str) -> std::io::Result<()> {
        self.writer.write_all(text.as_bytes()).await?;
        self.writer.write_all(b"\r\n").await
    }

    /// A 5xx reply; after too many the connection ends.
    async fn refuse(&mut self, text: &str) -> std::io::Result<bool> {
        self.errors += 1;
        if self.errors >= MAX_ERRORS {
            self.reply("421 4.7.0 Too many errors, closing the connection")
                .await?;
            return Ok(false);
        }
        self.reply(text).await?;
        Ok(true)
    }

    fn reset(&mut self) {
        self.from = None;
        self.recipients.clear();
    }

    async fn run(mut self) -> std::io::Result<()> {
        self.reply("220 localhost ClaimBridge mail catcher ESMTP (nothing is relayed)")
            .await?;
        let mut line = Vec::new();
        loop {
            match read_line(&mut self.reader, &mut line, MAX_COMMAND_LINE).await? {
                Read::Closed => return Ok(()),
                Read::Partial => {
                    self.reply("500 5.5.2 Line too long").await?;
                    return Ok(());
                }
                Read::Line => {}
            }
            let command = String::from_utf8_lossy(&line);
            let command = command.trim_end_matches(['\r', '\n']);
            let (verb, argument) = command.split_once(' ').unwrap_or((command, ""));
            let keep_going = match verb.to_ascii_uppercase().as_str() {
                "EHLO" => {
                    self.reset();
                    self.greeted = true;
                    let max = self.max_message_bytes;
                    self.reply(&format!(
                        "250-localhost greets {}\r\n250-SIZE {max}\r\n250-8BITMIME\r\n250 SMTPUTF8",
                        argument.trim()
                    ))
                    .await?;
                    true
                }
                "HELO" => {
                    self.reset();
                    self.greeted = true;
                    self.reply("250 localhost").await?;
                    true
                }
                "MAIL" => self.mail(argument).await?,
                "RCPT" => self.rcpt(argument).await?,
                "DATA" => self.data().await?,
                "RSET" => {
                    self.reset();
                    self.reply("250 2.0.0 OK").await?;
                    true
                }
                "NOOP" => {
                    self.reply("250 2.0.0 OK").await?;
                    true
                }
                "VRFY" => {
                    self.reply("252 2.1.5 Cannot VRFY user, but will accept message")
                        .await?;
                    true
                }
                "QUIT" => {
                    self.reply("221 2.0.0 Bye").await?;
                    return Ok(());
                }
                _ => self.refuse("500 5.5.2 Command not recognized").await?,
            };
            if !keep_going {
                return Ok(());
            }
        }
    }

    async fn mail(&mut self, argument: &str) -> std::io::Result<bool> {
        if !self.greeted {
            return self.refuse("503 5.5.1 Send EHLO or HELO first").await;
        }
        if self.from.is_some() {
            return self.refuse("503 5.5.1 Sender already given").await;
        }
        let Some((address, parameters)) = path_argument(argument, "FROM:") else {
            return self.refuse("501 5.5.4 Syntax: MAIL FROM:<address>").await;
        };
        let declared = parameters.split_whitespace().find_map(|parameter| {
            let (name, value) = parameter.split_once('=')?;
            name.eq_ignore_ascii_case("SIZE")
                .then(|| value.parse::<usize>().ok())
                .flatten()
        });
        if declared.is_some_and(|size| size > self.max_message_bytes) {
            return self
                .refuse("552 5.3.4 Message size exceeds the fixed maximum message size")
                .await;
        }
        self.from = Some(address);
        self.reply("250 2.1.0 OK").await?;
        Ok(true)
    }

    async fn rcpt(&mut self, argument: &str) -> std::io::Result<bool> {
        if self.from.is_none() {
            return self.refuse("503 5.5.1 Send MAIL FROM first").await;
        }
        let Some((address, _)) = path_argument(argument, "TO:").filter(|(a, _)| !a.is_empty())
        else {
            return self.refuse("501 5.5.4 Syntax: RCPT TO:<address>").await;
        };
        if self.recipients.len() >= MAX_RECIPIENTS {
            self.reply("452 4.5.3 Too many recipients").await?;
            return Ok(true);
        }
        self.recipients.push(address);
        self.reply("250 2.1.5 OK").await?;
        Ok(true)
    }

    async fn data(&mut self) -> std::io::Result<bool> {
        if self.recipients.is_empty() {
            return self.refuse("503 5.5.1 Send RCPT TO first").await;
        }
        self.reply("354 End data with <CR><LF>.<CR><LF>").await?;
        let mut message = Vec::new();
        let mut oversized = false;
        let mut at_line_start = true;
        let mut chunk = Vec::new();
        loop {
            let read = read_line(&mut self.reader, &mut chunk, MAX_DATA_CHUNK).await?;
            let content: &[u8] = match read {
                Read::Closed => return Ok(false),
                Read::Line if at_line_start && (chunk == b".\r\n" || chunk == b".\n") => break,
                // Dot-unstuffing: a line starting with a dot was sent with one more.
                _ if at_line_start && chunk.first() == Some(&b'.') => &chunk[1..],
                _ => &chunk,
            };
            at_line_start = matches!(read, Read::Line);
            // Past the limit the rest is read and dropped, so the refusal is the answer to
            // this DATA rather than a broken connection.
            if !oversized && message.len() + content.len() > self.max_message_bytes {
                oversized = true;
                message = Vec::new();
            }
            if !oversized {
                message.extend_from_slice(content);
            }
        }
        let from = self.from.take().unwrap_or_default();
        let recipients = std::mem::take(&mut self.recipients);
        if oversized {
            return self
                .refuse(&format!(
                    "552 5.3.4 Message exceeds the limit of {} bytes",
                    self.max_message_bytes
                ))
                .await;
        }
        let id = self.store.push(Caught::new(message, &from, &recipients));
        tracing::debug!(%id, to = ?recipients, "mail catcher: message caught");
        self.reply(&format!("250 2.0.0 OK: queued as {id}")).await?;
        Ok(true)
    }
}

/// `FROM:<address> PARAMETERS` (the keyword `keyword`, any case): the address without its
/// angle brackets, and the parameters.
fn path_argument(argument: &str, keyword: &str) -> Option<(String, String)> {
    let argument = argument.trim_start();
    let head = argument.get(..keyword.len())?;
    if !head.eq_ignore_ascii_case(keyword) {
        return None;
    }
    let rest = argument[keyword.len()..].trim_start();
    let rest = rest.strip_prefix('<')?;
    let (address, parameters) = rest.split_once('>')?;
    if address.chars().any(|ch| ch.is_control() || ch == '<') {
        return None;
    }
    Some((address.to_string(), parameters.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_with_their_parameters() {
        assert_eq!(
            path_argument("FROM:<a@b.test> SIZE=100", "FROM:"),
            Some(("a@b.test".into(), "SIZE=100".into()))
        );
        assert_eq!(
            path_argument("from: <>", "FROM:"),
            Some((String::new(), String::new()))
        );
        assert_eq!(
            path_argument("to:<x@y.test>", "TO:"),
            Some(("x@y.test".into(), String::new()))
        );
        for bad in ["a@b.test", "FROM a@b.test", "FROM:<a@b.test", "FR"] {
            assert_eq!(path_argument(bad, "FROM:"), None, "{bad}");
        }
    }
}
