//! `POST /signup`: visitors have no accounts here.
use crate::AuthError;

pub(crate) async fn handle() -> AuthError {
    AuthError::SignupDisabled
}
