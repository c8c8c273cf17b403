//! pgoutput, protocol version 1, text format: one message from the bytes of one `XLogData`
//! payload. Pure (no I/O, no state): the caller keeps the relations the messages refer to.
//! The layout is PostgreSQL's "Logical Replication Message Formats" (protocol.sgml).

use super::ChangeError;

/// One decoded pgoutput message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Message {
    Begin {
        final_lsn: u64,
        /// Microseconds since 2000-01-01 UTC.
        commit_time: i64,
        xid: u32,
    },
    Commit {
        flags: u8,
        commit_lsn: u64,
        end_lsn: u64,
        commit_time: i64,
    },
    /// Where a replicated transaction came from; we take changes from every origin.
    Origin {
        lsn: u64,
        name: String,
    },
    Relation(Relation),
    /// A user-defined type's name (built-in types are never announced).
    Type {
        oid: u32,
        schema: String,
        name: String,
    },
    Insert {
        relation: u32,
        new: Vec<Cell>,
    },
    Update {
        relation: u32,
        /// The old key ('K') or the old row ('O'); absent when the key did not change and the
        /// table's replica identity is not FULL.
        old: Option<OldRow>,
        new: Vec<Cell>,
    },
    Delete {
        relation: u32,
        old: OldRow,
    },
    /// Realtime sends nothing for a TRUNCATE (as Supabase); decoded so it is not an error.
    Truncate {
        relations: Vec<u32>,
    },
    /// Any other tag (a logical decoding message 'M', which the client already surfaces).
    Other(u8),
}

/// A table as the stream describes it, sent before its first change in a session and again
/// after its definition changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Relation {
    pub id: u32,
    /// "" for pg_catalog.
    pub schema: String,
    pub name: String,
    /// d(efault), n(othing), f(ull) or i(ndex).
    pub replica_identity: u8,
    pub columns: Vec<Column>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    /// Part of the replica identity (every column when it is FULL).
    pub key: bool,
    pub name: String,
    pub type_oid: u32,
    pub type_modifier: i32,
}

/// One column's value in a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cell {
    Null,
    /// A TOASTed value the change did not touch: the stream does not repeat it.
    Unchanged,
    Text(String),
    /// Only with the `binary` option, which the feed never asks for.
    Binary(Vec<u8>),
}

/// The row before an UPDATE or DELETE.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OldRow {
    /// The replica identity's columns; the others are Null.
    Key(Vec<Cell>),
    /// The whole row (REPLICA IDENTITY FULL).
    Full(Vec<Cell>),
}

