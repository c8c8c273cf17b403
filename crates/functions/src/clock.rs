//! The wall clock as unix seconds, which captcha expiries and webhook signatures speak (signed,
//! as the ALTCHA and webhook formats take it).
pub(crate) fn unix_now() -> i64 {
    i64::try_from(cb_gateway::unix_now()).unwrap_or(i64::MAX)
}
