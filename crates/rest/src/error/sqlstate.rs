//! PostgREST's SQLSTATE → HTTP status table.
/// The status PostgREST answers a PostgreSQL error with (`anon`: 42501 is 401, not 403).
pub(super) fn pg_status(code: &str, message: &str, anon: bool) -> u16 {
    let prefix = code.get(..2).unwrap_or("");
    match code {
        "23503" | "23505" => return 409,
        "25006" => return 405,
        "21000" => {
            return if message.ends_with("requires a WHERE clause") {
                400
            } else {
                500
            };
        }
        "22023" => {
            return if message.starts_with("role") && message.ends_with("does not exist") {
                401
            } else {
                400
            };
        }
        "53400" => return 500,
        "57P01" => return 503,
        "P0001" => return 400,
        "42883" => {
            return if message.starts_with("function xmlagg(") {
                406
            } else {
                404
            };
        }
        "42P01" => return 404,
        "42P17" => return 500,
        "42501" => return if anon { 401 } else { 403 },
        _ => {}
    }
    if let Some(status) = code.strip_prefix("PT") {
        return status
            .parse::<u16>()
            .ok()
            .filter(|s| (100..600).contains(s))
            .unwrap_or(500);
    }
    match prefix {
        "08" => 503,
        "09" => 500,
        "0L" | "0P" => 403,
        "25" => 500,
        "28" => 403,
        "2D" | "38" | "39" | "3B" | "40" => 500,
        "53" => 503,
        // Program limits (too many columns or arguments, statement too complex) are reached by
        // what the request asks for; PostgREST answers 500, which blames the server.
        "54" => 400,
        "55" | "57" | "58" | "F0" | "HV" | "XX" => 500,
        "P0" => 500,
        _ => 400,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlstate_table() {
        assert_eq!(pg_status("23505", "", true), 409);
        assert_eq!(pg_status("54011", "", true), 400);
        assert_eq!(pg_status("42501", "", true), 401);
        assert_eq!(pg_status("42501", "", false), 403);
        assert_eq!(pg_status("25006", "", false), 405);
        assert_eq!(pg_status("22023", "role \"x\" does not exist", false), 401);
        assert_eq!(pg_status("22023", "other", false), 400);
        assert_eq!(pg_status("PT418", "", false), 418);
        assert_eq!(pg_status("08006", "", false), 503);
        assert_eq!(pg_status("57P01", "", false), 503);
        assert_eq!(pg_status("57014", "", false), 500);
        assert_eq!(pg_status("22P02", "", false), 400);
        assert_eq!(pg_status("42P01", "", false), 404);
        assert_eq!(pg_status("42883", "function xmlagg(x)", false), 406);
    }
}