/// Decodes one message.
pub(crate) fn decode(bytes: &[u8]) -> Result<Message, ChangeError> {
    let mut reader = Reader { bytes };
    let tag = reader.u8()?;
    let message = match tag {
        b'B' => Message::Begin {
            final_lsn: reader.u64()?,
            commit_time: reader.i64()?,
            xid: reader.u32()?,
        },
        b'C' => Message::Commit {
            flags: reader.u8()?,
            commit_lsn: reader.u64()?,
            end_lsn: reader.u64()?,
            commit_time: reader.i64()?,
        },
        b'O' => Message::Origin {
            lsn: reader.u64()?,
            name: reader.string()?,
        },
        b'R' => {
            let id = reader.u32()?;
            let schema = reader.string()?;
            let name = reader.string()?;
            let replica_identity = reader.u8()?;
            let count = reader.count()?;
            let mut columns = Vec::with_capacity(count.min(1600));
            for _ in 0..count {
                columns.push(Column {
                    key: reader.u8()? & 1 == 1,
                    name: reader.string()?,
                    type_oid: reader.u32()?,
                    type_modifier: reader.i32()?,
                });
            }
            Message::Relation(Relation {
                id,
                schema,
                name,
                replica_identity,
                columns,
            })
        }
        b'Y' => Message::Type {
            oid: reader.u32()?,
            schema: reader.string()?,
            name: reader.string()?,
        },
        b'I' => {
            let relation = reader.u32()?;
            reader.expect(b'N')?;
            Message::Insert {
                relation,
                new: reader.tuple()?,
            }
        }
        b'U' => {
            let relation = reader.u32()?;
            let old = match reader.u8()? {
                b'K' => {
                    let old = OldRow::Key(reader.tuple()?);
                    reader.expect(b'N')?;
                    Some(old)
                }
                b'O' => {
                    let old = OldRow::Full(reader.tuple()?);
                    reader.expect(b'N')?;
                    Some(old)
                }
                b'N' => None,
                other => return Err(malformed(&format!("update: unexpected tuple tag {other}"))),
            };
            Message::Update {
                relation,
                old,
                new: reader.tuple()?,
            }
        }
        b'D' => {
            let relation = reader.u32()?;
            let old = match reader.u8()? {
                b'K' => OldRow::Key(reader.tuple()?),
                b'O' => OldRow::Full(reader.tuple()?),
                other => return Err(malformed(&format!("delete: unexpected tuple tag {other}"))),
            };
            Message::Delete { relation, old }
        }
        b'T' => {
            let count = usize::try_from(reader.u32()?)
                .map_err(|_| malformed("truncate: too many relations"))?;
            let _options = reader.u8()?;
            let mut relations = Vec::with_capacity(count.min(1024));
            for _ in 0..count {
                relations.push(reader.u32()?);
            }
            Message::Truncate { relations }
        }
        other => return Ok(Message::Other(other)),
    };
    Ok(message)
}

fn malformed(detail: &str) -> ChangeError {
    ChangeError::Stream(format!("malformed pgoutput message: {detail}"))
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], ChangeError> {
        if self.bytes.len() < n {
            return Err(malformed(&format!(
                "wanted {n} more bytes, {} left",
                self.bytes.len()
            )));
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ChangeError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, ChangeError> {
        Ok(self.array::<1>()?[0])
    }

    fn expect(&mut self, tag: u8) -> Result<(), ChangeError> {
        let found = self.u8()?;
        if found == tag {
            Ok(())
        } else {
            Err(malformed(&format!(
                "expected '{}', found {found}",
                char::from(tag)
            )))
        }
    }

    fn u16(&mut self) -> Result<u16, ChangeError> {
        Ok(u16::from_be_bytes(self.array()?))
    }

    fn count(&mut self) -> Result<usize, ChangeError> {
        Ok(usize::from(self.u16()?))
    }

    fn u32(&mut self) -> Result<u32, ChangeError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    fn i32(&mut self) -> Result<i32, ChangeError> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, ChangeError> {
        Ok(u64::from_be_bytes(self.array()?))
    }

    fn i64(&mut self) -> Result<i64, ChangeError> {
        Ok(i64::from_be_bytes(self.array()?))
    }

    /// A NUL-terminated string (names are in the database's encoding, UTF-8 here).
    fn string(&mut self) -> Result<String, ChangeError> {
        let end = self
            .bytes
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| malformed("string without its terminator"))?;
        let text = String::from_utf8_lossy(&self.bytes[..end]).into_owned();
        self.bytes = &self.bytes[end + 1..];
        Ok(text)
    }

    fn tuple(&mut self) -> Result<Vec<Cell>, ChangeError> {
        let count = self.count()?;
        let mut cells = Vec::with_capacity(count);
        for _ in 0..count {
            let cell = match self.u8()? {
                b'n' => Cell::Null,
                b'u' => Cell::Unchanged,
                kind @ (b't' | b'b') => {
                    let len =
                        usize::try_from(self.u32()?).map_err(|_| malformed("value too long"))?;
                    let bytes = self.take(len)?;
                    if kind == b't' {
                        Cell::Text(String::from_utf8_lossy(bytes).into_owned())
                    } else {
                        Cell::Binary(bytes.to_vec())
                    }
                }
                other => return Err(malformed(&format!("unknown column kind {other}"))),
            };
            cells.push(cell);
        }
        Ok(cells)
    }
}

#[cfg(test)]
mod tests;
