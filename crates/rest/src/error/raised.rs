//! `RAISE SQLSTATE 'PGRST'`: a function choosing the whole response (body, status, headers),
//! read from its MESSAGE and DETAIL as PostgREST reads them.
use http::StatusCode;
use serde_json::Value;

/// The response a `RAISE SQLSTATE 'PGRST'` asks for: MESSAGE is the JSON object `{code,
/// message, details?, hint?}`, DETAIL the JSON object `{status, status_text?, headers}`.
#[derive(Debug, Clone, PartialEq)]
pub struct RaisedResponse {
    pub code: String,
    pub message: String,
    pub details: Option<String>,
    pub hint: Option<String>,
    pub status: StatusCode,
    pub status_text: Option<String>,
    pub headers: Vec<(String, String)>,
}

/// What was wrong with a `RAISE SQLSTATE 'PGRST'` (the offending text, for the details).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RaiseUnreadable {
    Message(String),
    Detail(String),
    NoDetail,
}

impl RaisedResponse {
    /// Reads the MESSAGE and DETAIL of a `RAISE SQLSTATE 'PGRST'` as PostgREST does: both must
    /// be JSON objects with the obligatory keys, the optional ones null or strings.
    pub fn parse(message: &str, detail: Option<&str>) -> Result<Self, RaiseUnreadable> {
        fn text(object: &serde_json::Map<String, Value>, key: &str) -> Option<String> {
            object.get(key)?.as_str().map(str::to_owned)
        }
        fn optional_text(
            object: &serde_json::Map<String, Value>,
            key: &str,
        ) -> Result<Option<String>, ()> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(()),
            }
        }
        let unreadable_message = || RaiseUnreadable::Message(message.to_owned());
        let body: Value = serde_json::from_str(message).map_err(|_| unreadable_message())?;
        let body = body.as_object().ok_or_else(unreadable_message)?;
        let code = text(body, "code").ok_or_else(unreadable_message)?;
        let message_text = text(body, "message").ok_or_else(unreadable_message)?;
        let details = optional_text(body, "details").map_err(|()| unreadable_message())?;
        let hint = optional_text(body, "hint").map_err(|()| unreadable_message())?;

        let detail = detail.ok_or(RaiseUnreadable::NoDetail)?;
        let unreadable_detail = || RaiseUnreadable::Detail(detail.to_owned());
        let response: Value = serde_json::from_str(detail).map_err(|_| unreadable_detail())?;
        let response = response.as_object().ok_or_else(unreadable_detail)?;
        let status = response
            .get("status")
            .and_then(Value::as_u64)
            .and_then(|n| u16::try_from(n).ok())
            .and_then(|n| StatusCode::from_u16(n).ok())
            .ok_or_else(unreadable_detail)?;
        let status_text =
            optional_text(response, "status_text").map_err(|()| unreadable_detail())?;
        let headers = response
            .get("headers")
            .and_then(Value::as_object)
            .ok_or_else(unreadable_detail)?
            .iter()
            .map(|(name, value)| Some((name.clone(), value.as_str()?.to_owned())))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(unreadable_detail)?;
        Ok(RaisedResponse {
            code,
            message: message_text,
            details,
            hint,
            status,
            status_text,
            headers,
        })
    }
}

#[cfg(test)]
mod tests {
    use http::header;

    use super::*;
    use crate::error::ApiError;

    #[test]
    fn a_raise_with_sqlstate_pgrst_sets_the_whole_response() {
        let raised = RaisedResponse::parse(
            r#"{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":null}"#,
            Some(r#"{"status":402,"status_text":"Pay Up","headers":{"X-Powered-By":"Nerd Rage"}}"#),
        )
        .unwrap();
        let error = ApiError::Raised(Box::new(raised));
        assert_eq!(
            error.body(),
            r#"{"code":"123","details":"Quota exceeded","hint":null,"message":"Payment Required"}"#
        );
        let response = error.into_response();
        assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED);
        assert_eq!(response.headers()["x-powered-by"], "Nerd Rage");
        assert_eq!(response.headers()["proxy-status"], "PostgREST; error=123");
        assert_eq!(
            response
                .extensions()
                .get::<hyper::ext::ReasonPhrase>()
                .map(|p| p.as_bytes()),
            Some(&b"Pay Up"[..])
        );
        // A 401 chosen by the function carries only the function's headers.
        let unauthorized = RaisedResponse::parse(
            r#"{"code":"AUTH","message":"no"}"#,
            Some(r#"{"status":401,"headers":{}}"#),
        )
        .unwrap();
        let response = ApiError::Raised(Box::new(unauthorized)).into_response();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert!(response.headers().get(header::WWW_AUTHENTICATE).is_none());
    }

    #[test]
    fn an_unreadable_raise_is_pgrst121_with_postgrests_texts() {
        let cases = [
            (
                "not json",
                Some(r#"{"status":400,"headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for MESSAGE: 'not json'","hint":"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1"}"#,
                Some(r#"{"status":400,"headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for MESSAGE: '{\"code\":\"1\"}'","hint":"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1","message":"m"}"#,
                None,
                r#"{"code":"PGRST121","details":"DETAIL is missing in the RAISE statement","hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1","message":"m"}"#,
                Some(r#"{"status":"400","headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for DETAIL: '{\"status\":\"400\",\"headers\":{}}'","hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
        ];
        for (message, detail, body) in cases {
            let error = match RaisedResponse::parse(message, detail) {
                Ok(raised) => panic!("{message} {detail:?} was read as {raised:?}"),
                Err(unreadable) => ApiError::RaiseUnreadable(unreadable),
            };
            assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
            assert_eq!(error.body(), body);
        }
    }
}
